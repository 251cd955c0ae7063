#!/bin/bash
# Display test (in the VM, Debian's radeon.ko on the rv515's DVI-I board,
# the referee of tests/kms/fbcon-dacb.sh and of the model's DAC B and the
# ROM's DAC2EncoderControl/DAC2OutputControl/DAC_LoadDetection): a monitor
# on DAC B (DVI-I-1's analog half) found by load detection and lit by
# fbcon; tests/display/dac2-fbcon.bash.
# vm-driver: radeon
# vm-chips: rv515
# vm-qemu-args: -global r5xx.dvi-i=on
DAC2_MONITOR=dacb
. tests/display/dac2-fbcon.bash
