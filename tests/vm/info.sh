#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Runs inside the VM for `make run`: summarise what the GPU driver found, from
# sysfs, dmesg and debugfs.
set -euo pipefail

log=$(dmesg)
pick() { # LABEL REGEX [EXCLUDE]: the driver's dmesg lines matching REGEX
	local l
	l=$(grep -E 'r5xx|radeon|\[drm' <<<"$log" | grep -viE "command line|${3:-^$}" |
		grep -iE "$2" | sed -e 's/^\[ *[0-9.]*\] //' -e 's/^\(r5xx\|radeon\) [0-9a-f:.]*: //' || true)
	[ -n "$l" ] || l="(nothing in dmesg)"
	printf '%-8s %s\n' "$1:" "$(head -n1 <<<"$l")"
	tail -n +2 <<<"$l" | sed 's/^/         /'
}

gpus=0
for d in /sys/bus/pci/devices/*; do
	case $(cat "$d/class") in 0x03*) ;; *) continue ;; esac
	drv=none
	[ -e "$d/driver" ] && drv=$(basename "$(readlink "$d/driver")")
	printf '%-8s %s %s:%s, driver %s\n' "GPU:" "$(basename "$d")" \
		"$(sed 's/^0x//' "$d/vendor")" "$(sed 's/^0x//' "$d/device")" "$drv"
	gpus=$((gpus + 1))
done
[ "$gpus" -gt 0 ] || echo "GPU:     no display controller on the PCI bus"
echo "model:   chip=${R5XX_CHIP:-?}, driver loaded: ${R5XX_DRIVER:-?}"
pick chip 'initializing kernel modesetting|chip|family|Initialized (r5xx|radeon)'
pick VRAM 'VRAM|GTT'
pick rings '\bring\b|rings|microcode|_cp\.bin|\bcp\b' 'test'
pick tests 'test (succeeded|failed|passed|ok)|self-?test'
pick errors 'error|fatal|fail|timeout|lockup|hang' 'succeeded|module verification failed'
for d in /sys/kernel/debug/dri/[0-9]*; do
	[ -e "$d/name" ] || continue
	[ "${d##*/}" -lt 64 ] || continue	# render nodes repeat the primary
	printf '%-8s %s: %s\n' "debugfs:" "$d" "$(cat "$d/name")"
	find "$d" -mindepth 1 -maxdepth 1 -printf '%f\n' | sort | tr '\n' ' ' |
		fold -s -w 70 | sed 's/^/         /'
	echo
	# The "key: value" head of the ring, self-test and microcode files.
	for f in "$d"/*ring "$d"/*ring_info "$d"/*self_test "$d"/*microcode; do
		[ -f "$f" ] || continue
		echo "         ${f##*/}:"
		case $f in
		*self_test) head -n 8 "$f" ;;
		*) grep -m8 -E '^[A-Za-z][^:]*: ' "$f" || true ;;
		esac | sed 's/^/           /'
	done
done
for c in /sys/class/drm/card[0-9]-*; do
	[ -e "$c/status" ] || continue
	printf '%-8s %s: %s, %s\n' "output:" "${c##*/card[0-9]-}" "$(cat "$c/status")" \
		"$(head -n1 "$c/modes" 2>/dev/null || true)"
done

# The screen: what the model's first head (CRTC1 / D1) shows, written by
# QEMU on the host (`make run` sets R5XX_SCREENDUMP). The console is on it
# once fbcon has taken over a virtual terminal.
[ -n "${R5XX_SCREENDUMP:-}" ] || exit 0
con=
for v in /sys/class/vtconsole/vtcon*; do
	grep -q "frame buffer" "$v/name" 2>/dev/null && [ "$(cat "$v/bind")" = 1 ] && con=$(cat "$v/name")
done
# Something to see on it: the guest's own output goes to the serial port.
if [ -n "$con" ] && [ -w /dev/tty1 ]; then
	printf '\033[2J\033[Hmake run: %s, driver %s\n' "${R5XX_CHIP:-?}" "${R5XX_DRIVER:-?}" >/dev/tty1
	sleep 0.5	# the console draws from its shadow buffer in a worker
fi
if tests/vm/qmp screendump "$R5XX_SCREENDUMP" 0 >/dev/null; then
	printf '%-8s %s\n' "screen:" "head 0 in $R5XX_SCREENDUMP (PPM)"
	printf '%-8s %s\n' "" "${con:-no frame buffer console bound}"
else
	printf '%-8s %s\n' "screen:" "no screendump (QMP channel failed)"
fi
