/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef SHIM_LINUX_COMPILER_H
#define SHIM_LINUX_COMPILER_H
#define __printf(a, b) __attribute__((format(printf, a, b)))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
