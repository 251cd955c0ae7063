#!/bin/bash
# KMS test (in the VM, r5xx.ko): command streams with VLINE waits (as xf86-video-ati emits them) name KMS CRTCs: on, off, or not a CRTC.
# Program: tests/kms/kms.c
set -e
build/kms/kms vline
