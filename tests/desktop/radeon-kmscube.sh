#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop referee: tests/desktop/kmscube.sh with Debian's radeon.ko on the
# rv380 model.
# vm-chips: rv380
# vm-driver: radeon
exec tests/desktop/kmscube.sh
