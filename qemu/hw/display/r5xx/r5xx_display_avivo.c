/*
 * ATI/AMD Radeon R3xx-R5xx model: register decode of the AVIVO display
 * engine of the R5xx chips (rv515): D1/D2 CRTC timing, GRPH surfaces with
 * double-buffered addresses, viewports, cursors, the LUT port with LUT A
 * and B, the EXT1/EXT2 pixel PLLs, vblank status and the display interrupt
 * (DISP_INTERRUPT_STATUS behind GEN_INT_STATUS.DISPLAY_INT_STAT), hot plug
 * pins, DAC/TMDS load sense and the DC_GPIO DDC lines.  r5xx_display.c
 * draws and times what this file decodes.
 *
 * Upstream radeon's rs600.c, rv515.c, atombios_crtc.c (avivo_crtc_do_set_base),
 * radeon_cursor.c and radeonhd's direct programming (rhd_crtc.c, rhd_pll.c,
 * rhd_lut.c, rhd_cursor.c) are the referee of what the registers mean.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "r5xx_display.h"

#define R5XX_D2_DELTA           0x800   /* D2 registers = D1 + 0x800 */
#define R5XX_D_FIRST            A_D1CRTC_H_TOTAL
#define R5XX_D_END              (R5XX_D_FIRST + 2 * R5XX_D2_DELTA)
#define R5XX_EXT2_DELTA         0x10    /* EXT2 REF_DIV/UPDATE */
#define R5XX_HPD_DELTA          0x10    /* DC_HOT_PLUG_DETECT2 - 1 */
#define R5XX_DDC_DELTA          0x10    /* DC_GPIO_DDCn+1 - n */
#define R5XX_DDC_BLOCKS         3
#define R5XX_HPD_PINS           2
#define R5XX_AVIVO_MAX          8192    /* largest total or surface */

/* DC_GPIO_DDC1..3: what hangs on each line (the model's connector table). */
static const int r5xx_avivo_ddc_mon[R5XX_DDC_BLOCKS] = {
    R5XX_MON_VGA, R5XX_MON_DVI, -1,
};

static uint32_t reg(R5xxState *s, uint32_t addr)
{
    return r5xx_disp_reg(s, addr);
}

/* D1 register addr1 of CRTC n. */
static uint32_t dreg(R5xxState *s, unsigned n, uint32_t addr1)
{
    return reg(s, addr1 + n * R5XX_D2_DELTA);
}

/* Interrupts ------------------------------------------------------------- */

static uint32_t r5xx_avivo_disp_int(R5xxState *s)
{
    uint32_t v = 0;

    for (unsigned n = 0; n < R5XX_CRTCS; n++) {
        if (dreg(s, n, A_D1MODE_VBLANK_STATUS) &
            R_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_INTERRUPT_MASK) {
            v |= R_DISP_INTERRUPT_STATUS_LB_D1_VBLANK_INTERRUPT_MASK << n;
        }
    }
    for (unsigned p = 0; p < R5XX_HPD_PINS; p++) {
        uint32_t d = p * R5XX_HPD_DELTA;

        if ((reg(s, A_DC_HOT_PLUG_DETECT1_INT_STATUS + d) &
             R_DC_HOT_PLUG_DETECT1_INT_STATUS_DC_HOT_PLUG_DETECT_INT_STATUS_MASK)
            && (reg(s, A_DC_HOT_PLUG_DETECT1_INT_CONTROL + d) &
                R_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_EN_MASK)) {
            v |= R_DISP_INTERRUPT_STATUS_DC_HOT_PLUG_DETECT1_INTERRUPT_MASK << p;
        }
    }
    return v;
}

/* DISPLAY_INT_STAT follows the sources; no GEN_INT_CNTL bit gates it. */
static void r5xx_avivo_update_int(R5xxState *s)
{
    s->disp.int_pending = r5xx_avivo_disp_int(s) != 0;
    r5xx_update_irq(s);
}

/* Hot plug: INT_STATUS is set when the pin comes to the polarity's level. */
static void r5xx_avivo_hpd_eval(R5xxState *s)
{
    for (unsigned p = 0; p < R5XX_HPD_PINS; p++) {
        uint32_t d = p * R5XX_HPD_DELTA;
        bool sense = p == 0 && s->disp.mon[R5XX_MON_DVI].present;
        bool match = (reg(s, A_DC_HOT_PLUG_DETECT1_CONTROL + d) &
                      R_DC_HOT_PLUG_DETECT1_CONTROL_DC_HOT_PLUG_DETECT_EN_MASK) &&
                     sense == FIELD_EX32(reg(s, A_DC_HOT_PLUG_DETECT1_INT_CONTROL + d),
                                         DC_HOT_PLUG_DETECT1_INT_CONTROL,
                                         DC_HOT_PLUG_DETECT_INT_POLARITY);

        if (match && !s->disp.hpd_match[p]) {
            s->regs[(A_DC_HOT_PLUG_DETECT1_INT_STATUS + d) >> 2] |=
                R_DC_HOT_PLUG_DETECT1_INT_STATUS_DC_HOT_PLUG_DETECT_INT_STATUS_MASK;
        }
        s->disp.hpd_match[p] = match;
    }
    r5xx_avivo_update_int(s);
}

static void r5xx_avivo_plugged(R5xxState *s, unsigned mon)
{
    r5xx_avivo_hpd_eval(s);
}

/* Timing --------------------------------------------------------------- */

/* Active part of a total from a BLANK_START_END register (0: not set). */
static uint32_t r5xx_avivo_active(uint32_t blank, uint32_t total)
{
    uint32_t start = extract32(blank, 0, 13), end = extract32(blank, 16, 13);

    return (start + total - end % total) % total;
}

static bool r5xx_avivo_pll_up(uint32_t cntl)
{
    return !(cntl & (R_P1PLL_CNTL_PLL_RESET_MASK | R_P1PLL_CNTL_PLL_SLEEP_MASK));
}

/* Pixel clock of CRTC n in kHz: 27 MHz * FB / (REF * POST), 0 if unused. */
static uint32_t r5xx_avivo_pixclk_khz(R5xxState *s, unsigned n)
{
    unsigned k = FIELD_EX32(reg(s, A_PCLK_CRTC1_CNTL + n * 4), PCLK_CRTC1_CNTL,
                            PCLK_CRTC_PLL_SEL);
    uint32_t ref = FIELD_EX32(reg(s, A_EXT1_PPLL_REF_DIV + k * R5XX_EXT2_DELTA),
                              EXT1_PPLL_REF_DIV, REF_DIV);
    uint32_t fbr = reg(s, A_EXT1_PPLL_FB_DIV + k * 4);
    uint32_t fb10 = FIELD_EX32(fbr, EXT1_PPLL_FB_DIV, FB_DIV) * 10 +
                    MIN(FIELD_EX32(fbr, EXT1_PPLL_FB_DIV, FB_DIV_FRAC), 9);
    uint32_t post = FIELD_EX32(reg(s, A_EXT1_PPLL_POST_DIV + k * 8),
                               EXT1_PPLL_POST_DIV, POST_DIV);

    if (!r5xx_avivo_pll_up(reg(s, A_P1PLL_CNTL + k * 4)) ||
        !(reg(s, A_EXT1_PPLL_POST_DIV_SRC + k * 8) &
          R_EXT1_PPLL_POST_DIV_SRC_POST_DIV_SRC_MASK) ||
        !ref || !fb10 || !post) {
        return 0;
    }
    return (uint64_t)R5XX_PPLL_REF_KHZ * fb10 / ((uint64_t)ref * post * 10);
}

static void r5xx_avivo_timing(R5xxState *s, unsigned n, R5xxTiming *t)
{
    t->on = dreg(s, n, A_D1CRTC_CONTROL) & R_D1CRTC_CONTROL_D1CRTC_EN_MASK;
    t->htotal = FIELD_EX32(dreg(s, n, A_D1CRTC_H_TOTAL), D1CRTC_H_TOTAL,
                           H_TOTAL) + 1;
    t->vtotal = FIELD_EX32(dreg(s, n, A_D1CRTC_V_TOTAL), D1CRTC_V_TOTAL,
                           V_TOTAL) + 1;
    t->vdisp = r5xx_avivo_active(dreg(s, n, A_D1CRTC_V_BLANK_START_END),
                                 t->vtotal);
    if (!t->vdisp) {
        t->vdisp = FIELD_EX32(dreg(s, n, A_D1MODE_VIEWPORT_SIZE),
                              D1MODE_VIEWPORT_SIZE, VIEWPORT_HEIGHT);
    }
    /* STATUS_POSITION counts from V_BLANK_END lines before the first
     * active line (r5xx_avivo_position) */
    t->wrap = t->vtotal -
              FIELD_EX32(dreg(s, n, A_D1CRTC_V_BLANK_START_END),
                         D1CRTC_V_BLANK_START_END, V_BLANK_END) % t->vtotal;
    t->khz = r5xx_avivo_pixclk_khz(s, n);
}

static bool r5xx_avivo_flip_locked(R5xxState *s, unsigned n)
{
    return dreg(s, n, A_D1GRPH_UPDATE) & R_D1GRPH_UPDATE_GRPH_UPDATE_LOCK_MASK;
}

static bool r5xx_avivo_flip_now(R5xxState *s, unsigned n)
{
    return dreg(s, n, A_D1GRPH_FLIP_CONTROL) &
           R_D1GRPH_FLIP_CONTROL_GRPH_SURFACE_UPDATE_H_RETRACE_EN_MASK;
}

static void r5xx_avivo_vblank(R5xxState *s, unsigned n)
{
    uint32_t a = A_D1MODE_VBLANK_STATUS + n * R5XX_D2_DELTA;

    s->regs[a >> 2] |= R_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_OCCURRED_MASK;
    if (reg(s, A_DXMODE_INT_MASK) &
        (R_DXMODE_INT_MASK_D1MODE_VBLANK_INT_MASK_MASK << (n * 8))) {
        s->regs[a >> 2] |= R_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_INTERRUPT_MASK;
    }
    r5xx_avivo_update_int(s);
}

/* Scan position as STATUS_POSITION counts it (from the blank registers). */
static uint32_t r5xx_avivo_position(R5xxState *s, unsigned n)
{
    R5xxCrtc *c = &s->disp.crtc[n];
    uint32_t line, pixel, v;

    if (!c->period) {
        return 0;
    }
    r5xx_crtc_position(c, &line, &pixel);
    line += FIELD_EX32(dreg(s, n, A_D1CRTC_V_BLANK_START_END),
                       D1CRTC_V_BLANK_START_END, V_BLANK_END);
    pixel += FIELD_EX32(dreg(s, n, A_D1CRTC_H_BLANK_START_END),
                        D1CRTC_H_BLANK_START_END, H_BLANK_END);
    v = FIELD_DP32(0, D1CRTC_STATUS_POSITION, VPOS, line % c->vtotal);
    return FIELD_DP32(v, D1CRTC_STATUS_POSITION, HPOS, pixel % c->htotal);
}

/* Scanout -------------------------------------------------------------- */

/* Pixel format from GRPH_CONTROL; false if it is not a scanout format. */
static bool r5xx_avivo_format(uint32_t grph, R5xxScanout *m)
{
    static const R5xxPixFmt fmt16[] = {
        R5XX_PIX_ARGB1555, R5XX_PIX_RGB565, R5XX_PIX_ARGB4444,
    };
    unsigned f = FIELD_EX32(grph, D1GRPH_CONTROL, GRPH_FORMAT);

    switch (FIELD_EX32(grph, D1GRPH_CONTROL, GRPH_DEPTH)) {
    case D1GRPH_CONTROL_GRPH_DEPTH_8BPP:
        m->cpp = 1;
        m->fmt = R5XX_PIX_I8;
        return f == 0;
    case D1GRPH_CONTROL_GRPH_DEPTH_16BPP:
        m->cpp = 2;
        if (f >= ARRAY_SIZE(fmt16)) {
            return false;
        }
        m->fmt = fmt16[f];
        return true;
    case D1GRPH_CONTROL_GRPH_DEPTH_32BPP:
        m->cpp = 4;
        m->fmt = f ? R5XX_PIX_ARGB2101010 : R5XX_PIX_ARGB8888;
        return f <= 1;
    }
    return false;
}

/*
 * Screen pixels [*lo, *hi) along one axis show the surface: desktop pixel
 * vp + x lies in [start, end) and x inside the viewport; *so becomes the
 * surface coordinate of screen pixel 0.
 */
static void r5xx_avivo_window(uint32_t vp, uint32_t vpsize, uint32_t start,
                              uint32_t end, uint32_t offset, uint32_t screen,
                              uint32_t *lo, uint32_t *hi, int32_t *so)
{
    *lo = start > vp ? start - vp : 0;
    *hi = MIN(MIN(end > vp ? end - vp : 0, vpsize), screen);
    *lo = MIN(*lo, *hi);
    *so = (int32_t)(offset + vp - start);
}

static bool r5xx_avivo_scanout(R5xxState *s, unsigned n, R5xxScanout *m)
{
    R5xxCrtc *c = &s->disp.crtc[n];
    uint32_t ctl = dreg(s, n, A_D1CRTC_CONTROL);
    uint32_t grph = dreg(s, n, A_D1GRPH_CONTROL);
    uint32_t lut = dreg(s, n, A_D1GRPH_LUT_SEL);
    uint32_t vps = dreg(s, n, A_D1MODE_VIEWPORT_START);
    uint32_t vpz = dreg(s, n, A_D1MODE_VIEWPORT_SIZE);
    uint32_t vpw = FIELD_EX32(vpz, D1MODE_VIEWPORT_SIZE, VIEWPORT_WIDTH);
    uint32_t vph = FIELD_EX32(vpz, D1MODE_VIEWPORT_SIZE, VIEWPORT_HEIGHT);

    if (!(ctl & R_D1CRTC_CONTROL_D1CRTC_EN_MASK)) {
        return false;
    }
    if (reg(s, n ? A_D2VGA_CONTROL : A_D1VGA_CONTROL) &
        R_D1VGA_CONTROL_D1VGA_MODE_ENABLE_MASK) {
        r5xx_disp_error(c, "VGA mode (D%uVGA_CONTROL set) is not modelled",
                        n + 1);
        return false;
    }
    m->width = r5xx_avivo_active(dreg(s, n, A_D1CRTC_H_BLANK_START_END),
                                 FIELD_EX32(dreg(s, n, A_D1CRTC_H_TOTAL),
                                            D1CRTC_H_TOTAL, H_TOTAL) + 1);
    m->height = r5xx_avivo_active(dreg(s, n, A_D1CRTC_V_BLANK_START_END),
                                  FIELD_EX32(dreg(s, n, A_D1CRTC_V_TOTAL),
                                             D1CRTC_V_TOTAL, V_TOTAL) + 1);
    /* no blank set up: the viewport's size */
    m->width = m->width ? m->width : vpw;
    m->height = m->height ? m->height : vph;
    if (m->width > R5XX_AVIVO_MAX || m->height > R5XX_AVIVO_MAX) {
        r5xx_disp_error(c, "a %u pixel wide screen is too large", m->width);
        return false;
    }
    m->blank = (dreg(s, n, A_D1CRTC_BLANK_CONTROL) &
                R_D1CRTC_BLANK_CONTROL_BLANK_DATA_EN_MASK) ||
               (ctl & R_D1CRTC_CONTROL_D1CRTC_DISP_READ_REQUEST_DISABLE_MASK) ||
               !(dreg(s, n, A_D1GRPH_ENABLE) & R_D1GRPH_ENABLE_GRPH_ENABLE_MASK);
    if (!r5xx_avivo_format(grph, m)) {
        r5xx_disp_error(c, "GRPH_CONTROL 0x%x is not a scanout format", grph);
        return false;
    }
    m->swap_rb = FIELD_EX32(grph, D1GRPH_CONTROL, GRPH_SWAP_RB);
    m->lut = (lut & R_D1GRPH_LUT_SEL_LUT_10BIT_BYPASS_EN_MASK) ? NULL :
             s->disp.lut[lut & R_D1GRPH_LUT_SEL_GRPH_LUT_SEL_MASK];
    m->pitch = FIELD_EX32(dreg(s, n, A_D1GRPH_PITCH), D1GRPH_PITCH,
                          GRPH_PITCH) * m->cpp;
    if (!m->blank && !r5xx_disp_vram(s, c->flip_cur, &m->base)) {
        r5xx_disp_error(c, "scanout MC address 0x%x is not in VRAM",
                        c->flip_cur);
        m->blank = true;
    }
    if (grph & (R_D1GRPH_CONTROL_GRPH_TILED_MASK |
                R_D1GRPH_CONTROL_GRPH_MACRO_ADDRESS_MODE_MASK)) {
        m->tiled = true;
        r5xx_surf_init(&m->surf, 0, m->pitch, m->cpp,
                       FIELD_EX32(grph, D1GRPH_CONTROL,
                                  GRPH_MACRO_ADDRESS_MODE),
                       FIELD_EX32(grph, D1GRPH_CONTROL, GRPH_TILED));
    }
    r5xx_avivo_window(FIELD_EX32(vps, D1MODE_VIEWPORT_START, VIEWPORT_X_START),
                      vpw, dreg(s, n, A_D1GRPH_X_START),
                      dreg(s, n, A_D1GRPH_X_END),
                      dreg(s, n, A_D1GRPH_SURFACE_OFFSET_X), m->width,
                      &m->wx0, &m->wx1, &m->sx);
    r5xx_avivo_window(FIELD_EX32(vps, D1MODE_VIEWPORT_START, VIEWPORT_Y_START),
                      vph, dreg(s, n, A_D1GRPH_Y_START),
                      dreg(s, n, A_D1GRPH_Y_END),
                      dreg(s, n, A_D1GRPH_SURFACE_OFFSET_Y), m->height,
                      &m->wy0, &m->wy1, &m->sy);
    if (!m->pitch && m->wy1 > m->wy0 + 1) {
        r5xx_disp_error(c, "zero pitch (0x%x)", dreg(s, n, A_D1GRPH_PITCH));
    }
    return true;
}

/* Cursor --------------------------------------------------------------- */

static void r5xx_avivo_cursor(R5xxState *s, unsigned n, R5xxCursor *cur)
{
    R5xxCrtc *c = &s->disp.crtc[n];
    uint32_t ctl = dreg(s, n, A_D1CUR_CONTROL);
    uint32_t size = dreg(s, n, A_D1CUR_SIZE);
    uint32_t pos = dreg(s, n, A_D1CUR_POSITION);
    uint32_t hot = dreg(s, n, A_D1CUR_HOT_SPOT);
    uint32_t vps = dreg(s, n, A_D1MODE_VIEWPORT_START);
    uint32_t w = FIELD_EX32(size, D1CUR_SIZE, CURSOR_WIDTH) + 1;
    uint32_t h = FIELD_EX32(size, D1CUR_SIZE, CURSOR_HEIGHT) + 1;
    uint32_t hx = FIELD_EX32(hot, D1CUR_HOT_SPOT, CURSOR_HOT_SPOT_X);
    uint32_t hy = FIELD_EX32(hot, D1CUR_HOT_SPOT, CURSOR_HOT_SPOT_Y);

    memset(cur, 0, sizeof(*cur));
    if (!(ctl & R_D1CUR_CONTROL_CURSOR_EN_MASK)) {
        return;
    }
    if (FIELD_EX32(ctl, D1CUR_CONTROL, CURSOR_MODE) !=
        D1CUR_CONTROL_CURSOR_MODE_ARGB_PREMULT || w > R5XX_CUR_SIZE ||
        h > R5XX_CUR_SIZE) {
        if (!c->cursor_logged) {
            c->cursor_logged = true;
            qemu_log_mask(LOG_UNIMP, "r5xx: D%u cursor control 0x%x size "
                          "0x%x: only 64x64 premultiplied ARGB is "
                          "modelled\n", n + 1, ctl, size);
        }
        return;
    }
    if (hx >= w || hy >= h ||
        !r5xx_disp_vram(s, dreg(s, n, A_D1CUR_SURFACE_ADDRESS), &cur->base)) {
        return;
    }
    cur->base += (uint64_t)hy * R5XX_CUR_PITCH;
    cur->xoff = hx;
    cur->w = w - hx;
    cur->h = h - hy;
    cur->x = (int32_t)FIELD_EX32(pos, D1CUR_POSITION, CURSOR_X) -
             (int32_t)FIELD_EX32(vps, D1MODE_VIEWPORT_START, VIEWPORT_X_START);
    cur->y = (int32_t)FIELD_EX32(pos, D1CUR_POSITION, CURSOR_Y) -
             (int32_t)FIELD_EX32(vps, D1MODE_VIEWPORT_START, VIEWPORT_Y_START);
    cur->on = true;
}

/* LUT port --------------------------------------------------------------- */

/* One access of DC_LUT_30_COLOR: the selected LUT's entry, index advances. */
static uint32_t r5xx_avivo_lut_access(R5xxState *s, bool write, uint32_t val)
{
    uint32_t *lut = s->disp.lut[reg(s, A_DC_LUT_RW_SELECT) &
                                R_DC_LUT_RW_SELECT_DC_LUT_RW_SELECT_MASK];
    unsigned i = FIELD_EX32(reg(s, A_DC_LUT_RW_INDEX), DC_LUT_RW_INDEX,
                            DC_LUT_RW_INDEX);
    uint32_t mask = reg(s, A_DC_LUT_WRITE_EN_MASK), e = lut[i];

    if (write) {
        /* mask bits 1:0 blue, 3:2 green, 5:4 red */
        for (unsigned ch = 0; ch < 3; ch++) {
            if (extract32(mask, ch * 2, 2)) {
                e = deposit32(e, ch * 10, 10, extract32(val, ch * 10, 10));
            }
        }
        lut[i] = e;
        r5xx_disp_invalidate_all(s);
    }
    s->regs[R_DC_LUT_RW_INDEX] = (i + 1) & 0xff;
    return e;
}

/* DDC and load sense ------------------------------------------------------- */

/* DC_GPIO_DDC block of addr (0-2), -1 if addr is not one. */
static int r5xx_avivo_ddc_block(uint32_t addr)
{
    if (addr < A_DC_GPIO_DDC1_MASK ||
        addr >= A_DC_GPIO_DDC1_MASK + R5XX_DDC_BLOCKS * R5XX_DDC_DELTA) {
        return -1;
    }
    return (addr - A_DC_GPIO_DDC1_MASK) / R5XX_DDC_DELTA;
}

static R5xxMonitor *r5xx_avivo_ddc_monitor(R5xxState *s, int k)
{
    int i = r5xx_avivo_ddc_mon[k];

    return i < 0 ? NULL : &s->disp.mon[i];
}

/* Line of block k: a pin with its EN bit set drives A, else floats high. */
static bool r5xx_avivo_ddc_line(R5xxState *s, int k, uint32_t bit)
{
    uint32_t d = k * R5XX_DDC_DELTA;

    return !(reg(s, A_DC_GPIO_DDC1_EN + d) & bit) ||
           (reg(s, A_DC_GPIO_DDC1_A + d) & bit);
}

static uint32_t r5xx_avivo_ddc_y(R5xxState *s, int k)
{
    uint32_t clk = R_DC_GPIO_DDC1_MASK_DC_GPIO_DDC_CLK_MASK;
    uint32_t data = R_DC_GPIO_DDC1_MASK_DC_GPIO_DDC_DATA_MASK;
    bool sda = r5xx_avivo_ddc_line(s, k, data) &&
               r5xx_ddc_sda(r5xx_avivo_ddc_monitor(s, k));

    return (r5xx_avivo_ddc_line(s, k, clk) ? clk : 0) | (sda ? data : 0);
}

static void r5xx_avivo_ddc_drive(R5xxState *s, int k)
{
    r5xx_ddc_drive(r5xx_avivo_ddc_monitor(s, k),
                   r5xx_avivo_ddc_line(s, k,
                       R_DC_GPIO_DDC1_MASK_DC_GPIO_DDC_CLK_MASK),
                   r5xx_avivo_ddc_line(s, k,
                       R_DC_GPIO_DDC1_MASK_DC_GPIO_DDC_DATA_MASK));
}

/* Register interface ----------------------------------------------------- */

static void r5xx_avivo_read_only(uint32_t addr, uint32_t val)
{
    qemu_log_mask(LOG_GUEST_ERROR, "r5xx: write of 0x%x to read-only %s\n",
                  val, r5xx_reg_name(addr));
}

/* A register of the D1/D2 blocks: n and the D1 offset, false if shared. */
static bool r5xx_avivo_crtc_of(uint32_t addr, unsigned *n, uint32_t *a1)
{
    if (addr < R5XX_D_FIRST || addr >= R5XX_D_END) {
        return false;
    }
    *n = (addr - R5XX_D_FIRST) / R5XX_D2_DELTA;
    *a1 = addr - *n * R5XX_D2_DELTA;
    switch (*a1) {
    case A_DC_CRTC_MASTER_EN:
    case A_DC_LB_MEMORY_SPLIT:
    case A_DXMODE_INT_MASK:
        return false;
    }
    return !(*a1 >= A_DC_LUT_RW_SELECT && *a1 <= A_DC_LUTA_WHITE_OFFSET_RED);
}

static uint32_t r5xx_avivo_crtc_read(R5xxState *s, unsigned n, uint32_t a1,
                                     bool *handled)
{
    R5xxCrtc *c = &s->disp.crtc[n];
    uint32_t v = dreg(s, n, a1), line, pixel;

    switch (a1) {
    case A_D1CRTC_CONTROL:
        return FIELD_DP32(v, D1CRTC_CONTROL, D1CRTC_CURRENT_MASTER_EN_STATE,
                          FIELD_EX32(v, D1CRTC_CONTROL, D1CRTC_EN));
    case A_D1CRTC_STATUS:
        return r5xx_crtc_position(c, &line, &pixel) ?
               R_D1CRTC_STATUS_V_BLANK_MASK : 0;
    case A_D1CRTC_STATUS_POSITION:
        return r5xx_avivo_position(s, n);
    case A_D1CRTC_STATUS_FRAME_COUNT:
        return r5xx_crtc_frame(c) &
               R_D1CRTC_STATUS_FRAME_COUNT_FRAME_COUNT_MASK;
    case A_D1GRPH_UPDATE:
        r5xx_crtc_sync(s, n);
        return FIELD_DP32(v, D1GRPH_UPDATE, GRPH_SURFACE_UPDATE_PENDING,
                          c->flip_pending);
    case A_D1MODE_VBLANK_STATUS:
        r5xx_crtc_sync(s, n);
        v = dreg(s, n, a1);
        return FIELD_DP32(v, D1MODE_VBLANK_STATUS, D1MODE_VBLANK_STAT,
                          r5xx_crtc_position(c, &line, &pixel));
    }
    *handled = false;
    return 0;
}

static uint32_t r5xx_avivo_read(R5xxState *s, uint32_t addr, bool *handled)
{
    uint32_t a1, v;
    unsigned n;
    int k;

    if (r5xx_avivo_crtc_of(addr, &n, &a1)) {
        return r5xx_avivo_crtc_read(s, n, a1, handled);
    }
    switch (addr) {
    case A_GEN_INT_STATUS:
    case A_DISP_INTERRUPT_STATUS:
        r5xx_crtc_sync(s, 0);
        r5xx_crtc_sync(s, 1);
        if (addr == A_DISP_INTERRUPT_STATUS) {
            return r5xx_avivo_disp_int(s);
        }
        return FIELD_DP32(reg(s, addr), GEN_INT_STATUS, DISPLAY_INT_STAT,
                          s->disp.int_pending);
    case A_P1PLL_CNTL:
    case A_P2PLL_CNTL:
        v = reg(s, addr);
        if (r5xx_avivo_pll_up(v)) {
            v |= R_P1PLL_CNTL_PLL_LOCKED_MASK |
                 R_P1PLL_CNTL_PLL_CALIBRATED_MASK;
        }
        return v;
    case A_DC_LUT_30_COLOR:
        return r5xx_avivo_lut_access(s, false, 0);
    case A_DC_HOT_PLUG_DETECT1_INT_STATUS:
        return FIELD_DP32(reg(s, addr), DC_HOT_PLUG_DETECT1_INT_STATUS,
                          DC_HOT_PLUG_DETECT_SENSE,
                          s->disp.mon[R5XX_MON_DVI].present);
    case A_DC_GPIO_HPD_Y:
        return s->disp.mon[R5XX_MON_DVI].present ?
               R_DC_GPIO_HPD_Y_DC_GPIO_HPD1_Y_MASK : 0;
    case A_DACA_COMPARATOR_OUTPUT:
        return s->disp.mon[R5XX_MON_VGA].present ?
               R_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_BLUE_MASK |
               R_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_GREEN_MASK |
               R_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_RED_MASK : 0;
    case A_DACB_COMPARATOR_OUTPUT:
        return r5xx_dacb_comparator(s);
    case A_TMDSA_LOAD_DETECT:
        return FIELD_DP32(reg(s, addr), TMDSA_LOAD_DETECT, TMDSA_LOAD_DETECT,
                          s->disp.mon[R5XX_MON_DVI].present);
    }
    k = r5xx_avivo_ddc_block(addr);
    if (k >= 0 && addr == A_DC_GPIO_DDC1_Y + k * R5XX_DDC_DELTA) {
        return r5xx_avivo_ddc_y(s, k);
    }
    *handled = false;
    return 0;
}

static bool r5xx_avivo_crtc_write(R5xxState *s, unsigned n, uint32_t a1,
                                  uint32_t val)
{
    uint32_t addr = a1 + n * R5XX_D2_DELTA;
    uint32_t *r = &s->regs[addr >> 2];

    s->disp.crtc[n].invalidate = true;
    switch (a1) {
    case A_D1CRTC_STATUS:
    case A_D1CRTC_STATUS_POSITION:
    case A_D1CRTC_STATUS_FRAME_COUNT:
        r5xx_avivo_read_only(addr, val);
        return true;
    case A_D1CRTC_CONTROL:
        *r = val & ~R_D1CRTC_CONTROL_D1CRTC_CURRENT_MASTER_EN_STATE_MASK;
        r5xx_crtc_retime(s, n);
        return true;
    case A_D1CRTC_H_TOTAL:
    case A_D1CRTC_H_BLANK_START_END:
    case A_D1CRTC_V_TOTAL:
    case A_D1CRTC_V_BLANK_START_END:
        *r = val;
        r5xx_crtc_retime(s, n);
        return true;
    case A_D1GRPH_PRIMARY_SURFACE_ADDRESS:
        *r = val;
        r5xx_crtc_flip(s, n, val, r5xx_avivo_flip_now(s, n));
        return true;
    case A_D1GRPH_UPDATE:
        r5xx_crtc_sync(s, n);
        *r = val & ~R_D1GRPH_UPDATE_GRPH_SURFACE_UPDATE_PENDING_MASK;
        r5xx_crtc_flip_check(s, n, r5xx_avivo_flip_now(s, n));
        return true;
    case A_D1MODE_VBLANK_STATUS:
        r5xx_crtc_sync(s, n);
        if (val & R_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_ACK_MASK) {
            *r &= ~(R_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_OCCURRED_MASK |
                    R_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_INTERRUPT_MASK);
            r5xx_avivo_update_int(s);
        }
        return true;
    }
    return false;       /* r5xx.c stores it */
}

static bool r5xx_avivo_write(R5xxState *s, uint32_t addr, uint32_t val)
{
    uint32_t a1, *r = &s->regs[addr >> 2];
    unsigned n;
    int k;

    if (r5xx_avivo_crtc_of(addr, &n, &a1)) {
        return r5xx_avivo_crtc_write(s, n, a1, val);
    }
    switch (addr) {
    case A_DISP_INTERRUPT_STATUS:
    case A_DC_HOT_PLUG_DETECT1_INT_STATUS:
    case A_DC_HOT_PLUG_DETECT2_INT_STATUS:
    case A_DC_GPIO_HPD_Y:
    case A_DACA_COMPARATOR_OUTPUT:
    case A_DACB_COMPARATOR_OUTPUT:
        r5xx_avivo_read_only(addr, val);
        return true;
    case A_P1PLL_CNTL:
    case A_P2PLL_CNTL:
        *r = val & ~(R_P1PLL_CNTL_PLL_LOCKED_MASK |
                     R_P1PLL_CNTL_PLL_CALIBRATED_MASK);
        r5xx_display_pll_written(s);
        return true;
    case A_D1VGA_CONTROL:
    case A_D2VGA_CONTROL:
        *r = val;
        r5xx_disp_invalidate_all(s);
        return true;
    case A_DC_LUT_30_COLOR:
        r5xx_avivo_lut_access(s, true, val);
        return true;
    case A_DC_HOT_PLUG_DETECT1_INT_CONTROL:
    case A_DC_HOT_PLUG_DETECT2_INT_CONTROL:
        if (val & R_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_ACK_MASK) {
            s->regs[(addr - A_DC_HOT_PLUG_DETECT1_INT_CONTROL +
                     A_DC_HOT_PLUG_DETECT1_INT_STATUS) >> 2] &=
                ~R_DC_HOT_PLUG_DETECT1_INT_STATUS_DC_HOT_PLUG_DETECT_INT_STATUS_MASK;
        }
        *r = val &
             ~R_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_ACK_MASK;
        r5xx_avivo_hpd_eval(s);
        return true;
    case A_DC_HOT_PLUG_DETECT1_CONTROL:
    case A_DC_HOT_PLUG_DETECT2_CONTROL:
        *r = val;
        r5xx_avivo_hpd_eval(s);
        return true;
    case A_DACB_SOURCE_SELECT:
        r5xx_dacb_source_write(s, val);
        return true;
    case A_TMDSA_LOAD_DETECT:
        *r = val & ~R_TMDSA_LOAD_DETECT_TMDSA_LOAD_DETECT_MASK;
        return true;
    }
    if (addr >= A_EXT1_PPLL_REF_DIV_SRC && addr <= A_PCLK_CRTC2_CNTL) {
        *r = val;
        r5xx_display_pll_written(s);
        return true;
    }
    k = r5xx_avivo_ddc_block(addr);
    if (k >= 0) {
        if (addr == A_DC_GPIO_DDC1_Y + k * R5XX_DDC_DELTA) {
            r5xx_avivo_read_only(addr, val);
            return true;
        }
        *r = val;
        r5xx_avivo_ddc_drive(s, k);
        return true;
    }
    return false;
}

static void r5xx_avivo_reset(R5xxState *s)
{
    s->regs[R_DC_LUT_WRITE_EN_MASK] = 0x3f;     /* all channels */
    for (unsigned p = 0; p < R5XX_HPD_PINS; p++) {
        s->disp.hpd_match[p] = false;
    }
}

const R5xxDispOps r5xx_disp_avivo_ops = {
    .crtc_name = "D",
    .timing = r5xx_avivo_timing,
    .scanout = r5xx_avivo_scanout,
    .cursor = r5xx_avivo_cursor,
    .flip_locked = r5xx_avivo_flip_locked,
    .vblank = r5xx_avivo_vblank,
    .plugged = r5xx_avivo_plugged,
    .read = r5xx_avivo_read,
    .write = r5xx_avivo_write,
    .reset = r5xx_avivo_reset,
};
