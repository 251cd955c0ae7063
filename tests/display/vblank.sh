#!/bin/bash
# Display test (in the VM, no driver): vblank rate from the PLLs and totals against virtual time, CRTC_STATUS, VLINE, vblank interrupts (CRTC1 and CRTC2).
# Program: tests/display/guest/vblank.c
. tests/display/lib.sh
run_guest vblank 0 || exit 1
run_guest vblank 1
