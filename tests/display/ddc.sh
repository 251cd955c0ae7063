#!/bin/bash
# Display test (in the VM, no driver): EDID over the VGA and DVI DDC lines by bit-banging the GPIOs; monitors plugged at run time (qom-set), FP_DETECT and DAC load sense.
# Program: tests/display/guest/ddc.c
. tests/display/lib.sh
run_guest ddc
