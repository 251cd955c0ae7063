# Sourced by tests/display/radeon-fbcon-dac2.sh (radeon.ko, the referee)
# and tests/kms/fbcon-dac2.sh (r5xx.ko), on rv380: a VGA monitor without
# DDC on the TV DAC, the analog half of DVI-I-1 (the model's monitor-dac2,
# off at boot); with DAC2_MONITOR=dacb, by tests/display/radeon-fbcon-dacb.sh
# and tests/kms/fbcon-dacb.sh on the rv515's DVI-I board (dvi-i=on), the
# same on AVIVO DAC B (monitor-dacb).  A forced probe (writing "detect" to the connector's sysfs
# status) finds nothing without the monitor and finds it with it, by the
# TV DAC's load comparator; the status change makes fbcon light it, and
# console text shows up on the model's head 3 (the TV DAC's monitor).  The
# monitor is pulled at the end, and the next forced probe says so.
set -e
mon=monitor-${DAC2_MONITOR:-dac2}
qmp_dac2() { # true|false
	tests/vm/qmp "{\"execute\": \"qom-set\", \"arguments\": {\"path\": \"/machine/peripheral/gpu\", \"property\": \"$mon\", \"value\": $1}}" >/dev/null
}
status=/sys/class/drm/card0-DVI-I-1/status
[ -e $status ] || { echo "no DVI-I-1 connector"; ls /sys/class/drm; exit 1; }
echo detect >$status
[ "$(cat $status)" = disconnected ] ||
	{ echo "DVI-I-1 is $(cat $status) without a monitor"; exit 1; }
echo "ok: no monitor: DVI-I-1 disconnected after a forced probe"
trap 'qmp_dac2 false; echo detect >$status' EXIT
qmp_dac2 true
echo detect >$status
[ "$(cat $status)" = connected ] ||
	{ echo "DVI-I-1 is $(cat $status) with $mon"; exit 1; }
echo "ok: $mon: DVI-I-1 connected after a forced probe (load detection)"
dump=$R5XX_SCRATCH/fbcon-$mon.ppm
lit() { # rows lit in the top 64 lines of head 3
	tests/vm/qmp screendump "$dump" 3 >/dev/null
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
# fbcon sets the new mode from the hot plug work: wait for head 3 to show it
printf '\033[2J\033[H\033[?25l' >/dev/tty1
for _ in $(seq 50); do
	n0=$(lit)
	[ "$n0" = 0 ] && break
	sleep 0.2
done
printf 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n' >/dev/tty1
sleep 0.5
n1=$(lit)
echo "head 3: $n0 lit rows in the top 64 lines after clearing, $n1 after a line of text"
[ "$n0" = 0 ] && [ "$n1" -ge 8 ] && [ "$n1" -le 32 ]
trap - EXIT
qmp_dac2 false
echo detect >$status
[ "$(cat $status)" = disconnected ] ||
	{ echo "DVI-I-1 is $(cat $status) after $mon was pulled"; exit 1; }
echo "ok: $mon pulled: DVI-I-1 disconnected after a forced probe"
