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

# Run uapi TEST across an unbind of the device from r5xx (needs
# tests/driver/lib.sh): the program prints "ready" once it holds what must
# outlive the device, the device is unbound, the program is told to go on
# and must pass; then the device is bound again (also, by the EXIT trap,
# if the test stops halfway, for the tests after this one).
run_uapi_across_unbind() { # TEST
	local bin=$PWD/build/uapi/uapi drv=/sys/bus/pci/drivers/r5xx
	local dev pid line from to
	[ -x "$bin" ] || skip "build/uapi/uapi is not built (tests/uapi/build.test)"
	dev=$(find "$drv" -maxdepth 1 -name '0000:*' -printf '%f\n')
	[ -n "$dev" ] || fail "r5xx is bound to no device"
	# expanded now: the trap runs after these locals are gone
	# shellcheck disable=SC2064
	trap "[ -e $drv/$dev ] || echo $dev >$drv/bind" EXIT

	coproc UP { "$bin" "$1"; }
	# bash drops UP and UP_PID when the program ends: keep copies
	pid=$UP_PID
	exec {from}<&"${UP[0]}" {to}>&"${UP[1]}"
	while IFS= read -r -u "$from" line && [ "$line" != ready ]; do
		echo "$line"
	done
	[ "$line" = ready ] || fail "the program stopped before it was ready"
	echo "$dev" >"$drv/unbind" || fail "unbind $dev"
	[ ! -e "$drv/$dev" ] || fail "$dev still bound"
	echo "unbound $dev"
	echo go >&"$to"
	cat <&"$from"
	wait "$pid" || fail "uapi $1 failed"

	echo "$dev" >"$drv/bind" || fail "bind $dev again"
	echo "bound $dev again"
}
