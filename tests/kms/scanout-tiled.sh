#!/bin/bash
# KMS test (in the VM, r5xx.ko): macro-, micro- and macro+micro-tiled XRGB8888, ARGB8888 and RGB565 frames (GEM tiling flags), pixel-exact.
# Program: tests/kms/kms.c
set -e
for f in xrgb8888 argb8888 rgb565; do for t in macro micro both; do build/kms/kms scanout $f $t; done; done
