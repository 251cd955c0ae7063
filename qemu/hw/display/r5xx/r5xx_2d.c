/*
 * ATI/AMD Radeon R3xx-R5xx model: the 2D engine's type-3 packets.
 *
 * PAINT_MULTI, BITBLT(_MULTI), HOSTDATA_BLT and SET_SCISSORS of guide
 * 6.2.2 at 8, 16 and 32 bpp.  A packet starts with the GUI_CONTROL dword
 * (the value of DP_GUI_MASTER_CNTL), whose GMC_* bits say which optional
 * setup dwords follow: SRC_PITCH_OFFSET, DST_PITCH_OFFSET, SRC_SC_BOT_RITE,
 * SC_TOP_LEFT + SC_BOT_RITE, the brush, BRUSH_Y_X.  Each is also stored in
 * its register, as the microcode does.  A clear *_PITCH_OFFSET_CNTL bit
 * uses the register's current value; a clear *_CLIPPING bit clips to
 * (0, 0)-DEFAULT_SC_BOTTOM_RIGHT.  Bottom-right edges are exclusive
 * (radeon's copy clips 8191 rows with 0x1fff).
 *
 * Pixels are read and written through the MC (r5xx_mc_read/write), so a
 * surface may be in VRAM or behind the GART, in any of the layouts of guide
 * section 2 (r5xx_surf_offset).  The engine runs synchronously inside the
 * CP's bottom half, so it is never busy when the host looks; the work of
 * one packet is bounded by R5XX_2D_PIXEL_BUDGET pixels, and the CP ends its
 * bottom-half run early once R5XX_2D_PIXELS_PER_RUN pixels were drawn.
 *
 * Writes of DST_HEIGHT_WIDTH / DST_WIDTH_HEIGHT start a fill or a blit
 * from the GUI registers (r5xx_2d_trigger).
 *
 * Not modelled: colour compare, mono sources from memory, host data through
 * the HOST_DATA registers, 24 bpp, lines.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bswap.h"
#include "r5xx_int.h"
#include "r5xx_pm4.h"

#define R5XX_2D_PIXEL_BUDGET    (1u << 26)   /* pixels per packet */
#define R5XX_2D_COORD_MAX       0x4000       /* 14-bit coordinates */

enum {
    BRUSH_8X8_MONO_FG_BG = 0,
    BRUSH_8X8_MONO_FG_LA = 1,
    BRUSH_32X1_MONO_FG_BG = 6,
    BRUSH_32X1_MONO_FG_LA = 7,
    BRUSH_8X8_COLOR = 10,
    BRUSH_SOLID_COLOR = 13,
    BRUSH_SOLID_COLOR_2 = 14,
    BRUSH_NONE = 15,
};

enum {
    SRC_MONO_FG_BG = 0,
    SRC_MONO_FG_LA = 1,
    SRC_COLOR = 3,
};

typedef struct R5xx2DOp {
    const char *name;
    uint32_t gmc;
    unsigned cpp;
    uint32_t pix_mask;          /* low cpp bytes */
    uint8_t rop;
    unsigned brush;
    unsigned src_type;
    uint32_t wmask;
    R5xxSurf dst, src;
    R5xxRect clip, src_clip;
    uint32_t budget;
    bool over_logged;
    uint8_t brush_px[16 * 4 * 4];   /* 8x8 colour pattern, LE bytes */
} R5xx2DOp;

/* Setup ------------------------------------------------------------------- */

static int r5xx_2d_brush_dwords(unsigned type, unsigned cpp)
{
    switch (type) {
    case BRUSH_8X8_MONO_FG_BG:
        return 4;
    case BRUSH_8X8_MONO_FG_LA:
    case BRUSH_32X1_MONO_FG_BG:
        return 3;
    case BRUSH_32X1_MONO_FG_LA:
        return 2;
    case BRUSH_8X8_COLOR:
        return 16 * cpp;
    case BRUSH_SOLID_COLOR:
    case BRUSH_SOLID_COLOR_2:
        return 1;
    case BRUSH_NONE:
        return 0;
    default:
        return -1;
    }
}

static bool r5xx_2d_prepare(R5xxState *s, R5xx2DOp *op);

/*
 * Parse SETTINGS (guide 6.2.2); returns the index of the DATA_BLOCK in the
 * body or -1 if the packet must be dropped.
 */
static int r5xx_2d_setup(R5xxState *s, R5xx2DOp *op, const uint32_t *body,
                         uint32_t n)
{
    uint32_t gmc, i = 1;
    unsigned brush, cpp;
    int nb;

    if (n < 1) {
        goto short_packet;
    }
    gmc = body[0];
    s->regs[R_DP_GUI_MASTER_CNTL] = gmc;
    brush = FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, BRUSH_DATATYPE);
    cpp = r5xx_2d_datatype_cpp(FIELD_EX32(gmc, DP_GUI_MASTER_CNTL,
                                          DST_DATATYPE));

    if (FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, SRC_PITCH_OFFSET_CNTL)) {
        if (i >= n) {
            goto short_packet;
        }
        s->regs[R_SRC_PITCH_OFFSET] = body[i++];
    }
    if (FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, DST_PITCH_OFFSET_CNTL)) {
        if (i >= n) {
            goto short_packet;
        }
        s->regs[R_DST_PITCH_OFFSET] = body[i++];
    }
    if (FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, SRC_CLIPPING)) {
        if (i >= n) {
            goto short_packet;
        }
        s->regs[R_SRC_SC_BOTTOM_RIGHT] = body[i++];
    }
    if (FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, DST_CLIPPING)) {
        if (i + 1 >= n) {
            goto short_packet;
        }
        s->regs[R_SC_TOP_LEFT] = body[i++];
        s->regs[R_SC_BOTTOM_RIGHT] = body[i++];
    }

    /* a 24 bpp colour pattern still takes 4 bytes a pixel */
    nb = r5xx_2d_brush_dwords(brush, cpp ? cpp : 4);
    if (nb < 0) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: 2D %s with reserved "
                      "BRUSH_TYPE %u: dropped\n", op->name, brush);
        return -1;
    }
    if (i + nb > n) {
        goto short_packet;
    }
    switch (brush) {
    case BRUSH_8X8_MONO_FG_BG:
    case BRUSH_32X1_MONO_FG_BG:
        s->regs[R_DP_BRUSH_BKGD_CLR] = body[i++];
        /* fall through */
    case BRUSH_8X8_MONO_FG_LA:
    case BRUSH_32X1_MONO_FG_LA:
        s->regs[R_DP_BRUSH_FRGD_CLR] = body[i++];
        s->regs[R_BRUSH_DATA0] = body[i++];
        if (brush <= BRUSH_8X8_MONO_FG_LA) {
            s->regs[R_BRUSH_DATA1] = body[i++];
        }
        break;
    case BRUSH_SOLID_COLOR:
    case BRUSH_SOLID_COLOR_2:
        s->regs[R_DP_BRUSH_FRGD_CLR] = body[i++];
        break;
    case BRUSH_8X8_COLOR:
        for (int k = 0; k < nb; k++) {
            s->regs[R_BRUSH_DATA0 + k] = body[i++];
        }
        break;
    default:
        i += nb;
        break;
    }
    if (FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, BRUSH_FLAG)) {
        if (i >= n) {
            goto short_packet;
        }
        s->regs[R_BRUSH_Y_X] = body[i++];
    }
    if (FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, WR_MSK_DIS)) {
        s->regs[R_DP_WRITE_MSK] = UINT32_MAX;
    }
    if (FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, CLR_CMP_FCN_DIS)) {
        s->regs[R_CLR_CMP_CNTL] = 0;
    }
    return r5xx_2d_prepare(s, op) ? i : -1;

short_packet:
    qemu_log_mask(LOG_GUEST_ERROR, "r5xx: 2D %s: %u body dwords are too few "
                  "for its GUI_CONTROL 0x%08x: dropped\n", op->name, n,
                  n ? body[0] : 0);
    return -1;
}

/*
 * The operation the GUI registers describe (a packet's SETTINGS have been
 * stored in them); false if it cannot be drawn.
 */
static bool r5xx_2d_prepare(R5xxState *s, R5xx2DOp *op)
{
    uint32_t gmc = op->gmc = s->regs[R_DP_GUI_MASTER_CNTL];

    /* MODEL_DEBUG.E2_HANG: this operation never completes */
    if (s->twod.hang_next) {
        s->twod.hang_next = false;
        s->twod.hung = true;
        s->cp.was_busy = true;
        return false;
    }
    if (s->twod.hung) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: 2D %s while the engine hangs: "
                      "dropped\n", op->name);
        return false;
    }

    op->cpp = r5xx_2d_datatype_cpp(FIELD_EX32(gmc, DP_GUI_MASTER_CNTL,
                                              DST_DATATYPE));
    if (!op->cpp) {
        qemu_log_mask(LOG_UNIMP, "r5xx: 2D %s with DST_TYPE %u not "
                      "modelled: dropped\n", op->name,
                      FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, DST_DATATYPE));
        return false;
    }
    op->pix_mask = op->cpp == 4 ? UINT32_MAX : (1u << (8 * op->cpp)) - 1;
    op->rop = FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, ROP3);
    op->brush = FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, BRUSH_DATATYPE);
    op->src_type = FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, SRC_DATATYPE);
    if (r5xx_rop3_uses_pat(op->rop) &&
        (op->brush == BRUSH_32X1_MONO_FG_BG ||
         op->brush == BRUSH_32X1_MONO_FG_LA ||
         r5xx_2d_brush_dwords(op->brush, op->cpp) < 0)) {
        qemu_log_mask(LOG_UNIMP, "r5xx: 2D %s with BRUSH_TYPE %u not "
                      "modelled: dropped\n", op->name, op->brush);
        return false;
    }
    if (op->brush == BRUSH_8X8_COLOR) {
        for (unsigned k = 0; k < 16 * op->cpp; k++) {
            stl_le_p(op->brush_px + 4 * k, s->regs[R_BRUSH_DATA0 + k]);
        }
    }
    op->src_clip = r5xx_2d_scissor(0, FIELD_EX32(gmc, DP_GUI_MASTER_CNTL,
                                                 SRC_CLIPPING)
                                      ? s->regs[R_SRC_SC_BOTTOM_RIGHT]
                                      : s->regs[R_DEFAULT_SC_BOTTOM_RIGHT]);
    op->clip = r5xx_2d_dst_scissor(FIELD_EX32(gmc, DP_GUI_MASTER_CNTL,
                                              DST_CLIPPING),
                                   s->regs[R_SC_TOP_LEFT],
                                   s->regs[R_SC_BOTTOM_RIGHT],
                                   s->regs[R_DEFAULT_SC_BOTTOM_RIGHT]);
    if (s->regs[R_CLR_CMP_CNTL] &&
        !FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, CLR_CMP_FCN_DIS)) {
        qemu_log_mask(LOG_UNIMP, "r5xx: 2D colour compare not modelled\n");
    }
    op->wmask = FIELD_EX32(gmc, DP_GUI_MASTER_CNTL, WR_MSK_DIS)
                ? op->pix_mask : s->regs[R_DP_WRITE_MSK] & op->pix_mask;
    r5xx_surf_decode(&op->dst, s->regs[R_DST_PITCH_OFFSET], op->cpp);
    r5xx_surf_decode(&op->src, s->regs[R_SRC_PITCH_OFFSET], op->cpp);
    if (!op->dst.pitch) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: 2D %s with a zero destination "
                      "pitch: dropped\n", op->name);
        return false;
    }
    op->budget = R5XX_2D_PIXEL_BUDGET;
    return true;
}

/* Charge w x h pixels; false (once logged) when the packet ran out. */
static bool r5xx_2d_charge(R5xxState *s, R5xx2DOp *op, const R5xxRect *r)
{
    uint64_t px = (uint64_t)(r->x1 - r->x0) * (r->y1 - r->y0);

    if (px > op->budget) {
        if (!op->over_logged) {
            op->over_logged = true;
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: 2D %s draws more than %u "
                          "pixels: the rest is dropped\n", op->name,
                          R5XX_2D_PIXEL_BUDGET);
        }
        op->budget = 0;
        return false;
    }
    op->budget -= px;
    s->twod.pixels += px;
    return true;
}

/* Surface rows ------------------------------------------------------------ */

/* Read or write w pixels from (x, y) as little-endian bytes. */
static void r5xx_2d_surf_rw(R5xxState *s, const R5xxSurf *sf, uint32_t x,
                            uint32_t y, uint32_t w, uint8_t *buf, bool write)
{
    while (w) {
        uint64_t off;
        uint32_t run;

        if (!r5xx_surf_offset(sf, x, y, &off)) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: 2D: tiled surface pitch %u "
                          "is smaller than a macro tile\n", sf->pitch);
            if (!write) {
                memset(buf, 0, (size_t)w * sf->cpp);
            }
            return;
        }
        run = MIN(w, r5xx_surf_run(sf, x));
        if (write) {
            r5xx_mc_write(s, sf->base + off, buf, run * sf->cpp);
        } else {
            r5xx_mc_read(s, sf->base + off, buf, run * sf->cpp);
        }
        buf += run * sf->cpp;
        x += run;
        w -= run;
    }
}

static uint32_t r5xx_2d_ld(const uint8_t *p, unsigned cpp)
{
    return cpp == 4 ? ldl_le_p(p) : cpp == 2 ? lduw_le_p(p) : *p;
}

static void r5xx_2d_st(uint8_t *p, unsigned cpp, uint32_t v)
{
    if (cpp == 4) {
        stl_le_p(p, v);
    } else if (cpp == 2) {
        stw_le_p(p, v);
    } else {
        *p = v;
    }
}

/* The pattern at (x, y); false where a transparent brush leaves dst. */
static bool r5xx_2d_pattern(R5xxState *s, const R5xx2DOp *op,
                            int32_t x, int32_t y, uint32_t *p)
{
    uint32_t bx = FIELD_EX32(s->regs[R_BRUSH_Y_X], BRUSH_Y_X, BRUSH_X);
    uint32_t by = FIELD_EX32(s->regs[R_BRUSH_Y_X], BRUSH_Y_X, BRUSH_Y);
    unsigned px = (x - bx) & 7, py = (y - by) & 7, bit;
    uint64_t bmp;

    switch (op->brush) {
    case BRUSH_SOLID_COLOR:
    case BRUSH_SOLID_COLOR_2:
        *p = s->regs[R_DP_BRUSH_FRGD_CLR];
        return true;
    case BRUSH_8X8_MONO_FG_BG:
    case BRUSH_8X8_MONO_FG_LA:
        /* row py is byte py of BRUSH_DATA0:1, leftmost pixel in bit 0 */
        bmp = (uint64_t)s->regs[R_BRUSH_DATA1] << 32 | s->regs[R_BRUSH_DATA0];
        bit = (bmp >> (py * 8 + px)) & 1;
        if (bit) {
            *p = s->regs[R_DP_BRUSH_FRGD_CLR];
            return true;
        }
        *p = s->regs[R_DP_BRUSH_BKGD_CLR];
        return op->brush == BRUSH_8X8_MONO_FG_BG;
    case BRUSH_8X8_COLOR:
        *p = r5xx_2d_ld(op->brush_px + (py * 8 + px) * op->cpp, op->cpp);
        return true;
    default:
        *p = 0;
        return true;
    }
}

/*
 * Combine one row: dst pixels [x0, x0 + w) of row y with source values
 * src[] (NULL: none) where keep[] (NULL: all) is set.
 */
static void r5xx_2d_row(R5xxState *s, R5xx2DOp *op, int32_t x0, int32_t y,
                        uint32_t w,
                        const uint32_t *src, const uint8_t *keep)
{
    uint8_t *d = s->twod.row;
    bool need_dst = r5xx_rop3_uses_dst(op->rop) || op->wmask != op->pix_mask
                    || keep || op->brush == BRUSH_8X8_MONO_FG_LA;
    bool need_pat = r5xx_rop3_uses_pat(op->rop);
    uint32_t pat = 0;

    if (need_dst) {
        r5xx_2d_surf_rw(s, &op->dst, x0, y, w, d, false);
    }
    for (uint32_t i = 0; i < w; i++) {
        uint32_t dv = need_dst ? r5xx_2d_ld(d + i * op->cpp, op->cpp) : 0;
        uint32_t v;

        if (keep && !keep[i]) {
            continue;
        }
        if (need_pat && !r5xx_2d_pattern(s, op, x0 + i, y, &pat)) {
            continue;
        }
        v = r5xx_2d_combine(op->rop, pat, src ? src[i] : 0, dv, op->wmask);
        r5xx_2d_st(d + i * op->cpp, op->cpp, v);
    }
    r5xx_2d_surf_rw(s, &op->dst, x0, y, w, d, true);
}

/* PAINT_MULTI (guide 6.2.2.7) --------------------------------------------- */

/*
 * The value of every pixel of a fill when r5xx_2d_row() would compute the
 * same one everywhere without reading the destination: a ROP3 that does
 * not read it, no write mask, a brush that is solid or not used (and not
 * FG_LA, for which r5xx_2d_row() reads the destination).  The brush colour
 * cannot change during the fill: the CP's bottom half is guarded against
 * its own MMIO, so no write of the fill reaches the registers.
 */
static bool r5xx_2d_solid_value(R5xxState *s, const R5xx2DOp *op,
                                uint32_t *v)
{
    bool solid = op->brush == BRUSH_SOLID_COLOR ||
                 op->brush == BRUSH_SOLID_COLOR_2;

    if (op->brush == BRUSH_8X8_MONO_FG_LA) {
        return false;
    }
    return r5xx_2d_fill_value(op->rop, solid, s->regs[R_DP_BRUSH_FRGD_CLR],
                              op->wmask, op->pix_mask, v);
}

static void r5xx_2d_fill_rect(R5xxState *s, R5xx2DOp *op, R5xxRect r)
{
    uint32_t v, w;

    if (!r5xx_rect_clip(&r, &op->clip) || !r5xx_2d_charge(s, op, &r)) {
        return;
    }
    w = r.x1 - r.x0;
    if (!r5xx_2d_solid_value(s, op, &v)) {
        for (int32_t y = r.y0; y < r.y1; y++) {
            r5xx_2d_row(s, op, r.x0, y, w, NULL, NULL);
        }
        return;
    }
    /* one value everywhere: make one row and store it into each */
    r5xx_2d_row_fill(s->twod.row, op->cpp, w, v);
    for (int32_t y = r.y0; y < r.y1; y++) {
        r5xx_2d_surf_rw(s, &op->dst, r.x0, y, w, s->twod.row, true);
    }
}

void r5xx_pm4_paint_multi(R5xxState *s, uint32_t hdr,
                          const uint32_t *body, uint32_t n)
{
    R5xx2DOp op = { .name = "PAINT_MULTI" };
    int at = r5xx_2d_setup(s, &op, body, n);
    uint32_t i;

    if (at < 0) {
        return;
    }
    i = at;
    if ((n - i) % 2) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: PAINT_MULTI: odd data block, "
                      "last dword ignored\n");
    }
    for (; i + 1 < n; i += 2) {
        R5xxRect r;

        r.x0 = r5xx_2d_coord(body[i] >> 16);
        r.y0 = r5xx_2d_coord(body[i]);
        r.x1 = r.x0 + (body[i + 1] >> 16);
        r.y1 = r.y0 + (body[i + 1] & 0xffff);
        r5xx_2d_fill_rect(s, &op, r);
    }
}

/* BITBLT, BITBLT_MULTI (guide 6.2.2.8, 6.2.2.9) --------------------------- */

static void r5xx_2d_blit_rect(R5xxState *s, R5xx2DOp *op,
                              int32_t sx, int32_t sy, int32_t dx, int32_t dy,
                              uint32_t w, uint32_t h)
{
    R5xxRect r = { dx, dy, dx + w, dy + h };
    R5xxRect sr = op->src_clip;
    uint32_t *sv = s->twod.src;
    uint8_t *sb = s->twod.srow;
    bool up;

    /* clip the source rectangle in destination coordinates */
    sr.x0 = MAX(sr.x0, 0) + dx - sx;
    sr.x1 += dx - sx;
    sr.y0 = MAX(sr.y0, 0) + dy - sy;
    sr.y1 += dy - sy;
    if (!r5xx_rect_clip(&r, &op->clip) || !r5xx_rect_clip(&r, &sr)) {
        return;
    }
    if (!r5xx_2d_charge(s, op, &r)) {
        return;
    }
    w = r.x1 - r.x0;
    /* overlapping copies within one surface: rows away from the overlap */
    up = op->src.base == op->dst.base && op->src.pitch == op->dst.pitch &&
         dy > sy;
    for (int32_t k = 0; k < r.y1 - r.y0; k++) {
        int32_t y = up ? r.y1 - 1 - k : r.y0 + k;

        r5xx_2d_surf_rw(s, &op->src, r.x0 + sx - dx, y + sy - dy, w, sb,
                        false);
        for (uint32_t i = 0; i < w; i++) {
            sv[i] = r5xx_2d_ld(sb + i * op->cpp, op->cpp);
        }
        r5xx_2d_row(s, op, r.x0, y, w, sv, NULL);
    }
}

void r5xx_pm4_bitblt_multi(R5xxState *s, uint32_t hdr,
                           const uint32_t *body, uint32_t n)
{
    R5xx2DOp op = { .name = "BITBLT_MULTI" };
    int at = r5xx_2d_setup(s, &op, body, n);
    uint32_t i;

    if (at < 0) {
        return;
    }
    i = at;
    if (op.src_type != SRC_COLOR ||
        FIELD_EX32(op.gmc, DP_GUI_MASTER_CNTL, SRC_SOURCE) !=
        DP_GUI_MASTER_CNTL_SRC_SOURCE_MEMORY) {
        qemu_log_mask(LOG_UNIMP, "r5xx: BITBLT_MULTI needs a colour source "
                      "in memory (GUI_CONTROL 0x%08x): dropped\n", op.gmc);
        return;
    }
    if (!op.src.pitch) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: BITBLT_MULTI with a zero source "
                      "pitch: dropped\n");
        return;
    }
    if ((n - i) % 3) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: BITBLT_MULTI: data block is "
                      "not whole rectangles, tail ignored\n");
    }
    for (; i + 2 < n; i += 3) {
        r5xx_2d_blit_rect(s, &op,
                          r5xx_2d_coord(body[i] >> 16), r5xx_2d_coord(body[i]),
                          r5xx_2d_coord(body[i + 1] >> 16),
                          r5xx_2d_coord(body[i + 1]),
                          (body[i + 2] >> 16) & 0x3fff,
                          body[i + 2] & 0x3fff);
    }
}

/* HOSTDATA_BLT (guide 6.2.2.3) -------------------------------------------- */

static uint32_t body_dw(const uint8_t *data, uint64_t k)
{
    return ldl_le_p(data + 4 * k);
}

void r5xx_pm4_hostdata_blt(R5xxState *s, uint32_t hdr,
                           const uint32_t *body, uint32_t n)
{
    R5xx2DOp op = { .name = "HOSTDATA_BLT" };
    int at = r5xx_2d_setup(s, &op, body, n);
    uint32_t i;
    unsigned load;
    bool mono, lsb;

    if (at < 0) {
        return;
    }
    i = at;
    load = FIELD_EX32(op.gmc, DP_GUI_MASTER_CNTL, SRC_SOURCE);
    mono = op.src_type == SRC_MONO_FG_BG || op.src_type == SRC_MONO_FG_LA;
    lsb = FIELD_EX32(op.gmc, DP_GUI_MASTER_CNTL, PIX_ORDER);
    if ((!mono && op.src_type != SRC_COLOR) ||
        (load != DP_GUI_MASTER_CNTL_SRC_SOURCE_HOST_DATA &&
         load != DP_GUI_MASTER_CNTL_SRC_SOURCE_HOST_DATA_BYTE)) {
        qemu_log_mask(LOG_UNIMP, "r5xx: HOSTDATA_BLT with GUI_CONTROL "
                      "0x%08x not modelled: dropped\n", op.gmc);
        return;
    }
    if (i + 2 > n) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: HOSTDATA_BLT without colours: "
                      "dropped\n");
        return;
    }
    s->regs[R_DP_SRC_FRGD_CLR] = body[i++];
    s->regs[R_DP_SRC_BKGD_CLR] = body[i++];

    while (i + 3 <= n) {
        int32_t bx = r5xx_2d_coord(body[i]), by = r5xx_2d_coord(body[i] >> 16);
        uint32_t w = body[i + 1] & 0xffff, h = body[i + 1] >> 16;
        uint32_t ndw = body[i + 2] & 0x3fff;
        uint8_t *data = s->twod.host;
        uint64_t bits, stride;
        R5xxRect r = { bx, by, bx + w, by + h };

        i += 3;
        if (ndw > n - i) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: HOSTDATA_BLT: bitmap of %u "
                          "dwords runs past the packet: cut\n", ndw);
            ndw = n - i;
        }
        for (uint32_t k = 0; k < ndw; k++) {
            stl_le_p(data + 4 * k, body[i + k]);
        }
        i += ndw;
        bits = (uint64_t)ndw * 32;
        /* bits per source row: packed, or each row byte-aligned */
        stride = mono ? w : (uint64_t)w * op.cpp * 8;
        if (mono && load == DP_GUI_MASTER_CNTL_SRC_SOURCE_HOST_DATA_BYTE) {
            stride = ROUND_UP(stride, 8);
        }
        if ((uint64_t)h * stride > bits) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: HOSTDATA_BLT: %ux%u bitmap "
                          "needs more than its %u dwords: missing pixels are "
                          "not drawn\n", w, h, ndw);
        }
        if (!r5xx_rect_clip(&r, &op.clip)) {
            continue;
        }
        if (!r5xx_2d_charge(s, &op, &r)) {
            return;
        }
        for (int32_t y = r.y0; y < r.y1; y++) {
            uint32_t cw = r.x1 - r.x0;
            uint32_t *sv = s->twod.src;
            uint8_t *keep = s->twod.keep;

            for (uint32_t k = 0; k < cw; k++) {
                uint64_t pos = (uint64_t)(y - by) * stride;
                uint32_t px = r.x0 + k - bx;

                if (mono) {
                    uint64_t b = pos + px;
                    uint32_t dw, bit;

                    keep[k] = b < bits;
                    if (!keep[k]) {
                        continue;
                    }
                    dw = body_dw(data, b / 32);
                    bit = (dw >> (lsb ? b % 32 : 31 - b % 32)) & 1;
                    sv[k] = bit ? s->regs[R_DP_SRC_FRGD_CLR]
                                : s->regs[R_DP_SRC_BKGD_CLR];
                    if (!bit && op.src_type == SRC_MONO_FG_LA) {
                        keep[k] = 0;
                    }
                } else {
                    uint64_t b = pos + (uint64_t)px * op.cpp * 8;

                    keep[k] = b + op.cpp * 8 <= bits;
                    if (keep[k]) {
                        sv[k] = r5xx_2d_ld(data + b / 8, op.cpp);
                    }
                }
            }
            r5xx_2d_row(s, &op, r.x0, y, cw, sv, keep);
        }
    }
}

/* SET_SCISSORS (guide 6.2.2.13) ------------------------------------------- */

void r5xx_pm4_set_scissors(R5xxState *s, uint32_t hdr,
                           const uint32_t *body, uint32_t n)
{
    if (n < 2) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: SET_SCISSORS with %u body "
                      "dwords, needs 2\n", n);
        return;
    }
    s->regs[R_SC_TOP_LEFT] = body[0];
    s->regs[R_SC_BOTTOM_RIGHT] = body[1];
}

/* Register-triggered operations ------------------------------------------- */

/*
 * A write of DST_HEIGHT_WIDTH or DST_WIDTH_HEIGHT starts a fill or a blit
 * with the GUI registers (xf86-video-ati's EXA path): DST_Y_X (and SRC_Y_X)
 * give the corner where DP_CNTL's directions start.
 */
void r5xx_2d_trigger(R5xxState *s, uint32_t w, uint32_t h)
{
    R5xx2DOp op = { .name = "register operation" };
    uint32_t dp = s->regs[R_DP_CNTL];
    int32_t dx = r5xx_2d_coord(FIELD_EX32(s->regs[R_DST_Y_X], DST_Y_X, X));
    int32_t dy = r5xx_2d_coord(FIELD_EX32(s->regs[R_DST_Y_X], DST_Y_X, Y));
    int32_t sx = r5xx_2d_coord(FIELD_EX32(s->regs[R_SRC_Y_X], SRC_Y_X, X));
    int32_t sy = r5xx_2d_coord(FIELD_EX32(s->regs[R_SRC_Y_X], SRC_Y_X, Y));
    bool ltr = FIELD_EX32(dp, DP_CNTL, DST_X_LEFT_TO_RIGHT);
    bool ttb = FIELD_EX32(dp, DP_CNTL, DST_Y_TOP_TO_BOTTOM);
    R5xxRect r, sr;

    w &= 0x3fff;
    h &= 0x3fff;
    if (!w || !h || !r5xx_2d_prepare(s, &op)) {
        return;
    }
    /*
     * Reversed, the rectangles end at DST_Y_X and SRC_Y_X; whatever of
     * them lies outside the scissors, even below 0, is not touched.
     */
    r = r5xx_2d_dir_rect(dx, dy, w, h, ltr, ttb);
    sr = r5xx_2d_dir_rect(sx, sy, w, h, ltr, ttb);
    if (!r5xx_rop3_uses_src(op.rop)) {
        r5xx_2d_fill_rect(s, &op, r);
        return;
    }
    if (op.src_type != SRC_COLOR ||
        FIELD_EX32(op.gmc, DP_GUI_MASTER_CNTL, SRC_SOURCE) !=
        DP_GUI_MASTER_CNTL_SRC_SOURCE_MEMORY) {
        qemu_log_mask(LOG_UNIMP, "r5xx: 2D register operation with source "
                      "GUI_CONTROL 0x%08x not modelled\n", op.gmc);
        return;
    }
    if (!op.src.pitch) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: 2D blit with a zero source "
                      "pitch: dropped\n");
        return;
    }
    r5xx_2d_blit_rect(s, &op, sr.x0, sr.y0, r.x0, r.y0, w, h);
}

/* Entry points ------------------------------------------------------------ */

/* RBBM_SOFT_RESET of the GA or E2: a hung operation is abandoned. */
void r5xx_2d_soft_reset(R5xxState *s)
{
    if (s->twod.hung || s->twod.hang_next) {
        s->twod.hung = false;
        s->twod.hang_next = false;
        r5xx_cp_kick(s);
    }
}

void r5xx_2d_reset(R5xxState *s)
{
    s->twod.hung = false;
    s->twod.hang_next = false;
    s->regs[R_DEFAULT_SC_BOTTOM_RIGHT] = 0x1fff1fff;
    s->regs[R_SC_BOTTOM_RIGHT] = 0x1fff1fff;
    s->regs[R_SRC_SC_BOTTOM_RIGHT] = 0x1fff1fff;
    s->regs[R_DP_WRITE_MSK] = UINT32_MAX;
    s->regs[R_DP_CNTL] = R_DP_CNTL_DST_X_LEFT_TO_RIGHT_MASK |
                         R_DP_CNTL_DST_Y_TOP_TO_BOTTOM_MASK;
}
