#!/bin/bash
# vm-chips: rv380
# vm-all-chips: rv380 rv350 r420
# (the boards with a DVI-I connector, whose analog half is the TV DAC: the
# legacy desktop chips without a ROM; rv380m and rs480 are Mobility boards
# with LVDS and VGA, and the model has no TV DAC on AVIVO)
# KMS test (in the VM, r5xx.ko): the TV DAC as DVI-I-1's analog half; a
# monitor without DDC on it (the model's monitor-dac2) is found by load
# detection on a forced probe and not without one, is lit from CRTC 1 and
# CRTC 0 and shows the frame pixel-exact on the model's head 3.
# Program: tests/kms/kms.c
set -e
build/kms/kms dac2
