# shellcheck shell=bash
# Sourced by the display VM tests (tests/display/*.sh): run one guest
# program from build/display/ (built by tests/display/build.test) with
# arguments; returns its exit status (chain calls with ||  exit 1).

run_guest() { # NAME [ARG...]
	local bin=build/display/$1 src=tests/display/guest/$1.c
	if [ ! -x "$bin" ]; then
		echo "$bin is not built: run make -C tests/display (tests/display/build.test)"
		exit 1
	fi
	if [ "$src" -nt "$bin" ] || [ tests/display/guest/disp.c -nt "$bin" ]; then
		echo "$bin is older than its source: run make -C tests/display"
		exit 1
	fi
	shift
	"$bin" "$@"
}
