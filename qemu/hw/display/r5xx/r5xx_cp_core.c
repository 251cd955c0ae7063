/*
 * ATI/AMD Radeon R3xx-R5xx model: the command processor's QEMU-free core.
 * See r5xx_cp_core.h.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "r5xx_cp_core.h"
#include "r5xx_pm4.h"
#include "r5xx_regs.h"

/* Microengine RAM ------------------------------------------------------ */

void r5xx_me_reset(R5xxMeRam *me)
{
    memset(me, 0, sizeof(*me));
}

void r5xx_me_write_addr(R5xxMeRam *me, uint32_t val)
{
    me->addr = FIELD_EX32(val, CP_ME_RAM_ADDR, ME_RAM_ADDR);
}

/* Guide 5.13: latch the addressed word, then point at the next one. */
void r5xx_me_write_raddr(R5xxMeRam *me, uint32_t val)
{
    me->addr = FIELD_EX32(val, CP_ME_RAM_RADDR, ME_RAM_RADDR);
    me->latch = me->word[me->addr];
    me->addr++;
}

void r5xx_me_write_datah(R5xxMeRam *me, uint32_t val)
{
    me->datah = FIELD_EX32(val, CP_ME_RAM_DATAH, ME_RAM_DATAH);
}

/* Guide 5.12: the 40-bit write happens on DATAL, then the address moves. */
void r5xx_me_write_datal(R5xxMeRam *me, uint32_t val)
{
    me->word[me->addr] = ((uint64_t)me->datah << 32) | val;
    me->written[me->addr / 32] |= 1u << (me->addr % 32);
    me->addr++;
}

/* The latch holds a 40-bit word: DATAH reads its bits 39:32. */
uint32_t r5xx_me_read_datah(const R5xxMeRam *me)
{
    return (me->latch >> 32) & R_CP_ME_RAM_DATAH_ME_RAM_DATAH_MASK;
}

/* Reading DATAL ends the read cycle: the next word is latched. */
uint32_t r5xx_me_read_datal(R5xxMeRam *me)
{
    uint32_t val = (uint32_t)me->latch;

    me->latch = me->word[me->addr];
    me->addr++;
    return val;
}

bool r5xx_me_loaded(const R5xxMeRam *me)
{
    for (unsigned i = 0; i < R5XX_ME_RAM_WORDS / 32; i++) {
        if (me->written[i] != UINT32_MAX) {
            return false;
        }
    }
    return true;
}

/* PM4 ------------------------------------------------------------------ */

uint32_t r5xx_pm4_packet_dwords(uint32_t hdr)
{
    switch (R5XX_PM4_TYPE(hdr)) {
    case R5XX_PM4_TYPE1:
        return 3;
    case R5XX_PM4_TYPE2:
        return 1;
    default:
        return R5XX_PM4_PKT_DWORDS(hdr);
    }
}

/* Write pointer staging ------------------------------------------------ */

R5xxWptrAction r5xx_wptr_stage_write(R5xxWptrStage *st, uint32_t val,
                                     uint32_t timer, uint32_t limit)
{
    st->staged = val;
    if (timer == 0) {
        st->pending = false;
        st->writes = 0;
        return R5XX_WPTR_COMMIT;
    }
    st->writes++;
    if (limit != 0 && st->writes >= limit) {
        st->pending = false;
        st->writes = 0;
        return R5XX_WPTR_COMMIT;
    }
    st->pending = true;
    return R5XX_WPTR_ARM;
}

bool r5xx_wptr_stage_expire(R5xxWptrStage *st)
{
    bool commit = st->pending;

    st->pending = false;
    st->writes = 0;
    return commit;
}

void r5xx_wptr_stage_reset(R5xxWptrStage *st)
{
    st->staged = 0;
    st->pending = false;
    st->writes = 0;
}

/* Ring geometry -------------------------------------------------------- */

/* RB_BUFSZ is log2 of the size in quadwords; pointers are 23 bits. */
uint32_t r5xx_ring_dwords(uint32_t rb_bufsz)
{
    return 2u << (rb_bufsz > 22 ? 22 : rb_bufsz);
}

/* RB_BLKSZ is log2 of the rptr-report block in quadwords. */
uint32_t r5xx_ring_block_dwords(uint32_t rb_blksz)
{
    return 2u << (rb_blksz > 22 ? 22 : rb_blksz);
}

/* Swappers ------------------------------------------------------------- */

uint32_t r5xx_swap32(uint32_t val, unsigned mode)
{
    switch (mode & 3) {
    case 1:     /* 16-bit: 0xAABBCCDD -> 0xBBAADDCC */
        return ((val & 0x00ff00ff) << 8) | ((val >> 8) & 0x00ff00ff);
    case 2:     /* 32-bit: 0xAABBCCDD -> 0xDDCCBBAA */
        return ((val & 0xff) << 24) | ((val & 0xff00) << 8) |
               ((val >> 8) & 0xff00) | (val >> 24);
    case 3:     /* half-dword: 0xAABBCCDD -> 0xCCDDAABB */
        return (val << 16) | (val >> 16);
    default:
        return val;
    }
}

/* CSQ modes ------------------------------------------------------------ */

R5xxCsqModes r5xx_csq_modes(uint32_t csq_cntl, uint32_t csq_mode)
{
    R5xxCsqModes m = { false, false, false };

    switch (FIELD_EX32(csq_cntl, CP_CSQ_CNTL, CSQ_MODE)) {
    case CP_CSQ_CNTL_CSQ_MODE_PRIBM_INDDIS:
        m.primary_bm = true;
        break;
    case CP_CSQ_CNTL_CSQ_MODE_PRIPIO_INDBM:
    case 5:
    case 7:
        m.indirect1_bm = m.indirect2_bm = true;
        break;
    case CP_CSQ_CNTL_CSQ_MODE_PRIBM_INDBM:
    case 6:
    case 8:
        m.primary_bm = m.indirect1_bm = m.indirect2_bm = true;
        break;
    default:    /* 0 disabled, 1 and 15 PIO only, 9-14 reserved */
        break;
    }
    /* CP_CSQ_MODE: *_ENABLE overrides CSQ_MODE, *_MODE 1 = bus master. */
    if (FIELD_EX32(csq_mode, CP_CSQ_MODE, PRIMARY_ENABLE)) {
        m.primary_bm = FIELD_EX32(csq_mode, CP_CSQ_MODE, PRIMARY_MODE);
    }
    if (FIELD_EX32(csq_mode, CP_CSQ_MODE, INDIRECT1_ENABLE)) {
        m.indirect1_bm = FIELD_EX32(csq_mode, CP_CSQ_MODE, INDIRECT1_MODE);
    }
    if (FIELD_EX32(csq_mode, CP_CSQ_MODE, INDIRECT2_ENABLE)) {
        m.indirect2_bm = FIELD_EX32(csq_mode, CP_CSQ_MODE, INDIRECT2_MODE);
    }
    return m;
}

/* Scratch compare ------------------------------------------------------ */

bool r5xx_scratch_pair_reached(uint32_t lo, uint32_t hi,
                               uint32_t ref_lo, uint32_t ref_hi)
{
    return (((uint64_t)hi << 32) | lo) >= (((uint64_t)ref_hi << 32) | ref_lo);
}
