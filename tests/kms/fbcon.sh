#!/bin/bash
# vm-chips: rv380 rv515 r580 rv350 r420
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv380,rv515 bookworm-backports:- trixie-backports:rv380,rv515
# KMS test (in the VM, r5xx.ko): the console appears at load. The same
# check as tests/display/radeon-fbcon.sh runs for Debian's radeon.ko: CRTC1
# lit at the VGA monitor's EDID mode (1024x768), text written to tty1 shows
# up in the screendump of head 0.
exec bash tests/display/radeon-fbcon.sh
