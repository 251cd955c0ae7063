// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <drm/drm_atomic.h>
#include <drm/drm_atomic_helper.h>
#include <drm/drm_blend.h>
#include <drm/drm_drv.h>
#include <drm/drm_fb_helper.h>
#include <drm/drm_fourcc.h>
#include <drm/drm_gem_atomic_helper.h>
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
 * r5xx is a KMS driver on the DRM atomic helpers: two CRTCs, each with a
 * primary and a cursor plane, and the connectors of r5xx_connector.c. The
 * CRTCs are those of the legacy display engine on R3xx/R4xx
 * (r5xx_display_legacy.c) and those of the AVIVO engine on R5xx
 * (r5xx_display_avivo.c); what both share is here: plane creation, the
 * plane and CRTC checks, pinning and events. Each plane has a "pixel blend
 * mode" property with the modes it really does (see r5xx_planes[]), as the
 * DRM core asks of a plane with an alpha format. The modeset module
 * parameter (default 1) at 0 keeps the render-only driver: no
 * DRIVER_MODESET, no KMS objects, the display left as firmware set it up.
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
	       const struct drm_format_info *info,
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
	ret = r5xx_drm_gem_fb_init_with_funcs(drm, &rfb->base, file, info, cmd,
					      &r5xx_fb_funcs);
	if (ret)
		kfree(rfb);
out_put:
	drm_gem_object_put(obj);
	return ret ? ERR_PTR(ret) : &rfb->base;
}

R5XX_DECLARE_FB_CREATE(r5xx_fb_create)

/* CRTCs and planes: what both display engines share */

/**
 * r5xx_cursor_atomic_async_check - may a cursor update skip the commit queue
 * @plane: cursor plane
 * @state: the atomic state with its new state
 * @flip: asked for an atomic commit with %DRM_MODE_PAGE_FLIP_ASYNC (6.15
 *	and later), not for a legacy cursor update
 *
 * Cursor moves and image changes on a running CRTC skip the commit queue
 * (legacy cursor ioctls must not wait for a pending flip): the cursor
 * registers of both engines take effect at once anyway. The helpers only
 * ask for a single cursor plane staying on its CRTC, without modeset or
 * fence. r5xx offers no asynchronous page flips (the core refuses them
 * before asking, without &drm_mode_config.async_page_flip): @flip is
 * refused all the same.
 *
 * Return: 0, or -EINVAL when the CRTC is off or for @flip.
 */
int r5xx_cursor_atomic_async_check(struct drm_plane *plane,
				   struct drm_atomic_commit *state, bool flip)
{
	struct drm_plane_state *ps = drm_atomic_get_new_plane_state(state, plane);

	if (flip || !ps->crtc || !ps->crtc->state->active)
		return -EINVAL;
	return 0;
}

/**
 * r5xx_cursor_async_take - move an async cursor update into the plane state
 * @plane: cursor plane
 * @state: the atomic state with its new state
 *
 * The current state takes the new framebuffer, position and visibility;
 * the old framebuffer goes with the new state, to be cleaned up.
 *
 * Return: the plane's current state, to program.
 */
struct drm_plane_state *r5xx_cursor_async_take(struct drm_plane *plane,
					       struct drm_atomic_commit *state)
{
	struct drm_plane_state *ps = drm_atomic_get_new_plane_state(state, plane);
	struct drm_plane_state *cur = plane->state;

	swap(cur->fb, ps->fb);
	cur->crtc_x = ps->crtc_x;
	cur->crtc_y = ps->crtc_y;
	cur->crtc_w = ps->crtc_w;
	cur->crtc_h = ps->crtc_h;
	cur->src_x = ps->src_x;
	cur->src_y = ps->src_y;
	cur->src_w = ps->src_w;
	cur->src_h = ps->src_h;
	cur->src = ps->src;
	cur->dst = ps->dst;
	cur->visible = ps->visible;
	return cur;
}

/**
 * r5xx_crtc_atomic_check - the checks a CRTC of either engine makes
 * @crtc: CRTC
 * @state: the atomic state
 *
 * Return: 0, or -EINVAL for a gamma LUT that is not 256 entries long or an
 * active CRTC without its primary plane.
 */
int r5xx_crtc_atomic_check(struct drm_crtc *crtc,
			   struct drm_atomic_commit *state)
{
	struct drm_crtc_state *cs = drm_atomic_get_new_crtc_state(state, crtc);

	if (cs->gamma_lut && drm_color_lut_size(cs->gamma_lut) != 256)
		return -EINVAL;
	return 0;
}

/**
 * r5xx_display_vblank_irq - a CRTC's vblank interrupt
 * @rdev: device
 * @id: 0 for CRTC1, 1 for CRTC2
 */
void r5xx_display_vblank_irq(struct r5xx_device *rdev, unsigned int id)
{
	if (id < rdev->display.num_crtcs)
		drm_crtc_handle_vblank(&rdev->display.crtc[id].base);
}

/* how often r5xx_display_vblank_poll() looks at the frame counters */
#define R5XX_VBLANK_POLL_MS	4

static void r5xx_display_vblank_poll(struct work_struct *work)
{
	struct r5xx_display *disp = container_of(to_delayed_work(work),
						 struct r5xx_display,
						 vblank_poll);
	unsigned long flags;
	unsigned int i;

	/* as from the interrupt handler: the vblank core expects it */
	local_irq_save(flags);
	for (i = 0; i < disp->num_crtcs; i++)
		drm_crtc_handle_vblank(&disp->crtc[i].base);
	local_irq_restore(flags);
	schedule_delayed_work(&disp->vblank_poll,
			      msecs_to_jiffies(R5XX_VBLANK_POLL_MS));
}

/**
 * r5xx_display_vblank_poll_start - pass vblanks on without the interrupt
 * @rdev: device, before a GPU reset masks its interrupts
 *
 * A GPU reset masks the interrupts and turns bus mastering (so MSI) off
 * for about a second (longer on R5xx, which reset the MC too), while the
 * CRTCs keep scanning out and counting frames. Until
 * r5xx_display_vblank_poll_stop(), a work item hands the vblank core the
 * CRTCs' frame counters every few milliseconds, as the vblank interrupt
 * would (the core counts only frames the hardware counted, and sends the
 * events those frames complete): waiters do not time out. 7.x's fbdev
 * console waits for a vblank before each update, with a warning after
 * one second; the reset's own messages are such updates.
 *
 * Return: true if polling started (the display exists).
 */
bool r5xx_display_vblank_poll_start(struct r5xx_device *rdev)
{
	if (!READ_ONCE(rdev->display.enabled))
		return false;
	schedule_delayed_work(&rdev->display.vblank_poll, 0);
	return true;
}

/**
 * r5xx_display_vblank_poll_stop - end r5xx_display_vblank_poll_start()
 * @rdev: device, with its interrupts back on
 */
void r5xx_display_vblank_poll_stop(struct r5xx_device *rdev)
{
	cancel_delayed_work_sync(&rdev->display.vblank_poll);
}

/* Primary and cursor planes: pin the buffer in VRAM while it is shown. */

/**
 * r5xx_plane_cleanup_fb - unpin a framebuffer that prepare_fb pinned
 * @plane: plane
 * @state: its state that held the framebuffer
 */
void r5xx_plane_cleanup_fb(struct drm_plane *plane,
			   struct drm_plane_state *state)
{
	struct r5xx_device *rdev = to_r5xx(plane->dev);
	struct r5xx_bo *bo;

	if (!state->fb)
		return;
	bo = to_r5xx_bo(state->fb->obj[0]);
	if (ttm_bo_reserve(&bo->tbo, false, false, NULL))
		return;
	ttm_bo_unpin(&bo->tbo);
	rdev->mm.vram_pin_size -= bo->tbo.base.size;
	ttm_bo_unreserve(&bo->tbo);
}

/**
 * r5xx_plane_prepare_fb - pin a framebuffer in VRAM while it is shown
 * @plane: primary or cursor plane
 * @state: its new state
 *
 * Moves the buffer to VRAM first if need be, and waits for rendering to
 * it. A cursor image must lie within &r5xx_display.cursor_reach of VRAM.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_plane_prepare_fb(struct drm_plane *plane,
			  struct drm_plane_state *state)
{
	struct r5xx_device *rdev = to_r5xx(plane->dev);
	struct r5xx_bo *bo;
	int ret;

	if (!state->fb)
		return 0;
	bo = to_r5xx_bo(state->fb->obj[0]);
	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (ret)
		return ret;
	if (bo->tbo.pin_count && bo->tbo.resource->mem_type != TTM_PL_VRAM) {
		r5xx_user_dbg(plane->dev, "scanout buffer is pinned outside VRAM\n");
		ret = -EINVAL;
		goto out;
	}
	if (!bo->tbo.pin_count) {
		ret = r5xx_bo_validate_domain(bo, RADEON_GEM_DOMAIN_VRAM, true);
		if (ret)
			goto out;
	}
	if (plane->type == DRM_PLANE_TYPE_CURSOR &&
	    r5xx_bo_gpu_offset(bo) - rdev->mc.vram_start +
	    R5XX_CURSOR_PITCH * R5XX_CURSOR_SIZE > rdev->display.cursor_reach) {
		r5xx_user_dbg(plane->dev, "cursor buffer beyond %llu MiB of VRAM\n",
			      rdev->display.cursor_reach >> 20);
		ret = -ENOSPC;
		goto out;
	}
	ttm_bo_pin(&bo->tbo);
	rdev->mm.vram_pin_size += bo->tbo.base.size;
out:
	ttm_bo_unreserve(&bo->tbo);
	if (ret)
		return ret;
	/* wait for rendering to the buffer; on failure cleanup_fb is not called */
	ret = drm_gem_plane_helper_prepare_fb(plane, state);
	if (ret)
		r5xx_plane_cleanup_fb(plane, state);
	return ret;
}

/**
 * r5xx_primary_atomic_check - a primary plane fills its CRTC, unscaled
 * @plane: primary plane
 * @state: the atomic state
 *
 * Return: 0 or a negative errno.
 */
int r5xx_primary_atomic_check(struct drm_plane *plane,
			      struct drm_atomic_commit *state)
{
	struct drm_plane_state *ps = drm_atomic_get_new_plane_state(state, plane);
	struct drm_crtc_state *cs;

	if (!ps->crtc)
		return 0;
	cs = drm_atomic_get_crtc_state(state, ps->crtc);
	if (IS_ERR(cs))
		return PTR_ERR(cs);
	return drm_atomic_helper_check_plane_state(ps, cs,
						   DRM_PLANE_NO_SCALING,
						   DRM_PLANE_NO_SCALING,
						   false, true);
}

/**
 * r5xx_cursor_atomic_check - a cursor is a linear 64x64 ARGB8888 image
 * @plane: cursor plane
 * @state: the atomic state
 *
 * Return: 0 or a negative errno.
 */
int r5xx_cursor_atomic_check(struct drm_plane *plane,
			     struct drm_atomic_commit *state)
{
	struct drm_plane_state *ps = drm_atomic_get_new_plane_state(state, plane);
	struct drm_crtc_state *cs;
	struct drm_framebuffer *fb = ps->fb;

	if (!ps->crtc || !fb)
		return 0;
	cs = drm_atomic_get_crtc_state(state, ps->crtc);
	if (IS_ERR(cs))
		return PTR_ERR(cs);
	if (fb->width != R5XX_CURSOR_SIZE || fb->height != R5XX_CURSOR_SIZE ||
	    fb->pitches[0] != R5XX_CURSOR_PITCH || fb->offsets[0] % 256 ||
	    fb->format->format != DRM_FORMAT_ARGB8888 ||
	    to_r5xx_fb(fb)->tiling_flags) {
		r5xx_user_dbg(plane->dev,
			      "cursor: needs a linear 64x64 ARGB8888 frame, 256-byte pitch\n");
		return -EINVAL;
	}
	return drm_atomic_helper_check_plane_state(ps, cs,
						   DRM_PLANE_NO_SCALING,
						   DRM_PLANE_NO_SCALING,
						   true, true);
}

static const struct drm_plane_funcs r5xx_plane_funcs = {
	.update_plane = drm_atomic_helper_update_plane,
	.disable_plane = drm_atomic_helper_disable_plane,
	.destroy = drm_plane_cleanup,
	.reset = drm_atomic_helper_plane_reset,
	.atomic_duplicate_state = drm_atomic_helper_plane_duplicate_state,
	.atomic_destroy_state = drm_atomic_helper_plane_destroy_state,
};

static const u32 r5xx_primary_formats[] = {
	DRM_FORMAT_XRGB8888,
	DRM_FORMAT_ARGB8888,
	DRM_FORMAT_RGB565,
};

static const u32 r5xx_cursor_formats[] = {
	DRM_FORMAT_ARGB8888,
};

/*
 * The two planes of a CRTC, as data, with the pixel blend modes each
 * really does. The primary plane is the bottom one and covers the whole
 * CRTC: its alpha is ignored, which is "None" and, over the black below
 * it, "Pre-multiplied" too (the property's default, what the DRM core
 * assumed before the property existed). The cursor is blended over it as
 * premultiplied ARGB by both engines (AVIVO's D1CUR_CONTROL CURSOR_MODE
 * ARGB_PREMULT, the legacy CRTC_GEN_CNTL CRTC_CUR_MODE ARGB), which is the
 * image X, weston and radeon.ko's users hand to a cursor: that is its only
 * mode.
 */
static const struct {
	enum drm_plane_type type;
	const u32 *formats;
	unsigned int num_formats;
	unsigned int blend_modes;
} r5xx_planes[] = {
	{ DRM_PLANE_TYPE_PRIMARY, r5xx_primary_formats,
	  ARRAY_SIZE(r5xx_primary_formats),
	  BIT(DRM_MODE_BLEND_PIXEL_NONE) | BIT(DRM_MODE_BLEND_PREMULTI) },
	{ DRM_PLANE_TYPE_CURSOR, r5xx_cursor_formats,
	  ARRAY_SIZE(r5xx_cursor_formats), BIT(DRM_MODE_BLEND_PREMULTI) },
};

static u32 r5xx_crtc_get_vblank_counter(struct drm_crtc *crtc)
{
	return to_r5xx_crtc(crtc)->kind->vblank_counter(crtc);
}

static int r5xx_crtc_enable_vblank(struct drm_crtc *crtc)
{
	struct r5xx_crtc *rc = to_r5xx_crtc(crtc);

	r5xx_irq_set_display(to_r5xx(crtc->dev), rc->kind->vblank_irq[rc->id],
			     true);
	return 0;
}

static void r5xx_crtc_disable_vblank(struct drm_crtc *crtc)
{
	struct r5xx_crtc *rc = to_r5xx_crtc(crtc);

	r5xx_irq_set_display(to_r5xx(crtc->dev), rc->kind->vblank_irq[rc->id],
			     false);
}

static const struct drm_crtc_funcs r5xx_crtc_funcs = {
	.reset = drm_atomic_helper_crtc_reset,
	.destroy = drm_crtc_cleanup,
	.set_config = drm_atomic_helper_set_config,
	.page_flip = drm_atomic_helper_page_flip,
	.atomic_duplicate_state = drm_atomic_helper_crtc_duplicate_state,
	.atomic_destroy_state = drm_atomic_helper_crtc_destroy_state,
	.get_vblank_counter = r5xx_crtc_get_vblank_counter,
	.enable_vblank = r5xx_crtc_enable_vblank,
	.disable_vblank = r5xx_crtc_disable_vblank,
	.get_vblank_timestamp = drm_crtc_vblank_helper_get_vblank_timestamp,
};

/**
 * r5xx_crtc_create - create a CRTC of either engine and its two planes
 * @rdev: device
 * @id: 0 for the first CRTC, 1 for the second
 * @kind: the engine's functions
 *
 * Return: 0 or a negative errno.
 */
int r5xx_crtc_create(struct r5xx_device *rdev, unsigned int id,
		     const struct r5xx_crtc_kind *kind)
{
	struct r5xx_crtc *rc = &rdev->display.crtc[id];
	struct drm_device *drm = &rdev->drm;
	unsigned int i;
	int ret;

	rc->id = id;
	rc->kind = kind;
	for (i = 0; i < ARRAY_SIZE(r5xx_planes); i++) {
		struct drm_plane *plane = i ? &rc->cursor : &rc->primary;

		ret = drm_universal_plane_init(drm, plane, BIT(id),
					       &r5xx_plane_funcs,
					       r5xx_planes[i].formats,
					       r5xx_planes[i].num_formats, NULL,
					       r5xx_planes[i].type, NULL);
		if (ret)
			return ret;
		ret = drm_plane_create_blend_mode_property(plane,
							   r5xx_planes[i].blend_modes);
		if (ret)
			return ret;
		drm_plane_helper_add(plane, i ? kind->cursor_helpers :
					    kind->primary_helpers);
	}

	ret = drm_crtc_init_with_planes(drm, &rc->base, &rc->primary,
					&rc->cursor, &r5xx_crtc_funcs, NULL);
	if (ret)
		return ret;
	drm_crtc_helper_add(&rc->base, kind->crtc_helpers);
	ret = drm_mode_crtc_set_gamma_size(&rc->base, 256);
	if (ret)
		return ret;
	drm_crtc_enable_color_mgmt(&rc->base, 0, false, 256);
	return 0;
}

/**
 * r5xx_gamma_entry - an entry of a CRTC's 256-entry palette
 * @lut: the CRTC's GAMMA_LUT (256 entries), or NULL for the identity ramp
 * @i: entry, 0 to 255
 *
 * Return: the entry at 10 bits a channel.
 */
struct r5xx_rgb10 r5xx_gamma_entry(const struct drm_color_lut *lut,
				   unsigned int i)
{
	u32 ramp = i << 2 | i >> 6;

	if (!lut)
		return (struct r5xx_rgb10){ ramp, ramp, ramp };
	return (struct r5xx_rgb10){
		lut[i].red >> 6, lut[i].green >> 6, lut[i].blue >> 6,
	};
}

/**
 * r5xx_cursor_place - place a cursor plane's image on its CRTC
 * @ps: the cursor plane's state
 * @place: where it goes
 *
 * Both engines take a position of at least 0: an image hanging off the
 * top or left edge starts at 0, @place->xorigin and @place->yorigin pixels
 * into the image.
 */
void r5xx_cursor_place(const struct drm_plane_state *ps,
		       struct r5xx_cursor_place *place)
{
	int x = ps->crtc_x, y = ps->crtc_y;

	place->xorigin = x < 0 ? min(-x, R5XX_CURSOR_SIZE - 1) : 0;
	place->yorigin = y < 0 ? min(-y, R5XX_CURSOR_SIZE - 1) : 0;
	place->x = max(x, 0);
	place->y = max(y, 0);
}

/**
 * r5xx_crtc_arm_event - send a commit's event at the next vblank
 * @crtc: CRTC, in its atomic_flush
 * @cs: its new state
 *
 * An active CRTC sends the event from its vblank interrupt, when the new
 * scanout address has been taken; an inactive one sends it at once.
 */
void r5xx_crtc_arm_event(struct drm_crtc *crtc, struct drm_crtc_state *cs)
{
	struct drm_pending_vblank_event *event = cs->event;

	if (!event)
		return;
	cs->event = NULL;
	spin_lock_irq(&crtc->dev->event_lock);
	if (cs->active && !drm_crtc_vblank_get(crtc))
		drm_crtc_arm_vblank_event(crtc, event);
	else
		drm_crtc_send_vblank_event(crtc, event);
	spin_unlock_irq(&crtc->dev->event_lock);
}

/**
 * r5xx_crtc_off_event - send the event of a commit that turns a CRTC off
 * @crtc: CRTC, in its atomic_disable
 */
void r5xx_crtc_off_event(struct drm_crtc *crtc)
{
	spin_lock_irq(&crtc->dev->event_lock);
	if (crtc->state->event && !crtc->state->active) {
		drm_crtc_send_vblank_event(crtc, crtc->state->event);
		crtc->state->event = NULL;
	}
	spin_unlock_irq(&crtc->dev->event_lock);
}

static const struct drm_mode_config_funcs r5xx_mode_config_funcs = {
	.fb_create = R5XX_FB_CREATE(r5xx_fb_create),
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
	bool avivo = r5xx_is_avivo(rdev);
	unsigned int i;
	int ret;

	INIT_DELAYED_WORK(&disp->vblank_poll, r5xx_display_vblank_poll);
	if (!rdev->config.modeset) {
		drm->driver_features &= ~(DRIVER_MODESET | DRIVER_ATOMIC);
		drm_dbg_driver(drm, "modeset=0: no KMS\n");
		return 0;
	}

	spin_lock_init(&disp->reg_lock);
	mutex_init(&disp->suspend_lock);
	mutex_init(&disp->bw_lock);
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
	disp->cursor_reach = avivo ? rdev->mc.real_vram_size : SZ_128M;
	for (i = 0; i < disp->num_crtcs; i++) {
		ret = avivo ? r5xx_avivo_crtc_init(rdev, i) :
			      r5xx_crtc_init(rdev, i);
		if (ret)
			goto err_i2c;
	}
	ret = r5xx_outputs_init(rdev);
	if (ret)
		goto err_i2c;
	ret = drm_vblank_init(drm, disp->num_crtcs);
	if (ret)
		goto err_i2c;
	/* CRTC_CRNT_FRAME is 21 bits, D1CRTC_STATUS_FRAME_COUNT 24 */
	drm->max_vblank_count = avivo ?
		R5XX_D1CRTC_STATUS_FRAME_COUNT_FRAME_COUNT :
		R5XX_CRTC_CRNT_FRAME_CRTC_CRNT_FRAME;
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
