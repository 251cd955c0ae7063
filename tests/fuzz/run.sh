#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# `make fuzz`: a long libFuzzer run of the command-stream checker
# (tests/fuzz/cs_fuzz.c) from the committed corpus and dictionary, outside
# `make check` (tests/fuzz/cs-fuzz.test is the short run there).
#
#   FUZZ_RUNS     executions (default 100000000)
#   FUZZ_SECONDS  stop after this many seconds instead, if set
#
# New inputs go to build/fuzz/new (merge the useful ones into the corpus
# with `build/fuzz/cs_fuzz -merge=1 tests/fuzz/corpus build/fuzz/new`), a
# crash, sanitizer report or oracle escape to build/fuzz/crash-*.  Prints
# executions, exec/s, coverage (cov: edges, ft: features), the corpus and
# the findings; exits non-zero on a finding.
set -euo pipefail

runs=${FUZZ_RUNS:-100000000}
secs=${FUZZ_SECONDS:-0}
out=build/fuzz
mkdir -p "$out/new"
tests/fuzz/build.sh "$out/cs_fuzz"
log=$out/fuzz.log
before=$(find "$out" -maxdepth 1 -name 'crash-*' -o -maxdepth 1 -name 'leak-*' \
	-o -maxdepth 1 -name 'timeout-*' -o -maxdepth 1 -name 'oom-*' | wc -l)
limit=""
[ "$secs" = 0 ] || limit=" or ${secs}s"
echo "fuzzing: $runs executions$limit, log in $log"
rc=0
"$out/cs_fuzz" -runs="$runs" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	-print_final_stats=1 -dict=tests/fuzz/cs.dict -artifact_prefix="$out/" \
	"$out/new" tests/fuzz/corpus >"$log" 2>&1 || rc=$?
after=$(find "$out" -maxdepth 1 -name 'crash-*' -o -maxdepth 1 -name 'leak-*' \
	-o -maxdepth 1 -name 'timeout-*' -o -maxdepth 1 -name 'oom-*' | wc -l)

stat() { local v; v=$(sed -n "s/^stat::$1: *//p" "$log" | tail -n 1); echo "${v:-0}"; }
last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
corp=$(sed -n 's/.* corp: \([0-9/a-zA-Z]*\).*/\1/p' <<<"$last")
echo "executions:  $(stat number_of_executed_units)"
echo "exec/s:      $(stat average_exec_per_sec)"
echo "coverage:    cov ${cov:-?} ft ${ft:-?} (corpus ${corp:-?})"
echo "new units:   $(stat new_units_added)"
echo "findings:    $((after - before))$( [ "$rc" = 0 ] || echo " (libFuzzer exit $rc)")"
if [ "$rc" != 0 ]; then
	grep -E 'checker accepted|checker returned|ERROR: |SUMMARY: |Test unit written' "$log" | head -n 20
	exit 1
fi
