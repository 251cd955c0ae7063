// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/dma-mapping.h>
#include <linux/dma-resv.h>
#include <linux/mm.h>
#include <linux/mmu_notifier.h>
#include <linux/sched/mm.h>
#include <linux/scatterlist.h>

#include <drm/drm_prime.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>
#include <drm/ttm/ttm_tt.h>

#include "r5xx_drv.h"

/**
 * DOC: user pointers
 *
 * DRM_IOCTL_RADEON_GEM_USERPTR makes a buffer object of a range of the
 * caller's own memory, as upstream radeon does (radeon_mn.c and the user
 * pointer parts of radeon_ttm.c).  Before R600 only writable buffers over
 * anonymous memory followed by an MMU notifier are allowed.
 *
 * - The buffer is created in the CPU domain.  Its &ttm_tt carries a
 *   &struct r5xx_userptr and %TTM_TT_FLAG_EXTERNAL, so that TTM neither
 *   allocates, swaps nor frees its pages.
 * - Moving it into GTT pins the user pages (r5xx_userptr_pin(), writable,
 *   long-term) and maps them for the GPU; the GART entries then point at
 *   the user's own pages.  Only the address space that created the buffer
 *   can do this (-EPERM otherwise, even when the pages are pinned
 *   already), with its mmap lock held; with
 *   %RADEON_GEM_USERPTR_ANONONLY the range must lie in one anonymous
 *   mapping (-EPERM otherwise).  Moving it out of GTT unbinds and unpins
 *   the pages, marking them dirty.
 * - A command submission from another address space that lists the
 *   buffer is refused with -EPERM (r5xx_bo_userptr_owned()), whether or
 *   not the pages are bound: a fork child inherits the file and its
 *   handles, another process may open the buffer by its flink name, and
 *   neither may make the GPU reach the creator's pages (amdgpu answers
 *   the same; upstream radeon does not check).
 * - The MMU notifier (%RADEON_GEM_USERPTR_REGISTER) fires when the range
 *   changes (munmap, mremap, madvise, fork's copy-on-write, exit): it waits
 *   for the GPU to finish with the buffer and moves it back to the CPU
 *   domain, so that the GPU never writes to pages the process no longer
 *   owns.  The next command submission pins the pages again, or fails if
 *   they are gone.  The notifier is removed when the GEM object is freed.
 *
 * As upstream, the pages are pinned without the notifier's sequence
 * check; an invalidation racing with a pin is only serialised by the
 * buffer's reservation.
 */

/**
 * r5xx_userptr_pin - pin the user pages of a buffer and map them for DMA
 * @rdev: device
 * @up: the buffer's user range
 * @ttm: the buffer's pages; &ttm_tt.pages and &ttm_tt.dma_address are
 *	filled in
 *
 * The caller holds the reservation of the buffer and the mmap lock of the
 * current address space.
 *
 * Return: 0, -EPERM from another address space or when ANONONLY and the
 * range is not one anonymous mapping, -EFAULT when pages are missing, or
 * another negative errno.
 */
int r5xx_userptr_pin(struct r5xx_device *rdev, struct r5xx_userptr *up,
		     struct ttm_tt *ttm)
{
	unsigned long end = up->addr + ((unsigned long)ttm->num_pages << PAGE_SHIFT);
	unsigned int gup = FOLL_WRITE | FOLL_LONGTERM;
	unsigned long pinned = 0;
	int ret;

	/* pinned or not: another address space must not reach these pages */
	if (current->mm != up->mm)
		return -EPERM;
	if (up->pinned)
		return 0;
	mmap_assert_locked(current->mm);

	if (up->flags & RADEON_GEM_USERPTR_ANONONLY) {
		struct vm_area_struct *vma = vma_lookup(current->mm, up->addr);

		/* file pages would need writeback behind the GPU's back */
		if (!vma || vma->vm_file || vma->vm_end < end)
			return -EPERM;
	}

	while (pinned < ttm->num_pages) {
		long n = r5xx_pin_user_pages(up->addr + (pinned << PAGE_SHIFT),
					     ttm->num_pages - pinned, gup,
					     ttm->pages + pinned);

		if (n <= 0) {
			ret = n ? n : -EFAULT;
			goto err_unpin;
		}
		pinned += n;
	}

	ret = sg_alloc_table_from_pages(&up->sgt, ttm->pages, ttm->num_pages,
					0, (u64)ttm->num_pages << PAGE_SHIFT,
					GFP_KERNEL);
	if (ret)
		goto err_unpin;
	ret = dma_map_sgtable(rdev->drm.dev, &up->sgt, DMA_BIDIRECTIONAL, 0);
	if (ret)
		goto err_free_sgt;
	ret = drm_prime_sg_to_dma_addr_array(&up->sgt, ttm->dma_address,
					     ttm->num_pages);
	if (ret)
		goto err_unmap;
	up->pinned = true;
	return 0;

err_unmap:
	dma_unmap_sgtable(rdev->drm.dev, &up->sgt, DMA_BIDIRECTIONAL, 0);
err_free_sgt:
	sg_free_table(&up->sgt);
err_unpin:
	unpin_user_pages(ttm->pages, pinned);
	memset(ttm->pages, 0, ttm->num_pages * sizeof(*ttm->pages));
	return ret;
}

/**
 * r5xx_userptr_unpin - undo r5xx_userptr_pin()
 * @rdev: device
 * @up: the buffer's user range
 * @ttm: the buffer's pages, unbound from the GART
 *
 * The pages are marked dirty: the GPU may have written to them.  Does
 * nothing if they are not pinned.
 */
void r5xx_userptr_unpin(struct r5xx_device *rdev, struct r5xx_userptr *up,
			struct ttm_tt *ttm)
{
	if (!up->pinned)
		return;
	dma_unmap_sgtable(rdev->drm.dev, &up->sgt, DMA_BIDIRECTIONAL, 0);
	sg_free_table(&up->sgt);
	unpin_user_pages_dirty_lock(ttm->pages, ttm->num_pages, true);
	memset(ttm->pages, 0, ttm->num_pages * sizeof(*ttm->pages));
	memset(ttm->dma_address, 0,
	       ttm->num_pages * sizeof(*ttm->dma_address));
	up->pinned = false;
}

static bool r5xx_userptr_invalidate(struct mmu_interval_notifier *mni,
				    const struct mmu_notifier_range *range,
				    unsigned long cur_seq)
{
	struct r5xx_bo *bo = container_of(mni, struct r5xx_bo, notifier);
	long t;
	int ret;

	if (!mmu_notifier_range_blockable(range))
		return false;

	/* cannot fail: not interruptible, no ticket */
	dma_resv_lock(bo->tbo.base.resv, NULL);
	mmu_interval_set_seq(mni, cur_seq);
	if (!bo->tbo.resource || bo->tbo.resource->mem_type != TTM_PL_TT)
		goto out;

	t = dma_resv_wait_timeout(bo->tbo.base.resv, DMA_RESV_USAGE_BOOKKEEP,
				  false, MAX_SCHEDULE_TIMEOUT);
	if (t <= 0)
		drm_err(bo->tbo.base.dev,
			"user pointer buffer: wait for the GPU failed (%ld)\n", t);

	ret = r5xx_bo_validate_domain(bo, RADEON_GEM_DOMAIN_CPU, false);
	if (ret)
		drm_err(bo->tbo.base.dev,
			"user pointer buffer: cannot leave GTT (%d)\n", ret);
out:
	dma_resv_unlock(bo->tbo.base.resv);
	return true;
}

static const struct mmu_interval_notifier_ops r5xx_userptr_notifier_ops = {
	.invalidate = r5xx_userptr_invalidate,
};

/**
 * r5xx_userptr_register - follow a buffer's user range with an MMU notifier
 * @bo: a new user pointer buffer, not yet visible to userspace
 * @addr: user address of its first page, in the current address space
 *
 * Return: 0 or a negative errno.
 */
int r5xx_userptr_register(struct r5xx_bo *bo, unsigned long addr)
{
	return mmu_interval_notifier_insert(&bo->notifier, current->mm, addr,
					    bo->tbo.base.size,
					    &r5xx_userptr_notifier_ops);
}

/**
 * r5xx_userptr_unregister - undo r5xx_userptr_register()
 * @bo: buffer object being freed; may never have been registered
 *
 * Waits for a running invalidation to finish.
 */
void r5xx_userptr_unregister(struct r5xx_bo *bo)
{
	if (!bo->notifier.mm)
		return;
	mmu_interval_notifier_remove(&bo->notifier);
	bo->notifier.mm = NULL;
}
