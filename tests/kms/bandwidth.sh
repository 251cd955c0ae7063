#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# vm-chips: rv515 r580 rv380 r420 rs690
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-kernels: bookworm trixie:rv515
# KMS test (in the VM, r5xx.ko): the display bandwidth registers. Legacy
# chips (rv380, r420): GRPH_BUFFER_CNTL / GRPH2_BUFFER_CNTL of each CRTC
# that is on hold what r100_bandwidth_update gives with the display
# priority forced high as it is on these chips: start = stop request level
# = the line's octawords (hdisplay * bytes per pixel / 16, at most 0x7c),
# critical point 0, GRPH_BUFFER_SIZE, the critical and stop controls
# clear; MC_INIT_MISC_LAT_TIMER's display latencies 1 for the CRTCs that
# are on; on the rs480 (an IGP: the priority not forced high) a critical
# point below the stop level and the latencies left alone;
# tests/unit/bandwidth-legacy.test checks the latency arithmetic
# and the memory timings. AVIVO chips: the registers
# read back through debugfs r5xx_regs, are what rv515_bandwidth_update
# gives for the modes the CRTCs run (debugfs state; the console's): the
# line buffer split for the CRTCs that are on and their widths, the
# request FIFO depths (256-pixel chunks, at least 4), priority marks A = B,
# at least hdisplay / 16 for a CRTC that is on and MODE_PRIORITY_OFF for
# one that is off, MODE_PRIORITY_ALWAYS_ON and the MC's display latencies
# on rv515 only (radeon_update_display_priority); on rs690 the depths less
# one and DCP_CONTROL 0, as rs690_bandwidth_update (in rs690's tests/igp
# boot); on rs600 the split alone, as rs600_bandwidth_update.
# tests/unit/bandwidth.test checks the arithmetic for other modes.
set -uo pipefail
. tests/driver/lib.sh

d=$(r5xx_dir) || fail "no r5xx debugfs directory"
[ -r "$d/state" ] || skip "no atomic state in debugfs"
python3 - "$d/state" "$d/r5xx_regs" "${R5XX_CHIP:-}" <<'PY'
import re, sys

state = open(sys.argv[1]).read()
regs = {}
for line in open(sys.argv[2]):
    m = re.match(r"(MC [A-Z_]+|[A-Z0-9_]+)\s.*(0x[0-9a-f]{8})$", line.strip())
    if m:
        regs[m.group(1)] = int(m.group(2), 16)
chip = sys.argv[3]
bad = []
legacy = "GRPH_BUFFER_CNTL" in regs

# crtc-0 is D1, crtc-1 D2: on (active) and the mode's hdisplay
on = [False, False]
width = [0, 0]
for blk in re.split(r"\n(?=crtc\[)", state):
    m = re.match(r"crtc\[\d+\]: crtc-(\d)", blk)
    if not m or int(m.group(1)) > 1:
        continue
    i = int(m.group(1))
    on[i] = re.search(r"\bactive=1\b", blk) is not None
    mm = re.search(r'mode: "[^"]*": \d+ (\d+) (\d+)', blk)
    if on[i] and mm:
        width[i] = int(mm.group(2))
print("D1 %s %d, D2 %s %d" % ("on" if on[0] else "off", width[0],
                              "on" if on[1] else "off", width[1]))

if legacy:
    # bytes per pixel of the frame each CRTC shows (32 bpp without one)
    cpp = [4, 4]
    sizes = {"XR24": 4, "AR24": 4, "XB24": 4, "AB24": 4, "RG16": 2,
             "C8  ": 1}
    # r5xx_crtc_create: plane-2i is CRTC i's primary, plane-2i+1 its cursor
    for blk in re.split(r"\n(?=plane\[)", state):
        m = re.match(r"plane\[\d+\]: plane-(\d+)", blk)
        c = re.search(r"\bcrtc=crtc-(\d)\b", blk)
        f = re.search(r"\bformat=(.{4}) ", blk)
        if m and c and f and int(m.group(1)) == 2 * int(c.group(1)) < 4:
            cpp[int(c.group(1))] = sizes.get(f.group(1), 4)
    lat = regs["R300_MC_INIT_MISC_LAT_TIMER"]
    for i, n in enumerate(("GRPH_BUFFER_CNTL", "GRPH2_BUFFER_CNTL")):
        v = regs[n]
        print("%s 0x%08x (%s %d x %d bytes)" % (n, v, "on" if on[i] else "off",
                                               width[i], cpp[i]))
        if not on[i]:
            continue
        stop = min(width[i] * cpp[i] // 16, 0x7c)
        want = stop | stop << 8 | 1 << 29
        if chip == "rs480":
            # an IGP: the priority is not forced high, the critical point
            # is the computed one (bandwidth-legacy.test has its value),
            # below the stop level, and the MC latencies are left alone
            crit = v >> 16 & 0x7f
            if v & 0xf0007f7f != want or not 0 < crit < stop:
                bad.append("%s 0x%x, want 0x%x with a critical point "
                           "in 1..0x%x" % (n, v, want, stop - 1))
            if (lat >> (8 + 4 * i)) & 0xf != 0:
                bad.append("MC_INIT_MISC_LAT_TIMER 0x%x: CRTC%d's latency "
                           "written on an IGP" % (lat, i + 1))
            continue
        if v & 0xf07f7f7f != want:
            bad.append("%s 0x%x, want 0x%x" % (n, v, want))
        if (lat >> (8 + 4 * i)) & 0xf != 1:
            bad.append("MC_INIT_MISC_LAT_TIMER 0x%x: CRTC%d's latency is not 1"
                       % (lat, i + 1))
    print("R300_MC_INIT_MISC_LAT_TIMER 0x%08x" % lat)
    if not any(on):
        bad.append("no CRTC is on")
    if bad:
        print("FAIL: " + "; ".join(bad))
        sys.exit(1)
    sys.exit(0)

if on[0] and on[1]:
    want = 1 if width[0] > width[1] and width[0] > 2560 else \
           3 if width[1] > width[0] and width[1] > 2560 else 0
elif on[0]:
    want = 2
elif on[1]:
    want = 3
else:
    want = 0
split = regs["DC_LB_MEMORY_SPLIT"] & 3
if split != want:
    bad.append("DC_LB_MEMORY_SPLIT %d, want %d" % (split, want))

# RS600: rs600_bandwidth_update programs the line buffer split alone (the
# IGP never forces the priority high): the depths and marks stay at reset
if chip == "rs600":
    for n in ("LB_MAX_REQ_OUTSTANDING", "D1MODE_PRIORITY_A_CNT",
              "D1MODE_PRIORITY_B_CNT", "D2MODE_PRIORITY_A_CNT",
              "D2MODE_PRIORITY_B_CNT"):
        if regs.get(n, 0) != 0:
            bad.append("%s 0x%x written on rs600" % (n, regs[n]))
    if bad:
        print("FAIL: " + "; ".join(bad))
        sys.exit(1)
    sys.exit(0)

# RS690 (DCP_CONTROL shown): rs690_bandwidth_update's depths less one
igp = "DCP_CONTROL" in regs
depth = [max(4, -(-w // 256)) if o else 4 for o, w in zip(on, width)]
if igp:
    depth = [d - 1 for d in depth]
    if regs["DCP_CONTROL"] != 0:
        bad.append("DCP_CONTROL 0x%x, want 0" % regs["DCP_CONTROL"])
req = regs["LB_MAX_REQ_OUTSTANDING"]
if req != depth[0] | depth[1] << 16:
    bad.append("LB_MAX_REQ_OUTSTANDING 0x%x, want %s" % (req, depth))

high = chip == "rv515"
for i, n in enumerate(("D1", "D2")):
    a = regs[n + "MODE_PRIORITY_A_CNT"]
    b = regs[n + "MODE_PRIORITY_B_CNT"]
    if a != b:
        bad.append("%s marks A 0x%x and B 0x%x differ" % (n, a, b))
    if not on[i]:
        if a != 1 << 16:
            bad.append("%s is off but its mark is 0x%x" % (n, a))
        continue
    if a & (1 << 16):
        bad.append("%s is on but its priority is off (0x%x)" % (n, a))
    if bool(a & (1 << 20)) != high:
        bad.append("%s ALWAYS_ON is %s on %s" % (n, bool(a & 1 << 20), chip))
    if not -(-width[i] // 16) <= (a & 0x7fff) < 0x7fff:
        bad.append("%s mark %d, want at least %d" % (n, a & 0x7fff,
                                                     -(-width[i] // 16)))
if high:
    lat = regs["MC MISC_LAT_TIMER"]
    if (lat >> 8) & 0xf != on[0] or (lat >> 12) & 0xf != on[1]:
        bad.append("MC MISC_LAT_TIMER 0x%x for D1 %s, D2 %s" % (lat, on[0], on[1]))
elif "MC MISC_LAT_TIMER" in regs:
    bad.append("MC MISC_LAT_TIMER shown on %s" % chip)
for k in ("DC_LB_MEMORY_SPLIT", "LB_MAX_REQ_OUTSTANDING",
          "D1MODE_PRIORITY_A_CNT", "D2MODE_PRIORITY_A_CNT"):
    print("%s 0x%08x" % (k, regs[k]))
if bad:
    print("FAIL: " + "; ".join(bad))
    sys.exit(1)
PY
