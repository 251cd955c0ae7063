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
 * DOC: legacy display engine
 *
 * R3xx and R4xx have two legacy CRTCs (CRTC and CRTC2), programmed
 * directly, as upstream radeon's radeon_legacy_crtc.c and radeon_cursor.c
 * do:
 *
 * - timing: CRTC_H/V_TOTAL_DISP and CRTC_H/V_SYNC_STRT_WID (CRTC2's at
 *   +0x100, its syncs copied to FP_H2/V2_SYNC_STRT_WID); horizontal values
 *   count 8-pixel characters, so the active width must be a multiple of 8
 *   and the total width is rounded down to one, the pixel clock scaled
 *   down with it to keep the line and frame rates (the adjusted mode says
 *   so, with the clock the PLL gives, for vblank timestamps); no
 *   interlace or double scan;
 * - pixel clock: CRTC1 from the PPLL (PPLL_REF_DIV bits 27:18 on R300 and
 *   later, PPLL_DIV_3), CRTC2 from the P2PLL (P2PLL_REF_DIV, P2PLL_DIV_0),
 *   both reached through the PLL index, their reference, feedback and
 *   post dividers the closest setting to the pixel clock. The pixel clock source is switched
 *   to the CPU clock, the PLL held in reset while the dividers change
 *   (with an atomic update), then released and selected again;
 * - the primary plane: XRGB8888, ARGB8888 (alpha ignored) or RGB565 from
 *   VRAM, with DISPLAY_BASE_ADDR at the start of VRAM and CRTC_OFFSET the
 *   first pixel; a macro- or micro-tiled frame (as the buffer's GEM tiling
 *   flags said when the framebuffer was made) is scanned in X/Y mode from
 *   the 2 KiB-aligned base, starting at CRTC_TILE_X0_Y0. Upstream radeon
 *   only scans out macro tiling on these chips; micro tiling is the
 *   CRTC_OFFSET_CNTL bit the model implements. A CRTC_OFFSET write while
 *   the CRTC runs takes effect at the next vblank, which is when flip
 *   events are sent;
 * - the cursor plane: 64x64 premultiplied ARGB at CUR_OFFSET (an offset
 *   from the display base, 256-byte rows); a cursor hanging off the top or
 *   left edge starts CUR_HORZ_VERT_OFF pixels into the image, its offset
 *   moved down by the hidden rows;
 * - gamma: a 256-entry 10:10:10 palette per CRTC (DAC_CNTL2 selects
 *   CRTC2's), loaded from GAMMA_LUT or with an identity ramp;
 * - vblank: GEN_INT_CNTL/STATUS CRTC_VBLANK and CRTC2_VBLANK, the 21-bit
 *   hardware frame counter CRTC_CRNT_FRAME, and the scanout position from
 *   CRTC_VLINE_CRNT_VLINE (line 0 is the first active line) for precise
 *   vblank timestamps. The frame counter steps when the scan position
 *   restarts, not when vblank starts as DRM wants: read in vblank, it is
 *   one more (as upstream radeon cooks it).
 *
 * - display FIFO: after every change of a CRTC's mode or pixel size,
 *   GRPH_BUFFER_CNTL/GRPH2_BUFFER_CNTL and the MC's display latencies, see
 *   "display bandwidth" in r5xx_bandwidth.c.
 *
 * DPMS is the CRTC's active state: an inactive CRTC is turned off, its
 * PLL put to sleep. An active CRTC without its primary plane keeps its
 * timing and vblanks but blanks the picture (DISP_REQ_EN_B). Cursor
 * updates on a running CRTC are written at once, as asynchronous plane
 * updates, so that legacy cursor ioctls never wait for a pending flip.
 */

/* fields the register list does not name */
#define R5XX_PPLL_REF_DIV_R300		GENMASK(27, 18)
#define R5XX_PPLL_FB_DIV		GENMASK(10, 0)
#define R5XX_PPLL_POST_DIV		GENMASK(18, 16)
#define R5XX_PPLL_RESET			BIT(0)
#define R5XX_PPLL_SLEEP			BIT(1)
#define R5XX_PPLL_ATOMIC_UPDATE_EN	BIT(16)
#define R5XX_PPLL_VGA_ATOMIC_UPDATE_EN	BIT(17)
#define R5XX_PIXCLK_SRC_SEL		GENMASK(1, 0)
#define R5XX_PIXCLK_SRC_CPUCLK		0
#define R5XX_PIXCLK_SRC_PLL		3
#define R5XX_CRTC_OFFSET_CNTL_MICRO_TILE_BUFFER_DIS	0x800
#define R5XX_DISP_RGB_OFFSET_EN		BIT(8)

/* CRTC_PIX_WIDTH values */
#define R5XX_PIX_RGB565			4
#define R5XX_PIX_ARGB8888		6

/* GEN_CNTL bits are at the same places in CRTC_GEN_CNTL and CRTC2_GEN_CNTL */
#define R5XX_GEN_PIX_WIDTH	R5XX_CRTC_GEN_CNTL_CRTC_PIX_WIDTH
#define R5XX_GEN_CUR_EN		R5XX_CRTC_GEN_CNTL_CRTC_CUR_EN
#define R5XX_GEN_CUR_MODE	R5XX_CRTC_GEN_CNTL_CRTC_CUR_MODE
#define R5XX_GEN_CUR_MODE_ARGB	R5XX_CRTC_GEN_CNTL_CRTC_CUR_MODE_ARGB
#define R5XX_GEN_EN		R5XX_CRTC_GEN_CNTL_CRTC_EN
#define R5XX_GEN_DISP_REQ_EN_B	R5XX_CRTC_GEN_CNTL_DISP_REQ_EN_B

/**
 * struct r5xx_crtc_regs - where the two CRTCs differ, as data
 * @off: offset of the CRTC2 copy of a CRTC1 register (timing, offset,
 *	pitch, display base, cursor)
 * @gen_cntl: CRTC_GEN_CNTL or CRTC2_GEN_CNTL
 * @gen_keep: @gen_cntl bits a mode set keeps: the cursor's, and in
 *	CRTC2_GEN_CNTL the TV DAC's output enable (CRTC2_CRT2_ON), which
 *	r5xx_dac2.c owns
 * @status: CRTC_STATUS or CRTC2_STATUS
 * @tile_x0_y0: CRTC_TILE_X0_Y0 or CRTC2_TILE_X0_Y0
 * @merge_cntl: DISP_MERGE_CNTL or DISP2_MERGE_CNTL
 * @pll_cntl: PPLL_CNTL or P2PLL_CNTL
 * @pll_ref_div: PPLL_REF_DIV or P2PLL_REF_DIV
 * @pll_ref_mask: the reference divider's field in @pll_ref_div
 * @pll_div: PPLL_DIV_3 or P2PLL_DIV_0
 * @pll_src: VCLK_ECP_CNTL or PIXCLKS_CNTL (pixel clock source)
 * @pll_htotal: HTOTAL_CNTL or HTOTAL2_CNTL
 */
struct r5xx_crtc_regs {
	u32 off;
	u32 gen_cntl;
	u32 gen_keep;
	u32 status;
	u32 tile_x0_y0;
	u32 merge_cntl;
	u32 pll_cntl;
	u32 pll_ref_div;
	u32 pll_ref_mask;
	u32 pll_div;
	u32 pll_src;
	u32 pll_htotal;
};

static const struct r5xx_crtc_regs r5xx_crtc_regs[R5XX_MAX_CRTCS] = {
	{
		.off = 0,
		.gen_cntl = R5XX_CRTC_GEN_CNTL,
		.gen_keep = R5XX_GEN_CUR_EN | R5XX_GEN_CUR_MODE,
		.status = R5XX_CRTC_STATUS,
		.tile_x0_y0 = R5XX_CRTC_TILE_X0_Y0,
		.merge_cntl = R5XX_DISP_MERGE_CNTL,
		.pll_cntl = R5XX_PLL_PPLL_CNTL,
		.pll_ref_div = R5XX_PLL_PPLL_REF_DIV,
		.pll_ref_mask = R5XX_PPLL_REF_DIV_R300,
		.pll_div = R5XX_PLL_PPLL_DIV_3,
		.pll_src = R5XX_PLL_VCLK_ECP_CNTL,
		.pll_htotal = R5XX_PLL_HTOTAL_CNTL,
	},
	{
		.off = R5XX_CRTC2_H_TOTAL_DISP - R5XX_CRTC_H_TOTAL_DISP,
		.gen_cntl = R5XX_CRTC2_GEN_CNTL,
		.gen_keep = R5XX_GEN_CUR_EN | R5XX_GEN_CUR_MODE |
			    R5XX_CRTC2_GEN_CNTL_CRTC2_CRT2_ON,
		.status = R5XX_CRTC2_STATUS,
		.tile_x0_y0 = R5XX_CRTC2_TILE_X0_Y0,
		.merge_cntl = R5XX_DISP2_MERGE_CNTL,
		.pll_cntl = R5XX_PLL_P2PLL_CNTL,
		.pll_ref_div = R5XX_PLL_P2PLL_REF_DIV,
		.pll_ref_mask = R5XX_PLL_PPLL_REF_DIV_PPLL_REF_DIV,
		.pll_div = R5XX_PLL_P2PLL_DIV_0,
		.pll_src = R5XX_PLL_PIXCLKS_CNTL,
		.pll_htotal = R5XX_PLL_HTOTAL2_CNTL,
	},
};

static const struct r5xx_crtc_regs *r5xx_regs_of(struct drm_crtc *crtc)
{
	return &r5xx_crtc_regs[to_r5xx_crtc(crtc)->id];
}

static void r5xx_pll_wreg_mask(struct r5xx_device *rdev, u32 reg, u32 val,
			       u32 mask)
{
	u32 tmp = r5xx_pll_rreg(rdev, reg);

	r5xx_pll_wreg(rdev, reg, (tmp & ~mask) | (val & mask));
}

/* post divider -> PPLL_DIV post code */
static const u8 r5xx_post_divs[] = { 1, 2, 4, 8, 3, 16, 6, 12 };

/* the reference divider field is 10 bits wide on both PLLs */
#define R5XX_PLL_REF_DIV_MAX		0x3ff

/* the best feedback divider for @ref and @post, into @div if closer */
static void r5xx_pll_try(const struct r5xx_pll_limits *lim, u32 khz,
			 u32 ref, u32 post, struct r5xx_pll_div *div,
			 u32 *best_err)
{
	u32 in_khz = lim->ref_khz / ref;
	u64 vco = (u64)khz * post;
	u32 fb, got, err;

	if (in_khz < lim->in_min_khz || in_khz > lim->in_max_khz ||
	    vco < lim->vco_min_khz || vco > lim->vco_max_khz)
		return;
	fb = DIV_ROUND_CLOSEST_ULL(vco * ref, lim->ref_khz);
	if (fb < 4 || fb > FIELD_MAX(R5XX_PPLL_FB_DIV))
		return;
	got = div_u64((u64)lim->ref_khz * fb, ref * post);
	err = abs((s32)(got - khz));
	if (err < *best_err) {
		*best_err = err;
		div->ref = ref;
		div->fb = fb;
		div->post = post;
		div->khz = got;
	}
}

/**
 * r5xx_pll_compute - pick PLL dividers for a pixel clock
 * @lim: the PLL's limits
 * @khz: wanted pixel clock
 * @div: the dividers and the clock they give
 *
 * As upstream radeon's radeon_compute_pll_legacy() for outputs other than
 * LVDS: tries every reference divider whose PLL input is in range, every
 * post divider whose VCO frequency is in range, and keeps the feedback
 * divider that comes closest. Of equally close settings the one with the
 * reference divider of @lim (the firmware's) wins, then the lowest
 * reference divider.
 *
 * Return: 0, or -ERANGE if no setting is within 1% of @khz.
 */
int r5xx_pll_compute(const struct r5xx_pll_limits *lim, u32 khz,
		     struct r5xx_pll_div *div)
{
	u32 best_err = U32_MAX;
	unsigned int i;
	u32 ref;

	if (!khz)
		return -ERANGE;
	for (i = 0; i < ARRAY_SIZE(r5xx_post_divs); i++)
		r5xx_pll_try(lim, khz, lim->ref_div, r5xx_post_divs[i], div,
			     &best_err);
	for (ref = 2; ref <= R5XX_PLL_REF_DIV_MAX && best_err; ref++)
		for (i = 0; i < ARRAY_SIZE(r5xx_post_divs); i++)
			r5xx_pll_try(lim, khz, ref, r5xx_post_divs[i], div,
				     &best_err);
	if (best_err == U32_MAX || (u64)best_err * 100 > khz)
		return -ERANGE;
	return 0;
}

static u32 r5xx_post_code(u32 post)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(r5xx_post_divs); i++)
		if (r5xx_post_divs[i] == post)
			return i;
	return 0;
}

/**
 * r5xx_crtc_mode_limits - what the legacy CRTCs can show
 * @rdev: device
 * @mode: display mode
 *
 * Return: %MODE_OK or why @mode is out of the CRTC's or the PLL's range.
 */
enum drm_mode_status r5xx_crtc_mode_limits(struct r5xx_device *rdev,
					   const struct drm_display_mode *mode)
{
	struct r5xx_pll_div div;

	if (mode->flags & DRM_MODE_FLAG_INTERLACE)
		return MODE_NO_INTERLACE;
	if (mode->flags & DRM_MODE_FLAG_DBLSCAN)
		return MODE_NO_DBLESCAN;
	if (mode->hdisplay % 8 || mode->hdisplay > 4096 ||
	    mode->htotal > 8192 || mode->hsync_start > 8191)
		return MODE_H_ILLEGAL;
	if (mode->vdisplay > 2048 || mode->vtotal > 2048 ||
	    mode->vsync_start > 4096)
		return MODE_V_ILLEGAL;
	if (mode->clock > rdev->display.pll.max_pixclk_khz)
		return MODE_CLOCK_HIGH;
	if (r5xx_pll_compute(&rdev->display.pll, mode->clock, &div))
		return MODE_CLOCK_RANGE;
	return MODE_OK;
}

static void r5xx_crtc_set_pll(struct r5xx_device *rdev,
			      const struct r5xx_crtc_regs *r,
			      const struct r5xx_pll_div *div, u32 htotal)
{
	u32 ref_div;
	int ret;

	r5xx_pll_wreg_mask(rdev, r->pll_src, R5XX_PIXCLK_SRC_CPUCLK,
			   R5XX_PIXCLK_SRC_SEL);
	r5xx_pll_wreg_mask(rdev, r->pll_cntl,
			   R5XX_PPLL_RESET | R5XX_PPLL_ATOMIC_UPDATE_EN |
			   R5XX_PPLL_VGA_ATOMIC_UPDATE_EN,
			   R5XX_PPLL_RESET | R5XX_PPLL_ATOMIC_UPDATE_EN |
			   R5XX_PPLL_VGA_ATOMIC_UPDATE_EN);
	ref_div = r5xx_pll_rreg(rdev, r->pll_ref_div) & ~r->pll_ref_mask;
	ref_div |= (div->ref << __ffs(r->pll_ref_mask)) & r->pll_ref_mask;
	r5xx_pll_wreg(rdev, r->pll_ref_div, ref_div);
	r5xx_pll_wreg_mask(rdev, r->pll_div,
			   FIELD_PREP(R5XX_PPLL_FB_DIV, div->fb) |
			   FIELD_PREP(R5XX_PPLL_POST_DIV,
				      r5xx_post_code(div->post)),
			   R5XX_PPLL_FB_DIV | R5XX_PPLL_POST_DIV);
	r5xx_pll_wreg(rdev, r->pll_ref_div,
		      ref_div | R5XX_PLL_PPLL_REF_DIV_PPLL_ATOMIC_UPDATE_W);
	ret = read_poll_timeout(r5xx_pll_rreg, ref_div,
				!(ref_div & R5XX_PLL_PPLL_REF_DIV_PPLL_ATOMIC_UPDATE_W),
				10, 10000, false, rdev, r->pll_ref_div);
	if (ret)
		drm_dbg_kms(&rdev->drm, "PLL atomic update did not complete\n");
	r5xx_pll_wreg(rdev, r->pll_htotal, htotal & 7);
	r5xx_pll_wreg_mask(rdev, r->pll_cntl, 0,
			   R5XX_PPLL_RESET | R5XX_PPLL_SLEEP |
			   R5XX_PPLL_ATOMIC_UPDATE_EN |
			   R5XX_PPLL_VGA_ATOMIC_UPDATE_EN);
	usleep_range(5000, 6000);
	r5xx_pll_wreg_mask(rdev, r->pll_src, R5XX_PIXCLK_SRC_PLL,
			   R5XX_PIXCLK_SRC_SEL);
}

static void r5xx_crtc_pll_off(struct r5xx_device *rdev,
			      const struct r5xx_crtc_regs *r)
{
	r5xx_pll_wreg_mask(rdev, r->pll_src, R5XX_PIXCLK_SRC_CPUCLK,
			   R5XX_PIXCLK_SRC_SEL);
	r5xx_pll_wreg_mask(rdev, r->pll_cntl, R5XX_PPLL_RESET | R5XX_PPLL_SLEEP,
			   R5XX_PPLL_RESET | R5XX_PPLL_SLEEP);
}

static void r5xx_crtc_set_timing(struct r5xx_device *rdev,
				 const struct r5xx_crtc_regs *r,
				 const struct drm_display_mode *m)
{
	u32 hsync_wid = clamp((m->crtc_hsync_end - m->crtc_hsync_start) / 8,
			      1, 0x3f);
	u32 vsync_wid = clamp(m->crtc_vsync_end - m->crtc_vsync_start, 1,
			      0x1f);
	u32 hsync, vsync;

	hsync = FIELD_PREP(R5XX_CRTC_H_SYNC_STRT_WID_CRTC_H_SYNC_STRT_CHAR |
			   R5XX_CRTC_H_SYNC_STRT_WID_CRTC_H_SYNC_STRT_PIX,
			   m->crtc_hsync_start - 8) |
		FIELD_PREP(R5XX_CRTC_H_SYNC_STRT_WID_CRTC_H_SYNC_WID,
			   hsync_wid);
	if (m->flags & DRM_MODE_FLAG_NHSYNC)
		hsync |= R5XX_CRTC_H_SYNC_STRT_WID_CRTC_H_SYNC_POL;
	vsync = FIELD_PREP(R5XX_CRTC_V_SYNC_STRT_WID_CRTC_V_SYNC_STRT,
			   m->crtc_vsync_start - 1) |
		FIELD_PREP(R5XX_CRTC_V_SYNC_STRT_WID_CRTC_V_SYNC_WID,
			   vsync_wid);
	if (m->flags & DRM_MODE_FLAG_NVSYNC)
		vsync |= R5XX_CRTC_V_SYNC_STRT_WID_CRTC_V_SYNC_POL;

	r5xx_wreg(rdev, R5XX_CRTC_H_TOTAL_DISP + r->off,
		  FIELD_PREP(R5XX_CRTC_H_TOTAL_DISP_CRTC_H_TOTAL,
			     m->crtc_htotal / 8 - 1) |
		  FIELD_PREP(R5XX_CRTC_H_TOTAL_DISP_CRTC_H_DISP,
			     m->crtc_hdisplay / 8 - 1));
	r5xx_wreg(rdev, R5XX_CRTC_H_SYNC_STRT_WID + r->off, hsync);
	r5xx_wreg(rdev, R5XX_CRTC_V_TOTAL_DISP + r->off,
		  FIELD_PREP(R5XX_CRTC_V_TOTAL_DISP_CRTC_V_TOTAL,
			     m->crtc_vtotal - 1) |
		  FIELD_PREP(R5XX_CRTC_V_TOTAL_DISP_CRTC_V_DISP,
			     m->crtc_vdisplay - 1));
	r5xx_wreg(rdev, R5XX_CRTC_V_SYNC_STRT_WID + r->off, vsync);
	if (r->off) {
		/* the TMDS and DVO take CRTC2's syncs from these */
		r5xx_wreg(rdev, R5XX_FP_H2_SYNC_STRT_WID, hsync);
		r5xx_wreg(rdev, R5XX_FP_V2_SYNC_STRT_WID, vsync);
	}
	r5xx_wreg_mask(rdev, r->merge_cntl, 0, R5XX_DISP_RGB_OFFSET_EN);
}

static u32 r5xx_pix_width(const struct drm_framebuffer *fb)
{
	if (fb && fb->format->format == DRM_FORMAT_RGB565)
		return R5XX_PIX_RGB565;
	return R5XX_PIX_ARGB8888;
}

/* the palette: 256 10:10:10 entries, the ramp or GAMMA_LUT */
static void r5xx_crtc_load_lut(struct r5xx_device *rdev, struct drm_crtc *crtc)
{
	struct drm_property_blob *blob = crtc->state->gamma_lut;
	const struct drm_color_lut *lut = blob ? blob->data : NULL;
	unsigned long flags;
	unsigned int i;

	spin_lock_irqsave(&rdev->display.reg_lock, flags);
	r5xx_wreg_mask(rdev, R5XX_DAC_CNTL2,
		       to_r5xx_crtc(crtc)->id ?
		       R5XX_DAC_CNTL2_DAC2_PALETTE_ACC_CTL : 0,
		       R5XX_DAC_CNTL2_DAC2_PALETTE_ACC_CTL);
	r5xx_wreg(rdev, R5XX_PALETTE_INDEX, 0);
	for (i = 0; i < 256; i++) {
		struct r5xx_rgb10 e = r5xx_gamma_entry(lut, i);

		r5xx_wreg(rdev, R5XX_PALETTE_30_DATA,
			  FIELD_PREP(R5XX_PALETTE_30_DATA_PALETTE_R, e.r) |
			  FIELD_PREP(R5XX_PALETTE_30_DATA_PALETTE_G, e.g) |
			  FIELD_PREP(R5XX_PALETTE_30_DATA_PALETTE_B, e.b));
	}
	spin_unlock_irqrestore(&rdev->display.reg_lock, flags);
}

static enum drm_mode_status
r5xx_crtc_mode_valid(struct drm_crtc *crtc, const struct drm_display_mode *mode)
{
	return r5xx_crtc_mode_limits(to_r5xx(crtc->dev), mode);
}

/*
 * The CRTC counts the total width in 8-pixel characters: the line is cut
 * to a multiple of 8 and the pixel clock slowed down with it, so that
 * lines and frames keep the rate the mode asks for. The adjusted mode
 * holds the clock the PLL really gives, for vblank timestamps.
 */
static bool r5xx_crtc_mode_fixup(struct drm_crtc *crtc,
				 const struct drm_display_mode *mode,
				 struct drm_display_mode *adjusted)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	u32 htotal = adjusted->crtc_htotal;
	struct r5xx_pll_div div;
	u32 khz;

	if (!htotal)
		return false;
	adjusted->crtc_htotal = round_down(htotal, 8);
	khz = DIV_ROUND_CLOSEST_ULL((u64)adjusted->crtc_clock *
				    adjusted->crtc_htotal, htotal);
	if (r5xx_pll_compute(&rdev->display.pll, khz, &div)) {
		r5xx_user_dbg(crtc->dev, "no PLL setting for %u kHz\n", khz);
		return false;
	}
	adjusted->crtc_clock = div.khz;
	return true;
}

/* upstream's clocks when the video BIOS gives none (combios: 200 MHz) */
#define R5XX_LEGACY_BW_DEFAULT_KHZ	200000

/* the memory the display reads: its clocks, width and timings */
static void r5xx_legacy_bw_mem(struct r5xx_device *rdev,
			       struct r5xx_bw_legacy_mem *mem)
{
	const struct r5xx_display *disp = &rdev->display;
	struct r5xx_bw_mem_regs regs = { };
	u32 cntl;

	mem->sclk_khz = max(disp->sclk_khz ?: R5XX_LEGACY_BW_DEFAULT_KHZ, 10u);
	mem->mclk_khz = max(disp->mclk_khz ?: R5XX_LEGACY_BW_DEFAULT_KHZ, 10u);
	mem->vram_width = rdev->mc.vram_width;
	/* r300_mc_init, rs400_mc_init: DDR on every R300-class chip */
	mem->ddr = true;
	regs.timing_cntl = r5xx_rreg(rdev, R5XX_MEM_TIMING_CNTL);
	regs.sdram_mode = r5xx_rreg(rdev, R5XX_MEM_SDRAM_MODE_REG);
	/* the read bus switch of a discrete chip: channel C/D's if alone */
	if (rdev->info->mc == R5XX_MC_R300 || rdev->info->mc == R5XX_MC_R420) {
		cntl = r5xx_rreg(rdev, R5XX_MEM_CNTL);
		if (FIELD_GET(R5XX_MEM_CNTL_MEM_NUM_CHANNELS, cntl) == 1 &&
		    cntl & R5XX_MEM_CNTL_MEM_USE_CD_CH_ONLY)
			regs.rbs = r5xx_mc_rreg(rdev, R5XX_R300_MC_READ_CNTL_CD);
		else
			regs.rbs = r5xx_rreg(rdev, R5XX_MC_READ_CNTL_AB);
	}
	r5xx_bw_legacy_mem_decode(rdev->info->bw_mem, &regs, mem);
}

/**
 * r5xx_legacy_bandwidth_update - program the display FIFOs' watermarks
 * @rdev: device
 *
 * For the modes the CRTCs now run (&r5xx_crtc.bw), see "display bandwidth"
 * in r5xx_bandwidth.c: GRPH_BUFFER_CNTL and GRPH2_BUFFER_CNTL of the CRTCs
 * that run (their other bits kept), and with the priority forced high
 * (%R5XX_QUIRK_DISP_PRIORITY_HIGH) the display reads' initial latencies in
 * MC_INIT_MISC_LAT_TIMER, as r100_bandwidth_update does.
 */
static void r5xx_legacy_bandwidth_update(struct r5xx_device *rdev)
{
	static const u32 grph[2] = { R5XX_GRPH_BUFFER_CNTL,
				     R5XX_GRPH2_BUFFER_CNTL };
	struct r5xx_display *disp = &rdev->display;
	bool high = r5xx_has_quirk(rdev, R5XX_QUIRK_DISP_PRIORITY_HIGH);
	struct r5xx_bw_mode mode[2] = { };
	struct r5xx_bw_legacy_mem mem = { };
	struct r5xx_bw_legacy bw;
	unsigned int i;
	u32 lat;

	mutex_lock(&disp->bw_lock);
	for (i = 0; i < disp->num_crtcs && i < ARRAY_SIZE(mode); i++)
		mode[i] = disp->crtc[i].bw;
	r5xx_legacy_bw_mem(rdev, &mem);
	r5xx_bw_legacy_compute(mode, &mem, high, rdev->info->bw_flags, &bw);
	if (high) {
		lat = r5xx_rreg(rdev, R5XX_R300_MC_INIT_MISC_LAT_TIMER);
		lat &= ~(R5XX_R300_MC_INIT_MISC_LAT_TIMER_MC_DISP1R_INIT_LAT |
			 R5XX_R300_MC_INIT_MISC_LAT_TIMER_MC_DISP0R_INIT_LAT);
		r5xx_wreg(rdev, R5XX_R300_MC_INIT_MISC_LAT_TIMER,
			  lat | bw.init_lat);
	}
	for (i = 0; i < ARRAY_SIZE(grph); i++)
		if (mode[i].on)
			r5xx_wreg_mask(rdev, grph[i], bw.grph_buffer_cntl[i],
				       R5XX_BW_LEGACY_GRPH_MASK);
	mutex_unlock(&disp->bw_lock);
}

/* record the mode and pixel size a CRTC runs (NULL: off), then reprogram */
static void r5xx_legacy_bandwidth_set(struct drm_crtc *crtc,
				      const struct drm_display_mode *m,
				      const struct drm_framebuffer *fb)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	struct r5xx_bw_mode bw = { };

	if (m && m->crtc_clock && m->crtc_htotal) {
		bw.on = true;
		bw.clock_khz = m->crtc_clock;
		bw.hdisplay = m->crtc_hdisplay;
		bw.htotal = m->crtc_htotal;
		/* the CRTC scans 32 bpp until a frame says otherwise */
		bw.cpp = fb ? fb->format->cpp[0] : 4;
	}
	mutex_lock(&rdev->display.bw_lock);
	to_r5xx_crtc(crtc)->bw = bw;
	mutex_unlock(&rdev->display.bw_lock);
	r5xx_legacy_bandwidth_update(rdev);
}

/* a frame of another pixel size on a running CRTC changes its FIFO levels */
static void r5xx_legacy_bandwidth_cpp(struct drm_crtc *crtc, u32 cpp)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	struct r5xx_crtc *rc = to_r5xx_crtc(crtc);
	bool changed;

	mutex_lock(&rdev->display.bw_lock);
	changed = rc->bw.on && rc->bw.cpp != cpp;
	if (changed)
		rc->bw.cpp = cpp;
	mutex_unlock(&rdev->display.bw_lock);
	if (changed)
		r5xx_legacy_bandwidth_update(rdev);
}

static void r5xx_crtc_atomic_enable(struct drm_crtc *crtc,
				    struct drm_atomic_commit *state)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	const struct r5xx_crtc_regs *r = r5xx_regs_of(crtc);
	const struct drm_display_mode *m = &crtc->state->adjusted_mode;
	struct drm_plane_state *ps =
		drm_atomic_get_new_plane_state(state, crtc->primary);
	struct r5xx_pll_div div;
	u32 gen;

	if (r5xx_pll_compute(&rdev->display.pll, m->crtc_clock, &div))
		drm_dbg_kms(crtc->dev, "no PLL setting for %d kHz\n",
			    m->crtc_clock);
	else
		r5xx_crtc_set_pll(rdev, r, &div, m->crtc_htotal);
	r5xx_crtc_set_timing(rdev, r, m);

	gen = r5xx_rreg(rdev, r->gen_cntl) & r->gen_keep;
	/* blank until the primary plane shows a frame */
	gen |= R5XX_GEN_EN | R5XX_GEN_DISP_REQ_EN_B |
	       FIELD_PREP(R5XX_GEN_PIX_WIDTH,
			  r5xx_pix_width(ps ? ps->fb : crtc->primary->state->fb));
	if (!r->off) {
		gen |= R5XX_CRTC_GEN_CNTL_EXT_DISP_EN;
		r5xx_wreg_mask(rdev, R5XX_CRTC_EXT_CNTL,
			       R5XX_CRTC_EXT_CNTL_CRTC_CRT_ON,
			       R5XX_CRTC_EXT_CNTL_CRTC_CRT_ON |
			       R5XX_CRTC_EXT_CNTL_CRTC_DISPLAY_DIS |
			       R5XX_CRTC_EXT_CNTL_CRTC_HSYNC_DIS |
			       R5XX_CRTC_EXT_CNTL_CRTC_VSYNC_DIS);
	}
	r5xx_wreg(rdev, r->gen_cntl, gen);
	r5xx_legacy_bandwidth_set(crtc, m,
				  ps ? ps->fb : crtc->primary->state->fb);
	r5xx_crtc_load_lut(rdev, crtc);
	drm_crtc_vblank_on(crtc);
}

static void r5xx_crtc_atomic_disable(struct drm_crtc *crtc,
				     struct drm_atomic_commit *state)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	const struct r5xx_crtc_regs *r = r5xx_regs_of(crtc);

	drm_crtc_vblank_off(crtc);
	if (!r->off)
		r5xx_wreg_mask(rdev, R5XX_CRTC_EXT_CNTL,
			       R5XX_CRTC_EXT_CNTL_CRTC_DISPLAY_DIS |
			       R5XX_CRTC_EXT_CNTL_CRTC_HSYNC_DIS |
			       R5XX_CRTC_EXT_CNTL_CRTC_VSYNC_DIS,
			       R5XX_CRTC_EXT_CNTL_CRTC_CRT_ON |
			       R5XX_CRTC_EXT_CNTL_CRTC_DISPLAY_DIS |
			       R5XX_CRTC_EXT_CNTL_CRTC_HSYNC_DIS |
			       R5XX_CRTC_EXT_CNTL_CRTC_VSYNC_DIS);
	r5xx_wreg_mask(rdev, r->gen_cntl, R5XX_GEN_DISP_REQ_EN_B,
		       R5XX_GEN_DISP_REQ_EN_B | R5XX_GEN_EN | R5XX_GEN_CUR_EN);
	r5xx_crtc_pll_off(rdev, r);
	r5xx_legacy_bandwidth_set(crtc, NULL, NULL);
	r5xx_crtc_off_event(crtc);
}

static void r5xx_crtc_atomic_flush(struct drm_crtc *crtc,
				   struct drm_atomic_commit *state)
{
	struct drm_crtc_state *cs = drm_atomic_get_new_crtc_state(state, crtc);

	if (cs->active && cs->color_mgmt_changed)
		r5xx_crtc_load_lut(to_r5xx(crtc->dev), crtc);
	r5xx_crtc_arm_event(crtc, cs);
}

static bool r5xx_crtc_get_scanout_position(struct drm_crtc *crtc,
					   bool in_vblank_irq, int *vpos,
					   int *hpos, ktime_t *stime,
					   ktime_t *etime,
					   const struct drm_display_mode *mode)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	const struct r5xx_crtc_regs *r = r5xx_regs_of(crtc);
	int line;

	if (stime)
		*stime = ktime_get();
	line = FIELD_GET(R5XX_CRTC_VLINE_CRNT_VLINE_CRTC_CRNT_VLINE,
			 r5xx_rreg(rdev, R5XX_CRTC_VLINE_CRNT_VLINE + r->off));
	if (etime)
		*etime = ktime_get();
	/* in vblank, count back from the first active line */
	if (line >= mode->crtc_vdisplay)
		line -= mode->crtc_vtotal;
	*vpos = line;
	*hpos = 0;
	return true;
}

static const struct drm_crtc_helper_funcs r5xx_crtc_helper_funcs = {
	.mode_valid = r5xx_crtc_mode_valid,
	.mode_fixup = r5xx_crtc_mode_fixup,
	.atomic_check = r5xx_crtc_atomic_check,
	.atomic_flush = r5xx_crtc_atomic_flush,
	.atomic_enable = r5xx_crtc_atomic_enable,
	.atomic_disable = r5xx_crtc_atomic_disable,
	.get_scanout_position = r5xx_crtc_get_scanout_position,
};

static u32 r5xx_crtc_read_frame(struct r5xx_device *rdev,
				const struct r5xx_crtc_regs *r)
{
	return FIELD_GET(R5XX_CRTC_CRNT_FRAME_CRTC_CRNT_FRAME,
			 r5xx_rreg(rdev, R5XX_CRTC_CRNT_FRAME + r->off));
}

static u32 r5xx_legacy_vblank_counter(struct drm_crtc *crtc)
{
	struct r5xx_device *rdev = to_r5xx(crtc->dev);
	const struct r5xx_crtc_regs *r = r5xx_regs_of(crtc);
	u32 frame, line, vdisp;

	vdisp = FIELD_GET(R5XX_CRTC_V_TOTAL_DISP_CRTC_V_DISP,
			  r5xx_rreg(rdev, R5XX_CRTC_V_TOTAL_DISP + r->off)) + 1;
	/* the line and the count of one frame: read again across a step */
	do {
		frame = r5xx_crtc_read_frame(rdev, r);
		line = FIELD_GET(R5XX_CRTC_VLINE_CRNT_VLINE_CRTC_CRNT_VLINE,
				 r5xx_rreg(rdev,
					   R5XX_CRTC_VLINE_CRNT_VLINE + r->off));
	} while (frame != r5xx_crtc_read_frame(rdev, r));
	if (line >= vdisp)
		frame++;
	return frame & R5XX_CRTC_CRNT_FRAME_CRTC_CRNT_FRAME;
}

static void r5xx_primary_atomic_update(struct drm_plane *plane,
				       struct drm_atomic_commit *state)
{
	struct drm_plane_state *ps = drm_atomic_get_new_plane_state(state, plane);
	struct r5xx_device *rdev = to_r5xx(plane->dev);
	const struct r5xx_crtc_regs *r;
	struct drm_framebuffer *fb = ps->fb;
	u32 tiling, cpp, x, y, pitch_px, cntl = 0, tile = 0;
	u64 base;

	if (!ps->crtc || !fb || !ps->visible)
		return;
	r = r5xx_regs_of(ps->crtc);
	tiling = to_r5xx_fb(fb)->tiling_flags;
	cpp = fb->format->cpp[0];
	x = ps->src.x1 >> 16;
	y = ps->src.y1 >> 16;
	pitch_px = fb->pitches[0] / cpp;
	base = r5xx_bo_gpu_offset(to_r5xx_bo(fb->obj[0])) -
	       rdev->mc.vram_start + fb->offsets[0];

	cntl = R5XX_CRTC_OFFSET_CNTL_CRTC_GUI_TRIG_OFFSET_LEFT_EN;
	if (tiling & (RADEON_TILING_MACRO | RADEON_TILING_MICRO)) {
		cntl |= R5XX_CRTC_OFFSET_CNTL_CRTC_X_Y_MODE_EN |
			R5XX_CRTC_OFFSET_CNTL_MICRO_TILE_BUFFER_DIS;
		if (tiling & RADEON_TILING_MACRO)
			cntl |= R5XX_CRTC_OFFSET_CNTL_CRTC_MACRO_TILE_EN;
		if (tiling & RADEON_TILING_MICRO)
			cntl |= R5XX_CRTC_OFFSET_CNTL_CRTC_MICRO_TILE_EN;
		tile = FIELD_PREP(R5XX_CRTC_TILE_X0_Y0_CRTC_TILE_X0, x) |
		       FIELD_PREP(R5XX_CRTC_TILE_X0_Y0_CRTC_TILE_Y0, y);
		base &= ~0x7ffull;
	} else {
		base += (u64)y * fb->pitches[0] + x * cpp;
	}
	base &= ~7ull;

	r5xx_wreg_mask(rdev, r->gen_cntl,
		       FIELD_PREP(R5XX_GEN_PIX_WIDTH, r5xx_pix_width(fb)),
		       R5XX_GEN_PIX_WIDTH | R5XX_CRTC_GEN_CNTL_CRTC_VSTAT_MODE);
	r5xx_wreg(rdev, R5XX_DISPLAY_BASE_ADDR + r->off, rdev->mc.vram_start);
	r5xx_wreg(rdev, r->tile_x0_y0, tile);
	r5xx_wreg(rdev, R5XX_CRTC_OFFSET_CNTL + r->off, cntl);
	r5xx_wreg(rdev, R5XX_CRTC_PITCH + r->off,
		  FIELD_PREP(R5XX_CRTC_PITCH_CRTC_PITCH, pitch_px / 8) |
		  FIELD_PREP(R5XX_CRTC_PITCH_CRTC_PITCH_RIGHT, pitch_px / 8));
	r5xx_wreg(rdev, R5XX_CRTC_OFFSET + r->off, lower_32_bits(base));
	r5xx_legacy_bandwidth_cpp(ps->crtc, cpp);
	/* show the picture: clear the request blank */
	r5xx_wreg_mask(rdev, r->gen_cntl, 0, R5XX_GEN_DISP_REQ_EN_B);
}

/* a CRTC left running without its primary plane shows black */
static void r5xx_primary_atomic_disable(struct drm_plane *plane,
					struct drm_atomic_commit *state)
{
	struct drm_plane_state *old = drm_atomic_get_old_plane_state(state,
								     plane);

	if (old->crtc)
		r5xx_wreg_mask(to_r5xx(plane->dev), r5xx_regs_of(old->crtc)->gen_cntl,
			       R5XX_GEN_DISP_REQ_EN_B, R5XX_GEN_DISP_REQ_EN_B);
}

static const struct drm_plane_helper_funcs r5xx_primary_helper_funcs = {
	.prepare_fb = r5xx_plane_prepare_fb,
	.cleanup_fb = r5xx_plane_cleanup_fb,
	.atomic_check = r5xx_primary_atomic_check,
	.atomic_update = r5xx_primary_atomic_update,
	.atomic_disable = r5xx_primary_atomic_disable,
};

static void r5xx_cursor_hide(struct r5xx_device *rdev,
			     const struct r5xx_crtc_regs *r)
{
	r5xx_wreg_mask(rdev, r->gen_cntl, 0, R5XX_GEN_CUR_EN);
}

/* program the cursor of @crtc as @ps says, hide it if @ps shows nothing */
static void r5xx_cursor_program(struct r5xx_device *rdev,
				const struct r5xx_crtc_regs *r,
				const struct drm_plane_state *ps)
{
	struct r5xx_cursor_place p;
	u64 base;

	if (!ps->fb || !ps->visible) {
		r5xx_cursor_hide(rdev, r);
		return;
	}
	r5xx_cursor_place(ps, &p);
	base = r5xx_bo_gpu_offset(to_r5xx_bo(ps->fb->obj[0])) -
	       rdev->mc.vram_start + ps->fb->offsets[0] +
	       p.yorigin * R5XX_CURSOR_PITCH;

	r5xx_wreg(rdev, R5XX_CUR_HORZ_VERT_OFF + r->off,
		  R5XX_CUR_HORZ_VERT_OFF_CUR_LOCK |
		  FIELD_PREP(R5XX_CUR_HORZ_VERT_OFF_CUR_HORZ_OFF, p.xorigin) |
		  FIELD_PREP(R5XX_CUR_HORZ_VERT_OFF_CUR_VERT_OFF, p.yorigin));
	r5xx_wreg(rdev, R5XX_CUR_HORZ_VERT_POSN + r->off,
		  R5XX_CUR_HORZ_VERT_POSN_CUR_LOCK |
		  FIELD_PREP(R5XX_CUR_HORZ_VERT_POSN_CUR_HORZ_POSN, p.x) |
		  FIELD_PREP(R5XX_CUR_HORZ_VERT_POSN_CUR_VERT_POSN, p.y));
	r5xx_wreg(rdev, R5XX_CUR_OFFSET + r->off,
		  FIELD_PREP(R5XX_CUR_OFFSET_CUR_OFFSET, base));
	r5xx_wreg_mask(rdev, r->gen_cntl,
		       R5XX_GEN_CUR_EN | R5XX_GEN_CUR_MODE_ARGB,
		       R5XX_GEN_CUR_EN | R5XX_GEN_CUR_MODE);
}

static void r5xx_cursor_atomic_update(struct drm_plane *plane,
				      struct drm_atomic_commit *state)
{
	struct drm_plane_state *ps = drm_atomic_get_new_plane_state(state, plane);

	if (ps->crtc)
		r5xx_cursor_program(to_r5xx(plane->dev), r5xx_regs_of(ps->crtc),
				    ps);
}

static void r5xx_cursor_atomic_async_update(struct drm_plane *plane,
					    struct drm_atomic_commit *state)
{
	struct drm_plane_state *cur = r5xx_cursor_async_take(plane, state);

	r5xx_cursor_program(to_r5xx(plane->dev), r5xx_regs_of(cur->crtc), cur);
}

static void r5xx_cursor_atomic_disable(struct drm_plane *plane,
				       struct drm_atomic_commit *state)
{
	struct drm_plane_state *old = drm_atomic_get_old_plane_state(state,
								     plane);

	if (old->crtc)
		r5xx_cursor_hide(to_r5xx(plane->dev), r5xx_regs_of(old->crtc));
}

static const struct drm_plane_helper_funcs r5xx_cursor_helper_funcs = {
	.prepare_fb = r5xx_plane_prepare_fb,
	.cleanup_fb = r5xx_plane_cleanup_fb,
	.atomic_check = r5xx_cursor_atomic_check,
	.atomic_update = r5xx_cursor_atomic_update,
	.atomic_disable = r5xx_cursor_atomic_disable,
	.atomic_async_check =
		R5XX_ATOMIC_ASYNC_CHECK(r5xx_cursor_atomic_async_check),
	.atomic_async_update = r5xx_cursor_atomic_async_update,
};

/**
 * r5xx_crtc_init - create a legacy CRTC and its planes
 * @rdev: device
 * @id: 0 for CRTC1, 1 for CRTC2
 *
 * Return: 0 or a negative errno.
 */
int r5xx_crtc_init(struct r5xx_device *rdev, unsigned int id)
{
	static const struct r5xx_crtc_kind legacy = {
		.crtc_helpers = &r5xx_crtc_helper_funcs,
		.primary_helpers = &r5xx_primary_helper_funcs,
		.cursor_helpers = &r5xx_cursor_helper_funcs,
		.vblank_counter = r5xx_legacy_vblank_counter,
		.vblank_irq = { R5XX_GEN_INT_CNTL_CRTC_VBLANK_MASK,
				R5XX_GEN_INT_CNTL_CRTC2_VBLANK_MASK },
	};

	return r5xx_crtc_create(rdev, id, &legacy);
}
