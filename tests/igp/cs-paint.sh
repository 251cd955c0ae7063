#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# IGP smoke set: tests/cs/paint.sh on the IGP chips (see vm.conf).
exec tests/cs/paint.sh
