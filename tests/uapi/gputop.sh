#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# IGT's gputop (tools/gputop, built by scripts/igt.sh) shows r5xx's fdinfo:
# while build/uapi/fdinfo busy keeps the GPU busy, three refreshes of gputop
# must list that process under a "gfx" engine column with a non-zero load.
# gputop draws nothing without a terminal (its height is 0), so it runs
# under script(1), whose pseudo-terminal of size 0x0 it takes for 80x24
# (its output then has CRLF line ends and escape sequences, removed here).
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
set -u
bin=$PWD/build/uapi/fdinfo
[ -x "$bin" ] || { echo "build/uapi/fdinfo is not built (tests/uapi/build.test)"; exit 77; }
igt=$(scripts/igt.sh --print) || { echo "$igt"; exit 77; }
gputop=$igt/tools/gputop
[ -x "$gputop" ] || { echo "gputop is not built (scripts/igt.sh)"; exit 77; }
command -v script >/dev/null || { echo "no script(1) (bsdutils)"; exit 77; }

coproc BUSY { exec "$bin" busy 8; }
pid=$BUSY_PID
exec {from}<&"${BUSY[0]}"
read -r -u "$from" line
[ "$line" = ready ] || { echo "FAIL: fdinfo busy did not start ($line)"; exit 1; }

out=$(timeout 60 script -qec "$gputop -n 3 -d 0.5" /dev/null </dev/null |
	tr -d '\r' | sed 's/\x1b\[[0-9;]*[A-Za-z]//g')
status=0
printf '%s\n' "$out" | sed 's/^/    /'
if ! printf '%s\n' "$out" | grep -q "PID.* gfx .*NAME"; then
	echo "FAIL: no header with a gfx engine column"
	status=1
fi
# a client line: PID, memory, |  NN.N% ...| NAME
load=$(printf '%s\n' "$out" |
	sed -n "s/^ *$pid .*| *\([0-9.]*\)% .*| *fdinfo *\$/\1/p" | tail -n1)
if [ -z "$load" ]; then
	echo "FAIL: the busy process $pid is not listed"
	status=1
elif ! awk -v l="$load" 'BEGIN { exit !(l > 0) }'; then
	echo "FAIL: its gfx load is $load%"
	status=1
else
	echo "ok: process $pid (fdinfo) listed with a gfx load of $load%"
fi
cat <&"$from"
wait "$pid" || { echo "FAIL: fdinfo busy failed"; status=1; }
exit $status
