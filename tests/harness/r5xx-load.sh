#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv380 rv515 r580
# vm-kernels: bookworm trixie:rv380,rv515
# vm-driver: r5xx
# --driver r5xx: the harness loaded the DRM helpers and this checkout's r5xx.ko,
# which bound the model's GPU.
set -euo pipefail
lsmod | grep -q '^r5xx ' || { echo "r5xx is not loaded"; exit 1; }
dev=$(find /sys/bus/pci/drivers/r5xx -maxdepth 1 -name '0000:*' -printf '%f\n' 2>/dev/null)
[ -n "$dev" ] || { echo "r5xx is bound to no device"; exit 1; }
echo "r5xx bound to $dev"
