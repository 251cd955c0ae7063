#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv380
# vm-driver: radeon
# Cross-check of the model against a driver we did not write: Debian's
# radeon.ko binds the RV380 model and passes its CP ring and IB tests.
set -euo pipefail
[ -e /sys/bus/pci/drivers/radeon/0000:01:00.0 ] || { echo "radeon did not bind 0000:01:00.0"; exit 1; }
log=$(dmesg)
for t in "ring test succeeded" "ib test succeeded"; do
	grep -q "$t" <<<"$log" || { echo "no '$t' in dmesg"; grep -E 'radeon|drm' <<<"$log" | tail -n 30; exit 1; }
done
grep -q "Initialized radeon 2.50.0" <<<"$log" || { echo "radeon did not finish loading"; exit 1; }
# Acceleration stays on, and radeon reports no error except the one a card
# without a ROM always gets (the model has none, like many PCIe boards).
if grep -Eq "disabling GPU acceleration|GPU lockup|GPU reset|ring .* test failed|ib test failed" <<<"$log"; then
	grep -E "acceleration|lockup|reset|test failed" <<<"$log"
	exit 1
fi
errors=$(grep -E '\*ERROR\*|radeon [0-9a-f:.]+: .*(error|failed)' <<<"$log" |
	 grep -v "Unable to locate a BIOS ROM" || true)
if [ -n "$errors" ]; then
	echo "radeon reported errors:"
	echo "$errors"
	exit 1
fi
