#!/bin/bash
# Panel test (in the VM, r5xx.ko on rv380m): modes on LVDS-1 through the
# RMX scaler, the panel's head 2 checked against the pattern drawn
# (build/kms/kms panel): the native 1024x768 pixel-exact, 800x600 and
# 640x480 stretched ("Full", "Full aspect"), 800x600 centred ("Center").
set -e
build/kms/kms panel 1024x768 Full
build/kms/kms panel 800x600 Full
build/kms/kms panel 800x600 Center
build/kms/kms panel 640x480 'Full aspect'
