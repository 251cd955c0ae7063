#!/bin/bash
# vm-chips: rv380
# vm-driver: radeon
# vm-kernel-args: radeon.test=1
# Model test (in the VM, Debian's radeon.ko): radeon loaded with test=1
# runs radeon_test_moves, which copies buffers GTT->VRAM->GTT with
# r100_copy_blit (PACKET3 BITBLT_MULTI, the model's 2D engine) and checks
# every dword.  The parameter comes from the kernel command line, so this
# test gets a VM of its own: radeon.ko's test leaves the GTT full and
# WARNs when unloaded afterwards, which would spoil the other tests.
set -u
dev=0000:01:00.0
[ -e /sys/bus/pci/drivers/radeon/$dev ] || { echo "radeon did not bind $dev"; exit 1; }
[ "$(cat /sys/module/radeon/parameters/test)" = 1 ] || { echo "radeon.test is not 1"; exit 1; }
log=$(dmesg)
n=$(grep -c "Tested GTT->VRAM and VRAM->GTT copy" <<<"$log")
if grep -Eq "Incorrect|Failed .*copy|Error while testing BO move|GPU lockup" <<<"$log" || [ "$n" -lt 1 ]; then
	echo "radeon_test_moves failed ($n buffers tested):"
	grep -E "radeon|drm" <<<"$log" | grep -v "Tested GTT" | tail -n 30
	exit 1
fi
echo "ok: $n buffers copied GTT->VRAM->GTT and checked by radeon"
