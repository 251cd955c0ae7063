// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <drm/radeon_drm.h>

#include "r5xx_drv.h"

/**
 * DOC: surface registers
 *
 * Eight SURFACEn register sets make the host data path tile, detile or
 * byte-swap CPU accesses to a VRAM range. As upstream radeon
 * (radeon_object.c:radeon_bo_get_surface_reg, radeon_bo_check_tiling), a
 * buffer object whose tiling flags include %RADEON_TILING_SURFACE gets one
 * when the CPU faults on it while it is in VRAM. When all eight are in use,
 * the register of an unpinned buffer is stolen: that buffer's CPU mappings
 * are zapped, so its next fault takes a register again. A buffer gives its
 * register back when it moves or is freed.
 *
 * The info word has the R300 layout (r100_set_surface_reg): MACRO and
 * MICRO tiling in TILE_MODE, the 16-bit and 32-bit swap bits for both
 * apertures, and the pitch in units of 8 bytes. The bounds are offsets in
 * VRAM.
 */

#define R5XX_SURF_TILE_MACRO	1
#define R5XX_SURF_TILE_MICRO	2

static void r5xx_surface_write(struct r5xx_device *rdev, int reg,
			       struct r5xx_bo *bo)
{
	u64 start = (u64)bo->tbo.resource->start << PAGE_SHIFT;
	u32 info = 0, tile = 0;

	if (bo->tiling_flags & RADEON_TILING_MACRO)
		tile |= R5XX_SURF_TILE_MACRO;
	if (bo->tiling_flags & RADEON_TILING_MICRO)
		tile |= R5XX_SURF_TILE_MICRO;
	info |= FIELD_PREP(R5XX_SURFACE_INFO_TILE_MODE, tile);
	if (bo->tiling_flags & RADEON_TILING_SWAP_16BIT)
		info |= R5XX_SURFACE_INFO_AP0_SWP_16BPP |
			R5XX_SURFACE_INFO_AP1_SWP_16BPP;
	if (bo->tiling_flags & RADEON_TILING_SWAP_32BIT)
		info |= R5XX_SURFACE_INFO_AP0_SWP_32BPP |
			R5XX_SURFACE_INFO_AP1_SWP_32BPP;
	info |= FIELD_PREP(R5XX_SURFACE_INFO_PITCH, bo->pitch / 8);

	r5xx_wreg(rdev, R5XX_SURFACE_INFO(reg), info);
	r5xx_wreg(rdev, R5XX_SURFACE_LOWER_BOUND(reg), start);
	r5xx_wreg(rdev, R5XX_SURFACE_UPPER_BOUND(reg),
		  start + bo->tbo.base.size - 1);
}

static void r5xx_surface_clear_locked(struct r5xx_device *rdev, int reg)
{
	lockdep_assert_held(&rdev->mm.surface_lock);
	r5xx_wreg(rdev, R5XX_SURFACE_INFO(reg), 0);
	rdev->mm.surfaces[reg]->surface_reg = -1;
	rdev->mm.surfaces[reg] = NULL;
}

/**
 * r5xx_surface_get - give a reserved buffer object a surface register
 * @bo: buffer object, reserved
 *
 * Does nothing unless the buffer is in VRAM and asks for a surface.
 *
 * Return: 0, or -ENOMEM if every register belongs to a pinned buffer.
 */
int r5xx_surface_get(struct r5xx_bo *bo)
{
	struct r5xx_device *rdev = to_r5xx(bo->tbo.base.dev);
	struct r5xx_mm *mm = &rdev->mm;
	struct r5xx_bo *victim;
	int i, reg = -1;

	dma_resv_assert_held(bo->tbo.base.resv);
	if (!(bo->tiling_flags & RADEON_TILING_SURFACE) ||
	    bo->tbo.resource->mem_type != TTM_PL_VRAM)
		return 0;

	mutex_lock(&mm->surface_lock);
	if (bo->surface_reg >= 0)
		goto out;
	for (i = 0; i < R5XX_SURFACE_INFO_COUNT; i++) {
		if (!mm->surfaces[i]) {
			reg = i;
			break;
		}
	}
	if (reg < 0) {
		/* steal the register of an unpinned buffer */
		for (i = 0; i < R5XX_SURFACE_INFO_COUNT; i++) {
			if (!mm->surfaces[i]->tbo.pin_count) {
				reg = i;
				break;
			}
		}
		if (reg < 0) {
			mutex_unlock(&mm->surface_lock);
			return -ENOMEM;
		}
		victim = mm->surfaces[reg];
		ttm_bo_unmap_virtual(&victim->tbo);
		r5xx_surface_clear_locked(rdev, reg);
	}
	mm->surfaces[reg] = bo;
	bo->surface_reg = reg;
	r5xx_surface_write(rdev, reg, bo);
out:
	mutex_unlock(&mm->surface_lock);
	return 0;
}

/**
 * r5xx_surface_move_notify - release a buffer object's surface register
 * @bo: buffer object that moves or is freed
 */
void r5xx_surface_move_notify(struct r5xx_bo *bo)
{
	struct r5xx_device *rdev = to_r5xx(bo->tbo.base.dev);

	if (!rdev->mm.ready)
		return;
	mutex_lock(&rdev->mm.surface_lock);
	if (bo->surface_reg >= 0)
		r5xx_surface_clear_locked(rdev, bo->surface_reg);
	mutex_unlock(&rdev->mm.surface_lock);
}
