/*
 * ATI/AMD Radeon R3xx-R5xx model: the parts that need no QEMU API.
 * See r5xx_logic.h.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "r5xx_logic.h"
#include "r5xx_pm4.h"

/* Microengine RAM ------------------------------------------------------ */

void r5xx_me_reset(R5xxMeRam *me)
{
    memset(me, 0, sizeof(*me));
}

void r5xx_me_write_addr(R5xxMeRam *me, uint32_t val)
{
    me->addr = val & 0xff;
}

/* Guide 5.13: latch the addressed word, then point at the next one. */
void r5xx_me_write_raddr(R5xxMeRam *me, uint32_t val)
{
    me->addr = val & 0xff;
    me->latch = me->word[me->addr];
    me->addr++;
}

void r5xx_me_write_datah(R5xxMeRam *me, uint32_t val)
{
    me->datah = val & 0xff;
}

/* Guide 5.12: the 40-bit write happens on DATAL, then the address moves. */
void r5xx_me_write_datal(R5xxMeRam *me, uint32_t val)
{
    me->word[me->addr] = ((uint64_t)me->datah << 32) | val;
    me->written[me->addr / 32] |= 1u << (me->addr % 32);
    me->addr++;
}

uint32_t r5xx_me_read_datah(const R5xxMeRam *me)
{
    return (me->latch >> 32) & 0xff;
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

/* GART ----------------------------------------------------------------- */

/* Bits 31:24 hold address bits 39:32, bits 23:4 address bits 31:12. */
uint64_t r5xx_gart_pte_addr(uint32_t pte)
{
    return ((uint64_t)(pte >> 24) << 32) | ((uint64_t)(pte & 0x00fffff0) << 8);
}

uint32_t r5xx_gart_pte_make(uint64_t addr, bool readable, bool writeable)
{
    uint32_t pte = ((uint32_t)addr >> 8) & 0x00fffff0;

    pte |= (uint32_t)((addr >> 32) & 0xff) << 24;
    if (readable) {
        pte |= R5XX_GART_PTE_READABLE;
    }
    if (writeable) {
        pte |= R5XX_GART_PTE_WRITEABLE;
    }
    return pte;
}

bool r5xx_gart_pte_allows(uint32_t pte, bool write)
{
    return pte & (write ? R5XX_GART_PTE_WRITEABLE : R5XX_GART_PTE_READABLE);
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

/* Clocks --------------------------------------------------------------- */

uint32_t r5xx_pll_legacy_khz(uint32_t ref_khz, uint32_t fb_div,
                             uint32_t ref_div, uint32_t src_sel)
{
    uint64_t khz;

    if (ref_div == 0) {
        return 0;
    }
    khz = 2ull * fb_div * ref_khz / ref_div;
    switch (src_sel) {
    case 2:
        return khz >> 1;
    case 3:
        return khz >> 2;
    case 4:
        return khz >> 3;
    default:
        return khz;
    }
}

/* MC locations --------------------------------------------------------- */

void r5xx_mc_location(uint32_t loc, uint64_t *start, uint64_t *end)
{
    *start = (uint64_t)(loc & 0xffff) << 16;
    *end = (uint64_t)(loc & 0xffff0000) | 0xffff;
}

uint32_t r5xx_mc_location_make(uint64_t start, uint64_t size)
{
    uint64_t last = start + size - 1;

    return (uint32_t)((last >> 16) << 16) | (uint32_t)((start >> 16) & 0xffff);
}

/* CSQ modes ------------------------------------------------------------ */

R5xxCsqModes r5xx_csq_modes(uint32_t csq_cntl, uint32_t csq_mode)
{
    R5xxCsqModes m = { false, false, false };
    unsigned mode = csq_cntl >> 28;

    switch (mode) {
    case 2:
        m.primary_bm = true;
        break;
    case 3:
    case 5:
    case 7:
        m.indirect1_bm = m.indirect2_bm = true;
        break;
    case 4:
    case 6:
    case 8:
        m.primary_bm = m.indirect1_bm = m.indirect2_bm = true;
        break;
    default:    /* 0 disabled, 1 and 15 PIO only, 9-14 reserved */
        break;
    }
    /* CP_CSQ_MODE: *_ENABLE overrides CSQ_MODE, *_MODE 1 = bus master. */
    if (csq_mode & (1u << 31)) {
        m.primary_bm = csq_mode & (1u << 30);
    }
    if (csq_mode & (1u << 29)) {
        m.indirect1_bm = csq_mode & (1u << 28);
    }
    if (csq_mode & (1u << 27)) {
        m.indirect2_bm = csq_mode & (1u << 26);
    }
    return m;
}

/* Scratch compare ------------------------------------------------------ */

bool r5xx_scratch_pair_reached(uint32_t lo, uint32_t hi,
                               uint32_t ref_lo, uint32_t ref_hi)
{
    return (((uint64_t)hi << 32) | lo) >= (((uint64_t)ref_hi << 32) | ref_lo);
}

/* MSI re-arm latch ----------------------------------------------------- */

void r5xx_msi_reset(R5xxMsiLatch *m)
{
    m->armed = true;
    m->level = false;
}

bool r5xx_msi_update(R5xxMsiLatch *m, bool level)
{
    bool rising = level && !m->level;

    m->level = level;
    if (rising && m->armed) {
        m->armed = false;
        return true;
    }
    return false;
}

bool r5xx_msi_rearm(R5xxMsiLatch *m)
{
    m->armed = true;
    if (m->level) {
        m->armed = false;
        return true;
    }
    return false;
}

/* 2D engine ------------------------------------------------------------ */

uint32_t r5xx_rop3(uint8_t rop, uint32_t p, uint32_t s, uint32_t d)
{
    uint32_t r = 0;

    for (unsigned i = 0; i < 8; i++) {
        if (rop & (1u << i)) {
            r |= (i & 4 ? p : ~p) & (i & 2 ? s : ~s) & (i & 1 ? d : ~d);
        }
    }
    return r;
}

/* A ROP3 depends on an operand if flipping it changes some minterm. */
static bool r5xx_rop3_uses(uint8_t rop, unsigned bit)
{
    for (unsigned i = 0; i < 8; i++) {
        if (!!(rop & (1u << i)) != !!(rop & (1u << (i ^ bit)))) {
            return true;
        }
    }
    return false;
}

bool r5xx_rop3_uses_dst(uint8_t rop)
{
    return r5xx_rop3_uses(rop, 1);
}

bool r5xx_rop3_uses_src(uint8_t rop)
{
    return r5xx_rop3_uses(rop, 2);
}

bool r5xx_rop3_uses_pat(uint8_t rop)
{
    return r5xx_rop3_uses(rop, 4);
}

unsigned r5xx_2d_datatype_cpp(unsigned type)
{
    switch (type) {
    case 2:     /* 8 bpp pseudocolour */
    case 7:     /* RGB 332 */
    case 8:     /* Y8 */
    case 9:     /* RGB8 */
        return 1;
    case 3:     /* aRGB 1555 */
    case 4:     /* RGB 565 */
    case 15:    /* aRGB 4444 */
        return 2;
    case 6:     /* aRGB 8888 */
        return 4;
    default:
        return 0;
    }
}

void r5xx_surf_decode(R5xxSurf *sf, uint32_t pitch_offset, unsigned cpp)
{
    sf->base = (uint64_t)(pitch_offset & 0x3fffff) << 10;
    sf->pitch = ((pitch_offset >> 22) & 0xff) * 64;
    sf->cpp = cpp;
    sf->macro = pitch_offset & (1u << 30);
    sf->micro = pitch_offset & (1u << 31);
}

static void r5xx_micro_dims(const R5xxSurf *sf, uint32_t *mw, uint32_t *mh)
{
    if (!sf->micro) {
        *mw = 32 / sf->cpp;
        *mh = 1;
        return;
    }
    switch (sf->cpp) {
    case 1:
        *mw = 8;
        *mh = 4;
        break;
    case 2:
        *mw = 8;
        *mh = 2;
        break;
    default:
        *mw = 4;
        *mh = 2;
        break;
    }
}

bool r5xx_surf_offset(const R5xxSurf *sf, uint32_t x, uint32_t y,
                      uint64_t *off)
{
    uint32_t mw, mh, in_micro, mx, my;

    if (!sf->macro && !sf->micro) {
        *off = (uint64_t)y * sf->pitch + (uint64_t)x * sf->cpp;
        return true;
    }
    r5xx_micro_dims(sf, &mw, &mh);
    in_micro = ((y % mh) * mw + x % mw) * sf->cpp;
    mx = x / mw;
    my = y / mh;
    if (!sf->macro) {
        /* micro blocks in x order, one row of micro blocks after another */
        *off = (uint64_t)my * sf->pitch * mh + (uint64_t)mx * 32 + in_micro;
        return true;
    }
    /* 8x8 micro blocks per 2 KiB macro block */
    {
        uint32_t macro_w = 8 * 32 / mh;     /* bytes of one macro block row */
        uint32_t per_row = sf->pitch / macro_w;
        uint64_t macro;

        if (!per_row) {
            return false;
        }
        macro = (uint64_t)(my / 8) * per_row + mx / 8;
        *off = macro * 2048 + ((my % 8) * 8 + mx % 8) * 32 + in_micro;
    }
    return true;
}

uint32_t r5xx_surf_run(const R5xxSurf *sf, uint32_t x)
{
    uint32_t mw, mh;

    if (!sf->macro && !sf->micro) {
        return UINT32_MAX;
    }
    r5xx_micro_dims(sf, &mw, &mh);
    if (mh == 1 && !sf->macro) {
        return UINT32_MAX;  /* micro-linear, macro-linear */
    }
    return mw - x % mw;
}

bool r5xx_rect_clip(R5xxRect *r, const R5xxRect *clip)
{
    if (r->x0 < clip->x0) {
        r->x0 = clip->x0;
    }
    if (r->y0 < clip->y0) {
        r->y0 = clip->y0;
    }
    if (r->x1 > clip->x1) {
        r->x1 = clip->x1;
    }
    if (r->y1 > clip->y1) {
        r->y1 = clip->y1;
    }
    return r->x0 < r->x1 && r->y0 < r->y1;
}

int32_t r5xx_2d_coord(uint32_t v16)
{
    return (int32_t)((v16 & 0x3fff) << 18) >> 18;
}
