// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Hardware cursor: a 64x64 premultiplied ARGB image (CRTC_CUR_MODE 2,
 * AVIVO CURSOR_MODE 2; 256-byte rows) composited over the scanout at
 * CUR_HORZ_VERT_POSN (AVIVO: D1CUR_POSITION), with the hidden columns/rows
 * of a cursor clipped at the top-left programmed as radeon_cursor.c does
 * (CUR_HORZ_VERT_OFF, CUR_OFFSET moved down by the hidden rows; AVIVO:
 * D1CUR_HOT_SPOT), and clipped at the right and bottom edges.
 *
 *   cursor HEAD
 */
#include <stdio.h>
#include <stdlib.h>

#include "disp.h"

struct cur {
	int x, y;			/* requested top-left, may be negative */
	unsigned bg_seed;
};

static uint32_t bg(unsigned x, unsigned y)
{
	return (x * 3 & 0xff) << 16 | (y & 0xff) << 8 | ((x + y) & 0xff);
}

static uint32_t cur_px(unsigned i, unsigned j)
{
	uint32_t h = i * 0x9e3779b1u ^ j * 0x85ebca77u, a, r, g, b;

	if ((i + j) % 5 == 0)
		return 0;			/* transparent */
	if (i < 32)
		return 0xff000000 | (h & 0xffffff);
	a = 0x80;				/* half, premultiplied */
	r = (h & 0xff) * a / 255;
	g = (h >> 8 & 0xff) * a / 255;
	b = (h >> 16 & 0xff) * a / 255;
	return a << 24 | r << 16 | g << 8 | b;
}

static uint32_t expect(unsigned x, unsigned y, void *arg)
{
	const struct cur *c = arg;
	uint32_t d = bg(x, y), p, a, o = 0;
	int i = (int)x - c->x, j = (int)y - c->y;
	unsigned sh;

	if (i < 0 || i >= 64 || j < 0 || j >= 64)
		return d;
	p = cur_px(i, j);
	a = p >> 24;
	for (sh = 0; sh < 24; sh += 8) {
		uint32_t v = (p >> sh & 0xff) + (d >> sh & 0xff) * (255 - a) / 255;

		o |= (v > 255 ? 255 : v) << sh;
	}
	return o;
}

/* radeon_cursor_move_locked */
static void move(struct r5xx *d, unsigned n, int x, int y)
{
	uint32_t b = n * 0x100;
	unsigned xo = 0, yo = 0;

	if (x < 0) {
		xo = -x;
		x = 0;
	}
	if (y < 0) {
		yo = -y;
		y = 0;
	}
	if (d->is_r5xx) {
		b = D_AVIVO(n);
		wr(d, R5XX_D1CUR_UPDATE + b, R5XX_D1CUR_UPDATE_CURSOR_UPDATE_LOCK);
		wr(d, R5XX_D1CUR_POSITION + b, (uint32_t)x << 16 | (uint32_t)y);
		wr(d, R5XX_D1CUR_HOT_SPOT + b, xo << 16 | yo);
		wr(d, R5XX_D1CUR_SIZE + b, 63u << 16 | 63);
		wr(d, R5XX_D1CUR_UPDATE + b, 0);
		return;
	}
	wr(d, R5XX_CUR_HORZ_VERT_OFF + b, 1u << 31 | xo << 16 | yo);
	wr(d, R5XX_CUR_HORZ_VERT_POSN + b, 1u << 31 | (uint32_t)x << 16 | (uint32_t)y);
	wr(d, R5XX_CUR_OFFSET + b, D_CUR_OFF + yo * 256);
}

int main(int argc, char **argv)
{
	static const int pos[][2] = { { 100, 50 }, { -10, -5 }, { 600, 450 },
				      { -63, 200 } };
	struct r5xx d;
	struct mode m;
	struct image img;
	struct cur c;
	unsigned n = argc > 1 ? atoi(argv[1]) : 0, x, y, k;
	uint32_t gen;
	char what[64];

	t_open(&d);
	t_mc_setup(&d);
	d_mode_default(&m, 640, 480, 32);
	for (y = 0; y < m.h; y++)
		for (x = 0; x < m.w; x++)
			vram_wr(&d, (n ? D_FB2_OFF : D_FB1_OFF) + (y * m.pitch + x) * 4, bg(x, y));
	for (y = 0; y < 64; y++)
		for (x = 0; x < 64; x++)
			vram_wr(&d, D_CUR_OFF + y * 256 + x * 4, cur_px(x, y));
	d_palette_identity(&d, n);
	d_crtc_set(&d, n, &m, n ? D_FB2_OFF : D_FB1_OFF);

	if (d.is_r5xx) {
		wr(&d, R5XX_D1CUR_SURFACE_ADDRESS + D_AVIVO(n), D_CUR_OFF);
		wr(&d, R5XX_D1CUR_CONTROL + D_AVIVO(n), R5XX_D1CUR_CONTROL_CURSOR_EN |
		   R5XX_D1CUR_CONTROL_CURSOR_MODE_ARGB_PREMULT);
	} else {
		gen = rr(&d, d_gen_cntl(n)) & ~(7u << 20);
		wr(&d, d_gen_cntl(n), gen | 2u << 20 | 1u << 16);	/* ARGB, CUR_EN */
	}
	for (k = 0; k < sizeof(pos) / sizeof(pos[0]); k++) {
		c.x = pos[k][0];
		c.y = pos[k][1];
		move(&d, n, c.x, c.y);
		snprintf(what, sizeof(what), "cursor at (%d,%d)", c.x, c.y);
		d_screendump(n, &img);
		d_compare(&img, m.w, m.h, expect, &c, what);
		d_image_free(&img);
	}
	/* off again: the frame alone */
	if (d.is_r5xx)
		wr(&d, R5XX_D1CUR_CONTROL + D_AVIVO(n), R5XX_D1CUR_CONTROL_CURSOR_MODE_ARGB_PREMULT);
	else
		wr(&d, d_gen_cntl(n), rr(&d, d_gen_cntl(n)) & ~(1u << 16));
	c.x = c.y = -1000;
	d_screendump(n, &img);
	d_compare(&img, m.w, m.h, expect, &c, "cursor off");
	d_image_free(&img);
	printf("ok\n");
	return 0;
}
