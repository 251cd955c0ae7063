# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Sourced by the driver's VM tests (tests/driver/*.sh): find the driver's
# debugfs directory, reload the module with parameters, read the register
# list, check the kernel log.

. tests/lib/slab.sh

ko=${R5XX_KO:-$PWD/r5xx.ko}	# tests/vm/run: the module built for this kernel
# what tests/vm/group.sh counts as a kernel problem: lockdep's report titles,
# not the word (the debug kernel says "RCU lockdep checking is enabled")
bad_re='WARNING:|BUG:|BUG [^ ]+ \([^)]*\): |Oops|general protection fault|kernel BUG|UBSAN:|KASAN|possible circular locking|possible recursive locking|inconsistent lock state|suspicious RCU usage|bad unlock balance|lock held when returning|sleeping function called from invalid context|ODEBUG|INFO: task .* blocked|RCU stall|self-detected stall'

fail() {
	echo "FAIL: $*"
	exit 1
}

skip() {
	echo "$*"
	exit 77
}

# The upper-case family name the driver prints for $R5XX_CHIP.
chip_name() {
	tr '[:lower:]' '[:upper:]' <<<"${R5XX_CHIP:-rv380}"
}

# The debugfs directory of the r5xx DRM device (primary minor).
r5xx_dir() {
	local d
	for d in /sys/kernel/debug/dri/[0-9]*; do
		if [ -e "$d/name" ] && grep -q '^radeon ' "$d/name"; then
			echo "$d"
			return 0
		fi
	done
	return 1
}

# A register offset from the generated header: reg MODEL_DEBUG -> 0x5f08.
reg() {
	awk -v n="R5XX_$1" '$1 == "#define" && $2 == n { print $3 }' r5xx_regs.h
}

# 32-bit MMIO access through the driver's r5xx_mmio debugfs file.
mmio_read() { # OFFSET
	python3 - "$(r5xx_dir)/r5xx_mmio" "$1" <<'PY'
import os, struct, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
print("0x%08x" % struct.unpack("<I", os.pread(fd, 4, int(sys.argv[2], 0)))[0])
PY
}

mmio_write() { # OFFSET VALUE
	python3 - "$(r5xx_dir)/r5xx_mmio" "$1" "$2" <<'PY'
import os, struct, sys
fd = os.open(sys.argv[1], os.O_WRONLY)
os.pwrite(fd, struct.pack("<I", int(sys.argv[3], 0)), int(sys.argv[2], 0))
PY
}

# Kernel log lines since the last call (first call: everything), by their
# timestamps: once the kernel's log buffer is full its line count stops
# growing, so counting lines would see nothing new (a 200-cycle reload.sh
# found 88 of its IB tests).
log_last=-1
log_news() {
	local all
	all=$(dmesg)
	# a line without a timestamp goes with the one before it
	awk -v t="$log_last" '/^\[ *[0-9.]+\]/ { s = $0; sub(/^\[ */, "", s)
		sub(/\].*/, "", s); keep = s + 0 > t + 0 } keep' <<<"$all"
	log_last=$(tail -n 1 <<<"$all" | sed -E 's/^\[ *([0-9.]+)\].*/\1/')
	[[ $log_last =~ ^[0-9.]+$ ]] || log_last=-1
}

# Fail if the kernel log since the last log_news has problems.
check_log_clean() {
	local new
	new=$(log_news)
	if grep -qE "$bad_re" <<<"$new"; then
		grep -E "$bad_re" <<<"$new" | head -n 20
		fail "kernel warnings: $1"
	fi
}

# Load r5xx.ko again with module parameters.
reload() { # PARAM...
	if lsmod | grep -q '^r5xx '; then
		rmmod r5xx || fail "rmmod r5xx"
	fi
	insmod "$ko" "$@" || fail "insmod r5xx.ko $*"
	r5xx_dir >/dev/null || fail "no r5xx debugfs directory after insmod $*"
}

# One value of the last fence test report: field NAME.
fence_field() { # NAME
	awk -v k="$1" '$1 == k { print $2 }' "$(r5xx_dir)/r5xx_fence_test"
}

# Submit N jobs through debugfs; prints the report.
fence_test() { # N
	local d
	d=$(r5xx_dir) || fail "no r5xx debugfs directory"
	echo "$1" >"$d/r5xx_fence_test" || fail "writing $1 to r5xx_fence_test"
	cat "$d/r5xx_fence_test"
}

# Number of interrupts /proc/interrupts counted for r5xx.
proc_irqs() {
	awk '/ r5xx$/ { n = 0; for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) n += $i; else break; s += n } END { print s + 0 }' /proc/interrupts
}

# The driver's self-tests after a (re)load, through debugfs: the microcode
# loaded, and the ring and IB tests pass again. WHAT names the step.
self_tests_ok() { # WHAT
	local d
	d=$(r5xx_dir) || fail "$1: no r5xx debugfs directory"
	grep -q ': ok$' "$d/r5xx_microcode" || fail "$1: microcode"
	echo 1 >"$d/r5xx_self_test" || fail "$1: self-tests: $(cat "$d/r5xx_self_test")"
	grep -q '^IB test passed' "$d/r5xx_self_test" || fail "$1: IB test"
}

# The IGP tests' reloads (tests/igp/uma.sh, rs600-mc.sh): the test's CHECK
# function, given what was done, after the first load, after a reload and
# after a reload with MSI forced on, where two self-tests must bring an
# interrupt each (without the chip's MSI re-arm only the first comes); then
# one more reload, and a kernel log without problems.
reload_msi_checks() { # CHECK
	local irqs0 irqs1
	"$1" "first load"
	reload
	"$1" "reload"
	reload msi=1
	grep -q 'IRQ MSI' <<<"$(log_news)" || fail "msi=1: the driver did not take MSI"
	irqs0=$(proc_irqs)
	"$1" "reload with MSI"
	echo 1 >"$(r5xx_dir)/r5xx_self_test" || fail "MSI: second self-test"
	irqs1=$(proc_irqs)
	[ $((irqs1 - irqs0)) -ge 2 ] || fail "MSI: $((irqs1 - irqs0)) interrupts for two self-tests"
	echo "ok: MSI re-armed, $((irqs1 - irqs0)) interrupts"
	reload
	check_log_clean "reloads"
}

# Load and unload r5xx.ko N times, running a few jobs each time.
reload_cycles() { # N
	local i d
	for i in $(seq "$1"); do
		insmod "$ko" || fail "insmod, cycle $i"
		d=$(r5xx_dir) || fail "no debugfs directory, cycle $i"
		echo 4 >"$d/r5xx_fence_test" || fail "fence test, cycle $i"
		[ "$(fence_field completed)" = 4 ] || fail "jobs failed, cycle $i"
		rmmod r5xx || fail "rmmod, cycle $i"
	done
}

# Kernel log lines since the last log_news that are neither a GPU reset's
# own messages (hang report, soft reset, ring and IB tests, success) nor
# the scheduler's about a timed-out job; prints them. Fails (returns 1) on
# those, on a failed reset and on kernel problems ($bad_re). Sets
# log_resets to the number of successful resets.
log_resets=0
check_log_resets() {
	local new other
	new=$(log_news)
	log_resets=$(grep -c "GPU reset succeeded" <<<"$new")
	if grep -E "GPU reset failed|$bad_re" <<<"$new"; then
		return 1
	fi
	other=$(grep -vE "\] \*ERROR\* CP hang: fence|soft reset, RBBM_STATUS|GPU reset succeeded|ring test passed|IB test passed|r5xx-cp.*(timed out|timedout)" <<<"$new" | grep -E "r5xx|drm" || true)
	[ -z "$other" ] && return 0
	echo "$other"
	return 1
}
