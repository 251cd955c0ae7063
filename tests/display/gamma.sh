#!/bin/bash
# Display test (in the VM, no driver): CRTC1 at 32 bpp through an inverting palette (per-channel gamma).
# Program: tests/display/guest/scanout.c
. tests/display/lib.sh
run_guest scanout 0 640x480 32 gamma
