#!/bin/bash
# vm-chips: rv515
# vm-kernels: bookworm
# vm-qemu-args: -global r5xx.dvi-i=on
# KMS test (in the VM, r5xx.ko): a monitor on AVIVO DAC B (DVI-I-1's analog
# half on the rv515's DVI-I board) found by load detection and lit by
# fbcon, as radeon.ko does it (tests/display/radeon-fbcon-dacb.sh);
# tests/display/dac2-fbcon.bash.
DAC2_MONITOR=dacb
. tests/display/dac2-fbcon.bash
