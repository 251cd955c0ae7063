#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Driver test: the guest-side ioctl fuzzer (build/driver/soak fuzz, see
# tests/driver/soak.c): seeded random sequences of the driver's ioctls with
# valid and invalid arguments on two files. Every answer is 0 or an errno
# the ioctl may give, the kernel logs no problem (a GPU reset a mutated
# stream may cause is allowed, with its own messages only), the device
# fills a buffer afterwards, and nothing leaks (slab_compare with a limit
# of 1/50 of the calls, at least 20; unreclaimable slab 512 KiB, as in
# soak.sh). `make check` runs 1500 calls with
# seed 1; `make soak` R5XX_FUZZ_STEPS with R5XX_FUZZ_SEED (printed first).
#
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie
# vm-kernel-args: slub_debug=U
set -uo pipefail
. tests/driver/lib.sh

seed=${R5XX_FUZZ_SEED:-1}
steps=${R5XX_FUZZ_STEPS:-1500}
prog=build/driver/soak
[ -x "$prog" ] || skip "$prog is not built (tests/driver/build.test)"
trap 'reload' EXIT

echo "fuzz: seed $seed, $steps calls (repeat with R5XX_FUZZ_SEED=$seed R5XX_FUZZ_STEPS=$steps)"
reload lockup_timeout_ms=1000
"$prog" fuzz 0 200 >/dev/null || fail "warm-up run failed"
log_news >/dev/null
slab_snapshot /tmp/fuzz-before
log_news >/dev/null
start=$SECONDS
"$prog" fuzz "$seed" "$steps" | tail -n 40
[ "${PIPESTATUS[0]}" = 0 ] || fail "the fuzzer failed (seed $seed)"
echo "the fuzzing took $((SECONDS - start)) s"
check_log_resets || fail "kernel messages beyond the resets' own (seed $seed)"
echo "GPU resets during the fuzzing: $log_resets"
slab_snapshot /tmp/fuzz-after
limit=$((steps / 50))
[ "$limit" -ge 20 ] || limit=20
echo "allocation sites with more live objects:"
slab_compare /tmp/fuzz-before /tmp/fuzz-after "$limit" 512 ||
	fail "memory grew over the fuzzing (seed $seed)"
echo "ok: $steps fuzzed ioctls, expected answers only, no leak"
