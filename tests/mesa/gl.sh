#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Mesa test: build/mesa/gl (see tests/mesa/gl.c) renders with Debian's
# r300 driver; every command stream must be accepted (Mesa reports "The
# kernel rejected CS") and retire, and the renderer must be the hardware
# driver, not a software fallback.
set -uo pipefail
bin=$PWD/build/mesa/gl
[ -x "$bin" ] || { echo "build/mesa/gl is not built (tests/mesa/build.test)"; exit 77; }
out=$(XDG_CACHE_HOME=/tmp "$bin" 2>&1)
rc=$?
echo "$out"
[ $rc = 0 ] || { echo "FAIL: gl exited $rc"; exit 1; }
if grep -qi "rejected CS\|radeon: " <<<"$out"; then
	echo "FAIL: the winsys reported a problem"
	exit 1
fi
grep -q "^GL_RENDERER: ATI " <<<"$out" || { echo "FAIL: not the r300 driver"; exit 1; }
echo "ok: Mesa r300 rendered and every stream was accepted"
