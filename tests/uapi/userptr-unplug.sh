#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: build/uapi/uapi userptr-unplug (tests/uapi/uapi.c,
# t_userptr_unplug) keeps its file and two user pointer buffers with MMU
# notifiers while the device is unbound from r5xx, then unmaps their
# ranges and closes the file; the device is bound again and passes the
# userptr test. The kernel log must stay clean (tests/vm/group.sh): the
# notifier used to queue work on the driver's workqueue, destroyed at
# unplug. slub_debug=FZP poisons freed objects, so that such a use is
# reported (the poisoned workqueue reads as draining: a WARNING).
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
# vm-kernels: bookworm trixie
# vm-kernel-args: slub_debug=FZP
set -uo pipefail
. tests/driver/lib.sh
. tests/uapi/lib.sh
run_uapi_across_unbind userptr-unplug
run_uapi userptr || fail "the userptr test after the rebind failed"
echo "ok: user pointer buffers outlived their device"
