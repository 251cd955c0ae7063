#!/bin/bash
# vm-chips: rv515
# vm-kernels: bookworm
# vm-qemu-args: -global r5xx.dvi-i=on
# KMS test (in the VM, r5xx.ko): AVIVO DAC B as DVI-I-1's analog half, on
# the rv515 board whose DVI connector is DVI-I (the model's dvi-i, the ROM
# of rv515-dvii-board.toml); a monitor without DDC on it (monitor-dacb) is
# found by load detection on a forced probe and not without one, is lit
# from CRTC 1 and CRTC 0 and shows the frame pixel-exact on the model's
# head 3.
# Program: tests/kms/kms.c
set -e
build/kms/kms dacb
