# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Where the time of a CS round trip goes, in the guest (not a test; run by
# tests/bench/profile as `bash tests/bench/profile-guest.sh SECONDS` with
# either driver bound).
#
# 1. ftrace function_graph, three levels deep, under the CS ioctl and the
#    GEM_WAIT_IDLE ioctl of the bench's round-trip loop (a one-pixel 2D fill,
#    submit + wait): per function, calls per round trip and mean inclusive
#    time.  Tracing inflates short functions; compare shares, not totals.
# 2. without function tracing, the scheduler's tracepoints and the
#    driver's interrupt: per round trip, the time from drm_sched_job (the
#    ioctl pushed the job) to drm_run_job (the scheduler's thread took it)
#    and on to drm_sched_process_job (the fence signalled from the
#    interrupt).
set -u
secs=${1:-1}
bin=$PWD/build/bench/bench
tr=/sys/kernel/tracing
mountpoint -q "$tr" || mount -t tracefs nodev "$tr"
drv=$(basename "$(readlink /sys/class/drm/renderD128/device/driver)")
case $drv in
r5xx) funcs="r5xx_ioctl_cs r5xx_ioctl_gem_wait_idle" ;;
*) funcs="radeon_cs_ioctl radeon_gem_wait_idle_ioctl" ;;
esac
echo "profile driver $drv"

echo 0 >"$tr/tracing_on"
echo 8192 >"$tr/buffer_size_kb"
echo function_graph >"$tr/current_tracer"
echo 0 >"$tr/max_graph_depth"
echo 1 >"$tr/options/funcgraph-tail"
echo 0 >"$tr/options/funcgraph-irqs"
: >"$tr/set_graph_function"
for f in $funcs; do echo "$f" >>"$tr/set_graph_function" || echo "profile no function $f"; done
echo >"$tr/trace"
"$bin" "$secs" roundtrip &
pid=$!
sleep 0.3
echo 1 >"$tr/tracing_on"
sleep "$secs"
echo 0 >"$tr/tracing_on"
wait "$pid"
# "  0)   1.234 us    |      foo();"  and  "  0)   5.678 us    |    } /* bar */"
awk -v top="$funcs" '
	BEGIN { n = split(top, t, " "); for (i = 1; i <= n; i++) istop[t[i]] = 1 }
	/\|/ {
		bar = index($0, "|")
		left = substr($0, 1, bar - 1); right = substr($0, bar + 1)
		if (left !~ / us /) next
		dur = left; sub(/^.*\) */, "", dur); gsub(/[^0-9.]/, "", dur)
		match(right, /^ */); depth = int((RLENGTH - 1) / 2)
		name = right; sub(/^ */, "", name)
		if (name ~ /^}/) { sub(/^} \/\* /, "", name); sub(/ \*\/.*/, "", name) }
		else { sub(/\(.*/, "", name) }
		sub(/ \[.*/, "", name)
		if (istop[name]) { if (right ~ /}/) calls[name]++; base = depth }
		depth -= base
		if (depth > 2 || depth < 0) next
		key = depth " " name
		tot[key] += dur; cnt[key]++
	}
	END {
		rt = calls[t[1]]
		printf "graph round_trips %d\n", rt
		for (k in tot)
			if (rt)
				printf "graph %s calls/rt=%.2f mean_us=%.2f us/rt=%.2f\n", k,
					cnt[k] / rt, tot[k] / cnt[k], tot[k] / rt
	}' "$tr/trace" | sort -k2,2n -k6,6 | sort -t= -k4,4nr
echo nop >"$tr/current_tracer"
: >"$tr/set_graph_function"

# 2. tracepoints
if [ "$drv" = r5xx ]; then
	echo >"$tr/trace"
	for e in gpu_scheduler/drm_sched_job gpu_scheduler/drm_run_job gpu_scheduler/drm_sched_process_job; do
		echo 1 >"$tr/events/$e/enable"
	done
	"$bin" "$secs" roundtrip >/dev/null &
	pid=$!
	sleep 0.3
	echo 1 >"$tr/tracing_on"
	sleep "$secs"
	echo 0 >"$tr/tracing_on"
	wait "$pid"
	echo 0 >"$tr/events/enable"
	awk '
		function ts(   x) { x = $0; sub(/: [a-z_]+:.*/, "", x); sub(/.* /, "", x); return x * 1e6 }
		/ drm_sched_job:/ { push = ts() }
		/ drm_run_job:/ && push { run = ts(); d1[++n1] = run - push; push = 0 }
		/ drm_sched_process_job:/ && run { d2[++n2] = ts() - run; run = 0 }
		function med(a, n,   i, j, t) {
			for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
			return n ? a[int((n + 1) / 2)] : 0
		}
		END {
			printf "sched push_to_run_job median_us=%.1f n=%d\n", med(d1, n1), n1
			printf "sched run_job_to_fence_signal median_us=%.1f n=%d\n", med(d2, n2), n2
		}' "$tr/trace"
fi
