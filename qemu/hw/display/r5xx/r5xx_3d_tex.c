/*
 * ATI/AMD Radeon R3xx-R5xx model: the 3D core's texture units.
 *
 * TX_FILTER0/1, TX_FORMAT0/1/2, TX_OFFSET and TX_BORDER_COLOR of each unit
 * TX_ENABLE enables are decoded once a draw (r5xx_3d_tex_setup()); the
 * shaders' texture instructions sample through r5xx_3d_tex_sample().
 *
 * Level 0 of a 2D texture: its address is TX_OFFSET's, its layout the
 * colour buffer's and the 2D engine's (r5xx_surf_offset(): linear, micro-
 * tiled, square or not, and macro-tiled by TX_OFFSET's MICRO_TILE and
 * MACRO_TILE), its row pitch TX_FORMAT2's TXPITCH with TXPITCH_EN, else
 * the width, in whole units of
 * the layout (a 32-byte micro tile row when linear, 8 micro tiles when
 * macro-tiled); a level smaller than a macro tile is macro-linear (and
 * one of exactly a macro tile with R500's MACRO_SWITCH), as Mesa's
 * r300_texture_macro_switch() decides for RV350 and later.  Formats: the integer ones of TX_FORMAT1
 * (X8 to W16Z16Y16X16, components X from the low bits, unsigned or signed
 * normalised per SIGNED_COMP), DXT1/3/5 (4x4 blocks, the decoded red in X,
 * or in Z with R400's DXTC_SWIZZLE_ENABLE, as Mesa's swizzles expect), and
 * the 16- and 32-bit float ones; then SEL_RED..SEL_ALPHA (X, Y, Z, W, 0,
 * 1) and GAMMA (sRGB to linear on red, green and blue).  Coordinates are
 * normalised (or in texels, R500 TEX's UNSCALED); nearest or bilinear by
 * MAG_FILTER (no LOD yet: no 2x2 quads), anisotropic as bilinear; wrap
 * modes repeat, mirror, clamp to edge, clamp (GL_CLAMP: half border at the
 * edge), clamp to border and the mirror-once forms; the border colour is
 * TX_BORDER_COLOR decoded in the texture's format (ARGB8888 for DXT).
 * Mipmaps, 3D and cube textures, YUV and the R5xx MSB formats are left
 * out (reported once, level 0 of a 2D texture is sampled).
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include <math.h>
#include "r5xx_3d_int.h"
#include "r5xx_facts.h"
#include "r5xx_regs.h"

/* TX_FORMAT1.TXFORMAT (Mesa r300_reg.h R300_TX_FORMAT_*) */
enum {
    TXF_DXT1 = 0x0f,
    TXF_DXT3 = 0x10,
    TXF_DXT5 = 0x11,
    TXF_16F = 0x18,
    TXF_32F_4 = 0x1d,
};

/* Bits of X, Y, Z, W and bytes per texel of the integer formats 0-0xe. */
static const uint8_t r5xx_3d_txf_bits[15][5] = {
    [0x0] = { 8, 0, 0, 0, 1 },          /* X8 */
    [0x1] = { 16, 0, 0, 0, 2 },         /* X16 */
    [0x2] = { 4, 4, 0, 0, 1 },          /* Y4X4 */
    [0x3] = { 8, 8, 0, 0, 2 },          /* Y8X8 */
    [0x4] = { 16, 16, 0, 0, 4 },        /* Y16X16 */
    [0x5] = { 2, 3, 3, 0, 1 },          /* Z3Y3X2 */
    [0x6] = { 5, 6, 5, 0, 2 },          /* Z5Y6X5 */
    [0x7] = { 5, 5, 6, 0, 2 },          /* Z6Y5X5 */
    [0x8] = { 10, 11, 11, 0, 4 },       /* Z11Y11X10 */
    [0x9] = { 11, 11, 10, 0, 4 },       /* Z10Y11X11 */
    [0xa] = { 4, 4, 4, 4, 2 },          /* W4Z4Y4X4 */
    [0xb] = { 5, 5, 5, 1, 2 },          /* W1Z5Y5X5 */
    [0xc] = { 8, 8, 8, 8, 4 },          /* W8Z8Y8X8 */
    [0xd] = { 10, 10, 10, 2, 4 },       /* W2Z10Y10X10 */
    [0xe] = { 16, 16, 16, 16, 8 },      /* W16Z16Y16X16 */
};

/* Float formats 0x18-0x1d: components and bytes per component. */
static const uint8_t r5xx_3d_txf_float[6][2] = {
    { 1, 2 }, { 2, 2 }, { 4, 2 }, { 1, 4 }, { 2, 4 }, { 4, 4 },
};

static bool r5xx_3d_tex_format(unsigned fmt, unsigned *bytes, unsigned *bw)
{
    *bw = 1;
    if (fmt < ARRAY_SIZE(r5xx_3d_txf_bits)) {
        *bytes = r5xx_3d_txf_bits[fmt][4];
        return true;
    }
    if (fmt >= TXF_DXT1 && fmt <= TXF_DXT5) {
        *bw = 4;
        *bytes = fmt == TXF_DXT1 ? 8 : 16;
        return true;
    }
    if (fmt >= TXF_16F && fmt <= TXF_32F_4) {
        const uint8_t *f = r5xx_3d_txf_float[fmt - TXF_16F];

        *bytes = f[0] * f[1];
        return true;
    }
    return false;
}

/*
 * The layout of one level, w x h texels with rows of pw texels at base:
 * macro-tiled if the texture is and the level is more than one macro tile
 * in both directions (gt, or at least one), rows padded to whole units of
 * the layout; returns the bytes the level takes, its rows of blocks
 * rounded up to a power of two when mipmapped (Mesa's miptree) and to the
 * layout's tile height.
 */
static uint64_t r5xx_3d_tex_level(R5xx3dTexLevel *l, uint64_t base,
                                  uint32_t w, uint32_t h, uint32_t pw,
                                  unsigned bytes, unsigned bw, bool macro,
                                  unsigned micro, bool gt, bool mipmapped)
{
    uint32_t wb = (pw + bw - 1) / bw, hb = (h + bw - 1) / bw, unit, th;
    R5xxSurf probe;

    /* the units of the layout, in blocks */
    r5xx_surf_init(&probe, 0, 0, bytes, false, micro != 0);
    if (micro == 2) {
        r5xx_surf_square(&probe);
    }
    if (macro) {
        unsigned mw = probe.mw * R5XX_MACRO_TILE_MICROS;
        unsigned mh = probe.mh * R5XX_MACRO_TILE_MICROS;

        if (gt ? wb <= mw || hb <= mh : wb < mw || hb < mh) {
            macro = false;
        }
    }
    if (macro) {
        unit = probe.mw * R5XX_MACRO_TILE_MICROS;
        th = probe.mh * R5XX_MACRO_TILE_MICROS;
    } else {
        unit = probe.mw;
        th = probe.mh;
        if (unit * bytes * probe.mh < R5XX_MICRO_TILE_BYTES) {
            unit = R5XX_MICRO_TILE_BYTES / (bytes * probe.mh);
        }
    }
    wb = (wb + unit - 1) / unit * unit;
    r5xx_surf_init(&l->surf, base, wb * bytes, bytes, macro, micro != 0);
    if (micro == 2) {
        r5xx_surf_square(&l->surf);
    }
    l->w = w;
    l->h = h;
    l->host = NULL;
    if (mipmapped) {
        uint32_t ph = 1;

        while (ph < h) {
            ph <<= 1;
        }
        hb = (ph + bw - 1) / bw;
    }
    hb = (hb + th - 1) / th * th;
    l->size = (uint64_t)wb * bytes * hb;
    return l->size;
}

void r5xx_3d_tex_setup(R5xx3d *st, R5xx3dDraw *d)
{
    uint32_t en = FIELD_EX32(st->regs[R_TX_ENABLE], TX_ENABLE, TEX_ENABLE);

    d->tex_enable = en;
    d->need_deriv = false;
    d->unorm8[255] = 0.0f;                  /* not filled yet */
    for (unsigned u = 0; u < R5XX_3D_TEX_UNITS; u++) {
        R5xx3dTexUnit *t = &d->tex[u];
        uint32_t f0 = st->regs[A_TX_FILTER0(u) / 4];
        uint32_t f1 = st->regs[A_TX_FILTER1(u) / 4];
        uint32_t x0 = st->regs[A_TX_FORMAT0(u) / 4];
        uint32_t x1 = st->regs[A_TX_FORMAT1(u) / 4];
        uint32_t x2 = st->regs[A_TX_FORMAT2(u) / 4];
        uint32_t off = st->regs[A_TX_OFFSET(u) / 4];
        unsigned micro = FIELD_EX32(off, TX_OFFSET0, MICRO_TILE);
        bool macro = FIELD_EX32(off, TX_OFFSET0, MACRO_TILE);
        unsigned bytes, bw, pw, last, first;
        /*
         * Macro-tiled from one macro tile on (Mesa's rv350_mode: every
         * modelled chip is RV350 or later), from more than one with
         * R500's MACRO_SWITCH (R300's own rule).
         */
        bool gt = st->r500 && FIELD_EX32(f1, TX_FILTER10, MACRO_SWITCH);
        uint64_t base = off & R_TX_OFFSET0_TXOFFSET_MASK;
        R5xxSurf probe;

        t->ok = false;
        if (!(en & (1u << u))) {
            continue;
        }
        t->fmt = FIELD_EX32(x1, TX_FORMAT10, TXFORMAT);
        if ((st->r500 && FIELD_EX32(x2, TX_FORMAT20, TXFORMAT_MSB)) ||
            !r5xx_3d_tex_format(t->fmt, &bytes, &bw)) {
            r5xx_3d_unimp(st, R5XX_3D_UNIMP_TEX,
                          "texture formats (YUV, R5xx MSB set)");
            continue;
        }
        if (FIELD_EX32(x1, TX_FORMAT10, TEX_COORD_TYPE)) {
            r5xx_3d_unimp(st, R5XX_3D_UNIMP_MIP,
                          "3D and cube textures (face 0, slice 0 is used)");
        }
        t->w = FIELD_EX32(x0, TX_FORMAT00, TXWIDTH) + 1;
        t->h = FIELD_EX32(x0, TX_FORMAT00, TXHEIGHT) + 1;
        if (st->r500) {
            t->w += FIELD_EX32(x2, TX_FORMAT20, TXWIDTH_11) << 11;
            t->h += FIELD_EX32(x2, TX_FORMAT20, TXHEIGHT_11) << 11;
        }
        pw = FIELD_EX32(x0, TX_FORMAT00, TXPITCH_EN) ?
             FIELD_EX32(x2, TX_FORMAT20, TXPITCH) + 1 : t->w;
        if (pw < t->w) {
            pw = t->w;                  /* rows hold the width at least */
        }
        t->bw = bw;
        t->bytes = bytes;
        r5xx_surf_init(&probe, 0, 0, bytes, false, micro != 0);
        if (micro == 2 && !r5xx_surf_square(&probe)) {
            r5xx_3d_unimp(st, R5XX_3D_UNIMP_TILE,
                          "square micro tiles but of 16-bit texels");
        }
        /*
         * Levels: NUM_LEVELS is the coarsest, MAX_MIP_LEVEL the finest
         * one sampled (Mesa's max_level and min_level), all laid out one
         * after the other from TX_OFFSET, level 0 first.
         */
        last = FIELD_EX32(x0, TX_FORMAT00, NUM_LEVELS);
        if (last >= R5XX_3D_TEX_LEVELS) {
            last = R5XX_3D_TEX_LEVELS - 1;
        }
        first = FIELD_EX32(f0, TX_FILTER00, MAX_MIP_LEVEL);
        if (first > last) {
            first = last;
        }
        for (unsigned l = 0; l <= last; l++) {
            uint32_t lw = t->w >> l ? t->w >> l : 1;
            uint32_t lh = t->h >> l ? t->h >> l : 1;

            base += r5xx_3d_tex_level(&t->lvl[l], base, lw, lh,
                                      l ? lw : pw, bytes, bw, macro, micro,
                                      gt, last > 0);
            if (st->mem.map) {
                t->lvl[l].host = st->mem.map(st->mem.opaque,
                                             t->lvl[l].surf.base,
                                             t->lvl[l].size);
            }
        }
        t->first = first;
        t->last = last;
        t->surf = t->lvl[0].surf;
        t->mip = FIELD_EX32(f0, TX_FILTER00, MIP_FILTER);
        if (t->mip > 2) {
            t->mip = 2;
        }
        t->min_linear = FIELD_EX32(f0, TX_FILTER00, MIN_FILTER) >= 2;
        /* LOD_BIAS: signed, 5 fraction bits */
        t->lod_bias = ((int32_t)(FIELD_EX32(f1, TX_FILTER10, LOD_BIAS) << 22)
                       >> 22) / 32.0f;
        t->wrap[0] = FIELD_EX32(f0, TX_FILTER00, CLAMP_S);
        t->wrap[1] = FIELD_EX32(f0, TX_FILTER00, CLAMP_T);
        t->linear = FIELD_EX32(f0, TX_FILTER00, MAG_FILTER) >= 2;
        /*
         * A LOD is needed where it picks a level or the filter: the
         * raster then shades each pixel's quad neighbours for derivatives.
         */
        t->need_lod = (t->mip && last > first) || t->min_linear != t->linear;
        d->need_deriv |= t->need_lod;
        t->sel[0] = FIELD_EX32(x1, TX_FORMAT10, SEL_RED);
        t->sel[1] = FIELD_EX32(x1, TX_FORMAT10, SEL_GREEN);
        t->sel[2] = FIELD_EX32(x1, TX_FORMAT10, SEL_BLUE);
        t->sel[3] = FIELD_EX32(x1, TX_FORMAT10, SEL_ALPHA);
        t->sign = FIELD_EX32(x1, TX_FORMAT10, SIGNED_COMP);
        t->gamma = FIELD_EX32(x1, TX_FORMAT10, GAMMA);
        t->dxt_swap = FIELD_EX32(f1, TX_FILTER10, DXTC_SWIZZLE_ENABLE);
        t->border = st->regs[A_TX_BORDER_COLOR(u) / 4];
        t->unorm8 = t->fmt == 0xc && !t->sign ? d->unorm8 : NULL;
        if (t->unorm8 && d->unorm8[255] != 1.0f) {
            for (unsigned i = 0; i < 256; i++) {
                d->unorm8[i] = (float)i / 255.0f;   /* as decode has it */
            }
        }
        t->ok = true;
    }
}

/* Texels ---------------------------------------------------------------- */

static float r5xx_3d_half(uint32_t h)
{
    int e = (h >> 10) & 0x1f;
    float m = (float)(h & 0x3ff);
    float v;

    if (e == 0) {
        v = ldexpf(m, -24);
    } else if (e == 31) {
        v = m ? NAN : INFINITY;
    } else {
        v = ldexpf(m + 1024.0f, e - 25);
    }
    return h & 0x8000 ? -v : v;
}

/* X, Y, Z, W of an integer or float format's texel of bytes b. */
static void r5xx_3d_texel_decode(const R5xx3dTexUnit *t, const uint8_t *b,
                                 float c[4])
{
    uint64_t v = 0;
    unsigned shift = 0;

    c[0] = c[1] = c[2] = c[3] = 0.0f;
    if (t->fmt >= TXF_16F) {
        const uint8_t *f = r5xx_3d_txf_float[t->fmt - TXF_16F];

        for (unsigned i = 0; i < f[0]; i++) {
            const uint8_t *p = b + i * f[1];

            c[i] = f[1] == 2 ? r5xx_3d_half(p[0] | p[1] << 8) :
                   r5xx_3d_f32(p[0] | p[1] << 8 | p[2] << 16 |
                               (uint32_t)p[3] << 24);
        }
        return;
    }
    for (unsigned i = 0; i < t->bytes; i++) {
        v |= (uint64_t)b[i] << (8 * i);
    }
    for (unsigned i = 0; i < 4; i++) {
        unsigned n = r5xx_3d_txf_bits[t->fmt][i];
        uint32_t max = n ? (1u << n) - 1 : 0;
        uint32_t x = (uint32_t)(v >> shift) & max;

        if (!n) {
            break;
        }
        shift += n;
        /* SIGNED_COMP: bit 3 is X, bit 0 is W (a 1-bit field stays 0/1) */
        if ((t->sign & (8u >> i)) && n > 1) {
            int32_t s = x & (1u << (n - 1)) ? (int32_t)x - (int32_t)(max + 1)
                                             : (int32_t)x;
            float f = (float)s / (float)(max >> 1);

            c[i] = f < -1.0f ? -1.0f : f;
        } else {
            c[i] = (float)x / (float)max;
        }
    }
}

static void r5xx_3d_rgb565(uint32_t v, float c[3])
{
    c[0] = ((v >> 11) & 31) / 31.0f;
    c[1] = ((v >> 5) & 63) / 63.0f;
    c[2] = (v & 31) / 31.0f;
}

/* Texel (x, y) of a DXT block at b (8 or 16 bytes): R, G, B, A. */
static void r5xx_3d_dxt_decode(unsigned fmt, const uint8_t *b, unsigned x,
                               unsigned y, float c[4])
{
    const uint8_t *cb = fmt == TXF_DXT1 ? b : b + 8;
    uint32_t c0 = cb[0] | cb[1] << 8, c1 = cb[2] | cb[3] << 8;
    uint32_t bits = cb[4] | cb[5] << 8 | cb[6] << 16 | (uint32_t)cb[7] << 24;
    unsigned i = y * 4 + x, sel = (bits >> (2 * i)) & 3;
    float p0[3], p1[3];

    r5xx_3d_rgb565(c0, p0);
    r5xx_3d_rgb565(c1, p1);
    c[3] = 1.0f;
    for (unsigned k = 0; k < 3; k++) {
        if (sel < 2) {
            c[k] = sel ? p1[k] : p0[k];
        } else if (fmt != TXF_DXT1 || c0 > c1) {
            c[k] = sel == 2 ? (2 * p0[k] + p1[k]) / 3 : (p0[k] + 2 * p1[k]) / 3;
        } else {
            c[k] = sel == 2 ? (p0[k] + p1[k]) / 2 : 0.0f;
        }
    }
    if (fmt == TXF_DXT1) {
        if (c0 <= c1 && sel == 3) {
            c[3] = 0.0f;
        }
    } else if (fmt == TXF_DXT3) {
        c[3] = ((b[i / 2] >> (4 * (i & 1))) & 15) / 15.0f;
    } else {
        unsigned a0 = b[0], a1 = b[1];
        uint64_t ab = 0;
        unsigned s;

        for (unsigned k = 0; k < 6; k++) {
            ab |= (uint64_t)b[2 + k] << (8 * k);
        }
        s = (ab >> (3 * i)) & 7;
        if (s < 2) {
            c[3] = (s ? a1 : a0) / 255.0f;
        } else if (a0 > a1) {
            c[3] = ((8 - s) * a0 + (s - 1) * a1) / (7 * 255.0f);
        } else if (s < 6) {
            c[3] = ((6 - s) * a0 + (s - 1) * a1) / (5 * 255.0f);
        } else {
            c[3] = s == 6 ? 0.0f : 1.0f;
        }
    }
}

/* The texel at integer (x, y) inside the level: X, Y, Z, W. */
static void r5xx_3d_texel(R5xx3d *st, const R5xx3dTexUnit *t,
                          const R5xx3dTexLevel *L, uint32_t x, uint32_t y,
                          float c[4])
{
    const R5xxSurf *sf = &L->surf;
    uint8_t b[16];
    uint64_t off;

    /* blocks of bw x bw texels: bw is 1 or 4 */
    if (!r5xx_surf_offset(sf, t->bw == 1 ? x : x / 4, t->bw == 1 ? y : y / 4,
                          &off)) {
        memset(b, 0, sizeof(b));
    } else if (L->host && off < L->size && t->bytes <= L->size - off) {
        if (t->unorm8) {
            memcpy(b, L->host + off, 4);
        } else {
            memset(b, 0, sizeof(b));
            memcpy(b, L->host + off, t->bytes);
        }
    } else {
        memset(b, 0, sizeof(b));
        st->mem.read(st->mem.opaque, sf->base + off, b, t->bytes);
    }
    if (t->unorm8) {
        c[0] = t->unorm8[b[0]];
        c[1] = t->unorm8[b[1]];
        c[2] = t->unorm8[b[2]];
        c[3] = t->unorm8[b[3]];
        return;
    }
    if (t->bw == 1) {
        r5xx_3d_texel_decode(t, b, c);
        return;
    }
    r5xx_3d_dxt_decode(t->fmt, b, x % 4, y % 4, c);
    if (t->dxt_swap) {
        float r = c[0];

        c[0] = c[2];
        c[2] = r;
    }
}

static void r5xx_3d_border(const R5xx3dTexUnit *t, float c[4])
{
    uint8_t b[16] = {
        t->border, t->border >> 8, t->border >> 16, t->border >> 24
    };

    if (t->bw == 1 && t->bytes <= 4) {
        r5xx_3d_texel_decode(t, b, c);
        return;
    }
    c[0] = b[0] / 255.0f;                   /* ARGB8888 */
    c[1] = b[1] / 255.0f;
    c[2] = b[2] / 255.0f;
    c[3] = b[3] / 255.0f;
}

/* Wrapping --------------------------------------------------------------- */

/* CLAMP_S/T values (Mesa R300_TX_*) */
enum {
    WRAP_REPEAT,
    WRAP_MIRROR,
    WRAP_EDGE,
    WRAP_MIRROR_EDGE,
    WRAP_CLAMP,
    WRAP_MIRROR_CLAMP,
    WRAP_BORDER,
    WRAP_MIRROR_BORDER,
};

/* Coordinate u (in texels) before the filter: GL_CLAMP clamps it. */
static float r5xx_3d_wrap_coord(unsigned mode, float u, uint32_t n)
{
    if (mode == WRAP_MIRROR_EDGE || mode == WRAP_MIRROR_CLAMP ||
        mode == WRAP_MIRROR_BORDER) {
        u = fabsf(u);
    }
    if (mode == WRAP_CLAMP || mode == WRAP_MIRROR_CLAMP) {
        u = u < 0.0f ? 0.0f : u > (float)n ? (float)n : u;
    }
    return u;
}

/* Texel index i wrapped into [0, n), or -1 for the border colour. */
static int64_t r5xx_3d_wrap(unsigned mode, int64_t i, uint32_t n)
{
    int64_t m;

    if (i >= 0 && i < n) {                  /* inside: every mode keeps it */
        return i;
    }
    switch (mode) {
    case WRAP_REPEAT:
        m = i % n;
        return m < 0 ? m + n : m;
    case WRAP_MIRROR:
        m = i % (2 * (int64_t)n);
        m = m < 0 ? m + 2 * (int64_t)n : m;
        return m < n ? m : 2 * (int64_t)n - 1 - m;
    case WRAP_EDGE:
    case WRAP_MIRROR_EDGE:
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    default:                                /* clamp, border: border */
        return i < 0 || i >= n ? -1 : i;
    }
}

/* Sampling ---------------------------------------------------------------- */

static float r5xx_3d_srgb(float c)
{
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

static void r5xx_3d_fetch(R5xx3d *st, const R5xx3dTexUnit *t,
                          const R5xx3dTexLevel *L, int64_t x, int64_t y,
                          float c[4])
{
    if (x < 0 || y < 0) {
        r5xx_3d_border(t, c);
    } else {
        r5xx_3d_texel(st, t, L, (uint32_t)x, (uint32_t)y, c);
    }
}

/* Level L at coord, nearest or bilinear: X, Y, Z, W. */
static void r5xx_3d_tex_filter(R5xx3d *st, const R5xx3dTexUnit *t,
                               const R5xx3dTexLevel *L, const float coord[4],
                               bool unscaled, bool linear, float c[4])
{
    float u, v;

    u = unscaled ? coord[0] : coord[0] * (float)L->w;
    v = unscaled ? coord[1] : coord[1] * (float)L->h;
    /* NaN and huge coordinates: somewhere far, but finite */
    u = u > -1e7f ? (u < 1e7f ? u : 1e7f) : -1e7f;
    v = v > -1e7f ? (v < 1e7f ? v : 1e7f) : -1e7f;
    u = r5xx_3d_wrap_coord(t->wrap[0], u, L->w);
    v = r5xx_3d_wrap_coord(t->wrap[1], v, L->h);

    if (!linear) {
        int64_t x = r5xx_3d_wrap(t->wrap[0], (int64_t)r5xx_3d_floorf(u), L->w);
        int64_t y = r5xx_3d_wrap(t->wrap[1], (int64_t)r5xx_3d_floorf(v), L->h);

        r5xx_3d_fetch(st, t, L, x, y, c);
    } else {
        float fu = u - 0.5f, fv = v - 0.5f;
        float iu = r5xx_3d_floorf(fu), iv = r5xx_3d_floorf(fv);
        float au = fu - iu, av = fv - iv;
        float q[4][4], wt[4] = {
            (1 - au) * (1 - av), au * (1 - av), (1 - au) * av, au * av
        };

        for (unsigned k = 0; k < 4; k++) {
            int64_t x = r5xx_3d_wrap(t->wrap[0], (int64_t)iu + (k & 1),
                                     L->w);
            int64_t y = r5xx_3d_wrap(t->wrap[1], (int64_t)iv + (k >> 1),
                                     L->h);

            r5xx_3d_fetch(st, t, L, x, y, q[k]);
        }
        for (unsigned i = 0; i < 4; i++) {
            c[i] = wt[0] * q[0][i] + wt[1] * q[1][i] + wt[2] * q[2][i] +
                   wt[3] * q[3][i];
        }
    }
}

void r5xx_3d_tex_sample_lod(R5xx3d *st, const R5xx3dDraw *d, unsigned unit,
                            const float coord[4], bool unscaled, float lod,
                            float out[4])
{
    const R5xx3dTexUnit *t = &d->tex[unit % R5XX_3D_TEX_UNITS];
    float c[4] = { 0, 0, 0, 0 };
    unsigned level = 0;
    bool linear;

    if (!t->ok) {
        out[0] = out[1] = out[2] = 0.0f;
        out[3] = 1.0f;
        return;
    }
    level = t->first;
    linear = t->linear;
    if (!isnan(lod) && lod + t->lod_bias > 0.0f) {
        /* minified: MIN_FILTER, on the level(s) MIP_FILTER picks */
        float l = lod + t->lod_bias;

        linear = t->min_linear;
        if (l > (float)(t->last - t->first)) {
            l = (float)(t->last - t->first);
        }
        if (t->mip == 1) {
            level = t->first + (unsigned)r5xx_3d_floorf(l + 0.5f);
        } else if (t->mip == 2) {
            float il = r5xx_3d_floorf(l), f = l - il;

            level = t->first + (unsigned)il;
            if (level < t->last && f > 0.0f) {
                float c1[4];

                r5xx_3d_tex_filter(st, t, &t->lvl[level], coord, unscaled,
                                   linear, c);
                r5xx_3d_tex_filter(st, t, &t->lvl[level + 1], coord,
                                   unscaled, linear, c1);
                for (unsigned i = 0; i < 4; i++) {
                    c[i] = c[i] * (1.0f - f) + c1[i] * f;
                }
                goto swizzle;
            }
        }
        if (level > t->last) {
            level = t->last;
        }
    }
    r5xx_3d_tex_filter(st, t, &t->lvl[level], coord, unscaled, linear, c);
swizzle:
    for (unsigned i = 0; i < 4; i++) {
        unsigned s = t->sel[i];

        out[i] = s < 4 ? c[s] : s == 5 ? 1.0f : 0.0f;
        if (t->gamma && i < 3) {
            out[i] = r5xx_3d_srgb(out[i]);
        }
    }
}

float r5xx_3d_tex_lod(R5xx3d *st, const R5xx3dDraw *d, unsigned unit,
                      const float coord[4], bool unscaled)
{
    const R5xx3dTexUnit *t = &d->tex[unit % R5XX_3D_TEX_UNITS];
    R5xx3dDeriv *dv = st->deriv;
    unsigned k;
    float sw, sh, dudx, dvdx, dudy, dvdy, rho;

    if (!dv || dv->n >= R5XX_3D_DERIV_TEX || dv->slot > 2) {
        return NAN;
    }
    k = dv->n++;
    dv->c[dv->slot][k][0] = coord[0];
    dv->c[dv->slot][k][1] = coord[1];
    dv->have[dv->slot] |= 1u << k;
    if (dv->slot || !t->ok || !t->need_lod ||
        !(dv->have[1] & dv->have[2] & (1u << k))) {
        return NAN;
    }
    sw = unscaled ? 1.0f : (float)t->lvl[t->first].w;
    sh = unscaled ? 1.0f : (float)t->lvl[t->first].h;
    dudx = (dv->c[1][k][0] - coord[0]) * dv->sx * sw;
    dvdx = (dv->c[1][k][1] - coord[1]) * dv->sx * sh;
    dudy = (dv->c[2][k][0] - coord[0]) * dv->sy * sw;
    dvdy = (dv->c[2][k][1] - coord[1]) * dv->sy * sh;
    rho = fmaxf(sqrtf(dudx * dudx + dvdx * dvdx),
                sqrtf(dudy * dudy + dvdy * dvdy));
    if (!(rho > 0.0f)) {
        return rho == 0.0f ? -INFINITY : NAN;
    }
    return log2f(rho);
}

void r5xx_3d_tex_sample(R5xx3d *st, const R5xx3dDraw *d, unsigned unit,
                        const float coord[4], bool unscaled, float out[4])
{
    r5xx_3d_tex_sample_lod(st, d, unit, coord, unscaled, NAN, out);
}
