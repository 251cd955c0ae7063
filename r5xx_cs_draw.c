// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/string.h>
#include <linux/types.h>

#include "r5xx_cs_check_priv.h"
#include "r5xx_regs.h"
#include "r5xx_tiling.h"

/**
 * DOC: what a draw touches
 *
 * At each 3D draw packet the checker measures, from the state the stream set
 * in this IB, every buffer the draw can read or write:
 *
 * - colour buffer 0, up to NUM_MULTIWRITES, and any whose shader output
 *   (US_OUT_FMT) is not unused, unless no channel is written, blending does
 *   not read and no Z-assisted clear runs;
 * - the Z buffer when Z or stencil is enabled;
 * - the AA resolve buffer when resolving;
 * - each enabled texture unit's whole mip chain;
 * - each vertex array over the vertex indices the draw can fetch.
 *
 * Pixels lie inside the scissor rectangle (SC_SCISSOR0/1, biased by 1440
 * before RV515), so a surface is measured up to its bottom-right corner with
 * r5xx_surface_end(); with multisampling, whole rows of units times the
 * sample count.  State the stream did not set is taken at its worst: every
 * texture unit enabled, four colour buffers, six samples, the largest
 * scissor, Z on.
 *
 * Texture sizes and surface ends are kept from draw to draw with the whole
 * input they were computed from, and reused only for an equal input (see
 * struct cs_tex_memo): no register write has to invalidate them.
 *
 * A scissor wider than a surface's rows lets the last row's pixels beyond
 * the pitch land past the surface's end (a tiled surface wraps unit by unit
 * into the next row of units).  Mesa's r300 draws so in its CBZB clear
 * (r300_texture.c:r300_create_surface_custom: the scissor and quad are the
 * surface's width aligned to 64, its height half the surface's, aligned to
 * a tile; the Z buffer is the lower half): for a
 * 160-pixel pitch the last row of Z tiles reaches 2 KiB past the buffer
 * object.  Upstream's checker measures pitch x rows and ignores the X edge,
 * which lets any stream write up to a scissor's width past the end.  Where
 * only that X overhang leaves the object, the checker lowers the X edge of
 * SC_SCISSOR1 in the IB to the end of the row of units instead of refusing
 * the draw; the pixels it drops were never in the surface's rows.
 *
 * Indexed draws fetch vertices at most at VAP_VF_MAX_VTX_INDX, which the
 * hardware clamps indices to.  Mesa sets it from the vertex buffer sizes in a
 * way that lets the last element start exactly at the end of its buffer;
 * rather than refuse such draws, as a strict check would, or let the fetch
 * read past the object, as upstream does, the checker lowers the value in
 * the IB to the largest index whose element fits every array.
 *
 * 2D operations (DST_HEIGHT_WIDTH, DST_WIDTH_HEIGHT, DST_LINE_END) are
 * measured the same way from DST_PITCH_OFFSET, DST_Y_X, the blit direction
 * and, when the raster operation reads a memory source, SRC_PITCH_OFFSET and
 * SRC_Y_X; the engine may move its coordinates, so each operation needs its
 * own.
 */

static const u32 aa_samples[] = { 2, 3, 4, 6 };

struct cs_rect {
	s32 x0, y0, x1, y1;	/* [x0, x1) x [y0, y1) */
};

static bool rect_empty(const struct cs_rect *r)
{
	return r->x1 <= max(r->x0, 0) || r->y1 <= max(r->y0, 0);
}

static void scissor(const struct cs_parser *p, struct cs_rect *r)
{
	s32 bias = cs_is_r500(p) ? 0 : 1440;
	u32 tl = CS_REG(&p->s, SC_SCISSOR0).set ? CS_REG(&p->s, SC_SCISSOR0).v : 0;
	u32 br = CS_REG(&p->s, SC_SCISSOR1).set ? CS_REG(&p->s, SC_SCISSOR1).v : 0xffffffff;

	r->x0 = (s32)FIELD_GET(R5XX_RE_SCISSORS_TL_X, tl) - bias;
	r->y0 = (s32)FIELD_GET(R5XX_RE_SCISSORS_TL_Y, tl) - bias;
	r->x1 = (s32)FIELD_GET(R5XX_RE_SCISSORS_BR_X, br) + 1 - bias;
	r->y1 = (s32)FIELD_GET(R5XX_RE_SCISSORS_BR_Y, br) + 1 - bias;
}

static u32 samples(const struct cs_parser *p)
{
	u32 v = CS_REG(&p->s, GB_AA_CONFIG).v;

	if (!CS_REG(&p->s, GB_AA_CONFIG).set)
		return 6;
	if (!(v & R5XX_GB_AA_CONFIG_AA_ENABLE))
		return 1;
	return aa_samples[FIELD_GET(R5XX_GB_AA_CONFIG_NUM_AA_SUBSAMPLES, v)];
}

static int fits(const struct cs_parser *p, const char *what, unsigned int n,
		const struct cs_base *b, u64 end)
{
	if (!b->bo) {
		cs_log(p, "%s %u: no buffer in this IB", what, n);
		return -EINVAL;
	}
	if (b->offset > b->bo->size || end > b->bo->size - b->offset) {
		cs_log(p, "%s %u: %llu bytes at %llu, object has %llu", what, n,
		       (unsigned long long)end, (unsigned long long)b->offset,
		       (unsigned long long)b->bo->size);
		return -EINVAL;
	}
	return 0;
}

static bool inside(const struct cs_base *b, u64 end)
{
	return b->bo && b->offset <= b->bo->size && end <= b->bo->size - b->offset;
}

/*
 * Lower the X edge of SC_SCISSOR1 in this IB to @x1 (exclusive, surface
 * pixels), if the IB wrote it.
 */
static bool clamp_scissor_x(struct cs_parser *p, u32 x1)
{
	struct cs_state *s = &p->s;
	struct cs_reg *br = &CS_REG(s, SC_SCISSOR1);
	u32 bias = cs_is_r500(p) ? 0 : 1440, v;

	if (s->scissor1_pos == U32_MAX || !br->set || !x1)
		return false;
	v = (br->v & ~R5XX_RE_SCISSORS_BR_X) |
	    FIELD_PREP(R5XX_RE_SCISSORS_BR_X, x1 - 1 + bias);
	p->ib[s->scissor1_pos] = v;
	cs_reg_store(s, br, v);
	return true;
}

/* Bytes of @surf up to (x1, y1), whole rows of units times @nsamples if > 1 */
static int surface_end(const struct cs_surf_key *k, u64 *end)
{
	u64 rows;
	int ret;

	ret = r5xx_surface_end(&k->surf, k->x1, k->y1, end);
	if (!ret && k->nsamples > 1) {
		ret = r5xx_surface_rows_end(&k->surf, k->y1, &rows);
		*end = max(*end, rows) * k->nsamples;
	}
	return ret;
}

/*
 * Colour, Z or resolve buffer: the scissor rectangle, times the samples.
 * @memo is the CS_MEMO_* entry that keeps this call site's last measure.
 * @xdiv: pixels in one unit of @surf (2 for a YUV 4:2:2 colour buffer
 * measured in its 32-bit pairs), else 1.
 */
static int check_surface(struct cs_parser *p, const char *what,
			 unsigned int n, const struct cs_base *b,
			 const struct r5xx_surface *surf, u32 nsamples,
			 unsigned int memo, u32 xdiv)
{
	struct cs_surf_memo *m = &p->s.surf_memo[memo];
	struct cs_surf_key k;
	struct cs_rect r;
	u32 tw, th, row;
	u64 end;
	int ret;

	/* the buffer must be set even if no pixel lands in it (as upstream) */
	scissor(p, &r);
	if (rect_empty(&r))
		return fits(p, what, n, b, 0);
	if (r.x0 < 0 || r.y0 < 0) {
		cs_log(p, "%s %u: scissor reaches negative coordinates", what, n);
		return -EINVAL;
	}
	memset(&k, 0, sizeof(k));
	k.surf = *surf;
	k.x1 = DIV_ROUND_UP(r.x1, xdiv);
	k.y1 = r.y1;
	k.nsamples = nsamples;
	if (m->valid && !memcmp(&m->key, &k, sizeof(k)))
		return fits(p, what, n, b, m->end);
	ret = surface_end(&k, &end);
	if (ret) {
		cs_log(p, "%s %u: no such layout (cpp %u, tiling %#x)", what, n,
		       surf->cpp, surf->mode);
		return ret;
	}
	/* only the scissor's overhang beyond the row leaves the object: clamp */
	r5xx_tile_dims(surf->cpp, surf->mode, &tw, &th);
	row = surf->mode ? roundup(surf->pitch, tw) : surf->pitch;
	if (!inside(b, end) && k.x1 > row && row) {
		struct cs_surf_key c = k;
		u64 cend;

		c.x1 = row;
		if (!surface_end(&c, &cend) && inside(b, cend) &&
		    clamp_scissor_x(p, row * xdiv)) {
			k = c;
			end = cend;
		}
	}
	/* memcpy: an assignment need not copy padding, which memcmp compares */
	memcpy(&m->key, &k, sizeof(k));
	m->end = end;
	m->valid = true;
	return fits(p, what, n, b, end);
}

/* Bytes per pixel of the format in a RB3D_COLORPITCH value */
static u32 cb_cpp(u32 pitch)
{
	return r5xx_cb_format_cpp(FIELD_GET(R5XX_RB3D_COLORPITCH_COLORFORMAT, pitch));
}

/*
 * Colour buffer @i in the format of the RB3D_COLORPITCH value @fmt_pitch.
 * YUV 4:2:2 packed formats (11, 12) hold two pixels in each 32-bit word,
 * and Mesa programs their pitch in those words (its stride over the
 * format's 4-byte block): measured both as 2-byte pixels and as 4-byte
 * pairs, so that either reading of the pitch fits.
 */
static int check_cb(struct cs_parser *p, u32 i, struct r5xx_surface surf, u32 fmt_pitch,
		    unsigned int memo)
{
	u32 fmt = FIELD_GET(R5XX_RB3D_COLORPITCH_COLORFORMAT, fmt_pitch);
	int ret;

	surf.cpp = cb_cpp(fmt_pitch);
	ret = check_surface(p, "colour buffer", i, &p->s.cb[i], &surf, samples(p), memo, 1);
	if (ret || (fmt != 11 && fmt != 12))
		return ret;
	surf.cpp = 4;
	return check_surface(p, "colour buffer", i, &p->s.cb[i], &surf, samples(p), memo, 2);
}

static int check_colour(struct cs_parser *p, bool *used)
{
	const struct cs_state *s = &p->s;
	const struct cs_reg *cctl = &CS_REG(s, RB3D_CCTL);
	const struct cs_reg *chmask = &CS_REG(s, RB3D_COLOR_CHANNEL_MASK);
	const struct cs_reg *blend = &CS_REG(s, RB3D_BLENDCNTL);
	u32 num = R5XX_CS_NUM_CB, pitch0, i;
	bool own_format;
	int ret;

	/*
	 * Nothing reaches the colour buffers if no channel is written, blending
	 * does not read and no Z-assisted clear runs (a clear needs Z, which
	 * check_depth() covers, so an unset ZB_BW_CNTL does not count).  "If
	 * all the channels used in the current color format are disabled, then
	 * the cb will discard all the incoming quads" (reference,
	 * RB3D_COLOR_CHANNEL_MASK).  A zero RB3D_COLOR_CHANNEL_MASK clears the
	 * masks of all four buffers (MASK0-MASK3, each buffer's own with
	 * INDEPENDENT_COLOR_CHANNEL_MASK, MASK0 for all without), so RB3D_CCTL
	 * does not matter: Mesa's r300 writes this state without a colour
	 * buffer (nr_cbufs 0), in IBs that need not set RB3D_CCTL.  The mask
	 * must be set in this IB: an earlier IB's says nothing.
	 */
	if (chmask->set && !chmask->v && blend->set &&
	    !(blend->v & R5XX_RB3D_BLENDCNTL_READ_ENABLE) &&
	    !(CS_REG(s, ZB_BW_CNTL).v & R5XX_ZB_BW_CNTL_ZB_CB_CLEAR))
		return 0;
	*used = true;
	if (cctl->set)
		num = FIELD_GET(R5XX_RB3D_CCTL_NUM_MULTIWRITES, cctl->v) + 1;
	/* without INDEPENDENT_COLORFORMAT (R5xx only) every buffer has format 0 */
	own_format = cs_is_r500(p) && cctl->set &&
		     (cctl->v & R5XX_RB3D_CCTL_INDEPENDENT_COLORFORMAT_ENABLE);

	for (i = 0; i < R5XX_CS_NUM_CB; i++) {
		const struct cs_reg *fmt = &CS_REGN(s, US_OUT_FMT, i);
		const struct cs_reg *pitch = &CS_REGN(s, RB3D_COLORPITCH, i);
		struct r5xx_surface surf;

		/* written by multiwrite, or by a shader output that is in use */
		if (i && i >= num && fmt->set &&
		    FIELD_GET(R5XX_US_OUT_FMT_OUT_FMT, fmt->v) ==
		    R5XX_US_OUT_FMT_OUT_FMT_UNUSED)
			continue;
		if (!pitch->set) {
			cs_log(p, "colour buffer %u: no RB3D_COLORPITCH in this IB", i);
			return -EINVAL;
		}
		surf.cpp = 0;
		surf.pitch = pitch->v & R5XX_RB3D_COLORPITCH_COLORPITCH;
		surf.mode = s->cb_mode[i];
		pitch0 = CS_REGN(s, RB3D_COLORPITCH, 0).v;
		ret = check_cb(p, i, surf, pitch->v, CS_MEMO_CB(i));
		if (ret)
			return ret;
		if (!i || own_format)
			continue;
		/*
		 * Without INDEPENDENT_COLORFORMAT (always before R5xx), "all
		 * the MRTs use color format 0" (reference, RB3D_CCTL), and
		 * RB3D_COLORPITCH0 holds "format and tiling control for all
		 * the multibuffers and the pitch of multibuffer 0": buffer i
		 * is measured with its pitch in buffer 0's format, with its
		 * own tiling and with buffer 0's.  Colour buffer 0 was checked
		 * first, so its pitch is set.  Mesa sets the bit on R5xx and
		 * its MRTs share a format, hence a tiling, before R5xx.
		 */
		if ((pitch0 ^ pitch->v) & R5XX_RB3D_COLORPITCH_COLORFORMAT)
			ret = check_cb(p, i, surf, pitch0, CS_MEMO_CB0_CPP(i));
		if (!ret && s->cb_mode[0] != s->cb_mode[i]) {
			surf.mode = s->cb_mode[0];
			ret = check_cb(p, i, surf, pitch0, CS_MEMO_CB0_TILE(i));
		}
		if (ret)
			return ret;
	}
	return 0;
}

static int check_depth(struct cs_parser *p, bool *used)
{
	const struct cs_state *s = &p->s;
	struct r5xx_surface surf;

	const struct cs_reg *cntl = &CS_REG(s, ZB_CNTL), *fmt = &CS_REG(s, ZB_FORMAT);
	const struct cs_reg *bw = &CS_REG(s, ZB_BW_CNTL);

	/*
	 * The Z unit reaches memory when it tests Z or stencil, when it writes
	 * Z (ZWRITEENABLE works without Z_ENABLE), and in the ZB_BW_CNTL modes
	 * that fill, compress or clear through its cache; both registers are
	 * known in every IB (the kernel clears them before it).
	 */
	if (cntl->set && !(cntl->v & (R5XX_ZB_CNTL_Z_ENABLE | R5XX_ZB_CNTL_STENCIL_ENABLE |
				      R5XX_ZB_CNTL_ZWRITEENABLE)) &&
	    bw->set && !(bw->v & (R5XX_ZB_BW_CNTL_FAST_FILL | R5XX_ZB_BW_CNTL_RD_COMP_ENABLE |
				  R5XX_ZB_BW_CNTL_WR_COMP_ENABLE | R5XX_ZB_BW_CNTL_ZB_CB_CLEAR)))
		return 0;
	*used = true;
	if (!CS_REG(s, ZB_DEPTHPITCH).set) {
		cs_log(p, "Z buffer: no ZB_DEPTHPITCH in this IB");
		return -EINVAL;
	}
	surf.cpp = 4;
	if (fmt->set)
		surf.cpp = r5xx_zb_format_cpp(FIELD_GET(R5XX_ZB_FORMAT_DEPTHFORMAT, fmt->v));
	surf.pitch = CS_REG(s, ZB_DEPTHPITCH).v & R5XX_ZB_DEPTHPITCH_DEPTHPITCH;
	surf.mode = s->zb_mode;
	return check_surface(p, "Z buffer", 0, &s->zb, &surf, samples(p), CS_MEMO_Z, 1);
}

static int check_resolve(struct cs_parser *p, bool *used)
{
	const struct cs_state *s = &p->s;
	struct r5xx_surface surf;

	const struct cs_reg *ctl = &CS_REG(s, RB3D_AARESOLVE_CTL);
	const struct cs_reg *pitch = &CS_REG(s, RB3D_AARESOLVE_PITCH);
	const struct cs_reg *cb = &CS_REGN(s, RB3D_COLORPITCH, 0);

	if (ctl->set && !(ctl->v & R5XX_RB3D_AARESOLVE_CTL_AARESOLVE_MODE))
		return 0;
	*used = true;
	if (!pitch->set || !cb->set) {
		cs_log(p, "AA resolve: pitch or format not set in this IB");
		return -EINVAL;
	}
	surf.cpp = cb_cpp(cb->v);
	surf.pitch = pitch->v & R5XX_RB3D_AARESOLVE_PITCH_AARESOLVE_PITCH;
	surf.mode = 0;
	return check_surface(p, "AA resolve buffer", 0, &s->aa, &surf, 1, CS_MEMO_AA, 1);
}

/* CLAMP_x values 2, 4 and 6 clamp; the others wrap at a power of two */
static bool wraps(u32 clamp)
{
	return clamp != 2 && clamp != 4 && clamp != 6;
}

static int texture_desc(const struct cs_parser *p, u32 u, struct r5xx_texture *d)
{
	const struct cs_state *s = &p->s;
	const struct cs_reg *r0 = &CS_REGN(s, TX_FORMAT0, u), *r1 = &CS_REGN(s, TX_FORMAT1, u);
	const struct cs_reg *r2 = &CS_REGN(s, TX_FORMAT2, u);
	const struct cs_reg *flt0 = &CS_REGN(s, TX_FILTER0, u), *flt1 = &CS_REGN(s, TX_FILTER1, u);
	enum r5xx_family fam = p->ctx->family;
	u32 f0 = r0->v, f1 = r1->v, f2 = r2->set ? r2->v : 0;
	bool r500 = cs_is_r500(p);
	u32 w, h, coord;

	if (!r0->set || !r1->set || !flt0->set ||
	    ((r500 || (f0 & R5XX_TX_FORMAT0_TXPITCH_EN)) && !r2->set))
		return -ENOENT;
	/*
	 * The finest level the unit fetches, "0 to NUM_LEVELS" (reference,
	 * TX_FILTER0): beyond, it would read past the chain measured here.
	 * Mesa's is never above NUM_LEVELS (r300_merge_textures_and_samplers).
	 */
	if (FIELD_GET(R5XX_TX_FILTER0_MAX_MIP_LEVEL, flt0->v) >
	    FIELD_GET(R5XX_TX_FORMAT0_NUM_LEVELS, f0))
		return -ERANGE;
	/* the whole struct is a memo key: padding included */
	memset(d, 0, sizeof(*d));
	coord = FIELD_GET(R5XX_TX_FORMAT1_TEX_COORD_TYPE, f1);
	if (coord > 2 ||
	    r5xx_tex_format(FIELD_GET(R5XX_TX_FORMAT1_TXFORMAT, f1),
			    r500 && (f2 & R5XX_TX_FORMAT2_TXFORMAT_MSB), &d->texel))
		return -EINVAL;

	w = FIELD_GET(R5XX_TX_FORMAT0_TXWIDTH, f0);
	h = FIELD_GET(R5XX_TX_FORMAT0_TXHEIGHT, f0);
	if (r500 && (f2 & R5XX_TX_FORMAT2_TXWIDTH_11))
		w |= BIT(11);
	if (r500 && (f2 & R5XX_TX_FORMAT2_TXHEIGHT_11))
		h |= BIT(11);
	d->width = w + 1;
	d->height = h + 1;
	d->depth = coord == 1 ? 1 << FIELD_GET(R5XX_TX_FORMAT0_TXDEPTH, f0) : 1;
	d->faces = coord == 2 ? 6 : 1;
	d->levels = FIELD_GET(R5XX_TX_FORMAT0_NUM_LEVELS, f0) + 1;
	d->pitch = f0 & R5XX_TX_FORMAT0_TXPITCH_EN ?
		   FIELD_GET(R5XX_TX_FORMAT2_TXPITCH, f2) + 1 : 0;
	d->mode = s->tex[u].mode;

	d->flags = R5XX_TEX_POT_W | R5XX_TEX_POT_H;
	if (!wraps(FIELD_GET(R5XX_TX_FILTER0_CLAMP_S, flt0->v)))
		d->flags &= ~R5XX_TEX_POT_W;
	if (!wraps(FIELD_GET(R5XX_TX_FILTER0_CLAMP_T, flt0->v)))
		d->flags &= ~R5XX_TEX_POT_H;
	/* R300 itself, or MACRO_SWITCH: macro-linear from width 8 micro tiles */
	if (fam == R5XX_FAMILY_R300 ||
	    (flt1->set && (flt1->v & R5XX_TX_FILTER1_MACRO_SWITCH)))
		d->flags |= R5XX_TEX_MACRO_GT;
	if (fam == R5XX_FAMILY_RS600 || fam == R5XX_FAMILY_RS690 || fam == R5XX_FAMILY_RS740)
		d->flags |= R5XX_TEX_ROW64;
	return 0;
}

/* r5xx_texture_size() of @d, or the unit's last result for the same @d */
static int texture_size(struct cs_parser *p, u32 u, const struct r5xx_texture *d,
			u64 *size)
{
	struct cs_tex_memo *m = &p->s.tex_memo[u];
	int ret;

	if (m->valid && !memcmp(&m->key, d, sizeof(*d))) {
		*size = m->size;
		return 0;
	}
	ret = r5xx_texture_size(d, size);
	if (ret)
		return ret;
	memcpy(&m->key, d, sizeof(*d));
	m->size = *size;
	m->valid = true;
	return 0;
}

static int check_textures(struct cs_parser *p)
{
	const struct cs_state *s = &p->s;
	const struct cs_reg *en = &CS_REG(s, TX_ENABLE);
	u32 enabled = en->set ? en->v : 0xffff, u;
	int ret;

	/* the enabled units only: most draws have few or none */
	enabled &= BIT(R5XX_CS_NUM_TEX) - 1;
	for (u = 0; enabled; u++, enabled >>= 1) {
		struct r5xx_texture d;
		u64 size;

		if (!(enabled & 1))
			continue;
		ret = texture_desc(p, u, &d);
		if (ret == -ENOENT) {
			cs_log(p, "texture %u: TX_FILTER0 or TX_FORMAT0/1/2 not set in this IB", u);
			return -EINVAL;
		}
		if (ret == -ERANGE) {
			cs_log(p, "TX_FILTER0_%u: MAX_MIP_LEVEL above TX_FORMAT0 NUM_LEVELS", u);
			return -EINVAL;
		}
		if (!ret)
			ret = texture_size(p, u, &d, &size);
		if (ret) {
			cs_log(p, "texture %u: invalid format", u);
			return -EINVAL;
		}
		ret = fits(p, "texture", u, &s->tex[u].base, size);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Largest index whose element fits the object, or -1.  The first byte must
 * lie in the object too, which a negative index offset may break.
 */
static s64 array_max_index(const struct cs_array *a, s64 lo)
{
	u64 size = a->base.bo->size, off = a->base.offset;
	u64 stride = a->stride * 4, esize = a->size * 4;

	if (off > size || esize > size - off)
		return -1;
	if (lo < 0 && (u64)-lo * stride > off)
		return -1;
	if (!stride)
		return S64_MAX;
	return (size - off - esize) / stride;
}

/*
 * Vertex arrays for the fetch indices [lo, hi].  An indexed draw whose @hi
 * is the clamp VAP_VF_MAX_VTX_INDX may instead have that clamp lowered, to
 * no less than @min_clamp, so that @hi + @raise fits.
 */
static int check_arrays(struct cs_parser *p, s64 lo, s64 hi, bool indexed,
			s64 min_clamp, s64 raise)
{
	struct cs_state *s = &p->s;
	struct cs_reg *max_indx = &CS_REG(s, VAP_VF_MAX_VTX_INDX);
	s64 safe = S64_MAX;
	u32 i;

	if (!s->arrays_set) {
		cs_log(p, "draw without 3D_LOAD_VBPNTR in this IB");
		return -EINVAL;
	}
	for (i = 0; i < s->num_arrays; i++)
		safe = min(safe, array_max_index(&s->arrays[i], lo));
	if (hi <= safe)
		return 0;
	/* indexed: clamp the fetch by lowering VAP_VF_MAX_VTX_INDX in this IB */
	if (indexed && safe >= 0 && s->max_indx_pos != U32_MAX &&
	    safe - raise >= min_clamp) {
		u32 v = (max_indx->v & ~R5XX_VAP_VF_MAX_VTX_INDX_MAX_INDX) |
			(u32)(safe - raise);

		p->ib[s->max_indx_pos] = v;
		cs_reg_store(s, max_indx, v);
		return 0;
	}
	cs_log(p, "vertex arrays: index %lld is beyond an array's object",
	       (long long)hi);
	return -EINVAL;
}

/*
 * The vertex indices a draw fetches (reference, VAP_VF_MIN/MAX_VTX_INDX and
 * VAP_INDEX_OFFSET): indices, from the index buffer or counted 0 .. n - 1,
 * are clamped between VAP_VF_MIN_VTX_INDX and VAP_VF_MAX_VTX_INDX, and on
 * R5xx VAP_INDEX_OFFSET is added in both modes.  The reference says neither
 * in which order nor whether counted indices are clamped, so the range is
 * the union of every reading.  Both clamps are known in every IB: the
 * kernel writes them before it (reset= in regs/r5xx.regs).
 */
static int check_vertex_range(struct cs_parser *p, u32 walk, u32 n)
{
	const struct cs_state *s = &p->s;
	const struct cs_reg *offset = &CS_REG(s, VAP_INDEX_OFFSET);
	s64 min = FIELD_GET(R5XX_VAP_VF_MIN_VTX_INDX_MIN_INDX,
			    CS_REG(s, VAP_VF_MIN_VTX_INDX).v);
	s64 max = FIELD_GET(R5XX_VAP_VF_MAX_VTX_INDX_MAX_INDX,
			    CS_REG(s, VAP_VF_MAX_VTX_INDX).v);
	s64 bias = 0;

	if (cs_is_r500(p)) {
		if (!offset->set) {
			cs_log(p, "draw: VAP_INDEX_OFFSET not known");
			return -EINVAL;
		}
		bias = sign_extend64(FIELD_GET(R5XX_VAP_INDEX_OFFSET_INDEX_OFFSET,
					       offset->v), 24);
	}
	if (walk == 1) {
		/* both bounds, and their order */
		if (min > max) {
			cs_log(p, "draw: VAP_VF_MIN_VTX_INDX %lld above VAP_VF_MAX_VTX_INDX %lld",
			       (long long)min, (long long)max);
			return -EINVAL;
		}
		return check_arrays(p, min + min_t(s64, bias, 0),
				    max + max_t(s64, bias, 0), true, min,
				    max_t(s64, bias, 0));
	}
	/* counted: 0 .. n - 1, raised to VAP_VF_MIN_VTX_INDX if clamped */
	if (!n)
		return 0;
	return check_arrays(p, min_t(s64, bias, 0),
			    max_t(s64, n - 1, min) + max_t(s64, bias, 0), false, 0, 0);
}

static int check_vertices(struct cs_parser *p, u32 vf, bool immd, u32 immd_dw)
{
	struct cs_state *s = &p->s;
	u32 walk = FIELD_GET(R5XX_VAP_VF_CNTL_PRIM_WALK, vf);
	u32 n = FIELD_GET(R5XX_VAP_VF_CNTL_NUM_VERTICES, vf);
	const struct cs_reg *alt = &CS_REG(s, VAP_ALT_NUM_VERTICES);
	const struct cs_reg *vtx_size = &CS_REG(s, VAP_VTX_SIZE);
	unsigned int act = p->action[R5XX_VAP_VF_CNTL / 4];
	u32 known = r5xx_cs_specials[act - R5XX_CS_SPECIAL].known;
	u32 prim = FIELD_GET(R5XX_VAP_VF_CNTL_PRIM_TYPE, vf);
	bool embedded;

	/*
	 * The packet's VAP_VF_CNTL, read as a register write is (bits=fields
	 * of VAP_VF_CNTL in regs/r5xx.regs): dual index mode and the reserved
	 * bits are refused.  Primitive type 7 interleaves wFlags words with the
	 * indices, which changes how many index dwords the VAP reads, and 8-11
	 * are unused (reference): refused too; Mesa and X use neither.
	 */
	if (vf & ~known || (prim >= 7 && prim <= 11)) {
		cs_log(p, "draw: VAP_VF_CNTL %#010x: bits %#x outside its fields, or type %u",
		       vf, vf & ~known, prim);
		return -EINVAL;
	}
	if (vf & R5XX_VAP_VF_CNTL_USE_ALT_NUM_VERTS) {
		if (!alt->set) {
			cs_log(p, "draw: USE_ALT_NUM_VERTS without VAP_ALT_NUM_VERTICES");
			return -EINVAL;
		}
		n = FIELD_GET(R5XX_VAP_ALT_NUM_VERTICES_NUM_VERTICES, alt->v);
	}
	embedded = walk == 3;
	if (immd != embedded) {
		cs_log(p, "draw: vertex walk %u with this packet", walk);
		return -EINVAL;
	}

	switch (walk) {
	case 1:		/* indices */
	case 2:		/* vertex list */
		return check_vertex_range(p, walk, n);
	case 3:		/* vertices in the packet */
		if (!vtx_size->set ||
		    (u64)FIELD_GET(R5XX_VAP_VTX_SIZE_DWORDS_PER_VTX, vtx_size->v) * n != immd_dw) {
			cs_log(p, "immediate draw: %u vertices do not make %u dwords",
			       n, immd_dw);
			return -EINVAL;
		}
		return 0;
	default:
		cs_log(p, "draw: vertex walk 0");
		return -EINVAL;
	}
}

/**
 * cs_check_draw() - check everything a 3D draw packet touches
 * @p: parser
 * @vf_cntl: the packet's VAP_VF_CNTL
 * @immd: the packet carries its vertices (3D_DRAW_IMMD and _IMMD_2)
 * @immd_dw: number of vertex dwords it carries
 *
 * Return: 0 or -EINVAL.
 */
int cs_check_draw(struct cs_parser *p, u32 vf_cntl, bool immd, u32 immd_dw)
{
	struct cs_state *s = &p->s;
	bool colour = false, depth = false;
	int ret;

	ret = check_vertices(p, vf_cntl, immd, immd_dw);
	if (ret)
		return ret;
	if (s->draw_checked && s->draw_gen == s->gen) {
		/* nothing the buffer checks read changed since they passed */
		colour = s->draw_colour;
		depth = s->draw_depth;
	} else {
		ret = check_colour(p, &colour);
		if (!ret)
			ret = check_depth(p, &depth);
		if (!ret)
			ret = check_resolve(p, &colour);
		if (!ret)
			ret = check_textures(p);
		if (ret)
			return ret;
		s->draw_checked = true;
		s->draw_gen = s->gen;
		s->draw_colour = colour;
		s->draw_depth = depth;
	}
	/* the caches may now hold lines for the buffers just checked */
	if (colour)
		p->s.dirty |= CS_CACHE_CB;
	if (depth)
		p->s.dirty |= CS_CACHE_Z;
	p->s.flushed = 0;
	return 0;
}

/* Bytes of a 2D surface up to (x1, y1); 16-bit micro tiles of either shape */
static int surf2d_end(const struct cs_2d_surf *s, u32 cpp, u32 x1, u32 y1, u64 *end)
{
	struct r5xx_surface surf = { .cpp = cpp, .pitch = s->pitch / cpp, .mode = s->mode };
	u64 square;
	int ret;

	ret = r5xx_surface_end(&surf, x1, y1, end);
	if (ret || cpp != 2 || !(s->mode & R5XX_TILE_MICRO))
		return ret;
	surf.mode |= R5XX_TILE_SQUARE;
	ret = r5xx_surface_end(&surf, x1, y1, &square);
	*end = max(*end, square);
	return ret;
}

/*
 * 2D coordinates are 14-bit signed: bits 15:14 of each 16-bit field copy
 * bit 13 (guide 6.2.2), so 0x2000 is -8192.  Sizes are 14 bits too.
 */
static s32 coord14(u32 field)
{
	return sign_extend32(field, 13);
}

#define CS_2D_SIZE	GENMASK(13, 0)

/* One axis of a 2D rectangle from its start, size and direction (-1: unknown) */
static void span(s32 start, u32 size, int forward, s32 *lo, s32 *hi)
{
	*lo = forward == 1 ? start : start - (s32)size + 1;
	*hi = forward == 0 ? start + 1 : start + (s32)size;
}

/* The rectangle an operation of @w x @h pixels covers from @y_x */
static void rect_2d(u32 y_x, int xdir, int ydir, u32 w, u32 h, struct cs_rect *r)
{
	span(coord14(FIELD_GET(R5XX_DST_Y_X_X, y_x)), w, xdir, &r->x0, &r->x1);
	span(coord14(FIELD_GET(R5XX_DST_Y_X_Y, y_x)), h, ydir, &r->y0, &r->y1);
}

/*
 * 2D scissors (guide 6.2.2, GUI_CONTROL bits 2 SRC_CLIPPING and 3
 * DST_CLIPPING, and the SETUP_BODY entries SRC_SC_BOT_RITE, SC_TOP_LEFT and
 * SC_BOT_RITE; regs/r5xx.regs): the engine writes only the destination
 * pixels inside (0, 0)-DEFAULT_SC_BOTTOM_RIGHT while DST_CLIPPING is clear,
 * inside SC_TOP_LEFT-SC_BOTTOM_RIGHT while it is set, and reads a blit's
 * source only inside (0, 0), the implied top-left, to DEFAULT_SC_BOTTOM_RIGHT
 * or, with SRC_CLIPPING, SRC_SC_BOTTOM_RIGHT.  The fields are 14 bits.  A
 * register this IB did not write may hold anything, so its edges do not
 * clip; SC_TOP_LEFT is read as a signed coordinate, so a top-left edge at
 * bit 13 clips nothing either.  Bottom-right edges count as inclusive, one
 * pixel more than the model draws, so the check covers either reading.
 */
static void scissor_2d_br(const struct cs_reg *br, struct cs_rect *c)
{
	/* DEFAULT_SC_ and SRC_SC_BOTTOM_RIGHT have SC_BOTTOM_RIGHT's fields */
	if (!br->set)
		return;
	c->x1 = FIELD_GET(R5XX_SC_BOTTOM_RIGHT_SC_RIGHT, br->v) + 1;
	c->y1 = FIELD_GET(R5XX_SC_BOTTOM_RIGHT_SC_BOTTOM, br->v) + 1;
}

static void scissor_2d(const struct cs_state *s, u32 gmc, bool dst, struct cs_rect *c)
{
	const struct cs_reg *tl = &CS_REG(s, SC_TOP_LEFT);

	c->x0 = 0;
	c->y0 = 0;
	c->x1 = S32_MAX;
	c->y1 = S32_MAX;
	if (dst && (gmc & R5XX_DP_GUI_MASTER_CNTL_DST_CLIPPING)) {
		c->x0 = tl->set ? coord14(FIELD_GET(R5XX_SC_TOP_LEFT_SC_LEFT, tl->v)) : S32_MIN;
		c->y0 = tl->set ? coord14(FIELD_GET(R5XX_SC_TOP_LEFT_SC_TOP, tl->v)) : S32_MIN;
		scissor_2d_br(&CS_REG(s, SC_BOTTOM_RIGHT), c);
	} else if (!dst && (gmc & R5XX_DP_GUI_MASTER_CNTL_SRC_CLIPPING)) {
		scissor_2d_br(&CS_REG(s, SRC_SC_BOTTOM_RIGHT), c);
	} else {
		scissor_2d_br(&CS_REG(s, DEFAULT_SC_BOTTOM_RIGHT), c);
	}
}

/*
 * Check the part of @r inside @clip: nothing if it is empty (the surface
 * must still be set, as for 3D), else it must be at non-negative
 * coordinates and within the buffer.
 */
static int check_2d_surf(struct cs_parser *p, const char *what,
			 const struct cs_2d_surf *s, struct cs_rect r,
			 const struct cs_rect *clip, u32 cpp)
{
	u64 end;

	r.x0 = max(r.x0, clip->x0);
	r.y0 = max(r.y0, clip->y0);
	r.x1 = min(r.x1, clip->x1);
	r.y1 = min(r.y1, clip->y1);
	if (r.x1 <= r.x0 || r.y1 <= r.y0)
		return fits(p, what, 0, &s->base, 0);
	if (r.x0 < 0 || r.y0 < 0) {
		cs_log(p, "2D %s: negative coordinates", what);
		return -EINVAL;
	}
	if (surf2d_end(s, cpp, r.x1, r.y1, &end)) {
		cs_log(p, "2D %s: no such layout", what);
		return -EINVAL;
	}
	return fits(p, what, 0, &s->base, end);
}

/* 2D operations address through their pitch/offset registers only */
static int check_2d_setup(struct cs_parser *p, int *cpp)
{
	const struct cs_reg *gmc_reg = &CS_REG(&p->s, DP_GUI_MASTER_CNTL);
	u32 gmc = gmc_reg->v;

	if (!gmc_reg->set || !(gmc & R5XX_DP_GUI_MASTER_CNTL_DST_PITCH_OFFSET_CNTL)) {
		cs_log(p, "2D: DP_GUI_MASTER_CNTL does not select DST_PITCH_OFFSET");
		return -EINVAL;
	}
	*cpp = r5xx_2d_datatype_cpp(FIELD_GET(R5XX_DP_GUI_MASTER_CNTL_DST_DATATYPE, gmc));
	if (*cpp < 0) {
		cs_log(p, "2D: destination type %lu",
		       FIELD_GET(R5XX_DP_GUI_MASTER_CNTL_DST_DATATYPE, gmc));
		return -EINVAL;
	}
	return 0;
}

/* The ROP3 result depends on the source (S = 0xcc in ROP3 terms) */
static bool rop_reads_source(u32 rop)
{
	return ((rop >> 2) ^ rop) & 0x33;
}

/**
 * cs_check_blit() - check a 2D rectangle operation
 * @p: parser
 * @w: width in pixels, as written (the engine reads bits 13:0)
 * @h: height in pixels, as written (bits 13:0)
 *
 * Return: 0 or -EINVAL.
 */
int cs_check_blit(struct cs_parser *p, u32 w, u32 h)
{
	struct cs_state *s = &p->s;
	u32 gmc = CS_REG(s, DP_GUI_MASTER_CNTL).v, src;
	int cpp, ret, xdir = -1, ydir = -1;
	struct cs_rect r, clip;

	ret = check_2d_setup(p, &cpp);
	if (ret)
		return ret;
	/* the engine reads 14 bits of each; an empty rectangle is refused */
	w &= CS_2D_SIZE;
	h &= CS_2D_SIZE;
	if (!w || !h) {
		cs_log(p, "2D: empty rectangle");
		return -EINVAL;
	}
	if (CS_REG(s, DP_CNTL).set) {
		xdir = !!(CS_REG(s, DP_CNTL).v & R5XX_DP_CNTL_DST_X_LEFT_TO_RIGHT);
		ydir = !!(CS_REG(s, DP_CNTL).v & R5XX_DP_CNTL_DST_Y_TOP_TO_BOTTOM);
	}
	if (!CS_REG(s, DST_Y_X).set) {
		cs_log(p, "2D: no DST_Y_X in this IB");
		return -EINVAL;
	}
	/* only the part inside the scissor is written, whatever the direction */
	rect_2d(CS_REG(s, DST_Y_X).v, xdir, ydir, w, h, &r);
	scissor_2d(s, gmc, true, &clip);
	ret = check_2d_surf(p, "destination", &s->dst, r, &clip, cpp);
	if (ret)
		return ret;

	src = FIELD_GET(R5XX_DP_GUI_MASTER_CNTL_SRC_SOURCE, gmc);
	if (src == R5XX_DP_GUI_MASTER_CNTL_SRC_SOURCE_MEMORY >> 24 ||
	    (rop_reads_source(FIELD_GET(R5XX_DP_GUI_MASTER_CNTL_ROP3, gmc)) &&
	     src != R5XX_DP_GUI_MASTER_CNTL_SRC_SOURCE_HOST_DATA >> 24 &&
	     src != R5XX_DP_GUI_MASTER_CNTL_SRC_SOURCE_HOST_DATA_BYTE >> 24)) {
		if (!(gmc & R5XX_DP_GUI_MASTER_CNTL_SRC_PITCH_OFFSET_CNTL) ||
		    !CS_REG(s, SRC_Y_X).set) {
			cs_log(p, "2D: memory source without SRC_PITCH_OFFSET or SRC_Y_X");
			return -EINVAL;
		}
		/* read as the engine walks it, inside the source scissor only */
		rect_2d(CS_REG(s, SRC_Y_X).v, xdir, ydir, w, h, &r);
		scissor_2d(s, gmc, false, &clip);
		ret = check_2d_surf(p, "source", &s->src, r, &clip, cpp);
		if (ret)
			return ret;
	}
	/* the engine may advance its coordinates: each operation sets its own */
	cs_reg_unset(s, &CS_REG(s, DST_Y_X));
	cs_reg_unset(s, &CS_REG(s, SRC_Y_X));
	return 0;
}

/**
 * cs_check_line() - check a 2D line from DST_LINE_START to @end_y_x
 * @p: parser
 * @end_y_x: the DST_LINE_END value
 *
 * Return: 0 or -EINVAL.
 */
int cs_check_line(struct cs_parser *p, u32 end_y_x)
{
	/* lines stay unclipped: they must not reach negative coordinates */
	static const struct cs_rect all = { S32_MIN, S32_MIN, S32_MAX, S32_MAX };
	struct cs_state *s = &p->s;
	s32 xa, ya, xb, yb;
	struct cs_rect r;
	int cpp, ret;

	ret = check_2d_setup(p, &cpp);
	if (ret)
		return ret;
	if (!CS_REG(s, DST_LINE_START).set) {
		cs_log(p, "2D line: no DST_LINE_START in this IB");
		return -EINVAL;
	}
	xa = coord14(FIELD_GET(R5XX_DST_LINE_START_X, CS_REG(s, DST_LINE_START).v));
	ya = coord14(FIELD_GET(R5XX_DST_LINE_START_Y, CS_REG(s, DST_LINE_START).v));
	xb = coord14(FIELD_GET(R5XX_DST_LINE_END_X, end_y_x));
	yb = coord14(FIELD_GET(R5XX_DST_LINE_END_Y, end_y_x));
	if (min(xa, xb) < 0 || min(ya, yb) < 0) {
		cs_log(p, "2D line: negative coordinates");
		return -EINVAL;
	}
	/* the bounding box */
	r.x0 = min(xa, xb);
	r.y0 = min(ya, yb);
	r.x1 = max(xa, xb) + 1;
	r.y1 = max(ya, yb) + 1;
	cs_reg_unset(s, &CS_REG(s, DST_LINE_START));
	return check_2d_surf(p, "line", &s->dst, r, &all, cpp);
}
