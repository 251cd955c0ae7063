#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-kernels: bookworm
# vm-qemu-args: -global r5xx.pm=on
# vm-timeout-units: 2
# (one unit for X, the GL clients and the pictures, one for the cycle:
# 20 to 25 s on the shared host; make soak sets its own limit)
# Desktop test (in the VM): suspend and resume with X running, through
# r5xx's PM code and the model's cold board as tests/kms/s3.sh drives it
# (debugfs r5xx_suspend; a system suspend of this VM cannot be tested, see
# there). Xorg with xf86-video-ati (DRI2, Mesa's r300) shows 64x64 tiles
# drawn by xdraw and the window of glxgears, which is stopped (SIGSTOP, as
# a system suspend's freezer would) after it drew on the model's 3D engine
# (its frames do not reach the screen, with or without a suspend: the
# window stays black). Per cycle: the driver re-posted the GPU; QEMU's
# picture of X's CRTC is the one before, pixel for pixel; X's own picture
# (xdraw dump: GetImage through the GPU) too; glxgears, continued, draws
# on (20 more fences, no failed job) and is stopped again. After the last: X draws again (a fill,
# then the tiles; the CRTC shows the tiles pixel for pixel as at start),
# an EGL client (build/mesa/tri render2) draws the same pixels on r300 as
# before the suspend, and the kernel log is clean. One cycle on rv380 and
# rv515 (bookworm; a boot of its own, for the model's PM capability);
# make soak: 20 (R5XX_SUSPEND_X_CYCLES).
set -uo pipefail
. tests/desktop/lib.sh
. tests/driver/lib.sh
need Xorg glxgears xrandr
need_xdraw
tri=$PWD/build/mesa/tri
[ -x "$tri" ] || skip "build/mesa/tri is not built (tests/mesa/build.test)"
# lib.sh's fail, with the X log
fail() {
	echo "FAIL: $*"
	[ -n "${xlog:-}" ] && [ -f "$xlog" ] && grep -E '\((EE|WW)\)' "$xlog" | head -n 20
	exit 1
}

cycles=${R5XX_SUSPEND_X_CYCLES:-1}
d=$(r5xx_dir) || fail "no debugfs directory"
f=$d/r5xx_suspend
[ -e "$f" ] || fail "no $f"
posts() { sed -n 's/^posts //p' "$f"; }
log_news >/dev/null

gp=
cleanup() {
	[ -n "$gp" ] && kill -CONT "$gp" 2>/dev/null && kill "$gp" 2>/dev/null
	stop_server
}
trap cleanup EXIT

# fences: the fences the driver emitted so far (debugfs r5xx_fences).
fences() { sed -n 's/^emitted: //p' "$d/r5xx_fences"; }
failed_jobs() { sed -n 's/^jobs_failed: //p' "$d/r5xx_fences"; }

# gears_run WHAT: let glxgears run until the driver emitted 20 more
# fences (its frames and X's copies of them), then stop it (SIGSTOP: a
# system suspend freezes userspace the same way, between two ioctls).
gears_run() {
	local e0 _
	e0=$(fences)
	kill -CONT "$gp" 2>/dev/null || fail "glxgears is gone"
	for _ in $(seq 600); do
		[ "$(fences)" -ge $((e0 + 20)) ] && break
		kill -0 "$gp" 2>/dev/null || { cat /tmp/gears.out; fail "glxgears ended $1"; }
		sleep 0.1
	done
	kill -STOP "$gp"
	[ "$(fences)" -ge $((e0 + 20)) ] ||
		{ cat /tmp/gears.out; fail "glxgears submitted nothing $1 ($e0 -> $(fences) fences)"; }
}

# the GL client's pixels before any suspend: r300 on the model
XDG_CACHE_HOME=/tmp "$tri" render2 /tmp/tri-before.rgba >/tmp/tri.out 2>&1 ||
	{ cat /tmp/tri.out; fail "tri render2 before the suspend"; }
grep -q '^GL_RENDERER: ATI ' /tmp/tri.out || { cat /tmp/tri.out; fail "tri: not the r300 driver"; }

start_ati ati
log_has '\[DRI2\] +DRI driver: r300' "DRI2 with Mesa r300"
$xdraw tiles || fail "xdraw tiles"
screen_stable tiles
$xdraw dump "$S/tiles-x.ppm" || fail "xdraw dump"
same_picture "$S/tiles-x.ppm" "$S/tiles.ppm" || fail "the CRTC does not show X's tiles"
echo "ok: X shows its tiles on CRTC $xhead"

glxgears -geometry 120x120+100+100 >/tmp/gears.out 2>&1 &
gp=$!
kill -STOP "$gp"
gears_run "after it started"
screen_stable before
jf=$(failed_jobs)
echo "ok: glxgears drew, submitting to the GPU, and is stopped"

for i in $(seq "$cycles"); do
	$xdraw dump "$S/x-before.ppm" || fail "cycle $i: xdraw dump before"
	p0=$(posts)
	echo 1 >"$f" || fail "cycle $i: suspend and resume failed"
	[ "$(posts)" -gt "$p0" ] || fail "cycle $i: the driver did not re-post the GPU"
	screen_stable after
	same_picture "$S/before.ppm" "$S/after.ppm" ||
		fail "cycle $i: X's CRTC differs from before the suspend"
	$xdraw dump "$S/x-after.ppm" || fail "cycle $i: xdraw dump after: X is not answering"
	same_picture "$S/x-before.ppm" "$S/x-after.ppm" ||
		fail "cycle $i: X's own picture (GetImage) differs from before the suspend"
	gears_run "after resume $i"
	[ "$(failed_jobs)" = "$jf" ] || fail "cycle $i: jobs failed after resume ($jf -> $(failed_jobs))"
	screen_stable before
	echo "cycle $i: re-posted, the CRTC and X's picture as before, pixel for pixel; glxgears drew on"
done

kill -CONT "$gp"
kill "$gp"
wait "$gp" 2>/dev/null
gp=
grep -i 'rejected CS\|radeon: \|error' /tmp/gears.out && fail "glxgears reported errors"
echo "ok: glxgears ran on over the suspend, every stream accepted"

$xdraw fill 000000 || fail "xdraw fill after resume"
$xdraw tiles || fail "xdraw tiles after resume"
screen_stable tiles2
same_picture "$S/tiles.ppm" "$S/tiles2.ppm" || fail "X's tiles drawn after resume differ from those before"
echo "ok: X draws after resume: the CRTC shows its tiles as at start"
stop_server

XDG_CACHE_HOME=/tmp "$tri" render2 /tmp/tri-after.rgba >/tmp/tri.out 2>&1 ||
	{ cat /tmp/tri.out; fail "tri render2 after resume"; }
grep -qi "rejected CS\|radeon: " /tmp/tri.out && { cat /tmp/tri.out; fail "tri: the winsys reported a problem"; }
cmp -s /tmp/tri-before.rgba /tmp/tri-after.rgba ||
	fail "the GL client's pixels after resume differ from before"
echo "ok: tri render2 on r300 after resume: the same pixels as before"
check_log_clean "during suspend and resume with X running"
echo "ok: $cycles suspend/resume cycle(s) with X and a GL client"
