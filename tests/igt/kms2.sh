#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# IGT, section [kms2] of tests/igt/list: the KMS programs kms_lease to kms_writeback of tests/igt/list.
# Results against tests/igt/expected-$R5XX_DRIVER-$R5XX_CHIP.txt (tests/igt/lib.sh).
set -uo pipefail
. tests/igt/lib.sh
igt_section kms2
