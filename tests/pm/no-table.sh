#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Power test (in the VM, r5xx.ko on rv380m, no ROM): the default state
# only, so no power_method/power_profile (radeon.ko offers none there
# either), and the model's clocks stay the posted ones.
# vm-chips: rv380m
set -e
. tests/pm/lib.sh
dev=$(gpu_dev) || { echo "no GPU device"; exit 1; }
if [ -e "$dev/power_profile" ] || [ -e "$dev/power_method" ]; then
	echo "power files without power states"; exit 1
fi
[ "$(clocks)" = 396000/297000 ] || { echo "clocks $(clocks)"; exit 1; }
grep -q "state 0: engine 396000 kHz, memory 297000 kHz, default, current" \
	/sys/kernel/debug/dri/0/r5xx_pm_clocks ||
	{ cat /sys/kernel/debug/dri/0/r5xx_pm_clocks; exit 1; }
