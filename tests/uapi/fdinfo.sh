#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: the per-file usage statistics in /proc/PID/fdinfo (keys,
# memory per region, GPU time of a busy and an idle file): build/uapi/fdinfo
# keys, memory and engine (see tests/uapi/fdinfo.c).
# vm-chips: rv380 rv515
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
bin=$PWD/build/uapi/fdinfo
if [ ! -x "$bin" ]; then
	echo "build/uapi/fdinfo is not built (tests/uapi/build.test)"
	exit 77
fi
status=0
for t in keys memory engine; do
	echo "== fdinfo $t"
	"$bin" "$t" || status=1
done
exit $status
