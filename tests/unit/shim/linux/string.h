/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* Host shim: the kernel's string functions are the C library's. */
#ifndef SHIM_LINUX_STRING_H
#define SHIM_LINUX_STRING_H
#include <string.h>
#endif
