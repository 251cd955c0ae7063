#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop test (in the VM): GL under Xorg with xf86-video-ati. glxinfo
# reports direct rendering by Mesa's r300 driver on the model's chip
# (DRI2); glxgears draws until it reports its first frame rate, and every
# command stream it sent was accepted (Mesa prints "The kernel rejected
# CS" otherwise). Pixels are not compared: the model has no 3D engine.
set -uo pipefail
. tests/desktop/lib.sh
need Xorg glxinfo glxgears
start_ati ati

info=$(glxinfo -B 2>&1) || { echo "$info"; fail "glxinfo"; }
grep -q '^direct rendering: Yes' <<<"$info" || { echo "$info"; fail "no direct rendering"; }
grep -q '^OpenGL vendor string: X.Org R300 Project' <<<"$info" || { echo "$info"; fail "not Mesa's r300 driver"; }
r=$(sed -n 's/^OpenGL renderer string: //p' <<<"$info")
case $R5XX_CHIP in
rv380) [ "$r" = "ATI RV370" ] ;;	# Mesa names the RV380 family after RV370
rv515) [ "$r" = "ATI RV515" ] ;;
*) [[ $r = ATI* ]] ;;
esac || fail "renderer \"$r\" on $R5XX_CHIP"
echo "ok: glxinfo: direct rendering, r300, $r"

# glxgears prints a rate every 5 s; stop it after the first (the frames
# before it are the work); the time limit only catches a hang.
timeout 100 glxgears >/tmp/gears.out 2>&1 &
gp=$!
for _ in $(seq 1000); do
	grep -q 'frames in' /tmp/gears.out && break
	kill -0 $gp 2>/dev/null || break
	sleep 0.1
done
kill $gp 2>/dev/null
wait $gp
cat /tmp/gears.out
n=$(sed -n 's/^\([0-9]*\) frames in.*/\1/p' /tmp/gears.out | head -n1)
[ "${n:-0}" -gt 0 ] || fail "glxgears reported no frames"
! grep -qi 'rejected CS\|radeon: \|error' /tmp/gears.out || fail "glxgears reported errors"
echo "ok: glxgears drew $n frames, every stream accepted"
stop_server
