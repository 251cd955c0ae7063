#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Driver test: the hang campaign (build/driver/hangs, tests/driver/hangs.c).
# GPU hangs injected through the QEMU model's traps (an IB that never
# finishes, a 2D operation that never completes) while two innocent
# clients keep filling and checking their buffers: each hang is recovered
# by one GPU reset without reloading the driver, the guilty job fails with
# -ETIME, the innocent clients lose no work, and the kernel logs nothing
# but the reset's own messages. `make check` injects 3 hangs; `make soak`
# R5XX_HANG_COUNT=100. The driver runs with a 1 s lockup timeout.
set -uo pipefail
. tests/driver/lib.sh

hangs=${R5XX_HANG_COUNT:-3}
prog=build/driver/hangs
[ -x "$prog" ] || skip "$prog is not built (tests/driver/build.test)"
[ -n "$(reg MODEL_DEBUG_IB_HANG)" ] || skip "no MODEL_DEBUG.IB_HANG in r5xx_regs.h"
# leave the driver loaded with its defaults for the tests after this one
trap 'reload' EXIT

reload lockup_timeout_ms=1000
log_news >/dev/null
"$prog" "$hangs" 2 || fail "the campaign failed"

check_log_resets || fail "kernel messages beyond the resets' own"
[ "$log_resets" = "$hangs" ] || fail "$log_resets GPU resets for $hangs hangs"
echo "ok: $hangs/$hangs hangs recovered under load, innocent clients lost nothing"
