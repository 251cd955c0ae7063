#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv380 rv515 rv350 r420
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# Driver test: fences of jobs submitted through the scheduler (debugfs
# r5xx_fence_test) are signalled by the interrupt handler: every hardware
# fence counts as signalled from the handler, none by polling, and both the
# driver's and the kernel's interrupt counters move. Run with the family's
# default interrupt (MSI on RV380, INTx on RV515), forced INTx, forced MSI
# and with writeback off (read pointer and fence sequence number read over
# MMIO). The AGP cards (rv350, r420) have no MSI capability: forced MSI
# falls back to INTx there.
set -uo pipefail
. tests/driver/lib.sh

# the GPU function has an MSI capability (ID 5) in its capability list
has_msi() {
	local cfg ptr n=0
	cfg=$(dirname "$(grep -l '^0x1002$' /sys/bus/pci/devices/*/vendor | head -n 1)")/config
	byte() { od -An -tu1 -j "$1" -N1 "$cfg" | tr -d ' '; }
	ptr=$(byte 52)
	while [ "${ptr:-0}" -ne 0 ] && [ $((n += 1)) -le 48 ]; do
		[ "$(byte "$ptr")" = 5 ] && return 0
		ptr=$(byte $((ptr + 1)))
	done
	return 1
}

n=64
run() { # PARAM...
	local d type want irq0 irq1 handled0 handled1
	reload "$@"
	d=$(r5xx_dir)
	type=$(awk '$1 == "type:" { print $2 }' "$d/r5xx_irq")
	case " $* " in
	*" msi=0 "*) want=INTx ;;
	*" msi=1 "*) if has_msi; then want=MSI; else want=INTx; fi ;;
	*) want=$type ;;
	esac
	[ "$type" = "$want" ] || fail "[$*] interrupt type $type, want $want"

	irq0=$(proc_irqs)
	handled0=$(awk '$1 == "handled:" { print $2 }' "$d/r5xx_irq")
	fence_test $n | sed "s/^/[$* $type] /"
	irq1=$(proc_irqs)
	handled1=$(awk '$1 == "handled:" { print $2 }' "$d/r5xx_irq")

	[ "$(fence_field submitted)" = $n ] || fail "[$*] not all $n jobs submitted"
	[ "$(fence_field completed)" = $n ] || fail "[$*] not all $n jobs completed"
	[ "$(fence_field by_irq)" = $n ] || fail "[$*] $(fence_field by_irq) of $n fences signalled by the interrupt"
	[ "$(fence_field by_poll)" = 0 ] || fail "[$*] fences signalled by polling"
	[ "$(fence_field irqs)" -ge 1 ] || fail "[$*] no software interrupt counted"
	[ "$(fence_field scratch)" = $n ] || fail "[$*] last job's scratch value $(fence_field scratch)"
	[ "$handled1" -gt "$handled0" ] || fail "[$*] the handler counted no interrupt"
	[ "$irq1" -gt "$irq0" ] || fail "[$*] /proc/interrupts counted no r5xx interrupt"
	echo "[$* $type] /proc/interrupts +$((irq1 - irq0)), handler +$((handled1 - handled0))"
	check_log_clean "fence test [$*]"
}

log_news >/dev/null
run
run msi=0
run msi=1
run writeback=0
grep -q 'writeback off' <<<"$(dmesg | tail -n 20)" || fail "writeback=0 did not switch writeback off"
reload
echo "ok: $n fences signalled by the interrupt in every mode"
