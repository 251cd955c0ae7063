#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv380 rv515 rv350 r420
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# Driver test: a CP hang is detected, the GPU is reset, the guilty job's
# fence carries -ETIME and the jobs queued behind it, and later ones, run.
# The hang comes from the QEMU model's debug register MODEL_DEBUG.CP_HANG
# (the CP stops until a CP soft reset), written through debugfs r5xx_mmio.
# The driver is loaded with a 1 s lockup timeout so that the test is quick.
set -uo pipefail
. tests/driver/lib.sh

etime=-62
reload lockup_timeout_ms=1000
log_news >/dev/null
id=$(reg MODEL_ID)
dbg=$(reg MODEL_DEBUG)
if [ -z "$id" ] || [ -z "$dbg" ]; then
	skip "no MODEL_ID/MODEL_DEBUG in r5xx_regs.h"
fi
[ "$(mmio_read "$id")" = 0x5235584d ] || skip "the GPU is not the QEMU model"

mmio_write "$dbg" 1
[ "$(mmio_read "$dbg")" = 0x00000001 ] || fail "MODEL_DEBUG.CP_HANG did not stick"
start=$(date +%s)
fence_test 3
echo "took $(($(date +%s) - start)) s"
[ "$(fence_field submitted)" = 3 ] || fail "not all jobs submitted"
[ "$(fence_field errors)" = 1 ] || fail "want exactly one failed job"
[ "$(fence_field first_error)" = $etime ] || fail "guilty job error $(fence_field first_error), want -ETIME"
[ "$(fence_field completed)" = 2 ] || fail "the two innocent jobs did not complete"
[ "$(fence_field resets)" = 1 ] || fail "want one GPU reset"
[ "$(fence_field scratch)" = 3 ] || fail "the last job did not run"
[ "$(mmio_read "$dbg")" = 0x00000000 ] || fail "the CP still hangs after the reset"

new=$(log_news)
grep -E "\[drm\] \*ERROR\* CP hang" <<<"$new" || fail "no 'CP hang' message"
grep -E "\[drm\] GPU reset succeeded" <<<"$new" || fail "no 'GPU reset succeeded'"
grep -E "\[drm\] IB test passed" <<<"$new" || fail "no IB test after the reset"
if grep -E "$bad_re" <<<"$new"; then
	fail "kernel warnings during the reset"
fi

fence_test 16
[ "$(fence_field completed)" = 16 ] || fail "jobs after the reset failed"
[ "$(fence_field by_irq)" = 16 ] || fail "fences after the reset not signalled by the interrupt"
d=$(r5xx_dir)
echo 1 >"$d/r5xx_self_test" || fail "self-tests after the reset"
grep -q ': ok$' "$d/r5xx_microcode" || fail "microcode after the reset"
check_log_clean "after the reset"
reload
echo "ok: hang detected, GPU reset, innocent and later jobs ran"
