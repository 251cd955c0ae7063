/*
 * ATI/AMD Radeon R3xx-R5xx model: the QEMU-free core of the AVIVO laptop
 * panel (rv515m): the LVTMA panel power sequencer and the D1/D2 scaler.
 *
 * Plain C, host unit-tested (tests/model/unit/), for r5xx_lvtma.c.
 *
 * The power sequencer (LVTMA_R500_PWRSEQ_*) walks the panel's three
 * signals on and off in order, DIGON (panel logic), SYNCEN (the data and
 * clock pairs) and BLON (backlight), waiting PWRSEQ_DELAY1's delays
 * between them, and after power-down the minimum off time of
 * PWRSEQ_DELAY2 before it powers up again.  Each delay unit is 4 ms
 * (radeonhd's rhd_lvtma.c programs milliseconds / 4; the model ignores
 * PWRSEQ_REF_DIV).  PWRSEQ_STATE.STATUS names the step: 4 when the panel
 * is up, 9 when it is down (the two values radeonhd polls for); the steps
 * between are the model's numbering:
 *
 *   1 DIGON on, waiting PWRUP_DELAY1     5 BLON off, waiting PWRDN_DELAY1
 *   2 SYNCEN on, waiting PWRUP_DELAY2    6 SYNCEN off, waiting PWRDN_DELAY2
 *   4 up (all three on)                  8 DIGON off, waiting MIN_LENGTH
 *                                        9 down (all off)
 *
 * A power-up request that comes while the sequencer powers down waits for
 * the power-down to finish, minimum off time included; a power-down
 * request while powering up turns the signals off in reverse order from
 * where they are.  With PWRSEQ_EN clear the sequencer stands still and
 * every signal follows its PWRSEQ_CNTL bit; with EN set, a signal whose
 * _OVRD bit is set does so too.  The _POL bits (the pin's polarity) are
 * ignored: the model's panel sees logical levels.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_LVTMA_CORE_H
#define HW_DISPLAY_R5XX_LVTMA_CORE_H

#include <stdbool.h>
#include <stdint.h>

#define R5XX_PWRSEQ_UNIT_NS     4000000 /* 4 ms */

/* PWRSEQ_STATE.STATUS values */
enum {
    R5XX_PWRSEQ_DIGON = 1,
    R5XX_PWRSEQ_SYNCEN = 2,
    R5XX_PWRSEQ_UP = 4,
    R5XX_PWRSEQ_BLOFF = 5,
    R5XX_PWRSEQ_SYNCOFF = 6,
    R5XX_PWRSEQ_OFFWAIT = 8,
    R5XX_PWRSEQ_DOWN = 9,
};

typedef struct R5xxPwrseq {
    uint32_t status;            /* the step (above) */
    int64_t until_ns;           /* the step's delay ends then */
} R5xxPwrseq;

/* The registers the sequencer reads. */
typedef struct R5xxPwrseqRegs {
    uint32_t cntl, delay1, delay2;
} R5xxPwrseqRegs;

/* Start in step @status (R5XX_PWRSEQ_UP or _DOWN), its delay done. */
void r5xx_pwrseq_reset(R5xxPwrseq *p, uint32_t status);
/* Run the sequencer up to time @now_ns. */
void r5xx_pwrseq_advance(R5xxPwrseq *p, const R5xxPwrseqRegs *r,
                         int64_t now_ns);
/* PWRSEQ_STATE as read at the last advance. */
uint32_t r5xx_pwrseq_state(const R5xxPwrseq *p, const R5xxPwrseqRegs *r);
/* The panel is powered, has its signal and its backlight on. */
bool r5xx_pwrseq_lit(const R5xxPwrseq *p, const R5xxPwrseqRegs *r);

/*
 * The scaler, along one axis.  The CRTC's active area of @active pixels
 * shows black borders of @lo and @hi pixels (the EXT_OVERSCAN registers)
 * and, between them, the viewport of @src pixels: stretched over the
 * space between the borders when @scale (D1SCL_SCALER_ENABLE), by the
 * nearest source pixel (the hardware filters with up to four taps; the
 * model does not, D1SCL_SCALER_TAP_CONTROL is ignored), else 1:1 from
 * the left border.  Returns the viewport pixel output pixel @p shows, or
 * -1 for black.
 */
int64_t r5xx_scl_src(uint32_t p, uint32_t active, uint32_t lo, uint32_t hi,
                     uint32_t src, bool scale);

#endif /* HW_DISPLAY_R5XX_LVTMA_CORE_H */
