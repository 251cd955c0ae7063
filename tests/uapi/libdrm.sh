#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: build/uapi/uapi libdrm (see tests/uapi/uapi.c, t_libdrm).
# vm-chips: rv380 rv515
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
. tests/uapi/lib.sh
run_uapi libdrm
