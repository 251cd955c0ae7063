/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Host unit tests build the model's cores (r5xx_*_core.c) without QEMU: this
 * stands in for the few standard headers QEMU's osdep.h would have pulled in.
 */
#ifndef R5XX_UNIT_OSDEP_H
#define R5XX_UNIT_OSDEP_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* as QEMU's osdep.h has it */
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(x) (sizeof(x) / sizeof((x)[0]))
#endif

#endif
