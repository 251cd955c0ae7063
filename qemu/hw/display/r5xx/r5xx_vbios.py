#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Build the video BIOS of an r5xx model board from its description.

The image is a PCI expansion ROM with an ATOM BIOS in it, as upstream
radeon (atom.c, radeon_atombios.c, atombios.h) reads one: the 0x55AA
signature, a PCI data structure, the ATI magic, the ATOM ROM header, the
master list of data tables (FirmwareInfo, GPIO_I2C_Info, GPIO_Pin_LUT,
Object_Header unless [bios] object_header is false, IntegratedSystemInfo on
an IGP board, SupportedDevicesInfo when the board has a [supported_devices]
section, as R4xx boards' ROMs do) and the master list of command tables,
with the tables the board's [atom] command_tables selects
(r5xx_atom_tables.py, assembled by r5xx_atom_asm.py): what upstream radeon
runs to post the card and set modes.  The model comes out of reset as a
card whose firmware has run.
The entry point the system firmware calls at boot is a far
return, so SeaBIOS copies the image to 0xC0000 and runs it harmlessly
(Linux reads the boot VGA's ROM from there).  The last byte makes the
image sum to 0.

Usage: r5xx_vbios.py BOARD.toml REGS.h [-c OUT.c [-s SYMBOL]] [-b OUT.rom]
  REGS.h  the model's r5xx_regs.h (REG32(NAME, OFFSET) lines): register
          names of the board file are looked up there
  -c      write a C file defining the image as SYMBOL[] and its length as
          SYMBOL_size (SYMBOL: r5xx_vbios unless -s says)
  -b      write the image itself
"""
import argparse
import os
import re
import struct
import sys
import tomllib

from r5xx_atom_tables import TableError, command_tables

ROM_BLOCK = 512
X86_RETF = 0xCB                 # the init entry at offset 3: return at once
PCIR_PTR = 0x18
ATI_MAGIC_PTR = 0x30
ATI_MAGIC = b" 761295520"
ATOM_HEADER_PTR = 0x48
FIRST_FREE = 0x50               # after the fixed pointers above

# ATOM master lists: entries of ATOM_MASTER_LIST_OF_{COMMAND,DATA}_TABLES
COMMAND_TABLES = 81
DATA_TABLES = 34
DATA_INDEX = {
    "FirmwareInfo": 4,
    "LVDS_Info": 6,
    "SupportedDevicesInfo": 9,
    "GPIO_I2C_Info": 10,
    "GPIO_Pin_LUT": 12,
    "PowerPlayInfo": 15,
    "Object_Header": 22,
    "IntegratedSystemInfo": 30,
}

# Object ids (ObjectID.h): type << 12 | enum << 8 | id
OBJ_GPU, OBJ_ENCODER, OBJ_CONNECTOR = 1, 2, 3
# INTERNAL_KLDSCP_DAC1/_DAC2/_TMDS1; LVTMA as R5xx boards name it for an
# LCD, INTERNAL_LVTM1 (radeon drives it with LVDSEncoderControl and
# LCD1OutputControl; INTERNAL_KLDSCP_LVTMA is DCE3's DIG transmitter)
ENCODERS = {"DACA": 0x15, "DACB": 0x16, "TMDSA": 0x13, "LVTMA": 0x0F}
CONNECTORS = {"DVI-I": 0x01, "DVI-D": 0x03, "VGA": 0x05, "LVDS": 0x0E}
DEVICES = {"CRT1": 0, "LCD1": 1, "TV1": 2, "DFP1": 3, "CRT2": 4, "DFP2": 7}

# object records
RECORD_I2C, RECORD_HPD, RECORD_END = 1, 2, 0xFF

# SupportedDevicesInfo: connector types and DACs of ATOM_CONNECTOR_INFO
SD_TYPES = {"VGA": 1, "DVI-I": 2, "DVI-D": 3}
SD_DACS = {None: 0, "A": 1, "B": 2, "external": 3}

FIRMWARE_CAPS = {"firmware_posted": 0, "dual_crtc": 1,
                 "bl_controlled_by_gpu": 5}

# ucLVDS_Misc bits (atombios.h ATOM_PANEL_MISC_*)
LVDS_MISC = {"dual": 0x01, "888rgb": 0x02, "fpdi": 0x10, "spatial": 0x20,
             "temporal": 0x40}

# ATOM_POWERMODE_INFO ulMiscInfo bits a [[power_state]] kind sets
POWER_KINDS = {"powersave": 0x00040000,         # POWER_SAVING_MODE
               "balanced": 0x00000800,          # LOAD_BALANCE_EN
               "performance": 0x00000010,       # LOAD_PERFORMANCE_EN
               "default": 0x00008000}           # DRIVER_DEFAULT_MODE
POWER_MODE_ENTRY = 21           # sizeof(ATOM_POWERMODE_INFO), packed
MAX_POWER_MODES = 8             # ATOM_MAX_NUMBEROF_POWER_BLOCK


class BoardError(Exception):
    pass


def obj_id(kind, oid, enum=1):
    return kind << 12 | enum << 8 | oid


def table(fmt_rev, content_rev, body):
    """An ATOM table: ATOM_COMMON_TABLE_HEADER, then body."""
    return struct.pack("<HBB", 4 + len(body), fmt_rev, content_rev) + body


def read_regs(path):
    regs = {}
    with open(path) as f:
        for m in re.finditer(r"^REG32\((\w+), (0x[0-9a-fA-F]+)\)", f.read(), re.M):
            regs[m.group(1)] = int(m.group(2), 16)
    return regs


def reg_index(regs, name):
    if name not in regs:
        raise BoardError(f"register {name} is not in the register header")
    return regs[name] // 4


def khz10(khz):
    """kHz to the tables' 10 kHz units."""
    if khz % 10:
        raise BoardError(f"{khz} kHz is not a multiple of 10 kHz")
    return khz // 10


def firmware_info(fw):
    """ATOM_FIRMWARE_INFO_V1_4: 89 bytes with its header."""
    caps = 0
    for c in fw.get("capabilities", []):
        caps |= 1 << FIRMWARE_CAPS[c]
    pin_min, pin_max = map(khz10, fw["pixel_pll_input_khz"])
    vco_min, vco_max = map(khz10, fw["pixel_pll_vco_khz"])
    sclk = khz10(fw["engine_clock_khz"])
    mclk = khz10(fw["memory_clock_khz"])
    fields = [                  # (struct format, value), in the table's order
        ("L", 0),               # ulFirmwareRevision
        ("L", sclk),            # ulDefaultEngineClock
        ("L", mclk),            # ulDefaultMemoryClock
        ("L", sclk),            # ulDriverTargetEngineClock
        ("L", mclk),            # ulDriverTargetMemoryClock
        ("L", vco_max),         # ulMaxEngineClockPLL_Output
        ("L", vco_max),         # ulMaxMemoryClockPLL_Output
        ("L", vco_max),         # ulMaxPixelClockPLL_Output
        ("L", sclk),            # ulASICMaxEngineClock
        ("L", mclk),            # ulASICMaxMemoryClock
        ("B", 0),               # ucASICMaxTemperature
        ("B", 0),               # ucMinAllowedBL_Level
        ("H", 0),               # usBootUpVDDCVoltage
        ("H", 0),               # usLcdMinPixelClockPLL_Output
        ("H", 0),               # usLcdMaxPixelClockPLL_Output
        ("L", 0),               # ul3DAccelerationEngineClock
        ("L", vco_min),         # ulMinPixelClockPLL_Output
        ("H", pin_min),         # usMinEngineClockPLL_Input
        ("H", pin_max),         # usMaxEngineClockPLL_Input
        ("H", vco_min),         # usMinEngineClockPLL_Output
        ("H", pin_min),         # usMinMemoryClockPLL_Input
        ("H", pin_max),         # usMaxMemoryClockPLL_Input
        ("H", vco_min),         # usMinMemoryClockPLL_Output
        ("H", khz10(fw["max_pixel_clock_khz"])),    # usMaxPixelClock
        ("H", pin_min),         # usMinPixelClockPLL_Input
        ("H", pin_max),         # usMaxPixelClockPLL_Input
        ("H", vco_min & 0xFFFF),    # usMinPixelClockPLL_Output (low 16 bits)
        ("H", caps),            # usFirmwareCapability
        ("H", khz10(fw["reference_clock_khz"])),    # usReferenceClock
        ("H", 0),               # usPM_RTS_Location
        ("B", 0),               # ucPM_RTS_StreamSize
        ("B", 0),               # ucDesign_ID
        ("B", 0),               # ucMemoryModule_ID
    ]
    body = struct.pack("<" + "".join(f for f, _ in fields), *(v for _, v in fields))
    assert len(body) == 85
    return table(1, 4, body)


def powerplay_info(states):
    """ATOM_POWERPLAY_INFO (v1.1, pre-PPLib, what R5xx boards carry): no
    thermal controller, the board's states low to high, clocks in 10 kHz
    (16 bits), one of them the driver's default."""
    if not 0 < len(states) <= MAX_POWER_MODES:
        raise BoardError(f"{len(states)} power states, 1..{MAX_POWER_MODES} fit")
    if sum(st["kind"] == "default" for st in states) != 1:
        raise BoardError("exactly one power state must be the default")
    body = struct.pack("<6B", 0, 0, 0, 0, POWER_MODE_ENTRY, len(states))
    for st in states:
        sclk, mclk = khz10(st["engine_clock_khz"]), khz10(st["memory_clock_khz"])
        if not (0 < sclk <= 0xFFFF and 0 < mclk <= 0xFFFF):
            raise BoardError(f"power state clocks {sclk}/{mclk} do not fit")
        body += struct.pack("<3L2H5B", POWER_KINDS[st["kind"]], 0, 0, sclk,
                            mclk, 0, 0, 0, 0, st.get("pcie_lanes", 16))
    return table(1, 1, body)


def gpio_i2c_info(board, regs):
    """GPIO_I2C_Info (v1.1): ATOM_GPIO_I2C_ASSIGMENT per line, 27 bytes."""
    body = b""
    for d in board.get("ddc", []):
        if "reg" in d:          # a legacy pad: one register for all four
            idx = [reg_index(regs, d["reg"])] * 4
        else:
            p = d["regs"]
            idx = [reg_index(regs, f"{p}_{r}") for r in ("MASK", "EN", "Y", "A")]
        clk, data = d["clock_bit"], d["data_bit"]
        body += struct.pack("<8HB8B2x", *idx, *idx, d["id"],
                            clk, clk, clk, clk, data, data, data, data)
    return table(1, 1, body)


def gpio_pin_lut(board, regs):
    """GPIO_Pin_LUT (v1.1): ATOM_GPIO_PIN_ASSIGNMENT per pin, 4 bytes."""
    body = b""
    for g in board.get("gpio", []):
        body += struct.pack("<HBB", reg_index(regs, g["reg"]), g["bit"], g["id"])
    return table(1, 1, body)


# ATOM_INTEGRATED_SYSTEM_INFO_V2 (atombios.h, packed): after the header,
# the clocks, display and DDI configuration, memory, docking, CPU, NB
# voltages, the HT link, and 96 reserved ULONGs
IGP_INFO_V2 = "<L2LLLL6LLLLLL4BLL4HL6H2L6H96L"


def integrated_system_info(igp):
    """IntegratedSystemInfo (v1.2, ATOM_INTEGRATED_SYSTEM_INFO_V2): what
    radeon's rs690_pm_info and radeon_atombios_sideport_present read."""
    v = [0] * len(struct.unpack(IGP_INFO_V2, bytes(struct.calcsize(IGP_INFO_V2))))
    v[0] = khz10(igp["engine_clock_khz"])           # ulBootUpEngineClock
    v[3] = khz10(igp["uma_clock_khz"])              # ulBootUpUMAClock
    v[4] = khz10(igp.get("sideport_clock_khz", 0))  # 0: no sideport memory
    v[17] = igp["memory_type"]                      # ucMemoryType (2: DDR2)
    v[18] = igp["uma_channels"]                     # ucUMAChannelNumber
    v[27] = khz10(igp["ht_link_khz"])               # ulHTLinkFreq
    v[28] = igp["ht_link_width"]                    # usMinHTLinkWidth
    v[29] = igp["ht_link_width"]                    # usMaxHTLinkWidth
    return table(1, 2, struct.pack(IGP_INFO_V2, *v))


def lvds_info(lv):
    """ATOM_LVDS_INFO (v1.1): the panel's timing as ATOM_DTD_FORMAT, its
    power delays and misc bits, no mode patch records."""
    h, v = lv["hdisp"], lv["vdisp"]
    if not (h < lv["hsync_start"] < lv["hsync_end"] <= lv["htotal"] and
            v < lv["vsync_start"] < lv["vsync_end"] <= lv["vtotal"]):
        raise BoardError("[lvds]: the timing is not display < sync < total")
    misc = 0
    for m in lv.get("misc", []):
        if m not in LVDS_MISC:
            raise BoardError(f"[lvds]: unknown misc bit {m}")
        misc |= LVDS_MISC[m]
    dtd = struct.pack("<11HBBHBB", khz10(lv["pixel_clock_khz"]),
                      h, lv["htotal"] - h, v, lv["vtotal"] - v,
                      lv["hsync_start"] - h, lv["hsync_end"] - lv["hsync_start"],
                      lv["vsync_start"] - v, lv["vsync_end"] - lv["vsync_start"],
                      lv["width_mm"], lv["height_mm"], 0, 0, 0, 0,
                      lv["refresh_hz"])
    body = dtd + struct.pack("<HHHBBBBBB", 0, 0, lv["off_delay_ms"],
                             lv["dig_on_to_de_ms"] // 10,
                             lv["de_to_bl_on_ms"] // 10, misc,
                             lv["refresh_hz"], 0, 0)
    return table(1, 1, body)


def supported_devices(board):
    """SupportedDevicesInfo: format 1 (10 devices) or 2 (16), from content
    revision 2 of format 2 on with an interrupt source byte per device."""
    sd = board["supported_devices"]
    frev, crev = sd.get("format", 1), sd.get("content", 1)
    n = 16 if frev > 1 else 10
    support, conn, isrc = 0, [0] * n, [0xFF] * n
    for d in sd.get("device", []):
        i = DEVICES[d["device"]]
        if d["type"] not in SD_TYPES:
            raise BoardError(f"supported device {d['device']}: type {d['type']}")
        support |= 1 << i
        conn[i] = SD_TYPES[d["type"]] << 4 | SD_DACS[d.get("dac")], d.get("ddc", 0)
        isrc[i] = d.get("int_src", 0xFF)
    body = struct.pack("<H", support)
    for i in range(n):
        body += struct.pack("<BB", *(conn[i] or (0, 0)))
    if frev > 1 and crev > 1:
        body += bytes(isrc)
    return table(frev, crev, body)


class Blob:
    """Bytes laid out one after another, offsets from the start."""

    def __init__(self, start=0):
        self.data = bytearray()
        self.start = start

    def add(self, b, align=1):
        while (self.start + len(self.data)) % align:
            self.data.append(0)
        off = self.start + len(self.data)
        self.data += b
        return off


def object_header(board):
    """Object_Header (v1.2): ATOM_OBJECT_HEADER, its object tables, records
    and the display paths; table offsets are from the header's start."""
    conns = board.get("connector", [])
    ddc_ids = {d["id"] for d in board.get("ddc", [])}
    gpio_ids = {g["id"] for g in board.get("gpio", [])}
    header_len = 4 + 6 * 2
    blob = Blob(header_len)

    # one connector object per connector, one encoder object per encoder
    # (a DVI-I connector's analog encoder, analog =, included)
    enc_names = []
    con_ids, enc_ids = [], {}
    seen = {}
    for c in conns:
        if c["type"] not in CONNECTORS:
            raise BoardError(f"unknown connector type {c['type']}")
        if "analog" in c and (c["type"] != "DVI-I" or
                              "analog_device" not in c):
            raise BoardError(f"connector {c['type']}: an analog half needs "
                             "DVI-I and analog_device")
        oid = CONNECTORS[c["type"]]
        seen[oid] = seen.get(oid, 0) + 1
        con_ids.append(obj_id(OBJ_CONNECTOR, oid, seen[oid]))
        for e in (c["encoder"], c.get("analog")):
            if e is None:
                continue
            if e not in ENCODERS:
                raise BoardError(f"unknown encoder {e}")
            if e not in enc_ids:
                enc_names.append(e)
                enc_ids[e] = obj_id(OBJ_ENCODER, ENCODERS[e])

    # records: each list ends with an end record
    end = struct.pack("<BB", RECORD_END, 2)
    con_records = []
    for c in conns:
        rec = b""
        if "ddc" in c:
            if c["ddc"] not in ddc_ids:
                raise BoardError(f"connector {c['type']}: no ddc id {c['ddc']}")
            rec += struct.pack("<BBBB", RECORD_I2C, 4, c["ddc"], 0)
        if "hpd" in c:
            if c["hpd"] not in gpio_ids:
                raise BoardError(f"connector {c['type']}: no gpio id {c['hpd']}")
            # plugged when the pin reads 1
            rec += struct.pack("<BBBB", RECORD_HPD, 4, c["hpd"], 1)
        con_records.append(blob.add(rec + end))
    enc_records = blob.add(end)

    def object_table(entries):
        b = struct.pack("<B3x", len(entries))
        for oid, rec in entries:
            b += struct.pack("<HHHH", oid, 0, rec, 0)
        return blob.add(b, 2)

    con_table = object_table(list(zip(con_ids, con_records)))
    enc_table = object_table([(enc_ids[e], enc_records) for e in enc_names])
    router_table = object_table([])

    # a display path per device: DVI-I's analog half is a path of its own
    # to the same connector object, as radeon_get_atom_connector_info_from_
    # object_table merges them
    paths = b""
    devices = 0
    npaths = 0
    for c, cid in zip(conns, con_ids):
        halves = [(c["device"], c["encoder"])]
        if "analog" in c:
            halves.append((c["analog_device"], c["analog"]))
        for dev, enc in halves:
            tag = 1 << DEVICES[dev]
            devices |= tag
            paths += struct.pack("<HHHHH", tag, 10, cid, obj_id(OBJ_GPU, 0),
                                 enc_ids[enc])
            npaths += 1
    path_table = blob.add(struct.pack("<BB2x", npaths, 1) + paths, 2)

    header = struct.pack("<HHHHHH", devices, con_table, router_table,
                         enc_table, 0, path_table)
    return table(1, 2, header + bytes(blob.data))


def rom_start(pci):
    """A ROM's head: the bytes below FIRST_FREE, then the PCI data
    structure for the board's vendor and device.  Returns the Blob, the
    dict of fixed-offset words to place (the PCIR pointer in it) and the
    PCIR's offset, for rom_finish()."""
    rom = Blob()
    rom.add(bytes(FIRST_FREE))
    pcir = rom.add(struct.pack("<4sHHHHB3sHHBBH", b"PCIR", pci["vendor"],
                               pci["device"], 0, 24, 0,
                               bytes([0, 0, 3]),       # class 0x030000, VGA
                               0, 0, 0, 0x80, 0), 4)    # length/type/last image
    return rom, {PCIR_PTR: struct.pack("<H", pcir)}, pcir


def rom_finish(rom, fixed, pcir):
    """The image: padded to whole 512-byte blocks, the 0x55AA signature
    and length, the init entry, the ATI magic, the fixed-offset words, the
    PCIR's image length, and the last byte making the checksum 0."""
    size = -(-(len(rom.data) + 1) // ROM_BLOCK) * ROM_BLOCK
    img = rom.data + bytes(size - len(rom.data))
    img[0:3] = bytes([0x55, 0xAA, size // ROM_BLOCK])
    img[3] = X86_RETF
    img[ATI_MAGIC_PTR:ATI_MAGIC_PTR + len(ATI_MAGIC)] = ATI_MAGIC
    for off, b in fixed.items():
        img[off:off + len(b)] = b
    struct.pack_into("<H", img, pcir + 16, size // ROM_BLOCK)  # image length
    img[-1] = -sum(img[:-1]) & 0xFF
    return bytes(img)


def build(board, regs):
    pci = board["pci"]
    rom, fixed, pcir = rom_start(pci)

    name = rom.add(board["bios"]["name"].encode() + b"\r\n\0")
    for ch in board["bios"]["name"]:
        if not "." <= ch <= "z":
            raise BoardError(f"BIOS name character {ch!r} is outside '.'..'z'")

    tables = {
        "FirmwareInfo": firmware_info(board["firmware"]),
        "GPIO_I2C_Info": gpio_i2c_info(board, regs),
        "GPIO_Pin_LUT": gpio_pin_lut(board, regs),
    }
    if board["bios"].get("object_header", True):
        tables["Object_Header"] = object_header(board)
    if "supported_devices" in board:
        tables["SupportedDevicesInfo"] = supported_devices(board)
    if "power_state" in board:
        tables["PowerPlayInfo"] = powerplay_info(board["power_state"])
    if "lvds" in board:
        tables["LVDS_Info"] = lvds_info(board["lvds"])
    if "igp" in board:
        tables["IntegratedSystemInfo"] = integrated_system_info(board["igp"])
    data_list = [0] * DATA_TABLES
    for t, body in tables.items():
        data_list[DATA_INDEX[t]] = rom.add(body, 2)
    master_data = rom.add(table(1, 1, struct.pack(f"<{DATA_TABLES}H", *data_list)), 2)
    cmd_list = [0] * COMMAND_TABLES
    for index, body in sorted(command_tables(board, regs).items()):
        cmd_list[index] = rom.add(body, 2)
    master_cmd = rom.add(table(1, 1, struct.pack(f"<{COMMAND_TABLES}H",
                                                 *cmd_list)), 2)

    # ATOM_ROM_HEADER: the common header, "ATOM", 13 USHORTs, 2 UCHARs
    words = [0] * 13
    words[4] = name                     # usBIOS_BootupMessageOffset
    words[8] = pci["vendor"]            # usSubsystemVendorID
    words[9] = pci["device"]            # usSubsystemID
    words[10] = pcir                    # usPCI_InfoOffset
    words[11] = master_cmd              # usMasterCommandTableOffset
    words[12] = master_data             # usMasterDataTableOffset
    atom = rom.add(table(1, 1, b"ATOM" + struct.pack("<13HBB", *words, 0, 0)), 2)
    fixed[ATOM_HEADER_PTR] = struct.pack("<H", atom)

    return rom_finish(rom, fixed, pcir)


def load_board(path):
    """A board description; a variant's base = names the file (beside it)
    whose tables it starts from, each of its own top-level keys replacing
    the base's."""
    with open(path, "rb") as f:
        board = tomllib.load(f)
    base = board.pop("base", None)
    if base is None:
        return board
    merged = load_board(os.path.join(os.path.dirname(path), base))
    merged.update(board)
    return merged


def c_file(img, board_name, symbol, generator="r5xx_vbios.py"):
    lines = [
        f"/* Generated by {generator} from {board_name}: do not edit. */",
        '#include "qemu/osdep.h"',
        "",
        f"extern const uint8_t {symbol}[];",
        f"extern const size_t {symbol}_size;",
        "",
        f"const uint8_t {symbol}[] = {{",
    ]
    for i in range(0, len(img), 12):
        lines.append("    " + " ".join(f"0x{b:02x}," for b in img[i:i + 12]))
    lines += ["};", "", f"const size_t {symbol}_size = {len(img)};", ""]
    return "\n".join(lines)


def generator_main(doc, build_fn, generator):
    """The command line of the ROM generators: BOARD REGS, then -c FILE
    (the image as C, symbol -s NAME) and -b FILE (the image)."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("board")
    ap.add_argument("regs")
    ap.add_argument("-c", dest="c_out")
    ap.add_argument("-b", dest="bin_out")
    ap.add_argument("-s", dest="symbol", default="r5xx_vbios")
    args = ap.parse_args()
    board = load_board(args.board)
    try:
        img = build_fn(board, read_regs(args.regs))
    except (BoardError, TableError, KeyError, struct.error) as e:
        sys.exit(f"{args.board}: {e}")
    if args.c_out:
        with open(args.c_out, "w") as f:
            f.write(c_file(img, args.board.rsplit("/", 1)[-1], args.symbol,
                           generator))
    if args.bin_out:
        with open(args.bin_out, "wb") as f:
            f.write(img)


if __name__ == "__main__":
    generator_main(__doc__, build, "r5xx_vbios.py")
