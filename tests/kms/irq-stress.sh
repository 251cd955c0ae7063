#!/bin/bash
# KMS test (in the VM, r5xx.ko): vblank interrupts switched on and off all
# the time (drm.vblankoffdelay=1 ms) while fences complete by interrupt:
# the flips, vblank waits and fences all finish, and the interrupt still
# works afterwards (an MSI must be re-armed even when its cause is gone).
set -uo pipefail
. tests/driver/lib.sh
p=/sys/module/drm/parameters/vblankoffdelay
old=$(cat $p)
trap 'echo "$old" >$p' EXIT
echo 1 >$p
d=$(r5xx_dir) || fail "no debugfs directory"
( for i in $(seq 20); do echo 20 >"$d/r5xx_fence_test" || exit 1; done ) &
jobs_pid=$!
for i in 1 2 3; do
	timeout 60 build/kms/kms flip >/tmp/flip.out 2>&1 || { cat /tmp/flip.out; fail "flip run $i"; }
done
wait $jobs_pid || fail "fence jobs"
echo 20 >"$d/r5xx_fence_test" || fail "fence test afterwards"
[ "$(fence_field completed)" = 20 ] || fail "jobs failed afterwards"
echo "ok: 3 flip runs and 420 fence jobs with vblank interrupts toggling"
