# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Sourced by the command-submission tests: run a program of build/cs/.
run_cs() { # PROGRAM ARGS...
	local bin=$PWD/build/cs/$1
	shift
	if [ ! -x "$bin" ]; then
		echo "build/cs/${bin##*/} is not built (tests/cs/build.test)"
		exit 77
	fi
	"$bin" "$@"
}
