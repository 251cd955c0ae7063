#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv380 rv515 r580 rv350 r420
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv380,rv515 bookworm-backports:rv380 trixie-backports:rv380,rv515
# CS test: build/cs/cs paint (see tests/cs/cs.c, t_paint).
. tests/cs/lib.sh
run_cs cs paint
