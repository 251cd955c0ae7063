/*
 * ATI/AMD Radeon R3xx-R5xx model: the interrupt logic's QEMU-free core.
 * See r5xx_irq_core.h.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "r5xx_irq_core.h"

void r5xx_msi_reset(R5xxMsiLatch *m)
{
    m->armed = true;
    m->level = false;
}

bool r5xx_msi_update(R5xxMsiLatch *m, bool level)
{
    bool rising = level && !m->level;

    m->level = level;
    if (rising && m->armed) {
        m->armed = false;
        return true;
    }
    return false;
}

bool r5xx_msi_rearm(R5xxMsiLatch *m)
{
    m->armed = true;
    if (m->level) {
        m->armed = false;
        return true;
    }
    return false;
}
