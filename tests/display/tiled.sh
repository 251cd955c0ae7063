#!/bin/bash
# Display test (in the VM, no driver): CRTC1 scanning out a macro-tiled 32 bpp frame, panned with CRTC_TILE_X0_Y0.
# Program: tests/display/guest/scanout.c
. tests/display/lib.sh
run_guest scanout 0 640x480 32 tiled
