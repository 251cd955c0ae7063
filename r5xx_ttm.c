// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/dma-resv.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_managed.h>
#include <drm/drm_prime.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>
#include <drm/ttm/ttm_device.h>
#include <drm/ttm/ttm_placement.h>
#include <drm/ttm/ttm_pool.h>
#include <drm/ttm/ttm_range_manager.h>
#include <drm/ttm/ttm_resource.h>
#include <drm/ttm/ttm_tt.h>

#include "r5xx_drv.h"

/**
 * DOC: memory management
 *
 * Buffer objects are TTM buffer objects with an embedded GEM object, as in
 * upstream radeon. Three placements exist:
 *
 * - VRAM (%TTM_PL_VRAM): a range manager over all of VRAM. The GART table
 *   lives in VRAM too; it is kept out of reach by a pinned kernel buffer
 *   object placed exactly over it, which also makes it count as pinned
 *   VRAM for GEM_INFO, as upstream's table object does. The CPU reaches
 *   VRAM through BAR 0 with a write-combined mapping
 *   (&ttm_device_funcs.io_mem_reserve); a CPU fault on a buffer outside the
 *   visible part first moves it into the visible part, or into GTT if that
 *   fails (r5xx_bo_fault_reserve()).
 * - GTT (%TTM_PL_TT): a range manager over the GTT range minus the kernel
 *   buffers at its start (ring, IB pool, writeback page). Pages come from
 *   the TTM pool, cached (all r5xx memory is snooped), and are bound into
 *   the GART with r5xx_gart_bind() when a buffer moves into GTT.
 * - system memory (%TTM_PL_SYSTEM): unbound pages.
 *
 * Evictions go VRAM to GTT and GTT to system memory. A move that copies
 * data is a CPU copy (ttm_bo_move_memcpy()), after the GPU has finished
 * with the buffer; moves between GTT and system memory only bind or unbind
 * the pages.
 *
 * No buffer shows a previous owner's data: GTT and system pages come
 * zeroed from the pool, and a new buffer placed in VRAM is cleared by the
 * GPU (2D solid fills, whose fence the buffer's reservation holds as a
 * kernel fence, which CPU faults, moves and later submissions wait for).
 * The CPU clears small buffers in the visible part through the aperture
 * instead, and all of them while the GPU cannot run fills (no CP,
 * scheduler stopped). The module parameter vis_vramlimit shrinks the
 * visible part so that tests reach VRAM the CPU cannot clear on the model,
 * whose aperture shows all of VRAM.
 *
 * Buffers imported from another device's dma-buf (r5xx_prime.c) are
 * %ttm_bo_type_sg objects: their pages are the exporter's scatter list,
 * bound into the GART like any other, never freed or swapped here.
 * GEM_USERPTR buffers (r5xx_userptr.c) are the same for TTM
 * (%TTM_TT_FLAG_EXTERNAL), but their pages are the user's, pinned when
 * they are bound into the GART and unpinned when they are unbound.
 *
 * The resource managers print their state to the debugfs files
 * r5xx_vram_mm and r5xx_gtt_mm.
 *
 * Buffer objects can outlive the device: a process may keep its file
 * after the device is unbound.  At the unplug r5xx_ttm_fini() moves every
 * buffer out of VRAM and GTT while the hardware is still there (what VRAM
 * held is dropped, not copied: nothing can read it any more, CPU faults
 * get a dummy page) and stops TTM from placing buffers there; TTM itself,
 * with the system memory placement and its page pool, goes with the DRM
 * device (r5xx_ttm_release()), once the last buffer object is freed.
 */

/**
 * struct r5xx_ttm_tt - the pages of a buffer object and their GART binding
 * @ttm: TTM page array
 * @bound: the pages are bound into the GART
 * @offset: GTT byte offset of the binding (relative to the GTT range)
 * @userptr: the user memory of a GEM_USERPTR buffer, valid if @is_userptr
 * @is_userptr: the pages are user memory, pinned while bound
 */
struct r5xx_ttm_tt {
	struct ttm_tt ttm;
	bool bound;
	u64 offset;
	struct r5xx_userptr userptr;
	bool is_userptr;
};

static struct r5xx_device *bdev_to_r5xx(struct ttm_device *bdev)
{
	return container_of(bdev, struct r5xx_device, mm.bdev);
}

static struct ttm_tt *r5xx_ttm_tt_create(struct ttm_buffer_object *tbo,
					 u32 page_flags)
{
	struct r5xx_ttm_tt *gtt;

	gtt = kzalloc(sizeof(*gtt), GFP_KERNEL);
	if (!gtt)
		return NULL;
	if (ttm_sg_tt_init(&gtt->ttm, tbo, page_flags, ttm_cached)) {
		kfree(gtt);
		return NULL;
	}
	return &gtt->ttm;
}

static void r5xx_ttm_tt_gart_unbind(struct r5xx_device *rdev,
				    struct ttm_tt *ttm)
{
	struct r5xx_ttm_tt *gtt = container_of(ttm, struct r5xx_ttm_tt, ttm);

	if (!gtt->bound)
		return;
	r5xx_gart_unbind(rdev, gtt->offset, ttm->num_pages);
	gtt->bound = false;
}

/* Out of the GART; user pages are unpinned too. */
static void r5xx_ttm_tt_unbind(struct r5xx_device *rdev, struct ttm_tt *ttm)
{
	struct r5xx_ttm_tt *gtt = container_of(ttm, struct r5xx_ttm_tt, ttm);

	r5xx_ttm_tt_gart_unbind(rdev, ttm);
	if (gtt->is_userptr)
		r5xx_userptr_unpin(rdev, &gtt->userptr, ttm);
}

static int r5xx_ttm_tt_bind(struct r5xx_device *rdev, struct ttm_tt *ttm,
			    struct ttm_resource *res)
{
	struct r5xx_ttm_tt *gtt = container_of(ttm, struct r5xx_ttm_tt, ttm);
	u64 offset = rdev->mm.gtt_reserved + ((u64)res->start << PAGE_SHIFT);
	int ret;

	if (gtt->bound && gtt->offset == offset)
		return 0;
	r5xx_ttm_tt_gart_unbind(rdev, ttm);
	if (!ttm->dma_address)
		return -EINVAL;
	if (gtt->is_userptr) {
		ret = r5xx_userptr_pin(rdev, &gtt->userptr, ttm);
		if (ret)
			return ret;
	}
	ret = r5xx_gart_bind(rdev, offset, ttm->num_pages, ttm->dma_address);
	if (ret)
		return ret;
	gtt->offset = offset;
	gtt->bound = true;
	return 0;
}

/*
 * Pages from the TTM pool, or from an imported dma-buf's scatter list;
 * a user pointer buffer's pages are pinned when they are bound.
 */
static int r5xx_ttm_tt_populate(struct ttm_device *bdev, struct ttm_tt *ttm,
				struct ttm_operation_ctx *ctx)
{
	struct r5xx_ttm_tt *gtt = container_of(ttm, struct r5xx_ttm_tt, ttm);

	if (!(ttm->page_flags & TTM_TT_FLAG_EXTERNAL))
		return ttm_pool_alloc(&bdev->pool, ttm, ctx);
	if (gtt->is_userptr)
		return 0;
	if (!ttm->sg)
		return -EINVAL;
	return drm_prime_sg_to_dma_addr_array(ttm->sg, ttm->dma_address,
					      ttm->num_pages);
}

static void r5xx_ttm_tt_unpopulate(struct ttm_device *bdev, struct ttm_tt *ttm)
{
	/* an imported dma-buf's pages belong to its exporter, user pages to the user */
	if (!(ttm->page_flags & TTM_TT_FLAG_EXTERNAL))
		ttm_pool_free(&bdev->pool, ttm);
}

static void r5xx_ttm_tt_destroy(struct ttm_device *bdev, struct ttm_tt *ttm)
{
	struct r5xx_ttm_tt *gtt = container_of(ttm, struct r5xx_ttm_tt, ttm);

	r5xx_ttm_tt_unbind(bdev_to_r5xx(bdev), ttm);
	ttm_tt_fini(ttm);
	kfree(gtt);
}

static void r5xx_evict_flags(struct ttm_buffer_object *tbo,
			     struct ttm_placement *placement)
{
	static const struct ttm_place sys = { .mem_type = TTM_PL_SYSTEM };
	struct r5xx_bo *bo = to_r5xx_bo(&tbo->base);

	if (tbo->resource->mem_type == TTM_PL_VRAM &&
	    tbo->type != ttm_bo_type_kernel &&
	    !drm_dev_is_unplugged(tbo->base.dev)) {
		/* to GTT; system memory if GTT is full too */
		r5xx_bo_placement(bo, RADEON_GEM_DOMAIN_GTT |
				  RADEON_GEM_DOMAIN_CPU);
		*placement = bo->placement;
		return;
	}
	r5xx_ttm_placement_set(placement, &sys, 1);
}

/*
 * The GPU clears VRAM the CPU cannot reach with 2D solid fills of 32-bit
 * pixels, R5XX_CLEAR_PITCH bytes a row and at most R5XX_CLEAR_ROWS rows a
 * fill (14-bit coordinates), then a last row of what is left (a buffer is
 * whole pages, so rows of 4-byte pixels always fit).
 */
#define R5XX_CLEAR_PITCH	SZ_8K
#define R5XX_CLEAR_ROWS		4096
#define R5XX_CLEAR_SETUP_DW	8
#define R5XX_CLEAR_FILL_DW	6
#define R5XX_CLEAR_GMC	(R5XX_DP_GUI_MASTER_CNTL_DST_PITCH_OFFSET_CNTL | \
			 FIELD_PREP(R5XX_DP_GUI_MASTER_CNTL_BRUSH_DATATYPE, 13) | \
			 FIELD_PREP(R5XX_DP_GUI_MASTER_CNTL_DST_DATATYPE, 6) | \
			 FIELD_PREP(R5XX_DP_GUI_MASTER_CNTL_SRC_DATATYPE, 3) | \
			 FIELD_PREP(R5XX_DP_GUI_MASTER_CNTL_ROP3, 0xf0) | \
			 R5XX_DP_GUI_MASTER_CNTL_CLR_CMP_FCN_DIS | \
			 R5XX_DP_GUI_MASTER_CNTL_WR_MSK_DIS)

static void r5xx_clear_reg(struct r5xx_ib *ib, u32 reg, u32 val)
{
	ib->ptr[ib->length_dw++] = R5XX_PACKET0(reg, 0);
	ib->ptr[ib->length_dw++] = val;
}

/*
 * Clear the VRAM @new_mem of a new buffer with the 2D engine, through the
 * kernel's scheduler entity, before the buffer takes it (so that a
 * failure leaves the buffer as it was, for TTM to free @new_mem); the
 * fence goes into the buffer's reservation as a kernel fence, which every
 * later user waits for: CPU mappings and moves (TTM), command submissions
 * (implicit synchronisation), GEM_WAIT_IDLE.
 * Every register the fill depends on is set: user streams leave the 2D
 * state as they like (solid brush, ROP3 PATCOPY, 32 bpp, no colour compare
 * and no write mask, the default scissor at its widest, and no tiling in
 * DST_PITCH_OFFSET).
 */
static int r5xx_bo_clear_vram_gpu(struct r5xx_device *rdev,
				  struct ttm_buffer_object *tbo,
				  const struct ttm_resource *new_mem)
{
	u64 addr = rdev->mc.vram_start + ((u64)new_mem->start << PAGE_SHIFT);
	u64 left = tbo->base.size;
	u32 fills = div_u64(left, R5XX_CLEAR_PITCH * R5XX_CLEAR_ROWS) + 2;
	struct dma_fence *fence;
	struct r5xx_job *job;
	struct r5xx_ib *ib;
	int ret;

	ret = dma_resv_reserve_fences(tbo->base.resv, 1);
	if (ret)
		return ret;
	job = r5xx_job_create(rdev, &rdev->sched.kernel_entity,
			      R5XX_CLEAR_SETUP_DW + fills * R5XX_CLEAR_FILL_DW,
			      NULL, 0);
	if (IS_ERR(job))
		return PTR_ERR(job);
	ib = &job->ib;
	r5xx_clear_reg(ib, R5XX_DP_GUI_MASTER_CNTL, R5XX_CLEAR_GMC);
	r5xx_clear_reg(ib, R5XX_DP_BRUSH_FRGD_CLR, 0);
	r5xx_clear_reg(ib, R5XX_DP_CNTL, R5XX_DP_CNTL_DST_Y_TOP_TO_BOTTOM |
		       R5XX_DP_CNTL_DST_X_LEFT_TO_RIGHT);
	r5xx_clear_reg(ib, R5XX_DEFAULT_SC_BOTTOM_RIGHT,
		       R5XX_DEFAULT_SC_BOTTOM_RIGHT_DEFAULT_SC_BOTTOM |
		       R5XX_DEFAULT_SC_BOTTOM_RIGHT_DEFAULT_SC_RIGHT);
	while (left) {
		u32 rows = min_t(u64, div_u64(left, R5XX_CLEAR_PITCH),
				 R5XX_CLEAR_ROWS);
		u32 width = rows ? R5XX_CLEAR_PITCH / 4 : (u32)left / 4;
		u64 bytes = rows ? (u64)rows * R5XX_CLEAR_PITCH : left;

		rows = max(rows, 1u);
		r5xx_clear_reg(ib, R5XX_DST_PITCH_OFFSET,
			       FIELD_PREP(R5XX_DST_PITCH_OFFSET_PITCH,
					  R5XX_CLEAR_PITCH / 64) |
			       FIELD_PREP(R5XX_DST_PITCH_OFFSET_OFFSET,
					  addr >> 10));
		r5xx_clear_reg(ib, R5XX_DST_Y_X, 0);
		r5xx_clear_reg(ib, R5XX_DST_HEIGHT_WIDTH,
			       FIELD_PREP(R5XX_DST_HEIGHT_WIDTH_HEIGHT, rows) |
			       FIELD_PREP(R5XX_DST_HEIGHT_WIDTH_WIDTH, width));
		addr += bytes;
		left -= bytes;
	}
	r5xx_ib_pad(ib);
	fence = r5xx_job_push(job);
	dma_resv_add_fence(tbo->base.resv, fence, DMA_RESV_USAGE_KERNEL);
	dma_fence_put(fence);
	return 0;
}

/*
 * Up to this size a new buffer in visible VRAM is cleared by the CPU: a
 * fill job costs one trip through the scheduler and an interrupt (about
 * 75 us on the model), the CPU writes 64 KiB through the aperture in
 * about as long.
 */
#define R5XX_CLEAR_CPU_MAX	SZ_64K

/*
 * The GPU clears a new buffer @tbo placed at @new_mem: it is large, or
 * the CPU cannot reach it, and acceleration works and the scheduler runs.
 */
static bool r5xx_bo_gpu_clears(struct r5xx_device *rdev,
			       const struct ttm_buffer_object *tbo,
			       const struct ttm_resource *new_mem)
{
	u64 end = ((u64)new_mem->start << PAGE_SHIFT) + tbo->base.size;

	return (tbo->base.size > R5XX_CLEAR_CPU_MAX ||
		end > rdev->mc.visible_vram_size) &&
	       rdev->accel_working && READ_ONCE(rdev->sched.ready);
}

/*
 * A new userspace buffer placed in VRAM starts cleared, as a new one in
 * GTT does (TTM allocates its pages zeroed) and as TTM's own memcpy move
 * clears a destination that has nothing to copy from. The GPU clears it,
 * r5xx_bo_clear_vram_gpu(), unless it is small and visible
 * (R5XX_CLEAR_CPU_MAX): a CPU clear through the aperture costs the
 * submitter the whole write (about 1.2 ms a MiB on the model), a fill costs
 * one job. Small buffers, and without acceleration (no CP, or the
 * scheduler not yet or no longer running) all buffers in the visible part,
 * the CPU clears here, 1 MiB at a time. VRAM beyond it is then left as it
 * is: nothing can read it either, since only the GPU reaches that VRAM and
 * a CPU access first moves the buffer (with a CPU copy, which cannot read
 * there). Kernel buffers are the driver's to fill: one is placed over the
 * live GART table.
 *
 * Both clears run on @new_mem before the buffer takes it, from
 * r5xx_bo_move(): if one fails, the move fails with the buffer as it was
 * and TTM frees @new_mem (ttm_bo_move_buffer()); once ttm_bo_move_null()
 * has made @new_mem the buffer's resource, a failure would have TTM free
 * the buffer's own resource, and free it again with the buffer. So the
 * CPU clear maps @new_mem's range itself (the kernel's mapping of the
 * visible VRAM, or an ioremap per chunk as TTM's kmap would) instead of
 * mapping the buffer.
 */
static int r5xx_bo_clear_vram_cpu(struct r5xx_device *rdev,
				  const struct ttm_buffer_object *tbo,
				  const struct ttm_resource *new_mem)
{
	u64 start = (u64)new_mem->start << PAGE_SHIFT;
	u64 size = tbo->base.size, done, n;
	void __iomem *map;

	if (start + size > rdev->mc.visible_vram_size)
		return 0;
	for (done = 0; done < size; done += n) {
		n = min_t(u64, SZ_1M, size - done);
		if (rdev->mm.vram_kaddr) {
			memset_io(rdev->mm.vram_kaddr + start + done, 0, n);
			continue;
		}
		map = ioremap_wc(rdev->mc.aper_base + start + done, n);
		if (!map)
			return -ENOMEM;
		memset_io(map, 0, n);
		iounmap(map);
	}
	return 0;
}

/* Clear a new user buffer's VRAM @new_mem, by the GPU or the CPU. */
static int r5xx_bo_clear_new_vram(struct r5xx_device *rdev,
				  struct ttm_buffer_object *tbo,
				  const struct ttm_resource *new_mem)
{
	/* debugfs r5xx_fail_vram_clears: a failed clear, for the tests */
	if (atomic_dec_if_positive(&rdev->mm.fail_vram_clears) >= 0)
		return -ENOMEM;
	if (r5xx_bo_gpu_clears(rdev, tbo, new_mem))
		return r5xx_bo_clear_vram_gpu(rdev, tbo, new_mem);
	return r5xx_bo_clear_vram_cpu(rdev, tbo, new_mem);
}

static int r5xx_bo_move(struct ttm_buffer_object *tbo, bool evict,
			struct ttm_operation_ctx *ctx,
			struct ttm_resource *new_mem, struct ttm_place *hop)
{
	struct r5xx_device *rdev = bdev_to_r5xx(tbo->bdev);
	struct r5xx_bo *bo = to_r5xx_bo(&tbo->base);
	struct ttm_resource *old_mem = tbo->resource;
	int ret;

	/* a user pointer buffer cannot leave GTT and system memory */
	if (bo->userptr && new_mem->mem_type == TTM_PL_VRAM)
		return -EINVAL;

	/*
	 * Moves copy with the CPU: let the GPU finish with the buffer first.
	 * Not at the unplug, after r5xx_ttm_fini() stopped using the hardware:
	 * the GPU is stopped then, the moves out of its memory copy nothing,
	 * and the fences left are those of jobs that will never run
	 * (r5xx_sched_fini()) and of other devices, which our GART and VRAM
	 * no longer concern.
	 */
	if (rdev->mm.ready) {
		ret = ttm_bo_wait_ctx(tbo, ctx);
		if (ret)
			return ret;
	}

	/* the surface register covers the old range (radeon_bo_move_notify) */
	r5xx_surface_move_notify(bo);
	if (new_mem->mem_type == TTM_PL_TT) {
		ret = r5xx_ttm_tt_bind(rdev, tbo->ttm, new_mem);
		if (ret)
			return ret;
	}

	/*
	 * A new buffer: nothing to copy, VRAM to clear. There is no old
	 * memory to hand to a ghost object (ttm_bo_move_accel_cleanup()), so
	 * the clear's fence only goes into the reservation.
	 */
	if (!old_mem ||
	    (old_mem->mem_type == TTM_PL_SYSTEM && !tbo->ttm)) {
		if (new_mem->mem_type == TTM_PL_VRAM &&
		    tbo->type == ttm_bo_type_device) {
			ret = r5xx_bo_clear_new_vram(rdev, tbo, new_mem);
			/* TTM frees new_mem: the buffer must not point to it */
			if (ret)
				return ret;
		}
		ttm_bo_move_null(tbo, new_mem);
		return 0;
	}
	if (old_mem->mem_type == TTM_PL_SYSTEM &&
	    new_mem->mem_type == TTM_PL_TT) {
		ttm_bo_move_null(tbo, new_mem);
		return 0;
	}
	if (old_mem->mem_type == TTM_PL_TT &&
	    new_mem->mem_type == TTM_PL_SYSTEM) {
		r5xx_ttm_tt_unbind(rdev, tbo->ttm);
		ttm_bo_move_null(tbo, new_mem);
		return 0;
	}
	/* unplugged: VRAM goes with the device, and what it held with it */
	if (old_mem->mem_type == TTM_PL_VRAM &&
	    new_mem->mem_type == TTM_PL_SYSTEM &&
	    drm_dev_is_unplugged(&rdev->drm)) {
		ttm_bo_move_null(tbo, new_mem);
		return 0;
	}

	ret = ttm_bo_move_memcpy(tbo, ctx, new_mem);
	if (ret)
		return ret;
	atomic64_add(tbo->base.size, &rdev->mm.bytes_moved);
	return 0;
}

static int r5xx_io_mem_reserve(struct ttm_device *bdev,
			       struct ttm_resource *mem)
{
	struct r5xx_device *rdev = bdev_to_r5xx(bdev);
	u64 start = (u64)mem->start << PAGE_SHIFT;
	u64 size = r5xx_ttm_resource_size(mem);

	switch (mem->mem_type) {
	case TTM_PL_SYSTEM:
	case TTM_PL_TT:
		return 0;
	case TTM_PL_VRAM:
		/* only the CPU-visible part of VRAM can be mapped */
		if (start + size > rdev->mc.visible_vram_size)
			return -EINVAL;
		mem->bus.offset = rdev->mc.aper_base + start;
		mem->bus.is_iomem = true;
		mem->bus.caching = ttm_write_combined;
		/* premapped: TTM maps it without an ioremap of its own */
		if (rdev->mm.vram_kaddr)
			mem->bus.addr = (u8 __force *)rdev->mm.vram_kaddr + start;
		return 0;
	default:
		return -EINVAL;
	}
}

static void r5xx_delete_mem_notify(struct ttm_buffer_object *tbo)
{
	r5xx_surface_move_notify(to_r5xx_bo(&tbo->base));
}

static struct ttm_device_funcs r5xx_ttm_funcs = {
	.ttm_tt_create = r5xx_ttm_tt_create,
	.ttm_tt_populate = r5xx_ttm_tt_populate,
	.ttm_tt_unpopulate = r5xx_ttm_tt_unpopulate,
	.ttm_tt_destroy = r5xx_ttm_tt_destroy,
	.eviction_valuable = ttm_bo_eviction_valuable,
	.evict_flags = r5xx_evict_flags,
	.move = r5xx_bo_move,
	.delete_mem_notify = r5xx_delete_mem_notify,
	.io_mem_reserve = r5xx_io_mem_reserve,
};

/**
 * r5xx_ttm_tt_set_userptr - make a new buffer object a user pointer buffer
 * @bo: buffer object just created in the CPU domain, not yet visible to
 *	userspace
 * @addr: user address of the first page, in the current address space
 * @flags: %RADEON_GEM_USERPTR_* flags
 *
 * Return: 0, or -EINVAL if the buffer has no &ttm_tt.
 */
int r5xx_ttm_tt_set_userptr(struct r5xx_bo *bo, unsigned long addr,
			    u32 flags)
{
	struct ttm_tt *ttm = bo->tbo.ttm;
	struct r5xx_ttm_tt *gtt;

	if (!ttm || ttm_tt_is_populated(ttm))
		return -EINVAL;
	gtt = container_of(ttm, struct r5xx_ttm_tt, ttm);
	gtt->userptr = (struct r5xx_userptr) {
		.addr = addr,
		.mm = current->mm,
		.flags = flags,
		.notifier = &bo->notifier,
	};
	gtt->is_userptr = true;
	/* TTM neither allocates, swaps nor frees these pages */
	ttm->page_flags |= TTM_TT_FLAG_EXTERNAL;
	bo->userptr = true;
	return 0;
}

/**
 * r5xx_bo_userptr_owned - whether the current address space made a buffer
 * @bo: reserved buffer object
 *
 * Return: true for a buffer that is not a user pointer buffer, or one
 * created by the current address space.
 */
bool r5xx_bo_userptr_owned(struct r5xx_bo *bo)
{
	struct r5xx_ttm_tt *gtt;

	dma_resv_assert_held(bo->tbo.base.resv);
	if (!bo->userptr || !bo->tbo.ttm)
		return !bo->userptr;
	gtt = container_of(bo->tbo.ttm, struct r5xx_ttm_tt, ttm);
	return gtt->userptr.mm == current->mm;
}

/**
 * r5xx_bo_userptr - the user memory behind a GEM_USERPTR buffer
 * @bo: buffer object
 *
 * Return: the buffer's &struct r5xx_userptr, or NULL if @bo is not a user
 * pointer buffer.
 */
struct r5xx_userptr *r5xx_bo_userptr(struct r5xx_bo *bo)
{
	if (!bo->userptr || !bo->tbo.ttm)
		return NULL;
	return &container_of(bo->tbo.ttm, struct r5xx_ttm_tt, ttm)->userptr;
}

/**
 * r5xx_bo_placement - fill in a buffer object's placement from GEM domains
 * @bo: buffer object
 * @domain: %RADEON_GEM_DOMAIN_* bits; 0 means system memory
 *
 * Follows radeon_ttm_placement_from_domain: VRAM first, then GTT, then
 * system memory. %RADEON_GEM_CPU_ACCESS keeps a VRAM buffer in the visible
 * part; %RADEON_GEM_NO_CPU_ACCESS prefers the invisible part if there is
 * one.
 */
void r5xx_bo_placement(struct r5xx_bo *bo, u32 domain)
{
	struct r5xx_device *rdev = to_r5xx(bo->tbo.base.dev);
	u32 visible = rdev->mc.visible_vram_size >> PAGE_SHIFT;
	unsigned int c = 0;

	if (domain & RADEON_GEM_DOMAIN_VRAM) {
		if ((bo->flags & RADEON_GEM_NO_CPU_ACCESS) &&
		    rdev->mc.visible_vram_size < rdev->mc.real_vram_size) {
			bo->places[c++] = (struct ttm_place) {
				.fpfn = visible,
				.mem_type = TTM_PL_VRAM,
			};
		}
		bo->places[c++] = (struct ttm_place) {
			.lpfn = (bo->flags & RADEON_GEM_CPU_ACCESS) ? visible : 0,
			.mem_type = TTM_PL_VRAM,
		};
	}
	if (domain & RADEON_GEM_DOMAIN_GTT)
		bo->places[c++] = (struct ttm_place) { .mem_type = TTM_PL_TT };
	if ((domain & RADEON_GEM_DOMAIN_CPU) || !c)
		bo->places[c++] = (struct ttm_place) {
			.mem_type = TTM_PL_SYSTEM,
		};

	r5xx_ttm_placement_set(&bo->placement, bo->places, c);
}

/**
 * r5xx_bo_validate_domain - move a reserved buffer object into GEM domains
 * @bo: buffer object, reserved
 * @domain: %RADEON_GEM_DOMAIN_* bits, as for r5xx_bo_placement()
 * @interruptible: a signal may interrupt the waits of the move
 *
 * Sets the buffer's placement from @domain and validates it there: the
 * first placement with room wins, evicting other buffers if need be.
 *
 * Return: 0 or a negative errno of ttm_bo_validate().
 */
int r5xx_bo_validate_domain(struct r5xx_bo *bo, u32 domain,
			    bool interruptible)
{
	struct ttm_operation_ctx ctx = { .interruptible = interruptible };

	r5xx_bo_placement(bo, domain);
	return ttm_bo_validate(&bo->tbo, &bo->placement, &ctx);
}

static void r5xx_bo_destroy(struct ttm_buffer_object *tbo)
{
	struct r5xx_bo *bo = to_r5xx_bo(&tbo->base);

	r5xx_surface_move_notify(bo);
	if (tbo->base.import_attach)
		drm_prime_gem_destroy(&tbo->base, tbo->sg);
	drm_gem_object_release(&tbo->base);
	kfree(bo);
}

/**
 * r5xx_bo_create - create a buffer object
 * @rdev: device
 * @bp: size, alignment, placement, type and backing of the object
 * @out: the new object, with one GEM reference
 *
 * Return: 0 or a negative errno (-ENOMEM when memory runs out).
 */
int r5xx_bo_create(struct r5xx_device *rdev, const struct r5xx_bo_param *bp,
		   struct r5xx_bo **out)
{
	struct ttm_operation_ctx ctx = {
		.interruptible = bp->type != ttm_bo_type_kernel,
		/* fail with -ENOMEM rather than wake the OOM killer */
		.gfp_retry_mayfail = true,
	};
	struct r5xx_bo *bo;
	int ret;

	bo = kzalloc(sizeof(*bo), GFP_KERNEL);
	if (!bo)
		return -ENOMEM;
	drm_gem_private_object_init(&rdev->drm, &bo->tbo.base, bp->size);
	bo->tbo.base.funcs = &r5xx_gem_object_funcs;
	bo->initial_domain = bp->domain & (RADEON_GEM_DOMAIN_VRAM |
					   RADEON_GEM_DOMAIN_GTT |
					   RADEON_GEM_DOMAIN_CPU);
	bo->flags = bp->flags;
	bo->surface_reg = -1;
	r5xx_bo_placement(bo, bp->domain);
	if (bp->place) {
		bo->places[0] = *bp->place;
		r5xx_ttm_placement_set(&bo->placement, bo->places, 1);
	}

	/* on failure, ttm_bo_init_reserved() calls r5xx_bo_destroy() */
	ret = ttm_bo_init_reserved(&rdev->mm.bdev, &bo->tbo, bp->type,
				   &bo->placement, bp->byte_align >> PAGE_SHIFT,
				   &ctx, bp->sg, bp->resv, r5xx_bo_destroy);
	if (ret)
		return ret;
	if (!bp->resv)
		ttm_bo_unreserve(&bo->tbo);
	*out = bo;
	return 0;
}

/**
 * r5xx_bo_gpu_offset - MC address of a buffer object
 * @bo: buffer object, reserved, in VRAM or GTT
 *
 * Return: the MC address of the first byte.
 */
u64 r5xx_bo_gpu_offset(struct r5xx_bo *bo)
{
	struct r5xx_device *rdev = to_r5xx(bo->tbo.base.dev);
	struct ttm_resource *res = bo->tbo.resource;
	u64 start = (u64)res->start << PAGE_SHIFT;

	if (res->mem_type == TTM_PL_TT)
		return rdev->mc.gtt_start + rdev->mm.gtt_reserved + start;
	return rdev->mc.vram_start + start;
}

/**
 * r5xx_bo_fault_reserve - make a reserved buffer object CPU-accessible
 * @bo: buffer object, reserved
 *
 * As radeon_bo_fault_reserve_notify: a buffer in invisible VRAM moves to
 * visible VRAM, or to GTT if visible VRAM is full. Then a surface register
 * is set up if the buffer needs one.
 *
 * Return: 0 or a VM_FAULT_* code.
 */
static vm_fault_t r5xx_bo_fault_reserve(struct r5xx_bo *bo)
{
	struct r5xx_device *rdev = to_r5xx(bo->tbo.base.dev);
	struct ttm_operation_ctx ctx = { .interruptible = false };
	struct ttm_resource *res = bo->tbo.resource;
	u64 end;
	int ret;

	if (res->mem_type != TTM_PL_VRAM)
		return 0;
	end = ((u64)res->start << PAGE_SHIFT) + r5xx_ttm_resource_size(res);
	if (end > rdev->mc.visible_vram_size) {
		if (bo->tbo.pin_count)
			return VM_FAULT_SIGBUS;
		r5xx_bo_placement(bo, RADEON_GEM_DOMAIN_VRAM);
		bo->places[0].fpfn = 0;
		bo->places[0].lpfn = rdev->mc.visible_vram_size >> PAGE_SHIFT;
		r5xx_ttm_placement_set(&bo->placement, bo->places, 1);
		ret = ttm_bo_validate(&bo->tbo, &bo->placement, &ctx);
		if (ret == -ENOMEM || ret == -ENOSPC)
			ret = r5xx_bo_validate_domain(bo, RADEON_GEM_DOMAIN_GTT,
						      false);
		if (ret == -EBUSY || ret == -ERESTARTSYS)
			return VM_FAULT_NOPAGE;
		if (ret)
			return VM_FAULT_SIGBUS;
	}
	if (r5xx_surface_get(bo))
		return VM_FAULT_SIGBUS;
	return 0;
}

static vm_fault_t r5xx_gem_fault(struct vm_fault *vmf)
{
	struct ttm_buffer_object *tbo = vmf->vma->vm_private_data;
	struct drm_device *drm = tbo->base.dev;
	vm_fault_t ret;
	int idx;

	ret = ttm_bo_vm_reserve(tbo, vmf);
	if (ret)
		return ret;

	if (drm_dev_enter(drm, &idx)) {
		ret = r5xx_bo_fault_reserve(to_r5xx_bo(&tbo->base));
		if (!ret)
			ret = ttm_bo_vm_fault_reserved(vmf,
						       vmf->vma->vm_page_prot,
						       TTM_BO_VM_NUM_PREFAULT);
		drm_dev_exit(idx);
	} else {
		ret = ttm_bo_vm_dummy_page(vmf, vmf->vma->vm_page_prot);
	}
	if (ret == VM_FAULT_RETRY && !(vmf->flags & FAULT_FLAG_RETRY_NOWAIT))
		return ret;
	dma_resv_unlock(tbo->base.resv);
	return ret;
}

static const struct vm_operations_struct r5xx_gem_vm_ops = {
	.fault = r5xx_gem_fault,
	.open = ttm_bo_vm_open,
	.close = ttm_bo_vm_close,
	.access = ttm_bo_vm_access,
};

/**
 * r5xx_gem_mmap - &drm_gem_object_funcs.mmap
 * @obj: GEM object
 * @vma: the new mapping
 *
 * Return: 0 or a negative errno.
 */
int r5xx_gem_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	struct ttm_buffer_object *tbo = &to_r5xx_bo(obj)->tbo;
	int ret;

	vma->vm_ops = &r5xx_gem_vm_ops;
	ret = ttm_bo_mmap_obj(vma, tbo);
	if (ret)
		return ret;
	/* ttm_bo_mmap_obj() took its own reference for the mapping */
	drm_gem_object_put(obj);
	return 0;
}

static int r5xx_ttm_reserve_gart_table(struct r5xx_device *rdev)
{
	struct r5xx_gart *gart = &rdev->gart;
	struct ttm_place place = {
		.fpfn = gart->table_offset >> PAGE_SHIFT,
		.lpfn = PFN_UP(gart->table_offset + gart->table_size),
		.mem_type = TTM_PL_VRAM,
	};
	u64 size = (u64)(place.lpfn - place.fpfn) << PAGE_SHIFT;
	struct r5xx_bo_param bp = {
		.size = size,
		.domain = RADEON_GEM_DOMAIN_VRAM,
		.type = ttm_bo_type_kernel,
		.place = &place,
	};
	struct r5xx_bo *bo;
	int ret;

	ret = r5xx_bo_create(rdev, &bp, &bo);
	if (ret)
		return ret;
	ret = ttm_bo_reserve(&bo->tbo, false, false, NULL);
	if (ret) {
		ttm_bo_fini(&bo->tbo);
		return ret;
	}
	ttm_bo_pin(&bo->tbo);
	ttm_bo_unreserve(&bo->tbo);
	rdev->mm.vram_pin_size += size;
	rdev->mm.gart_table_bo = bo;
	return 0;
}

/*
 * The DRM device's release: TTM itself, once no buffer object is left
 * (see "memory management" above).
 */
static void r5xx_ttm_release(struct drm_device *drm, void *data)
{
	struct r5xx_mm *mm = data;

	ttm_range_man_fini(&mm->bdev, TTM_PL_TT);
	ttm_range_man_fini(&mm->bdev, TTM_PL_VRAM);
	ttm_device_fini(&mm->bdev);
}

/**
 * r5xx_ttm_init - set up TTM and the VRAM and GTT managers
 * @rdev: device, after the kernel buffers were bound into the GART
 *
 * Return: 0 or a negative errno.
 */
int r5xx_ttm_init(struct r5xx_device *rdev)
{
	struct r5xx_mm *mm = &rdev->mm;
	struct drm_device *drm = &rdev->drm;
	int ret;

	/*
	 * Closing a file takes the first, user pointer notifiers the second,
	 * after the unplug too: both go with the DRM device.
	 */
	ret = drmm_mutex_init(drm, &mm->surface_lock);
	if (ret)
		return ret;
	ret = drmm_mutex_init(drm, &mm->notifier_lock);
	if (ret)
		return ret;
	/*
	 * The MMU notifier takes it inside memory reclaim: let lockdep know
	 * at once, not only when reclaim first reaches a user pointer buffer.
	 */
	fs_reclaim_acquire(GFP_KERNEL);
	might_lock(&mm->notifier_lock);
	fs_reclaim_release(GFP_KERNEL);
	mm->userptr_wq = alloc_workqueue("r5xx_userptr", WQ_UNBOUND, 0);
	if (!mm->userptr_wq)
		return -ENOMEM;
	ret = r5xx_ttm_device_init(&mm->bdev, &r5xx_ttm_funcs, drm->dev,
				   drm->anon_inode->i_mapping,
				   drm->vma_offset_manager, false, false);
	if (ret)
		goto err_wq;
	/* from here on, the managers and the device go with the DRM device */
	ret = drmm_add_action_or_reset(drm, r5xx_ttm_release, mm);
	if (ret)
		goto err_wq;

	ret = ttm_range_man_init(&mm->bdev, TTM_PL_VRAM, false,
				 rdev->mc.real_vram_size >> PAGE_SHIFT);
	if (ret)
		goto err_wq;

	/* the kernel buffers keep the start of the GTT range */
	mutex_lock(&rdev->gart.lock);
	mm->gtt_reserved = ALIGN(rdev->gart.kernel_top, PAGE_SIZE);
	rdev->gart.frozen = true;
	mutex_unlock(&rdev->gart.lock);
	ret = ttm_range_man_init(&mm->bdev, TTM_PL_TT, true,
				 (rdev->mc.gtt_size - mm->gtt_reserved) >>
				 PAGE_SHIFT);
	if (ret)
		goto err_wq;

	/* a table in VRAM (the PCIE GART's) is kept out of TTM's way */
	if (rdev->gart.table) {
		ret = r5xx_ttm_reserve_gart_table(rdev);
		if (ret)
			goto err_wq;
	}
	/* an ioremap per mapping otherwise: slower, but it works */
	mm->vram_kaddr = ioremap_wc(rdev->mc.aper_base,
				    rdev->mc.visible_vram_size);
	mm->ready = true;
	return 0;

err_wq:
	destroy_workqueue(mm->userptr_wq);
	return ret;
}

/*
 * Move every buffer out of VRAM and GTT, the memory the hardware provides,
 * and place none there again.  VRAM first: its buffers may go to GTT.
 * The moves do not wait for fences (r5xx_bo_move()), such as those of jobs
 * waiting for another device's fence, which would hold the unbind until
 * that fence signals.  A buffer pinned for another device stays in GTT
 * (r5xx_gart_fini()).
 */
static void r5xx_ttm_leave_hw(struct r5xx_device *rdev)
{
	static const u32 types[] = { TTM_PL_VRAM, TTM_PL_TT };
	struct ttm_device *bdev = &rdev->mm.bdev;
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(types); i++) {
		ret = ttm_resource_manager_evict_all(bdev,
						     ttm_manager_type(bdev, types[i]));
		if (ret)
			drm_err(&rdev->drm,
				"cannot move the buffers out of memory type %u (%d)\n",
				types[i], ret);
	}
	for (i = 0; i < ARRAY_SIZE(types); i++)
		ttm_resource_manager_set_used(ttm_manager_type(bdev, types[i]),
					      false);
}

/**
 * r5xx_ttm_evict_vram - move the buffers that are not pinned out of VRAM
 * @rdev: device
 *
 * For a system suspend: VRAM may not keep its contents. The buffers go
 * where their eviction placement says (GTT or system memory) and come
 * back when next used.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_ttm_evict_vram(struct r5xx_device *rdev)
{
	struct ttm_device *bdev = &rdev->mm.bdev;

	if (!rdev->mm.ready)
		return 0;
	return ttm_resource_manager_evict_all(bdev,
					      ttm_manager_type(bdev, TTM_PL_VRAM));
}

/**
 * r5xx_ttm_fini - undo r5xx_ttm_init() as far as the hardware goes
 * @rdev: device; user buffer objects may be left (a file kept open after
 *	an unplug), TTM stays until the DRM device's release
 */
void r5xx_ttm_fini(struct r5xx_device *rdev)
{
	struct r5xx_mm *mm = &rdev->mm;
	struct r5xx_bo *bo = mm->gart_table_bo;

	if (!mm->ready)
		return;
	mm->ready = false;
	/* pending releases of user pointer buffers, each holding its buffer */
	destroy_workqueue(mm->userptr_wq);
	if (bo) {
		if (!ttm_bo_reserve(&bo->tbo, false, false, NULL)) {
			ttm_bo_unpin(&bo->tbo);
			ttm_bo_unreserve(&bo->tbo);
		}
		ttm_bo_fini(&bo->tbo);
		mm->gart_table_bo = NULL;
	}
	r5xx_ttm_leave_hw(rdev);
	if (mm->vram_kaddr)
		iounmap(mm->vram_kaddr);
	mm->vram_kaddr = NULL;
	mutex_lock(&rdev->gart.lock);
	rdev->gart.frozen = false;
	mutex_unlock(&rdev->gart.lock);
}
