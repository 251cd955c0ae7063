# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Sourced by VM tests that check for leaks (tests/driver/reload.sh,
# tests/uapi/matrix.sh): live slab objects per allocation site and free
# memory, before and after some work. The sourcing script defines fail().

# On the debug kernel (scripts/debug-kernel.sh) KASAN's quarantine holds
# freed objects back, up to 1/32 of memory, and the slab counts them as
# live until the cache is shrunk: slab_snapshot shrinks every cache first
# there (slab_kasan). The totals (unreclaimable slab, free memory) are no
# leak evidence there, as they grow with any work: kmemleak finds leaks
# instead (tests/vm/group.sh), and only the per-site counts are checked.
slab_totals_checked=1
slab_kasan=0
case $(uname -r) in
*-r5xx-debug)
	slab_totals_checked=0
	slab_kasan=1
	;;
esac

# Allocation sites whose counts are no leak evidence, left out:
# - alloc_vmap_area, the descriptor of every vmalloc area: freed areas keep
#   theirs until the kernel purges them lazily, and exiting tasks free their
#   vmalloc'ed stacks late (it moved by 4 over the matrix's rounds with
#   nothing leaking). Live areas are counted per caller instead, from
#   /proc/vmallocinfo, which lists the lazily freed ones as "unpurged".
# - the memory maps of live processes (VMAs, anon_vmas, maple tree nodes):
#   the shell running the test maps and unmaps as its variables grow (17
#   VMAs between two snapshots seen). They die with their process; one a
#   driver kept alive would hold its mm_struct too (dup_mm, still counted).
#   Their page tables' locks too (ptlock_alloc, only where a spinlock does
#   not fit in struct page: the debug kernel's lockdep; +131 over 20 probes
#   of firmware.sh there, freed after RCU grace periods).
#   On the debug kernel they move further still (alloc_vmap_area with
#   KASAN's vmalloc shadow: +17 to +41; the maple tree of the test
#   programs' VMAs: +24 over soak.sh, +36 over fuzz.sh).
slab_sites_ignored='alloc_vmap_area|vm_area_alloc|vm_area_dup|mas_alloc_nodes|mas_dup_build[.a-z0-9]*|anon_vma_alloc|anon_vma_chain_alloc|anon_vma_clone|anon_vma_fork|__anon_vma_prepare|ptlock_alloc'
# - the same maple tree nodes as 7.x allocates them: preallocated for a
#   store (mas_preallocate, mas_store_gfp) from the node cache's sheaves
#   (kmem_cache_prefill_sheaf). On 7.3.4 they moved in 1 of 3 reload.sh
#   runs on rv515 with the module of before and after a change that
#   touched no memory map (maple tree sites only).
slab_sites_ignored+='|mas_preallocate|mas_store_gfp|kmem_cache_prefill_sheaf'
# - DAMON's regions (damon_new_region): Debian's 7.3 runs the kernel's data
#   access monitor, which splits and merges the regions it watches as it
#   pleases (+17 to +21 over reload.sh and matrix.sh on 7.3.4, whatever
#   the driver does; r5xx calls no DAMON function).
slab_sites_ignored+='|damon_new_region'
# - on the debug kernel, what the snapshot's own opens of the sysfs and
#   debugfs files (shrink, alloc_traces) allocate: freed into KASAN's
#   quarantine after slab_shrink_all() emptied it, those objects count as
#   live by a different number in each snapshot (kernfs_fop_open +34 to
#   +270, slab_debug_trace_open, __seq_open_private and full_proxy_open
#   about +50, in 5 of the slub_debug=U tests; the read buffers of
#   seq_read_iter +53 in firmware.sh; no module site among them).
#   kmemleak is the leak check there.
if [ "$slab_kasan" = 1 ]; then
	slab_sites_ignored+='|kernfs_fop_open|slab_debug_trace_open|__seq_open_private|full_proxy_open|seq_read_iter'
fi

# Live slab objects per allocation site (but slab_sites_ignored) and live
# vmalloc areas per caller, after dropping caches, then unreclaimable
# slab in total and free memory. Needs the kernel booted with
# slub_debug=U, which records the call site of every object
# (/sys/kernel/debug/slab/CACHE/alloc_traces) and keeps no per-CPU slabs
# whose free objects would count as in use.
slab_snapshot() { # FILE
	local i prev= cur f traces filp=/sys/kernel/debug/slab/filp/alloc_traces
	ls /sys/kernel/debug/slab/*/alloc_traces >/dev/null 2>&1 ||
		fail "no slab allocation traces: boot with slub_debug=U"
	sync
	echo 3 >/proc/sys/vm/drop_caches
	# Fences and scheduler fences are freed after an RCU grace period,
	# which can take seconds under TCG: read until the counts of the
	# modules' own sites ("func+off/size [module]", or a bare address once
	# the module is gone) stop moving (at most 20 s; file system sites
	# never settle while anything runs).
	# The filp cache first: 6.1 frees struct file after an RCU grace
	# period, so each trace file this pass has opened and closed before
	# it would count as a live file (18 more in one snapshot than in the
	# other, seen).
	traces=()
	[ ! -e "$filp" ] || traces=("$filp")
	for f in /sys/kernel/debug/slab/*/alloc_traces; do
		[ "$f" = "$filp" ] || traces+=("$f")
	done
	for i in $(seq 20); do
		sleep 1
		[ "$slab_kasan" = 0 ] || slab_shrink_all
		# one process reads and counts: in a pipeline, the other
		# members may be between fork and exec while it reads, each
		# with a copy of the shell's memory map
		cur=$(awk '
			FILENAME == "/proc/vmallocinfo" {
				if ($3 == "unpurged" || $3 == "vm_map_ram") next
				site = "vmalloc:" $3
				if ($4 ~ /^\[/) site = site $4
				n[site]++
				next
			}
			$1 ~ /^[0-9]+$/ && $2 !~ "^(" ignore ")\\+" {
				site = $2
				if ($3 ~ /^\[/) site = site $3
				n[site] += $1
			}
			END { for (s in n) print s, n[s] }' ignore="$slab_sites_ignored" \
			"${traces[@]}" /proc/vmallocinfo 2>/dev/null)
		cur=$(sort <<<"$cur")
		[ "$(grep -E '\[|^0x' <<<"$cur")" = "$prev" ] && break
		prev=$(grep -E '\[|^0x' <<<"$cur")
	done
	{
		echo "$cur"
		awk '/^SUnreclaim:/ { print $1, $2 }' /proc/meminfo
		echo "Free: $(free_kib)"
	} | sort >"$1"
}

# Shrink every slab cache, which on a KASAN kernel frees the objects its
# quarantine holds back (kmem_cache_shrink() empties the cache's share of
# the quarantine first).
slab_shrink_all() {
	local c
	for c in /sys/kernel/slab/*/shrink; do
		echo 1 >"$c"
	done 2>/dev/null
}

# Compare two slab_snapshot files: print the allocation sites that gained
# live objects and unreclaimable slab's change; fail (return 1) if a site
# gained LIMIT objects or more, or unreclaimable slab grew by over SLAB_KIB
# (default 128 KiB: a slab's worth of pages moves by 68 KiB on 6.12 with
# nothing leaking; after 10^5 allocations of mixed sizes, slabs left partly
# used move it further, see tests/driver/soak.sh).
slab_compare() { # BEFORE AFTER LIMIT [SLAB_KIB]
	join -a 2 -e 0 -o 0,1.2,2.2 "$1" "$2" | awk -v limit="$3" -v kib="${4:-128}" \
		-v totals="$slab_totals_checked" '
		$1 !~ /:$/ && $3 > $2 {
			printf "  %s +%d (limit %d)\n", $1, $3 - $2, limit - 1
			if ($3 - $2 >= limit) bad = 1
		}
		$1 == "SUnreclaim:" {
			if (!totals) {
				printf "  SUnreclaim %+d KiB (not checked: KASAN)\n", $3 - $2
				next
			}
			printf "  SUnreclaim %+d KiB (limit %d)\n", $3 - $2, kib
			if ($3 - $2 > kib) bad = 1
		}
		END { exit bad }'
}

# Free memory in KiB after dropping caches: MemFree plus the free pages the
# per-CPU page lists hold, which MemFree leaves out (6.12 lets those lists
# grow to several MiB while pages are freed in bulk).
free_kib() {
	local pcp
	sync
	echo 3 >/proc/sys/vm/drop_caches
	pcp=$(awk '$1 == "count:" { n += $2 } END { print n + 0 }' /proc/zoneinfo)
	awk -v pcp="$pcp" '/^MemFree:/ { print $2 + pcp * 4 }' /proc/meminfo
}
