# shellcheck shell=bash
# Sourced by the display VM tests (tests/display/*.sh): run one guest
# program from build/display/ (built by tests/display/build.test) with
# arguments; returns its exit status (chain calls with ||  exit 1).

. tests/lib/guest.sh

run_guest() { # NAME [ARG...]
	local name=$1

	guest_check display tests/display/guest "$name" tests/display/guest/disp.c
	shift
	"build/display/$name" "$@"
}
