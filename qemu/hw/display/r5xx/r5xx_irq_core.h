/*
 * ATI/AMD Radeon R3xx-R5xx model: the interrupt logic's QEMU-free core.
 *
 * Plain C, host unit-tested (tests/model/unit/): the MSI re-arm latch that
 * r5xx.c's interrupt code drives.  A message goes out on a rising edge of
 * the interrupt condition while armed, after which the latch is disarmed
 * until the driver writes MSI_REARM_EN; re-arming with the condition still
 * pending sends again.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_IRQ_CORE_H
#define HW_DISPLAY_R5XX_IRQ_CORE_H

#include <stdbool.h>

typedef struct R5xxMsiLatch {
    bool armed;
    bool level;         /* last interrupt condition seen */
} R5xxMsiLatch;

void r5xx_msi_reset(R5xxMsiLatch *m);
/* New interrupt condition; returns true if an MSI must be sent. */
bool r5xx_msi_update(R5xxMsiLatch *m, bool level);
/* MSI_REARM_EN written; returns true if an MSI must be sent. */
bool r5xx_msi_rearm(R5xxMsiLatch *m);

#endif /* HW_DISPLAY_R5XX_IRQ_CORE_H */
