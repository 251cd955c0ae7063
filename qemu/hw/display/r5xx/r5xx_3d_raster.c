/*
 * ATI/AMD Radeon R3xx-R5xx model: the 3D core's raster stages.
 *
 * Setup (SU): vertices snap to 1/12 pixel (GB_TILE_CONFIG's 1/12 subpixel
 * grid); SU_CULL_MODE culls by winding in window space, where y grows
 * downwards and a counter-clockwise triangle is one whose signed area
 * (x1 - x0)(y2 - y0) - (x2 - x0)(y1 - y0) is negative.  Scan conversion
 * (SC) samples pixel centres by GL's rules, with the top-left fill rule
 * SC_EDGERULE's value from Mesa stands for, inside RE_SCISSORS.  The RS
 * interpolates colours and texcoords perspective-correctly into the US's
 * input temporaries (R500 RS_IP/RS_INST); Z is linear in window space.
 * The Z test and write (ZB_*) run before the shader, which is right while
 * shaders cannot write depth.  The colour write takes US_OUT_FMT_0's
 * component order into colour buffer 0 (the integer formats; r5xx_3d_cfmt),
 * blended by
 * RB3D_BLENDCNTL (and RB3D_ABLENDCNTL for alpha) in float.
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

#define R5XX_3D_SUB             12              /* subpixels per pixel */
#define R5XX_3D_FIX_MAX         (1 << 24)       /* |coordinate| in 1/12 */
#define R5XX_3D_R300_SC_BIAS    1440            /* pre-RV515 scissor bias */
#define R5XX_3D_MEMO_TEMPS      16              /* most inputs memoised */

/* Setup ------------------------------------------------------------------ */

static void r5xx_3d_rs_setup(R5xx3d *st, R5xx3dDraw *d);
static void r5xx_3d_rs300_setup(R5xx3d *st, R5xx3dDraw *d);

static float r5xx_3d_clamp01(float x)
{
    return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;   /* NaN gives 0 */
}

/*
 * A little-endian word of n (1, 2 or 4) bytes at offset off of a buffer
 * (the colour or Z buffer), and its store: directly where the buffer is
 * mapped (R5xx3dDraw.cb_host, zb_host), else through R5xx3dMem.
 */
static inline void r5xx_3d_ld(R5xx3d *st, const R5xx3dBuf *m,
                              uint64_t off, uint32_t *v, unsigned n)
{
    uint8_t b[4] = { 0, 0, 0, 0 };

    if (m->host && off < m->size && n <= m->size - off) {
        const uint8_t *h = m->host + off;

        /* constant sizes: a load, not a call */
        if (n == 4) {
            memcpy(b, h, 4);
        } else if (n == 2) {
            memcpy(b, h, 2);
        } else {
            memcpy(b, h, n);
        }
    } else {
        st->mem.read(st->mem.opaque, m->base + off, b, n);
    }
    *v = b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
}

static inline void r5xx_3d_st(R5xx3d *st, const R5xx3dBuf *m,
                              R5xx3dSpan *dirty, uint64_t off, uint32_t v,
                              unsigned n)
{
    uint8_t b[4] = { v, v >> 8, v >> 16, v >> 24 };

    if (m->host && off < m->size && n <= m->size - off) {
        uint8_t *h = m->host + off;

        if (n == 4) {
            memcpy(h, b, 4);
        } else if (n == 2) {
            memcpy(h, b, 2);
        } else {
            memcpy(h, b, n);
        }
        dirty->lo = off < dirty->lo ? off : dirty->lo;
        dirty->hi = off + n > dirty->hi ? off + n : dirty->hi;
    } else {
        st->mem.write(st->mem.opaque, m->base + off, b, n);
    }
}

/* r5xx_surf_offset(), with a linear surface's offset inline. */
static inline bool r5xx_3d_surf_offset(const R5xxSurf *sf, uint32_t x,
                                       uint32_t y, uint64_t *off)
{
    if (!sf->macro && !sf->micro) {
        *off = (uint64_t)y * sf->pitch + (uint64_t)x * sf->cpp;
        return true;
    }
    return r5xx_surf_offset(sf, x, y, off);
}

/* Map the rows of surface sf the scissors reach, into m. */
static void r5xx_3d_buf_map(R5xx3d *st, const R5xxSurf *sf, int32_t y1,
                            R5xx3dBuf *m)
{
    unsigned th = sf->macro ? sf->mh * R5XX_MACRO_TILE_MICROS : sf->mh;
    uint64_t rows = ((uint64_t)(y1 < 0 ? 0 : y1) + th) / th * th;

    m->base = sf->base;
    m->size = rows * sf->pitch;
    m->host = st->mem.map && st->mem.written && m->size ?
              st->mem.map(st->mem.opaque, m->base, m->size) : NULL;
}

/* Tell R5xx3dMem.written what a primitive wrote directly. */
static void r5xx_3d_buf_written(R5xx3d *st, const R5xx3dBuf *m,
                                R5xx3dSpan *dirty)
{
    if (dirty->hi > dirty->lo) {
        st->mem.written(st->mem.opaque, m->base + dirty->lo,
                        dirty->hi - dirty->lo);
    }
    dirty->lo = UINT64_MAX;
    dirty->hi = 0;
}

static void r5xx_3d_scissor(R5xx3d *st, R5xx3dDraw *d)
{
    uint32_t tl = st->regs[R_RE_SCISSORS_TL];
    uint32_t br = st->regs[R_RE_SCISSORS_BR];
    int32_t bias = st->r500 ? 0 : R5XX_3D_R300_SC_BIAS;

    d->sc_x0 = (int32_t)FIELD_EX32(tl, RE_SCISSORS_TL, X) - bias;
    d->sc_y0 = (int32_t)FIELD_EX32(tl, RE_SCISSORS_TL, Y) - bias;
    d->sc_x1 = (int32_t)FIELD_EX32(br, RE_SCISSORS_BR, X) - bias;
    d->sc_y1 = (int32_t)FIELD_EX32(br, RE_SCISSORS_BR, Y) - bias;
    d->sc_x0 = d->sc_x0 < 0 ? 0 : d->sc_x0;
    d->sc_y0 = d->sc_y0 < 0 ? 0 : d->sc_y0;
}

/*
 * Blending.  The constant colour is RB3D_CONSTANT_COLOR's ARGB8888 on
 * both families; R500's RB3D_CONSTANT_COLOR_AR/GB are left out.
 */
static void r5xx_3d_blend_setup(R5xx3d *st, R5xx3dDraw *d)
{
    uint32_t c = st->regs[R_RB3D_BLENDCNTL];
    uint32_t a = FIELD_EX32(c, RB3D_BLENDCNTL, ALPHA_BLEND_ENABLE) ?
                 st->regs[R_RB3D_ABLENDCNTL] : c;
    uint32_t k = st->regs[R_RB3D_CONSTANT_COLOR];

    d->blend = FIELD_EX32(c, RB3D_BLENDCNTL, ENABLE);
    d->cfunc = FIELD_EX32(c, RB3D_BLENDCNTL, COMB_FCN);
    d->csrc = FIELD_EX32(c, RB3D_BLENDCNTL, SRCBLEND);
    d->cdst = FIELD_EX32(c, RB3D_BLENDCNTL, DESTBLEND);
    d->afunc = FIELD_EX32(a, RB3D_ABLENDCNTL, COMB_FCN);
    d->asrc = FIELD_EX32(a, RB3D_ABLENDCNTL, SRCBLEND);
    d->adst = FIELD_EX32(a, RB3D_ABLENDCNTL, DESTBLEND);
    d->blend_const[0] = ((k >> 16) & 0xff) / 255.0f;
    d->blend_const[1] = ((k >> 8) & 0xff) / 255.0f;
    d->blend_const[2] = (k & 0xff) / 255.0f;
    d->blend_const[3] = (k >> 24) / 255.0f;
    if (st->regs[R_RB3D_ROPCNTL] & 4) {
        r5xx_3d_unimp(st, R5XX_3D_UNIMP_BLEND, "ROPs");
    }
}

/*
 * Blend factor f for channel i, numbered as Mesa's r300_reg.h
 * (R300_BLEND_GL_*): 32 ZERO, 33 ONE, 34 SRC_COLOR, 35 ONE_MINUS_SRC_COLOR,
 * 36 DST_COLOR, 37 ONE_MINUS_DST_COLOR, 38 SRC_ALPHA, 39 ONE_MINUS_SRC_ALPHA,
 * 40 DST_ALPHA, 41 ONE_MINUS_DST_ALPHA, 42 SRC_ALPHA_SATURATE,
 * 43 CONSTANT_COLOR, 44 ONE_MINUS_CONSTANT_COLOR, 45 CONSTANT_ALPHA,
 * 46 ONE_MINUS_CONSTANT_ALPHA (not GL's enum order: colours before
 * alphas); other values read as ZERO.
 */
static float r5xx_3d_factor(unsigned f, unsigned i, const float s[4],
                            const float dst[4], const float k[4])
{
    switch (f) {
    case 33:
        return 1.0f;
    case 34:
        return s[i];
    case 35:
        return 1.0f - s[i];
    case 36:
        return dst[i];
    case 37:
        return 1.0f - dst[i];
    case 38:
        return s[3];
    case 39:
        return 1.0f - s[3];
    case 40:
        return dst[3];
    case 41:
        return 1.0f - dst[3];
    case 42:
        return i == 3 ? 1.0f : fminf(s[3], 1.0f - dst[3]);
    case 43:
        return k[i];
    case 44:
        return 1.0f - k[i];
    case 45:
        return k[3];
    case 46:
        return 1.0f - k[3];
    default:
        return 0.0f;
    }
}

static float r5xx_3d_combine(unsigned func, float s, float fs, float dst,
                             float fd)
{
    switch (func) {
    case 0:                                 /* add */
    case 1:
        return s * fs + dst * fd;
    case 2:                                 /* subtract */
    case 3:
        return s * fs - dst * fd;
    case 4:                                 /* min, factors unused */
        return fminf(s, dst);
    case 5:
        return fmaxf(s, dst);
    default:                                /* reverse subtract */
        return dst * fd - s * fs;
    }
}

/* out (RGBA) blended with the destination pixel old, in place. */
static void r5xx_3d_blend(const R5xx3dDraw *d, uint32_t old, float out[4])
{
    float dst[4], s[4];

    unsigned shift = 0;

    dst[0] = dst[1] = dst[2] = 0.0f;
    dst[3] = 1.0f;
    for (unsigned i = 0; i < d->cb_n; i++) {
        uint32_t max = (1u << d->cb_bits[i]) - 1;

        dst[d->out_sel[d->cb_comp[i]]] = ((old >> shift) & max) /
                                          (float)max;
        shift += d->cb_bits[i];
    }
    for (unsigned i = 0; i < 4; i++) {
        s[i] = r5xx_3d_clamp01(out[i]);
    }
    for (unsigned i = 0; i < 4; i++) {
        bool al = i == 3;
        unsigned sf = al ? d->asrc : d->csrc, df = al ? d->adst : d->cdst;

        out[i] = r5xx_3d_combine(al ? d->afunc : d->cfunc, s[i],
                                 r5xx_3d_factor(sf, i, s, dst,
                                                d->blend_const),
                                 dst[i],
                                 r5xx_3d_factor(df, i, s, dst,
                                                d->blend_const));
    }
}

/*
 * Colour buffer formats (RB3D_COLORPITCH COLORFORMAT): bytes per pixel and
 * the fields of a pixel from the low bits, each a component C0-C3 of
 * US_OUT_FMT and its width.  I8 holds C2 (Mesa's R300_C2_SEL_* for one
 * channel formats), UV88 C2 then C0.
 */
static const struct {
    uint8_t fmt, cpp, n, comp[4], bits[4];
} r5xx_3d_cfmt[] = {
    { 3, 2, 4, { 0, 1, 2, 3 }, { 5, 5, 5, 1 } },        /* ARGB1555 */
    { 4, 2, 3, { 0, 1, 2 }, { 5, 6, 5 } },              /* RGB565 */
    { 5, 4, 4, { 0, 1, 2, 3 }, { 10, 10, 10, 2 } },     /* ARGB2101010 */
    { 6, 4, 4, { 0, 1, 2, 3 }, { 8, 8, 8, 8 } },        /* ARGB8888 */
    { 9, 1, 1, { 2 }, { 8 } },                          /* I8 */
    { 13, 2, 2, { 2, 0 }, { 8, 8 } },                   /* UV88 */
    { 15, 2, 4, { 0, 1, 2, 3 }, { 4, 4, 4, 4 } },       /* ARGB4444 */
};

/* Colour buffer 0 and the shader's output 0 that feeds it. */
static bool r5xx_3d_cb_setup(R5xx3d *st, R5xx3dDraw *d)
{
    uint32_t pitch = st->regs[A_RB3D_COLORPITCH(0) / 4];
    uint32_t fmt = st->regs[A_US_OUT_FMT(0) / 4];
    uint32_t mask = st->regs[R_RB3D_COLOR_CHANNEL_MASK];
    uint32_t px = pitch & R_RB3D_COLORPITCH0_COLORPITCH_MASK;
    unsigned micro = FIELD_EX32(pitch, RB3D_COLORPITCH0, COLORMICROTILE);
    unsigned cf = FIELD_EX32(pitch, RB3D_COLORPITCH0, COLORFORMAT);
    unsigned f, shift = 0;
    /* C0_SEL..C3_SEL: 0 A, 1 R, 2 G, 3 B; as a shader channel */
    static const unsigned chan[4] = { 3, 0, 1, 2 };

    for (f = 0; f < ARRAY_SIZE(r5xx_3d_cfmt); f++) {
        if (r5xx_3d_cfmt[f].fmt == cf) {
            break;
        }
    }
    if (f == ARRAY_SIZE(r5xx_3d_cfmt)) {
        r5xx_3d_unimp(st, R5XX_3D_UNIMP_CFMT,
                      "colour formats 7, 10, 11, 12 (float, YUV)");
        return false;
    }
    if (!px) {
        r5xx_3d_error(st, "3D: colour buffer 0 with pitch 0, draw dropped");
        return false;
    }
    r5xx_surf_init(&d->cb, st->regs[A_RB3D_COLOROFFSET(0) / 4],
                   px * r5xx_3d_cfmt[f].cpp, r5xx_3d_cfmt[f].cpp,
                   FIELD_EX32(pitch, RB3D_COLORPITCH0, COLORTILE),
                   micro != 0);
    if (micro == 2 && !r5xx_surf_square(&d->cb)) {
        r5xx_3d_unimp(st, R5XX_3D_UNIMP_TILE,
                      "square micro tiles but of 16-bit pixels");
    }
    d->cb_n = r5xx_3d_cfmt[f].n;
    d->cb_mask = 0;
    for (unsigned i = 0; i < d->cb_n; i++) {
        d->cb_comp[i] = r5xx_3d_cfmt[f].comp[i];
        d->cb_bits[i] = r5xx_3d_cfmt[f].bits[i];
        /* RB3D_COLOR_CHANNEL_MASK bit c enables component Cc */
        if (mask & (1u << d->cb_comp[i])) {
            d->cb_mask |= ((1u << d->cb_bits[i]) - 1) << shift;
        }
        shift += d->cb_bits[i];
    }
    d->out_sel[0] = chan[FIELD_EX32(fmt, US_OUT_FMT0, C0_SEL)];
    d->out_sel[1] = chan[FIELD_EX32(fmt, US_OUT_FMT0, C1_SEL)];
    d->out_sel[2] = chan[FIELD_EX32(fmt, US_OUT_FMT0, C2_SEL)];
    d->out_sel[3] = chan[FIELD_EX32(fmt, US_OUT_FMT0, C3_SEL)];
    switch (FIELD_EX32(fmt, US_OUT_FMT0, OUT_FMT)) {
    case 0:                                 /* C4_8 */
        break;
    case US_OUT_FMT_OUT_FMT_UNUSED:
        d->cb_mask = 0;
        break;
    default:
        r5xx_3d_unimp(st, R5XX_3D_UNIMP_CFMT, "US output formats but C4_8");
        break;
    }
    r5xx_3d_blend_setup(st, d);
    return true;
}

static void r5xx_3d_zb_setup(R5xx3d *st, R5xx3dDraw *d)
{
    uint32_t cntl = st->regs[R_ZB_CNTL];
    uint32_t pitch = st->regs[R_ZB_DEPTHPITCH];
    uint32_t px = pitch & R_ZB_DEPTHPITCH_DEPTHPITCH_MASK;
    unsigned fmt = FIELD_EX32(st->regs[R_ZB_FORMAT], ZB_FORMAT, DEPTHFORMAT);

    d->z_test = FIELD_EX32(cntl, ZB_CNTL, Z_ENABLE);
    d->z_write = d->z_test && FIELD_EX32(cntl, ZB_CNTL, ZWRITEENABLE);
    d->z_func = FIELD_EX32(st->regs[R_ZB_ZSTENCILCNTL], ZB_ZSTENCILCNTL,
                           ZFUNC);
    if (FIELD_EX32(cntl, ZB_CNTL, STENCIL_ENABLE)) {
        r5xx_3d_unimp(st, R5XX_3D_UNIMP_STENCIL, "stencil");
    }
    d->z_ok = false;
    /*
     * The CBZB clear (Mesa's r300_blit.c): the Z unit writes
     * ZB_DEPTHCLEARVALUE to each pixel the draw covers, Z test or not, and
     * Mesa points the Z buffer at the lower half of a colour buffer.
     */
    d->cbzb = FIELD_EX32(st->regs[R_ZB_BW_CNTL], ZB_BW_CNTL, ZB_CB_CLEAR);
    d->cbzb_value = st->regs[R_ZB_DEPTHCLEARVALUE];
    if (d->cbzb) {
        d->z_test = d->z_write = false;
    } else if (!d->z_test) {
        return;
    }
    if ((fmt != 0 && fmt != 2) || !px) {
        r5xx_3d_error(st, "3D: Z buffer format %u pitch %u: Z test off",
                      fmt, px);
        d->z_test = d->z_write = false;
        return;
    }
    d->z16 = fmt == 0;
    r5xx_surf_init(&d->zb, st->regs[R_ZB_DEPTHOFFSET], px * (d->z16 ? 2 : 4),
                   d->z16 ? 2 : 4,
                   FIELD_EX32(pitch, ZB_DEPTHPITCH, DEPTHMACROTILE),
                   FIELD_EX32(pitch, ZB_DEPTHPITCH, DEPTHMICROTILE) != 0);
    if (FIELD_EX32(pitch, ZB_DEPTHPITCH, DEPTHMICROTILE) == 2 &&
        !r5xx_surf_square(&d->zb)) {
        r5xx_3d_unimp(st, R5XX_3D_UNIMP_TILE,
                      "square micro tiles but of 16-bit pixels");
    }
    d->z_ok = true;
}

bool r5xx_3d_raster_setup(R5xx3d *st, R5xx3dDraw *d)
{
    uint32_t cull = st->regs[R_SU_CULL_MODE];
    uint32_t fmt0 = st->regs[R_VAP_OUT_VTX_FMT0];
    uint32_t fmt1 = st->regs[R_VAP_OUT_VTX_FMT1];
    unsigned pix = st->regs[R_US_PIXSIZE] & 0x7f;

    /* what a pixel interpolates: the colours and texcoords the VAP has */
    d->ncol = 0;
    for (unsigned i = 0; i < 4; i++) {
        if (fmt0 & (R_VAP_OUT_VTX_FMT0_VTX_COLOR_0_PRESENT_MASK << i)) {
            d->ncol = i + 1;
        }
    }
    d->ntex = 0;
    for (unsigned i = 0; i < 8; i++) {
        unsigned cnt = (fmt1 >> (3 * i)) & 7;

        d->ntex += cnt < 4 ? cnt : 4;
    }
    d->temps = pix + 1;
    /* an ALU-only program within its US_PIXSIZE: see r5xx_3d_shade() */
    d->memo = d->prog_temps <= d->temps && d->temps <= R5XX_3D_MEMO_TEMPS;

    if (st->r500) {
        r5xx_3d_rs_setup(st, d);
    } else {
        r5xx_3d_rs300_setup(st, d);
    }
    d->point_stuff = FIELD_EX32(st->regs[R_GB_ENABLE], GB_ENABLE,
                                POINT_STUFF_ENABLE);
    r5xx_3d_scissor(st, d);
    d->cull_front = FIELD_EX32(cull, SU_CULL_MODE, CULL_FRONT);
    d->cull_back = FIELD_EX32(cull, SU_CULL_MODE, CULL_BACK);
    d->cw_front = FIELD_EX32(cull, SU_CULL_MODE, FACE);
    r5xx_3d_zb_setup(st, d);
    if (!r5xx_3d_cb_setup(st, d)) {
        return false;
    }
    r5xx_3d_buf_map(st, &d->cb, d->sc_y1, &d->cbuf);
    d->zbuf.host = NULL;
    d->zbuf.base = d->zb.base;
    if (d->z_ok) {
        r5xx_3d_buf_map(st, &d->zb, d->sc_y1, &d->zbuf);
    }
    return true;
}

/* Scan conversion --------------------------------------------------------- */

static int64_t r5xx_3d_edge(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                            int64_t px, int64_t py)
{
    return (int64_t)(bx - ax) * (py - ay) - (int64_t)(by - ay) * (px - ax);
}

static int32_t r5xx_3d_min3(const int32_t v[3])
{
    int32_t m = v[0] < v[1] ? v[0] : v[1];

    return m < v[2] ? m : v[2];
}

static int32_t r5xx_3d_max3(const int32_t v[3])
{
    int32_t m = v[0] > v[1] ? v[0] : v[1];

    return m > v[2] ? m : v[2];
}

bool r5xx_3d_raster_tri(R5xx3d *st, const int32_t fx[3], const int32_t fy[3],
                        int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                        R5xx3dPixelFn *fn, void *opaque)
{
    int32_t vx[3] = { fx[0], fx[1], fx[2] };
    int32_t vy[3] = { fy[0], fy[1], fy[2] };
    int64_t det = r5xx_3d_edge(vx[0], vy[0], vx[1], vy[1], vx[2], vy[2]);
    int64_t bias[3], step[3];
    int32_t minx, maxx, miny, maxy;
    bool swapped = det < 0;

    if (!det) {
        return true;
    }
    if (swapped) {                          /* make the inside positive */
        vx[1] = fx[2];
        vy[1] = fy[2];
        vx[2] = fx[1];
        vy[2] = fy[1];
        det = -det;
    }
    for (unsigned i = 0; i < 3; i++) {
        /* edge i runs from vertex i + 1 to vertex i + 2, facing vertex i */
        int32_t dx = vx[(i + 2) % 3] - vx[(i + 1) % 3];
        int32_t dy = vy[(i + 2) % 3] - vy[(i + 1) % 3];
        bool top_left = (dy == 0 && dx > 0) || dy < 0;

        bias[i] = top_left ? 0 : -1;
        step[i] = -(int64_t)dy * R5XX_3D_SUB;
    }
    minx = r5xx_3d_min3(vx) / R5XX_3D_SUB - 1;
    maxx = r5xx_3d_max3(vx) / R5XX_3D_SUB + 1;
    miny = r5xx_3d_min3(vy) / R5XX_3D_SUB - 1;
    maxy = r5xx_3d_max3(vy) / R5XX_3D_SUB + 1;
    x0 = x0 > minx ? x0 : minx;
    x1 = x1 < maxx ? x1 : maxx;
    y0 = y0 > miny ? y0 : miny;
    y1 = y1 < maxy ? y1 : maxy;
    if (x1 < x0) {
        return true;
    }

    for (int32_t y = y0; y <= y1; y++) {
        int64_t py = (int64_t)y * R5XX_3D_SUB + R5XX_3D_SUB / 2;
        int64_t px = (int64_t)x0 * R5XX_3D_SUB + R5XX_3D_SUB / 2;
        int64_t e[3];

        if (!r5xx_3d_charge(st, (uint64_t)(x1 - x0 + 1))) {
            return false;
        }
        for (unsigned i = 0; i < 3; i++) {
            e[i] = r5xx_3d_edge(vx[(i + 1) % 3], vy[(i + 1) % 3],
                                vx[(i + 2) % 3], vy[(i + 2) % 3], px, py);
        }
        for (int32_t x = x0; x <= x1; x++) {
            if (e[0] + bias[0] >= 0 && e[1] + bias[1] >= 0 &&
                e[2] + bias[2] >= 0) {
                float b[3];

                b[0] = (float)e[0] / (float)det;
                b[swapped ? 2 : 1] = (float)e[1] / (float)det;
                b[swapped ? 1 : 2] = (float)e[2] / (float)det;
                fn(opaque, x, y, b);
                if (st->over_budget) {
                    return false;
                }
            }
            for (unsigned i = 0; i < 3; i++) {
                e[i] += step[i];
            }
        }
    }
    return true;
}

/* Pixels ----------------------------------------------------------------- */

typedef struct R5xx3dPrim {
    R5xx3d *st;
    const R5xx3dDraw *d;
    const R5xx3dVtx *v[3];
    bool point;             /* a point: its rectangle, in pixels */
    float px0, py0, px1, py1;
    /* a triangle: its vertices in 1/12 pixel, for neighbours' weights */
    int32_t fx[3], fy[3];
    /* what it wrote directly, from the colour and Z buffers' starts */
    R5xx3dSpan cdirty, zdirty;
    /*
     * The shader's temporaries, zeroed once a primitive; a pixel zeroes
     * the first d->temps (US_PIXSIZE + 1), the ones the program uses.
     */
    float temp[R5XX_3D_US_TEMPS][4];
    /*
     * A pixel's interpolated colours and texcoord components, zeroed once
     * a primitive: a pixel writes the first d->ncol and d->ntex (and the
     * same point texcoords each pixel), the rest stay 0.
     */
    float col[4][4];
    float tex[R5XX_3D_TEXCOMP];
    /*
     * With d->memo: the inputs (the first d->temps temporaries after the
     * RS) of the last shader run that completed, and its colour output.
     */
    bool memo_ok;
    float memo_in[R5XX_3D_MEMO_TEMPS][4];
    float memo_out[4];
    bool memo_hit;          /* the last run was such a reuse */
    bool pix_ok;            /* pix is memo_out packed (no blending) */
    uint32_t pix;
} R5xx3dPrim;

/*
 * Point texcoords (GB_ENABLE POINT_STUFF_ENABLE): texcoord n with
 * TEXn_SOURCE 1 or 2 goes from GA_POINT_S0 at the left to S1 at the right
 * and from T1 at the top row to T0 at the bottom one (S0/T0 is the lower
 * left corner, Mesa's blits put their source rectangle there), r 0 and
 * q 1, replacing what the VAP gave in the packed texcoord list.
 */
static void r5xx_3d_point_tex(const R5xx3dPrim *p, int32_t x, int32_t y,
                              float *tex)
{
    R5xx3d *st = p->st;
    uint32_t gb = st->regs[R_GB_ENABLE];
    uint32_t fmt1 = st->regs[R_VAP_OUT_VTX_FMT1];
    float fx = p->px1 > p->px0 ? (x + 0.5f - p->px0) / (p->px1 - p->px0) : 0;
    float fy = p->py1 > p->py0 ? (y + 0.5f - p->py0) / (p->py1 - p->py0) : 0;
    float s0 = r5xx_3d_f32(st->regs[A_GA_POINT_S(0) / 4]);
    float t0 = r5xx_3d_f32(st->regs[A_GA_POINT_T(0) / 4]);
    float s1 = r5xx_3d_f32(st->regs[A_GA_POINT_S(1) / 4]);
    float t1 = r5xx_3d_f32(st->regs[A_GA_POINT_T(1) / 4]);
    unsigned off = 0;

    for (unsigned n = 0; n < 8; n++) {
        unsigned cnt = (fmt1 >> (3 * n)) & 7;

        if ((gb >> (16 + 2 * n)) & 3) {
            tex[off % R5XX_3D_TEXCOMP] = s0 + (s1 - s0) * fx;
            tex[(off + 1) % R5XX_3D_TEXCOMP] = t1 + (t0 - t1) * fy;
            tex[(off + 2) % R5XX_3D_TEXCOMP] = 0.0f;
            tex[(off + 3) % R5XX_3D_TEXCOMP] = 1.0f;
        }
        off += cnt < 4 ? cnt : 4;
    }
}

static bool r5xx_3d_z_pass(unsigned func, uint32_t z, uint32_t old)
{
    switch (func) {
    case 0:
        return false;
    case 1:
        return z < old;
    case 2:
        return z <= old;
    case 3:
        return z == old;
    case 4:
        return z >= old;
    case 5:
        return z > old;
    case 6:
        return z != old;
    default:
        return true;
    }
}

/* Four floats, for the interpolators (GCC/Clang vector extensions). */
typedef float R5xx3dV4 __attribute__((vector_size(16)));

static inline R5xx3dV4 r5xx_3d_v4_load(const float *p)
{
    R5xx3dV4 v;

    memcpy(&v, p, sizeof(v));
    return v;
}

static inline R5xx3dV4 r5xx_3d_v4_splat(float f)
{
    R5xx3dV4 v = { f, f, f, f };

    return v;
}

/* Interpolated value of component c of the three vertices' attribute. */
static float r5xx_3d_lerp(const float b[3], const float w[3], float a0,
                          float a1, float a2)
{
    return b[0] * w[0] * a0 + b[1] * w[1] * a1 + b[2] * w[2] * a2;
}

/* A colour in RS COL_FMT (R300 and R500 alike). */
static void r5xx_3d_rs_col(unsigned fmt, const float *s, float *t)
{
    switch (fmt) {
    case 0:                                 /* RGBA */
        memcpy(t, s, 4 * sizeof(*t));
        break;
    case 2:                                 /* RGB0 */
    case 3:                                 /* RGB1 */
        memcpy(t, s, 3 * sizeof(*t));
        t[3] = fmt == 3 ? 1.0f : 0.0f;
        break;
    case 4:                                 /* 000A */
    case 8:                                 /* 111A */
        t[0] = t[1] = t[2] = fmt == 8 ? 1.0f : 0.0f;
        t[3] = s[3];
        break;
    case 5:                                 /* 0000 */
    case 6:                                 /* 0001 */
        t[0] = t[1] = t[2] = 0.0f;
        t[3] = fmt == 6 ? 1.0f : 0.0f;
        break;
    case 9:                                 /* 1110 */
    case 10:                                /* 1111 */
        t[0] = t[1] = t[2] = 1.0f;
        t[3] = fmt == 10 ? 1.0f : 0.0f;
        break;
    default:                                /* reserved: RGB1 */
        memcpy(t, s, 3 * sizeof(*t));
        t[3] = 1.0f;
        break;
    }
}

/*
 * The US inputs (R500 RS_IP / RS_INST), decoded once a draw: texcoord
 * components by absolute pointer (62 is 0.0, 63 is 1.0), colours by
 * COL_PTR in COL_FMT.
 */
static void r5xx_3d_rs_setup(R5xx3d *st, R5xx3dDraw *d)
{
    unsigned n = FIELD_EX32(st->regs[R_RS_INST_COUNT], RS_INST_COUNT,
                            INST_COUNT) + 1;

    d->rs_n = 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t inst = st->regs[R_R500_RS_INST0 + i];

        if (FIELD_EX32(inst, R500_RS_INST0, TEX_CN)) {
            uint32_t ip = st->regs[R_R500_RS_IP0 +
                                   FIELD_EX32(inst, R500_RS_INST0, TEX_ID)];
            R5xx3dRsOp *op = &d->rs[d->rs_n++];

            op->col = false;
            op->dst = FIELD_EX32(inst, R500_RS_INST0, TEX_ADDR);
            for (unsigned c = 0; c < 4; c++) {
                unsigned ptr = (ip >> (6 * c)) & 0x3f;

                op->sel[c] = ptr == 63 ? R5XX_3D_RS_ONE :
                             ptr == 62 ? R5XX_3D_RS_ZERO :
                             ptr % R5XX_3D_TEXCOMP;
            }
        }
        if (FIELD_EX32(inst, R500_RS_INST0, COL_CN) == 1) {
            uint32_t ip = st->regs[R_R500_RS_IP0 +
                                   FIELD_EX32(inst, R500_RS_INST0, COL_ID)];
            R5xx3dRsOp *op = &d->rs[d->rs_n++];

            op->col = true;
            op->dst = FIELD_EX32(inst, R500_RS_INST0, COL_ADDR);
            op->col_fmt = FIELD_EX32(ip, R500_RS_IP0, COL_FMT);
            op->col_ptr = FIELD_EX32(ip, R500_RS_IP0, COL_PTR) & 3;
        }
    }
}

/*
 * The R300 RS (RS_IP / R300_RS_INST, 8 of each): a texcoord's components
 * are SEL_S..SEL_Q of the list from TEX_PTR on (4 is 0.0, 5 is 1.0).
 */
static void r5xx_3d_rs300_setup(R5xx3d *st, R5xx3dDraw *d)
{
    unsigned n = FIELD_EX32(st->regs[R_RS_INST_COUNT], RS_INST_COUNT,
                            INST_COUNT) + 1;

    d->rs_n = 0;
    for (unsigned i = 0; i < n && i < 8; i++) {
        uint32_t inst = st->regs[A_R300_RS_INST(i) / 4];

        if (FIELD_EX32(inst, R300_RS_INST0, TEX_CN)) {
            uint32_t ip = st->regs[A_RS_IP(FIELD_EX32(inst, R300_RS_INST0,
                                                      TEX_ID)) / 4];
            unsigned ptr = FIELD_EX32(ip, RS_IP0, TEX_PTR);
            R5xx3dRsOp *op = &d->rs[d->rs_n++];

            op->col = false;
            op->dst = FIELD_EX32(inst, R300_RS_INST0, TEX_ADDR);
            for (unsigned c = 0; c < 4; c++) {
                unsigned sel = (ip >> (13 + 3 * c)) & 7;

                op->sel[c] = sel < 4 ? (ptr + sel) % R5XX_3D_TEXCOMP :
                             sel == 5 ? R5XX_3D_RS_ONE : R5XX_3D_RS_ZERO;
            }
        }
        if (FIELD_EX32(inst, R300_RS_INST0, COL_CN)) {
            uint32_t ip = st->regs[A_RS_IP(FIELD_EX32(inst, R300_RS_INST0,
                                                      COL_ID)) / 4];
            R5xx3dRsOp *op = &d->rs[d->rs_n++];

            op->col = true;
            op->dst = FIELD_EX32(inst, R300_RS_INST0, COL_ADDR);
            op->col_fmt = FIELD_EX32(ip, RS_IP0, COL_FMT);
            op->col_ptr = FIELD_EX32(ip, RS_IP0, COL_PTR) & 3;
        }
    }
}

/* The RS of a pixel: its inputs into the US temporaries. */
static void r5xx_3d_rs(const R5xx3dDraw *d, const float col[4][4],
                       const float *tex, float temp[R5XX_3D_US_TEMPS][4])
{
    for (unsigned i = 0; i < d->rs_n; i++) {
        const R5xx3dRsOp *op = &d->rs[i];
        float *t = temp[op->dst % R5XX_3D_US_TEMPS];

        if (op->col) {
            r5xx_3d_rs_col(op->col_fmt, col[op->col_ptr], t);
            continue;
        }
        for (unsigned c = 0; c < 4; c++) {
            unsigned sel = op->sel[c];

            t[c] = sel == R5XX_3D_RS_ONE ? 1.0f :
                   sel == R5XX_3D_RS_ZERO ? 0.0f : tex[sel];
        }
    }
}

/* Whether temporaries 0..n-1 of a and b hold the same bits. */
static inline bool r5xx_3d_same(const float a[][4], const float b[][4],
                                unsigned n)
{
    uint32_t diff = 0;

    for (unsigned i = 0; i < n; i++) {
        uint32_t x[4], y[4];

        memcpy(x, a[i], sizeof(x));
        memcpy(y, b[i], sizeof(y));
        diff |= (x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3]);
    }
    return !diff;
}

static bool r5xx_3d_run_shader(R5xx3d *st, const R5xx3dDraw *d,
                               float temp[R5XX_3D_US_TEMPS][4], float out[4])
{
    if (st->r500) {
        return r5xx_3d_us_run(st, d, temp, out);
    }
    return r5xx_3d_fp_run(st, d, temp, out);
}

/*
 * Interpolate at weights b of pixel (x, y), fill the US inputs and run the
 * shader: out gets colour output 0; false if the pixel is killed.
 */
static bool r5xx_3d_shade(R5xx3dPrim *p, int32_t x, int32_t y,
                          const float b[3], float out[4])
{
    R5xx3d *st = p->st;
    const R5xx3dDraw *d = p->d;
    const R5xx3dVtx *const *v = p->v;
    float w[3] = { v[0]->win[3], v[1]->win[3], v[2]->win[3] };
    float oow = b[0] * w[0] + b[1] * w[1] + b[2] * w[2];
    float (*col)[4] = p->col, *tex = p->tex;
    float (*temp)[4] = p->temp;
    R5xx3dV4 bw0, bw1, bw2, voow;
    unsigned i;

    if (!(oow != 0.0f)) {
        oow = 1.0f;
    }
    /*
     * The colours and texcoord components the VAP outputs, 0 beyond; four
     * at a time, each lane the same arithmetic as r5xx_3d_lerp()'s.
     */
    bw0 = r5xx_3d_v4_splat(b[0] * w[0]);
    bw1 = r5xx_3d_v4_splat(b[1] * w[1]);
    bw2 = r5xx_3d_v4_splat(b[2] * w[2]);
    voow = r5xx_3d_v4_splat(oow);
    for (unsigned i = 0; i < d->ncol; i++) {
        R5xx3dV4 r = (bw0 * r5xx_3d_v4_load(v[0]->col[i]) +
                      bw1 * r5xx_3d_v4_load(v[1]->col[i]) +
                      bw2 * r5xx_3d_v4_load(v[2]->col[i])) / voow;

        memcpy(col[i], &r, sizeof(r));
    }
    i = 0;
    for (; i + 4 <= d->ntex; i += 4) {
        R5xx3dV4 r = (bw0 * r5xx_3d_v4_load(v[0]->tex + i) +
                      bw1 * r5xx_3d_v4_load(v[1]->tex + i) +
                      bw2 * r5xx_3d_v4_load(v[2]->tex + i)) / voow;

        memcpy(tex + i, &r, sizeof(r));
    }
    for (; i < d->ntex; i++) {
        tex[i] = r5xx_3d_lerp(b, w, v[0]->tex[i], v[1]->tex[i],
                              v[2]->tex[i]) / oow;
    }
    if (p->point && d->point_stuff) {
        r5xx_3d_point_tex(p, x, y, tex);
    }
    memset(temp, 0, d->temps * sizeof(temp[0]));
    r5xx_3d_rs(d, col, tex, temp);
    if (!d->memo) {
        return r5xx_3d_run_shader(st, d, temp, out);
    }
    /*
     * An ALU-only program that stays within the temporaries a pixel
     * zeroes computes the same output from the same inputs: a run whose
     * inputs equal the last one's (a flat colour, a clear) only charges
     * the work the run would.
     */
    if (p->memo_ok && r5xx_3d_same(p->memo_in, temp, d->temps)) {
        for (i = 0; i < d->shade_charges; i++) {
            if (!r5xx_3d_charge(st, d->shade_units[i])) {
                return false;
            }
        }
        memcpy(out, p->memo_out, sizeof(p->memo_out));
        p->memo_hit = true;
        return true;
    }
    p->memo_hit = false;
    p->pix_ok = false;
    for (i = 0; i < d->temps; i++) {
        memcpy(p->memo_in[i], temp[i], sizeof(temp[i]));
    }
    p->memo_ok = r5xx_3d_run_shader(st, d, temp, out);
    memcpy(p->memo_out, out, sizeof(p->memo_out));
    return p->memo_ok;
}

/* The weights of pixel (x, y) in the primitive, as the raster gives them. */
static void r5xx_3d_bary(const R5xx3dPrim *p, int32_t x, int32_t y,
                         const float bp[3], float b[3])
{
    int32_t vx[3] = { p->fx[0], p->fx[1], p->fx[2] };
    int32_t vy[3] = { p->fy[0], p->fy[1], p->fy[2] };
    int64_t px = (int64_t)x * R5XX_3D_SUB + R5XX_3D_SUB / 2;
    int64_t py = (int64_t)y * R5XX_3D_SUB + R5XX_3D_SUB / 2;
    int64_t det = r5xx_3d_edge(vx[0], vy[0], vx[1], vy[1], vx[2], vy[2]);
    int64_t e[3];
    bool swapped = det < 0;

    if (p->point || !det) {
        memcpy(b, bp, 3 * sizeof(*b));      /* the same values everywhere */
        return;
    }
    if (swapped) {
        vx[1] = p->fx[2];
        vy[1] = p->fy[2];
        vx[2] = p->fx[1];
        vy[2] = p->fy[1];
        det = -det;
    }
    for (unsigned i = 0; i < 3; i++) {
        e[i] = r5xx_3d_edge(vx[(i + 1) % 3], vy[(i + 1) % 3],
                            vx[(i + 2) % 3], vy[(i + 2) % 3], px, py);
    }
    b[0] = (float)e[0] / (float)det;
    b[swapped ? 2 : 1] = (float)e[1] / (float)det;
    b[swapped ? 1 : 2] = (float)e[2] / (float)det;
}

/*
 * r5xx_3d_shade() with derivatives: the pixel's neighbours in its 2x2 quad
 * across and down are shaded first (helper pixels: nothing is written),
 * recording their texture coordinates for the pixel's LODs.
 */
static bool r5xx_3d_shade_quad(R5xx3dPrim *p, int32_t x, int32_t y,
                               const float b[3], float out[4])
{
    R5xx3d *st = p->st;
    R5xx3dDeriv dv;
    float nb[3], nout[4];
    bool alive;

    dv.have[0] = dv.have[1] = dv.have[2] = 0;
    dv.sx = x & 1 ? -1.0f : 1.0f;
    dv.sy = y & 1 ? -1.0f : 1.0f;
    st->deriv = &dv;
    dv.slot = 1;
    dv.n = 0;
    r5xx_3d_bary(p, x ^ 1, y, b, nb);
    r5xx_3d_shade(p, x ^ 1, y, nb, nout);
    dv.slot = 2;
    dv.n = 0;
    r5xx_3d_bary(p, x, y ^ 1, b, nb);
    r5xx_3d_shade(p, x, y ^ 1, nb, nout);
    dv.slot = 0;
    dv.n = 0;
    alive = r5xx_3d_shade(p, x, y, b, out);
    st->deriv = NULL;
    return alive;
}

static void r5xx_3d_pixel(void *opaque, int32_t x, int32_t y,
                          const float b[3])
{
    R5xx3dPrim *p = opaque;
    R5xx3d *st = p->st;
    const R5xx3dDraw *d = p->d;
    const R5xx3dVtx *const *v = p->v;
    float out[4];
    float z = b[0] * v[0]->win[2] + b[1] * v[1]->win[2] +
              b[2] * v[2]->win[2];
    uint32_t zv = 0, zraw = 0, old, pix, full;
    uint64_t zoff = 0, coff;
    bool z_here = false, alive;

    if (d->z_ok) {
        uint32_t zmax = d->z16 ? 0xffff : 0xffffff;

        zv = (uint32_t)r5xx_3d_f2i(z * (float)zmax, 0, (int32_t)zmax);
        z_here = r5xx_3d_surf_offset(&d->zb, x, y, &zoff);
        if (z_here && d->cbzb) {
            r5xx_3d_st(st, &d->zbuf, &p->zdirty, zoff, d->cbzb_value,
                       d->zb.cpp);
            z_here = false;
        } else if (z_here) {
            r5xx_3d_ld(st, &d->zbuf, zoff, &zraw, d->zb.cpp);
            old = d->z16 ? zraw & 0xffff : zraw >> 8;
            if (!r5xx_3d_z_pass(d->z_func, zv, old)) {
                return;
            }
        }
    }

    if (d->need_deriv) {
        alive = r5xx_3d_shade_quad(p, x, y, b, out);
    } else {
        alive = r5xx_3d_shade(p, x, y, b, out);
    }
    if (!alive) {
        return;                             /* killed */
    }

    if (z_here && d->z_write) {
        uint32_t nz = d->z16 ? zv : (zv << 8) | (zraw & 0xff);

        r5xx_3d_st(st, &d->zbuf, &p->zdirty, zoff, nz, d->zb.cpp);
    }
    if (!d->cb_mask || !r5xx_3d_surf_offset(&d->cb, x, y, &coff)) {
        return;
    }
    old = 0;
    full = d->cb.cpp == 4 ? 0xffffffffu : (1u << (8 * d->cb.cpp)) - 1;
    if (d->blend || d->cb_mask != full) {
        r5xx_3d_ld(st, &d->cbuf, coff, &old, d->cb.cpp);
    }
    if (d->blend) {
        r5xx_3d_blend(d, old, out);
    }
    if (p->memo_hit && p->pix_ok && !d->blend) {
        pix = p->pix;                       /* the same output, packed */
    } else {
        pix = 0;
        for (unsigned i = 0, shift = 0; i < d->cb_n; i++) {
            int32_t max = (1 << d->cb_bits[i]) - 1;
            float f = out[d->out_sel[d->cb_comp[i]]];

            pix |= (uint32_t)r5xx_3d_f2i(f * (float)max, 0, max) << shift;
            shift += d->cb_bits[i];
        }
        p->pix = pix;
        p->pix_ok = d->memo && !d->blend;
    }
    pix = (pix & d->cb_mask) | (old & ~d->cb_mask);
    r5xx_3d_st(st, &d->cbuf, &p->cdirty, coff, pix, d->cb.cpp);
    st->pixels_written++;
}

/* Primitives -------------------------------------------------------------- */

static int32_t r5xx_3d_fix(float f)
{
    return r5xx_3d_f2i(f * R5XX_3D_SUB, -R5XX_3D_FIX_MAX, R5XX_3D_FIX_MAX);
}

void r5xx_3d_triangle(R5xx3d *st, const R5xx3dDraw *d, const R5xx3dVtx *a,
                      const R5xx3dVtx *b, const R5xx3dVtx *c)
{
    R5xx3dPrim p = {
        .st = st, .d = d, .v = { a, b, c },
        .cdirty = { UINT64_MAX, 0 }, .zdirty = { UINT64_MAX, 0 },
    };
    int32_t fx[3], fy[3];
    int64_t det;
    bool front;

    if (a->culled || b->culled || c->culled) {
        return;
    }
    for (unsigned i = 0; i < 3; i++) {
        fx[i] = r5xx_3d_fix(p.v[i]->win[0]);
        fy[i] = r5xx_3d_fix(p.v[i]->win[1]);
    }
    det = r5xx_3d_edge(fx[0], fy[0], fx[1], fy[1], fx[2], fy[2]);
    front = (det < 0) != d->cw_front;       /* det < 0: counter-clockwise */
    if ((front && d->cull_front) || (!front && d->cull_back)) {
        return;
    }
    st->triangles++;
    memcpy(p.fx, fx, sizeof(fx));
    memcpy(p.fy, fy, sizeof(fy));
    r5xx_3d_raster_tri(st, fx, fy, d->sc_x0, d->sc_y0, d->sc_x1, d->sc_y1,
                       r5xx_3d_pixel, &p);
    r5xx_3d_buf_written(st, &d->cbuf, &p.cdirty);
    r5xx_3d_buf_written(st, &d->zbuf, &p.zdirty);
}

/*
 * A point is a screen-aligned rectangle of GA_POINT_SIZE's half sizes
 * (1/12 pixel units, which are the fixed-point units), all its pixels with
 * the vertex's values; Mesa clears and blits this way.
 */
void r5xx_3d_point(R5xx3d *st, const R5xx3dDraw *d, const R5xx3dVtx *v)
{
    R5xx3dPrim p = {
        .st = st, .d = d, .v = { v, v, v },
        .cdirty = { UINT64_MAX, 0 }, .zdirty = { UINT64_MAX, 0 },
    };
    uint32_t size = st->regs[R_GA_POINT_SIZE];
    int32_t hh = size & 0xffff, hw = size >> 16;
    int32_t x = r5xx_3d_fix(v->win[0]), y = r5xx_3d_fix(v->win[1]);

    p.point = true;
    p.px0 = (float)(x - hw) / R5XX_3D_SUB;
    p.px1 = (float)(x + hw) / R5XX_3D_SUB;
    p.py0 = (float)(y - hh) / R5XX_3D_SUB;
    p.py1 = (float)(y + hh) / R5XX_3D_SUB;
    int32_t ax[3] = { x - hw, x + hw, x + hw };
    int32_t ay[3] = { y - hh, y - hh, y + hh };
    int32_t bx[3] = { x - hw, x + hw, x - hw };
    int32_t by[3] = { y - hh, y + hh, y + hh };

    if (v->culled) {
        return;
    }
    st->triangles += 2;
    if (r5xx_3d_raster_tri(st, ax, ay, d->sc_x0, d->sc_y0, d->sc_x1,
                           d->sc_y1, r5xx_3d_pixel, &p)) {
        r5xx_3d_raster_tri(st, bx, by, d->sc_x0, d->sc_y0, d->sc_x1,
                           d->sc_y1, r5xx_3d_pixel, &p);
    }
    r5xx_3d_buf_written(st, &d->cbuf, &p.cdirty);
    r5xx_3d_buf_written(st, &d->zbuf, &p.zdirty);
}
