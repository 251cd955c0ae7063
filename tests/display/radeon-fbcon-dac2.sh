#!/bin/bash
# Display test (in the VM, Debian's radeon.ko on rv380, the referee of
# tests/kms/fbcon-dac2.sh): a monitor on the TV DAC (DVI-I-1's analog
# half) found by load detection and lit by fbcon; tests/display/dac2-fbcon.bash.
# vm-driver: radeon
# vm-chips: rv380
. tests/display/dac2-fbcon.bash
