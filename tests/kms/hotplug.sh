#!/bin/bash
# vm-all-chips: rv380 rv515 rv350 rs600 r580
# (the boards with a DVI connector: not the rs690 (VGA only) or the
# Mobility boards rv380m and rs480 (LVDS and VGA); not r420 yet: no hot-plug
# uevent or status change there when the DVI monitor is plugged, not yet
# understood)
# KMS test (in the VM, r5xx.ko): DVI (hot-plug interrupt) and VGA (polled every 10 s) monitors unplugged and replugged through QMP: connector status and a hotplug uevent each time.
# Program: tests/kms/kms.c
set -e
build/kms/kms hotplug
