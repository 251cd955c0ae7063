#!/bin/bash
# Model test (in the VM, no driver): software interrupt, GEN_INT_STATUS/CNTL, INTx status, MSI with re-arm.
# Program: tests/model/guest/irq.c
. tests/model/lib.sh
run_guest irq
