#!/bin/bash
# Display test (in the VM, no driver): CRTC1 at 32 bpp, 640x480 and 1024x768, pixel for pixel in the screendump.
# Program: tests/display/guest/scanout.c
. tests/display/lib.sh
run_guest scanout 0 640x480 32 || exit 1
run_guest scanout 0 1024x768 32
