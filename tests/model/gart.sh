#!/bin/bash
# Model test (in the VM, no driver): rv370 PCIE GART translation, faults, unmapped accesses, TLB invalidation.
# Program: tests/model/guest/gart.c
. tests/model/lib.sh
run_guest gart
