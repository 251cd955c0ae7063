#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-driver: none
# vm-kernel-args: slub_debug=U
# vm-kernels: bookworm trixie:rv380 bookworm-backports:- trixie-backports:rv515
# (each chip once, and each kernel series: the probe fails before the
# scheduler, where bookworm-backports' 6.12 differs from trixie's; the
# other pairs under make check-all)
# Driver test: without the CP microcode, probe fails with one clear message
# from the driver, leaves the device (and the firmware console) alone, and
# leaks nothing over 20 attempts (no allocation site gains 15 live slab
# objects, see slab_snapshot in tests/lib/slab.sh; open files alone move
# by a few). The microcode is hidden by an empty firmware_class path and an
# empty /lib/firmware. (The kernel adds its own lines: Debian's
# firmware_class logs the failed load, the driver core the failed probe.)
set -uo pipefail
. tests/driver/lib.sh

case ${R5XX_CHIP:-rv380} in
rv515 | r580) fw=radeon/R520_cp.bin ;;
r420) fw=radeon/R420_cp.bin ;;
rs600) fw=radeon/RS600_cp.bin ;;
rs690) fw=radeon/RS690_cp.bin ;;
*) fw=radeon/R300_cp.bin ;;
esac
fwpath=/sys/module/firmware_class/parameters/path
old_path=$(cat $fwpath)
dev=$(grep -l '^0x1002$' /sys/bus/pci/devices/*/vendor | head -n 1)
dev=$(basename "$(dirname "$dev")")

cleanup() {
	lsmod | grep -q '^r5xx ' && rmmod r5xx
	echo -n "$old_path" >$fwpath
	umount /lib/firmware 2>/dev/null
	true
}
trap cleanup EXIT

mkdir -p /tmp/nofw
echo -n /tmp/nofw >$fwpath || fail "cannot set $fwpath"
# (a root without /lib/firmware, as the trixie guest root, has none to hide)
if [ -d /lib/firmware ]; then
	mount -t tmpfs -o ro none /lib/firmware || fail "cannot hide /lib/firmware"
fi
for m in $(modinfo -F depends "$ko" | tr , ' '); do
	modprobe "$m" || fail "modprobe $m"
done

attempt() {
	insmod "$ko" || fail "insmod failed (a failed probe must not fail the module load)"
	[ ! -e "/sys/bus/pci/devices/$dev/driver" ] || fail "$dev is bound although probe should fail"
	rmmod r5xx || fail "rmmod"
}

log_news >/dev/null
attempt
new=$(log_news)
echo "$new"
msgs=$(grep -E "r5xx [0-9a-f:.]+: \[drm\]" <<<"$new")
[ "$(grep -c . <<<"$msgs")" = 1 ] || fail "want exactly one driver message, got: $msgs"
grep -qF "cannot load CP microcode $fw (-2)" <<<"$msgs" || fail "the message does not name $fw and -ENOENT"
! grep -q "vgaarb: deactivate vga console" <<<"$new" || fail "the firmware console was removed"
if grep -E "$bad_re" <<<"$new"; then
	fail "kernel warnings"
fi

slab_snapshot /tmp/before
for _ in $(seq 20); do attempt; done
slab_snapshot /tmp/after
slab_compare /tmp/before /tmp/after 15 || fail "memory grew over 20 failed probes"
check_log_clean "failed probes"
echo "ok: one message, device left alone, no leak"
