# SPDX-License-Identifier: GPL-2.0-or-later
"""A small assembler for ATOM BIOS command-table bytecode.

The encoding is the one upstream radeon's interpreter (atom.c, atom.h)
decodes; this is our own writing of it:

* An instruction is an opcode byte, for most an attribute byte, the
  destination operand, then the source operand.  Opcodes of the two-operand
  instructions come in groups of six, one per destination kind in the order
  REG, PS, WS, FB, PLL, MC.
* The attribute byte: bits 0-2 the source kind (REG 0, PS 1, WS 2, FB 3,
  ID 4, IMM 5, PLL 6, MC 7), bits 3-5 the source's part of its dword
  (DWORD 0, WORD at bit 0/8/16: 1-3, BYTE at bit 0/8/16/24: 4-7), bits 6-7
  which part of the destination, chosen among those of the source's width
  (a word source goes to a word of the destination, a byte to a byte).
* Operands: REG a 16-bit dword index, PS/WS/FB/PLL/MC an 8-bit index, an
  immediate 4, 2 or 1 bytes as its part says.  A partial destination is
  read, merged and written back.
* Jumps take a 16-bit target counted from the start of the table (its
  header), compare sets "equal" and "above" (unsigned), test sets "equal"
  when the AND is 0.
* A command table: ATOM_COMMON_TABLE_HEADER (size, format and content
  revision), the workspace size in bytes, the parameter space size in
  bytes, then the code, which ends with EOT.

Operands are tuples built by reg(), ps(), ws(), pll(), mc() and imm().
"""
import struct

ARG_REG, ARG_PS, ARG_WS, ARG_FB, ARG_ID, ARG_IMM, ARG_PLL, ARG_MC = range(8)
DST_KINDS = {ARG_REG: 0, ARG_PS: 1, ARG_WS: 2, ARG_FB: 3, ARG_PLL: 4, ARG_MC: 5}

# parts of a dword: name -> (encoding, width in bytes, bit shift)
PARTS = {
    "D": (0, 4, 0),
    "W0": (1, 2, 0), "W8": (2, 2, 8), "W16": (3, 2, 16),
    "B0": (4, 1, 0), "B8": (5, 1, 8), "B16": (6, 1, 16), "B24": (7, 1, 24),
}
# for a source part, the destination parts selectable by attribute bits 6-7
DST_OF_SRC = {4: ["D"], 2: ["W0", "W8", "W16"], 1: ["B0", "B8", "B16", "B24"]}

OP_MOVE, OP_AND, OP_OR = 1, 7, 13
OP_SHIFT_LEFT, OP_SHIFT_RIGHT = 19, 25
OP_MUL, OP_DIV = 31, 37
OP_ADD, OP_SUB = 43, 49
OP_SETREGBLOCK = 58
OP_COMPARE = 60
OP_JUMP = 67            # + condition
JUMP_CONDS = {"always": 0, "eq": 1, "below": 2, "above": 3,
              "beloworeq": 4, "aboveoreq": 5, "ne": 6}
OP_TEST = 74
OP_DELAY_MS, OP_DELAY_US = 80, 81
OP_CALLTABLE = 82
OP_CLEAR = 84
OP_EOT = 91
OP_MASK = 92
OP_XOR = 103

CODE_START = 6          # header (4) + workspace size + parameter space size
# workspace indices of the interpreter's own registers: MUL leaves its
# product and DIV its quotient in WS_QUOTIENT, DIV its remainder in
# WS_REMAINDER
WS_QUOTIENT, WS_REMAINDER = 0x40, 0x41


class AsmError(Exception):
    pass


def reg(index, part="D"):
    """A register by dword index (byte offset / 4)."""
    return (ARG_REG, index, part)


def ps(i, part="D"):
    """Dword i of the parameter space the caller passes."""
    return (ARG_PS, i, part)


def ws(i, part="D"):
    """Dword i of the table's workspace."""
    return (ARG_WS, i, part)


def pll(index, part="D"):
    """A register of the PLL indirect space, by its index."""
    return (ARG_PLL, index, part)


def mc(index, part="D"):
    """A register of the chip's MC indirect space, by its index."""
    return (ARG_MC, index, part)


def quotient():
    """What the last MUL (product) or DIV (quotient) left."""
    return (ARG_WS, WS_QUOTIENT, "D")


def imm(value, width=4):
    """An immediate of 4, 2 or 1 bytes."""
    part = {4: "D", 2: "W0", 1: "B0"}[width]
    if not 0 <= value < 1 << (8 * width):
        raise AsmError(f"immediate 0x{value:x} does not fit {width} bytes")
    return (ARG_IMM, value, part)


def _operand_bytes(op):
    kind, val, part = op
    if kind in (ARG_REG, ARG_ID):
        if not 0 < val <= 0xFFFF:     # index 0 is MM_INDEX, which atom.c scales
            raise AsmError(f"register index 0x{val:x} out of range")
        return struct.pack("<H", val)
    if kind == ARG_IMM:
        width = PARTS[part][1]
        return val.to_bytes(width, "little")
    if not 0 <= val <= 0xFF:
        raise AsmError(f"operand index {val} out of range")
    return bytes([val])


def _attr(dst, src):
    """Attribute byte for dst <- src: source kind and part, destination part."""
    s_enc, s_width, _ = PARTS[src[2]]
    choices = DST_OF_SRC[s_width]
    if dst[2] not in choices:
        raise AsmError(f"a {s_width}-byte source cannot go to part {dst[2]}")
    return src[0] | s_enc << 3 | choices.index(dst[2]) << 6


class Asm:
    """Code of one command table; labels resolve when the table is built."""

    def __init__(self):
        self.code = bytearray()
        self.labels = {}
        self.fixups = []
        self.n_labels = 0

    def new_label(self):
        self.n_labels += 1
        return f".L{self.n_labels}"

    def label(self, name):
        if name in self.labels:
            raise AsmError(f"label {name} defined twice")
        self.labels[name] = len(self.code)

    def _dst_op(self, base, dst):
        if dst[0] not in DST_KINDS:
            raise AsmError("an immediate or ID cannot be a destination")
        return base + DST_KINDS[dst[0]]

    def _two(self, base, dst, src):
        self.code += bytes([self._dst_op(base, dst), _attr(dst, src)])
        self.code += _operand_bytes(dst) + _operand_bytes(src)

    def move(self, dst, src):
        self._two(OP_MOVE, dst, src)

    def and_(self, dst, src):
        self._two(OP_AND, dst, src)

    def or_(self, dst, src):
        self._two(OP_OR, dst, src)

    def xor(self, dst, src):
        self._two(OP_XOR, dst, src)

    def add(self, dst, src):
        self._two(OP_ADD, dst, src)

    def sub(self, dst, src):
        self._two(OP_SUB, dst, src)

    def mul(self, a, b):
        """WS_QUOTIENT = a * b (32 bits); a is not written."""
        self._two(OP_MUL, a, b)

    def div(self, a, b):
        """WS_QUOTIENT = a / b, WS_REMAINDER = a % b; a is not written."""
        self._two(OP_DIV, a, b)

    def compare(self, a, b):
        self._two(OP_COMPARE, a, b)

    def test(self, a, b):
        self._two(OP_TEST, a, b)

    def mask(self, dst, keep, src):
        """dst = (dst & keep) | src; keep is as wide as src's part."""
        width = PARTS[src[2]][1]
        if not 0 <= keep < 1 << (8 * width):
            raise AsmError(f"mask 0x{keep:x} wider than the source")
        self.code += bytes([self._dst_op(OP_MASK, dst), _attr(dst, src)])
        self.code += _operand_bytes(dst) + keep.to_bytes(width, "little")
        self.code += _operand_bytes(src)

    def _one(self, base, dst):
        """Ops whose attribute gives only the destination's part."""
        # bits 3-5 name the destination's part, bits 6-7 are ignored
        self.code += bytes([self._dst_op(base, dst), PARTS[dst[2]][0] << 3])
        self.code += _operand_bytes(dst)

    def clear(self, dst):
        self._one(OP_CLEAR, dst)

    def shl(self, dst, n):
        self._one(OP_SHIFT_LEFT, dst)
        self.code.append(n)

    def shr(self, dst, n):
        self._one(OP_SHIFT_RIGHT, dst)
        self.code.append(n)

    def jump(self, label, cond="always"):
        self.code.append(OP_JUMP + JUMP_CONDS[cond])
        self.fixups.append((len(self.code), label))
        self.code += b"\0\0"

    def delay_us(self, n):
        self.code += bytes([OP_DELAY_US, n])

    def delay_ms(self, n):
        self.code += bytes([OP_DELAY_MS, n])

    def call(self, index):
        self.code += bytes([OP_CALLTABLE, index])

    def set_reg_block(self, base):
        self.code += bytes([OP_SETREGBLOCK]) + struct.pack("<H", base)

    def eot(self):
        self.code.append(OP_EOT)

    # helpers built of the above

    def load(self, w, src):
        """Workspace dword w = src, zero-extended."""
        width = PARTS[src[2]][1]
        if width == 4:
            self.move(ws(w), src)
            return
        self.clear(ws(w))
        self.move(ws(w, {2: "W0", 1: "B0"}[width]), src)

    def set_bits(self, r, bits):
        self.or_(reg(r), imm(bits))

    def clear_bits(self, r, bits):
        self.and_(reg(r), imm(~bits & 0xFFFFFFFF))

    def if_eq(self, a, b, then, otherwise=None):
        """then() if a == b, else otherwise()."""
        skip, end = self.new_label(), self.new_label()
        self.compare(a, b)
        self.jump(skip, "ne")
        then()
        if otherwise:
            self.jump(end)
        self.label(skip)
        if otherwise:
            otherwise()
            self.label(end)

    def switch(self, sel, cases):
        """Run cases[k]() when the byte operand sel equals k."""
        end = self.new_label()
        for k, body in enumerate(cases):
            nxt = self.new_label()
            self.compare(sel, imm(k, 1))
            self.jump(nxt, "ne")
            body(k)
            self.jump(end)
            self.label(nxt)
        self.label(end)

    def table(self, frev, crev, ws_dwords, ps_bytes):
        """The whole table: header, sizes, code with its jumps resolved."""
        code = bytearray(self.code)
        if not code or code[-1] != OP_EOT:
            code.append(OP_EOT)
        for at, name in self.fixups:
            if name not in self.labels:
                raise AsmError(f"undefined label {name}")
            struct.pack_into("<H", code, at, CODE_START + self.labels[name])
        size = CODE_START + len(code)
        if size > 0xFFFF or ws_dwords * 4 > 0xFF or ps_bytes > 0x7F:
            raise AsmError("table too large")
        return struct.pack("<HBBBB", size, frev, crev, ws_dwords * 4,
                           ps_bytes) + bytes(code)
