#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Driver test: a CP hang just after the ring wrapped. The CP writes its read
# pointer back to memory as it fetches, and the driver reads that copy for
# the free space; a reset puts both pointers at 0, so a copy left at 1 to
# 64 dwords (where the hung CP stopped) made the restart's first ring
# reservation (64 dwords) wait for space that never came: "GPU reset failed
# (-16)", seen once in a 100-hang campaign (tests/driver/hangs.sh). Here
# the idle CP is placed 1 to 64 dwords past the wrap with debugfs fence
# test jobs, then stopped by MODEL_DEBUG.CP_HANG with one more job: the
# reset must succeed and later jobs run.
set -uo pipefail
. tests/driver/lib.sh

dbg=$(reg MODEL_DEBUG)
[ -n "$dbg" ] || skip "no MODEL_DEBUG in r5xx_regs.h"
[ "$(mmio_read "$(reg MODEL_ID)")" = 0x5235584d ] || skip "the GPU is not the QEMU model"
trap 'reload' EXIT
reload lockup_timeout_ms=1000
d=$(r5xx_dir) || fail "no r5xx debugfs directory"
ring_field() { # NAME: wptr, rptr or size, in dwords
	awk -v k="$1:" '$1 == k { print $2 }' "$d/r5xx_ring"
}
submit() { # N jobs, 1024 at most per write
	local n=$1 k
	while [ "$n" -gt 0 ]; do
		k=$((n > 1024 ? 1024 : n))
		fence_test "$k" >/dev/null
		[ "$(fence_field completed)" = "$k" ] || fail "fence test of $k jobs"
		n=$((n - k))
	done
}

size=$(ring_field size)
w0=$(ring_field wptr)
submit 1
step=$((($(ring_field wptr) - w0 + size) % size))
[ "$step" -gt 0 ] && [ "$step" -le 64 ] || skip "a job takes $step dwords of the ring"
# jobs up to the ring's end, then one across it; a landing on 0 moves the
# phase with a self-test (other sizes) and goes round again
for try in 1 2 3 4 5; do
	w=$(ring_field wptr)
	[ "$w" -gt 0 ] && [ "$w" -le 64 ] && break
	submit $(((size - w - 1) / step))
	submit 1
	w=$(ring_field wptr)
	[ "$w" -gt 0 ] && [ "$w" -le 64 ] && break
	echo 1 >"$d/r5xx_self_test" || fail "self-test"
done
[ "$w" -gt 0 ] && [ "$w" -le 64 ] || fail "could not place the CP 1 to 64 dwords past the wrap (at $w)"
echo "ring of $size dwords, $step per job; the CP idles at $w (read pointer $(ring_field rptr)) (attempt $try)"

log_news >/dev/null
mmio_write "$dbg" 1
fence_test 2 >/dev/null
[ "$(fence_field resets)" = 1 ] || fail "want one GPU reset, got $(fence_field resets)"
[ "$(fence_field errors)" = 1 ] || fail "want exactly one failed job"
new=$(log_news)
grep -qE "\[drm\] GPU reset succeeded" <<<"$new" || {
	echo "$new"
	fail "the reset after a hang at $w dwords past the wrap failed"
}
if grep -E "$bad_re" <<<"$new"; then
	fail "kernel warnings during the reset"
fi
fence_test 16 >/dev/null
[ "$(fence_field completed)" = 16 ] || fail "jobs after the reset failed"
echo "ok: a hang 1 to 64 dwords past the ring's wrap is recovered"
