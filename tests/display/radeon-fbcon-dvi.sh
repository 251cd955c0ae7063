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
. tests/display/lib.sh
status=/sys/class/drm/card0-DVI-D-1/status
[ "$(cat $status)" = disconnected ] || { echo "DVI-D-1 is $(cat $status) before the plug"; exit 1; }
trap 'qom_set monitor-dvi false' EXIT
qom_set monitor-dvi true
for _ in $(seq 50); do
	[ "$(cat $status)" = connected ] && break
	sleep 0.2
done
[ "$(cat $status)" = connected ] || { echo "DVI-D-1 not connected 10 s after the plug"; exit 1; }
fbcon_shows_text 1
