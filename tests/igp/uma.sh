#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rs480
# IGP test (rs480): VRAM is the UMA block the BIOS described in NB_TOM.
# r5xx places it in the MC space at the block's base (MC_FB_LOCATION ==
# NB_TOM, same 16/16 layout), sizes it from NB_TOM (CONFIG_MEMSIZE), and
# leaves NB_TOM alone: after two reloads (the second with MSI forced on,
# re-armed through AIC_CNTL) NB_TOM and the placement are unchanged and the
# self-tests pass, with interrupts arriving.
set -uo pipefail
. tests/driver/lib.sh

nb_tom=$(reg NB_TOM)
fb_loc=$(reg MC_FB_LOCATION)
memsize=$(reg CONFIG_MEMSIZE)
tom0=$(mmio_read "$nb_tom")
echo "NB_TOM $tom0"
base=$(( (tom0 & 0xffff) << 16 ))
size=$(( ((tom0 >> 16) - (tom0 & 0xffff) + 1) << 16 ))
[ "$size" -gt 0 ] || fail "NB_TOM $tom0 describes no block"
[ "$base" -ne 0 ] || fail "NB_TOM base 0: not a UMA block"

check() { # WHAT
	local tom fb ms
	tom=$(mmio_read "$nb_tom")
	fb=$(mmio_read "$fb_loc")
	ms=$(mmio_read "$memsize")
	[ "$tom" = "$tom0" ] || fail "$1: NB_TOM changed from $tom0 to $tom"
	[ "$fb" = "$tom0" ] || fail "$1: MC_FB_LOCATION $fb is not the UMA block $tom0"
	[ $((ms)) -eq "$size" ] || fail "$1: CONFIG_MEMSIZE $ms, UMA block $size bytes"
	grep -q ': ok$' "$(r5xx_dir)/r5xx_microcode" || fail "$1: microcode"
	echo 1 >"$(r5xx_dir)/r5xx_self_test" || fail "$1: self-tests: $(cat "$(r5xx_dir)/r5xx_self_test")"
	grep -q '^IB test passed' "$(r5xx_dir)/r5xx_self_test" || fail "$1: IB test"
	echo "ok: $1: VRAM $((size >> 20)) MiB at 0x$(printf %x "$base")"
}

check "first load"
reload
check "reload"
reload msi=1
grep -q 'IRQ MSI' <<<"$(log_news)" || fail "msi=1: the driver did not take MSI"
irqs0=$(awk '/r5xx/ { n += $2 } END { print n + 0 }' /proc/interrupts)
check "reload with MSI"
echo 1 >"$(r5xx_dir)/r5xx_self_test" || fail "MSI: second self-test"
irqs1=$(awk '/r5xx/ { n += $2 } END { print n + 0 }' /proc/interrupts)
# each IB test's fence is one interrupt: without the re-arm only the first comes
[ $((irqs1 - irqs0)) -ge 2 ] || fail "MSI: $((irqs1 - irqs0)) interrupts for two self-tests"
echo "ok: MSI re-armed, $((irqs1 - irqs0)) interrupts"
reload
check_log_clean "reloads"
