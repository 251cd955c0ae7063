#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv380 rv515 r580
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv380,rv515 bookworm-backports:rv380 trixie-backports:rv380,rv515
# Driver test: the video BIOS.  The expansion ROM of the models with a
# board description (rv515, r580, rs690, rs600), as the guest reads it from
# sysfs (the boot VGA's copy at 0xC0000, which SeaBIOS made), is byte for
# byte the image r5xx_vbios.py builds from it, and r5xx took its connectors
# (as many as the board's [[connector]] entries) and PLL limits from it.
# The rv350's COMBIOS ROM is the image r5xx_combios.py builds from its
# board description, and r5xx took the connectors it drives from it (VGA
# and DVI-I: not the S-video one).  The other models have no ROM, and r5xx
# says it uses the default connectors (the Mobility ones on rv380m and
# rs480).
set -uo pipefail
. tests/driver/lib.sh

model=qemu/hw/display/r5xx
log=$(dmesg)
dev=
for d in /sys/bus/pci/devices/*; do
	[ "$(cat "$d/vendor")" = 0x1002 ] && dev=$d
done
[ -n "$dev" ] || fail "no ATI device on the PCI bus"

echo 1 >"$dev/rom" || fail "cannot enable $dev/rom"
rom=/tmp/rom.bin
cat "$dev/rom" >"$rom" 2>/dev/null
echo 0 >"$dev/rom"

case ${R5XX_CHIP:-rv380} in
rv515 | r580 | rs690 | rs600)
	board=$model/$R5XX_CHIP-board.toml
	n=$(grep -c '^\[\[connector\]\]' "$board")
	python3 $model/r5xx_vbios.py "$board" $model/r5xx_regs.h \
		-b /tmp/want.rom || fail "r5xx_vbios.py failed"
	want=$(stat -c %s /tmp/want.rom)
	[ "$(stat -c %s "$rom")" -ge "$want" ] ||
		fail "the ROM is $(stat -c %s "$rom") bytes, want at least $want"
	cmp -n "$want" "$rom" /tmp/want.rom || fail "the ROM is not the generated image"
	echo "ROM: $want bytes, the generated image"
	grep -E "r5xx .*\[drm\] display: $n connectors? from the video BIOS" <<<"$log" ||
		fail "no 'display: $n connectors from the video BIOS'"
	grep -E "r5xx .*\[drm\] display: PLL limits from the video BIOS: reference 27000 kHz, input 1000-13500 kHz, VCO 648000-1100000 kHz, pixel clock up to 400000 kHz" <<<"$log" ||
		fail "no PLL limits from the video BIOS"
	;;
rv350)
	python3 $model/r5xx_combios.py "$model/rv350-board.toml" $model/r5xx_regs.h \
		-b /tmp/want.rom || fail "r5xx_combios.py failed"
	want=$(stat -c %s /tmp/want.rom)
	[ "$(stat -c %s "$rom")" -ge "$want" ] ||
		fail "the ROM is $(stat -c %s "$rom") bytes, want at least $want"
	cmp -n "$want" "$rom" /tmp/want.rom || fail "the ROM is not the generated image"
	echo "ROM: $want bytes, the generated COMBIOS image"
	n=$(grep -cE '^kind = "(VGA|DVI-I|DVI-D)"' "$model/rv350-board.toml")
	grep -E "r5xx .*\[drm\] display: $n connectors? from the video BIOS" <<<"$log" ||
		fail "no 'display: $n connectors from the video BIOS'"
	;;
*)
	if [ -s "$rom" ] && [ "$(head -c 2 "$rom" | od -An -tx1 | tr -d ' ')" = 55aa ]; then
		fail "$R5XX_CHIP has a ROM"
	fi
	echo "no ROM"
	if grep -qE "r5xx .*\[drm\] display:" <<<"$log"; then
		grep -E "r5xx .*\[drm\] display: no video BIOS connector table \(-2\), (default connectors|Mobility defaults)" <<<"$log" ||
			fail "no 'default connectors' line"
	fi
	;;
esac
if grep -E "$bad_re" <<<"$log"; then
	fail "kernel warnings since boot"
fi
exit 0
