/*
 * ATI/AMD Radeon R3xx-R5xx model: internal state and interfaces between
 * the model's files.
 *
 *   r5xx.c          QOM type, BARs, register dispatch, reset, interrupts
 *   r5xx_cp.c       command processor: ME RAM, ring and IBs, PM4 handlers
 *   r5xx_2d.c       2D engine packets (PAINT_MULTI, BITBLT_MULTI, ...)
 *   r5xx_3d.c       3D engine: register and packet routing to the 3D core,
 *                   its worker thread
 *   r5xx_mc.c       MC, rv370 PCIE GART, PLL/PCIE/MC indirect spaces,
 *                   MC address translation used by every engine
 *   r5xx_display.c  consoles, frame clocks, scanout and cursor drawing,
 *                   palettes, monitors on the DDC lines (r5xx_display.h)
 *   r5xx_display_legacy.c  register decode of the rv380 legacy CRTCs
 *   r5xx_display_avivo.c   register decode of the rv515 AVIVO D1/D2
 *
 * Each block keeps what needs no QEMU API in a core beside it, plain C that
 * the host unit tests (tests/model/unit/) build without QEMU:
 *
 *   r5xx_irq_core.c MSI re-arm latch (for r5xx.c)
 *   r5xx_cp_core.c  ME RAM ports, packet sizes, WPTR staging, ring
 *                   geometry, swappers, CSQ modes, scratch compare
 *   r5xx_2d_core.c  ROP3, pixel sizes, surface layouts, clipping
 *   r5xx_mc_core.c  GART entries, MC locations, PLL output
 *   r5xx_3d_*.c     the 3D engine (r5xx_3d_core.h)
 *
 * Facts the model shares with the driver (GPU families, 2D pixel sizes,
 * micro tiles) come from the generated r5xx_facts.h, PM4 encodings from
 * r5xx_pm4.h; scripts/qemu.sh copies both in from the top of the repo.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_INT_H
#define HW_DISPLAY_R5XX_INT_H

#include "hw/i2c/bitbang_i2c.h"
#include "hw/pci/pci.h"
#include "qemu/thread.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "r5xx_2d_core.h"
#include "r5xx_3d_core.h"
#include "r5xx_cp_core.h"
#include "r5xx_facts.h"
#include "r5xx_irq_core.h"
#include "r5xx_mc_core.h"
#include "r5xx_regs.h"

#define TYPE_R5XX "r5xx"
OBJECT_DECLARE_SIMPLE_TYPE(R5xxState, R5XX)

#define R5XX_MMIO_SIZE          0x10000
#define R5XX_IO_SIZE            0x100
#define R5XX_NUM_REGS           (R5XX_MMIO_SIZE / 4)
#define R5XX_PLL_REGS           64
#define R5XX_PCIE_REGS          0x800
#define R5XX_MC_REGS            0x200       /* RS600's reach 0x17e */
#define R5XX_NBMC_REGS          0x200       /* RS690: 9-bit index */
#define R5XX_TLB_ENTRIES        64
#define R5XX_PM4_MAX_BODY       0x4000      /* COUNT is 14 bits */
#define R5XX_MODEL_ID_VALUE     0x5235584d  /* 'R5XM' */
#define R5XX_MODEL_REV_VALUE    1

/* Memory controller and GART kinds of the model's chips (r5xx_mc.c). */
typedef enum R5xxMcKind {
    R5XX_MC_KIND_R300,          /* MC_FB_LOCATION in MMIO, VRAM at BAR 0 */
    R5XX_MC_KIND_RV515,         /* MC_IND space, VRAM at MC 0 */
    R5XX_MC_KIND_R520,          /* MC_IND space (R520 map), VRAM at MC 0 */
    R5XX_MC_KIND_RS480,         /* NB_MC space, UMA block at NB_TOM */
    R5XX_MC_KIND_RS690,         /* RS690 MC space, UMA block at MCCFG_FB */
    R5XX_MC_KIND_RS600,         /* MC_IND space (RS600 map), UMA block */
} R5xxMcKind;

typedef enum R5xxGartKind {
    R5XX_GART_KIND_PCIE,        /* rv370 PCIE GART, table in VRAM */
    R5XX_GART_KIND_IGP,         /* RS400 GART, table in system memory */
    R5XX_GART_KIND_PCI,         /* PCI GART (AIC) of AGP cards, table in RAM */
    R5XX_GART_KIND_RS600,       /* RS600 page tables, 8-byte entries in VRAM */
} R5xxGartKind;

/* Indirect register spaces. */
typedef enum R5xxSpace {
    R5XX_SPACE_PLL,
    R5XX_SPACE_PCIE,
    R5XX_SPACE_MC,              /* MC_IND, RV515 map */
    R5XX_SPACE_MC_R520,         /* MC_IND, R520 map */
    R5XX_SPACE_NBMC,            /* NB_MC (RS400/RS480) */
    R5XX_SPACE_MC_RS690,        /* RS690_MC_INDEX/DATA (RS690/RS740) */
    R5XX_SPACE_MC_RS600,        /* MC_IND, RS600 map */
} R5xxSpace;

/* Where an MSI is re-armed (radeon's rs400_irq_process, rs600_irq_process) */
typedef enum R5xxMsiRearm {
    R5XX_MSI_REARM_REARM_EN,    /* MSI_REARM_EN.MSI_REARM */
    R5XX_MSI_REARM_AIC_CNTL,    /* AIC_CNTL.RS400_MSI_REARM going 0 -> 1 */
    R5XX_MSI_REARM_BUS_CNTL,    /* BUS_CNTL.RS600_MSI_REARM going 0 -> 1 */
} R5xxMsiRearm;

/*
 * A laptop panel on the legacy LVDS transmitter: its native mode, the
 * timing the video BIOS leaves in the RMX registers (FP_CRTC_*, FP_*_SYNC)
 * for it.  The model's panels have no DDC.
 */
typedef struct R5xxPanelInfo {
    uint16_t hdisp, htotal, hsync_start, hsync_end;
    uint16_t vdisp, vtotal, vsync_start, vsync_end;
} R5xxPanelInfo;

typedef struct R5xxChipInfo {
    const char *name;           /* value of the "chip" property */
    uint16_t device_id;
    enum r5xx_family family;    /* the driver's numbering (r5xx_facts.h) */
    bool is_r5xx;               /* AVIVO generation: MC_IND, scratch int */
    bool avivo_display;         /* AVIVO D1/D2, else the legacy CRTCs */
    bool conventional_pci;      /* no PCIe capability, no PCIE space */
    R5xxMcKind mc;
    R5xxGartKind gart;
    uint32_t pcie_index_mask;   /* 0xff before RV515, 0x7ff from RV515 */
    const uint8_t *vbios;       /* video BIOS (r5xx_vbios.py), or NULL */
    const size_t *vbios_size;
    const uint8_t *vbios_dvi_i; /* the board variant with DVI-I, or NULL */
    const size_t *vbios_dvi_i_size;
    R5xxSpace mc_space;         /* is_r5xx: R5XX_SPACE_MC, _MC_R520, _RS600 */
    uint32_t gb_pipe_select;    /* GB_PIPE_SELECT as the BIOS leaves it:
                                   several pipes (R4xx, R520 class) */
    uint32_t mc_channels;       /* MEM_NUM_CHANNELS in the MC register */
    /*
     * AGP cards (rv350, r420): an AGP capability instead of MSI, on a
     * conventional PCI bus only, BUS_CNTL.BUS_MASTER_DIS set at reset
     */
    bool agp;
    R5xxMsiRearm msi_rearm;
    const R5xxPanelInfo *panel; /* legacy LVDS panel (r5xx_panel.c), or NULL */
    /* an R300/R400-class 3D engine on an AVIVO-generation chip (rs600) */
    bool r300_3d;
} R5xxChipInfo;

/* Who writes a register: the host over MMIO/IO, or the CP from a stream. */
typedef enum R5xxSource {
    R5XX_SRC_HOST,
    R5XX_SRC_CP,
} R5xxSource;

/* One indirect buffer being executed (IB1 or IB2). */
typedef struct R5xxIndirect {
    uint64_t base;              /* MC address */
    uint32_t size;              /* dwords */
    uint32_t pos;               /* dwords fetched */
    bool data_mode;             /* INDX_BUFFER: dwords are register data */
    bool data_one_reg;
    uint32_t data_reg;          /* byte offset of the destination */
    uint32_t data_skip;         /* dwords still to discard */
    unsigned ret_level;         /* stream to resume when this one ends */
} R5xxIndirect;

/* The packet the CP is assembling; it belongs to the stream on top. */
typedef struct R5xxPacket {
    bool active;
    uint32_t hdr;
    uint32_t total;             /* body dwords expected */
    uint32_t got;               /* body dwords received */
    uint32_t reg;               /* type-0: next register (byte offset) */
} R5xxPacket;

typedef struct R5xxCP {
    R5xxMeRam me;
    QEMUBH *bh;
    QEMUTimer wptr_timer;       /* PRE_WRITE_TIMER down-counter */
    R5xxWptrStage stage;
    uint32_t rptr;              /* dwords */
    uint32_t wptr;              /* committed write pointer, dwords */
    uint32_t rptr_reported;     /* last value written back (or set by host) */
    unsigned level;             /* 0 ring, 1 IB1, 2 IB2 */
    R5xxIndirect ib[2];
    bool start_ib[2];           /* BUFSZ written: start after this packet */
    R5xxPacket pkt;
    uint32_t body[R5XX_PM4_MAX_BODY];
    uint32_t gen;               /* bumped by every CP reset */
    bool in_reset;              /* RBBM_SOFT_RESET.SOFT_RESET_CP held */
    bool hung;                  /* MODEL_DEBUG.CP_HANG */
    bool ib_trap;               /* MODEL_DEBUG.IB_HANG armed */
    bool e2_trap;               /* MODEL_DEBUG.E2_HANG armed */
    bool ib_stuck;              /* the current IB's fetch never returns */
    bool was_busy;
    uint32_t unimp_logged[256 / 32];
    uint32_t stall_logged;
} R5xxCP;

typedef struct R5xxTlbEntry {
    bool valid;
    uint64_t page;              /* MC address of the page */
    uint64_t pte;               /* 4 bytes, or 8 (RS600) */
} R5xxTlbEntry;

typedef struct R5xxMC {
    uint32_t pll[R5XX_PLL_REGS];
    uint32_t pcie[R5XX_PCIE_REGS];
    uint32_t ind[R5XX_MC_REGS];     /* RV515 MC indirect registers */
    uint32_t nbmc[R5XX_NBMC_REGS];  /* IGP MC: RS480 NB_MC, RS690 MC */
    uint64_t uma_base;              /* IGPs: bus address of the UMA block */
    bool fb_location_written;       /* else MC_FB_LOCATION follows BAR 0 */
    R5xxTlbEntry tlb[R5XX_TLB_ENTRIES];
    bool dma_error_logged;
    uint32_t pll_logged[R5XX_PLL_REGS / 32];
    uint32_t pcie_logged[R5XX_PCIE_REGS / 32];
    uint32_t ind_logged[R5XX_MC_REGS / 32];
    uint32_t nbmc_logged[R5XX_NBMC_REGS / 32];
} R5xxMC;

/*
 * The MC's translation state as of one moment (r5xx_mc.c): what the 3D
 * worker thread translates MC addresses through without the BQL.
 */
#define R5XX_MC_VIEW_LOGS       8       /* guest errors a worker's view logs */

typedef struct R5xxMcView {
    struct R5xxState *s;        /* VRAM and the PCI device */
    uint64_t fb_start, fb_end;
    uint64_t vram_base;         /* MC address of VRAM offset 0 */
    R5xxGartKind gart;
    bool igp_gart_en;           /* RS480: AGP_ADDRESS_SPACE_SIZE.GART_EN */
    bool igp_out_discard;       /* RS480: DIS_OUT_OF_PCI_GART_ACCESS */
    bool rs600_pt_en;           /* RS600: page tables and context 0 on */
    bool rs600_unmapped_dflt;   /* RS600: unmapped access -> default page */
    uint32_t gart_cntl;
    uint64_t gart_start, gart_end, gart_base, discard;
    bool bus_master_dis;        /* BUS_CNTL.BUS_MASTER_DIS: no bus access */
    bool aic_valid;             /* the PCI GART's one cached entry */
    uint64_t aic_page;
    uint32_t aic_pte;
    R5xxTlbEntry *tlb;          /* R5XX_TLB_ENTRIES */
    R5xxTlbEntry own_tlb[R5XX_TLB_ENTRIES];
    bool nolock;                /* a worker's view: RAM-only bus access */
    unsigned logs_left;
    uint32_t fault;             /* PCIE_TX_GART_ERROR to record, or 0 */
    bool failed;                /* the last access hit unmapped memory */
} R5xxMcView;

/* 2D engine scratch rows (14-bit coordinates: at most 0x4000 pixels). */
#define R5XX_2D_ROW_PIXELS      0x4000
#define R5XX_2D_PIXELS_PER_RUN  (1u << 24)  /* then the CP BH yields */

typedef struct R5xx2D {
    uint8_t row[R5XX_2D_ROW_PIXELS * 4];    /* destination pixels */
    uint8_t srow[R5XX_2D_ROW_PIXELS * 4];   /* source pixels */
    uint32_t src[R5XX_2D_ROW_PIXELS];       /* source values */
    uint8_t keep[R5XX_2D_ROW_PIXELS];       /* pixel written */
    uint8_t host[R5XX_PM4_MAX_BODY * 4];    /* HOSTDATA_BLT bitmap bytes */
    uint64_t pixels;                        /* drawn in this CP BH run */
    bool hang_next;     /* MODEL_DEBUG.E2_HANG trap sprung: next op hangs */
    bool hung;          /* an operation that never completes */
} R5xx2D;

/*
 * The hang mark: a type-3 NOP whose first body dword is this ("HANG").
 * Inert, as on hardware, unless MODEL_DEBUG.IB_HANG or E2_HANG armed a trap.
 */
#define R5XX_MODEL_HANG_MARK    0x474e4148u

/* The 3D engine (r5xx_3d.c): the live core state and one draw in flight. */
typedef enum R5xx3dState {
    R5XX_3D_IDLE,
    R5XX_3D_QUEUED,             /* submitted, the worker has not taken it */
    R5XX_3D_RUNNING,            /* the worker draws */
    R5XX_3D_DONE,               /* drawn, not yet retired under the BQL */
} R5xx3dState;

typedef struct R5xx3dJob {
    R5xx3d st;                  /* snapshot of the live state */
    R5xx3dPending *p;
    R5xxMcView mc;              /* the MC as the draw started */
} R5xx3dJob;

typedef struct R5xx3dEngine {
    R5xx3d live;                /* takes register writes, defers draws */
    R5xx3dJob job;
    R5xx3dState state;          /* written under lock, read atomically */
    bool abort;                 /* atomic: the core stops the draw */
    bool quit;                  /* under lock: the worker ends */
    QemuThread thread;
    QemuMutex lock;
    QemuCond cond;
    QEMUBH *done_bh;
} R5xx3dEngine;

/* Display engines (r5xx_display.c, r5xx_display_legacy.c, _avivo.c). */
#define R5XX_CRTCS      2
enum {
    R5XX_MON_VGA,       /* primary DAC / DACA */
    R5XX_MON_DVI,       /* TMDS / TMDSA, hot plug detect */
    R5XX_MONITORS,
};

typedef struct R5xxMonitor {
    unsigned index;
    bool present;
    uint32_t xres, yres;            /* preferred mode in the EDID */
    I2CBus *bus;
    bitbang_i2c_interface bbi2c;
    struct I2CDDCState *ddc;
    bool sda_in;                    /* what the monitor leaves on SDA */
} R5xxMonitor;

/* Pixel formats a CRTC scans out. */
typedef enum R5xxPixFmt {
    R5XX_PIX_I8,                    /* through the palette */
    R5XX_PIX_ARGB1555,
    R5XX_PIX_RGB565,
    R5XX_PIX_ARGB4444,
    R5XX_PIX_RGB888,                /* 3 bytes */
    R5XX_PIX_ARGB8888,
    R5XX_PIX_ARGB2101010,
} R5xxPixFmt;

/* What a CRTC scans out (decoded from its registers). */
typedef struct R5xxScanout {
    uint32_t width, height;         /* the screen */
    R5xxPixFmt fmt;
    unsigned cpp;
    bool swap_rb;
    const uint32_t *lut;            /* 10:10:10 palette; NULL: bypass */
    uint64_t base;                  /* VRAM offset of the surface */
    uint32_t pitch;                 /* bytes */
    bool tiled;
    R5xxSurf surf;                  /* tiled layout (base 0) */
    /* screen pixels [wx0, wx1) x [wy0, wy1) show surface pixel (x+sx, y+sy) */
    uint32_t wx0, wx1, wy0, wy1;
    int32_t sx, sy;
    bool blank;
} R5xxScanout;

/* The part of a 64x64 ARGB cursor that is shown. */
typedef struct R5xxCursor {
    bool on;
    uint64_t base;                  /* VRAM offset of the first shown row */
    int32_t x, y;                   /* screen position of its first pixel */
    uint32_t xoff, w, h;            /* first shown column; shown size */
} R5xxCursor;

typedef struct R5xxCrtc {
    struct R5xxState *s;
    unsigned id;
    QemuConsole *con;
    QEMUTimer vblank_timer;
    /* frame clock: vblank k starts at t0 + k * period + vstart */
    int64_t t0;
    int64_t period;                 /* ns; 0 = CRTC off */
    int64_t vstart;
    int64_t wrap;                   /* the frame counter steps here */
    uint32_t htotal, vtotal, vdisp;
    uint32_t frame_base;            /* frame count at t0 */
    uint64_t vblanks_done;          /* vblank starts since t0 applied */
    /* double-buffered surface address (CRTC_OFFSET, GRPH_PRIMARY) */
    uint32_t flip_cur;
    uint32_t flip_next;
    bool flip_pending;
    /* console state */
    bool invalidate;
    bool error_logged;
    bool cursor_logged;
    R5xxScanout shown;              /* last drawn */
    R5xxCursor cursor_shown;
} R5xxCrtc;

typedef struct R5xxDisplay {
    const struct R5xxDispOps *ops;  /* NULL: no display engine */
    R5xxCrtc crtc[R5XX_CRTCS];
    /* legacy: CRTC1/CRTC2 palettes; AVIVO: LUT A/B */
    uint32_t lut[R5XX_CRTCS][256];
    R5xxMonitor mon[R5XX_MONITORS];
    uint32_t mon_xres[R5XX_MONITORS], mon_yres[R5XX_MONITORS];
    bool hpd_match[2];              /* AVIVO: HPD pin at its INT_POLARITY */
    bool int_pending;               /* AVIVO: GEN_INT_STATUS.DISPLAY_INT */
    uint32_t vtime_hi;
    bool realized;
    QemuConsole *panel_con;         /* the LVDS panel, head 2 (or NULL) */
    QemuConsole *dac2_con;          /* the TV DAC's monitor, head 3 */
    bool dac2_present;              /* a monitor on the TV DAC (no DDC) */
    QemuConsole *dacb_con;          /* AVIVO DAC B's monitor, head 3 */
    bool dacb_present;              /* a monitor on DAC B (no DDC) */
    bool dacb_tv_logged;            /* DAC B: TV/bad source logged */
} R5xxDisplay;

typedef struct R5xxIrq {
    R5xxMsiLatch msi;
} R5xxIrq;

struct R5xxState {
    /* parent */
    PCIDevice parent_obj;

    /* device elements */
    MemoryRegion vram;
    MemoryRegion mmio;
    MemoryRegion io;
    MemoryRegion rom;           /* expansion ROM BAR: the video BIOS */
    uint8_t *vram_ptr;

    /* device config */
    char *chip;
    uint32_t vram_mb;
    uint64_t vram_size;
    const R5xxChipInfo *info;

    /* device registers */
    uint32_t regs[R5XX_NUM_REGS];
    uint32_t logged[R5XX_NUM_REGS / 32];    /* unknown offsets reported */

    /* device state */
    R5xxCP cp;
    R5xxMC mc;
    R5xxIrq irq;
    R5xx2D twod;
    R5xx3dEngine threed;
    R5xxDisplay disp;

    /* power: S3 and PCI D3hot leave a cold, unposted board (r5xx.c) */
    Notifier suspend_notifier;
    bool pm;                    /* property: PCI PM capability */
    bool dvi_i;                 /* property: the DVI-I board variant */
    uint8_t pm_cap;             /* PCI power management capability */
    bool cold_pending;          /* the next reset is a power-up from S3 */
};

static inline bool r5xx_is_r5xx(const R5xxState *s)
{
    return s->info->is_r5xx;
}

/* IGPs: VRAM is a UMA block of system memory, at its physical address */
static inline bool r5xx_mc_is_uma(const R5xxState *s)
{
    return s->info->mc == R5XX_MC_KIND_RS480 ||
           s->info->mc == R5XX_MC_KIND_RS690 ||
           s->info->mc == R5XX_MC_KIND_RS600;
}

/* r5xx_vbios_<chip>.c, generated from <chip>-board.toml */
extern const uint8_t r5xx_vbios_rv515[];
extern const size_t r5xx_vbios_rv515_size;
extern const uint8_t r5xx_vbios_rv515_dvii[];
extern const size_t r5xx_vbios_rv515_dvii_size;
extern const uint8_t r5xx_vbios_r580[];
extern const size_t r5xx_vbios_r580_size;
extern const uint8_t r5xx_vbios_rs690[];
extern const size_t r5xx_vbios_rs690_size;
extern const uint8_t r5xx_vbios_rs600[];
extern const size_t r5xx_vbios_rs600_size;
/* r5xx_vbios_<chip>.c, a COMBIOS generated from <chip>-board.toml */
extern const uint8_t r5xx_vbios_rv350[];
extern const size_t r5xx_vbios_rv350_size;

/* r5xx.c */
uint32_t r5xx_reg_read(R5xxState *s, uint32_t addr);
void r5xx_reg_write(R5xxState *s, uint32_t addr, uint32_t val,
                    R5xxSource src);
const char *r5xx_reg_name(uint32_t addr);
const char *r5xx_indirect_name(R5xxSpace space, uint32_t idx);
void r5xx_update_irq(R5xxState *s);
void r5xx_raise_status(R5xxState *s, uint32_t bits);

/* r5xx_cp.c */
void r5xx_cp_init(R5xxState *s);
void r5xx_cp_fini(R5xxState *s);
void r5xx_cp_reset(R5xxState *s);
void r5xx_cp_soft_reset(R5xxState *s, bool assert);
void r5xx_cp_hang(R5xxState *s);
bool r5xx_cp_busy(R5xxState *s);
void r5xx_cp_kick(R5xxState *s);
uint32_t r5xx_cp_read(R5xxState *s, uint32_t addr, bool *handled);
bool r5xx_cp_write(R5xxState *s, uint32_t addr, uint32_t val,
                   R5xxSource src);

/* r5xx_2d.c: type-3 handlers (PM4 handler signature) */
void r5xx_2d_reset(R5xxState *s);
void r5xx_2d_soft_reset(R5xxState *s);
void r5xx_2d_trigger(R5xxState *s, uint32_t w, uint32_t h);
void r5xx_pm4_paint_multi(R5xxState *s, uint32_t hdr, const uint32_t *body,
                          uint32_t n);
void r5xx_pm4_bitblt_multi(R5xxState *s, uint32_t hdr, const uint32_t *body,
                           uint32_t n);
void r5xx_pm4_hostdata_blt(R5xxState *s, uint32_t hdr, const uint32_t *body,
                           uint32_t n);
void r5xx_pm4_set_scissors(R5xxState *s, uint32_t hdr, const uint32_t *body,
                           uint32_t n);

/* r5xx_3d.c */
void r5xx_3d_engine_init(R5xxState *s);
void r5xx_3d_engine_fini(R5xxState *s);
void r5xx_3d_engine_reset(R5xxState *s);
void r5xx_3d_engine_soft_reset(R5xxState *s, uint32_t val);
bool r5xx_3d_engine_busy(R5xxState *s);
void r5xx_3d_engine_write(R5xxState *s, uint32_t addr, uint32_t val);
void r5xx_pm4_3d(R5xxState *s, uint32_t hdr, const uint32_t *body,
                 uint32_t n);

/* r5xx_display.c (engine internals in r5xx_display.h) */
void r5xx_display_instance_init(R5xxState *s);
void r5xx_display_init(R5xxState *s);
void r5xx_display_fini(R5xxState *s);
void r5xx_display_reset(R5xxState *s);
uint32_t r5xx_display_read(R5xxState *s, uint32_t addr, bool *handled);
bool r5xx_display_write(R5xxState *s, uint32_t addr, uint32_t val);
void r5xx_display_pll_written(R5xxState *s);

/* r5xx_mc.c */
void r5xx_mc_reset(R5xxState *s);
void r5xx_mc_bar0_moved(R5xxState *s);
void r5xx_mc_cold(R5xxState *s);
void r5xx_gart_flush(R5xxState *s);
uint32_t r5xx_mc_sclk_khz(R5xxState *s);
uint32_t r5xx_mc_mclk_khz(R5xxState *s);
void r5xx_mc_instance_init(R5xxState *s);
uint32_t r5xx_pll_read(R5xxState *s, uint32_t idx);
void r5xx_pll_write(R5xxState *s, uint32_t idx, uint32_t val);
uint32_t r5xx_pcie_read(R5xxState *s, uint32_t idx);
void r5xx_pcie_write(R5xxState *s, uint32_t idx, uint32_t val);
uint32_t r5xx_mcind_read(R5xxState *s, uint32_t idx);
void r5xx_mcind_write(R5xxState *s, uint32_t idx, uint32_t val);
uint32_t r5xx_nbmc_read(R5xxState *s, uint32_t idx);
void r5xx_nbmc_write(R5xxState *s, uint32_t idx, uint32_t val);
uint32_t r5xx_rs690mc_read(R5xxState *s, uint32_t idx);
void r5xx_rs690mc_write(R5xxState *s, uint32_t idx, uint32_t val);
void r5xx_mc_read(R5xxState *s, uint64_t mc, void *buf, uint32_t len);
void r5xx_mc_write(R5xxState *s, uint64_t mc, const void *buf, uint32_t len);
bool r5xx_mc_is_vram(R5xxState *s, uint64_t mc);
bool r5xx_mc_vram_offset(R5xxState *s, uint64_t mc, uint64_t *off);
uint32_t r5xx_mc_ldl(R5xxState *s, uint64_t mc);
void r5xx_mc_view_init(R5xxState *s, R5xxMcView *v);
bool r5xx_mc_view_access(R5xxMcView *v, uint64_t mc, void *buf, uint32_t len,
                         bool write);
/*
 * A host pointer to the len bytes at MC address mc if they are all VRAM
 * (to read and write through the view's lifetime), else NULL; what is
 * written through it must be reported with r5xx_mc_view_written (the
 * display's dirty tracking).
 */
void *r5xx_mc_view_map(R5xxMcView *v, uint64_t mc, uint64_t len);
void r5xx_mc_view_written(R5xxMcView *v, uint64_t mc, uint64_t len);
void r5xx_mc_view_fini(R5xxState *s, R5xxMcView *v);
void r5xx_mc_stl(R5xxState *s, uint64_t mc, uint32_t val);

#endif /* HW_DISPLAY_R5XX_INT_H */
