#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# IGT, section [core] of tests/igt/list: the core ioctls (auth, master, version, stats), dumb buffers, fbdev, dma-buf sync files, syncobj, sw_sync, vgem.
# Results against tests/igt/expected-$R5XX_DRIVER-$R5XX_CHIP.txt (tests/igt/lib.sh).
set -uo pipefail
. tests/igt/lib.sh
igt_section core
