#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv515 r580
# vm-all-chips: rv515 r580
# (the R5xx family rows only: the other families program no PLL 0x0d;
# R4xx pipes: radeon-model.sh and INFO_NUM_GB_PIPES in tests/uapi/info.sh)
# vm-kernels: bookworm trixie:rv515
# Driver test: what the chip rows of the R5xx family make r5xx program,
# read back through debugfs r5xx_regs.  The quad pipes the model's
# GB_PIPE_SELECT reports (r580: four, rv515: one) are in GB_TILE_CONFIG
# and SU_REG_DEST's count, and copied to PLL register 0x0d as
# rv515_gpu_init and r520_gpu_init do (the present pipes in bits 7:4, the
# pipe DST_PIPE_CONFIG selects as one bit); on r580 the MC is R520's map
# (VRAM at MC address 0, 256 bits wide) and the interrupt MSI, on rv515
# the RV515 map (128 bits) and INTx.
set -uo pipefail
. tests/driver/lib.sh

d=$(r5xx_dir) || fail "no r5xx debugfs directory"
regs=$(cat "$d/r5xx_regs") || fail "cannot read r5xx_regs"
val() { # NAME: the value of the r5xx_regs line that starts with NAME
	awk -v n="$1 " 'index($0, n) == 1 { print $NF }' <<<"$regs"
}
gbps=$(val GB_PIPE_SELECT)
dst=$(val DST_PIPE_CONFIG)
tile=$(val GB_TILE_CONFIG)
pll=$(val R500_PIPE_CONFIG)
[ -n "$gbps" ] && [ -n "$dst" ] && [ -n "$tile" ] ||
	fail "GB_PIPE_SELECT, DST_PIPE_CONFIG or GB_TILE_CONFIG missing: $regs"
[ -n "$pll" ] || fail "no R500_PIPE_CONFIG line in r5xx_regs"
echo "GB_PIPE_SELECT $gbps DST_PIPE_CONFIG $dst GB_TILE_CONFIG $tile PLL 0x0d $pll"

pipes=$(( ((gbps >> 12) & 3) + 1 ))
want_pll=$(( (1 << ((dst >> 2) & 3)) | (((gbps >> 8) & 0xf) << 4) ))
(( pll == want_pll )) ||
	fail "PLL 0x0d is $pll, want $(printf 0x%08x $want_pll) from GB_PIPE_SELECT and DST_PIPE_CONFIG"
# GB_TILE_CONFIG.PIPE_COUNT: 0 for one pipe, 7 for four (r420_pipes_init)
case $pipes in
1) want_count=0 ;;
4) want_count=7 ;;
*) fail "the model reports $pipes pipes" ;;
esac
(( ((tile >> 1) & 7) == want_count )) ||
	fail "GB_TILE_CONFIG $tile does not say $pipes pipes"

log=$(dmesg)
fb=$(val "MC FB_LOCATION")
mem=$(val CONFIG_MEMSIZE)
(( (fb & 0xffff) == 0 && ((fb >> 16) + 1) << 16 == mem )) ||
	fail "MC FB_LOCATION $fb is not VRAM ($mem bytes) at MC address 0"
case ${R5XX_CHIP:-} in
r580)
	(( pipes == 4 && pll == 0xf1 )) || fail "r580: want 4 pipes, PLL 0x0d 0xf1"
	grep -E "r5xx .*\[drm\] VRAM [0-9]+ MiB \(256-bit\), .* IRQ MSI" <<<"$log" ||
		fail "r580: no 'VRAM ... (256-bit) ... IRQ MSI' line"
	grep -qE 'PCI-MSI.*r5xx' /proc/interrupts || fail "r580: r5xx has no MSI interrupt"
	;;
rv515)
	(( pipes == 1 && pll == 1 )) || fail "rv515: want 1 pipe, PLL 0x0d 0x1"
	grep -E "r5xx .*\[drm\] VRAM [0-9]+ MiB \(128-bit\), .* IRQ INTx" <<<"$log" ||
		fail "rv515: no 'VRAM ... (128-bit) ... IRQ INTx' line"
	;;
esac
if grep -E "$bad_re" <<<"$log"; then
	fail "kernel warnings since boot"
fi
exit 0
