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
 * the mapping are reached through the MM_INDEX/MM_DATA pair. Four more
 * spaces sit behind an index/data pair each:
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

static u32 r5xx_mc_index(struct r5xx_device *rdev, u32 reg, bool write)
{
	u32 idx;

	if (rdev->info->mc == R5XX_MC_R420 || rdev->info->mc == R5XX_MC_R300) {
		idx = FIELD_PREP(R5XX_R420_MC_IND_INDEX_MC_IND_ADDR, reg);
		if (write)
			idx |= R5XX_R420_MC_IND_INDEX_MC_IND_WR_EN;
		return idx;
	}
	idx = FIELD_PREP(R5XX_MC_IND_INDEX_MC_IND_ADDR, reg);
	if (rdev->info->mc == R5XX_MC_RS600)
		idx |= R5XX_MC_IND_INDEX_MC_IND_CLIENT_SEL_CITF_ARB0;
	else
		idx |= R5XX_MC_IND_INDEX_MC_IND_CLIENT_SEL_ALL;
	if (write)
		idx |= R5XX_MC_IND_INDEX_MC_IND_WR_EN;
	return idx;
}

/**
 * r5xx_mc_has_indirect - whether the chip's MC has an indirect register space
 * @rdev: device
 *
 * Return: true if r5xx_mc_rreg() and r5xx_mc_wreg() reach an MC.
 */
bool r5xx_mc_has_indirect(struct r5xx_device *rdev)
{
	switch (rdev->info->mc) {
	case R5XX_MC_RS400:
	case R5XX_MC_RS690:
	case R5XX_MC_R300:
	case R5XX_MC_R420:
	case R5XX_MC_RV515:
	case R5XX_MC_R520:
	case R5XX_MC_RS600:
		return true;
	default:
		return false;
	}
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
	bool r420 = rdev->info->mc == R5XX_MC_R420 ||
		    rdev->info->mc == R5XX_MC_R300;
	unsigned long flags;
	u32 val;

	if (WARN_ON_ONCE(!r5xx_mc_has_indirect(rdev)))
		return 0;

	spin_lock_irqsave(&rdev->mc_lock, flags);
	if (rdev->info->mc == R5XX_MC_RS400) {
		/* rs400_mc_rreg: the index is parked at 0xff afterwards */
		r5xx_wreg(rdev, R5XX_NB_MC_INDEX,
			  FIELD_PREP(R5XX_NB_MC_INDEX_NB_MC_IND_ADDR, reg));
		val = r5xx_rreg(rdev, R5XX_NB_MC_DATA);
		r5xx_wreg(rdev, R5XX_NB_MC_INDEX, R5XX_NB_MC_INDEX_NB_MC_IND_ADDR);
	} else if (rdev->info->mc == R5XX_MC_RS690) {
		r5xx_wreg(rdev, R5XX_RS690_MC_INDEX,
			  FIELD_PREP(R5XX_RS690_MC_INDEX_MC_IND_ADDR, reg));
		val = r5xx_rreg(rdev, R5XX_RS690_MC_DATA);
		r5xx_wreg(rdev, R5XX_RS690_MC_INDEX,
			  R5XX_RS690_MC_INDEX_MC_IND_ADDR);
	} else if (r420) {
		r5xx_wreg(rdev, R5XX_R420_MC_IND_INDEX,
			  r5xx_mc_index(rdev, reg, false));
		val = r5xx_rreg(rdev, R5XX_R420_MC_IND_DATA);
	} else {
		r5xx_wreg(rdev, R5XX_MC_IND_INDEX,
			  r5xx_mc_index(rdev, reg, false));
		val = r5xx_rreg(rdev, R5XX_MC_IND_DATA);
		r5xx_wreg(rdev, R5XX_MC_IND_INDEX, 0);
	}
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
	bool r420 = rdev->info->mc == R5XX_MC_R420 ||
		    rdev->info->mc == R5XX_MC_R300;
	unsigned long flags;

	if (WARN_ON_ONCE(!r5xx_mc_has_indirect(rdev)))
		return;

	spin_lock_irqsave(&rdev->mc_lock, flags);
	if (rdev->info->mc == R5XX_MC_RS400) {
		r5xx_wreg(rdev, R5XX_NB_MC_INDEX,
			  FIELD_PREP(R5XX_NB_MC_INDEX_NB_MC_IND_ADDR, reg) |
			  R5XX_NB_MC_INDEX_NB_MC_IND_WR_EN);
		r5xx_wreg(rdev, R5XX_NB_MC_DATA, val);
		r5xx_wreg(rdev, R5XX_NB_MC_INDEX, R5XX_NB_MC_INDEX_NB_MC_IND_ADDR);
	} else if (rdev->info->mc == R5XX_MC_RS690) {
		r5xx_wreg(rdev, R5XX_RS690_MC_INDEX,
			  FIELD_PREP(R5XX_RS690_MC_INDEX_MC_IND_ADDR, reg) |
			  R5XX_RS690_MC_INDEX_MC_IND_WR_EN);
		r5xx_wreg(rdev, R5XX_RS690_MC_DATA, val);
		r5xx_wreg(rdev, R5XX_RS690_MC_INDEX, R5XX_RS690_MC_PARK_WRITE);
	} else if (r420) {
		r5xx_wreg(rdev, R5XX_R420_MC_IND_INDEX,
			  r5xx_mc_index(rdev, reg, true));
		r5xx_wreg(rdev, R5XX_R420_MC_IND_DATA, val);
	} else {
		r5xx_wreg(rdev, R5XX_MC_IND_INDEX,
			  r5xx_mc_index(rdev, reg, true));
		r5xx_wreg(rdev, R5XX_MC_IND_DATA, val);
		r5xx_wreg(rdev, R5XX_MC_IND_INDEX, 0);
	}
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

static bool r5xx_mc_is_idle(struct r5xx_device *rdev)
{
	switch (rdev->info->mc) {
	case R5XX_MC_R300:
	case R5XX_MC_R420:
		return r5xx_rreg(rdev, R5XX_MC_STATUS) &
		       R5XX_MC_STATUS_MC_IDLE;
	case R5XX_MC_RS400:
		return r5xx_rreg(rdev, R5XX_MC_STATUS) &
		       R5XX_MC_STATUS_RS400_MC_IDLE;
	case R5XX_MC_RV515:
		return r5xx_mc_rreg(rdev, R5XX_RV515_MC_STATUS) &
		       R5XX_RV515_MC_STATUS_IDLE;
	case R5XX_MC_R520:
		return r5xx_mc_rreg(rdev, R5XX_R520_MC_STATUS) &
		       R5XX_R520_MC_STATUS_IDLE;
	case R5XX_MC_RS690:
		return r5xx_mc_rreg(rdev, R5XX_RS690_MC_SYSTEM_STATUS) &
		       R5XX_RS690_MC_SYSTEM_STATUS_MC_SYSTEM_IDLE;
	case R5XX_MC_RS600:
		return r5xx_mc_rreg(rdev, R5XX_RS600_MC_STATUS) &
		       R5XX_RS600_MC_STATUS_IDLE;
	default:
		/* IGP memory controllers are not supported yet */
		return true;
	}
}

/**
 * r5xx_wait_mc_idle - wait until the memory controller is idle
 * @rdev: device
 *
 * The idle bit is family specific (r300_mc_wait_for_idle,
 * rs400_mc_wait_for_idle, rv515_mc_wait_for_idle, r520_mc_wait_for_idle,
 * rs600_mc_wait_for_idle).
 *
 * Return: 0, or -ETIMEDOUT.
 */
int r5xx_wait_mc_idle(struct r5xx_device *rdev)
{
	bool idle;

	return readx_poll_timeout_atomic(r5xx_mc_is_idle, rdev, idle, idle,
					 1, R5XX_IDLE_TIMEOUT_US);
}
