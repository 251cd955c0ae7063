// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/iopoll.h>
#include <linux/pci.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: register access
 *
 * BAR 2 holds the MMIO registers; it is at least 64 KiB, and registers past
 * the mapping are reached through the MM_INDEX/MM_DATA pair. More spaces
 * sit behind an index/data pair each (the MC's chosen by the chip row's
 * &enum r5xx_mc_kind from one table, &struct r5xx_mc_space):
 *
 * - PLL registers: CLOCK_CNTL_INDEX (6-bit index, PLL_WR_EN for writes)
 *   and CLOCK_CNTL_DATA (r100.c:r100_pll_rreg);
 * - PCIE registers: PCIE_INDEX/PCIE_DATA, with an 8-bit index before RV515
 *   and an 11-bit one from RV515 on (r300.c:rv370_pcie_rreg);
 * - MC registers of R300 to R4xx: R420_MC_IND_INDEX (7-bit index,
 *   MC_IND_WR_EN for writes) and R420_MC_IND_DATA (r420.c:r420_mc_rreg;
 *   r100_bandwidth_update reads R300's read control there too);
 * - MC registers of RV515 and the R520 family: MC_IND_INDEX with all client
 *   selects set (and MC_IND_WR_EN for writes), MC_IND_DATA, and the index
 *   reset to 0 afterwards (rv515.c:rv515_mc_rreg);
 * - MC registers of the RS600: the same pair with the CITF_ARB0 client
 *   alone (rs600.c:rs600_mc_rreg), a 16-bit index;
 * - the north-bridge MC of RS400/RS480: NB_MC_INDEX (8-bit index, WR_EN
 *   for writes, parked at 0xff) and NB_MC_DATA (rs400.c:rs400_mc_rreg);
 * - the MC of RS690/RS740: RS690_MC_INDEX (9-bit index, WR_EN for writes,
 *   parked at 0x1ff after a read and 0x7f after a write, as upstream
 *   leaves it) and RS690_MC_DATA (rs690.c:rs690_mc_rreg).
 *
 * Each pair has its own spinlock, so the accessors may be called from any
 * context.
 *
 * The idle waits poll for at most 100 ms (radeon's usec_timeout), in 1 us
 * steps, with readx_poll_timeout_atomic() so that they also work with
 * spinlocks held.
 */

#define R5XX_IDLE_TIMEOUT_US	100000

/* where rs690_mc_wreg leaves the RS690 MC index after a write */
#define R5XX_RS690_MC_PARK_WRITE	0x7f

/**
 * r5xx_mm_rreg_slow - read a register beyond the BAR 2 mapping
 * @rdev: device
 * @reg: byte offset
 *
 * Return: the register value.
 */
u32 r5xx_mm_rreg_slow(struct r5xx_device *rdev, u32 reg)
{
	unsigned long flags;
	u32 val;

	spin_lock_irqsave(&rdev->mm_lock, flags);
	writel(reg, rdev->mmio + R5XX_MM_INDEX);
	val = readl(rdev->mmio + R5XX_MM_DATA);
	spin_unlock_irqrestore(&rdev->mm_lock, flags);
	return val;
}

/**
 * r5xx_mm_wreg_slow - write a register beyond the BAR 2 mapping
 * @rdev: device
 * @reg: byte offset
 * @val: value
 */
void r5xx_mm_wreg_slow(struct r5xx_device *rdev, u32 reg, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&rdev->mm_lock, flags);
	writel(reg, rdev->mmio + R5XX_MM_INDEX);
	writel(val, rdev->mmio + R5XX_MM_DATA);
	spin_unlock_irqrestore(&rdev->mm_lock, flags);
}

/**
 * r5xx_pll_rreg - read a PLL register
 * @rdev: device
 * @reg: PLL register index
 *
 * Return: the register value.
 */
u32 r5xx_pll_rreg(struct r5xx_device *rdev, u32 reg)
{
	unsigned long flags;
	u32 val;

	spin_lock_irqsave(&rdev->pll_lock, flags);
	writeb(FIELD_PREP(R5XX_CLOCK_CNTL_INDEX_PLL_ADDR, reg),
	       rdev->mmio + R5XX_CLOCK_CNTL_INDEX);
	val = r5xx_rreg(rdev, R5XX_CLOCK_CNTL_DATA);
	spin_unlock_irqrestore(&rdev->pll_lock, flags);
	return val;
}

/**
 * r5xx_pll_wreg - write a PLL register
 * @rdev: device
 * @reg: PLL register index
 * @val: value
 */
void r5xx_pll_wreg(struct r5xx_device *rdev, u32 reg, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&rdev->pll_lock, flags);
	writeb(FIELD_PREP(R5XX_CLOCK_CNTL_INDEX_PLL_ADDR, reg) |
	       R5XX_CLOCK_CNTL_INDEX_PLL_WR_EN,
	       rdev->mmio + R5XX_CLOCK_CNTL_INDEX);
	r5xx_wreg(rdev, R5XX_CLOCK_CNTL_DATA, val);
	spin_unlock_irqrestore(&rdev->pll_lock, flags);
}

/**
 * r5xx_pcie_rreg - read a PCIE register
 * @rdev: device
 * @reg: PCIE register index
 *
 * Return: the register value.
 */
u32 r5xx_pcie_rreg(struct r5xx_device *rdev, u32 reg)
{
	unsigned long flags;
	u32 val;

	spin_lock_irqsave(&rdev->pcie_lock, flags);
	r5xx_wreg(rdev, R5XX_PCIE_INDEX, reg & rdev->info->pcie_index_mask);
	r5xx_rreg(rdev, R5XX_PCIE_INDEX);
	val = r5xx_rreg(rdev, R5XX_PCIE_DATA);
	spin_unlock_irqrestore(&rdev->pcie_lock, flags);
	return val;
}

/**
 * r5xx_pcie_wreg - write a PCIE register
 * @rdev: device
 * @reg: PCIE register index
 * @val: value
 */
void r5xx_pcie_wreg(struct r5xx_device *rdev, u32 reg, u32 val)
{
	unsigned long flags;

	spin_lock_irqsave(&rdev->pcie_lock, flags);
	r5xx_wreg(rdev, R5XX_PCIE_INDEX, reg & rdev->info->pcie_index_mask);
	r5xx_rreg(rdev, R5XX_PCIE_INDEX);
	r5xx_wreg(rdev, R5XX_PCIE_DATA, val);
	r5xx_rreg(rdev, R5XX_PCIE_DATA);
	spin_unlock_irqrestore(&rdev->pcie_lock, flags);
}

/**
 * struct r5xx_mc_space - an MC indirect register space, per &enum r5xx_mc_kind
 * @index: its index register
 * @data: its data register
 * @addr: the index register's address field (from bit 0)
 * @sel: bits set in the index on every access (the RV515 MC's clients)
 * @wr_en: the index register's write enable
 * @parks: the index is parked after every access, at @park_read after a
 *	read and @park_write after a write
 * @park_read: see @parks
 * @park_write: see @parks
 * @status: the MC's status register, in this space unless @status_mmio
 * @status_idle: its idle bit (radeon's *_mc_wait_for_idle)
 * @status_mmio: @status is an MMIO register
 * @fb_location: the MC's FB_LOCATION, in this space unless @fb_location_mmio
 * @fb_location_mmio: @fb_location is an MMIO register
 */
struct r5xx_mc_space {
	u32 index;
	u32 data;
	u32 addr;
	u32 sel;
	u32 wr_en;
	bool parks;
	u32 park_read;
	u32 park_write;
	u32 status;
	u32 status_idle;
	bool status_mmio;
	u32 fb_location;
	bool fb_location_mmio;
};

#define R5XX_MC_SPACE_R420 {						\
	.index = R5XX_R420_MC_IND_INDEX,				\
	.data = R5XX_R420_MC_IND_DATA,					\
	.addr = R5XX_R420_MC_IND_INDEX_MC_IND_ADDR,			\
	.wr_en = R5XX_R420_MC_IND_INDEX_MC_IND_WR_EN,			\
	.status = R5XX_MC_STATUS,					\
	.status_idle = R5XX_MC_STATUS_MC_IDLE,				\
	.status_mmio = true,						\
	.fb_location = R5XX_MC_FB_LOCATION,				\
	.fb_location_mmio = true,					\
}

/* the R5xx MCs' index pair with @client's selects, and the MC's registers */
#define R5XX_MC_SPACE_RV515(client, status_reg, idle, fb_loc) {		\
	.index = R5XX_MC_IND_INDEX,					\
	.data = R5XX_MC_IND_DATA,					\
	.addr = R5XX_MC_IND_INDEX_MC_IND_ADDR,				\
	.sel = (client),						\
	.wr_en = R5XX_MC_IND_INDEX_MC_IND_WR_EN,			\
	.parks = true,							\
	.status = (status_reg),						\
	.status_idle = (idle),						\
	.fb_location = (fb_loc),					\
}

static const struct r5xx_mc_space r5xx_mc_spaces[] = {
	[R5XX_MC_R300] = R5XX_MC_SPACE_R420,
	[R5XX_MC_R420] = R5XX_MC_SPACE_R420,
	[R5XX_MC_RS400] = {
		.index = R5XX_NB_MC_INDEX,
		.data = R5XX_NB_MC_DATA,
		.addr = R5XX_NB_MC_INDEX_NB_MC_IND_ADDR,
		.wr_en = R5XX_NB_MC_INDEX_NB_MC_IND_WR_EN,
		.parks = true,
		.park_read = R5XX_NB_MC_INDEX_NB_MC_IND_ADDR,
		.park_write = R5XX_NB_MC_INDEX_NB_MC_IND_ADDR,
		.status = R5XX_MC_STATUS,
		.status_idle = R5XX_MC_STATUS_RS400_MC_IDLE,
		.status_mmio = true,
		/* NB_TOM at this address on the IGP */
		.fb_location = R5XX_MC_FB_LOCATION,
		.fb_location_mmio = true,
	},
	[R5XX_MC_RV515] =
		R5XX_MC_SPACE_RV515(R5XX_MC_IND_INDEX_MC_IND_CLIENT_SEL_ALL,
				    R5XX_RV515_MC_STATUS,
				    R5XX_RV515_MC_STATUS_IDLE,
				    R5XX_RV515_MC_FB_LOCATION),
	[R5XX_MC_R520] =
		R5XX_MC_SPACE_RV515(R5XX_MC_IND_INDEX_MC_IND_CLIENT_SEL_ALL,
				    R5XX_R520_MC_STATUS,
				    R5XX_R520_MC_STATUS_IDLE,
				    R5XX_R520_MC_FB_LOCATION),
	[R5XX_MC_RS600] =
		R5XX_MC_SPACE_RV515(R5XX_MC_IND_INDEX_MC_IND_CLIENT_SEL_CITF_ARB0,
				    R5XX_RS600_MC_STATUS,
				    R5XX_RS600_MC_STATUS_IDLE,
				    R5XX_RS600_MC_FB_LOCATION),
	[R5XX_MC_RS690] = {
		.index = R5XX_RS690_MC_INDEX,
		.data = R5XX_RS690_MC_DATA,
		.addr = R5XX_RS690_MC_INDEX_MC_IND_ADDR,
		.wr_en = R5XX_RS690_MC_INDEX_MC_IND_WR_EN,
		.parks = true,
		.park_read = R5XX_RS690_MC_INDEX_MC_IND_ADDR,
		.park_write = R5XX_RS690_MC_PARK_WRITE,
		.status = R5XX_RS690_MC_SYSTEM_STATUS,
		.status_idle = R5XX_RS690_MC_SYSTEM_STATUS_MC_SYSTEM_IDLE,
		.fb_location = R5XX_RS690_MCCFG_FB_LOCATION,
	},
};

static const struct r5xx_mc_space *r5xx_mc_space(struct r5xx_device *rdev)
{
	u32 kind = rdev->info->mc;

	if (kind >= ARRAY_SIZE(r5xx_mc_spaces) || !r5xx_mc_spaces[kind].index)
		return NULL;
	return &r5xx_mc_spaces[kind];
}

/**
 * r5xx_mc_has_indirect - whether the chip's MC has an indirect register space
 * @rdev: device
 *
 * Return: true if r5xx_mc_rreg() and r5xx_mc_wreg() reach an MC.
 */
bool r5xx_mc_has_indirect(struct r5xx_device *rdev)
{
	return r5xx_mc_space(rdev);
}

/**
 * r5xx_mc_rreg - read a memory controller indirect register
 * @rdev: device
 * @reg: MC register index
 *
 * Return: the register value, or 0 (with a warning) on a family without an
 * MC indirect space.
 */
u32 r5xx_mc_rreg(struct r5xx_device *rdev, u32 reg)
{
	const struct r5xx_mc_space *sp = r5xx_mc_space(rdev);
	unsigned long flags;
	u32 val;

	if (WARN_ON_ONCE(!sp))
		return 0;

	spin_lock_irqsave(&rdev->mc_lock, flags);
	r5xx_wreg(rdev, sp->index, (reg & sp->addr) | sp->sel);
	val = r5xx_rreg(rdev, sp->data);
	if (sp->parks)
		r5xx_wreg(rdev, sp->index, sp->park_read);
	spin_unlock_irqrestore(&rdev->mc_lock, flags);
	return val;
}

/**
 * r5xx_mc_wreg - write a memory controller indirect register
 * @rdev: device
 * @reg: MC register index
 * @val: value
 */
void r5xx_mc_wreg(struct r5xx_device *rdev, u32 reg, u32 val)
{
	const struct r5xx_mc_space *sp = r5xx_mc_space(rdev);
	unsigned long flags;

	if (WARN_ON_ONCE(!sp))
		return;

	spin_lock_irqsave(&rdev->mc_lock, flags);
	r5xx_wreg(rdev, sp->index, (reg & sp->addr) | sp->sel | sp->wr_en);
	r5xx_wreg(rdev, sp->data, val);
	if (sp->parks)
		r5xx_wreg(rdev, sp->index, sp->park_write);
	spin_unlock_irqrestore(&rdev->mc_lock, flags);
}

/**
 * r5xx_mmio_init - map BAR 2 and set up the register access locks
 * @rdev: device
 *
 * The mapping is managed (pcim_iomap_regions()), so there is no fini.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_mmio_init(struct r5xx_device *rdev)
{
	struct pci_dev *pdev = rdev->pdev;
	int ret;

	spin_lock_init(&rdev->mm_lock);
	spin_lock_init(&rdev->pll_lock);
	spin_lock_init(&rdev->pcie_lock);
	spin_lock_init(&rdev->mc_lock);

	if (!(pci_resource_flags(pdev, 2) & IORESOURCE_MEM)) {
		drm_err(&rdev->drm, "BAR 2 is not a memory BAR\n");
		return -ENODEV;
	}
	ret = pcim_iomap_regions(pdev, BIT(2), "r5xx");
	if (ret) {
		drm_err(&rdev->drm, "cannot map the registers (BAR 2): %d\n",
			ret);
		return ret;
	}
	rdev->mmio = pcim_iomap_table(pdev)[2];
	rdev->mmio_size = pci_resource_len(pdev, 2);
	return 0;
}

static u32 r5xx_read_rbbm_status(struct r5xx_device *rdev)
{
	return r5xx_rreg(rdev, R5XX_RBBM_STATUS);
}

/**
 * r5xx_wait_gui_idle - wait until the graphics engine is idle
 * @rdev: device
 *
 * Waits for 64 free command FIFO entries, then for GUI_ACTIVE to clear
 * (r100.c:r100_gui_wait_for_idle).
 *
 * Return: 0, or -ETIMEDOUT.
 */
int r5xx_wait_gui_idle(struct r5xx_device *rdev)
{
	u32 status;
	int ret;

	ret = readx_poll_timeout_atomic(r5xx_read_rbbm_status, rdev, status,
					FIELD_GET(R5XX_RBBM_STATUS_CMDFIFO_AVAIL,
						  status) >= 64,
					1, R5XX_IDLE_TIMEOUT_US);
	if (ret)
		return ret;
	return readx_poll_timeout_atomic(r5xx_read_rbbm_status, rdev, status,
					 !(status & R5XX_RBBM_STATUS_GUI_ACTIVE),
					 1, R5XX_IDLE_TIMEOUT_US);
}

/**
 * r5xx_wait_cp_idle - wait until the CP command stream is idle
 * @rdev: device
 *
 * Return: 0, or -ETIMEDOUT.
 */
int r5xx_wait_cp_idle(struct r5xx_device *rdev)
{
	u32 status;

	return readx_poll_timeout_atomic(r5xx_read_rbbm_status, rdev, status,
					 !(status &
					   R5XX_RBBM_STATUS_CP_CMDSTRM_BUSY),
					 1, R5XX_IDLE_TIMEOUT_US);
}

/* a register of the MC's that is either MMIO or in its indirect space */
static u32 r5xx_mc_space_rreg(struct r5xx_device *rdev, u32 reg, bool mmio)
{
	return mmio ? r5xx_rreg(rdev, reg) : r5xx_mc_rreg(rdev, reg);
}

static bool r5xx_mc_is_idle(struct r5xx_device *rdev)
{
	const struct r5xx_mc_space *sp = r5xx_mc_space(rdev);

	return !sp || r5xx_mc_space_rreg(rdev, sp->status, sp->status_mmio) &
		      sp->status_idle;
}

/**
 * r5xx_wait_mc_idle - wait until the memory controller is idle
 * @rdev: device
 *
 * The status register and its idle bit are the MC kind's
 * (&struct r5xx_mc_space; r300_mc_wait_for_idle, rs400_mc_wait_for_idle,
 * rv515_mc_wait_for_idle, r520_mc_wait_for_idle, rs600_mc_wait_for_idle).
 *
 * Return: 0, or -ETIMEDOUT.
 */
int r5xx_wait_mc_idle(struct r5xx_device *rdev)
{
	bool idle;

	return readx_poll_timeout_atomic(r5xx_mc_is_idle, rdev, idle, idle,
					 1, R5XX_IDLE_TIMEOUT_US);
}

/**
 * r5xx_mc_read_fb_location - read back where the MC places VRAM
 * @rdev: device
 *
 * For debugfs: the MC kind's FB_LOCATION register as it is now (on the
 * RS400 that address holds NB_TOM).
 *
 * Return: the register value, 0 on a chip without a known MC.
 */
u32 r5xx_mc_read_fb_location(struct r5xx_device *rdev)
{
	const struct r5xx_mc_space *sp = r5xx_mc_space(rdev);

	return sp ? r5xx_mc_space_rreg(rdev, sp->fb_location,
				       sp->fb_location_mmio) : 0;
}
