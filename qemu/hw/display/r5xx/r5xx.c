/*
 * ATI/AMD Radeon R3xx-R5xx GPU model: PCI function, BARs, register
 * dispatch, reset and interrupts.
 *
 * Models a card whose video BIOS has run (CONFIG_MEMSIZE set, memory
 * controller and clocks programmed) so that a driver can bring it up
 * without running a ROM; the rv515 carries an ATOM video BIOS (data
 * tables and the command tables radeon.ko runs to set modes: r5xx_vbios.py,
 * rv515-board.toml) as its expansion ROM, the rv350 a COMBIOS one
 * (r5xx_combios.py, rv350-board.toml).
 * Plus the command processor (r5xx_cp.c), the rv370 PCIE
 * GART (r5xx_mc.c), the 2D engine (r5xx_2d.c) and the display engines
 * (r5xx_display.c): legacy CRTCs on rv380 and rs480, AVIVO D1/D2 on
 * rv515, and the
 * 3D engine (r5xx_3d.c, drawing in a worker thread).
 * Register names and fields come from the project's register list,
 * regs/r5xx.regs.
 * Documentation/qemu-model.rst describes the device as a guest sees it.
 *
 *   -device r5xx,chip=rv380|rv380m|rv515|r580|rs480|rs690|rs600|rv350|r420,
 *           vram-size=MiB
 *
 * rv350 and r420 are AGP cards: conventional PCI functions with an AGP
 * capability (plug them on a PCI bus, e.g. behind a pcie-pci-bridge), the
 * PCI GART of r5xx_mc.c, bus mastering under BUS_CNTL, no MSI.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/units.h"
#include "qapi/error.h"
#include "hw/boards.h"
#include "hw/pci/msi.h"
#include "hw/pci/pci.h"
#include "hw/pci/pcie.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "sysemu/runstate.h"
#include "r5xx_int.h"
#include "trace.h"

#define R5XX_PCI_VENDOR_ATI     0x1002
#define R5XX_MSI_CAP_OFFSET     0x50
#define R5XX_PCIE_CAP_OFFSET    0x80
#define R5XX_AGP_CAP_OFFSET     0x58
#define R5XX_PM_CAP_OFFSET      0x68
#define R5XX_AGP_CAP_SIZE       12
/* AGP status: request depth 32, side band, 4x/2x/1x (AGP 2.0 signalling) */
#define R5XX_AGP_STATUS         0x1f000207

typedef struct R5xxRegName {
    uint32_t offset;
    const char *name;
} R5xxRegName;

/* Spaces the model has no use for yet are fine to leave unused. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-const-variable"
#include "r5xx_regnames.c.inc"
#pragma GCC diagnostic pop

/* The rv380m's panel: 1024x768 at 60 Hz (VESA DMT timing), no DDC. */
static const R5xxPanelInfo r5xx_panel_xga = {
    .hdisp = 1024, .hsync_start = 1048, .hsync_end = 1184, .htotal = 1344,
    .vdisp = 768, .vsync_start = 771, .vsync_end = 777, .vtotal = 806,
};

static const R5xxChipInfo r5xx_chips[] = {
    {
        .name = "rv380",                /* Radeon X600, R300 class */
        .device_id = 0x5b60,
        .family = R5XX_FAMILY_RV380,
        .is_r5xx = false,
        .mc = R5XX_MC_KIND_R300,
        .gart = R5XX_GART_KIND_PCIE,
        .pcie_index_mask = 0xff,
    }, {
        /*
         * Mobility Radeon X600: the rv380 with a laptop panel on its LVDS
         * transmitter and no ROM (r5xx_panel.c).
         */
        .name = "rv380m",
        .device_id = 0x5460,
        .family = R5XX_FAMILY_RV380,
        .is_r5xx = false,
        .mc = R5XX_MC_KIND_R300,
        .gart = R5XX_GART_KIND_PCIE,
        .pcie_index_mask = 0xff,
        .panel = &r5xx_panel_xga,
    }, {
        .name = "rv515",                /* Radeon X1300, R5xx */
        .device_id = 0x7140,
        .family = R5XX_FAMILY_RV515,
        .is_r5xx = true,
        .avivo_display = true,
        .mc = R5XX_MC_KIND_RV515,
        .gart = R5XX_GART_KIND_PCIE,
        .vbios = r5xx_vbios_rv515,
        .vbios_size = &r5xx_vbios_rv515_size,
        /* dvi-i=on: rv515-dvii-board.toml, DVI-I on TMDSA and DAC B */
        .vbios_dvi_i = r5xx_vbios_rv515_dvii,
        .vbios_dvi_i_size = &r5xx_vbios_rv515_dvii_size,
        .pcie_index_mask = 0x7ff,
        .mc_space = R5XX_SPACE_MC,
        .mc_channels = 1,                       /* 128-bit */
    },
    /* R520 class ---------------------------------------------------------- */
    {
        .name = "r580",                 /* Radeon X1950, R5xx, R520 MC map */
        .device_id = 0x7249,
        .family = R5XX_FAMILY_R580,
        .is_r5xx = true,
        .vbios = r5xx_vbios_r580,
        .vbios_size = &r5xx_vbios_r580_size,
        .avivo_display = true,
        .mc = R5XX_MC_KIND_R520,
        .gart = R5XX_GART_KIND_PCIE,
        .pcie_index_mask = 0x7ff,
        .mc_space = R5XX_SPACE_MC_R520,
        /* four quad pipes, all present */
        .gb_pipe_select = (3 << R_GB_PIPE_SELECT_PIPE_COUNT_SHIFT) |
                          (0xf << R_GB_PIPE_SELECT_PIPE_MASK_SHIFT),
        .mc_channels = 3,                       /* 256-bit */
    },
    /* IGPs --------------------------------------------------------------- */
    {
        /*
         * Radeon Xpress 200M (RC410 class), an RS480 north-bridge function:
         * conventional PCI on the host bus, no ROM (radeon.ko and r5xx take
         * the generic COMBIOS defaults), legacy CRTCs, UMA memory at NB_TOM.
         */
        .name = "rs480",
        .device_id = 0x5954,
        .family = R5XX_FAMILY_RS480,
        .is_r5xx = false,
        .conventional_pci = true,
        .mc = R5XX_MC_KIND_RS480,
        .gart = R5XX_GART_KIND_IGP,
        .msi_rearm = R5XX_MSI_REARM_AIC_CNTL,
    },
    {
        /*
         * Radeon X1250 (RS690 north bridge, AMD K8 platforms): conventional
         * PCI on the host bus, its own MC index space, UMA memory at the
         * base MCCFG_FB_LOCATION gives, the RS400 GART programmed through
         * that space, R4xx-class 3D with one pipe, AVIVO (DCE2) display,
         * MSI re-armed through BUS_CNTL, an ATOM ROM with
         * IntegratedSystemInfo (rs690-board.toml).
         */
        .name = "rs690",
        .device_id = 0x791e,
        .family = R5XX_FAMILY_RS690,
        .is_r5xx = false,
        .avivo_display = true,
        .conventional_pci = true,
        .mc = R5XX_MC_KIND_RS690,
        .gart = R5XX_GART_KIND_IGP,
        .vbios = r5xx_vbios_rs690,
        .vbios_size = &r5xx_vbios_rs690_size,
        .msi_rearm = R5XX_MSI_REARM_BUS_CNTL,
    }, {
        /*
         * Radeon Xpress 1250, the RS600 north-bridge function of Intel
         * boards: conventional PCI on the host bus, its own ATOM ROM
         * (rs600-board.toml), AVIVO display as rv515's, the RS600 MC map
         * in the MC_IND space, UMA memory at the MC_FB_LOCATION the BIOS
         * left, the RS600 page tables (one flat table of 8-byte entries in
         * VRAM), one quad pipe of the R400-class 3D engine.
         */
        .name = "rs600",
        .device_id = 0x7941,
        .family = R5XX_FAMILY_RS600,
        .is_r5xx = true,
        .avivo_display = true,
        .conventional_pci = true,
        .mc = R5XX_MC_KIND_RS600,
        .gart = R5XX_GART_KIND_RS600,
        .vbios = r5xx_vbios_rs600,
        .vbios_size = &r5xx_vbios_rs600_size,
        .mc_space = R5XX_SPACE_MC_RS600,
        .r300_3d = true,
        .msi_rearm = R5XX_MSI_REARM_BUS_CNTL,
    },
    /* AGP-era chips ------------------------------------------------------ */
    {
        /*
         * Radeon 9600, AGP, R300 class, with a COMBIOS video BIOS
         * (r5xx_combios.py, rv350-board.toml): connectors, clocks and the
         * init tables that post the cold board.
         */
        .name = "rv350",
        .device_id = 0x4150,
        .family = R5XX_FAMILY_RV350,
        .is_r5xx = false,
        .conventional_pci = true,
        .agp = true,
        .vbios = r5xx_vbios_rv350,
        .vbios_size = &r5xx_vbios_rv350_size,
        .mc = R5XX_MC_KIND_R300,
        .gart = R5XX_GART_KIND_PCI,
        .pcie_index_mask = 0xff,
    }, {
        .name = "r420",                 /* Radeon X800, AGP, R4xx */
        .device_id = 0x4a48,
        .family = R5XX_FAMILY_R420,
        .is_r5xx = false,
        .conventional_pci = true,
        .agp = true,
        .mc = R5XX_MC_KIND_R300,
        .gart = R5XX_GART_KIND_PCI,
        .pcie_index_mask = 0xff,
        /* four quad pipes (R4xx reports the count only) */
        .gb_pipe_select = 3 << R_GB_PIPE_SELECT_PIPE_COUNT_SHIFT,
    },
};

/* MMIO offsets named in the register list (spaces mmio, gfx and model). */
static uint32_t r5xx_known[R5XX_NUM_REGS / 32];

/* Register names ---------------------------------------------------------- */

static const char *r5xx_lookup(const R5xxRegName *t, size_t n, uint32_t off)
{
    size_t lo = 0, hi = n;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;

        if (t[mid].offset == off) {
            return t[mid].name;
        }
        if (t[mid].offset < off) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return NULL;
}

const char *r5xx_reg_name(uint32_t addr)
{
    const char *name = r5xx_lookup(r5xx_regnames_mmio,
                                   ARRAY_SIZE(r5xx_regnames_mmio), addr);

    if (!name) {
        name = r5xx_lookup(r5xx_regnames_gfx,
                           ARRAY_SIZE(r5xx_regnames_gfx), addr);
    }
    if (!name) {
        name = r5xx_lookup(r5xx_regnames_model,
                           ARRAY_SIZE(r5xx_regnames_model), addr);
    }
    return name ? name : "?";
}

/* Name of an indirect register, NULL if the register list does not have it. */
const char *r5xx_indirect_name(R5xxSpace space, uint32_t idx)
{
    switch (space) {
    case R5XX_SPACE_PLL:
        return r5xx_lookup(r5xx_regnames_pll, ARRAY_SIZE(r5xx_regnames_pll),
                           idx);
    case R5XX_SPACE_PCIE:
        return r5xx_lookup(r5xx_regnames_pcie,
                           ARRAY_SIZE(r5xx_regnames_pcie), idx);
    case R5XX_SPACE_MC:
        return r5xx_lookup(r5xx_regnames_mc_rv515,
                           ARRAY_SIZE(r5xx_regnames_mc_rv515), idx);
    case R5XX_SPACE_NBMC:
        return r5xx_lookup(r5xx_regnames_mc_rs480,
                           ARRAY_SIZE(r5xx_regnames_mc_rs480), idx);
    case R5XX_SPACE_MC_R520:
        return r5xx_lookup(r5xx_regnames_mc_r520,
                           ARRAY_SIZE(r5xx_regnames_mc_r520), idx);
    case R5XX_SPACE_MC_RS690: {
        /* the GART registers keep their RS480 indexes */
        const char *name = r5xx_lookup(r5xx_regnames_mc_rs690,
                                       ARRAY_SIZE(r5xx_regnames_mc_rs690),
                                       idx);

        return name ? name : r5xx_lookup(r5xx_regnames_mc_rs480,
                                         ARRAY_SIZE(r5xx_regnames_mc_rs480),
                                         idx);
    }
    case R5XX_SPACE_MC_RS600:
        return r5xx_lookup(r5xx_regnames_mc_rs600,
                           ARRAY_SIZE(r5xx_regnames_mc_rs600), idx);
    }
    return NULL;
}

static void r5xx_check_known(R5xxState *s, uint32_t addr, bool write,
                             uint32_t val)
{
    uint32_t idx = addr >> 2, bit = 1u << (idx % 32);

    if ((r5xx_known[idx / 32] & bit) || (s->logged[idx / 32] & bit)) {
        return;
    }
    s->logged[idx / 32] |= bit;
    if (write) {
        qemu_log_mask(LOG_UNIMP, "r5xx: write of 0x%08x to unmodelled "
                      "register 0x%04x stored (reported once)\n", val, addr);
    } else {
        qemu_log_mask(LOG_UNIMP, "r5xx: read of unmodelled register 0x%04x "
                      "(reported once)\n", addr);
    }
}

/* Interrupts -------------------------------------------------------------- */

/*
 * The interrupt condition is GEN_INT_STATUS & GEN_INT_CNTL, or on AVIVO
 * chips a pending display interrupt (GEN_INT_STATUS.DISPLAY_INT_STAT,
 * which no GEN_INT_CNTL bit masks: r5xx_display_avivo.c).  INTx follows
 * it as a level; with MSI on, a message goes out on each rising edge while
 * armed, and MSI_REARM_EN re-arms (sending again if still pending).
 */
void r5xx_update_irq(R5xxState *s)
{
    PCIDevice *pci = PCI_DEVICE(s);
    bool level = (s->regs[R_GEN_INT_STATUS] & s->regs[R_GEN_INT_CNTL]) ||
                 s->disp.int_pending;

    trace_r5xx_irq(level);
    if (msi_enabled(pci)) {
        pci_set_irq(pci, 0);
        if (r5xx_msi_update(&s->irq.msi, level)) {
            msi_notify(pci, 0);
        }
    } else {
        s->irq.msi.level = level;
        pci_set_irq(pci, level);
    }
}

void r5xx_raise_status(R5xxState *s, uint32_t bits)
{
    s->regs[R_GEN_INT_STATUS] |= bits;
    r5xx_update_irq(s);
}

static void r5xx_msi_rearm_write(R5xxState *s)
{
    PCIDevice *pci = PCI_DEVICE(s);

    if (!msi_enabled(pci)) {
        s->irq.msi.armed = true;
        return;
    }
    if (r5xx_msi_rearm(&s->irq.msi)) {
        msi_notify(pci, 0);
    }
}

/* Register file ----------------------------------------------------------- */

static uint32_t r5xx_mm_data_read(R5xxState *s)
{
    uint32_t idx = s->regs[R_MM_INDEX];
    uint32_t off = FIELD_EX32(idx, MM_INDEX, MM_ADDR) & ~3u;

    if (FIELD_EX32(idx, MM_INDEX, MM_APER)) {
        if (off + 4 > s->vram_size) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: MM_DATA read of VRAM "
                          "offset 0x%x past the end\n", off);
            return 0;
        }
        return ldl_le_p(s->vram_ptr + off);
    }
    if (off >= R5XX_MMIO_SIZE || off == A_MM_INDEX || off == A_MM_DATA) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: MM_DATA read through bad "
                      "MM_INDEX 0x%x\n", idx);
        return 0;
    }
    return r5xx_reg_read(s, off);
}

static void r5xx_mm_data_write(R5xxState *s, uint32_t val, R5xxSource src)
{
    uint32_t idx = s->regs[R_MM_INDEX];
    uint32_t off = FIELD_EX32(idx, MM_INDEX, MM_ADDR) & ~3u;

    if (FIELD_EX32(idx, MM_INDEX, MM_APER)) {
        if (off + 4 > s->vram_size) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: MM_DATA write of VRAM "
                          "offset 0x%x past the end\n", off);
            return;
        }
        stl_le_p(s->vram_ptr + off, val);
        memory_region_set_dirty(&s->vram, off, 4);
        return;
    }
    if (off >= R5XX_MMIO_SIZE || off == A_MM_INDEX || off == A_MM_DATA) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: MM_DATA write through bad "
                      "MM_INDEX 0x%x\n", idx);
        return;
    }
    r5xx_reg_write(s, off, val, src);
}

static uint32_t r5xx_rbbm_status(R5xxState *s)
{
    /* Host register writes never queue in the model: the FIFO is empty. */
    uint32_t v = FIELD_DP32(0, RBBM_STATUS, CMDFIFO_AVAIL, 64);

    if (r5xx_cp_busy(s)) {
        v |= R_RBBM_STATUS_GUI_ACTIVE_MASK | R_RBBM_STATUS_CP_CMDSTRM_BUSY_MASK;
    }
    if (s->twod.hung) {
        v |= R_RBBM_STATUS_E2_BUSY_MASK;
    }
    if (r5xx_3d_engine_busy(s)) {
        v |= R_RBBM_STATUS_GUI_ACTIVE_MASK | R_RBBM_STATUS_VAP_BUSY_MASK |
             R_RBBM_STATUS_GA_BUSY_MASK | R_RBBM_STATUS_RE_BUSY_MASK |
             R_RBBM_STATUS_PB_BUSY_MASK | R_RBBM_STATUS_RB3D_BUSY_MASK;
    }
    return v;
}

static const char *const r5xx_space_names[] = {
    [R5XX_SPACE_PLL] = "pll",
    [R5XX_SPACE_PCIE] = "pcie",
    [R5XX_SPACE_MC] = "mc",
    [R5XX_SPACE_NBMC] = "nbmc",
    [R5XX_SPACE_MC_R520] = "mc",
    [R5XX_SPACE_MC_RS690] = "mc",
    [R5XX_SPACE_MC_RS600] = "mc",
};

static uint32_t r5xx_ind_traced(R5xxSpace space, uint32_t idx, uint32_t val)
{
    if (trace_event_get_state_backends(TRACE_R5XX_IND_READ)) {
        const char *name = r5xx_indirect_name(space, idx);

        trace_r5xx_ind_read(r5xx_space_names[space], idx, name ? name : "?",
                            val);
    }
    return val;
}

static void r5xx_ind_write_trace(R5xxSpace space, uint32_t idx, uint32_t val)
{
    if (trace_event_get_state_backends(TRACE_R5XX_IND_WRITE)) {
        const char *name = r5xx_indirect_name(space, idx);

        trace_r5xx_ind_write(r5xx_space_names[space], idx, name ? name : "?",
                             val);
    }
}

static uint32_t r5xx_reg_read_one(R5xxState *s, uint32_t addr)
{
    bool handled;
    uint32_t idx;
    uint32_t val = r5xx_cp_read(s, addr, &handled);

    if (handled) {
        return val;
    }
    if (addr == A_RS690_MC_DATA && s->info->mc == R5XX_MC_KIND_RS690) {
        idx = FIELD_EX32(s->regs[R_RS690_MC_INDEX], RS690_MC_INDEX,
                         MC_IND_ADDR);
        return r5xx_ind_traced(R5XX_SPACE_MC_RS690, idx,
                               r5xx_rs690mc_read(s, idx));
    }
    val = r5xx_display_read(s, addr, &handled);
    if (handled) {
        return val;
    }
    switch (addr) {
    case A_MM_DATA:
        return r5xx_mm_data_read(s);
    case A_CLOCK_CNTL_DATA:
        idx = FIELD_EX32(s->regs[R_CLOCK_CNTL_INDEX], CLOCK_CNTL_INDEX,
                         PLL_ADDR);
        return r5xx_ind_traced(R5XX_SPACE_PLL, idx, r5xx_pll_read(s, idx));
    case A_PCIE_DATA:
        if (s->info->conventional_pci) {
            break;              /* no PCIE space: 0x30 is BUS_CNTL */
        }
        idx = s->regs[R_PCIE_INDEX] & s->info->pcie_index_mask;
        return r5xx_ind_traced(R5XX_SPACE_PCIE, idx, r5xx_pcie_read(s, idx));
    case A_NB_MC_DATA:
        if (s->info->mc == R5XX_MC_KIND_RS480) {
            idx = FIELD_EX32(s->regs[R_NB_MC_INDEX], NB_MC_INDEX,
                             NB_MC_IND_ADDR);
            return r5xx_ind_traced(R5XX_SPACE_NBMC, idx,
                                   r5xx_nbmc_read(s, idx));
        }
        break;
    case A_MC_IND_DATA:
        if (r5xx_is_r5xx(s)) {
            idx = FIELD_EX32(s->regs[R_MC_IND_INDEX], MC_IND_INDEX,
                             MC_IND_ADDR);
            return r5xx_ind_traced(s->info->mc_space, idx,
                                   r5xx_mcind_read(s, idx));
        }
        break;
    case A_RBBM_STATUS:
        return r5xx_rbbm_status(s);
    case A_MC_STATUS:
        if (s->info->mc == R5XX_MC_KIND_RS480) {
            /*
             * rs400_mc_wait_for_idle polls bit 2; radeon's r300_gpu_init,
             * which RS400/RS480 share, polls bit 4 without a complaint
             * seen from real boards: both read as idle.
             */
            return R_MC_STATUS_RS400_MC_IDLE_MASK | R_MC_STATUS_MC_IDLE_MASK;
        }
        if (!r5xx_is_r5xx(s)) {
            return R_MC_STATUS_MC_IDLE_MASK;
        }
        break;
    case A_MODEL_ID:
        return R5XX_MODEL_ID_VALUE;
    case A_MODEL_REV:
        return R5XX_MODEL_REV_VALUE;
    }
    r5xx_check_known(s, addr, false, 0);
    return s->regs[addr >> 2];
}

uint32_t r5xx_reg_read(R5xxState *s, uint32_t addr)
{
    uint32_t val = r5xx_reg_read_one(s, addr);

    if (trace_event_get_state_backends(TRACE_R5XX_REG_READ)) {
        trace_r5xx_reg_read(addr, r5xx_reg_name(addr), val);
    }
    return val;
}

void r5xx_reg_write(R5xxState *s, uint32_t addr, uint32_t val, R5xxSource src)
{
    uint32_t idx;

    if (trace_event_get_state_backends(TRACE_R5XX_REG_WRITE)) {
        trace_r5xx_reg_write(addr, r5xx_reg_name(addr), val,
                             src == R5XX_SRC_HOST ? "host" : "cp");
    }

    if (addr == A_RS690_MC_DATA && s->info->mc == R5XX_MC_KIND_RS690) {
        idx = s->regs[R_RS690_MC_INDEX];
        if (!FIELD_EX32(idx, RS690_MC_INDEX, MC_IND_WR_EN)) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: RS690_MC_DATA write with "
                          "RS690_MC_INDEX 0x%x (no write enable) ignored\n",
                          idx);
            return;
        }
        idx = FIELD_EX32(idx, RS690_MC_INDEX, MC_IND_ADDR);
        r5xx_ind_write_trace(R5XX_SPACE_MC_RS690, idx, val);
        r5xx_rs690mc_write(s, idx, val);
        return;
    }
    if (r5xx_cp_write(s, addr, val, src) || r5xx_display_write(s, addr, val)) {
        return;
    }
    switch (addr) {
    case A_MM_DATA:
        r5xx_mm_data_write(s, val, src);
        return;
    case A_CLOCK_CNTL_DATA:
        idx = s->regs[R_CLOCK_CNTL_INDEX];
        if (!FIELD_EX32(idx, CLOCK_CNTL_INDEX, PLL_WR_EN)) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: PLL write of 0x%x without "
                          "PLL_WR_EN ignored\n", val);
            return;
        }
        r5xx_ind_write_trace(R5XX_SPACE_PLL,
                             FIELD_EX32(idx, CLOCK_CNTL_INDEX, PLL_ADDR), val);
        r5xx_pll_write(s, FIELD_EX32(idx, CLOCK_CNTL_INDEX, PLL_ADDR), val);
        r5xx_display_pll_written(s);
        return;
    case A_PCIE_DATA:
        if (s->info->conventional_pci) {
            break;              /* no PCIE space: 0x30 is BUS_CNTL */
        }
        idx = s->regs[R_PCIE_INDEX] & s->info->pcie_index_mask;
        r5xx_ind_write_trace(R5XX_SPACE_PCIE, idx, val);
        r5xx_pcie_write(s, idx, val);
        return;
    case A_NB_MC_DATA:
        if (s->info->mc != R5XX_MC_KIND_RS480) {
            break;
        }
        idx = s->regs[R_NB_MC_INDEX];
        if (!FIELD_EX32(idx, NB_MC_INDEX, NB_MC_IND_WR_EN)) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: NB_MC_DATA write with "
                          "NB_MC_INDEX 0x%x (no write enable) ignored\n", idx);
            return;
        }
        idx = FIELD_EX32(idx, NB_MC_INDEX, NB_MC_IND_ADDR);
        r5xx_ind_write_trace(R5XX_SPACE_NBMC, idx, val);
        r5xx_nbmc_write(s, idx, val);
        return;
    case A_MC_IND_DATA:
        if (!r5xx_is_r5xx(s)) {
            break;
        }
        idx = s->regs[R_MC_IND_INDEX];
        if (!FIELD_EX32(idx, MC_IND_INDEX, MC_IND_WR_EN)) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: MC_IND_DATA write with "
                          "MC_IND_INDEX 0x%x (no write enable) ignored\n", idx);
            return;
        }
        r5xx_ind_write_trace(s->info->mc_space,
                             FIELD_EX32(idx, MC_IND_INDEX, MC_IND_ADDR), val);
        r5xx_mcind_write(s, FIELD_EX32(idx, MC_IND_INDEX, MC_IND_ADDR), val);
        return;
    case A_GEN_INT_CNTL:
        s->regs[R_GEN_INT_CNTL] = val;
        r5xx_update_irq(s);
        return;
    case A_GEN_INT_STATUS:
        s->regs[R_GEN_INT_STATUS] &=
            ~(val & ~R_GEN_INT_STATUS_SW_INT_FIRE_MASK);
        if (FIELD_EX32(val, GEN_INT_STATUS, SW_INT_FIRE)) {
            s->regs[R_GEN_INT_STATUS] |= R_GEN_INT_STATUS_SW_INT_TEST_MASK;
        }
        r5xx_update_irq(s);
        return;
    case A_MSI_REARM_EN:
        s->regs[R_MSI_REARM_EN] = val;
        /* the IGPs re-arm through AIC_CNTL or BUS_CNTL instead */
        if (FIELD_EX32(val, MSI_REARM_EN, MSI_REARM) &&
            s->info->msi_rearm == R5XX_MSI_REARM_REARM_EN) {
            r5xx_msi_rearm_write(s);
        }
        return;
    case A_BUS_CNTL:
        /* rs600_irq_process: RS600_MSI_REARM going from 0 to 1 re-arms */
        if (s->info->msi_rearm == R5XX_MSI_REARM_BUS_CNTL &&
            FIELD_EX32(val, BUS_CNTL, RS600_MSI_REARM) &&
            !FIELD_EX32(s->regs[R_BUS_CNTL], BUS_CNTL, RS600_MSI_REARM)) {
            s->regs[R_BUS_CNTL] = val;
            r5xx_msi_rearm_write(s);
            return;
        }
        break;                  /* PCIE_INDEX on PCIe parts */
    case A_AIC_CNTL:
        /* rs400_irq_process: RS400_MSI_REARM going from 0 to 1 re-arms */
        if (s->info->msi_rearm == R5XX_MSI_REARM_AIC_CNTL &&
            FIELD_EX32(val, AIC_CNTL, RS400_MSI_REARM) &&
            !FIELD_EX32(s->regs[R_AIC_CNTL], AIC_CNTL, RS400_MSI_REARM)) {
            s->regs[R_AIC_CNTL] = val;
            r5xx_msi_rearm_write(s);
            return;
        }
        break;
    case A_DST_HEIGHT_WIDTH:
        s->regs[R_DST_HEIGHT_WIDTH] = val;
        r5xx_2d_trigger(s, FIELD_EX32(val, DST_HEIGHT_WIDTH, WIDTH),
                        FIELD_EX32(val, DST_HEIGHT_WIDTH, HEIGHT));
        return;
    case A_DST_WIDTH_HEIGHT:
        s->regs[R_DST_WIDTH_HEIGHT] = val;
        r5xx_2d_trigger(s, FIELD_EX32(val, DST_WIDTH_HEIGHT, WIDTH),
                        FIELD_EX32(val, DST_WIDTH_HEIGHT, HEIGHT));
        return;
    case A_DP_CNTL_XDIR_YDIR_YMAJOR:
        s->regs[R_DP_CNTL_XDIR_YDIR_YMAJOR] = val;
        s->regs[R_DP_CNTL] = FIELD_DP32(FIELD_DP32(s->regs[R_DP_CNTL], DP_CNTL,
            DST_X_LEFT_TO_RIGHT, FIELD_EX32(val, DP_CNTL_XDIR_YDIR_YMAJOR,
                                            DST_X_DIR_LEFT_TO_RIGHT)),
            DP_CNTL, DST_Y_TOP_TO_BOTTOM,
            FIELD_EX32(val, DP_CNTL_XDIR_YDIR_YMAJOR,
                       DST_Y_DIR_TOP_TO_BOTTOM));
        return;
    case A_RBBM_SOFT_RESET:
        s->regs[R_RBBM_SOFT_RESET] = val;
        r5xx_cp_soft_reset(s, FIELD_EX32(val, RBBM_SOFT_RESET, SOFT_RESET_CP));
        if (val & (R_RBBM_SOFT_RESET_SOFT_RESET_GA_MASK |
                   R_RBBM_SOFT_RESET_SOFT_RESET_E2_MASK)) {
            r5xx_2d_soft_reset(s);
        }
        r5xx_3d_engine_soft_reset(s, val);
        return;
    case A_RBBM_STATUS:
    case A_MODEL_ID:
    case A_MODEL_REV:
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: write of 0x%x to read-only %s\n",
                      val, r5xx_reg_name(addr));
        return;
    case A_MC_STATUS:
        if (!r5xx_is_r5xx(s)) {
            return;
        }
        break;
    case A_MC_FB_LOCATION:
        if (!r5xx_is_r5xx(s)) {
            s->mc.fb_location_written = true;
        }
        break;
    case A_MC_AGP_LOCATION:
        s->regs[R_MC_AGP_LOCATION] = val;
        r5xx_gart_flush(s);
        return;
    }
    r5xx_check_known(s, addr, true, val);
    s->regs[addr >> 2] = val;
    if (r5xx_3d_is_reg(addr)) {
        r5xx_3d_engine_write(s, addr, val);
    }
}

static uint64_t r5xx_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    R5xxState *s = opaque;
    uint32_t val = r5xx_reg_read(s, addr & ~3);

    return extract32(val, (addr & 3) * 8, size * 8);
}

static void r5xx_mmio_write(void *opaque, hwaddr addr, uint64_t data,
                            unsigned size)
{
    R5xxState *s = opaque;
    uint32_t off = addr & ~3;
    uint32_t base;

    if (size < 4) {
        /* a partial write updates the named bytes only */
        if (off == A_MM_DATA) {
            qemu_log_mask(LOG_UNIMP, "r5xx: %u-byte MM_DATA write dropped\n",
                          size);
            return;
        }
        base = off == A_GEN_INT_STATUS ? 0 : s->regs[off >> 2];
        data = deposit32(base, (addr & 3) * 8, size * 8, data);
    }
    r5xx_reg_write(s, off, data, R5XX_SRC_HOST);
}

static const MemoryRegionOps r5xx_mmio_ops = {
    .read = r5xx_mmio_read,
    .write = r5xx_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 8,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

/* PCI --------------------------------------------------------------------- */

static void r5xx_power_up_cold(R5xxState *s, const char *why);

static uint16_t r5xx_pm_state(R5xxState *s)
{
    if (!s->pm_cap) {
        return 0;
    }
    return pci_get_word(PCI_DEVICE(s)->config + s->pm_cap + PCI_PM_CTRL) &
           PCI_PM_CTRL_STATE_MASK;
}

static void r5xx_config_write(PCIDevice *pci, uint32_t addr, uint32_t val,
                              int len)
{
    R5xxState *s = R5XX(pci);
    uint16_t was = r5xx_pm_state(s);

    pci_default_write_config(pci, addr, val, len);
    if (was != r5xx_pm_state(s)) {
        trace_r5xx_pm_state(was, r5xx_pm_state(s));
        /*
         * D3hot to D0 with No_Soft_Reset clear: the function's state is
         * reset (PCI PM 1.2, 5.4.1), here as after S3: a cold board.
         */
        if (was == 3 && r5xx_pm_state(s) == 0) {
            r5xx_power_up_cold(s, "D3hot to D0");
        }
    }
    r5xx_mc_bar0_moved(s);
    r5xx_update_irq(s);         /* MSI may have been switched on or off */
}

static const R5xxChipInfo *r5xx_find_chip(const char *name)
{
    for (size_t i = 0; i < ARRAY_SIZE(r5xx_chips); i++) {
        if (!strcmp(r5xx_chips[i].name, name)) {
            return &r5xx_chips[i];
        }
    }
    return NULL;
}

/*
 * The video BIOS as the expansion ROM BAR (a power of two, at least 2 KiB,
 * the image at its start).  SeaBIOS runs it as the VGA BIOS (its entry
 * point only returns) and so copies it to 0xC0000, where Linux reads the
 * boot VGA's ROM.
 */
static bool r5xx_rom_init(R5xxState *s, Error **errp)
{
    const uint8_t *img = s->dvi_i ? s->info->vbios_dvi_i : s->info->vbios;
    size_t len = s->dvi_i ? *s->info->vbios_dvi_i_size : *s->info->vbios_size;
    uint64_t size = pow2ceil(MAX(len, 2 * KiB));
    Error *err = NULL;

    memory_region_init_rom(&s->rom, OBJECT(s), "r5xx.rom", size, &err);
    if (err) {
        error_propagate(errp, err);
        return false;
    }
    memcpy(memory_region_get_ram_ptr(&s->rom), img, len);
    memset((uint8_t *)memory_region_get_ram_ptr(&s->rom) + len, 0xff,
           size - len);
    pci_register_bar(PCI_DEVICE(s), PCI_ROM_SLOT, 0, &s->rom);
    return true;
}

/*
 * The AGP capability of an AGP card (revision 2.0, status, command).  With
 * no AGP host bridge in the machine, drivers fall back to the PCI GART
 * (radeon: "Forcing AGP to PCI mode"); the command register only stores.
 */
static bool r5xx_agp_cap_init(PCIDevice *pci, Error **errp)
{
    int off = pci_add_capability(pci, PCI_CAP_ID_AGP, R5XX_AGP_CAP_OFFSET,
                                 R5XX_AGP_CAP_SIZE, errp);

    if (off < 0) {
        return false;
    }
    pci_set_byte(pci->config + off + 2, 0x20);
    pci_set_long(pci->config + off + 4, R5XX_AGP_STATUS);
    pci_set_long(pci->wmask + off + 8, 0xffffffff);
    return true;
}

/*
 * The power management capability: D0 and D3hot, No_Soft_Reset clear, so
 * that D3hot to D0 resets the function (see r5xx_config_write()).
 */
static void r5xx_pm_cap_init(PCIDevice *pci, Error **errp)
{
    R5xxState *s = R5XX(pci);
    int off = pci_add_capability(pci, PCI_CAP_ID_PM, R5XX_PM_CAP_OFFSET,
                                 PCI_PM_SIZEOF, errp);

    if (off < 0) {
        return;
    }
    s->pm_cap = off;
    pci_set_word(pci->config + off + PCI_PM_PMC, 0x3);     /* PM 1.2 */
    pci_set_word(pci->wmask + off + PCI_PM_CTRL, PCI_PM_CTRL_STATE_MASK);
}

/*
 * S3: the machine resets on wake-up (pc_machine_wakeup), and that reset
 * is a power-up whose option ROMs do not run: the board comes back cold.
 */
static void r5xx_suspend_notify(Notifier *n, void *data)
{
    R5xxState *s = container_of(n, R5xxState, suspend_notifier);

    s->cold_pending = true;
}

static void r5xx_realize(PCIDevice *pci, Error **errp)
{
    R5xxState *s = R5XX(pci);
    Object *obj = OBJECT(pci);
    Error *err = NULL;
    int ret;

    s->info = r5xx_find_chip(s->chip ? s->chip : "rv380");
    if (!s->info) {
        error_setg(errp, "r5xx: unknown chip '%s' (known: rv380, rv380m, "
                   "rv515, r580, rs480, rs690, rs600, rv350, r420)", s->chip);
        return;
    }
    if (s->info->agp && pci_bus_is_express(pci_get_bus(pci))) {
        error_setg(errp, "r5xx: chip %s is an AGP card, a conventional PCI "
                   "function: plug it on a PCI bus (e.g. a pcie-pci-bridge)",
                   s->info->name);
        return;
    }
    if (s->vram_mb < 16 || s->vram_mb > 512 || !is_power_of_2(s->vram_mb)) {
        error_setg(errp, "r5xx: vram-size must be a power of two from 16 to "
                   "512 (MiB)");
        return;
    }
    s->vram_size = (uint64_t)s->vram_mb * MiB;
    if (r5xx_mc_is_uma(s)) {
        /*
         * UMA: a BIOS takes the block from the top of RAM below 4 GiB.
         * QEMU cannot shrink the guest's RAM map, so the block sits just
         * above the guest's low RAM, as on a machine with vram-size more
         * RAM than the guest was given.  MC addresses are physical ones;
         * the CPU reaches the block through BAR 0.
         */
        s->mc.uma_base = ROUND_UP(MIN(current_machine->ram_size, 2 * GiB),
                                  64 * KiB);
        if (s->mc.uma_base + s->vram_size > 4 * GiB) {
            error_setg(errp, "r5xx: the UMA block does not fit below 4 GiB");
            return;
        }
    }

    pci_config_set_device_id(pci->config, s->info->device_id);
    pci_set_word(pci->config + PCI_SUBSYSTEM_VENDOR_ID, R5XX_PCI_VENDOR_ATI);
    pci_set_word(pci->config + PCI_SUBSYSTEM_ID, s->info->device_id);
    pci->config[PCI_INTERRUPT_PIN] = 1;

    memory_region_init_ram(&s->vram, obj, "r5xx.vram", s->vram_size, &err);
    if (err) {
        error_propagate(errp, err);
        return;
    }
    s->vram_ptr = memory_region_get_ram_ptr(&s->vram);
    memory_region_init_io(&s->mmio, obj, &r5xx_mmio_ops, s, "r5xx.mmio",
                          R5XX_MMIO_SIZE);
    /* the I/O BAR is a window on the first 256 bytes of the registers */
    memory_region_init_alias(&s->io, obj, "r5xx.io", &s->mmio, 0,
                             R5XX_IO_SIZE);

    pci_register_bar(pci, 0, PCI_BASE_ADDRESS_MEM_PREFETCH, &s->vram);
    pci_register_bar(pci, 1, PCI_BASE_ADDRESS_SPACE_IO, &s->io);
    pci_register_bar(pci, 2, PCI_BASE_ADDRESS_SPACE_MEMORY, &s->mmio);
    if (s->dvi_i && !s->info->vbios_dvi_i) {
        error_setg(errp, "r5xx: chip %s has no board with a DVI-I connector",
                   s->info->name);
        return;
    }
    if (s->info->vbios && !r5xx_rom_init(s, errp)) {
        return;
    }

    if (s->info->agp) {
        if (!r5xx_agp_cap_init(pci, errp)) {
            return;
        }
    } else {
        ret = msi_init(pci, R5XX_MSI_CAP_OFFSET, 1, false, false, &err);
        if (ret && ret != -ENOTSUP) {
            error_propagate(errp, err);
            return;
        }
        error_free(err);
    }
    /*
     * Off by default: with it the guest kernel's bus reset waits for the
     * root port's link, which QEMU 7.2's root port does not report.
     */
    if (s->pm) {
        r5xx_pm_cap_init(pci, &err);
    }
    if (err) {
        error_propagate(errp, err);
        return;
    }
    s->suspend_notifier.notify = r5xx_suspend_notify;
    qemu_register_suspend_notifier(&s->suspend_notifier);
    if (pci_bus_is_express(pci_get_bus(pci)) && !s->info->conventional_pci) {
        ret = pcie_endpoint_cap_init(pci, R5XX_PCIE_CAP_OFFSET);
        assert(ret > 0);
    } else {
        pci->cap_present &= ~QEMU_PCI_CAP_EXPRESS;
    }

    r5xx_cp_init(s);
    r5xx_3d_engine_init(s);
    r5xx_display_init(s);
}

static void r5xx_exit(PCIDevice *pci)
{
    R5xxState *s = R5XX(pci);

    r5xx_3d_engine_fini(s);
    r5xx_cp_fini(s);
    r5xx_display_fini(s);
    notifier_remove(&s->suspend_notifier);
    msi_uninit(pci);
}

static void r5xx_reset_state(R5xxState *s)
{
    memset(s->regs, 0, sizeof(s->regs));
    s->regs[R_GB_PIPE_SELECT] = s->info->gb_pipe_select;
    r5xx_cp_reset(s);
    r5xx_mc_reset(s);
    if (s->info->agp) {
        /*
         * bus mastering stays off until the driver clears BUS_MASTER_DIS
         * (r100_enable_bm), so that a driver that does not fails visibly
         */
        s->regs[R_BUS_CNTL] = R_BUS_CNTL_BUS_MASTER_DIS_MASK;
    }
    if (s->info->mc == R5XX_MC_KIND_RS600) {
        /* the same on the RS600, through its own bit (rs600_gart_enable) */
        s->regs[R_BUS_CNTL] = R_BUS_CNTL_RS600_BUS_MASTER_DIS_MASK;
    }
    r5xx_2d_reset(s);
    r5xx_3d_engine_reset(s);
    r5xx_display_reset(s);
    r5xx_msi_reset(&s->irq.msi);
}

/*
 * Power comes back without the video BIOS: everything as at reset, but
 * the board is not posted (r5xx_mc_cold()); CRTCs off and the CP halted
 * as at any reset. Guest-visible through CONFIG_MEMSIZE and the PLLs.
 */
static void r5xx_power_up_cold(R5xxState *s, const char *why)
{
    trace_r5xx_power_up_cold(why);
    r5xx_reset_state(s);
    r5xx_mc_cold(s);
}

static void r5xx_reset_hold(Object *obj)
{
    R5xxState *s = R5XX(obj);

    if (s->cold_pending) {
        s->cold_pending = false;
        r5xx_power_up_cold(s, "S3 wake-up");
        return;
    }
    r5xx_reset_state(s);
}

/* QOM --------------------------------------------------------------------- */

static bool r5xx_get_cp_hang(Object *obj, Error **errp)
{
    return R5XX(obj)->cp.hung;
}

static void r5xx_set_cp_hang(Object *obj, bool value, Error **errp)
{
    R5xxState *s = R5XX(obj);

    if (value) {
        r5xx_cp_hang(s);
    } else if (s->cp.hung) {
        error_setg(errp, "r5xx: only a soft reset of the CP ends a hang");
    }
}

static void r5xx_instance_init(Object *obj)
{
    /* fault injection: qom-set <path> cp-hang true */
    object_property_add_bool(obj, "cp-hang", r5xx_get_cp_hang,
                             r5xx_set_cp_hang);
    r5xx_display_instance_init(R5XX(obj));
    r5xx_mc_instance_init(R5XX(obj));
    PCI_DEVICE(obj)->cap_present |= QEMU_PCI_CAP_EXPRESS;
}

static const VMStateDescription r5xx_vmstate = {
    .name = "r5xx",
    .unmigratable = 1,
};

static Property r5xx_properties[] = {
    DEFINE_PROP_STRING("chip", R5xxState, chip),
    DEFINE_PROP_UINT32("vram-size", R5xxState, vram_mb, 128),
    /* a PCI PM capability whose D3hot -> D0 leaves a cold board */
    DEFINE_PROP_BOOL("pm", R5xxState, pm, false),
    /* the board variant whose DVI connector is DVI-I (analog on DAC B) */
    DEFINE_PROP_BOOL("dvi-i", R5xxState, dvi_i, false),
    /* preferred mode in each monitor's EDID (default 1024x768) */
    DEFINE_PROP_UINT32("vga-xres", R5xxState, disp.mon_xres[R5XX_MON_VGA], 0),
    DEFINE_PROP_UINT32("vga-yres", R5xxState, disp.mon_yres[R5XX_MON_VGA], 0),
    DEFINE_PROP_UINT32("dvi-xres", R5xxState, disp.mon_xres[R5XX_MON_DVI], 0),
    DEFINE_PROP_UINT32("dvi-yres", R5xxState, disp.mon_yres[R5XX_MON_DVI], 0),
    DEFINE_PROP_END_OF_LIST(),
};

static void r5xx_mark_known(const R5xxRegName *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t idx = t[i].offset >> 2;

        if (idx < R5XX_NUM_REGS) {
            r5xx_known[idx / 32] |= 1u << (idx % 32);
        }
    }
}

static void r5xx_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    k->realize = r5xx_realize;
    k->exit = r5xx_exit;
    k->config_write = r5xx_config_write;
    k->vendor_id = R5XX_PCI_VENDOR_ATI;
    k->device_id = r5xx_chips[0].device_id;
    k->class_id = PCI_CLASS_DISPLAY_VGA;
    rc->phases.hold = r5xx_reset_hold;
    dc->desc = "ATI/AMD Radeon R3xx-R5xx GPU (command processor, GART, 2D, "
               "3D, legacy and AVIVO display)";
    dc->vmsd = &r5xx_vmstate;
    device_class_set_props(dc, r5xx_properties);
    set_bit(DEVICE_CATEGORY_DISPLAY, dc->categories);

    r5xx_mark_known(r5xx_regnames_mmio, ARRAY_SIZE(r5xx_regnames_mmio));
    r5xx_mark_known(r5xx_regnames_gfx, ARRAY_SIZE(r5xx_regnames_gfx));
    r5xx_mark_known(r5xx_regnames_model, ARRAY_SIZE(r5xx_regnames_model));
}

static const TypeInfo r5xx_type_info = {
    .name = TYPE_R5XX,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(R5xxState),
    .instance_init = r5xx_instance_init,
    .class_init = r5xx_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_PCIE_DEVICE },
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    },
};

static void r5xx_register_types(void)
{
    type_register_static(&r5xx_type_info);
}

type_init(r5xx_register_types)
