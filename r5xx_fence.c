// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/slab.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: fences
 *
 * A hardware fence is a sequence number the CP writes into the fence
 * scratch register once everything before it on the ring has finished.
 * r5xx_fence_emit() puts r300_fence_ring_emit's 18 dwords on the ring:
 *
 * 1. RE_SCISSORS_TL/BR = 0, so that the scan converter and the unified
 *    shader report idle;
 * 2. flush the 3D colour cache (RB3D_DSTCACHE_CTLSTAT) and the Z cache
 *    (ZB_ZCACHE_CTLSTAT);
 * 3. WAIT_UNTIL 2D and 3D idle-and-clean and GUI DMA idle;
 * 4. invalidate the host data path read buffer through HOST_PATH_CNTL, from
 *    the ring because an MMIO write of it can hang R300;
 * 5. write the low 32 bits of the sequence number to the fence scratch
 *    register, which SCRATCH_UMSK mirrors into the writeback page;
 * 6. write SW_INT_FIRE to GEN_INT_STATUS, raising the software interrupt.
 *
 * The interrupt handler calls r5xx_fence_process(), which reads the
 * sequence number (writeback page, or the register when writeback is off),
 * extends it to 64 bits and signals every pending fence up to it. A value
 * beyond the last emitted sequence number is stale and ignored. Fences are
 * counted by who signalled them: the interrupt handler, or polling (the
 * hang check and &dma_fence_ops.signaled). After a GPU reset,
 * r5xx_fence_force_complete() signals the fences the ring lost, with an
 * error.
 */

static const char *r5xx_fence_get_driver_name(struct dma_fence *fence)
{
	return "r5xx";
}

static const char *r5xx_fence_get_timeline_name(struct dma_fence *fence)
{
	return "r5xx-cp";
}

static struct r5xx_fence *to_r5xx_fence(struct dma_fence *fence)
{
	return container_of(fence, struct r5xx_fence, base);
}

/*
 * The 64-bit sequence number the CP has reached: the 32 bits it wrote,
 * extended from the last value seen. Anything beyond the last emitted
 * sequence number is stale (for instance from before a reset).
 */
static u64 r5xx_fence_read_seq(struct r5xx_device *rdev)
{
	struct r5xx_fence_driver *fdrv = &rdev->fence;
	u64 last = atomic64_read(&fdrv->signalled_seq);
	u64 seq;

	seq = (last & ~0xffffffffULL) |
	      r5xx_ring_read_scratch(rdev, R5XX_SCRATCH_FENCE);
	if (seq < last)
		seq += 0x100000000ULL;
	if (seq > atomic64_read(&fdrv->emitted_seq))
		return last;
	return seq;
}

/*
 * May be called with the fence lock held (dma_fence_is_signaled_locked()),
 * so it must not take &r5xx_fence_driver.lock.
 */
static bool r5xx_fence_signaled(struct dma_fence *fence)
{
	struct r5xx_device *rdev = to_r5xx_fence(fence)->rdev;

	return fence->seqno <= r5xx_fence_read_seq(rdev);
}

static const struct dma_fence_ops r5xx_fence_ops = {
	.get_driver_name = r5xx_fence_get_driver_name,
	.get_timeline_name = r5xx_fence_get_timeline_name,
	.signaled = r5xx_fence_signaled,
};

/**
 * r5xx_fence_alloc - allocate a fence to emit later
 * @gfp: allocation flags
 *
 * Allocating before r5xx_ring_lock() keeps allocations out of the ring
 * critical section.  Code on the fence-signalling path (the scheduler's
 * run_job) must not wait for memory reclaim: it passes GFP_NOWAIT, or uses
 * a fence allocated earlier.
 *
 * Return: the fence, or NULL.
 */
struct r5xx_fence *r5xx_fence_alloc(gfp_t gfp)
{
	return kzalloc(sizeof(struct r5xx_fence), gfp);
}

/**
 * r5xx_fence_free - free a fence that was never emitted
 * @fence: fence from r5xx_fence_alloc()
 */
void r5xx_fence_free(struct r5xx_fence *fence)
{
	kfree(fence);
}

/**
 * r5xx_fence_emit - give a fence the next sequence number and emit it
 * @rdev: device, with the ring locked and %R5XX_FENCE_EMIT_DW dwords
 *	reserved
 * @fence: fence from r5xx_fence_alloc()
 *
 * Return: the initialised fence; the caller owns one reference.
 */
struct dma_fence *r5xx_fence_emit(struct r5xx_device *rdev,
				  struct r5xx_fence *fence)
{
	struct r5xx_fence_driver *fdrv = &rdev->fence;
	struct r5xx_ring *ring = &rdev->ring;
	unsigned long flags;
	u64 seq;

	lockdep_assert_held(&ring->lock);

	fence->rdev = rdev;
	spin_lock_irqsave(&fdrv->lock, flags);
	seq = atomic64_inc_return(&fdrv->emitted_seq);
	dma_fence_init(&fence->base, &r5xx_fence_ops, &fdrv->lock,
		       fdrv->context, seq);
	/* the pending list holds the second reference */
	dma_fence_get(&fence->base);
	list_add_tail(&fence->link, &fdrv->pending);
	spin_unlock_irqrestore(&fdrv->lock, flags);

	r5xx_ring_emit_reg(ring, R5XX_RE_SCISSORS_TL, 0);
	r5xx_ring_emit_reg(ring, R5XX_RE_SCISSORS_BR, 0);
	r5xx_ring_emit_reg(ring, R5XX_RB3D_DSTCACHE_CTLSTAT,
			   R5XX_RB3D_DSTCACHE_CTLSTAT_DC_FLUSH_FLUSH_3D_DIRTY);
	r5xx_ring_emit_reg(ring, R5XX_ZB_ZCACHE_CTLSTAT,
			   R5XX_ZB_ZCACHE_CTLSTAT_ZC_FLUSH);
	r5xx_ring_emit_reg(ring, R5XX_WAIT_UNTIL,
			   R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN |
			   R5XX_WAIT_UNTIL_WAIT_2D_IDLECLEAN |
			   R5XX_WAIT_UNTIL_WAIT_DMA_GUI_IDLE);
	r5xx_ring_emit_reg(ring, R5XX_HOST_PATH_CNTL, rdev->mc.hdp_cntl |
			   R5XX_HOST_PATH_CNTL_HDP_READ_BUFFER_INVALIDATE);
	r5xx_ring_emit_reg(ring, R5XX_HOST_PATH_CNTL, rdev->mc.hdp_cntl);
	r5xx_ring_emit_reg(ring, R5XX_SCRATCH_REG(R5XX_SCRATCH_FENCE),
			   lower_32_bits(seq));
	r5xx_ring_emit_reg(ring, R5XX_GEN_INT_STATUS,
			   R5XX_GEN_INT_STATUS_SW_INT_FIRE);

	return &fence->base;
}

/**
 * r5xx_fence_process - signal the fences the CP has passed
 * @rdev: device
 * @from_irq: called from the interrupt handler (for the statistics)
 */
void r5xx_fence_process(struct r5xx_device *rdev, bool from_irq)
{
	struct r5xx_fence_driver *fdrv = &rdev->fence;
	struct r5xx_fence *fence, *tmp;
	unsigned long flags;
	u64 seq;

	spin_lock_irqsave(&fdrv->lock, flags);
	seq = r5xx_fence_read_seq(rdev);
	atomic64_set(&fdrv->signalled_seq, seq);
	list_for_each_entry_safe(fence, tmp, &fdrv->pending, link) {
		if (fence->base.seqno > seq)
			break;
		list_del_init(&fence->link);
		/* fails if ->signaled already saw it done */
		if (!dma_fence_check_and_signal_locked(&fence->base) && from_irq)
			fdrv->by_irq++;
		else
			fdrv->by_poll++;
		dma_fence_put(&fence->base);
	}
	spin_unlock_irqrestore(&fdrv->lock, flags);
}

/**
 * r5xx_fence_force_complete - signal every pending fence with an error
 * @rdev: device
 * @error: negative errno for the fences
 *
 * Used when the ring contents are lost (GPU reset, teardown). Afterwards
 * the sequence numbers start again after the last emitted one.
 */
void r5xx_fence_force_complete(struct r5xx_device *rdev, int error)
{
	struct r5xx_fence_driver *fdrv = &rdev->fence;
	struct r5xx_fence *fence, *tmp;
	unsigned long flags;
	u64 seq;

	spin_lock_irqsave(&fdrv->lock, flags);
	list_for_each_entry_safe(fence, tmp, &fdrv->pending, link) {
		list_del_init(&fence->link);
		/* not dma_fence_is_signaled_locked(): no ->signaled here */
		if (!test_bit(DMA_FENCE_FLAG_SIGNALED_BIT,
			      &fence->base.flags)) {
			dma_fence_set_error(&fence->base, error);
			dma_fence_signal_locked(&fence->base);
			fdrv->forced++;
		}
		dma_fence_put(&fence->base);
	}
	seq = atomic64_read(&fdrv->emitted_seq);
	atomic64_set(&fdrv->signalled_seq, seq);
	spin_unlock_irqrestore(&fdrv->lock, flags);

	r5xx_ring_write_scratch(rdev, R5XX_SCRATCH_FENCE, lower_32_bits(seq));
}

/**
 * r5xx_fence_cancel - signal one fence with an error unless it is done
 * @rdev: device
 * @f: a fence from r5xx_fence_emit()
 * @error: negative errno for it
 *
 * Only the fence driver's list is touched, not the hardware.
 */
void r5xx_fence_cancel(struct r5xx_device *rdev, struct dma_fence *f,
		       int error)
{
	struct r5xx_fence_driver *fdrv = &rdev->fence;
	struct r5xx_fence *fence = to_r5xx_fence(f);
	unsigned long flags;

	spin_lock_irqsave(&fdrv->lock, flags);
	if (!list_empty(&fence->link)) {
		list_del_init(&fence->link);
		if (!test_bit(DMA_FENCE_FLAG_SIGNALED_BIT, &f->flags)) {
			dma_fence_set_error(f, error);
			dma_fence_signal_locked(f);
			fdrv->forced++;
		}
		dma_fence_put(f);
	}
	spin_unlock_irqrestore(&fdrv->lock, flags);
}

/**
 * r5xx_fence_signalled_seq - last sequence number seen completed
 * @rdev: device
 *
 * Return: the sequence number.
 */
u64 r5xx_fence_signalled_seq(struct r5xx_device *rdev)
{
	return atomic64_read(&rdev->fence.signalled_seq);
}

/**
 * r5xx_fence_init - set up the fence driver
 * @rdev: device, with the writeback page allocated
 */
void r5xx_fence_init(struct r5xx_device *rdev)
{
	struct r5xx_fence_driver *fdrv = &rdev->fence;

	spin_lock_init(&fdrv->lock);
	INIT_LIST_HEAD(&fdrv->pending);
	fdrv->context = dma_fence_context_alloc(1);
	atomic64_set(&fdrv->emitted_seq, 0);
	atomic64_set(&fdrv->signalled_seq, 0);
	r5xx_ring_write_scratch(rdev, R5XX_SCRATCH_FENCE, 0);
}

/**
 * r5xx_fence_fini - complete whatever is still pending
 * @rdev: device, with the CP stopped
 */
void r5xx_fence_fini(struct r5xx_device *rdev)
{
	r5xx_fence_force_complete(rdev, -ENODEV);
}
