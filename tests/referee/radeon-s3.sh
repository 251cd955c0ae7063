#!/bin/bash
# vm-chips: rv515 rv350
# Referee test (in the VM, Debian's radeon.ko): radeon's own suspend and
# resume (its dev_pm_ops, through build/referee/pmcycle.ko: radeon's
# suspend puts the GPU in D3hot itself, its resume brings it back to D0)
# on the model with -global r5xx.pm=on, which turns D3hot -> D0 into a cold,
# unposted board (no engine clock: the CP fetches nothing until the PLLs are
# programmed; CONFIG_MEMSIZE 0; no MC). radeon's resume re-posts it with
# the video BIOS's ASIC_Init (rv515_resume -> atom_asic_init; on rv350,
# r300_resume -> radeon_combios_asic_init runs the COMBIOS init tables of
# the model's ROM, rv350-board.toml) and must come
# back with its ring and IB tests passing (one more "ring test succeeded"
# and "ib test succeeded" in dmesg) and its console on head 0 pixel for
# pixel as before. A system suspend of the VM cannot be used: see
# Documentation/r5xx.rst, "Suspend and resume". About 20 s.
# vm-qemu-args: -global r5xx.pm=on
# radeon's rv515_resume disables the GART its suspend already unpinned
# (rv370_pcie_gart_disable twice), and ttm warns once of the double unpin:
# radeon's own, on real boards too. On rv350 (INTx through an ACPI GSI, no
# MSI) radeon's suspend disables the PCI device with its IRQ still
# requested, and the GSI's unmapping warns of the non-empty irq/N proc
# directory: pmcycle calls the callbacks outside the PM core, whose
# prepared state would keep acpi_pci_irq_disable from unmapping it.
# vm-allowed-warning: at drivers/gpu/drm/ttm/ttm_bo\.c:[0-9]+ ttm_bo_unpin\+|at fs/proc/generic\.c:[0-9]+ remove_proc_entry\+
set -uo pipefail

fail() {
	echo "FAIL: $*"
	dmesg | tail -n 40
	exit 1
}

ko=build/referee/pmcycle.ko
[ -f "$ko" ] || fail "no $ko (tests/referee/build.test builds it)"
gpu=$(basename "$(ls -d /sys/bus/pci/drivers/radeon/0000:* 2>/dev/null | head -n1)")
[ -n "$gpu" ] || fail "radeon is not bound to the GPU"
insmod "$ko" || fail "insmod $ko"
trap 'rmmod pmcycle 2>/dev/null' EXIT

stable() { # NAME: screendumps of head 0 until two in a row are the same
	local _
	tests/vm/qmp screendump "$R5XX_SCRATCH/$1.ppm" 0 >/dev/null || fail "screendump"
	for _ in $(seq 50); do
		cp "$R5XX_SCRATCH/$1.ppm" "$R5XX_SCRATCH/$1.prev"
		sleep 0.2
		tests/vm/qmp screendump "$R5XX_SCRATCH/$1.ppm" 0 >/dev/null || fail "screendump"
		cmp -s "$R5XX_SCRATCH/$1.ppm" "$R5XX_SCRATCH/$1.prev" && return 0
	done
	fail "head 0 never settled"
}
size() { sed -n 2p "$R5XX_SCRATCH/$1.ppm"; }
count() { dmesg | grep -c "$1"; }

echo 0 >/sys/class/graphics/fbcon/cursor_blink
printf '\033[2J\033[H\033[?25lradeon.ko: suspend to RAM and resume\n' >/dev/tty1
stable before
[ "$(size before)" = "1024 768" ] || fail "console at $(size before), not 1024x768"
rings=$(count "ring test succeeded")
ibs=$(count "ib test succeeded")

echo "$gpu" >/sys/kernel/debug/pmcycle/cycle || fail "radeon's suspend and resume failed"
# counts, not grep -q: that could leave dmesg a SIGPIPE, a failure under
# pipefail
[ "$(count "$gpu: pmcycle: suspended (the driver saved its state, D3hot)")" -eq 1 ] ||
	fail "radeon did not put the GPU in D3hot"
[ "$(count "ring test succeeded")" -eq $((rings + 1)) ] ||
	fail "ring tests passed $rings -> $(count "ring test succeeded"), want one more"
[ "$(count "ib test succeeded")" -eq $((ibs + 1)) ] ||
	fail "IB tests passed $ibs -> $(count "ib test succeeded"), want one more"
dmesg | grep -iE "radeon.*(fail|error|lockup|timeout)|GPU reset" && fail "radeon complained"
stable after
cmp -s "$R5XX_SCRATCH/before.ppm" "$R5XX_SCRATCH/after.ppm" ||
	fail "after resume head 0 ($(size after)) differs from before"
echo "ok: radeon.ko resumed the cold $R5XX_CHIP: ring and IB tests passed, the console pixel for pixel as before"
