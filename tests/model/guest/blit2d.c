// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The 2D engine's packets (guide 6.2.2): PAINT_MULTI fills with clipping
 * and ROPs at 8/16/32 bpp into linear and tiled surfaces, BITBLT_MULTI
 * copies (between surfaces, with source clipping, overlapping within one),
 * HOSTDATA_BLT (colour and mono expansion), the write mask, and radeon's
 * r100_copy_blit packet between VRAM and GTT pages behind the rv370 GART.
 * Every result is read back through BAR 0 and compared with a reference
 * computed here, tiled address layout (guide section 2) included.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_test.h"

#define SURF_A		0x400000u	/* destination surfaces */
#define SURF_B		0x480000u	/* second surface (blit sources) */
#define PAGES_VRAM	0x500000u	/* GTT copy: source pages in VRAM */
#define PAGES_BACK	0x510000u	/* GTT copy: pages copied back */
#define PITCH		512u		/* bytes */
#define ROWS		64u		/* multiple of every macro tile height */
#define SURF_BYTES	(PITCH * ROWS)
#define APER		0x40000000u

#define TILE_MACRO	1
#define TILE_MICRO	2

/* GUI_CONTROL bits (radeon_reg.h RADEON_GMC_*) */
#define GMC_SRC_PO	(1u << 0)
#define GMC_DST_PO	(1u << 1)
#define GMC_SRC_CLIP	(1u << 2)
#define GMC_DST_CLIP	(1u << 3)
#define GMC_BRUSH(t)	((uint32_t)(t) << 4)
#define GMC_DST(t)	((uint32_t)(t) << 8)
#define GMC_SRC(t)	((uint32_t)(t) << 12)
#define GMC_LSB_FIRST	(1u << 14)
#define GMC_ROP(r)	((uint32_t)(r) << 16)
#define GMC_LOAD(l)	((uint32_t)(l) << 24)
#define GMC_CMP_DIS	(1u << 28)
#define GMC_WMSK_DIS	(1u << 30)

static struct r5xx d;
static struct ring r;
static uint8_t ref[2][SURF_BYTES];
static uint32_t seed = 12345;

static uint32_t rnd(void)
{
	seed = seed * 1103515245 + 12345;
	return seed >> 8 ^ seed << 13;
}

static uint32_t rop3(uint8_t rop, uint32_t p, uint32_t s, uint32_t dv)
{
	uint32_t v = 0;

	for (int b = 0; b < 32; b++) {
		unsigned i = ((p >> b) & 1) << 2 | ((s >> b) & 1) << 1 | ((dv >> b) & 1);

		v |= (uint32_t)((rop >> i) & 1) << b;
	}
	return v;
}

static unsigned dst_type(unsigned cpp)
{
	return cpp == 1 ? 2 : cpp == 2 ? 4 : 6;
}

/* Guide section 2: micro block 32 bytes, macro block 2 KiB (8x8 micro). */
static uint32_t toff(unsigned cpp, unsigned tile, unsigned x, unsigned y)
{
	unsigned mw = 32 / cpp, mh = 1, mx, my, in;

	if (!tile)
		return y * PITCH + x * cpp;
	if (tile & TILE_MICRO) {
		mw = cpp == 4 ? 4 : 8;
		mh = cpp == 1 ? 4 : 2;
	}
	mx = x / mw;
	my = y / mh;
	in = ((y % mh) * mw + x % mw) * cpp;
	if (!(tile & TILE_MACRO))
		return my * PITCH * mh + mx * 32 + in;
	return ((my / 8) * (PITCH / (8 * mw * cpp)) + mx / 8) * 2048 +
	       ((my % 8) * 8 + mx % 8) * 32 + in;
}

static uint32_t px_get(int s, unsigned cpp, unsigned tile, unsigned x, unsigned y)
{
	uint32_t v = 0;

	memcpy(&v, &ref[s][toff(cpp, tile, x, y)], cpp);
	return v;
}

static void px_put(int s, unsigned cpp, unsigned tile, unsigned x, unsigned y, uint32_t v)
{
	memcpy(&ref[s][toff(cpp, tile, x, y)], &v, cpp);
}

static uint32_t surf_off(int s)
{
	return s ? SURF_B : SURF_A;
}

static uint32_t pitch_offset(int s, unsigned tile)
{
	return (tile & TILE_MICRO ? 1u << 31 : 0) | (tile & TILE_MACRO ? 1u << 30 : 0) |
	       (PITCH / 64) << 22 | surf_off(s) >> 10;
}

static void surf_random(int s)
{
	for (unsigned i = 0; i < SURF_BYTES; i += 4) {
		uint32_t v = rnd();

		memcpy(&ref[s][i], &v, 4);
		vram_wr(&d, surf_off(s) + i, v);
	}
}

static void surf_check(int s, const char *what)
{
	for (unsigned i = 0; i < SURF_BYTES; i += 4) {
		uint32_t v = vram_rd(&d, surf_off(s) + i), want;

		memcpy(&want, &ref[s][i], 4);
		T_CHECK(v == want, "%s: surface %c byte 0x%x is 0x%08x, want 0x%08x",
			what, 'A' + s, i, v, want);
	}
}

static void run(void)
{
	t_commit(&r);
	T_CHECK(t_wait_reg(&d, R5XX_CP_RB_RPTR, r.wptr, 5000) && t_wait_idle(&d, 5000),
		"CP stuck: rptr %u wptr %u", rr(&d, R5XX_CP_RB_RPTR), r.wptr);
}

static void emit_packet(unsigned op, const uint32_t *body, unsigned n)
{
	t_emit(&r, R5XX_PACKET3(op, n - 1));
	for (unsigned i = 0; i < n; i++)
		t_emit(&r, body[i]);
	run();
}

struct clip {
	int x0, y0, x1, y1;	/* x1, y1 exclusive */
};

static bool inside(const struct clip *c, int x, int y)
{
	return x >= c->x0 && x < c->x1 && y >= c->y0 && y < c->y1 && x >= 0 && y >= 0;
}

static uint32_t xy(int hi, int lo)
{
	return (uint32_t)(hi & 0xffff) << 16 | (lo & 0xffff);
}

/* PAINT_MULTI: solid brush, three rectangles, one clipped, one negative. */
static void test_paint(unsigned cpp, unsigned tile, uint8_t rop)
{
	struct clip c = { 5, 3, 90, 41 };
	int rects[3][4] = { { 2, 1, 30, 12 }, { -4, 20, 20, 30 }, { 70, 35, 40, 9 } };
	uint32_t mask = cpp == 4 ? ~0u : (1u << 8 * cpp) - 1;
	uint32_t fg = rnd() & mask, body[16];
	unsigned n = 0;
	char what[64];

	surf_random(0);
	body[n++] = GMC_DST_PO | GMC_DST_CLIP | GMC_BRUSH(13) | GMC_DST(dst_type(cpp)) |
		    GMC_SRC(3) | GMC_ROP(rop) | GMC_LOAD(2) | GMC_CMP_DIS | GMC_WMSK_DIS;
	body[n++] = pitch_offset(0, tile);
	body[n++] = xy(c.y0, c.x0);
	body[n++] = xy(c.y1, c.x1);
	body[n++] = fg;
	for (int k = 0; k < 3; k++) {
		body[n++] = xy(rects[k][0], rects[k][1]);	/* X | Y */
		body[n++] = xy(rects[k][2], rects[k][3]);	/* W | H */
	}
	emit_packet(R5XX_PM4_PAINT_MULTI, body, n);
	for (int k = 0; k < 3; k++)
		for (int y = rects[k][1]; y < rects[k][1] + rects[k][3]; y++)
			for (int x = rects[k][0]; x < rects[k][0] + rects[k][2]; x++)
				if (inside(&c, x, y))
					px_put(0, cpp, tile, x, y,
					       rop3(rop, fg, 0, px_get(0, cpp, tile, x, y)) & mask);
	snprintf(what, sizeof(what), "PAINT_MULTI %u bpp tile %u rop 0x%02x", 8 * cpp, tile, rop);
	surf_check(0, what);
}

/* BITBLT_MULTI from surface B (linear) to A (tile), with source clipping. */
static void test_blit(unsigned cpp, unsigned tile, uint8_t rop)
{
	struct clip c = { 0, 2, 100, 50 }, sc = { 0, 0, 60, 40 };
	int rects[2][6] = { { 3, 4, 10, 7, 20, 15 }, { 50, 30, 5, 20, 30, 20 } };
	uint32_t mask = cpp == 4 ? ~0u : (1u << 8 * cpp) - 1, body[16];
	unsigned n = 0;
	char what[64];

	surf_random(0);
	surf_random(1);
	body[n++] = GMC_SRC_PO | GMC_DST_PO | GMC_SRC_CLIP | GMC_DST_CLIP | GMC_BRUSH(15) |
		    GMC_DST(dst_type(cpp)) | GMC_SRC(3) | GMC_ROP(rop) | GMC_LOAD(2) |
		    GMC_CMP_DIS | GMC_WMSK_DIS;
	body[n++] = pitch_offset(1, 0);
	body[n++] = pitch_offset(0, tile);
	body[n++] = xy(sc.y1, sc.x1);
	body[n++] = xy(c.y0, c.x0);
	body[n++] = xy(c.y1, c.x1);
	for (int k = 0; k < 2; k++) {
		body[n++] = xy(rects[k][0], rects[k][1]);	/* SRC_X | SRC_Y */
		body[n++] = xy(rects[k][2], rects[k][3]);	/* DST_X | DST_Y */
		body[n++] = xy(rects[k][4], rects[k][5]);	/* W | H */
	}
	emit_packet(R5XX_PM4_BITBLT_MULTI, body, n);
	for (int k = 0; k < 2; k++)
		for (int j = 0; j < rects[k][5]; j++)
			for (int i = 0; i < rects[k][4]; i++) {
				int sx = rects[k][0] + i, sy = rects[k][1] + j;
				int dx = rects[k][2] + i, dy = rects[k][3] + j;

				if (!inside(&c, dx, dy) || !inside(&sc, sx, sy))
					continue;
				px_put(0, cpp, tile, dx, dy,
				       rop3(rop, 0, px_get(1, cpp, 0, sx, sy),
					    px_get(0, cpp, tile, dx, dy)) & mask);
			}
	snprintf(what, sizeof(what), "BITBLT_MULTI %u bpp tile %u rop 0x%02x", 8 * cpp, tile, rop);
	surf_check(0, what);
	surf_check(1, "BITBLT_MULTI source");
}

/* Overlapping copy within surface A: memmove semantics. */
static void test_overlap(unsigned cpp, unsigned tile, int sx, int sy, int dx, int dy)
{
	static uint8_t tmp[SURF_BYTES];
	int w = 40, h = 25;
	uint32_t body[8];
	unsigned n = 0;
	char what[80];

	surf_random(0);
	body[n++] = GMC_SRC_PO | GMC_DST_PO | GMC_BRUSH(15) | GMC_DST(dst_type(cpp)) |
		    GMC_SRC(3) | GMC_ROP(0xcc) | GMC_LOAD(2) | GMC_CMP_DIS | GMC_WMSK_DIS;
	body[n++] = pitch_offset(0, tile);
	body[n++] = pitch_offset(0, tile);
	body[n++] = xy(sx, sy);
	body[n++] = xy(dx, dy);
	body[n++] = xy(w, h);
	emit_packet(R5XX_PM4_BITBLT_MULTI, body, n);
	memcpy(tmp, ref[0], SURF_BYTES);
	for (int j = 0; j < h; j++)
		for (int i = 0; i < w; i++) {
			uint32_t v = 0;

			memcpy(&v, &tmp[toff(cpp, tile, sx + i, sy + j)], cpp);
			px_put(0, cpp, tile, dx + i, dy + j, v);
		}
	snprintf(what, sizeof(what), "overlapping BITBLT %u bpp tile %u (%d,%d)->(%d,%d)",
		 8 * cpp, tile, sx, sy, dx, dy);
	surf_check(0, what);
}

/*
 * A HOSTDATA_BLT of @body's first @n dwords (the GMC word to the colours),
 * then the @w x @h rectangle at (@bx, @by) and the @ndw dwords of @data.
 */
static void emit_hostdata(uint32_t *body, unsigned n, int bx, int by, int w,
			  int h, const uint32_t *data, unsigned ndw)
{
	body[n++] = xy(by, bx);
	body[n++] = xy(h, w);
	body[n++] = ndw;
	for (unsigned i = 0; i < ndw; i++)
		body[n++] = data[i];
	emit_packet(R5XX_PM4_HOSTDATA_BLT, body, n);
}

/* HOSTDATA_BLT with colour data. */
static void test_hostdata_color(unsigned cpp, unsigned tile)
{
	int bx = 7, by = 9, w = 13, h = 6;
	struct clip c = { 0, 10, 18, 64 };
	uint32_t body[160], data[128];
	unsigned ndw = (w * h * cpp + 3) / 4, n = 0;
	char what[64];

	surf_random(0);
	for (unsigned i = 0; i < ndw; i++)
		data[i] = rnd();
	body[n++] = GMC_DST_PO | GMC_DST_CLIP | GMC_BRUSH(15) | GMC_DST(dst_type(cpp)) |
		    GMC_SRC(3) | GMC_ROP(0xcc) | GMC_LOAD(3) | GMC_CMP_DIS | GMC_WMSK_DIS;
	body[n++] = pitch_offset(0, tile);
	body[n++] = xy(c.y0, c.x0);
	body[n++] = xy(c.y1, c.x1);
	body[n++] = 0xffffffff;			/* FRGD */
	body[n++] = 0xffffffff;			/* BKGD */
	emit_hostdata(body, n, bx, by, w, h, data, ndw);
	for (int j = 0; j < h; j++)
		for (int i = 0; i < w; i++) {
			uint32_t v = 0;

			if (!inside(&c, bx + i, by + j))
				continue;
			memcpy(&v, (uint8_t *)data + (j * w + i) * cpp, cpp);
			px_put(0, cpp, tile, bx + i, by + j, v);
		}
	snprintf(what, sizeof(what), "HOSTDATA_BLT colour %u bpp tile %u", 8 * cpp, tile);
	surf_check(0, what);
}

/* HOSTDATA_BLT mono expansion, opaque or transparent, bit order. */
static void test_hostdata_mono(unsigned cpp, unsigned tile, bool transparent, bool lsb)
{
	int bx = 20, by = 4, w = 37, h = 5;
	uint32_t mask = cpp == 4 ? ~0u : (1u << 8 * cpp) - 1;
	uint32_t fg = rnd() & mask, bg = rnd() & mask, body[32], data[8];
	unsigned ndw = (w * h + 31) / 32, n = 0;
	char what[80];

	surf_random(0);
	for (unsigned i = 0; i < ndw; i++)
		data[i] = rnd();
	body[n++] = GMC_DST_PO | GMC_BRUSH(15) | GMC_DST(dst_type(cpp)) |
		    GMC_SRC(transparent ? 1 : 0) | (lsb ? GMC_LSB_FIRST : 0) | GMC_ROP(0xcc) |
		    GMC_LOAD(3) | GMC_CMP_DIS | GMC_WMSK_DIS;
	body[n++] = pitch_offset(0, tile);
	body[n++] = fg;
	body[n++] = bg;
	emit_hostdata(body, n, bx, by, w, h, data, ndw);
	for (int j = 0; j < h; j++)
		for (int i = 0; i < w; i++) {
			unsigned b = j * w + i;
			unsigned bit = lsb ? (data[b / 32] >> (b % 32)) & 1
					   : (data[b / 32] >> (31 - b % 32)) & 1;

			if (bit)
				px_put(0, cpp, tile, bx + i, by + j, fg);
			else if (!transparent)
				px_put(0, cpp, tile, bx + i, by + j, bg);
		}
	snprintf(what, sizeof(what), "HOSTDATA_BLT mono %s %s %u bpp",
		 transparent ? "transparent" : "opaque", lsb ? "LSB" : "MSB", 8 * cpp);
	surf_check(0, what);
}

/* DP_WRITE_MSK left in force (no GMC_WR_MSK_DIS). */
static void test_write_mask(void)
{
	uint32_t wm = 0x00ff0f0f, fg = 0x12345678, body[8];
	unsigned n = 0;

	surf_random(0);
	wr(&d, R5XX_DP_WRITE_MSK, wm);
	body[n++] = GMC_DST_PO | GMC_BRUSH(13) | GMC_DST(6) | GMC_SRC(3) | GMC_ROP(0xf0) |
		    GMC_LOAD(2) | GMC_CMP_DIS;
	body[n++] = pitch_offset(0, 0);
	body[n++] = fg;
	body[n++] = xy(3, 3);
	body[n++] = xy(10, 10);
	emit_packet(R5XX_PM4_PAINT_MULTI, body, n);
	for (int y = 3; y < 13; y++)
		for (int x = 3; x < 13; x++)
			px_put(0, 4, 0, x, y, (fg & wm) | (px_get(0, 4, 0, x, y) & ~wm));
	surf_check(0, "PAINT_MULTI with DP_WRITE_MSK");
	wr(&d, R5XX_DP_WRITE_MSK, ~0u);
}

/* Register-triggered fill (MMIO) and copy (ring, right-to-left, bottom-up). */
static void test_regs(unsigned cpp, unsigned tile)
{
	static uint8_t tmp[SURF_BYTES];
	uint32_t mask = cpp == 4 ? ~0u : (1u << 8 * cpp) - 1, fg = rnd() & mask;
	int fx = 4, fy = 6, fw = 50, fh = 20;		/* clipped at x 40, y 20 */
	int sx = 8, sy = 5, dx = 12, dy = 9, w = 30, h = 17;
	char what[64];

	surf_random(0);
	wr(&d, R5XX_DP_GUI_MASTER_CNTL, GMC_DST_CLIP | GMC_BRUSH(13) |
	   GMC_DST(dst_type(cpp)) | GMC_SRC(3) | GMC_ROP(0x5a) | GMC_LOAD(2) |
	   GMC_CMP_DIS | GMC_WMSK_DIS);
	wr(&d, R5XX_DST_PITCH_OFFSET, pitch_offset(0, tile));
	wr(&d, R5XX_DP_BRUSH_FRGD_CLR, fg);
	wr(&d, R5XX_SC_TOP_LEFT, 0);
	wr(&d, R5XX_SC_BOTTOM_RIGHT, xy(20, 40));
	wr(&d, R5XX_DP_CNTL, 3);
	wr(&d, R5XX_DST_Y_X, xy(fy, fx));
	wr(&d, R5XX_DST_WIDTH_HEIGHT, xy(fw, fh));
	for (int y = fy; y < fy + fh && y < 20; y++)
		for (int x = fx; x < fx + fw && x < 40; x++)
			px_put(0, cpp, tile, x, y, (px_get(0, cpp, tile, x, y) ^ fg) & mask);
	snprintf(what, sizeof(what), "register fill %u bpp tile %u", 8 * cpp, tile);
	surf_check(0, what);

	memcpy(tmp, ref[0], SURF_BYTES);
	t_emit_reg(&r, R5XX_DP_GUI_MASTER_CNTL, GMC_BRUSH(15) | GMC_DST(dst_type(cpp)) |
		   GMC_SRC(3) | GMC_ROP(0xcc) | GMC_LOAD(2) | GMC_CMP_DIS | GMC_WMSK_DIS);
	t_emit_reg(&r, R5XX_SRC_PITCH_OFFSET, pitch_offset(0, tile));
	t_emit_reg(&r, R5XX_DP_CNTL, 0);
	t_emit_reg(&r, R5XX_SRC_Y_X, xy(sy + h - 1, sx + w - 1));
	t_emit_reg(&r, R5XX_DST_Y_X, xy(dy + h - 1, dx + w - 1));
	t_emit_reg(&r, R5XX_DST_HEIGHT_WIDTH, xy(h, w));
	t_emit_reg(&r, R5XX_DP_CNTL, 3);
	run();
	for (int j = 0; j < h; j++)
		for (int i = 0; i < w; i++) {
			uint32_t v = 0;

			memcpy(&v, &tmp[toff(cpp, tile, sx + i, sy + j)], cpp);
			px_put(0, cpp, tile, dx + i, dy + j, v);
		}
	snprintf(what, sizeof(what), "register copy %u bpp tile %u", 8 * cpp, tile);
	surf_check(0, what);
}

/* r100_copy_blit's packet: pages as 1024-pixel rows at 32 bpp. */
static void copy_pages(uint32_t src, uint32_t dst, unsigned pages)
{
	uint32_t body[9] = {
		GMC_SRC_PO | GMC_DST_PO | GMC_SRC_CLIP | GMC_DST_CLIP | GMC_BRUSH(15) |
		GMC_DST(6) | GMC_SRC(3) | GMC_ROP(0xcc) | GMC_LOAD(2) | GMC_CMP_DIS |
		GMC_WMSK_DIS,
		64u << 22 | src >> 10,
		64u << 22 | dst >> 10,
		0x1fff1fff, 0, 0x1fff1fff, 0, 0,
		pages | 1024u << 16,
	};

	emit_packet(R5XX_PM4_BITBLT_MULTI, body, 9);
}

static void test_gtt(void)
{
	volatile uint32_t *pg[2];
	uint64_t pa[2];
	unsigned i, k;

	for (k = 0; k < 2; k++) {
		pg[k] = t_dma_page(&pa[k]);
		vram_wr(&d, T_GART_OFF + 4 * k,
			((uint32_t)pa[k] >> 8 & 0x00fffff0) |
			(uint32_t)((pa[k] >> 32) & 0xff) << 24 | 8 | 4);
	}
	t_bus_master(&d, true);
	pcie_wr(&d, R5XX_PCIE_TX_GART_CNTL, 3 << 1);
	pcie_wr(&d, R5XX_PCIE_TX_GART_START_LO, APER);
	pcie_wr(&d, R5XX_PCIE_TX_GART_END_LO, APER + 4096);
	pcie_wr(&d, R5XX_PCIE_TX_GART_START_HI, 0);
	pcie_wr(&d, R5XX_PCIE_TX_GART_END_HI, 0);
	pcie_wr(&d, R5XX_PCIE_TX_GART_BASE, T_GART_OFF);
	pcie_wr(&d, R5XX_PCIE_TX_DISCARD_RD_ADDR_LO, T_SCRATCH_OFF);
	pcie_wr(&d, R5XX_PCIE_TX_DISCARD_RD_ADDR_HI, 0);
	pcie_wr(&d, R5XX_PCIE_TX_GART_CNTL, pcie_rr(&d, R5XX_PCIE_TX_GART_CNTL) |
		R5XX_PCIE_TX_GART_CNTL_GART_EN | R5XX_PCIE_TX_GART_CNTL_INVALIDATE_TLB);
	pcie_wr(&d, R5XX_PCIE_TX_GART_CNTL, pcie_rr(&d, R5XX_PCIE_TX_GART_CNTL) &
		~R5XX_PCIE_TX_GART_CNTL_INVALIDATE_TLB);

	for (i = 0; i < 2048; i++) {
		vram_wr(&d, PAGES_VRAM + 4 * i, rnd());
		vram_wr(&d, PAGES_BACK + 4 * i, 0);
	}
	copy_pages(PAGES_VRAM, APER, 2);		/* VRAM -> GTT */
	for (k = 0; k < 2; k++)
		for (i = 0; i < 1024; i++)
			T_CHECK(pg[k][i] == vram_rd(&d, PAGES_VRAM + 4096 * k + 4 * i),
				"VRAM->GTT copy: page %u dword %u is 0x%08x", k, i, pg[k][i]);
	pg[1][5] ^= 0xdeadbeef;
	copy_pages(APER, PAGES_BACK, 2);		/* GTT -> VRAM */
	for (k = 0; k < 2; k++)
		for (i = 0; i < 1024; i++)
			T_CHECK(vram_rd(&d, PAGES_BACK + 4096 * k + 4 * i) == pg[k][i],
				"GTT->VRAM copy: page %u dword %u", k, i);
	T_CHECK(pcie_rr(&d, R5XX_PCIE_TX_GART_ERROR) == 0, "GART error 0x%x",
		pcie_rr(&d, R5XX_PCIE_TX_GART_ERROR));
	pcie_wr(&d, R5XX_PCIE_TX_GART_CNTL, 0);
	t_bus_master(&d, false);
}

/*
 * Bounded work: two 8191x8191 fills at 32 bpp from 64 MiB on (most of it
 * past VRAM, bus mastering off); the model stops after 2^26 pixels a packet
 * and the CP goes on.
 */
static void test_big(void)
{
	uint32_t body[7] = {
		GMC_DST_PO | GMC_BRUSH(13) | GMC_DST(6) | GMC_SRC(3) | GMC_ROP(0xf0) |
		GMC_LOAD(2) | GMC_CMP_DIS | GMC_WMSK_DIS,
		255u << 22 | (64u << 20) >> 10,
		0x5a5a5a5a,
		0, 0x1fff1fff, 0, 0x1fff1fff,
	};

	vram_wr(&d, 64u << 20, 0);
	emit_packet(R5XX_PM4_PAINT_MULTI, body, 7);
	T_CHECK(vram_rd(&d, 64u << 20) == 0x5a5a5a5a, "big fill did not start");
	t_emit_reg(&r, R5XX_SCRATCH_REG(0), 0x600d);
	run();
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(0)) == 0x600d, "CP dead after a big fill");
}

int main(void)
{
	static const uint8_t paint_rops[] = { 0xf0, 0x5a, 0x55, 0x00, 0xff, 0xfa, 0xa0 };
	static const uint8_t blit_rops[] = { 0xcc, 0x66, 0x88, 0xee, 0x33 };
	unsigned cpp, tile, k = 0;

	t_setup(&d);
	t_ring_init(&d, &r, T_RING_OFF, 12);
	T_CHECK(d.vram_size >= 8u << 20, "VRAM too small: %zu", d.vram_size);

	for (cpp = 1; cpp <= 4; cpp *= 2)
		for (tile = 0; tile < 4; tile++) {
			test_paint(cpp, tile, paint_rops[k++ % sizeof(paint_rops)]);
			test_paint(cpp, tile, 0xf0);
			test_blit(cpp, tile, blit_rops[k++ % sizeof(blit_rops)]);
			test_overlap(cpp, tile, 10, 10, 14, 13);	/* down-right */
			test_overlap(cpp, tile, 14, 13, 10, 10);	/* up-left */
			test_overlap(cpp, tile, 10, 10, 3, 11);		/* down-left */
			test_hostdata_color(cpp, tile);
			test_regs(cpp, tile);
		}
	test_hostdata_mono(2, 0, false, false);
	test_hostdata_mono(2, TILE_MACRO | TILE_MICRO, true, false);
	test_hostdata_mono(4, 0, false, true);
	test_hostdata_mono(1, TILE_MICRO, true, true);
	test_write_mask();
	test_gtt();
	if (d.vram_size > (64u << 20))
		test_big();
	T_CHECK(!(rr(&d, R5XX_RBBM_STATUS) & R5XX_RBBM_STATUS_GUI_ACTIVE), "GUI still active");
	printf("ok\n");
	return 0;
}
