/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Userspace stand-in for the kernel's <linux/bits.h>, so that the guest
 * test programs can include the generated r5xx_regs.h.
 */
#ifndef R5XX_TEST_LINUX_BITS_H
#define R5XX_TEST_LINUX_BITS_H

#define BIT(n)		(1u << (n))
#define GENMASK(h, l)	((~0u >> (31 - (h))) & (~0u << (l)))

/* FIELD_PREP/FIELD_GET without the kernel's compile-time checks */
#define FIELD_SHIFT(mask)	__builtin_ctz(mask)
#define FIELD_PREP(mask, v)	(((uint32_t)(v) << FIELD_SHIFT(mask)) & (mask))
#define FIELD_GET(mask, v)	(((uint32_t)(v) & (mask)) >> FIELD_SHIFT(mask))

#endif
