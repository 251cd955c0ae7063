#!/bin/bash
# Model test (in the VM, no driver): R5xx scratch compare interrupt (guide 5.9).
# Program: tests/model/guest/scratch_int.c
. tests/model/lib.sh
run_guest scratch_int
