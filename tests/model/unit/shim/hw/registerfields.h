/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Host unit tests build the model's QEMU-free cores (r5xx_*_core.c) without
 * QEMU: this stands in for hw/registerfields.h, with the few macros the
 * generated r5xx_regs.h and the cores use (same names, same meaning).
 */
#ifndef R5XX_UNIT_REGISTERFIELDS_H
#define R5XX_UNIT_REGISTERFIELDS_H

#include <stdint.h>

#define REG32(reg, addr) \
	enum { A_ ## reg = (addr) }; \
	enum { R_ ## reg = (addr) / 4 };

#define FIELD(reg, field, shift, length) \
	enum { R_ ## reg ## _ ## field ## _SHIFT = (shift) }; \
	enum { R_ ## reg ## _ ## field ## _LENGTH = (length) }; \
	enum { R_ ## reg ## _ ## field ## _MASK = \
	       (uint32_t)(~0ull >> (64 - (length))) << (shift) };

static inline uint32_t r5xx_unit_extract32(uint32_t v, int start, int len)
{
	return (v >> start) & (uint32_t)(~0ull >> (64 - len));
}

static inline uint32_t r5xx_unit_deposit32(uint32_t v, int start, int len,
					   uint32_t field)
{
	uint32_t mask = (uint32_t)(~0ull >> (64 - len)) << start;

	return (v & ~mask) | ((field << start) & mask);
}

#define FIELD_EX32(storage, reg, field) \
	r5xx_unit_extract32((storage), R_ ## reg ## _ ## field ## _SHIFT, \
			    R_ ## reg ## _ ## field ## _LENGTH)
#define FIELD_DP32(storage, reg, field, val) \
	r5xx_unit_deposit32((storage), R_ ## reg ## _ ## field ## _SHIFT, \
			    R_ ## reg ## _ ## field ## _LENGTH, (val))

#endif
