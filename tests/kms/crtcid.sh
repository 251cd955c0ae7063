#!/bin/bash
# KMS test (in the VM, r5xx.ko): RADEON_INFO_CRTC_FROM_ID maps KMS CRTC ids to 0 and 1.
# Program: tests/kms/kms.c
set -e
build/kms/kms crtcid
