#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# CS test: build/cs/cs busy (see tests/cs/cs.c, t_busy), with the model's
# CP stopped by MODEL_DEBUG.CP_HANG and the driver's lockup timeout at 1 s,
# so that the submission stays unfinished until the driver resets the GPU.
set -uo pipefail
. tests/driver/lib.sh
. tests/cs/lib.sh

trap 'reload' EXIT
reload lockup_timeout_ms=1000
dbg=$(reg MODEL_DEBUG)
[ "$(mmio_read "$(reg MODEL_ID)")" = 0x5235584d ] || skip "the GPU is not the QEMU model"
log_news >/dev/null
mmio_write "$dbg" 1
run_cs cs busy || fail "cs busy"
new=$(log_news)
grep -E "\[drm\] GPU reset succeeded" <<<"$new" || fail "no GPU reset"
if grep -E "$bad_re" <<<"$new"; then
	fail "kernel warnings"
fi
echo "ok: busy buffers, closed while busy, idle after the reset"
