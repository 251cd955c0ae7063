/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef SHIM_LINUX_LOG2_H
#define SHIM_LINUX_LOG2_H
static inline unsigned long roundup_pow_of_two(unsigned long n)
{
	return 1UL << (64 - __builtin_clzl(n - 1));
}
#endif
