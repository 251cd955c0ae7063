// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/pci.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: reset
 *
 * r5xx_asic_reset() is the soft reset of r300_asic_reset (R3xx/R4xx) and
 * rs600_asic_reset (R5xx): stop the command queue, turn bus mastering off,
 * pulse RBBM_SOFT_RESET for VAP and GA, then reset the CP the clean way
 * (guide 5.8, r5xx_cp_reset()), and on R5xx also pulse the MC reset.
 * Each pulse is held for 500 ms, as upstream does. Upstream also disables
 * bus mastering on R3xx/R4xx through BUS_CNTL, but that offset is
 * PCIE_INDEX on the PCIe parts r5xx supports, so only the PCI command
 * register is used. The reset has failed if GA or VAP is still busy.
 *
 * r5xx_gpu_recover() brings the GPU back after a hang, called from the
 * scheduler's timeout handler:
 *
 * 1. stop the scheduler; the guilty job's fence gets -ETIME;
 * 2. mask interrupts, soft reset;
 * 3. complete the hardware fences the ring lost (-ECANCELED);
 * 4. program the MC again and run the start-up sequence (clocks, pipes,
 *    GART, microcode, CP, ring test), then the IB test;
 * 5. run the innocent jobs again and restart the scheduler.
 *
 * If the GPU does not come back, the ring is marked not ready and every
 * later job fails with -EIO.
 */

#define R5XX_SOFT_RESET_MS	500

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
	pci_clear_master(pdev);
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
 * r5xx_gpu_recover - reset a hung GPU and restart the scheduler
 * @rdev: device
 * @bad: the job that timed out, or NULL
 *
 * Return: 0 if the GPU runs again, a negative errno otherwise.
 */
int r5xx_gpu_recover(struct r5xx_device *rdev, struct drm_sched_job *bad)
{
	struct r5xx_sched *sched = &rdev->sched;
	int ret;

	mutex_lock(&rdev->reset_lock);
	drm_sched_stop(&sched->base, bad);
	if (bad)
		dma_fence_set_error(&bad->s_fence->finished, -ETIME);

	r5xx_irq_disable(rdev);
	ret = r5xx_asic_reset(rdev);
	r5xx_fence_force_complete(rdev, -ECANCELED);
	if (!ret) {
		r5xx_mc_program(rdev);
		ret = r5xx_hw_start(rdev);
	}
	if (!ret)
		ret = r5xx_ib_test(rdev);
	if (ret) {
		rdev->ring.ready = false;
		drm_err(&rdev->drm,
			"GPU reset failed (%d); submissions fail until the driver is reloaded\n",
			ret);
	} else {
		drm_info(&rdev->drm, "GPU reset succeeded\n");
	}
	sched->resets++;
	sched->hang_rptr = ~0u;

	drm_sched_resubmit_jobs(&sched->base);
	drm_sched_start(&sched->base, true);
	mutex_unlock(&rdev->reset_lock);
	return ret;
}
