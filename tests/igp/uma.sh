#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rs480 rs690
# IGP test: VRAM is the UMA block the BIOS set aside.
# rs480: the block is what NB_TOM describes.  r5xx places it in the MC
# space at the block's base (MC_FB_LOCATION == NB_TOM, same 16/16 layout),
# sizes it from NB_TOM (CONFIG_MEMSIZE), and leaves NB_TOM alone.
# rs690: the block is where the BIOS pointed MCCFG_FB_LOCATION (in the
# RS690 MC index space, read through debugfs r5xx_regs), above the guest's
# RAM, CONFIG_MEMSIZE bytes; r5xx keeps it there.
# On both, after two reloads (the second with MSI forced on, re-armed
# through AIC_CNTL on rs480, BUS_CNTL on rs690) the placement is unchanged
# and the self-tests pass, with interrupts arriving.
set -uo pipefail
. tests/driver/lib.sh

memsize=$(reg CONFIG_MEMSIZE)
case ${R5XX_CHIP:-} in
rs480)
	nb_tom=$(reg NB_TOM)
	fb_loc=$(reg MC_FB_LOCATION)
	tom0=$(mmio_read "$nb_tom")
	echo "NB_TOM $tom0"
	# the FB location must stay the block NB_TOM describes
	block() { mmio_read "$fb_loc"; }
	;;
rs690)
	# the BIOS put the block above the guest's RAM below 4 GiB
	# (Documentation/qemu-model.rst); r5xx keeps MCCFG_FB_LOCATION on it
	ram_end=0
	while IFS='-: ' read -r start end rest; do
		[[ $rest == *"System RAM" ]] || continue
		(( 0x$end < 1 << 32 && 0x$end + 1 > ram_end )) && ram_end=$((0x$end + 1))
	done </proc/iomem
	block() { awk '$1 == "MC" && $2 == "FB_LOCATION" { print $3 }' "$(r5xx_dir)/r5xx_regs"; }
	tom0=$(block)
	echo "MCCFG_FB_LOCATION $tom0 (the guest's RAM ends at $(printf %#x "$ram_end"))"
	[ $(( (tom0 & 0xffff) << 16 )) -ge "$ram_end" ] ||
		fail "FB location $tom0 is not above the guest's RAM"
	;;
*)
	skip "not an IGP chip" ;;
esac
base=$(( (tom0 & 0xffff) << 16 ))
size=$(( ((tom0 >> 16) - (tom0 & 0xffff) + 1) << 16 ))
[ "$size" -gt 0 ] || fail "$tom0 describes no block"
[ "$base" -ne 0 ] || fail "base 0: not a UMA block"

check() { # WHAT
	local tom fb ms
	fb=$(block)
	ms=$(mmio_read "$memsize")
	if [ "${R5XX_CHIP}" = rs480 ]; then
		tom=$(mmio_read "$nb_tom")
		[ "$tom" = "$tom0" ] || fail "$1: NB_TOM changed from $tom0 to $tom"
	fi
	[ "$fb" = "$tom0" ] || fail "$1: FB location $fb is not the UMA block $tom0"
	[ $((ms)) -eq "$size" ] || fail "$1: CONFIG_MEMSIZE $ms, UMA block $size bytes"
	self_tests_ok "$1"
	echo "ok: $1: VRAM $((size >> 20)) MiB at 0x$(printf %x "$base")"
}

reload_msi_checks check
