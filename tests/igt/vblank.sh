#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# IGT, section [vblank] of tests/igt/list: kms_vblank.
# Results against tests/igt/expected-$R5XX_DRIVER-$R5XX_CHIP.txt (tests/igt/lib.sh).
set -uo pipefail
. tests/igt/lib.sh
igt_section vblank
