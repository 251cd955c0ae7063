# shellcheck shell=bash
# Sourced by the model's VM tests (tests/model/*.sh): run one guest program
# from build/model/, built on the host by tests/model/build.test
# (make -C tests/model).  Exit status and output are the program's.

run_guest() { # NAME
	local bin=build/model/$1 src=tests/model/guest/$1.c
	if [ ! -x "$bin" ]; then
		echo "$bin is not built: run make -C tests/model (tests/model/build.test)"
		exit 1
	fi
	if [ "$src" -nt "$bin" ] || [ tests/model/guest/r5xx_test.c -nt "$bin" ]; then
		echo "$bin is older than its source: run make -C tests/model"
		exit 1
	fi
	exec "$bin"
}
