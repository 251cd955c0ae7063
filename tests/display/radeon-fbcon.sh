#!/bin/bash
# Display test (in the VM, Debian's radeon.ko): the referee lights CRTC1 with
# its fbcon at the VGA monitor's EDID mode (1024x768), and text written to
# the console shows up in the screendump of head 0.  On rv380 radeon.ko
# programs the legacy CRTC itself; on rv515, r580, rs690 and rs600 it sets
# the mode through the video BIOS's ATOM command tables (r5xx_atom_tables.py;
# the r580 and rs600 boards' ROMs carry the same set as the rv515's).
# vm-driver: radeon
# vm-chips: rv380 rv515 r580 rs690 rs600
set -e
grep -q connected /sys/class/drm/card0-VGA-1/status || { echo "VGA-1 not connected"; exit 1; }
head -n1 /sys/class/drm/card0-VGA-1/modes | grep -qx 1024x768 ||
	{ echo "VGA-1 modes: $(head -n3 /sys/class/drm/card0-VGA-1/modes | tr '\n' ' ')"; exit 1; }
dump=$R5XX_SCRATCH/fbcon.ppm
lit() { # rows lit in the top 64 lines of the screendump
	tests/vm/qmp screendump "$dump" 0 >/dev/null
	python3 - "$dump" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read().split(b'\n', 3)
w, h = map(int, d[1].split())
px = d[3]
assert (w, h) == (1024, 768), (w, h)
print(sum(any(px[(y * w) * 3:(y + 1) * w * 3]) for y in range(64)))
PY
}
printf '\033[2J\033[H\033[?25l' >/dev/tty1
sleep 0.5
n0=$(lit)
printf 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n' >/dev/tty1
sleep 0.5
n1=$(lit)
echo "lit rows in the top 64 lines: $n0 after clearing, $n1 after a line of text"
[ "$n0" = 0 ] && [ "$n1" -ge 8 ] && [ "$n1" -le 32 ]
