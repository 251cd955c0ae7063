#!/bin/bash
# Model test (in the VM, no driver): microengine RAM: 40-bit writes, read-back, auto-increment (guide 5.12, 5.13).
# Program: tests/model/guest/me_ram.c
. tests/model/lib.sh
run_guest me_ram
