#!/bin/bash
# KMS test (in the VM, r5xx.ko): the display half of suspend, through debugfs
# r5xx_display_suspend (r5xx_kms_suspend/resume: the atomic mode-config
# helpers). Suspending turns CRTC1 off (the model shows its "off" placeholder
# instead of the console) and a second suspend is refused; resuming restores
# the saved state: the screen is the console again, pixel for pixel as
# before, and a second resume is refused.
set -uo pipefail
. tests/driver/lib.sh

d=$(r5xx_dir) || fail "no debugfs directory"
f=$d/r5xx_display_suspend
[ -e "$f" ] || fail "no $f"
trap 'echo 0 >"$f" 2>/dev/null' EXIT

# Screendumps of head 0 until two in a row are the same (the console draws
# from its shadow buffer in a worker); at most 50.
stable() { # NAME
	local _
	tests/vm/qmp screendump "$R5XX_SCRATCH/$1.ppm" 0 >/dev/null || fail "screendump"
	for _ in $(seq 50); do
		cp "$R5XX_SCRATCH/$1.ppm" "$R5XX_SCRATCH/$1.prev"
		tests/vm/qmp screendump "$R5XX_SCRATCH/$1.ppm" 0 >/dev/null || fail "screendump"
		cmp -s "$R5XX_SCRATCH/$1.ppm" "$R5XX_SCRATCH/$1.prev" && return 0
	done
	fail "head 0 never settled"
}
size() { sed -n 2p "$R5XX_SCRATCH/$1.ppm"; }

echo 0 >/sys/class/graphics/fbcon/cursor_blink
printf '\033[2J\033[Hr5xx: display suspend and resume\n' >/dev/tty1
stable before
[ "$(size before)" = "1024 768" ] || fail "console at $(size before), not 1024x768"
[ "$(cat "$f")" = 0 ] || fail "suspended before the test"

echo 1 >"$f" || fail "suspend"
[ "$(cat "$f")" = 1 ] || fail "not suspended after writing 1"
stable off
cmp -s "$R5XX_SCRATCH/before.ppm" "$R5XX_SCRATCH/off.ppm" &&
	fail "the console is still on the screen while suspended"
echo "suspended: head 0 shows $(size off), not the console"
echo 1 >"$f" 2>/dev/null && fail "a second suspend was accepted"

echo 0 >"$f" || fail "resume"
[ "$(cat "$f")" = 0 ] || fail "still suspended after writing 0"
stable after
cmp -s "$R5XX_SCRATCH/before.ppm" "$R5XX_SCRATCH/after.ppm" ||
	fail "after resume head 0 ($(size after)) differs from before"
echo 0 >"$f" 2>/dev/null && fail "a resume while running was accepted"
check_log_clean "during suspend and resume"
echo "ok: display suspended and resumed, the screen restored pixel for pixel"
