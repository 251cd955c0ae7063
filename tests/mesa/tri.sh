#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv380 rv515
# vm-timeout-units: 4
# (one unit a scene: two renders, the model's and the reference's)
# Mesa test: build/mesa/tri (tests/mesa/tri.c) renders a clear and two
# triangles (render); the same plus a depth buffer, an indexed draw
# crossing in depth and a blended triangle (render2); and four textured
# quads (render3: RGBA8888, RGB565, LUMINANCE; nearest and bilinear;
# repeat, clamp to edge, mirrored repeat) and four mipmapped quads
# (render4: a 64x64 texture whose levels are each one colour, at LODs 1,
# 1.58, 2.58 and 4.58 through the three mipmap filters, so that the level
# layout, the LOD from derivatives and the mip filters all show) with
# Debian's r300 driver on r5xx
# and with llvmpipe, and the pixels must agree (tri compare: a channel
# within 3; no more than 1 % of the pixels off, besides pixels that match a
# neighbour in the other image).  Mesa as it comes: it tiles its textures,
# colour and depth buffers, fills and reads them back through textured
# blits (point texcoords) and clears colour with the CBZB clear.
# render3's and render4's reference is softpipe's (GALLIUM_DRIVER=softpipe):
# llvmpipe under QEMU's TCG draws its textured quads wrong (Debian 12's: dark blocks
# in the bilinear quadrant, 438 pixels; Debian 13's, at 128 or 256 bits:
# 1504 pixels), while on the host llvmpipe and softpipe draw all three
# scenes alike, pixel for pixel, and the model matches both there (render4
# too, on the host).
set -uo pipefail
bin=$PWD/build/mesa/tri
[ -x "$bin" ] || { echo "build/mesa/tri is not built (tests/mesa/build.test)"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export XDG_CACHE_HOME=$dir
rc=0
for scene in render render2 render3 render4; do
	ref=llvmpipe
	[ $scene = render3 ] || [ $scene = render4 ] && ref=softpipe
	GALLIUM_DRIVER=$ref LIBGL_ALWAYS_SOFTWARE=1 "$bin" $scene "$dir/ref.rgba" >/dev/null ||
		{ echo "FAIL: $scene with $ref"; exit 1; }
	out=$("$bin" $scene "$dir/hw.rgba" 2>&1)
	r=$?
	echo "$out"
	[ $r = 0 ] || { echo "FAIL: tri $scene exited $r"; exit 1; }
	grep -q "^GL_RENDERER: ATI " <<<"$out" || { echo "FAIL: not the r300 driver"; exit 1; }
	if grep -qi "rejected CS\|radeon: " <<<"$out"; then
		echo "FAIL: the winsys reported a problem"
		exit 1
	fi
	echo "$scene (against $ref):"
	"$bin" compare "$dir/hw.rgba" "$dir/ref.rgba" || rc=1
done
exit $rc
