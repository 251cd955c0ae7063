// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/io.h>
#include <linux/seq_file.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: RS600 GART
 *
 * The RS600 translates the GTT range with a page table unit of its own
 * (rs600.c:rs600_gart_*), programmed through its MC space (MC_IND_INDEX
 * with the CITF_ARB0 client, r5xx_mc_rreg()). Context 0 walks one flat
 * table of 8-byte entries, one per 4 KiB GPU page, kept in VRAM at the top
 * of the CPU-visible part (r5xx_gart_vram_table_init()) and written through
 * BAR 0. An entry holds bus address bits 39:12 in place and the VALID,
 * SYSTEM, SNOOPED, READABLE and WRITEABLE flags; unbound entries point to
 * the dummy page with SYSTEM alone, as upstream's do, so the unit refuses
 * them.
 *
 * Every client (0 to 18) passes addresses outside the range and outside
 * the system aperture (VRAM) through as physical ones. Bus mastering is
 * under BUS_CNTL.RS600_BUS_MASTER_DIS, cleared when the GART is enabled.
 * A TLB flush sets INVALIDATE_ALL_L1_TLBS and INVALIDATE_L2_CACHE in
 * MC_PT0_CNTL between two writes that clear them.
 */

#define R5XX_RS600_PTE_ADDR		GENMASK_ULL(39, 12)
#define R5XX_RS600_PTE_WRITEABLE	BIT_ULL(6)
#define R5XX_RS600_PTE_READABLE		BIT_ULL(5)
#define R5XX_RS600_PTE_SNOOPED		BIT_ULL(2)
#define R5XX_RS600_PTE_SYSTEM		BIT_ULL(1)
#define R5XX_RS600_PTE_VALID		BIT_ULL(0)

#define R5XX_RS600_PT_CLIENTS		R5XX_RS600_MC_PT0_CLIENT_CNTL_COUNT
#define R5XX_RS600_PT_CONTEXTS		R5XX_RS600_MC_PT0_CONTEXT_CNTL_COUNT

/* rs600_gart_get_page_entry; the dummy page: SYSTEM only, not valid */
static u64 r5xx_gart_rs600_pte(dma_addr_t addr, bool access)
{
	u64 pte = ((u64)addr & R5XX_RS600_PTE_ADDR) | R5XX_RS600_PTE_SYSTEM;

	if (access)
		pte |= R5XX_RS600_PTE_VALID | R5XX_RS600_PTE_SNOOPED |
		       R5XX_RS600_PTE_READABLE | R5XX_RS600_PTE_WRITEABLE;
	return pte;
}

static void r5xx_gart_rs600_tlb_flush(struct r5xx_device *rdev)
{
	const u32 inval = R5XX_RS600_MC_PT0_CNTL_INVALIDATE_ALL_L1_TLBS |
			  R5XX_RS600_MC_PT0_CNTL_INVALIDATE_L2_CACHE;
	u32 tmp;

	tmp = r5xx_mc_rreg(rdev, R5XX_RS600_MC_PT0_CNTL) & ~inval;
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CNTL, tmp);
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CNTL, tmp | inval);
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CNTL, tmp);
	r5xx_mc_rreg(rdev, R5XX_RS600_MC_PT0_CNTL);
	/* no memory access may pass the flush (as the PCIE GART's) */
	mb();
}

/*
 * Follows rs600_gart_enable: bus mastering on, the L2 cache and every
 * client's L1, context 0 with the flat table, the system aperture over
 * VRAM, then the page tables.
 */
static void r5xx_gart_rs600_enable(struct r5xx_device *rdev)
{
	struct r5xx_mc *mc = &rdev->mc;
	unsigned int i;
	u32 client;

	r5xx_wreg_mask(rdev, R5XX_BUS_CNTL, 0,
		       R5XX_BUS_CNTL_RS600_BUS_MASTER_DIS);
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CNTL,
		     FIELD_PREP(R5XX_RS600_MC_PT0_CNTL_EFFECTIVE_L2_CACHE_SIZE, 6) |
		     FIELD_PREP(R5XX_RS600_MC_PT0_CNTL_EFFECTIVE_L2_QUEUE_SIZE, 6));

	client = R5XX_RS600_MC_PT0_CLIENT_CNTL_ENABLE_TRANSLATION_MODE_OVERRIDE |
		 R5XX_RS600_MC_PT0_CLIENT_CNTL_SYSTEM_ACCESS_MODE_NOT_IN_SYS |
		 FIELD_PREP(R5XX_RS600_MC_PT0_CLIENT_CNTL_EFFECTIVE_L1_CACHE_SIZE, 3) |
		 R5XX_RS600_MC_PT0_CLIENT_CNTL_ENABLE_FRAGMENT_PROCESSING |
		 FIELD_PREP(R5XX_RS600_MC_PT0_CLIENT_CNTL_EFFECTIVE_L1_QUEUE_SIZE, 3);
	for (i = 0; i < R5XX_RS600_PT_CLIENTS; i++)
		r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CLIENT_CNTL(i), client);

	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CONTEXT_CNTL(0),
		     R5XX_RS600_MC_PT0_CONTEXT_CNTL_ENABLE_PAGE_TABLE);
	for (i = 1; i < R5XX_RS600_PT_CONTEXTS; i++)
		r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CONTEXT_CNTL(i), 0);

	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CONTEXT0_FLAT_BASE_ADDR,
		     mc->vram_start + rdev->gart.table_offset);
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CONTEXT0_FLAT_START_ADDR,
		     mc->gtt_start);
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CONTEXT0_FLAT_END_ADDR,
		     mc->gtt_end);
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CONTEXT0_DEFAULT_READ_ADDR, 0);
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_SYSTEM_APERTURE_LOW_ADDR,
		     mc->vram_start);
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_SYSTEM_APERTURE_HIGH_ADDR,
		     mc->vram_end);

	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CNTL,
		     r5xx_mc_rreg(rdev, R5XX_RS600_MC_PT0_CNTL) |
		     R5XX_RS600_MC_PT0_CNTL_ENABLE_PT);
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_CNTL1,
		     r5xx_mc_rreg(rdev, R5XX_RS600_MC_CNTL1) |
		     R5XX_RS600_MC_CNTL1_ENABLE_PAGE_TABLES);
}

/* rs600_gart_disable */
static void r5xx_gart_rs600_disable(struct r5xx_device *rdev)
{
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_PT0_CNTL, 0);
	r5xx_mc_wreg(rdev, R5XX_RS600_MC_CNTL1,
		     r5xx_mc_rreg(rdev, R5XX_RS600_MC_CNTL1) &
		     ~R5XX_RS600_MC_CNTL1_ENABLE_PAGE_TABLES);
}

static void r5xx_gart_rs600_show_regs(struct r5xx_device *rdev,
				      struct seq_file *m)
{
	static const struct {
		u32 reg;
		const char *name;
	} regs[] = {
		{ R5XX_RS600_MC_FB_LOCATION, "RS600_MC_FB_LOCATION" },
		{ R5XX_RS600_MC_CNTL1, "RS600_MC_CNTL1" },
		{ R5XX_RS600_MC_PT0_CNTL, "RS600_MC_PT0_CNTL" },
		{ R5XX_RS600_MC_PT0_CONTEXT_CNTL(0), "RS600_MC_PT0_CONTEXT0_CNTL" },
		{ R5XX_RS600_MC_PT0_CONTEXT0_FLAT_BASE_ADDR, "PT0_CONTEXT0_FLAT_BASE" },
		{ R5XX_RS600_MC_PT0_CONTEXT0_FLAT_START_ADDR,
		  "PT0_CONTEXT0_FLAT_START" },
		{ R5XX_RS600_MC_PT0_CONTEXT0_FLAT_END_ADDR, "PT0_CONTEXT0_FLAT_END" },
		{ R5XX_RS600_MC_PT0_CLIENT_CNTL(0), "RS600_MC_PT0_CLIENT0_CNTL" },
	};
	unsigned int i;

	seq_printf(m, "%-24s 0x%04x: 0x%08x\n", "BUS_CNTL", R5XX_BUS_CNTL,
		   r5xx_rreg(rdev, R5XX_BUS_CNTL));
	for (i = 0; i < ARRAY_SIZE(regs); i++)
		seq_printf(m, "%-24s MC  0x%03x: 0x%08x\n", regs[i].name,
			   regs[i].reg, r5xx_mc_rreg(rdev, regs[i].reg));
}

const struct r5xx_gart_funcs r5xx_gart_rs600_funcs = {
	.dma_bits = 40,
	.pte_size = sizeof(u64),
	.table_init = r5xx_gart_vram_table_init,
	.table_fini = r5xx_gart_vram_table_fini,
	.pte = r5xx_gart_rs600_pte,
	.enable = r5xx_gart_rs600_enable,
	.disable = r5xx_gart_rs600_disable,
	.tlb_flush = r5xx_gart_rs600_tlb_flush,
	.show_regs = r5xx_gart_rs600_show_regs,
};
