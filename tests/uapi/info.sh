#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: build/uapi/uapi info (see tests/uapi/uapi.c, t_info).
# vm-chips: rv380 rv515 r580 rv350 r420
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv380,rv515
# vm-driver: r5xx
. tests/uapi/lib.sh
run_uapi info
