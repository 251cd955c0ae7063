/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef SHIM_LINUX_BITFIELD_H
#define SHIM_LINUX_BITFIELD_H
#include <linux/bits.h>
#define FIELD_GET(mask, v) (((unsigned long)(v) & (mask)) / ((mask) & -(mask)))
#define FIELD_MAX(mask) ((mask) / ((mask) & -(mask)))
#define FIELD_PREP(mask, v) (((unsigned long)(v) * ((mask) & -(mask))) & (mask))
#endif
