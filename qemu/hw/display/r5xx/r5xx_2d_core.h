/*
 * ATI/AMD Radeon R3xx-R5xx model: the 2D engine's QEMU-free core.
 *
 * Plain C, host unit-tested (tests/model/unit/): ROP3 evaluation, pixel
 * sizes, surface layouts (guide section 2), rectangle clipping and 2D
 * coordinates (guide 6.2.2).  r5xx_2d.c drives them.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_2D_CORE_H
#define HW_DISPLAY_R5XX_2D_CORE_H

#include <stdbool.h>
#include <stdint.h>

/* Microsoft ROP3: bit (P << 2 | S << 1 | D) of rop is the result. */
uint32_t r5xx_rop3(uint8_t rop, uint32_t p, uint32_t s, uint32_t d);
/* Whether a ROP3 reads the destination, the source, the pattern. */
bool r5xx_rop3_uses_dst(uint8_t rop);
bool r5xx_rop3_uses_src(uint8_t rop);
bool r5xx_rop3_uses_pat(uint8_t rop);

/*
 * One pixel of an operation, as the engine computes it: the ROP3 of the
 * pattern, source and destination values, then the bits the write mask
 * clears keep the destination's.
 */
uint32_t r5xx_2d_combine(uint8_t rop, uint32_t p, uint32_t s, uint32_t d,
                         uint32_t wmask);
/*
 * The value r5xx_2d_combine() gives every pixel of a fill (no source) when
 * it is one value that needs no destination read: a ROP3 that does not read
 * the destination, a write mask of the whole pixel (pix_mask, the low cpp
 * bytes), and a pattern that is either not used or the same at every pixel
 * (pat_solid, then of value pat).  Returns false otherwise.
 */
bool r5xx_2d_fill_value(uint8_t rop, bool pat_solid, uint32_t pat,
                        uint32_t wmask, uint32_t pix_mask, uint32_t *v);
/* w pixels of value v, cpp bytes each, little-endian, at row. */
void r5xx_2d_row_fill(uint8_t *row, unsigned cpp, uint32_t w, uint32_t v);

/*
 * Bytes per pixel of a GUI_CONTROL DST_TYPE, 0 if the model lacks it: the
 * reserved types, and the YUV ones, which it does not draw.
 */
unsigned r5xx_2d_datatype_cpp(unsigned type);

/*
 * A 2D surface from a SRC/DST_PITCH_OFFSET value: MC base (OFFSET in KiB),
 * pitch in bytes (PITCH in 64-byte units), macro/micro tiling bits, and
 * the micro tile those give (r5xx_facts.h).
 */
typedef struct R5xxSurf {
    uint64_t base;
    uint32_t pitch;     /* bytes */
    unsigned cpp;       /* 1, 2 or 4 */
    bool macro;         /* TILE_MACRO */
    bool micro;         /* TILE_MICRO */
    unsigned mw, mh;    /* micro tile in pixels (linear: 32 / cpp x 1) */
} R5xxSurf;

/* A surface of that layout; the micro tile size follows from cpp. */
void r5xx_surf_init(R5xxSurf *sf, uint64_t base, uint32_t pitch,
                    unsigned cpp, bool macro, bool micro);
void r5xx_surf_decode(R5xxSurf *sf, uint32_t pitch_offset, unsigned cpp);
/*
 * Make a micro-tiled surface's micro tiles square (MICRO_TILE 2 of the 3D
 * units: 4x4 at 16 bpp); false, and nothing changed, where the table of
 * micro tiles has no square one for its cpp.
 */
bool r5xx_surf_square(R5xxSurf *sf);
/*
 * Byte offset of pixel (x, y) from the surface base, guide section 2:
 * 32-byte micro tiles (linear: one row of 32/cpp pixels; tiled: 8x4 at
 * 8 bpp, 8x2 at 16 bpp, 4x2 at 32 bpp, pixels in row order), 2 KiB macro
 * tiles (linear: micro tiles in x order along a row of micro tiles;
 * tiled: 8x8 micro tiles in row order, macro tiles in row order across
 * the pitch).  Returns false for a pitch too small for one macro tile.
 */
bool r5xx_surf_offset(const R5xxSurf *sf, uint32_t x, uint32_t y,
                      uint64_t *off);
/* Pixels from (x, y) on that are contiguous in memory in x (>= 1). */
uint32_t r5xx_surf_run(const R5xxSurf *sf, uint32_t x);

/* Half-open rectangle [x0, x1) x [y0, y1). */
typedef struct R5xxRect {
    int32_t x0, y0, x1, y1;
} R5xxRect;

/* Intersect r with clip; false if nothing is left. */
bool r5xx_rect_clip(R5xxRect *r, const R5xxRect *clip);
/*
 * The w x h rectangle an operation from (x, y) covers: a right-to-left or
 * bottom-to-top one (DP_CNTL bits clear) ends at x or y, so it reaches back
 * to x - w + 1 or y - h + 1, below 0 if (x, y) is near the origin.
 */
R5xxRect r5xx_2d_dir_rect(int32_t x, int32_t y, uint32_t w, uint32_t h,
                          bool left_to_right, bool top_to_bottom);
/*
 * A clip rectangle from a top-left and a bottom-right value in the layout
 * of SC_TOP_LEFT / SC_BOTTOM_RIGHT (DEFAULT_SC_ and SRC_SC_BOTTOM_RIGHT are
 * the same): x in bits 13:0, y in 29:16, bottom-right exclusive.
 */
R5xxRect r5xx_2d_scissor(uint32_t tl, uint32_t br);
/*
 * The destination scissor every written pixel is inside (guide 6.2.2,
 * GUI_CONTROL bit 3 DST_CLIPPING and SETUP_BODY SC_TOP_LEFT/SC_BOT_RITE):
 * SC_TOP_LEFT to SC_BOTTOM_RIGHT with DST_CLIPPING, else (0, 0) to
 * DEFAULT_SC_BOTTOM_RIGHT; never above or left of (0, 0).
 */
R5xxRect r5xx_2d_dst_scissor(bool dst_clipping, uint32_t sc_top_left,
                             uint32_t sc_bottom_right,
                             uint32_t default_bottom_right);
/* Sign-extend a 14-bit coordinate held in 16 bits (guide: -8192..8191). */
int32_t r5xx_2d_coord(uint32_t v16);

#endif /* HW_DISPLAY_R5XX_2D_CORE_H */
