#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv515
# Mesa test: build/mesa/tri (tests/mesa/tri.c) renders a clear and two
# triangles (render), then the same plus a depth buffer, an indexed draw
# crossing in depth and a blended triangle (render2), with Debian's r300
# driver on r5xx and with llvmpipe, and the pixels must agree (tri compare:
# a channel within 3; no more than 1 % of the pixels off, besides pixels
# that match a neighbour in the other image).  rv515 only, with
# RADEON_DEBUG=notiling,nocbzb:
# the model's 3D engine has no texture units yet (with tiling the readback
# is black and the model logs texture fetch) and no R300 fragment
# programs (rv380); Documentation/qemu-model-3d.rst.
set -uo pipefail
bin=$PWD/build/mesa/tri
[ -x "$bin" ] || { echo "build/mesa/tri is not built (tests/mesa/build.test)"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export XDG_CACHE_HOME=$dir
rc=0
for scene in render render2; do
	LIBGL_ALWAYS_SOFTWARE=1 "$bin" $scene "$dir/ref.rgba" >/dev/null ||
		{ echo "FAIL: $scene with llvmpipe"; exit 1; }
	out=$(RADEON_DEBUG=notiling,nocbzb "$bin" $scene "$dir/hw.rgba" 2>&1)
	r=$?
	echo "$out"
	[ $r = 0 ] || { echo "FAIL: tri $scene exited $r"; exit 1; }
	grep -q "^GL_RENDERER: ATI " <<<"$out" || { echo "FAIL: not the r300 driver"; exit 1; }
	if grep -qi "rejected CS\|radeon: " <<<"$out"; then
		echo "FAIL: the winsys reported a problem"
		exit 1
	fi
	echo "$scene:"
	"$bin" compare "$dir/hw.rgba" "$dir/ref.rgba" || rc=1
done
exit $rc
