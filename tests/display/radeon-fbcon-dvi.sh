#!/bin/bash
# Display test (in the VM, Debian's radeon.ko on rv515): the DVI monitor is
# plugged in while radeon.ko runs; its hot plug interrupt makes fbcon light
# D2 through TMDSA and pixel PLL 2 at the DVI monitor's EDID mode
# (1024x768), all set through the video BIOS's ATOM command tables
# (r5xx_atom_tables.py), and console text shows up in the screendump of
# head 1.  The monitor is unplugged again at the end.
# vm-driver: radeon
# vm-chips: rv515
set -e
qmp_dvi() { # true|false
	tests/vm/qmp "{\"execute\": \"qom-set\", \"arguments\": {\"path\": \"/machine/peripheral/gpu\", \"property\": \"monitor-dvi\", \"value\": $1}}" >/dev/null
}
status=/sys/class/drm/card0-DVI-D-1/status
[ "$(cat $status)" = disconnected ] || { echo "DVI-D-1 is $(cat $status) before the plug"; exit 1; }
trap 'qmp_dvi false' EXIT
qmp_dvi true
for _ in $(seq 50); do
	[ "$(cat $status)" = connected ] && break
	sleep 0.2
done
[ "$(cat $status)" = connected ] || { echo "DVI-D-1 not connected 10 s after the plug"; exit 1; }
dump=$R5XX_SCRATCH/fbcon-dvi.ppm
lit() { # rows lit in the top 64 lines of head 1
	tests/vm/qmp screendump "$dump" 1 >/dev/null
	python3 - "$dump" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read().split(b'\n', 3)
w, h = map(int, d[1].split())
px = d[3]
if (w, h) != (1024, 768):
    print(f"{w}x{h}")
    sys.exit()
print(sum(any(px[(y * w) * 3:(y + 1) * w * 3]) for y in range(64)))
PY
}
# fbcon sets the new mode from the hot plug work: wait for head 1 to show it
printf '\033[2J\033[H\033[?25l' >/dev/tty1
for _ in $(seq 50); do
	n0=$(lit)
	[ "$n0" = 0 ] && break
	sleep 0.2
done
printf 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n' >/dev/tty1
sleep 0.5
n1=$(lit)
echo "head 1: $n0 lit rows in the top 64 lines after clearing, $n1 after a line of text"
[ "$n0" = 0 ] && [ "$n1" -ge 8 ] && [ "$n1" -le 32 ]
