# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Guest side of tests/bench/run (not a test; run as `bash tests/bench/guest.sh
# SECONDS`): the benchmark, then what the kernel logged that matters, as
# "dmesg ..." lines: warnings and oopses since boot, and anything the driver
# logged while the benchmark ran (CS rejections, lockups, resets).
bin=$PWD/build/bench/bench
if [ ! -x "$bin" ]; then
	echo "error build build/bench/bench is not built (make -C tests/bench)"
	exit 1
fi
before=$(dmesg | wc -l)
"$bin" "${1:-3}"
rc=$?
{
	dmesg | head -n "$before" | grep -E 'WARNING:|BUG:|Oops|Call Trace'
	dmesg | tail -n +"$((before + 1))"
} | sed 's/^/dmesg /'
exit $rc
