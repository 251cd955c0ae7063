#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv380 rv515 r580 rv350 r420
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv380,rv515 bookworm-backports:rv380 trixie-backports:rv380,rv515
# Driver test: loading r5xx.ko registers DRM driver radeon 2.50.0, names the
# chip and its family, VRAM and GART sizes, passes the ring and IB
# self-tests, and the kernel logs no warning, BUG, oops or lockdep report.
# The debugfs microcode check and a second run of the self-tests pass too.
set -uo pipefail
. tests/driver/lib.sh

chip=$(chip_name)
mobility='(, mobility)?'
# the rv380m model chip is an RV380 with a Mobility X600's ID
[ "$chip" = RV380M ] && chip=RV380 mobility=', mobility'
log=$(dmesg)
grep -E "r5xx .*\[drm\] $chip \(1002:[0-9a-f]{4}$mobility\), RS?[3-6]xx family" <<<"$log" ||
	fail "no '$chip (1002:xxxx), R[S]nxx family' line"
grep -E "r5xx .*\[drm\] VRAM [1-9][0-9]* MiB \([0-9]+-bit\), GART [1-9][0-9]* MiB, IRQ (MSI|INTx)" <<<"$log" ||
	fail "no VRAM/GART line"
# the date is gone from the line since 6.11
grep -E "\[drm\] Initialized radeon 2\.50\.0 (20080528 )?for " <<<"$log" ||
	fail "no 'Initialized radeon 2.50.0 [20080528]' line"
grep -E "r5xx .*\[drm\] ring test passed" <<<"$log" || fail "no 'ring test passed'"
grep -E "r5xx .*\[drm\] IB test passed" <<<"$log" || fail "no 'IB test passed'"
if grep -E "$bad_re" <<<"$log"; then
	fail "kernel warnings since boot"
fi
log_news >/dev/null

d=$(r5xx_dir) || fail "no r5xx debugfs directory"
grep -q ': ok$' "$d/r5xx_microcode" || fail "microcode check: $(cat "$d/r5xx_microcode")"
cat "$d/r5xx_microcode"

echo 1 >"$d/r5xx_self_test" || fail "self-tests failed again: $(cat "$d/r5xx_self_test")"
cat "$d/r5xx_self_test"
grep -q '^ring test passed' "$d/r5xx_self_test" || fail "ring test"
grep -q '^IB test passed' "$d/r5xx_self_test" || fail "IB test"

# the AGP cards: the PCI GART translating, bus mastering on in BUS_CNTL;
# the r420 model reports four quad pipes in GB_PIPE_SELECT
reg() { awk -v r="$1" '$1 == r { print $3 }' "$d/r5xx_regs"; }
case ${R5XX_CHIP:-} in
rv350 | r420)
	aic=$(reg AIC_CNTL) bus=$(reg BUS_CNTL)
	[ -n "$aic" ] && [ $((aic & 3)) = 3 ] || fail "AIC_CNTL '$aic': PCI GART not translating"
	[ -n "$bus" ] && [ $((bus & 0x40)) = 0 ] || fail "BUS_CNTL '$bus': BUS_MASTER_DIS set"
	[ "$(reg AIC_PT_BASE)" != 0x00000000 ] || fail "AIC_PT_BASE is 0"
	echo "PCI GART: AIC_CNTL $aic, AIC_PT_BASE $(reg AIC_PT_BASE), BUS_CNTL $bus"
	;;
esac
if [ "${R5XX_CHIP:-}" = r420 ]; then
	grep -E "r5xx .*\[drm\] R420 .*, 4 quad pipes" <<<"$log" || fail "r420: not 4 quad pipes"
fi
check_log_clean "self-tests"
echo "ok: $chip loaded and self-tested"
