#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Runs inside the VM for tests/check: run each TEST in turn and print one
# result line per test (PASS/FAIL/SKIP NAME [LABEL]), with the output of a
# failed test indented below it. A test fails on a non-zero exit (77: skipped;
# the last line of its output says why), on timeout (R5XX_TEST_TIMEOUT, 120 s;
# N times that for a test with "# vm-timeout-units: N"), or if the kernel
# logged a warning, BUG or oops while it ran. With a driver
# loaded, the first result is the load itself ("load DRIVER"), which for
# r5xx also fails on any warning or error line of its device.
# On the debug kernel (R5XX_KERNEL=debug, make check-debug) two results end
# the boot: "dmesg", any report in the whole kernel log (boot included), and
# "kmemleak", what a kmemleak scan finds after the tests (r5xx.ko unloaded
# first, so that what it leaks on the way out counts too).
#
# Usage: tests/vm/group.sh LABEL TEST...
set -uo pipefail

label=$1
shift
tmo=${R5XX_TEST_TIMEOUT:-120}
out=$R5XX_SCRATCH/test.out
# The debug kernel's reports too: lockdep's, debugobjects' (ODEBUG),
# might_sleep()'s (DEBUG_ATOMIC_SLEEP); and SLUB's checks under slub_debug
# ("BUG kmalloc-64 (Tainted: ...): Poison overwritten"), which have no colon
# after BUG.
bad='WARNING:|BUG:|BUG [^ ]+ \([^)]*\): |Oops|general protection fault|kernel BUG|UBSAN:|KASAN|possible circular locking|inconsistent lock state|possible recursive locking|sleeping function called from invalid context|ODEBUG|INFO: task .* blocked|rcu_sched self-detected stall|RCU stall'

# A test that does the work of several ordinary ones says so with a
# "# vm-timeout-units: N" line near its top: its timeout is N times
# R5XX_TEST_TIMEOUT (tests/check sizes the boot's timeout the same way).
test_timeout_units() { # TEST
	local n
	n=$(head -n 30 "$1" | sed -n 's/^# vm-timeout-units: *\([0-9][0-9]*\).*/\1/p')
	echo "${n:-1}"
}

# A test that must live with a known warning of someone else's code (an
# upstream driver's) names it with a "# vm-allowed-warning: ERE" line near
# its top: WARNING: lines matching ERE do not fail it; any other does.
allowed_warning() { # TEST
	head -n 30 "$1" | sed -n 's/^# vm-allowed-warning: *//p'
}

seen=0
# Kernel log lines since the last call; sets $new.
kernel_news() {
	local all
	all=$(dmesg)
	new=$(tail -n +$((seen + 1)) <<<"$all")
	seen=$(wc -l <<<"$all")
}

indent() { sed 's/^/    /'; }

# r5xx's own complaints at load: a line of its device at warning level or
# worse (drm_warn(), drm_err(), dev_warn()), such as the DRM core's checks
# of a driver (drm_mode_config_validate()) print; a clean load has none on
# every kernel. The module's own taint notices ("r5xx: loading out-of-tree
# module") name no device.
r5xx_warnings() {
	[ "${R5XX_DRIVER:-none}" = r5xx ] || return 0
	dmesg --level=emerg,alert,crit,err,warn |
		grep -E '^(\[ *[0-9.]+\] )?r5xx [0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]: '
}

kernel_news
if [ "${R5XX_DRIVER:-none}" != none ]; then
	warned=$(r5xx_warnings)
	if grep -qE "$bad" <<<"$new"; then
		echo "FAIL load $R5XX_DRIVER [$label]: kernel warnings while loading"
		indent <<<"$new" | tail -n 80
	elif [ -n "$warned" ]; then
		echo "FAIL load $R5XX_DRIVER [$label]: r5xx warned while loading"
		indent <<<"$warned" | tail -n 40
	else
		echo "PASS load $R5XX_DRIVER [$label]"
	fi
fi

for t; do
	t_tmo=$((tmo * $(test_timeout_units "$t")))
	# for tests/vm/run, should the kernel oops: which test ran into it
	echo "$t" >"$R5XX_SCRATCH/running"
	if [ -x "$t" ]; then
		timeout -k 5 "$t_tmo" "$t" >"$out" 2>&1 </dev/null
	else
		timeout -k 5 "$t_tmo" bash "$t" >"$out" 2>&1 </dev/null
	fi
	rc=$?
	rm -f "$R5XX_SCRATCH/running"
	kernel_news
	judged=$new
	allowed=$(allowed_warning "$t")
	[ -z "$allowed" ] || judged=$(grep -vE "WARNING: .*($allowed)" <<<"$new")
	if [ "$rc" = 77 ]; then
		echo "SKIP $t [$label]: $(tail -n1 "$out")"
	elif [ "$rc" = 0 ] && ! grep -qE "$bad" <<<"$judged"; then
		echo "PASS $t [$label]"
	else
		case $rc in
		0) why="kernel warnings" ;;
		124|137) why="timeout after ${t_tmo}s" ;;
		*) why="exit $rc" ;;
		esac
		# The test's own verdict first, then its output without the
		# checks that passed, so the reason is in the first lines.
		reason=$(grep '^FAIL: ' "$out" | tail -n 1)
		echo "FAIL $t [$label]: $why${reason:+ (${reason#FAIL: })}"
		grep -v '^ok:' "$out" | tail -n 60 | indent
		if [ -n "$new" ]; then
			echo "    --- kernel log during the test"
			tail -n 60 <<<"$new" | indent
		fi
	fi
done

[ "${R5XX_KERNEL:-}" = debug ] || exit 0

# kmemleak reports objects unreferenced for 5 s or more, and only those a
# second scan confirms.
leak=/sys/kernel/debug/kmemleak
# a file of its own: the last test's output stays (R5XX_KEEP_SCRATCH=1)
kout=$R5XX_SCRATCH/kmemleak.out
if [ ! -w "$leak" ]; then
	echo "FAIL kmemleak [$label]: no $leak (not the debug kernel, or kmemleak is off)"
else
	why=
	if grep -q '^r5xx ' /proc/modules && ! rmmod r5xx 2>"$kout"; then
		why="rmmod r5xx failed: $(cat "$kout")"
	fi
	sleep 6
	# a scan fails if kmemleak turned itself off (e.g. out of metadata)
	if ! { echo scan >"$leak" && echo scan >"$leak"; } 2>"$kout"; then
		why="${why:+$why; }kmemleak scan failed: $(cat "$kout"; dmesg | grep -m3 kmemleak)"
	elif cat "$leak" >"$kout" && [ -s "$kout" ]; then
		why="${why:+$why; }$(grep -c '^unreferenced object' "$kout") suspected leaks"
	fi
	if [ -z "$why" ]; then
		echo "PASS kmemleak [$label]"
	else
		echo "FAIL kmemleak [$label]: $why"
		head -n 200 "$kout" | indent
	fi
fi

reports=$(dmesg | grep -E "$bad")
if [ -z "$reports" ]; then
	echo "PASS dmesg [$label]"
else
	echo "FAIL dmesg [$label]: $(wc -l <<<"$reports") report lines in the kernel log"
	head -n 40 <<<"$reports" | indent
fi
exit 0
