#!/bin/bash
# Model test (in the VM, no driver): register file, partial writes, MM_INDEX/DATA, I/O BAR, PLL/PCIE/MC indirect spaces.
# Program: tests/model/guest/regs.c
. tests/model/lib.sh
run_guest regs
