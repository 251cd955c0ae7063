#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# Build the libFuzzer target: tests/fuzz/build.sh [OUTPUT]  (default
# build/fuzz/cs_fuzz).  Needs clang and libclang-rt-14-dev (scripts/deps.sh).
set -euo pipefail

out=${1:-build/fuzz/cs_fuzz}
uapi=$(ls -d /usr/src/linux-headers-*-common/include/uapi 2>/dev/null | sort -V | tail -n 1)
mkdir -p "$(dirname "$out")"
${CLANG:-clang} -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-Wall -Werror -Wno-unused-parameter -Itests/unit/shim -I. -Itests/fuzz \
	-idirafter "$uapi" \
	tests/fuzz/cs_fuzz.c tests/fuzz/access_model.c r5xx_cs_check.c r5xx_cs_draw.c \
	r5xx_cs_tables.c r5xx_tiling.c -o "$out"
