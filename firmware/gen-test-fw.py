#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""Write the project's CP microcode *test images* (not real microcode).

Usage: gen-test-fw.py OUTDIR    -> OUTDIR/radeon/<NAME>.bin

Each image is 2048 bytes: 256 ME-RAM words, each a big-endian pair of 32-bit
values (DATAH, DATAL) as the driver writes them to CP_ME_RAM_DATAH/DATAL.
DATAH holds bits 39:32 of the 40-bit word in its low 8 bits (upper 24 bits
zero); DATAL holds bits 31:0. Words 0-3 spell a marker ("R5XX", "TEST",
"UCOD", "E!!!"), the rest are SHA-256 of the file name and index: deterministic,
different for every file, and obviously not ATI microcode. See README.md.
"""
import hashlib
import os
import struct
import sys

NAMES = ("R300_cp.bin", "R420_cp.bin", "R520_cp.bin", "RS600_cp.bin", "RS690_cp.bin")
WORDS = 256
MARKER = b"R5XXTESTUCODE!!!"


def image(name):
    out = bytearray()
    for i in range(WORDS):
        if i < len(MARKER) // 4:
            hi, lo = 0, struct.unpack(">I", MARKER[4 * i:4 * i + 4])[0]
        else:
            d = hashlib.sha256(f"{name}:{i}".encode()).digest()
            hi, lo = d[0], struct.unpack(">I", d[1:5])[0]
        out += struct.pack(">II", hi, lo)
    assert len(out) == 2048
    return bytes(out)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    outdir = os.path.join(sys.argv[1], "radeon")
    os.makedirs(outdir, exist_ok=True)
    for name in NAMES:
        path = os.path.join(outdir, name)
        data = image(name)
        try:
            with open(path, "rb") as f:
                if f.read() == data:
                    continue
        except FileNotFoundError:
            pass
        with open(path + ".tmp", "wb") as f:
            f.write(data)
        os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
