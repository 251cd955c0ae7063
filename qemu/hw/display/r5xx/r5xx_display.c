/*
 * ATI/AMD Radeon R3xx-R5xx model: the legacy (pre-AVIVO) display engine of
 * the R3xx/R4xx chips (rv380): two CRTCs scanned out to two QEMU graphic
 * consoles, their palettes, ARGB hardware cursors, vblank timing and
 * interrupts, and a monitor with EDID behind the VGA and DVI DDC lines.
 *
 * Upstream radeon's radeon_legacy_crtc.c, radeon_cursor.c, radeon_i2c.c and
 * radeon_combios.c (no-BIOS connector table) are the referee of what the
 * registers mean.  Documentation/qemu-model.rst (Display) describes the
 * behaviour as a guest sees it.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/display/edid.h"
#include "hw/display/i2c-ddc.h"
#include "hw/i2c/bitbang_i2c.h"
#include "hw/i2c/i2c.h"
#include "hw/qdev-core.h"
#include "ui/console.h"
#include "r5xx_int.h"

#define R5XX_PPLL_REF_KHZ       27000
#define R5XX_FALLBACK_HZ        60
#define R5XX_CUR_SIZE           64
#define R5XX_CUR_PITCH          256     /* bytes per cursor row */
#define R5XX_CRTC2_DELTA        0x100   /* CRTC2 timing block = CRTC1 + 0x100 */

/* One legacy CRTC: its registers differ only where the table says so. */
typedef struct R5xxCrtcRegs {
    uint32_t gen_cntl;
    uint32_t status;
    uint32_t base;          /* DISPLAY_BASE_ADDR */
    uint32_t tile_x0_y0;
    uint32_t vblank_stat;   /* GEN_INT_STATUS bit */
} R5xxCrtcRegs;

static const R5xxCrtcRegs r5xx_crtc_regs[R5XX_CRTCS] = {
    {
        .gen_cntl = A_CRTC_GEN_CNTL,
        .status = A_CRTC_STATUS,
        .base = A_DISPLAY_BASE_ADDR,
        .tile_x0_y0 = A_CRTC_TILE_X0_Y0,
        .vblank_stat = R_GEN_INT_STATUS_CRTC_VBLANK_STAT_MASK,
    }, {
        .gen_cntl = A_CRTC2_GEN_CNTL,
        .status = A_CRTC2_STATUS,
        .base = A_CRTC2_DISPLAY_BASE_ADDR,
        .tile_x0_y0 = A_CRTC2_TILE_X0_Y0,
        .vblank_stat = R_GEN_INT_STATUS_CRTC2_VBLANK_STAT_MASK,
    },
};

/* The no-BIOS connector table of an rv380 (combios CT_GENERIC). */
static const struct {
    const char *name;
    uint32_t gpio;
} r5xx_outputs[R5XX_MONITORS] = {
    [R5XX_MON_VGA] = { "vga", A_GPIO_VGA_DDC },     /* primary DAC */
    [R5XX_MON_DVI] = { "dvi", A_GPIO_DVI_DDC },     /* TMDS + TV DAC */
};

static uint32_t reg(R5xxState *s, uint32_t addr)
{
    return s->regs[addr >> 2];
}

/* CRTC1 timing/offset block register for CRTC n. */
static uint32_t creg(R5xxState *s, unsigned n, uint32_t addr1)
{
    return reg(s, addr1 + n * R5XX_CRTC2_DELTA);
}

/* Timing --------------------------------------------------------------- */

static bool r5xx_crtc_on(R5xxState *s, unsigned n)
{
    return reg(s, r5xx_crtc_regs[n].gen_cntl) & R_CRTC_GEN_CNTL_CRTC_EN_MASK;
}

/* Pixel clock in kHz from the CRTC's PLL, 0 if it is not running. */
static uint32_t r5xx_crtc_pixclk_khz(R5xxState *s, unsigned n)
{
    uint32_t *pll = s->mc.pll;
    uint32_t ref, div, cntl, src;
    static const uint8_t post[8] = { 1, 2, 4, 8, 3, 16, 6, 12 };

    if (n == 0) {
        /* R300 class: the reference divider is in bits 27:18 */
        ref = extract32(pll[A_PLL_PPLL_REF_DIV], 18, 10);
        div = pll[A_PLL_PPLL_DIV_3];
        cntl = pll[A_PLL_PPLL_CNTL];
        src = pll[A_PLL_VCLK_ECP_CNTL] & 3;
    } else {
        ref = extract32(pll[A_PLL_P2PLL_REF_DIV], 0, 10);
        div = pll[A_PLL_P2PLL_DIV_0];
        cntl = pll[A_PLL_P2PLL_CNTL];
        src = pll[A_PLL_PIXCLKS_CNTL] & 3;
    }
    /* source must be the PLL (3), and the PLL out of reset and sleep */
    if (src != 3 || (cntl & 3) || !ref || !extract32(div, 0, 11)) {
        return 0;
    }
    return (uint64_t)R5XX_PPLL_REF_KHZ * extract32(div, 0, 11) /
           (ref * post[extract32(div, 16, 3)]);
}

/* Vblanks (frame counter steps) since t0; *line is the current scanline. */
static uint64_t r5xx_crtc_vblanks(R5xxCrtc *c, int64_t now, uint32_t *line)
{
    int64_t el = now - c->t0;
    int64_t pos;

    if (!c->period) {
        *line = 0;
        return 0;
    }
    el = MAX(el, 0);
    pos = el % c->period;
    *line = muldiv64(pos, c->vtotal, c->period);
    return el / c->period + (pos >= c->vstart);
}

static uint32_t r5xx_crtc_frame(R5xxCrtc *c)
{
    uint32_t line;

    return (c->frame_base +
            r5xx_crtc_vblanks(c, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL),
                              &line)) & R_CRTC_CRNT_FRAME_CRTC_CRNT_FRAME_MASK;
}

static void r5xx_crtc_schedule(R5xxCrtc *c)
{
    uint32_t line;
    uint64_t k;

    if (!c->period) {
        timer_del(&c->vblank_timer);
        return;
    }
    k = r5xx_crtc_vblanks(c, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), &line);
    timer_mod(&c->vblank_timer, c->t0 + k * c->period + c->vstart);
}

static void r5xx_crtc_sync(R5xxState *s, unsigned n);

/* The timing inputs of CRTC n changed (maybe): restart its frame clock. */
static void r5xx_crtc_retime(R5xxState *s, unsigned n)
{
    R5xxCrtc *c = &s->disp.crtc[n];
    uint32_t htotal, vtotal, vdisp, khz;
    int64_t period = 0, vstart = 0;

    htotal = (FIELD_EX32(creg(s, n, A_CRTC_H_TOTAL_DISP), CRTC_H_TOTAL_DISP,
                         CRTC_H_TOTAL) + 1) * 8;
    vtotal = FIELD_EX32(creg(s, n, A_CRTC_V_TOTAL_DISP), CRTC_V_TOTAL_DISP,
                        CRTC_V_TOTAL) + 1;
    vdisp = FIELD_EX32(creg(s, n, A_CRTC_V_TOTAL_DISP), CRTC_V_TOTAL_DISP,
                       CRTC_V_DISP) + 1;
    if (r5xx_crtc_on(s, n)) {
        khz = r5xx_crtc_pixclk_khz(s, n);
        if (khz) {
            period = muldiv64((uint64_t)htotal * vtotal, 1000000, khz);
        }
        if (period < NANOSECONDS_PER_SECOND / 1000 ||
            period > NANOSECONDS_PER_SECOND) {
            period = NANOSECONDS_PER_SECOND / R5XX_FALLBACK_HZ;
        }
        if (vdisp >= vtotal) {
            vdisp = vtotal > 1 ? vtotal - 1 : 1;
        }
        vstart = muldiv64(period, vdisp, vtotal);
    }
    if (period == c->period && vtotal == c->vtotal && vstart == c->vstart) {
        return;
    }
    c->vdisp = vdisp;
    r5xx_crtc_sync(s, n);
    c->frame_base = r5xx_crtc_frame(c);
    c->t0 = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    c->vblanks_done = 0;
    c->period = period;
    c->vtotal = vtotal;
    c->vstart = vstart;
    if (!period && c->offset_pending) {
        c->offset = c->offset_next;
        c->offset_pending = false;
    }
    r5xx_crtc_schedule(c);
}

/*
 * Apply the vblank starts virtual time has passed since the last call: from
 * the timer, and before the guest reads anything they change, so that what
 * it sees never lags the clock when the timer runs late.
 */
static void r5xx_crtc_sync(R5xxState *s, unsigned n)
{
    R5xxCrtc *c = &s->disp.crtc[n];
    const R5xxCrtcRegs *r = &r5xx_crtc_regs[n];
    uint32_t line;
    uint64_t k;

    if (!c->period) {
        return;
    }
    k = r5xx_crtc_vblanks(c, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), &line);
    if (k == c->vblanks_done) {
        return;
    }
    c->vblanks_done = k;
    s->regs[r->status >> 2] |= R_CRTC_STATUS_CRTC_VBLANK_SAVE_MASK;
    if (c->offset_pending && !(creg(s, n, A_CRTC_OFFSET) &
                               R_CRTC_OFFSET_CRTC_OFFSET_LOCK_MASK)) {
        c->offset = c->offset_next;
        c->offset_pending = false;
        c->invalidate = true;
    }
    r5xx_raise_status(s, r->vblank_stat);
    r5xx_crtc_schedule(c);
}

static void r5xx_crtc_vblank(void *opaque)
{
    R5xxCrtc *c = opaque;

    r5xx_crtc_sync(c->s, c->id);
}

/* Scanout -------------------------------------------------------------- */

/* VRAM offset of an MC address, false if it is not in VRAM. */
static bool r5xx_disp_vram(R5xxState *s, uint64_t mc, uint64_t *off)
{
    uint64_t start, end;

    r5xx_mc_location(reg(s, A_MC_FB_LOCATION), &start, &end);
    if (mc < start || mc > end || mc - start >= s->vram_size) {
        return false;
    }
    *off = mc - start;
    return true;
}

static void r5xx_disp_error(R5xxCrtc *c, const char *fmt, uint32_t v)
{
    if (!c->error_logged) {
        c->error_logged = true;
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: CRTC%u: ", c->id + 1);
        qemu_log_mask(LOG_GUEST_ERROR, fmt, v);
        qemu_log_mask(LOG_GUEST_ERROR, " (reported once per mode)\n");
    }
}

/* What CRTC n shows; false if it shows nothing (off, VGA mode, nonsense). */
static bool r5xx_crtc_scanout(R5xxState *s, unsigned n, R5xxScanout *m)
{
    R5xxCrtc *c = &s->disp.crtc[n];
    uint32_t gen = reg(s, r5xx_crtc_regs[n].gen_cntl);
    uint32_t ocntl = creg(s, n, A_CRTC_OFFSET_CNTL);
    uint32_t tile = reg(s, r5xx_crtc_regs[n].tile_x0_y0);
    static const uint8_t cpp[16] = { [2] = 1, [3] = 2, [4] = 2, [5] = 3,
                                     [6] = 4 };
    uint64_t mc;

    memset(m, 0, sizeof(*m));
    if (!(gen & R_CRTC_GEN_CNTL_CRTC_EN_MASK)) {
        return false;
    }
    if (n == 0 && !(gen & R_CRTC_GEN_CNTL_EXT_DISP_EN_MASK)) {
        r5xx_disp_error(c, "VGA mode (EXT_DISP_EN clear, 0x%x) is not "
                        "modelled", gen);
        return false;
    }
    m->width = (FIELD_EX32(creg(s, n, A_CRTC_H_TOTAL_DISP), CRTC_H_TOTAL_DISP,
                           CRTC_H_DISP) + 1) * 8;
    m->height = FIELD_EX32(creg(s, n, A_CRTC_V_TOTAL_DISP), CRTC_V_TOTAL_DISP,
                           CRTC_V_DISP) + 1;
    if (n == 0) {
        m->blank = (reg(s, A_CRTC_EXT_CNTL) &
                    R_CRTC_EXT_CNTL_CRTC_DISPLAY_DIS_MASK) ||
                   (gen & R_CRTC_GEN_CNTL_DISP_REQ_EN_B_MASK);
    } else {
        m->blank = gen & (R_CRTC2_GEN_CNTL_CRTC2_DISPLAY_DIS_MASK |
                          R_CRTC2_GEN_CNTL_CRTC2_DISP_REQ_EN_B_MASK);
    }
    m->pix = FIELD_EX32(gen, CRTC_GEN_CNTL, CRTC_PIX_WIDTH);
    m->cpp = cpp[m->pix];
    if (!m->cpp) {
        r5xx_disp_error(c, "pixel width %u is not a scanout format", m->pix);
        return false;
    }
    m->pitch = FIELD_EX32(creg(s, n, A_CRTC_PITCH), CRTC_PITCH, CRTC_PITCH) *
               8 * m->cpp;
    mc = (uint64_t)reg(s, r5xx_crtc_regs[n].base) + (c->offset & ~7u);
    if (!m->blank && !r5xx_disp_vram(s, mc, &m->base)) {
        r5xx_disp_error(c, "scanout MC address 0x%x is not in VRAM",
                        (uint32_t)mc);
        m->blank = true;
    }
    if (FIELD_EX32(ocntl, CRTC_OFFSET_CNTL, CRTC_X_Y_MODE_EN) &&
        (FIELD_EX32(ocntl, CRTC_OFFSET_CNTL, CRTC_MACRO_TILE_EN) ||
         FIELD_EX32(ocntl, CRTC_OFFSET_CNTL, CRTC_MICRO_TILE_EN))) {
        if (m->cpp == 3) {
            r5xx_disp_error(c, "tiled 24 bpp (OFFSET_CNTL 0x%x) has no "
                            "layout", ocntl);
            return false;
        }
        m->tiled = true;
        m->base &= ~(uint64_t)0x7ff;
        r5xx_surf_init(&m->surf, 0, m->pitch, m->cpp,
                       FIELD_EX32(ocntl, CRTC_OFFSET_CNTL, CRTC_MACRO_TILE_EN),
                       FIELD_EX32(ocntl, CRTC_OFFSET_CNTL, CRTC_MICRO_TILE_EN));
        m->x0 = FIELD_EX32(tile, CRTC_TILE_X0_Y0, CRTC_TILE_X0);
        m->y0 = FIELD_EX32(tile, CRTC_TILE_X0_Y0, CRTC_TILE_Y0);
    }
    if (!m->pitch && m->height > 1) {
        r5xx_disp_error(c, "zero pitch (0x%x)", creg(s, n, A_CRTC_PITCH));
    }
    return true;
}

static uint32_t r5xx_vram_get(R5xxState *s, uint64_t off, unsigned cpp)
{
    const uint8_t *p = s->vram_ptr + off;

    if (off + cpp > s->vram_size) {
        return 0;
    }
    switch (cpp) {
    case 1:
        return *p;
    case 2:
        return lduw_le_p(p);
    case 3:
        return p[0] | p[1] << 8 | p[2] << 16;
    default:
        return ldl_le_p(p);
    }
}

static inline uint32_t r5xx_lut(const uint32_t *pal, unsigned r, unsigned g,
                                unsigned b)
{
    return (extract32(pal[r], 22, 8) << 16) | (extract32(pal[g], 12, 8) << 8) |
           extract32(pal[b], 2, 8);
}

static inline unsigned r5xx_x5(unsigned v)
{
    return (v << 3) | (v >> 2);
}

/* One source pixel through the palette (indexed, or per-channel gamma). */
static uint32_t r5xx_pixel(const R5xxScanout *m, const uint32_t *pal,
                           uint32_t v)
{
    switch (m->pix) {
    case 2:
        return r5xx_lut(pal, v, v, v);
    case 3:
        return r5xx_lut(pal, r5xx_x5(extract32(v, 10, 5)),
                        r5xx_x5(extract32(v, 5, 5)), r5xx_x5(v & 31));
    case 4:
        return r5xx_lut(pal, r5xx_x5(extract32(v, 11, 5)),
                        (extract32(v, 5, 6) << 2) | extract32(v, 9, 2),
                        r5xx_x5(v & 31));
    default:
        return r5xx_lut(pal, extract32(v, 16, 8), extract32(v, 8, 8),
                        v & 0xff);
    }
}

static void r5xx_draw_line(R5xxState *s, R5xxCrtc *c, const R5xxScanout *m,
                           uint32_t y, uint32_t *dst)
{
    uint64_t off;
    uint32_t x;

    if (m->blank) {
        memset(dst, 0, m->width * 4);
        return;
    }
    for (x = 0; x < m->width; x++) {
        if (m->tiled) {
            if (!r5xx_surf_offset(&m->surf, m->x0 + x, m->y0 + y, &off)) {
                off = s->vram_size;
            }
            off += m->base;
        } else {
            off = m->base + (uint64_t)y * m->pitch + (uint64_t)x * m->cpp;
        }
        dst[x] = r5xx_pixel(m, c->palette, r5xx_vram_get(s, off, m->cpp));
    }
}

/* Cursor --------------------------------------------------------------- */

static void r5xx_cursor_get(R5xxState *s, unsigned n, R5xxCursor *cur)
{
    uint32_t gen = reg(s, r5xx_crtc_regs[n].gen_cntl);
    uint32_t d = n * R5XX_CRTC2_DELTA;
    uint32_t posn = reg(s, A_CUR_HORZ_VERT_POSN + d);
    uint32_t hoff = reg(s, A_CUR_HORZ_VERT_OFF + d);
    uint64_t mc;

    memset(cur, 0, sizeof(*cur));
    if (!(gen & R_CRTC_GEN_CNTL_CRTC_CUR_EN_MASK)) {
        return;
    }
    if (FIELD_EX32(gen, CRTC_GEN_CNTL, CRTC_CUR_MODE) !=
        CRTC_GEN_CNTL_CRTC_CUR_MODE_ARGB) {
        if (!s->disp.crtc[n].cursor_logged) {
            s->disp.crtc[n].cursor_logged = true;
            qemu_log_mask(LOG_UNIMP, "r5xx: CRTC%u cursor mode %u: only ARGB "
                          "is modelled\n", n + 1,
                          FIELD_EX32(gen, CRTC_GEN_CNTL, CRTC_CUR_MODE));
        }
        return;
    }
    mc = (uint64_t)reg(s, r5xx_crtc_regs[n].base) +
         FIELD_EX32(reg(s, A_CUR_OFFSET + d), CUR_OFFSET, CUR_OFFSET);
    if (!r5xx_disp_vram(s, mc, &cur->base)) {
        return;
    }
    cur->xoff = FIELD_EX32(hoff, CUR_HORZ_VERT_OFF, CUR_HORZ_OFF);
    cur->x = FIELD_EX32(posn, CUR_HORZ_VERT_POSN, CUR_HORZ_POSN);
    cur->y = FIELD_EX32(posn, CUR_HORZ_VERT_POSN, CUR_VERT_POSN);
    /* radeon moves CUR_OFFSET down by the hidden rows itself */
    cur->w = R5XX_CUR_SIZE - cur->xoff;
    cur->h = R5XX_CUR_SIZE -
             FIELD_EX32(hoff, CUR_HORZ_VERT_OFF, CUR_VERT_OFF);
    cur->on = true;
}

static bool r5xx_cursor_covers(const R5xxCursor *cur, uint32_t y)
{
    return cur->on && (int32_t)y >= cur->y && (int32_t)y < cur->y + cur->h;
}

/* Premultiplied ARGB over the line. */
static void r5xx_cursor_line(R5xxState *s, const R5xxCursor *cur,
                             uint32_t width, uint32_t y, uint32_t *dst)
{
    uint64_t row = cur->base + (uint64_t)(y - cur->y) * R5XX_CUR_PITCH;
    uint32_t i;

    for (i = 0; i < cur->w; i++) {
        int32_t x = cur->x + i;
        uint32_t p, a, d, o = 0;
        unsigned sh;

        if (x < 0 || x >= (int32_t)width) {
            continue;
        }
        p = r5xx_vram_get(s, row + (cur->xoff + i) * 4, 4);
        a = p >> 24;
        d = dst[x];
        for (sh = 0; sh < 24; sh += 8) {
            uint32_t v = ((p >> sh) & 0xff) +
                         ((d >> sh) & 0xff) * (255 - a) / 255;
            o |= MIN(v, 255) << sh;
        }
        dst[x] = o;
    }
}

/* Console -------------------------------------------------------------- */

static void r5xx_crtc_invalidate(void *opaque)
{
    R5xxCrtc *c = opaque;

    c->invalidate = true;
}

static void r5xx_crtc_update(void *opaque)
{
    R5xxCrtc *c = opaque;
    R5xxState *s = c->s;
    unsigned n = c->id;
    R5xxScanout m;
    R5xxCursor cur;
    DisplaySurface *ds = qemu_console_surface(c->con);
    DirtyBitmapSnapshot *snap = NULL;
    uint64_t len = 0;
    uint32_t y, ys = 0;
    bool full, run = false;

    if (!r5xx_crtc_scanout(s, n, &m) || !m.width || !m.height) {
        if (!ds || !is_placeholder(ds)) {
            dpy_gfx_replace_surface(c->con,
                qemu_create_placeholder_surface(640, 480,
                                                "r5xx: CRTC off"));
        }
        return;
    }
    full = c->invalidate || !ds || is_placeholder(ds) ||
           surface_width(ds) != m.width || surface_height(ds) != m.height ||
           memcmp(&m, &c->shown, sizeof(m));
    if (full) {
        if (!ds || is_placeholder(ds) || surface_width(ds) != m.width ||
            surface_height(ds) != m.height) {
            ds = qemu_create_displaysurface(m.width, m.height);
            dpy_gfx_replace_surface(c->con, ds);
        }
        c->invalidate = false;
        c->shown = m;
        c->error_logged = false;
    }
    if (!full && !m.blank) {
        /* tiled: any write to the frame's tile rows redraws all of it */
        len = MIN((uint64_t)m.pitch * (m.tiled ? m.y0 + m.height + 16
                                               : m.height),
                  s->vram_size - m.base);
        if (!len) {
            full = true;
        } else {
            snap = memory_region_snapshot_and_clear_dirty(&s->vram, m.base,
                       len, DIRTY_MEMORY_VGA);
            full = m.tiled && memory_region_snapshot_get_dirty(&s->vram, snap,
                                                               m.base, len);
        }
    }
    r5xx_cursor_get(s, n, &cur);
    cur.on = cur.on && !m.blank;
    for (y = 0; y < m.height; y++) {
        bool draw = full || r5xx_cursor_covers(&cur, y) ||
                    r5xx_cursor_covers(&c->cursor_shown, y);

        if (!draw && snap && !m.tiled && !m.blank &&
            (uint64_t)y * m.pitch < len) {
            draw = memory_region_snapshot_get_dirty(&s->vram, snap,
                       m.base + (uint64_t)y * m.pitch,
                       MIN(m.pitch, len - (uint64_t)y * m.pitch));
        }
        if (draw) {
            uint32_t *dst = (uint32_t *)((uint8_t *)surface_data(ds) +
                                         y * surface_stride(ds));

            r5xx_draw_line(s, c, &m, y, dst);
            if (r5xx_cursor_covers(&cur, y)) {
                r5xx_cursor_line(s, &cur, m.width, y, dst);
            }
            if (!run) {
                ys = y;
                run = true;
            }
        } else if (run) {
            dpy_gfx_update(c->con, 0, ys, m.width, y - ys);
            run = false;
        }
    }
    if (run) {
        dpy_gfx_update(c->con, 0, ys, m.width, y - ys);
    }
    c->cursor_shown = cur;
    g_free(snap);
}

static const GraphicHwOps r5xx_crtc_ops = {
    .invalidate = r5xx_crtc_invalidate,
    .gfx_update = r5xx_crtc_update,
};

/* DDC ------------------------------------------------------------------ */

static R5xxMonitor *r5xx_gpio_monitor(R5xxState *s, uint32_t addr)
{
    for (unsigned i = 0; i < R5XX_MONITORS; i++) {
        if (r5xx_outputs[i].gpio == addr) {
            return &s->disp.mon[i];
        }
    }
    return NULL;
}

/*
 * Pin 0 is data, pin 1 clock; a pin with EN set drives A, else it is
 * released and pulled up.  Y reads the line, which the monitor may pull low.
 */
static uint32_t r5xx_gpio_read(R5xxState *s, uint32_t addr)
{
    R5xxMonitor *mon = r5xx_gpio_monitor(s, addr);
    uint32_t v = reg(s, addr) & ~(R_GPIO_VGA_DDC_GPIO_Y_0_MASK |
                                  R_GPIO_VGA_DDC_GPIO_Y_1_MASK);
    bool scl = !FIELD_EX32(v, GPIO_VGA_DDC, GPIO_EN_1) ||
               FIELD_EX32(v, GPIO_VGA_DDC, GPIO_A_1);
    bool sda = !FIELD_EX32(v, GPIO_VGA_DDC, GPIO_EN_0) ||
               FIELD_EX32(v, GPIO_VGA_DDC, GPIO_A_0);

    if (mon && mon->present) {
        sda = sda && mon->sda_in;
    }
    v = FIELD_DP32(v, GPIO_VGA_DDC, GPIO_Y_1, scl);
    return FIELD_DP32(v, GPIO_VGA_DDC, GPIO_Y_0, sda);
}

static void r5xx_gpio_write(R5xxState *s, uint32_t addr, uint32_t val)
{
    R5xxMonitor *mon = r5xx_gpio_monitor(s, addr);
    bool scl, sda;

    s->regs[addr >> 2] = val & ~(R_GPIO_VGA_DDC_GPIO_Y_0_MASK |
                                 R_GPIO_VGA_DDC_GPIO_Y_1_MASK);
    if (!mon || !mon->present) {
        return;
    }
    scl = !FIELD_EX32(val, GPIO_VGA_DDC, GPIO_EN_1) ||
          FIELD_EX32(val, GPIO_VGA_DDC, GPIO_A_1);
    sda = !FIELD_EX32(val, GPIO_VGA_DDC, GPIO_EN_0) ||
          FIELD_EX32(val, GPIO_VGA_DDC, GPIO_A_0);
    bitbang_i2c_set(&mon->bbi2c, BITBANG_I2C_SCL, scl);
    mon->sda_in = bitbang_i2c_set(&mon->bbi2c, BITBANG_I2C_SDA, sda);
}

static void r5xx_monitor_edid(R5xxMonitor *mon)
{
    qemu_edid_info info = {
        .name = mon->index == R5XX_MON_VGA ? "R5XX VGA" : "R5XX DVI",
        .prefx = mon->xres,
        .prefy = mon->yres,
    };

    /* i2c-ddc makes its blob at instance_init, before any property */
    qemu_edid_generate(mon->ddc->edid_blob, sizeof(mon->ddc->edid_blob),
                       &info);
}

static void r5xx_monitor_plug(R5xxState *s, R5xxMonitor *mon, bool on)
{
    if (mon->present == on) {
        return;
    }
    mon->present = on;
    mon->sda_in = true;
    if (on) {
        bitbang_i2c_init(&mon->bbi2c, mon->bus);
    }
    if (mon->index == R5XX_MON_DVI && s->info &&
        s->info->family == R5XX_FAMILY_RV380 && s->disp.realized) {
        r5xx_raise_status(s, R_GEN_INT_STATUS_FP_DETECT_STAT_MASK);
    }
}

/* Register interface ----------------------------------------------------- */

static bool r5xx_disp_legacy(R5xxState *s)
{
    return s->info->family == R5XX_FAMILY_RV380;
}

/* Which CRTC a timing/offset/cursor register belongs to, -1 if none. */
static int r5xx_disp_crtc_of(uint32_t addr)
{
    if (addr >= A_CRTC_H_TOTAL_DISP && addr <= A_CUR_CLR1) {
        return 0;
    }
    if (addr >= A_CRTC2_H_TOTAL_DISP && addr <= A_CUR2_CLR1) {
        return 1;
    }
    switch (addr) {
    case A_CRTC_GEN_CNTL:
    case A_CRTC_EXT_CNTL:
    case A_CRTC_STATUS:
    case A_CRTC_TILE_X0_Y0:
        return 0;
    case A_CRTC2_GEN_CNTL:
    case A_CRTC2_STATUS:
    case A_CRTC2_TILE_X0_Y0:
        return 1;
    }
    return -1;
}

static uint32_t *r5xx_palette(R5xxState *s)
{
    bool two = reg(s, A_DAC_CNTL2) & R_DAC_CNTL2_DAC2_PALETTE_ACC_CTL_MASK;

    return s->disp.crtc[two].palette;
}

static uint32_t r5xx_palette_read(R5xxState *s, bool thirty)
{
    uint32_t idx = reg(s, A_PALETTE_INDEX);
    unsigned i = FIELD_EX32(idx, PALETTE_INDEX, PALETTE_R_INDEX);
    uint32_t e = r5xx_palette(s)[i];

    s->regs[R_PALETTE_INDEX] = FIELD_DP32(idx, PALETTE_INDEX,
                                          PALETTE_R_INDEX, (i + 1) & 0xff);
    if (thirty) {
        return e;
    }
    return (extract32(e, 22, 8) << 16) | (extract32(e, 12, 8) << 8) |
           extract32(e, 2, 8);
}

static void r5xx_palette_write(R5xxState *s, uint32_t val, bool thirty)
{
    uint32_t idx = reg(s, A_PALETTE_INDEX);
    unsigned i = FIELD_EX32(idx, PALETTE_INDEX, PALETTE_W_INDEX);
    bool two = reg(s, A_DAC_CNTL2) & R_DAC_CNTL2_DAC2_PALETTE_ACC_CTL_MASK;

    if (!thirty) {
        /* 8:8:8, widened to 10 bits */
        val = (extract32(val, 16, 8) << 22) | (extract32(val, 8, 8) << 12) |
              (extract32(val, 0, 8) << 2);
    }
    s->disp.crtc[two].palette[i] = val & 0x3fffffff;
    s->disp.crtc[two].invalidate = true;
    s->regs[R_PALETTE_INDEX] = FIELD_DP32(idx, PALETTE_INDEX,
                                          PALETTE_W_INDEX, (i + 1) & 0xff);
}

uint32_t r5xx_display_read(R5xxState *s, uint32_t addr, bool *handled)
{
    R5xxCrtc *c;
    uint32_t line, v;
    int64_t now;
    unsigned n;

    *handled = true;
    switch (addr) {
    case A_MODEL_VTIME_LO:
        now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
        s->disp.vtime_hi = now >> 32;
        return now;
    case A_MODEL_VTIME_HI:
        return s->disp.vtime_hi;
    }
    if (!r5xx_disp_legacy(s)) {
        *handled = false;
        return 0;
    }
    switch (addr) {
    case A_GEN_INT_STATUS:
        r5xx_crtc_sync(s, 0);
        r5xx_crtc_sync(s, 1);
        *handled = false;       /* r5xx.c reads it */
        return 0;
    case A_CRTC_STATUS:
    case A_CRTC2_STATUS:
    case A_CRTC_OFFSET:
    case A_CRTC2_OFFSET:
    case A_CRTC_CRNT_FRAME:
    case A_CRTC2_CRNT_FRAME:
        r5xx_crtc_sync(s, r5xx_disp_crtc_of(addr));
        break;
    }
    switch (addr) {
    case A_CRTC_STATUS:
    case A_CRTC2_STATUS:
        n = addr == A_CRTC2_STATUS;
        c = &s->disp.crtc[n];
        r5xx_crtc_vblanks(c, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), &line);
        v = reg(s, addr) & R_CRTC_STATUS_CRTC_VBLANK_SAVE_MASK;
        if (c->period && line >= c->vdisp) {
            v |= R_CRTC_STATUS_CRTC_VBLANK_CUR_MASK;
        }
        return v;
    case A_CRTC_VLINE_CRNT_VLINE:
    case A_CRTC2_VLINE_CRNT_VLINE:
        c = &s->disp.crtc[addr == A_CRTC2_VLINE_CRNT_VLINE];
        r5xx_crtc_vblanks(c, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), &line);
        return FIELD_DP32(reg(s, addr), CRTC_VLINE_CRNT_VLINE,
                          CRTC_CRNT_VLINE, line);
    case A_CRTC_CRNT_FRAME:
    case A_CRTC2_CRNT_FRAME:
        return r5xx_crtc_frame(&s->disp.crtc[addr == A_CRTC2_CRNT_FRAME]);
    case A_CRTC_OFFSET:
    case A_CRTC2_OFFSET:
        c = &s->disp.crtc[addr == A_CRTC2_OFFSET];
        return FIELD_DP32(reg(s, addr), CRTC_OFFSET, CRTC_GUI_TRIG_OFFSET,
                          c->offset_pending);
    case A_PALETTE_DATA:
    case A_PALETTE_30_DATA:
        return r5xx_palette_read(s, addr == A_PALETTE_30_DATA);
    case A_GPIO_VGA_DDC:
    case A_GPIO_DVI_DDC:
    case A_GPIO_MONID:
    case A_GPIO_CRT2_DDC:
        return r5xx_gpio_read(s, addr);
    case A_FP_GEN_CNTL:
        return FIELD_DP32(reg(s, addr), FP_GEN_CNTL, FP_DETECT_SENSE,
                          s->disp.mon[R5XX_MON_DVI].present);
    case A_DAC_CNTL:
        v = reg(s, addr) & ~R_DAC_CNTL_DAC_CMP_OUTPUT_MASK;
        if ((v & R_DAC_CNTL_DAC_CMP_EN_MASK) &&
            s->disp.mon[R5XX_MON_VGA].present) {
            v |= R_DAC_CNTL_DAC_CMP_OUTPUT_MASK;
        }
        return v;
    }
    *handled = false;
    return 0;
}

bool r5xx_display_write(R5xxState *s, uint32_t addr, uint32_t val)
{
    R5xxCrtc *c;
    int n;

    switch (addr) {
    case A_MODEL_VTIME_LO:
    case A_MODEL_VTIME_HI:
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: write of 0x%x to read-only "
                      "%s\n", val, r5xx_reg_name(addr));
        return true;
    }
    if (!r5xx_disp_legacy(s)) {
        return false;
    }
    switch (addr) {
    case A_CRTC_STATUS:
    case A_CRTC2_STATUS:
        s->regs[addr >> 2] &= ~(val & R_CRTC_STATUS_CRTC_VBLANK_SAVE_MASK);
        return true;
    case A_CRTC_VLINE_CRNT_VLINE:
    case A_CRTC2_VLINE_CRNT_VLINE:
        s->regs[addr >> 2] = val & R_CRTC_VLINE_CRNT_VLINE_CRTC_VLINE_MASK;
        return true;
    case A_CRTC_CRNT_FRAME:
    case A_CRTC2_CRNT_FRAME:
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: write of 0x%x to read-only "
                      "%s\n", val, r5xx_reg_name(addr));
        return true;
    case A_CRTC_OFFSET:
    case A_CRTC2_OFFSET:
        c = &s->disp.crtc[addr == A_CRTC2_OFFSET];
        val &= ~R_CRTC_OFFSET_CRTC_GUI_TRIG_OFFSET_MASK;
        s->regs[addr >> 2] = val;
        c->offset_next = FIELD_EX32(val, CRTC_OFFSET, CRTC_OFFSET);
        c->offset_pending = true;
        if (!c->period) {
            /* no frames: nothing to wait for */
            c->offset = c->offset_next;
            c->offset_pending = false;
        }
        c->invalidate = true;
        return true;
    case A_PALETTE_DATA:
    case A_PALETTE_30_DATA:
        r5xx_palette_write(s, val, addr == A_PALETTE_30_DATA);
        return true;
    case A_GPIO_VGA_DDC:
    case A_GPIO_DVI_DDC:
    case A_GPIO_MONID:
    case A_GPIO_CRT2_DDC:
        r5xx_gpio_write(s, addr, val);
        return true;
    case A_FP_GEN_CNTL:
        s->regs[addr >> 2] = val & ~R_FP_GEN_CNTL_FP_DETECT_SENSE_MASK;
        return true;
    case A_DAC_CNTL:
        s->regs[addr >> 2] = val & ~R_DAC_CNTL_DAC_CMP_OUTPUT_MASK;
        return true;
    }
    n = r5xx_disp_crtc_of(addr);
    if (n < 0) {
        return false;
    }
    s->regs[addr >> 2] = val;
    s->disp.crtc[n].invalidate = true;
    r5xx_crtc_retime(s, n);
    return true;
}

void r5xx_display_pll_written(R5xxState *s)
{
    if (r5xx_disp_legacy(s)) {
        r5xx_crtc_retime(s, 0);
        r5xx_crtc_retime(s, 1);
    }
}

/* Monitors as QOM properties ---------------------------------------------- */

static bool r5xx_get_monitor(Object *obj, unsigned i)
{
    return R5XX(obj)->disp.mon[i].present;
}

static void r5xx_set_monitor(Object *obj, unsigned i, bool on)
{
    R5xxState *s = R5XX(obj);

    if (!s->disp.realized) {
        s->disp.mon[i].present = on;    /* -device ...,monitor-dvi=on */
        return;
    }
    r5xx_monitor_plug(s, &s->disp.mon[i], on);
}

static bool r5xx_get_monitor_vga(Object *obj, Error **errp)
{
    return r5xx_get_monitor(obj, R5XX_MON_VGA);
}

static void r5xx_set_monitor_vga(Object *obj, bool on, Error **errp)
{
    r5xx_set_monitor(obj, R5XX_MON_VGA, on);
}

static bool r5xx_get_monitor_dvi(Object *obj, Error **errp)
{
    return r5xx_get_monitor(obj, R5XX_MON_DVI);
}

static void r5xx_set_monitor_dvi(Object *obj, bool on, Error **errp)
{
    r5xx_set_monitor(obj, R5XX_MON_DVI, on);
}

void r5xx_display_instance_init(R5xxState *s)
{
    Object *obj = OBJECT(s);

    s->disp.mon[R5XX_MON_VGA].present = true;
    /* plug and unplug at run time: qom-set <path> monitor-dvi true */
    object_property_add_bool(obj, "monitor-vga", r5xx_get_monitor_vga,
                             r5xx_set_monitor_vga);
    object_property_add_bool(obj, "monitor-dvi", r5xx_get_monitor_dvi,
                             r5xx_set_monitor_dvi);
}

/* Life cycle -------------------------------------------------------------- */

void r5xx_display_init(R5xxState *s)
{
    DeviceState *dev = DEVICE(s);

    for (unsigned i = 0; i < R5XX_MONITORS; i++) {
        R5xxMonitor *mon = &s->disp.mon[i];
        g_autofree char *name = g_strdup_printf("r5xx.ddc-%s",
                                                r5xx_outputs[i].name);

        mon->index = i;
        mon->xres = s->disp.mon_xres[i] ? s->disp.mon_xres[i] : 1024;
        mon->yres = s->disp.mon_yres[i] ? s->disp.mon_yres[i] : 768;
        mon->bus = i2c_init_bus(dev, name);
        bitbang_i2c_init(&mon->bbi2c, mon->bus);
        mon->ddc = I2CDDC(i2c_slave_create_simple(mon->bus, TYPE_I2CDDC,
                                                  0x50));
        r5xx_monitor_edid(mon);
        mon->sda_in = true;
    }
    for (unsigned n = 0; n < R5XX_CRTCS; n++) {
        R5xxCrtc *c = &s->disp.crtc[n];

        c->s = s;
        c->id = n;
        timer_init_ns(&c->vblank_timer, QEMU_CLOCK_VIRTUAL, r5xx_crtc_vblank,
                      c);
        if (r5xx_disp_legacy(s)) {
            c->con = graphic_console_init(dev, n, &r5xx_crtc_ops, c);
        }
    }
    if (r5xx_disp_legacy(s)) {
        memory_region_set_log(&s->vram, true, DIRTY_MEMORY_VGA);
    }
    s->disp.realized = true;
}

void r5xx_display_fini(R5xxState *s)
{
    for (unsigned n = 0; n < R5XX_CRTCS; n++) {
        R5xxCrtc *c = &s->disp.crtc[n];

        timer_del(&c->vblank_timer);
        if (c->con) {
            graphic_console_close(c->con);
        }
    }
}

/* After the register file is cleared: CRTCs off, identity palettes. */
void r5xx_display_reset(R5xxState *s)
{
    for (unsigned n = 0; n < R5XX_CRTCS; n++) {
        R5xxCrtc *c = &s->disp.crtc[n];

        timer_del(&c->vblank_timer);
        c->period = 0;
        c->vtotal = 0;
        c->vdisp = 0;
        c->vstart = 0;
        c->frame_base = 0;
        c->vblanks_done = 0;
        c->t0 = 0;
        c->offset = 0;
        c->offset_next = 0;
        c->offset_pending = false;
        c->invalidate = true;
        for (unsigned i = 0; i < 256; i++) {
            uint32_t v = (i << 2) | (i >> 6);

            c->palette[i] = (v << 20) | (v << 10) | v;
        }
    }
}
