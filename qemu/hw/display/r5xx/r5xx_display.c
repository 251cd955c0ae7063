/*
 * ATI/AMD Radeon R3xx-R5xx model: the display machinery both engines
 * share: two CRTCs scanned out to two QEMU graphic consoles, their frame
 * clocks (vblank timing against virtual time), double-buffered surface
 * addresses, palettes, ARGB hardware cursors, and a VGA and a DVI monitor
 * with EDID behind DDC lines, plugged and pulled through QOM properties.
 *
 * What the registers mean is the business of the engine behind
 * s->disp.ops: r5xx_display_legacy.c (rv380 CRTCs) or
 * r5xx_display_avivo.c (rv515 D1/D2).  Documentation/qemu-model.rst
 * (Display) describes the behaviour as a guest sees it.
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
#include "r5xx_display.h"
#include "trace.h"

#define R5XX_FALLBACK_HZ        60

/* Frame clock ------------------------------------------------------------ */

/* Vblanks (frame counter steps) since t0; *pos is the time into the frame. */
static uint64_t r5xx_crtc_vblanks(R5xxCrtc *c, int64_t now, int64_t *pos)
{
    int64_t el = now - c->t0;

    if (!c->period) {
        *pos = 0;
        return 0;
    }
    el = MAX(el, 0);
    *pos = el % c->period;
    return el / c->period + (*pos >= c->vstart);
}

/*
 * Where the scan is: line 0 is the first active line, pixel 0 its first
 * active pixel.  True while in vblank (false while the CRTC is off).
 */
bool r5xx_crtc_position(R5xxCrtc *c, uint32_t *line, uint32_t *pixel)
{
    int64_t pos;
    uint64_t t;

    r5xx_crtc_vblanks(c, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), &pos);
    if (!c->period) {
        *line = *pixel = 0;
        return false;
    }
    t = (uint64_t)pos * c->vtotal;
    *line = t / c->period;
    *pixel = muldiv64(t % c->period, c->htotal, c->period);
    return *line >= c->vdisp;
}

/*
 * The frame count (unmasked).  The hardware steps it where its position
 * counter restarts (the start of vsync on AVIVO), not at the start of
 * vblank: drivers add one while the scan is between the two (upstream
 * radeon_get_vblank_counter_kms).
 */
uint32_t r5xx_crtc_frame(R5xxCrtc *c)
{
    int64_t el = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) - c->t0;

    if (!c->period) {
        return c->frame_base;
    }
    el = MAX(el, 0);
    return c->frame_base + el / c->period +
           (c->wrap && el % c->period >= c->wrap);
}

static void r5xx_crtc_schedule(R5xxCrtc *c)
{
    int64_t pos;
    uint64_t k;

    if (!c->period) {
        timer_del(&c->vblank_timer);
        return;
    }
    k = r5xx_crtc_vblanks(c, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), &pos);
    timer_mod(&c->vblank_timer, c->t0 + k * c->period + c->vstart);
}

/* The timing inputs of CRTC n changed (maybe): restart its frame clock. */
void r5xx_crtc_retime(R5xxState *s, unsigned n)
{
    R5xxCrtc *c = &s->disp.crtc[n];
    R5xxTiming t = { 0 };
    int64_t period = 0, vstart = 0, wrap = 0;

    s->disp.ops->timing(s, n, &t);
    t.htotal = MAX(t.htotal, 1);
    t.vtotal = MAX(t.vtotal, 1);
    if (t.on) {
        if (t.khz) {
            period = muldiv64((uint64_t)t.htotal * t.vtotal, 1000000, t.khz);
        }
        if (period < NANOSECONDS_PER_SECOND / 1000 ||
            period > NANOSECONDS_PER_SECOND) {
            period = NANOSECONDS_PER_SECOND / R5XX_FALLBACK_HZ;
        }
        if (!t.vdisp || t.vdisp >= t.vtotal) {
            t.vdisp = t.vtotal > 1 ? t.vtotal - 1 : 1;
        }
        vstart = muldiv64(period, t.vdisp, t.vtotal);
        wrap = muldiv64(period, t.wrap % t.vtotal, t.vtotal);
    }
    if (period == c->period && t.vtotal == c->vtotal &&
        t.htotal == c->htotal && vstart == c->vstart && wrap == c->wrap) {
        return;
    }
    r5xx_crtc_sync(s, n);
    c->frame_base = r5xx_crtc_frame(c);
    c->t0 = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    c->vblanks_done = 0;
    c->period = period;
    c->htotal = t.htotal;
    c->vtotal = t.vtotal;
    c->vdisp = t.vdisp;
    c->vstart = vstart;
    c->wrap = wrap;
    if (period) {
        trace_r5xx_crtc_timing(n, t.htotal, t.vtotal, t.vdisp, t.khz, period);
    } else {
        trace_r5xx_crtc_off(n);
    }
    r5xx_crtc_flip_check(s, n, false);
    r5xx_crtc_schedule(c);
}

static void r5xx_crtc_latch(R5xxCrtc *c)
{
    trace_r5xx_crtc_latch(c->id, c->flip_next);
    c->flip_cur = c->flip_next;
    c->flip_pending = false;
    c->invalidate = true;
}

/*
 * Apply the vblank starts virtual time has passed since the last call: from
 * the timer, and before the guest reads anything they change, so that what
 * it sees never lags the clock when the timer runs late.
 */
void r5xx_crtc_sync(R5xxState *s, unsigned n)
{
    R5xxCrtc *c = &s->disp.crtc[n];
    int64_t pos;
    uint64_t k;

    if (!c->period) {
        return;
    }
    k = r5xx_crtc_vblanks(c, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), &pos);
    if (k == c->vblanks_done) {
        return;
    }
    c->vblanks_done = k;
    trace_r5xx_crtc_vblank(n, k);
    if (c->flip_pending && !s->disp.ops->flip_locked(s, n)) {
        r5xx_crtc_latch(c);
    }
    s->disp.ops->vblank(s, n);
    r5xx_crtc_schedule(c);
}

static void r5xx_crtc_vblank(void *opaque)
{
    R5xxCrtc *c = opaque;

    r5xx_crtc_sync(c->s, c->id);
}

/* Double-buffered surface address ------------------------------------------ */

/*
 * A pending address is taken at the next vblank unless locked; at once
 * (now: a flip at hblank) or when no frames run, as soon as it is unlocked.
 */
void r5xx_crtc_flip_check(R5xxState *s, unsigned n, bool now)
{
    R5xxCrtc *c = &s->disp.crtc[n];

    if (c->flip_pending && (now || !c->period) &&
        !s->disp.ops->flip_locked(s, n)) {
        r5xx_crtc_latch(c);
    }
}

void r5xx_crtc_flip(R5xxState *s, unsigned n, uint32_t addr, bool now)
{
    R5xxCrtc *c = &s->disp.crtc[n];

    r5xx_crtc_sync(s, n);
    trace_r5xx_crtc_flip(n, addr, now);
    c->flip_next = addr;
    c->flip_pending = true;
    r5xx_crtc_flip_check(s, n, now);
}

/* Scanout -------------------------------------------------------------- */

bool r5xx_disp_vram(R5xxState *s, uint64_t mc, uint64_t *off)
{
    return r5xx_mc_vram_offset(s, mc, off);
}

void r5xx_disp_error(R5xxCrtc *c, const char *fmt, uint32_t v)
{
    const R5xxDispOps *ops = c->s->disp.ops;

    if (!c->error_logged) {
        c->error_logged = true;
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: %s%u: ", ops->crtc_name,
                      c->id + 1);
        qemu_log_mask(LOG_GUEST_ERROR, fmt, v);
        qemu_log_mask(LOG_GUEST_ERROR, " (reported once per mode)\n");
    }
}

void r5xx_disp_invalidate_all(R5xxState *s)
{
    for (unsigned n = 0; n < R5XX_CRTCS; n++) {
        s->disp.crtc[n].invalidate = true;
    }
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

uint32_t r5xx_lut_to_888(uint32_t e)
{
    return (extract32(e, 22, 8) << 16) | (extract32(e, 12, 8) << 8) |
           extract32(e, 2, 8);
}

uint32_t r5xx_lut_from_888(uint32_t v)
{
    return (extract32(v, 16, 8) << 22) | (extract32(v, 8, 8) << 12) |
           (extract32(v, 0, 8) << 2);
}

static inline unsigned r5xx_x4(unsigned v)
{
    return (v << 4) | v;
}

static inline unsigned r5xx_x5(unsigned v)
{
    return (v << 3) | (v >> 2);
}

/* Three 8-bit channels through the palette (or straight out). */
static uint32_t r5xx_rgb(const R5xxScanout *m, unsigned r, unsigned g,
                         unsigned b)
{
    const uint32_t *lut = m->lut;

    if (m->swap_rb) {
        unsigned t = r;

        r = b;
        b = t;
    }
    if (!lut) {
        return r << 16 | g << 8 | b;
    }
    return (extract32(lut[r], 22, 8) << 16) | (extract32(lut[g], 12, 8) << 8) |
           extract32(lut[b], 2, 8);
}

/* One source pixel through the palette (indexed, or per-channel gamma). */
static uint32_t r5xx_pixel(const R5xxScanout *m, uint32_t v)
{
    switch (m->fmt) {
    case R5XX_PIX_I8:
        return m->lut ? r5xx_lut_to_888(m->lut[v & 0xff]) : v * 0x010101;
    case R5XX_PIX_ARGB1555:
        return r5xx_rgb(m, r5xx_x5(extract32(v, 10, 5)),
                        r5xx_x5(extract32(v, 5, 5)), r5xx_x5(v & 31));
    case R5XX_PIX_RGB565:
        return r5xx_rgb(m, r5xx_x5(extract32(v, 11, 5)),
                        (extract32(v, 5, 6) << 2) | extract32(v, 9, 2),
                        r5xx_x5(v & 31));
    case R5XX_PIX_ARGB4444:
        return r5xx_rgb(m, r5xx_x4(extract32(v, 8, 4)),
                        r5xx_x4(extract32(v, 4, 4)), r5xx_x4(v & 15));
    case R5XX_PIX_ARGB2101010:
        return r5xx_rgb(m, extract32(v, 22, 8), extract32(v, 12, 8),
                        extract32(v, 2, 8));
    default:
        return r5xx_rgb(m, extract32(v, 16, 8), extract32(v, 8, 8),
                        v & 0xff);
    }
}

static void r5xx_draw_line(R5xxState *s, const R5xxScanout *m, uint32_t y,
                           uint32_t *dst)
{
    uint64_t off;
    uint32_t x, sy = y + m->sy;

    if (m->blank || y < m->wy0 || y >= m->wy1) {
        memset(dst, 0, m->width * 4);
        return;
    }
    for (x = 0; x < m->width; x++) {
        uint32_t sx = x + m->sx;

        if (x < m->wx0 || x >= m->wx1) {
            dst[x] = 0;
            continue;
        }
        if (m->tiled) {
            if (!r5xx_surf_offset(&m->surf, sx, sy, &off)) {
                off = s->vram_size;
            }
            off += m->base;
        } else {
            off = m->base + (uint64_t)sy * m->pitch + (uint64_t)sx * m->cpp;
        }
        dst[x] = r5xx_pixel(m, r5xx_vram_get(s, off, m->cpp));
    }
}

/* Cursor --------------------------------------------------------------- */

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

/* Surface row of screen line y is dirty since the last update. */
static bool r5xx_row_dirty(R5xxState *s, DirtyBitmapSnapshot *snap,
                           const R5xxScanout *m, uint64_t len, uint32_t y)
{
    uint64_t row = (uint64_t)(y + m->sy) * m->pitch;

    if (y < m->wy0 || y >= m->wy1 || row >= len) {
        return false;
    }
    return memory_region_snapshot_get_dirty(&s->vram, snap, m->base + row,
                                            MIN(m->pitch, len - row));
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

    memset(&m, 0, sizeof(m));
    if (!s->disp.ops->scanout(s, n, &m) || !m.width || !m.height) {
        if (!ds || !is_placeholder(ds)) {
            g_autofree char *msg = g_strdup_printf("r5xx: %s%u off",
                                                   s->disp.ops->crtc_name,
                                                   n + 1);

            dpy_gfx_replace_surface(c->con,
                qemu_create_placeholder_surface(640, 480, msg));
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
        len = MIN((uint64_t)m.pitch * (MAX(m.sy, 0) + m.height +
                                       (m.tiled ? 16 : 0)),
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
    s->disp.ops->cursor(s, n, &cur);
    cur.on = cur.on && !m.blank;
    for (y = 0; y < m.height; y++) {
        bool draw = full || r5xx_cursor_covers(&cur, y) ||
                    r5xx_cursor_covers(&c->cursor_shown, y) ||
                    (snap && !m.tiled && !m.blank &&
                     r5xx_row_dirty(s, snap, &m, len, y));

        if (draw) {
            uint32_t *dst = (uint32_t *)((uint8_t *)surface_data(ds) +
                                         y * surface_stride(ds));

            r5xx_draw_line(s, &m, y, dst);
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

void r5xx_monitor_show_crtc(R5xxState *s, QemuConsole *con, int n,
                            const char *off)
{
    DisplaySurface *ds = qemu_console_surface(con);
    R5xxScanout m;
    R5xxCursor cur;

    memset(&m, 0, sizeof(m));
    if (n < 0 || !s->disp.ops->scanout(s, n, &m) || !m.width || !m.height) {
        if (!ds || !is_placeholder(ds)) {
            dpy_gfx_replace_surface(con,
                qemu_create_placeholder_surface(640, 480, off));
        }
        return;
    }
    if (!ds || is_placeholder(ds) || surface_width(ds) != m.width ||
        surface_height(ds) != m.height) {
        ds = qemu_create_displaysurface(m.width, m.height);
        dpy_gfx_replace_surface(con, ds);
    }
    s->disp.ops->cursor(s, n, &cur);
    cur.on = cur.on && !m.blank;
    for (uint32_t y = 0; y < m.height; y++) {
        r5xx_crtc_render_line(s, &m, &cur, y,
                              (uint32_t *)((uint8_t *)surface_data(ds) +
                                           y * surface_stride(ds)));
    }
    dpy_gfx_update(con, 0, 0, m.width, m.height);
}

void r5xx_crtc_render_line(R5xxState *s, const R5xxScanout *m,
                           const R5xxCursor *cur, uint32_t y, uint32_t *dst)
{
    r5xx_draw_line(s, m, y, dst);
    if (r5xx_cursor_covers(cur, y)) {
        r5xx_cursor_line(s, cur, m->width, y, dst);
    }
}

static const GraphicHwOps r5xx_crtc_ops = {
    .invalidate = r5xx_crtc_invalidate,
    .gfx_update = r5xx_crtc_update,
};

/* Monitors and DDC ------------------------------------------------------- */

/* The lines as the GPIO pins leave them (true = released or driven high). */
void r5xx_ddc_drive(R5xxMonitor *mon, bool scl, bool sda)
{
    if (!mon || !mon->present) {
        return;
    }
    bitbang_i2c_set(&mon->bbi2c, BITBANG_I2C_SCL, scl);
    mon->sda_in = bitbang_i2c_set(&mon->bbi2c, BITBANG_I2C_SDA, sda);
}

/* What the monitor does to SDA: false when it pulls the line low. */
bool r5xx_ddc_sda(R5xxMonitor *mon)
{
    return !mon || !mon->present || mon->sda_in;
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
    trace_r5xx_monitor_plug(mon->index, on);
    mon->present = on;
    mon->sda_in = true;
    if (on) {
        bitbang_i2c_init(&mon->bbi2c, mon->bus);
    }
    if (s->disp.ops && s->disp.realized) {
        s->disp.ops->plugged(s, mon->index);
    }
}

/* Register interface ----------------------------------------------------- */

uint32_t r5xx_display_read(R5xxState *s, uint32_t addr, bool *handled)
{
    int64_t now;

    *handled = true;
    switch (addr) {
    case A_MODEL_VTIME_LO:
        now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
        s->disp.vtime_hi = now >> 32;
        return now;
    case A_MODEL_VTIME_HI:
        return s->disp.vtime_hi;
    }
    if (!s->disp.ops) {
        *handled = false;
        return 0;
    }
    return s->disp.ops->read(s, addr, handled);
}

bool r5xx_display_write(R5xxState *s, uint32_t addr, uint32_t val)
{
    switch (addr) {
    case A_MODEL_VTIME_LO:
    case A_MODEL_VTIME_HI:
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: write of 0x%x to read-only "
                      "%s\n", val, r5xx_reg_name(addr));
        return true;
    }
    return s->disp.ops && s->disp.ops->write(s, addr, val);
}

void r5xx_display_pll_written(R5xxState *s)
{
    if (s->disp.ops) {
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
    r5xx_panel_instance_init(s);
    r5xx_dac2_instance_init(s);
    r5xx_dacb_instance_init(s);
}

/* Life cycle -------------------------------------------------------------- */

void r5xx_display_init(R5xxState *s)
{
    DeviceState *dev = DEVICE(s);
    static const char *const mon_name[R5XX_MONITORS] = {
        [R5XX_MON_VGA] = "vga",
        [R5XX_MON_DVI] = "dvi",
    };

    s->disp.ops = s->info->avivo_display ? &r5xx_disp_avivo_ops
                                         : &r5xx_disp_legacy_ops;
    for (unsigned i = 0; i < R5XX_MONITORS; i++) {
        R5xxMonitor *mon = &s->disp.mon[i];
        g_autofree char *name = g_strdup_printf("r5xx.ddc-%s", mon_name[i]);

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
        if (s->disp.ops) {
            c->con = graphic_console_init(dev, n, &r5xx_crtc_ops, c);
        }
    }
    if (s->disp.ops) {
        r5xx_panel_init(s);
        r5xx_dac2_init(s);
        r5xx_dacb_init(s);
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
    r5xx_panel_fini(s);
    r5xx_dac2_fini(s);
    r5xx_dacb_fini(s);
}

/* After the register file is cleared: CRTCs off, identity palettes. */
void r5xx_display_reset(R5xxState *s)
{
    for (unsigned n = 0; n < R5XX_CRTCS; n++) {
        R5xxCrtc *c = &s->disp.crtc[n];

        timer_del(&c->vblank_timer);
        c->period = 0;
        c->htotal = 0;
        c->vtotal = 0;
        c->vdisp = 0;
        c->vstart = 0;
        c->wrap = 0;
        c->frame_base = 0;
        c->vblanks_done = 0;
        c->t0 = 0;
        c->flip_cur = 0;
        c->flip_next = 0;
        c->flip_pending = false;
        c->invalidate = true;
        for (unsigned i = 0; i < 256; i++) {
            uint32_t v = (i << 2) | (i >> 6);

            s->disp.lut[n][i] = (v << 20) | (v << 10) | v;
        }
    }
    s->disp.int_pending = false;
    if (s->disp.ops) {
        s->disp.ops->reset(s);
    }
}
