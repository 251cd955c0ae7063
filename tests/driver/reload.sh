#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Driver test: load/unload cycles (each with a few jobs) pass the self-tests
# without kernel warnings and leak nothing. `make check` runs the short
# form, 20 measured cycles (about 40 s of a busy host's time); `make soak`
# the long one, R5XX_RELOAD_CYCLES=1000.
#
# vm-kernel-args: slub_debug=U
# vm-timeout-units: 3
# vm-kernels: bookworm trixie:rv380 bookworm-backports:rv380 trixie-backports:rv515
#
# Kernels (and tests/uapi/matrix.sh's, which shares these boots): each chip
# and each kernel at least once in make check: both chips on bookworm,
# rv380 on trixie (with fuzz.sh and soak.sh) and bookworm-backports (its
# scheduler API is not trixie's), rv515 on trixie-backports. The other
# pairs run under make check-all.
#
# Time: 30 cycles of a few seconds each on a loaded host (up to 5 s seen
# under TCG with a host load of 9) and two snapshots that wait up to 20 s
# each for the counts to settle: about three ordinary tests' worth.
#
# Leak check, after 10 warm-up cycles, from snapshots taken after dropping
# the page cache and waiting until the counts stop moving (fences are freed
# after an RCU grace period); the kernel records the allocation site of every
# slab object (slub_debug=U):
# - no allocation site may gain half as many live objects as there were
#   cycles (10 for the short form): one object leaked per cycle adds one
#   per cycle at its site, while sites that follow file system activity
#   (dentries, 9p fids) move by a few;
# - unreclaimable slab in total may grow by at most 128 KiB; a leaked
#   r5xx_device alone is 10 KiB per cycle, 200 KiB over the short form;
# - free memory (free_kib: MemFree and the pages on the per-CPU lists, which
#   6.12 lets grow by tens of MiB) may shrink by at most 4 MiB: each load
#   takes about 1.1 MiB of coherent DMA memory (ring, IB pool, writeback
#   and dummy pages), 22 MiB over 20 cycles if it leaked. On 6.12 it moved
#   by 2.1 MiB over 20 cycles with no allocation site growing (kernel page
#   tables and per-CPU caches the kernel keeps), so 2 MiB was too tight.
set -uo pipefail
. tests/driver/lib.sh

cycles=${R5XX_RELOAD_CYCLES:-20}
# Debian's 7.3.4 TTM leaks on every first ttm_device_init(): its
# ttm_pool_type_fini() never calls list_lru_destroy() on what
# ttm_pool_type_init() set up (drivers/gpu/drm/ttm/ttm_pool.c of
# linux-source-7.3 7.3.4-1~bpo13+1), so each load of any TTM driver leaves
# 44 list_lru node arrays, 10 KiB (880 objects and 200 KiB over 20 cycles,
# all from ttm_global_init(), seen with a kprobe). r5xx calls no list_lru
# function: that site is left out there, and unreclaimable slab may grow
# by 12 KiB a cycle more (Documentation/kernels.rst).
slab_kib=128
case $(uname -r) in
7.3.*)
	slab_sites_ignored+='|__list_lru_init'
	slab_kib=$((128 + 12 * cycles))
	;;
esac
# leave the driver loaded for the tests after this one, pass or fail
trap 'grep -q "^r5xx " /proc/modules || insmod "$ko"' EXIT

rmmod r5xx || fail "rmmod r5xx"
log_news >/dev/null
reload_cycles 10
slab_snapshot /tmp/before
log_news >/dev/null
# the kernel log is read every 50 cycles (about 60 KiB of it), before its
# buffer (128 KiB) wraps
passed=0
start=$SECONDS
for ((done = 0; done < cycles; done += n)); do
	n=$((cycles - done < 50 ? cycles - done : 50))
	reload_cycles "$n"
	log_news >/tmp/reload-log	# not in a subshell: it keeps its place
	new=$(</tmp/reload-log)
	passed=$((passed + $(grep -c "IB test passed" <<<"$new")))
	if grep -E "$bad_re" <<<"$new"; then
		fail "kernel warnings while cycling"
	fi
done
echo "$cycles cycles in $((SECONDS - start)) s"
slab_snapshot /tmp/after
[ "$passed" = "$cycles" ] || fail "$passed of $cycles loads passed the IB test"

echo "allocation sites with more live objects:"
slab_compare /tmp/before /tmp/after $((cycles / 2)) "$slab_kib" ||
	fail "memory grew over $cycles load/unload cycles"
# free memory is no leak evidence under KASAN (tests/lib/slab.sh)
join /tmp/before /tmp/after | awk -v totals="$slab_totals_checked" '
	$1 == "Free:" && !totals { printf "  free memory %+d KiB (not checked: KASAN)\n", $3 - $2 }
	$1 == "Free:" && totals { printf "  free memory %+d KiB (limit -4096)\n", $3 - $2; if ($2 - $3 > 4096) bad = 1 }
	END { exit bad }' || fail "free memory shrank over $cycles load/unload cycles"
echo "ok: $cycles load/unload cycles, no warnings, no leak"
