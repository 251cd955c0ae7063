#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop referee with Debian's radeon.ko on the rv380 model: Xorg with
# xf86-video-ati fills the screen with 64x64 tiles of distinct colours
# (solid fills on the 2D engine, which leave DP_CNTL left to right), then
# GetImage reads the tiled front buffer back through EXA's
# DownloadFromScreen: a blit into a GTT scratch buffer behind radeon.ko's
# PCIE GART. X's picture and QEMU's picture of the CRTC must both be
# Xvfb's, pixel for pixel. The whole 2D session is no referee on
# radeon.ko: xf86-video-ati's download and upload blits inherit the
# direction of the last copy (Documentation/desktop.rst, "Known problems").
# vm-chips: rv380
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
$xdraw nocursor || fail "xdraw nocursor"
$xdraw tiles || fail "xdraw tiles on Xorg"
$xdraw dump "$S/ati.ppm" || fail "xdraw dump on Xorg"
screendump "$S/screen.ppm"
ppm_cmp "$S/xvfb.ppm" "$S/screen.ppm" || fail "the CRTC shows something else than Xvfb's tiles"
echo "ok: the CRTC shows Xvfb's tiles"
ppm_cmp "$S/xvfb.ppm" "$S/ati.ppm" || fail "GetImage on Xorg differs from Xvfb"
echo "ok: GetImage (DownloadFromScreen through the GART) is Xvfb's"
stop_server
