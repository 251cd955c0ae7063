#!/bin/bash
# Panel test (in the VM, r5xx.ko on rv380m): the LVDS connector is there
# with the panel's native mode from the registers the BIOS left (no ROM, no
# DDC), the panel is lit at load (the model's panel-lit), and the console
# shows on it: text written to tty1 appears in the screendump of head 2.
set -e
. tests/panel/lib.sh
c=/sys/class/drm/card0-LVDS-1
[ -d $c ] || { echo "no LVDS-1 connector: $(ls /sys/class/drm)"; exit 1; }
grep -qx connected $c/status || { echo "LVDS-1: $(cat $c/status)"; exit 1; }
head -n1 $c/modes | grep -qx 1024x768 ||
	{ echo "LVDS-1 modes: $(head -n3 $c/modes | tr '\n' ' ')"; exit 1; }
dmesg | grep -q 'panel "1024x768".* from the registers' ||
	{ echo "no panel line in dmesg"; dmesg | grep -i 'r5xx.*display' | tail -5; exit 1; }
lit=$(qom_get panel-lit)
[ "$lit" = true ] || { echo "panel-lit: $lit"; exit 1; }
panel_console_check
