#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv515
# Mesa test: build/mesa/tri (tests/mesa/tri.c) renders a clear and two
# triangles with Debian's r300 driver on r5xx and with llvmpipe, and the
# pixels must agree (tri compare: a channel within 3, at most 1 % of the
# pixels off at edges).  rv515 only, with RADEON_DEBUG=notiling,nocbzb:
# the model's 3D engine has no texture units yet (with tiling the readback
# is black and the model logs texture fetch) and no R300 fragment
# programs (rv380); Documentation/qemu-model-3d.rst.
set -uo pipefail
bin=$PWD/build/mesa/tri
[ -x "$bin" ] || { echo "build/mesa/tri is not built (tests/mesa/build.test)"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export XDG_CACHE_HOME=$dir
LIBGL_ALWAYS_SOFTWARE=1 "$bin" render "$dir/ref.rgba" || { echo "FAIL: llvmpipe"; exit 1; }
out=$(RADEON_DEBUG=notiling,nocbzb "$bin" render "$dir/hw.rgba" 2>&1)
rc=$?
echo "$out"
[ $rc = 0 ] || { echo "FAIL: tri render exited $rc"; exit 1; }
grep -q "^GL_RENDERER: ATI " <<<"$out" || { echo "FAIL: not the r300 driver"; exit 1; }
if grep -qi "rejected CS\|radeon: " <<<"$out"; then
	echo "FAIL: the winsys reported a problem"
	exit 1
fi
"$bin" compare "$dir/hw.rgba" "$dir/ref.rgba"
