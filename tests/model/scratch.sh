#!/bin/bash
# Model test (in the VM, no driver): scratch registers and their write-back through SCRATCH_ADDR/SCRATCH_UMSK.
# Program: tests/model/guest/scratch.c
. tests/model/lib.sh
run_guest scratch
