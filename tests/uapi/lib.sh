# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Sourced by the UAPI tests: run one subtest of build/uapi/uapi.
run_uapi() {
	local bin=$PWD/build/uapi/uapi
	if [ ! -x "$bin" ]; then
		echo "build/uapi/uapi is not built (tests/uapi/build.test)"
		exit 77
	fi
	"$bin" "$1"
}
