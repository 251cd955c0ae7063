#!/bin/bash
# vm-chips: rv380
# vm-driver: radeon
# Model test (in the VM, Debian's radeon.ko): reload radeon with test=1 so
# that radeon_test_moves copies buffers GTT->VRAM->GTT with r100_copy_blit
# (PACKET3 BITBLT_MULTI, the model's 2D engine) and checks every dword.
set -u
dev=0000:01:00.0
[ -e /sys/bus/pci/drivers/radeon/$dev ] || { echo "radeon did not bind $dev"; exit 1; }
modprobe -r radeon || { echo "cannot unload radeon"; exit 1; }
dmesg -C
modprobe radeon test=1 || { echo "cannot reload radeon"; exit 1; }
log=$(dmesg)
# the moves test leaves the GTT full: later tests in this VM get a fresh load
modprobe -r radeon && modprobe radeon || { echo "cannot reload radeon after the test"; exit 1; }
n=$(grep -c "Tested GTT->VRAM and VRAM->GTT copy" <<<"$log")
if grep -Eq "Incorrect|Failed .*copy|Error while testing BO move|GPU lockup" <<<"$log" || [ "$n" -lt 1 ]; then
	echo "radeon_test_moves failed ($n buffers tested):"
	grep -E "radeon|drm" <<<"$log" | grep -v "Tested GTT" | tail -n 30
	exit 1
fi
echo "ok: $n buffers copied GTT->VRAM->GTT and checked by radeon"
