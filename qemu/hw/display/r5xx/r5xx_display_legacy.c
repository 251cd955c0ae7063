/*
 * ATI/AMD Radeon R3xx-R5xx model: register decode of the legacy (pre-AVIVO)
 * display engine of the R3xx/R4xx chips (rv380): CRTC1/CRTC2 timing and
 * surfaces, CRTC_OFFSET flips, the palette port, ARGB cursors, vblank
 * status and interrupts, the GPIO DDC lines, FP_DETECT and DAC load sense.
 * r5xx_display.c draws and times what this file decodes; r5xx_panel.c
 * is the LVDS panel of the Mobility chips behind it.
 *
 * Upstream radeon's radeon_legacy_crtc.c, radeon_cursor.c, radeon_i2c.c and
 * radeon_combios.c (no-BIOS connector table) are the referee of what the
 * registers mean.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "r5xx_display.h"

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
static const uint32_t r5xx_legacy_gpio[R5XX_MONITORS] = {
    [R5XX_MON_VGA] = A_GPIO_VGA_DDC,        /* primary DAC */
    [R5XX_MON_DVI] = A_GPIO_DVI_DDC,        /* TMDS + TV DAC */
};

static uint32_t reg(R5xxState *s, uint32_t addr)
{
    return r5xx_disp_reg(s, addr);
}

/* CRTC1 timing/offset block register for CRTC n. */
static uint32_t creg(R5xxState *s, unsigned n, uint32_t addr1)
{
    return reg(s, addr1 + n * R5XX_CRTC2_DELTA);
}

/* Timing --------------------------------------------------------------- */

/* Pixel clock in kHz from the CRTC's PLL, 0 if it is not running. */
static uint32_t r5xx_legacy_pixclk_khz(R5xxState *s, unsigned n)
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

static void r5xx_legacy_timing(R5xxState *s, unsigned n, R5xxTiming *t)
{
    t->on = reg(s, r5xx_crtc_regs[n].gen_cntl) & R_CRTC_GEN_CNTL_CRTC_EN_MASK;
    t->htotal = (FIELD_EX32(creg(s, n, A_CRTC_H_TOTAL_DISP), CRTC_H_TOTAL_DISP,
                            CRTC_H_TOTAL) + 1) * 8;
    t->vtotal = FIELD_EX32(creg(s, n, A_CRTC_V_TOTAL_DISP), CRTC_V_TOTAL_DISP,
                           CRTC_V_TOTAL) + 1;
    t->vdisp = FIELD_EX32(creg(s, n, A_CRTC_V_TOTAL_DISP), CRTC_V_TOTAL_DISP,
                          CRTC_V_DISP) + 1;
    t->khz = r5xx_legacy_pixclk_khz(s, n);
}

static bool r5xx_legacy_flip_locked(R5xxState *s, unsigned n)
{
    return creg(s, n, A_CRTC_OFFSET) & R_CRTC_OFFSET_CRTC_OFFSET_LOCK_MASK;
}

static void r5xx_legacy_vblank(R5xxState *s, unsigned n)
{
    const R5xxCrtcRegs *r = &r5xx_crtc_regs[n];

    s->regs[r->status >> 2] |= R_CRTC_STATUS_CRTC_VBLANK_SAVE_MASK;
    r5xx_raise_status(s, r->vblank_stat);
}

/* Scanout -------------------------------------------------------------- */

/* What CRTC n shows; false if it shows nothing (off, VGA mode, nonsense). */
static bool r5xx_legacy_scanout(R5xxState *s, unsigned n, R5xxScanout *m)
{
    R5xxCrtc *c = &s->disp.crtc[n];
    uint32_t gen = reg(s, r5xx_crtc_regs[n].gen_cntl);
    uint32_t ocntl = creg(s, n, A_CRTC_OFFSET_CNTL);
    uint32_t tile = reg(s, r5xx_crtc_regs[n].tile_x0_y0);
    static const struct {
        uint8_t cpp;
        R5xxPixFmt fmt;
    } pix[16] = {
        [2] = { 1, R5XX_PIX_I8 },
        [3] = { 2, R5XX_PIX_ARGB1555 },
        [4] = { 2, R5XX_PIX_RGB565 },
        [5] = { 3, R5XX_PIX_RGB888 },
        [6] = { 4, R5XX_PIX_ARGB8888 },
    };
    unsigned pw;
    uint64_t mc;

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
    m->wx1 = m->width;
    m->wy1 = m->height;
    if (n == 0) {
        m->blank = (reg(s, A_CRTC_EXT_CNTL) &
                    R_CRTC_EXT_CNTL_CRTC_DISPLAY_DIS_MASK) ||
                   (gen & R_CRTC_GEN_CNTL_DISP_REQ_EN_B_MASK);
    } else {
        m->blank = gen & (R_CRTC2_GEN_CNTL_CRTC2_DISPLAY_DIS_MASK |
                          R_CRTC2_GEN_CNTL_CRTC2_DISP_REQ_EN_B_MASK);
    }
    pw = FIELD_EX32(gen, CRTC_GEN_CNTL, CRTC_PIX_WIDTH);
    m->cpp = pix[pw].cpp;
    m->fmt = pix[pw].fmt;
    m->lut = s->disp.lut[n];
    if (!m->cpp) {
        r5xx_disp_error(c, "pixel width %u is not a scanout format", pw);
        return false;
    }
    m->pitch = FIELD_EX32(creg(s, n, A_CRTC_PITCH), CRTC_PITCH, CRTC_PITCH) *
               8 * m->cpp;
    mc = (uint64_t)reg(s, r5xx_crtc_regs[n].base) + (c->flip_cur & ~7u);
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
        m->sx = FIELD_EX32(tile, CRTC_TILE_X0_Y0, CRTC_TILE_X0);
        m->sy = FIELD_EX32(tile, CRTC_TILE_X0_Y0, CRTC_TILE_Y0);
    }
    if (!m->pitch && m->height > 1) {
        r5xx_disp_error(c, "zero pitch (0x%x)", creg(s, n, A_CRTC_PITCH));
    }
    return true;
}

/* Cursor --------------------------------------------------------------- */

static void r5xx_legacy_cursor(R5xxState *s, unsigned n, R5xxCursor *cur)
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

/* DDC and monitors ------------------------------------------------------- */

static R5xxMonitor *r5xx_legacy_gpio_monitor(R5xxState *s, uint32_t addr)
{
    for (unsigned i = 0; i < R5XX_MONITORS; i++) {
        if (r5xx_legacy_gpio[i] == addr) {
            return &s->disp.mon[i];
        }
    }
    return NULL;
}

/* A pin with EN set drives A, else it is released and pulled up. */
static bool r5xx_legacy_pin(uint32_t v, unsigned pin)
{
    return !extract32(v, R_GPIO_VGA_DDC_GPIO_EN_0_SHIFT + pin, 1) ||
           extract32(v, R_GPIO_VGA_DDC_GPIO_A_0_SHIFT + pin, 1);
}

/* Pin 0 is data, pin 1 clock; Y reads the line, which the monitor may pull. */
static uint32_t r5xx_legacy_gpio_read(R5xxState *s, uint32_t addr)
{
    uint32_t v = reg(s, addr);
    bool sda = r5xx_legacy_pin(v, 0) &&
               r5xx_ddc_sda(r5xx_legacy_gpio_monitor(s, addr));

    v = FIELD_DP32(v, GPIO_VGA_DDC, GPIO_Y_1, r5xx_legacy_pin(v, 1));
    return FIELD_DP32(v, GPIO_VGA_DDC, GPIO_Y_0, sda);
}

static void r5xx_legacy_gpio_write(R5xxState *s, uint32_t addr, uint32_t val)
{
    s->regs[addr >> 2] = val & ~(R_GPIO_VGA_DDC_GPIO_Y_0_MASK |
                                 R_GPIO_VGA_DDC_GPIO_Y_1_MASK);
    r5xx_ddc_drive(r5xx_legacy_gpio_monitor(s, addr), r5xx_legacy_pin(val, 1),
                   r5xx_legacy_pin(val, 0));
}

static void r5xx_legacy_plugged(R5xxState *s, unsigned mon)
{
    if (mon == R5XX_MON_DVI) {
        r5xx_raise_status(s, R_GEN_INT_STATUS_FP_DETECT_STAT_MASK);
    }
}

/* Palette port ------------------------------------------------------------- */

static uint32_t *r5xx_legacy_palette(R5xxState *s)
{
    bool two = reg(s, A_DAC_CNTL2) & R_DAC_CNTL2_DAC2_PALETTE_ACC_CTL_MASK;

    return s->disp.lut[two];
}

static uint32_t r5xx_legacy_palette_read(R5xxState *s, bool thirty)
{
    uint32_t idx = reg(s, A_PALETTE_INDEX);
    unsigned i = FIELD_EX32(idx, PALETTE_INDEX, PALETTE_R_INDEX);
    uint32_t e = r5xx_legacy_palette(s)[i];

    s->regs[R_PALETTE_INDEX] = FIELD_DP32(idx, PALETTE_INDEX,
                                          PALETTE_R_INDEX, (i + 1) & 0xff);
    return thirty ? e : r5xx_lut_to_888(e);
}

static void r5xx_legacy_palette_write(R5xxState *s, uint32_t val,
                                      bool thirty)
{
    uint32_t idx = reg(s, A_PALETTE_INDEX);
    unsigned i = FIELD_EX32(idx, PALETTE_INDEX, PALETTE_W_INDEX);

    if (!thirty) {
        val = r5xx_lut_from_888(val);   /* 8:8:8, widened to 10 bits */
    }
    r5xx_legacy_palette(s)[i] = val & 0x3fffffff;
    r5xx_disp_invalidate_all(s);
    s->regs[R_PALETTE_INDEX] = FIELD_DP32(idx, PALETTE_INDEX,
                                          PALETTE_W_INDEX, (i + 1) & 0xff);
}

/* Register interface ----------------------------------------------------- */

/* Which CRTC a timing/offset/cursor register belongs to, -1 if none. */
static int r5xx_legacy_crtc_of(uint32_t addr)
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

static uint32_t r5xx_legacy_read(R5xxState *s, uint32_t addr, bool *handled)
{
    R5xxCrtc *c;
    uint32_t line, pixel, v;

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
        r5xx_crtc_sync(s, r5xx_legacy_crtc_of(addr));
        break;
    }
    switch (addr) {
    case A_CRTC_STATUS:
    case A_CRTC2_STATUS:
        c = &s->disp.crtc[addr == A_CRTC2_STATUS];
        v = reg(s, addr) & R_CRTC_STATUS_CRTC_VBLANK_SAVE_MASK;
        if (r5xx_crtc_position(c, &line, &pixel)) {
            v |= R_CRTC_STATUS_CRTC_VBLANK_CUR_MASK;
        }
        return v;
    case A_CRTC_VLINE_CRNT_VLINE:
    case A_CRTC2_VLINE_CRNT_VLINE:
        c = &s->disp.crtc[addr == A_CRTC2_VLINE_CRNT_VLINE];
        r5xx_crtc_position(c, &line, &pixel);
        return FIELD_DP32(reg(s, addr), CRTC_VLINE_CRNT_VLINE,
                          CRTC_CRNT_VLINE, line);
    case A_CRTC_CRNT_FRAME:
    case A_CRTC2_CRNT_FRAME:
        return r5xx_crtc_frame(&s->disp.crtc[addr == A_CRTC2_CRNT_FRAME]) &
               R_CRTC_CRNT_FRAME_CRTC_CRNT_FRAME_MASK;
    case A_CRTC_OFFSET:
    case A_CRTC2_OFFSET:
        c = &s->disp.crtc[addr == A_CRTC2_OFFSET];
        return FIELD_DP32(reg(s, addr), CRTC_OFFSET, CRTC_GUI_TRIG_OFFSET,
                          c->flip_pending);
    case A_PALETTE_DATA:
    case A_PALETTE_30_DATA:
        return r5xx_legacy_palette_read(s, addr == A_PALETTE_30_DATA);
    case A_GPIO_VGA_DDC:
    case A_GPIO_DVI_DDC:
    case A_GPIO_MONID:
    case A_GPIO_CRT2_DDC:
        return r5xx_legacy_gpio_read(s, addr);
    case A_FP_GEN_CNTL:
        return FIELD_DP32(reg(s, addr), FP_GEN_CNTL, FP_DETECT_SENSE,
                          s->disp.mon[R5XX_MON_DVI].present);
    case A_DAC_CNTL2:
        return r5xx_dac2_cntl2_read(s);
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

static bool r5xx_legacy_write(R5xxState *s, uint32_t addr, uint32_t val)
{
    int n;

    if (r5xx_panel_write(s, addr, val)) {
        return true;
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
        n = addr == A_CRTC2_OFFSET;
        s->regs[addr >> 2] = val & ~R_CRTC_OFFSET_CRTC_GUI_TRIG_OFFSET_MASK;
        r5xx_crtc_flip(s, n, FIELD_EX32(val, CRTC_OFFSET, CRTC_OFFSET), false);
        s->disp.crtc[n].invalidate = true;
        return true;
    case A_PALETTE_DATA:
    case A_PALETTE_30_DATA:
        r5xx_legacy_palette_write(s, val, addr == A_PALETTE_30_DATA);
        return true;
    case A_GPIO_VGA_DDC:
    case A_GPIO_DVI_DDC:
    case A_GPIO_MONID:
    case A_GPIO_CRT2_DDC:
        r5xx_legacy_gpio_write(s, addr, val);
        return true;
    case A_FP_GEN_CNTL:
        s->regs[addr >> 2] = val & ~R_FP_GEN_CNTL_FP_DETECT_SENSE_MASK;
        return true;
    case A_DAC_CNTL:
        s->regs[addr >> 2] = val & ~R_DAC_CNTL_DAC_CMP_OUTPUT_MASK;
        return true;
    case A_DAC_CNTL2:
        r5xx_dac2_cntl2_write(s, val);
        return true;
    }
    n = r5xx_legacy_crtc_of(addr);
    if (n < 0) {
        return false;
    }
    s->regs[addr >> 2] = val;
    s->disp.crtc[n].invalidate = true;
    r5xx_crtc_retime(s, n);
    return true;
}

static void r5xx_legacy_reset(R5xxState *s)
{
    r5xx_panel_reset(s);
    r5xx_dac2_reset(s);
}

const R5xxDispOps r5xx_disp_legacy_ops = {
    .crtc_name = "CRTC",
    .timing = r5xx_legacy_timing,
    .scanout = r5xx_legacy_scanout,
    .cursor = r5xx_legacy_cursor,
    .flip_locked = r5xx_legacy_flip_locked,
    .vblank = r5xx_legacy_vblank,
    .plugged = r5xx_legacy_plugged,
    .read = r5xx_legacy_read,
    .write = r5xx_legacy_write,
    .reset = r5xx_legacy_reset,
    .panel_hw_ops = &r5xx_panel_ops,
    .panel_lit = r5xx_panel_lit,
    .panel_backlight = r5xx_panel_backlight,
};
