// SPDX-License-Identifier: GPL-2.0-only OR MIT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "disp.h"

uint32_t d_gen_cntl(unsigned n)
{
	return n ? R5XX_CRTC2_GEN_CNTL : R5XX_CRTC_GEN_CNTL;
}

void d_mode_default(struct mode *m, unsigned w, unsigned h, unsigned bpp)
{
	m->w = w;
	m->h = h;
	m->htotal = w * 5 / 4;		/* 640 -> 800 */
	m->vtotal = h + h / 11 + 1;	/* 480 -> 524 */
	m->bpp = bpp;
	m->pitch = (w + 63) & ~63u;
}

static unsigned pix_width(unsigned bpp)
{
	switch (bpp) {
	case 8: return 2;
	case 15: return 3;
	case 16: return 4;
	case 24: return 5;
	default: return 6;
	}
}

/* D1GRPH_CONTROL depth and format of bpp. */
static uint32_t grph_format(unsigned bpp)
{
	switch (bpp) {
	case 8: return 0;
	case 15: return 1;
	case 16: return 1 | 1 << 8;
	default: return 2;
	}
}

/* Timing as radeonhd's DxModeSet counts it: from the start of the sync. */
static void avivo_set(struct r5xx *d, unsigned n, const struct mode *m, uint32_t off)
{
	uint32_t b = D_AVIVO(n);
	unsigned hss = m->w + 16, vss = m->h + 10;

	T_CHECK(m->bpp != 24, "AVIVO has no 24 bpp scanout");
	wr(d, R5XX_D1CRTC_CONTROL + b, 0);
	wr(d, n ? R5XX_D2VGA_CONTROL : R5XX_D1VGA_CONTROL, 0);
	wr(d, R5XX_D1CRTC_H_TOTAL + b, m->htotal - 1);
	wr(d, R5XX_D1CRTC_H_BLANK_START_END + b,
	   (m->htotal + m->w - hss) | (m->htotal - hss) << 16);
	wr(d, R5XX_D1CRTC_H_SYNC_A + b, 96u << 16);
	wr(d, R5XX_D1CRTC_V_TOTAL + b, m->vtotal - 1);
	wr(d, R5XX_D1CRTC_V_BLANK_START_END + b,
	   (m->vtotal + m->h - vss) | (m->vtotal - vss) << 16);
	wr(d, R5XX_D1CRTC_V_SYNC_A + b, 2u << 16);
	/* avivo_crtc_do_set_base */
	wr(d, R5XX_D1GRPH_FLIP_CONTROL + b, 0);
	wr(d, R5XX_D1GRPH_UPDATE + b, 0);
	wr(d, R5XX_D1GRPH_PRIMARY_SURFACE_ADDRESS + b, off);
	wr(d, R5XX_D1GRPH_SECONDARY_SURFACE_ADDRESS + b, off);
	wr(d, R5XX_D1GRPH_CONTROL + b, grph_format(m->bpp));
	wr(d, R5XX_D1GRPH_LUT_SEL + b, n);	/* D1: LUT A, D2: LUT B */
	wr(d, R5XX_D1GRPH_SURFACE_OFFSET_X + b, 0);
	wr(d, R5XX_D1GRPH_SURFACE_OFFSET_Y + b, 0);
	wr(d, R5XX_D1GRPH_X_START + b, 0);
	wr(d, R5XX_D1GRPH_Y_START + b, 0);
	wr(d, R5XX_D1GRPH_X_END + b, m->pitch);
	wr(d, R5XX_D1GRPH_Y_END + b, 8192);
	wr(d, R5XX_D1GRPH_PITCH + b, m->pitch);
	wr(d, R5XX_D1GRPH_ENABLE + b, 1);
	wr(d, R5XX_D1MODE_DESKTOP_HEIGHT + b, m->h);
	wr(d, R5XX_D1MODE_VIEWPORT_START + b, 0);
	wr(d, R5XX_D1MODE_VIEWPORT_SIZE + b, m->w << 16 | m->h);
	wr(d, R5XX_D1CRTC_BLANK_CONTROL + b, 0);
	wr(d, R5XX_D1CRTC_CONTROL + b, R5XX_D1CRTC_CONTROL_D1CRTC_EN);
	T_CHECK(rr(d, R5XX_D1CRTC_CONTROL + b) & R5XX_D1CRTC_CONTROL_D1CRTC_CURRENT_MASTER_EN_STATE,
		"D%u: CURRENT_MASTER_EN_STATE does not follow D1CRTC_EN", n + 1);
}

void d_crtc_set(struct r5xx *d, unsigned n, const struct mode *m, uint32_t off)
{
	uint32_t b = n * 0x100, gen;
	unsigned cpp = m->bpp == 15 ? 2 : (m->bpp + 7) / 8;
	unsigned pitch = (m->pitch * cpp * 8 + cpp * 8 * 8 - 1) / (cpp * 8 * 8);

	if (d->is_r5xx) {
		avivo_set(d, n, m, off);
		return;
	}
	d_crtc_off(d, n);
	wr(d, R5XX_CRTC_H_TOTAL_DISP + b, (m->htotal / 8 - 1) | (m->w / 8 - 1) << 16);
	wr(d, R5XX_CRTC_H_SYNC_STRT_WID + b, (m->w + 16 - 8) | 12 << 16);
	wr(d, R5XX_CRTC_V_TOTAL_DISP + b, (m->vtotal - 1) | (m->h - 1) << 16);
	wr(d, R5XX_CRTC_V_SYNC_STRT_WID + b, (m->h + 10 - 1) | 2 << 16);
	wr(d, (n ? R5XX_CRTC2_DISPLAY_BASE_ADDR : R5XX_DISPLAY_BASE_ADDR), 0);
	wr(d, R5XX_CRTC_OFFSET_CNTL + b, 1u << 28);
	wr(d, R5XX_CRTC_OFFSET + b, off);
	wr(d, R5XX_CRTC_PITCH + b, pitch | pitch << 16);
	gen = rr(d, d_gen_cntl(n)) & ~(0xfu << 8);
	gen |= pix_width(m->bpp) << 8;
	if (n) {
		gen |= R5XX_CRTC2_GEN_CNTL_CRTC2_EN | R5XX_CRTC2_GEN_CNTL_CRTC2_CRT2_ON;
		gen &= ~(R5XX_CRTC2_GEN_CNTL_CRTC2_DISP_REQ_EN_B |
			 R5XX_CRTC2_GEN_CNTL_CRTC2_DISPLAY_DIS);
	} else {
		gen |= R5XX_CRTC_GEN_CNTL_CRTC_EN | R5XX_CRTC_GEN_CNTL_EXT_DISP_EN;
		gen &= ~R5XX_CRTC_GEN_CNTL_DISP_REQ_EN_B;
		wr(d, R5XX_CRTC_EXT_CNTL, R5XX_CRTC_EXT_CNTL_CRTC_CRT_ON);
	}
	wr(d, d_gen_cntl(n), gen);
}

void d_crtc_off(struct r5xx *d, unsigned n)
{
	uint32_t en = n ? R5XX_CRTC2_GEN_CNTL_CRTC2_EN : R5XX_CRTC_GEN_CNTL_CRTC_EN;

	if (d->is_r5xx) {
		wr(d, R5XX_D1CRTC_CONTROL + D_AVIVO(n), 0);
		return;
	}
	wr(d, d_gen_cntl(n), rr(d, d_gen_cntl(n)) & ~en);
}

/* rhd_pll.c R500PLL1SetLow, without the waits; PLL n drives D(n+1). */
static void avivo_pll_set(struct r5xx *d, unsigned n, unsigned ref, unsigned fb,
			  unsigned post)
{
	uint32_t cntl = n ? R5XX_P2PLL_CNTL : R5XX_P1PLL_CNTL;

	wr(d, R5XX_EXT1_PPLL_POST_DIV_SRC + n * 8, 0);
	wr(d, cntl, R5XX_P1PLL_CNTL_PLL_RESET | R5XX_P1PLL_CNTL_PLL_SLEEP);
	T_CHECK(!(rr(d, cntl) & R5XX_P1PLL_CNTL_PLL_LOCKED), "P%uPLL locked in reset", n + 1);
	wr(d, R5XX_EXT1_PPLL_REF_DIV_SRC + n * 0x10, 1);
	wr(d, R5XX_EXT1_PPLL_REF_DIV + n * 0x10, ref);
	wr(d, R5XX_EXT1_PPLL_FB_DIV + n * 4, fb << 16);
	wr(d, R5XX_EXT1_PPLL_POST_DIV + n * 8, post);
	wr(d, cntl, 0);
	T_CHECK((rr(d, cntl) & (R5XX_P1PLL_CNTL_PLL_LOCKED | R5XX_P1PLL_CNTL_PLL_CALIBRATED)) ==
		(R5XX_P1PLL_CNTL_PLL_LOCKED | R5XX_P1PLL_CNTL_PLL_CALIBRATED),
		"P%uPLL_CNTL 0x%x: not calibrated and locked", n + 1, rr(d, cntl));
	wr(d, n ? R5XX_PCLK_CRTC2_CNTL : R5XX_PCLK_CRTC1_CNTL,
	   n ? R5XX_PCLK_CRTC1_CNTL_PCLK_CRTC_PLL_SEL : 0);
	wr(d, R5XX_EXT1_PPLL_POST_DIV_SRC + n * 8, 1);
}

void d_pll_set(struct r5xx *d, unsigned n, unsigned ref, unsigned fb,
	       unsigned post_code)
{
	static const unsigned post[8] = { 1, 2, 4, 8, 3, 16, 6, 12 };

	if (d->is_r5xx) {
		avivo_pll_set(d, n, ref, fb, post[post_code & 7]);
		return;
	}
	if (n) {
		pll_wr(d, R5XX_PLL_PIXCLKS_CNTL, 0);
		pll_wr(d, R5XX_PLL_P2PLL_CNTL, 3);
		pll_wr(d, R5XX_PLL_P2PLL_REF_DIV, ref);
		pll_wr(d, R5XX_PLL_P2PLL_DIV_0, fb | post_code << 16);
		pll_wr(d, R5XX_PLL_P2PLL_CNTL, 0);
		pll_wr(d, R5XX_PLL_PIXCLKS_CNTL, 3);
	} else {
		pll_wr(d, R5XX_PLL_VCLK_ECP_CNTL, 0);
		pll_wr(d, R5XX_PLL_PPLL_CNTL, 3);
		pll_wr(d, R5XX_PLL_PPLL_REF_DIV, ref << 18);
		pll_wr(d, R5XX_PLL_PPLL_DIV_3, fb | post_code << 16);
		pll_wr(d, R5XX_PLL_PPLL_CNTL, 0);
		pll_wr(d, R5XX_PLL_VCLK_ECP_CNTL, 3);
	}
}

int d_qmp(const char *json)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "tests/vm/qmp '%s' >/dev/null", json);
	return system(cmd);
}

static unsigned ppm_int(FILE *f)
{
	unsigned v = 0;
	int c;

	do {
		c = fgetc(f);
		if (c == '#')
			while (c != '\n' && c != EOF)
				c = fgetc(f);
	} while (c == ' ' || c == '\n' || c == '\r' || c == '\t');
	while (c >= '0' && c <= '9') {
		v = v * 10 + (c - '0');
		c = fgetc(f);
	}
	return v;
}

void d_screendump(unsigned n, struct image *img)
{
	const char *scratch = getenv("R5XX_SCRATCH");
	char path[512], cmd[700];
	FILE *f;
	size_t len;

	T_CHECK(scratch, "R5XX_SCRATCH is not set");
	snprintf(path, sizeof(path), "%s/head%u-%d.ppm", scratch, n, getpid());
	snprintf(cmd, sizeof(cmd), "tests/vm/qmp screendump %s %u >&2", path, n);
	T_CHECK(system(cmd) == 0, "screendump of head %u failed", n);
	f = fopen(path, "rb");
	T_CHECK(f, "no screendump file %s", path);
	T_CHECK(fgetc(f) == 'P' && fgetc(f) == '6', "%s is not a P6 PPM", path);
	img->w = ppm_int(f);
	img->h = ppm_int(f);
	T_CHECK(ppm_int(f) == 255, "%s: maxval is not 255", path);
	len = (size_t)img->w * img->h * 3;
	img->rgb = malloc(len);
	T_CHECK(img->rgb && fread(img->rgb, 1, len, f) == len, "%s is short", path);
	fclose(f);
	unlink(path);
}

void d_image_free(struct image *img)
{
	free(img->rgb);
	img->rgb = NULL;
}

unsigned d_compare(const struct image *img, unsigned w, unsigned h,
		   uint32_t (*expect)(unsigned x, unsigned y, void *arg), void *arg,
		   const char *what)
{
	unsigned x, y, bad = 0;

	T_CHECK(img->w == w && img->h == h, "%s: screendump is %ux%u, expected %ux%u",
		what, img->w, img->h, w, h);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			const uint8_t *p = img->rgb + ((size_t)y * w + x) * 3;
			uint32_t got = p[0] << 16 | p[1] << 8 | p[2];
			uint32_t want = expect(x, y, arg);

			if (got != want && bad++ < 5)
				t_log("%s: pixel (%u,%u) is %06x, expected %06x",
				      what, x, y, got, want);
		}
	}
	T_CHECK(!bad, "%s: %u pixels differ", what, bad);
	return bad;
}

uint64_t d_vtime(struct r5xx *d)
{
	uint32_t lo = rr(d, R5XX_MODEL_VTIME_LO);

	return (uint64_t)rr(d, R5XX_MODEL_VTIME_HI) << 32 | lo;
}

void d_pll_off(struct r5xx *d, unsigned n)
{
	if (d->is_r5xx)
		wr(d, R5XX_EXT1_PPLL_POST_DIV_SRC + n * 8, 0);
	else if (n)
		pll_wr(d, R5XX_PLL_PIXCLKS_CNTL, 0);
	else
		pll_wr(d, R5XX_PLL_VCLK_ECP_CNTL, 0);
}

void d_palette_start(struct r5xx *d, unsigned n, unsigned index)
{
	if (d->is_r5xx) {
		/* avivo_crtc_load_lut: D1 uses LUT A, D2 LUT B */
		wr(d, R5XX_DC_LUT_RW_SELECT, n);
		wr(d, R5XX_DC_LUT_RW_MODE, 0);
		wr(d, R5XX_DC_LUT_WRITE_EN_MASK, 0x3f);
		wr(d, R5XX_DC_LUT_RW_INDEX, index);
		return;
	}
	wr(d, R5XX_DAC_CNTL2, n ? R5XX_DAC_CNTL2_DAC2_PALETTE_ACC_CTL : 0);
	wr(d, R5XX_PALETTE_INDEX, index | index << 16);
}

uint32_t d_palette_port(struct r5xx *d)
{
	return d->is_r5xx ? R5XX_DC_LUT_30_COLOR : R5XX_PALETTE_30_DATA;
}

unsigned d_palette_read_index(struct r5xx *d)
{
	return d->is_r5xx ? rr(d, R5XX_DC_LUT_RW_INDEX) & 0xff :
	       rr(d, R5XX_PALETTE_INDEX) >> 16 & 0xff;
}

void d_palette_identity(struct r5xx *d, unsigned n)
{
	unsigned i;

	d_palette_start(d, n, 0);
	for (i = 0; i < 256; i++)
		wr(d, d_palette_port(d), i << 22 | i << 12 | i << 2);
}

uint32_t d_frame(struct r5xx *d, unsigned n)
{
	if (d->is_r5xx)
		return rr(d, R5XX_D1CRTC_STATUS_FRAME_COUNT + D_AVIVO(n));
	return rr(d, n ? R5XX_CRTC2_CRNT_FRAME : R5XX_CRTC_CRNT_FRAME);
}

void d_blank(struct r5xx *d, unsigned n)
{
	if (d->is_r5xx)
		wr(d, R5XX_D1CRTC_BLANK_CONTROL + D_AVIVO(n),
		   R5XX_D1CRTC_BLANK_CONTROL_BLANK_DATA_EN);
	else if (n)
		wr(d, R5XX_CRTC2_GEN_CNTL, rr(d, R5XX_CRTC2_GEN_CNTL) |
		   R5XX_CRTC2_GEN_CNTL_CRTC2_DISPLAY_DIS);
	else
		wr(d, R5XX_CRTC_EXT_CNTL, rr(d, R5XX_CRTC_EXT_CNTL) |
		   R5XX_CRTC_EXT_CNTL_CRTC_DISPLAY_DIS);
}
