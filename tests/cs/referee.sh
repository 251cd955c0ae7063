#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# CS test, referee: the libdrm paint, blit, dialect and chain tests against
# Debian's radeon.ko on the rv380 and rv515 models (on rv515 radeon.ko
# needs the model's ATOM BIOS), so that what they expect of r5xx is what
# upstream does.  Not run here: the hostile streams (upstream
# accepts many of them, see Documentation/cs-checker.rst) and prime, where
# radeon.ko moves an imported dma-buf into VRAM when a stream asks for VRAM,
# so that the exporter never sees the GPU's writes; r5xx keeps it in GTT.
# vm-chips: rv380 rv515 rv350 r420
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: radeon
set -uo pipefail
. tests/cs/lib.sh
rc=0
for t in paint blit dialects chain; do
	echo "== cs $t"
	run_cs cs "$t"
	r=$?
	[ $r = 0 ] || [ $r = 77 ] || rc=1
done
exit $rc
