// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/io.h>
#include <linux/seq_file.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: PCI GART
 *
 * The AGP cards (R300, R350, RV350, R420) run as PCI cards, as radeon does
 * by default ("Forcing AGP to PCI mode", agpmode -1): no AGP aperture, the
 * GTT range translated by the legacy PCI GART of the AIC block
 * (r100.c:r100_pci_gart_*).
 *
 * Its table lives in coherent system memory, one little-endian 32-bit
 * entry per 4 KiB GPU page holding the page's bus address and no flags,
 * so every page the GART maps, the table itself included, must sit below
 * 4 GiB: the DMA mask of this kind is 32 bits. Unbound entries point to
 * the dummy page. The GART discards accesses outside its range.
 *
 * The hardware caches a single entry and has no flush (upstream's
 * r100_pci_gart_tlb_flush is empty); the flush below only orders the table
 * writes before the GPU's next access.
 */

#define R5XX_PCI_GART_PAGE_MASK		GENMASK(31, 12)

static u64 r5xx_gart_pci_pte(dma_addr_t addr, bool access)
{
	/* the GART has no access bits: the dummy page is readable */
	return lower_32_bits(addr) & R5XX_PCI_GART_PAGE_MASK;
}

/* cached, as radeon_gart_table_ram_alloc leaves it on these parts */
static int r5xx_gart_pci_table_init(struct r5xx_device *rdev)
{
	return r5xx_gart_ram_table_alloc(rdev, false);
}

static void r5xx_gart_pci_table_fini(struct r5xx_device *rdev)
{
	r5xx_gart_ram_table_free(rdev, false);
}

/* r100_pci_gart_enable: discard outside the range, range, table, enable */
static void r5xx_gart_pci_enable(struct r5xx_device *rdev)
{
	struct r5xx_mc *mc = &rdev->mc;

	r5xx_wreg_mask(rdev, R5XX_AIC_CNTL,
		       R5XX_AIC_CNTL_DIS_OUT_OF_PCI_GART_ACCESS,
		       R5XX_AIC_CNTL_DIS_OUT_OF_PCI_GART_ACCESS);
	r5xx_wreg(rdev, R5XX_AIC_LO_ADDR, mc->gtt_start);
	r5xx_wreg(rdev, R5XX_AIC_HI_ADDR, mc->gtt_end);
	r5xx_wreg(rdev, R5XX_AIC_PT_BASE, rdev->gart.ram_table_dma);
	r5xx_wreg_mask(rdev, R5XX_AIC_CNTL, R5XX_AIC_CNTL_PCIGART_TRANSLATE_EN,
		       R5XX_AIC_CNTL_PCIGART_TRANSLATE_EN);
	drm_dbg_driver(&rdev->drm, "PCI GART of %llu MiB, table at %pad\n",
		       mc->gtt_size >> 20, &rdev->gart.ram_table_dma);
}

static void r5xx_gart_pci_disable(struct r5xx_device *rdev)
{
	u32 tmp = r5xx_rreg(rdev, R5XX_AIC_CNTL);

	tmp |= R5XX_AIC_CNTL_DIS_OUT_OF_PCI_GART_ACCESS;
	tmp &= ~R5XX_AIC_CNTL_PCIGART_TRANSLATE_EN;
	r5xx_wreg(rdev, R5XX_AIC_CNTL, tmp);
	r5xx_wreg(rdev, R5XX_AIC_LO_ADDR, 0);
	r5xx_wreg(rdev, R5XX_AIC_HI_ADDR, 0);
}

static void r5xx_gart_pci_tlb_flush(struct r5xx_device *rdev)
{
	/* the table is ordinary memory the GPU reads: order the writes */
	mb();
}

static void r5xx_gart_pci_show_regs(struct r5xx_device *rdev,
				    struct seq_file *m)
{
	static const struct {
		u32 reg;
		const char *name;
	} regs[] = {
		{ R5XX_AIC_CNTL, "AIC_CNTL" },
		{ R5XX_AIC_PT_BASE, "AIC_PT_BASE" },
		{ R5XX_AIC_LO_ADDR, "AIC_LO_ADDR" },
		{ R5XX_AIC_HI_ADDR, "AIC_HI_ADDR" },
		{ R5XX_BUS_CNTL, "BUS_CNTL" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(regs); i++)
		seq_printf(m, "%-24s 0x%04x: 0x%08x\n", regs[i].name,
			   regs[i].reg, r5xx_rreg(rdev, regs[i].reg));
}

const struct r5xx_gart_funcs r5xx_gart_pci_funcs = {
	.dma_bits = 32,
	.pte_size = sizeof(u32),
	.table_init = r5xx_gart_pci_table_init,
	.table_fini = r5xx_gart_pci_table_fini,
	.pte = r5xx_gart_pci_pte,
	.enable = r5xx_gart_pci_enable,
	.disable = r5xx_gart_pci_disable,
	.tlb_flush = r5xx_gart_pci_tlb_flush,
	.show_regs = r5xx_gart_pci_show_regs,
};
