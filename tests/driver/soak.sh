#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Driver test: the concurrency soak (build/driver/soak stress, see
# tests/driver/soak.c): worker processes doing CS with pixel checks, GEM
# create/mmap/close, PRIME, userptr with munmap races, closes while busy,
# eviction pressure and (worker 0) hangs through the model's IB and 2D
# traps, all at once. 0 errors, no kernel problems beyond the resets' own
# messages, one reset per injected hang, and no leak: no allocation site
# may gain as many live objects as 1/25 of the operations (at least 20),
# counted as tests/driver/reload.sh does (slab_snapshot, slab_compare);
# without a leak, sites move by up to about 8 (vmap areas purged lazily,
# files released by a delayed fput). Unreclaimable slab may grow by 512 KiB:
# the long forms' 10^5 allocations of mixed sizes leave slabs partly used
# (+136 KiB seen on 6.12 with no site gaining more than 3 objects), while
# the per-site counts catch a leak.
# `make check` runs 3 workers x 40 steps with seed 1; `make soak` more
# (R5XX_SOAK_STEPS, R5XX_SOAK_WORKERS, R5XX_SOAK_SEED, printed first).
#
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie
# vm-kernel-args: slub_debug=U
set -uo pipefail
. tests/driver/lib.sh

seed=${R5XX_SOAK_SEED:-1}
steps=${R5XX_SOAK_STEPS:-40}
workers=${R5XX_SOAK_WORKERS:-3}
prog=build/driver/soak
[ -x "$prog" ] || skip "$prog is not built (tests/driver/build.test)"
[ -n "$(reg MODEL_DEBUG_IB_HANG)" ] || skip "no MODEL_DEBUG.IB_HANG in r5xx_regs.h"
[ "$(mmio_read "$(reg MODEL_ID)")" = 0x5235584d ] || skip "the GPU is not the QEMU model"
trap 'reload' EXIT

echo "soak: seed $seed, $workers workers x $steps steps (repeat with R5XX_SOAK_SEED=$seed R5XX_SOAK_STEPS=$steps R5XX_SOAK_WORKERS=$workers)"
reload lockup_timeout_ms=1000
# warm-up: the caches the soak uses get their slabs before the count
"$prog" stress 0 4 "$workers" 0 >/dev/null || fail "warm-up run failed"
log_news >/dev/null
t0=$SECONDS
slab_snapshot /tmp/soak-before
echo "slab snapshot: $((SECONDS - t0)) s"
log_news >/dev/null
start=$SECONDS
out=$("$prog" stress "$seed" "$steps" "$workers" 1)
status=$?
echo "the soak took $((SECONDS - start)) s"
echo "$out" | grep -v "^ok:" | tail -n 40
[ "$status" = 0 ] || fail "the soak failed (seed $seed)"
hangs=$(awk '/^worker 0:/ { print $5 }' <<<"$out")
check_log_resets || fail "kernel messages beyond the resets' own (seed $seed)"
[ "$log_resets" = "$hangs" ] || fail "$log_resets GPU resets for $hangs injected hangs"
slab_snapshot /tmp/soak-after
limit=$((steps * workers / 25))
[ "$limit" -ge 20 ] || limit=20
echo "allocation sites with more live objects:"
slab_compare /tmp/soak-before /tmp/soak-after "$limit" 512 ||
	fail "memory grew over the soak (seed $seed)"
echo "ok: soak of $workers x $steps steps, $hangs hangs recovered, no errors, no leak"
