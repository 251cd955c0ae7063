#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop test (in the VM): xrandr on Xorg with xf86-video-ati lists the
# VGA monitor's modes, switches mode, and drives the DVI monitor (plugged
# through QMP) in clone and extended layouts on the second CRTC; each
# CRTC's picture (QMP screendump) is its part of X's screen (GetImage).
set -uo pipefail
. tests/desktop/lib.sh
need Xorg xrandr
need_xdraw

start_ati ati
# Modes of the VGA monitor, and a mode switch.
out=$(xrandr) || fail "xrandr"
vga=$(awk '$2 == "connected" && $1 ~ /^VGA/ { print $1; exit }' <<<"$out")
dvi=$(awk '$1 ~ /^DVI/ { print $1; exit }' <<<"$out")
[ -n "$vga" ] || { echo "$out"; fail "no connected VGA output"; }
[ -n "$dvi" ] || { echo "$out"; fail "no DVI output"; }
for m in 1024x768 800x600 640x480 1280x1024; do
	grep -q "^   $m " <<<"$out" || { echo "$out"; fail "xrandr does not list $m"; }
done
grep -qE "^$dvi disconnected" <<<"$out" || fail "$dvi is not disconnected"
echo "ok: xrandr: $vga connected with 1024x768 800x600 640x480 1280x1024, $dvi disconnected"

switch() { # ARGS... ; expected screen size last
	local want=${*: -1}
	xrandr "${@:1:$#-1}" || fail "xrandr ${*:1:$#-1}"
	xrandr | grep "current ${want/x/ x } *," >/dev/null || fail "after xrandr ${*:1:$#-1}: screen is not $want"
}
check_head() { # HEAD X Y W H: QEMU's picture of HEAD is that part of X's
	screendump "$S/head.ppm" "$1"
	python3 tests/desktop/ppmcmp.py --crop "$S/x.ppm" "$S/part.ppm" "$2" "$3" "$4" "$5" >/dev/null ||
		fail "crop"
	ppm_cmp "$S/part.ppm" "$S/head.ppm" || fail "head $1 does not show X's ($2,$3) ${4}x$5"
}

switch --output "$vga" --mode 800x600 800x600
$xdraw tiles || fail "xdraw tiles"
$xdraw dump "$S/x.ppm" || fail "xdraw dump"
check_head 0 0 0 800 600
echo "ok: $vga at 800x600, QEMU's picture is X's"
switch --output "$vga" --mode 1024x768 1024x768

# The DVI monitor: clone, then extended to the right, then off.
qom_set monitor-dvi true || fail "qom-set monitor-dvi true"
grep -qE "^$dvi connected" <<<"$(xrandr)" || fail "$dvi not connected after plugging the monitor"
switch --output "$dvi" --mode 1024x768 --same-as "$vga" 1024x768
$xdraw tiles || fail "xdraw tiles"
$xdraw dump "$S/x.ppm" || fail "xdraw dump"
check_head 0 0 0 1024 768
check_head 1 0 0 1024 768
echo "ok: clone: both CRTCs show X's 1024x768 screen"
switch --output "$dvi" --mode 800x600 --right-of "$vga" 1824x768
$xdraw tiles || fail "xdraw tiles"
$xdraw dump "$S/x.ppm" || fail "xdraw dump"
check_head 0 0 0 1024 768
check_head 1 1024 0 800 600
echo "ok: extended: $vga shows (0,0) 1024x768, $dvi (1024,0) 800x600 of X's 1824x768 screen"
switch --output "$dvi" --off 1024x768
qom_set monitor-dvi false || fail "qom-set monitor-dvi false"
stop_server
