#!/bin/bash
# KMS test (in the VM, r5xx.ko): a 256-entry gamma ramp through the palette (inverted, then identity); other sizes refused.
# Program: tests/kms/kms.c
set -e
build/kms/kms gamma
