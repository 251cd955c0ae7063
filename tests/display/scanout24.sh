#!/bin/bash
# Display test (in the VM, no driver): CRTC1 at 24 bpp (packed RGB; legacy only,
# AVIVO has no 24 bpp scanout).
# vm-chips: rv380
# Program: tests/display/guest/scanout.c
. tests/display/lib.sh
run_guest scanout 0 640x480 24
