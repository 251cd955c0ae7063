#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Runs inside the VM for tests/check: run each TEST in turn and print one
# result line per test (PASS/FAIL/SKIP NAME [LABEL]), with the output of a
# failed test indented below it. A test fails on a non-zero exit (77: skipped;
# the last line of its output says why), on timeout (R5XX_TEST_TIMEOUT, 120 s),
# or if the kernel logged a warning, BUG or oops while it ran. With a driver
# loaded, the first result is the load itself ("load DRIVER").
#
# Usage: tests/vm/group.sh LABEL TEST...
set -uo pipefail

label=$1
shift
tmo=${R5XX_TEST_TIMEOUT:-120}
out=$R5XX_SCRATCH/test.out
bad='WARNING:|BUG:|Oops|general protection fault|kernel BUG|UBSAN:|KASAN:|possible circular locking|INFO: task .* blocked|rcu_sched self-detected stall|RCU stall'

seen=0
# Kernel log lines since the last call; sets $new.
kernel_news() {
	local all
	all=$(dmesg)
	new=$(tail -n +$((seen + 1)) <<<"$all")
	seen=$(wc -l <<<"$all")
}

indent() { sed 's/^/    /'; }

kernel_news
if [ "${R5XX_DRIVER:-none}" != none ]; then
	if grep -qE "$bad" <<<"$new"; then
		echo "FAIL load $R5XX_DRIVER [$label]: kernel warnings while loading"
		indent <<<"$new" | tail -n 80
	else
		echo "PASS load $R5XX_DRIVER [$label]"
	fi
fi

for t; do
	if [ -x "$t" ]; then
		timeout -k 5 "$tmo" "$t" >"$out" 2>&1 </dev/null
	else
		timeout -k 5 "$tmo" bash "$t" >"$out" 2>&1 </dev/null
	fi
	rc=$?
	kernel_news
	if [ "$rc" = 77 ]; then
		echo "SKIP $t [$label]: $(tail -n1 "$out")"
	elif [ "$rc" = 0 ] && ! grep -qE "$bad" <<<"$new"; then
		echo "PASS $t [$label]"
	else
		case $rc in
		0) why="kernel warnings" ;;
		124|137) why="timeout after ${tmo}s" ;;
		*) why="exit $rc" ;;
		esac
		echo "FAIL $t [$label]: $why"
		tail -n 60 "$out" | indent
		if [ -n "$new" ]; then
			echo "    --- kernel log during the test"
			tail -n 60 <<<"$new" | indent
		fi
	fi
done
exit 0
