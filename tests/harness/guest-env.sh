#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# The guest environment tests/vm/run promises: Debian's kernel with its
# modules, the host root read-only with this checkout at the same path (and as
# cwd), fresh writable /tmp, and a writable 9p scratch dir in $R5XX_SCRATCH.
set -euo pipefail

fail() { echo "FAIL: $*"; exit 1; }

here=$(cd "$(dirname "$0")/../.." && pwd -P)
[ "$(pwd -P)" = "$here" ] || fail "cwd $(pwd -P) is not the checkout $here"
[ -x tests/vm/run ] || fail "checkout not visible at $here"
rel=$(uname -r)
# Debian's kernels, or the debug kernel (scripts/debug-kernel.sh)
case $rel in *-amd64 | *-r5xx-debug) ;; *) fail "unexpected kernel $rel" ;; esac
[ -f "/lib/modules/$rel/modules.dep" ] || fail "no /lib/modules/$rel/modules.dep"
grep -q ' / 9p .*\bro\b' /proc/mounts || fail "root is not a read-only 9p mount"
if touch /.r5xx-rw-probe 2>/dev/null; then fail "root is writable"; fi
[ -n "${R5XX_SCRATCH:-}" ] || fail "R5XX_SCRATCH not set"
grep -q " $R5XX_SCRATCH 9p " /proc/mounts || fail "$R5XX_SCRATCH is not a 9p mount"
echo probe >"$R5XX_SCRATCH/guest-env.probe" || fail "scratch not writable"
[ "$(cat "$R5XX_SCRATCH/guest-env.probe")" = probe ] || fail "scratch read-back"
echo probe >/tmp/probe || fail "/tmp not writable"
[ "$(id -u)" = 0 ] || fail "not root"
[ -d /sys/kernel/debug/tracing ] || [ -d /sys/kernel/debug/dri ] ||
	mountpoint -q /sys/kernel/debug || fail "debugfs not mounted"
grep -q "firmware_class.path=$here/build/firmware" /proc/cmdline ||
	fail "firmware_class.path missing from the kernel command line"
