#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop test (in the VM): Debian's weston with its DRM backend and the
# pixman renderer (tests/desktop/lib.sh start_weston) shows a fullscreen
# Wayland client with a fixed picture (build/desktop/wlpic, wl_shm and
# xdg-shell): once weston reports the client's buffer presented (the page
# flip that shows it completed), QEMU's picture of the CRTC is the client's
# picture, every pixel, and the client has the screen's size.
set -uo pipefail
. tests/desktop/lib.sh
need weston
wlpic=$PWD/build/desktop/wlpic
[ -x "$wlpic" ] || skip "build/desktop/wlpic is not built (tests/desktop/build.test)"

start_weston weston
grep -E 'DRM: (supports|does not support) atomic|using /dev/dri/card|shadow framebuffer' "$xlog" |
	sed 's/^\[[0-9:.]*\] /weston: /'
grep -q 'using /dev/dri/card0' "$xlog" || fail "weston's DRM backend does not use card0"
grep -q 'DRM: output .* uses shadow framebuffer' "$xlog" || fail "weston does not use the pixman renderer's shadow frame buffer"
echo "ok: weston's DRM backend on card0 with the pixman renderer"

"$wlpic" >/tmp/wlpic.out 2>&1 &
cpid=$!
line=$(wait_line /tmp/wlpic.out '^wlpic: (presented|discarded) ' "$cpid") ||
	{ cat /tmp/wlpic.out; fail "wlpic's buffer was not presented"; }
kill -0 "$cpid" 2>/dev/null || { cat /tmp/wlpic.out; fail "wlpic ended"; }
[[ $line = "wlpic: presented "* ]] || { cat /tmp/wlpic.out; fail "weston discarded wlpic's buffer"; }
size=${line##* }
echo "ok: wlpic's ${size} buffer presented"

screendump "$S/weston.ppm"
hdr=$(head -c 16 "$S/weston.ppm" | tr '\n' ' ')	# P6 W H 255
read -r _ w h _ <<<"$hdr"
[ "${w}x$h" = "$size" ] || fail "the CRTC shows ${w}x$h, wlpic's fullscreen buffer is $size"
"$wlpic" ppm "$w" "$h" "$S/wlpic.ppm" || fail "wlpic ppm"
ppm_cmp "$S/wlpic.ppm" "$S/weston.ppm" || fail "the CRTC does not show wlpic's picture"
echo "ok: the CRTC shows wlpic's ${size} picture, every pixel"

kill "$cpid"
wait "$cpid" 2>/dev/null
stop_server
echo "ok: weston ended"
