/*
 * ATI/AMD Radeon R3xx-R5xx model: the laptop panel of the legacy display
 * engine (rv380m): the LVDS transmitter, its PLL, the panel's power and
 * backlight bits, and the RMX scaler between CRTC1 and the panel.
 *
 * The panel is a QEMU console of its own (head 2, after the two CRTCs),
 * always its native size.  It is lit while LVDS_GEN_CNTL has LVDS_ON,
 * LVDS_EN, LVDS_DIGON and LVDS_BLON set and LVDS_DISPLAY_DIS clear, and the
 * LVDS PLL runs (LVDS_PLL_EN set, LVDS_PLL_RESET clear); it then shows the
 * CRTC LVDS_PLL_CNTL.LVDS_SRC_SEL picks: CRTC1 or CRTC2 from the panel's
 * top left corner, or CRTC1 through the RMX scaler, which stretches it to
 * the panel by FP_HORZ/VERT_STRETCH's ratios (nearest pixel; the hardware
 * blends) or, unstretched, centres it when CRTC_MORE_CNTL asks.  The
 * backlight level (LVDS_GEN_CNTL.LVDS_BL_MOD_LEVEL) is the read-only QOM
 * property "panel-backlight" and the trace point r5xx_panel_backlight; the
 * picture does not dim with it.
 *
 * At reset the registers hold what a video BIOS leaves for its panel: the
 * panel powered and lit from CRTC1 through the scaler, the stretch
 * registers naming the native size, the RMX timing registers the native
 * timing; no ROM describes the panel (upstream radeon_combios.c:
 * radeon_legacy_get_lvds_info_from_regs reads these registers then).
 *
 * The console and the QOM properties serve the AVIVO panel too: the
 * display engine's R5xxDispOps says how it is drawn (r5xx_lvtma.c on the
 * rv515m).
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "ui/console.h"
#include "r5xx_display.h"
#include "trace.h"

#define R5XX_PANEL_HEAD         2
#define R5XX_STRETCH_ONE        4096    /* ratio 1:1 in FP_*_STRETCH */
#define R5XX_PANEL_BIOS_LEVEL   0xc0    /* backlight as the BIOS leaves it */
#define R5XX_PANEL_BIOS_W       640     /* the BIOS's mode, stretched */
#define R5XX_PANEL_BIOS_H       480

static uint32_t reg(R5xxState *s, uint32_t addr)
{
    return r5xx_disp_reg(s, addr);
}

/* The panel has power, signal and backlight. */
bool r5xx_panel_lit(R5xxState *s)
{
    uint32_t gen = reg(s, A_LVDS_GEN_CNTL);
    uint32_t pll = reg(s, A_LVDS_PLL_CNTL);
    uint32_t on = R_LVDS_GEN_CNTL_LVDS_ON_MASK | R_LVDS_GEN_CNTL_LVDS_EN_MASK |
                  R_LVDS_GEN_CNTL_LVDS_DIGON_MASK |
                  R_LVDS_GEN_CNTL_LVDS_BLON_MASK;

    return (gen & on) == on && !(gen & R_LVDS_GEN_CNTL_LVDS_DISPLAY_DIS_MASK) &&
           (pll & R_LVDS_PLL_CNTL_LVDS_PLL_EN_MASK) &&
           !(pll & R_LVDS_PLL_CNTL_LVDS_PLL_RESET_MASK);
}

/*
 * The source coordinate of panel coordinate p along one axis: stretched by
 * ratio/4096, centred in the panel, or 1:1; -1 where the source shows
 * nothing.
 */
static int64_t r5xx_panel_src(uint32_t p, uint32_t panel, uint32_t src,
                              bool stretch, uint32_t ratio, bool centre)
{
    int64_t v = p;

    if (stretch) {
        v = (uint64_t)p * ratio / R5XX_STRETCH_ONE;
    } else if (centre && src < panel) {
        v -= (panel - src) / 2;
    }
    return v >= 0 && v < src ? v : -1;
}

void r5xx_panel_draw_scaled(R5xxState *s, DisplaySurface *ds, unsigned n,
                            const R5xxScanout *m, const int64_t *srcx,
                            const int64_t *srcy)
{
    const R5xxPanelInfo *p = s->info->panel;
    g_autofree uint32_t *line = g_new0(uint32_t, m->width);
    R5xxCursor cur;
    int64_t last = -1;

    s->disp.ops->cursor(s, n, &cur);
    cur.on = cur.on && !m->blank;
    for (uint32_t y = 0; y < p->vdisp; y++) {
        uint32_t *dst = (uint32_t *)((uint8_t *)surface_data(ds) +
                                     y * surface_stride(ds));

        if (srcy[y] < 0) {
            memset(dst, 0, p->hdisp * 4);
            continue;
        }
        if (srcy[y] != last) {
            r5xx_crtc_render_line(s, m, &cur, srcy[y], line);
            last = srcy[y];
        }
        for (uint32_t x = 0; x < p->hdisp; x++) {
            dst[x] = srcx[x] < 0 ? 0 : line[srcx[x]];
        }
    }
}

static void r5xx_panel_update(void *opaque)
{
    R5xxState *s = opaque;
    const R5xxPanelInfo *p = s->info->panel;
    DisplaySurface *ds = qemu_console_surface(s->disp.panel_con);
    uint32_t sel = FIELD_EX32(reg(s, A_LVDS_PLL_CNTL), LVDS_PLL_CNTL,
                              LVDS_SRC_SEL);
    uint32_t hs = reg(s, A_FP_HORZ_STRETCH), vs = reg(s, A_FP_VERT_STRETCH);
    uint32_t more = reg(s, A_CRTC_MORE_CNTL);
    bool rmx = sel == 2, hstr = false, vstr = false, hc = false, vc = false;
    unsigned n = sel == 1;
    g_autofree int64_t *srcx = NULL;
    g_autofree int64_t *srcy = NULL;
    R5xxScanout m;

    memset(&m, 0, sizeof(m));
    if (sel > 2 || !r5xx_panel_lit(s) || !s->disp.ops->scanout(s, n, &m) ||
        !m.width || !m.height) {
        if (!ds || !is_placeholder(ds)) {
            dpy_gfx_replace_surface(s->disp.panel_con,
                qemu_create_placeholder_surface(p->hdisp, p->vdisp,
                                                "r5xx: panel off"));
        }
        return;
    }
    if (!ds || is_placeholder(ds)) {
        ds = qemu_create_displaysurface(p->hdisp, p->vdisp);
        dpy_gfx_replace_surface(s->disp.panel_con, ds);
    }
    if (rmx) {
        hstr = hs & R_FP_HORZ_STRETCH_HORZ_STRETCH_ENABLE_MASK;
        vstr = vs & R_FP_VERT_STRETCH_VERT_STRETCH_ENABLE_MASK;
        hc = more & R_CRTC_MORE_CNTL_CRTC_AUTO_HORZ_CENTER_EN_MASK;
        vc = more & R_CRTC_MORE_CNTL_CRTC_AUTO_VERT_CENTER_EN_MASK;
    }
    srcx = g_new(int64_t, p->hdisp);
    srcy = g_new(int64_t, p->vdisp);
    for (uint32_t x = 0; x < p->hdisp; x++) {
        srcx[x] = r5xx_panel_src(x, p->hdisp, m.width, hstr,
                                 FIELD_EX32(hs, FP_HORZ_STRETCH,
                                            HORZ_STRETCH_RATIO), hc);
    }
    for (uint32_t y = 0; y < p->vdisp; y++) {
        srcy[y] = r5xx_panel_src(y, p->vdisp, m.height, vstr,
                                 FIELD_EX32(vs, FP_VERT_STRETCH,
                                            VERT_STRETCH_RATIO), vc);
    }
    r5xx_panel_draw_scaled(s, ds, n, &m, srcx, srcy);
    dpy_gfx_update(s->disp.panel_con, 0, 0, p->hdisp, p->vdisp);
}

static void r5xx_panel_invalidate(void *opaque)
{
}

const GraphicHwOps r5xx_panel_ops = {
    .invalidate = r5xx_panel_invalidate,
    .gfx_update = r5xx_panel_update,
};

/* LVDS register writes; false for registers that are not the panel's. */
bool r5xx_panel_write(R5xxState *s, uint32_t addr, uint32_t val)
{
    uint32_t old = reg(s, addr);

    if (addr != A_LVDS_GEN_CNTL || !s->info->panel) {
        return false;
    }
    s->regs[addr >> 2] = val;
    if (FIELD_EX32(old ^ val, LVDS_GEN_CNTL, LVDS_BL_MOD_LEVEL) ||
        ((old ^ val) & R_LVDS_GEN_CNTL_LVDS_BLON_MASK)) {
        trace_r5xx_panel_backlight(FIELD_EX32(val, LVDS_GEN_CNTL,
                                              LVDS_BL_MOD_LEVEL),
                                   FIELD_EX32(val, LVDS_GEN_CNTL, LVDS_BLON));
    }
    return true;
}

/* The registers as the video BIOS leaves them for its panel. */
void r5xx_panel_reset(R5xxState *s)
{
    const R5xxPanelInfo *p = s->info->panel;
    uint32_t hratio, vratio;

    if (!p) {
        return;
    }
    hratio = R5XX_PANEL_BIOS_W * R5XX_STRETCH_ONE / p->hdisp + 1;
    vratio = R5XX_PANEL_BIOS_H * R5XX_STRETCH_ONE / p->vdisp + 1;
    s->regs[R_LVDS_GEN_CNTL] = R_LVDS_GEN_CNTL_LVDS_ON_MASK |
        R_LVDS_GEN_CNTL_LVDS_EN_MASK | R_LVDS_GEN_CNTL_LVDS_DIGON_MASK |
        R_LVDS_GEN_CNTL_LVDS_BLON_MASK | R_LVDS_GEN_CNTL_LVDS_BL_MOD_EN_MASK |
        (R5XX_PANEL_BIOS_LEVEL << R_LVDS_GEN_CNTL_LVDS_BL_MOD_LEVEL_SHIFT);
    s->regs[R_LVDS_PLL_CNTL] = R_LVDS_PLL_CNTL_LVDS_PLL_EN_MASK |
        (2 << R_LVDS_PLL_CNTL_LVDS_SRC_SEL_SHIFT);
    s->regs[R_LVDS_SS_GEN_CNTL] = (5 << R_LVDS_SS_GEN_CNTL_LVDS_PWRSEQ_DELAY1_SHIFT) |
        (5 << R_LVDS_SS_GEN_CNTL_LVDS_PWRSEQ_DELAY2_SHIFT);
    s->regs[R_DISP_PWR_MAN] = R_DISP_PWR_MAN_AUTO_PWRUP_EN_MASK;
    s->regs[R_FP_HORZ_STRETCH] = R_FP_HORZ_STRETCH_HORZ_STRETCH_ENABLE_MASK |
        R_FP_HORZ_STRETCH_HORZ_STRETCH_BLEND_MASK |
        ((p->hdisp / 8 - 1) << R_FP_HORZ_STRETCH_HORZ_PANEL_SIZE_SHIFT) |
        hratio;
    s->regs[R_FP_VERT_STRETCH] = R_FP_VERT_STRETCH_VERT_STRETCH_ENABLE_MASK |
        R_FP_VERT_STRETCH_VERT_STRETCH_BLEND_MASK |
        ((p->vdisp - 1) << R_FP_VERT_STRETCH_VERT_PANEL_SIZE_SHIFT) | vratio;
    s->regs[R_FP_CRTC_H_TOTAL_DISP] = (p->htotal / 8 - 1) |
        ((p->hdisp / 8 - 1) << 16);
    s->regs[R_FP_CRTC_V_TOTAL_DISP] = (p->vtotal - 1) | ((p->vdisp - 1) << 16);
    s->regs[R_FP_H_SYNC_STRT_WID] = (p->hsync_start - 8) |
        ((p->hsync_end - p->hsync_start) / 8 << 16);
    s->regs[R_FP_V_SYNC_STRT_WID] = (p->vsync_start - 1) |
        ((p->vsync_end - p->vsync_start) << 16);
    trace_r5xx_panel_backlight(R5XX_PANEL_BIOS_LEVEL, 1);
}

uint32_t r5xx_panel_backlight(R5xxState *s)
{
    return FIELD_EX32(reg(s, A_LVDS_GEN_CNTL), LVDS_GEN_CNTL,
                      LVDS_BL_MOD_LEVEL);
}

static void r5xx_panel_get_backlight(Object *obj, Visitor *v,
                                     const char *name, void *opaque,
                                     Error **errp)
{
    R5xxState *s = R5XX(obj);
    uint32_t level = 0;

    if (s->info && s->info->panel && s->disp.ops) {
        level = s->disp.ops->panel_backlight(s);
    }
    visit_type_uint32(v, name, &level, errp);
}

static bool r5xx_panel_get_lit(Object *obj, Error **errp)
{
    R5xxState *s = R5XX(obj);

    return s->info && s->info->panel && s->disp.ops &&
           s->disp.ops->panel_lit(s);
}

void r5xx_panel_instance_init(R5xxState *s)
{
    Object *obj = OBJECT(s);

    /* read with qom-get <path> panel-backlight / panel-lit */
    object_property_add(obj, "panel-backlight", "uint32",
                        r5xx_panel_get_backlight, NULL, NULL, NULL);
    object_property_add_bool(obj, "panel-lit", r5xx_panel_get_lit, NULL);
}

void r5xx_panel_init(R5xxState *s)
{
    if (s->info->panel) {
        s->disp.panel_con = graphic_console_init(DEVICE(s), R5XX_PANEL_HEAD,
                                                 s->disp.ops->panel_hw_ops,
                                                 s);
    }
}

void r5xx_panel_fini(R5xxState *s)
{
    if (s->disp.panel_con) {
        graphic_console_close(s->disp.panel_con);
        s->disp.panel_con = NULL;
    }
}
