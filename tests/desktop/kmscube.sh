#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Desktop test (in the VM): kmscube (Mesa r300 through GBM and EGL, legacy
# page flips) runs N frames on the CRTC: it exits 0 having waited for the
# event of each of its N flips, and the kernel's trace of the events it
# delivered to kmscube (drm_vblank_event_delivered) holds N flip events
# with strictly increasing vblank sequence numbers, each one a vblank the
# CRTC's interrupt counted (drm_vblank_event): at most one flip per vblank,
# none without one. Every command stream is accepted: Mesa reports no
# rejected CS and, with drm.debug=0x2, the driver logs no refusal. The
# cube's pixels are not compared here (kmscube's frames depend on when they
# are shown); tests/mesa compares what Mesa draws with llvmpipe.
set -uo pipefail
. tests/desktop/lib.sh
need kmscube
frames=30
T=/sys/kernel/tracing
[ -d "$T/events" ] || mount -t tracefs nodev "$T" || skip "no tracefs"
[ -d "$T/events/drm/drm_vblank_event_delivered" ] || skip "no drm trace events"

trace_events() { # 0|1
	echo "$1" >"$T/events/drm/drm_vblank_event/enable"
	echo "$1" >"$T/events/drm/drm_vblank_event_delivered/enable"
}
echo >"$T/trace"
trace_events 1
cs_watch

# kmscube stops when its stdin is readable ("user interrupted"): give it
# a pipe that stays empty
mkfifo /tmp/kmscube.in
sleep 1000 >/tmp/kmscube.in &
spid=$!
kmscube -D /dev/dri/card0 -c "$frames" </tmp/kmscube.in >/tmp/kmscube.out 2>&1
rc=$?
kill "$spid"
trace_events 0
grep -vE '^  |^=|information:' /tmp/kmscube.out
[ "$rc" = 0 ] || fail "kmscube exited $rc"
# the first frame is not counted in kmscube's rate
grep -q "^Rendered $((frames - 1)) frames in" /tmp/kmscube.out ||
	fail "kmscube did not report its $frames frames"
! grep -qiE 'rejected CS|radeon: |failed to|interrupted' /tmp/kmscube.out ||
	fail "kmscube or the winsys reported a problem"
grep -q 'renderer: "ATI RV' /tmp/kmscube.out || fail "kmscube did not use Mesa's r300"
echo "ok: kmscube drew and flipped $frames frames with Mesa r300"

! cs_refused || fail "the driver refused command streams"
echo "ok: no command stream refused (drm.debug=0x2)"

# The flip events sent to kmscube (file != 0; those with file 0 are the
# kernel's own, e.g. the mode set), and the vblanks the interrupt counted.
python3 - "$T/trace" "$frames" <<'PY' || fail "the flip events and the vblank sequence disagree"
import re, sys
trace, frames = open(sys.argv[1]).read(), int(sys.argv[2])
flips = [(int(c), int(s)) for f, c, s in
	 re.findall(r"drm_vblank_event_delivered: file=([0-9a-f]+), crtc=(\d+), seq=(\d+)", trace)
	 if int(f, 16)]
vblanks = {(int(c), int(s)) for c, s in re.findall(r"drm_vblank_event: crtc=(\d+), seq=(\d+)", trace)}
ok = True
if len(flips) != frames:
	print("FAIL: %d flip events, kmscube flipped %d frames" % (len(flips), frames))
	ok = False
if len({c for c, s in flips}) > 1:
	print("FAIL: flip events on several CRTCs: %s" % sorted({c for c, s in flips}))
	ok = False
seqs = [s for c, s in flips]
if any(b <= a for a, b in zip(seqs, seqs[1:])):
	print("FAIL: two flips in one vblank or out of order: %s" % seqs)
	ok = False
lost = [f for f in flips if f not in vblanks]
if lost:
	print("FAIL: flips completed at vblanks the interrupt did not count: %s" % lost)
	ok = False
if flips:
	print("flips: %d at vblanks %d..%d of CRTC %d (%d vblanks)" %
	      (len(flips), seqs[0], seqs[-1], flips[0][0], seqs[-1] - seqs[0] + 1))
sys.exit(0 if ok else 1)
PY
echo "ok: $frames flip events, one per vblank at most, each at a counted vblank"
