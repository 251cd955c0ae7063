#!/bin/bash
# Display test (in the VM, no driver): CRTC_DISPLAY_DIS (CRTC1) and CRTC2_DISPLAY_DIS show a black frame.
# Program: tests/display/guest/scanout.c
. tests/display/lib.sh
run_guest scanout 0 640x480 32 blank || exit 1
run_guest scanout 1 640x480 32 blank
