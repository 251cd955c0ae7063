#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# CS test: build/cs/cs prime (see tests/cs/cs.c, t_prime): dma-bufs shared
# with vgem, both ways.
. tests/cs/lib.sh
modprobe vgem || { echo "no vgem module"; exit 77; }
run_cs cs prime
