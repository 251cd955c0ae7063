#!/bin/bash
# Display test (in the VM, no driver): CRTC_OFFSET flips: pending (GUI_TRIG_OFFSET) under OFFSET_LOCK, latched at vblank.
# Program: tests/display/guest/scanout.c
. tests/display/lib.sh
run_guest scanout 0 640x480 32 flip
