#!/bin/bash
# Panel test (in the VM, r5xx.ko on rv380m): the backlight class device
# starts at the level the BIOS left (192) and levels written to its sysfs
# brightness reach the model's LVDS_GEN_CNTL (QOM panel-backlight).
set -e
. tests/panel/lib.sh
bl=$(ls -d /sys/class/backlight/r5xx_bl* 2>/dev/null | head -n1)
[ -n "$bl" ] || { echo "no r5xx backlight in /sys/class/backlight: $(ls /sys/class/backlight)"; exit 1; }
max=$(cat "$bl/max_brightness")
[ "$max" = 255 ] || { echo "max_brightness $max"; exit 1; }
now=$(cat "$bl/brightness") model=$(qom_get panel-backlight)
echo "at load: brightness $now, model $model"
[ "$now" = 192 ] && [ "$model" = 192 ]
for level in 0 37 255 128; do
	echo "$level" >"$bl/brightness"
	model=$(qom_get panel-backlight)
	actual=$(cat "$bl/actual_brightness")
	echo "brightness $level: model $model, actual_brightness $actual"
	[ "$model" = "$level" ] && [ "$actual" = "$level" ]
done
if echo 256 >"$bl/brightness" 2>/dev/null; then
	echo "brightness 256 accepted"; exit 1
fi
[ "$(qom_get panel-backlight)" = 128 ]
# the console's panel is still lit
[ "$(qom_get panel-lit)" = true ]
