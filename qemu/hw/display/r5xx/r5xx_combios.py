#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Build the COMBIOS video BIOS of a legacy (R3xx/R4xx) model board.

The image is a PCI expansion ROM with the legacy ATI BIOS tables that
upstream radeon (radeon_combios.c) and r5xx (r5xx_combios.c,
r5xx_combios_post.c) read: the 0x55AA signature, a PCI data structure, the
ATI magic, and at the word at 0x48 the BIOS header (byte 6 its size: a
table whose pointer lies beyond it is absent), whose words point to
  0x0c  ASIC init 1     (register table)
  0x30  PLL info        (revision 9: pixel, engine and memory PLLs, the
                        default engine and memory clocks)
  0x46  PLL init        (PLL table)
  0x48  memory config   (the memory size byte; the RAM reset table two bytes
                        after its zero)
  0x4e  ASIC init 2     (register table)
  0x50  connector info  (up to four 16-bit entries from byte 2)
  0x5e  misc info       (revision 1: ASIC init 3, ASIC init 4, detected
                        memory)
The init tables are the board's [post] section, what radeon's
radeon_combios_asic_init replays to post a board whose video BIOS did not
run (the model's cold board after S3).  No other table is written: the
drivers take their defaults for them (DAC, TV DAC and TMDS settings).  The
entry point is a far return and the last byte makes the image sum to 0, as
r5xx_vbios.py does for the ATOM boards.

Usage: r5xx_combios.py BOARD.toml REGS.h [-c OUT.c [-s SYMBOL]] [-b OUT.rom]
"""
import struct

from r5xx_vbios import BoardError, generator_main, khz10, rom_finish, rom_start

HEADER_PTR = 0x48
HEADER_SIZE = 0x72              # through the I2C info pointer at 0x70
HEADER_WORDS = {
    "asic_init_1": 0x0c,
    "pll_info": 0x30,
    "pll_init": 0x46,
    "mem_config": 0x48,
    "asic_init_2": 0x4e,
    "connectors": 0x50,
    "misc_info": 0x5e,
}
MISC_INFO_REV = 1
MISC_WORDS = {"asic_init_3": 3, "asic_init_4": 5, "detected_mem": 7}
PLL_INFO_REV = 9                # no PLL input limits: radeon takes 40..500

# connector table entries: kind << 12 | ddc << 8 | ext_tmds << 4 | tv_dac
CONNECTOR_KINDS = {"VGA": 2, "DVI-I": 3, "DVI-D": 4, "Composite": 5,
                   "S-video": 6}
DDC_LINES = {None: 0, "MONID": 1, "DVI": 2, "VGA": 3, "CRT2": 4}
DACS = {"primary": 0, "tv": 1}

# register table commands (bits 15:13) and waits
MMIO_WRITE, MMIO_RMW, MMIO_DELAY, MMIO_WAIT = 0, 2, 4, 5
MMIO_WAITS = {"mc_busy": 8, "mc_idle": 9}
# PLL table commands (bits 7:6) and waits
PLL_WRITE, PLL_RMW_BYTE, PLL_WAIT = 0, 1, 2
PLL_WAITS = {"150us": 1, "1ms": 2, "mc_busy": 3, "dll_ready": 4,
             "cg_debug": 5}
RAM_RESET_END, RAM_RESET_PWRUP = 0xFF, 0x0F


def u32(v, what):
    if not 0 <= v <= 0xFFFFFFFF:
        raise BoardError(f"{what}: {v:#x} is not a 32-bit value")
    return v


def mmio_table(ops, regs):
    """A register table: 16-bit command words, ended by 0."""
    b = b""
    for op in ops:
        if "reg" in op:
            off = regs.get(op["reg"])
            if off is None or off >= 0x2000:
                raise BoardError(f"register {op['reg']} is not an MMIO "
                                 "register below 0x2000")
            if "value" in op:
                b += struct.pack("<HI", MMIO_WRITE << 13 | off,
                                 u32(op["value"], op["reg"]))
            else:
                b += struct.pack("<HII", MMIO_RMW << 13 | off,
                                 u32(op["and"], op["reg"]),
                                 u32(op["or"], op["reg"]))
        elif "delay_us" in op:
            b += struct.pack("<HH", MMIO_DELAY << 13, op["delay_us"])
        elif "wait" in op:
            b += struct.pack("<HH", MMIO_WAIT << 13 | MMIO_WAITS[op["wait"]],
                             op["count"])
        else:
            raise BoardError(f"register table operation {op} is unknown")
    return b + struct.pack("<H", 0)


def pll_table(ops, regs):
    """A PLL table: command bytes, ended by 0."""
    b = b""
    for op in ops:
        if "pll" in op:
            off = regs.get(op["pll"])
            if off is None or off > 0x3F:
                raise BoardError(f"{op['pll']} is not a PLL register below 0x40")
            if "value" in op:
                b += struct.pack("<BI", PLL_WRITE << 6 | off,
                                 u32(op["value"], op["pll"]))
            else:
                if not 0 <= op["byte"] <= 3:
                    raise BoardError(f"{op['pll']}: byte {op['byte']} is not 0..3")
                b += struct.pack("<BBBB", PLL_RMW_BYTE << 6 | off, op["byte"],
                                 op["and"], op["or"])
        elif "wait" in op:
            b += struct.pack("<B", PLL_WAIT << 6 | PLL_WAITS[op["wait"]])
        else:
            raise BoardError(f"PLL table operation {op} is unknown")
    return b + b"\0"


def ram_reset_table(ops):
    """SDRAM mode writes (a reset byte, then the 16-bit mode), ended by 0xff."""
    b = b""
    for op in ops:
        if op.get("wait") == "pwrup":
            b += bytes([RAM_RESET_PWRUP])
        elif "reset" in op:
            if op["reset"] in (RAM_RESET_END, RAM_RESET_PWRUP):
                raise BoardError(f"RAM reset byte {op['reset']:#x} is a command")
            b += struct.pack("<BH", op["reset"], op["mode"])
        else:
            raise BoardError(f"RAM reset operation {op} is unknown")
    return b + bytes([RAM_RESET_END])


def pll_info(clk):
    """The PLL info table, revision 9 (radeon_combios_get_clock_info)."""
    ref = khz10(clk["reference_clock_khz"])
    b = bytearray(0x32)
    b[0] = PLL_INFO_REV
    struct.pack_into("<HH", b, 0x8, khz10(clk["memory_clock_khz"]),
                     khz10(clk["engine_clock_khz"]))
    pmin, pmax = map(khz10, clk["pixel_pll_out_khz"])
    struct.pack_into("<HHII", b, 0xe, ref, clk["pixel_pll_ref_div"], pmin, pmax)
    smin, smax = map(khz10, clk["engine_pll_out_khz"])
    struct.pack_into("<HHII", b, 0x1a, ref, clk["engine_pll_ref_div"], smin, smax)
    mmin, mmax = map(khz10, clk["memory_pll_out_khz"])
    struct.pack_into("<HHII", b, 0x26, ref, clk["engine_pll_ref_div"], mmin, mmax)
    return bytes(b)


def connector_table(conns):
    b = b"\0\0"
    if len(conns) > 4:
        raise BoardError("a COMBIOS connector table holds four connectors")
    for c in conns:
        b += struct.pack("<H", CONNECTOR_KINDS[c["kind"]] << 12 |
                         DDC_LINES[c.get("ddc")] << 8 | DACS[c.get("dac", "primary")])
    return b + b"\0\0"


def build(board, regs):
    post = board["post"]
    rom, fixed, pcir = rom_start(board["pci"])
    name = board["bios"]["name"].encode() + b"\r\n\0"
    rom.add(name)

    words = {
        "asic_init_1": rom.add(mmio_table(post["asic_init_1"], regs), 2),
        "pll_init": rom.add(pll_table(post["pll_init"], regs), 2),
        "asic_init_2": rom.add(mmio_table(post["asic_init_2"], regs), 2),
        "pll_info": rom.add(pll_info(board["clocks"]), 2),
        "connectors": rom.add(connector_table(board["connector"]), 2),
    }
    misc = {
        "asic_init_3": rom.add(mmio_table(post["asic_init_3"], regs), 2),
        "asic_init_4": rom.add(mmio_table(post["asic_init_4"], regs), 2),
    }
    mib = post["vram_mib"]
    if mib > 0xFFFF or mib % 2:
        raise BoardError(f"vram_mib {mib} is not an even 16-bit count")
    misc["detected_mem"] = rom.add(struct.pack("<BIH", 0,
                                               post.get("mem_cntl", 0), mib))
    # the memory config table (its revision byte before it: 1, 2 MiB units),
    # its zero, two bytes, then the RAM reset table
    rom.add(b"\x01")
    words["mem_config"] = rom.add(bytes([min(mib // 2, 0xFF), 0, 0, 0]) +
                                  ram_reset_table(post["ram_reset"]))
    misc_info = bytearray(9)
    misc_info[0] = MISC_INFO_REV
    for k, w in MISC_WORDS.items():
        struct.pack_into("<H", misc_info, w, misc[k])
    words["misc_info"] = rom.add(bytes(misc_info), 2)

    header = bytearray(HEADER_SIZE)
    header[6] = HEADER_SIZE
    for k, w in HEADER_WORDS.items():
        struct.pack_into("<H", header, w, words[k])
    fixed[HEADER_PTR] = struct.pack("<H", rom.add(bytes(header), 2))

    return rom_finish(rom, fixed, pcir)


if __name__ == "__main__":
    generator_main(__doc__, build, "r5xx_combios.py")
