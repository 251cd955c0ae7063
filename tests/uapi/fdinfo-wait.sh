#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: build/uapi/fdinfo wait (see tests/uapi/fdinfo.c): a job that
# waits for a foreign (vgem) fence has no GPU time in drm-engine-gfx until
# the fence signals and it runs; the imported buffer is shared and active.
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
. tests/driver/lib.sh
. tests/uapi/lib.sh
[ -x build/uapi/fdinfo ] || skip "build/uapi/fdinfo is not built (tests/uapi/build.test)"
modprobe vgem || skip "no vgem module"
build/uapi/fdinfo wait
