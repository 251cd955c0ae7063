#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop test (in the VM): X with the modesetting DDX on r5xx. Its default
# acceleration, glamor, needs more fragment program instructions than R300
# and R400 have: on rv380 Xorg must end at start-up saying so. On rv515
# glamor starts (R500 has them) and draws with the 3D engine, which the
# model lacks: only its start is checked. With Option "AccelMethod" "none"
# it starts, switches mode with xrandr, and the 2D session of 2d.sh
# (software rendering into a shadow buffer, copied to the KMS frame
# buffer) is Xvfb's in X's picture and on the CRTC.
set -uo pipefail
. tests/desktop/lib.sh
need Xorg Xvfb xrandr
need_xdraw

case $R5XX_CHIP in
rv380)
	xorg_conf /tmp/glamor.conf modesetting
	# the time limit only catches a hang
	timeout 100 Xorg -config /tmp/glamor.conf -logfile /tmp/glamor.log -nolisten tcp vt1 \
		>/dev/null 2>&1 && fail "Xorg with glamor on r300 did not fail"
	xlog=/tmp/glamor.log
	log_has 'glamor X acceleration enabled on ATI RV' "glamor tried on Mesa r300"
	log_has 'glamor requires at least 128 instructions' "glamor refusing r300's fragment programs"
	log_has 'Failed to initialize glamor at ScreenInit' "the end of Xorg with glamor"
	;;
*)
	# R500 has the instructions: glamor runs, and draws with the 3D
	# engine, which the model does not have (nothing is compared)
	start_xorg glamor modesetting
	stop_server
	log_has 'glamor X acceleration enabled on ATI RV' "glamor on Mesa r300"
	log_has 'glamor initialized' "glamor initialized"
	;;
esac

start_xvfb xvfb 1024x768
$xdraw session || fail "xdraw session on Xvfb"
$xdraw dump "$S/xvfb.ppm" || fail "xdraw dump on Xvfb"
stop_server

start_xorg ms modesetting AccelMethod none
log_has 'modeset\(0\): Output VGA-1 using initial mode 1024x768' "VGA-1 at 1024x768"
xrandr --output VGA-1 --mode 800x600 || fail "xrandr --mode 800x600"
xrandr | grep 'current 800 x 600,' >/dev/null || fail "not 800x600 after xrandr"
$xdraw tiles || fail "xdraw tiles"
$xdraw dump "$S/x.ppm" || fail "xdraw dump"
screendump "$S/head.ppm"
ppm_cmp "$S/x.ppm" "$S/head.ppm" || fail "the CRTC does not show X's 800x600 screen"
echo "ok: xrandr switched VGA-1 to 800x600, the CRTC shows X's picture"
xrandr --output VGA-1 --mode 1024x768 || fail "xrandr --mode 1024x768"
$xdraw nocursor || fail "xdraw nocursor"
$xdraw session || fail "xdraw session on Xorg"
$xdraw dump "$S/ms.ppm" || fail "xdraw dump on Xorg"
screendump "$S/screen.ppm"
ppm_cmp "$S/xvfb.ppm" "$S/ms.ppm" || fail "GetImage on Xorg differs from Xvfb"
echo "ok: GetImage of the session is Xvfb's"
ppm_cmp "$S/xvfb.ppm" "$S/screen.ppm" || fail "the CRTC shows something else than Xvfb's picture"
echo "ok: the CRTC shows Xvfb's picture"
stop_server
