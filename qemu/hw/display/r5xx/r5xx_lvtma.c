/*
 * ATI/AMD Radeon R3xx-R5xx model: the laptop panel of the AVIVO display
 * engine (rv515m): the LVTMA transmitter in LVDS mode with the R500
 * register layout, its panel power sequencer, the backlight modulator,
 * and the D1/D2 scaler between the CRTC and the panel.
 *
 * The panel is the console r5xx_panel.c opens (head 2), always its
 * native size.  It shows a picture when the sequencer (or PWRSEQ_CNTL's
 * override bits) has DIGON, SYNCEN and BLON on, LVTMA_CNTL.LVTMA_ENABLE
 * is set, LVTMA_R500_MODE is LVDS, the clock and first three data pairs
 * are enabled (TRANSMITTER_ENABLE) and the transmitter PLL runs
 * (TRANSMITTER_CONTROL: PLL_ENABLE set, PLL_RESET clear).  It then shows
 * the D CRTC LVTMA_SOURCE_SELECT names: the CRTC's active area from the
 * panel's top left, in it the viewport between the EXT_OVERSCAN borders,
 * stretched when D1SCL_SCALER_ENABLE is set (nearest pixel,
 * r5xx_lvtma_core.c).  The scaler's double-buffer lock (D1SCL_UPDATE) is
 * not modelled: the registers take effect at once.  The sequencer's
 * steps take virtual time (4 ms per delay unit, r5xx_lvtma_core.h).
 *
 * The backlight level (LVTMA_R500_BL_MOD_CNTL.LVTMA_BL_MOD_LEVEL) is the
 * QOM property "panel-backlight" and the trace point
 * r5xx_panel_backlight; the picture does not dim with it.
 *
 * At reset the registers hold what a video BIOS leaves: the panel powered
 * up through the sequencer, fed from D1, the backlight at 0xc0.
 * Upstream radeonhd's rhd_lvtma.c (LVDSSet, LVDSPWRSEQInit, LVDSEnable)
 * and radeon's r500_reg.h are the referee of what the registers mean.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "ui/console.h"
#include "r5xx_display.h"
#include "r5xx_lvtma_core.h"
#include "trace.h"

#define R5XX_D2_DELTA           0x800   /* D2 registers = D1 + 0x800 */
#define R5XX_LVTMA_BIOS_LEVEL   0xc0    /* backlight as the BIOS leaves it */
#define R5XX_LVTMA_BIOS_DELAY1  0x05050505      /* 20 ms each step */
#define R5XX_LVTMA_BIOS_DELAY2  0x19            /* 100 ms off time */
#define R5XX_LVTMA_LINKS \
    (R_LVTMA_R500_TRANSMITTER_ENABLE_LVTMA_LNKC0EN_MASK | \
     R_LVTMA_R500_TRANSMITTER_ENABLE_LVTMA_LNKD00EN_MASK | \
     R_LVTMA_R500_TRANSMITTER_ENABLE_LVTMA_LNKD01EN_MASK | \
     R_LVTMA_R500_TRANSMITTER_ENABLE_LVTMA_LNKD02EN_MASK)

static uint32_t reg(R5xxState *s, uint32_t addr)
{
    return r5xx_disp_reg(s, addr);
}

static R5xxPwrseqRegs r5xx_lvtma_pwrseq_regs(R5xxState *s)
{
    R5xxPwrseqRegs r = {
        .cntl = reg(s, A_LVTMA_R500_PWRSEQ_CNTL),
        .delay1 = reg(s, A_LVTMA_R500_PWRSEQ_DELAY1),
        .delay2 = reg(s, A_LVTMA_R500_PWRSEQ_DELAY2),
    };

    return r;
}

/* Run the sequencer up to now; returns its registers. */
static R5xxPwrseqRegs r5xx_lvtma_pwrseq_now(R5xxState *s)
{
    R5xxPwrseqRegs r = r5xx_lvtma_pwrseq_regs(s);

    r5xx_pwrseq_advance(&s->disp.pwrseq, &r,
                        qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    return r;
}

/* The transmitter sends LVDS to the panel. */
static bool r5xx_lvtma_sending(R5xxState *s)
{
    uint32_t tx = reg(s, A_LVTMA_R500_TRANSMITTER_CONTROL);

    return (reg(s, A_LVTMA_CNTL) & R_LVTMA_CNTL_LVTMA_ENABLE_MASK) &&
           !(reg(s, A_LVTMA_R500_MODE) & R_LVTMA_R500_MODE_LVTMA_MODE_MASK) &&
           (reg(s, A_LVTMA_R500_TRANSMITTER_ENABLE) & R5XX_LVTMA_LINKS) ==
           R5XX_LVTMA_LINKS &&
           (tx & R_LVTMA_R500_TRANSMITTER_CONTROL_LVTMA_PLL_ENABLE_MASK) &&
           !(tx & R_LVTMA_R500_TRANSMITTER_CONTROL_LVTMA_PLL_RESET_MASK);
}

bool r5xx_lvtma_lit(R5xxState *s)
{
    R5xxPwrseqRegs r = r5xx_lvtma_pwrseq_now(s);

    return r5xx_pwrseq_lit(&s->disp.pwrseq, &r) && r5xx_lvtma_sending(s);
}

uint32_t r5xx_lvtma_backlight(R5xxState *s)
{
    return FIELD_EX32(reg(s, A_LVTMA_R500_BL_MOD_CNTL), LVTMA_R500_BL_MOD_CNTL,
                      LVTMA_BL_MOD_LEVEL);
}

/* Draw the panel into @ds (its native size); false: no picture. */
static bool r5xx_lvtma_draw(R5xxState *s, DisplaySurface *ds)
{
    const R5xxPanelInfo *p = s->info->panel;
    unsigned n = reg(s, A_LVTMA_SOURCE_SELECT) &
                 R_LVTMA_SOURCE_SELECT_LVTMA_SOURCE_SELECT_MASK;
    uint32_t d = n * R5XX_D2_DELTA;
    uint32_t vpz = reg(s, A_D1MODE_VIEWPORT_SIZE + d);
    uint32_t lr = reg(s, A_D1MODE_EXT_OVERSCAN_LEFT_RIGHT + d);
    uint32_t tb = reg(s, A_D1MODE_EXT_OVERSCAN_TOP_BOTTOM + d);
    bool scale = reg(s, A_D1SCL_SCALER_ENABLE + d) &
                 R_D1SCL_SCALER_ENABLE_SCALER_ENABLE_MASK;
    uint32_t vpw = FIELD_EX32(vpz, D1MODE_VIEWPORT_SIZE, VIEWPORT_WIDTH);
    uint32_t vph = FIELD_EX32(vpz, D1MODE_VIEWPORT_SIZE, VIEWPORT_HEIGHT);
    uint32_t l = FIELD_EX32(lr, D1MODE_EXT_OVERSCAN_LEFT_RIGHT,
                            EXT_OVERSCAN_LEFT);
    uint32_t rt = FIELD_EX32(lr, D1MODE_EXT_OVERSCAN_LEFT_RIGHT,
                             EXT_OVERSCAN_RIGHT);
    uint32_t t = FIELD_EX32(tb, D1MODE_EXT_OVERSCAN_TOP_BOTTOM,
                            EXT_OVERSCAN_TOP);
    uint32_t b = FIELD_EX32(tb, D1MODE_EXT_OVERSCAN_TOP_BOTTOM,
                            EXT_OVERSCAN_BOTTOM);
    g_autofree int64_t *srcx = NULL;
    g_autofree int64_t *srcy = NULL;
    uint32_t active_w, active_h;
    R5xxScanout m;

    memset(&m, 0, sizeof(m));
    if (!s->disp.ops->scanout(s, n, &m) || !m.width || !m.height) {
        return false;
    }
    active_w = m.width;
    active_h = m.height;
    /* the source is the viewport, from the screen's top left */
    m.width = MAX(vpw, 1);
    m.height = MAX(vph, 1);
    srcx = g_new(int64_t, p->hdisp);
    srcy = g_new(int64_t, p->vdisp);
    for (uint32_t x = 0; x < p->hdisp; x++) {
        srcx[x] = x < active_w ?
                  r5xx_scl_src(x, active_w, l, rt, vpw, scale) : -1;
    }
    for (uint32_t y = 0; y < p->vdisp; y++) {
        srcy[y] = y < active_h ?
                  r5xx_scl_src(y, active_h, t, b, vph, scale) : -1;
    }
    r5xx_panel_draw_scaled(s, ds, n, &m, srcx, srcy);
    return true;
}

static void r5xx_lvtma_update(void *opaque)
{
    R5xxState *s = opaque;
    const R5xxPanelInfo *p = s->info->panel;
    QemuConsole *con = s->disp.panel_con;
    DisplaySurface *ds = qemu_console_surface(con);

    if (!r5xx_lvtma_lit(s)) {
        goto dark;
    }
    if (!ds || is_placeholder(ds)) {
        ds = qemu_create_displaysurface(p->hdisp, p->vdisp);
        dpy_gfx_replace_surface(con, ds);
    }
    if (!r5xx_lvtma_draw(s, ds)) {
        goto dark;
    }
    dpy_gfx_update(con, 0, 0, p->hdisp, p->vdisp);
    return;
dark:
    ds = qemu_console_surface(con);
    if (!ds || !is_placeholder(ds)) {
        dpy_gfx_replace_surface(con,
            qemu_create_placeholder_surface(p->hdisp, p->vdisp,
                                            "r5xx: panel off"));
    }
}

static void r5xx_lvtma_invalidate(void *opaque)
{
}

const GraphicHwOps r5xx_lvtma_panel_ops = {
    .invalidate = r5xx_lvtma_invalidate,
    .gfx_update = r5xx_lvtma_update,
};

/* LVTMA register reads; false for registers that are not the panel's. */
bool r5xx_lvtma_read(R5xxState *s, uint32_t addr, uint32_t *val)
{
    R5xxPwrseqRegs r;

    if (addr != A_LVTMA_R500_PWRSEQ_STATE || !s->info->panel) {
        return false;
    }
    r = r5xx_lvtma_pwrseq_now(s);
    *val = r5xx_pwrseq_state(&s->disp.pwrseq, &r);
    return true;
}

/* LVTMA register writes; false for registers r5xx.c just stores. */
bool r5xx_lvtma_write(R5xxState *s, uint32_t addr, uint32_t val)
{
    uint32_t *r = &s->regs[addr >> 2], old = *r;

    if (!s->info->panel) {
        return false;
    }
    switch (addr) {
    case A_LVTMA_R500_PWRSEQ_STATE:
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: write of 0x%x to read-only %s\n",
                      val, r5xx_reg_name(addr));
        return true;
    case A_LVTMA_R500_PWRSEQ_CNTL:
    case A_LVTMA_R500_PWRSEQ_DELAY1:
    case A_LVTMA_R500_PWRSEQ_DELAY2:
        /* the old target and delays up to now, the new ones from now */
        r5xx_lvtma_pwrseq_now(s);
        *r = val;
        r5xx_lvtma_pwrseq_now(s);
        return true;
    case A_LVTMA_R500_BL_MOD_CNTL:
        *r = val;
        if ((old ^ val) & (R_LVTMA_R500_BL_MOD_CNTL_LVTMA_BL_MOD_LEVEL_MASK |
                           R_LVTMA_R500_BL_MOD_CNTL_LVTMA_BL_MOD_EN_MASK)) {
            trace_r5xx_panel_backlight(FIELD_EX32(val, LVTMA_R500_BL_MOD_CNTL,
                                                  LVTMA_BL_MOD_LEVEL),
                                       FIELD_EX32(val, LVTMA_R500_BL_MOD_CNTL,
                                                  LVTMA_BL_MOD_EN));
        }
        return true;
    case A_LVTMA_R500_MODE:
        if (val & R_LVTMA_R500_MODE_LVTMA_MODE_MASK) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "r5xx: LVTMA set to TMDS, but an LVDS panel is "
                          "attached: the panel goes dark\n");
        }
        *r = val;
        return true;
    }
    return false;
}

/* The registers as the video BIOS leaves them for its panel. */
void r5xx_lvtma_reset(R5xxState *s)
{
    if (!s->info->panel) {
        return;
    }
    s->regs[R_LVTMA_CNTL] = R_LVTMA_CNTL_LVTMA_ENABLE_MASK;
    s->regs[R_LVTMA_SOURCE_SELECT] = 0;
    s->regs[R_LVTMA_R500_MODE] = 0;
    s->regs[R_LVTMA_R500_TRANSMITTER_ENABLE] = R5XX_LVTMA_LINKS;
    s->regs[R_LVTMA_R500_TRANSMITTER_CONTROL] =
        R_LVTMA_R500_TRANSMITTER_CONTROL_LVTMA_PLL_ENABLE_MASK;
    s->regs[R_LVTMA_R500_PWRSEQ_DELAY1] = R5XX_LVTMA_BIOS_DELAY1;
    s->regs[R_LVTMA_R500_PWRSEQ_DELAY2] = R5XX_LVTMA_BIOS_DELAY2;
    s->regs[R_LVTMA_R500_PWRSEQ_CNTL] =
        R_LVTMA_R500_PWRSEQ_CNTL_LVTMA_PWRSEQ_EN_MASK |
        R_LVTMA_R500_PWRSEQ_CNTL_LVTMA_PWRSEQ_PLL_ENABLE_MSK_MASK |
        R_LVTMA_R500_PWRSEQ_CNTL_LVTMA_PWRSEQ_PLL_RESET_MSK_MASK |
        R_LVTMA_R500_PWRSEQ_CNTL_LVTMA_PWRSEQ_TARGET_STATE_MASK;
    s->regs[R_LVTMA_R500_BL_MOD_CNTL] =
        FIELD_DP32(R_LVTMA_R500_BL_MOD_CNTL_LVTMA_BL_MOD_EN_MASK,
                   LVTMA_R500_BL_MOD_CNTL, LVTMA_BL_MOD_LEVEL,
                   R5XX_LVTMA_BIOS_LEVEL);
    r5xx_pwrseq_reset(&s->disp.pwrseq, R5XX_PWRSEQ_UP);
    trace_r5xx_panel_backlight(R5XX_LVTMA_BIOS_LEVEL, 1);
}
