#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: build/uapi/uapi prime-unplug (tests/uapi/uapi.c,
# t_prime_unplug) holds a buffer of ours that vgem imported (pinned in
# GTT) and jobs that wait for a vgem fence while the device is unbound
# from r5xx. Then it signals the fence, checks that the jobs ended with
# -ENODEV, and lets vgem and the file free the buffer. The device is bound
# again and passes the PRIME test. The kernel log must stay clean
# (tests/vm/group.sh): the jobs used to run on the freed ring after the
# unbind, their IBs to hold the freed IB pool (a WARNING at the unbind),
# and the pinned buffer to be unbound through the unmapped GART table.
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
# vm-kernels: bookworm trixie
# vm-kernel-args: slub_debug=FZP
set -uo pipefail
. tests/driver/lib.sh
. tests/uapi/lib.sh
modprobe vgem || skip "no vgem module"
run_uapi_across_unbind prime-unplug
run_uapi prime || fail "the prime test after the rebind failed"
echo "ok: PRIME buffers and waiting jobs outlived their device"
