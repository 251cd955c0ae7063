#!/bin/bash
# vm-chips: rv380
# vm-all-chips: rv380 rv350
# (the boards with a DVI-I connector, whose analog half is the TV DAC: the
# legacy desktop chips without a ROM; rv380m and rs480 are Mobility boards
# with LVDS and VGA, and the model has no TV DAC on AVIVO)
# (not r420 yet: there its DVI-I-1 reads connected with no monitor, and
# the TV DAC's head shows no picture, a model or driver difference of the
# R420's TV DAC not yet found; rv350 runs the same tests)
# KMS test (in the VM, r5xx.ko): the TV DAC as DVI-I-1's analog half; a
# monitor without DDC on it (the model's monitor-dac2) is found by load
# detection on a forced probe and not without one, is lit from CRTC 1 and
# CRTC 0 and shows the frame pixel-exact on the model's head 3.
# Program: tests/kms/kms.c
set -e
build/kms/kms dac2
