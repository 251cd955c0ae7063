#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: the scheduler knows whose job it runs. Where
# drm_sched_job_init() takes a DRM client id, r5xx passes the submitting
# file's, so the scheduler's drm_sched_job_queue trace event of each job
# shows the drm-client-id of that file's fdinfo; the driver's own jobs
# (clearing new VRAM) show 0. Two files submit one fill each
# (build/uapi/fdinfo submit 2). Only trixie-backports' 7.3 runs it:
# trixie's 6.12.118 takes the id but its trace events do not show it, and
# the older kernels have none.
# vm-chips: rv380 rv515
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
# vm-kernels: trixie-backports
set -uo pipefail
. tests/driver/lib.sh

bin=$PWD/build/uapi/fdinfo
[ -x "$bin" ] || skip "build/uapi/fdinfo is not built (tests/uapi/build.test)"

t=/sys/kernel/tracing
[ -e "$t/events" ] || mount -t tracefs nodev "$t" || fail "cannot mount tracefs"
ev=$t/events/gpu_scheduler/drm_sched_job_queue
[ -e "$ev/format" ] || fail "no gpu_scheduler:drm_sched_job_queue event"
grep -q 'client_id;' "$ev/format" ||
	fail "drm_sched_job_queue has no client_id field on $(uname -r)"

: >"$t/trace"
echo 1 >"$ev/enable" || fail "cannot enable drm_sched_job_queue"
ids=$("$bin" submit 2)
rc=$?
echo 0 >"$ev/enable"
[ "$rc" = 0 ] || fail "fdinfo submit 2: exit $rc: $ids"
trace=$(grep 'ring=r5xx-cp' "$t/trace")
echo "drm-client-id of the two files: ${ids//$'\n'/ }"
echo "$trace"

n=0
for id in $ids; do
	n=$((n + 1))
	[ "$id" != 0 ] || fail "file $n has drm-client-id 0"
	c=$(grep -c "client_id:$id\$" <<<"$trace")
	[ "$c" = 1 ] ||
		fail "$c queued jobs with client_id $id, the file that submitted one"
	echo "ok: one job of client $id"
done
[ "$n" = 2 ] || fail "fdinfo submit 2 printed $n ids"
others=$(grep -vE "client_id:($(tr '\n' '|' <<<"$ids")0)\$" <<<"$trace")
[ -z "$others" ] || fail "jobs of other clients: $others"
echo "ok: every other job is the driver's (client_id 0)"
