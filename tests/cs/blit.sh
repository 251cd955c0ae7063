#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv380 rv515 rv350 r420
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# CS test: build/cs/cs blit (see tests/cs/cs.c, t_blit).
. tests/cs/lib.sh
run_cs cs blit
