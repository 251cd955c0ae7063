#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# DKMS: the module that tests/dkms/dkms.test built and installed through
# DKMS for the running kernel loads, registers DRM driver radeon 2.50.0,
# passes the ring and IB tests without a kernel warning, and unloads.
set -uo pipefail
R5XX_KO=$PWD/build/dkms/install/$(uname -r)/updates/dkms/r5xx.ko
. tests/driver/lib.sh

[ -f "$ko" ] || skip "no DKMS-built module for $(uname -r) (tests/dkms/dkms.test)"
for m in $(modinfo -F depends "$ko" | tr , ' '); do
	modprobe "$m" || fail "modprobe $m (needed by r5xx.ko)"
done
log_news >/dev/null
insmod "$ko" || fail "insmod $ko"
log=$(log_news)
echo "$log"
grep -E "\[drm\] Initialized radeon 2\.50\.0 (20080528 )?for " <<<"$log" ||
	fail "no 'Initialized radeon 2.50.0' line"
grep -qE "r5xx .*\[drm\] IB test passed" <<<"$log" || fail "no 'IB test passed'"
if grep -E "$bad_re" <<<"$log"; then
	fail "kernel warnings while loading"
fi
rmmod r5xx || fail "rmmod r5xx"
check_log_clean "unload"
echo "ok: the DKMS-built module of $(uname -r) loads and unloads"
