# SPDX-License-Identifier: GPL-2.0-only OR MIT
# shellcheck shell=bash
# Sourced by the IGT VM tests (tests/igt/*.sh), in the guest: run the IGT
# programs of one section of tests/igt/list and hold their results against
# tests/igt/expected-$R5XX_DRIVER-$R5XX_CHIP.txt.
#
# Each program runs with IGT_FORCE_DRIVER=radeon (both drivers call their DRM
# driver "radeon"; IGT then loads no other vendor's module) and IGT_HANG=0.
# Its results are one line per subtest, "PROGRAM SUBTEST RESULT" with RESULT
# pass, skip or fail; dynamic subtests are SUBTEST@DYNAMIC, and a program
# without subtests is SUBTEST "-". IGT prints "Subtest X: SUCCESS|SKIP|FAIL|
# CRASH|TIMEOUT"; a subtest that starts and never reports, a program that exits
# other than 0, 77 (skip) or 98 (failure: a subtest FAILed), or one killed by
# the time limit counts as a failure too.
#
# The expectations file has lines "PROGRAM SUBTEST pass|skip|fail". The test
# fails if a subtest failed that is not listed as fail (a known failure: only
# the referee has them, where the model lacks what the test needs), or if a
# subtest listed as pass did not pass; it names the subtests that pass but are
# not listed so (update the file: tests/igt/record).
#
# With R5XX_IGT_RECORD=1 it also prints "igt-result PROGRAM SUBTEST RESULT
# <tab> WHY" (WHY: for a skip or failure, what IGT printed before it) and
# "igt-time PROGRAM SECONDS EXIT" lines, which tests/igt/record collects.
#
# A subtest expected to pass that fails is run once more on its own (see
# igt_rerun); if it passes then, it counts as passed and its first failure
# is printed as "flaky".
#
# Time: the whole section must finish within R5XX_TEST_TIMEOUT (120 s, of
# which 10 are kept back); a program gets at most R5XX_IGT_PROG_TIMEOUT (60 s)
# of that. A program left without time is a failure ("not run").

igt_strip() { sed -e 's/\x1b\[[0-9;]*m//g' -e 's/^([^ ]*:[0-9]*) //'; }

# igt_parse PROGRAM EXIT < OUTPUT: print the result lines (with WHY).
igt_parse() {
	igt_strip | awk -v prog="$1" -v rc="$2" '
	function why(s) { gsub(/\t/, " ", s); return substr(s, 1, 240) }
	function emit(name, res, w) {
		printf "%s %s %s\t%s\n", prog, name, res, (res == "pass" ? "" : why(w))
		n++
	}
	function norm(r) { return r == "SUCCESS" ? "pass" : r == "SKIP" ? "skip" : "fail" }
	function note(l) { buf = buf == "" ? l : buf "; " l }
	/^Starting subtest: / { cur = substr($0, 19); buf = ""; reason = ""; next }
	/^Starting dynamic subtest: / { dyn = substr($0, 27); dbuf = buf; buf = ""; next }
	/^Subtest .*: (SUCCESS|SKIP|FAIL|CRASH|TIMEOUT) \(/ {
		s = $0; sub(/^Subtest /, "", s)
		r = s; sub(/ \([^()]*\)$/, "", r); sub(/.*: /, "", r)
		sub(/: [A-Z]+ \([^()]*\)$/, "", s)
		if (buf != "") reason = buf
		emit(s, norm(r), reason); buf = ""; cur = ""; next
	}
	/^Dynamic subtest .*: (SUCCESS|SKIP|FAIL|CRASH|TIMEOUT) \(/ {
		s = $0; sub(/^Dynamic subtest /, "", s)
		r = s; sub(/ \([^()]*\)$/, "", r); sub(/.*: /, "", r)
		sub(/: [A-Z]+ \([^()]*\)$/, "", s)
		emit(cur "@" s, norm(r), buf); buf = dbuf; dyn = ""; next
	}
	/^(IGT-Version|Using IGT_SRANDOM|Opened device|Test requirement not met)/ { next }
	/^Test requirement: / { note(substr($0, 19)); next }
	/^(Subtest|Dynamic subtest) .* failed\.$/ { next }
	/^Stack trace:|^  #[0-9]/ { next }
	/[^ ]/ { note($0) }
	END {
		if (cur != "") emit(cur, "fail", "started, never reported (exit " rc "): " buf)
		if (rc == 124 || rc == 137) { emit("(time-limit)", "fail", "killed by the time limit after the above"); exit }
		if (n == 0) emit("-", rc == 0 ? "pass" : rc == 77 ? "skip" : "fail", (rc == 0 || rc == 77) ? buf : "exit " rc ": " buf)
		else if (rc != 0 && rc != 77 && rc != 98) emit("(exit)", "fail", "exit " rc)
	}'
}

# igt_rerun PROGRAM RESULTS EXPECTED START TIMEOUT: run each subtest of
# PROGRAM that failed although EXPECTED says pass once more, on its own; if
# it passes then, its results replace the failed ones in RESULTS and the
# first failure is printed as "flaky". Some subtests count vblanks against
# the wall clock (kms_vblank accuracy-idle, kms_flip's vblank waits): a busy
# host that keeps QEMU's vCPU off the CPU for longer than a frame makes the
# guest serve two vblanks in one interrupt, on any driver.
igt_rerun() {
	local p=$1 res=$2 exp=$3 start=$4 tmo=$5 s left rc
	# awk: SUBTEST (without @DYNAMIC) of each result line in n
	# shellcheck disable=SC2016
	local key='{ split($0, f, "\t"); split(f[1], k, " "); n = k[2]; sub(/@.*/, "", n) }'
	[ -f "$exp" ] || return 0
	awk -v p="$p" "$key"' k[1] == p && k[3] == "fail" { print n }' "$res" | sort -u >/tmp/igt.failed
	while read -r s; do
		grep -qx "$p $s pass" "$exp" || continue
		left=$((tmo - 10 - (SECONDS - start)))
		[ "$left" -ge 10 ] || return 0
		[ "$left" -le "${R5XX_IGT_PROG_TIMEOUT:-60}" ] || left=${R5XX_IGT_PROG_TIMEOUT:-60}
		IGT_FORCE_DRIVER=radeon IGT_HANG=0 XDG_CACHE_HOME=/tmp timeout -k 2 "$left" \
			"$build/tests/$p" --run-subtest "$s" >/tmp/igt.rerun 2>&1 </dev/null
		rc=$?
		igt_parse "$p" "$rc" </tmp/igt.rerun >/tmp/igt.rerun.res
		[ "$rc" = 0 ] || continue
		! awk "$key"' k[3] == "fail" { bad = 1 } END { exit !bad }' /tmp/igt.rerun.res || continue
		awk -v p="$p" -v s="$s" "$key"' k[1] == p && n == s && k[3] == "fail"' "$res" |
			sed 's/^/flaky (passed when run again on its own): /'
		awk -v p="$p" -v s="$s" "$key"' !(k[1] == p && n == s)' "$res" >"$res.tmp"
		cat /tmp/igt.rerun.res >>"$res.tmp"
		mv "$res.tmp" "$res"
	done </tmp/igt.failed
}

# igt_section NAME: run the programs of [NAME] in tests/igt/list; exit status
# as described above.
igt_section() {
	local sec=$1 build sel progs p pat args t0 t1 left rc exp=tests/igt/expected-${R5XX_DRIVER:-none}-${R5XX_CHIP:-none}.txt
	local res=/tmp/igt-$sec.res out=/tmp/igt.out tmo=${R5XX_TEST_TIMEOUT:-120} start=$SECONDS
	build=$(scripts/igt.sh --print) || { echo "$build"; exit 77; }
	# "PROGRAM [[DRIVER=]PATTERN]...": the pattern for this driver, else
	# the plain one, else all subtests.
	sel=$(awk -v s="[$sec]" -v d="${R5XX_DRIVER:-none}=" '/^\[/ { on = ($1 == s); next }
		{ sub(/#.*/, "") }
		on && NF { pat = "*"; for (i = 2; i <= NF; i++) {
			if (index($i, d) == 1) { pat = substr($i, length(d) + 1); break }
			if ($i !~ /=/) pat = $i }
			print $1, pat }' tests/igt/list)
	[ -n "$sel" ] || { echo "tests/igt/list has no section [$sec]"; exit 1; }
	read -r -a progs <<<"$(awk '{ print $1 }' <<<"$sel" | tr '\n' ' ')"
	: >"$res"
	while read -r p pat; do
		left=$((tmo - 10 - (SECONDS - start)))
		[ "$left" -le "${R5XX_IGT_PROG_TIMEOUT:-60}" ] || left=${R5XX_IGT_PROG_TIMEOUT:-60}
		if [ "$left" -lt 5 ]; then
			printf '%s (not-run) fail\tno time left in this section\n' "$p" >>"$res"
			continue
		fi
		t0=$SECONDS
		args=()
		[ "$pat" = "*" ] || args=(--run-subtest "$pat")
		IGT_FORCE_DRIVER=radeon IGT_HANG=0 XDG_CACHE_HOME=/tmp timeout -k 2 "$left" \
			"$build/tests/$p" "${args[@]}" >"$out" 2>&1 </dev/null
		rc=$?
		t1=$SECONDS
		igt_parse "$p" "$rc" <"$out" >"$res.prog"
		[ "${R5XX_IGT_RECORD:-}" != 1 ] || echo "igt-time $p $((t1 - t0)) $rc"
		if grep -q "^$p [^ ]* fail	" "$res.prog"; then
			echo "--- $p (exit $rc) output:"
			igt_strip <"$out" | tail -n 40 | sed 's/^/    /'
			igt_rerun "$p" "$res.prog" "$exp" "$start" "$tmo"
		fi
		cat "$res.prog" >>"$res"
	done <<<"$sel"
	[ "${R5XX_IGT_RECORD:-}" != 1 ] || sed 's/^/igt-result /' "$res"
	igt_compare "$res" "$exp" "${progs[@]}"
}

# igt_compare RESULTS EXPECTED PROGRAM...: print the verdict; 0 if no failure
# and no expected pass lost.
igt_compare() {
	local res=$1 exp=$2
	shift 2
	[ -f "$exp" ] || { echo "note: no $exp, nothing expected"; exp=/dev/null; }
	awk -v progs="$*" '
	BEGIN { np = split(progs, a, " "); for (i = 1; i <= np; i++) mine[a[i]] = 1 }
	FILENAME == ARGV[1] { if ($0 !~ /^#/ && ($1 in mine)) want[$1 " " $2] = $3; next }
	{ split($0, f, "\t"); split(f[1], k, " "); key = k[1] " " k[2]; got[key] = k[3]; why[key] = f[2]; cnt[k[3]]++ }
	END {
		bad = 0
		for (key in got) {
			if (got[key] == "fail" && want[key] == "fail") print "known failure " key ": " why[key]
			else if (got[key] == "fail") { print "FAIL " key ": " why[key]; bad = 1 }
			else if (got[key] == "pass" && want[key] != "pass") print "new pass " key " (expected " (key in want ? want[key] : "nothing") ")"
		}
		for (key in want)
			if (want[key] == "pass" && got[key] != "pass") {
				print "LOST " key ": expected pass, got " (key in got ? got[key] ": " why[key] : "nothing")
				bad = 1
			}
		printf "%d pass, %d skip, %d fail\n", cnt["pass"], cnt["skip"], cnt["fail"]
		exit bad
	}' "$exp" "$res"
}
