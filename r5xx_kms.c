// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <drm/drm_atomic.h>
#include <drm/drm_atomic_helper.h>
#include <drm/drm_drv.h>
#include <drm/drm_fb_helper.h>
#include <drm/drm_fourcc.h>
#include <drm/drm_gem_framebuffer_helper.h>
#include <drm/drm_modeset_helper.h>
#include <drm/drm_print.h>
#include <drm/drm_probe_helper.h>
#include <drm/drm_vblank.h>
#include <drm/radeon_drm.h>

#include "r5xx_drv.h"
#include "r5xx_tiling.h"

/**
 * DOC: KMS
 *
 * On R3xx/R4xx r5xx is a KMS driver on the DRM atomic helpers: two CRTCs
 * (r5xx_display_legacy.c), each with a primary and a cursor plane, and the
 * connectors of r5xx_connector.c. The modeset module parameter (default 1)
 * at 0 keeps the render-only driver: no DRIVER_MODESET, no KMS objects, the
 * display left as firmware set it up. R5xx and RS6xx parts have the AVIVO
 * display engine, which r5xx does not drive yet: there the driver is
 * render-only too, and says so at debug level.
 *
 * Framebuffers are checked when they are made, each refusal an -EINVAL
 * with its reason logged at debug level (r5xx_user_dbg()): the format must
 * be XRGB8888, ARGB8888 or RGB565; the pitch a multiple of 8 pixels (the
 * unit of CRTC_PITCH) and at most 16376 pixels; the buffer's GEM tiling
 * linear, macro, micro or both (not square micro tiles), with the pitch
 * its layout needs and a 2 KiB-aligned offset when tiled; the frame must
 * fit in the buffer in that layout, and the buffer must be able to live in
 * VRAM (not a user-pointer or imported buffer, not larger than VRAM). The
 * tiling is read once, here: a framebuffer keeps the layout it was made
 * with. Scanned-out buffers are pinned in VRAM from prepare_fb to
 * cleanup_fb, moved there first if need be.
 *
 * Commits use the atomic helpers, nonblocking ones included; flip events
 * are sent from the vblank interrupt. The text console is the generic
 * fbdev emulation on a shadow buffer, set up once the device is
 * registered. Suspend and resume go through the mode-config helpers.
 */

#define R5XX_MAX_PITCH_PX	(8 * 0x7ff)

static bool r5xx_fb_format_ok(u32 format)
{
	return format == DRM_FORMAT_XRGB8888 ||
	       format == DRM_FORMAT_ARGB8888 ||
	       format == DRM_FORMAT_RGB565;
}

static int r5xx_fb_check(struct r5xx_device *rdev, struct r5xx_bo *bo,
			 const struct drm_mode_fb_cmd2 *cmd, u32 tiling)
{
	struct drm_device *drm = &rdev->drm;
	const struct drm_format_info *info = drm_format_info(cmd->pixel_format);
	u32 cpp = info->cpp[0];
	u32 pitch = cmd->pitches[0];
	u64 end;

	if (pitch % (8 * cpp) || pitch / cpp > R5XX_MAX_PITCH_PX) {
		r5xx_user_dbg(drm, "addfb: pitch %u is not a multiple of %u up to %u\n",
			      pitch, 8 * cpp, R5XX_MAX_PITCH_PX * cpp);
		return -EINVAL;
	}
	if (pitch < cmd->width * cpp) {
		r5xx_user_dbg(drm, "addfb: pitch %u below width %u x %u\n",
			      pitch, cmd->width, cpp);
		return -EINVAL;
	}
	if (bo->userptr || bo->tbo.base.import_attach ||
	    bo->tbo.base.size > rdev->mc.real_vram_size) {
		r5xx_user_dbg(drm, "addfb: the buffer cannot live in VRAM\n");
		return -EINVAL;
	}
	if (tiling & ~(RADEON_TILING_MACRO | RADEON_TILING_MICRO |
		       RADEON_TILING_SWAP_16BIT | RADEON_TILING_SWAP_32BIT |
		       RADEON_TILING_SURFACE)) {
		r5xx_user_dbg(drm, "addfb: tiling %#x cannot be scanned out\n",
			      tiling);
		return -EINVAL;
	}
	if (tiling & (RADEON_TILING_MACRO | RADEON_TILING_MICRO)) {
		struct r5xx_surface s = {
			.cpp = cpp,
			.pitch = pitch / cpp,
			.mode = r5xx_tiling_mode(tiling),
		};

		if (r5xx_tiling_check(tiling, pitch, cpp)) {
			r5xx_user_dbg(drm, "addfb: pitch %u does not suit tiling %#x\n",
				      pitch, tiling);
			return -EINVAL;
		}
		if (cmd->offsets[0] % 2048) {
			r5xx_user_dbg(drm, "addfb: tiled frame at offset %u, not 2 KiB aligned\n",
				      cmd->offsets[0]);
			return -EINVAL;
		}
		if (r5xx_surface_rows_end(&s, cmd->height, &end))
			return -EINVAL;
	} else {
		end = (u64)pitch * (cmd->height - 1) + cmd->width * cpp;
	}
	if (cmd->offsets[0] % 8 || cmd->offsets[0] + end > bo->tbo.base.size) {
		r5xx_user_dbg(drm, "addfb: %llu bytes at offset %u do not fit a %zu-byte buffer\n",
			      end, cmd->offsets[0], bo->tbo.base.size);
		return -EINVAL;
	}
	return 0;
}

static const struct drm_framebuffer_funcs r5xx_fb_funcs = {
	.destroy = drm_gem_fb_destroy,
	.create_handle = drm_gem_fb_create_handle,
};

static struct drm_framebuffer *
r5xx_fb_create(struct drm_device *drm, struct drm_file *file,
	       const struct drm_mode_fb_cmd2 *cmd)
{
	struct r5xx_device *rdev = to_r5xx(drm);
	struct r5xx_framebuffer *rfb;
	struct drm_gem_object *obj;
	struct r5xx_bo *bo;
	u32 tiling;
	int ret;

	if (!r5xx_fb_format_ok(cmd->pixel_format)) {
		r5xx_user_dbg(drm, "addfb: format %p4cc cannot be scanned out\n",
			      &cmd->pixel_format);
		return ERR_PTR(-EINVAL);
	}
	obj = drm_gem_object_lookup(file, cmd->handles[0]);
	if (!obj) {
		r5xx_user_dbg(drm, "addfb: no buffer %u\n", cmd->handles[0]);
		return ERR_PTR(-ENOENT);
	}
	bo = to_r5xx_bo(obj);
	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (ret)
		goto out_put;
	tiling = bo->tiling_flags;
	ttm_bo_unreserve(&bo->tbo);
	ret = r5xx_fb_check(rdev, bo, cmd, tiling);
	if (ret)
		goto out_put;

	rfb = kzalloc(sizeof(*rfb), GFP_KERNEL);
	if (!rfb) {
		ret = -ENOMEM;
		goto out_put;
	}
	rfb->tiling_flags = tiling & (RADEON_TILING_MACRO | RADEON_TILING_MICRO);
	ret = drm_gem_fb_init_with_funcs(drm, &rfb->base, file, cmd,
					 &r5xx_fb_funcs);
	if (ret)
		kfree(rfb);
out_put:
	drm_gem_object_put(obj);
	return ret ? ERR_PTR(ret) : &rfb->base;
}

static const struct drm_mode_config_funcs r5xx_mode_config_funcs = {
	.fb_create = r5xx_fb_create,
	.atomic_check = drm_atomic_helper_check,
	.atomic_commit = drm_atomic_helper_commit,
};

static const struct drm_mode_config_helper_funcs r5xx_mode_config_helpers = {
	/* CRTCs first: planes of inactive CRTCs are not programmed */
	.atomic_commit_tail = drm_atomic_helper_commit_tail_rpm,
};

/**
 * r5xx_kms_init - create the KMS objects, or decide there are none
 * @rdev: device, brought up by r5xx_device_init()
 *
 * Return: 0 or a negative errno.
 */
int r5xx_kms_init(struct r5xx_device *rdev)
{
	struct r5xx_display *disp = &rdev->display;
	struct drm_device *drm = &rdev->drm;
	unsigned int i;
	int ret;

	if (!rdev->config.modeset || r5xx_is_avivo(rdev)) {
		drm->driver_features &= ~(DRIVER_MODESET | DRIVER_ATOMIC);
		if (!rdev->config.modeset)
			drm_dbg_driver(drm, "modeset=0: no KMS\n");
		else
			drm_dbg_driver(drm, "AVIVO display engine not supported yet: no KMS\n");
		/* until AVIVO KMS: say what the video BIOS describes */
		if (rdev->config.modeset && r5xx_is_avivo(rdev))
			r5xx_bios_display_info(rdev);
		return 0;
	}

	spin_lock_init(&disp->reg_lock);
	mutex_init(&disp->suspend_lock);
	ret = drmm_mode_config_init(drm);
	if (ret)
		return ret;
	drm->mode_config.min_width = 8;
	drm->mode_config.min_height = 1;
	drm->mode_config.max_width = 8192;
	drm->mode_config.max_height = 8192;
	drm->mode_config.preferred_depth = 24;
	drm->mode_config.prefer_shadow = true;
	drm->mode_config.fb_modifiers_not_supported = true;
	drm->mode_config.cursor_width = 64;
	drm->mode_config.cursor_height = 64;
	r5xx_mode_config_fbdev_hints(&drm->mode_config, rdev->mc.aper_base);
	drm->mode_config.funcs = &r5xx_mode_config_funcs;
	drm->mode_config.helper_private = &r5xx_mode_config_helpers;

	r5xx_bios_display_info(rdev);
	ret = r5xx_i2c_init(rdev);
	if (ret)
		return ret;
	disp->num_crtcs = R5XX_MAX_CRTCS;
	for (i = 0; i < disp->num_crtcs; i++) {
		ret = r5xx_crtc_init(rdev, i);
		if (ret)
			goto err_i2c;
	}
	ret = r5xx_outputs_init(rdev);
	if (ret)
		goto err_i2c;
	ret = drm_vblank_init(drm, disp->num_crtcs);
	if (ret)
		goto err_i2c;
	/* CRTC_CRNT_FRAME is 21 bits */
	drm->max_vblank_count = R5XX_CRTC_CRNT_FRAME_CRTC_CRNT_FRAME;
	drm_mode_config_reset(drm);
	drm_kms_helper_poll_init(drm);
	disp->enabled = true;
	return 0;

err_i2c:
	r5xx_irq_set_display(rdev, ~0u, false);
	r5xx_i2c_fini(rdev);
	return ret;
}

/**
 * r5xx_kms_register - start the console once the device is registered
 * @rdev: device
 */
void r5xx_kms_register(struct r5xx_device *rdev)
{
	if (rdev->display.enabled)
		r5xx_fbdev_setup(&rdev->drm);
}

/**
 * r5xx_kms_fini - turn the display off and undo r5xx_kms_init()
 * @rdev: device, unplugged
 */
void r5xx_kms_fini(struct r5xx_device *rdev)
{
	if (!rdev->display.enabled)
		return;
	drm_kms_helper_poll_fini(&rdev->drm);
	r5xx_irq_set_display(rdev, ~0u, false);
	cancel_work_sync(&rdev->display.hotplug_work);
	drm_atomic_helper_shutdown(&rdev->drm);
	r5xx_i2c_fini(rdev);
	rdev->display.enabled = false;
}

/**
 * r5xx_kms_suspend - save the display state and turn it off
 * @rdev: device
 *
 * The mode-config helpers save the atomic state, turn every CRTC off and
 * tell the fbdev console; hot-plug polling stops. System suspend is not
 * wired up yet (the GPU itself is not saved and restored); debugfs
 * r5xx_display_suspend runs this half on its own.
 *
 * Return: 0, -EBUSY if the display is suspended already, or a negative
 * errno.
 */
int r5xx_kms_suspend(struct r5xx_device *rdev)
{
	struct r5xx_display *disp = &rdev->display;
	int ret;

	if (!disp->enabled)
		return 0;
	mutex_lock(&disp->suspend_lock);
	if (disp->suspended) {
		ret = -EBUSY;
		goto out;
	}
	ret = drm_mode_config_helper_suspend(&rdev->drm);
	disp->suspended = !ret;
out:
	mutex_unlock(&disp->suspend_lock);
	return ret;
}

/**
 * r5xx_kms_resume - restore what r5xx_kms_suspend() saved
 * @rdev: device
 *
 * Return: 0, -EINVAL if the display is not suspended, or a negative errno.
 */
int r5xx_kms_resume(struct r5xx_device *rdev)
{
	struct r5xx_display *disp = &rdev->display;
	int ret;

	if (!disp->enabled)
		return 0;
	mutex_lock(&disp->suspend_lock);
	if (!disp->suspended) {
		ret = -EINVAL;
		goto out;
	}
	ret = drm_mode_config_helper_resume(&rdev->drm);
	disp->suspended = false;
out:
	mutex_unlock(&disp->suspend_lock);
	return ret;
}
