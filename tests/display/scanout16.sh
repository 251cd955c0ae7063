#!/bin/bash
# Display test (in the VM, no driver): CRTC1 at 16 bpp (RGB565) and 15 bpp (xRGB1555).
# Program: tests/display/guest/scanout.c
. tests/display/lib.sh
run_guest scanout 0 640x480 16 || exit 1
run_guest scanout 0 640x480 15
