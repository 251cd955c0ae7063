// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/dma-buf.h>
#include <linux/dma-resv.h>

#include <drm/drm_prime.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>
#include <drm/ttm/ttm_tt.h>

#include "r5xx_drv.h"

/**
 * DOC: PRIME
 *
 * Buffers are shared with other devices through dma-bufs as upstream
 * radeon shares them (radeon_prime.c):
 *
 * - Export: another device's attachment pins the buffer in GTT, where its
 *   pages are ordinary system memory, for as long as it is attached
 *   (&drm_gem_object_funcs.pin), and maps those pages
 *   (&drm_gem_object_funcs.get_sg_table).  A pinned buffer stays in GTT
 *   whatever a command stream asks for.  A GEM_USERPTR buffer is not
 *   exported (-EPERM): its pages belong to a process, which may unmap
 *   them at any time.
 * - Import: a foreign dma-buf becomes a %ttm_bo_type_sg buffer object in
 *   GTT over the exporter's pages, sharing the dma-buf's reservation
 *   object, so that fences on either side are seen by both.  It cannot
 *   move to VRAM, nor be mapped by the CPU through this device.
 *
 * Within this device, the DRM core hands back the original object.
 */

/**
 * r5xx_gem_prime_export - &drm_gem_object_funcs.export
 * @obj: GEM object
 * @flags: flags of the dma-buf file
 *
 * Return: the new dma-buf, ERR_PTR(-EPERM) for a user pointer buffer, or
 * another ERR_PTR().
 */
struct dma_buf *r5xx_gem_prime_export(struct drm_gem_object *obj, int flags)
{
	if (to_r5xx_bo(obj)->userptr) {
		r5xx_user_dbg(obj->dev,
			      "no PRIME export of a user pointer buffer\n");
		return ERR_PTR(-EPERM);
	}
	return drm_gem_prime_export(obj, flags);
}

/**
 * r5xx_gem_prime_pin - keep a buffer in GTT for another device
 * @obj: GEM object being attached
 *
 * Takes the buffer's reservation unless the GEM core holds it already
 * (R5XX_GEM_PIN_RESERVED); so does r5xx_gem_prime_unpin().
 *
 * Return: 0, -EPERM for a user pointer buffer, or a negative errno.
 */
int r5xx_gem_prime_pin(struct drm_gem_object *obj)
{
	struct r5xx_device *rdev = to_r5xx(obj->dev);
	struct r5xx_bo *bo = to_r5xx_bo(obj);
	int ret;

	/* user pages are pinned only while the process keeps them mapped */
	if (bo->userptr)
		return -EPERM;
	if (!R5XX_GEM_PIN_RESERVED) {
		ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
		if (ret)
			return ret;
	}
	dma_resv_assert_held(obj->resv);
	ret = r5xx_bo_validate_domain(bo, RADEON_GEM_DOMAIN_GTT, true);
	if (!ret) {
		ttm_bo_pin(&bo->tbo);
		bo->prime_shared_count++;
		rdev->mm.gart_pin_size += obj->size;
	}
	if (!R5XX_GEM_PIN_RESERVED)
		ttm_bo_unreserve(&bo->tbo);
	return ret;
}

/**
 * r5xx_gem_prime_unpin - undo r5xx_gem_prime_pin()
 * @obj: GEM object being detached
 */
void r5xx_gem_prime_unpin(struct drm_gem_object *obj)
{
	struct r5xx_device *rdev = to_r5xx(obj->dev);
	struct r5xx_bo *bo = to_r5xx_bo(obj);

	/* cannot fail: not interruptible, no ticket */
	if (!R5XX_GEM_PIN_RESERVED)
		ttm_bo_reserve(&bo->tbo, false, false, NULL);
	dma_resv_assert_held(obj->resv);
	ttm_bo_unpin(&bo->tbo);
	bo->prime_shared_count--;
	rdev->mm.gart_pin_size -= obj->size;
	if (!R5XX_GEM_PIN_RESERVED)
		ttm_bo_unreserve(&bo->tbo);
}

/**
 * r5xx_gem_prime_get_sg_table - the pages of a pinned buffer
 * @obj: GEM object, pinned by r5xx_gem_prime_pin()
 *
 * Return: a new scatter list or an ERR_PTR().
 */
struct sg_table *r5xx_gem_prime_get_sg_table(struct drm_gem_object *obj)
{
	struct r5xx_bo *bo = to_r5xx_bo(obj);

	return drm_prime_pages_to_sg(obj->dev, bo->tbo.ttm->pages,
				     bo->tbo.ttm->num_pages);
}

/**
 * r5xx_gem_prime_import_sg_table - a buffer object over a foreign dma-buf
 * @drm: DRM device
 * @attach: this device's attachment to the dma-buf
 * @sg: the dma-buf's pages, mapped for this device
 *
 * Return: the new GEM object or an ERR_PTR().
 */
struct drm_gem_object *
r5xx_gem_prime_import_sg_table(struct drm_device *drm,
			       struct dma_buf_attachment *attach,
			       struct sg_table *sg)
{
	struct dma_resv *resv = attach->dmabuf->resv;
	struct r5xx_bo_param bp = {
		.size = attach->dmabuf->size,
		.byte_align = PAGE_SIZE,
		.domain = RADEON_GEM_DOMAIN_GTT,
		.type = ttm_bo_type_sg,
		.sg = sg,
		.resv = resv,
	};
	struct r5xx_bo *bo;
	int ret;

	dma_resv_lock(resv, NULL);
	ret = r5xx_bo_create(to_r5xx(drm), &bp, &bo);
	if (!ret)
		bo->prime_shared_count = 1;
	dma_resv_unlock(resv);
	return ret ? ERR_PTR(ret) : &bo->tbo.base;
}
