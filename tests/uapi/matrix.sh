#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: the hostile ioctl matrix (tests/uapi/matrix.c) from a 64-bit
# and from a 32-bit process: every case gives its errno, the kernel logs no
# warning, BUG or oops, no stack trace or allocation failure, and nothing
# from DRM or the driver at all (bad input is only worth a drm_dbg, which
# is off), and nothing leaks. The rest of the kernel's chatter (a slow
# clock under TCG, hrtimer and clocksource notes) is not the driver's.
#
# vm-kernel-args: slub_debug=U
# vm-kernels: bookworm trixie:rv380 bookworm-backports:rv380 trixie-backports:rv515
#
# The kernel argument (and kernels) put this test in the boots of tests/driver/reload.sh,
# whose leak check it shares (tests/lib/slab.sh): after one warm-up round
# of each program, R5XX_MATRIX_ROUNDS (default 8) more rounds of each, each
# with fresh files; an allocation site that gains as many live objects as
# there were rounds leaked (one object per program run adds two per round),
# and unreclaimable slab may grow by at most 128 KiB.
set -uo pipefail
. tests/driver/lib.sh
. tests/lib/guest.sh

guest_check uapi tests/uapi matrix
guest_check uapi tests/uapi matrix32 tests/uapi/matrix.c
rounds=${R5XX_MATRIX_ROUNDS:-8}
grep -q "^r5xx " /proc/modules || insmod "$ko" || fail "insmod r5xx.ko"

log_news >/dev/null
build/uapi/matrix 1 || fail "the 64-bit matrix"
build/uapi/matrix32 1 || fail "the 32-bit matrix"
slab_snapshot /tmp/matrix-before
build/uapi/matrix "$rounds" | grep -v '^ok:' || fail "64-bit rounds"
build/uapi/matrix32 "$rounds" | grep -v '^ok:' || fail "32-bit rounds"
slab_snapshot /tmp/matrix-after

new=$(log_news | grep -E "$bad_re|drm|r5xx|radeon|Call Trace|allocation failure")
if [ -n "$new" ]; then
	echo "$new" | head -n 40
	fail "the kernel logged messages during the matrix"
fi
echo "allocation sites with more live objects:"
slab_compare /tmp/matrix-before /tmp/matrix-after "$rounds" ||
	fail "memory grew over $rounds rounds of the matrix"
echo "ok: hostile ioctl matrix, 64- and 32-bit, $rounds rounds: errnos as expected, clean log, no leak"
