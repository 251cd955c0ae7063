#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop referee with Debian's radeon.ko: Xorg with xf86-video-ati must
# run with EXA on the 2D engine (its log), fill the screen with 64x64 tiles
# of distinct colours (solid fills, which leave DP_CNTL left to right), then
# GetImage reads the tiled front buffer back through EXA's
# DownloadFromScreen: a blit into a GTT scratch buffer behind radeon.ko's
# GART (PCIE, PCI, the IGPs' and RS600's). X's picture and QEMU's picture
# of the CRTC must both be Xvfb's, pixel for pixel. The whole 2D session is
# no referee on radeon.ko: xf86-video-ati's download and upload blits
# inherit the direction of the last copy (Documentation/desktop.rst, "Known
# problems"). make check runs it on a chip of every GART, MC and display
# kind (bookworm only, in the radeon.ko referee's boot of each), make
# check-all on every chip.
# vm-chips: rv380 rv350 rs480 rs690 rs600 r580 rv380m
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv380
# vm-driver: radeon
set -uo pipefail
. tests/desktop/lib.sh
need Xorg Xvfb
need_xdraw

start_xvfb xvfb 1024x768
$xdraw tiles || fail "xdraw tiles on Xvfb"
$xdraw dump "$S/xvfb.ppm" || fail "xdraw dump on Xvfb"
stop_server

start_ati ati
log_has 'RADEON\(0\): Acceleration enabled' "acceleration enabled"
log_has '^\[[ 0-9.]*\] \(II\) +Solid$' "EXA Solid"
log_has '^\[[ 0-9.]*\] \(II\) +DownloadFromScreen$' "EXA DownloadFromScreen"
log_lacks '[Ss]hadow[Ff][Bb]|shadow framebuffer|[Aa]cceleration disabled' "shadowfb or software rendering"
$xdraw nocursor || fail "xdraw nocursor"
$xdraw tiles || fail "xdraw tiles on Xorg"
$xdraw dump "$S/ati.ppm" || fail "xdraw dump on Xorg"
screendump "$S/screen.ppm"
ppm_cmp "$S/xvfb.ppm" "$S/screen.ppm" || fail "the CRTC shows something else than Xvfb's tiles"
echo "ok: the CRTC shows Xvfb's tiles"
ppm_cmp "$S/xvfb.ppm" "$S/ati.ppm" || fail "GetImage on Xorg differs from Xvfb"
echo "ok: GetImage (DownloadFromScreen through the GART) is Xvfb's"
stop_server
