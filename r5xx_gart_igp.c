// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/log2.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: IGP GART
 *
 * The RS400/RS480 north bridges translate the GTT range with a GART of
 * their own (rs400.c:rs400_gart_*), programmed through the north-bridge MC
 * space (NB_MC_INDEX/NB_MC_DATA, r5xx_mc_rreg()). The RS690/RS740 have the
 * same GART at the same indexes of their own MC space (RS690_MC_INDEX),
 * which also holds their AGP base and range registers (MCCFG_AGP_*, in
 * MMIO on the RS480); their bus-master disable is BUS_CNTL bit 14, and
 * MC_MISC_CNTL also gets BLOCK_GFX_D3_EN (struct r5xx_gart_igp_regs, one
 * row per MC kind). Its table is a flat array
 * of 4-byte entries in system memory, one per 4 KiB GPU page: bus address
 * bits 31:12 in entry bits 31:12, bits 39:32 in entry bits 11:4, and the
 * same READABLE, WRITEABLE and UNSNOOPED flags as the PCIE GART. The walker
 * does not snoop the CPU caches, so on x86 the table is made uncached
 * (r5xx_gart_ram_table_alloc()), as radeon_gart_table_ram_alloc does.
 *
 * The range is MC_AGP_LOCATION, aligned to its size (r5xx_mc.c), which must
 * be a power of two from 32 MiB to 2 GiB (AGP_ADDRESS_SPACE_SIZE). Accesses
 * outside the FB and GART apertures are refused
 * (AIC_CTRL_SCRATCH.DIS_OUT_OF_PCI_GART_ACCESS). A TLB flush sets
 * GART_CACHE_CNTRL.GART_CACHE_INVALIDATE and waits for it to clear.
 */

#define R5XX_IGP_PTE_ADDR_LO		GENMASK(31, 12)
#define R5XX_IGP_PTE_ADDR_HI		GENMASK(11, 4)
#define R5XX_IGP_PTE_READABLE		BIT(3)
#define R5XX_IGP_PTE_WRITEABLE		BIT(2)

#define R5XX_IGP_GART_MIN		SZ_32M
#define R5XX_IGP_GART_MAX		SZ_2G
#define R5XX_IGP_FLUSH_TIMEOUT_US	1000

/**
 * struct r5xx_gart_igp_regs - what rs400_gart_enable writes differently per MC
 * @agp_in_mc: the AGP registers below are MC indexes, else MMIO offsets
 * @agp_base: AGP base (written 0xffffffff, an empty AGP window)
 * @agp_base_2: AGP base bits 39:32 (written 0)
 * @agp_location: the GTT range (MC_AGP_LOCATION layout)
 * @bus_master_dis: the BUS_CNTL bit that keeps the GPU off the bus
 * @misc_cntl: MC_MISC_CNTL bits to set
 */
struct r5xx_gart_igp_regs {
	bool agp_in_mc;
	u32 agp_base;
	u32 agp_base_2;
	u32 agp_location;
	u32 bus_master_dis;
	u32 misc_cntl;
};

static const struct r5xx_gart_igp_regs r5xx_gart_igp_regs[] = {
	[R5XX_MC_RS400] = {
		.agp_in_mc = false,
		.agp_base = R5XX_AGP_BASE,
		.agp_base_2 = R5XX_RS480_AGP_BASE_2,
		.agp_location = R5XX_MC_AGP_LOCATION,
		.bus_master_dis = R5XX_BUS_CNTL_BUS_MASTER_DIS,
		.misc_cntl = R5XX_RS480_MC_MISC_CNTL_GART_INDEX_REG_EN,
	},
	[R5XX_MC_RS690] = {
		.agp_in_mc = true,
		.agp_base = R5XX_RS690_MCCFG_AGP_BASE,
		.agp_base_2 = R5XX_RS690_MCCFG_AGP_BASE_2,
		.agp_location = R5XX_RS690_MCCFG_AGP_LOCATION,
		.bus_master_dis = R5XX_BUS_CNTL_RS600_BUS_MASTER_DIS,
		.misc_cntl = R5XX_RS480_MC_MISC_CNTL_GART_INDEX_REG_EN |
			     R5XX_RS480_MC_MISC_CNTL_BLOCK_GFX_D3_EN,
	},
};

/**
 * r5xx_gart_igp_supported - whether r5xx drives the IGP GART behind an MC
 * @info: chip row
 *
 * Return: true for the MC kinds with a row in r5xx_gart_igp_regs[].
 */
bool r5xx_gart_igp_supported(const struct r5xx_chip_info *info)
{
	return info->mc == R5XX_MC_RS400 || info->mc == R5XX_MC_RS690;
}

static const struct r5xx_gart_igp_regs *
r5xx_gart_igp_regs_of(struct r5xx_device *rdev)
{
	return &r5xx_gart_igp_regs[rdev->info->mc];
}

static void r5xx_gart_igp_agp_wreg(struct r5xx_device *rdev, u32 reg, u32 val)
{
	if (r5xx_gart_igp_regs_of(rdev)->agp_in_mc)
		r5xx_mc_wreg(rdev, reg, val);
	else
		r5xx_wreg(rdev, reg, val);
}

/* rs400_gart_set_page; no access rights for the dummy page */
static u64 r5xx_gart_igp_pte(dma_addr_t addr, bool access)
{
	u64 a = addr;
	u32 pte;

	pte = (lower_32_bits(a) & R5XX_IGP_PTE_ADDR_LO) |
	      FIELD_PREP(R5XX_IGP_PTE_ADDR_HI, upper_32_bits(a));
	if (access)
		pte |= R5XX_IGP_PTE_READABLE | R5XX_IGP_PTE_WRITEABLE;
	return pte;
}

/* the GTT range must suit AGP_ADDRESS_SPACE_SIZE; the table is uncached */
static int r5xx_gart_igp_table_init(struct r5xx_device *rdev)
{
	u64 size = rdev->mc.gtt_size;

	if (!is_power_of_2(size) || size < R5XX_IGP_GART_MIN ||
	    size > R5XX_IGP_GART_MAX) {
		drm_err(&rdev->drm, "GTT range of %llu MiB does not suit the IGP GART\n",
			size >> 20);
		return -EINVAL;
	}
	return r5xx_gart_ram_table_alloc(rdev, true);
}

static void r5xx_gart_igp_table_fini(struct r5xx_device *rdev)
{
	r5xx_gart_ram_table_free(rdev, true);
}

/*
 * As rs400_gart_tlb_flush: set the invalidate bit, wait for the north
 * bridge to clear it, then write 0.
 */
static void r5xx_gart_igp_tlb_flush(struct r5xx_device *rdev)
{
	unsigned int i;

	r5xx_mc_wreg(rdev, R5XX_RS480_GART_CACHE_CNTRL,
		     R5XX_RS480_GART_CACHE_CNTRL_GART_CACHE_INVALIDATE);
	for (i = 0; i < R5XX_IGP_FLUSH_TIMEOUT_US; i++) {
		if (!(r5xx_mc_rreg(rdev, R5XX_RS480_GART_CACHE_CNTRL) &
		      R5XX_RS480_GART_CACHE_CNTRL_GART_CACHE_INVALIDATE))
			break;
		udelay(1);
	}
	if (i == R5XX_IGP_FLUSH_TIMEOUT_US)
		drm_warn_once(&rdev->drm, "IGP GART TLB flush did not finish\n");
	r5xx_mc_wreg(rdev, R5XX_RS480_GART_CACHE_CNTRL, 0);
	/* no memory access may pass the flush, as on the PCIE GART */
	mb();
}

/*
 * Follows rs400_gart_enable: refuse accesses outside the apertures, an
 * empty AGP window, the range in MC_AGP_LOCATION, bus mastering on, the
 * table address, a one-level table with its TLB, no snooping of requests,
 * the GART index registers, then the size and enable bit.
 */
static void r5xx_gart_igp_enable(struct r5xx_device *rdev)
{
	const struct r5xx_gart_igp_regs *regs = r5xx_gart_igp_regs_of(rdev);
	struct r5xx_mc *mc = &rdev->mc;
	u64 table = rdev->gart.ram_table_dma;
	u32 tmp;

	tmp = r5xx_mc_rreg(rdev, R5XX_RS480_AIC_CTRL_SCRATCH);
	r5xx_mc_wreg(rdev, R5XX_RS480_AIC_CTRL_SCRATCH,
		     tmp | R5XX_RS480_AIC_CTRL_SCRATCH_DIS_OUT_OF_PCI_GART_ACCESS);

	r5xx_gart_igp_agp_wreg(rdev, regs->agp_base, 0xffffffff);
	r5xx_gart_igp_agp_wreg(rdev, regs->agp_base_2, 0);
	r5xx_gart_igp_agp_wreg(rdev, regs->agp_location,
			       FIELD_PREP(R5XX_MC_AGP_LOCATION_MC_AGP_TOP,
					  mc->gtt_end >> 16) |
			       FIELD_PREP(R5XX_MC_AGP_LOCATION_MC_AGP_START,
					  mc->gtt_start >> 16));
	r5xx_wreg_mask(rdev, R5XX_BUS_CNTL, 0, regs->bus_master_dis);

	r5xx_mc_wreg(rdev, R5XX_RS480_GART_BASE,
		     (lower_32_bits(table) & R5XX_RS480_GART_BASE_GART_BASE_LO) |
		     FIELD_PREP(R5XX_RS480_GART_BASE_GART_BASE_HI,
				upper_32_bits(table)));
	r5xx_mc_wreg(rdev, R5XX_RS480_GART_FEATURE_ID,
		     R5XX_RS480_GART_FEATURE_ID_TLB_ENABLE |
		     R5XX_RS480_GART_FEATURE_ID_GTW_LAC_EN |
		     R5XX_RS480_GART_FEATURE_ID_1LEVEL_GART);
	r5xx_mc_wreg(rdev, R5XX_RS480_AGP_MODE_CNTL,
		     FIELD_PREP(R5XX_RS480_AGP_MODE_CNTL_REQ_TYPE_SNOOP, 1) |
		     R5XX_RS480_AGP_MODE_CNTL_REQ_TYPE_SNOOP_DIS);
	tmp = r5xx_mc_rreg(rdev, R5XX_RS480_MC_MISC_CNTL);
	r5xx_mc_wreg(rdev, R5XX_RS480_MC_MISC_CNTL, tmp | regs->misc_cntl);
	r5xx_mc_wreg(rdev, R5XX_RS480_AGP_ADDRESS_SPACE_SIZE,
		     FIELD_PREP(R5XX_RS480_AGP_ADDRESS_SPACE_SIZE_VA_SIZE,
				ilog2(mc->gtt_size / R5XX_IGP_GART_MIN)) |
		     R5XX_RS480_AGP_ADDRESS_SPACE_SIZE_GART_EN);
}

static void r5xx_gart_igp_disable(struct r5xx_device *rdev)
{
	u32 tmp;

	tmp = r5xx_mc_rreg(rdev, R5XX_RS480_AIC_CTRL_SCRATCH);
	r5xx_mc_wreg(rdev, R5XX_RS480_AIC_CTRL_SCRATCH,
		     tmp | R5XX_RS480_AIC_CTRL_SCRATCH_DIS_OUT_OF_PCI_GART_ACCESS);
	r5xx_mc_wreg(rdev, R5XX_RS480_AGP_ADDRESS_SPACE_SIZE, 0);
}

static void r5xx_gart_igp_show_regs(struct r5xx_device *rdev,
				    struct seq_file *m)
{
	static const struct {
		u32 reg;
		const char *name;
	} regs[] = {
		{ R5XX_RS480_MC_MISC_CNTL, "RS480_MC_MISC_CNTL" },
		{ R5XX_RS480_GART_FEATURE_ID, "RS480_GART_FEATURE_ID" },
		{ R5XX_RS480_GART_BASE, "RS480_GART_BASE" },
		{ R5XX_RS480_GART_CACHE_CNTRL, "RS480_GART_CACHE_CNTRL" },
		{ R5XX_RS480_AGP_ADDRESS_SPACE_SIZE,
		  "RS480_AGP_ADDRESS_SPACE_SIZE" },
		{ R5XX_RS480_AGP_MODE_CNTL, "RS480_AGP_MODE_CNTL" },
		{ R5XX_RS480_AIC_CTRL_SCRATCH, "RS480_AIC_CTRL_SCRATCH" },
	};
	const struct r5xx_gart_igp_regs *agp = r5xx_gart_igp_regs_of(rdev);
	unsigned int i;

	if (agp->agp_in_mc)
		seq_printf(m, "%-24s MC  0x%03x: 0x%08x\n", "MCCFG_AGP_LOCATION",
			   agp->agp_location,
			   r5xx_mc_rreg(rdev, agp->agp_location));
	else
		seq_printf(m, "%-24s 0x%04x: 0x%08x\n", "NB_TOM", R5XX_NB_TOM,
			   r5xx_rreg(rdev, R5XX_NB_TOM));
	for (i = 0; i < ARRAY_SIZE(regs); i++)
		seq_printf(m, "%-24s MC   0x%02x: 0x%08x\n", regs[i].name,
			   regs[i].reg, r5xx_mc_rreg(rdev, regs[i].reg));
}

const struct r5xx_gart_funcs r5xx_gart_igp_funcs = {
	.dma_bits = 40,
	.pte_size = sizeof(u32),
	.gtt_size_aligned = true,
	.table_init = r5xx_gart_igp_table_init,
	.table_fini = r5xx_gart_igp_table_fini,
	.pte = r5xx_gart_igp_pte,
	.enable = r5xx_gart_igp_enable,
	.disable = r5xx_gart_igp_disable,
	.tlb_flush = r5xx_gart_igp_tlb_flush,
	.show_regs = r5xx_gart_igp_show_regs,
};
