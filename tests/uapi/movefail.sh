#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: build/uapi/uapi movefail (see tests/uapi/uapi.c, t_movefail):
# the CPU clear of a new VRAM buffer fails (debugfs r5xx_fail_vram_clears)
# after TTM chose its VRAM; the create is retried or fails with -ENOMEM,
# VRAM usage comes back to where it was, and the kernel logs nothing. The
# boot has slub_debug=FZP so that a double free or a write to a freed
# object is reported (tests/vm/group.sh fails the test on "BUG:").
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
# vm-kernels: bookworm trixie
# vm-kernel-args: slub_debug=FZP
. tests/driver/lib.sh
. tests/uapi/lib.sh
d=$(r5xx_dir) || fail "no r5xx debugfs directory"
[ -w "$d/r5xx_fail_vram_clears" ] || skip "no $d/r5xx_fail_vram_clears"
export R5XX_FAIL_CLEARS=$d/r5xx_fail_vram_clears
trap 'echo 0 >"$R5XX_FAIL_CLEARS"' EXIT
run_uapi movefail
