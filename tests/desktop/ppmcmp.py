# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""Compare two P6 PPMs pixel for pixel (tests/desktop/lib.sh ppm_cmp).

Usage: python3 ppmcmp.py A B [X Y W H]...
       python3 ppmcmp.py --crop IN OUT X Y W H
The rectangles are left out of the comparison. --crop writes a part of IN. Prints the number of
differing pixels, their bounding box and a few examples; exit status 0
when none differ, 1 when some do, 2 when the sizes differ or a file is bad.
"""
import sys


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    fields = []
    pos = 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    pos += 1
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError("%s: not an 8-bit P6 PPM" % path)
    w, h = int(fields[1]), int(fields[2])
    pix = data[pos:pos + w * h * 3]
    if len(pix) != w * h * 3:
        raise ValueError("%s: short" % path)
    return w, h, pix


def crop(argv):
    w, h, pix = read_ppm(argv[2])
    x, y, cw, ch = (int(v) for v in argv[4:8])
    if x < 0 or y < 0 or x + cw > w or y + ch > h:
        print("ppmcmp: crop outside the %dx%d picture" % (w, h))
        return 2
    rows = b"".join(pix[((y + r) * w + x) * 3:((y + r) * w + x + cw) * 3] for r in range(ch))
    with open(argv[3], "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (cw, ch) + rows)
    return 0


def main(argv):
    if argv[1:2] == ["--crop"]:
        return crop(argv)
    try:
        wa, ha, a = read_ppm(argv[1])
        wb, hb, b = read_ppm(argv[2])
    except (OSError, ValueError, IndexError) as e:
        print("ppmcmp: %s" % e)
        return 2
    if (wa, ha) != (wb, hb):
        print("ppmcmp: sizes differ: %dx%d and %dx%d" % (wa, ha, wb, hb))
        return 2
    rects = [tuple(int(v) for v in argv[i:i + 4]) for i in range(3, len(argv), 4)]
    n = 0
    box = [wa, ha, -1, -1]
    examples = []
    for y in range(ha):
        row = y * wa * 3
        ra, rb = a[row:row + wa * 3], b[row:row + wa * 3]
        if ra == rb:
            continue
        for x in range(wa):
            pa, pb = ra[x * 3:x * 3 + 3], rb[x * 3:x * 3 + 3]
            if pa == pb:
                continue
            if any(rx <= x < rx + rw and ry <= y < ry + rh for rx, ry, rw, rh in rects):
                continue
            n += 1
            box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
            if len(examples) < 5:
                examples.append("(%d,%d) %s != %s" % (x, y, pa.hex(), pb.hex()))
    if n == 0:
        print("ppmcmp: %dx%d, identical%s" % (wa, ha, " outside %d rectangles" % len(rects) if rects else ""))
        return 0
    print("ppmcmp: %d of %d pixels differ in (%d,%d)-(%d,%d): %s" %
          (n, wa * ha, box[0], box[1], box[2], box[3], "; ".join(examples)))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
