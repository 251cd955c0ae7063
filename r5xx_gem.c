// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/dma-buf.h>
#include <linux/dma-resv.h>
#include <linux/mm.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_prime.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>

#include "r5xx_drv.h"
#include "r5xx_tiling.h"

/**
 * DOC: GEM ioctls
 *
 * The GEM ioctls of upstream radeon, with its answers on R300-R500
 * (radeon_gem.c). Each handler checks its arguments before it allocates
 * anything; a user mistake returns upstream's errno and leaves a
 * rate-limited debug message.
 *
 * - GEM_INFO reports the VRAM size, the CPU-visible VRAM minus pinned VRAM
 *   and the GTT size minus the kernel's part.
 * - GEM_CREATE rounds the size up to a page, refuses empty buffers
 *   (-ENOSPC, what TTM answers upstream, also for sizes that round up
 *   past 2^64 and so to 0 there) and buffers larger than the GTT
 *   (-ENOMEM, since VRAM buffers must be able to move to GTT),
 *   retries a failed VRAM-only request as VRAM|GTT, and ignores unknown
 *   flags.
 * - GEM_MMAP returns the fake offset for mmap() on the DRM file; -EPERM
 *   for a user pointer buffer, whose memory the caller maps already.
 * - GEM_SET_DOMAIN only waits, and only for the CPU domain.
 * - GEM_WAIT_IDLE and GEM_BUSY look at every fence of the buffer's
 *   reservation object; GEM_BUSY always reports the current domain, read
 *   with the reservation held (upstream reads it without, racing with
 *   moves that free the old placement).
 * - GEM_SET_TILING and GEM_GET_TILING store and return the flags and
 *   pitch verbatim on the buffer object, so every handle, flink name and
 *   PRIME import sees the same values. They are not validated, as upstream
 *   does below Evergreen; r5xx_tiling_check() only adds a debug message.
 * - GEM_OP gets or sets the initial domain.
 * - GEM_USERPTR makes a buffer of the caller's anonymous memory (see
 *   r5xx_ioctl_gem_userptr() and "user pointers" in r5xx_userptr.c). Such
 *   a buffer can only be in GTT or system memory, cannot be exported
 *   through PRIME (-EPERM) nor mapped through the DRM file (-EPERM), and
 *   only the address space that made it may submit it (-EPERM).
 * - GEM_VA is -ENOTTY (no virtual memory before Cayman), GEM_PREAD and
 *   GEM_PWRITE are -ENOSYS.
 */

/* how long GEM_WAIT_IDLE and GEM_SET_DOMAIN wait, as upstream */
#define R5XX_GEM_WAIT_TIMEOUT	(30 * HZ)

#define R5XX_GEM_DOMAINS	(RADEON_GEM_DOMAIN_CPU | \
				 RADEON_GEM_DOMAIN_GTT | \
				 RADEON_GEM_DOMAIN_VRAM)

/*
 * GEM_PREAD and GEM_PWRITE have answered -ENOSYS in upstream radeon since
 * they were added, and r5xx gives the same answer: it is part of the ABI
 * r5xx copies. No client is known to depend on the value (libdrm_radeon,
 * Mesa r300 and xf86-video-ati never call these ioctls and map buffers with
 * GEM_MMAP instead); a program that probes for them sees what radeon
 * answers, and tests/uapi/uapi.c checks exactly that. checkpatch reserves
 * ENOSYS for unknown syscalls; scripts/lint.sh accepts its warning for this
 * one line and for no other.
 */
#define R5XX_GEM_NOT_IMPLEMENTED	(-ENOSYS)

static void r5xx_gem_free(struct drm_gem_object *obj)
{
	struct r5xx_bo *bo = to_r5xx_bo(obj);

	/* no invalidation may run on a buffer being destroyed */
	r5xx_userptr_unregister(bo);
	ttm_bo_fini(&bo->tbo);
}

/*
 * Kernel mappings (the fbdev emulation's blits): pinned wherever the buffer
 * is while mapped, so that it cannot move under the mapping, and mapped
 * once the kernel's fences (the GPU clear of a new VRAM buffer) have
 * signalled, as a CPU fault waits for them, so that the clear cannot land
 * over what the CPU writes. Newer kernels call these with the reservation
 * held (R5XX_GEM_VMAP_RESERVED).
 */
static int r5xx_gem_vmap(struct drm_gem_object *obj, struct iosys_map *map)
{
	struct r5xx_bo *bo = to_r5xx_bo(obj);
	long wait;
	int ret;

	if (!R5XX_GEM_VMAP_RESERVED) {
		ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
		if (ret)
			return ret;
	}
	dma_resv_assert_held(obj->resv);
	ttm_bo_pin(&bo->tbo);
	/* returns the time left: MAX_SCHEDULE_TIMEOUT, or an errno */
	wait = dma_resv_wait_timeout(obj->resv, DMA_RESV_USAGE_KERNEL, false,
				     MAX_SCHEDULE_TIMEOUT);
	ret = wait < 0 ? wait : ttm_bo_vmap(&bo->tbo, map);
	if (ret)
		ttm_bo_unpin(&bo->tbo);
	if (!R5XX_GEM_VMAP_RESERVED)
		ttm_bo_unreserve(&bo->tbo);
	return ret;
}

static void r5xx_gem_vunmap(struct drm_gem_object *obj, struct iosys_map *map)
{
	struct r5xx_bo *bo = to_r5xx_bo(obj);

	/* not interruptible, no ticket: cannot fail */
	if (!R5XX_GEM_VMAP_RESERVED)
		ttm_bo_reserve(&bo->tbo, false, false, NULL);
	dma_resv_assert_held(obj->resv);
	ttm_bo_vunmap(&bo->tbo, map);
	ttm_bo_unpin(&bo->tbo);
	if (!R5XX_GEM_VMAP_RESERVED)
		ttm_bo_unreserve(&bo->tbo);
}

const struct drm_gem_object_funcs r5xx_gem_object_funcs = {
	.free = r5xx_gem_free,
	.export = r5xx_gem_prime_export,
	.pin = r5xx_gem_prime_pin,
	.unpin = r5xx_gem_prime_unpin,
	.get_sg_table = r5xx_gem_prime_get_sg_table,
	.mmap = r5xx_gem_mmap,
	.vmap = r5xx_gem_vmap,
	.vunmap = r5xx_gem_vunmap,
};

static u32 r5xx_mem_type_to_domain(u32 mem_type)
{
	switch (mem_type) {
	case TTM_PL_VRAM:
		return RADEON_GEM_DOMAIN_VRAM;
	case TTM_PL_TT:
		return RADEON_GEM_DOMAIN_GTT;
	default:
		return RADEON_GEM_DOMAIN_CPU;
	}
}

static struct r5xx_bo *r5xx_gem_lookup(struct drm_file *file, u32 handle)
{
	struct drm_gem_object *obj = drm_gem_object_lookup(file, handle);

	if (!obj) {
		r5xx_user_dbg(file->minor->dev, "no GEM object %u\n", handle);
		return NULL;
	}
	return to_r5xx_bo(obj);
}

static void r5xx_bo_put(struct r5xx_bo *bo)
{
	drm_gem_object_put(&bo->tbo.base);
}

/**
 * r5xx_ioctl_gem_info - DRM_IOCTL_RADEON_GEM_INFO
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_info
 * @file: DRM file
 *
 * Return: 0.
 */
int r5xx_ioctl_gem_info(struct drm_device *drm, void *data,
			struct drm_file *file)
{
	struct r5xx_device *rdev = to_r5xx(drm);
	struct drm_radeon_gem_info *args = data;

	args->vram_size = rdev->mc.real_vram_size;
	args->vram_visible = rdev->mc.visible_vram_size -
			     rdev->mm.vram_pin_size;
	args->gart_size = rdev->mc.gtt_size - rdev->mm.gtt_reserved -
			  rdev->mm.gart_pin_size;
	return 0;
}

static int r5xx_gem_object_create(struct r5xx_device *rdev, u64 size,
				  u64 align, u32 domain, u32 flags,
				  struct r5xx_bo **out)
{
	u64 max_size = rdev->mc.gtt_size - rdev->mm.gtt_reserved -
		       rdev->mm.gart_pin_size;
	struct r5xx_bo_param bp = { .type = ttm_bo_type_device };
	int ret;

	/*
	 * Upstream's TTM finds no room for an empty buffer in any domain;
	 * and upstream rounds the size up to a page in 64 bits first, so a
	 * size within a page of 2^64 gets the same answer.
	 */
	if (!size || size > U64_MAX - PAGE_SIZE + 1) {
		r5xx_user_dbg(&rdev->drm, "buffer of size 0\n");
		return -ENOSPC;
	}
	/* VRAM buffers must be able to move to GTT */
	if (size > max_size) {
		r5xx_user_dbg(&rdev->drm,
			      "buffer of %llu MiB bigger than the %llu MiB limit\n",
			      size >> 20, max_size >> 20);
		return -ENOMEM;
	}
	bp.size = PAGE_ALIGN(size);
	/* upstream passes the alignment as an int */
	if ((s32)align < (s32)PAGE_SIZE)
		align = PAGE_SIZE;
	bp.byte_align = (u32)align;
	bp.flags = flags;

	bp.domain = domain & R5XX_GEM_DOMAINS;
	for (;;) {
		ret = r5xx_bo_create(rdev, &bp, out);
		if (!ret || ret == -ERESTARTSYS || ret == -EINTR)
			return ret;
		if (bp.domain != RADEON_GEM_DOMAIN_VRAM)
			break;
		bp.domain |= RADEON_GEM_DOMAIN_GTT;
	}
	if (ret == -ENOSPC || ret == -EBUSY)
		ret = -ENOMEM;
	r5xx_user_dbg(&rdev->drm,
		      "cannot create a buffer (%llu bytes, domain %#x): %d\n",
		      bp.size, bp.domain, ret);
	return ret;
}

static int r5xx_gem_handle_create(struct drm_file *file, struct r5xx_bo *bo,
				  u32 *handle)
{
	int ret = drm_gem_handle_create(file, &bo->tbo.base, handle);

	/* the handle holds the reference now */
	r5xx_bo_put(bo);
	return ret;
}

/**
 * r5xx_ioctl_gem_create - DRM_IOCTL_RADEON_GEM_CREATE
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_create
 * @file: DRM file
 *
 * Return: 0 or a negative errno.
 */
int r5xx_ioctl_gem_create(struct drm_device *drm, void *data,
			  struct drm_file *file)
{
	struct r5xx_device *rdev = to_r5xx(drm);
	struct drm_radeon_gem_create *args = data;
	struct r5xx_bo *bo;
	int ret;

	ret = r5xx_gem_object_create(rdev, args->size, args->alignment,
				     args->initial_domain, args->flags, &bo);
	if (ret)
		return ret;
	args->size = bo->tbo.base.size;
	return r5xx_gem_handle_create(file, bo, &args->handle);
}

static int r5xx_gem_mmap_offset(struct drm_file *file, u32 handle,
				u64 *offset)
{
	struct r5xx_bo *bo = r5xx_gem_lookup(file, handle);

	if (!bo)
		return -ENOENT;
	if (bo->userptr) {
		r5xx_user_dbg(file->minor->dev,
			      "no mmap of the user pointer buffer %u\n", handle);
		r5xx_bo_put(bo);
		return -EPERM;
	}
	*offset = drm_vma_node_offset_addr(&bo->tbo.base.vma_node);
	r5xx_bo_put(bo);
	return 0;
}

/**
 * r5xx_ioctl_gem_mmap - DRM_IOCTL_RADEON_GEM_MMAP
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_mmap
 * @file: DRM file
 *
 * Return: 0, -ENOENT, or -EPERM for a user pointer buffer.
 */
int r5xx_ioctl_gem_mmap(struct drm_device *drm, void *data,
			struct drm_file *file)
{
	struct drm_radeon_gem_mmap *args = data;

	return r5xx_gem_mmap_offset(file, args->handle, &args->addr_ptr);
}

/**
 * r5xx_ioctl_gem_pread - DRM_IOCTL_RADEON_GEM_PREAD, not implemented
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_pread
 * @file: DRM file
 *
 * Return: -ENOSYS (%R5XX_GEM_NOT_IMPLEMENTED), as upstream.
 */
int r5xx_ioctl_gem_pread(struct drm_device *drm, void *data,
			 struct drm_file *file)
{
	return R5XX_GEM_NOT_IMPLEMENTED;
}

/**
 * r5xx_ioctl_gem_pwrite - DRM_IOCTL_RADEON_GEM_PWRITE, not implemented
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_pwrite
 * @file: DRM file
 *
 * Return: -ENOSYS (%R5XX_GEM_NOT_IMPLEMENTED), as upstream.
 */
int r5xx_ioctl_gem_pwrite(struct drm_device *drm, void *data,
			  struct drm_file *file)
{
	return R5XX_GEM_NOT_IMPLEMENTED;
}

/* Wait, interruptibly and for at most 30 s, until every fence of @bo signalled. */
static int r5xx_gem_wait_idle(struct r5xx_bo *bo)
{
	long t = dma_resv_wait_timeout(bo->tbo.base.resv,
				       DMA_RESV_USAGE_BOOKKEEP, true,
				       R5XX_GEM_WAIT_TIMEOUT);

	if (!t)
		return -EBUSY;
	return t < 0 ? t : 0;
}

/**
 * r5xx_ioctl_gem_set_domain - DRM_IOCTL_RADEON_GEM_SET_DOMAIN
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_set_domain
 * @file: DRM file
 *
 * Waits for the buffer to go idle if the domain is the CPU; otherwise
 * does nothing, as upstream.
 *
 * Return: 0, -EBUSY after the timeout, or a negative errno.
 */
int r5xx_ioctl_gem_set_domain(struct drm_device *drm, void *data,
			      struct drm_file *file)
{
	struct drm_radeon_gem_set_domain *args = data;
	struct r5xx_bo *bo;
	u32 domain;
	int ret = 0;

	bo = r5xx_gem_lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	domain = args->write_domain ? args->write_domain : args->read_domains;
	if (domain == RADEON_GEM_DOMAIN_CPU)
		ret = r5xx_gem_wait_idle(bo);
	r5xx_bo_put(bo);
	return ret;
}

/**
 * r5xx_ioctl_gem_wait_idle - DRM_IOCTL_RADEON_GEM_WAIT_IDLE
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_wait_idle
 * @file: DRM file
 *
 * Return: 0 once every fence of the buffer signalled, -EBUSY after 30 s,
 * or a negative errno.
 */
int r5xx_ioctl_gem_wait_idle(struct drm_device *drm, void *data,
			     struct drm_file *file)
{
	struct drm_radeon_gem_wait_idle *args = data;
	struct r5xx_bo *bo;
	int ret;

	bo = r5xx_gem_lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	ret = r5xx_gem_wait_idle(bo);
	r5xx_bo_put(bo);
	return ret;
}

/**
 * r5xx_ioctl_gem_busy - DRM_IOCTL_RADEON_GEM_BUSY
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_busy
 * @file: DRM file
 *
 * The buffer's placement is read with its reservation held, so that a
 * move cannot free it meanwhile; the answer's domain is where the buffer
 * is now (upstream's radeon_gem_busy_ioctl reads it unlocked), after the
 * release that an invalidation of a user pointer buffer's range queued
 * (see "user pointers").
 *
 * Return: 0 if the buffer is idle, -EBUSY if not (the domain is filled in
 * either way), -ENOENT, or -ERESTARTSYS/-EINTR if a signal interrupted
 * the wait for the reservation.
 */
int r5xx_ioctl_gem_busy(struct drm_device *drm, void *data,
			struct drm_file *file)
{
	struct drm_radeon_gem_busy *args = data;
	struct r5xx_bo *bo;
	int ret;

	bo = r5xx_gem_lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	/* the domain after the last invalidation of a user pointer buffer */
	r5xx_userptr_flush_release(bo);
	/* the resource is replaced (and freed) by moves under the reservation */
	ret = dma_resv_lock_interruptible(bo->tbo.base.resv, NULL);
	if (ret)
		goto out_put;
	ret = dma_resv_test_signaled(bo->tbo.base.resv,
				     DMA_RESV_USAGE_BOOKKEEP) ? 0 : -EBUSY;
	args->domain = r5xx_mem_type_to_domain(bo->tbo.resource->mem_type);
	dma_resv_unlock(bo->tbo.base.resv);
out_put:
	r5xx_bo_put(bo);
	return ret;
}

/**
 * r5xx_ioctl_gem_set_tiling - DRM_IOCTL_RADEON_GEM_SET_TILING
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_set_tiling
 * @file: DRM file
 *
 * Return: 0 or a negative errno.
 */
int r5xx_ioctl_gem_set_tiling(struct drm_device *drm, void *data,
			      struct drm_file *file)
{
	struct drm_radeon_gem_set_tiling *args = data;
	struct r5xx_bo *bo;
	int ret;

	bo = r5xx_gem_lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	/* advice only: upstream accepts any flags below Evergreen */
	if (r5xx_tiling_check(args->tiling_flags, args->pitch, 0))
		r5xx_user_dbg(drm,
			      "GEM_SET_TILING: flags %#x pitch %u cannot be a valid R3xx-R5xx layout\n",
			      args->tiling_flags, args->pitch);
	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (!ret) {
		bo->tiling_flags = args->tiling_flags;
		bo->pitch = args->pitch;
		ttm_bo_unreserve(&bo->tbo);
	}
	r5xx_bo_put(bo);
	return ret;
}

/**
 * r5xx_ioctl_gem_get_tiling - DRM_IOCTL_RADEON_GEM_GET_TILING
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_get_tiling
 * @file: DRM file
 *
 * Return: 0 or a negative errno.
 */
int r5xx_ioctl_gem_get_tiling(struct drm_device *drm, void *data,
			      struct drm_file *file)
{
	struct drm_radeon_gem_get_tiling *args = data;
	struct r5xx_bo *bo;
	int ret;

	bo = r5xx_gem_lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (!ret) {
		args->tiling_flags = bo->tiling_flags;
		args->pitch = bo->pitch;
		ttm_bo_unreserve(&bo->tbo);
	}
	r5xx_bo_put(bo);
	return ret;
}

/**
 * r5xx_ioctl_gem_va - DRM_IOCTL_RADEON_GEM_VA
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_va
 * @file: DRM file
 *
 * There is no GPU virtual memory before Cayman.
 *
 * Return: -ENOTTY, with the operation set to %RADEON_VA_RESULT_ERROR.
 */
int r5xx_ioctl_gem_va(struct drm_device *drm, void *data,
		      struct drm_file *file)
{
	struct drm_radeon_gem_va *args = data;

	r5xx_user_dbg(drm, "GEM_VA: no virtual memory on this chip\n");
	args->operation = RADEON_VA_RESULT_ERROR;
	return -ENOTTY;
}

/**
 * r5xx_ioctl_gem_op - DRM_IOCTL_RADEON_GEM_OP
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_op
 * @file: DRM file
 *
 * Return: 0 or a negative errno (-EINVAL for an unknown operation).
 */
int r5xx_ioctl_gem_op(struct drm_device *drm, void *data,
		      struct drm_file *file)
{
	struct drm_radeon_gem_op *args = data;
	struct r5xx_bo *bo;
	int ret;

	bo = r5xx_gem_lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (ret)
		goto out;
	switch (args->op) {
	case RADEON_GEM_OP_GET_INITIAL_DOMAIN:
		args->value = bo->initial_domain;
		break;
	case RADEON_GEM_OP_SET_INITIAL_DOMAIN:
		bo->initial_domain = args->value & R5XX_GEM_DOMAINS;
		break;
	default:
		r5xx_user_dbg(drm, "GEM_OP: unknown operation %u\n", args->op);
		ret = -EINVAL;
		break;
	}
	ttm_bo_unreserve(&bo->tbo);
out:
	r5xx_bo_put(bo);
	return ret;
}

/**
 * r5xx_ioctl_gem_userptr - DRM_IOCTL_RADEON_GEM_USERPTR
 * @drm: DRM device
 * @data: &struct drm_radeon_gem_userptr
 * @file: DRM file
 *
 * The arguments are checked as upstream does on R300-R500: unaligned
 * addresses or sizes, unknown flags and %RADEON_GEM_USERPTR_READONLY are
 * -EINVAL, writable mappings without ANONONLY and REGISTER are -EACCES,
 * and a range that is not user memory (kernel addresses, wrapping past
 * the end of the address space) is -EFAULT: upstream creates such a buffer
 * (or answers -EOVERFLOW for a wrapping range) and fails only when pinning.
 *
 * The buffer is then created in the CPU domain over the user range (a size
 * of 0 is -ENOSPC, one larger than the GTT -ENOMEM), and its MMU notifier
 * registered. With %RADEON_GEM_USERPTR_VALIDATE it is moved into GTT at
 * once, which pins the pages: -EPERM if the range is not one anonymous
 * mapping, -EFAULT if pages are missing. Otherwise the first command
 * submission that lists it does so, with the same errors.
 *
 * Return: 0 with the new handle, or a negative errno.
 */
int r5xx_ioctl_gem_userptr(struct drm_device *drm, void *data,
			   struct drm_file *file)
{
	struct r5xx_device *rdev = to_r5xx(drm);
	struct drm_radeon_gem_userptr *args = data;
	u32 known = RADEON_GEM_USERPTR_READONLY | RADEON_GEM_USERPTR_ANONONLY |
		    RADEON_GEM_USERPTR_VALIDATE | RADEON_GEM_USERPTR_REGISTER;
	struct r5xx_bo *bo;
	int ret;

	args->addr = untagged_addr(args->addr);
	if (offset_in_page(args->addr | args->size)) {
		r5xx_user_dbg(drm, "GEM_USERPTR: unaligned address or size\n");
		return -EINVAL;
	}
	if (args->flags & ~known) {
		r5xx_user_dbg(drm, "GEM_USERPTR: unknown flags %#x\n",
			      args->flags);
		return -EINVAL;
	}
	if (args->flags & RADEON_GEM_USERPTR_READONLY) {
		r5xx_user_dbg(drm, "GEM_USERPTR: read-only needs R600+\n");
		return -EINVAL;
	}
	if (!(args->flags & RADEON_GEM_USERPTR_ANONONLY) ||
	    !(args->flags & RADEON_GEM_USERPTR_REGISTER)) {
		r5xx_user_dbg(drm, "GEM_USERPTR: writable needs ANONONLY|REGISTER\n");
		return -EACCES;
	}
	/* upstream leaves this to the first pin, or the notifier's -EOVERFLOW */
	if (!access_ok(u64_to_user_ptr(args->addr), args->size)) {
		r5xx_user_dbg(drm, "GEM_USERPTR: %#llx+%#llx is not user memory\n",
			      args->addr, args->size);
		return -EFAULT;
	}

	ret = r5xx_gem_object_create(rdev, args->size, 0,
				     RADEON_GEM_DOMAIN_CPU, 0, &bo);
	if (ret)
		return ret;
	ret = r5xx_ttm_tt_set_userptr(bo, args->addr, args->flags);
	if (ret)
		goto err_put;
	if (args->flags & RADEON_GEM_USERPTR_REGISTER) {
		ret = r5xx_userptr_register(bo, args->addr);
		if (ret)
			goto err_put;
	}
	if (args->flags & RADEON_GEM_USERPTR_VALIDATE) {
		/* the mmap lock comes first, see "locking" */
		mmap_read_lock(current->mm);
		ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
		if (!ret) {
			ret = r5xx_bo_validate_domain(bo, RADEON_GEM_DOMAIN_GTT,
						      true);
			ttm_bo_unreserve(&bo->tbo);
		}
		mmap_read_unlock(current->mm);
		if (ret) {
			r5xx_user_dbg(drm, "GEM_USERPTR: cannot pin %#llx+%#llx: %d\n",
				      args->addr, args->size, ret);
			goto err_put;
		}
	}
	return r5xx_gem_handle_create(file, bo, &args->handle);

err_put:
	r5xx_bo_put(bo);
	return ret;
}

static u64 r5xx_align_pitch(struct r5xx_device *rdev, u32 width, u32 cpp)
{
	bool large = r5xx_is_avivo(rdev);
	u64 mask = 0;

	switch (cpp) {
	case 1:
		mask = large ? 255 : 127;
		break;
	case 2:
		mask = large ? 127 : 31;
		break;
	case 3:
	case 4:
		mask = large ? 63 : 15;
		break;
	}
	return ((width + mask) & ~mask) * cpp;
}

/**
 * r5xx_gem_dumb_create - &drm_driver.dumb_create
 * @file: DRM file
 * @drm: DRM device
 * @args: width, height and bpp in; pitch, size and handle out
 *
 * As radeon_mode_dumb_create: pitch aligned as radeon_align_pitch, size
 * rounded up to a page, in VRAM, untiled.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_gem_dumb_create(struct drm_file *file, struct drm_device *drm,
			 struct drm_mode_create_dumb *args)
{
	struct r5xx_device *rdev = to_r5xx(drm);
	u32 cpp = DIV_ROUND_UP(args->bpp, 8);
	struct r5xx_bo *bo;
	u64 pitch, size;
	int ret;

	/* the DRM core checked the sizes for overflow, but not the padding */
	pitch = r5xx_align_pitch(rdev, args->width, cpp);
	if (pitch > U32_MAX) {
		r5xx_user_dbg(drm, "dumb buffer %u pixels wide\n", args->width);
		return -EINVAL;
	}
	args->pitch = pitch;
	size = pitch * args->height;
	ret = r5xx_gem_object_create(rdev, size, 0, RADEON_GEM_DOMAIN_VRAM, 0,
				     &bo);
	if (ret)
		return ret;
	args->size = bo->tbo.base.size;
	return r5xx_gem_handle_create(file, bo, &args->handle);
}

/**
 * r5xx_gem_dumb_map_offset - &drm_driver.dumb_map_offset
 * @file: DRM file
 * @drm: DRM device
 * @handle: GEM handle
 * @offset: the fake mmap offset
 *
 * Return: 0 or -ENOENT.
 */
int r5xx_gem_dumb_map_offset(struct drm_file *file, struct drm_device *drm,
			     u32 handle, u64 *offset)
{
	return r5xx_gem_mmap_offset(file, handle, offset);
}
