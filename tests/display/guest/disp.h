/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Common bits of the display tests: program a CRTC the way upstream radeon
 * does (radeon_legacy_crtc.c on rv380; on rv515 the AVIVO D1/D2 with
 * radeonhd's timing and avivo_crtc_do_set_base's surface; no PLL unless
 * asked), take a screendump of a head through tests/vm/qmp and load it.
 */
#ifndef DISP_H
#define DISP_H

#include <stdint.h>

#include "r5xx_test.h"

/* VRAM offsets the display tests use (MC address 0 = VRAM offset 0). */
#define D_FB1_OFF	0x0800000	/* CRTC1 frame */
#define D_FB2_OFF	0x1000000	/* CRTC2 frame */
#define D_CUR_OFF	0x1800000	/* cursor images */

struct mode {
	unsigned w, h;		/* displayed */
	unsigned htotal, vtotal;
	unsigned bpp;		/* 8, 15, 16, 24, 32 */
	unsigned pitch;		/* pixels, multiple of 8 */
};

struct image {
	unsigned w, h;
	uint8_t *rgb;		/* w * h * 3 */
};

/* AVIVO: D2 registers are D1 + 0x800. */
#define D_AVIVO(n)	((n) * 0x800u)

/* Registers of CRTC n (0 or 1): CRTC1 block + 0x100, special cases. */
uint32_t d_gen_cntl(unsigned n);
void d_mode_default(struct mode *m, unsigned w, unsigned h, unsigned bpp);
/* Program CRTC n for m, scanning out VRAM offset off, and enable it. */
void d_crtc_set(struct r5xx *d, unsigned n, const struct mode *m, uint32_t off);
void d_crtc_off(struct r5xx *d, unsigned n);
/* Each channel through CRTC n's palette unchanged (what reset leaves). */
void d_palette_identity(struct r5xx *d, unsigned n);
/* Point the palette port at CRTC n's palette (AVIVO: LUT A/B), entry index. */
void d_palette_start(struct r5xx *d, unsigned n, unsigned index);
/* The 10:10:10 data port (auto-increments) and the read index. */
uint32_t d_palette_port(struct r5xx *d);
unsigned d_palette_read_index(struct r5xx *d);
/* Frame counter of CRTC n. */
uint32_t d_frame(struct r5xx *d, unsigned n);
/* Blank CRTC n (CRTC_DISPLAY_DIS, AVIVO BLANK_CONTROL). */
void d_blank(struct r5xx *d, unsigned n);
/* Pixel clock of CRTC n not from its PLL: 60 Hz. */
void d_pll_off(struct r5xx *d, unsigned n);
/* Pixel PLL of CRTC n: 27 MHz * fb / (ref * post), post code from the table. */
void d_pll_set(struct r5xx *d, unsigned n, unsigned ref, unsigned fb,
	       unsigned post_code);
/* Screendump head n into img (freed by d_image_free); fails the test on error. */
void d_screendump(unsigned n, struct image *img);
void d_image_free(struct image *img);
/* Compare img with expect(x, y) = 0xRRGGBB; count and report mismatches. */
unsigned d_compare(const struct image *img, unsigned w, unsigned h,
		   uint32_t (*expect)(unsigned x, unsigned y, void *arg), void *arg,
		   const char *what);
/* Run a QMP command through tests/vm/qmp; 0 on success. */
int d_qmp(const char *json);
uint64_t d_vtime(struct r5xx *d);

#endif
