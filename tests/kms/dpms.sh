#!/bin/bash
# KMS test (in the VM, r5xx.ko): the connector DPMS property turns CRTC 0 off (no picture, no vblanks) and on again (pixel-exact).
# Program: tests/kms/kms.c
set -e
build/kms/kms dpms
