#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# IGT, section [flip] of tests/igt/list: the basic subtests of kms_flip and kms_cursor_legacy.
# Results against tests/igt/expected-$R5XX_DRIVER-$R5XX_CHIP.txt (tests/igt/lib.sh).
set -uo pipefail
. tests/igt/lib.sh
igt_section flip
