#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# IGP smoke set: tests/uapi/gem.sh on the IGP chips (see vm.conf).
exec tests/uapi/gem.sh
