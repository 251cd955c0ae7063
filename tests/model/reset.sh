#!/bin/bash
# Model test (in the VM, no driver): reset state of a posted card; no CP fetch before the microcode is loaded.
# Program: tests/model/guest/reset.c
. tests/model/lib.sh
run_guest reset
