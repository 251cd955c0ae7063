/*
 * ATI/AMD Radeon R3xx-R5xx model: what the display engines share.
 *
 * r5xx_display.c owns the consoles, the frame clocks, the scanout and
 * cursor drawing, the palettes, the monitors and their DDC buses.  The
 * register decode of each engine (r5xx_display_legacy.c for the rv380
 * CRTCs, r5xx_display_avivo.c for the rv515 D1/D2) fills the R5xxDispOps
 * below; r5xx_display.c calls it to learn what to draw and when.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_DISPLAY_H
#define HW_DISPLAY_R5XX_DISPLAY_H

#include "ui/console.h"
#include "r5xx_int.h"

#define R5XX_PPLL_REF_KHZ       27000   /* crystal of the pixel PLLs */
#define R5XX_CUR_SIZE           64
#define R5XX_CUR_PITCH          256     /* bytes per cursor row */

/* The timing inputs of a CRTC, decoded by its engine. */
typedef struct R5xxTiming {
    bool on;                    /* the CRTC counts frames */
    uint32_t htotal, vtotal;    /* pixels, lines */
    uint32_t vdisp;             /* active lines (vblank starts after them) */
    uint32_t wrap;              /* line where the position counter restarts */
    uint32_t khz;               /* pixel clock; 0: not from a PLL (60 Hz) */
} R5xxTiming;

typedef struct R5xxDispOps {
    const char *crtc_name;      /* "CRTC" or "D" in messages */
    void (*timing)(R5xxState *s, unsigned n, R5xxTiming *t);
    /* false: nothing to show (off, VGA mode, nonsense) */
    bool (*scanout)(R5xxState *s, unsigned n, R5xxScanout *m);
    void (*cursor)(R5xxState *s, unsigned n, R5xxCursor *cur);
    /* the pending surface address must wait (a lock bit is set) */
    bool (*flip_locked)(R5xxState *s, unsigned n);
    /* one or more vblanks started: status bits and interrupts */
    void (*vblank)(R5xxState *s, unsigned n);
    /* a monitor was plugged in or pulled out at run time */
    void (*plugged)(R5xxState *s, unsigned mon);
    uint32_t (*read)(R5xxState *s, uint32_t addr, bool *handled);
    bool (*write)(R5xxState *s, uint32_t addr, uint32_t val);
    void (*reset)(R5xxState *s);
    /* the laptop panel of a chip row with one: its console, its state */
    const GraphicHwOps *panel_hw_ops;
    bool (*panel_lit)(R5xxState *s);
    uint32_t (*panel_backlight)(R5xxState *s);
} R5xxDispOps;

extern const R5xxDispOps r5xx_disp_legacy_ops;
extern const R5xxDispOps r5xx_disp_avivo_ops;

static inline uint32_t r5xx_disp_reg(R5xxState *s, uint32_t addr)
{
    return s->regs[addr >> 2];
}

/* Frame clock */
void r5xx_crtc_retime(R5xxState *s, unsigned n);
void r5xx_crtc_sync(R5xxState *s, unsigned n);
uint32_t r5xx_crtc_frame(R5xxCrtc *c);
bool r5xx_crtc_position(R5xxCrtc *c, uint32_t *line, uint32_t *pixel);

/* Double-buffered surface address */
void r5xx_crtc_flip(R5xxState *s, unsigned n, uint32_t addr, bool now);
void r5xx_crtc_flip_check(R5xxState *s, unsigned n, bool now);

/* Scanout helpers */
bool r5xx_disp_vram(R5xxState *s, uint64_t mc, uint64_t *off);
void r5xx_disp_error(R5xxCrtc *c, const char *fmt, uint32_t v);
void r5xx_disp_invalidate_all(R5xxState *s);

/* Palettes: 10:10:10 entries, 8:8:8 on the legacy 24-bit port */
uint32_t r5xx_lut_to_888(uint32_t e);
uint32_t r5xx_lut_from_888(uint32_t v);

/* One line of a CRTC's picture with its cursor (for the panel) */
void r5xx_crtc_render_line(R5xxState *s, const R5xxScanout *m,
                           const R5xxCursor *cur, uint32_t y, uint32_t *dst);

/*
 * A second DAC's monitor: CRTC @n's whole picture on @con, or a
 * placeholder saying @off when @n is negative or the CRTC shows nothing.
 */
void r5xx_monitor_show_crtc(R5xxState *s, QemuConsole *con, int n,
                            const char *off);

/* The legacy LVDS panel and its RMX scaler (r5xx_panel.c) */
void r5xx_panel_instance_init(R5xxState *s);
void r5xx_panel_init(R5xxState *s);
void r5xx_panel_fini(R5xxState *s);
void r5xx_panel_reset(R5xxState *s);
bool r5xx_panel_write(R5xxState *s, uint32_t addr, uint32_t val);
bool r5xx_panel_lit(R5xxState *s);
uint32_t r5xx_panel_backlight(R5xxState *s);
/*
 * Both engines' scalers: panel pixel (x, y) shows pixel (srcx[x], srcy[y])
 * of CRTC @n's picture @m (with its cursor), black where either is
 * negative; srcx and srcy hold the panel's width and height of entries.
 */
void r5xx_panel_draw_scaled(R5xxState *s, DisplaySurface *ds, unsigned n,
                            const R5xxScanout *m, const int64_t *srcx,
                            const int64_t *srcy);
extern const GraphicHwOps r5xx_panel_ops;

/* The AVIVO LVTMA panel and the D1/D2 scaler (r5xx_lvtma.c) */
void r5xx_lvtma_reset(R5xxState *s);
bool r5xx_lvtma_read(R5xxState *s, uint32_t addr, uint32_t *val);
bool r5xx_lvtma_write(R5xxState *s, uint32_t addr, uint32_t val);
bool r5xx_lvtma_lit(R5xxState *s);
uint32_t r5xx_lvtma_backlight(R5xxState *s);
extern const GraphicHwOps r5xx_lvtma_panel_ops;

/* AVIVO DAC B and the monitor on it (r5xx_dacb.c) */
void r5xx_dacb_instance_init(R5xxState *s);
void r5xx_dacb_init(R5xxState *s);
void r5xx_dacb_fini(R5xxState *s);
uint32_t r5xx_dacb_comparator(R5xxState *s);
void r5xx_dacb_source_write(R5xxState *s, uint32_t val);

/* The legacy TV DAC and the monitor on it (r5xx_dac2.c) */
void r5xx_dac2_instance_init(R5xxState *s);
void r5xx_dac2_init(R5xxState *s);
void r5xx_dac2_fini(R5xxState *s);
void r5xx_dac2_reset(R5xxState *s);
uint32_t r5xx_dac2_cntl2_read(R5xxState *s);
void r5xx_dac2_cntl2_write(R5xxState *s, uint32_t val);

/* DDC: the lines a GPIO block drives into the monitor's I2C bus */
void r5xx_ddc_drive(R5xxMonitor *mon, bool scl, bool sda);
bool r5xx_ddc_sda(R5xxMonitor *mon);

#endif /* HW_DISPLAY_R5XX_DISPLAY_H */
