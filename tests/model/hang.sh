#!/bin/bash
# Model test (in the VM, no driver): model debug register: CP hang until a CP soft reset; the IB and 2D hang traps.
# Program: tests/model/guest/hang.c
. tests/model/lib.sh
run_guest hang
