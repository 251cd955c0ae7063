/*
 * ATI/AMD Radeon R3xx-R5xx model: the parts that need no QEMU API.
 *
 * Everything here is plain C over plain structs, so the host unit tests in
 * tests/model/unit/ can link r5xx_logic.c without QEMU: microengine RAM
 * access ports, PM4 packet sizes, rv370 GART entries, the CP_RB_WPTR
 * pre-write staging of guide section 5.5, ring geometry, the CP's endian
 * swappers, MC location decoding, CSQ mode decoding, the R5xx scratch
 * compare, the MSI re-arm latch, and the 2D engine's ROP3 evaluation,
 * surface layouts (guide section 2) and rectangle clipping.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_LOGIC_H
#define HW_DISPLAY_R5XX_LOGIC_H

#include <stdbool.h>
#include <stdint.h>

/* Microengine RAM: 256 words of 40 bits (guide 5.12, 5.13). */
#define R5XX_ME_RAM_WORDS 256

typedef struct R5xxMeRam {
    uint64_t word[R5XX_ME_RAM_WORDS];
    uint32_t written[R5XX_ME_RAM_WORDS / 32]; /* words written since reset */
    uint64_t latch;     /* read holding register */
    uint8_t addr;       /* shared read/write address, auto-increments */
    uint8_t datah;      /* bits 39:32 of the next write */
} R5xxMeRam;

void r5xx_me_reset(R5xxMeRam *me);
void r5xx_me_write_addr(R5xxMeRam *me, uint32_t val);
void r5xx_me_write_raddr(R5xxMeRam *me, uint32_t val);
void r5xx_me_write_datah(R5xxMeRam *me, uint32_t val);
void r5xx_me_write_datal(R5xxMeRam *me, uint32_t val);
uint32_t r5xx_me_read_datah(const R5xxMeRam *me);
uint32_t r5xx_me_read_datal(R5xxMeRam *me);
bool r5xx_me_loaded(const R5xxMeRam *me);

/* Dwords a packet occupies, header included, from its header alone. */
uint32_t r5xx_pm4_packet_dwords(uint32_t hdr);

/* rv370 PCIE GART entry (r300.c:rv370_pcie_gart_get_page_entry). */
#define R5XX_GART_PTE_UNSNOOPED (1u << 0)
#define R5XX_GART_PTE_WRITEABLE (1u << 2)
#define R5XX_GART_PTE_READABLE  (1u << 3)
#define R5XX_GPU_PAGE_SIZE      4096u

uint64_t r5xx_gart_pte_addr(uint32_t pte);
uint32_t r5xx_gart_pte_make(uint64_t addr, bool readable, bool writeable);
bool r5xx_gart_pte_allows(uint32_t pte, bool write);

/*
 * CP_RB_WPTR pre-write staging (guide 5.5).  Host writes land in a staging
 * register.  They reach the real write pointer when the down-counter,
 * re-seeded with PRE_WRITE_TIMER on every write, expires, or on the
 * PRE_WRITE_LIMIT-th write since the last transfer.  TIMER == 0 means no
 * delay at all ("behave like Rage128").
 */
typedef struct R5xxWptrStage {
    uint32_t staged;    /* last value the host wrote */
    uint32_t writes;    /* writes since the last transfer */
    bool pending;       /* staged value not transferred yet */
} R5xxWptrStage;

typedef enum R5xxWptrAction {
    R5XX_WPTR_COMMIT,   /* transfer now (and cancel any running timer) */
    R5XX_WPTR_ARM,      /* (re)start the down-counter with TIMER clocks */
} R5xxWptrAction;

R5xxWptrAction r5xx_wptr_stage_write(R5xxWptrStage *st, uint32_t val,
                                     uint32_t timer, uint32_t limit);
/* Timer expiry or reset: returns true if a staged value must be committed. */
bool r5xx_wptr_stage_expire(R5xxWptrStage *st);
void r5xx_wptr_stage_reset(R5xxWptrStage *st);

/* Ring geometry from CP_RB_CNTL fields. */
uint32_t r5xx_ring_dwords(uint32_t rb_bufsz);
uint32_t r5xx_ring_block_dwords(uint32_t rb_blksz);

/* BUF_SWAP / RB_RPTR_SWAP / SCRATCH_SWAP encodings (guide CP_RB_CNTL). */
uint32_t r5xx_swap32(uint32_t val, unsigned mode);

/*
 * Legacy engine/memory PLL output in kHz, as radeon_clocks.c computes it:
 * 2 * FB_DIV * reference / REF_DIV, divided by 2/4/8 for SRC_SEL 2/3/4.
 */
uint32_t r5xx_pll_legacy_khz(uint32_t ref_khz, uint32_t fb_div,
                             uint32_t ref_div, uint32_t src_sel);

/* MC_FB_LOCATION-style 16/16 location: [start, end] inclusive. */
void r5xx_mc_location(uint32_t loc, uint64_t *start, uint64_t *end);
uint32_t r5xx_mc_location_make(uint64_t start, uint64_t size);

/* CSQ mode (CP_CSQ_CNTL.CSQ_MODE, CP_CSQ_MODE override bits 26-31). */
typedef struct R5xxCsqModes {
    bool primary_bm;
    bool indirect1_bm;
    bool indirect2_bm;
} R5xxCsqModes;

R5xxCsqModes r5xx_csq_modes(uint32_t csq_cntl, uint32_t csq_mode);

/* R5xx scratch compare: pair value {hi:lo} >= reference {hi:lo}. */
bool r5xx_scratch_pair_reached(uint32_t lo, uint32_t hi,
                               uint32_t ref_lo, uint32_t ref_hi);

/*
 * MSI with re-arm: a message goes out on a rising edge of the interrupt
 * condition while armed, after which the latch is disarmed until the driver
 * writes MSI_REARM_EN; re-arming with the condition still pending sends
 * again.
 */
typedef struct R5xxMsiLatch {
    bool armed;
    bool level;         /* last interrupt condition seen */
} R5xxMsiLatch;

void r5xx_msi_reset(R5xxMsiLatch *m);
/* New interrupt condition; returns true if an MSI must be sent. */
bool r5xx_msi_update(R5xxMsiLatch *m, bool level);
/* MSI_REARM_EN written; returns true if an MSI must be sent. */
bool r5xx_msi_rearm(R5xxMsiLatch *m);

/*
 * 2D engine (guide 6.2.2): ROP3 evaluation, surface layouts (guide 2) and
 * rectangle clipping.
 */

/* Microsoft ROP3: bit (P << 2 | S << 1 | D) of rop is the result. */
uint32_t r5xx_rop3(uint8_t rop, uint32_t p, uint32_t s, uint32_t d);
/* Whether a ROP3 reads the destination, the source, the pattern. */
bool r5xx_rop3_uses_dst(uint8_t rop);
bool r5xx_rop3_uses_src(uint8_t rop);
bool r5xx_rop3_uses_pat(uint8_t rop);

/* Bytes per pixel of a GUI_CONTROL DST_TYPE, 0 if the model lacks it. */
unsigned r5xx_2d_datatype_cpp(unsigned type);

/*
 * A 2D surface from a SRC/DST_PITCH_OFFSET value: MC base (OFFSET in KiB),
 * pitch in bytes (PITCH in 64-byte units), macro/micro tiling bits.
 */
typedef struct R5xxSurf {
    uint64_t base;
    uint32_t pitch;     /* bytes */
    unsigned cpp;       /* 1, 2 or 4 */
    bool macro;         /* bit 30 */
    bool micro;         /* bit 31 */
} R5xxSurf;

void r5xx_surf_decode(R5xxSurf *sf, uint32_t pitch_offset, unsigned cpp);
/*
 * Byte offset of pixel (x, y) from the surface base, guide section 2:
 * 32-byte micro blocks (linear: one row of 32/cpp pixels; tiled: 8x4 at
 * 8 bpp, 8x2 at 16 bpp, 4x2 at 32 bpp, pixels in row order), 2 KiB macro
 * blocks (linear: micro blocks in x order along a row of micro blocks;
 * tiled: 8x8 micro blocks in row order, macro blocks in row order across
 * the pitch).  Returns false for a pitch too small for one macro tile.
 */
bool r5xx_surf_offset(const R5xxSurf *sf, uint32_t x, uint32_t y,
                      uint64_t *off);
/* Pixels from (x, y) on that are contiguous in memory in x (>= 1). */
uint32_t r5xx_surf_run(const R5xxSurf *sf, uint32_t x);

/* Half-open rectangle [x0, x1) x [y0, y1). */
typedef struct R5xxRect {
    int32_t x0, y0, x1, y1;
} R5xxRect;

/* Intersect r with clip; false if nothing is left. */
bool r5xx_rect_clip(R5xxRect *r, const R5xxRect *clip);
/* Sign-extend a 14-bit coordinate held in 16 bits (guide: -8192..8191). */
int32_t r5xx_2d_coord(uint32_t v16);

#endif /* HW_DISPLAY_R5XX_LOGIC_H */
