/*
 * ATI/AMD Radeon R3xx-R5xx model: the 2D engine's QEMU-free core.
 * See r5xx_2d_core.h.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "r5xx_2d_core.h"
#include "r5xx_facts.h"
#include "r5xx_regs.h"

/* ROP3 ----------------------------------------------------------------- */

uint32_t r5xx_rop3(uint8_t rop, uint32_t p, uint32_t s, uint32_t d)
{
    uint32_t r = 0;

    for (unsigned i = 0; i < 8; i++) {
        if (rop & (1u << i)) {
            r |= (i & 4 ? p : ~p) & (i & 2 ? s : ~s) & (i & 1 ? d : ~d);
        }
    }
    return r;
}

/* A ROP3 depends on an operand if flipping it changes some minterm. */
static bool r5xx_rop3_uses(uint8_t rop, unsigned bit)
{
    for (unsigned i = 0; i < 8; i++) {
        if (!!(rop & (1u << i)) != !!(rop & (1u << (i ^ bit)))) {
            return true;
        }
    }
    return false;
}

bool r5xx_rop3_uses_dst(uint8_t rop)
{
    return r5xx_rop3_uses(rop, 1);
}

bool r5xx_rop3_uses_src(uint8_t rop)
{
    return r5xx_rop3_uses(rop, 2);
}

bool r5xx_rop3_uses_pat(uint8_t rop)
{
    return r5xx_rop3_uses(rop, 4);
}

uint32_t r5xx_2d_combine(uint8_t rop, uint32_t p, uint32_t s, uint32_t d,
                         uint32_t wmask)
{
    uint32_t v;

    switch (rop) {
    case 0xcc:                          /* SRCCOPY */
        v = s;
        break;
    case 0xf0:                          /* PATCOPY */
        v = p;
        break;
    default:
        v = r5xx_rop3(rop, p, s, d);
        break;
    }
    return (v & wmask) | (d & ~wmask);
}

bool r5xx_2d_fill_value(uint8_t rop, bool pat_solid, uint32_t pat,
                        uint32_t wmask, uint32_t pix_mask, uint32_t *v)
{
    if (r5xx_rop3_uses_dst(rop) || (wmask & pix_mask) != pix_mask) {
        return false;
    }
    if (!r5xx_rop3_uses_pat(rop)) {
        pat = 0;
    } else if (!pat_solid) {
        return false;
    }
    /* no source in a fill; the destination does not matter */
    *v = r5xx_2d_combine(rop, pat, 0, 0, wmask) & pix_mask;
    return true;
}

void r5xx_2d_row_fill(uint8_t *row, unsigned cpp, uint32_t w, uint32_t v)
{
    size_t len = (size_t)w * cpp, have;

    if (!len) {
        return;
    }
    for (unsigned i = 0; i < cpp; i++) {
        row[i] = v >> (8 * i);
    }
    /* double what is there until the row is full */
    for (have = cpp; have < len; have *= 2) {
        memcpy(row + have, row, len - have < have ? len - have : have);
    }
}

/* Surfaces ------------------------------------------------------------- */

/*
 * The pixel sizes are the driver's (r5xx_facts.h); the model leaves out the
 * YUV types: a 4:2:2 pixel is half of a dword shared with its neighbour,
 * which a per-pixel ROP cannot be applied to.
 */
unsigned r5xx_2d_datatype_cpp(unsigned type)
{
    unsigned bytes, yuv;

    if (!r5xx_dp_datatype(type, &bytes, &yuv) || yuv) {
        return 0;
    }
    return bytes;
}

void r5xx_surf_init(R5xxSurf *sf, uint64_t base, uint32_t pitch,
                    unsigned cpp, bool macro, bool micro)
{
    sf->base = base;
    sf->pitch = pitch;
    sf->cpp = cpp;
    sf->macro = macro;
    sf->micro = micro;
    if (!micro || !r5xx_micro_tile(cpp, 0, &sf->mw, &sf->mh)) {
        sf->mw = cpp ? R5XX_MICRO_TILE_BYTES / cpp : 1;
        sf->mh = 1;
    }
}

bool r5xx_surf_square(R5xxSurf *sf)
{
    unsigned w, h;

    if (!sf->micro || !r5xx_micro_tile(sf->cpp, 1, &w, &h)) {
        return false;
    }
    sf->mw = w;
    sf->mh = h;
    return true;
}

void r5xx_surf_decode(R5xxSurf *sf, uint32_t pitch_offset, unsigned cpp)
{
    r5xx_surf_init(sf,
                   (uint64_t)FIELD_EX32(pitch_offset, DST_PITCH_OFFSET,
                                        OFFSET) << 10,
                   FIELD_EX32(pitch_offset, DST_PITCH_OFFSET, PITCH) * 64, cpp,
                   FIELD_EX32(pitch_offset, DST_PITCH_OFFSET, TILE_MACRO),
                   FIELD_EX32(pitch_offset, DST_PITCH_OFFSET, TILE_MICRO));
}

bool r5xx_surf_offset(const R5xxSurf *sf, uint32_t x, uint32_t y,
                      uint64_t *off)
{
    uint32_t mw = sf->mw, mh = sf->mh, in_micro, mx, my;
    uint32_t macro_w, per_row;
    uint64_t macro;

    if (!sf->macro && !sf->micro) {
        *off = (uint64_t)y * sf->pitch + (uint64_t)x * sf->cpp;
        return true;
    }
    in_micro = ((y % mh) * mw + x % mw) * sf->cpp;
    mx = x / mw;
    my = y / mh;
    if (!sf->macro) {
        /* micro tiles in x order, one row of micro tiles after another */
        *off = (uint64_t)my * sf->pitch * mh +
               (uint64_t)mx * R5XX_MICRO_TILE_BYTES + in_micro;
        return true;
    }
    /* 8x8 micro tiles per 2 KiB macro tile; bytes of one macro tile row */
    macro_w = R5XX_MACRO_TILE_MICROS * R5XX_MICRO_TILE_BYTES / mh;
    per_row = sf->pitch / macro_w;
    if (!per_row) {
        return false;
    }
    macro = (uint64_t)(my / R5XX_MACRO_TILE_MICROS) * per_row +
            mx / R5XX_MACRO_TILE_MICROS;
    *off = macro * R5XX_MACRO_TILE_MICROS * R5XX_MACRO_TILE_MICROS *
           R5XX_MICRO_TILE_BYTES +
           ((my % R5XX_MACRO_TILE_MICROS) * R5XX_MACRO_TILE_MICROS +
            mx % R5XX_MACRO_TILE_MICROS) * R5XX_MICRO_TILE_BYTES + in_micro;
    return true;
}

uint32_t r5xx_surf_run(const R5xxSurf *sf, uint32_t x)
{
    if (!sf->macro && !sf->micro) {
        return UINT32_MAX;
    }
    if (sf->mh == 1 && !sf->macro) {
        return UINT32_MAX;  /* micro-linear, macro-linear */
    }
    return sf->mw - x % sf->mw;
}

/* Rectangles ----------------------------------------------------------- */

bool r5xx_rect_clip(R5xxRect *r, const R5xxRect *clip)
{
    if (r->x0 < clip->x0) {
        r->x0 = clip->x0;
    }
    if (r->y0 < clip->y0) {
        r->y0 = clip->y0;
    }
    if (r->x1 > clip->x1) {
        r->x1 = clip->x1;
    }
    if (r->y1 > clip->y1) {
        r->y1 = clip->y1;
    }
    return r->x0 < r->x1 && r->y0 < r->y1;
}

R5xxRect r5xx_2d_dir_rect(int32_t x, int32_t y, uint32_t w, uint32_t h,
                          bool left_to_right, bool top_to_bottom)
{
    R5xxRect r;

    r.x0 = left_to_right ? x : x - (int32_t)w + 1;
    r.y0 = top_to_bottom ? y : y - (int32_t)h + 1;
    r.x1 = r.x0 + (int32_t)w;
    r.y1 = r.y0 + (int32_t)h;
    return r;
}

R5xxRect r5xx_2d_scissor(uint32_t tl, uint32_t br)
{
    R5xxRect r = {
        .x0 = FIELD_EX32(tl, SC_TOP_LEFT, SC_LEFT),
        .y0 = FIELD_EX32(tl, SC_TOP_LEFT, SC_TOP),
        .x1 = FIELD_EX32(br, SC_BOTTOM_RIGHT, SC_RIGHT),
        .y1 = FIELD_EX32(br, SC_BOTTOM_RIGHT, SC_BOTTOM),
    };
    return r;
}

R5xxRect r5xx_2d_dst_scissor(bool dst_clipping, uint32_t sc_top_left,
                             uint32_t sc_bottom_right,
                             uint32_t default_bottom_right)
{
    R5xxRect r = dst_clipping ? r5xx_2d_scissor(sc_top_left, sc_bottom_right)
                              : r5xx_2d_scissor(0, default_bottom_right);

    /* the fields are unsigned 14 bits; no pixel left of or above 0 */
    if (r.x0 < 0) {
        r.x0 = 0;
    }
    if (r.y0 < 0) {
        r.y0 = 0;
    }
    return r;
}

int32_t r5xx_2d_coord(uint32_t v16)
{
    return (int32_t)((v16 & 0x3fff) << 18) >> 18;
}
