#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop test (in the VM): Debian's Xorg with xf86-video-ati on the
# model. The log must show EXA with the 2D engine's Solid and Copy (not
# shadowfb or software) and DRI2 with Mesa's r300; xdpyinfo works; a
# cursor is shown by the cursor plane (atomic state in debugfs; radeon.ko
# has none) and is in QEMU's picture of the CRTC. RENDER acceleration is
# off (the model has no 3D engine): see tests/desktop/2d.sh; xrandr:
# tests/desktop/xrandr.sh. The new chips under make check-all only.
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv380,rv515
set -uo pipefail
. tests/desktop/lib.sh
need Xorg xdpyinfo
need_xdraw

start_ati ati
log_has 'RADEON\(0\): Acceleration enabled' "acceleration enabled"
log_has 'EXA\(0\): Driver registered support' "EXA"
log_has '^\[[ 0-9.]*\] \(II\) +Solid$' "EXA Solid"
log_has '^\[[ 0-9.]*\] \(II\) +Copy$' "EXA Copy"
log_has '^\[[ 0-9.]*\] \(II\) +UploadToScreen$' "EXA UploadToScreen"
log_lacks '[Ss]hadow[Ff][Bb]|shadow framebuffer|[Aa]cceleration disabled|GPU acceleration disabled' "shadowfb or software rendering"
log_has '\[DRI2\] Setup complete' "DRI2"
log_has '\[DRI2\] +DRI driver: r300' "DRI2 with Mesa r300"

info=$(xdpyinfo) || fail "xdpyinfo"
grep -q 'dimensions: *1024x768 pixels' <<<"$info" || fail "xdpyinfo: not 1024x768"
grep -q 'depth of root window: *24 planes' <<<"$info" || fail "xdpyinfo: not depth 24"
for e in DRI2 RANDR RENDER; do
	grep -qw "$e" <<<"$info" || fail "xdpyinfo: no $e extension"
done
echo "ok: xdpyinfo: 1024x768, depth 24, DRI2 RANDR RENDER"

# The hardware cursor: X's root window has none until a client sets one.
$xdraw fill 000000 || fail "xdraw fill"
$xdraw cursor || fail "xdraw cursor"
$xdraw warp 300 200 || fail "xdraw warp"
if [ -e /sys/kernel/debug/dri/0/state ]; then
	# atomic drivers: the primary and cursor planes of X's CRTC (the
	# output's, one_head) hold frame buffers
	drm_state | awk -v c="crtc-$xhead" '/^plane\[/ { p = $0 } $1 == "crtc=" c { on[p] = 1 } /^\tfb=[1-9]/ && on[p] { n++ } END { exit n < 2 }' ||
		{ drm_state | grep -A3 '^plane'; fail "no cursor plane with a frame buffer on CRTC $xhead (software cursor?)"; }
	echo "ok: CRTC $xhead's cursor plane holds the cursor"
fi
screendump "$S/cursor.ppm"
$xdraw dump "$S/cursor-x.ppm" || fail "xdraw dump"
python3 tests/desktop/ppmcmp.py --crop "$S/cursor.ppm" "$S/c.ppm" 300 200 16 16 >/dev/null || fail "crop"
python3 - "$S/c.ppm" <<'PY' || fail "QEMU's picture has no 16x16 cursor square at (300,200)"
import sys
sys.path.insert(0, "tests/desktop")
from ppmcmp import read_ppm
w, h, p = read_ppm(sys.argv[1])
px = lambda x, y: p[(y * w + x) * 3:(y * w + x) * 3 + 3]
white = all(px(x, y) == b"\xff\xff\xff" for x in range(2, 14) for y in range(2, 14))
border = all(px(x, y) == b"\0\0\0" for x in range(16) for y in (0, 1, 14, 15))
sys.exit(0 if white and border else 1)
PY
ppm_cmp "$S/cursor-x.ppm" "$S/cursor.ppm" 300 200 16 16 ||
	fail "QEMU's picture differs from X's outside the cursor"
echo "ok: the cursor square is on the CRTC at (300,200), the rest is X's picture"
$xdraw nocursor || fail "xdraw nocursor"

stop_server
echo "ok: Xorg ended"
