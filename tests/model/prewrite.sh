#!/bin/bash
# Model test (in the VM, no driver): CP_RB_WPTR pre-write staging: PRE_WRITE_TIMER and PRE_WRITE_LIMIT (guide 5.5).
# Program: tests/model/guest/prewrite.c
. tests/model/lib.sh
run_guest prewrite
