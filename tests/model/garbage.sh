#!/bin/bash
# Model test (in the VM, no driver): random packets and register writes; usable again after a soft reset.
# Program: tests/model/guest/garbage.c
. tests/model/lib.sh
run_guest garbage
