// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>
#include <drm/ttm/ttm_resource.h>

#include "r5xx_drv.h"

/**
 * DOC: debugfs
 *
 * Files in the DRM minor's debugfs directory (/sys/kernel/debug/dri/N/):
 *
 * - r5xx_ring: ring state and the last 64 dwords before the write pointer;
 * - r5xx_fences: fence sequence numbers (emitted, signalled, in the
 *   scratch register), who signalled them, the reset count, and how many
 *   jobs were freed after finishing without and with an error (and the
 *   last such error: -ETIME for the guilty job of a reset);
 * - r5xx_irq: interrupt number and kind, and counters;
 * - r5xx_regs: a register dump;
 * - r5xx_microcode: reading it compares the microengine RAM with the
 *   microcode file (the CP must be idle);
 * - r5xx_self_test: writing runs the ring and IB self-tests again (the
 *   write fails if one fails); reading shows the last results;
 * - r5xx_fence_test: writing N submits N jobs through the scheduler, each
 *   an IB writing a scratch register, and waits for their fences; reading
 *   reports how many completed and how the hardware fences were signalled
 *   (by the interrupt handler or by polling) with the interrupt count of
 *   the run;
 * - r5xx_vram_mm, r5xx_gtt_mm: the TTM resource managers of VRAM and GTT
 *   (usage and the allocated ranges);
 * - r5xx_mmio: raw 32-bit register access at the file offset, for
 *   debugging (root only, like every debugfs file);
 * - r5xx_suspend: writing 1 runs the device side of a system suspend and
 *   resume with a D3hot power cycle; reading gives the resumes and
 *   re-posts done (r5xx_pm.c);
 * - r5xx_display_suspend (with KMS): writing 1 saves the display state and
 *   turns the display off as a system suspend does (r5xx_kms_suspend()),
 *   writing 0 restores it (r5xx_kms_resume()); reading says which. The
 *   display half of suspend, testable without suspending the machine;
 * - r5xx_fail_vram_clears: writing N makes the next N clears (CPU or GPU)
 *   of new VRAM buffers fail with -ENOMEM, as a failed mapping would (the
 *   test of that error path, tests/uapi/movefail.sh); reading shows how
 *   many are left.
 */

#define R5XX_FENCE_TEST_MAX	1024
#define R5XX_RING_DUMP_DW	64

static struct r5xx_device *r5xx_debugfs_rdev(struct seq_file *m)
{
	struct drm_info_node *node = m->private;

	return to_r5xx(node->minor->dev);
}

static int r5xx_debugfs_ring_show(struct seq_file *m, void *data)
{
	struct r5xx_device *rdev = r5xx_debugfs_rdev(m);
	struct r5xx_ring *ring = &rdev->ring;
	u32 *ptr = ring->buf.cpu;
	u32 wptr, i, start;
	int idx;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	mutex_lock(&ring->lock);
	wptr = ring->wptr;
	seq_printf(m, "ready: %d\n", ring->ready);
	seq_printf(m, "size: %u dwords at 0x%08llx\n", ring->size_dw,
		   ring->buf.gpu_addr);
	seq_printf(m, "writeback: %s\n", ring->wb_enabled ? "on" : "off");
	seq_printf(m, "rptr: %u (CP_RB_RPTR %u)\n", r5xx_ring_get_rptr(rdev),
		   r5xx_rreg(rdev, R5XX_CP_RB_RPTR));
	seq_printf(m, "wptr: %u (CP_RB_WPTR %u)\n", wptr,
		   r5xx_rreg(rdev, R5XX_CP_RB_WPTR));
	seq_printf(m, "ring test: %d\n", ring->test_result);
	start = (wptr - R5XX_RING_DUMP_DW) & ring->ptr_mask;
	for (i = 0; i < R5XX_RING_DUMP_DW; i++) {
		u32 pos = (start + i) & ring->ptr_mask;

		seq_printf(m, "%05u: 0x%08x\n", pos, ptr[pos]);
	}
	mutex_unlock(&ring->lock);
	drm_dev_exit(idx);
	return 0;
}

static int r5xx_debugfs_fences_show(struct seq_file *m, void *data)
{
	struct r5xx_device *rdev = r5xx_debugfs_rdev(m);
	struct r5xx_fence_driver *fdrv = &rdev->fence;
	u64 emitted, signalled, by_irq, by_poll, forced;
	unsigned int pending = 0;
	struct r5xx_fence *fence;
	unsigned long flags;
	int idx;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	r5xx_fence_process(rdev, false);
	spin_lock_irqsave(&fdrv->lock, flags);
	emitted = atomic64_read(&fdrv->emitted_seq);
	signalled = atomic64_read(&fdrv->signalled_seq);
	by_irq = fdrv->by_irq;
	by_poll = fdrv->by_poll;
	forced = fdrv->forced;
	list_for_each_entry(fence, &fdrv->pending, link)
		pending++;
	spin_unlock_irqrestore(&fdrv->lock, flags);

	seq_printf(m, "emitted: %llu\n", emitted);
	seq_printf(m, "signalled: %llu\n", signalled);
	seq_printf(m, "scratch: 0x%08x\n",
		   r5xx_ring_read_scratch(rdev, R5XX_SCRATCH_FENCE));
	seq_printf(m, "pending: %u\n", pending);
	seq_printf(m, "by_irq: %llu\n", by_irq);
	seq_printf(m, "by_poll: %llu\n", by_poll);
	seq_printf(m, "forced: %llu\n", forced);
	seq_printf(m, "resets: %u\n", rdev->sched.resets);
	seq_printf(m, "jobs_done: %llu\n", READ_ONCE(rdev->sched.jobs_done));
	seq_printf(m, "jobs_failed: %llu\n", READ_ONCE(rdev->sched.jobs_failed));
	seq_printf(m, "last_job_error: %d\n",
		   READ_ONCE(rdev->sched.last_job_error));
	drm_dev_exit(idx);
	return 0;
}

static int r5xx_debugfs_irq_show(struct seq_file *m, void *data)
{
	struct r5xx_device *rdev = r5xx_debugfs_rdev(m);
	struct r5xx_irq *irq = &rdev->irq;

	seq_printf(m, "irq: %d\n", irq->irq);
	seq_printf(m, "type: %s\n", irq->msi ? "MSI" : "INTx");
	seq_printf(m, "enabled: %d\n", READ_ONCE(irq->enabled));
	seq_printf(m, "handled: %ld\n", atomic_long_read(&irq->count));
	seq_printf(m, "sw_int: %ld\n", atomic_long_read(&irq->sw_count));
	seq_printf(m, "not_ours: %ld\n", atomic_long_read(&irq->none_count));
	return 0;
}

#define R5XX_REGDEF(reg) { R5XX_##reg, #reg }

static const struct {
	u32 reg;
	const char *name;
} r5xx_debugfs_mmio_regs[] = {
	R5XX_REGDEF(CONFIG_MEMSIZE),
	R5XX_REGDEF(CONFIG_APER_SIZE),
	R5XX_REGDEF(HOST_PATH_CNTL),
	R5XX_REGDEF(GEN_INT_CNTL),
	R5XX_REGDEF(GEN_INT_STATUS),
	R5XX_REGDEF(CP_RB_BASE),
	R5XX_REGDEF(CP_RB_CNTL),
	R5XX_REGDEF(CP_RB_RPTR_ADDR),
	R5XX_REGDEF(CP_RB_RPTR),
	R5XX_REGDEF(CP_RB_WPTR),
	R5XX_REGDEF(CP_RB_WPTR_DELAY),
	R5XX_REGDEF(CP_IB_BASE),
	R5XX_REGDEF(CP_IB_BUFSZ),
	R5XX_REGDEF(CP_CSQ_CNTL),
	R5XX_REGDEF(CP_CSQ_MODE),
	R5XX_REGDEF(CP_CSQ_STAT),
	R5XX_REGDEF(CP_STAT),
	R5XX_REGDEF(SCRATCH_UMSK),
	R5XX_REGDEF(SCRATCH_ADDR),
	R5XX_REGDEF(RBBM_STATUS),
	R5XX_REGDEF(ISYNC_CNTL),
	R5XX_REGDEF(WAIT_UNTIL),
	R5XX_REGDEF(DST_PIPE_CONFIG),
	R5XX_REGDEF(GB_TILE_CONFIG),
	R5XX_REGDEF(GB_PIPE_SELECT),
};

/* the display bandwidth registers (AVIVO) */
static const struct {
	u32 reg;
	const char *name;
} r5xx_debugfs_avivo_regs[] = {
	R5XX_REGDEF(DC_LB_MEMORY_SPLIT),
	R5XX_REGDEF(LB_MAX_REQ_OUTSTANDING),
	R5XX_REGDEF(D1MODE_PRIORITY_A_CNT),
	R5XX_REGDEF(D1MODE_PRIORITY_B_CNT),
	R5XX_REGDEF(D2MODE_PRIORITY_A_CNT),
	R5XX_REGDEF(D2MODE_PRIORITY_B_CNT),
};

/* the display bandwidth registers (legacy) and what they depend on */
static const struct {
	u32 reg;
	const char *name;
} r5xx_debugfs_legacy_regs[] = {
	R5XX_REGDEF(MEM_CNTL),
	R5XX_REGDEF(MEM_TIMING_CNTL),
	R5XX_REGDEF(MEM_SDRAM_MODE_REG),
	R5XX_REGDEF(MC_READ_CNTL_AB),
	R5XX_REGDEF(R300_MC_INIT_MISC_LAT_TIMER),
	R5XX_REGDEF(GRPH_BUFFER_CNTL),
	R5XX_REGDEF(GRPH2_BUFFER_CNTL),
};

static int r5xx_debugfs_regs_show(struct seq_file *m, void *data)
{
	struct r5xx_device *rdev = r5xx_debugfs_rdev(m);
	unsigned int i;
	int idx;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	for (i = 0; i < ARRAY_SIZE(r5xx_debugfs_mmio_regs); i++)
		seq_printf(m, "%-24s 0x%04x: 0x%08x\n",
			   r5xx_debugfs_mmio_regs[i].name,
			   r5xx_debugfs_mmio_regs[i].reg,
			   r5xx_rreg(rdev, r5xx_debugfs_mmio_regs[i].reg));
	for (i = 0; i < R5XX_SCRATCH_REG_COUNT; i++)
		seq_printf(m, "SCRATCH_REG%u            0x%04x: 0x%08x\n", i,
			   R5XX_SCRATCH_REG(i),
			   r5xx_rreg(rdev, R5XX_SCRATCH_REG(i)));
	rdev->gart.funcs->show_regs(rdev, m);
	seq_printf(m, "%-24s           0x%08x\n", "MC FB_LOCATION",
		   r5xx_mc_read_fb_location(rdev));
	for (i = 0; i < ARRAY_SIZE(r5xx_debugfs_avivo_regs); i++) {
		if (!r5xx_is_avivo(rdev))
			break;
		seq_printf(m, "%-24s 0x%04x: 0x%08x\n",
			   r5xx_debugfs_avivo_regs[i].name,
			   r5xx_debugfs_avivo_regs[i].reg,
			   r5xx_rreg(rdev, r5xx_debugfs_avivo_regs[i].reg));
	}
	for (i = 0; i < ARRAY_SIZE(r5xx_debugfs_legacy_regs); i++) {
		if (rdev->info->bw_mem == R5XX_BW_MEM_NONE)
			break;
		seq_printf(m, "%-24s 0x%04x: 0x%08x\n",
			   r5xx_debugfs_legacy_regs[i].name,
			   r5xx_debugfs_legacy_regs[i].reg,
			   r5xx_rreg(rdev, r5xx_debugfs_legacy_regs[i].reg));
	}
	if (rdev->info->bw_avivo == R5XX_BW_AVIVO_RS690)
		seq_printf(m, "%-24s 0x%04x: 0x%08x\n", "DCP_CONTROL",
			   R5XX_DCP_CONTROL, r5xx_rreg(rdev, R5XX_DCP_CONTROL));
	if (rdev->info->mc == R5XX_MC_RV515)
		seq_printf(m, "%-24s MC 0x%02x: 0x%08x\n", "MC MISC_LAT_TIMER",
			   R5XX_RV515_MC_MISC_LAT_TIMER,
			   r5xx_mc_rreg(rdev, R5XX_RV515_MC_MISC_LAT_TIMER));
	if (r5xx_has_quirk(rdev, R5XX_QUIRK_PLL_PIPE_CONFIG))
		seq_printf(m, "%-24s PLL 0x%02x: 0x%08x\n", "R500_PIPE_CONFIG",
			   R5XX_PLL_R500_PIPE_CONFIG,
			   r5xx_pll_rreg(rdev, R5XX_PLL_R500_PIPE_CONFIG));
	if (r5xx_has_quirk(rdev, R5XX_QUIRK_RV530_PIPES))
		seq_printf(m, "%-24s 0x%04x: 0x%08x\n", "RV530_GB_FIFO_SIZE2",
			   R5XX_RV530_GB_FIFO_SIZE2,
			   r5xx_rreg(rdev, R5XX_RV530_GB_FIFO_SIZE2));
	drm_dev_exit(idx);
	return 0;
}

static int r5xx_debugfs_microcode_show(struct seq_file *m, void *data)
{
	struct r5xx_device *rdev = r5xx_debugfs_rdev(m);
	int idx, ret;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	mutex_lock(&rdev->reset_lock);
	mutex_lock(&rdev->ring.lock);
	ret = r5xx_wait_cp_idle(rdev);
	if (!ret)
		ret = r5xx_cp_verify_microcode(rdev);
	mutex_unlock(&rdev->ring.lock);
	mutex_unlock(&rdev->reset_lock);
	drm_dev_exit(idx);

	seq_printf(m, "%s: %s\n", rdev->info->firmware,
		   ret == -ETIMEDOUT ? "CP busy, not checked" :
		   ret ? "MISMATCH" : "ok");
	return 0;
}

static const struct drm_info_list r5xx_debugfs_list[] = {
	{ "r5xx_ring", r5xx_debugfs_ring_show },
	{ "r5xx_fences", r5xx_debugfs_fences_show },
	{ "r5xx_irq", r5xx_debugfs_irq_show },
	{ "r5xx_regs", r5xx_debugfs_regs_show },
	{ "r5xx_microcode", r5xx_debugfs_microcode_show },
};

static int r5xx_debugfs_self_test_show(struct seq_file *m, void *data)
{
	struct r5xx_device *rdev = m->private;
	int ring = rdev->ring.test_result, ib = rdev->ib_pool.test_result;

	seq_printf(m, "ring test %s (%d)\n", ring ? "failed" : "passed", ring);
	seq_printf(m, "IB test %s (%d)\n", ib ? "failed" : "passed", ib);
	return 0;
}

static int r5xx_debugfs_self_test_open(struct inode *inode, struct file *f)
{
	return single_open(f, r5xx_debugfs_self_test_show, inode->i_private);
}

static ssize_t r5xx_debugfs_self_test_write(struct file *f,
					    const char __user *buf,
					    size_t len, loff_t *pos)
{
	struct r5xx_device *rdev = file_inode(f)->i_private;
	int idx, ret;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	mutex_lock(&rdev->reset_lock);
	ret = rdev->ring.ready ? r5xx_ring_test(rdev) : -EIO;
	if (!ret)
		ret = r5xx_ib_test(rdev);
	mutex_unlock(&rdev->reset_lock);
	drm_dev_exit(idx);
	return ret ? ret : len;
}

static const struct file_operations r5xx_debugfs_self_test_fops = {
	.owner = THIS_MODULE,
	.open = r5xx_debugfs_self_test_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
	.write = r5xx_debugfs_self_test_write,
};

struct r5xx_fence_test_counters {
	u64 by_irq;
	u64 by_poll;
	long irqs;
	unsigned int resets;
};

struct r5xx_fence_test {
	unsigned int submitted;
	unsigned int completed;
	unsigned int errors;
	unsigned int timeouts;
	int first_error;
	struct r5xx_fence_test_counters delta;
	u32 scratch;
};

static int r5xx_fence_test_submit(struct r5xx_device *rdev, u32 value,
				  struct dma_fence **fence)
{
	struct r5xx_job *job;
	struct r5xx_ib *ib;

	job = r5xx_job_create(rdev, &rdev->sched.kernel_entity, 8, NULL, 0);
	if (IS_ERR(job))
		return PTR_ERR(job);
	ib = &job->ib;
	ib->ptr[ib->length_dw++] =
		R5XX_PACKET0(R5XX_SCRATCH_REG(R5XX_SCRATCH_JOB), 0);
	ib->ptr[ib->length_dw++] = value;
	r5xx_ib_pad(ib);
	*fence = r5xx_job_push(job);
	return 0;
}

static void r5xx_fence_test_counters(struct r5xx_device *rdev,
				     struct r5xx_fence_test_counters *c)
{
	struct r5xx_fence_driver *fdrv = &rdev->fence;
	unsigned long flags;

	spin_lock_irqsave(&fdrv->lock, flags);
	c->by_irq = fdrv->by_irq;
	c->by_poll = fdrv->by_poll;
	spin_unlock_irqrestore(&fdrv->lock, flags);
	c->irqs = atomic_long_read(&rdev->irq.sw_count);
	c->resets = rdev->sched.resets;
}

static int r5xx_fence_test(struct r5xx_device *rdev, unsigned int n,
			   struct r5xx_fence_test *t)
{
	long timeout = msecs_to_jiffies(3 * rdev->config.lockup_timeout_ms) +
		       5 * HZ;
	struct r5xx_fence_test_counters before, after;
	struct dma_fence **fences;
	unsigned int i;
	long ret = 0;

	fences = kcalloc(n, sizeof(*fences), GFP_KERNEL);
	if (!fences)
		return -ENOMEM;

	memset(t, 0, sizeof(*t));
	r5xx_fence_test_counters(rdev, &before);
	for (i = 0; i < n; i++) {
		ret = r5xx_fence_test_submit(rdev, i + 1, &fences[i]);
		if (ret)
			break;
	}
	t->submitted = i;

	for (i = 0; i < t->submitted; i++) {
		ret = dma_fence_wait_timeout(fences[i], true, timeout);
		if (ret == 0) {
			t->timeouts++;
		} else if (ret < 0 || fences[i]->error) {
			t->errors++;
			if (!t->first_error)
				t->first_error = ret < 0 ? ret : fences[i]->error;
		} else {
			t->completed++;
		}
		dma_fence_put(fences[i]);
	}
	kfree(fences);

	r5xx_fence_test_counters(rdev, &after);
	t->delta.by_irq = after.by_irq - before.by_irq;
	t->delta.by_poll = after.by_poll - before.by_poll;
	t->delta.irqs = after.irqs - before.irqs;
	t->delta.resets = after.resets - before.resets;
	t->scratch = r5xx_rreg(rdev, R5XX_SCRATCH_REG(R5XX_SCRATCH_JOB));
	return t->submitted ? 0 : ret;
}

static int r5xx_debugfs_fence_test_show(struct seq_file *m, void *data)
{
	struct r5xx_device *rdev = m->private;

	mutex_lock(&rdev->debugfs.lock);
	seq_puts(m, rdev->debugfs.fence_test);
	mutex_unlock(&rdev->debugfs.lock);
	return 0;
}

static int r5xx_debugfs_fence_test_open(struct inode *inode, struct file *f)
{
	return single_open(f, r5xx_debugfs_fence_test_show, inode->i_private);
}

static ssize_t r5xx_debugfs_fence_test_write(struct file *f,
					     const char __user *buf,
					     size_t len, loff_t *pos)
{
	struct r5xx_device *rdev = file_inode(f)->i_private;
	struct r5xx_fence_test t;
	unsigned int n;
	int idx, ret;

	ret = kstrtouint_from_user(buf, len, 0, &n);
	if (ret)
		return ret;
	if (!n || n > R5XX_FENCE_TEST_MAX)
		return -EINVAL;
	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	ret = r5xx_fence_test(rdev, n, &t);
	drm_dev_exit(idx);
	if (ret)
		return ret;

	mutex_lock(&rdev->debugfs.lock);
	snprintf(rdev->debugfs.fence_test, sizeof(rdev->debugfs.fence_test),
		 "submitted %u\ncompleted %u\nerrors %u\nfirst_error %d\ntimeouts %u\nby_irq %llu\nby_poll %llu\nirqs %ld\nresets %u\nscratch %u\n",
		 t.submitted, t.completed, t.errors, t.first_error,
		 t.timeouts, t.delta.by_irq, t.delta.by_poll, t.delta.irqs,
		 t.delta.resets, t.scratch);
	mutex_unlock(&rdev->debugfs.lock);
	return len;
}

static const struct file_operations r5xx_debugfs_fence_test_fops = {
	.owner = THIS_MODULE,
	.open = r5xx_debugfs_fence_test_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
	.write = r5xx_debugfs_fence_test_write,
};

static ssize_t r5xx_debugfs_mmio_rw(struct file *f, char __user *ubuf,
				    const char __user *wbuf, size_t len,
				    loff_t *pos)
{
	struct r5xx_device *rdev = file_inode(f)->i_private;
	ssize_t done = 0;
	int idx;

	if ((*pos & 3) || (len & 3))
		return -EINVAL;
	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	while (done < len && *pos < rdev->mmio_size) {
		u32 val;

		if (ubuf) {
			val = r5xx_rreg(rdev, *pos);
			if (put_user(val, (u32 __user *)(ubuf + done)))
				break;
		} else {
			if (get_user(val, (const u32 __user *)(wbuf + done)))
				break;
			r5xx_wreg(rdev, *pos, val);
		}
		done += 4;
		*pos += 4;
	}
	drm_dev_exit(idx);
	return done ? done : (*pos >= rdev->mmio_size ? 0 : -EFAULT);
}

static ssize_t r5xx_debugfs_mmio_read(struct file *f, char __user *buf,
				      size_t len, loff_t *pos)
{
	return r5xx_debugfs_mmio_rw(f, buf, NULL, len, pos);
}

static ssize_t r5xx_debugfs_mmio_write(struct file *f, const char __user *buf,
				       size_t len, loff_t *pos)
{
	return r5xx_debugfs_mmio_rw(f, NULL, buf, len, pos);
}

static const struct file_operations r5xx_debugfs_mmio_fops = {
	.owner = THIS_MODULE,
	.read = r5xx_debugfs_mmio_read,
	.write = r5xx_debugfs_mmio_write,
	.llseek = default_llseek,
};

static int r5xx_debugfs_display_suspend_get(void *data, u64 *val)
{
	struct r5xx_device *rdev = data;

	*val = rdev->display.suspended;
	return 0;
}

static int r5xx_debugfs_display_suspend_set(void *data, u64 val)
{
	struct r5xx_device *rdev = data;

	if (val > 1)
		return -EINVAL;
	return val ? r5xx_kms_suspend(rdev) : r5xx_kms_resume(rdev);
}

DEFINE_DEBUGFS_ATTRIBUTE(r5xx_debugfs_display_suspend_fops,
			 r5xx_debugfs_display_suspend_get,
			 r5xx_debugfs_display_suspend_set, "%llu\n");

/**
 * r5xx_debugfs_init - create the debugfs files of a DRM minor
 * @minor: DRM minor
 */
void r5xx_debugfs_init(struct drm_minor *minor)
{
	struct r5xx_device *rdev = to_r5xx(minor->dev);

	drm_debugfs_create_files(r5xx_debugfs_list,
				 ARRAY_SIZE(r5xx_debugfs_list),
				 minor->debugfs_root, minor);
	debugfs_create_file("r5xx_self_test", 0600, minor->debugfs_root, rdev,
			    &r5xx_debugfs_self_test_fops);
	debugfs_create_file("r5xx_fence_test", 0600, minor->debugfs_root,
			    rdev, &r5xx_debugfs_fence_test_fops);
	debugfs_create_file("r5xx_mmio", 0600, minor->debugfs_root, rdev,
			    &r5xx_debugfs_mmio_fops);
	r5xx_pm_debugfs_init(rdev, minor->debugfs_root);
	r5xx_pm_clocks_debugfs_init(rdev, minor->debugfs_root);
	if (rdev->display.enabled)
		debugfs_create_file_unsafe("r5xx_display_suspend", 0600,
					   minor->debugfs_root, rdev,
					   &r5xx_debugfs_display_suspend_fops);
	if (rdev->mm.ready) {
		debugfs_create_atomic_t("r5xx_fail_vram_clears", 0600,
					minor->debugfs_root,
					&rdev->mm.fail_vram_clears);
		ttm_resource_manager_create_debugfs(ttm_manager_type(&rdev->mm.bdev,
								     TTM_PL_VRAM),
						    minor->debugfs_root,
						    "r5xx_vram_mm");
		ttm_resource_manager_create_debugfs(ttm_manager_type(&rdev->mm.bdev,
								     TTM_PL_TT),
						    minor->debugfs_root,
						    "r5xx_gtt_mm");
	}
}
