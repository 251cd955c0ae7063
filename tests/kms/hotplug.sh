#!/bin/bash
# KMS test (in the VM, r5xx.ko): DVI (hot-plug interrupt) and VGA (polled every 10 s) monitors unplugged and replugged through QMP: connector status and a hotplug uevent each time.
# Program: tests/kms/kms.c
set -e
build/kms/kms hotplug
