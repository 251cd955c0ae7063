#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Piglit sample (issue 20): the tests of tests/piglit/sample.list, run with
# Debian's piglit and Mesa's r300 driver through EGL surfaceless, must not
# have a single command stream refused by the driver: none refused in the
# kernel log (drm.debug 0x2, as tests/desktop/lib.sh's cs_watch) and no
# "rejected CS" from Mesa's winsys.  The model has a partial 3D engine, so
# piglit's own results are printed, not asserted; that the sample
# submitted work is (jobs_done of r5xx_fences).
# vm-timeout-units: 5
# Units: 31 piglit programs of ~2-3 s each under TCG (about 120 s a boot
# measured on the 2-core host), each held to 30 s; 37 of them beside two
# kernel builds and a fuzzer took 480 s, so five units (600 s).
set -uo pipefail
pg=/usr/lib/x86_64-linux-gnu/piglit
list=${1:-tests/piglit/sample.list}
[ -x "$pg/bin/shader_runner" ] ||
	{ echo "piglit is not in this root (the trixie guest root has it)"; exit 77; }
fences=/sys/kernel/debug/dri/0/r5xx_fences
[ -r "$fences" ] || { echo "FAIL: no r5xx_fences in debugfs"; exit 1; }
export PIGLIT_PLATFORM=surfaceless_egl XDG_CACHE_HOME=/tmp HOME=/tmp

jobs_done() { awk '$1 == "jobs_done:" { print $2 }' "$fences"; }

dbg=/sys/module/drm/parameters/debug
old_dbg=$(cat "$dbg")
echo 0x2 >"$dbg"
seen=$(dmesg | wc -l)
jobs0=$(jobs_done)
declare -A count=()
rejected=0 n=0
while read -r line; do
	case $line in '' | \#*) continue ;; esac
	read -ra t <<<"$line"
	if [ "${t[0]}" = shader_runner ]; then
		cmd=("$pg/bin/shader_runner" "$pg/tests/spec/${t[1]}")
	else
		cmd=("$pg/bin/${t[0]}" "${t[@]:1}")
	fi
	if [ ! -x "${cmd[0]}" ] || { [ "${t[0]}" = shader_runner ] && [ ! -e "${cmd[1]}" ]; }; then
		echo "FAIL: $line: not in piglit"
		exit 1
	fi
	j=$(jobs_done)
	out=$(timeout 30 "${cmd[@]}" -auto -fbo 2>&1)
	rc=$?
	res=$(sed -n 's/.*"result": *"\([a-z]*\)".*/\1/p' <<<"$out" | tail -n 1)
	[ $rc = 124 ] && res=timeout
	res=${res:-crash}
	count[$res]=$((${count[$res]:-0} + 1))
	r=$(grep -c 'rejected CS' <<<"$out")
	rejected=$((rejected + r))
	n=$((n + 1))
	printf '%-4s %-7s jobs %-4s %s\n' "$([ "$r" = 0 ] && echo ok: || echo FAIL:)" \
		"$res" "$(($(jobs_done) - j))" "$line"
	[ "$r" = 0 ] || grep -m 3 'rejected CS' <<<"$out" | sed 's/^/    /'
done <"$list"
echo "$old_dbg" >"$dbg"

jobs=$(($(jobs_done) - jobs0))
refused=$(dmesg | tail -n +$((seen + 1)) |
	grep -E '\[drm:r5xx_(cs|ib)|CS: |radeon_cs|Invalid command stream')
summary=""
for k in pass fail skip warn crash timeout; do
	[ -n "${count[$k]:-}" ] && summary+=" ${count[$k]} $k"
done
echo "piglit: $n tests:$summary; $jobs jobs done"
fail=0
if [ -n "$refused" ]; then
	echo "FAIL: the kernel refused command streams:"
	head -n 20 <<<"$refused" | sed 's/^/    /'
	fail=1
fi
[ "$rejected" = 0 ] || { echo "FAIL: Mesa reported $rejected rejected CS"; fail=1; }
[ "$jobs" -gt 0 ] || { echo "FAIL: the sample ran no job on the GPU"; fail=1; }
[ $fail = 0 ] && echo "ok: no command stream refused on $R5XX_CHIP"
exit $fail
