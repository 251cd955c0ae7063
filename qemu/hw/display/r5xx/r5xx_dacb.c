/*
 * ATI/AMD Radeon R3xx-R5xx model: DAC B of the AVIVO display engine
 * (rv515 and the other AVIVO chips), the second DAC, and the VGA monitor
 * on it.
 *
 * The monitor is the QOM property "monitor-dacb" (off by default; plug and
 * pull it at run time with qom-set).  It has no DDC of its own: on the
 * board with a DVI-I connector (r5xx.c's "dvi-i" property) DAC B drives
 * that connector's analog pins, whose DDC lines belong to the digital
 * monitor, so a guest finds this one only by DAC B's load comparator:
 * with DACB_COMPARATOR_ENABLE set, DACB_COMPARATOR_OUTPUT reads its blue,
 * green and red bits set while the monitor is there (DAC A's layout; the
 * ROM's DAC_LoadDetection and radeonhd's rhd_dac.c sense it so).
 *
 * The monitor is a QEMU console of its own, head 3 (head 2 is the panel
 * of the Mobility chips), and shows the D CRTC DACB_SOURCE_SELECT picks
 * while it is lit: the monitor there, DACB_ENABLE set and none of
 * DACB_POWERDOWN's bits.  Source 2, the TV encoder, is not modelled (a
 * dark head, LOG_UNIMP once per selection; 3 is no source, a guest
 * error).  Sync, force and autodetect registers are storage.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "ui/console.h"
#include "r5xx_dacb_core.h"
#include "r5xx_display.h"
#include "trace.h"

#define R5XX_DACB_HEAD          3

static uint32_t reg(R5xxState *s, uint32_t addr)
{
    return r5xx_disp_reg(s, addr);
}

/* The monitor shows a picture: -1 if not, else the CRTC it comes from. */
static int r5xx_dacb_source(R5xxState *s)
{
    R5xxDacbRegs r = {
        .enable = reg(s, A_DACB_ENABLE),
        .powerdown = reg(s, A_DACB_POWERDOWN),
        .source = reg(s, A_DACB_SOURCE_SELECT),
    };
    int n = r5xx_dacb_shows(&r, s->disp.dacb_present);

    if (n >= R5XX_DACB_DARK) {
        return n;
    }
    if (!s->disp.dacb_tv_logged) {
        if (n == R5XX_DACB_TV) {
            qemu_log_mask(LOG_UNIMP, "r5xx: DAC B source 2 (TV encoder) is "
                          "not modelled\n");
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: DAC B source 3 is no "
                          "source\n");
        }
        s->disp.dacb_tv_logged = true;
    }
    return R5XX_DACB_DARK;
}

static void r5xx_dacb_update(void *opaque)
{
    R5xxState *s = opaque;

    r5xx_monitor_show_crtc(s, s->disp.dacb_con, r5xx_dacb_source(s),
                           "r5xx: DAC B off");
}

static void r5xx_dacb_invalidate(void *opaque)
{
}

static const GraphicHwOps r5xx_dacb_ops = {
    .invalidate = r5xx_dacb_invalidate,
    .gfx_update = r5xx_dacb_update,
};

/* DACB_COMPARATOR_OUTPUT: the comparator's verdict while it is enabled. */
uint32_t r5xx_dacb_comparator(R5xxState *s)
{
    return r5xx_dacb_comparator_out(reg(s, A_DACB_COMPARATOR_ENABLE),
                                     s->disp.dacb_present);
}

/* DACB_SOURCE_SELECT: a new selection may name the TV encoder again. */
void r5xx_dacb_source_write(R5xxState *s, uint32_t val)
{
    s->regs[A_DACB_SOURCE_SELECT >> 2] = val;
    s->disp.dacb_tv_logged = false;
}

static bool r5xx_dacb_get_monitor(Object *obj, Error **errp)
{
    return R5XX(obj)->disp.dacb_present;
}

static void r5xx_dacb_set_monitor(Object *obj, bool on, Error **errp)
{
    R5xxState *s = R5XX(obj);

    if (s->disp.dacb_present != on) {
        trace_r5xx_dacb_monitor(on);
    }
    s->disp.dacb_present = on;
}

static bool r5xx_dacb_get_lit(Object *obj, Error **errp)
{
    R5xxState *s = R5XX(obj);

    return s->disp.dacb_con && r5xx_dacb_source(s) >= 0;
}

void r5xx_dacb_instance_init(R5xxState *s)
{
    Object *obj = OBJECT(s);

    /* -device r5xx,monitor-dacb=on, or qom-set <path> monitor-dacb true */
    object_property_add_bool(obj, "monitor-dacb", r5xx_dacb_get_monitor,
                             r5xx_dacb_set_monitor);
    object_property_add_bool(obj, "dacb-lit", r5xx_dacb_get_lit, NULL);
}

void r5xx_dacb_init(R5xxState *s)
{
    if (s->disp.ops && s->info->avivo_display) {
        s->disp.dacb_con = graphic_console_init(DEVICE(s), R5XX_DACB_HEAD,
                                                &r5xx_dacb_ops, s);
    }
}

void r5xx_dacb_fini(R5xxState *s)
{
    if (s->disp.dacb_con) {
        graphic_console_close(s->disp.dacb_con);
        s->disp.dacb_con = NULL;
    }
}
