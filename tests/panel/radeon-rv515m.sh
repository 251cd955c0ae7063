#!/bin/bash
# Panel test (in the VM, Debian's radeon.ko on rv515m, the referee): radeon
# reads the LVDS connector (INTERNAL_LVTM1, LCD1) and the 1280x800 native
# mode from the model's ROM (LVDS_Info), powers the panel through
# LVDSEncoderControl/LCD1OutputControl (the LVTMA power sequencer) and
# lights its console on it: text written to tty1 appears in the screendump
# of head 2.  Modes through the D1 scaler (EnableScaler, SetCRTC_OverScan),
# pixel-checked on the panel by build/kms/kms panel: the native mode,
# 1024x768 stretched ("Full"), 800x600 centred ("Center").
# vm-chips: rv515m
# vm-driver: radeon
set -e
. tests/panel/lib.sh
PANEL_SIZE=1280x800
c=/sys/class/drm/card0-LVDS-1
grep -qx connected $c/status || { echo "LVDS-1: $(cat $c/status 2>&1)"; exit 1; }
head -n1 $c/modes | grep -qx 1280x800 ||
	{ echo "LVDS-1 modes: $(head -n3 $c/modes | tr '\n' ' ')"; exit 1; }
[ "$(qom_get panel-lit)" = true ] || { echo "panel not lit"; exit 1; }
panel_console_check
build/kms/kms panel 1280x800 Full
build/kms/kms panel 1024x768 Full
build/kms/kms panel 800x600 Center
[ "$(qom_get panel-lit)" = true ] || { echo "panel not lit after the modes"; exit 1; }
