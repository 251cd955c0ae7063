#!/bin/bash
# Panel test (in the VM, Debian's radeon.ko on rv380m, the referee): with
# no ROM radeon.ko takes its generic Mobility table (LVDS and VGA), reads
# the panel size from the registers the BIOS left
# (radeon_legacy_get_lvds_info_from_regs) and lights its console on the
# panel: text written to tty1 appears in the screendump of head 2.
# vm-driver: radeon
set -e
. tests/panel/lib.sh
c=/sys/class/drm/card0-LVDS-1
grep -qx connected $c/status || { echo "LVDS-1: $(cat $c/status 2>&1)"; exit 1; }
head -n1 $c/modes | grep -qx 1024x768 ||
	{ echo "LVDS-1 modes: $(head -n3 $c/modes | tr '\n' ' ')"; exit 1; }
[ "$(qom_get panel-lit)" = true ] || { echo "panel not lit"; exit 1; }
panel_console_check
