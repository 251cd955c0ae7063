#!/bin/bash
# Display test (in the VM, no driver): CRTC2 on the second console (head 1): 1024x768 at 32 bpp, 8 bpp with its own palette.
# Program: tests/display/guest/scanout.c
. tests/display/lib.sh
run_guest scanout 0 640x480 16 || exit 1
run_guest scanout 1 1024x768 32 || exit 1
run_guest scanout 1 800x600 8 || exit 1
run_guest scanout 1 640x480 32 tiled
