#!/bin/bash
# KMS test (in the VM, r5xx.ko): page flips with events, in order, increasing sequence; vblank period against the model virtual time; WAIT_VBLANK and CRTC_GET_SEQUENCE.
# Program: tests/kms/kms.c
set -e
build/kms/kms flip
