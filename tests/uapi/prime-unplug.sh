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
# vm-driver: r5xx
# vm-kernels: 6.1 6.12
# vm-kernel-args: slub_debug=FZP
set -uo pipefail
. tests/driver/lib.sh
bin=$PWD/build/uapi/uapi
[ -x "$bin" ] || skip "build/uapi/uapi is not built (tests/uapi/build.test)"
modprobe vgem || skip "no vgem module"
dev=$(find /sys/bus/pci/drivers/r5xx -maxdepth 1 -name '0000:*' -printf '%f\n')
[ -n "$dev" ] || fail "r5xx is bound to no device"
# leave the device bound for the tests after this one
trap '[ -e "/sys/bus/pci/drivers/r5xx/$dev" ] ||
	echo "$dev" >/sys/bus/pci/drivers/r5xx/bind' EXIT

coproc UP { "$bin" prime-unplug; }
# bash drops UP and UP_PID when the program ends: keep copies
pid=$UP_PID
exec {from}<&"${UP[0]}" {to}>&"${UP[1]}"
while IFS= read -r -u "$from" line && [ "$line" != ready ]; do
	echo "$line"
done
[ "$line" = ready ] || fail "the program stopped before it was ready"
echo "$dev" >/sys/bus/pci/drivers/r5xx/unbind || fail "unbind $dev"
[ ! -e "/sys/bus/pci/drivers/r5xx/$dev" ] || fail "$dev still bound"
echo "unbound $dev with the jobs waiting and the buffer pinned"
echo go >&"$to"
cat <&"$from"
wait "$pid" || fail "uapi prime-unplug failed"

echo "$dev" >/sys/bus/pci/drivers/r5xx/bind || fail "bind $dev again"
echo "bound $dev again"
"$bin" prime || fail "the PRIME test after the rebind failed"
echo "ok: PRIME buffers and waiting jobs outlived their device"
