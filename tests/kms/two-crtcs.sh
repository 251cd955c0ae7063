#!/bin/bash
# vm-all-chips: rv380 rv515 rv350 r420 rs600 r580
# (the boards with a DVI connector: not the rs690 (VGA only) or the
# Mobility boards rv380m and rs480 (LVDS and VGA))
# KMS test (in the VM, r5xx.ko): CRTC 0 on VGA-1 at 1024x768 and CRTC 1 on DVI-I-1 at 800x600, both heads pixel-exact.
# Program: tests/kms/kms.c
set -e
build/kms/kms two
