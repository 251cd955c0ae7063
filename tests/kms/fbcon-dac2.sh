#!/bin/bash
# vm-chips: rv380
# KMS test (in the VM, r5xx.ko): a monitor on the TV DAC (DVI-I-1's analog
# half) found by load detection and lit by fbcon, as radeon.ko does it
# (tests/display/radeon-fbcon-dac2.sh); tests/display/dac2-fbcon.bash.
. tests/display/dac2-fbcon.bash
