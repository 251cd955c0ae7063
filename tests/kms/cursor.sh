#!/bin/bash
# KMS test (in the VM, r5xx.ko): 64x64 ARGB cursor through the legacy cursor ioctls: on screen, off the top-left and bottom-right corners, off.
# Program: tests/kms/kms.c
set -e
build/kms/kms cursor
