/*
 * ATI/AMD Radeon R3xx-R5xx model: the command processor's QEMU-free core.
 *
 * Plain C over plain structs, host unit-tested (tests/model/unit/):
 * microengine RAM access ports, PM4 packet sizes, the CP_RB_WPTR pre-write
 * staging of guide section 5.5, ring geometry, the CP's endian swappers,
 * CSQ mode decoding and the R5xx scratch compare.  r5xx_cp.c drives them.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_CP_CORE_H
#define HW_DISPLAY_R5XX_CP_CORE_H

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

/* Which queues fetch by bus mastering: CP_CSQ_CNTL, CP_CSQ_MODE. */
typedef struct R5xxCsqModes {
    bool primary_bm;
    bool indirect1_bm;
    bool indirect2_bm;
} R5xxCsqModes;

R5xxCsqModes r5xx_csq_modes(uint32_t csq_cntl, uint32_t csq_mode);

/* R5xx scratch compare: pair value {hi:lo} >= reference {hi:lo}. */
bool r5xx_scratch_pair_reached(uint32_t lo, uint32_t hi,
                               uint32_t ref_lo, uint32_t ref_hi);

#endif /* HW_DISPLAY_R5XX_CP_CORE_H */
