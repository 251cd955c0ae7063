/*
 * ATI/AMD Radeon R3xx-R5xx model: memory controller, the GARTs (rv370
 * PCIE, RS480 IGP, the AGP cards' PCI GART), PLL / PCIE / MC / NB_MC
 * indirect register spaces.
 *
 * Every engine reaches memory through r5xx_mc_read/r5xx_mc_write with a
 * 32-bit MC address.  r5xx_mc_translate is the one place that decides where
 * an MC address goes:
 *   - inside the FB location (MC_FB_LOCATION on R3xx and RS480,
 *     MC[FB_LOCATION] on RV515 and R520, at the index of each one's map):
 *     VRAM, i.e. BAR 0's RAM.  On the RS480 the MC address is a physical
 *     one and VRAM is the UMA block of system memory the BIOS set aside at
 *     NB_TOM: an FB location that does not cover that block reaches no VRAM
 *     (a guest error);
 *   - on the RS690 as on the RS480, with MCCFG_FB_LOCATION and
 *     MCCFG_AGP_LOCATION of its own MC space in place of MC_FB_LOCATION and
 *     MC_AGP_LOCATION, and the GART registers at their RS480 indexes there;
 *   - on the RS480, inside MC_AGP_LOCATION with the IGP GART enabled
 *     (NB_MC AGP_ADDRESS_SPACE_SIZE.GART_EN): the 4-byte entry at GART_BASE
 *     + 4 * page in system memory, fetched by DMA, then the bus address it
 *     holds; anything else is discarded with AIC_CTRL_SCRATCH's
 *     DIS_OUT_OF_PCI_GART_ACCESS set, else used as a bus address.  A write
 *     of GART_CACHE_CNTRL.GART_CACHE_INVALIDATE flushes the TLB;
 *   - inside the GART aperture with PCIE_TX_GART_CNTL.GART_EN set: the
 *     4-byte PTE at GART_BASE + 4 * page (the table lives in VRAM), then the
 *     bus address it holds, by PCI DMA;
 *   - anywhere else: with the GART off, the MC address is used as a bus
 *     address; with it on, UNMAPPED_ACCESS decides (pass through, clamp to
 *     the aperture's first page, or discard).
 * The RS600 (rs600.c:rs600_gart_*) has page tables instead: with
 * MC_CNTL1.ENABLE_PAGE_TABLES, PT0_CNTL.ENABLE_PT and context 0 enabled,
 * MC addresses from PT0_CONTEXT0_FLAT_START_ADDR to _END_ADDR take the
 * 8-byte entry at PT0_CONTEXT0_FLAT_BASE_ADDR + 8 * page, an MC address in
 * VRAM; a VALID entry holds address bits 39:12, a bus address when its
 * SYSTEM bit is set (else an MC address in the FB location), and its
 * READABLE/WRITEABLE rights.  Other addresses pass through as bus
 * addresses (client 0's SYSTEM_APERTURE_UNMAPPED_ACCESS 0, what upstream
 * programs) or are discarded (1).  A write of PT0_CNTL with
 * INVALIDATE_ALL_L1_TLBS or INVALIDATE_L2_CACHE flushes the TLB; both read
 * back as 0.  VRAM is a UMA block as on the RS480, at the MC_FB_LOCATION
 * (index 0x04) the BIOS left, and BUS_CNTL.RS600_BUS_MASTER_DIS blocks
 * every bus access.
 * AGP cards (rv350, r420) have the PCI GART instead (r100.c:r100_pci_gart_*):
 * with AIC_CNTL.PCIGART_TRANSLATE_EN set, MC addresses from AIC_LO_ADDR to
 * AIC_HI_ADDR take the 4-byte entry at AIC_PT_BASE + 4 * page, a bus
 * address in system memory read by PCI DMA, which holds the page's bus
 * address (no flags); other addresses are discarded while
 * DIS_OUT_OF_PCI_GART_ACCESS is set, else used as bus addresses.  The GART
 * caches one entry (upstream's r100_pci_gart_tlb_flush), here for one
 * access or one 3D draw.  BUS_CNTL.BUS_MASTER_DIS blocks every bus access.
 * Faults (a PTE without the needed READABLE/WRITEABLE bit, a discarded
 * access, an FB offset past the end of VRAM) are logged as guest errors,
 * recorded in PCIE_TX_GART_ERROR, writes are dropped and reads return the
 * page at PCIE_TX_DISCARD_RD_ADDR.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qapi/visitor.h"
#include "hw/pci/pci.h"
#include "exec/memory.h"
#include "qemu/rcu.h"
#include "r5xx_int.h"

typedef enum R5xxMemKind {
    R5XX_MEM_VRAM,              /* addr = offset into VRAM */
    R5XX_MEM_BUS,               /* addr = PCI bus address */
    R5XX_MEM_DISCARD,           /* dropped write / default-page read */
} R5xxMemKind;

typedef struct R5xxMemTarget {
    R5xxMemKind kind;
    uint64_t addr;
    uint32_t len;               /* bytes valid from addr (<= page rest) */
} R5xxMemTarget;

/* Reset values ------------------------------------------------------------ */

/*
 * A card whose video BIOS ran: engine and memory PLLs locked at
 * 2 * 44 * 27 MHz / 6 = 396 MHz and 2 * 33 * 27 MHz / 6 = 297 MHz
 * (radeon_legacy_get_engine_clock/get_memory_clock), pixel PLL reference
 * divider 12, PCIe link trained at x16.
 */
#define R5XX_RESET_SPLL_FB_DIV          44
#define R5XX_RESET_MPLL_FB_DIV          33
#define R5XX_RESET_M_SPLL_REF_DIV       6
#define R5XX_RESET_PPLL_REF_DIV         ((12 << 18) | 12)
#define R5XX_RESET_LINK_WIDTH           6           /* x16 */
#define R5XX_REF_KHZ                    27000
#define R5XX_MAX_VCO_KHZ                1200000     /* engine/memory PLL VCO */

void r5xx_mc_reset(R5xxState *s)
{
    R5xxMC *mc = &s->mc;
    uint32_t div, width;

    memset(mc->pll, 0, sizeof(mc->pll));
    memset(mc->pcie, 0, sizeof(mc->pcie));
    memset(mc->ind, 0, sizeof(mc->ind));
    memset(mc->nbmc, 0, sizeof(mc->nbmc));
    memset(mc->tlb, 0, sizeof(mc->tlb));

    div = FIELD_DP32(0, PLL_M_SPLL_REF_FB_DIV, SPLL_FB_DIV,
                     R5XX_RESET_SPLL_FB_DIV);
    div = FIELD_DP32(div, PLL_M_SPLL_REF_FB_DIV, MPLL_FB_DIV,
                     R5XX_RESET_MPLL_FB_DIV);
    div = FIELD_DP32(div, PLL_M_SPLL_REF_FB_DIV, M_SPLL_REF_DIV,
                     R5XX_RESET_M_SPLL_REF_DIV);
    mc->pll[A_PLL_M_SPLL_REF_FB_DIV] = div;
    mc->pll[A_PLL_SCLK_CNTL] = 1;
    mc->pll[A_PLL_MCLK_CNTL] = 1;
    mc->pll[A_PLL_PPLL_REF_DIV] = R5XX_RESET_PPLL_REF_DIV;
    mc->pll[A_PLL_P2PLL_REF_DIV] = 12;

    width = FIELD_DP32(0, PCIE_LC_LINK_WIDTH_CNTL, LC_LINK_WIDTH_RD,
                       R5XX_RESET_LINK_WIDTH);
    mc->pcie[A_PCIE_LC_LINK_WIDTH_CNTL] =
        FIELD_DP32(width, PCIE_LC_LINK_WIDTH_CNTL, LC_LINK_WIDTH,
                   R5XX_RESET_LINK_WIDTH);

    s->regs[R_CONFIG_MEMSIZE] = s->vram_size;
    s->regs[R_CONFIG_APER_SIZE] = s->vram_size;
    if (s->info->mc == R5XX_MC_KIND_RS480) {
        /*
         * The BIOS set the UMA block aside and pointed NB_TOM and the FB
         * location at it (both 64 KiB units, top in 31:16, base in 15:0).
         */
        uint32_t loc = r5xx_mc_location_make(mc->uma_base, s->vram_size);

        s->regs[R_NB_TOM] = loc;
        s->regs[R_MC_FB_LOCATION] = loc;
        s->regs[R_MC_AGP_LOCATION] = 0x0fffffff;
        s->regs[R_MEM_CNTL] = 1;
        s->regs[R_NB_MC_INDEX] = 0xff;
        mc->fb_location_written = true;     /* never follows BAR 0 */
    } else if (s->info->mc == R5XX_MC_KIND_RS690) {
        /*
         * The BIOS pointed MCCFG_FB_LOCATION at the UMA block (its
         * physical address, rs690_mc_init reads the base there) and
         * K8_FB_LOCATION at the same block for the CPU's direct path; the
         * AGP range is empty, the index parked.
         */
        mc->nbmc[A_RS690_MCCFG_FB_LOCATION] =
            r5xx_mc_location_make(mc->uma_base, s->vram_size);
        mc->nbmc[A_RS690_MCCFG_AGP_LOCATION] = 0x0fffffff;
        mc->nbmc[A_RS690_K8_FB_LOCATION] = (uint32_t)mc->uma_base;
        mc->nbmc[A_RS690_MC_MISC_UMA_CNTL] =
            FIELD_DP32(0, RS690_MC_MISC_UMA_CNTL, K8_ADDR_EXT,
                       mc->uma_base >> 32);
        s->regs[R_RS690_MC_INDEX] = 0x7f;
        mc->fb_location_written = true;     /* never follows BAR 0 */
    } else if (s->info->mc == R5XX_MC_KIND_RS600) {
        /* rs600_mc_init: the BIOS pointed the FB location at the block */
        mc->ind[A_RS600_MC_FB_LOCATION] =
            r5xx_mc_location_make(mc->uma_base, s->vram_size);
        mc->ind[A_RS600_MC_AGP_LOCATION] = 0x0fffffff;
    } else if (s->info->mc_space == R5XX_SPACE_MC_R520) {
        /* r520_mc_init: VRAM at MC address 0 */
        mc->ind[A_R520_MC_FB_LOCATION] =
            r5xx_mc_location_make(0, s->vram_size);
        mc->ind[A_R520_MC_AGP_LOCATION] = 0xffffffff;
        mc->ind[A_R520_MC_CNTL0] = FIELD_DP32(0, R520_MC_CNTL0,
                                              MEM_NUM_CHANNELS,
                                              s->info->mc_channels);
    } else if (r5xx_is_r5xx(s)) {
        /* rv515_mc_init: VRAM at MC address 0 */
        mc->ind[A_RV515_MC_FB_LOCATION] =
            r5xx_mc_location_make(0, s->vram_size);
        mc->ind[A_RV515_MC_AGP_LOCATION] = 0xffffffff;
        mc->ind[A_RV515_MC_CNTL] = FIELD_DP32(0, RV515_MC_CNTL,
                                              MEM_NUM_CHANNELS,
                                              s->info->mc_channels);
    } else {
        /* r300_mc_init: VRAM at the BAR 0 bus address, 128-bit */
        s->regs[R_MEM_CNTL] = 1;
        s->regs[R_MC_AGP_LOCATION] = 0x0fffffff;
        mc->fb_location_written = false;
        s->regs[R_MC_FB_LOCATION] = r5xx_mc_location_make(0, s->vram_size);
        r5xx_mc_bar0_moved(s);
    }
}

/*
 * A board powered up without its video BIOS running (after S3 on a laptop,
 * where only the system BIOS runs and it does not run option ROMs): the
 * engine and memory PLLs are not programmed (no engine clock, so the CP
 * fetches nothing), CONFIG_MEMSIZE reads 0 and the memory controller has
 * no VRAM location.  VRAM keeps its contents (self-refresh).  Whoever
 * posts the board writes them again: the video BIOS's init tables or the
 * driver.
 */
void r5xx_mc_cold(R5xxState *s)
{
    R5xxMC *mc = &s->mc;

    if (s->info->mc == R5XX_MC_KIND_RS480) {
        return;         /* an IGP: the system BIOS sets the UMA block up */
    }
    mc->pll[A_PLL_M_SPLL_REF_FB_DIV] = 0;
    s->regs[R_CONFIG_MEMSIZE] = 0;
    if (s->info->mc_space == R5XX_SPACE_MC_R520) {
        mc->ind[A_R520_MC_FB_LOCATION] = 0;
        mc->ind[A_R520_MC_CNTL0] = 0;
    } else if (r5xx_is_r5xx(s)) {
        mc->ind[A_RV515_MC_FB_LOCATION] = 0;
        mc->ind[A_RV515_MC_CNTL] = 0;
    } else {
        s->regs[R_MEM_CNTL] = 0;
        s->regs[R_MC_FB_LOCATION] = 0;
        mc->fb_location_written = true;     /* no BIOS put it at BAR 0 */
    }
}

/*
 * R3xx: until the guest programs MC_FB_LOCATION itself, VRAM sits at the
 * bus address of BAR 0, where an x86 video BIOS leaves it.
 */
void r5xx_mc_bar0_moved(R5xxState *s)
{
    pcibus_t bar = pci_get_bar_addr(PCI_DEVICE(s), 0);

    if (r5xx_is_r5xx(s) || s->mc.fb_location_written ||
        bar == PCI_BAR_UNMAPPED || bar + s->vram_size > (1ull << 32)) {
        return;
    }
    s->regs[R_MC_FB_LOCATION] = r5xx_mc_location_make(bar, s->vram_size);
}

uint32_t r5xx_mc_sclk_khz(R5xxState *s)
{
    uint32_t div = s->mc.pll[A_PLL_M_SPLL_REF_FB_DIV];

    return r5xx_pll_legacy_khz(R5XX_REF_KHZ,
        FIELD_EX32(div, PLL_M_SPLL_REF_FB_DIV, SPLL_FB_DIV),
        FIELD_EX32(div, PLL_M_SPLL_REF_FB_DIV, M_SPLL_REF_DIV),
        FIELD_EX32(s->mc.pll[A_PLL_SCLK_CNTL], PLL_SCLK_CNTL, SCLK_SRC_SEL));
}

uint32_t r5xx_mc_mclk_khz(R5xxState *s)
{
    uint32_t div = s->mc.pll[A_PLL_M_SPLL_REF_FB_DIV];

    return r5xx_pll_legacy_khz(R5XX_REF_KHZ,
        FIELD_EX32(div, PLL_M_SPLL_REF_FB_DIV, MPLL_FB_DIV),
        FIELD_EX32(div, PLL_M_SPLL_REF_FB_DIV, M_SPLL_REF_DIV),
        FIELD_EX32(s->mc.pll[A_PLL_MCLK_CNTL], PLL_MCLK_CNTL, MCLK_SRC_SEL));
}

/*
 * The engine and memory PLLs share M_SPLL_REF_FB_DIV: a reference divider
 * of 0, a feedback divider of 0 next to a live reference divider, or a VCO
 * beyond what the parts run at stops or overdrives a clock; the model
 * keeps the value (and reports 0 kHz for a stopped PLL) and says so.
 */
static void r5xx_mc_spll_check(uint32_t val)
{
    uint32_t ref = FIELD_EX32(val, PLL_M_SPLL_REF_FB_DIV, M_SPLL_REF_DIV);
    uint32_t sfb = FIELD_EX32(val, PLL_M_SPLL_REF_FB_DIV, SPLL_FB_DIV);
    uint32_t mfb = FIELD_EX32(val, PLL_M_SPLL_REF_FB_DIV, MPLL_FB_DIV);

    if (ref == 0 || sfb == 0 || mfb == 0 ||
        r5xx_pll_legacy_khz(R5XX_REF_KHZ, MAX(sfb, mfb), ref, 1) >
        R5XX_MAX_VCO_KHZ) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "r5xx: M_SPLL_REF_FB_DIV 0x%08x: reference divider "
                      "%u, engine feedback %u, memory feedback %u: no "
                      "usable clock\n", val, ref, sfb, mfb);
    }
}

static void r5xx_mc_get_sclk(Object *obj, Visitor *v, const char *name,
                             void *opaque, Error **errp)
{
    uint32_t khz = r5xx_mc_sclk_khz(R5XX(obj));

    visit_type_uint32(v, name, &khz, errp);
}

static void r5xx_mc_get_mclk(Object *obj, Visitor *v, const char *name,
                             void *opaque, Error **errp)
{
    uint32_t khz = r5xx_mc_mclk_khz(R5XX(obj));

    visit_type_uint32(v, name, &khz, errp);
}

void r5xx_mc_instance_init(R5xxState *s)
{
    /* read with qom-get <path> sclk-khz / mclk-khz */
    object_property_add(OBJECT(s), "sclk-khz", "uint32",
                        r5xx_mc_get_sclk, NULL, NULL, NULL);
    object_property_add(OBJECT(s), "mclk-khz", "uint32",
                        r5xx_mc_get_mclk, NULL, NULL, NULL);
}

/* Report the first access to an indirect register the list does not name. */
static void r5xx_indirect_check(R5xxSpace space, uint32_t *logged,
                                uint32_t idx, bool write, uint32_t val)
{
    static const char *const what[] = {
        [R5XX_SPACE_PLL] = "PLL",
        [R5XX_SPACE_PCIE] = "PCIE",
        [R5XX_SPACE_MC] = "MC",
        [R5XX_SPACE_NBMC] = "NB_MC",
        [R5XX_SPACE_MC_R520] = "MC",
        [R5XX_SPACE_MC_RS690] = "MC",
        [R5XX_SPACE_MC_RS600] = "MC",
    };

    if (r5xx_indirect_name(space, idx) ||
        (logged[idx / 32] & (1u << (idx % 32)))) {
        return;
    }
    logged[idx / 32] |= 1u << (idx % 32);
    if (write) {
        qemu_log_mask(LOG_UNIMP, "r5xx: write of 0x%08x to unmodelled %s "
                      "register 0x%x stored (reported once)\n", val,
                      what[space], idx);
    } else {
        qemu_log_mask(LOG_UNIMP, "r5xx: read of unmodelled %s register 0x%x "
                      "(reported once)\n", what[space], idx);
    }
}

/* PLL indirect space ------------------------------------------------------ */

uint32_t r5xx_pll_read(R5xxState *s, uint32_t idx)
{
    uint32_t val;

    idx %= R5XX_PLL_REGS;
    r5xx_indirect_check(R5XX_SPACE_PLL, s->mc.pll_logged, idx, false, 0);
    val = s->mc.pll[idx];
    switch (idx) {
    case A_PLL_PPLL_REF_DIV:
    case A_PLL_P2PLL_REF_DIV:
        /* ATOMIC_UPDATE_R: the update is always complete */
        val &= ~R_PLL_PPLL_REF_DIV_PPLL_ATOMIC_UPDATE_W_MASK;
        break;
    }
    return val;
}

void r5xx_pll_write(R5xxState *s, uint32_t idx, uint32_t val)
{
    idx %= R5XX_PLL_REGS;
    r5xx_indirect_check(R5XX_SPACE_PLL, s->mc.pll_logged, idx, true, val);
    if (idx == A_PLL_M_SPLL_REF_FB_DIV) {
        r5xx_mc_spll_check(val);
    }
    s->mc.pll[idx] = val;
}

/* PCIE indirect space and the GART ---------------------------------------- */

void r5xx_gart_flush(R5xxState *s)
{
    memset(s->mc.tlb, 0, sizeof(s->mc.tlb));
}

uint32_t r5xx_pcie_read(R5xxState *s, uint32_t idx)
{
    idx %= R5XX_PCIE_REGS;
    r5xx_indirect_check(R5XX_SPACE_PCIE, s->mc.pcie_logged, idx, false, 0);
    return s->mc.pcie[idx];
}

void r5xx_pcie_write(R5xxState *s, uint32_t idx, uint32_t val)
{
    idx %= R5XX_PCIE_REGS;
    r5xx_indirect_check(R5XX_SPACE_PCIE, s->mc.pcie_logged, idx, true, val);
    switch (idx) {
    case A_PCIE_TX_GART_CNTL:
        /* INVALIDATE_TLB does its work at once and reads back as 0 */
        if (FIELD_EX32(val, PCIE_TX_GART_CNTL, INVALIDATE_TLB)) {
            val &= ~R_PCIE_TX_GART_CNTL_INVALIDATE_TLB_MASK;
        }
        r5xx_gart_flush(s);
        break;
    case A_PCIE_TX_GART_BASE:
    case A_PCIE_TX_GART_START_LO:
    case A_PCIE_TX_GART_START_HI:
    case A_PCIE_TX_GART_END_LO:
    case A_PCIE_TX_GART_END_HI:
        r5xx_gart_flush(s);
        break;
    case A_PCIE_LC_LINK_WIDTH_CNTL:
        /* the link retrains to whatever width is asked for */
        val = FIELD_DP32(val, PCIE_LC_LINK_WIDTH_CNTL, LC_LINK_WIDTH_RD,
                         FIELD_EX32(val, PCIE_LC_LINK_WIDTH_CNTL,
                                    LC_LINK_WIDTH));
        break;
    }
    s->mc.pcie[idx] = val;
}

/* RV515, R520 and RS600 MC indirect spaces -------------------------------- */

/*
 * The maps differ (rv515.c, r520.c, rs600.c): the status register and its
 * idle bit, and where FB_LOCATION sits (R520's and RS600's index 0x04 is
 * RV515's AGP_BASE_2).  The memory controller is always idle.
 */
static uint32_t r5xx_mc_status_reg(R5xxState *s)
{
    switch (s->info->mc_space) {
    case R5XX_SPACE_MC_R520:
        return A_R520_MC_STATUS;
    case R5XX_SPACE_MC_RS600:
        return A_RS600_MC_STATUS;
    default:
        return A_RV515_MC_STATUS;
    }
}

static uint32_t r5xx_mc_idle_bits(R5xxState *s)
{
    switch (s->info->mc_space) {
    case R5XX_SPACE_MC_R520:
        return R_R520_MC_STATUS_IDLE_MASK;
    case R5XX_SPACE_MC_RS600:
        return R_RS600_MC_STATUS_IDLE_MASK;
    default:
        return R_RV515_MC_STATUS_IDLE_MASK;
    }
}

static uint32_t r5xx_mc_fb_location_reg(R5xxState *s)
{
    switch (s->info->mc_space) {
    case R5XX_SPACE_MC_R520:
        return A_R520_MC_FB_LOCATION;
    case R5XX_SPACE_MC_RS600:
        return A_RS600_MC_FB_LOCATION;
    default:
        return A_RV515_MC_FB_LOCATION;
    }
}

/*
 * RS600 page table registers (rs600_gart_enable, rs600_gart_tlb_flush):
 * the invalidate bits do their work at once and read back as 0; a new
 * table, range or enable also drops what the TLB holds.
 */
static uint32_t r5xx_mc_rs600_write(R5xxState *s, uint32_t idx, uint32_t val)
{
    const uint32_t inval = R_RS600_MC_PT0_CNTL_INVALIDATE_ALL_L1_TLBS_MASK |
                           R_RS600_MC_PT0_CNTL_INVALIDATE_L2_CACHE_MASK;

    switch (idx) {
    case A_RS600_MC_PT0_CNTL:
        val &= ~inval;
        r5xx_gart_flush(s);
        break;
    case A_RS600_MC_CNTL1:
    case A_RS600_MC_PT0_CONTEXT_CNTL(0):
    case A_RS600_MC_PT0_CONTEXT0_FLAT_BASE_ADDR:
    case A_RS600_MC_PT0_CONTEXT0_FLAT_START_ADDR:
    case A_RS600_MC_PT0_CONTEXT0_FLAT_END_ADDR:
    case A_RS600_MC_FB_LOCATION:
        r5xx_gart_flush(s);
        break;
    }
    return val;
}

uint32_t r5xx_mcind_read(R5xxState *s, uint32_t idx)
{
    if (idx >= R5XX_MC_REGS) {
        qemu_log_mask(LOG_UNIMP, "r5xx: MC register 0x%x not modelled\n", idx);
        return 0;
    }
    r5xx_indirect_check(s->info->mc_space, s->mc.ind_logged, idx, false, 0);
    if (idx == r5xx_mc_status_reg(s)) {
        return r5xx_mc_idle_bits(s);
    }
    return s->mc.ind[idx];
}

void r5xx_mcind_write(R5xxState *s, uint32_t idx, uint32_t val)
{
    if (idx >= R5XX_MC_REGS) {
        qemu_log_mask(LOG_UNIMP, "r5xx: MC register 0x%x not modelled\n", idx);
        return;
    }
    r5xx_indirect_check(s->info->mc_space, s->mc.ind_logged, idx, true, val);
    if (idx == r5xx_mc_status_reg(s)) {
        return;
    }
    if (s->info->mc == R5XX_MC_KIND_RS600) {
        val = r5xx_mc_rs600_write(s, idx, val);
    }
    s->mc.ind[idx] = val;
}

/* RS480 north-bridge MC indirect space ------------------------------------ */

uint32_t r5xx_nbmc_read(R5xxState *s, uint32_t idx)
{
    idx %= R5XX_NBMC_REGS;
    r5xx_indirect_check(R5XX_SPACE_NBMC, s->mc.nbmc_logged, idx, false, 0);
    return s->mc.nbmc[idx];
}

void r5xx_nbmc_write(R5xxState *s, uint32_t idx, uint32_t val)
{
    idx %= R5XX_NBMC_REGS;
    r5xx_indirect_check(R5XX_SPACE_NBMC, s->mc.nbmc_logged, idx, true, val);
    switch (idx) {
    case A_RS480_GART_CACHE_CNTRL:
        /* the flush is over before the guest can read the bit back */
        if (FIELD_EX32(val, RS480_GART_CACHE_CNTRL, GART_CACHE_INVALIDATE)) {
            r5xx_gart_flush(s);
            val &= ~R_RS480_GART_CACHE_CNTRL_GART_CACHE_INVALIDATE_MASK;
        }
        break;
    case A_RS480_GART_BASE:
        r5xx_gart_flush(s);
        break;
    }
    s->mc.nbmc[idx] = val;
}

/* RS690 MC indirect space ------------------------------------------------- */

/*
 * rs690.c: the MC registers and, at their RS480 indexes, the GART's.  The
 * memory controller is always idle.
 */
uint32_t r5xx_rs690mc_read(R5xxState *s, uint32_t idx)
{
    idx %= R5XX_NBMC_REGS;
    r5xx_indirect_check(R5XX_SPACE_MC_RS690, s->mc.nbmc_logged, idx, false,
                        0);
    if (idx == A_RS690_MC_SYSTEM_STATUS) {
        return R_RS690_MC_SYSTEM_STATUS_MC_SYSTEM_IDLE_MASK;
    }
    return s->mc.nbmc[idx];
}

void r5xx_rs690mc_write(R5xxState *s, uint32_t idx, uint32_t val)
{
    idx %= R5XX_NBMC_REGS;
    switch (idx) {
    case A_RS690_MC_SYSTEM_STATUS:
        r5xx_indirect_check(R5XX_SPACE_MC_RS690, s->mc.nbmc_logged, idx,
                            true, val);
        return;                 /* read-only */
    case A_RS480_GART_CACHE_CNTRL:
    case A_RS480_GART_BASE:
        r5xx_nbmc_write(s, idx, val);       /* as on the RS480 */
        return;
    case A_RS690_MCCFG_AGP_LOCATION:
        r5xx_gart_flush(s);
        break;
    }
    r5xx_indirect_check(R5XX_SPACE_MC_RS690, s->mc.nbmc_logged, idx, true,
                        val);
    s->mc.nbmc[idx] = val;
}

/* Address translation ----------------------------------------------------- */

/*
 * An MC address is translated through a view of the MC's registers.  The
 * CP and the 2D engine build one per access, under the BQL, over the
 * device's TLB; the 3D worker takes one when its draw starts
 * (r5xx_mc_view_init) and translates through it without the BQL: its own
 * TLB, page table entries read from VRAM, bus addresses reached only when
 * they are guest RAM, faults kept in the view for r5xx_mc_view_fini.
 */

static void r5xx_mc_fb_range(R5xxState *s, uint64_t *start, uint64_t *end)
{
    uint32_t loc;

    if (s->info->mc == R5XX_MC_KIND_RS690) {
        loc = s->mc.nbmc[A_RS690_MCCFG_FB_LOCATION];
    } else if (r5xx_is_r5xx(s)) {
        loc = s->mc.ind[r5xx_mc_fb_location_reg(s)];
    } else {
        loc = s->regs[R_MC_FB_LOCATION];
    }

    r5xx_mc_location(loc, start, end);
}

/* MC address of VRAM offset 0: the FB location's start, or the UMA block */
static uint64_t r5xx_mc_vram_base(R5xxState *s, uint64_t fb_start)
{
    return r5xx_mc_is_uma(s) ? s->mc.uma_base : fb_start;
}

static void r5xx_mc_view_load_igp(R5xxState *s, R5xxMcView *v)
{
    const uint32_t *nb = s->mc.nbmc;
    uint32_t size = nb[A_RS480_AGP_ADDRESS_SPACE_SIZE];
    uint32_t base = nb[A_RS480_GART_BASE];
    unsigned shift = FIELD_EX32(size, RS480_AGP_ADDRESS_SPACE_SIZE, VA_SIZE);
    uint64_t va = (32ull << 20) << shift;       /* 32 MiB << VA_SIZE */

    /* the RS690 keeps the GART's range in its own MC space */
    r5xx_mc_location(s->info->mc == R5XX_MC_KIND_RS690
                     ? nb[A_RS690_MCCFG_AGP_LOCATION]
                     : s->regs[R_MC_AGP_LOCATION],
                     &v->gart_start, &v->gart_end);
    if (v->gart_end >= v->gart_start && v->gart_end - v->gart_start >= va) {
        v->gart_end = v->gart_start + va - 1;
    }
    v->igp_gart_en = FIELD_EX32(size, RS480_AGP_ADDRESS_SPACE_SIZE, GART_EN);
    v->igp_out_discard = FIELD_EX32(nb[A_RS480_AIC_CTRL_SCRATCH],
                                    RS480_AIC_CTRL_SCRATCH,
                                    DIS_OUT_OF_PCI_GART_ACCESS);
    v->gart_base = (base & R_RS480_GART_BASE_GART_BASE_LO_MASK) |
                   ((uint64_t)FIELD_EX32(base, RS480_GART_BASE,
                                         GART_BASE_HI) << 32);
    v->gart_cntl = 0;
    v->discard = 0;
}

static void r5xx_mc_view_load_rs600(R5xxState *s, R5xxMcView *v)
{
    const uint32_t *mc = s->mc.ind;

    v->rs600_pt_en =
        FIELD_EX32(mc[A_RS600_MC_CNTL1], RS600_MC_CNTL1, ENABLE_PAGE_TABLES) &&
        FIELD_EX32(mc[A_RS600_MC_PT0_CNTL], RS600_MC_PT0_CNTL, ENABLE_PT) &&
        FIELD_EX32(mc[A_RS600_MC_PT0_CONTEXT_CNTL(0)],
                   RS600_MC_PT0_CONTEXT_CNTL0, ENABLE_PAGE_TABLE);
    v->rs600_unmapped_dflt =
        FIELD_EX32(mc[A_RS600_MC_PT0_CLIENT_CNTL(0)], RS600_MC_PT0_CLIENT_CNTL0,
                   SYSTEM_APERTURE_UNMAPPED_ACCESS);
    v->gart_start = mc[A_RS600_MC_PT0_CONTEXT0_FLAT_START_ADDR];
    v->gart_end = mc[A_RS600_MC_PT0_CONTEXT0_FLAT_END_ADDR];
    v->gart_base = mc[A_RS600_MC_PT0_CONTEXT0_FLAT_BASE_ADDR];
    v->gart_cntl = mc[A_RS600_MC_PT0_CNTL];
    v->discard = mc[A_RS600_MC_PT0_CONTEXT0_DEFAULT_READ_ADDR];
    v->bus_master_dis = FIELD_EX32(s->regs[R_BUS_CNTL], BUS_CNTL,
                                   RS600_BUS_MASTER_DIS);
}

static void r5xx_mc_view_load(R5xxState *s, R5xxMcView *v)
{
    const uint32_t *pcie = s->mc.pcie;

    v->s = s;
    r5xx_mc_fb_range(s, &v->fb_start, &v->fb_end);
    v->vram_base = r5xx_mc_vram_base(s, v->fb_start);
    v->gart = s->info->gart;
    v->fault = 0;
    v->failed = false;
    v->aic_valid = false;
    /* an AGP card's BUS_CNTL (r100_bm_disable) */
    v->bus_master_dis = s->info->agp &&
                        FIELD_EX32(s->regs[R_BUS_CNTL], BUS_CNTL,
                                   BUS_MASTER_DIS);
    switch (v->gart) {
    case R5XX_GART_KIND_IGP:
        r5xx_mc_view_load_igp(s, v);
        return;
    case R5XX_GART_KIND_RS600:
        r5xx_mc_view_load_rs600(s, v);
        return;
    case R5XX_GART_KIND_PCI:
        v->gart_cntl = s->regs[R_AIC_CNTL];
        v->gart_start = s->regs[R_AIC_LO_ADDR];
        v->gart_end = s->regs[R_AIC_HI_ADDR];
        v->gart_base = s->regs[R_AIC_PT_BASE];
        v->discard = 0;
        return;
    case R5XX_GART_KIND_PCIE:
        break;
    }
    v->gart_cntl = pcie[A_PCIE_TX_GART_CNTL];
    v->gart_start = ((uint64_t)pcie[A_PCIE_TX_GART_START_HI] << 32) |
                    pcie[A_PCIE_TX_GART_START_LO];
    v->gart_end = ((uint64_t)pcie[A_PCIE_TX_GART_END_HI] << 32) |
                  pcie[A_PCIE_TX_GART_END_LO];
    v->gart_base = pcie[A_PCIE_TX_GART_BASE];
    v->discard = ((uint64_t)pcie[A_PCIE_TX_DISCARD_RD_ADDR_HI] << 32) |
                 pcie[A_PCIE_TX_DISCARD_RD_ADDR_LO];
}

void r5xx_mc_view_init(R5xxState *s, R5xxMcView *v)
{
    memset(v, 0, sizeof(*v));
    r5xx_mc_view_load(s, v);
    v->tlb = v->own_tlb;
    v->nolock = true;
    v->logs_left = R5XX_MC_VIEW_LOGS;
}

void r5xx_mc_view_fini(R5xxState *s, R5xxMcView *v)
{
    if (v->fault) {
        s->mc.pcie[A_PCIE_TX_GART_ERROR] = v->fault;
    }
}

/* A guest error; a worker's view reports only its first few. */
static void G_GNUC_PRINTF(2, 3) r5xx_mc_error(R5xxMcView *v,
                                              const char *fmt, ...)
{
    va_list ap;

    if (v->nolock) {
        if (!v->logs_left) {
            return;
        }
        if (!--v->logs_left) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: further MC errors of "
                          "this 3D draw are not reported\n");
            return;
        }
    }
    if (qemu_loglevel_mask(LOG_GUEST_ERROR)) {
        FILE *f = qemu_log_trylock();

        if (f) {
            va_start(ap, fmt);
            vfprintf(f, fmt, ap);
            va_end(ap);
            qemu_log_unlock(f);
        }
    }
}

static uint32_t r5xx_page_rest(uint64_t addr)
{
    return R5XX_GPU_PAGE_SIZE - (addr & (R5XX_GPU_PAGE_SIZE - 1));
}

/* FB or plain bus address, no GART: for table and default-page lookups. */
static bool r5xx_mc_translate_fb(R5xxMcView *v, uint64_t mc,
                                 R5xxMemTarget *t)
{
    t->len = r5xx_page_rest(mc);
    if (mc < v->fb_start || mc > v->fb_end) {
        return false;
    }
    t->kind = R5XX_MEM_VRAM;
    t->addr = mc - v->vram_base;
    if (mc < v->vram_base || t->addr >= v->s->vram_size) {
        r5xx_mc_error(v, "r5xx: MC address 0x%" PRIx64 " is in the FB "
                      "location but outside VRAM (0x%" PRIx64 "+0x%" PRIx64
                      ")\n", mc, v->vram_base, v->s->vram_size);
        t->kind = R5XX_MEM_DISCARD;
    }
    return true;
}

static void r5xx_gart_fault(R5xxMcView *v, uint64_t mc, bool write,
                            const char *why)
{
    r5xx_mc_error(v, "r5xx: GART %s of MC address 0x%" PRIx64 ": %s\n",
                  write ? "write" : "read", mc, why);
    v->fault = ((uint32_t)mc & ~(R5XX_GPU_PAGE_SIZE - 1)) |
               (write ? 2 : 0) | 1;
}

static uint32_t r5xx_gart_pte(R5xxMcView *v, uint64_t start, uint64_t page)
{
    R5xxState *s = v->s;
    R5xxTlbEntry *e = &v->tlb[(page >> 12) % R5XX_TLB_ENTRIES];
    uint64_t at = v->gart_base + ((page - start) >> 12) * 4;
    R5xxMemTarget t;
    uint32_t pte;

    if (e->valid && e->page == page) {
        return e->pte;
    }
    if (!r5xx_mc_translate_fb(v, at, &t) || t.kind != R5XX_MEM_VRAM ||
        t.addr + 4 > s->vram_size) {
        r5xx_mc_error(v, "r5xx: GART table entry at MC address 0x%" PRIx64
                      " is not in VRAM\n", at);
        return 0;
    }
    pte = ldl_le_p(s->vram_ptr + t.addr);
    e->valid = true;
    e->page = page;
    e->pte = pte;
    return pte;
}

static void r5xx_gart_map(R5xxMcView *v, uint64_t mc, uint64_t start,
                          uint64_t page, bool write, R5xxMemTarget *t)
{
    uint32_t pte = r5xx_gart_pte(v, start, page);

    if (!r5xx_gart_pte_allows(pte, write)) {
        r5xx_gart_fault(v, mc, write, write ? "page not writeable"
                                            : "page not readable");
        t->kind = R5XX_MEM_DISCARD;
        return;
    }
    t->kind = R5XX_MEM_BUS;
    t->addr = r5xx_gart_pte_addr(pte) + (mc & (R5XX_GPU_PAGE_SIZE - 1));
}

static bool r5xx_dma(R5xxMcView *v, uint64_t addr, void *buf, uint32_t len,
                     bool write);

/* The PCI GART of AGP cards: the entry by DMA, one entry cached. */
static void r5xx_pci_gart_translate(R5xxMcView *v, uint64_t mc, bool write,
                                    R5xxMemTarget *t)
{
    uint64_t page = mc & ~(uint64_t)(R5XX_GPU_PAGE_SIZE - 1);
    uint64_t start = v->gart_start & ~(uint64_t)(R5XX_GPU_PAGE_SIZE - 1);
    uint8_t b[4];

    if (!FIELD_EX32(v->gart_cntl, AIC_CNTL, PCIGART_TRANSLATE_EN) ||
        (mc < start || mc > v->gart_end)) {
        if (FIELD_EX32(v->gart_cntl, AIC_CNTL, PCIGART_TRANSLATE_EN) &&
            FIELD_EX32(v->gart_cntl, AIC_CNTL, DIS_OUT_OF_PCI_GART_ACCESS)) {
            r5xx_gart_fault(v, mc, write, "outside the FB and PCI GART "
                            "apertures");
            t->kind = R5XX_MEM_DISCARD;
            return;
        }
        t->kind = R5XX_MEM_BUS;
        t->addr = mc;
        return;
    }
    if (!v->aic_valid || v->aic_page != page) {
        if (!r5xx_dma(v, v->gart_base + ((page - start) >> 12) * 4, b, 4,
                      false)) {
            r5xx_gart_fault(v, mc, write, "PCI GART table entry not "
                            "readable");
            t->kind = R5XX_MEM_DISCARD;
            return;
        }
        v->aic_valid = true;
        v->aic_page = page;
        v->aic_pte = ldl_le_p(b);
    }
    t->kind = R5XX_MEM_BUS;
    t->addr = (v->aic_pte & ~(R5XX_GPU_PAGE_SIZE - 1)) |
              (mc & (R5XX_GPU_PAGE_SIZE - 1));
}

/* RS480 GART entry of an MC page, from the table in system memory */
static uint32_t r5xx_igp_gart_pte(R5xxMcView *v, uint64_t page)
{
    R5xxTlbEntry *e = &v->tlb[(page >> 12) % R5XX_TLB_ENTRIES];
    uint64_t at = v->gart_base + ((page - v->gart_start) >> 12) * 4;
    uint8_t b[4];
    uint32_t pte;

    if (e->valid && e->page == page) {
        return e->pte;
    }
    if (!r5xx_dma(v, at, b, 4, false)) {
        r5xx_mc_error(v, "r5xx: GART table entry at bus address 0x%" PRIx64
                      " unreadable\n", at);
        return 0;
    }
    pte = ldl_le_p(b);
    e->valid = true;
    e->page = page;
    e->pte = pte;
    return pte;
}

static void r5xx_igp_translate(R5xxMcView *v, uint64_t mc, bool write,
                               R5xxMemTarget *t)
{
    uint32_t pte;

    if (v->igp_gart_en && mc >= v->gart_start && mc <= v->gart_end) {
        pte = r5xx_igp_gart_pte(v, mc & ~(uint64_t)(R5XX_GPU_PAGE_SIZE - 1));
        if (!r5xx_gart_pte_allows(pte, write)) {
            r5xx_gart_fault(v, mc, write, write ? "page not writeable"
                                                : "page not readable");
            t->kind = R5XX_MEM_DISCARD;
            return;
        }
        t->kind = R5XX_MEM_BUS;
        t->addr = r5xx_igp_pte_addr(pte) + (mc & (R5XX_GPU_PAGE_SIZE - 1));
        return;
    }
    if (v->igp_out_discard) {
        r5xx_gart_fault(v, mc, write, "outside the FB and GART apertures");
        t->kind = R5XX_MEM_DISCARD;
        return;
    }
    t->kind = R5XX_MEM_BUS;     /* the MC address is a physical one */
    t->addr = mc;
}

/* RS600 page table entry of an MC page, from the flat table in VRAM */
static uint64_t r5xx_rs600_pte(R5xxMcView *v, uint64_t page)
{
    R5xxState *s = v->s;
    R5xxTlbEntry *e = &v->tlb[(page >> 12) % R5XX_TLB_ENTRIES];
    uint64_t at = v->gart_base + ((page - v->gart_start) >> 12) * 8;
    R5xxMemTarget t;
    uint64_t pte;

    if (e->valid && e->page == page) {
        return e->pte;
    }
    if (!r5xx_mc_translate_fb(v, at, &t) || t.kind != R5XX_MEM_VRAM ||
        t.addr + 8 > s->vram_size) {
        r5xx_mc_error(v, "r5xx: RS600 page table entry at MC address 0x%"
                      PRIx64 " is not in VRAM\n", at);
        return 0;
    }
    pte = ldq_le_p(s->vram_ptr + t.addr);
    e->valid = true;
    e->page = page;
    e->pte = pte;
    return pte;
}

static void r5xx_rs600_translate(R5xxMcView *v, uint64_t mc, bool write,
                                 R5xxMemTarget *t)
{
    uint64_t start = v->gart_start & ~(uint64_t)(R5XX_GPU_PAGE_SIZE - 1);
    uint64_t pte, addr;

    if (!v->rs600_pt_en || mc < start || mc > v->gart_end) {
        if (v->rs600_pt_en && v->rs600_unmapped_dflt) {
            r5xx_gart_fault(v, mc, write, "outside the FB and the page "
                            "table's range");
            t->kind = R5XX_MEM_DISCARD;
            return;
        }
        t->kind = R5XX_MEM_BUS; /* the MC address is a physical one */
        t->addr = mc;
        return;
    }
    pte = r5xx_rs600_pte(v, mc & ~(uint64_t)(R5XX_GPU_PAGE_SIZE - 1));
    if (!r5xx_rs600_pte_allows(pte, write)) {
        r5xx_gart_fault(v, mc, write, !(pte & R5XX_RS600_PTE_VALID)
                        ? "page not valid" : write ? "page not writeable"
                                                   : "page not readable");
        t->kind = R5XX_MEM_DISCARD;
        return;
    }
    addr = r5xx_rs600_pte_addr(pte) + (mc & (R5XX_GPU_PAGE_SIZE - 1));
    if (!(pte & R5XX_RS600_PTE_SYSTEM)) {
        /* a VRAM page: the entry holds an MC address in the FB location */
        if (!r5xx_mc_translate_fb(v, addr, t)) {
            r5xx_gart_fault(v, mc, write, "local page outside the FB");
            t->kind = R5XX_MEM_DISCARD;
        }
        return;
    }
    t->kind = R5XX_MEM_BUS;
    t->addr = addr;
}

static void r5xx_mc_translate(R5xxMcView *v, uint64_t mc, bool write,
                              R5xxMemTarget *t)
{
    uint64_t start, end;

    if (r5xx_mc_translate_fb(v, mc, t)) {
        return;
    }
    switch (v->gart) {
    case R5XX_GART_KIND_IGP:
        r5xx_igp_translate(v, mc, write, t);
        return;
    case R5XX_GART_KIND_PCI:
        r5xx_pci_gart_translate(v, mc, write, t);
        return;
    case R5XX_GART_KIND_RS600:
        r5xx_rs600_translate(v, mc, write, t);
        return;
    case R5XX_GART_KIND_PCIE:
        break;
    }
    if (!FIELD_EX32(v->gart_cntl, PCIE_TX_GART_CNTL, GART_EN)) {
        t->kind = R5XX_MEM_BUS;
        t->addr = mc;
        return;
    }
    start = v->gart_start & ~(uint64_t)(R5XX_GPU_PAGE_SIZE - 1);
    end = v->gart_end | (R5XX_GPU_PAGE_SIZE - 1);
    if (mc >= start && mc <= end) {
        r5xx_gart_map(v, mc, start, mc & ~(uint64_t)(R5XX_GPU_PAGE_SIZE - 1),
                      write, t);
        return;
    }
    switch (FIELD_EX32(v->gart_cntl, PCIE_TX_GART_CNTL, UNMAPPED_ACCESS)) {
    case PCIE_TX_GART_CNTL_UNMAPPED_ACCESS_PASSTHRU:
        t->kind = R5XX_MEM_BUS;
        t->addr = mc;
        break;
    case PCIE_TX_GART_CNTL_UNMAPPED_ACCESS_CLAMP_LO:
        r5xx_gart_map(v, mc, start, start, write, t);
        break;
    default:
        r5xx_gart_fault(v, mc, write, "outside the FB and GART apertures");
        t->kind = R5XX_MEM_DISCARD;
        break;
    }
}

/*
 * Bus-master access without the BQL: guest RAM only, straight through
 * its host mapping (under RCU); anything else (MMIO, nothing, bus
 * mastering off) is a guest error, reads of it give zeros.
 */
static bool r5xx_dma_nolock(R5xxMcView *v, uint64_t addr, uint8_t *buf,
                            uint32_t len, bool write)
{
    AddressSpace *as = pci_get_address_space(PCI_DEVICE(v->s));

    if (v->bus_master_dis) {
        r5xx_mc_error(v, "r5xx: 3D %s of bus address 0x%" PRIx64 " while "
                      "BUS_CNTL.BUS_MASTER_DIS is set\n",
                      write ? "write" : "read", addr);
        if (!write) {
            memset(buf, 0, len);
        }
        return false;
    }
    RCU_READ_LOCK_GUARD();
    while (len) {
        hwaddr xlat, l = len;
        MemoryRegion *mr = address_space_translate(as, addr, &xlat, &l,
                                                   write,
                                                   MEMTXATTRS_UNSPECIFIED);
        uint8_t *p;

        if (!l || !memory_access_is_direct(mr, write)) {
            r5xx_mc_error(v, "r5xx: 3D %s of bus address 0x%" PRIx64
                          " that is not guest RAM (bus mastering off?)\n",
                          write ? "write" : "read", addr);
            if (!write) {
                memset(buf, 0, len);
            }
            return false;
        }
        p = (uint8_t *)memory_region_get_ram_ptr(mr) + xlat;
        if (write) {
            memcpy(p, buf, l);
            memory_region_set_dirty(mr, xlat, l);
        } else {
            memcpy(buf, p, l);
        }
        addr += l;
        buf += l;
        len -= l;
    }
    return true;
}

static bool r5xx_dma(R5xxMcView *v, uint64_t addr, void *buf, uint32_t len,
                     bool write)
{
    R5xxState *s = v->s;
    MemTxResult r;

    if (v->nolock) {
        return r5xx_dma_nolock(v, addr, buf, len, write);
    }
    if (v->bus_master_dis) {
        r = MEMTX_ACCESS_ERROR;         /* BUS_CNTL blocks bus mastering */
    } else if (write) {
        r = pci_dma_write(PCI_DEVICE(s), addr, buf, len);
    } else {
        r = pci_dma_read(PCI_DEVICE(s), addr, buf, len);
    }
    if (r != MEMTX_OK && !s->mc.dma_error_logged) {
        s->mc.dma_error_logged = true;
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: DMA %s of bus address 0x%"
                      PRIx64 " failed (bus mastering off%s?); further DMA "
                      "errors are not reported\n",
                      write ? "write" : "read", addr,
                      v->bus_master_dis ? " in BUS_CNTL" : "");
    }
    if (r != MEMTX_OK && !write) {
        memset(buf, 0, len);
    }
    return r == MEMTX_OK;
}

static void r5xx_vram_access(R5xxState *s, uint64_t off, void *buf,
                             uint32_t len, bool write)
{
    if (off >= s->vram_size || len > s->vram_size - off) {
        if (!write) {
            memset(buf, 0, len);
        }
        return;
    }
    if (write) {
        memcpy(s->vram_ptr + off, buf, len);
        memory_region_set_dirty(&s->vram, off, len);
    } else {
        memcpy(buf, s->vram_ptr + off, len);
    }
}

/* Reads of discarded accesses come from the default page. */
static void r5xx_discard_read(R5xxMcView *v, uint64_t mc, void *buf,
                              uint32_t len)
{
    uint64_t at = (v->discard & ~(uint64_t)(R5XX_GPU_PAGE_SIZE - 1)) +
                  (mc & (R5XX_GPU_PAGE_SIZE - 1));
    R5xxMemTarget t;

    if (v->gart != R5XX_GART_KIND_PCIE) {
        memset(buf, 0, len);    /* no default page: reads give zeros */
    } else if (!r5xx_mc_translate_fb(v, at, &t)) {
        r5xx_dma(v, at, buf, len, false);
    } else if (t.kind == R5XX_MEM_VRAM) {
        r5xx_vram_access(v->s, t.addr, buf, len, false);
    } else {
        memset(buf, 0, len);
    }
}

bool r5xx_mc_view_access(R5xxMcView *v, uint64_t mc, void *buf, uint32_t len,
                         bool write)
{
    uint8_t *p = buf;

    v->failed = false;
    while (len) {
        R5xxMemTarget t;
        uint32_t n;

        mc &= UINT32_MAX;       /* the MC address space is 32 bits */
        r5xx_mc_translate(v, mc, write, &t);
        n = MIN(len, MIN(t.len, r5xx_page_rest(mc)));
        switch (t.kind) {
        case R5XX_MEM_VRAM:
            r5xx_vram_access(v->s, t.addr, p, n, write);
            break;
        case R5XX_MEM_BUS:
            v->failed |= !r5xx_dma(v, t.addr, p, n, write);
            break;
        case R5XX_MEM_DISCARD:
            v->failed = true;
            if (!write) {
                r5xx_discard_read(v, mc, p, n);
            }
            break;
        }
        mc += n;
        p += n;
        len -= n;
    }
    return !v->failed;
}

void *r5xx_mc_view_map(R5xxMcView *v, uint64_t mc, uint64_t len)
{
    uint64_t off;

    if (!len || mc > UINT32_MAX || len > (uint64_t)UINT32_MAX + 1 - mc ||
        mc < v->fb_start || mc + len - 1 > v->fb_end || mc < v->vram_base) {
        return NULL;
    }
    off = mc - v->vram_base;
    if (off >= v->s->vram_size || len > v->s->vram_size - off) {
        return NULL;
    }
    return v->s->vram_ptr + off;
}

void r5xx_mc_view_written(R5xxMcView *v, uint64_t mc, uint64_t len)
{
    uint64_t off = mc - v->vram_base;

    if (mc >= v->vram_base && off < v->s->vram_size &&
        len <= v->s->vram_size - off) {
        memory_region_set_dirty(&v->s->vram, off, len);
    }
}

static void r5xx_mc_access(R5xxState *s, uint64_t mc, void *buf, uint32_t len,
                           bool write)
{
    R5xxMcView v;

    r5xx_mc_view_load(s, &v);
    v.tlb = s->mc.tlb;
    v.nolock = false;
    r5xx_mc_view_access(&v, mc, buf, len, write);
    r5xx_mc_view_fini(s, &v);
}

void r5xx_mc_read(R5xxState *s, uint64_t mc, void *buf, uint32_t len)
{
    r5xx_mc_access(s, mc, buf, len, false);
}

void r5xx_mc_write(R5xxState *s, uint64_t mc, const void *buf, uint32_t len)
{
    r5xx_mc_access(s, mc, (void *)buf, len, true);
}

/* GPU memory is little-endian, like the PCI bus. */
uint32_t r5xx_mc_ldl(R5xxState *s, uint64_t mc)
{
    uint8_t b[4];

    r5xx_mc_read(s, mc, b, 4);
    return ldl_le_p(b);
}

void r5xx_mc_stl(R5xxState *s, uint64_t mc, uint32_t val)
{
    uint8_t b[4];

    stl_le_p(b, val);
    r5xx_mc_write(s, mc, b, 4);
}

/* VRAM offset of an MC address in the FB location (the display's view). */
bool r5xx_mc_vram_offset(R5xxState *s, uint64_t mc, uint64_t *off)
{
    uint64_t start, end, base;

    r5xx_mc_fb_range(s, &start, &end);
    base = r5xx_mc_vram_base(s, start);
    if (mc < start || mc > end || mc < base || mc - base >= s->vram_size) {
        return false;
    }
    *off = mc - base;
    return true;
}

/* The CP's swappers only act on system memory (guide: CP_RB_CNTL.BUF_SWAP). */
bool r5xx_mc_is_vram(R5xxState *s, uint64_t mc)
{
    uint64_t start, end;

    r5xx_mc_fb_range(s, &start, &end);
    mc &= UINT32_MAX;
    return mc >= start && mc <= end;
}
