#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv380 rv515 rs480 rs690 r580 rv350 r420 rs600
# vm-kernels: bookworm trixie:rv380,rv515
# vm-driver: radeon
# Cross-check of the model against a driver we did not write: Debian's
# radeon.ko binds the RV380, RV515, RS480, RS690, RS600, R580, RV350 and
# R420 models and passes its CP ring and IB tests.  On RV515 it needs the
# ATOM BIOS (the model's ROM, generated from rv515-board.toml) and reads its
# connectors from it.  On RS480 (an IGP on the host bus) it places VRAM at
# the UMA block NB_TOM gives and runs its IGP GART.  On R580 (its own ROM,
# r580-board.toml) it also finds the model's four quad pipes
# (r420_pipes_init reads GB_PIPE_SELECT), runs on MSI, and waits for the
# R520 MC map's idle bit without complaint.  On RS600 (an IGP, its own ROM,
# rs600-board.toml) it places VRAM at the UMA block the RS600 MC's
# FB_LOCATION gives and runs the RS600 page tables, their table in VRAM.
# On RS690 (an IGP with an ATOM ROM, rs690-board.toml) it reads the MC's FB
# location through the RS690 MC index space, places VRAM at that UMA block,
# runs the IGP GART through the same space, reads IntegratedSystemInfo (no
# "No integrated system info" error), and runs on MSI, re-armed through
# BUS_CNTL.  The AGP cards rv350 and r420: radeon forces them to PCI mode
# and runs them on the PCI GART, its table in system memory.  The rv350
# carries a COMBIOS ROM (rv350-board.toml): radeon takes its connectors and
# clocks from the ROM's tables, not its generic defaults, and finds the
# outputs its generic table gives (VGA, DVI-I, S-video).
set -euo pipefail
# the GPU: behind a root port, on the host bus (IGPs), or behind a PCI
# bridge (the AGP cards)
dev=
for p in /sys/bus/pci/drivers/radeon/0000:*; do
	[ -e "$p" ] && dev=${p##*/} && break
done
[ -n "$dev" ] && [ "$(cat "/sys/bus/pci/devices/$dev/vendor")" = 0x1002 ] ||
	{ echo "radeon did not bind the GPU"; exit 1; }
log=$(dmesg)
for t in "ring test succeeded" "ib test succeeded"; do
	grep -q "$t" <<<"$log" || { echo "no '$t' in dmesg"; grep -E 'radeon|drm' <<<"$log" | tail -n 30; exit 1; }
done
grep -q "Initialized radeon 2.50.0" <<<"$log" || { echo "radeon did not finish loading"; exit 1; }
case ${R5XX_CHIP:-} in
rv350 | r420)
	# an AGP capability and no AGP bridge: radeon's default agpmode -1
	for t in "Forcing AGP to PCI mode" "PCI GART of 512M enabled"; do
		grep -q "$t" <<<"$log" || { echo "no '$t' in dmesg"; grep -E 'radeon|drm' <<<"$log" | tail -n 30; exit 1; }
	done
	if [ "$R5XX_CHIP" = rv350 ]; then
		for t in "Connector Table:" "Using generic clock info"; do
			! grep -q "$t" <<<"$log" || { echo "'$t' in dmesg: radeon did not read the COMBIOS ROM"; exit 1; }
		done
		conns=$(grep -A 24 'Radeon Display Connectors' <<<"$log")
		for t in VGA-1 DVI-I-1 SVIDEO-1; do
			grep -q "\] *$t\$" <<<"$conns" || { echo "no $t among radeon's connectors:"; echo "$conns"; exit 1; }
		done
	fi ;;
rv515 | r580 | rs600)
	# the board description's name, connectors, encoders, DDC lines, HPD pin
	conns=$(grep -A 16 'Radeon Display Connectors' <<<"$log" | sed 's/^\[ *[0-9.]*\] //')
	want="ATOM BIOS: QEMU_R5XX_${R5XX_CHIP^^}"
	grep -q "$want" <<<"$log" || { echo "no '$want' in dmesg"; exit 1; }
	want='[drm]   VGA-1
[drm]   DDC: 0x7e40 0x7e40 0x7e44 0x7e44 0x7e48 0x7e48 0x7e4c 0x7e4c
[drm]   Encoders:
[drm]     CRT1: INTERNAL_KLDSCP_DAC1
[drm] Connector 1:
[drm]   DVI-D-1
[drm]   HPD1
[drm]   DDC: 0x7e50 0x7e50 0x7e54 0x7e54 0x7e58 0x7e58 0x7e5c 0x7e5c
[drm]   Encoders:
[drm]     DFP1: INTERNAL_KLDSCP_TMDS1'
	[[ $conns == *"$want"* ]] || { echo "radeon's connectors differ:"; echo "$conns"; exit 1; }
	;;
esac
# Each line must be in radeon's dmesg (a fixed string).
dmesg_has() {
	local want
	for want; do
		grep -qF "$want" <<<"$log" || { echo "no '$want' in dmesg"; grep -E 'radeon|drm' <<<"$log" | tail -n 30; exit 1; }
	done
}
# radeon's MC idle waits on the MC maps that have them end in time.
mc_idle() {
	if grep -qE "Wait MC idle timeout|Failed to wait MC idle" <<<"$log"; then
		echo "radeon found the MC busy"
		exit 1
	fi
}
case "${R5XX_CHIP:-}" in
r580)
	dmesg_has "radeon: 4 quad pipes, 1 z pipes initialized" "radeon: using MSI"
	mc_idle ;;
rs690)
	conns=$(grep -A 6 'Radeon Display Connectors' <<<"$log" | sed 's/^\[ *[0-9.]*\] //')
	want='[drm]   VGA-1
[drm]   DDC: 0x7e40 0x7e40 0x7e44 0x7e44 0x7e48 0x7e48 0x7e4c 0x7e4c
[drm]   Encoders:
[drm]     CRT1: INTERNAL_KLDSCP_DAC1'
	[[ $conns == *"$want"* ]] || { echo "radeon's connectors differ:"; echo "$conns"; exit 1; }
	# rs690_mc_init: VRAM at the MCCFG_FB_LOCATION base (just above the
	# guest's 1 GiB of RAM), 128 MiB; rs400_gart_enable; MSI on RS690
	dmesg_has "ATOM BIOS: QEMU_R5XX_RS690" \
		  "VRAM: 128M 0x0000000040000000 - 0x0000000047FFFFFF" \
		  "PCIE GART of 512M enabled" "radeon: 1 quad pipes" \
		  "radeon: using MSI"
	mc_idle ;;
rs600)
	# rs600_mc_init: VRAM where the MC's FB_LOCATION says, the block just
	# above the guest's 1 GiB of RAM; rs600_gart_enable; one quad pipe
	dmesg_has "VRAM: 128M 0x0000000040000000 - 0x0000000047FFFFFF" \
		  "PCIE GART of 512M enabled" "radeon: 1 quad pipes"
	mc_idle ;;
rs480)
	# rs400_mc_init: VRAM at the NB_TOM base (just above the guest's 1 GiB
	# of RAM, Documentation/qemu-model.rst), 128 MiB; rs400_gart_enable
	dmesg_has "VRAM: 128M 0x0000000040000000 - 0x0000000047FFFFFF" \
		  "PCIE GART of 512M enabled" "radeon: 1 quad pipes" ;;
esac
# Acceleration stays on, and radeon reports no error except the one a card
# without a ROM always gets (the rv380 model has none, like many PCIe boards).
if grep -Eq "disabling GPU acceleration|GPU lockup|GPU reset|ring .* test failed|ib test failed" <<<"$log"; then
	grep -E "acceleration|lockup|reset|test failed" <<<"$log"
	exit 1
fi
# On RS480 (every ID a Mobility one) radeon takes the panel from the
# registers without a ROM (radeon_legacy_get_lvds_info_from_regs), which
# gives no pixel clock: its fbdev then logs "Can't calculate constants,
# dotclock = 0!" for the LVDS CRTC.  Real boards carry a COMBIOS LVDS table.
errors=$(grep -E '\*ERROR\*|radeon [0-9a-f:.]+: .*(error|failed)' <<<"$log" |
	 grep -v "Unable to locate a BIOS ROM" |
	 { if [ "${R5XX_CHIP:-}" = rs480 ]; then grep -v "Can't calculate constants, dotclock = 0"; else cat; fi; } || true)
if [ -n "$errors" ]; then
	echo "radeon reported errors:"
	echo "$errors"
	exit 1
fi
