#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Runs inside the VM for `make desktop`: Xorg with xf86-video-ati on the
# model (tests/desktop/lib.sh), a few X clients on a plain root window,
# then QEMU's picture of the first CRTC into $R5XX_DESKTOP_SHOT (a host
# path; QEMU writes it). The desktop stays up R5XX_DESKTOP_SECONDS seconds
# (default 0) for a QEMU display window (R5XX_QEMU_ARGS).
set -uo pipefail
. tests/desktop/lib.sh
need Xorg xsetroot xclock xlogo xeyes xwininfo
start_ati desktop
xsetroot -solid '#306090'
xclock -geometry 200x200+60+60 -update 1 2>/dev/null &
xlogo -geometry 200x200+300+60 2>/dev/null &
xeyes -geometry 200x120+540+60 2>/dev/null &
# wait until the three windows are mapped (the limit only catches a hang)
for _ in $(seq 300); do
	[ "$(xwininfo -root -children 2>/dev/null | grep -c '^ *0x[0-9a-f]* "')" -ge 3 ] && break
	sleep 0.1
done
sleep 1	# their first expose
echo "desktop: Xorg $(sed -n 's/.*X.Org X Server \([0-9.]*\).*/\1/p' "$xlog" | head -n1) with xf86-video-ati on ${R5XX_CHIP:-?}"
grep -E 'EXA\(0\): Driver registered|\[DRI2\] +DRI driver' "$xlog" | sed 's/^\[[ 0-9.]*\] /desktop: /'
if [ -n "${R5XX_DESKTOP_SHOT:-}" ]; then
	screendump "$R5XX_DESKTOP_SHOT"
	echo "desktop: screen of head 0 in $R5XX_DESKTOP_SHOT (PPM)"
fi
sleep "${R5XX_DESKTOP_SECONDS:-0}"
stop_server
