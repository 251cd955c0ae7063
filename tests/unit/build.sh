#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# Build a host test program from the driver's pure files.
# Usage: tests/unit/build.sh OUTPUT SOURCES...   (run from the checkout root)
# CC and EXTRA_CFLAGS may be set; the kernel's uapi headers come from
# Debian's linux-headers (scripts/deps.sh installs them).
set -euo pipefail

out=$1
shift
uapi=$(ls -d /usr/src/linux-headers-*-common/include/uapi 2>/dev/null | sort -V | tail -n 1)
if [ -z "$uapi" ]; then
	echo "no kernel uapi headers (linux-headers-amd64) installed" >&2
	exit 1
fi
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2086
${CC:-gcc} -std=gnu11 -O1 -g -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
	-Werror -Itests/unit/shim -I. -idirafter "$uapi" ${EXTRA_CFLAGS:-} \
	"$@" -o "$out"
