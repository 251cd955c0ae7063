#!/bin/bash
# Model test (in the VM, no driver): 2D engine packets (PAINT_MULTI, BITBLT_MULTI, HOSTDATA_BLT) at 8/16/32 bpp, tiling, clipping, ROPs, GTT copies.
# Program: tests/model/guest/blit2d.c
. tests/model/lib.sh
run_guest blit2d
