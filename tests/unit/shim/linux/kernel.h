/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef SHIM_LINUX_KERNEL_H
#define SHIM_LINUX_KERNEL_H
#include <stdio.h>
#include <linux/bits.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/types.h>
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define S64_MAX INT64_MAX
#define S32_MAX INT32_MAX
#define S32_MIN INT32_MIN
#define U32_MAX UINT32_MAX
static inline s64 sign_extend64(u64 value, int index)
{
	int shift = 63 - index;

	return (s64)(value << shift) >> shift;
}
static inline s32 sign_extend32(u32 value, int index)
{
	int shift = 31 - index;

	return (s32)(value << shift) >> shift;
}
#endif
