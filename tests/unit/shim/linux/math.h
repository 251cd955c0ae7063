/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef SHIM_LINUX_MATH_H
#define SHIM_LINUX_MATH_H
#include <stdlib.h>
#undef abs
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define roundup(x, y) ((((x) + ((y) - 1)) / (y)) * (y))
#define abs(x) ({ __typeof__(x) _x = (x); _x < 0 ? -_x : _x; })
#endif
