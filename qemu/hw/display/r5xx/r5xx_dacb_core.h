/*
 * ATI/AMD Radeon R3xx-R5xx model: AVIVO DAC B's QEMU-free core.
 *
 * Plain C, host unit-tested (tests/model/unit/): what DAC B's registers
 * and the monitor on it mean, for r5xx_dacb.c: which D CRTC the monitor
 * shows, and what the load comparator reads.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_DACB_CORE_H
#define HW_DISPLAY_R5XX_DACB_CORE_H

#include <stdbool.h>
#include <stdint.h>

/* What the monitor on DAC B shows (r5xx_dacb_shows), if not a CRTC (>= 0) */
enum {
    R5XX_DACB_DARK = -1,        /* no monitor, DAC off or powered down */
    R5XX_DACB_TV = -2,          /* source 2, the TV encoder: not modelled */
    R5XX_DACB_BAD_SOURCE = -3,  /* source 3: no source */
};

/* The DACB_ENABLE, DACB_POWERDOWN and DACB_SOURCE_SELECT values. */
typedef struct R5xxDacbRegs {
    uint32_t enable, powerdown, source;
} R5xxDacbRegs;

/* The D CRTC (0 or 1) the monitor shows, or one of the codes above. */
int r5xx_dacb_shows(const R5xxDacbRegs *r, bool monitor);
/* DACB_COMPARATOR_OUTPUT for DACB_COMPARATOR_ENABLE @cmp_enable. */
uint32_t r5xx_dacb_comparator_out(uint32_t cmp_enable, bool monitor);

#endif /* HW_DISPLAY_R5XX_DACB_CORE_H */
