#!/bin/bash
# vm-chips: rv380 rv515 r580 rs690 rv350
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv515
# vm-timeout-units: 6
# vm-qemu-args: -global r5xx.pm=on
# KMS test (in the VM, r5xx.ko): suspend and resume through r5xx's PM code,
# the GPU coming back as a cold, unposted board. A system suspend of this VM
# cannot be tested: its virtio 9p root is reset by virtio's resume and 9p
# has no restore (every later file access hangs), and QEMU's S3 wake-up
# triple-faults in the guest's wake-up code under TCG; see
# Documentation/r5xx.rst, "Suspend and resume". So debugfs r5xx_suspend
# runs the device side of it: r5xx's suspend (display off, VRAM evicted,
# scheduler, CP, interrupts and GART stopped), the PCI state saved, D3hot
# and back to D0 (the model resets the GPU to a cold board, as on an S3
# wake-up), the PCI state restored, r5xx's resume. Checks per cycle: the
# driver re-posted the GPU (it posts only a board whose CONFIG_MEMSIZE
# reads 0), the console's screendump equals the one before pixel for
# pixel, a command submission paints and reads back (build/cs/cs paint),
# and page flips with events run (build/kms/kms flip); on the ATOM boards
# (rv515, r580, rs690, rs600) the re-post ran the video BIOS's ASIC_Init to its
# end through r5xx's ATOM interpreter (debugfs asic_inits) and that posted
# the board: the saved registers were not written back (debugfs restores);
# on the COMBIOS board (rv350) the re-post ran the video BIOS's init tables
# (debugfs combios_posts) and restored nothing either; on the others
# (no ROM) the saved registers were restored. The rs480 comes back posted
# (the model's IGP keeps its UMA block and CONFIG_MEMSIZE, which the system
# BIOS sets up on such boards: r5xx_mc.c:r5xx_mc_cold), so r5xx must leave
# it alone there. One cycle in make
# check (about 30 s on the shared host: two screendump series, the CS and
# flip programs), R5XX_S3_CYCLES by hand, 10 under make check-all;
# vm-timeout-units 6 covers those ten. rv380, rv515, r580, rs690 and rv350
# on bookworm, the ATOM re-post (rv515) on trixie too; rv380 on trixie under
# make check-all.
set -uo pipefail
. tests/driver/lib.sh
. tests/kms/lib.sh

cycles=${R5XX_S3_CYCLES:-1}
[ "${R5XX_CHECK_ALL:-0}" = 1 ] && [ -z "${R5XX_S3_CYCLES:-}" ] && cycles=10
d=$(r5xx_dir) || fail "no debugfs directory"
f=$d/r5xx_suspend
[ -e "$f" ] || fail "no $f"

posts() { sed -n 's/^posts //p' "$f"; }
asic_inits() { sed -n 's/^asic_inits //p' "$f"; }
combios_posts() { sed -n 's/^combios_posts //p' "$f"; }
restores() { sed -n 's/^restores //p' "$f"; }
# repost: the board comes back unposted
atom=0 combios=0 repost=1
case ${R5XX_CHIP:-} in
rv515 | r580 | rs690 | rs600) atom=1 ;;
rv350) combios=1 ;;
rs480) repost=0 ;;
esac

msg="r5xx: suspend to RAM and resume"
console_show before "$msg"

for i in $(seq "$cycles"); do
	p0=$(posts)
	a0=$(asic_inits)
	c0=$(combios_posts)
	r0=$(restores)
	echo 1 >"$f" || fail "cycle $i: suspend and resume failed"
	[ "$(posts)" -eq $((p0 + repost)) ] ||
		fail "cycle $i: posts $p0 -> $(posts), want $((p0 + repost)) on ${R5XX_CHIP:-rv380}"
	[ "$(asic_inits)" -eq $((a0 + atom)) ] ||
		fail "cycle $i: ASIC_Init runs $a0 -> $(asic_inits), want $((a0 + atom)) on $R5XX_CHIP"
	[ "$(combios_posts)" -eq $((c0 + combios)) ] ||
		fail "cycle $i: COMBIOS init table posts $c0 -> $(combios_posts), want $((c0 + combios)) on $R5XX_CHIP"
	[ "$(restores)" -eq $((r0 + repost - atom - combios)) ] ||
		fail "cycle $i: saved-register restores $r0 -> $(restores), want $((r0 + repost - atom - combios)) on $R5XX_CHIP"
	# grep -c reads all of dmesg: grep -q could leave dmesg a SIGPIPE,
	# which pipefail would make a failure
	[ "$atom" = 1 ] &&
		[ "$(dmesg | grep -c "re-posted it with the video BIOS's ASIC_Init")" -lt "$i" ] &&
		fail "cycle $i: no 're-posted it with the video BIOS's ASIC_Init' in dmesg"
	[ "$combios" = 1 ] &&
		[ "$(dmesg | grep -c "re-posted it with the video BIOS's init tables")" -lt "$i" ] &&
		fail "cycle $i: no 're-posted it with the video BIOS's init tables' in dmesg"
	console_stable after
	console_same before after "cycle $i: after resume"
	build/cs/cs paint >"$R5XX_SCRATCH/cs.out" 2>&1 ||
		{ cat "$R5XX_SCRATCH/cs.out"; fail "cycle $i: command submission after resume"; }
	build/kms/kms flip >"$R5XX_SCRATCH/flip.out" 2>&1 ||
		{ cat "$R5XX_SCRATCH/flip.out"; fail "cycle $i: page flips after resume"; }
	# the flips left the console; bring it back for the next comparison
	console_show before "$msg"
	how="re-posted from the saved registers"
	[ "$atom" = 1 ] && how="re-posted by ASIC_Init alone"
	[ "$combios" = 1 ] && how="re-posted by the COMBIOS init tables alone"
	[ "$repost" = 1 ] || how="came back posted"
	echo "cycle $i: $how, the console pixel for pixel as before, CS paint and flips ok"
done
check_log_clean "during suspend and resume"
echo "ok: $cycles suspend/resume cycle(s) through a cold GPU"
