// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Host unit tests of r5xx_tiling.c: the layout table of guide section 2,
 * pitch rules, surface extents, and texture sizes, the latter also checked
 * against two independent models on random textures: what Mesa r300
 * allocates (the checker must not ask for more) and what upstream radeon's
 * checker demands (the checker must not ask for less).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include <linux/kernel.h>

#include <drm/radeon_drm.h>

#include "r5xx_tiling.h"
#include "tap.h"

static void test_tile_dims(void)
{
	static const struct {
		u32 cpp, mode, tw, th;
	} t[] = {
		{ 1, 0, 32, 1 }, { 2, 0, 16, 1 }, { 4, 0, 8, 1 }, { 8, 0, 4, 1 },
		{ 16, 0, 2, 1 },
		{ 1, R5XX_TILE_MICRO, 8, 4 }, { 2, R5XX_TILE_MICRO, 8, 2 },
		{ 2, R5XX_TILE_MICRO | R5XX_TILE_SQUARE, 4, 4 },
		{ 4, R5XX_TILE_MICRO, 4, 2 }, { 8, R5XX_TILE_MICRO, 2, 2 },
		{ 1, R5XX_TILE_MACRO, 256, 8 }, { 2, R5XX_TILE_MACRO, 128, 8 },
		{ 4, R5XX_TILE_MACRO, 64, 8 }, { 8, R5XX_TILE_MACRO, 32, 8 },
		{ 16, R5XX_TILE_MACRO, 16, 8 },
		{ 1, R5XX_TILE_MACRO | R5XX_TILE_MICRO, 64, 32 },
		{ 2, R5XX_TILE_MACRO | R5XX_TILE_MICRO, 64, 16 },
		{ 2, R5XX_TILE_MACRO | R5XX_TILE_MICRO | R5XX_TILE_SQUARE, 32, 32 },
		{ 4, R5XX_TILE_MACRO | R5XX_TILE_MICRO, 32, 16 },
		{ 8, R5XX_TILE_MACRO | R5XX_TILE_MICRO, 16, 16 },
	};
	static const struct {
		u32 cpp, mode;
	} bad[] = {
		{ 3, 0 }, { 0, 0 }, { 32, 0 }, { 16, R5XX_TILE_MICRO },
		{ 4, R5XX_TILE_MICRO | R5XX_TILE_SQUARE }, { 2, R5XX_TILE_SQUARE },
		{ 16, R5XX_TILE_MACRO | R5XX_TILE_MICRO }, { 4, 8 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		u32 tw = 0, th = 0;
		int ret = r5xx_tile_dims(t[i].cpp, t[i].mode, &tw, &th);

		tap_ok(!ret && tw == t[i].tw && th == t[i].th,
		       "tile dims cpp %u mode %#x = %ux%u (got %ux%u)",
		       t[i].cpp, t[i].mode, t[i].tw, t[i].th, tw, th);
		/* every unit is 32 bytes (micro) or 2 KiB (macro) */
		tap_is(tw * th * t[i].cpp, t[i].mode & R5XX_TILE_MACRO ? 2048 : 32,
		       "unit bytes cpp %u mode %#x", t[i].cpp, t[i].mode);
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		u32 tw, th;

		tap_is(r5xx_tile_dims(bad[i].cpp, bad[i].mode, &tw, &th), -EINVAL,
		       "no layout cpp %u mode %#x", bad[i].cpp, bad[i].mode);
	}
}

static void test_flags(void)
{
	tap_is(r5xx_tiling_mode(0), 0, "linear flags");
	tap_is(r5xx_tiling_mode(RADEON_TILING_MACRO), R5XX_TILE_MACRO, "macro flag");
	tap_is(r5xx_tiling_mode(RADEON_TILING_MICRO | RADEON_TILING_MICRO_SQUARE),
	       R5XX_TILE_MICRO, "micro wins over square, as upstream");
	tap_is(r5xx_tiling_mode(RADEON_TILING_MICRO_SQUARE | RADEON_TILING_MACRO),
	       R5XX_TILE_MACRO | R5XX_TILE_MICRO | R5XX_TILE_SQUARE, "square");
	tap_is(r5xx_tiling_mode(RADEON_TILING_SWAP_32BIT | RADEON_TILING_SURFACE), 0,
	       "swap and surface flags are no layout");

	tap_is(r5xx_tiling_pitch_align(4, 0), 32, "linear pitch: 32 bytes");
	tap_is(r5xx_tiling_pitch_align(4, R5XX_TILE_MACRO), 256, "macro pitch: 256 bytes");
	tap_is(r5xx_tiling_pitch_align(4, R5XX_TILE_MACRO | R5XX_TILE_MICRO), 128,
	       "macro+micro 32 bpp pitch: 128 bytes");
	tap_is(r5xx_tiling_pitch_align(16, R5XX_TILE_MICRO), 0, "no 128-bit micro tiles");

	tap_is(r5xx_tiling_check(0, 1024 * 4, 4), 0, "linear 1024 px 32 bpp");
	tap_is(r5xx_tiling_check(0, 100, 4), -EINVAL, "linear pitch not 32-byte");
	tap_is(r5xx_tiling_check(RADEON_TILING_MACRO, 1024 * 4, 4), 0,
	       "DDX front buffer: macro, 256-byte pitch");
	tap_is(r5xx_tiling_check(RADEON_TILING_MACRO, 1000 * 4, 4), -EINVAL,
	       "macro pitch not a whole tile");
	tap_is(r5xx_tiling_check(RADEON_TILING_MICRO_SQUARE, 64, 4), -EINVAL,
	       "square micro tiles only for 16 bpp");
	tap_is(r5xx_tiling_check(RADEON_TILING_MICRO_SQUARE | RADEON_TILING_MACRO,
				 64, 2), 0, "DDX 16-bit depth: macro+square");
	tap_is(r5xx_tiling_check(RADEON_TILING_MICRO | RADEON_TILING_MICRO_SQUARE,
				 256, 2), -EINVAL, "micro and square together");
	tap_is(r5xx_tiling_check(RADEON_TILING_SWAP_16BIT | RADEON_TILING_SWAP_32BIT,
				 256, 4), -EINVAL, "both byte swaps");
	tap_is(r5xx_tiling_check(RADEON_TILING_SWAP_32BIT | RADEON_TILING_SURFACE |
				 RADEON_TILING_MACRO, 4096, 4), 0,
	       "big-endian front buffer flags");
	tap_is(r5xx_tiling_check(1 << RADEON_TILING_EG_BANKW_SHIFT, 256, 4), -EINVAL,
	       "Evergreen bank fields");
	tap_is(r5xx_tiling_check(RADEON_TILING_MACRO, 96, 0), 0, "unknown cpp: 32-byte rule");
}

static u64 end_of(u32 cpp, u32 pitch, u32 mode, u32 x1, u32 y1)
{
	struct r5xx_surface s = { .cpp = cpp, .pitch = pitch, .mode = mode };
	u64 end = ~0ull;

	if (r5xx_surface_end(&s, x1, y1, &end))
		return ~0ull;
	return end;
}

static void test_surface(void)
{
	struct r5xx_surface s = { .cpp = 4, .pitch = 1024, .mode = R5XX_TILE_MACRO };
	u64 end;

	tap_is(end_of(4, 1024, 0, 1024, 768), 1024 * 768 * 4ull,
	       "linear 1024x768 front buffer");
	tap_is(end_of(4, 1024, 0, 10, 1), 40, "linear first row, 10 pixels");
	tap_is(end_of(4, 1024, 0, 2000, 2), (1024 + 2000) * 4ull,
	       "linear: x beyond the pitch lands in the next row");
	tap_is(end_of(4, 1024, 0, 0, 100), 0, "empty rectangle");
	tap_is(end_of(4, 1024, R5XX_TILE_MACRO, 1024, 768), 1024 * 768 * 4ull,
	       "macro-tiled 1024x768: whole tile rows");
	tap_is(end_of(4, 1024, R5XX_TILE_MACRO, 1024, 761), 1024 * 768 * 4ull,
	       "macro-tiled: 761 rows touch 96 tile rows");
	tap_is(end_of(4, 1024, R5XX_TILE_MACRO, 1, 761), 95 * 8 * 4096ull + 2048,
	       "macro-tiled: first tile of the last tile row");
	tap_is(end_of(4, 1000, R5XX_TILE_MACRO, 1000, 8), 1024 * 8 * 4ull,
	       "macro-tiled: pitch rounded up to whole tiles");
	tap_is(end_of(2, 64, R5XX_TILE_MICRO, 64, 3), 64 * 4 * 2ull,
	       "micro-tiled 16 bpp: 3 rows touch 2 micro-tile rows");
	tap_is(end_of(2, 64, R5XX_TILE_MICRO | R5XX_TILE_SQUARE, 64, 3), 64 * 4 * 2ull,
	       "square micro tiles, 3 rows: one 4-row unit");
	tap_is(end_of(16, 64, R5XX_TILE_MICRO, 64, 3), ~0ull, "no 128-bit micro tiles");

	tap_ok(!r5xx_surface_rows_end(&s, 761, &end) && end == 1024 * 768 * 4ull,
	       "rows_end: whole tile rows");
	s.mode = 0;
	tap_ok(!r5xx_surface_rows_end(&s, 761, &end) && end == 1024 * 761 * 4ull,
	       "rows_end linear");
	/* no overflow at the largest inputs */
	tap_is(end_of(16, 1u << 24, R5XX_TILE_MACRO, 1u << 24, 1u << 24),
	       (u64)((1u << 24) - 8) * (1u << 24) * 16 + (u64)(1u << 20) * 2048,
	       "largest extents fit u64");
}

static void test_formats(void)
{
	struct r5xx_texel t;
	unsigned int f, valid = 0;

	for (f = 0; f < 32; f++)
		valid += !r5xx_tex_format(f, false, &t);
	tap_is(valid, 30, "30 of the 32 first-set texture formats exist");
	tap_is(r5xx_tex_format(0x13, false, &t), -EINVAL, "format 0x13 reserved");
	tap_is(r5xx_tex_format(0x16, false, &t), -EINVAL, "format 0x16 reserved");
	tap_ok(!r5xx_tex_format(0x0f, false, &t) && t.bw == 4 && t.bh == 4 && t.bytes == 8,
	       "DXT1: 4x4 blocks of 8 bytes");
	tap_ok(!r5xx_tex_format(0x11, false, &t) && t.bw == 4 && t.bytes == 16,
	       "DXT5: 4x4 blocks of 16 bytes");
	tap_ok(!r5xx_tex_format(0x1d, false, &t) && t.bw == 1 && t.bytes == 16,
	       "FL_R32G32B32A32: 16 bytes");
	tap_ok(!r5xx_tex_format(0x05, true, &t) && t.bw == 4 && t.bytes == 8,
	       "R5xx ATI1N: like DXT1");
	tap_ok(!r5xx_tex_format(0x04, true, &t) && t.bw == 1 && t.bytes == 8,
	       "R5xx W10Z10Y10X10: 8 bytes, not upstream's DXT1 guess");
	tap_is(r5xx_tex_format(0x07, true, &t), -EINVAL, "R5xx second set has 7 formats");

	tap_is(r5xx_cb_format_cpp(6), 4, "ARGB8888 colour buffer");
	tap_is(r5xx_cb_format_cpp(7), 16, "ARGB32323232 colour buffer");
	tap_is(r5xx_cb_format_cpp(11), 2, "VYUY colour buffer: two pixels a 32-bit word");
	tap_is(r5xx_cb_format_cpp(12), 2, "YVYU colour buffer: two pixels a 32-bit word");
	tap_is(r5xx_cb_format_cpp(0), -EINVAL, "colour format 0 reserved");
	tap_is(r5xx_zb_format_cpp(2), 4, "Z24S8");
	tap_is(r5xx_zb_format_cpp(3), -EINVAL, "depth format 3 reserved");
	tap_is(r5xx_2d_datatype_cpp(6), 4, "2D ARGB8888");
	tap_is(r5xx_2d_datatype_cpp(4), 2, "2D RGB565");
	tap_is(r5xx_2d_datatype_cpp(5), -EINVAL, "2D type 5 reserved");
	tap_is(r5xx_2d_datatype_cpp(11), 2, "2D VYUY: 4:2:2 packed, 2 bytes a pixel");
	tap_is(r5xx_2d_datatype_cpp(12), 2, "2D YVYU: 4:2:2 packed, 2 bytes a pixel");
}

static u64 tex_size(struct r5xx_texture t)
{
	u64 size = ~0ull;

	if (r5xx_texture_size(&t, &size))
		return ~0ull;
	return size;
}

static const struct r5xx_texel rgba8 = { 1, 1, 4, 0 }, dxt1 = { 4, 4, 8, 0 };

static void test_texture_fixed(void)
{
	struct r5xx_texture t = {
		.width = 256, .height = 256, .depth = 1, .faces = 1, .levels = 1,
		.texel = rgba8,
	};

	tap_is(tex_size(t), 256 * 256 * 4, "256x256 RGBA8, one level");
	t.levels = 9;
	tap_is(tex_size(t), (256 * 256 + 128 * 128 + 64 * 64 + 32 * 32 + 16 * 16 +
			     8 * 8 + 8 * 4 + 8 * 2 + 8 * 1) * 4,
	       "256x256 RGBA8 mip chain: rows padded to 32 bytes");
	t.faces = 6;
	tap_is(tex_size(t), 6 * (256 * 256 + 128 * 128 + 64 * 64 + 32 * 32 + 16 * 16 +
				 8 * 8 + 8 * 4 + 8 * 2 + 8 * 1) * 4, "cube map: six faces");
	t.faces = 1;
	t.levels = 1;
	t.width = 1;
	t.height = 1;
	tap_is(tex_size(t), 32, "1x1 texel: one 32-byte block");
	t.flags = R5XX_TEX_ROW64;
	tap_is(tex_size(t), 64, "RS690: 64-byte rows");
	t.flags = 0;

	t.width = t.height = 256;
	t.mode = R5XX_TILE_MACRO | R5XX_TILE_MICRO;
	t.levels = 9;
	/* 32x16 macro tiles down to 32x16, then 4x2 micro tiles */
	tap_is(tex_size(t), (256 * 256 + 128 * 128 + 64 * 64 + 32 * 32 +
			     16 * 16 + 8 * 8 + 4 * 4 + 4 * 2 + 4 * 2) * 4,
	       "256x256 macro+micro tiled mip chain");
	t.flags = R5XX_TEX_MACRO_GT;
	tap_is(tex_size(t), (256 * 256 + 128 * 128 + 64 * 64 + 32 * 32 +
			     16 * 16 + 8 * 8 + 4 * 4 + 4 * 2 + 4 * 2) * 4,
	       "same with the R300 macro switch (no level at exactly 32x16)");
	t.flags = 0;
	t.levels = 1;
	t.width = 33;
	t.height = 17;
	tap_is(tex_size(t), 64 * 32 * 4, "33x17 macro tiled: 2x2 macro tiles");

	t.mode = 0;
	t.width = 256;
	t.height = 256;
	t.depth = 16;
	t.levels = 1;
	tap_is(tex_size(t), 256 * 256 * 4 * 16, "3D texture, 16 slices");
	t.levels = 2;
	tap_is(tex_size(t), 256 * 256 * 4 * 16 + 128 * 128 * 4 * 8, "3D mip chain");
	t.depth = 1;

	t.texel = dxt1;
	t.levels = 1;
	t.width = 64;
	t.height = 64;
	tap_is(tex_size(t), 16 * 16 * 8, "DXT1 64x64");
	t.width = 4;
	t.height = 4;
	tap_is(tex_size(t), 32, "DXT1 4x4: one block padded to 32 bytes (upstream: 4 blocks)");
	t.texel = rgba8;

	t.width = 100;
	t.height = 100;
	t.flags = R5XX_TEX_POT_W | R5XX_TEX_POT_H;
	tap_is(tex_size(t), 128 * 128 * 4, "NPOT with wrap: power-of-two round-up");
	t.flags = 0;
	t.pitch = 128;
	tap_is(tex_size(t), 128 * 100 * 4, "TXPITCH_EN: pitch wins over width");
	t.pitch = 0;

	t.width = 0;
	tap_is(tex_size(t), ~0ull, "zero width refused");
	t.width = 16;
	t.levels = 17;
	tap_is(tex_size(t), ~0ull, "17 levels refused");
	t.levels = 1;
	t.faces = 3;
	tap_is(tex_size(t), ~0ull, "3 faces refused");
}

/* ----- independent models ----- */

static u32 xs = 0x12345678;

static u32 rnd(void)
{
	xs ^= xs << 13;
	xs ^= xs >> 17;
	xs ^= xs << 5;
	return xs;
}

static u32 npot(u32 v)
{
	u32 p = 1;

	while (p < v)
		p <<= 1;
	return p;
}

static u32 alignu(u32 v, u32 a)
{
	return (v + a - 1) / a * a;
}

static u32 minify(u32 v, u32 l)
{
	return v >> l ? v >> l : 1;
}

/* Mesa r300_get_pixel_alignment() table: [macro][log2 cpp][micro][w/h] */
static const u32 mesa_table[2][5][3][2] = {
	{
		{ { 32, 1 }, { 8, 4 }, { 0, 0 } },
		{ { 16, 1 }, { 8, 2 }, { 4, 4 } },
		{ { 8, 1 }, { 4, 2 }, { 0, 0 } },
		{ { 4, 1 }, { 2, 2 }, { 0, 0 } },
		{ { 2, 1 }, { 0, 0 }, { 0, 0 } },
	}, {
		{ { 256, 8 }, { 64, 32 }, { 0, 0 } },
		{ { 128, 8 }, { 64, 16 }, { 32, 32 } },
		{ { 64, 8 }, { 32, 16 }, { 0, 0 } },
		{ { 32, 8 }, { 16, 16 }, { 0, 0 } },
		{ { 16, 8 }, { 0, 0 }, { 0, 0 } },
	},
};

struct mtex {
	u32 cpp, w0, h0, d0, cube, last_level, micro, macro, rs690, rv350;
};

static u32 mesa_align(const struct mtex *m, u32 macro, int dim)
{
	u32 lg = __builtin_ctz(m->cpp), tile = mesa_table[macro][lg][m->micro][dim];

	if (!macro && m->rs690 && dim == 0) {
		u32 a = 64 / (m->cpp * mesa_table[macro][lg][m->micro][1]);

		if (tile < a)
			tile = a;
	}
	return tile;
}

/* What Mesa r300 allocates (r300_setup_miptree), plain formats */
static u64 mesa_size(const struct mtex *m, u32 *pitch)
{
	u32 lg = __builtin_ctz(m->cpp), l;
	int stride_addr = (m->w0 & (m->w0 - 1)) != 0;
	u64 total = 0;

	for (l = 0; l <= m->last_level; l++) {
		u32 macro = 0, w, h, stride;

		if (m->macro) {
			u32 tw = mesa_table[1][lg][m->micro][0];
			u32 th = mesa_table[1][lg][m->micro][1];
			u32 ww = minify(m->w0, l), hh = minify(m->h0, l);

			macro = m->rv350 ? ww >= tw && hh >= th : ww > tw && hh > th;
		}
		w = alignu(minify(m->w0, l), mesa_align(m, macro, 0));
		if (macro && stride_addr)
			w = alignu(w, 2 * mesa_align(m, macro, 0));
		stride = w * m->cpp;
		if (l == 0)
			*pitch = w;
		h = minify(m->h0, l);
		if (m->cube || m->d0 > 1 || m->last_level)
			h = npot(h);
		h = alignu(h, mesa_align(m, macro, 1));
		total += (u64)stride * h * (m->cube ? 6 : minify(m->d0, l));
	}
	return total;
}

/* What upstream radeon's r100_cs_track_texture_check() demands (dims fixed) */
static u64 upstream_size(const struct r5xx_texture *t)
{
	u64 size = 0;
	u32 l;

	for (l = 0; l < t->levels; l++) {
		u32 w = (t->pitch ? t->pitch : t->width) >> l, h = t->height >> l, d = 1;

		if (!t->pitch && (t->flags & R5XX_TEX_POT_W) && w)
			w = npot(w);
		if ((t->flags & R5XX_TEX_POT_H) && h)
			h = npot(h);
		if (t->depth > 1)
			d = t->depth >> l ? t->depth >> l : 1;
		if (t->texel.bw == 4) {
			u32 wb = (w + 3) / 4, hb = (h + 3) / 4;
			u32 minb = t->texel.bytes == 8 ? 4 : 2;

			size += (u64)(wb < minb ? minb : wb) * hb * t->texel.bytes * d;
		} else {
			size += (u64)w * h * d * t->texel.bytes;
		}
	}
	return size * t->faces;
}

static void test_texture_models(void)
{
	static const u32 cpps[] = { 1, 2, 4, 8, 16 };
	int i, over_mesa = 0, under_upstream = 0, n = 20000;

	for (i = 0; i < n; i++) {
		struct mtex m = { 0 };
		struct r5xx_texture t = { 0 };
		u32 pitch = 0, maxdim;
		u64 mine, mesa, up;

		m.cpp = cpps[rnd() % 5];
		m.micro = rnd() % 3;
		if (!mesa_table[0][__builtin_ctz(m.cpp)][m.micro][0])
			m.micro = 0;
		m.cube = rnd() % 5 == 0;
		m.d0 = !m.cube && rnd() % 5 == 0 ? 1 << rnd() % 6 : 1;
		maxdim = m.d0 > 1 || m.cube ? 512 : 4096;
		m.w0 = 1 + rnd() % maxdim;
		m.h0 = m.cube ? m.w0 : 1 + rnd() % maxdim;
		if (m.cube || m.d0 > 1) {	/* power of two, guide 4.6, 4.7 */
			m.w0 = npot(m.w0) > maxdim ? maxdim : npot(m.w0);
			m.h0 = m.cube ? m.w0 : (npot(m.h0) > maxdim ? maxdim : npot(m.h0));
		}
		m.last_level = rnd() % 2 ? 0 : rnd() % 13;
		if (m.last_level > 31 - __builtin_clz(m.w0 > m.h0 ? m.w0 : m.h0))
			m.last_level = 31 - __builtin_clz(m.w0 > m.h0 ? m.w0 : m.h0);
		m.rs690 = rnd() % 4 == 0;
		m.rv350 = rnd() % 4 != 0;
		/* Mesa macro-tiles level 0 only if it is at least one tile */
		m.macro = rnd() % 2;
		if (m.macro) {
			u32 lg = __builtin_ctz(m.cpp);

			if (m.w0 < mesa_table[1][lg][m.micro][0] ||
			    m.h0 < mesa_table[1][lg][m.micro][1])
				m.macro = 0;
		}
		mesa = mesa_size(&m, &pitch);

		/* what Mesa programs for it */
		t.width = m.w0;
		t.height = m.h0;
		t.depth = m.d0;
		t.faces = m.cube ? 6 : 1;
		t.levels = m.last_level + 1;
		t.pitch = m.w0 & (m.w0 - 1) ? pitch : 0;
		/* Mesa does not mipmap NPOT textures: level 0 only */
		if ((m.w0 & (m.w0 - 1)) || (m.h0 & (m.h0 - 1)))
			t.levels = 1;
		t.texel.bw = t.texel.bh = 1;
		t.texel.bytes = m.cpp;
		t.mode = (m.macro ? R5XX_TILE_MACRO : 0) |
			 (m.micro ? R5XX_TILE_MICRO : 0) |
			 (m.micro == 2 ? R5XX_TILE_SQUARE : 0);
		t.flags = (m.rv350 ? 0 : R5XX_TEX_MACRO_GT) |
			  (m.rs690 ? R5XX_TEX_ROW64 : 0);
		if (r5xx_texture_size(&t, &mine)) {
			tap_ok(0, "texture model %d refused", i);
			return;
		}
		up = upstream_size(&t);
		if (mine < up)
			under_upstream++;
		/* never more than Mesa allocated or upstream already demanded */
		if (mine > mesa && mine > up) {
			over_mesa++;
			if (over_mesa < 5)
				printf("# over: cpp %u %ux%ux%u cube %u lvl %u micro %u macro %u rs690 %u rv350 %u: mine %llu mesa %llu up %llu\n",
				       m.cpp, m.w0, m.h0, m.d0, m.cube, m.last_level,
				       m.micro, m.macro, m.rs690, m.rv350,
				       (unsigned long long)mine, (unsigned long long)mesa,
				       (unsigned long long)up);
		}
	}
	tap_is(over_mesa, 0, "%d Mesa-like textures: never more than Mesa or upstream", n);
	tap_is(under_upstream, 0, "%d Mesa-like textures: never less than upstream", n);

	/* arbitrary register values: never less than upstream */
	under_upstream = 0;
	for (i = 0; i < n; i++) {
		struct r5xx_texture t = { 0 };
		static const struct r5xx_texel texels[] = {
			{ 1, 1, 1, 0 }, { 1, 1, 2, 0 }, { 1, 1, 4, 0 }, { 1, 1, 8, 0 }, { 1, 1, 16, 0 },
			{ 4, 4, 8, 0 }, { 4, 4, 16, 0 },
		};
		u64 mine;

		t.width = 1 + rnd() % 4096;
		t.height = 1 + rnd() % 4096;
		t.depth = rnd() % 4 ? 1 : 1 << rnd() % 16;
		t.faces = rnd() % 4 ? 1 : 6;
		t.levels = 1 + rnd() % 16;
		t.pitch = rnd() % 4 ? 0 : 1 + rnd() % 16384;
		t.texel = texels[rnd() % 7];
		t.mode = rnd() % 8;
		t.flags = rnd() % 16;
		if (r5xx_texture_size(&t, &mine))
			continue;
		if (mine < upstream_size(&t)) {
			under_upstream++;
			if (under_upstream < 4)
				printf("# under: %ux%ux%u faces %u lvl %u pitch %u texel %ux%u/%u mode %u flags %#x: mine %llu up %llu\n",
				       t.width, t.height, t.depth, t.faces, t.levels, t.pitch,
				       t.texel.bw, t.texel.bh, t.texel.bytes, t.mode, t.flags,
				       (unsigned long long)mine,
				       (unsigned long long)upstream_size(&t));
		}
	}
	tap_is(under_upstream, 0, "%d random textures: never less than upstream", n);
}

/*
 * Issue 20 class 5: texture formats 20 and 21 (VYUY422, YVYU422) are the
 * guide's 32-bit C_VYUY/C_YVYU words of two texels; Mesa lays them out as
 * 4-byte 2x1 blocks.  Their size is the larger of that reading and 2-byte
 * texels, for every layout; some sizes are larger only as 2x1 blocks.
 */
static void test_yuv_texture(void)
{
	static const struct r5xx_texel px = { 1, 1, 2, 0 }, pair = { 2, 1, 4, 0 };
	static const u32 modes[] = { 0, R5XX_TILE_MICRO, R5XX_TILE_MACRO,
				     R5XX_TILE_MACRO | R5XX_TILE_MICRO };
	u32 f, w, h, mi, bad = 0, larger = 0, n = 0;

	for (f = 0x14; f <= 0x15; f++) {
		struct r5xx_texel tx;

		tap_ok(!r5xx_tex_format(f, false, &tx) && tx.pairs && tx.bytes == 2,
		       "format %#x: 2-byte texels, also measured as pairs", f);
	}
	for (mi = 0; mi < ARRAY_SIZE(modes); mi++)
		for (w = 1; w <= 80; w++)
			for (h = 1; h <= 40; h++) {
				struct r5xx_texture t = { 0 };
				u64 size, a, b;

				t.width = w;
				t.height = h;
				t.depth = 1;
				t.faces = 1;
				t.levels = 1;
				t.mode = modes[mi];
				r5xx_tex_format(0x14, false, &t.texel);
				if (r5xx_texture_size(&t, &size)) {
					bad++;
					continue;
				}
				t.texel = px;
				r5xx_texture_size(&t, &a);
				t.texel = pair;
				r5xx_texture_size(&t, &b);
				bad += size != max(a, b);
				larger += b > a;
				n++;
			}
	tap_is(bad, 0, "VYUY texture sizes are the larger reading (%u sizes)", n);
	tap_ok(larger > 0, "%u sizes are larger as 4-byte 2x1 blocks", larger);
}

int main(void)
{
	test_tile_dims();
	test_flags();
	test_surface();
	test_formats();
	test_texture_fixed();
	test_texture_models();
	test_yuv_texture();
	return tap_done();
}
