#!/bin/bash
# vm-chips: rv380 rv515 r580
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv380,rv515 bookworm-backports:- trixie-backports:rv380,rv515
# KMS test (in the VM, r5xx.ko): linear XRGB8888, ARGB8888 and RGB565 frames on VGA-1's EDID mode, pixel-exact in the screendump; a frame made in GTT is moved to VRAM to be shown.
# Program: tests/kms/kms.c
set -e
for f in xrgb8888 argb8888 rgb565; do build/kms/kms scanout $f linear; done
build/kms/kms scanout xrgb8888 gtt
