#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""Write tests/fuzz/cs.dict, the libFuzzer dictionary of cs_fuzz: type-0
headers of every register the checker handles itself and of a sample of the
freely writable ones, type-3 headers of the allowed opcodes, and a few
values the checker looks for.  Run from the checkout root after the register
list changes:  tests/fuzz/gen-dict.py > tests/fuzz/cs.dict
"""
import importlib.util
import struct
from pathlib import Path

spec = importlib.util.spec_from_file_location("gen_regs", "scripts/gen-regs.py")
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)
safe, rows = gen.cs_collect(gen.parse(Path("regs/r5xx.regs"))[0])


def ent(name, v):
    print(f'{name}="' + "".join(f"\\x{x:02x}" for x in struct.pack("<I", v)) + '"')


print("# libFuzzer dictionary for tests/fuzz/cs_fuzz.c (tests/fuzz/gen-dict.py)")
for off, *_ in rows:
    ent(f"p0_{off:04x}", off >> 2)
for off in sorted(set().union(*safe.values()))[::8]:
    ent(f"p0_{off:04x}", off >> 2)
for op in (0x10, 0x28, 0x29, 0x2a, 0x2f, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38):
    for n in range(4):
        ent(f"p3_{op:02x}_{n}", 0xc0000000 | op << 8 | n << 16)
ent("one_reg", 0x8000)
ent("type2", 0x80000000)
ent("indx_dest", 0x80000810)
for w in (1, 2, 3):
    ent(f"vf_walk{w}", w << 4 | 4 | 3 << 16)
ent("tile_bit16", 0x00010000)
ent("crtc31", 31)
ent("wait_3d_idleclean", 1 << 17)
ent("dc_flush_free", 0xa)
ent("coord14_neg", 0x2000)
ent("cctl_indep_format", 1 << 14)
ent("cctl_indep_mask", 1 << 12)
ent("index_size_32", 1 << 11)
