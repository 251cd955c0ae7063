// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/pci.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: device
 *
 * r5xx_device_init() brings the hardware up once the PCI driver has
 * claimed the device (r5xx_drv.c) and r5xx_device_fini() takes it down,
 * in the reverse order: PCI enable and BAR 2, a soft reset if a previous
 * driver left the engine busy, MC, GART, writeback page and ring, IB pool,
 * fences, interrupts, hardware start, IB test, TTM and the scheduler.
 *
 * r5xx_hw_start() is the part that must be done again after a soft reset:
 * the start-up sequence of r300_startup and rv515_startup (clocks, pipes,
 * GART enable, microcode load, CP start, interrupts, ring start and ring
 * test).
 */

/**
 * DOC: soft reset
 *
 * r5xx_asic_reset() is the soft reset of r300_asic_reset (R3xx/R4xx) and
 * rs600_asic_reset (R5xx): stop the command queue, turn bus mastering off,
 * pulse RBBM_SOFT_RESET for VAP and GA, then reset the CP the clean way
 * (guide 5.8, r5xx_cp_reset()), and on R5xx also pulse the MC reset.
 * Each pulse is held for 500 ms, as upstream does. Bus mastering goes off
 * through the PCI command register, and on the rows with
 * %R5XX_QUIRK_BUS_CNTL_BM (the AGP cards; on PCIe parts that offset is
 * PCIE_INDEX) first through BUS_CNTL, as r100_bm_disable does;
 * r5xx_hw_start() turns it on again. The reset has failed if GA or VAP is
 * still busy.
 *
 * The reset is a primitive: it is used at probe, when a previous driver
 * left the engine busy, and by the recovery after a hang (see "recovery"
 * in r5xx_sched.c), which programs the MC again and restarts the hardware
 * with r5xx_hw_start().
 */

#define R5XX_SOFT_RESET_MS	500

/*
 * r100_enable_bm: the AGP cards come out of reset (and out of
 * r5xx_bus_master_disable()) with BUS_MASTER_DIS set.
 */
static void r5xx_bus_master_enable(struct r5xx_device *rdev)
{
	if (r5xx_has_quirk(rdev, R5XX_QUIRK_BUS_CNTL_BM))
		r5xx_wreg_mask(rdev, R5XX_BUS_CNTL, 0,
			       R5XX_BUS_CNTL_BUS_MASTER_DIS);
}

/*
 * r100_bm_disable: BUS_MASTER_DIS with, in turn, FLUSH_BUF and MSTR_RESET,
 * 1 ms apart, then the PCI command register.
 */
static void r5xx_bus_master_disable(struct r5xx_device *rdev)
{
	u32 tmp;

	if (r5xx_has_quirk(rdev, R5XX_QUIRK_BUS_CNTL_BM)) {
		tmp = r5xx_rreg(rdev, R5XX_BUS_CNTL) |
		      R5XX_BUS_CNTL_BUS_MASTER_DIS;
		r5xx_wreg(rdev, R5XX_BUS_CNTL, tmp | R5XX_BUS_CNTL_FLUSH_BUF);
		usleep_range(1000, 2000);
		r5xx_wreg(rdev, R5XX_BUS_CNTL, tmp | R5XX_BUS_CNTL_MSTR_RESET);
		usleep_range(1000, 2000);
		r5xx_wreg(rdev, R5XX_BUS_CNTL, tmp);
		r5xx_rreg(rdev, R5XX_BUS_CNTL);
		usleep_range(1000, 2000);
	}
	pci_clear_master(rdev->pdev);
}

/**
 * r5xx_soft_reset_pulse - assert and release RBBM soft resets
 * @rdev: device
 * @blocks: RBBM_SOFT_RESET bits
 *
 * Holds the reset for 500 ms, as upstream does; sleeps.
 */
void r5xx_soft_reset_pulse(struct r5xx_device *rdev, u32 blocks)
{
	r5xx_wreg(rdev, R5XX_RBBM_SOFT_RESET, blocks);
	r5xx_rreg(rdev, R5XX_RBBM_SOFT_RESET);
	msleep(R5XX_SOFT_RESET_MS);
	r5xx_wreg(rdev, R5XX_RBBM_SOFT_RESET, 0);
	r5xx_rreg(rdev, R5XX_RBBM_SOFT_RESET);
	usleep_range(1000, 2000);
}

/**
 * r5xx_asic_reset - soft reset the graphics engine, the CP and (R5xx) MC
 * @rdev: device
 *
 * The MC must be programmed again afterwards, and the CP started.
 *
 * Return: 0, or -EIO if the engine is still busy.
 */
int r5xx_asic_reset(struct r5xx_device *rdev)
{
	struct pci_dev *pdev = rdev->pdev;
	u32 status;

	status = r5xx_rreg(rdev, R5XX_RBBM_STATUS);
	drm_info(&rdev->drm, "soft reset, RBBM_STATUS 0x%08x\n", status);

	r5xx_wreg(rdev, R5XX_CP_CSQ_CNTL, 0);
	pci_save_state(pdev);
	r5xx_bus_master_disable(rdev);
	usleep_range(1000, 2000);

	r5xx_soft_reset_pulse(rdev, R5XX_RBBM_SOFT_RESET_SOFT_RESET_VAP |
			      R5XX_RBBM_SOFT_RESET_SOFT_RESET_GA);
	r5xx_cp_reset(rdev);
	if (r5xx_has_quirk(rdev, R5XX_QUIRK_RESET_MC))
		r5xx_soft_reset_pulse(rdev, R5XX_RBBM_SOFT_RESET_SOFT_RESET_MC);

	pci_restore_state(pdev);

	status = r5xx_rreg(rdev, R5XX_RBBM_STATUS);
	if (status & (R5XX_RBBM_STATUS_GA_BUSY | R5XX_RBBM_STATUS_VAP_BUSY)) {
		drm_err(&rdev->drm, "soft reset failed, RBBM_STATUS 0x%08x\n",
			status);
		return -EIO;
	}
	return 0;
}

/**
 * r5xx_hw_start - start the engine and the CP
 * @rdev: device, with the MC programmed
 *
 * The start-up sequence of r300_startup and rv515_startup: clocks, pipes,
 * bus mastering (BUS_CNTL, r100_enable_bm), GART, microcode, CP,
 * interrupts, ring start and ring test. Used at probe
 * and after a GPU reset.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_hw_start(struct r5xx_device *rdev)
{
	int ret;

	r5xx_chip_clocks_init(rdev);
	r5xx_chip_pipes_init(rdev);
	rdev->mc.hdp_cntl = r5xx_rreg(rdev, R5XX_HOST_PATH_CNTL);
	r5xx_bus_master_enable(rdev);
	r5xx_gart_enable(rdev);

	ret = r5xx_cp_load_microcode(rdev);
	if (ret)
		return ret;
	r5xx_cp_start(rdev);
	r5xx_irq_enable(rdev);

	ret = r5xx_ring_start(rdev);
	if (ret)
		return ret;
	return r5xx_ring_test(rdev);
}

/* Undo r5xx_hw_start(): stop the CP, mask interrupts, turn the GART off. */
static void r5xx_hw_stop(struct r5xx_device *rdev)
{
	r5xx_cp_stop(rdev);
	r5xx_irq_disable(rdev);
	r5xx_gart_disable(rdev);
}

/**
 * r5xx_device_init - bring the hardware up
 * @rdev: device, claimed by the PCI driver, with the CP microcode loaded
 *	(r5xx_cp_init())
 *
 * In order: PCI enable, DMA mask and BAR 2; a soft reset if the engine is
 * busy; MC, GART, ring, IB pool, fences, interrupts; r5xx_hw_start() and
 * the IB test; TTM and the scheduler. On failure everything done so far
 * is undone.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_device_init(struct r5xx_device *rdev)
{
	struct pci_dev *pdev = rdev->pdev;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	/* what the GART can reach: 32 bits for the PCI GART, else 40 */
	ret = dma_set_mask_and_coherent(&pdev->dev,
					DMA_BIT_MASK(rdev->gart.funcs->dma_bits));
	if (ret)
		return ret;
	ret = r5xx_mmio_init(rdev);
	if (ret)
		return ret;

	/* a CP left running by a previous driver must stop DMA first */
	r5xx_cp_restore_sanity(rdev);
	if (r5xx_rreg(rdev, R5XX_RBBM_STATUS) & R5XX_RBBM_STATUS_GUI_ACTIVE)
		r5xx_asic_reset(rdev);

	ret = r5xx_mc_init(rdev);
	if (ret)
		return ret;
	/* what a resume from S3 must post again (r5xx_post.c) */
	r5xx_post_save(rdev);
	r5xx_mc_program(rdev);

	ret = r5xx_gart_init(rdev);
	if (ret)
		return ret;
	ret = r5xx_ring_init(rdev);
	if (ret)
		goto err_gart_fini;
	ret = r5xx_ib_pool_init(rdev);
	if (ret)
		goto err_ring_fini;
	r5xx_fence_init(rdev);
	ret = r5xx_irq_init(rdev);
	if (ret)
		goto err_fence_fini;

	ret = r5xx_hw_start(rdev);
	if (ret)
		goto err_hw_stop;
	ret = r5xx_ib_test(rdev);
	if (ret)
		goto err_hw_stop;
	rdev->accel_working = true;
	ret = r5xx_ttm_init(rdev);
	if (ret)
		goto err_hw_stop;
	ret = r5xx_sched_init(rdev);
	if (ret)
		goto err_ttm_fini;
	return 0;

err_ttm_fini:
	r5xx_ttm_fini(rdev);
err_hw_stop:
	r5xx_hw_stop(rdev);
	r5xx_irq_fini(rdev);
err_fence_fini:
	r5xx_fence_fini(rdev);
	r5xx_ib_pool_fini(rdev);
err_ring_fini:
	r5xx_ring_fini(rdev);
err_gart_fini:
	r5xx_gart_fini(rdev);
	return ret;
}

/**
 * r5xx_device_fini - undo r5xx_device_init()
 * @rdev: device, unplugged from DRM so that no new work arrives
 */
void r5xx_device_fini(struct r5xx_device *rdev)
{
	r5xx_sched_fini(rdev);
	r5xx_ttm_fini(rdev);
	r5xx_hw_stop(rdev);
	r5xx_irq_fini(rdev);
	r5xx_fence_fini(rdev);
	r5xx_ib_pool_fini(rdev);
	r5xx_ring_fini(rdev);
	r5xx_gart_fini(rdev);
}
