#!/bin/bash
# vm-chips: rv380
# KMS test (in the VM, r5xx.ko): the TV DAC as DVI-I-1's analog half; a
# monitor without DDC on it (the model's monitor-dac2) is found by load
# detection on a forced probe and not without one, is lit from CRTC 1 and
# CRTC 0 and shows the frame pixel-exact on the model's head 3.
# Program: tests/kms/kms.c
set -e
build/kms/kms dac2
