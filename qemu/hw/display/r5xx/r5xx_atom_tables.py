# SPDX-License-Identifier: GPL-2.0-or-later
"""ATOM command tables of the r5xx model boards (AVIVO display, R5xx).

What upstream radeon runs to post an AVIVO card and to set modes on it
(atombios_crtc.c, atombios_encoders.c, atom.c:atom_asic_init), written
from the register facts of the model's display engine
(r5xx_display_avivo.c) and assembled with r5xx_atom_asm.  radeon computes
the PLL dividers and the mode itself; the tables move the fields of the
parameter space it passes into registers.

A board description selects the tables by name ([atom] command_tables);
crtcs and plls say how many D CRTCs and pixel PLLs they switch between.
Parameter spaces (atombios.h), dword.part as r5xx_atom_asm names them:

  ENABLE_CRTC (EnableCRTC, EnableCRTCMemReq,
               UpdateCRTC_DoubleBufferRegisters): 0.B0 crtc, 0.B8 enable
  BLANK_CRTC: 0.B0 crtc, 0.B8 blanking
  PIXEL_CLOCK_PARAMETERS_V2 (SetPixelClock 1.2): 0.W0 clock (10 kHz),
      0.W16 ref div, 1.W0 fb div, 1.B16 post div, 1.B24 fb div fraction,
      2.B0 PLL, 2.B8 ref div source, 2.B16 crtc
  SET_CRTC_USING_DTD_TIMING: 0 H size/blanking, 1 V size/blanking,
      2 H sync offset/width, 3 V sync offset/width, 4.W0 misc, 5.B0 crtc
  SET_CRTC_TIMING: 0 H total/display, 1 H sync start/width,
      2 V total/display, 3 V sync start/width, 4.W0 misc, 4.B16 crtc
  SET_CRTC_OVERSCAN: 0 right/left, 1 bottom/top, 2.B0 crtc
  ENABLE_SCALER: 0.B0 scaler (crtc), 0.B8 mode
  SELECT_CRTC_SOURCE (1.1): 0.B0 crtc, 0.B8 ATOM device index
  DAC_ENCODER_CONTROL: 0.W0 clock, 0.B16 standard, 0.B24 action
  LVDS_ENCODER_CONTROL (TMDSAEncoderControl 1.1): 0.W0 clock, 0.B16 misc,
      0.B24 action
  DISPLAY_DEVICE_OUTPUT_CONTROL: 0.B0 action
  DAC_LOAD_DETECTION: 0.W0 device bits, 0.B16 DAC, 0.B24 misc
  ASIC_INIT: 0 engine clock, 1 memory clock (10 kHz)
  SET_ENGINE_CLOCK, SET_MEMORY_CLOCK: 0 the clock (10 kHz, bits 23:0)

A board's [post] section says what ASIC_Init posts (see _post): the
reference divider of the engine and memory PLLs, the VRAM size
(CONFIG_MEMSIZE; the model's vram-size must match it), and the MC indirect
registers of the VRAM location and the channel configuration (none on an
IGP, whose system BIOS sets its memory up).
"""
from r5xx_atom_asm import WS_QUOTIENT, Asm, imm, mc, pll, ps, quotient, reg, ws

# ATOM_MASTER_LIST_OF_COMMAND_TABLES indices
COMMAND_INDEX = {
    "ASIC_Init": 0, "EnableCRTCMemReq": 6, "SetPixelClock": 12,
    "DAC_LoadDetection": 21, "DAC1EncoderControl": 24,
    "DAC2EncoderControl": 25, "DAC2OutputControl": 69,
    "TMDSAEncoderControl": 30, "EnableScaler": 33, "BlankCRTC": 34,
    "EnableCRTC": 35, "SetCRTC_Timing": 39, "SetCRTC_OverScan": 40,
    "SelectCRTC_Source": 42, "UpdateCRTC_DoubleBufferRegisters": 44,
    "SetCRTC_UsingDTDTiming": 49, "TMDSAOutputControl": 66,
    "DAC1OutputControl": 68, "SetEngineClock": 10, "SetMemoryClock": 11,
}

ATOM_ENABLE = 1
ATOM_DEVICE_INDEX = {"CRT1": 0, "LCD1": 1, "TV1": 2, "DFP1": 3, "CRT2": 4,
                     "DFP2": 7}
ATOM_DEVICE_CRT1_SUPPORT = 0x0001
ATOM_DEVICE_CRT2_SUPPORT = 0x0010
ATOM_DAC_A, ATOM_DAC_B = 0, 1
ATOM_HSYNC_POLARITY, ATOM_VSYNC_POLARITY, ATOM_INTERLACE = 1, 2, 7  # bits
PANEL_ENCODER_MISC_DUAL = 0x01

# register bits (regs/r5xx.regs; kms-facts.md 1 where the list is silent)
CRTC_EN = 1 << 0
CRTC_DISABLE_POINT = 3 << 8
CRTC_READ_REQUEST_DISABLE = 1 << 24
BLANK_DATA_EN = 1 << 8
PLL_RESET, PLL_SLEEP, PLL_VCOREF = 1 << 0, 1 << 1, 1 << 2
PLL_ATOMIC_UPDATE = 1 << 13
PLL_CALIBRATED, PLL_LOCKED = 1 << 20, 1 << 21
PLL_UPDATE_PENDING = 1 << 16            # EXTn_PPLL_UPDATE_CNTL
PCLK_PLL_SEL = 1 << 16
FB_DIV_FIELDS = 0x07FF0000 | 0xF        # FB_DIV 26:16, FB_DIV_FRAC 3:0
POST_DIV_FIELD = 0x7F
DAC_POWERDOWN_ALL = 0x01010101
DAC_SYNC_SELECT_BITS = 0x101
DAC_LOAD_FORCE_DATA = 0x1E6
DAC_COMPARATOR_RGB = 0xE                # COMPARATOR_OUTPUT blue/green/red
TMDS_ENABLE, TMDS_DUAL_LINK = 1 << 0, 1 << 24
TMDS_TX_PLL_ENABLE, TMDS_TX_PLL_RESET = 1 << 0, 1 << 1
TMDS_SYNC_RESET, TMDS_SYNC_START = 1 << 0, 1 << 8
TMDS_TX_LANES, TMDS_TX_LANES_DUAL = 0x1F, 0x1F1F
S0_CRT1_MASK, S0_CRT1_COLOR = 0x3, 0x2
S0_CRT2_MASK, S0_CRT2_COLOR = 0x300, 0x200
# DAC_LoadDetection: per DAC, its ucDacType, the CRT device it senses for
# and that device's BIOS_0_SCRATCH bits (atombios.h ATOM_S0_CRTn_*)
DAC_LOAD = {
    "DACA": (ATOM_DAC_A, ATOM_DEVICE_CRT1_SUPPORT, S0_CRT1_MASK, S0_CRT1_COLOR),
    "DACB": (ATOM_DAC_B, ATOM_DEVICE_CRT2_SUPPORT, S0_CRT2_MASK, S0_CRT2_COLOR),
}
PLL_LOCK_POLLS = 100                    # x 10 us


class TableError(Exception):
    pass


class Board:
    """What the tables need of a board: registers and instance counts."""

    def __init__(self, board, regs):
        self.regs = regs
        atom = board.get("atom", {})
        self.crtcs = atom.get("crtcs", 2)
        self.plls = atom.get("plls", 2)
        self.connectors = board.get("connector", [])
        self.post = board.get("post")
        self.ref_khz = board.get("firmware", {}).get("reference_clock_khz")

    def r(self, name):
        if name not in self.regs:
            raise TableError(f"register {name} is not in the register header")
        return self.regs[name] // 4

    def ind(self, name):
        """The index of a register of an indirect space (PLL, MC)."""
        if name not in self.regs:
            raise TableError(f"register {name} is not in the register header")
        if self.regs[name] > 0xFF:
            raise TableError(f"{name}: index 0x{self.regs[name]:x} is not 8-bit")
        return self.regs[name]

    def pll(self, name):
        """A register of the PLL indirect space by its PLL_ name."""
        return self.ind(name)

    def encoders(self, kind):
        """The board's encoders whose names start with kind (DAC, TMDS),
        a DVI-I connector's analog one included."""
        return sorted({e for c in self.connectors
                       for e in (c["encoder"], c.get("analog", ""))
                       if e.startswith(kind)})


def _per_crtc(a, b, sel, body):
    a.switch(sel, [lambda k: body(k, f"D{k + 1}")] * b.crtcs)


def enable_crtc(b):
    a = Asm()

    def body(k, d):
        ctl = b.r(f"{d}CRTC_CONTROL")
        a.if_eq(ps(0, "B8"), imm(ATOM_ENABLE, 1),
                lambda: (a.clear_bits(ctl, CRTC_READ_REQUEST_DISABLE),
                         a.set_bits(ctl, CRTC_EN)),
                lambda: (a.set_bits(ctl, CRTC_READ_REQUEST_DISABLE),
                         a.clear_bits(ctl, CRTC_EN | CRTC_DISABLE_POINT)))
    _per_crtc(a, b, ps(0, "B0"), body)
    return a.table(1, 1, 0, 4)


def enable_crtc_memreq(b):
    a = Asm()

    def body(k, d):
        ctl = b.r(f"{d}CRTC_CONTROL")
        a.if_eq(ps(0, "B8"), imm(ATOM_ENABLE, 1),
                lambda: a.clear_bits(ctl, CRTC_READ_REQUEST_DISABLE),
                lambda: a.set_bits(ctl, CRTC_READ_REQUEST_DISABLE))
    _per_crtc(a, b, ps(0, "B0"), body)
    return a.table(1, 1, 0, 4)


def blank_crtc(b):
    a = Asm()

    def body(k, d):
        blank = b.r(f"{d}CRTC_BLANK_CONTROL")

        def on():
            a.move(reg(b.r(f"{d}CRTC_BLACK_COLOR")), imm(0))
            a.set_bits(blank, BLANK_DATA_EN)
        a.if_eq(ps(0, "B8"), imm(ATOM_ENABLE, 1), on,
                lambda: a.clear_bits(blank, BLANK_DATA_EN))
    _per_crtc(a, b, ps(0, "B0"), body)
    return a.table(1, 1, 0, 8)


def update_crtc_double_buffer(b):
    a = Asm()

    def body(k, d):
        lock = reg(b.r(f"{d}CRTC_UPDATE_LOCK"))
        a.if_eq(ps(0, "B8"), imm(ATOM_ENABLE, 1),
                lambda: a.move(lock, imm(1)), lambda: a.move(lock, imm(0)))
    _per_crtc(a, b, ps(0, "B0"), body)
    return a.table(1, 1, 0, 4)


def set_pixel_clock(b):
    """Program pixel PLL ucPpll (kms-facts.md 1, PLL) and route it to ucCRTC;
    a clock of 0 puts the PLL to sleep."""
    a = Asm()

    def pll(k):
        e, p = f"EXT{k + 1}_PPLL_", f"P{k + 1}PLL_"
        cntl = b.r(p + "CNTL")
        post_src = reg(b.r(e + "POST_DIV_SRC"))
        lock = reg(b.r(e + "UPDATE_LOCK"))
        update = b.r(e + "UPDATE_CNTL")

        def program():
            poll, locked = a.new_label(), a.new_label()
            a.move(post_src, imm(0))            # the crystal while it changes
            a.set_bits(cntl, PLL_RESET | PLL_SLEEP)
            a.clear_bits(b.r(p + "INT_SS_CNTL"), 1)
            a.move(reg(b.r(e + "REF_DIV_SRC")), imm(1))
            a.move(lock, imm(1))
            a.load(0, ps(0, "W16"))
            a.move(reg(b.r(e + "REF_DIV")), ws(0))
            a.load(0, ps(1, "W0"))
            a.shl(ws(0), 16)
            a.load(1, ps(1, "B24"))
            a.or_(ws(0), ws(1))
            a.mask(reg(b.r(e + "FB_DIV")), ~FB_DIV_FIELDS & 0xFFFFFFFF, ws(0))
            a.load(0, ps(1, "B16"))
            a.mask(reg(b.r(e + "POST_DIV")), ~POST_DIV_FIELD & 0xFFFFFFFF,
                   ws(0))
            a.set_bits(update, PLL_UPDATE_PENDING)
            a.clear_bits(cntl, PLL_VCOREF)
            a.set_bits(cntl, PLL_ATOMIC_UPDATE)
            a.clear_bits(cntl, PLL_ATOMIC_UPDATE)
            a.move(lock, imm(0))
            a.clear_bits(update, 1)
            a.clear_bits(cntl, PLL_SLEEP)
            a.clear_bits(cntl, PLL_RESET)
            a.clear(ws(2))
            a.label(poll)
            a.delay_us(10)
            a.move(ws(0), reg(cntl))
            a.and_(ws(0), imm(PLL_LOCKED | PLL_CALIBRATED))
            a.compare(ws(0), imm(PLL_LOCKED | PLL_CALIBRATED))
            a.jump(locked, "eq")
            a.add(ws(2), imm(1))
            a.compare(ws(2), imm(PLL_LOCK_POLLS))
            a.jump(poll, "below")
            a.label(locked)
            a.move(post_src, imm(1))

        a.if_eq(ps(0, "W0"), imm(0, 2),
                lambda: a.set_bits(cntl, PLL_RESET | PLL_SLEEP), program)
    a.switch(ps(2, "B0"), [pll] * b.plls)
    a.load(0, ps(2, "B0"))
    a.shl(ws(0), 16)
    a.switch(ps(2, "B16"), [
        lambda k: a.mask(reg(b.r(f"PCLK_CRTC{k + 1}_CNTL")),
                         ~PCLK_PLL_SEL & 0xFFFFFFFF, ws(0))] * b.crtcs)
    return a.table(1, 2, 3, 12)


def _axis(a, b, d, axis, disp, width, misc_bit):
    """One axis of a CRTC's timing from ws0 = total and ws1 = sync start
    (counted from the first active pixel): the blank registers count from
    the sync start (kms-facts.md 1, Timing)."""
    c = f"{d}CRTC_{axis}_"
    a.move(ws(2), ws(0))
    a.sub(ws(2), imm(1))
    a.move(reg(b.r(c + "TOTAL")), ws(2))
    a.move(ws(2), ws(0))
    a.sub(ws(2), ws(1))                 # first active pixel
    a.load(3, disp)
    a.add(ws(3), ws(2))                 # first blank pixel
    a.shl(ws(2), 16)
    a.or_(ws(2), ws(3))
    a.move(reg(b.r(c + "BLANK_START_END")), ws(2))
    a.load(2, width)
    a.shl(ws(2), 16)
    a.move(reg(b.r(c + "SYNC_A")), ws(2))
    a.load(2, ps(4, "W0"))
    a.shr(ws(2), misc_bit)
    a.and_(ws(2), imm(1))
    a.move(reg(b.r(c + "SYNC_A_CNTL")), ws(2))


def _interlace(a, b, d):
    a.load(2, ps(4, "W0"))
    a.shr(ws(2), ATOM_INTERLACE)
    a.and_(ws(2), imm(1))
    a.move(reg(b.r(f"{d}CRTC_INTERLACE_CONTROL")), ws(2))
    a.move(reg(b.r(f"{d}MODE_DATA_FORMAT")), ws(2))


def set_crtc_dtd_timing(b):
    a = Asm()

    def body(k, d):
        for axis, i, pol in (("H", 0, ATOM_HSYNC_POLARITY),
                             ("V", 1, ATOM_VSYNC_POLARITY)):
            a.load(0, ps(i, "W0"))              # size
            a.load(1, ps(i, "W16"))             # blanking time
            a.add(ws(0), ws(1))
            a.load(1, ps(2 + i, "W0"))          # sync offset
            a.load(3, ps(i, "W0"))
            a.add(ws(1), ws(3))
            _axis(a, b, d, axis, ps(i, "W0"), ps(2 + i, "W16"), pol)
        _interlace(a, b, d)
    _per_crtc(a, b, ps(5, "B0"), body)
    return a.table(1, 1, 4, 24)


def set_crtc_timing(b):
    a = Asm()

    def body(k, d):
        for axis, i, pol in (("H", 0, ATOM_HSYNC_POLARITY),
                             ("V", 2, ATOM_VSYNC_POLARITY)):
            a.load(0, ps(i, "W0"))              # total
            a.load(1, ps(i + 1, "W0"))          # sync start
            _axis(a, b, d, axis, ps(i, "W16"), ps(i + 1, "W16"), pol)
        _interlace(a, b, d)
    _per_crtc(a, b, ps(4, "B16"), body)
    return a.table(1, 1, 4, 24)


def set_crtc_overscan(b):
    a = Asm()

    def body(k, d):
        for i, name in ((0, "LEFT_RIGHT"), (1, "TOP_BOTTOM")):
            a.load(0, ps(i, "W16"))             # left, top
            a.shl(ws(0), 16)
            a.load(1, ps(i, "W0"))              # right, bottom
            a.or_(ws(0), ws(1))
            a.move(reg(b.r(f"{d}MODE_EXT_OVERSCAN_{name}")), ws(0))
    _per_crtc(a, b, ps(2, "B0"), body)
    return a.table(1, 1, 2, 12)


def enable_scaler(b):
    """The model has no scaler: every mode turns it off (kms-facts.md 1)."""
    a = Asm()

    def body(k, d):
        a.move(reg(b.r(f"{d}SCL_SCALER_ENABLE")), imm(0))
        a.move(reg(b.r(f"{d}SCL_SCALER_TAP_CONTROL")), imm(0))
    _per_crtc(a, b, ps(0, "B0"), body)
    return a.table(1, 1, 0, 4)


def select_crtc_source(b):
    """Route ucCRTC to the encoder of the board's device ucDevice."""
    a = Asm()
    a.load(0, ps(0, "B0"))
    routes = {}
    for c in b.connectors:
        routes[ATOM_DEVICE_INDEX[c["device"]]] = c["encoder"]
        if "analog" in c:
            routes[ATOM_DEVICE_INDEX[c["analog_device"]]] = c["analog"]
    for dev, enc in sorted(routes.items()):
        a.if_eq(ps(0, "B8"), imm(dev, 1),
                lambda enc=enc: a.move(reg(b.r(f"{enc}_SOURCE_SELECT")),
                                       ws(0)))
    return a.table(1, 1, 1, 4)


def _need(b, enc):
    if enc not in b.encoders(enc[:-1]):
        raise TableError(f"no connector of the board uses {enc}")


def dac_encoder_control(b, dac="DACA"):
    _need(b, dac)
    a = Asm()
    en = reg(b.r(f"{dac}_ENABLE"))
    a.if_eq(ps(0, "B24"), imm(ATOM_ENABLE, 1), lambda: a.move(en, imm(1)),
            lambda: a.move(en, imm(0)))
    return a.table(1, 1, 0, 4)


def dac_output_control(b, dac="DACA"):
    """kms-facts.md 1, DAC: power up and release the syncs, or power down."""
    _need(b, dac)
    a = Asm()
    pd = reg(b.r(f"{dac}_POWERDOWN"))

    def on():
        a.move(reg(b.r(f"{dac}_ENABLE")), imm(1))
        a.move(pd, imm(0))
        a.delay_us(14)
        a.move(reg(b.r(f"{dac}_FORCE_OUTPUT_CNTL")), imm(0))
        a.clear_bits(b.r(f"{dac}_SYNC_SELECT"), DAC_SYNC_SELECT_BITS)
        a.move(reg(b.r(f"{dac}_SYNC_TRISTATE_CONTROL")), imm(0))
    a.if_eq(ps(0, "B0"), imm(ATOM_ENABLE, 1), on,
            lambda: a.move(pd, imm(DAC_POWERDOWN_ALL)))
    return a.table(1, 1, 0, 4)


def dac_load_detection(b):
    """Sense a load on the DAC ucDacType names, for the CRT device of
    usDeviceID, and report it in BIOS_0_SCRATCH as radeon reads it
    (atombios_dac_detect: ATOM_S0_CRT1_COLOR for DAC A and CRT1,
    ATOM_S0_CRT2_COLOR for DAC B and CRT2); the board's DACs only."""
    dacs = b.encoders("DAC")
    if not dacs:
        raise TableError("no connector of the board uses a DAC")
    a = Asm()
    s0 = b.r("BIOS_0_SCRATCH")

    def sense(dac, s0_mask, s0_color):
        force = reg(b.r(f"{dac}_FORCE_DATA"))
        a.move(ws(1), force)
        a.move(force, imm(DAC_LOAD_FORCE_DATA))
        a.move(reg(b.r(f"{dac}_COMPARATOR_ENABLE")), imm(1))
        a.delay_us(50)
        a.move(ws(0), reg(b.r(f"{dac}_COMPARATOR_OUTPUT")))
        a.move(reg(b.r(f"{dac}_COMPARATOR_ENABLE")), imm(0))
        a.move(force, ws(1))
        a.clear_bits(s0, s0_mask)
        a.and_(ws(0), imm(DAC_COMPARATOR_RGB))
        a.if_eq(ws(0), imm(DAC_COMPARATOR_RGB),
                lambda: a.set_bits(s0, s0_color))

    for dac in dacs:
        dac_type, device, s0_mask, s0_color = DAC_LOAD[dac]
        skip = a.new_label()
        a.compare(ps(0, "B16"), imm(dac_type, 1))
        a.jump(skip, "ne")
        a.test(ps(0, "W0"), imm(device, 2))
        a.jump(skip, "eq")
        sense(dac, s0_mask, s0_color)
        a.label(skip)
    return a.table(1, 1, 2, 12)


def tmds_encoder_control(b, tmds="TMDSA"):
    """kms-facts.md 1, TMDSA: encoder and transmitter PLL on, or off."""
    _need(b, tmds)
    a = Asm()
    cntl = b.r(f"{tmds}_CNTL")
    tx = b.r(f"{tmds}_TRANSMITTER_CONTROL")
    sync = b.r(f"{tmds}_DATA_SYNCHRONIZATION")

    def on():
        single, linked = a.new_label(), a.new_label()
        a.set_bits(cntl, TMDS_ENABLE)
        a.test(ps(0, "B16"), imm(PANEL_ENCODER_MISC_DUAL, 1))
        a.jump(single, "eq")
        a.set_bits(cntl, TMDS_DUAL_LINK)
        a.jump(linked)
        a.label(single)
        a.clear_bits(cntl, TMDS_DUAL_LINK)
        a.label(linked)
        a.set_bits(tx, TMDS_TX_PLL_ENABLE)
        a.delay_us(20)
        a.set_bits(tx, TMDS_TX_PLL_RESET)
        a.clear_bits(tx, TMDS_TX_PLL_RESET)
        a.set_bits(sync, TMDS_SYNC_RESET)
        a.set_bits(sync, TMDS_SYNC_START)
        a.clear_bits(sync, TMDS_SYNC_RESET)

    def off():
        a.clear_bits(tx, TMDS_TX_PLL_ENABLE)
        a.clear_bits(cntl, TMDS_ENABLE)
    end = a.new_label()
    a.if_eq(ps(0, "B24"), imm(ATOM_ENABLE, 1), on)
    a.compare(ps(0, "B24"), imm(0, 1))
    a.jump(end, "ne")
    off()
    a.label(end)
    return a.table(1, 1, 0, 8)


def tmds_output_control(b, tmds="TMDSA"):
    _need(b, tmds)
    a = Asm()
    txen = reg(b.r(f"{tmds}_TRANSMITTER_ENABLE"))

    def on():
        a.move(ws(0), reg(b.r(f"{tmds}_CNTL")))
        a.and_(ws(0), imm(TMDS_DUAL_LINK))
        a.if_eq(ws(0), imm(0), lambda: a.move(txen, imm(TMDS_TX_LANES)),
                lambda: a.move(txen, imm(TMDS_TX_LANES_DUAL)))
    a.if_eq(ps(0, "B0"), imm(ATOM_ENABLE, 1), on,
            lambda: a.move(txen, imm(0)))
    return a.table(1, 1, 1, 4)


SRC_SEL_PLL = 1             # SCLK_CNTL/MCLK_CNTL SRC_SEL: the PLL, undivided
SRC_SEL_FIELD = 0x7
PLL_SETTLE_US = 50


def _post_pll_fb(a, b, clock, w, ref_div):
    """ws(w) = the feedback divider that gives the clock operand (10 kHz
    units): clock = 2 * fb * ref / ref_div (the model's legacy PLLs, as
    radeon's radeon_legacy_get_engine_clock reads them)."""
    a.mul(clock, imm(10 * ref_div))
    a.move(ws(w), ws(WS_QUOTIENT))
    a.div(ws(w), imm(2 * b.ref_khz))
    a.move(ws(w), ws(WS_QUOTIENT))


def _post(a, b):
    """What a video BIOS does to a cold board (the board's [post]): the
    engine and memory PLLs at ASIC_Init's clocks, both clocks from their
    PLL, the memory controller (VRAM at MC address 0, its channels) and
    CONFIG_MEMSIZE."""
    p = b.post
    ref_div = p["pll_ref_div"]
    if not b.ref_khz or not 0 < ref_div <= 0xFF:
        raise TableError("[post] needs pll_ref_div 1..255 and a reference clock")
    _post_pll_fb(a, b, ps(0), 0, ref_div)       # engine: SPLL_FB_DIV 23:16
    _post_pll_fb(a, b, ps(1), 1, ref_div)       # memory: MPLL_FB_DIV 15:8
    a.and_(ws(0), imm(0xFF))
    a.and_(ws(1), imm(0xFF))
    a.shl(ws(0), 16)
    a.shl(ws(1), 8)
    a.or_(ws(0), ws(1))
    a.or_(ws(0), imm(ref_div))
    a.move(pll(b.ind("PLL_M_SPLL_REF_FB_DIV")), ws(0))
    a.delay_us(PLL_SETTLE_US)
    for cntl in ("PLL_SCLK_CNTL", "PLL_MCLK_CNTL"):
        a.mask(pll(b.ind(cntl)), ~SRC_SEL_FIELD & 0xFFFFFFFF,
               imm(SRC_SEL_PLL))
    vram = p["vram_mib"] << 20
    if "mc_fb_location" in p:
        last = (vram - 1) >> 16
        a.move(mc(b.ind(p["mc_fb_location"])), imm(last << 16))
    if "mc_channels" in p:
        ch = p["mc_channels"]
        a.move(mc(b.ind(ch["reg"])), imm(ch["value"]))
    a.move(reg(b.r("CONFIG_MEMSIZE")), imm(vram))


def asic_init(b):
    """Post: on a board with a [post] section, the clocks, the memory
    controller and CONFIG_MEMSIZE (see _post); then the display a BIOS
    hands over with nothing lit: both CRTCs off, the board's outputs
    powered down."""
    a = Asm()
    if b.post:
        _post(a, b)
    for k in range(b.crtcs):
        a.move(reg(b.r(f"D{k + 1}CRTC_CONTROL")), imm(0))
    for dac in b.encoders("DAC"):
        a.move(reg(b.r(f"{dac}_POWERDOWN")), imm(DAC_POWERDOWN_ALL))
        a.move(reg(b.r(f"{dac}_ENABLE")), imm(0))
    for tmds in b.encoders("TMDS"):
        a.move(reg(b.r(f"{tmds}_TRANSMITTER_ENABLE")), imm(0))
        a.clear_bits(b.r(f"{tmds}_TRANSMITTER_CONTROL"), TMDS_TX_PLL_ENABLE)
        a.clear_bits(b.r(f"{tmds}_CNTL"), TMDS_ENABLE)
    return a.table(1, 1, 2, 16)


SPLL_FB_SHIFT, MPLL_FB_SHIFT = 16, 8      # M_SPLL_REF_FB_DIV fields
REF_DIV_FIELD = 0xFF
CLOCK_FIELD = 0x00FFFFFF


def _set_clock(b, fb_shift, cntl):
    """The engine or memory PLL to the clock the caller asks for:
    fb = (clock * ref_div + ref) / (2 * ref), the rounding
    radeon_legacy_set_engine_clock uses, with the post divider at 1
    (SCLK_SRC_SEL/MCLK_SRC_SEL 1); clocks below the VCO's range are not
    the board's to ask for."""
    if not b.ref_khz:
        raise TableError("SetEngineClock/SetMemoryClock need a reference clock")
    a = Asm()
    div = pll(b.pll("PLL_M_SPLL_REF_FB_DIV"))
    ref10 = b.ref_khz // 10
    a.move(ws(0), ps(0))
    a.and_(ws(0), imm(CLOCK_FIELD))
    a.move(ws(1), div)
    a.and_(ws(1), imm(REF_DIV_FIELD))
    a.mul(ws(0), ws(1))
    a.move(ws(0), quotient())
    a.add(ws(0), imm(ref10))
    a.div(ws(0), imm(2 * ref10))
    a.move(ws(0), quotient())
    a.and_(ws(0), imm(0xFF))
    a.shl(ws(0), fb_shift)
    a.mask(div, ~(0xFF << fb_shift) & 0xFFFFFFFF, ws(0))
    a.delay_us(20)                      # the PLL relocks
    a.and_(pll(b.pll(cntl)), imm(~0x7 & 0xFFFFFFFF))
    a.or_(pll(b.pll(cntl)), imm(1))
    return a.table(1, 1, 2, 4)


def set_engine_clock(b):
    """SetEngineClock: the engine PLL (SPLL_FB_DIV) to ps 0's clock."""
    return _set_clock(b, SPLL_FB_SHIFT, "PLL_SCLK_CNTL")


def set_memory_clock(b):
    """SetMemoryClock: the memory PLL (MPLL_FB_DIV) to ps 0's clock."""
    return _set_clock(b, MPLL_FB_SHIFT, "PLL_MCLK_CNTL")


BUILDERS = {
    "SetEngineClock": set_engine_clock,
    "SetMemoryClock": set_memory_clock,
    "ASIC_Init": asic_init,
    "EnableCRTC": enable_crtc,
    "EnableCRTCMemReq": enable_crtc_memreq,
    "BlankCRTC": blank_crtc,
    "UpdateCRTC_DoubleBufferRegisters": update_crtc_double_buffer,
    "SetPixelClock": set_pixel_clock,
    "SetCRTC_UsingDTDTiming": set_crtc_dtd_timing,
    "SetCRTC_Timing": set_crtc_timing,
    "SetCRTC_OverScan": set_crtc_overscan,
    "EnableScaler": enable_scaler,
    "SelectCRTC_Source": select_crtc_source,
    "DAC1EncoderControl": dac_encoder_control,
    "DAC1OutputControl": dac_output_control,
    "DAC2EncoderControl": lambda b: dac_encoder_control(b, "DACB"),
    "DAC2OutputControl": lambda b: dac_output_control(b, "DACB"),
    "DAC_LoadDetection": dac_load_detection,
    "TMDSAEncoderControl": tmds_encoder_control,
    "TMDSAOutputControl": tmds_output_control,
}


def command_tables(board, regs):
    """{master list index: table bytes} for the board's [atom] selection."""
    b = Board(board, regs)
    out = {}
    for name in board.get("atom", {}).get("command_tables", []):
        if name not in BUILDERS:
            raise TableError(f"no command table {name}")
        out[COMMAND_INDEX[name]] = BUILDERS[name](b)
    return out
