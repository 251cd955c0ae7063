#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# CS test: hostile submissions (build/cs/hostile, see tests/cs/hostile.c)
# are refused, each followed by a valid fill that must still work, and the
# refusals are silent in dmesg while drm.debug is off.  Then, with
# drm.debug=0x2 (DRM_UT_DRIVER), a refusal must log a message naming the
# register.
# vm-chips: rv380 rv515
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
. tests/cs/lib.sh

dbg=/sys/module/drm/parameters/debug
fail=0

# Kernel log lines since the last call; sets $new.
seen=$(dmesg | wc -l)
kernel_news() {
	local all
	all=$(dmesg)
	new=$(tail -n +$((seen + 1)) <<<"$all")
	seen=$(wc -l <<<"$all")
}

if [ -w "$dbg" ]; then
	old_dbg=$(cat "$dbg")
	echo 0 >"$dbg"
fi

run_cs hostile || fail=1
kernel_news
if grep -qE 'WARNING:|BUG:|Oops|general protection' <<<"$new"; then
	echo "FAIL: kernel warnings during the hostile streams"
	fail=1
fi
# upstream logs refusals with DRM_ERROR; r5xx only with rate-limited drm_dbg
if grep -qiE 'r5xx|drm|radeon|CS: ' <<<"$new"; then
	echo "FAIL: refusals logged with drm.debug off:"
	grep -iE 'r5xx|drm|radeon|CS: ' <<<"$new" | head -n 20
	fail=1
else
	echo "ok: no kernel messages for the refusals ($(grep -c . <<<"$new") new lines)"
fi

if [ -w "$dbg" ]; then
	echo 0x2 >"$dbg"
	run_cs hostile debug || fail=1
	echo "${old_dbg:-0}" >"$dbg"
	kernel_news
	for want in 'forbidden register 0x0700' '33 chunks'; do
		if grep -qF "$want" <<<"$new"; then
			echo "ok: drm.debug=0x2 logs \"$want\""
		else
			echo "FAIL: drm.debug=0x2 did not log \"$want\"; new kernel lines:"
			tail -n 20 <<<"$new"
			fail=1
		fi
	done
else
	echo "note: $dbg not writable, debug messages not checked"
fi

exit $fail
