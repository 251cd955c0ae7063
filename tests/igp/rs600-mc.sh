#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rs600
# IGP test (rs600): VRAM is the UMA block at the MC's FB_LOCATION (index
# 0x04 of the RS600 MC space) as the BIOS left it; r5xx keeps it there
# (rs600_mc_init), sizes it from CONFIG_MEMSIZE, and runs the RS600 page
# tables: context 0's flat table inside VRAM, the GTT range outside it,
# page tables enabled, bus mastering on (BUS_CNTL.RS600_BUS_MASTER_DIS
# clear).  After two reloads (the second with MSI forced on, re-armed
# through BUS_CNTL.RS600_MSI_REARM) all of it holds and the self-tests
# pass, with interrupts arriving.
set -uo pipefail
. tests/driver/lib.sh

# debugfs r5xx_regs: "NAME 0xOFF: 0xVAL" or "NAME MC 0xIDX: 0xVAL"
dreg() {
	awk -v r="$1" '$1 == r { print $NF }' "$(r5xx_dir)/r5xx_regs"
}

memsize=$(reg CONFIG_MEMSIZE)
fb0=$(dreg RS600_MC_FB_LOCATION)
[ -n "$fb0" ] || fail "no RS600_MC_FB_LOCATION in r5xx_regs"
echo "MC FB_LOCATION $fb0"
base=$(( (fb0 & 0xffff) << 16 ))
size=$(( ((fb0 >> 16) - (fb0 & 0xffff) + 1) << 16 ))
[ "$base" -ne 0 ] || fail "FB_LOCATION base 0: not a UMA block"

check() { # WHAT
	local fb ms pt cntl1 ctx bus flat start end
	fb=$(dreg RS600_MC_FB_LOCATION)
	ms=$(mmio_read "$memsize")
	[ "$fb" = "$fb0" ] || fail "$1: FB_LOCATION moved from $fb0 to $fb"
	[ $((ms)) -eq "$size" ] || fail "$1: CONFIG_MEMSIZE $ms, FB location $size bytes"
	pt=$(dreg RS600_MC_PT0_CNTL) cntl1=$(dreg RS600_MC_CNTL1)
	ctx=$(dreg RS600_MC_PT0_CONTEXT0_CNTL) bus=$(dreg BUS_CNTL)
	flat=$(dreg PT0_CONTEXT0_FLAT_BASE) start=$(dreg PT0_CONTEXT0_FLAT_START)
	end=$(dreg PT0_CONTEXT0_FLAT_END)
	[ $((pt & 1)) = 1 ] || fail "$1: MC_PT0_CNTL '$pt': ENABLE_PT clear"
	[ $((pt & 0x30000000)) = 0 ] || fail "$1: MC_PT0_CNTL '$pt': an invalidate bit stuck"
	[ $(((cntl1 >> 26) & 1)) = 1 ] || fail "$1: MC_CNTL1 '$cntl1': ENABLE_PAGE_TABLES clear"
	[ $((ctx & 1)) = 1 ] || fail "$1: CONTEXT0_CNTL '$ctx': context 0 off"
	[ $((bus & 0x4000)) = 0 ] || fail "$1: BUS_CNTL '$bus': RS600_BUS_MASTER_DIS set"
	[ $((flat)) -ge "$base" ] && [ $((flat)) -lt $((base + size)) ] ||
		fail "$1: the flat table at $flat is not in VRAM"
	[ $((start)) -gt $((base + size - 1)) ] || [ $((end)) -lt "$base" ] ||
		fail "$1: GTT $start-$end overlaps VRAM"
	self_tests_ok "$1"
	echo "ok: $1: VRAM $((size >> 20)) MiB at 0x$(printf %x "$base"), table at $flat, GTT $start-$end"
}

reload_msi_checks check
