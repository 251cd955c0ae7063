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
# vm-driver: r5xx
# vm-kernels: 6.1 6.12
# vm-kernel-args: slub_debug=FZP
set -uo pipefail
. tests/driver/lib.sh
bin=$PWD/build/uapi/uapi
[ -x "$bin" ] || skip "build/uapi/uapi is not built (tests/uapi/build.test)"
dev=$(find /sys/bus/pci/drivers/r5xx -maxdepth 1 -name '0000:*' -printf '%f\n')
[ -n "$dev" ] || fail "r5xx is bound to no device"
# leave the device bound for the tests after this one
trap '[ -e "/sys/bus/pci/drivers/r5xx/$dev" ] ||
	echo "$dev" >/sys/bus/pci/drivers/r5xx/bind' EXIT

coproc UP { "$bin" userptr-unplug; }
# bash drops UP and UP_PID when the program ends: keep copies
pid=$UP_PID
exec {from}<&"${UP[0]}" {to}>&"${UP[1]}"
while IFS= read -r -u "$from" line && [ "$line" != ready ]; do
	echo "$line"
done
[ "$line" = ready ] || fail "the program stopped before it was ready"
echo "$dev" >/sys/bus/pci/drivers/r5xx/unbind || fail "unbind $dev"
[ ! -e "/sys/bus/pci/drivers/r5xx/$dev" ] || fail "$dev still bound"
echo "unbound $dev with the file open"
echo go >&"$to"
cat <&"$from"
wait "$pid" || fail "uapi userptr-unplug failed"

echo "$dev" >/sys/bus/pci/drivers/r5xx/bind || fail "bind $dev again"
echo "bound $dev again"
"$bin" userptr || fail "the userptr test after the rebind failed"
echo "ok: user pointer buffers outlived their device"
