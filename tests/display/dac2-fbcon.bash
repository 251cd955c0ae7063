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
. tests/display/lib.sh
mon=monitor-${DAC2_MONITOR:-dac2}
status=/sys/class/drm/card0-DVI-I-1/status
[ -e $status ] || { echo "no DVI-I-1 connector"; ls /sys/class/drm; exit 1; }
echo detect >$status
[ "$(cat $status)" = disconnected ] ||
	{ echo "DVI-I-1 is $(cat $status) without a monitor"; exit 1; }
echo "ok: no monitor: DVI-I-1 disconnected after a forced probe"
trap 'qom_set "$mon" false; echo detect >$status' EXIT
qom_set "$mon" true
echo detect >$status
[ "$(cat $status)" = connected ] ||
	{ echo "DVI-I-1 is $(cat $status) with $mon"; exit 1; }
echo "ok: $mon: DVI-I-1 connected after a forced probe (load detection)"
fbcon_shows_text 3
trap - EXIT
qom_set "$mon" false
echo detect >$status
[ "$(cat $status)" = disconnected ] ||
	{ echo "DVI-I-1 is $(cat $status) after $mon was pulled"; exit 1; }
echo "ok: $mon pulled: DVI-I-1 disconnected after a forced probe"
