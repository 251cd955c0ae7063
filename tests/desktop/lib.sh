# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Sourced by the desktop tests (tests/desktop/*.sh, in the VM, as root):
# start and stop Xorg, Xvfb and weston with a writable /tmp and no display
# manager, run the test clients build/desktop/xdraw and wlpic, take
# screendumps and compare pictures.

. tests/lib/qom.sh

# shellcheck disable=SC2034 # used by the tests that source this
xdraw=$PWD/build/desktop/xdraw
scratch=${R5XX_SCRATCH:?not in the test VM}
# shellcheck disable=SC2034
S=$scratch
export XDG_CACHE_HOME=/tmp HOME=/tmp
xpid=

fail() {
	echo "FAIL: $*"
	if [ -n "${xlog:-}" ] && [ -f "$xlog" ]; then
		grep -E '\((EE|WW)\)' "$xlog" | head -n 20
		cp "$xlog" "$scratch/" 2>/dev/null
	fi
	exit 1
}

skip() {
	echo "$*"
	exit 77
}

need() { # PROGRAM... : skip unless installed (scripts/deps.sh)
	local p
	for p in "$@"; do
		command -v "$p" >/dev/null || skip "$p is not installed (scripts/deps.sh)"
	done
}

# need_xdraw: skip unless the test client is built (tests/desktop/build.test).
need_xdraw() {
	[ -x "$xdraw" ] || skip "build/desktop/xdraw is not built (tests/desktop/build.test)"
}

# start_server NAME COMMAND...: start an X server (Xorg or Xvfb) that
# reports its display number on fd 3 when it is ready; sets DISPLAY, xpid
# and xlog (/tmp/NAME.log; Xorg's own log when COMMAND has -logfile).
start_server() {
	local name=$1 fifo=/tmp/$1.displayfd d=
	shift
	xlog=/tmp/$name.log
	rm -f "$fifo"
	mkfifo "$fifo"
	"$@" -nolisten tcp -noreset -displayfd 3 3>"$fifo" >"/tmp/$name.out" 2>&1 &
	xpid=$!
	# the read ends when the server writes its number or dies (EOF)
	read -r -t 60 d <"$fifo" || true
	rm -f "$fifo"
	[ -n "$d" ] || { tail -n 20 "/tmp/$name.out"; fail "$name did not start"; }
	export DISPLAY=:$d
	echo "ok: $name up on $DISPLAY"
}

stop_server() {
	[ -n "$xpid" ] || return 0
	kill "$xpid" 2>/dev/null
	wait "$xpid" 2>/dev/null
	xpid=
}
trap stop_server EXIT

# xorg_conf FILE DRIVER [OPTION VALUE]...: an xorg.conf with one Device
# section for DRIVER ("radeon" = xf86-video-ati, "modesetting") and its
# options. No input devices: there is no udev in the VM.
xorg_conf() {
	local f=$1 drv=$2
	shift 2
	{
		echo 'Section "Device"'
		echo '	Identifier "gpu"'
		echo "	Driver \"$drv\""
		while [ $# -ge 2 ]; do
			echo "	Option \"$1\" \"$2\""
			shift 2
		done
		echo 'EndSection'
	} >"$f"
}

# start_xorg NAME DRIVER [OPTION VALUE]...: Xorg as root on VT 1.
start_xorg() {
	local name=$1
	shift
	xorg_conf "/tmp/$name.conf" "$@"
	start_server "$name" Xorg -config "/tmp/$name.conf" -logfile "/tmp/$name.log" vt1
}

# start_ati NAME: Xorg with xf86-video-ati as the tests run it, RENDER in
# software (Documentation/desktop.rst), on one head (one_head).
start_ati() {
	start_xorg "$1" radeon RenderAccel off
	one_head
}

# one_head: leave X one output (the VGA monitor where there is one), at
# 1024x768 at the origin of a screen of that size, when the board has more
# than one connected at start (rv380m's and rs480's panel beside the VGA
# monitor, which X lays out side by side); and set xhead to the CRTC that
# output scans out from, the head QEMU's screendump takes by default.
xhead=0
one_head() {
	local outs keep o args=() crtc
	need xrandr
	outs=$(xrandr | awk '$2 == "connected" { print $1 }')
	keep=$(grep -m1 '^VGA' <<<"$outs") || keep=$(head -n1 <<<"$outs")
	[ -n "$keep" ] || fail "xrandr: no connected output"
	if [ "$(wc -l <<<"$outs")" -gt 1 ]; then
		for o in $outs; do
			[ "$o" = "$keep" ] || args+=(--output "$o" --off)
		done
		xrandr "${args[@]}" --output "$keep" --mode 1024x768 --pos 0x0 --fb 1024x768 ||
			fail "xrandr: $keep alone at 1024x768"
		echo "ok: X on $keep alone (of $(paste -sd " " <<<"$outs")), 1024x768"
	fi
	crtc=$(xrandr --verbose | awk -v o="$keep" '$1 == o { f = 1 } f && $1 == "CRTC:" { print $2; exit }')
	[ -n "$crtc" ] || fail "xrandr: $keep has no CRTC"
	xhead=$crtc
}

# start_xvfb NAME WxH: the software referee at depth 24.
start_xvfb() {
	start_server "$1" Xvfb -screen 0 "${2}x24"
}

# log_has PATTERN WHAT: the X log (xlog) has an extended regex.
log_has() {
	grep -qE "$1" "$xlog" || fail "the X log does not show $2 (/$1/)"
	echo "ok: X log: $2"
}

log_lacks() {
	! grep -E "$1" "$xlog" | head -n 3 | grep . || fail "the X log shows $2 (/$1/)"
	echo "ok: X log without $2"
}

# screendump FILE [HEAD]: QEMU's picture of a CRTC (by default the one
# X's output is on, see one_head), P6 PPM.
screendump() {
	tests/vm/qmp screendump "$1" "${2:-$xhead}" >/dev/null || fail "screendump $1"
}

# wait_line FILE REGEX PID: wait until FILE has a line matching REGEX while
# PID lives; print that line. The limit (60 s) only catches a hang.
wait_line() {
	local _
	for _ in $(seq 600); do
		grep -m1 -E "$2" "$1" 2>/dev/null && return 0
		kill -0 "$3" 2>/dev/null || { grep -m1 -E "$2" "$1"; return; }
		sleep 0.1
	done
	return 1
}

# start_weston NAME [gl]: weston as root on VT 1 with its DRM backend, the
# pixman renderer (with gl: the GL renderer, Mesa's r300 through GBM) and
# the desktop shell without panel, animations or screen lock,
# and no input devices (no udev in the VM); sets WAYLAND_DISPLAY,
# XDG_RUNTIME_DIR, xpid and xlog (/tmp/NAME.log). kiosk-shell would show
# nothing here: it puts a window in its layer only when it gives it a
# seat's focus, and weston has no seat without input devices.
# weston 10 (Debian 12) opens VT 1 itself (--tty=1, its direct launcher);
# weston 14 (Debian 13) has only libseat's launcher, which takes the VT
# libseat gives it (its built-in seatd, as root), and refuses --tty.
start_weston() {
	local name=$1 tty="" renderer=--use-pixman _
	[ "${2:-}" = gl ] && renderer=
	weston --help 2>&1 | grep -q -- '--tty=' && tty=--tty=1
	export XDG_RUNTIME_DIR=/tmp/$name-run WAYLAND_DISPLAY=wayland-$name
	mkdir -p "$XDG_RUNTIME_DIR"
	chmod 700 "$XDG_RUNTIME_DIR"
	cat >"/tmp/$name.ini" <<-EOF
		[core]
		idle-time=0
		[shell]
		background-color=0xff204060
		panel-position=none
		startup-animation=none
		animation=none
		close-animation=none
		locking=false
	EOF
	xlog=/tmp/$name.log
	weston --config="/tmp/$name.ini" --backend=drm-backend.so ${renderer:+"$renderer"} \
		--continue-without-input ${tty:+"$tty"} --socket="$WAYLAND_DISPLAY" \
		--log="$xlog" >"/tmp/$name.out" 2>&1 &
	xpid=$!
	# the socket exists once the backend is up (the limit catches a hang)
	for _ in $(seq 600); do
		[ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ] && break
		kill -0 "$xpid" 2>/dev/null || break
		sleep 0.1
	done
	[ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ] ||
		{ tail -n 30 "$xlog" "/tmp/$name.out"; fail "weston did not start"; }
	echo "ok: weston up on $WAYLAND_DISPLAY"
}

# ppm_cmp A B [X Y W H]...: compare two P6 PPMs pixel for pixel, except in
# the rectangles given; prints the result, exits non-zero when they differ.
ppm_cmp() {
	python3 tests/desktop/ppmcmp.py "$@"
}

# same_picture A B: PPMs A and B are the same, pixel for pixel (cmp first:
# ppmcmp.py takes seconds for 1024x768 under TCG; it tells the difference).
same_picture() {
	cmp -s "$1" "$2" || ppm_cmp "$1" "$2"
}

# screen_stable NAME: screendumps of the CRTC into $S/NAME.ppm until two in
# a row are the same (the display settles after a draw or a resume); at
# most 50.
screen_stable() {
	local _
	screendump "$S/$1.ppm"
	for _ in $(seq 50); do
		cp "$S/$1.ppm" "$S/$1.prev"
		screendump "$S/$1.ppm"
		cmp -s "$S/$1.ppm" "$S/$1.prev" && return 0
	done
	fail "the CRTC never settled ($1)"
}

# cs_watch: from now on, log the driver's refusals of command streams
# (drm.debug=0x2: r5xx logs them with rate-limited drm_dbg only; radeon.ko
# always logs them); cs_refused: print the refusals logged since, and
# restore drm.debug. Succeeds only when there are some.
cs_dbg=/sys/module/drm/parameters/debug
cs_watch() {
	cs_old_dbg=$(cat "$cs_dbg")
	echo 0x2 >"$cs_dbg"
	cs_seen=$(dmesg | wc -l)
}

cs_refused() {
	echo "${cs_old_dbg:-0}" >"$cs_dbg"
	dmesg | tail -n +$((cs_seen + 1)) |
		grep -E '\[drm:r5xx_(cs|ib)|CS: |radeon_cs|Invalid command stream'
}

# The DRM atomic state (debugfs) of the first card.
drm_state() {
	cat /sys/kernel/debug/dri/0/state
}
