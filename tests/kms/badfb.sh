#!/bin/bash
# KMS test (in the VM, r5xx.ko): addfb with bad pitch, size, offset, format, tiling or ids fails with the right errno, and no kernel warning.
# Program: tests/kms/kms.c
set -e
build/kms/kms badfb
