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

void d_crtc_set(struct r5xx *d, unsigned n, const struct mode *m, uint32_t off)
{
	uint32_t b = n * 0x100, gen;
	unsigned cpp = m->bpp == 15 ? 2 : (m->bpp + 7) / 8;
	unsigned pitch = (m->pitch * cpp * 8 + cpp * 8 * 8 - 1) / (cpp * 8 * 8);

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

	wr(d, d_gen_cntl(n), rr(d, d_gen_cntl(n)) & ~en);
}

void d_pll_set(struct r5xx *d, unsigned n, unsigned ref, unsigned fb,
	       unsigned post_code)
{
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

void d_palette_identity(struct r5xx *d, unsigned n)
{
	unsigned i;

	wr(d, R5XX_DAC_CNTL2, n ? R5XX_DAC_CNTL2_DAC2_PALETTE_ACC_CTL : 0);
	wr(d, R5XX_PALETTE_INDEX, 0);
	for (i = 0; i < 256; i++)
		wr(d, R5XX_PALETTE_30_DATA, i << 22 | i << 12 | i << 2);
}
