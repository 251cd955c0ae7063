// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Independent access model for IBs the checker accepted (see
 * access_model.h).  Written from the hardware rules in
 * Documentation/cs-checker.rst, not from the checker: absolute addresses, a
 * register file of stale values, its own layout tables.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "access_model.h"

#define NREG 0x2000	/* dword registers reachable by a type-0 packet */

struct model {
	const struct am_bo *bos;
	unsigned int nbo;
	int r500, rs6xx, r300, rv530, cmask;
	uint32_t reg[NREG];
	uint8_t known[NREG];
	/* vertex arrays of the last 3D_LOAD_VBPNTR */
	int arrays_known;
	uint32_t narrays, addr[32], size[32], stride[32];
	/* VAP_VF_CNTL of an indexed draw waiting for INDX_BUFFER, or 0 */
	uint32_t pending;
	/* 2D direction from either DP_CNTL layout: -1 unknown */
	int xdir, ydir;
	/*
	 * Colour (1) and Z (2) caches holding lines of a draw, and those
	 * flushed since; a 3D idle-and-clean wait empties the flushed ones.
	 */
	uint32_t dirty, flushed;
	char *why;
	size_t len;
	int bad;
};

static void fail(struct model *m, const char *fmt, ...)
{
	va_list ap;

	if (m->bad++)
		return;
	va_start(ap, fmt);
	vsnprintf(m->why, m->len, fmt, ap);
	va_end(ap);
}

/* value of a register this IB wrote; a stale one is a finding */
static int get(struct model *m, uint32_t reg, uint32_t *v, const char *use)
{
	if (!m->known[reg >> 2]) {
		fail(m, "%s depends on stale register %#06x", use, reg);
		return -1;
	}
	*v = m->reg[reg >> 2];
	return 0;
}

/* value of a register if this IB wrote it; *v keeps its default if not */
static int have(struct model *m, uint32_t reg, uint32_t *v)
{
	if (!m->known[reg >> 2])
		return 0;
	*v = m->reg[reg >> 2];
	return 1;
}

static void access(struct model *m, uint64_t a, uint64_t end, const char *what)
{
	unsigned int i;

	if (end <= a)
		return;
	for (i = 0; i < m->nbo; i++)
		if (a >= m->bos[i].start && end <= m->bos[i].start + m->bos[i].size)
			return;
	fail(m, "%s touches [%#llx, %#llx) outside every object", what,
	     (unsigned long long)a, (unsigned long long)end);
}

/* ---- layouts, guide section 2: [log2 cpp][micro 0/1/2] -> w, h ---- */

static const uint8_t micro_w[5][3] = {
	{ 32, 8, 0 }, { 16, 8, 4 }, { 8, 4, 0 }, { 4, 2, 0 }, { 2, 0, 0 } };
static const uint8_t micro_h[5][3] = {
	{ 1, 4, 0 }, { 1, 2, 4 }, { 1, 2, 0 }, { 1, 2, 0 }, { 1, 0, 0 } };

static int lg(uint32_t cpp)
{
	switch (cpp) {
	case 1: return 0;
	case 2: return 1;
	case 4: return 2;
	case 8: return 3;
	case 16: return 4;
	}
	return -1;
}

/* unit of a layout in pixels; 0 if none */
static int unit(uint32_t cpp, int macro, int micro, uint32_t *w, uint32_t *h)
{
	int l = lg(cpp);

	if (l < 0 || micro > 2 || !micro_w[l][micro])
		return 0;
	*w = micro_w[l][micro] * (macro ? 8 : 1);
	*h = micro_h[l][micro] * (macro ? 8 : 1);
	return 1;
}

/*
 * Bytes from the base up to the end of the last unit holding a pixel of
 * [0, x1) x [0, y1); with samples, whole unit rows times the samples.
 */
static int span(uint32_t cpp, uint32_t pitch, int macro, int micro,
		uint32_t x1, uint32_t y1, uint32_t samples, uint64_t *end)
{
	uint32_t w, h;
	uint64_t per_row, last, rows;

	if (!x1 || !y1) {
		*end = 0;
		return 1;
	}
	if (!macro && !micro) {
		if (lg(cpp) < 0)
			return 0;
		*end = ((uint64_t)(y1 - 1) * pitch + x1) * cpp;
		rows = (uint64_t)y1 * pitch * cpp;
	} else {
		if (!unit(cpp, macro, micro, &w, &h))
			return 0;
		per_row = (pitch + w - 1) / w;
		last = (uint64_t)((y1 - 1) / h) * per_row + (x1 - 1) / w;
		*end = (last + 1) * w * h * cpp;
		rows = (uint64_t)((y1 + h - 1) / h) * per_row * w * h * cpp;
	}
	if (samples > 1)
		*end = (*end > rows ? *end : rows) * samples;
	return 1;
}

/* ---- 3D ---- */

static void scissor(struct model *m, int32_t r[4])
{
	uint32_t tl = 0, br = ~0u;
	int32_t bias = m->r500 ? 0 : 1440;

	if (!have(m, 0x43e0, &tl))
		tl = 0;
	if (!have(m, 0x43e4, &br))
		br = ~0u;
	r[0] = (int32_t)(tl & 0x1fff) - bias;
	r[1] = (int32_t)((tl >> 13) & 0x1fff) - bias;
	r[2] = (int32_t)(br & 0x1fff) + 1 - bias;
	r[3] = (int32_t)((br >> 13) & 0x1fff) + 1 - bias;
}

static void surface(struct model *m, const char *what, uint32_t base, uint32_t cpp,
		    uint32_t pitch, uint32_t tiles, uint32_t samples)
{
	int32_t r[4];
	uint64_t end;

	scissor(m, r);
	/* cpp 0x84: 4-byte words of two pixels (YUV 4:2:2), x in words */
	if (cpp == 0x84) {
		cpp = 4;
		r[0] = r[0] >= 0 ? r[0] / 2 : r[0];
		r[2] = r[2] > 0 ? (r[2] + 1) / 2 : r[2];
	}
	if (r[2] <= (r[0] > 0 ? r[0] : 0) || r[3] <= (r[1] > 0 ? r[1] : 0))
		return;
	if (r[0] < 0 || r[1] < 0) {
		fail(m, "%s: pixels at negative coordinates", what);
		return;
	}
	if (!span(cpp, pitch, tiles & 1, (tiles >> 1) & 3, r[2], r[3], samples, &end)) {
		fail(m, "%s: layout cpp %u tiles %u does not exist", what, cpp, tiles);
		return;
	}
	access(m, base & ~31u, (uint64_t)base + end, what);
}

/*
 * Bytes per pixel of RB3D_COLORPITCH COLORFORMAT (reference list, sizes
 * from the guide's format tables).  11 and 12, YUV 4:2:2 packed, are
 * "32-bit Formats" of two pixels (C_VYUY, C_YVYU): 2 bytes a pixel, and
 * cb_pairs() says to measure them as 4-byte pairs as well.
 */
static uint32_t cb_cpp(uint32_t fmt)
{
	static const uint8_t cpp[16] = {
		[3] = 2, [4] = 2, [5] = 4, [6] = 4, [7] = 16, [9] = 1, [10] = 8,
		[11] = 2, [12] = 2, [13] = 2, [15] = 2,
	};
	return cpp[fmt & 15];
}

static int cb_pairs(uint32_t fmt)
{
	return (fmt & 15) == 11 || (fmt & 15) == 12;
}

static uint32_t nsamples(struct model *m);

/* a colour buffer in format @fmt: as pixels, and as pairs if 4:2:2 */
static void cb_surface(struct model *m, uint32_t off, uint32_t fmt, uint32_t v)
{
	surface(m, "colour buffer", off, cb_cpp(fmt), v & 0x3ffe, (v >> 16) & 7, nsamples(m));
	if (cb_pairs(fmt))
		surface(m, "colour buffer", off, 0x84, v & 0x3ffe, (v >> 16) & 7, nsamples(m));
}

static uint32_t nsamples(struct model *m)
{
	static const uint8_t s[4] = { 2, 3, 4, 6 };
	uint32_t v;

	if (!have(m, 0x4020, &v))
		return 6;
	return v & 1 ? s[(v >> 1) & 3] : 1;
}

static void colour_and_depth(struct model *m)
{
	uint32_t mask, blend, bw = 0, cctl = 0, v, off, zc, i, num = 4, cpp, fmt0 = 0, tiles0 = 0;
	int known_cctl = have(m, 0x4e00, &cctl);

	have(m, 0x4f1c, &bw);
	/*
	 * Reference, RB3D_COLOR_CHANNEL_MASK: "if all the channels used in the
	 * current color format are disabled, then the cb will discard all the
	 * incoming quads".  All 16 bits zero disable every channel of all four
	 * buffers, whether each has its own mask (RB3D_CCTL bit 12) or not.
	 */
	if (!(have(m, 0x4e0c, &mask) && !mask && have(m, 0x4e04, &blend) &&
	      !(blend & 4) && !(bw & 32))) {
		m->dirty |= 1;
		if (known_cctl)
			num = ((cctl >> 5) & 3) + 1;
		for (i = 0; i < 4; i++) {
			uint32_t fmt;

			/* multiwrite, or a shader output that is not unused */
			if (i >= num && (i == 0 || (have(m, 0x46a4 + 4 * i, &fmt) &&
						  (fmt & 31) == 15)))
				continue;
			if (get(m, 0x4e28 + 4 * i, &off, "colour buffer") ||
			    get(m, 0x4e38 + 4 * i, &v, "colour buffer"))
				return;
			cpp = cb_cpp(v >> 21);
			if (!cpp) {
				fail(m, "colour format %u", (v >> 21) & 15);
				return;
			}
			if (!i) {
				fmt0 = (v >> 21) & 15;
				tiles0 = v & (7u << 16);
			}
			cb_surface(m, off, (v >> 21) & 15, v);
			/*
			 * RB3D_CCTL bit 14 (R5xx): own format; else colour buffer
			 * 0's, and RB3D_COLORPITCH0 is the "format and tiling
			 * control for all the multibuffers": its tiling too.
			 */
			if (i && !(m->r500 && (cctl & (1u << 14)))) {
				cb_surface(m, off, fmt0, v);
				cb_surface(m, off, fmt0, (v & ~(7u << 16)) | tiles0);
			}
		}
	}
	/*
	 * The Z unit reaches the Z buffer (reference, ZB_CNTL and ZB_BW_CNTL)
	 * when it tests Z or stencil, when it writes Z ("enables writing of
	 * the Z buffer", whatever the test), and in the ZB_BW_CNTL modes that
	 * move data between its cache and memory: fast fill, compressed
	 * reads and writes, and the colour clear through the Z unit.
	 */
	if (!have(m, 0x4f00, &zc) || (zc & 7) || !have(m, 0x4f1c, &bw) || (bw & 0x3c)) {
		m->dirty |= 2;
		if (get(m, 0x4f20, &off, "Z buffer") || get(m, 0x4f24, &v, "Z buffer"))
			return;
		cpp = 4;
		if (have(m, 0x4f10, &zc))
			cpp = (zc & 15) < 2 ? 2 : 4;
		surface(m, "Z buffer", off, cpp, v & 0x3ffc, (v >> 16) & 7, nsamples(m));
	}
	if (!have(m, 0x4e88, &v) || (v & 1)) {
		uint32_t pitch;

		m->dirty |= 1;
		if (get(m, 0x4e80, &off, "AA resolve") || get(m, 0x4e84, &pitch, "AA resolve") ||
		    get(m, 0x4e38, &v, "AA resolve"))
			return;
		surface(m, "AA resolve", off, cb_cpp(v >> 21), pitch & 0x3ffe, 0, 1);
	}
}

static uint32_t up2(uint32_t v)
{
	uint32_t p = 1;

	while (p < v)
		p <<= 1;
	return p;
}

/* texel block of TX_FORMAT1 (and the R5xx MSB): bw, bytes; 0 if reserved */
static int texel(uint32_t fmt, int msb, uint32_t *bw, uint32_t *bytes)
{
	static const uint8_t b0[32] = {
		1, 2, 1, 2, 4, 1, 2, 2, 4, 4, 2, 2, 4, 4, 8, 8, 16, 16, 2, 0,
		2, 2, 0, 4, 2, 4, 8, 4, 8, 16, 4, 16 };
	static const uint8_t b1[8] = { 1, 1, 2, 4, 8, 8, 4, 0 };

	if (msb) {
		*bytes = fmt < 8 ? b1[fmt] : 0;
		*bw = fmt == 5 ? 4 : 1;
	} else {
		*bytes = b0[fmt & 31];
		*bw = fmt == 0x0f || fmt == 0x10 || fmt == 0x11 || fmt == 0x1f ? 4 : 1;
	}
	return *bytes != 0;
}

static void textures(struct model *m)
{
	uint32_t en = 0xffff, u;

	have(m, 0x4104, &en);
	for (u = 0; u < 16; u++) {
		uint32_t off, f0, f1, f2 = 0, flt = 0, flt1 = 0, bw, bh, bytes, levels, l;
		uint32_t w0, h0, d0, faces, coord, macro, micro, wrap_s, wrap_t, pass, npass;
		uint64_t total = 0, sum;
		int chain;

		if (!(en & (1u << u)))
			continue;
		if (get(m, 0x4540 + 4 * u, &off, "texture") ||
		    get(m, 0x4480 + 4 * u, &f0, "texture") ||
		    get(m, 0x44c0 + 4 * u, &f1, "texture"))
			return;
		if ((m->r500 || (f0 >> 31)) && get(m, 0x4500 + 4 * u, &f2, "texture"))
			return;
		if (!m->r500)
			f2 &= 0x3fff;
		coord = (f1 >> 25) & 3;
		if (coord == 3 || !texel(f1 & 31, (f2 >> 14) & 1, &bw, &bytes)) {
			fail(m, "texture %u: format", u);
			return;
		}
		w0 = ((f0 & 0x7ff) | ((f2 >> 15) & 1) << 11) + 1;
		h0 = (((f0 >> 11) & 0x7ff) | ((f2 >> 16) & 1) << 11) + 1;
		d0 = coord == 1 ? 1u << ((f0 >> 22) & 15) : 1;
		faces = coord == 2 ? 6 : 1;
		levels = ((f0 >> 26) & 15) + 1;
		/*
		 * TX_FILTER0 MAX_MIP_LEVEL 20:17, "LOD index of largest (finest)
		 * mipmap to use", is meant to stay within NUM_LEVELS; above it the
		 * unit addresses that level, so the chain reaches it.
		 */
		if (get(m, 0x4400 + 4 * u, &flt, "texture filter"))
			return;
		if (((flt >> 17) & 15) + 1 > levels)
			levels = ((flt >> 17) & 15) + 1;
		chain = levels > 1 || d0 > 1 || faces > 1;
		wrap_s = (flt & 7) != 2 && (flt & 7) != 4 && (flt & 7) != 6;
		wrap_t = ((flt >> 3) & 7) != 2 && ((flt >> 3) & 7) != 4 &&
			 ((flt >> 3) & 7) != 6;
		have(m, 0x4440 + 4 * u, &flt1);
		/*
		 * Formats 20, 21 (VYUY422, YVYU422): the guide's C_VYUY/C_YVYU
		 * are 32-bit words of two texels; measured as such too.
		 */
		npass = !((f2 >> 14) & 1) && ((f1 & 31) == 20 || (f1 & 31) == 21) ? 2 : 1;
		for (pass = 0; pass < npass; pass++) {
		bh = bw;
		if (pass) {
			bw = 2;
			bh = 1;
			bytes = 4;
		}
		macro = (off >> 2) & 1;
		micro = (off >> 3) & 3;
		sum = 0;
		for (l = 0; l < levels; l++) {
			/* rows of the pitch, but never narrower than the texture */
			uint32_t w = (f0 >> 31) && (f2 & 0x3fff) + 1 > w0 ? (f2 & 0x3fff) + 1 : w0;
			uint32_t h = h0, d = d0, uw, uh, rowb;

			w = w >> l ? w >> l : 1;
			h = h >> l ? h >> l : 1;
			d = d >> l ? d >> l : 1;
			if (!(f0 >> 31) && (wrap_s || chain))
				w = up2(w);
			if (wrap_t || chain)
				h = up2(h);
			w = (w + bw - 1) / bw;
			h = (h + bh - 1) / bh;
			if (bh > 1 && w < 32 / bytes)
				w = 32 / bytes;
			if (macro && unit(bytes, 1, micro, &uw, &uh)) {
				int gt = m->r300 || ((flt1 >> 22) & 1);

				if (gt ? (w <= uw || h <= uh) : (w < uw || h < uh))
					macro = 0;
			}
			if (!unit(bytes, macro, micro, &uw, &uh)) {
				fail(m, "texture %u: layout", u);
				return;
			}
			rowb = m->rs6xx ? 64 : 32;
			if (!macro && uw * uh * bytes < rowb * uh)
				uw = rowb / (bytes * uh) > uw ? rowb / (bytes * uh) : uw;
			w = (w + uw - 1) / uw * uw;
			h = (h + uh - 1) / uh * uh;
			sum += (uint64_t)w * h * bytes * d * faces;
		}
		total = sum > total ? sum : total;
		}
		access(m, off & ~31u, (uint64_t)(off & ~31u) + total, "texture");
	}
}

/*
 * VAP_VF_MIN_VTX_INDX / VAP_VF_MAX_VTX_INDX (reference): "if index to be
 * fetched is smaller (larger) than this value, the fetch index is set to"
 * it.  Both orders of the two tests count (they differ when MIN > MAX).
 * Widens [*lo, *hi] by the clamped ends of [a, z].
 */
static void clamp_range(int64_t a, int64_t z, int64_t min, int64_t max,
			int64_t *lo, int64_t *hi)
{
	int64_t c[4];
	int i;

	c[0] = a < min ? min : a > max ? max : a;
	c[1] = a > max ? max : a < min ? min : a;
	c[2] = z < min ? min : z > max ? max : z;
	c[3] = z > max ? max : z < min ? min : z;
	for (i = 0; i < 4; i++) {
		*lo = c[i] < *lo ? c[i] : *lo;
		*hi = c[i] > *hi ? c[i] : *hi;
	}
}

static void vertices(struct model *m, uint32_t vf, int immd)
{
	uint32_t walk = (vf >> 4) & 3, n = vf >> 16, v, k;
	int64_t lo = INT64_MAX, hi = INT64_MIN, min, max, a, z, ca, cz, bias = 0;

	if (vf & (1u << 14)) {
		if (get(m, 0x2088, &v, "vertex count"))
			return;
		n = v & 0xffffff;
	}
	if (walk == 3 || immd)
		return;
	if (get(m, 0x2138, &v, "lower index clamp"))
		return;
	min = v & 0xffffff;
	if (get(m, 0x2134, &v, "upper index clamp"))
		return;
	max = v & 0xffffff;
	/* R5xx: "added to index value in both Indexed and Auto-indexed modes" */
	if (m->r500) {
		if (get(m, 0x208c, &v, "index offset"))
			return;
		bias = (int32_t)(v << 7) >> 7;
	}
	a = 0;
	if (walk == 1) {		/* any index the buffer holds */
		z = UINT32_MAX;
	} else {			/* counted: 0 .. n - 1, maybe not clamped */
		if (!n)
			return;
		z = n - 1;
		lo = a + bias;
		hi = z + bias;
	}
	/* the offset added before the clamp, or after it */
	clamp_range(a + bias, z + bias, min, max, &lo, &hi);
	ca = INT64_MAX;
	cz = INT64_MIN;
	clamp_range(a, z, min, max, &ca, &cz);
	lo = ca + bias < lo ? ca + bias : lo;
	hi = cz + bias > hi ? cz + bias : hi;
	if (!m->arrays_known) {
		fail(m, "draw with stale vertex arrays");
		return;
	}
	for (k = 0; k < m->narrays; k++) {
		uint64_t s = m->stride[k] * 4ull;
		int64_t first = (int64_t)m->addr[k] + lo * (int64_t)s;

		if (first < 0) {
			fail(m, "vertex array below address 0");
			return;
		}
		access(m, first, m->addr[k] + hi * s + m->size[k] * 4ull, "vertex array");
	}
}

static void draw(struct model *m, uint32_t vf, int immd)
{
	uint32_t prim = vf & 15;

	/*
	 * VAP_VF_CNTL (reference): RSVD_PREV_USED 10:6 and bit 15 are
	 * reserved; DUAL_INDEX_MODE (13) fetches AOS 1-15 with bits 15:0 of an
	 * index whatever the clamps; type 7 streams wFlags among the indices
	 * (more index words than the count says); 8-11 are unused.
	 */
	if (vf & (0x7c0u | 1u << 13 | 1u << 15) || (prim >= 7 && prim <= 11)) {
		fail(m, "draw with VAP_VF_CNTL %#x: reserved bits, dual index or type %u", vf, prim);
		return;
	}
	vertices(m, vf, immd);
	colour_and_depth(m);
	textures(m);
	m->flushed = 0;
}

/* ---- 2D ---- */

/* 2D coordinates: 14-bit signed, bits 15:14 ignored (guide 6.2.2) */
static int32_t c14(uint32_t v)
{
	return (int32_t)((v & 0x3fff) << 18) >> 18;
}

static int rop_src(uint32_t rop)
{
	uint32_t k;

	for (k = 0; k < 8; k++)		/* k = P<<2 | S<<1 | D */
		if (!(k & 2) && ((rop >> k) & 1) != ((rop >> (k | 2)) & 1))
			return 1;
	return 0;
}

/*
 * A 2D scissor edge pair from a bottom-right register (x in 13:0, y in
 * 29:16), taken as inclusive; a register this IB did not set clips nothing.
 */
static void sc_br(struct model *m, uint32_t reg, int32_t *xe, int32_t *ye)
{
	if (!m->known[reg >> 2])
		return;
	*xe = (int32_t)(m->reg[reg >> 2] & 0x3fff) + 1;
	*ye = (int32_t)((m->reg[reg >> 2] >> 16) & 0x3fff) + 1;
}

/*
 * Where the engine may touch a 2D rectangle (guide 6.2.2 GUI_CONTROL
 * DST_CLIPPING, bit 3, and SRC_CLIPPING, bit 2): the destination inside
 * SC_TOP_LEFT (signed, unset: no edge) to SC_BOTTOM_RIGHT when bit 3 is set,
 * else inside (0, 0) to DEFAULT_SC_BOTTOM_RIGHT; the source inside (0, 0) to
 * SRC_SC_BOTTOM_RIGHT when bit 2 is set, else to DEFAULT_SC_BOTTOM_RIGHT.
 * @clip: 'd' destination, 's' source, 0 none (lines).
 */
static void rect(struct model *m, const char *what, uint32_t po, uint32_t yx,
		 uint32_t cpp, uint32_t w, uint32_t h, int xdir, int ydir,
		 uint32_t gmc, int clip)
{
	int32_t x = c14(yx), y = c14(yx >> 16);
	int32_t x0 = xdir == 1 ? x : x - (int32_t)w + 1, x1 = xdir == 0 ? x + 1 : x + (int32_t)w;
	int32_t y0 = ydir == 1 ? y : y - (int32_t)h + 1, y1 = ydir == 0 ? y + 1 : y + (int32_t)h;
	int32_t cx0 = INT32_MIN, cy0 = INT32_MIN, cx1 = INT32_MAX, cy1 = INT32_MAX;
	uint32_t base = (po & 0x3fffff) << 10, pitch = ((po >> 22) & 0xff) * 64;
	uint64_t end, e2;

	if (clip == 'd' && (gmc & 8)) {
		if (m->known[0x16ec >> 2]) {
			cx0 = c14(m->reg[0x16ec >> 2]);
			cy0 = c14(m->reg[0x16ec >> 2] >> 16);
		}
		sc_br(m, 0x16f0, &cx1, &cy1);
	} else if (clip) {
		cx0 = 0;
		cy0 = 0;
		sc_br(m, clip == 's' && (gmc & 4) ? 0x16f4 : 0x16e8, &cx1, &cy1);
	}
	if (x0 < cx0)
		x0 = cx0;
	if (y0 < cy0)
		y0 = cy0;
	if (x1 > cx1)
		x1 = cx1;
	if (y1 > cy1)
		y1 = cy1;
	if (x0 >= x1 || y0 >= y1)
		return;		/* all clipped away */
	if (x0 < 0 || y0 < 0) {
		fail(m, "%s at negative coordinates", what);
		return;
	}
	if (!span(cpp, pitch / cpp, (po >> 30) & 1, (po >> 31) & 1, x1, y1, 1, &end)) {
		fail(m, "%s: layout", what);
		return;
	}
	if (cpp == 2 && (po >> 31) && span(cpp, pitch / cpp, (po >> 30) & 1, 2, x1, y1, 1, &e2) &&
	    e2 > end)
		end = e2;
	access(m, base, (uint64_t)base + end, what);
}

static int setup2d(struct model *m, uint32_t *gmc, uint32_t *cpp)
{
	static const uint8_t c[16] = {
		[2] = 1, [3] = 2, [4] = 2, [6] = 4, [7] = 1, [8] = 1, [9] = 1,
		[11] = 2, [12] = 2, [14] = 4, [15] = 2 };

	if (get(m, 0x146c, gmc, "2D operation"))
		return -1;
	if (!(*gmc & 2)) {
		fail(m, "2D operation through the default pitch/offset");
		return -1;
	}
	*cpp = c[(*gmc >> 8) & 15];
	if (!*cpp) {
		fail(m, "2D type %u", (*gmc >> 8) & 15);
		return -1;
	}
	return 0;
}

/*
 * Bytes per source pixel (guide 6.2.2 GUI_CONTROL SRC_TYPE, bits 27 and
 * 13:12): 0, 1 mono (at most the destination's), 3 the destination's, 5
 * 8 bpp CLUT, 6 32 bpp CLUT, 7 64 bpp; 2 and 4 reserved (0).
 */
static uint32_t src_cpp(uint32_t gmc, uint32_t dst_cpp)
{
	static const uint8_t c[8] = { 0xff, 0xff, 0, 0xff, 0, 1, 4, 8 };
	uint32_t t = ((gmc >> 12) & 3) | ((gmc >> 25) & 4);

	return c[t] == 0xff ? dst_cpp : c[t];
}

static void blit(struct model *m, uint32_t w, uint32_t h)
{
	uint32_t gmc, cpp, po, yx, src, scpp;

	if (setup2d(m, &gmc, &cpp))
		return;
	/* guide 6.2.2: bits 15 (COLOR_CONVT, not supported) and 29 are reserved */
	if (gmc & (1u << 15 | 1u << 29)) {
		fail(m, "DP_GUI_MASTER_CNTL with reserved bits %#x", gmc & (1u << 15 | 1u << 29));
		return;
	}
	if (get(m, 0x142c, &po, "2D destination") || get(m, 0x1438, &yx, "2D destination"))
		return;
	rect(m, "2D destination", po, yx, cpp, w, h, m->xdir, m->ydir, gmc, 'd');
	src = (gmc >> 24) & 7;
	if (src == 2 || (rop_src((gmc >> 16) & 0xff) && src != 3 && src != 4)) {
		if (!(gmc & 1)) {
			fail(m, "2D source through the default pitch/offset");
			return;
		}
		if (get(m, 0x1428, &po, "2D source") || get(m, 0x1434, &yx, "2D source"))
			return;
		scpp = src_cpp(gmc, cpp);
		if (!scpp) {
			fail(m, "2D source type reserved");
			return;
		}
		/* a wider source is read as that many more bytes per pixel */
		rect(m, "2D source", po, yx, scpp, w, h, m->xdir, m->ydir, gmc, 's');
	}
	m->known[0x1438 >> 2] = 0;
	m->known[0x1434 >> 2] = 0;
}

static void line(struct model *m, uint32_t end)
{
	uint32_t gmc, cpp, po, st;
	int32_t xa, ya, xb, yb, x0, y0;

	if (setup2d(m, &gmc, &cpp) || get(m, 0x142c, &po, "2D line") ||
	    get(m, 0x1600, &st, "2D line"))
		return;
	xa = c14(st);
	ya = c14(st >> 16);
	xb = c14(end);
	yb = c14(end >> 16);
	x0 = xa < xb ? xa : xb;
	y0 = ya < yb ? ya : yb;
	rect(m, "2D line", po, (uint32_t)(uint16_t)x0 | (uint32_t)(uint16_t)y0 << 16, cpp,
	     (xa > xb ? xa - xb : xb - xa) + 1, (ya > yb ? ya - yb : yb - ya) + 1, 1, 1,
	     gmc, 0);
	m->known[0x1600 >> 2] = 0;
}

/* ---- register writes ---- */

/*
 * SU_REG_DEST (reference: "SU Raster pipe destination select for
 * registers", SELECT 3:0, one bit per logical pipe) and, on RV530,
 * FG_ZBREG_DEST (two Z pipes): while either selects only some pipes,
 * a register write reaches only those.
 */
static int pipes_partial(struct model *m)
{
	return (m->reg[0x42c8 >> 2] & 0xf) != 0xf ||
	       (m->rv530 && (m->reg[0x4be8 >> 2] & 3) != 3);
}

static int harmless(uint32_t reg)
{
	static const uint32_t ok[][2] = {	/* inclusive ranges */
		{ 0x0218, 0x0218 }, { 0x0318, 0x0318 },		/* VLINE */
		{ 0x1428, 0x1484 }, { 0x1598, 0x1598 }, { 0x15c0, 0x15dc },
		{ 0x1600, 0x1608 }, { 0x16c0, 0x16d0 }, { 0x16e8, 0x16f4 },
		{ 0x1714, 0x1714 }, { 0x1720, 0x1720 }, { 0x172c, 0x172c },
		{ 0x1d98, 0x1dac },
		{ 0x2080, 0x20b4 }, { 0x2134, 0x22dc }, { 0x2500, 0x257c },
		{ 0x342c, 0x342c },
		{ 0x4000, 0x4014 }, { 0x401c, 0x4028 }, { 0x4074, 0x4f5c },
		{ 0x4fd4, 0x4fd4 },
		{ 0x6538, 0x6538 }, { 0x6d38, 0x6d38 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		if (reg >= ok[i][0] && reg <= ok[i][1])
			return reg != 0x20b8;	/* 128-bit vertex port */
	return 0;
}

/*
 * Issue 20 class 2: the bits each register's fields cover, read off the
 * register reference (R5xx Acceleration v1.3) and the guide (6.2.2) one
 * register at a time, plus what Mesa's r300_reg.h names in bits the
 * reference calls reserved (noted).  Any other bit may do anything.
 */
static const struct {
	uint32_t first, last, defined;
	const char *name;
} reference_bits[] = {
	{ 0x4400, 0x443c, 0xf0ffffff, "TX_FILTER0 (23:21 Mesa's MAX_ANISO)" },
	{ 0x4440, 0x447c, 0xdfefffff, "TX_FILTER1 (13, 19:17, 21, 28:23, 30 Mesa's)" },
	{ 0x44c0, 0x44fc, 0xfeffffff, "TX_FORMAT1" },
	{ 0x4500, 0x453c, 0x000fffff, "TX_FORMAT2" },
	{ 0x46a4, 0x46b0, 0x001fff1f, "US_OUT_FMT" },
	{ 0x4104, 0x4104, 0x0000ffff, "TX_ENABLE" },
	{ 0x4e04, 0x4e04, 0xff3f703f, "RB3D_BLENDCNTL" },
	{ 0x4e0c, 0x4e0c, 0x0000ffff, "RB3D_COLOR_CHANNEL_MASK" },
	{ 0x4e84, 0x4e84, 0x00003ffe, "RB3D_AARESOLVE_PITCH" },
	{ 0x4e88, 0x4e88, 0x00000007, "RB3D_AARESOLVE_CTL" },
	/* 14:12 HIZ_FP_EXP_BITS from r300_reg.h; 17 lays 6x AA out otherwise */
	{ 0x4f1c, 0x4f1c, 0x000dfdff, "ZB_BW_CNTL" },
	{ 0x20b4, 0x20b4, 0x0000007f, "VAP_VTX_SIZE" },
	{ 0x2088, 0x2088, 0x00ffffff, "VAP_ALT_NUM_VERTICES" },
	{ 0x2134, 0x2134, 0x00ffffff, "VAP_VF_MAX_VTX_INDX" },
	{ 0x208c, 0x208c, 0x01ffffff, "VAP_INDEX_OFFSET" },
	/* Mesa's R5xx bottom-right -1 (0x0 framebuffer) reaches here cleared */
	{ 0x43e0, 0x43e4, 0x03ffffff, "SC_SCISSOR0/1" },
	/* guide 6.2.2: scissors [13:0] and [29:16] */
	{ 0x16e8, 0x16f4, 0x3fff3fff, "2D scissor" },
	{ 0x16c0, 0x16c0, 0x00000003, "DP_CNTL" },
	/* guide 6.2.2: 16-bit unsigned sizes, which the engine reads as 14 */
	{ 0x143c, 0x143c, 0x3fff3fff, "DST_HEIGHT_WIDTH" },
	{ 0x1598, 0x1598, 0x3fff3fff, "DST_WIDTH_HEIGHT" },
};

static void check_reference_bits(struct model *m, uint32_t reg, uint32_t v)
{
	unsigned int i;

	for (i = 0; i < sizeof(reference_bits) / sizeof(reference_bits[0]); i++)
		if (reg >= reference_bits[i].first && reg <= reference_bits[i].last &&
		    (v & ~reference_bits[i].defined))
			fail(m, "%s %#06x with bits %#x no field defines", reference_bits[i].name,
			     reg, v & ~reference_bits[i].defined);
	/* the R5xx fields of TX_FORMAT2 (19:14) are not sized before R5xx */
	if (!m->r500 && reg >= 0x4500 && reg <= 0x453c && (v & ~0x3fffu))
		fail(m, "TX_FORMAT2 R5xx bits %#x before R5xx", v & ~0x3fffu);
	/*
	 * Guide 6.2.2: coordinates "ranging from -8192 to 8191.  Bits 14 and
	 * 15 should be copies of bit 13" (SRC_Y_X, DST_Y_X, DST_LINE_*).
	 */
	if (reg == 0x1434 || reg == 0x1438 || reg == 0x1600 || reg == 0x1604) {
		uint32_t lo = v & 0xffff, hi = v >> 16;

		if (((lo >> 13) != 0 && (lo >> 13) != 7) || ((hi >> 13) != 0 && (hi >> 13) != 7))
			fail(m, "2D coordinates %#x: bits 15:14 not copies of bit 13", v);
	}
}

static void write_reg(struct model *m, uint32_t reg, uint32_t v)
{
	if (reg >= NREG * 4 || !harmless(reg)) {
		fail(m, "write to register %#06x", reg);
		return;
	}
	/*
	 * Reference 10.2: the colour buffer's base, pitch, control and resolve
	 * registers are unpipelined, "the cache must be empty before [they]
	 * are changed": pixels still in flight or in the cache, and the
	 * fence's flush, would land through the new values.  The Z cache
	 * writes back through the Z buffer's likewise.
	 */
	if ((m->dirty & 1) && (reg == 0x4e00 || (reg >= 0x4e28 && reg <= 0x4e44) ||
			       (reg >= 0x4e80 && reg <= 0x4e88)) &&
	    (!m->known[reg >> 2] || m->reg[reg >> 2] != v))
		fail(m, "colour register %#06x changed with pixels in the cache", reg);
	if ((m->dirty & 2) && (reg == 0x4f10 || reg == 0x4f20 || reg == 0x4f24) &&
	    (!m->known[reg >> 2] || m->reg[reg >> 2] != v))
		fail(m, "Z register %#06x changed with pixels in the cache", reg);
	/*
	 * GB_AA_CONFIG's sample count lays out both buffers (the draw checks
	 * multiply rows by it): pixels in either cache would be written back
	 * with the new layout.
	 */
	if (m->dirty && reg == 0x4020 && (!m->known[reg >> 2] || m->reg[reg >> 2] != v))
		fail(m, "GB_AA_CONFIG changed with pixels in a cache");
	/*
	 * The CMASK RAM is on chip and shared: its offsets, pitches and the
	 * RB3D_CMASK_WRINDEX/DWORD/RDINDEX pair reach it directly, RB3D_CCTL
	 * CMASK_ENABLE and AA_COMPRESSION_ENABLE ("cmask must also be
	 * enabled") through draws.  Only its owner may.
	 */
	if (!m->cmask && ((reg >= 0x4e54 && reg <= 0x4e7c) ||
			  (reg == 0x4e00 && (v & (1u << 9 | 1u << 10)))))
		fail(m, "CMASK RAM reached through %#06x without owning it", reg);
	/* undefined bits (reference field lists) of colour and Z layout registers */
	if (((reg >= 0x4e38 && reg <= 0x4e44) && (v & ~0x01ff3ffeu)) ||
	    (reg == 0x4f24 && (v & ~0x001f3ffcu)) || (reg == 0x4f10 && (v & ~0x3fu)) ||
	    (reg == 0x4f00 && (v & ~0x7fu)) || (reg == 0x4020 && (v & ~7u)))
		fail(m, "register %#06x with undefined bits in %#x", reg, v);
	/* RB3D_CCTL (reference): bit 11 "set to 0", bits 4:0, 8 and 31:15 undefined */
	if (reg == 0x4e00 && (v & ~0x76e0u))
		fail(m, "RB3D_CCTL with undefined bits %#x", v & ~0x76e0u);
	/* bits the reference does not define in the pipe selects */
	if ((reg == 0x42c8 && (v & ~0xfu)) || (reg == 0x4be8 && (v & ~3u)))
		fail(m, "pipe select %#06x with undefined bits %#x", reg, v);
	if (reg == 0x4be8 && !m->rv530)
		fail(m, "write to FG_ZBREG_DEST outside RV530");
	check_reference_bits(m, reg, v);
	m->reg[reg >> 2] = v;
	/* the pipes not selected keep what an earlier client left */
	m->known[reg >> 2] = reg == 0x42c8 || reg == 0x4be8 || !pipes_partial(m);
	switch (reg) {
	case 0x4e4c:	/* RB3D_DSTCACHE_CTLSTAT.DC_FLUSH */
		if (v & 2)
			m->flushed |= 1;
		break;
	case 0x4f18:	/* ZB_ZCACHE_CTLSTAT.ZC_FLUSH */
		if (v & 1)
			m->flushed |= 2;
		break;
	case 0x1720:	/* WAIT_UNTIL.WAIT_3D_IDLECLEAN: flushed caches are empty */
		if (v & (1u << 17)) {
			m->dirty &= ~m->flushed;
			m->flushed = 0;
		}
		break;
	case 0x4f5c:	/* ZB_ZPASS_ADDR: the count lands there */
		access(m, v, (uint64_t)v + 4, "Z pass count");
		break;
	case 0x2084:	/* VAP_VF_CNTL with a primitive draws */
		if (v & 15)
			draw(m, v, 0);
		break;
	case 0x143c:	/* sizes are 14 bits too; 0 draws nothing */
		if ((v & 0x3fff) && (v >> 16 & 0x3fff))
			blit(m, v & 0x3fff, v >> 16 & 0x3fff);
		break;
	case 0x1598:
		if ((v & 0x3fff) && (v >> 16 & 0x3fff))
			blit(m, v >> 16 & 0x3fff, v & 0x3fff);
		break;
	case 0x1604:
		line(m, v);
		break;
	case 0x16c0:
		m->xdir = v & 1;
		m->ydir = (v >> 1) & 1;
		break;
	case 0x16d0:
		m->xdir = v >> 31;
		m->ydir = (v >> 15) & 1;
		break;
	}
}

/* Indices an indexed draw takes, in dwords; -1 if the count is stale */
static int64_t index_dwords(struct model *m, uint32_t vf)
{
	uint32_t n = vf >> 16;

	if ((vf & (1u << 14)) && get(m, 0x2088, &n, "vertex count"))
		return -1;
	n &= 0xffffff;
	return vf & (1u << 11) ? n : (n + 1) / 2;
}

/* A draw packet: @extra dwords follow VAP_VF_CNTL (inline indices, vertices) */
static void draw_packet(struct model *m, uint32_t op, uint32_t vf, uint32_t extra)
{
	int indexed = op == 0x2a || op == 0x36, walk = (vf >> 4) & 3;
	uint32_t vsize;

	if (op == 0x29 || op == 0x35) {	/* vertices in the packet */
		m->pending = 0;
		if (!get(m, 0x20b4, &vsize, "immediate vertex size") &&
		    (uint64_t)(vsize & 0x7f) * ((vf & (1u << 14)) ? m->reg[0x2088 >> 2] & 0xffffff :
						vf >> 16) != extra)
			fail(m, "immediate draw: vertices do not fill its %u dwords", extra);
		draw(m, vf, 1);
		return;
	}
	/* the VAP reads exactly the indices the count says, nothing else */
	if (extra && (!indexed || walk != 1 || index_dwords(m, vf) != extra)) {
		fail(m, "draw packet %#x with %u dwords the VAP does not read", op, extra);
		return;
	}
	m->pending = indexed && !extra && walk == 1 ? vf : 0;
	draw(m, vf, 0);
}

/*
 * A type-3 packet with @n body dwords.  Returns how many of them the CP
 * consumes: INDX_BUFFER overwrites its count with the buffer size (guide
 * 6.2.3.11), so dwords after its third run as packets.
 */
static uint32_t packet3(struct model *m, uint32_t op, const uint32_t *d, uint32_t n)
{
	uint32_t k, need, size, skip;

	switch (op) {
	case 0x10:	/* NOP */
		return n;
	case 0x32:	/* clears of on-chip Hyper-Z and CMASK RAM: start, count, value */
	case 0x37:
	case 0x38:
		if (op == 0x38 && !m->cmask)
			fail(m, "3D_CLEAR_CMASK without owning the CMASK RAM");
		if (n != 3)
			fail(m, "type-3 %#x with %u dwords, the microcode reads 3", op, n);
		return n;
	case 0x2f:	/* 3D_LOAD_VBPNTR */
		/*
		 * VAP_VTX_NUM_ARRAYS (reference): 4:0, 5 FORCE_PREFETCH, 31:16
		 * granules; 6 VC_DIS_CACHE_INVLD keeps the last draw's (another
		 * client's) vertices in the cache; 15:7 undefined.
		 */
		if (d[0] & 0xffc0)
			fail(m, "3D_LOAD_VBPNTR array count %#x: bits 15:6", d[0]);
		m->narrays = d[0] & 0x1f;
		need = 1 + 3 * (m->narrays / 2) + 2 * (m->narrays & 1);
		if (m->narrays > 16 || n < need) {
			fail(m, "3D_LOAD_VBPNTR accepted with %u arrays", m->narrays);
			return n;
		}
		/* one padding dword completes an odd pair (Mesa's SW TCL) */
		if (n != need && !((m->narrays & 1) && n == need + 1)) {
			fail(m, "3D_LOAD_VBPNTR: %u dwords after %u arrays", n - need, m->narrays);
			return n;
		}
		for (k = 0; k < m->narrays; k++) {
			uint32_t attr = d[1 + 3 * (k / 2)] >> (k & 1 ? 16 : 0);

			/* VAP_VTX_AOS_ATTR: count 6:0, stride 14:8 of each half */
			if (attr & 0x8080)
				fail(m, "3D_LOAD_VBPNTR array %u: attribute bits 7/15", k);

			m->size[k] = attr & 0x7f;
			m->stride[k] = (attr >> 8) & 0x7f;
			m->addr[k] = d[2 + 3 * (k / 2) + (k & 1)];
		}
		m->arrays_known = 1;
		return n;
	case 0x33:	/* INDX_BUFFER: the vertices are fetched as indices arrive */
		if (n < 3) {
			fail(m, "INDX_BUFFER with %u dwords", n);
			return n;
		}
		if ((d[0] & ~0x70000u) != 0x80000810u) {
			fail(m, "INDX_BUFFER writes to %#010x", d[0]);
			return 3;
		}
		size = d[2] & 0x7fffff;
		skip = (d[0] >> 16) & 7;
		if (!size) {
			fail(m, "INDX_BUFFER of size 0: the CP's count becomes -1");
			return 3;
		}
		/* indices nobody waits for, or too few, feed a draw not checked */
		if (!m->pending || index_dwords(m, m->pending) != (int64_t)size - skip) {
			fail(m, "INDX_BUFFER of %u dwords for no draw of that many indices", size);
			return 3;
		}
		draw(m, m->pending, 0);
		m->pending = 0;
		access(m, d[1] & ~3u, (uint64_t)(d[1] & ~3u) + 4ull * size, "index buffer");
		return 3;
	case 0x28:	/* 3D_DRAW_VBUF, _IMMD, _INDX: VAP_VTX_FMT, VAP_VF_CNTL */
	case 0x29:
	case 0x2a:
		if (n < 2) {
			fail(m, "draw packet %#x with %u dwords", op, n);
			return n;
		}
		draw_packet(m, op, d[1], n - 2);
		return n;
	case 0x34:	/* the _2 forms: VAP_VF_CNTL */
	case 0x35:
	case 0x36:
		draw_packet(m, op, d[0], n - 1);
		return n;
	}
	fail(m, "type-3 opcode %#x accepted", op);
	return n;
}

/*
 * What the kernel writes before every IB (r5xx_ib_emit()), so that no IB
 * inherits it from the last one: the blit direction, all pipes selected,
 * the index clamps wide open and the index offset 0, the Z unit off, no AA
 * resolve.
 */
const uint32_t *am_ib_resets(int r500, int rv530)
{
	static uint32_t list[2 * 10 + 1];
	unsigned int n = 0;

#define RESET(r, v) do { list[n++] = (r); list[n++] = (v); } while (0)
	RESET(0x16c0, 3);		/* DP_CNTL: left to right, top to bottom */
	RESET(0x42c8, 0xf);		/* SU_REG_DEST: all raster pipes */
	if (rv530)
		RESET(0x4be8, 3);	/* FG_ZBREG_DEST: both Z pipes */
	RESET(0x2134, 0xffffff);	/* VAP_VF_MAX_VTX_INDX */
	RESET(0x2138, 0);		/* VAP_VF_MIN_VTX_INDX */
	if (r500)
		RESET(0x208c, 0);	/* VAP_INDEX_OFFSET */
	RESET(0x4f00, 0);		/* ZB_CNTL */
	RESET(0x4f1c, 0);		/* ZB_BW_CNTL */
	RESET(0x4e88, 0);		/* RB3D_AARESOLVE_CTL: no resolve */
#undef RESET
	list[n] = 0;
	return list;
}

int am_run(const struct am_bo *bos, unsigned int nbo, int r500, int rs6xx,
	   int r300, int rv530, int cmask, const uint32_t *ib, uint32_t ndw,
	   char *why, size_t len)
{
	static struct model m;	/* big; the harness is single-threaded */
	const uint32_t *reset;
	uint32_t i = 0, k;

	memset(&m, 0, sizeof(m));
	m.bos = bos;
	m.nbo = nbo;
	m.r500 = r500;
	m.rs6xx = rs6xx;
	m.r300 = r300;
	m.rv530 = rv530;
	m.cmask = cmask;
	for (reset = am_ib_resets(r500, rv530); *reset; reset += 2) {
		m.reg[reset[0] >> 2] = reset[1];
		m.known[reset[0] >> 2] = 1;
	}
	m.xdir = m.ydir = 1;	/* DP_CNTL as reset */
	m.why = why;
	m.len = len;

	while (i < ndw && !m.bad) {
		uint32_t h = ib[i], type = h >> 30, n = ((h >> 16) & 0x3fff) + 1;

		if (type == 2) {
			i++;
			continue;
		}
		if (type == 1) {
			if (i + 2 >= ndw) {
				fail(&m, "truncated type-1 packet");
				break;
			}
			write_reg(&m, (h & 0x7ff) << 2, ib[i + 1]);
			write_reg(&m, ((h >> 11) & 0x7ff) << 2, ib[i + 2]);
			i += 3;
			continue;
		}
		if ((uint64_t)i + n >= ndw) {
			fail(&m, "truncated packet at %u", i);
			break;
		}
		if (type == 0) {
			for (k = 0; k < n; k++)
				write_reg(&m, ((h & 0x1fff) << 2) + (h & 0x8000 ? 0 : 4 * k),
					  ib[i + 1 + k]);
		} else {
			i += 1 + packet3(&m, (h >> 8) & 0xff, &ib[i + 1], n);
			continue;
		}
		i += n + 1;
	}
	/* the fence's cache flushes after the IB must reach every pipe */
	if (pipes_partial(&m))
		fail(&m, "the IB ends with only some pipes selected");
	return m.bad ? -1 : 0;
}
