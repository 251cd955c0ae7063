#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop test, referee: xorg-ati.sh with Debian's radeon.ko on the rv380
# model.
# vm-chips: rv380
# vm-driver: radeon
exec tests/desktop/xorg-ati.sh
