// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/pci.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: suspend and resume
 *
 * &r5xx_pm_ops is the PCI driver's dev_pm_ops, for system sleep (suspend,
 * resume) and hibernation (freeze and thaw around the image, poweroff and
 * restore). The PCI core saves the config space and puts the GPU in D3hot
 * after suspend (pci_pm_suspend_noirq) and brings it back to D0 before
 * resume; coming out of S3 or D3hot the GPU is a cold, unposted board.
 *
 * Suspend, r5xx_pm_suspend():
 *
 * 1. the display: the mode-config helpers save the atomic state and turn
 *    every CRTC off, and the fbdev console is told (r5xx_kms_suspend());
 * 2. VRAM: TTM moves every buffer that is not pinned out of VRAM
 *    (r5xx_ttm_evict_vram()), as radeon does, since VRAM may not keep
 *    its contents; the moves are CPU copies;
 * 3. the scheduler stops (r5xx_sched_suspend(): no job reaches the ring)
 *    and the jobs already on the ring finish (their fences signal); the
 *    fences of any that do not are forced, with -ECANCELED;
 * 4. the CP stops, interrupts are masked and the GART is turned off.
 *
 * Resume, r5xx_pm_resume(): the board is posted again (r5xx_post(), see
 * "re-post" in r5xx_post.c), the fence sequence number is written back
 * to its scratch register (the CP's copy was lost), then the MC is
 * programmed and the start-up sequence runs as at probe (r5xx_hw_start():
 * clocks, pipes, GART, microcode, CP, interrupts, ring test), then the IB
 * test; the scheduler starts again and the display gets its saved state
 * back (r5xx_kms_resume()), the console included. Buffers moved out of
 * VRAM come back when next used. If the GPU does not come back, the ring
 * is marked not ready: every later job fails with -EIO, the display is
 * restored all the same.
 *
 * Pinned buffers stay in VRAM (the GART table, the console's and the
 * cursors' buffers while a CRTC scans them out), as with radeon: the
 * model keeps VRAM over S3 as self-refreshing memory does.
 */

#define R5XX_PM_IDLE_POLL_US	1000

/* wait until every fence emitted so far has signalled */
static int r5xx_pm_wait_idle(struct r5xx_device *rdev)
{
	u64 target = atomic64_read(&rdev->fence.emitted_seq);
	unsigned long end = jiffies +
			    msecs_to_jiffies(rdev->config.lockup_timeout_ms);

	for (;;) {
		r5xx_fence_process(rdev, false);
		if (r5xx_fence_signalled_seq(rdev) >= target)
			return 0;
		if (time_after(jiffies, end))
			return -ETIMEDOUT;
		usleep_range(R5XX_PM_IDLE_POLL_US, 2 * R5XX_PM_IDLE_POLL_US);
	}
}

static int r5xx_pm_suspend_hw(struct r5xx_device *rdev)
{
	int ret;

	r5xx_pm_clocks_suspend(rdev);
	ret = r5xx_kms_suspend(rdev);
	if (ret) {
		r5xx_pm_clocks_resume(rdev);
		return ret;
	}
	ret = r5xx_ttm_evict_vram(rdev);
	if (ret)
		drm_err(&rdev->drm, "suspend: cannot move the buffers out of VRAM (%d)\n",
			ret);

	mutex_lock(&rdev->reset_lock);
	r5xx_sched_suspend(rdev);
	if (r5xx_pm_wait_idle(rdev))
		drm_err(&rdev->drm, "suspend: the GPU did not finish its jobs; they are lost\n");
	r5xx_fence_force_complete(rdev, -ECANCELED);
	r5xx_cp_stop(rdev);
	r5xx_irq_disable(rdev);
	r5xx_gart_disable(rdev);
	rdev->ring.ready = false;
	rdev->pm.suspended = true;
	mutex_unlock(&rdev->reset_lock);
	return 0;
}

static int r5xx_pm_resume_hw(struct r5xx_device *rdev)
{
	int ret;

	if (!rdev->pm.suspended)
		return 0;
	mutex_lock(&rdev->reset_lock);
	ret = r5xx_post(rdev);
	if (!ret) {
		r5xx_fence_force_complete(rdev, -ECANCELED);
		r5xx_mc_program(rdev);
		ret = r5xx_hw_start(rdev);
	}
	if (!ret)
		ret = r5xx_ib_test(rdev);
	if (ret) {
		rdev->ring.ready = false;
		drm_err(&rdev->drm,
			"resume: the GPU did not come back (%d); submissions fail until the driver is reloaded\n",
			ret);
	}
	rdev->pm.suspended = false;
	rdev->pm.resumes++;
	r5xx_sched_resume(rdev);
	mutex_unlock(&rdev->reset_lock);

	/* the display comes back even without acceleration */
	ret = r5xx_kms_resume(rdev) ?: ret;
	r5xx_pm_clocks_resume(rdev);
	return ret;
}

static int r5xx_pm_suspend(struct device *dev)
{
	return r5xx_pm_suspend_hw(dev_get_drvdata(dev));
}

static int r5xx_pm_resume(struct device *dev)
{
	return r5xx_pm_resume_hw(dev_get_drvdata(dev));
}

/*
 * debugfs r5xx_suspend: writing 1 runs the device side of a system sleep
 * without the rest of the machine (the VM's virtio 9p root does not
 * survive a system suspend): r5xx's suspend, the PCI state saved, D3hot
 * and back to D0 (the model's GPU comes back cold, as from S3), the PCI
 * state restored, r5xx's resume. Reading gives the resumes and re-posts
 * done, the runs of the video BIOS's ASIC_Init that reached their end,
 * and the re-posts that wrote the recorded registers back. For tests;
 * userspace should not be using the GPU meanwhile.
 */
static int r5xx_pm_cycle(struct r5xx_device *rdev)
{
	struct pci_dev *pdev = rdev->pdev;
	int ret, ret2;

	ret = r5xx_pm_suspend_hw(rdev);
	if (ret)
		return ret;
	pci_save_state(pdev);
	ret = pci_set_power_state(pdev, PCI_D3hot);
	ret2 = pci_set_power_state(pdev, PCI_D0);
	pci_restore_state(pdev);
	if (ret || ret2)
		drm_err(&rdev->drm, "suspend test: D3hot %d, D0 %d\n", ret, ret2);
	return r5xx_pm_resume_hw(rdev);
}

static int r5xx_pm_debugfs_show(struct seq_file *m, void *unused)
{
	struct r5xx_device *rdev = m->private;

	seq_printf(m, "resumes %u\nposts %u\nasic_inits %u\ncombios_posts %u\nrestores %u\n",
		   rdev->pm.resumes, rdev->post.count, rdev->post.asic_inits,
		   rdev->post.combios_posts, rdev->post.restores);
	return 0;
}

static int r5xx_pm_debugfs_open(struct inode *inode, struct file *file)
{
	return single_open(file, r5xx_pm_debugfs_show, inode->i_private);
}

static ssize_t r5xx_pm_debugfs_write(struct file *file, const char __user *buf,
				     size_t len, loff_t *ppos)
{
	struct r5xx_device *rdev = file_inode(file)->i_private;
	bool run;
	int ret;

	ret = kstrtobool_from_user(buf, len, &run);
	if (ret)
		return ret;
	if (run) {
		ret = r5xx_pm_cycle(rdev);
		if (ret)
			return ret;
	}
	return len;
}

static const struct file_operations r5xx_pm_debugfs_fops = {
	.owner = THIS_MODULE,
	.open = r5xx_pm_debugfs_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
	.write = r5xx_pm_debugfs_write,
};

/**
 * r5xx_pm_debugfs_init - create debugfs r5xx_suspend
 * @rdev: device
 * @root: the DRM minor's debugfs directory
 */
void r5xx_pm_debugfs_init(struct r5xx_device *rdev, struct dentry *root)
{
	debugfs_create_file("r5xx_suspend", 0600, root, rdev,
			    &r5xx_pm_debugfs_fops);
}

/*
 * r5xx_pm_ops, the PCI driver's power management callbacks.
 * See "suspend and resume" above. Hibernation does the same as S3 around
 * the image: freeze and poweroff as suspend, thaw and restore as resume
 * (after thaw the board is still posted, r5xx_post() finds it so).
 */
const struct dev_pm_ops r5xx_pm_ops = {
	.suspend = r5xx_pm_suspend,
	.resume = r5xx_pm_resume,
	.freeze = r5xx_pm_suspend,
	.thaw = r5xx_pm_resume,
	.poweroff = r5xx_pm_suspend,
	.restore = r5xx_pm_resume,
};
