// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/iopoll.h>
#include <linux/jiffies.h>
#include <linux/log2.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: ring
 *
 * The CP reads its primary command stream from a ring in GART-mapped
 * system memory (guide 5.4). The driver is the only writer; it owns the
 * write pointer and learns the CP's read pointer from the writeback page,
 * where the CP stores it through CP_RB_RPTR_ADDR, or from CP_RB_RPTR when
 * writeback is off. rptr == wptr means empty, so the driver always leaves
 * at least one dword free.
 *
 * Writers follow radeon's protocol:
 *
 * - r5xx_ring_lock() takes &r5xx_ring.lock and reserves dwords, rounded up
 *   to the 16-dword fetch alignment, waiting (up to a second) for the CP to
 *   free space;
 * - r5xx_ring_emit() writes dwords into the reservation;
 * - r5xx_ring_unlock_commit() pads with Type-2 packets to a 16-dword
 *   boundary, then publishes the write pointer in CP_RB_WPTR;
 * - r5xx_ring_unlock_undo() drops a half-built submission.
 *
 * r5xx_ring_start() emits the per-family initial state (r300_ring_start,
 * or rv515_ring_start on RV515 and the R520 family) and, on the R420
 * family, the CP resync of r420_cp_errata_init, with the guide's 3-bit
 * scratch index rather than upstream's register offset.
 *
 * r5xx_ring_test() is r100_ring_test: preset a scratch register to
 * 0xCAFEDEAD, write 0xDEADBEEF to it with a Type-0 packet, poll. It also
 * tests writeback: the scratch copy and the read pointer must reach the
 * writeback page. If they do not, writeback is switched off and the driver
 * reads CP_RB_RPTR and the scratch registers over MMIO from then on.
 */

#define R5XX_RING_SIZE		SZ_64K
#define R5XX_RING_ALIGN_DW	16
#define R5XX_RING_TEST_US	100000
#define R5XX_RING_SPACE_WAIT	HZ
#define R5XX_RING_START_DW	64

/* multisample positions: every sample at subpixel (6, 6), as upstream */
#define R5XX_MSPOS0		0x66666666
#define R5XX_MSPOS1		0x06666666

static u32 r5xx_wb_read(struct r5xx_ring *ring, unsigned int offset)
{
	__le32 *wb = ring->wb.cpu;

	return le32_to_cpu(READ_ONCE(wb[offset / 4]));
}

static void r5xx_wb_write(struct r5xx_ring *ring, unsigned int offset,
			  u32 val)
{
	__le32 *wb = ring->wb.cpu;

	WRITE_ONCE(wb[offset / 4], cpu_to_le32(val));
}

/**
 * r5xx_ring_get_rptr - the CP's read pointer
 * @rdev: device
 *
 * Return: the read pointer in dwords, from writeback or CP_RB_RPTR.
 */
u32 r5xx_ring_get_rptr(struct r5xx_device *rdev)
{
	struct r5xx_ring *ring = &rdev->ring;
	u32 rptr;

	if (ring->wb_enabled)
		rptr = r5xx_wb_read(ring, R5XX_WB_RPTR_OFFSET);
	else
		rptr = r5xx_rreg(rdev, R5XX_CP_RB_RPTR);
	return rptr & ring->ptr_mask;
}

/**
 * r5xx_ring_read_scratch - the value of a scratch register
 * @rdev: device
 * @idx: scratch register, &enum r5xx_scratch_reg
 *
 * Return: the value, from writeback or SCRATCH_REG(@idx).
 */
u32 r5xx_ring_read_scratch(struct r5xx_device *rdev, unsigned int idx)
{
	struct r5xx_ring *ring = &rdev->ring;

	if (ring->wb_enabled)
		return r5xx_wb_read(ring, R5XX_WB_SCRATCH_OFFSET + 4 * idx);
	return r5xx_rreg(rdev, R5XX_SCRATCH_REG(idx));
}

/**
 * r5xx_ring_write_scratch - set a scratch register and its writeback copy
 * @rdev: device
 * @idx: scratch register, &enum r5xx_scratch_reg
 * @val: value
 */
void r5xx_ring_write_scratch(struct r5xx_device *rdev, unsigned int idx,
			     u32 val)
{
	r5xx_wreg(rdev, R5XX_SCRATCH_REG(idx), val);
	r5xx_wb_write(&rdev->ring, R5XX_WB_SCRATCH_OFFSET + 4 * idx, val);
}

static u32 r5xx_ring_free_dw(struct r5xx_ring *ring, u32 rptr)
{
	u32 free = (rptr + ring->size_dw - ring->wptr) & ring->ptr_mask;

	return free ? free : ring->size_dw;
}

/**
 * r5xx_ring_lock - lock the ring and reserve space
 * @rdev: device
 * @ndw: dwords to reserve
 *
 * On success the caller holds &r5xx_ring.lock and must finish with
 * r5xx_ring_unlock_commit() or r5xx_ring_unlock_undo().
 *
 * Return: 0, -EINVAL for an impossible size, or -EBUSY if the CP did not
 * free enough space within a second.
 */
int r5xx_ring_lock(struct r5xx_device *rdev, unsigned int ndw)
{
	struct r5xx_ring *ring = &rdev->ring;
	unsigned long timeout = jiffies + R5XX_RING_SPACE_WAIT;

	ndw = ALIGN(ndw, R5XX_RING_ALIGN_DW);
	if (WARN_ON_ONCE(ndw >= ring->size_dw))
		return -EINVAL;

	mutex_lock(&ring->lock);
	while (r5xx_ring_free_dw(ring, r5xx_ring_get_rptr(rdev)) <= ndw) {
		if (time_after(jiffies, timeout)) {
			mutex_unlock(&ring->lock);
			drm_dbg_driver(&rdev->drm, "no ring space for %u dwords\n",
				       ndw);
			return -EBUSY;
		}
		usleep_range(10, 100);
	}
	ring->wptr_old = ring->wptr;
	ring->count_dw = ndw;
	return 0;
}

/**
 * r5xx_ring_unlock_commit - pad, publish the write pointer and unlock
 * @rdev: device
 */
void r5xx_ring_unlock_commit(struct r5xx_device *rdev)
{
	struct r5xx_ring *ring = &rdev->ring;

	lockdep_assert_held(&ring->lock);

	/* the reservation is aligned, so the padding fits in it */
	while (ring->wptr & (R5XX_RING_ALIGN_DW - 1))
		r5xx_ring_emit(ring, R5XX_PACKET2);
	ring->count_dw = 0;

	/* the ring contents must be visible before the CP sees the pointer */
	mb();
	r5xx_wreg(rdev, R5XX_CP_RB_WPTR, ring->wptr);
	r5xx_rreg(rdev, R5XX_CP_RB_WPTR);
	mutex_unlock(&ring->lock);
}

/**
 * r5xx_ring_unlock_undo - drop the reservation and unlock
 * @rdev: device
 */
void r5xx_ring_unlock_undo(struct r5xx_device *rdev)
{
	struct r5xx_ring *ring = &rdev->ring;

	lockdep_assert_held(&ring->lock);
	ring->wptr = ring->wptr_old;
	ring->count_dw = 0;
	mutex_unlock(&ring->lock);
}

/**
 * r5xx_ring_start - emit the initial 3D engine state
 * @rdev: device
 *
 * Return: 0 or a negative errno from r5xx_ring_lock().
 */
int r5xx_ring_start(struct r5xx_device *rdev)
{
	struct r5xx_ring *ring = &rdev->ring;
	bool rv515 = r5xx_has_quirk(rdev, R5XX_QUIRK_RV515_RING);
	u32 idle = R5XX_WAIT_UNTIL_WAIT_2D_IDLECLEAN |
		   R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN;
	u32 dc_purge = R5XX_RB3D_DSTCACHE_CTLSTAT_DC_FLUSH_FLUSH_3D_DIRTY |
		       R5XX_RB3D_DSTCACHE_CTLSTAT_DC_FREE_FREE_3D_TAGS;
	u32 zc_purge = R5XX_ZB_ZCACHE_CTLSTAT_ZC_FLUSH |
		       R5XX_ZB_ZCACHE_CTLSTAT_ZC_FREE;
	int ret;

	/*
	 * r5xx_cp_start() put both pointers at 0, but the CP writes its read
	 * pointer back only as it fetches: the copy may still hold where a
	 * hung CP stopped. One between 1 and R5XX_RING_START_DW would leave
	 * no room here until a fetch that cannot come (a reset failed so).
	 */
	r5xx_wb_write(ring, R5XX_WB_RPTR_OFFSET, 0);
	ret = r5xx_ring_lock(rdev, R5XX_RING_START_DW);
	if (ret)
		return ret;

	r5xx_ring_emit_reg(ring, R5XX_ISYNC_CNTL,
			   R5XX_ISYNC_CNTL_ISYNC_ANY2D_IDLE3D |
			   R5XX_ISYNC_CNTL_ISYNC_ANY3D_IDLE2D |
			   R5XX_ISYNC_CNTL_ISYNC_WAIT_IDLEGUI |
			   R5XX_ISYNC_CNTL_ISYNC_CPSCRATCH_IDLEGUI);
	if (!rv515)
		r5xx_ring_emit_reg(ring, R5XX_GB_TILE_CONFIG,
				   r5xx_chip_gb_tile_config(rdev));
	r5xx_ring_emit_reg(ring, R5XX_WAIT_UNTIL, idle);
	r5xx_ring_emit_reg(ring, R5XX_DST_PIPE_CONFIG,
			   R5XX_DST_PIPE_CONFIG_PIPE_AUTO_CONFIG);
	r5xx_ring_emit_reg(ring, R5XX_GB_SELECT, 0);
	r5xx_ring_emit_reg(ring, R5XX_GB_ENABLE, 0);
	if (rv515) {
		r5xx_ring_emit_reg(ring, R5XX_SU_REG_DEST,
				   BIT(rdev->num_gb_pipes) - 1);
		r5xx_ring_emit_reg(ring, R5XX_VAP_INDEX_OFFSET, 0);
	}
	r5xx_ring_emit_reg(ring, R5XX_RB3D_DSTCACHE_CTLSTAT, dc_purge);
	r5xx_ring_emit_reg(ring, R5XX_ZB_ZCACHE_CTLSTAT, zc_purge);
	r5xx_ring_emit_reg(ring, R5XX_WAIT_UNTIL, idle);
	r5xx_ring_emit_reg(ring, R5XX_GB_AA_CONFIG, 0);
	r5xx_ring_emit_reg(ring, R5XX_RB3D_DSTCACHE_CTLSTAT, dc_purge);
	r5xx_ring_emit_reg(ring, R5XX_ZB_ZCACHE_CTLSTAT, zc_purge);
	r5xx_ring_emit_reg(ring, R5XX_GB_MSPOS0, R5XX_MSPOS0);
	r5xx_ring_emit_reg(ring, R5XX_GB_MSPOS1, R5XX_MSPOS1);
	r5xx_ring_emit_reg(ring, R5XX_GA_ENHANCE,
			   R5XX_GA_ENHANCE_DEADLOCK_CNTL |
			   R5XX_GA_ENHANCE_FASTSYNC_CNTL);
	r5xx_ring_emit_reg(ring, R5XX_GA_POLY_MODE,
			   R5XX_GA_POLY_MODE_FRONT_PTYPE_TRIANGLE |
			   R5XX_GA_POLY_MODE_BACK_PTYPE_TRIANGLE);
	r5xx_ring_emit_reg(ring, R5XX_GA_ROUND_MODE,
			   R5XX_GA_ROUND_MODE_GEOMETRY_ROUND_NEAREST |
			   R5XX_GA_ROUND_MODE_COLOR_ROUND_NEAREST);
	if (rv515)
		r5xx_ring_emit_reg(ring, R5XX_VAP_VTX_AOS_ADDR0, 0);

	if (r5xx_has_quirk(rdev, R5XX_QUIRK_CP_RESYNC)) {
		/* RV410/R420 lock up on CP DMA to host memory with 2D busy */
		r5xx_ring_emit(ring, R5XX_PACKET0(R5XX_CP_RESYNC_ADDR, 1));
		r5xx_ring_emit(ring, R5XX_SCRATCH_RESYNC);
		r5xx_ring_emit(ring, R5XX_TEST_VALUE);
	}
	r5xx_ring_unlock_commit(rdev);
	return 0;
}

static bool r5xx_ring_wb_ok(struct r5xx_device *rdev)
{
	struct r5xx_ring *ring = &rdev->ring;
	u32 wb_rptr = r5xx_wb_read(ring, R5XX_WB_RPTR_OFFSET);
	u32 wb_scratch = r5xx_wb_read(ring, R5XX_WB_SCRATCH_OFFSET +
				      4 * R5XX_SCRATCH_RING_TEST);

	return wb_scratch == R5XX_TEST_VALUE &&
	       wb_rptr == r5xx_rreg(rdev, R5XX_CP_RB_RPTR);
}

/**
 * r5xx_ring_test - check that the CP executes packets from the ring
 * @rdev: device
 *
 * Also checks writeback and falls back to MMIO reads if it fails.
 * Records the result in &r5xx_ring.test_result and &r5xx_ring.ready.
 *
 * Return: 0, or -EIO if the CP did not execute the packet.
 */
int r5xx_ring_test(struct r5xx_device *rdev)
{
	struct r5xx_ring *ring = &rdev->ring;
	u32 reg = R5XX_SCRATCH_REG(R5XX_SCRATCH_RING_TEST);
	u32 val;
	bool ok;
	int ret;

	r5xx_wreg(rdev, reg, R5XX_TEST_PRESET);
	r5xx_wb_write(ring, R5XX_WB_SCRATCH_OFFSET +
		      4 * R5XX_SCRATCH_RING_TEST, R5XX_TEST_PRESET);

	ret = r5xx_ring_lock(rdev, 2);
	if (ret)
		goto out;
	r5xx_ring_emit_reg(ring, reg, R5XX_TEST_VALUE);
	r5xx_ring_unlock_commit(rdev);

	ret = read_poll_timeout(r5xx_rreg, val, val == R5XX_TEST_VALUE,
				1, R5XX_RING_TEST_US, false, rdev, reg);
	if (ret) {
		drm_err(&rdev->drm,
			"ring test failed: scratch 0x%08x, rptr %u, wptr %u, RBBM_STATUS 0x%08x\n",
			val, r5xx_rreg(rdev, R5XX_CP_RB_RPTR), ring->wptr,
			r5xx_rreg(rdev, R5XX_RBBM_STATUS));
		ret = -EIO;
		goto out;
	}

	if (ring->wb_enabled &&
	    read_poll_timeout(r5xx_ring_wb_ok, ok, ok, 1, R5XX_RING_TEST_US,
			      false, rdev)) {
		drm_warn(&rdev->drm,
			 "writeback test failed (scratch 0x%08x, rptr %u, want %u); reading the CP over MMIO\n",
			 r5xx_wb_read(ring, R5XX_WB_SCRATCH_OFFSET +
				      4 * R5XX_SCRATCH_RING_TEST),
			 r5xx_wb_read(ring, R5XX_WB_RPTR_OFFSET),
			 r5xx_rreg(rdev, R5XX_CP_RB_RPTR));
		r5xx_cp_writeback_disable(rdev);
	}
	drm_info(&rdev->drm, "ring test passed (writeback %s)\n",
		 ring->wb_enabled ? "on" : "off");
out:
	ring->test_result = ret;
	ring->ready = !ret;
	return ret;
}

/**
 * r5xx_ring_init - allocate the writeback page and the ring
 * @rdev: device
 *
 * Both are bound at the start of the GTT range.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_ring_init(struct r5xx_device *rdev)
{
	struct r5xx_ring *ring = &rdev->ring;
	int ret;

	mutex_init(&ring->lock);
	ret = r5xx_kbuf_init(rdev, &ring->wb, SZ_4K);
	if (ret)
		goto err_mutex;
	ret = r5xx_kbuf_init(rdev, &ring->buf, R5XX_RING_SIZE);
	if (ret)
		goto err_free_wb;

	ring->size_dw = R5XX_RING_SIZE / 4;
	ring->ptr_mask = ring->size_dw - 1;
	ring->rb_bufsz = order_base_2(R5XX_RING_SIZE / 8);
	ring->wb_enabled = rdev->config.writeback;
	return 0;

err_free_wb:
	r5xx_kbuf_fini(rdev, &ring->wb);
err_mutex:
	mutex_destroy(&ring->lock);
	return ret;
}

/**
 * r5xx_ring_fini - free the ring and the writeback page
 * @rdev: device
 *
 * The CP must be stopped.
 */
void r5xx_ring_fini(struct r5xx_device *rdev)
{
	struct r5xx_ring *ring = &rdev->ring;

	r5xx_kbuf_fini(rdev, &ring->buf);
	r5xx_kbuf_fini(rdev, &ring->wb);
	mutex_destroy(&ring->lock);
}
