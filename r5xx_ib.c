// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/bitmap.h>
#include <linux/iopoll.h>
#include <linux/refcount.h>
#include <linux/sizes.h>
#include <linux/slab.h>

#include <drm/drm_print.h>

#include "r5xx_cs_check.h"
#include "r5xx_cs_tables.h"
#include "r5xx_drv.h"

/**
 * DOC: indirect buffers
 *
 * Command streams other than the kernel's own ring packets run as indirect
 * buffers (IBs). The ring only carries a Type-0 packet writing CP_IB_BASE
 * and CP_IB_BUFSZ; writing the size, last in the packet, makes the CP fetch
 * the IB and then return to the ring (guide 5.6, 5.10). Before it, the
 * registers marked reset= in regs/r5xx.regs (r5xx_cs_resets[]) are written,
 * so that no IB inherits them from the one before and the command-stream
 * checker (r5xx_cs_check.c) starts every IB knowing them: the blit
 * direction DP_CNTL (left-to-right, top-to-bottom: xf86-video-ati's
 * DownloadFromScreen and UploadToScreen blits, RADEONBlitChunk, do not set
 * it), the pipe selects SU_REG_DEST and FG_ZBREG_DEST (all pipes), the
 * vertex index clamps and offset, the Z unit's modes ZB_CNTL and
 * ZB_BW_CNTL (off), and RB3D_AARESOLVE_CTL (no resolve; the fence after
 * the last IB flushed the colour cache and waited for idle-and-clean, as
 * the reference asks before it changes).
 *
 * IBs live in a 1 MiB pool of GART-mapped kernel memory (upstream's size),
 * handed out in 256-byte chunks (radeon_ib_get's alignment) from a bitmap;
 * one IB may take the whole pool. An IB is freed when its job is freed,
 * after its fence signalled, so the CP is done with it. When the pool is
 * full, r5xx_ib_get() waits for frees, which throttles submitters: for up
 * to three lockup timeouts, long enough for a hung job to be detected and
 * the GPU reset.
 *
 * The IB is taken when the job is created, and a job may then wait long
 * for fences of other drivers (implicit synchronisation with a PRIME
 * import); upstream radeon waits for them inside the CS ioctl instead.
 * So that one client's waiting jobs cannot hold the whole pool and turn
 * every other client's submissions into -EBUSY, each open file has a
 * quota (&struct r5xx_ib_quota): its IBs may hold at most
 * %R5XX_IB_FILE_QUOTA bytes together (a quarter of the pool, four of
 * Mesa's largest IBs), except that a file holding none may take one IB of
 * any size up to the whole pool, as upstream accepts. A submitter over its
 * quota waits like one facing a full pool (interruptibly, -EBUSY after
 * three lockup timeouts), while other files keep allocating. The kernel's
 * own IBs (tests) count in no quota. The quota bounds one file, not a set
 * of files working together; those are bounded by the deadlines of the
 * fences they wait for, as any client's memory use is bounded by nothing
 * but the GPU's memory.
 *
 * r5xx_ib_test() is r100_ib_test: an 8-dword IB writing 0xDEADBEEF into a
 * scratch register preset to 0xCAFEDEAD, scheduled directly on the ring
 * with a fence, waited for (1 s), then the register is checked.
 */

#define R5XX_IB_POOL_SIZE	SZ_1M
#define R5XX_IB_CHUNK		256
#define R5XX_IB_ALIGN_DW	8
#define R5XX_IB_TEST_TIMEOUT	HZ
#define R5XX_IB_TEST_US		100000
/* bytes of the pool one file's IBs may hold together, see above */
#define R5XX_IB_FILE_QUOTA	(R5XX_IB_POOL_SIZE / 4)

/**
 * r5xx_ib_pool_init - allocate the IB pool
 * @rdev: device
 *
 * Return: 0 or a negative errno.
 */
int r5xx_ib_pool_init(struct r5xx_device *rdev)
{
	struct r5xx_ib_pool *pool = &rdev->ib_pool;
	int ret;

	spin_lock_init(&pool->lock);
	init_waitqueue_head(&pool->wait);
	pool->nchunks = R5XX_IB_POOL_SIZE / R5XX_IB_CHUNK;
	pool->used = bitmap_zalloc(pool->nchunks, GFP_KERNEL);
	if (!pool->used)
		return -ENOMEM;
	ret = r5xx_kbuf_init(rdev, &pool->buf, R5XX_IB_POOL_SIZE);
	if (ret) {
		bitmap_free(pool->used);
		pool->used = NULL;
	}
	return ret;
}

/**
 * r5xx_ib_pool_fini - free the IB pool
 * @rdev: device, with the scheduler stopped (r5xx_sched_fini())
 *
 * Jobs that had not run at an unplug, waiting in an open file's entity,
 * may still hold IBs; they never run (r5xx_sched_fini()), and freeing
 * them later only gives back their quota (r5xx_ib_free()).
 */
void r5xx_ib_pool_fini(struct r5xx_device *rdev)
{
	struct r5xx_ib_pool *pool = &rdev->ib_pool;
	unsigned long *used;
	unsigned int held;

	spin_lock(&pool->lock);
	used = pool->used;
	pool->used = NULL;
	spin_unlock(&pool->lock);
	held = bitmap_weight(used, pool->nchunks);
	if (held)
		drm_dbg_driver(&rdev->drm,
			       "%u IB chunks held by jobs that will not run\n",
			       held);
	r5xx_kbuf_fini(rdev, &pool->buf);
	bitmap_free(used);
}

/**
 * r5xx_ib_quota_alloc - a new file's empty share of the IB pool
 *
 * Return: the quota, with one reference, or NULL.
 */
struct r5xx_ib_quota *r5xx_ib_quota_alloc(void)
{
	struct r5xx_ib_quota *quota = kzalloc(sizeof(*quota), GFP_KERNEL);

	if (quota)
		refcount_set(&quota->ref, 1);
	return quota;
}

/**
 * r5xx_ib_quota_put - drop a reference to a quota
 * @quota: quota, or NULL
 */
void r5xx_ib_quota_put(struct r5xx_ib_quota *quota)
{
	if (quota && refcount_dec_and_test(&quota->ref))
		kfree(quota);
}

/* Within the quota: nothing held yet, or the sum fits. */
static bool r5xx_ib_quota_allows(const struct r5xx_ib_quota *quota,
				 unsigned int chunks)
{
	return !quota || !quota->chunks ||
	       quota->chunks + chunks <= R5XX_IB_FILE_QUOTA / R5XX_IB_CHUNK;
}

static bool r5xx_ib_try_get(struct r5xx_ib_pool *pool, struct r5xx_ib *ib,
			    struct r5xx_ib_quota *quota)
{
	unsigned long first = pool->nchunks;

	spin_lock(&pool->lock);
	if (r5xx_ib_quota_allows(quota, ib->chunks))
		first = bitmap_find_next_zero_area(pool->used, pool->nchunks,
						   0, ib->chunks, 0);
	if (first < pool->nchunks) {
		bitmap_set(pool->used, first, ib->chunks);
		if (quota)
			quota->chunks += ib->chunks;
	}
	spin_unlock(&pool->lock);

	ib->first = first;
	return first < pool->nchunks;
}

/**
 * r5xx_ib_get - allocate an IB
 * @rdev: device
 * @ib: IB to fill in
 * @size_dw: dwords needed
 * @quota: the submitting file's quota, or NULL for a kernel IB
 *
 * Return: 0, -EINVAL if @size_dw exceeds the pool, -EBUSY if the pool
 * stayed full (or the quota used up) for three lockup timeouts, or
 * -ERESTARTSYS.
 */
int r5xx_ib_get(struct r5xx_device *rdev, struct r5xx_ib *ib, u32 size_dw,
		struct r5xx_ib_quota *quota)
{
	struct r5xx_ib_pool *pool = &rdev->ib_pool;
	long wait = msecs_to_jiffies(3 * rdev->config.lockup_timeout_ms);
	long ret;

	ib->chunks = DIV_ROUND_UP(size_dw * sizeof(u32), R5XX_IB_CHUNK);
	if (!size_dw || ib->chunks > pool->nchunks) {
		ib->chunks = 0;
		return -EINVAL;
	}

	ret = wait_event_interruptible_timeout(pool->wait,
					       r5xx_ib_try_get(pool, ib, quota),
					       wait);
	if (ret <= 0) {
		ib->chunks = 0;
		return ret ? ret : -EBUSY;
	}
	if (quota)
		refcount_inc(&quota->ref);
	ib->quota = quota;

	ib->ptr = pool->buf.cpu + ib->first * R5XX_IB_CHUNK;
	ib->gpu_addr = pool->buf.gpu_addr + ib->first * R5XX_IB_CHUNK;
	ib->size_dw = ib->chunks * R5XX_IB_CHUNK / sizeof(u32);
	ib->length_dw = 0;
	return 0;
}

/**
 * r5xx_ib_free - give an IB back to the pool
 * @rdev: device
 * @ib: IB from r5xx_ib_get(), or one that was never allocated
 *
 * Also after r5xx_ib_pool_fini(), for the IB of a job that never ran.
 */
void r5xx_ib_free(struct r5xx_device *rdev, struct r5xx_ib *ib)
{
	struct r5xx_ib_pool *pool = &rdev->ib_pool;

	if (!ib->chunks)
		return;
	spin_lock(&pool->lock);
	/* the pool is gone after an unplug (r5xx_ib_pool_fini()) */
	if (pool->used)
		bitmap_clear(pool->used, ib->first, ib->chunks);
	if (ib->quota)
		ib->quota->chunks -= ib->chunks;
	spin_unlock(&pool->lock);
	ib->chunks = 0;
	r5xx_ib_quota_put(ib->quota);
	ib->quota = NULL;
	wake_up_all(&pool->wait);
}

/**
 * r5xx_ib_pad - pad an IB with Type-2 packets to a multiple of 8 dwords
 * @ib: IB
 */
void r5xx_ib_pad(struct r5xx_ib *ib)
{
	while ((ib->length_dw & (R5XX_IB_ALIGN_DW - 1)) &&
	       ib->length_dw < ib->size_dw)
		ib->ptr[ib->length_dw++] = R5XX_PACKET2;
}

/**
 * r5xx_ib_emit - emit the ring packet that runs an IB
 * @rdev: device, with the ring locked and %R5XX_IB_EMIT_DW dwords reserved
 * @ib: IB
 */
void r5xx_ib_emit(struct r5xx_device *rdev, const struct r5xx_ib *ib)
{
	struct r5xx_ring *ring = &rdev->ring;

	unsigned int k;

	lockdep_assert_held(&ring->lock);
	for (k = 0; k < ARRAY_SIZE(r5xx_cs_resets); k++)
		if (r5xx_cs_reset_applies(rdev->family, &r5xx_cs_resets[k]))
			r5xx_ring_emit_reg(ring, r5xx_cs_resets[k].reg,
					   r5xx_cs_resets[k].value);
	r5xx_ring_emit(ring, R5XX_PACKET0(R5XX_CP_IB_BASE, 1));
	r5xx_ring_emit(ring, ib->gpu_addr);
	r5xx_ring_emit(ring, FIELD_PREP(R5XX_CP_IB_BUFSZ_IB1_BUFSZ,
					ib->length_dw));
}

/**
 * r5xx_ib_test - run an IB that writes a scratch register
 * @rdev: device
 *
 * Records the result in &r5xx_ib_pool.test_result.
 *
 * Return: 0, or a negative errno.
 */
int r5xx_ib_test(struct r5xx_device *rdev)
{
	u32 reg = R5XX_SCRATCH_REG(R5XX_SCRATCH_IB_TEST);
	struct r5xx_fence *hw;
	struct dma_fence *fence;
	struct r5xx_ib ib;
	long timeout;
	u32 val;
	int ret;

	r5xx_wreg(rdev, reg, R5XX_TEST_PRESET);
	ret = r5xx_ib_get(rdev, &ib, R5XX_IB_ALIGN_DW, NULL);
	if (ret)
		goto out;
	ib.ptr[ib.length_dw++] = R5XX_PACKET0(reg, 0);
	ib.ptr[ib.length_dw++] = R5XX_TEST_VALUE;
	r5xx_ib_pad(&ib);

	hw = r5xx_fence_alloc(GFP_KERNEL);
	if (!hw) {
		ret = -ENOMEM;
		goto out_free_ib;
	}
	ret = r5xx_ring_lock(rdev, R5XX_IB_EMIT_DW + R5XX_FENCE_EMIT_DW);
	if (ret) {
		r5xx_fence_free(hw);
		goto out_free_ib;
	}
	r5xx_ib_emit(rdev, &ib);
	fence = r5xx_fence_emit(rdev, hw);
	r5xx_ring_unlock_commit(rdev);

	timeout = dma_fence_wait_timeout(fence, false, R5XX_IB_TEST_TIMEOUT);
	if (timeout <= 0 || fence->error) {
		drm_err(&rdev->drm,
			"IB test failed: fence %llu %s (%d), CP rptr %u wptr %u\n",
			fence->seqno, timeout ? "error" : "timed out",
			fence->error, r5xx_ring_get_rptr(rdev), rdev->ring.wptr);
		ret = timeout < 0 ? timeout : (fence->error ?: -ETIMEDOUT);
		goto out_put_fence;
	}
	ret = read_poll_timeout(r5xx_rreg, val, val == R5XX_TEST_VALUE,
				1, R5XX_IB_TEST_US, false, rdev, reg);
	if (ret) {
		drm_err(&rdev->drm, "IB test failed: scratch 0x%08x\n", val);
		ret = -EIO;
		goto out_put_fence;
	}
	drm_info(&rdev->drm, "IB test passed\n");

out_put_fence:
	dma_fence_put(fence);
out_free_ib:
	r5xx_ib_free(rdev, &ib);
out:
	rdev->ib_pool.test_result = ret;
	return ret;
}
