#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop referee: tests/desktop/xorg-ati.sh (EXA and DRI2 in the X log,
# xdpyinfo, the hardware cursor in QEMU's picture of the CRTC) with
# Debian's radeon.ko, on every chip under make check-all (make check has
# radeon-download.sh).
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm
# vm-driver: radeon
exec tests/desktop/xorg-ati.sh
