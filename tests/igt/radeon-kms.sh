#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# IGT referee: tests/igt/kms.sh with Debian's radeon.ko on the rv380 model.
# vm-chips: rv380
# vm-driver: radeon
# vm-kernels: bookworm trixie:-
exec tests/igt/kms.sh
