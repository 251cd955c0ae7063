#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: build/uapi/uapi ibquota (see tests/uapi/uapi.c, t_ibquota):
# one file's jobs waiting for a foreign (vgem) fence hold at most their
# quota of the IB pool, and another file still gets half of it. The driver
# is loaded again with a 1 s lockup timeout (an IB allocation gives up
# after three), and with the defaults again afterwards.
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
. tests/driver/lib.sh
. tests/uapi/lib.sh
modprobe vgem || skip "no vgem module"
trap 'reload >/dev/null' EXIT
reload lockup_timeout_ms=1000
run_uapi ibquota
