#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Driver test: unloading the driver while the CP hangs on a job stops the
# CP (a soft reset, since it does not go idle) before the job's fence is
# forced and its memory freed (r5xx_sched_fini()); the module unloads
# without warnings and loads again with a working GPU.
# The hang is the QEMU model's MODEL_DEBUG.CP_HANG (as tests/driver/hang.sh);
# the job is a 32-bit program's 2D fill (build/uapi/compat32), killed once
# its fence is emitted. A 20 s lockup timeout keeps the hang check from
# recovering the GPU before teardown's drain (as long) gives up: a hang is
# declared after one to two periods without progress.
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie
set -uo pipefail
. tests/driver/lib.sh

id=$(reg MODEL_ID)
dbg=$(reg MODEL_DEBUG)
[ -n "$id" ] && [ -n "$dbg" ] || skip "no MODEL_ID/MODEL_DEBUG in r5xx_regs.h"
[ -x build/uapi/compat32 ] || skip "build/uapi/compat32 is not built"
trap 'grep -q "^r5xx " /proc/modules || insmod "$ko"' EXIT

reload lockup_timeout_ms=20000
[ "$(mmio_read "$id")" = 0x5235584d ] || skip "the GPU is not the QEMU model"
emitted() { awk '$1 == "emitted:" { print $2 }' "$(r5xx_dir)/r5xx_fences"; }
before=$(emitted)
log_news >/dev/null
mmio_write "$dbg" 1
build/uapi/compat32 >/dev/null &
pid=$!
for _ in $(seq 300); do
	[ "$(emitted)" -gt "$before" ] && break
	sleep 0.1
done
[ "$(emitted)" -gt "$before" ] || fail "the job never reached the ring"
kill -9 "$pid"
wait "$pid" 2>/dev/null

rmmod r5xx || fail "rmmod r5xx during a hang"
new=$(log_news)
grep -F "jobs still running at teardown" <<<"$new" ||
	fail "teardown found no job on the ring"
grep -F "CP busy at teardown, resetting it" <<<"$new" ||
	fail "teardown did not stop the hung CP before forcing its fences"
if grep -E "$bad_re" <<<"$new"; then
	fail "kernel warnings while unloading during a hang"
fi

insmod "$ko" || fail "insmod after the hang"
r5xx_dir >/dev/null || fail "no debugfs directory after the reload"
[ "$(mmio_read "$dbg")" = 0x00000000 ] || fail "the CP still hangs after the reload"
fence_test 4 >/dev/null
[ "$(fence_field completed)" = 4 ] || fail "jobs after the reload failed"
check_log_clean "after the reload"
echo "ok: unloaded during a hang: CP reset before the fences were forced; reload works"
