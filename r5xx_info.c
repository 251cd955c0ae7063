// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/pci.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>
#include <drm/ttm/ttm_resource.h>

#include "r5xx_drv.h"

/**
 * DOC: INFO ioctl
 *
 * DRM_IOCTL_RADEON_INFO answers the requests upstream radeon answers on
 * R300-R500 (radeon_kms.c:radeon_info_ioctl), with the same value sizes:
 * 8 bytes for NUM_BYTES_MOVED, VRAM_USAGE and GTT_USAGE, 4 bytes for
 * everything else, written to the user pointer in &drm_radeon_info.value.
 * WANT_HYPERZ, WANT_CMASK and RING_WORKING read their input from that
 * pointer too. Requests for R600 and later chips, and unknown ones, are
 * -EINVAL.
 *
 * r5xx does not parse the video BIOS, so the clocks upstream takes from it
 * are reported as upstream's fall-back values: a 27 MHz reference clock and
 * a zero engine clock; there is no power management, so the current clocks
 * and the temperature are 0. CRTC_FROM_ID maps a KMS CRTC object id (read
 * from the pointer) to the CRTC's index, 0 or 1; it is -EINVAL for an id
 * that is not a CRTC, and always without KMS (modeset=0, AVIVO chips).
 */

/* reference clock in 10 kHz units when there is no BIOS (radeon_clocks.c) */
#define R5XX_REFERENCE_FREQ	2700

static void r5xx_info_set_rights(struct r5xx_device *rdev,
				 struct drm_file **owner,
				 struct drm_file *file, u32 *value)
{
	mutex_lock(&rdev->mm.surface_lock);
	if (*value == 1 && !*owner)
		*owner = file;
	else if (*value == 0 && *owner == file)
		*owner = NULL;
	*value = *owner == file;
	mutex_unlock(&rdev->mm.surface_lock);
}

/**
 * r5xx_info_file_close - drop the Hyper-Z and CMASK rights of a file
 * @rdev: device
 * @file: DRM file being closed
 */
void r5xx_info_file_close(struct r5xx_device *rdev, struct drm_file *file)
{
	mutex_lock(&rdev->mm.surface_lock);
	if (rdev->mm.hyperz_filp == file)
		rdev->mm.hyperz_filp = NULL;
	if (rdev->mm.cmask_filp == file)
		rdev->mm.cmask_filp = NULL;
	mutex_unlock(&rdev->mm.surface_lock);
}

/**
 * r5xx_ioctl_info - DRM_IOCTL_RADEON_INFO
 * @drm: DRM device
 * @data: &struct drm_radeon_info
 * @file: DRM file
 *
 * Return: 0 or a negative errno.
 */
int r5xx_ioctl_info(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct r5xx_device *rdev = to_r5xx(drm);
	struct drm_radeon_info *info = data;
	void __user *ptr = u64_to_user_ptr(info->value);
	struct ttm_resource_manager *man;
	u32 value = 0;
	u64 value64 = 0;
	bool is64 = false;

	switch (info->request) {
	case RADEON_INFO_DEVICE_ID:
		value = rdev->pdev->device;
		break;
	case RADEON_INFO_NUM_GB_PIPES:
		value = rdev->num_gb_pipes;
		break;
	case RADEON_INFO_NUM_Z_PIPES:
		value = r5xx_chip_num_z_pipes(rdev);
		break;
	case RADEON_INFO_ACCEL_WORKING:
	case RADEON_INFO_ACCEL_WORKING2:
		value = rdev->accel_working;
		break;
	case RADEON_INFO_WANT_HYPERZ:
	case RADEON_INFO_WANT_CMASK:
		if (copy_from_user(&value, ptr, sizeof(value)))
			return -EFAULT;
		if (value >= 2) {
			r5xx_user_dbg(drm, "INFO %u: invalid value %u\n",
				      info->request, value);
			return -EINVAL;
		}
		r5xx_info_set_rights(rdev,
				     info->request == RADEON_INFO_WANT_HYPERZ ?
				     &rdev->mm.hyperz_filp : &rdev->mm.cmask_filp,
				     file, &value);
		break;
	case RADEON_INFO_CRTC_FROM_ID: {
		struct drm_crtc *crtc;

		if (copy_from_user(&value, ptr, sizeof(value)))
			return -EFAULT;
		crtc = rdev->display.enabled ? drm_crtc_find(drm, file, value) :
		       NULL;
		if (!crtc) {
			r5xx_user_dbg(drm, "INFO: no CRTC with id %u\n", value);
			return -EINVAL;
		}
		value = to_r5xx_crtc(crtc)->id;
		break;
	}
	case RADEON_INFO_CLOCK_CRYSTAL_FREQ:
		value = R5XX_REFERENCE_FREQ * 10;
		break;
	case RADEON_INFO_FUSION_GART_WORKING:
	case RADEON_INFO_MAX_SE:
	case RADEON_INFO_SI_CP_DMA_COMPUTE:
	case RADEON_INFO_ACTIVE_CU_COUNT:
	case RADEON_INFO_VA_UNMAP_WORKING:
		value = 1;
		break;
	case RADEON_INFO_FASTFB_WORKING:
	case RADEON_INFO_MAX_SCLK:
	case RADEON_INFO_VCE_FW_VERSION:
	case RADEON_INFO_VCE_FB_VERSION:
	case RADEON_INFO_CURRENT_GPU_TEMP:
	case RADEON_INFO_CURRENT_GPU_SCLK:
	case RADEON_INFO_CURRENT_GPU_MCLK:
		value = 0;
		break;
	case RADEON_INFO_RING_WORKING:
		if (copy_from_user(&value, ptr, sizeof(value)))
			return -EFAULT;
		switch (value) {
		case RADEON_CS_RING_GFX:
		case RADEON_CS_RING_COMPUTE:
			value = READ_ONCE(rdev->ring.ready);
			break;
		case RADEON_CS_RING_DMA:
		case RADEON_CS_RING_UVD:
		case RADEON_CS_RING_VCE:
			value = 0;
			break;
		default:
			r5xx_user_dbg(drm, "INFO RING_WORKING: ring %u\n",
				      value);
			return -EINVAL;
		}
		break;
	case RADEON_INFO_NUM_BYTES_MOVED:
		value64 = atomic64_read(&rdev->mm.bytes_moved);
		is64 = true;
		break;
	case RADEON_INFO_VRAM_USAGE:
		man = ttm_manager_type(&rdev->mm.bdev, TTM_PL_VRAM);
		value64 = ttm_resource_manager_usage(man);
		is64 = true;
		break;
	case RADEON_INFO_GTT_USAGE:
		man = ttm_manager_type(&rdev->mm.bdev, TTM_PL_TT);
		value64 = ttm_resource_manager_usage(man);
		is64 = true;
		break;
	case RADEON_INFO_GPU_RESET_COUNTER:
		value = READ_ONCE(rdev->sched.resets);
		break;
	default:
		/* the R600+ requests */
		r5xx_user_dbg(drm, "INFO: request %#x not answered here\n",
			      info->request);
		return -EINVAL;
	}

	if (is64)
		return copy_to_user(ptr, &value64, sizeof(value64)) ? -EFAULT : 0;
	return copy_to_user(ptr, &value, sizeof(value)) ? -EFAULT : 0;
}
