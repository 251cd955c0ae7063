// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/io.h>
#include <linux/seq_file.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: PCIE GART
 *
 * On PCIe parts (RV380, R423, RV410, RV515 and the R520 family) the rv370
 * PCIE GART translates the GTT range (r300.c:rv370_pcie_gart_*): a flat
 * table of 4-byte entries, one per 4 KiB GPU page, kept in VRAM at the top
 * of the CPU-visible part and written through a write-combined mapping of
 * that part of BAR 0. Its registers are in the PCIE indirect space.
 *
 * An entry holds bus address bits 39:12 (bits 39:32 in entry bits 31:24,
 * bits 31:12 in entry bits 23:4) and the READABLE, WRITEABLE and UNSNOOPED
 * flags. The GART discards accesses outside the range; reads of them return
 * the start of VRAM. After a table update the TLB is flushed twice, a
 * workaround for a hardware bug kept from upstream.
 */

/* rv370 PCIE GART page table entry (rv370_pcie_gart_get_page_entry) */
#define R5XX_PCIE_PTE_ADDR_HI		GENMASK(31, 24)
#define R5XX_PCIE_PTE_ADDR_LO		GENMASK(23, 4)
#define R5XX_PCIE_PTE_READABLE		BIT(3)
#define R5XX_PCIE_PTE_WRITEABLE		BIT(2)
#define R5XX_PCIE_PTE_UNSNOOPED		BIT(0)

/* rv370_pcie_gart_get_page_entry; no access rights for the dummy page */
static u64 r5xx_gart_pcie_pte(dma_addr_t addr, bool access)
{
	u64 a = addr;
	u32 pte;

	pte = FIELD_PREP(R5XX_PCIE_PTE_ADDR_HI, a >> 32) |
	      FIELD_PREP(R5XX_PCIE_PTE_ADDR_LO, a >> 12);
	if (access)
		pte |= R5XX_PCIE_PTE_READABLE | R5XX_PCIE_PTE_WRITEABLE;
	return pte;
}

/* Flushes twice, as rv370_pcie_gart_tlb_flush does for a hardware bug. */
static void r5xx_gart_pcie_tlb_flush(struct r5xx_device *rdev)
{
	unsigned int i;
	u32 tmp;

	for (i = 0; i < 2; i++) {
		tmp = r5xx_pcie_rreg(rdev, R5XX_PCIE_TX_GART_CNTL);
		r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_CNTL,
			       tmp | R5XX_PCIE_TX_GART_CNTL_INVALIDATE_TLB);
		r5xx_pcie_rreg(rdev, R5XX_PCIE_TX_GART_CNTL);
		r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_CNTL, tmp);
	}
	/* no memory access may pass the flush (rv370_pcie_gart_tlb_flush) */
	mb();
}

/*
 * Follows rv370_pcie_gart_enable: discard accesses outside the range,
 * program the range and the table address, clear the error and enable.
 */
static void r5xx_gart_pcie_enable(struct r5xx_device *rdev)
{
	struct r5xx_mc *mc = &rdev->mc;
	u32 discard, tmp;

	discard = R5XX_PCIE_TX_GART_CNTL_UNMAPPED_ACCESS_DISCARD;
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_CNTL, discard);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_START_LO, mc->gtt_start);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_END_LO,
		       mc->gtt_end & ~(R5XX_GPU_PAGE_SIZE - 1));
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_START_HI, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_END_HI, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_BASE,
		       mc->vram_start + rdev->gart.table_offset);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_DISCARD_RD_ADDR_LO, mc->vram_start);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_DISCARD_RD_ADDR_HI, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_ERROR, 0);
	tmp = r5xx_pcie_rreg(rdev, R5XX_PCIE_TX_GART_CNTL);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_CNTL,
		       tmp | discard | R5XX_PCIE_TX_GART_CNTL_GART_EN);
}

static void r5xx_gart_pcie_disable(struct r5xx_device *rdev)
{
	u32 tmp;

	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_START_LO, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_END_LO, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_START_HI, 0);
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_END_HI, 0);
	tmp = r5xx_pcie_rreg(rdev, R5XX_PCIE_TX_GART_CNTL);
	tmp |= R5XX_PCIE_TX_GART_CNTL_UNMAPPED_ACCESS_DISCARD;
	tmp &= ~R5XX_PCIE_TX_GART_CNTL_GART_EN;
	r5xx_pcie_wreg(rdev, R5XX_PCIE_TX_GART_CNTL, tmp);
}

static void r5xx_gart_pcie_show_regs(struct r5xx_device *rdev,
				     struct seq_file *m)
{
	static const struct {
		u32 reg;
		const char *name;
	} regs[] = {
		{ R5XX_PCIE_TX_GART_CNTL, "PCIE_TX_GART_CNTL" },
		{ R5XX_PCIE_TX_GART_BASE, "PCIE_TX_GART_BASE" },
		{ R5XX_PCIE_TX_GART_START_LO, "PCIE_TX_GART_START_LO" },
		{ R5XX_PCIE_TX_GART_END_LO, "PCIE_TX_GART_END_LO" },
		{ R5XX_PCIE_TX_GART_ERROR, "PCIE_TX_GART_ERROR" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(regs); i++)
		seq_printf(m, "%-24s PCIE 0x%02x: 0x%08x\n", regs[i].name,
			   regs[i].reg, r5xx_pcie_rreg(rdev, regs[i].reg));
}

const struct r5xx_gart_funcs r5xx_gart_pcie_funcs = {
	.dma_bits = 40,
	.pte_size = sizeof(u32),
	.table_init = r5xx_gart_vram_table_init,
	.table_fini = r5xx_gart_vram_table_fini,
	.pte = r5xx_gart_pcie_pte,
	.enable = r5xx_gart_pcie_enable,
	.disable = r5xx_gart_pcie_disable,
	.tlb_flush = r5xx_gart_pcie_tlb_flush,
	.show_regs = r5xx_gart_pcie_show_regs,
};
