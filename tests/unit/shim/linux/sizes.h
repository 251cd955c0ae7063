/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef SHIM_LINUX_SIZES_H
#define SHIM_LINUX_SIZES_H
#define SZ_1K 0x400
#define SZ_1M 0x00100000
#define SZ_4G 0x100000000ULL
#endif
