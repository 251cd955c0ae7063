# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""An ATOM command-table interpreter for host tests (not a test itself).

Decodes bytecode the way upstream radeon's atom.c does (our own reading of
its semantics, not its code): attribute byte, operand kinds and parts,
partial-destination merges, compare/test flags, jumps from the table start,
the workspace, and calls into other tables.  A card object supplies
register reads and writes, and of the PLL and MC indirect spaces if it
has read_pll/write_pll and read_mc/write_mc.  Anything atom.c would not execute (an unknown
opcode, a jump outside the table, a runaway loop) raises AtomError.
"""
import struct

MASKS = [0xFFFFFFFF, 0xFFFF, 0xFFFF00, 0xFFFF0000, 0xFF, 0xFF00, 0xFF0000,
         0xFF000000]
SHIFTS = [0, 0, 8, 16, 0, 8, 16, 24]
DST_PART = [[0, 0, 0, 0], [1, 2, 3, 0], [1, 2, 3, 0], [1, 2, 3, 0],
            [4, 5, 6, 7], [4, 5, 6, 7], [4, 5, 6, 7], [4, 5, 6, 7]]
DEF_DST = [0, 0, 1, 2, 0, 1, 2, 3]
REG, PS, WS, FB, ID, IMM, PLL, MC = range(8)
GROUP_KIND = [REG, PS, WS, FB, PLL, MC]
GROUPS = {1: "move", 7: "and", 13: "or", 19: "shift_left", 25: "shift_right",
          31: "mul", 37: "div", 43: "add", 49: "sub", 60: "compare",
          74: "test", 84: "clear", 92: "mask", 103: "xor", 109: "shl",
          115: "shr"}
JUMPS = {67: "always", 68: "eq", 69: "below", 70: "above", 71: "beloworeq",
         72: "aboveoreq", 73: "ne"}
EOT, DELAY_MS, DELAY_US, CALLTABLE, SETREGBLOCK, NOP = 91, 80, 81, 82, 58, 90
MAX_STEPS = 100000
WS_QUOTIENT, WS_REMAINDER = 0x40, 0x41      # MUL/DIV results


class AtomError(Exception):
    pass


class Atom:
    def __init__(self, rom, card):
        self.rom = rom
        self.card = card
        if rom[0:2] != b"\x55\xaa":
            raise AtomError("no ROM signature")
        hdr = self.u16(0x48)
        if rom[hdr + 4:hdr + 8] != b"ATOM":
            raise AtomError("no ATOM header")
        self.cmd = self.u16(hdr + 4 + 4 + 11 * 2)
        self.data = self.u16(hdr + 4 + 4 + 12 * 2)
        self.delay_us = 0
        self.divmul = [0, 0]

    def u8(self, a):
        return self.rom[a]

    def u16(self, a):
        return struct.unpack_from("<H", self.rom, a)[0]

    def u32(self, a):
        return struct.unpack_from("<I", self.rom, a)[0]

    def table_at(self, index):
        return self.u16(self.cmd + 4 + 2 * index)

    def run(self, index, ps):
        """Run command table index on the parameter dwords ps (a list the
        table may write back into, as radeon reads outputs from it)."""
        self.reg_block = 0
        self._exec(index, ps, 0)

    def _exec(self, index, ps, shift):
        base = self.table_at(index)
        if not base:
            raise AtomError(f"table {index} is absent")
        size = self.u16(base)
        self.ws = [0] * (self.u8(base + 4) // 4)
        self.cs_equal = self.cs_above = False
        self.start, self.end = base, base + size
        self.ps, self.ps_shift = ps, shift
        ptr = base + 6
        for _ in range(MAX_STEPS):
            if not self.start + 6 <= ptr < self.end:
                raise AtomError(f"table {index}: ran to 0x{ptr:x} outside it")
            op = self.u8(ptr)
            ptr += 1
            if op == EOT:
                return
            ptr = self._op(op, ptr, index)
        raise AtomError(f"table {index}: no EOT after {MAX_STEPS} steps")

    # operands

    def _src(self, attr, ptr, dst_kind=None):
        """(value shifted down, whole dword, new ptr) of an operand."""
        kind = attr & 7 if dst_kind is None else dst_kind
        part = (attr >> 3) & 7
        if kind == IMM:
            width = 4 if part == 0 else 2 if part <= 3 else 1
            val = int.from_bytes(self.rom[ptr:ptr + width], "little")
            return val, val, ptr + width
        if kind == REG:
            idx = self.u16(ptr) + self.reg_block
            whole, ptr = self.card.read(idx * 4), ptr + 2
        elif kind == PS:
            i = self.u8(ptr)
            whole, ptr = self.ps[i], ptr + 1
        elif kind == WS:
            i = self.u8(ptr)
            if i in (WS_QUOTIENT, WS_REMAINDER):
                whole = self.divmul[i - WS_QUOTIENT]
            elif i >= len(self.ws):
                raise AtomError(f"WS[{i}] outside a {len(self.ws)}-dword workspace")
            else:
                whole = self.ws[i]
            ptr += 1
        elif kind in (PLL, MC):
            whole, ptr = self._space(kind, "read")(self.u8(ptr)), ptr + 1
        elif kind == ID:
            whole, ptr = self.u32(self.u16(ptr)), ptr + 2
        else:
            raise AtomError(f"operand kind {kind} not supported here")
        return (whole & MASKS[part]) >> SHIFTS[part], whole, ptr

    def _put(self, kind, part, ptr, val, whole):
        val = ((val << SHIFTS[part]) & MASKS[part]) | (whole & ~MASKS[part])
        val &= 0xFFFFFFFF
        if kind == REG:
            self.card.write((self.u16(ptr) + self.reg_block) * 4, val)
        elif kind == PS:
            self.ps[self.u8(ptr)] = val
        elif kind == WS:
            i = self.u8(ptr)
            if i in (WS_QUOTIENT, WS_REMAINDER):
                self.divmul[i - WS_QUOTIENT] = val
            elif i >= len(self.ws):
                raise AtomError(f"WS[{i}] outside a {len(self.ws)}-dword workspace")
            else:
                self.ws[i] = val
        elif kind in (PLL, MC):
            self._space(kind, "write")(self.u8(ptr), val)
        else:
            raise AtomError(f"destination kind {kind} not supported here")

    def _space(self, kind, how):
        fn = getattr(self.card, f"{how}_{'pll' if kind == PLL else 'mc'}", None)
        if fn is None:
            raise AtomError(f"the card has no {how} of operand kind {kind}")
        return fn

    def _op(self, op, ptr, index):
        if op in JUMPS:
            target = self.u16(ptr)
            take = {"always": True, "eq": self.cs_equal,
                    "ne": not self.cs_equal, "above": self.cs_above,
                    "below": not (self.cs_above or self.cs_equal),
                    "aboveoreq": self.cs_above or self.cs_equal,
                    "beloworeq": not self.cs_above}[JUMPS[op]]
            return self.start + target if take else ptr + 2
        if op == DELAY_US or op == DELAY_MS:
            self.delay_us += self.u8(ptr) * (1 if op == DELAY_US else 1000)
            return ptr + 1
        if op == CALLTABLE:
            raise AtomError("CALL_TABLE not supported here")
        if op == SETREGBLOCK:
            self.reg_block = self.u16(ptr)
            return ptr + 2
        if op == NOP:
            return ptr
        group = max((g for g in GROUPS if g <= op), default=None)
        if group is None or op - group >= 6:
            raise AtomError(f"table {index}: opcode {op} at 0x{ptr - 1:x}")
        name, kind = GROUPS[group], GROUP_KIND[op - group]
        attr = self.u8(ptr)
        ptr += 1
        if name in ("clear", "shift_left", "shift_right"):
            attr = (attr & 0x38) | DEF_DST[(attr >> 3) & 7] << 6
        dpart = DST_PART[(attr >> 3) & 7][attr >> 6]
        dptr = ptr
        dst, whole, ptr = self._src(dpart << 3, ptr, kind)
        if name == "clear":
            self._put(kind, dpart, dptr, 0, whole)
            return ptr
        if name in ("shift_left", "shift_right"):
            n = self.u8(ptr)
            ptr += 1
            dst = dst << n if name == "shift_left" else dst >> n
            self._put(kind, dpart, dptr, dst, whole)
            return ptr
        if name == "mask":
            spart = (attr >> 3) & 7
            width = 4 if spart == 0 else 2 if spart <= 3 else 1
            keep = int.from_bytes(self.rom[ptr:ptr + width], "little")
            ptr += width
            src, _, ptr = self._src(attr, ptr)
            self._put(kind, dpart, dptr, (dst & keep) | src, whole)
            return ptr
        src, _, ptr = self._src(attr, ptr)
        if name == "compare":
            self.cs_equal, self.cs_above = dst == src, dst > src
        elif name == "test":
            self.cs_equal = (dst & src) == 0
        elif name == "move":
            self._put(kind, dpart, dptr, src, whole)
        elif name == "mul":
            self.divmul[0] = (dst * src) & 0xFFFFFFFF
        elif name == "div":
            self.divmul = [dst // src, dst % src] if src else [0, 0]
        else:
            res = {"and": dst & src, "or": dst | src, "xor": dst ^ src,
                   "add": dst + src, "sub": dst - src,
                   "shl": dst << src, "shr": dst >> src}.get(name)
            if res is None:
                raise AtomError(f"op {name} not supported here")
            self._put(kind, dpart, dptr, res, whole)
        return ptr
