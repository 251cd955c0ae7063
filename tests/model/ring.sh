#!/bin/bash
# Model test (in the VM, no driver): ring fetch with wrap-around, rptr write-back, RB_NO_UPDATE, RB_RPTR_WR_ENA.
# Program: tests/model/guest/ring.c
. tests/model/lib.sh
run_guest ring
