#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Mesa test, referee: the same program with Debian's radeon.ko on the rv380
# model, so that a failure of gl.sh can be told apart from a problem of the
# model or of Mesa itself.
# vm-chips: rv380
# vm-driver: radeon
exec tests/mesa/gl.sh
