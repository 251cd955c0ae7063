#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop test (in the VM): a fixed 2D session (build/desktop/xdraw:
# solid fills with all 16 functions and a plane mask, copies that overlap
# in every direction and scroll, PutImage of ZPixmaps and a bitmap, core
# text in the bitmap font "fixed", offscreen pixmaps, tiles, stipples,
# lines, arcs, polygons, GetImage, then RENDER fills and composites) drawn
# by Xorg with xf86-video-ati (EXA on the model's 2D engine) and by Xvfb:
# X's own picture (GetImage) and QEMU's picture of the CRTC must both be
# Xvfb's, pixel for pixel. Zero-width lines and arcs are not defined
# exactly by the protocol: both servers draw them with the same mi code.
# RENDER runs in software in both (Option "RenderAccel" "off": EXA's
# Composite on R300-R500 needs the 3D engine, which the model lacks).
# make check runs it on a chip of every GART, MC and display kind (r420's
# are rv350's), on bookworm only but for rv380 and rv515, in each chip's
# existing boot; make check-all everywhere (tests/README.md).
# vm-chips: rv380 rv515 rv350 rs480 rs690 rs600 r580 rv380m
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv380,rv515
set -uo pipefail
. tests/desktop/lib.sh
need Xorg Xvfb
need_xdraw
# XDRAW_SYNC: a one-pixel GetImage after each section of the session, which
# makes Xorg submit what it has batched before it replies (a bare XSync
# does not always). Without it, whether a copy right to left or bottom to
# top and a following PutImage or GetImage share a command stream depends
# on when the client's requests reach the server;
# when they do, xf86-video-ati's upload or download blit inherits the
# copy's direction and runs backwards from its top-left corner. r5xx
# accepts such a stream (the engine clips the blit to its scissor, and so
# does the checker), but the blit moves one row or column, or one pixel,
# of the image, as it would with radeon.ko on hardware: the picture is the
# DDX's, not the protocol's (Documentation/desktop.rst, "Known problems").
# So the session compared with Xvfb runs with XDRAW_SYNC, and a second,
# unsynchronised one only has to have every command stream accepted.
export XDRAW_SYNC=1

start_xvfb xvfb 1024x768
$xdraw session || fail "xdraw session on Xvfb"
$xdraw dump "$S/xvfb.ppm" || fail "xdraw dump on Xvfb"
stop_server

start_ati ati
$xdraw nocursor || fail "xdraw nocursor"
cs_watch
$xdraw session || fail "xdraw session on Xorg"
! cs_refused || fail "the driver refused command streams of Xorg"
echo "ok: every command stream of the session accepted (drm.debug=0x2)"
$xdraw dump "$S/ati.ppm" || fail "xdraw dump on Xorg"
screendump "$S/screen.ppm"
ppm_cmp "$S/xvfb.ppm" "$S/ati.ppm" || fail "GetImage on Xorg differs from Xvfb"
echo "ok: GetImage of the session on Xorg is Xvfb's"
ppm_cmp "$S/xvfb.ppm" "$S/screen.ppm" || fail "the CRTC shows something else than Xvfb's picture"
echo "ok: the CRTC shows Xvfb's picture"
cs_watch
env -u XDRAW_SYNC $xdraw session || fail "unsynchronised xdraw session on Xorg"
$xdraw dump "$S/nosync.ppm" || fail "xdraw dump after the unsynchronised session"
! cs_refused || fail "the driver refused command streams of the unsynchronised session"
echo "ok: every command stream of an unsynchronised session accepted"
stop_server
