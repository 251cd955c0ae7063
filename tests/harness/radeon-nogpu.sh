#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-driver: radeon
# Debian's radeon.ko loads cleanly without a GPU (the group runner fails the
# test if the kernel logged a warning or oops).
set -euo pipefail
lsmod | grep -q '^radeon ' || { echo "radeon is not loaded"; exit 1; }
lsmod | grep -q '^drm ' || { echo "drm is not loaded"; exit 1; }
