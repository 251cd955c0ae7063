#!/bin/bash
# Display test (in the VM, no driver): 64x64 ARGB hardware cursors composited on CRTC1 and CRTC2, clipped at every edge.
# Program: tests/display/guest/cursor.c
. tests/display/lib.sh
run_guest cursor 0 || exit 1
run_guest cursor 1
