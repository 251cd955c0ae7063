/*
 * ATI/AMD Radeon R3xx-R5xx model: the second DAC of the legacy display
 * engine (rv380), the TV DAC, as the analog half of the DVI-I connector,
 * and the VGA monitor on it.
 *
 * The monitor is the QOM property "monitor-dac2" (off by default; plug
 * and pull it at run time with qom-set).  It has no DDC: the DVI-I
 * connector's DDC lines (GPIO_DVI_DDC) belong to the digital monitor, so a
 * guest finds this one only by the TV DAC's load comparator, as upstream
 * radeon's radeon_legacy_tv_dac_detect does: with DAC_CNTL2.DAC2_CMP_EN
 * set and the DAC powered (TV_DAC_CNTL's R/G/B power-down bits clear),
 * DAC_CNTL2 reads DAC2_CMP_OUT_R/G/B and DAC2_CMP_OUTPUT set while the
 * monitor is there.
 *
 * The monitor is a QEMU console of its own, head 3 (head 2 is the panel of
 * the Mobility chips), and shows the CRTC DISP_OUTPUT_CNTL.DISP_TVDAC_SOURCE
 * picks (CRTC1, or CRTC2; the RMX path shows CRTC1 unscaled) while it is
 * lit: the monitor there, CRTC2_GEN_CNTL.CRTC2_CRT2_ON and
 * TV_DAC_CNTL.TV_DAC_NBLANK set and none of the DAC's power-down bits.
 * TV-out (TV_MASTER_CNTL and the TV encoder) is not modelled; the TV DAC
 * standard and adjust fields are storage.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "ui/console.h"
#include "r5xx_display.h"
#include "trace.h"

#define R5XX_DAC2_HEAD          3
#define R5XX_TV_DAC_PD          (R_TV_DAC_CNTL_TV_DAC_RDACPD_MASK | \
                                 R_TV_DAC_CNTL_TV_DAC_GDACPD_MASK | \
                                 R_TV_DAC_CNTL_TV_DAC_BDACPD_MASK)
#define R5XX_DAC2_CMP_BITS      (R_DAC_CNTL2_DAC2_CMP_OUT_R_MASK | \
                                 R_DAC_CNTL2_DAC2_CMP_OUT_G_MASK | \
                                 R_DAC_CNTL2_DAC2_CMP_OUT_B_MASK | \
                                 R_DAC_CNTL2_DAC2_CMP_OUTPUT_MASK)

static uint32_t reg(R5xxState *s, uint32_t addr)
{
    return r5xx_disp_reg(s, addr);
}

static bool r5xx_dac2_powered(R5xxState *s)
{
    return !(reg(s, A_TV_DAC_CNTL) & R5XX_TV_DAC_PD);
}

/* The monitor shows a picture: -1 if not, else the CRTC it comes from. */
static int r5xx_dac2_source(R5xxState *s)
{
    uint32_t src = FIELD_EX32(reg(s, A_DISP_OUTPUT_CNTL), DISP_OUTPUT_CNTL,
                              DISP_TVDAC_SOURCE);

    if (!s->disp.dac2_present || !r5xx_dac2_powered(s) ||
        !(reg(s, A_TV_DAC_CNTL) & R_TV_DAC_CNTL_TV_DAC_NBLANK_MASK) ||
        !(reg(s, A_CRTC2_GEN_CNTL) & R_CRTC2_GEN_CNTL_CRTC2_CRT2_ON_MASK)) {
        return -1;
    }
    switch (src) {
    case 0:
    case 2:                     /* RMX: CRTC1, the scaler is the panel's */
        return 0;
    case 1:
        return 1;
    }
    return -1;                  /* LTU: TV-out, not modelled */
}

static void r5xx_dac2_update(void *opaque)
{
    R5xxState *s = opaque;

    r5xx_monitor_show_crtc(s, s->disp.dac2_con, r5xx_dac2_source(s),
                           "r5xx: DAC2 off");
}

static void r5xx_dac2_invalidate(void *opaque)
{
}

static const GraphicHwOps r5xx_dac2_ops = {
    .invalidate = r5xx_dac2_invalidate,
    .gfx_update = r5xx_dac2_update,
};

/* DAC_CNTL2 with the comparator's verdict. */
uint32_t r5xx_dac2_cntl2_read(R5xxState *s)
{
    uint32_t v = reg(s, A_DAC_CNTL2) & ~R5XX_DAC2_CMP_BITS;

    if ((v & R_DAC_CNTL2_DAC2_CMP_EN_MASK) && r5xx_dac2_powered(s) &&
        s->disp.dac2_present) {
        v |= R5XX_DAC2_CMP_BITS;
    }
    return v;
}

/* The comparator bits are read-only: a read-modify-write leaves them. */
void r5xx_dac2_cntl2_write(R5xxState *s, uint32_t val)
{
    s->regs[A_DAC_CNTL2 >> 2] = val & ~R5XX_DAC2_CMP_BITS;
}

/* As a BIOS leaves an unused TV DAC: powered down, its bandgap asleep. */
void r5xx_dac2_reset(R5xxState *s)
{
    s->regs[A_TV_DAC_CNTL >> 2] = R5XX_TV_DAC_PD |
                                  R_TV_DAC_CNTL_TV_DAC_BGSLEEP_MASK;
}

static bool r5xx_dac2_get_monitor(Object *obj, Error **errp)
{
    return R5XX(obj)->disp.dac2_present;
}

static void r5xx_dac2_set_monitor(Object *obj, bool on, Error **errp)
{
    R5xxState *s = R5XX(obj);

    if (s->disp.dac2_present != on) {
        trace_r5xx_dac2_monitor(on);
    }
    s->disp.dac2_present = on;
}

static bool r5xx_dac2_get_lit(Object *obj, Error **errp)
{
    R5xxState *s = R5XX(obj);

    return s->disp.dac2_con && r5xx_dac2_source(s) >= 0;
}

void r5xx_dac2_instance_init(R5xxState *s)
{
    Object *obj = OBJECT(s);

    /* -device r5xx,monitor-dac2=on, or qom-set <path> monitor-dac2 true */
    object_property_add_bool(obj, "monitor-dac2", r5xx_dac2_get_monitor,
                             r5xx_dac2_set_monitor);
    object_property_add_bool(obj, "dac2-lit", r5xx_dac2_get_lit, NULL);
}

void r5xx_dac2_init(R5xxState *s)
{
    if (s->disp.ops && !s->info->avivo_display) {
        s->disp.dac2_con = graphic_console_init(DEVICE(s), R5XX_DAC2_HEAD,
                                                &r5xx_dac2_ops, s);
    }
}

void r5xx_dac2_fini(R5xxState *s)
{
    if (s->disp.dac2_con) {
        graphic_console_close(s->disp.dac2_con);
        s->disp.dac2_con = NULL;
    }
}
