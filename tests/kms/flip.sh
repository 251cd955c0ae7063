#!/bin/bash
# KMS test (in the VM, r5xx.ko): page flips with events, in order, increasing sequence; WAIT_VBLANK and CRTC_GET_SEQUENCE count the same vblanks; the vblank period of DRM's timestamps against the model virtual time.
# Program: tests/kms/kms.c
set -e
build/kms/kms flip
