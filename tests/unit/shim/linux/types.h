/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Host build shim: just enough of the kernel's headers to compile the pure
 * driver files (r5xx_tiling.c, r5xx_cs_*.c) with gcc or clang in user space.
 */
#ifndef SHIM_LINUX_TYPES_H
#define SHIM_LINUX_TYPES_H

#include_next <linux/types.h>	/* __u32 and friends, as the uapi wants */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#define __user

#endif
