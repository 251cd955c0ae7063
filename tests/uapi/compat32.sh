#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: build/uapi/compat32, the radeon ioctls from a 32-bit process
# (see tests/uapi/compat32.c).
bin=$PWD/build/uapi/compat32
[ -x "$bin" ] || { echo "build/uapi/compat32 is not built"; exit 77; }
"$bin"
