#!/bin/bash
# KMS test (in the VM, r5xx.ko): the display half of suspend, through debugfs
# r5xx_display_suspend (r5xx_kms_suspend/resume: the atomic mode-config
# helpers). Suspending turns CRTC1 off (the model shows its "off" placeholder
# instead of the console) and a second suspend is refused; resuming restores
# the saved state: the screen is the console again, pixel for pixel as
# before, and a second resume is refused.
set -uo pipefail
. tests/driver/lib.sh
. tests/kms/lib.sh

d=$(r5xx_dir) || fail "no debugfs directory"
f=$d/r5xx_display_suspend
[ -e "$f" ] || fail "no $f"
trap 'echo 0 >"$f" 2>/dev/null' EXIT

console_show before "r5xx: display suspend and resume"
[ "$(cat "$f")" = 0 ] || fail "suspended before the test"

echo 1 >"$f" || fail "suspend"
[ "$(cat "$f")" = 1 ] || fail "not suspended after writing 1"
console_stable off
cmp -s "$R5XX_SCRATCH/before.ppm" "$R5XX_SCRATCH/off.ppm" &&
	fail "the console is still on the screen while suspended"
echo "suspended: head 0 shows $(console_size off), not the console"
echo 1 >"$f" 2>/dev/null && fail "a second suspend was accepted"

echo 0 >"$f" || fail "resume"
[ "$(cat "$f")" = 0 ] || fail "still suspended after writing 0"
console_stable after
console_same before after "after resume"
echo 0 >"$f" 2>/dev/null && fail "a resume while running was accepted"
check_log_clean "during suspend and resume"
echo "ok: display suspended and resumed, the screen restored pixel for pixel"
