#!/bin/bash
# Model test (in the VM, no driver): IB1 from the ring, IB2 inside IB1, INDX_BUFFER, type-1/3 skipping, guest mistakes.
# Program: tests/model/guest/ib.c
. tests/model/lib.sh
run_guest ib
