/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#ifndef SHIM_LINUX_SLAB_H
#define SHIM_LINUX_SLAB_H
#include <stdlib.h>
#define GFP_KERNEL 0
#define kzalloc(n, gfp) calloc(1, (n))
#define kfree(p) free(p)
#endif
