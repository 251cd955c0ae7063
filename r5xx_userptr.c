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

#include <drm/drm_drv.h>
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
 *
 * The MMU notifier (%RADEON_GEM_USERPTR_REGISTER) fires when the range
 * changes (munmap, mremap, madvise, fork's copy-on-write, exit, page
 * migration).  It runs inside the kernel's invalidation of the range,
 * which memory reclaim may start and which may hold the mmap lock, so it
 * must not take the buffer's reservation: a reservation is held while
 * memory is allocated and while user pages are pinned (whose faults may
 * invalidate the range), and upstream radeon's notifier, which reserves
 * the buffer, deadlocks there in principle (lockdep reports it).  As
 * amdgpu's notifier does, r5xx_userptr_invalidate() takes only
 * &r5xx_mm.notifier_lock, under which nothing allocates, to move the
 * interval's sequence on (mmu_interval_set_seq()); then, without it, waits
 * for the GPU to finish with the buffer (dma_resv_wait_timeout() needs no
 * lock) and queues the buffer's release.  From then on the pages the
 * buffer holds are stale: still pinned, so that the GPU can never reach a
 * page the kernel gave to someone else, but no longer the user's.
 *
 * - Pinning reads the sequence first (mmu_interval_read_begin(), kept in
 *   &r5xx_userptr.notifier_seq).  A reservation holder that finds it
 *   changed (mmu_interval_check_retry()) moves the buffer to the CPU
 *   domain, which unpins the stale pages, before it uses the buffer
 *   (r5xx_userptr_validate()).
 * - Command submission pins and places its buffers with them reserved,
 *   checks the IB, and then, under &r5xx_mm.notifier_lock, checks that
 *   no user pointer buffer of the list was invalidated since its pages
 *   were pinned (mmu_interval_read_retry(), r5xx_userptr_current()),
 *   pushes the job and adds its fence to the buffers before it lets the
 *   lock go.  An invalidation that comes first makes the submission start
 *   again from the beginning (and pin the pages again, or fail with
 *   -EPERM/-EFAULT if they are gone); one that comes later finds the
 *   job's fence and waits for it.  So the GPU never writes to pages the
 *   process no longer owns once the invalidation returns.
 * - The release (&r5xx_bo.userptr_release, on &r5xx_mm.userptr_wq) is
 *   that move to the CPU domain done by a worker, which may reserve the
 *   buffer: the GTT space and the stale pages come back soon after the
 *   invalidation even if the buffer is never used again.  GEM_BUSY waits
 *   for a pending release before it answers (r5xx_userptr_flush_release()),
 *   so that the domain it reports follows the last invalidation.
 * - GEM_USERPTR with %RADEON_GEM_USERPTR_VALIDATE pins the pages at once
 *   but submits nothing, so it does not check the sequence again: a
 *   racing invalidation only leaves the pages for its release or the next
 *   submission to unpin.
 *
 * The notifier is removed, waiting for a running invalidation, when the
 * GEM object is freed; a queued release holds a reference to the object.
 *
 * A buffer can outlive its device: a process may keep its file, and the
 * notifier with it, after the device is unbound.  At the unplug
 * r5xx_ttm_fini() runs the queued releases, destroys the workqueue, and
 * moves every buffer out of GTT, which unpins the pages.  So an
 * invalidation queues the release only inside drm_dev_enter(), which
 * drm_dev_unplug() waits for, and after the unplug does nothing but move
 * the sequence on; &r5xx_mm.notifier_lock lives as long as the DRM device
 * (drmm_mutex_init()), the GEM objects with it.
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
	/* an invalidation from here on makes these pages stale */
	if (up->notifier->mm)
		up->notifier_seq = mmu_interval_read_begin(up->notifier);

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

/* The pages were pinned before the last invalidation of the range. */
static bool r5xx_userptr_stale(struct r5xx_bo *bo)
{
	struct r5xx_userptr *up = r5xx_bo_userptr(bo);

	dma_resv_assert_held(bo->tbo.base.resv);
	return up && up->pinned && up->notifier->mm &&
	       mmu_interval_check_retry(up->notifier, up->notifier_seq);
}

/**
 * r5xx_userptr_validate - place a user pointer buffer in GTT over current pages
 * @bo: user pointer buffer, reserved; the caller holds the mmap lock of
 *	the current address space
 *
 * Pages pinned before the last invalidation of the range are unpinned
 * first (the buffer goes through the CPU domain), then the pages the range
 * holds now are pinned.  Waits interruptibly.
 *
 * Return: 0, or a negative errno of r5xx_bo_validate_domain() or
 * r5xx_userptr_pin().
 */
int r5xx_userptr_validate(struct r5xx_bo *bo)
{
	int ret;

	if (r5xx_userptr_stale(bo)) {
		ret = r5xx_bo_validate_domain(bo, RADEON_GEM_DOMAIN_CPU, true);
		if (ret)
			return ret;
	}
	return r5xx_bo_validate_domain(bo, RADEON_GEM_DOMAIN_GTT, true);
}

/**
 * r5xx_userptr_current - whether a user pointer buffer's pages are the user's
 * @bo: user pointer buffer, reserved, placed by r5xx_userptr_validate()
 *
 * The caller holds &r5xx_mm.notifier_lock, and keeps it until the fence
 * of any job that uses the pages is in the buffer's reservation.
 *
 * Return: true if the pages are pinned and no invalidation of the range
 * began since they were.
 */
bool r5xx_userptr_current(struct r5xx_bo *bo)
{
	struct r5xx_userptr *up = r5xx_bo_userptr(bo);

	lockdep_assert_held(&to_r5xx(bo->tbo.base.dev)->mm.notifier_lock);
	if (!up || !up->pinned)
		return false;
	return !up->notifier->mm ||
	       !mmu_interval_read_retry(up->notifier, up->notifier_seq);
}

/* Unpin stale pages: the buffer leaves GTT, as it would at its next use. */
static void r5xx_userptr_release_work(struct work_struct *work)
{
	struct r5xx_bo *bo = container_of(work, struct r5xx_bo,
					  userptr_release);
	int ret;

	dma_resv_lock(bo->tbo.base.resv, NULL);
	if (r5xx_userptr_stale(bo)) {
		ret = r5xx_bo_validate_domain(bo, RADEON_GEM_DOMAIN_CPU, false);
		if (ret)
			drm_err(bo->tbo.base.dev,
				"user pointer buffer: cannot leave GTT (%d)\n",
				ret);
	}
	dma_resv_unlock(bo->tbo.base.resv);
	/* the reference r5xx_userptr_invalidate() took; may free @bo */
	drm_gem_object_put(&bo->tbo.base);
}

/**
 * r5xx_userptr_flush_release - wait for a user pointer buffer's release
 * @bo: buffer object, with a reference held by the caller, which holds no
 *	reservation
 *
 * Returns once a release queued by an invalidation of the range of a
 * user pointer buffer has run; does nothing for other buffers.
 */
void r5xx_userptr_flush_release(struct r5xx_bo *bo)
{
	if (bo->userptr && bo->notifier.mm)
		flush_work(&bo->userptr_release);
}

static bool r5xx_userptr_invalidate(struct mmu_interval_notifier *mni,
				    const struct mmu_notifier_range *range,
				    unsigned long cur_seq)
{
	struct r5xx_bo *bo = container_of(mni, struct r5xx_bo, notifier);
	struct r5xx_device *rdev = to_r5xx(bo->tbo.base.dev);
	struct dma_resv *resv = bo->tbo.base.resv;
	long t;
	int idx;

	/* no reservation here: see "user pointers" above */
	if (mmu_notifier_range_blockable(range))
		mutex_lock(&rdev->mm.notifier_lock);
	else if (!mutex_trylock(&rdev->mm.notifier_lock))
		return false;
	mmu_interval_set_seq(mni, cur_seq);
	mutex_unlock(&rdev->mm.notifier_lock);

	/* a job pushed before the lock was taken has its fence in @resv */
	if (!mmu_notifier_range_blockable(range)) {
		if (!dma_resv_test_signaled(resv, DMA_RESV_USAGE_BOOKKEEP))
			return false;
	} else {
		t = dma_resv_wait_timeout(resv, DMA_RESV_USAGE_BOOKKEEP, false,
					  MAX_SCHEDULE_TIMEOUT);
		if (t <= 0)
			drm_err(&rdev->drm,
				"user pointer buffer: wait for the GPU failed (%ld)\n",
				t);
	}

	/* unplugged: the release and its workqueue are gone with GTT */
	if (!drm_dev_enter(&rdev->drm, &idx))
		return true;
	/* a buffer being freed unbinds its pages itself */
	if (kref_get_unless_zero(&bo->tbo.base.refcount) &&
	    !queue_work(rdev->mm.userptr_wq, &bo->userptr_release))
		drm_gem_object_put(&bo->tbo.base);	/* queued already */
	drm_dev_exit(idx);
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
	INIT_WORK(&bo->userptr_release, r5xx_userptr_release_work);
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
