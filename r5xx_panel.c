// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/backlight.h>
#include <linux/delay.h>
#include <linux/slab.h>

#include <drm/drm_atomic.h>
#include <drm/drm_atomic_helper.h>
#include <drm/drm_drv.h>
#include <drm/drm_edid.h>
#include <drm/drm_managed.h>
#include <drm/drm_modes.h>
#include <drm/drm_print.h>
#include <drm/drm_probe_helper.h>

#include "r5xx_drv.h"

/**
 * DOC: laptop panel
 *
 * Mobility boards of the legacy display engine (R3xx/R4xx) drive their
 * built-in panel through the LVDS transmitter. Without a video BIOS
 * connector table, a board whose PCI ID is a Mobility part gets an LVDS
 * connector and a VGA connector, as upstream radeon's generic table gives
 * it (r5xx_bios.c).
 *
 * The panel's native mode comes from its EDID when the connector has a
 * DDC bus, else from the registers the video BIOS left: the panel size
 * from FP_HORZ/VERT_STRETCH when the BIOS stretches its own mode (as
 * upstream radeon_legacy_get_lvds_info_from_regs), else from the RMX
 * timing registers FP_CRTC_H/V_TOTAL_DISP; the timing from those
 * registers and FP_H/V_SYNC_STRT_WID when they describe a mode of that
 * size, at 60 Hz, else a CVT reduced-blanking mode. The COMBIOS LCD table
 * is not read. It is read once at load, before r5xx programs anything.
 *
 * The panel is on CRTC1, through the RMX scaler: a mode smaller than the
 * native one is scanned out with the native mode's blanking and clock and
 * stretched to the panel (connector property "scaling mode": "Full", the
 * default, and "Full aspect" stretch both axes as upstream's legacy path
 * does, the scaler cannot letterbox; "Center" shows it unscaled in the
 * middle of the panel).
 *
 * Power sequencing: on, DIGON (panel power), then LVDS_ON/LVDS_EN
 * (signal), then BLON (backlight), with a pause between steps; off in
 * the reverse order. The backlight is a backlight class device
 * (/sys/class/backlight/r5xx_bl<minor>, raw, 0..255), its level in
 * LVDS_GEN_CNTL.LVDS_BL_MOD_LEVEL; it starts at the level the BIOS left.
 */

#define R5XX_PANEL_T2_MS	10	/* panel power to signal */
#define R5XX_PANEL_T3_MS	20	/* signal to backlight */
#define R5XX_PANEL_MAX_LEVEL	255
#define R5XX_STRETCH_ONE	4096	/* FP_*_STRETCH ratio 1:1 */
#define R5XX_PANEL_HZ		60
#define R5XX_LVDS_SRC_RMX	2

/* the native mode from the registers the BIOS left; false if none */
static bool r5xx_panel_mode_from_regs(struct r5xx_device *rdev,
				      struct drm_display_mode *m)
{
	u32 hs = r5xx_rreg(rdev, R5XX_FP_HORZ_STRETCH);
	u32 vs = r5xx_rreg(rdev, R5XX_FP_VERT_STRETCH);
	u32 ht = r5xx_rreg(rdev, R5XX_FP_CRTC_H_TOTAL_DISP);
	u32 vt = r5xx_rreg(rdev, R5XX_FP_CRTC_V_TOTAL_DISP);
	u32 hsync = r5xx_rreg(rdev, R5XX_FP_H_SYNC_STRT_WID);
	u32 vsync = r5xx_rreg(rdev, R5XX_FP_V_SYNC_STRT_WID);
	u32 w, h, htot, vtot, hss, hsw, vss, vsw;
	struct drm_display_mode *cvt;

	w = (FIELD_GET(R5XX_CRTC_H_TOTAL_DISP_CRTC_H_DISP, ht) + 1) * 8;
	h = FIELD_GET(R5XX_CRTC_V_TOTAL_DISP_CRTC_V_DISP, vt) + 1;
	if (hs & R5XX_FP_HORZ_STRETCH_HORZ_STRETCH_ENABLE)
		w = (FIELD_GET(R5XX_FP_HORZ_STRETCH_HORZ_PANEL_SIZE, hs) + 1) * 8;
	if (vs & R5XX_FP_VERT_STRETCH_VERT_STRETCH_ENABLE)
		h = FIELD_GET(R5XX_FP_VERT_STRETCH_VERT_PANEL_SIZE, vs) + 1;
	if (w < 640 || h < 480)
		return false;

	htot = (FIELD_GET(R5XX_CRTC_H_TOTAL_DISP_CRTC_H_TOTAL, ht) + 1) * 8;
	vtot = FIELD_GET(R5XX_CRTC_V_TOTAL_DISP_CRTC_V_TOTAL, vt) + 1;
	hss = FIELD_GET(R5XX_CRTC_H_SYNC_STRT_WID_CRTC_H_SYNC_STRT_CHAR |
			R5XX_CRTC_H_SYNC_STRT_WID_CRTC_H_SYNC_STRT_PIX, hsync) + 8;
	hsw = FIELD_GET(R5XX_CRTC_H_SYNC_STRT_WID_CRTC_H_SYNC_WID, hsync) * 8;
	vss = FIELD_GET(R5XX_CRTC_V_SYNC_STRT_WID_CRTC_V_SYNC_STRT, vsync) + 1;
	vsw = FIELD_GET(R5XX_CRTC_V_SYNC_STRT_WID_CRTC_V_SYNC_WID, vsync);
	if (w == (FIELD_GET(R5XX_CRTC_H_TOTAL_DISP_CRTC_H_DISP, ht) + 1) * 8 &&
	    h == FIELD_GET(R5XX_CRTC_V_TOTAL_DISP_CRTC_V_DISP, vt) + 1 &&
	    hss >= w && hsw && hss + hsw <= htot &&
	    vss >= h && vsw && vss + vsw <= vtot) {
		m->hdisplay = w;
		m->hsync_start = hss;
		m->hsync_end = hss + hsw;
		m->htotal = htot;
		m->vdisplay = h;
		m->vsync_start = vss;
		m->vsync_end = vss + vsw;
		m->vtotal = vtot;
		m->clock = DIV_ROUND_CLOSEST(htot * vtot * R5XX_PANEL_HZ, 1000);
		m->flags = DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_NVSYNC;
	} else {
		cvt = drm_cvt_mode(&rdev->drm, w, h, R5XX_PANEL_HZ, true, false,
				   false);
		if (!cvt)
			return false;
		drm_mode_copy(m, cvt);
		drm_mode_destroy(&rdev->drm, cvt);
	}
	m->type = DRM_MODE_TYPE_DRIVER | DRM_MODE_TYPE_PREFERRED;
	drm_mode_set_name(m);
	return true;
}

static int r5xx_panel_get_modes(struct drm_connector *connector)
{
	struct r5xx_device *rdev = to_r5xx(connector->dev);
	struct r5xx_panel *panel = &rdev->display.panel;
	struct drm_display_mode *m;
	struct edid *edid;
	int count = 0;

	if (connector->ddc) {
		edid = drm_get_edid(connector, connector->ddc);
		drm_connector_update_edid_property(connector, edid);
		if (edid)
			count = drm_add_edid_modes(connector, edid);
		kfree(edid);
		if (count)
			return count;
	}
	if (!panel->native.hdisplay)
		return 0;
	m = drm_mode_duplicate(connector->dev, &panel->native);
	if (!m)
		return 0;
	drm_mode_probed_add(connector, m);
	connector->display_info.width_mm = 0;
	connector->display_info.height_mm = 0;
	/* the smaller VESA modes, for the scaler */
	return 1 + drm_add_modes_noedid(connector, panel->native.hdisplay,
					panel->native.vdisplay);
}

static enum drm_mode_status
r5xx_panel_mode_valid(struct drm_connector *connector,
		      const struct drm_display_mode *mode)
{
	const struct drm_display_mode *native =
		&to_r5xx(connector->dev)->display.panel.native;

	/* without a size from the registers, the EDID's modes are the panel's */
	if (native->hdisplay && (mode->hdisplay > native->hdisplay ||
				 mode->vdisplay > native->vdisplay))
		return MODE_PANEL;
	if (mode->hdisplay % 8)
		return MODE_H_ILLEGAL;
	return MODE_OK;
}

R5XX_DECLARE_CONNECTOR_MODE_VALID(r5xx_panel_mode_valid)

/* a new scaling mode needs the scaler programmed again: a mode set */
static int r5xx_panel_atomic_check(struct drm_connector *connector,
				   struct drm_atomic_commit *state)
{
	struct drm_connector_state *old =
		drm_atomic_get_old_connector_state(state, connector);
	struct drm_connector_state *new =
		drm_atomic_get_new_connector_state(state, connector);
	struct drm_crtc_state *cs;

	if (!new->crtc || old->scaling_mode == new->scaling_mode)
		return 0;
	cs = drm_atomic_get_crtc_state(state, new->crtc);
	if (IS_ERR(cs))
		return PTR_ERR(cs);
	cs->mode_changed = true;
	return 0;
}

/*
 * Built in, so present whenever its size is known: from the registers the
 * BIOS left, or from an EDID on its DDC line (as radeon_lvds_detect). A
 * Mobility ID on a board without a panel (desktop boards built with
 * RS480M or RV380M parts) reads neither and stays disconnected.
 */
static enum drm_connector_status
r5xx_panel_detect(struct drm_connector *connector, bool force)
{
	struct r5xx_device *rdev = to_r5xx(connector->dev);

	if (rdev->display.panel.native.hdisplay)
		return connector_status_connected;
	if (connector->ddc && drm_probe_ddc(connector->ddc))
		return connector_status_connected;
	return connector_status_disconnected;
}

static void r5xx_panel_connector_reset(struct drm_connector *connector)
{
	drm_atomic_helper_connector_reset(connector);
	if (connector->state)
		connector->state->scaling_mode = DRM_MODE_SCALE_FULLSCREEN;
}

static const struct drm_connector_helper_funcs r5xx_panel_connector_helpers = {
	.get_modes = r5xx_panel_get_modes,
	.mode_valid = R5XX_CONNECTOR_MODE_VALID(r5xx_panel_mode_valid),
	.atomic_check = r5xx_panel_atomic_check,
};

static const struct drm_connector_funcs r5xx_panel_connector_funcs = {
	.detect = r5xx_panel_detect,
	.fill_modes = drm_helper_probe_single_connector_modes,
	.destroy = drm_connector_cleanup,
	.reset = r5xx_panel_connector_reset,
	.atomic_duplicate_state = drm_atomic_helper_connector_duplicate_state,
	.atomic_destroy_state = drm_atomic_helper_connector_destroy_state,
};

/*
 * A mode smaller than the panel runs with the panel's blanking and clock
 * (upstream radeon_panel_mode_fixup); the scaler makes the rest.
 */
static int r5xx_panel_encoder_check(struct drm_encoder *encoder,
				    struct drm_crtc_state *cs,
				    struct drm_connector_state *conn)
{
	const struct drm_display_mode *n =
		&to_r5xx(encoder->dev)->display.panel.native;
	struct drm_display_mode *a = &cs->adjusted_mode;

	if (!n->hdisplay)
		return -EINVAL;
	if (a->hdisplay > n->hdisplay || a->vdisplay > n->vdisplay) {
		r5xx_user_dbg(encoder->dev, "mode %dx%d is larger than the panel\n",
			      a->hdisplay, a->vdisplay);
		return -EINVAL;
	}
	a->clock = n->clock;
	a->flags = n->flags;
	a->htotal = n->htotal;
	a->hsync_start = n->hsync_start;
	a->hsync_end = n->hsync_end;
	a->vtotal = n->vtotal;
	a->vsync_start = n->vsync_start;
	a->vsync_end = n->vsync_end;
	drm_mode_set_crtcinfo(a, 0);
	a->crtc_htotal = a->crtc_hdisplay + n->htotal - n->hdisplay;
	a->crtc_hsync_start = a->crtc_hdisplay + n->hsync_start - n->hdisplay;
	a->crtc_hsync_end = a->crtc_hsync_start + n->hsync_end - n->hsync_start;
	a->crtc_hblank_start = a->crtc_hdisplay;
	a->crtc_hblank_end = a->crtc_htotal;
	a->crtc_vtotal = a->crtc_vdisplay + n->vtotal - n->vdisplay;
	a->crtc_vsync_start = a->crtc_vdisplay + n->vsync_start - n->vdisplay;
	a->crtc_vsync_end = a->crtc_vsync_start + n->vsync_end - n->vsync_start;
	a->crtc_vblank_start = a->crtc_vdisplay;
	a->crtc_vblank_end = a->crtc_vtotal;
	return 0;
}

/* the RMX scaler on CRTC1: the panel's timing, and how @m reaches it */
static void r5xx_panel_rmx(struct r5xx_device *rdev,
			   const struct drm_display_mode *m, u32 scaling)
{
	const struct drm_display_mode *n = &rdev->display.panel.native;
	u32 hs = FIELD_PREP(R5XX_FP_HORZ_STRETCH_HORZ_PANEL_SIZE,
			    m->hdisplay / 8 - 1);
	u32 vs = FIELD_PREP(R5XX_FP_VERT_STRETCH_VERT_PANEL_SIZE,
			    m->vdisplay - 1);
	u32 more = 0;

	if (scaling == DRM_MODE_SCALE_CENTER) {
		more = R5XX_CRTC_MORE_CNTL_CRTC_AUTO_HORZ_CENTER_EN |
		       R5XX_CRTC_MORE_CNTL_CRTC_AUTO_VERT_CENTER_EN;
	} else {
		if (m->hdisplay < n->hdisplay)
			hs = FIELD_PREP(R5XX_FP_HORZ_STRETCH_HORZ_PANEL_SIZE,
					n->hdisplay / 8 - 1) |
			     FIELD_PREP(R5XX_FP_HORZ_STRETCH_HORZ_STRETCH_RATIO,
					m->hdisplay * R5XX_STRETCH_ONE /
					n->hdisplay + 1) |
			     R5XX_FP_HORZ_STRETCH_HORZ_STRETCH_ENABLE |
			     R5XX_FP_HORZ_STRETCH_HORZ_STRETCH_BLEND;
		if (m->vdisplay < n->vdisplay)
			vs = FIELD_PREP(R5XX_FP_VERT_STRETCH_VERT_PANEL_SIZE,
					n->vdisplay - 1) |
			     FIELD_PREP(R5XX_FP_VERT_STRETCH_VERT_STRETCH_RATIO,
					m->vdisplay * R5XX_STRETCH_ONE /
					n->vdisplay + 1) |
			     R5XX_FP_VERT_STRETCH_VERT_STRETCH_ENABLE |
			     R5XX_FP_VERT_STRETCH_VERT_STRETCH_BLEND;
	}
	r5xx_wreg(rdev, R5XX_FP_HORZ_STRETCH, hs);
	r5xx_wreg(rdev, R5XX_FP_VERT_STRETCH, vs);
	r5xx_wreg_mask(rdev, R5XX_CRTC_MORE_CNTL, more,
		       R5XX_CRTC_MORE_CNTL_CRTC_AUTO_HORZ_CENTER_EN |
		       R5XX_CRTC_MORE_CNTL_CRTC_AUTO_VERT_CENTER_EN);
	r5xx_wreg(rdev, R5XX_FP_CRTC_H_TOTAL_DISP,
		  FIELD_PREP(R5XX_CRTC_H_TOTAL_DISP_CRTC_H_TOTAL,
			     n->htotal / 8 - 1) |
		  FIELD_PREP(R5XX_CRTC_H_TOTAL_DISP_CRTC_H_DISP,
			     n->hdisplay / 8 - 1));
	r5xx_wreg(rdev, R5XX_FP_CRTC_V_TOTAL_DISP,
		  FIELD_PREP(R5XX_CRTC_V_TOTAL_DISP_CRTC_V_TOTAL, n->vtotal - 1) |
		  FIELD_PREP(R5XX_CRTC_V_TOTAL_DISP_CRTC_V_DISP,
			     n->vdisplay - 1));
	r5xx_wreg(rdev, R5XX_FP_H_SYNC_STRT_WID,
		  FIELD_PREP(R5XX_CRTC_H_SYNC_STRT_WID_CRTC_H_SYNC_STRT_CHAR |
			     R5XX_CRTC_H_SYNC_STRT_WID_CRTC_H_SYNC_STRT_PIX,
			     n->hsync_start - 8) |
		  FIELD_PREP(R5XX_CRTC_H_SYNC_STRT_WID_CRTC_H_SYNC_WID,
			     clamp((n->hsync_end - n->hsync_start) / 8, 1, 0x3f)));
	r5xx_wreg(rdev, R5XX_FP_V_SYNC_STRT_WID,
		  FIELD_PREP(R5XX_CRTC_V_SYNC_STRT_WID_CRTC_V_SYNC_STRT,
			     n->vsync_start - 1) |
		  FIELD_PREP(R5XX_CRTC_V_SYNC_STRT_WID_CRTC_V_SYNC_WID,
			     clamp(n->vsync_end - n->vsync_start, 1, 0x1f)));
}

/* LVDS_GEN_CNTL's backlight level and modulation */
static void r5xx_panel_set_level(struct r5xx_device *rdev, u32 level)
{
	r5xx_wreg_mask(rdev, R5XX_LVDS_GEN_CNTL,
		       FIELD_PREP(R5XX_LVDS_GEN_CNTL_LVDS_BL_MOD_LEVEL, level) |
		       R5XX_LVDS_GEN_CNTL_LVDS_BL_MOD_EN,
		       R5XX_LVDS_GEN_CNTL_LVDS_BL_MOD_LEVEL |
		       R5XX_LVDS_GEN_CNTL_LVDS_BL_MOD_EN);
}

static void r5xx_panel_encoder_enable(struct drm_encoder *encoder,
				      struct drm_atomic_commit *state)
{
	struct r5xx_device *rdev = to_r5xx(encoder->dev);
	struct r5xx_panel *panel = &rdev->display.panel;
	struct r5xx_output_dev *out =
		container_of(encoder, struct r5xx_output_dev, encoder);
	struct drm_connector_state *conn =
		drm_atomic_get_new_connector_state(state, &out->connector);
	const struct drm_display_mode *m = &encoder->crtc->state->adjusted_mode;

	r5xx_wreg_mask(rdev, R5XX_DISP_PWR_MAN, R5XX_DISP_PWR_MAN_AUTO_PWRUP_EN,
		       R5XX_DISP_PWR_MAN_AUTO_PWRUP_EN);
	r5xx_panel_rmx(rdev, m, conn ? conn->scaling_mode :
			       DRM_MODE_SCALE_FULLSCREEN);
	r5xx_wreg_mask(rdev, R5XX_LVDS_PLL_CNTL,
		       FIELD_PREP(R5XX_LVDS_PLL_CNTL_LVDS_SRC_SEL,
				  R5XX_LVDS_SRC_RMX) |
		       R5XX_LVDS_PLL_CNTL_LVDS_PLL_EN,
		       R5XX_LVDS_PLL_CNTL_LVDS_SRC_SEL |
		       R5XX_LVDS_PLL_CNTL_LVDS_PLL_EN);
	usleep_range(1000, 2000);
	r5xx_wreg_mask(rdev, R5XX_LVDS_PLL_CNTL, 0,
		       R5XX_LVDS_PLL_CNTL_LVDS_PLL_RESET);
	r5xx_wreg_mask(rdev, R5XX_LVDS_GEN_CNTL,
		       R5XX_LVDS_GEN_CNTL_LVDS_DIGON,
		       R5XX_LVDS_GEN_CNTL_LVDS_DIGON |
		       R5XX_LVDS_GEN_CNTL_LVDS_SEL_CRTC2);
	msleep(R5XX_PANEL_T2_MS);
	r5xx_wreg_mask(rdev, R5XX_LVDS_GEN_CNTL,
		       R5XX_LVDS_GEN_CNTL_LVDS_ON | R5XX_LVDS_GEN_CNTL_LVDS_EN,
		       R5XX_LVDS_GEN_CNTL_LVDS_ON | R5XX_LVDS_GEN_CNTL_LVDS_EN |
		       R5XX_LVDS_GEN_CNTL_LVDS_DISPLAY_DIS);
	msleep(R5XX_PANEL_T3_MS);
	mutex_lock(&panel->lock);
	r5xx_panel_set_level(rdev, panel->level);
	r5xx_wreg_mask(rdev, R5XX_LVDS_GEN_CNTL, R5XX_LVDS_GEN_CNTL_LVDS_BLON,
		       R5XX_LVDS_GEN_CNTL_LVDS_BLON);
	panel->on = true;
	mutex_unlock(&panel->lock);
}

static void r5xx_panel_encoder_disable(struct drm_encoder *encoder,
				       struct drm_atomic_commit *state)
{
	struct r5xx_device *rdev = to_r5xx(encoder->dev);
	struct r5xx_panel *panel = &rdev->display.panel;

	mutex_lock(&panel->lock);
	panel->on = false;
	r5xx_wreg_mask(rdev, R5XX_LVDS_GEN_CNTL, 0, R5XX_LVDS_GEN_CNTL_LVDS_BLON);
	mutex_unlock(&panel->lock);
	msleep(R5XX_PANEL_T3_MS);
	r5xx_wreg_mask(rdev, R5XX_LVDS_GEN_CNTL,
		       R5XX_LVDS_GEN_CNTL_LVDS_DISPLAY_DIS,
		       R5XX_LVDS_GEN_CNTL_LVDS_ON | R5XX_LVDS_GEN_CNTL_LVDS_EN |
		       R5XX_LVDS_GEN_CNTL_LVDS_DISPLAY_DIS);
	msleep(R5XX_PANEL_T2_MS);
	r5xx_wreg_mask(rdev, R5XX_LVDS_GEN_CNTL, 0,
		       R5XX_LVDS_GEN_CNTL_LVDS_DIGON);
	r5xx_wreg_mask(rdev, R5XX_LVDS_PLL_CNTL, R5XX_LVDS_PLL_CNTL_LVDS_PLL_RESET,
		       R5XX_LVDS_PLL_CNTL_LVDS_PLL_RESET |
		       R5XX_LVDS_PLL_CNTL_LVDS_PLL_EN);
}

static const struct drm_encoder_helper_funcs r5xx_panel_encoder_helpers = {
	.atomic_check = r5xx_panel_encoder_check,
	.atomic_enable = r5xx_panel_encoder_enable,
	.atomic_disable = r5xx_panel_encoder_disable,
};

static const struct drm_encoder_funcs r5xx_panel_encoder_funcs = {
	.destroy = drm_encoder_cleanup,
};

/* Backlight ----------------------------------------------------------- */

static int r5xx_panel_bl_update(struct backlight_device *bd)
{
	struct r5xx_device *rdev = bl_get_data(bd);
	struct r5xx_panel *panel = &rdev->display.panel;
	int idx;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	mutex_lock(&panel->lock);
	panel->level = backlight_get_brightness(bd);
	if (panel->on)
		r5xx_panel_set_level(rdev, panel->level);
	mutex_unlock(&panel->lock);
	drm_dev_exit(idx);
	return 0;
}

static int r5xx_panel_bl_get(struct backlight_device *bd)
{
	struct r5xx_device *rdev = bl_get_data(bd);
	int idx, level;

	if (!drm_dev_enter(&rdev->drm, &idx))
		return -ENODEV;
	level = FIELD_GET(R5XX_LVDS_GEN_CNTL_LVDS_BL_MOD_LEVEL,
			  r5xx_rreg(rdev, R5XX_LVDS_GEN_CNTL));
	drm_dev_exit(idx);
	return level;
}

static const struct backlight_ops r5xx_panel_bl_ops = {
	.update_status = r5xx_panel_bl_update,
	.get_brightness = r5xx_panel_bl_get,
};

static int r5xx_panel_backlight_init(struct r5xx_device *rdev,
				     struct drm_connector *connector)
{
	struct r5xx_panel *panel = &rdev->display.panel;
	struct backlight_properties props = {
		.type = BACKLIGHT_RAW,
		.max_brightness = R5XX_PANEL_MAX_LEVEL,
		.brightness = panel->level,
	};
	struct backlight_device *bd;
	char name[16];

	snprintf(name, sizeof(name), "r5xx_bl%d", rdev->drm.primary->index);
	bd = devm_backlight_device_register(rdev->drm.dev, name,
					    rdev->drm.dev, rdev,
					    &r5xx_panel_bl_ops, &props);
	if (IS_ERR(bd))
		return PTR_ERR(bd);
	panel->bl = bd;
	return 0;
}

/**
 * r5xx_panel_output_init - the LVDS connector and encoder
 * @rdev: device, with the CRTCs made
 * @out: the output of the connector table's LVDS row
 * @ddc: the panel's DDC bus, or NULL
 *
 * Return: 0 or a negative errno.
 */
int r5xx_panel_output_init(struct r5xx_device *rdev,
			   struct r5xx_output_dev *out, struct i2c_adapter *ddc)
{
	struct r5xx_panel *panel = &rdev->display.panel;
	struct drm_device *drm = &rdev->drm;
	int ret;

	ret = drmm_mutex_init(drm, &panel->lock);
	if (ret)
		return ret;
	panel->level = FIELD_GET(R5XX_LVDS_GEN_CNTL_LVDS_BL_MOD_LEVEL,
				 r5xx_rreg(rdev, R5XX_LVDS_GEN_CNTL));
	if (r5xx_panel_mode_from_regs(rdev, &panel->native))
		drm_info(drm, "display: panel " DRM_MODE_FMT " from the registers\n",
			 DRM_MODE_ARG(&panel->native));
	else if (!ddc)
		drm_info(drm, "display: no panel size in the registers and no DDC: LVDS stays disconnected\n");

	ret = drm_encoder_init(drm, &out->encoder, &r5xx_panel_encoder_funcs,
			       DRM_MODE_ENCODER_LVDS, NULL);
	if (ret)
		return ret;
	/* the RMX scaler is CRTC1's */
	out->encoder.possible_crtcs = BIT(0);
	drm_encoder_helper_add(&out->encoder, &r5xx_panel_encoder_helpers);

	ret = drm_connector_init_with_ddc(drm, &out->connector,
					  &r5xx_panel_connector_funcs,
					  DRM_MODE_CONNECTOR_LVDS, ddc);
	if (ret)
		return ret;
	drm_connector_helper_add(&out->connector, &r5xx_panel_connector_helpers);
	out->connector.polled = 0;
	ret = drm_connector_attach_scaling_mode_property(&out->connector,
							 BIT(DRM_MODE_SCALE_FULLSCREEN) |
							 BIT(DRM_MODE_SCALE_CENTER) |
							 BIT(DRM_MODE_SCALE_ASPECT));
	if (ret)
		return ret;
	ret = drm_connector_attach_encoder(&out->connector, &out->encoder);
	if (ret)
		return ret;
	return r5xx_panel_backlight_init(rdev, &out->connector);
}
