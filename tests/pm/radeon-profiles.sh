#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Power test (in the VM, Debian's radeon.ko on rv515, the referee): the
# same power_profile writes give the same model clocks, through the same
# ROM tables, as r5xx's (profiles.sh).
# vm-driver: radeon
# vm-timeout-units: 2 (eight profile changes, each with a CS blit)
set -e
. tests/pm/lib.sh
dev=$(gpu_dev) || { echo "no GPU device"; exit 1; }
[ -e "$dev/power_profile" ] || { echo "no power_profile in $dev"; exit 1; }
profiles_check "$dev"
