// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Scanout: a CRTC programmed as radeon does (radeon_legacy_crtc.c on rv380,
 * the AVIVO D1/D2 GRPH surface and viewport on rv515) shows the VRAM it
 * points at, pixel for pixel, in the screendump of its console.
 *
 *   scanout HEAD WxH BPP [tiled|gamma|flip|blank]
 *
 * BPP 8 (through a scrambled palette), 15, 16, 24 (legacy only) or 32.
 * tiled: a macro-tiled 32 bpp frame panned with CRTC_TILE_X0_Y0 (AVIVO:
 * GRPH_MACRO_ADDRESS_MODE, panned with the viewport start); gamma: 32 bpp
 * through an inverting palette; flip: a new CRTC_OFFSET (AVIVO:
 * PRIMARY_SURFACE_ADDRESS under GRPH_UPDATE_LOCK) is pending until the
 * next vblank after the lock is released, then shown (AVIVO also: at once
 * with FLIP_CONTROL's hretrace flip); blank: CRTC_DISPLAY_DIS (AVIVO:
 * BLANK_CONTROL) shows black.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disp.h"

struct pat {
	struct mode m;
	unsigned cpp;
	uint32_t pal[256];	/* 0xRRGGBB of each index (8 bpp, gamma) */
	bool use_pal;
	unsigned x0, y0;	/* tiled: panning */
	unsigned seed;
};

static uint32_t hash(unsigned x, unsigned y, unsigned seed)
{
	uint32_t v = x * 0x9e3779b1u ^ y * 0x85ebca77u ^ seed * 0xc2b2ae3du;

	v ^= v >> 15;
	v *= 0x2c1b3c6du;
	v ^= v >> 12;
	return v;
}

/* Raw pixel value stored at frame pixel (x, y). */
static uint32_t raw(const struct pat *p, unsigned x, unsigned y)
{
	uint32_t v = hash(x, y, p->seed);

	switch (p->m.bpp) {
	case 8: return v & 0xff;
	case 15: return v & 0x7fff;
	case 16: return v & 0xffff;
	case 24: return v & 0xffffff;
	default: return v;
	}
}

static unsigned x5(unsigned v)
{
	return v << 3 | v >> 2;
}

static uint32_t expect(unsigned x, unsigned y, void *arg)
{
	const struct pat *p = arg;
	uint32_t v = raw(p, x + p->x0, y + p->y0), r, g, b;

	switch (p->m.bpp) {
	case 8:
		return p->pal[v];
	case 15:
		r = x5(v >> 10 & 31); g = x5(v >> 5 & 31); b = x5(v & 31);
		break;
	case 16:
		r = x5(v >> 11 & 31); g = (v >> 5 & 63) << 2 | (v >> 9 & 3);
		b = x5(v & 31);
		break;
	default:
		r = v >> 16 & 0xff; g = v >> 8 & 0xff; b = v & 0xff;
		break;
	}
	if (p->use_pal)
		return (p->pal[r] & 0xff0000) | (p->pal[g] & 0xff00) | (p->pal[b] & 0xff);
	return r << 16 | g << 8 | b;
}

/* Macro-tiled (2 KiB blocks of 8x8 linear 32-byte micro blocks), 32 bpp. */
static uint32_t tiled_off(unsigned x, unsigned y, unsigned pitch_px)
{
	unsigned per_row = pitch_px / 64;	/* 256-byte macro rows */

	return ((y / 8) * per_row + x / 64) * 2048 + ((y % 8) * 8 + (x % 64) / 8) * 32 +
	       (x % 8) * 4;
}

static void fill(struct r5xx *d, const struct pat *p, uint32_t off, bool tiled)
{
	unsigned x, y, rows = p->m.h + p->y0, cols = p->m.w + p->x0;

	for (y = 0; y < rows; y++) {
		for (x = 0; x < cols; x++) {
			uint32_t v = raw(p, x, y), o;
			volatile uint8_t *q;

			if (tiled) {
				vram_wr(d, off + tiled_off(x, y, p->m.pitch), v);
				continue;
			}
			o = off + (y * p->m.pitch + x) * p->cpp;
			q = d->vram + o;
			switch (p->cpp) {
			case 1: q[0] = v; break;
			case 2: *(volatile uint16_t *)q = v; break;
			case 3: q[0] = v; q[1] = v >> 8; q[2] = v >> 16; break;
			default: *(volatile uint32_t *)q = v; break;
			}
		}
	}
}

static void load_palette(struct r5xx *d, unsigned n, struct pat *p, bool invert)
{
	unsigned i;

	d_palette_start(d, n, 0);
	for (i = 0; i < 256; i++) {
		uint32_t r, g, b;

		if (invert) {
			r = g = b = 255 - i;
		} else {
			uint32_t h = hash(i, 7, 99);

			r = h & 0xff; g = h >> 8 & 0xff; b = h >> 16 & 0xff;
		}
		/* 10-bit entries: the low two bits are dropped on the way out */
		wr(d, d_palette_port(d), (r << 2 | 1) << 20 | (g << 2 | 2) << 10 |
		   (b << 2 | 3));
		p->pal[i] = r << 16 | g << 8 | b;
	}
	p->use_pal = true;
	/* read back through the read index */
	d_palette_start(d, n, 5);
	i = rr(d, d_palette_port(d));
	T_CHECK((i >> 22) == (p->pal[5] >> 16), "palette entry 5 reads back 0x%x", i);
	T_CHECK(d_palette_read_index(d) == 6, "palette read index did not advance");
}

/* Two vblanks pass: the flip stays pending while locked. */
static void wait_frames(struct r5xx *d, unsigned n, unsigned frames)
{
	uint32_t st = d_frame(d, n);

	while (d_frame(d, n) - st < frames)
		;
}

/* r100_page_flip: CRTC_OFFSET with OFFSET_LOCK, then without. */
static void legacy_flip(struct r5xx *d, unsigned n, uint32_t off2)
{
	uint32_t b = n * 0x100;

	wr(d, R5XX_CRTC_OFFSET + b, off2 | R5XX_CRTC_OFFSET_CRTC_OFFSET_LOCK);
	T_CHECK(rr(d, R5XX_CRTC_OFFSET + b) & R5XX_CRTC_OFFSET_CRTC_GUI_TRIG_OFFSET,
		"no GUI_TRIG_OFFSET after an offset write");
	wait_frames(d, n, 2);
	T_CHECK(rr(d, R5XX_CRTC_OFFSET + b) & R5XX_CRTC_OFFSET_CRTC_GUI_TRIG_OFFSET,
		"flip happened under OFFSET_LOCK");
	wr(d, R5XX_CRTC_OFFSET + b, off2);
	T_CHECK(t_wait_reg(d, R5XX_CRTC_OFFSET + b, off2, 2000),
		"GUI_TRIG_OFFSET still set: 0x%x", rr(d, R5XX_CRTC_OFFSET + b));
}

/* rs600_page_flip: GRPH_UPDATE lock, addresses, PENDING, unlock. */
static void avivo_flip(struct r5xx *d, unsigned n, uint32_t off1, uint32_t off2)
{
	uint32_t b = D_AVIVO(n), upd = R5XX_D1GRPH_UPDATE + b;
	uint32_t prim = R5XX_D1GRPH_PRIMARY_SURFACE_ADDRESS + b;
	uint32_t f;

	/* an hretrace flip is taken at once (and undone the same way) */
	wr(d, R5XX_D1GRPH_FLIP_CONTROL + b, R5XX_D1GRPH_FLIP_CONTROL_GRPH_SURFACE_UPDATE_H_RETRACE_EN);
	wr(d, prim, off2);
	T_CHECK(!(rr(d, upd) & R5XX_D1GRPH_UPDATE_GRPH_SURFACE_UPDATE_PENDING),
		"hretrace flip still pending");
	wr(d, prim, off1);
	wr(d, R5XX_D1GRPH_FLIP_CONTROL + b, 0);

	wr(d, upd, R5XX_D1GRPH_UPDATE_GRPH_UPDATE_LOCK);
	wr(d, R5XX_D1GRPH_SECONDARY_SURFACE_ADDRESS + b, off2);
	wr(d, prim, off2);
	T_CHECK(rr(d, upd) & R5XX_D1GRPH_UPDATE_GRPH_SURFACE_UPDATE_PENDING,
		"no SURFACE_UPDATE_PENDING after an address write");
	wait_frames(d, n, 2);
	T_CHECK(rr(d, upd) & R5XX_D1GRPH_UPDATE_GRPH_SURFACE_UPDATE_PENDING,
		"flip happened under GRPH_UPDATE_LOCK");
	wr(d, upd, 0);
	f = d_frame(d, n);
	T_CHECK(t_wait_reg(d, upd, 0, 2000), "SURFACE_UPDATE_PENDING still set: 0x%x",
		rr(d, upd));
	T_CHECK(d_frame(d, n) - f <= 1, "flip took %u frames", d_frame(d, n) - f);
}

int main(int argc, char **argv)
{
	struct r5xx d;
	struct pat p = { .seed = 1 };
	struct image img;
	const char *opt = argc > 4 ? argv[4] : "";
	unsigned n, w, h, i;
	uint32_t off, b;

	T_CHECK(argc >= 4 && sscanf(argv[2], "%ux%u", &w, &h) == 2,
		"usage: scanout HEAD WxH BPP [tiled|gamma|flip|blank]");
	n = atoi(argv[1]);
	b = n * 0x100;
	off = n ? D_FB2_OFF : D_FB1_OFF;
	t_open(&d);
	t_mc_setup(&d);
	d_mode_default(&p.m, w, h, atoi(argv[3]));
	p.cpp = p.m.bpp == 15 ? 2 : (p.m.bpp + 7) / 8;
	p.seed = n * 10 + p.m.bpp;

	if (p.m.bpp == 8)
		load_palette(&d, n, &p, false);
	else if (!strcmp(opt, "gamma"))
		load_palette(&d, n, &p, true);
	else
		d_palette_identity(&d, n);

	if (!strcmp(opt, "tiled")) {
		p.x0 = 72;
		p.y0 = d.is_r5xx ? 10 : 9;	/* AVIVO: viewport y even */
		p.m.pitch = (w + p.x0 + 63) & ~63u;
		fill(&d, &p, off, true);
		d_crtc_set(&d, n, &p.m, off);
		if (d.is_r5xx) {
			wr(&d, R5XX_D1GRPH_CONTROL + D_AVIVO(n), rr(&d, R5XX_D1GRPH_CONTROL + D_AVIVO(n)) |
			   R5XX_D1GRPH_CONTROL_GRPH_MACRO_ADDRESS_MODE);
			wr(&d, R5XX_D1MODE_VIEWPORT_START + D_AVIVO(n), p.x0 << 16 | p.y0);
		} else {
			wr(&d, R5XX_CRTC_OFFSET_CNTL + b, 1u << 28 |
			   R5XX_CRTC_OFFSET_CNTL_CRTC_X_Y_MODE_EN | 3u << 10 |
			   R5XX_CRTC_OFFSET_CNTL_CRTC_MACRO_TILE_EN);
			wr(&d, n ? R5XX_CRTC2_TILE_X0_Y0 : R5XX_CRTC_TILE_X0_Y0,
			   p.x0 | p.y0 << 16);
		}
	} else {
		fill(&d, &p, off, false);
		d_crtc_set(&d, n, &p.m, off);
	}

	if (!strcmp(opt, "blank")) {
		d_blank(&d, n);
		d_screendump(n, &img);
		for (i = 0; i < img.w * img.h * 3; i++)
			T_CHECK(!img.rgb[i], "blanked CRTC shows a non-black byte at %u", i);
		T_CHECK(img.w == w && img.h == h, "blank frame is %ux%u", img.w, img.h);
		d_image_free(&img);
		printf("ok\n");
		return 0;
	}

	d_screendump(n, &img);
	d_compare(&img, w, h, expect, &p, argv[2]);
	d_image_free(&img);

	if (!strcmp(opt, "flip")) {
		uint32_t off2 = off + 0x400000;

		p.seed += 100;
		fill(&d, &p, off2, false);
		if (d.is_r5xx)
			avivo_flip(&d, n, off, off2);
		else
			legacy_flip(&d, n, off2);
		d_screendump(n, &img);
		d_compare(&img, w, h, expect, &p, "after the flip");
		d_image_free(&img);
	}
	printf("ok\n");
	return 0;
}
