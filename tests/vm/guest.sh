#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Second stage of the test VM, PID 1 after switch_root into the host's root (see
# tests/vm/run, tests/vm/init). Reads $R5XX_SCRATCH/config, loads the driver,
# runs the command with its output in the scratch dir, saves its exit status and
# dmesg there, and powers off. No `set -e`: PID 1 must reach the power-off.
set -u
s=$R5XX_SCRATCH
# shellcheck source=/dev/null
. "$s/config"	# REPO KMODS DRIVER INSMOD_ARGS R5XX_KO, and the command's environment

off() {
	sync
	busybox poweroff -f 2>/dev/null || echo o >/proc/sysrq-trigger
	sleep 60
}

# report STATUS MESSAGE: fail without running the command
report() {
	echo "tests/vm: $2" >>"$s/stderr"
	dmesg >"$s/dmesg" 2>&1
	echo "$1" >"$s/status"
	off
}

mount -t debugfs debugfs /sys/kernel/debug
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs -o mode=1777 tmpfs /dev/shm
mount --bind "$KMODS" /lib/modules || report 125 "cannot bind $KMODS on /lib/modules"
: >"$s/stdout"
: >"$s/stderr"

case $DRIVER in
radeon)
	modprobe radeon 2>>"$s/stderr" || report 125 "modprobe radeon failed"
	;;
r5xx)
	for m in $(modinfo -F depends "$R5XX_KO" | tr , ' '); do
		modprobe "$m" 2>>"$s/stderr" || report 125 "modprobe $m (needed by r5xx.ko) failed"
	done
	# shellcheck disable=SC2086 # INSMOD_ARGS is a list of module parameters
	insmod "$R5XX_KO" $INSMOD_ARGS 2>>"$s/stderr" || report 125 "insmod r5xx.ko failed"
	;;
esac

cd "$REPO" && bash "$s/cmd" >"$s/stdout" 2>>"$s/stderr" </dev/null
st=$?
dmesg >"$s/dmesg" 2>&1
echo "$st" >"$s/status"
off
