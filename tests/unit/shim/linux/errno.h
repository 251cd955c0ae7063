/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
#include_next <linux/errno.h>
