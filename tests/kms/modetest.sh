#!/bin/bash
# vm-chips: rv380 rv515 rv350 r420
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# KMS test (in the VM, r5xx.ko): Debian's modetest (libdrm-tests) lists the
# connectors and the VGA monitor's EDID modes, sets the preferred mode with
# -s and page-flips with -v for about 3 seconds (until its stdin closes).
set -e
command -v modetest >/dev/null || { echo "modetest is not installed (libdrm-tests, scripts/deps.sh)"; exit 77; }
out=$(modetest -M radeon -c)
vga=$(awk '$3 == "connected" && $4 == "VGA-1" { print $1 }' <<<"$out")
[ -n "$vga" ] || { echo "$out" | head -20; echo "VGA-1 is not connected"; exit 1; }
grep -qE '^[0-9]+[[:space:]]+[0-9]+[[:space:]]+disconnected[[:space:]]+DVI-[ID]-1' <<<"$out" ||
	{ echo "DVI-I-1 (rv380) or DVI-D-1 (rv515) is not listed as disconnected"; exit 1; }
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
