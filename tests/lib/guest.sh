# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Sourced by the VM tests' lib.sh files: make sure a guest program that a
# host test built (make -C tests/SUITE, tests/SUITE/build.test) is there and
# not older than its sources; exits the test with a message otherwise.

guest_check() { # SUITE SRCDIR NAME [LIB...]: prints nothing if all is well
	local suite=$1 dir=$2 name=$3 bin f
	shift 3
	bin=build/$suite/$name
	if [ ! -x "$bin" ]; then
		echo "$bin is not built: run make -C tests/$suite (tests/$suite/build.test)"
		exit 1
	fi
	for f in "$dir/$name.c" "$@"; do
		if [ "$f" -nt "$bin" ]; then
			echo "$bin is older than $f: run make -C tests/$suite"
			exit 1
		fi
	done
}
