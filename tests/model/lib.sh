# shellcheck shell=bash
# Sourced by the model's VM tests (tests/model/*.sh): run one guest program
# from build/model/, built on the host by tests/model/build.test
# (make -C tests/model).  Exit status and output are the program's.

. tests/lib/guest.sh

run_guest() { # NAME
	guest_check model tests/model/guest "$1" tests/model/guest/r5xx_test.c
	exec "build/model/$1"
}
