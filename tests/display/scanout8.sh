#!/bin/bash
# Display test (in the VM, no driver): CRTC1 at 8 bpp through a scrambled palette (PALETTE_30_DATA).
# Program: tests/display/guest/scanout.c
. tests/display/lib.sh
run_guest scanout 0 640x480 8
