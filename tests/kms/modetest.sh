#!/bin/bash
# vm-chips: rv380 rv515 rv350 r420
# vm-all-chips: rv380 rv515 rv350 rs480 rs690 rs600 r580 rv380m
# (not r420 yet: there its DVI-I-1 reads connected with no monitor, and
# the TV DAC's head shows no picture, a model or driver difference of the
# R420's TV DAC not yet found; rv350 runs the same tests)
# KMS test (in the VM, r5xx.ko): Debian's modetest (libdrm-tests) lists the
# connectors and the VGA monitor's EDID modes, sets the preferred mode with
# -s and page-flips with -v for about 3 seconds (until its stdin closes).
# The connectors besides VGA-1 are the board's: DVI-I-1 on the legacy
# desktop boards (no ROM), DVI-D-1 on the AVIVO ROMs' boards, none on the
# rs690's, and on the Mobility boards (no ROM) LVDS-1: connected on the
# rv380m (its panel), disconnected on the rs480, whose model has no panel
# (radeon.ko invents a 640x480 one there from the CRTC registers).
set -e
command -v modetest >/dev/null || { echo "modetest is not installed (libdrm-tests, scripts/deps.sh)"; exit 77; }
out=$(modetest -M radeon -c)
vga=$(awk '$3 == "connected" && $4 == "VGA-1" { print $1 }' <<<"$out")
[ -n "$vga" ] || { echo "$out" | head -20; echo "VGA-1 is not connected"; exit 1; }
case ${R5XX_CHIP:-rv380} in
rv380 | rv350 | r420) want="disconnected DVI-I-1" ;;
rv515 | r580 | rs600) want="disconnected DVI-D-1" ;;
rs480) want="disconnected LVDS-1" ;;
rv380m) want="connected LVDS-1" ;;
*) want= ;;
esac
others=$(awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ && $3 ~ /connected$/ && $4 != "VGA-1" { print $3, $4 }' <<<"$out")
[ "$others" = "$want" ] ||
	{ echo "$out" | head -20; echo "other connectors: '$others', want '$want' on ${R5XX_CHIP:-rv380}"; exit 1; }
# the model's VGA EDID: preferred 1024x768, monitor name "R5XX VGA"
grep -qE '#0 1024x768 .*type: preferred' <<<"$out" || { echo "no preferred 1024x768"; exit 1; }
grep -q '52355858205647410a' <<<"$out" || { echo "EDID without the name R5XX VGA"; exit 1; }
echo "ok: VGA-1 (id $vga) connected, preferred 1024x768, EDID of R5XX VGA"

flips=$( (sleep 3) | timeout 60 modetest -M radeon -s "$vga:1024x768" -v 2>&1)
echo "$flips" | tail -n 4
n=$(grep -c '^freq: ' <<<"$flips" || true)
[ "$n" -ge 1 ] || { echo "no flip rate reported"; exit 1; }
awk '/^freq: / { sub("Hz", "", $2); f = $2 + 0; if (f < 20 || f > 100) bad = 1 } END { exit bad }' <<<"$flips" ||
	{ echo "flip rate out of 20-100 Hz"; exit 1; }
echo "ok: $n flip rate reports"
