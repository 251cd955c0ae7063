// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/iopoll.h>

#include <drm/drm_atomic.h>
#include <drm/drm_atomic_helper.h>
#include <drm/drm_fourcc.h>
#include <drm/drm_framebuffer.h>
#include <drm/drm_print.h>
#include <drm/drm_vblank.h>
#include <drm/radeon_drm.h>

#include "r5xx_drv.h"

/**
 * DOC: AVIVO display engine
 *
 * R5xx parts have the AVIVO display engine: two CRTCs, D1 and D2, whose
 * registers are the same at +0x800. Upstream radeon only sets modes on it
 * through the ATOM BIOS command tables; r5xx programs it directly, as
 * xf86-video-radeonhd does (rhd_crtc.c, rhd_pll.c, rhd_lut.c,
 * rhd_cursor.c), with upstream radeon's rs600.c and avivo code as the
 * referee for vblank, flips and the cursor:
 *
 * - timing: D1CRTC_H/V_TOTAL, _BLANK_START_END and _SYNC_A, counted from
 *   the start of the sync pulse (position 0): the blank ends (first active
 *   pixel or line) at total - sync start and starts at total + display -
 *   sync start. Negative syncs set bit 0 of _SYNC_A_CNTL. No interlace or
 *   double scan; totals and the screen up to 8192;
 * - pixel clock: D1 from P1PLL, D2 from P2PLL (PCLK_CRTCn_CNTL), 27 MHz x
 *   FB / (REF x POST) with the VCO kept in range. The post divider runs
 *   from the crystal while the dividers change under EXT_PPLL_UPDATE_LOCK
 *   and the PLL is reset; it is switched back once the PLL reports locked;
 * - the primary plane: a GRPH surface at the framebuffer's MC address
 *   (D1GRPH_PRIMARY_SURFACE_ADDRESS), XRGB8888, ARGB8888 (alpha ignored) or
 *   RGB565; macro tiling is GRPH_MACRO_ADDRESS_MODE and micro tiling
 *   GRPH_TILED, as the buffer's GEM tiling flags said when the framebuffer
 *   was made. The source position is GRPH_SURFACE_OFFSET_X/Y, the viewport
 *   the whole mode. The surface registers are written under
 *   GRPH_UPDATE_LOCK; the address is double-buffered and taken at the next
 *   vblank, which is when flip events are sent. A running CRTC without its
 *   primary plane keeps its timing and vblanks and shows black
 *   (D1GRPH_ENABLE clear);
 * - the cursor plane: 64x64 premultiplied ARGB at its MC address, 256-byte
 *   rows, written under CURSOR_UPDATE_LOCK, at once (asynchronous updates,
 *   so that legacy cursor ioctls never wait for a pending flip); a cursor hanging off the top or
 *   left edge is placed at 0 and starts D1CUR_HOT_SPOT pixels into the
 *   image;
 * - gamma: D1 uses LUT A and D2 LUT B, 256 10:10:10 entries loaded through
 *   the LUT port (DC_LUT_*), from GAMMA_LUT or an identity ramp;
 * - vblank: the D1/D2 vblank interrupts of DISP_INTERRUPT_STATUS
 *   (enabled in DXMODE_INT_MASK, acknowledged in DxMODE_VBLANK_STATUS, see
 *   r5xx_irq.c), the 24-bit D1CRTC_STATUS_FRAME_COUNT and the scanout
 *   position from D1CRTC_STATUS_POSITION for precise vblank timestamps. The
 *   frame counter steps at the start of vsync, after the vblank interrupt:
 *   as upstream radeon does, a read between the start of vblank and the
 *   start of vsync counts one more.
 *
 * DPMS is the CRTC's active state: an inactive CRTC stops reading memory,
 * is turned off and its PLL put to sleep.
 */

/* D2 registers are D1's + 0x800; so are LUT B's to LUT A's */
#define R5XX_AVIVO_D2		(R5XX_D2CRTC_H_TOTAL - R5XX_D1CRTC_H_TOTAL)
/* the vertical timing registers are the horizontal ones + 0x20 */
#define R5XX_AVIVO_V		(R5XX_D1CRTC_V_TOTAL - R5XX_D1CRTC_H_TOTAL)
/* the _BLANK_START_END, _SYNC_A, _SYNC_A_CNTL after _TOTAL */
#define R5XX_AVIVO_BLANK	4
#define R5XX_AVIVO_SYNC		8
#define R5XX_AVIVO_SYNC_CNTL	12
#define R5XX_AVIVO_SYNC_NEG	BIT(0)
#define R5XX_AVIVO_MAX		8192
/* GRPH_FORMAT at 16 bits a pixel */
#define R5XX_AVIVO_FORMAT_RGB565	1

/* the PLL block of EXT2/P2PLL against EXT1/P1PLL */
#define R5XX_PLL2_REF		(R5XX_EXT2_PPLL_REF_DIV - R5XX_EXT1_PPLL_REF_DIV)
#define R5XX_PLL2_FB		(R5XX_EXT2_PPLL_FB_DIV - R5XX_EXT1_PPLL_FB_DIV)
#define R5XX_PLL2_POST		(R5XX_EXT2_PPLL_POST_DIV - R5XX_EXT1_PPLL_POST_DIV)
#define R5XX_PLL2_CNTL		(R5XX_P2PLL_CNTL - R5XX_P1PLL_CNTL)
#define R5XX_AVIVO_POST_MIN	2
#define R5XX_AVIVO_POST_MAX	127
#define R5XX_AVIVO_FB_MAX	2047
#define R5XX_AVIVO_REF_MAX	1023

/**
 * struct r5xx_avivo_crtc_regs - where D1 and D2 differ, as data
 * @d: offset of the D2 copy of a D1 register (timing, GRPH, cursor, mode,
 *	scaler, LUT control)
 * @vga: D1VGA_CONTROL or D2VGA_CONTROL
 * @pclk: PCLK_CRTC1_CNTL or PCLK_CRTC2_CNTL
 * @pll_ref: offset of its PLL's EXT_PPLL_REF_DIV_SRC .. _UPDATE_CNTL
 * @pll_fb: offset of its PLL's EXT_PPLL_FB_DIV and EXT_PPLL_CNTL
 * @pll_post: offset of its PLL's EXT_PPLL_POST_DIV_SRC and _POST_DIV
 * @pll_cntl: offset of its PxPLL_CNTL and PxPLL_INT_SS_CNTL
 */
struct r5xx_avivo_crtc_regs {
	u32 d;
	u32 vga;
	u32 pclk;
	u32 pll_ref;
	u32 pll_fb;
	u32 pll_post;
	u32 pll_cntl;
};

static const struct r5xx_avivo_crtc_regs r5xx_avivo_regs[R5XX_MAX_CRTCS] = {
	{
		.vga = R5XX_D1VGA_CONTROL,
		.pclk = R5XX_PCLK_CRTC1_CNTL,
	},
	{
		.d = R5XX_AVIVO_D2,
		.vga = R5XX_D2VGA_CONTROL,
		.pclk = R5XX_PCLK_CRTC2_CNTL,
		.pll_ref = R5XX_PLL2_REF,
		.pll_fb = R5XX_PLL2_FB,
		.pll_post = R5XX_PLL2_POST,
		.pll_cntl = R5XX_PLL2_CNTL,
	},
};

static const struct r5xx_avivo_crtc_regs *r5xx_avivo_regs_of(struct drm_crtc *crtc)
{
	return &r5xx_avivo_regs[to_r5xx_crtc(crtc)->id];
}

/**
 * r5xx_avivo_pll_compute - pick P1PLL/P2PLL dividers for a pixel clock
 * @lim: the PLLs' limits
 * @khz: wanted pixel clock
 * @div: the dividers and the clock they give
 *
 * Tries each reference divider whose PLL input is in range and each post
 * divider whose VCO frequency is, keeping the feedback divider that comes
 * closest (the first of equals: the smallest dividers).
 *
 * Return: 0, or -ERANGE if no setting is within 0.5% of @khz.
 */
static int r5xx_avivo_pll_compute(const struct r5xx_pll_limits *lim, u32 khz,
				  struct r5xx_pll_div *div)
{
	u32 best_err = U32_MAX, ref, post;

	if (!khz)
		return -ERANGE;
	for (ref = 2; ref <= R5XX_AVIVO_REF_MAX; ref++) {
		u32 in_khz = lim->ref_khz / ref;

		if (in_khz > lim->in_max_khz)
			continue;
		if (in_khz < lim->in_min_khz)
			break;
		for (post = R5XX_AVIVO_POST_MIN; post <= R5XX_AVIVO_POST_MAX;
		     post++) {
			u64 vco = (u64)khz * post;
			u32 fb, got, err;

			if (vco < lim->vco_min_khz || vco > lim->vco_max_khz)
				continue;
			fb = DIV_ROUND_CLOSEST_ULL(vco * ref, lim->ref_khz);
			if (!fb || fb > R5XX_AVIVO_FB_MAX)
				continue;
			got = div_u64((u64)lim->ref_khz * fb, ref * post);
			err = abs((s32)(got - khz));
			if (err >= best_err)
				continue;
			best_err = err;
			*div = (struct r5xx_pll_div){
				.ref = ref, .fb = fb, .post = post, .khz = got,
			};
		}
	}
	if (best_err == U32_MAX || (u64)best_err * 200 > khz)
		return -ERANGE;
	return 0;
}

/**
 * r5xx_avivo_mode_limits - what the AVIVO CRTCs can show
 * @rdev: device
 * @mode: display mode
 *
 * Return: %MODE_OK or why @mode is out of the CRTC's or the PLL's range.
 */
enum drm_mode_status r5xx_avivo_mode_limits(struct r5xx_device *rdev,
					    const struct drm_display_mode *mode)
{
	struct r5xx_pll_div div;

	if (mode->flags & DRM_MODE_FLAG_INTERLACE)
		return MODE_NO_INTERLACE;
	if (mode->flags & DRM_MODE_FLAG_DBLSCAN)
		return MODE_NO_DBLESCAN;
	if (mode->htotal > R5XX_AVIVO_MAX || mode->hsync_start <= mode->hdisplay)
		return MODE_H_ILLEGAL;
	if (mode->vtotal > R5XX_AVIVO_MAX || mode->vsync_start <= mode->vdisplay)
		return MODE_V_ILLEGAL;
	if (mode->clock > rdev->display.pll.max_pixclk_khz)
		return MODE_CLOCK_HIGH;
	if (r5xx_avivo_pll_compute(&rdev->display.pll, mode->clock, &div))
		return MODE_CLOCK_RANGE;
	return MODE_OK;
}

static void r5xx_avivo_set_pll(struct r5xx_device *rdev,
			       const struct r5xx_avivo_crtc_regs *r,
			       unsigned int id, const struct r5xx_pll_div *div)
{
	u32 cntl = R5XX_P1PLL_CNTL + r->pll_cntl, val;
	int ret;

	r5xx_wreg(rdev, R5XX_P1PLL_INT_SS_CNTL + r->pll_cntl, 0);
	r5xx_wreg(rdev, R5XX_EXT1_PPLL_POST_DIV_SRC + r->pll_post, 0);
	r5xx_wreg(rdev, R5XX_EXT1_PPLL_REF_DIV_SRC + r->pll_ref, 1);
	r5xx_wreg(rdev, R5XX_EXT1_PPLL_UPDATE_LOCK + r->pll_ref, 1);
	r5xx_wreg(rdev, R5XX_EXT1_PPLL_REF_DIV + r->pll_ref,
		  FIELD_PREP(R5XX_EXT1_PPLL_REF_DIV_REF_DIV, div->ref));
	r5xx_wreg_mask(rdev, R5XX_EXT1_PPLL_FB_DIV + r->pll_fb,
		       FIELD_PREP(R5XX_EXT1_PPLL_FB_DIV_FB_DIV, div->fb),
		       R5XX_EXT1_PPLL_FB_DIV_FB_DIV |
		       R5XX_EXT1_PPLL_FB_DIV_FB_DIV_FRAC);
	r5xx_wreg_mask(rdev, R5XX_EXT1_PPLL_POST_DIV + r->pll_post,
		       FIELD_PREP(R5XX_EXT1_PPLL_POST_DIV_POST_DIV, div->post),
		       R5XX_EXT1_PPLL_POST_DIV_POST_DIV);
	r5xx_wreg_mask(rdev, cntl,
		       R5XX_P1PLL_CNTL_PLL_RESET | R5XX_P1PLL_CNTL_PLL_SLEEP,
		       R5XX_P1PLL_CNTL_PLL_RESET | R5XX_P1PLL_CNTL_PLL_SLEEP |
		       R5XX_P1PLL_CNTL_PLL_VCOREF);
	r5xx_wreg(rdev, R5XX_EXT1_PPLL_UPDATE_LOCK + r->pll_ref, 0);
	r5xx_wreg_mask(rdev, cntl, 0, R5XX_P1PLL_CNTL_PLL_SLEEP);
	usleep_range(10, 20);
	r5xx_wreg_mask(rdev, cntl, 0, R5XX_P1PLL_CNTL_PLL_RESET);
	ret = read_poll_timeout(r5xx_rreg, val,
				(val & (R5XX_P1PLL_CNTL_PLL_LOCKED |
					R5XX_P1PLL_CNTL_PLL_CALIBRATED)) ==
				(R5XX_P1PLL_CNTL_PLL_LOCKED |
				 R5XX_P1PLL_CNTL_PLL_CALIBRATED),
				10, 10000, false, rdev, cntl);
	if (ret)
		drm_dbg_kms(&rdev->drm, "P%uPLL did not lock\n", id + 1);
	r5xx_wreg(rdev, R5XX_EXT1_PPLL_POST_DIV_SRC + r->pll_post,
		  R5XX_EXT1_PPLL_POST_DIV_SRC_POST_DIV_SRC);
	r5xx_wreg(rdev, r->pclk,
		  FIELD_PREP(R5XX_PCLK_CRTC1_CNTL_PCLK_CRTC_PLL_SEL, id));
}

/* one axis of the timing, counted from the start of the sync pulse */
static void r5xx_avivo_set_axis(struct r5xx_device *rdev, u32 total_reg,
				int total, int disp, int sync_start,
				int sync_end, bool negative)
{
	r5xx_wreg(rdev, total_reg,
		  FIELD_PREP(R5XX_D1CRTC_H_TOTAL_H_TOTAL, total - 1));
	r5xx_wreg(rdev, total_reg + R5XX_AVIVO_BLANK,
		  FIELD_PREP(R5XX_D1CRTC_H_BLANK_START_END_H_BLANK_START,
			     total + disp - sync_start) |
		  FIELD_PREP(R5XX_D1CRTC_H_BLANK_START_END_H_BLANK_END,
			     total - sync_start));
	r5xx_wreg(rdev, total_reg + R5XX_AVIVO_SYNC,
		  FIELD_PREP(R5XX_D1CRTC_H_SYNC_A_H_SYNC_A_END,
			     max(sync_end - sync_start, 1)));
	r5xx_wreg(rdev, total_reg + R5XX_AVIVO_SYNC_CNTL,
		  negative ? R5XX_AVIVO_SYNC_NEG : 0);
}

static void r5xx_avivo_set_timing(struct r5xx_device *rdev,
				  const struct r5xx_avivo_crtc_regs *r,
				  const struct drm_display_mode *m)
{
	u32 d = r->d;

	r5xx_avivo_set_axis(rdev, R5XX_D1CRTC_H_TOTAL + d, m->crtc_htotal,
			    m->crtc_hdisplay, m->crtc_hsync_start,
			    m->crtc_hsync_end, m->flags & DRM_MODE_FLAG_NHSYNC);
	r5xx_avivo_set_axis(rdev, R5XX_D1CRTC_H_TOTAL + R5XX_AVIVO_V + d,
			    m->crtc_vtotal, m->crtc_vdisplay,
			    m->crtc_vsync_start, m->crtc_vsync_end,
			    m->flags & DRM_MODE_FLAG_NVSYNC);
	r5xx_wreg(rdev, R5XX_D1CRTC_INTERLACE_CONTROL + d, 0);
	r5xx_wreg(rdev, R5XX_D1MODE_DATA_FORMAT + d, 0);
	r5xx_wreg(rdev, R5XX_D1CRTC_COUNT_CONTROL + d, 0);
	r5xx_wreg(rdev, R5XX_D1CRTC_BLACK_COLOR + d, 0);
	r5xx_wreg(rdev, R5XX_D1CRTC_BLANK_CONTROL + d, 0);
	r5xx_wreg(rdev, R5XX_D1MODE_DESKTOP_HEIGHT + d, m->crtc_vdisplay);
	/* no scaler: the viewport is the whole mode */
	r5xx_wreg(rdev, R5XX_D1SCL_SCALER_ENABLE + d, 0);
	r5xx_wreg(rdev, R5XX_D1SCL_SCALER_TAP_CONTROL + d, 0);
	r5xx_wreg(rdev, R5XX_D1MODE_VIEWPORT_START + d, 0);
	r5xx_wreg(rdev, R5XX_D1MODE_VIEWPORT_SIZE + d,
		  FIELD_PREP(R5XX_D1MODE_VIEWPORT_SIZE_VIEWPORT_WIDTH,
			     m->crtc_hdisplay) |
		  FIELD_PREP(R5XX_D1MODE_VIEWPORT_SIZE_VIEWPORT_HEIGHT,
			     m->crtc_vdisplay));
}

/* LUT A (D1) or B (D2): 256 10:10:10 entries, the ramp or GAMMA_LUT */
static void r5xx_avivo_load_lut(struct r5xx_device *rdev,
				struct drm_crtc *crtc)
{
	struct drm_property_blob *blob = crtc->state->gamma_lut;
	const struct drm_color_lut *lut = blob ? blob->data : NULL;
	const struct r5xx_avivo_crtc_regs *r = r5xx_avivo_regs_of(crtc);
	unsigned int id = to_r5xx_crtc(crtc)->id, i;
	unsigned long flags;

	spin_lock_irqsave(&rdev->display.reg_lock, flags);
	r5xx_wreg(rdev, R5XX_DC_LUTA_CONTROL + r->d, 0);
	r5xx_wreg(rdev, R5XX_DC_LUTA_BLACK_OFFSET_BLUE + r->d, 0);
	r5xx_wreg(rdev, R5XX_DC_LUTA_BLACK_OFFSET_GREEN + r->d, 0);
	r5xx_wreg(rdev, R5XX_DC_LUTA_BLACK_OFFSET_RED + r->d, 0);
	r5xx_wreg(rdev, R5XX_DC_LUTA_WHITE_OFFSET_BLUE + r->d, 0xffff);
	r5xx_wreg(rdev, R5XX_DC_LUTA_WHITE_OFFSET_GREEN + r->d, 0xffff);
	r5xx_wreg(rdev, R5XX_DC_LUTA_WHITE_OFFSET_RED + r->d, 0xffff);
	r5xx_wreg(rdev, R5XX_DC_LUT_RW_SELECT, id);
	r5xx_wreg(rdev, R5XX_DC_LUT_RW_MODE, 0);
	r5xx_wreg(rdev, R5XX_DC_LUT_WRITE_EN_MASK,
		  R5XX_DC_LUT_WRITE_EN_MASK_WRITE_EN_RED |
		  R5XX_DC_LUT_WRITE_EN_MASK_WRITE_EN_GREEN |
		  R5XX_DC_LUT_WRITE_EN_MASK_WRITE_EN_BLUE);
	r5xx_wreg(rdev, R5XX_DC_LUT_RW_INDEX, 0);
	for (i = 0; i < 256; i++) {
		struct r5xx_rgb10 e = r5xx_gamma_entry(lut, i);

		r5xx_wreg(rdev, R5XX_DC_LUT_30_COLOR,
			  FIELD_PREP(R5XX_DC_LUT_30_COLOR_RED, e.r) |
			  FIELD_PREP(R5XX_DC_LUT_30_COLOR_GREEN, e.g) |
			  FIELD_PREP(R5XX_DC_LUT_30_COLOR_BLUE, e.b));
	}
	spin_unlock_irqrestore(&rdev->display.reg_lock, flags);
	r5xx_wreg(rdev, R5XX_D1GRPH_LUT_SEL + r->d,
		  FIELD_PREP(R5XX_D1GRPH_LUT_SEL_GRPH_LUT_SEL, id));
}

static enum drm_mode_status
r5xx_avivo_crtc_mode_valid(struct drm_crtc *crtc,
			   const struct drm_display_mode *mode)
{
	return r5xx_avivo_mode_limits(to_r5xx(crtc->dev), mode);
}

/* stop reading memory, then turn the CRTC off */
static void r5xx_avivo_crtc_off(struct r5xx_device *rdev,
				const struct r5xx_avivo_crtc_regs *r)
{
	r5xx_wreg_mask(rdev, R5XX_D1CRTC_CONTROL + r->d,
		       R5XX_D1CRTC_CONTROL_D1CRTC_DISP_READ_REQUEST_DISABLE,
		       R5XX_D1CRTC_CONTROL_D1CRTC_DISP_READ_REQUEST_DISABLE |
		       R5XX_D1CRTC_CONTROL_D1CRTC_EN);
}

/**
 * r5xx_avivo_bandwidth_update - program the line buffer and priority marks
 * @rdev: device
 *
 * For the modes the CRTCs now run (&r5xx_crtc.bw), see "display bandwidth"
 * in r5xx_bandwidth.c, computed as the chip row says (&r5xx_chip_info.
 * bw_avivo). Without an engine clock from the video BIOS the priority marks
 * are left as they were.
 */
static void r5xx_avivo_bandwidth_update(struct r5xx_device *rdev)
{
	struct r5xx_display *disp = &rdev->display;
	enum r5xx_bw_avivo_kind kind = rdev->info->bw_avivo;
	bool high = r5xx_has_quirk(rdev, R5XX_QUIRK_DISP_PRIORITY_HIGH);
	u32 sclk = max(disp->sclk_khz, 10u);
	struct r5xx_bw_mode mode[2] = { };
	struct r5xx_bw_avivo bw;
	unsigned int i;
	u32 lat;

	mutex_lock(&disp->bw_lock);
	for (i = 0; i < disp->num_crtcs && i < ARRAY_SIZE(mode); i++)
		mode[i] = disp->crtc[i].bw;
	/* the marks need the clock; the split and the depths do not */
	if (kind == R5XX_BW_AVIVO_RS690)
		r5xx_bw_rs690_compute(mode, sclk, &disp->igp, high, &bw);
	else
		r5xx_bw_avivo_compute(mode, sclk, high, &bw);
	if (high && rdev->info->mc == R5XX_MC_RV515) {
		lat = r5xx_mc_rreg(rdev, R5XX_RV515_MC_MISC_LAT_TIMER);
		lat &= ~(R5XX_RV515_MC_MISC_LAT_TIMER_DISP1R_INIT_LAT |
			 R5XX_RV515_MC_MISC_LAT_TIMER_DISP0R_INIT_LAT);
		if (mode[1].on)
			lat |= FIELD_PREP(R5XX_RV515_MC_MISC_LAT_TIMER_DISP1R_INIT_LAT, 1);
		if (mode[0].on)
			lat |= FIELD_PREP(R5XX_RV515_MC_MISC_LAT_TIMER_DISP0R_INIT_LAT, 1);
		r5xx_mc_wreg(rdev, R5XX_RV515_MC_MISC_LAT_TIMER, lat);
	}
	/* as upstream, keeps only the manual-split bit of what was there */
	r5xx_wreg(rdev, R5XX_DC_LB_MEMORY_SPLIT,
		  (r5xx_rreg(rdev, R5XX_DC_LB_MEMORY_SPLIT) &
		   R5XX_DC_LB_MEMORY_SPLIT_DC_LB_MEMORY_SPLIT_MODE) |
		  FIELD_PREP(R5XX_DC_LB_MEMORY_SPLIT_DC_LB_MEMORY_SPLIT,
			     bw.lb_split));
	/* rs600_bandwidth_update sets the split alone */
	if (kind == R5XX_BW_AVIVO_RS600)
		goto out;
	if (kind == R5XX_BW_AVIVO_RS690)
		r5xx_wreg(rdev, R5XX_DCP_CONTROL, 0);
	r5xx_wreg(rdev, R5XX_LB_MAX_REQ_OUTSTANDING, bw.lb_max_req);
	if (disp->sclk_khz) {
		r5xx_wreg(rdev, R5XX_D1MODE_PRIORITY_A_CNT, bw.priority_a[0]);
		r5xx_wreg(rdev, R5XX_D1MODE_PRIORITY_B_CNT, bw.priority_b[0]);
		r5xx_wreg(rdev, R5XX_D2MODE_PRIORITY_A_CNT, bw.priority_a[1]);
		r5xx_wreg(rdev, R5XX_D2MODE_PRIORITY_B_CNT, bw.priority_b[1]);
	}
out:
	mutex_unlock(&disp->bw_lock);
}

/* record the mode a CRTC runs (or that it is off), then reprogram */
static void r5xx_avivo_bandwidth_set(struct drm_crtc *crtc,
				     const struct drm_display_mode *m)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	struct r5xx_crtc *rc = to_r5xx_crtc(crtc);
	struct r5xx_bw_mode bw = { };

	/* a pixel clock below 1 MHz would divide by zero */
	if (m && m->crtc_clock >= 1000 && m->crtc_htotal) {
		bw.on = true;
		bw.clock_khz = m->crtc_clock;
		bw.hdisplay = m->crtc_hdisplay;
		bw.htotal = m->crtc_htotal;
	}
	mutex_lock(&rdev->display.bw_lock);
	rc->bw = bw;
	mutex_unlock(&rdev->display.bw_lock);
	r5xx_avivo_bandwidth_update(rdev);
}

static void r5xx_avivo_crtc_atomic_enable(struct drm_crtc *crtc,
					  struct drm_atomic_commit *state)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	const struct r5xx_avivo_crtc_regs *r = r5xx_avivo_regs_of(crtc);
	const struct drm_display_mode *m = &crtc->state->adjusted_mode;
	struct r5xx_pll_div div;

	/* the VGA engine lets go of this CRTC */
	r5xx_wreg(rdev, r->vga, 0);
	r5xx_avivo_crtc_off(rdev, r);
	if (r5xx_avivo_pll_compute(&rdev->display.pll, m->crtc_clock, &div))
		drm_dbg_kms(crtc->dev, "no PLL setting for %d kHz\n",
			    m->crtc_clock);
	else
		r5xx_avivo_set_pll(rdev, r, to_r5xx_crtc(crtc)->id, &div);
	r5xx_avivo_set_timing(rdev, r, m);
	r5xx_avivo_bandwidth_set(crtc, m);
	r5xx_wreg(rdev, R5XX_D1GRPH_FLIP_CONTROL + r->d, 0);
	r5xx_avivo_load_lut(rdev, crtc);
	/* black until the primary plane shows a frame */
	r5xx_wreg(rdev, R5XX_D1GRPH_ENABLE + r->d, 0);
	r5xx_wreg_mask(rdev, R5XX_D1CRTC_CONTROL + r->d,
		       R5XX_D1CRTC_CONTROL_D1CRTC_EN,
		       R5XX_D1CRTC_CONTROL_D1CRTC_DISP_READ_REQUEST_DISABLE |
		       R5XX_D1CRTC_CONTROL_D1CRTC_EN);
	drm_crtc_vblank_on(crtc);
}

static void r5xx_avivo_crtc_atomic_disable(struct drm_crtc *crtc,
					   struct drm_atomic_commit *state)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	const struct r5xx_avivo_crtc_regs *r = r5xx_avivo_regs_of(crtc);

	drm_crtc_vblank_off(crtc);
	r5xx_avivo_crtc_off(rdev, r);
	r5xx_avivo_bandwidth_set(crtc, NULL);
	r5xx_wreg(rdev, R5XX_D1GRPH_ENABLE + r->d, 0);
	r5xx_wreg_mask(rdev, R5XX_D1CUR_CONTROL + r->d, 0,
		       R5XX_D1CUR_CONTROL_CURSOR_EN);
	r5xx_wreg(rdev, R5XX_EXT1_PPLL_POST_DIV_SRC + r->pll_post, 0);
	r5xx_wreg_mask(rdev, R5XX_P1PLL_CNTL + r->pll_cntl,
		       R5XX_P1PLL_CNTL_PLL_RESET | R5XX_P1PLL_CNTL_PLL_SLEEP,
		       R5XX_P1PLL_CNTL_PLL_RESET | R5XX_P1PLL_CNTL_PLL_SLEEP);
	r5xx_crtc_off_event(crtc);
}

static void r5xx_avivo_crtc_atomic_flush(struct drm_crtc *crtc,
					 struct drm_atomic_commit *state)
{
	struct drm_crtc_state *cs = drm_atomic_get_new_crtc_state(state, crtc);

	if (cs->active && cs->color_mgmt_changed)
		r5xx_avivo_load_lut(to_r5xx(crtc->dev), crtc);
	r5xx_crtc_arm_event(crtc, cs);
}

/* a position of STATUS_POSITION, from the first active pixel or line */
static int r5xx_avivo_from_active(u32 pos, int total, int sync_start)
{
	return (pos + sync_start) % total;
}

static bool r5xx_avivo_get_scanout_position(struct drm_crtc *crtc,
					    bool in_vblank_irq, int *vpos,
					    int *hpos, ktime_t *stime,
					    ktime_t *etime,
					    const struct drm_display_mode *mode)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	const struct r5xx_avivo_crtc_regs *r = r5xx_avivo_regs_of(crtc);
	u32 pos;
	int line;

	if (stime)
		*stime = ktime_get();
	pos = r5xx_rreg(rdev, R5XX_D1CRTC_STATUS_POSITION + r->d);
	if (etime)
		*etime = ktime_get();
	if (!mode->crtc_vtotal || !mode->crtc_htotal)
		return false;
	line = r5xx_avivo_from_active(FIELD_GET(R5XX_D1CRTC_STATUS_POSITION_VPOS,
						pos),
				      mode->crtc_vtotal, mode->crtc_vsync_start);
	/* in vblank, count back from the first active line */
	if (line >= mode->crtc_vdisplay)
		line -= mode->crtc_vtotal;
	*vpos = line;
	*hpos = r5xx_avivo_from_active(FIELD_GET(R5XX_D1CRTC_STATUS_POSITION_HPOS,
						 pos),
				       mode->crtc_htotal,
				       mode->crtc_hsync_start);
	return true;
}

static const struct drm_crtc_helper_funcs r5xx_avivo_crtc_helper_funcs = {
	.mode_valid = r5xx_avivo_crtc_mode_valid,
	.atomic_check = r5xx_crtc_atomic_check,
	.atomic_flush = r5xx_avivo_crtc_atomic_flush,
	.atomic_enable = r5xx_avivo_crtc_atomic_enable,
	.atomic_disable = r5xx_avivo_crtc_atomic_disable,
	.get_scanout_position = r5xx_avivo_get_scanout_position,
};

/*
 * FRAME_COUNT steps at the start of vsync (position 0). Between the start
 * of vblank (V_BLANK_START) and then, the vblank interrupt has been taken
 * for a frame the counter does not show yet: count it.
 */
static u32 r5xx_avivo_vblank_counter(struct drm_crtc *crtc)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	const struct r5xx_avivo_crtc_regs *r = r5xx_avivo_regs_of(crtc);
	u32 count, pos, blank_start;

	blank_start = FIELD_GET(R5XX_D1CRTC_V_BLANK_START_END_V_BLANK_START,
				r5xx_rreg(rdev, R5XX_D1CRTC_V_BLANK_START_END +
					  r->d));
	do {
		count = r5xx_rreg(rdev, R5XX_D1CRTC_STATUS_FRAME_COUNT + r->d);
		pos = r5xx_rreg(rdev, R5XX_D1CRTC_STATUS_POSITION + r->d);
	} while (count != r5xx_rreg(rdev, R5XX_D1CRTC_STATUS_FRAME_COUNT + r->d));
	if (FIELD_GET(R5XX_D1CRTC_STATUS_POSITION_VPOS, pos) >= blank_start)
		count++;
	return count & R5XX_D1CRTC_STATUS_FRAME_COUNT_FRAME_COUNT;
}

/* GRPH_CONTROL of a framebuffer: depth, format, tiling */
static u32 r5xx_avivo_grph_control(const struct drm_framebuffer *fb)
{
	u32 tiling = to_r5xx_fb((struct drm_framebuffer *)fb)->tiling_flags;
	u32 v;

	if (fb->format->format == DRM_FORMAT_RGB565)
		v = R5XX_D1GRPH_CONTROL_GRPH_DEPTH_16BPP |
		    FIELD_PREP(R5XX_D1GRPH_CONTROL_GRPH_FORMAT,
			       R5XX_AVIVO_FORMAT_RGB565);
	else
		v = R5XX_D1GRPH_CONTROL_GRPH_DEPTH_32BPP;
	if (tiling & RADEON_TILING_MACRO)
		v |= R5XX_D1GRPH_CONTROL_GRPH_MACRO_ADDRESS_MODE;
	if (tiling & RADEON_TILING_MICRO)
		v |= R5XX_D1GRPH_CONTROL_GRPH_TILED;
	return v;
}

static void r5xx_avivo_primary_atomic_update(struct drm_plane *plane,
					     struct drm_atomic_commit *state)
{
	struct drm_plane_state *ps = drm_atomic_get_new_plane_state(state, plane);
	struct r5xx_device *rdev = to_r5xx(plane->dev);
	struct drm_framebuffer *fb = ps->fb;
	const struct r5xx_avivo_crtc_regs *r;
	u32 d, addr;

	if (!ps->crtc || !fb || !ps->visible)
		return;
	r = r5xx_avivo_regs_of(ps->crtc);
	d = r->d;
	addr = lower_32_bits(r5xx_bo_gpu_offset(to_r5xx_bo(fb->obj[0])) +
			     fb->offsets[0]);

	r5xx_wreg(rdev, R5XX_D1GRPH_UPDATE + d,
		  R5XX_D1GRPH_UPDATE_GRPH_UPDATE_LOCK);
	r5xx_wreg(rdev, R5XX_D1GRPH_CONTROL + d, r5xx_avivo_grph_control(fb));
	r5xx_wreg(rdev, R5XX_D1GRPH_PITCH + d,
		  FIELD_PREP(R5XX_D1GRPH_PITCH_GRPH_PITCH,
			     fb->pitches[0] / fb->format->cpp[0]));
	r5xx_wreg(rdev, R5XX_D1GRPH_SURFACE_OFFSET_X + d, ps->src.x1 >> 16);
	r5xx_wreg(rdev, R5XX_D1GRPH_SURFACE_OFFSET_Y + d, ps->src.y1 >> 16);
	r5xx_wreg(rdev, R5XX_D1GRPH_X_START + d, 0);
	r5xx_wreg(rdev, R5XX_D1GRPH_Y_START + d, 0);
	r5xx_wreg(rdev, R5XX_D1GRPH_X_END + d, drm_rect_width(&ps->dst));
	r5xx_wreg(rdev, R5XX_D1GRPH_Y_END + d, drm_rect_height(&ps->dst));
	r5xx_wreg(rdev, R5XX_D1GRPH_PRIMARY_SURFACE_ADDRESS + d, addr);
	r5xx_wreg(rdev, R5XX_D1GRPH_ENABLE + d, R5XX_D1GRPH_ENABLE_GRPH_ENABLE);
	/* the new address is taken at the next vblank */
	r5xx_wreg(rdev, R5XX_D1GRPH_UPDATE + d, 0);
}

/* a CRTC left running without its primary plane shows black */
static void r5xx_avivo_primary_atomic_disable(struct drm_plane *plane,
					      struct drm_atomic_commit *state)
{
	struct drm_plane_state *old = drm_atomic_get_old_plane_state(state,
								     plane);

	if (old->crtc)
		r5xx_wreg(to_r5xx(plane->dev),
			  R5XX_D1GRPH_ENABLE + r5xx_avivo_regs_of(old->crtc)->d, 0);
}

static const struct drm_plane_helper_funcs r5xx_avivo_primary_helper_funcs = {
	.prepare_fb = r5xx_plane_prepare_fb,
	.cleanup_fb = r5xx_plane_cleanup_fb,
	.atomic_check = r5xx_primary_atomic_check,
	.atomic_update = r5xx_avivo_primary_atomic_update,
	.atomic_disable = r5xx_avivo_primary_atomic_disable,
};

static void r5xx_avivo_cursor_hide(struct r5xx_device *rdev,
				   const struct r5xx_avivo_crtc_regs *r)
{
	r5xx_wreg_mask(rdev, R5XX_D1CUR_CONTROL + r->d, 0,
		       R5XX_D1CUR_CONTROL_CURSOR_EN);
}

/* program the cursor of @r as @ps says, hide it if @ps shows nothing */
static void r5xx_avivo_cursor_program(struct r5xx_device *rdev,
				      const struct r5xx_avivo_crtc_regs *r,
				      const struct drm_plane_state *ps)
{
	struct r5xx_cursor_place p;
	u32 d;

	if (!ps->fb || !ps->visible) {
		r5xx_avivo_cursor_hide(rdev, r);
		return;
	}
	d = r->d;
	r5xx_cursor_place(ps, &p);
	r5xx_wreg(rdev, R5XX_D1CUR_UPDATE + d,
		  R5XX_D1CUR_UPDATE_CURSOR_UPDATE_LOCK);
	r5xx_wreg(rdev, R5XX_D1CUR_SURFACE_ADDRESS + d,
		  lower_32_bits(r5xx_bo_gpu_offset(to_r5xx_bo(ps->fb->obj[0])) +
				ps->fb->offsets[0]));
	r5xx_wreg(rdev, R5XX_D1CUR_SIZE + d,
		  FIELD_PREP(R5XX_D1CUR_SIZE_CURSOR_WIDTH, R5XX_CURSOR_SIZE - 1) |
		  FIELD_PREP(R5XX_D1CUR_SIZE_CURSOR_HEIGHT, R5XX_CURSOR_SIZE - 1));
	r5xx_wreg(rdev, R5XX_D1CUR_POSITION + d,
		  FIELD_PREP(R5XX_D1CUR_POSITION_CURSOR_X, p.x) |
		  FIELD_PREP(R5XX_D1CUR_POSITION_CURSOR_Y, p.y));
	r5xx_wreg(rdev, R5XX_D1CUR_HOT_SPOT + d,
		  FIELD_PREP(R5XX_D1CUR_HOT_SPOT_CURSOR_HOT_SPOT_X, p.xorigin) |
		  FIELD_PREP(R5XX_D1CUR_HOT_SPOT_CURSOR_HOT_SPOT_Y, p.yorigin));
	r5xx_wreg(rdev, R5XX_D1CUR_CONTROL + d,
		  R5XX_D1CUR_CONTROL_CURSOR_EN |
		  R5XX_D1CUR_CONTROL_CURSOR_MODE_ARGB_PREMULT);
	r5xx_wreg(rdev, R5XX_D1CUR_UPDATE + d, 0);
}

static void r5xx_avivo_cursor_atomic_update(struct drm_plane *plane,
					    struct drm_atomic_commit *state)
{
	struct drm_plane_state *ps = drm_atomic_get_new_plane_state(state, plane);

	if (ps->crtc)
		r5xx_avivo_cursor_program(to_r5xx(plane->dev),
					  r5xx_avivo_regs_of(ps->crtc), ps);
}

static void r5xx_avivo_cursor_atomic_async_update(struct drm_plane *plane,
						  struct drm_atomic_commit *state)
{
	struct drm_plane_state *cur = r5xx_cursor_async_take(plane, state);

	r5xx_avivo_cursor_program(to_r5xx(plane->dev),
				  r5xx_avivo_regs_of(cur->crtc), cur);
}

static void r5xx_avivo_cursor_atomic_disable(struct drm_plane *plane,
					     struct drm_atomic_commit *state)
{
	struct drm_plane_state *old = drm_atomic_get_old_plane_state(state,
								     plane);

	if (old->crtc)
		r5xx_avivo_cursor_hide(to_r5xx(plane->dev),
				       r5xx_avivo_regs_of(old->crtc));
}

static const struct drm_plane_helper_funcs r5xx_avivo_cursor_helper_funcs = {
	.prepare_fb = r5xx_plane_prepare_fb,
	.cleanup_fb = r5xx_plane_cleanup_fb,
	.atomic_check = r5xx_cursor_atomic_check,
	.atomic_update = r5xx_avivo_cursor_atomic_update,
	.atomic_disable = r5xx_avivo_cursor_atomic_disable,
	.atomic_async_check =
		R5XX_ATOMIC_ASYNC_CHECK(r5xx_cursor_atomic_async_check),
	.atomic_async_update = r5xx_avivo_cursor_atomic_async_update,
};

/**
 * r5xx_avivo_crtc_init - create an AVIVO CRTC (D1 or D2) and its planes
 * @rdev: device
 * @id: 0 for D1, 1 for D2
 *
 * The first call also takes the display from the VGA engine: no VGA
 * render status, the D1/D2 CRTCs scan their GRPH surfaces.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_avivo_crtc_init(struct r5xx_device *rdev, unsigned int id)
{
	static const struct r5xx_crtc_kind avivo = {
		.crtc_helpers = &r5xx_avivo_crtc_helper_funcs,
		.primary_helpers = &r5xx_avivo_primary_helper_funcs,
		.cursor_helpers = &r5xx_avivo_cursor_helper_funcs,
		.vblank_counter = r5xx_avivo_vblank_counter,
		.vblank_irq = { R5XX_DISP_INTERRUPT_STATUS_LB_D1_VBLANK_INTERRUPT,
				R5XX_DISP_INTERRUPT_STATUS_LB_D2_VBLANK_INTERRUPT },
	};

	if (!id)
		r5xx_wreg_mask(rdev, R5XX_VGA_RENDER_CONTROL, 0,
			       R5XX_VGA_RENDER_CONTROL_VGA_VSTATUS_CNTL);
	return r5xx_crtc_create(rdev, id, &avivo);
}
