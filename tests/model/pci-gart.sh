#!/bin/bash
# vm-chips: rv350
# Model test (in the VM, no driver): the AGP cards' PCI GART (table in system memory), its range check, and BUS_CNTL bus mastering.
# Program: tests/model/guest/pci_gart.c
. tests/model/lib.sh
run_guest pci_gart
