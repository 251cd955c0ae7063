# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Guest side of tests/bench/run (not a test; the VM boots with no driver,
# and this runs `bash tests/bench/guest.sh SECONDS ROUNDS`).
#
# Both drivers are loaded into one boot and take turns on the GPU (sysfs
# unbind of one, bind of the other), metric by metric: for each of ROUNDS
# rounds and each metric, one driver runs it, then the other, the order
# alternating from one metric to the next (A B, B A, A B, ...) so that one
# switch of drivers serves two runs and neither driver always goes first.
# Prints, for tests/bench/run:
#   metric NAME VALUE UNIT ... driver=D round=R     one run of a metric
#   load D MS first|rebind                          insmod/bind to "IB test passed"
#   unbind D MS
#   allocs D PER_SUBMISSION N  and  allocsite D PER_SUBMISSION SITE
#   frame D MS round=R                             kmscube's ms a frame
# The kmscube metric is Debian's kmscube (Mesa r300 through GBM/EGL, page
# flips on the first CRTC; the model's 3D engine draws each frame: the
# clear and the cube) for 30 frames a second of SECONDS: its own frames/s
# (the first frame not counted) as "metric kmscube_fps", and 1000 / that
# as "frame".

#   info ..., error ..., dmesg ...                  as before
# Allocations are counted with the kmem tracepoints (kmalloc,
# kmem_cache_alloc and their _node forms, system-wide: the scheduler's
# thread and interrupts count too) over N waited-for submissions of the 3D
# stream once the buffers are placed and pools warm; mm_page_alloc is
# counted apart.
set -u
secs=${1:-3}
rounds=${2:-3}
only=${3:-}
bin=$PWD/build/bench/bench
ko=${R5XX_KO:-$PWD/r5xx.ko}
tr=/sys/kernel/tracing
if [ ! -x "$bin" ]; then
	echo "error build build/bench/bench is not built (make -C tests/bench)"
	exit 1
fi
mountpoint -q "$tr" || mount -t tracefs nodev "$tr" 2>/dev/null

# the modelled GPU: the first ATI display controller
dev=
for d in /sys/bus/pci/devices/*; do
	if [ "$(cat "$d/vendor")" = 0x1002 ] && [[ $(cat "$d/class") == 0x03* ]]; then
		dev=$(basename "$d")
		break
	fi
done
if [ -z "$dev" ]; then
	echo "error setup no ATI display controller"
	exit 1
fi

# seconds since boot of the last kernel log line matching ERE $1 after the
# marker line $2
log_time() {
	dmesg | awk -v re="$1" -v mark="$2" '
		index($0, mark) { seen = 1; next }
		seen && $0 ~ re { t = $0 }
		END { if (t != "") { sub(/^\[ */, "", t); sub(/\].*/, "", t); print t } }'
}
mark_n=0
# run COMMAND and print the time from a marker to the driver's IB test
# message: "load DRIVER MS KIND"
timed_load() { # DRIVER KIND COMMAND...
	local drv=$1 kind=$2 mark t0 t1 re
	shift 2
	mark_n=$((mark_n + 1))
	mark="r5xx-bench: mark $mark_n"
	echo "$mark" >/dev/kmsg
	"$@" || { echo "error load $drv: $* failed"; return 1; }
	case $drv in
	r5xx) re='IB test passed' ;;
	*) re='ib test succeeded' ;;
	esac
	t0=$(dmesg | awk -v m="$mark" 'index($0, m) { sub(/^\[ */, ""); sub(/\].*/, ""); print; exit }')
	t1=$(log_time "$re" "$mark")
	if [ -z "$t1" ]; then
		echo "error load $drv: no '$re' after $kind"
		return 1
	fi
	awk -v d="$drv" -v k="$kind" -v a="$t0" -v b="$t1" \
		'BEGIN { printf "load %s %.1f %s\n", d, (b - a) * 1000, k }'
}

bound=
unbind() {
	local t0 t1
	[ -n "$bound" ] || return 0
	t0=$(date +%s.%N)
	echo "$dev" >"/sys/bus/pci/drivers/$bound/unbind" || return 1
	t1=$(date +%s.%N)
	awk -v d="$bound" -v a="$t0" -v b="$t1" \
		'BEGIN { printf "unbind %s %.1f\n", d, (b - a) * 1000 }'
	bound=
}
# shellcheck disable=SC2317 # called through timed_load
bind_pci() { echo "$dev" >"/sys/bus/pci/drivers/$1/bind"; }
use() { # DRIVER
	[ "$bound" = "$1" ] && return 0
	unbind || { echo "error switch cannot unbind $bound"; return 1; }
	timed_load "$1" rebind bind_pci "$1" || return 1
	bound=$1
	udevadm settle 2>/dev/null
	return 0
}

before=$(dmesg | wc -l)
status=0
# first loads: r5xx's module, then radeon's (bound as it loads)
for m in $(modinfo -F depends "$ko" | tr , ' '); do
	modprobe "$m" || echo "error setup modprobe $m failed"
done
timed_load r5xx first insmod "$ko" && bound=r5xx
unbind
timed_load radeon first modprobe radeon && bound=radeon

# kmscube for 30 frames a second of $secs on the bound driver's card:
# "metric kmscube_fps FPS frames/s" and "frame DRIVER MS" (tests/bench/run)
run_kmscube() { # DRIVER ROUND
	local c card frames fps
	if ! command -v kmscube >/dev/null; then
		echo "error kmscube kmscube is not installed"
		return 1
	fi
	card=
	for c in /sys/bus/pci/devices/"$dev"/drm/card*; do
		[ -e "$c" ] && { card=$c; break; }
	done
	if [ -z "$card" ]; then
		echo "error kmscube no DRM card for $dev under $1"
		return 1
	fi
	frames=$(awk -v s="$secs" 'BEGIN { n = int(30 * s); print n < 3 ? 3 : n }')
	# kmscube stops when its stdin is readable: a pipe that stays empty
	[ -p /tmp/kmscube.in ] || mkfifo /tmp/kmscube.in
	sleep 1000 >/tmp/kmscube.in &
	local spid=$!
	kmscube -D "/dev/dri/$(basename "$card")" -c "$frames" \
		</tmp/kmscube.in >/tmp/kmscube.out 2>&1
	kill "$spid" 2>/dev/null
	wait "$spid" 2>/dev/null
	fps=$(sed -n 's/^Rendered [0-9]* frames in .* (\([0-9.]*\) fps)$/\1/p' /tmp/kmscube.out | tail -n 1)
	if [ -z "$fps" ] || ! grep -q 'renderer: "ATI RV\|renderer: "ATI R' /tmp/kmscube.out; then
		echo "error kmscube $1: no frame rate, or not Mesa's r300:"
		tail -n 5 /tmp/kmscube.out | sed 's/^/error kmscube   /'
		return 1
	fi
	echo "metric kmscube_fps $fps frames/s frames=$frames driver=$1 round=$2"
	awk -v d="$1" -v f="$fps" -v r="$2" 'BEGIN { if (f > 0) printf "frame %s %.1f round=%s\n", d, 1000 / f, r }'
}

metrics="roundtrip cs_3d cs_state gem_4k_gtt gem_4k_vram gem_1m_gtt gem_1m_vram kmscube"
count_allocs=1
if [ -n "$only" ]; then
	metrics=$(echo "$only" | tr , '\n' | grep -vx allocs | tr '\n' ' ')
	echo ",$only," | grep -q ',allocs,' || count_allocs=0
fi
order="r5xx radeon"
for ((r = 1; r <= rounds; r++)); do
	for m in $metrics; do
		for d in $order; do
			use "$d" || { status=1; break 3; }
			if [ "$m" = kmscube ]; then
				run_kmscube "$d" "$r" || status=1
				continue
			fi
			"$bin" "$secs" "$m" >/tmp/bench.out 2>&1 || status=1
			if [ "$r" = 1 ] && [ "$m" = roundtrip ]; then
				sed -n "s/^info /info $d /p" /tmp/bench.out
			fi
			sed -n "s/^metric .*/& driver=$d round=$r/p; /^error /p" /tmp/bench.out
		done
		order=$(echo "$order" | awk '{ print $2, $1 }')
	done
done

# allocations per submission in steady state
for ev in kmalloc kmalloc_node kmem_cache_alloc kmem_cache_alloc_node mm_page_alloc; do
	[ -e "$tr/events/kmem/$ev/enable" ] && echo 1 >"$tr/events/kmem/$ev/enable"
done
echo 0 >"$tr/tracing_on"
echo 4096 >"$tr/buffer_size_kb"
for d in r5xx radeon; do
	[ "$count_allocs" = 1 ] || break
	use "$d" || { status=1; break; }
	echo >"$tr/trace"
	"$bin" 1 allocs >/tmp/bench.out 2>&1 || status=1
	grep '^error ' /tmp/bench.out
	n=$(sed -n 's/^info allocs_n //p' /tmp/bench.out)
	[ -n "$n" ] || continue
	awk -v d="$d" -v n="$n" '
		/ (kmalloc|kmalloc_node|kmem_cache_alloc|kmem_cache_alloc_node): / {
			total++
			site = $0; sub(/.*call_site=/, "", site); sub(/[+ ].*/, "", site)
			sites[site]++
		}
		/ mm_page_alloc: / { pages++ }
		END {
			printf "allocs %s %.2f %d pages=%.2f\n", d, total / n, n, pages / n
			for (s in sites)
				printf "allocsite %s %.2f %s\n", d, sites[s] / n, s
		}' "$tr/trace" | sort -k1,1 -k3,3nr
	grep -q 'entries-in-buffer.*lost: 0\|^# entries' "$tr/trace" || true
done
echo 0 >"$tr/events/enable" 2>/dev/null
unbind

{
	dmesg | head -n "$before" | grep -E 'WARNING:|BUG:|Oops|Call Trace'
	dmesg | tail -n +"$((before + 1))" |
		grep -E 'WARNING:|BUG:|Oops|Call Trace|ERROR|error|lockup|reset|reject|fail'
} | sed 's/^/dmesg /'
exit $status
