/*
 * ATI/AMD Radeon R3xx-R5xx model: AVIVO DAC B's QEMU-free core (see
 * r5xx_dacb_core.h).
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "r5xx_dacb_core.h"
#include "r5xx_regs.h"

/* DAC B's registers have DAC A's layout */
#define DAC_SOURCE_TV           2u
#define DAC_COMPARATOR_RGB \
    (R_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_BLUE_MASK | \
     R_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_GREEN_MASK | \
     R_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_RED_MASK)

int r5xx_dacb_shows(const R5xxDacbRegs *r, bool monitor)
{
    uint32_t src = FIELD_EX32(r->source, DACA_SOURCE_SELECT,
                              DAC_SOURCE_SELECT);

    if (!monitor || !FIELD_EX32(r->enable, DACA_ENABLE, DAC_ENABLE) ||
        r->powerdown) {
        return R5XX_DACB_DARK;
    }
    if (src < DAC_SOURCE_TV) {
        return src;
    }
    return src == DAC_SOURCE_TV ? R5XX_DACB_TV : R5XX_DACB_BAD_SOURCE;
}

uint32_t r5xx_dacb_comparator_out(uint32_t cmp_enable, bool monitor)
{
    /* DACB_COMPARATOR_ENABLE: bit 0 (the register list names no field) */
    return (cmp_enable & 1) && monitor ?
           DAC_COMPARATOR_RGB : 0;
}
