#!/bin/bash
# KMS test (in the VM, r5xx.ko): reloaded with modeset=0, r5xx is the
# render-only driver on either display engine (rv380 legacy, rv515 AVIVO):
# no connectors, no fbdev, the reason in the debug log; reloaded again with
# the default, the connectors and the console are back.
# vm-chips: rv380 rv515
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
set -uo pipefail
. tests/driver/lib.sh

no_kms() { # WHAT
	ls /sys/class/drm/ | grep '^card0-' >/dev/null && fail "$1: connectors exist: $(ls /sys/class/drm)"
	grep -q . /proc/fb && fail "$1: a framebuffer device exists: $(cat /proc/fb)"
	modetest -M radeon -c >/dev/null 2>&1 && fail "$1: modetest found KMS resources"
	[ -e /dev/dri/renderD128 ] || fail "$1: no render node"
	echo "ok: $1: render-only, no KMS"
}

chip=${R5XX_CHIP:-rv380}
# leave the driver loaded for the tests after this one, pass or fail
trap 'grep -q "^r5xx " /proc/modules || insmod "$ko"' EXIT
old=$(cat /sys/module/drm/parameters/debug)
rmmod r5xx || fail "rmmod"
echo 0x2 >/sys/module/drm/parameters/debug	# DRM_UT_DRIVER
insmod "$ko" modeset=0; ret=$?
echo "$old" >/sys/module/drm/parameters/debug
[ $ret = 0 ] || fail "insmod modeset=0"
no_kms "$chip with modeset=0"
dmesg | grep 'modeset=0: no KMS' >/dev/null || fail "no debug message about modeset=0"
rmmod r5xx || fail "rmmod"
insmod "$ko" || fail "insmod"
grep -q connected /sys/class/drm/card0-VGA-1/status || fail "no VGA-1 after reload"
grep -q . /proc/fb || fail "no fbdev after reload"
echo "ok: $chip reloaded with KMS: VGA-1 and fb0 are back"
