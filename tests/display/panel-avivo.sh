#!/bin/bash
# Display test (in the VM, no driver): the rv515m's laptop panel (1280x800
# on LVTMA, console head 2): lit at reset as the BIOS leaves it, D1 shown
# pixel for pixel, power-down/up through the PWRSEQ state machine in order
# and in the programmed virtual time, the D1 scaler (full and centred), the
# transmitter switch; the backlight level reaches QOM panel-backlight.
# vm-chips: rv515m
# Program: tests/display/guest/panel.c
. tests/display/lib.sh
[ "$(qom_get panel-lit)" = true ] || { echo "panel not lit at reset"; exit 1; }
[ "$(qom_get panel-backlight)" = 192 ] ||
	{ echo "panel-backlight at reset: $(qom_get panel-backlight)"; exit 1; }
run_guest panel 0x40 || exit 1
lit=$(qom_get panel-lit) level=$(qom_get panel-backlight)
echo "after the test: panel-lit $lit, panel-backlight $level"
[ "$lit" = true ] && [ "$level" = 64 ]
