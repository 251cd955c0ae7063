#!/bin/bash
# KMS test (in the VM, r5xx.ko): CRTC 0 on VGA-1 at 1024x768 and CRTC 1 on DVI-I-1 at 800x600, both heads pixel-exact.
# Program: tests/kms/kms.c
set -e
build/kms/kms two
