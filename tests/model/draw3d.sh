#!/bin/bash
# Model test (in the VM, no driver): the 3D engine through the CP: triangles by 3D_DRAW_IMMD_2 from the ring and an IB, pixels against a reference coverage, fences after pixels; garbage 3D packets survived.
# Program: tests/model/guest/draw3d.c
. tests/model/lib.sh
run_guest draw3d
