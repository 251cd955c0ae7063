#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-kernels: bookworm
# vm-qemu-args: -global r5xx.pm=on
# Desktop test (in the VM): suspend and resume with weston running, as
# tests/desktop/suspend-x.sh does with X (debugfs r5xx_suspend, the
# model's cold board; a system suspend of this VM cannot be tested, see
# tests/kms/s3.sh). weston with its DRM backend and the GL renderer
# (Mesa's r300 through GBM, on the model's 3D engine) shows build/desktop/
# wlpic's fixed picture fullscreen; weston and wlpic are stopped (SIGSTOP,
# as a system suspend's freezer would) over the cycle. After it: the
# driver re-posted the GPU; QEMU's picture of the CRTC is the one before,
# pixel for pixel, and is wlpic's picture; when wlpic ends weston
# composites the desktop without it; a new wlpic is presented (its
# page flip completed, weston composited it with GL after resume) and the
# CRTC shows its picture, every pixel; the kernel log is clean. One cycle,
# rv380 and rv515 on bookworm, in suspend-x.sh's boot.
set -uo pipefail
. tests/desktop/lib.sh
. tests/driver/lib.sh
need weston
wlpic=$PWD/build/desktop/wlpic
[ -x "$wlpic" ] || skip "build/desktop/wlpic is not built (tests/desktop/build.test)"
# lib.sh's fail, with weston's log
fail() {
	echo "FAIL: $*"
	[ -n "${xlog:-}" ] && [ -f "$xlog" ] && tail -n 20 "$xlog"
	exit 1
}

d=$(r5xx_dir) || fail "no debugfs directory"
f=$d/r5xx_suspend
[ -e "$f" ] || fail "no $f"
posts() { sed -n 's/^posts //p' "$f"; }
log_news >/dev/null

cpid=
cleanup() {
	[ -n "$xpid" ] && kill -CONT "$xpid" 2>/dev/null
	[ -n "$cpid" ] && kill -CONT "$cpid" 2>/dev/null && kill "$cpid" 2>/dev/null
	stop_server
}
trap cleanup EXIT

# show: start wlpic, wait until weston presented its buffer, and check
# that the CRTC shows its picture (screen_stable NAME).
show() {
	local line size w h _
	"$wlpic" >"/tmp/$1.out" 2>&1 &
	cpid=$!
	line=$(wait_line "/tmp/$1.out" '^wlpic: (presented|discarded) ' "$cpid") ||
		{ cat "/tmp/$1.out"; fail "$2: wlpic's buffer was not presented"; }
	[[ $line = "wlpic: presented "* ]] || { cat "/tmp/$1.out"; fail "$2: weston discarded wlpic's buffer"; }
	size=${line##* }
	screen_stable "$1"
	read -r _ w h _ <<<"$(head -c 16 "$S/$1.ppm" | tr '\n' ' ')"
	[ "${w}x$h" = "$size" ] || fail "$2: the CRTC shows ${w}x$h, wlpic's buffer is $size"
	[ -f "$S/wlpic.ppm" ] || "$wlpic" ppm "$w" "$h" "$S/wlpic.ppm" || fail "wlpic ppm"
	same_picture "$S/wlpic.ppm" "$S/$1.ppm" ||
		fail "$2: the CRTC does not show wlpic's picture"
	echo "ok: $2: wlpic's $size picture presented and on the CRTC, every pixel"
}

start_weston weston gl
grep -q 'using /dev/dri/card0' "$xlog" || fail "weston's DRM backend does not use card0"
r=$(sed -n 's/^\[[0-9:.]*\] GL renderer: //p' "$xlog")
[[ $r = ATI* ]] || { grep 'GL ' "$xlog"; fail "weston's GL renderer is \"$r\", not Mesa's r300"; }
echo "ok: weston's DRM backend on card0 with the GL renderer on $r"

show before "before the suspend"
kill -STOP "$cpid" "$xpid"
p0=$(posts)
echo 1 >"$f" || fail "suspend and resume failed"
[ "$(posts)" -gt "$p0" ] || fail "the driver did not re-post the GPU"
kill -CONT "$xpid" "$cpid"
screen_stable after
same_picture "$S/before.ppm" "$S/after.ppm" ||
	fail "the CRTC differs from before the suspend"
echo "ok: re-posted, the CRTC as before, pixel for pixel"
kill "$cpid"
wait "$cpid" 2>/dev/null
cpid=
screen_stable bg
cmp -s "$S/wlpic.ppm" "$S/bg.ppm" && fail "wlpic ended, but the CRTC still shows its picture"
echo "ok: wlpic ended: weston composited its desktop without it"
show again "after resume, a new client"
check_log_clean "during suspend and resume with weston running"
echo "ok: weston survived a suspend and resume"
