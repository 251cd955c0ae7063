#!/bin/bash
# vm-chips: rv380
# vm-all-chips: rv380 rv350
# (the boards with a DVI-I connector, whose analog half is the TV DAC: the
# legacy desktop chips without a ROM; rv380m and rs480 are Mobility boards
# with LVDS and VGA, and the model has no TV DAC on AVIVO)
# (not r420 yet: there its DVI-I-1 reads connected with no monitor, and
# the TV DAC's head shows no picture, a model or driver difference of the
# R420's TV DAC not yet found; rv350 runs the same tests)
# KMS test (in the VM, r5xx.ko): a monitor on the TV DAC (DVI-I-1's analog
# half) found by load detection and lit by fbcon, as radeon.ko does it
# (tests/display/radeon-fbcon-dac2.sh); tests/display/dac2-fbcon.bash.
. tests/display/dac2-fbcon.bash
