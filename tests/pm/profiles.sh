#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Power test (in the VM, r5xx.ko on rv515): each power_profile programs
# the state radeon's profile table picks, seen in the model's clocks, the
# CS works after each change, bad strings get -EINVAL; then dynpm lowers
# the engine clock while the GPU idles (one CRTC lit: the balanced state,
# the power saving one being not for a lit display) and power_profile is
# refused under it; back to profile, the default clocks again.
# vm-timeout-units: 2 (eight profile changes, each with a CS blit, then dynpm)
set -e
. tests/pm/lib.sh
dev=$(gpu_dev) || { echo "no GPU device"; exit 1; }
[ -e "$dev/power_profile" ] || { echo "no power_profile in $dev"; exit 1; }
profiles_check "$dev"

echo dynpm >"$dev/power_method"
[ "$(cat "$dev/power_method")" = dynpm ] || { echo "method $(cat "$dev/power_method")"; exit 1; }
if echo low >"$dev/power_profile" 2>/dev/null; then
	echo "power_profile accepted under dynpm"; exit 1
fi
wait_clocks 297000/297000 10 || { echo "dynpm did not lower the clocks while idle"; exit 1; }
echo "dynpm, idle: $(clocks) kHz"
cs_check "dynpm downclock"
echo profile >"$dev/power_method"
wait_clocks 396000/297000 5 || { echo "back to profile"; exit 1; }
cs_check "back to profile"
echo "profile again: $(clocks) kHz"
