/*
 * ATI/AMD Radeon R3xx-R5xx model: the command processor.
 *
 * The CP runs in a bottom half, NVMe style: a committed CP_RB_WPTR (or any
 * write that may let the CP make progress) schedules it, and each run
 * consumes at most R5XX_CP_BUDGET dwords (or lets the 2D engine draw
 * R5XX_2D_PIXELS_PER_RUN pixels) before rescheduling itself.  It
 * fetches from the ring, IB1 or IB2 through the MC (r5xx_mc.c), assembles
 * PM4 packets one dword at a time and executes them: type-0/1 register
 * writes go through the same path as MMIO writes (r5xx_reg_write), type-3
 * packets through a handler table indexed by opcode.  Nothing in here waits:
 * the model executes in order, so WAIT_UNTIL and ISYNC_CNTL are satisfied as
 * soon as they are parsed.  The one pause: while a 3D draw runs in the 3D
 * engine's worker (r5xx_3d.c) the CP consumes nothing and stays busy, and
 * the worker restarts it when the pixels are in memory.
 *
 * The CP does not fetch until all 256 microengine RAM words have been
 * written since the last device reset; a soft reset of the CP
 * (RBBM_SOFT_RESET.SOFT_RESET_CP) keeps the RAM and its loaded state,
 * clears the fetch and packet state and the read pointer (guide 5.8).
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/main-loop.h"
#include "r5xx_int.h"
#include "r5xx_pm4.h"

#define R5XX_CP_BUDGET          16384       /* dwords per bottom-half run */

typedef void R5xxPm4Fn(R5xxState *s, uint32_t hdr, const uint32_t *body,
                       uint32_t n);

typedef struct R5xxPm4Op {
    const char *name;
    R5xxPm4Fn *fn;              /* NULL: known but not implemented */
} R5xxPm4Op;

/* Ring geometry ----------------------------------------------------------- */

static uint32_t r5xx_cp_ring_mask(R5xxState *s)
{
    return r5xx_ring_dwords(FIELD_EX32(s->regs[R_CP_RB_CNTL], CP_RB_CNTL,
                                       RB_BUFSZ)) - 1;
}

static uint32_t r5xx_cp_block_dwords(R5xxState *s)
{
    return r5xx_ring_block_dwords(FIELD_EX32(s->regs[R_CP_RB_CNTL],
                                             CP_RB_CNTL, RB_BLKSZ));
}

static R5xxCsqModes r5xx_cp_modes(R5xxState *s)
{
    return r5xx_csq_modes(s->regs[R_CP_CSQ_CNTL], s->regs[R_CP_CSQ_MODE]);
}

void r5xx_cp_kick(R5xxState *s)
{
    qemu_bh_schedule(s->cp.bh);
}

/* Status ------------------------------------------------------------------ */

static bool r5xx_cp_can_run(R5xxState *s)
{
    /* an unposted board has no engine clock: see r5xx_mc_cold() */
    return !s->cp.hung && !s->cp.ib_stuck && !s->twod.hung &&
           !s->cp.in_reset && r5xx_me_loaded(&s->cp.me) &&
           r5xx_mc_sclk_khz(s) != 0;
}

bool r5xx_cp_busy(R5xxState *s)
{
    R5xxCP *cp = &s->cp;

    if (cp->hung || cp->ib_stuck || s->twod.hung || r5xx_3d_engine_busy(s)) {
        return true;
    }
    if (!r5xx_cp_can_run(s)) {
        return false;
    }
    if (cp->level > 0 || cp->pkt.active) {
        return true;
    }
    return r5xx_cp_modes(s).primary_bm && cp->rptr != cp->wptr;
}

static uint32_t r5xx_cp_stat(R5xxState *s)
{
    R5xxCP *cp = &s->cp;
    uint32_t v = 0;

    if (!r5xx_cp_busy(s)) {
        return 0;
    }
    v |= R_CP_STAT_CP_BUSY_MASK | R_CP_STAT_CMDSTRM_BUSY_MASK;
    if (cp->pkt.active) {
        v |= R_CP_STAT_CSI_BUSY_MASK;
    }
    if (cp->rptr != cp->wptr || cp->hung) {
        v |= R_CP_STAT_CSF_PRIMARY_BUSY_MASK | R_CP_STAT_CSQ_PRIMARY_BUSY_MASK;
    }
    if (cp->level >= 1) {
        v |= R_CP_STAT_CSF_INDIRECT_BUSY_MASK |
             R_CP_STAT_CSQ_INDIRECT_BUSY_MASK;
    }
    if (cp->level == 2) {
        v |= R_CP_STAT_CSF_INDIRECT2_BUSY_MASK |
             R_CP_STAT_CSQ_INDIRECT2_BUSY_MASK;
    }
    return v;
}

/* Write-backs ------------------------------------------------------------- */

static void r5xx_cp_report_rptr(R5xxState *s)
{
    R5xxCP *cp = &s->cp;
    uint32_t addr = s->regs[R_CP_RB_RPTR_ADDR];

    if (cp->rptr_reported == cp->rptr ||
        FIELD_EX32(s->regs[R_CP_RB_CNTL], CP_RB_CNTL, RB_NO_UPDATE)) {
        return;
    }
    cp->rptr_reported = cp->rptr;
    r5xx_mc_stl(s, addr & R_CP_RB_RPTR_ADDR_RB_RPTR_ADDR_MASK,
                r5xx_swap32(cp->rptr, FIELD_EX32(addr, CP_RB_RPTR_ADDR,
                                                 RB_RPTR_SWAP)));
}

/* Guide 5.9: the R5xx scratch compare interrupt (model stand-in registers). */
static void r5xx_cp_scratch_compare(R5xxState *s, unsigned i)
{
    unsigned pair = FIELD_EX32(s->regs[R_MODEL_SCRATCH_INT_SEL],
                               MODEL_SCRATCH_INT_SEL, PAIR);

    if (!r5xx_is_r5xx(s) || i / 2 != pair) {
        return;
    }
    if (r5xx_scratch_pair_reached(s->regs[R_SCRATCH_REG0 + 2 * pair],
                                  s->regs[R_SCRATCH_REG0 + 2 * pair + 1],
                                  s->regs[R_MODEL_SCRATCH_INT_REF_LO],
                                  s->regs[R_MODEL_SCRATCH_INT_REF_HI])) {
        r5xx_raise_status(s, R_GEN_INT_STATUS_SCRATCH_INT_STAT_MASK);
    }
}

/* Guide 5.9: a CP write of scratch register i goes to SCRATCH_ADDR + 4 i. */
static void r5xx_cp_scratch_written(R5xxState *s, unsigned i, uint32_t val)
{
    uint32_t umsk = s->regs[R_SCRATCH_UMSK];
    uint32_t addr = s->regs[R_SCRATCH_ADDR] & R_SCRATCH_ADDR_SCRATCH_ADDR_MASK;

    if (!(FIELD_EX32(umsk, SCRATCH_UMSK, SCRATCH_UMSK) & (1u << i))) {
        return;
    }
    r5xx_mc_stl(s, addr + 4 * i,
                r5xx_swap32(val, FIELD_EX32(umsk, SCRATCH_UMSK,
                                            SCRATCH_SWAP)));
    r5xx_cp_scratch_compare(s, i);
}

/* Write pointer staging (guide 5.5) --------------------------------------- */

static void r5xx_cp_commit_wptr(R5xxState *s, uint32_t val)
{
    uint32_t mask = r5xx_cp_ring_mask(s);

    if (val & ~mask) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: CP_RB_WPTR 0x%x is past the "
                      "end of a %u-dword ring\n", val, mask + 1);
    }
    s->cp.wptr = val & mask;
    r5xx_cp_kick(s);
}

static void r5xx_cp_wptr_timer(void *opaque)
{
    R5xxState *s = opaque;

    if (r5xx_wptr_stage_expire(&s->cp.stage)) {
        r5xx_cp_commit_wptr(s, s->cp.stage.staged);
    }
}

static void r5xx_cp_write_wptr(R5xxState *s, uint32_t val)
{
    R5xxCP *cp = &s->cp;
    uint32_t delay = s->regs[R_CP_RB_WPTR_DELAY];
    uint32_t timer = FIELD_EX32(delay, CP_RB_WPTR_DELAY, PRE_WRITE_TIMER);
    uint32_t limit = FIELD_EX32(delay, CP_RB_WPTR_DELAY, PRE_WRITE_LIMIT);
    uint32_t khz;

    /* Guide 5.8: with RB_RPTR_WR_ENA, a WPTR write also loads the rptr. */
    if (FIELD_EX32(s->regs[R_CP_RB_CNTL], CP_RB_CNTL, RB_RPTR_WR_ENA)) {
        if (s->regs[R_CP_RB_RPTR_WR] & ~r5xx_cp_ring_mask(s)) {
            qemu_log_mask(LOG_GUEST_ERROR, "r5xx: CP_RB_RPTR_WR 0x%x is past "
                          "the end of the ring\n", s->regs[R_CP_RB_RPTR_WR]);
        }
        cp->rptr = s->regs[R_CP_RB_RPTR_WR] & r5xx_cp_ring_mask(s);
        cp->rptr_reported = cp->rptr;   /* the host knows this one */
    }
    switch (r5xx_wptr_stage_write(&cp->stage, val, timer, limit)) {
    case R5XX_WPTR_COMMIT:
        timer_del(&cp->wptr_timer);
        r5xx_cp_commit_wptr(s, val);
        break;
    case R5XX_WPTR_ARM:
        /* clocks to ns at the engine clock the PLL gives (>= 1 MHz) */
        khz = MAX(r5xx_mc_sclk_khz(s), 1000);
        timer_mod(&cp->wptr_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                  (int64_t)timer * 1000000 / khz);
        break;
    }
}

/* Indirect buffers (guide 5.6, 5.10) -------------------------------------- */

static void r5xx_cp_request_ib(R5xxState *s, unsigned which)
{
    R5xxCP *cp = &s->cp;

    if (which == 0 && cp->level != 0) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: CP_IB_BUFSZ written from "
                      "inside IB%u: nested IB1 ignored\n", cp->level);
        return;
    }
    if (which == 1 && cp->level != 1) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: CP_IB2_BUFSZ written from %s: "
                      "IB2 can only be started from IB1\n",
                      cp->level ? "IB2" : "the ring");
        return;
    }
    if (cp->pkt.active && cp->pkt.got < cp->pkt.total) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: CP_IB%s_BUFSZ is not the last "
                      "write of its packet (guide 5.10)\n", which ? "2" : "");
    }
    cp->start_ib[which] = true;
}

static void r5xx_cp_start_ib(R5xxState *s, unsigned which)
{
    R5xxCP *cp = &s->cp;
    R5xxIndirect *ib = &cp->ib[which];

    memset(ib, 0, sizeof(*ib));
    ib->base = s->regs[which ? R_CP_IB2_BASE : R_CP_IB_BASE] & ~3u;
    ib->size = which ? FIELD_EX32(s->regs[R_CP_IB2_BUFSZ], CP_IB2_BUFSZ,
                                  IB2_BUFSZ)
                     : FIELD_EX32(s->regs[R_CP_IB_BUFSZ], CP_IB_BUFSZ,
                                  IB1_BUFSZ);
    ib->ret_level = cp->level;
    if (ib->size) {
        cp->level = which + 1;
    }
}

static void r5xx_cp_end_ib(R5xxState *s)
{
    R5xxCP *cp = &s->cp;
    R5xxIndirect *ib = &cp->ib[cp->level - 1];

    if (cp->pkt.active) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: packet 0x%08x cut off by the "
                      "end of IB%u (%u of %u body dwords): dropped\n",
                      cp->pkt.hdr, cp->level, cp->pkt.got, cp->pkt.total);
        cp->pkt.active = false;
    }
    cp->level = ib->ret_level;
    ib->size = ib->pos = 0;
}

/* Type-3 packets ---------------------------------------------------------- */

/*
 * A NOP is inert, unless it is the model's hang mark and MODEL_DEBUG armed
 * a trap: IB_HANG makes the IB it is in never finish (its fetch stalls as
 * if a bus-master read never returned), E2_HANG makes the next 2D
 * operation never complete (r5xx_2d_prepare()).
 */
static void r5xx_pm4_nop(R5xxState *s, uint32_t hdr, const uint32_t *body,
                         uint32_t n)
{
    R5xxCP *cp = &s->cp;

    if (body[0] != R5XX_MODEL_HANG_MARK) {
        return;
    }
    if (cp->ib_trap && cp->level > 0) {
        cp->ib_trap = false;
        cp->ib_stuck = true;
        cp->was_busy = true;
    }
    if (cp->e2_trap) {
        cp->e2_trap = false;
        s->twod.hang_next = true;
    }
}

/*
 * Guide 6.2.3.11: IB2 becomes a data stream whose dwords (after SKIP_COUNT
 * discarded ones) are written to DESTINATION, or to consecutive registers
 * from there without ONE_REG_WR; then the parent stream resumes.
 */
static void r5xx_pm4_indx_buffer(R5xxState *s, uint32_t hdr,
                                 const uint32_t *body, uint32_t n)
{
    R5xxCP *cp = &s->cp;
    R5xxIndirect *ib = &cp->ib[1];

    if (n < 3) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: INDX_BUFFER with %u body "
                      "dwords, needs 3\n", n);
        return;
    }
    if (cp->level == 2) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: INDX_BUFFER inside IB2 "
                      "ignored\n");
        return;
    }
    s->regs[R_CP_IB2_BASE] = body[1];
    s->regs[R_CP_IB2_BUFSZ] = body[2] & R_CP_IB2_BUFSZ_IB2_BUFSZ_MASK;
    r5xx_cp_start_ib(s, 1);
    ib->data_mode = true;
    ib->data_one_reg = body[0] & (1u << 31);
    ib->data_skip = (body[0] >> 16) & 7;
    ib->data_reg = (body[0] & 0x1fff) << 2;
}

#define R5XX_PM4_UNIMP(op) [R5XX_PM4_##op] = { #op, NULL }

static const R5xxPm4Op r5xx_pm4_ops[256] = {
    [R5XX_PM4_NOP] = { "NOP", r5xx_pm4_nop },
    [R5XX_PM4_INDX_BUFFER] = { "INDX_BUFFER", r5xx_pm4_indx_buffer },
    /* 2D engine (r5xx_2d.c) */
    [R5XX_PM4_PAINT_MULTI] = { "PAINT_MULTI", r5xx_pm4_paint_multi },
    [R5XX_PM4_BITBLT] = { "BITBLT", r5xx_pm4_bitblt_multi },
    [R5XX_PM4_BITBLT_MULTI] = { "BITBLT_MULTI", r5xx_pm4_bitblt_multi },
    [R5XX_PM4_HOSTDATA_BLT] = { "HOSTDATA_BLT", r5xx_pm4_hostdata_blt },
    [R5XX_PM4_SET_SCISSORS] = { "SET_SCISSORS", r5xx_pm4_set_scissors },
    R5XX_PM4_UNIMP(PAINT),
    R5XX_PM4_UNIMP(POLYLINE),
    R5XX_PM4_UNIMP(POLYSCANLINES),
    R5XX_PM4_UNIMP(NEXTCHAR),
    R5XX_PM4_UNIMP(TRANS_BITBLT),
    R5XX_PM4_UNIMP(PLY_NEXTSCAN),
    R5XX_PM4_UNIMP(LOAD_PALETTE),
    /* control */
    R5XX_PM4_UNIMP(PRED_EXEC),
    R5XX_PM4_UNIMP(COND_EXEC),
    R5XX_PM4_UNIMP(WAIT_SEMAPHORE),
    R5XX_PM4_UNIMP(WAIT_MEM),
    /* 3D engine (r5xx_3d.c) */
    [R5XX_PM4_3D_LOAD_VBPNTR] = { "3D_LOAD_VBPNTR", r5xx_pm4_3d },
    [R5XX_PM4_3D_DRAW_VBUF_2] = { "3D_DRAW_VBUF_2", r5xx_pm4_3d },
    [R5XX_PM4_3D_DRAW_IMMD_2] = { "3D_DRAW_IMMD_2", r5xx_pm4_3d },
    [R5XX_PM4_3D_DRAW_INDX_2] = { "3D_DRAW_INDX_2", r5xx_pm4_3d },
    R5XX_PM4_UNIMP(3D_DRAW_VBUF),
    R5XX_PM4_UNIMP(3D_DRAW_IMMD),
    R5XX_PM4_UNIMP(3D_DRAW_INDX),
    R5XX_PM4_UNIMP(3D_CLEAR_HIZ),
    R5XX_PM4_UNIMP(3D_DRAW_128),
    R5XX_PM4_UNIMP(MPEG_INDEX),
};

static void r5xx_cp_type3(R5xxState *s, uint32_t hdr, const uint32_t *body,
                          uint32_t n)
{
    unsigned opcode = R5XX_PM4_T3_OPCODE(hdr);
    const R5xxPm4Op *op = &r5xx_pm4_ops[opcode];
    uint32_t *logged = &s->cp.unimp_logged[opcode / 32];

    if (!op->name) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: unknown type-3 opcode 0x%02x, "
                      "%u body dwords skipped\n", opcode, n);
    } else if (!op->fn) {
        if (!(*logged & (1u << (opcode % 32)))) {
            *logged |= 1u << (opcode % 32);
            qemu_log_mask(LOG_UNIMP, "r5xx: type-3 %s (0x%02x) not "
                          "implemented, skipped\n", op->name, opcode);
        }
    } else {
        op->fn(s, hdr, body, n);
    }
}

/* Packet assembly --------------------------------------------------------- */

static void r5xx_cp_packet_done(R5xxState *s)
{
    R5xxCP *cp = &s->cp;

    cp->pkt.active = false;
    for (unsigned i = 0; i < 2; i++) {
        if (cp->start_ib[i]) {
            cp->start_ib[i] = false;
            r5xx_cp_start_ib(s, i);
        }
    }
}

static void r5xx_cp_reg_write(R5xxState *s, uint32_t reg, uint32_t val)
{
    if (reg >= R5XX_MMIO_SIZE) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: CP write of 0x%08x to register "
                      "0x%x, outside the register space\n", val, reg);
        return;
    }
    r5xx_reg_write(s, reg, val, R5XX_SRC_CP);
}

static void r5xx_cp_consume(R5xxState *s, uint32_t dw)
{
    R5xxCP *cp = &s->cp;
    R5xxPacket *p = &cp->pkt;
    uint32_t gen = cp->gen;
    uint32_t reg;

    if (!p->active) {
        p->hdr = dw;
        p->got = 0;
        switch (R5XX_PM4_TYPE(dw)) {
        case R5XX_PM4_TYPE0:
            p->reg = R5XX_PM4_T0_BASE_INDEX(dw) << 2;
            p->total = R5XX_PM4_COUNT(dw) + 1;
            break;
        case R5XX_PM4_TYPE1:
            p->total = 2;
            break;
        case R5XX_PM4_TYPE2:
            return;         /* filler, header only */
        default:
            p->total = R5XX_PM4_COUNT(dw) + 1;
            break;
        }
        p->active = true;
        return;
    }

    switch (R5XX_PM4_TYPE(p->hdr)) {
    case R5XX_PM4_TYPE0:
        reg = p->reg;
        if (!(p->hdr & R5XX_PM4_T0_ONE_REG_WR)) {
            p->reg += 4;
        }
        p->got++;
        r5xx_cp_reg_write(s, reg, dw);
        break;
    case R5XX_PM4_TYPE1:
        reg = p->got ? R5XX_PM4_T1_REG_INDEX2(p->hdr)
                     : R5XX_PM4_T1_REG_INDEX1(p->hdr);
        p->got++;
        r5xx_cp_reg_write(s, reg << 2, dw);
        break;
    default:
        cp->body[p->got++] = dw;
        if (p->got == p->total) {
            p->active = false;
            r5xx_cp_type3(s, p->hdr, cp->body, p->total);
        }
        break;
    }
    if (gen != cp->gen) {
        return;             /* the packet reset the CP */
    }
    if (p->got == p->total) {
        r5xx_cp_packet_done(s);
    }
}

/* Fetch ------------------------------------------------------------------- */

static uint32_t r5xx_cp_fetch(R5xxState *s, uint64_t mc)
{
    uint32_t v = r5xx_mc_ldl(s, mc);
    unsigned swap = FIELD_EX32(s->regs[R_CP_RB_CNTL], CP_RB_CNTL, BUF_SWAP);

    if (swap && !r5xx_mc_is_vram(s, mc)) {
        v = r5xx_swap32(v, swap);
    }
    return v;
}

static void r5xx_cp_stalled(R5xxState *s, unsigned level)
{
    if (!(s->cp.stall_logged & (1u << level))) {
        s->cp.stall_logged |= 1u << level;
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: IB%u pending but CP_CSQ_CNTL "
                      "does not allow bus-master fetching of it\n", level);
    }
}

/* One dword of progress; false when the CP cannot move on right now. */
static bool r5xx_cp_step(R5xxState *s)
{
    R5xxCP *cp = &s->cp;
    R5xxCsqModes m;
    uint32_t dw;

    /* a draw in flight: the stream waits for its pixels (r5xx_3d.c) */
    if (!r5xx_cp_can_run(s) || r5xx_3d_engine_busy(s)) {
        return false;
    }
    m = r5xx_cp_modes(s);
    if (cp->level > 0) {
        R5xxIndirect *ib = &cp->ib[cp->level - 1];

        if (ib->pos >= ib->size) {
            r5xx_cp_end_ib(s);
            return true;
        }
        if (!(cp->level == 1 ? m.indirect1_bm : m.indirect2_bm)) {
            r5xx_cp_stalled(s, cp->level);
            return false;
        }
        dw = r5xx_cp_fetch(s, ib->base + 4ull * ib->pos);
        ib->pos++;
        if (ib->data_mode) {
            if (ib->data_skip) {
                ib->data_skip--;
            } else {
                r5xx_cp_reg_write(s, ib->data_reg, dw);
                if (!ib->data_one_reg) {
                    ib->data_reg += 4;
                }
            }
            return true;
        }
    } else {
        if (!m.primary_bm || cp->rptr == cp->wptr) {
            return false;
        }
        dw = r5xx_cp_fetch(s, (uint64_t)(s->regs[R_CP_RB_BASE] & ~3u) +
                              4ull * cp->rptr);
        cp->rptr = (cp->rptr + 1) & r5xx_cp_ring_mask(s);
        if (cp->rptr % r5xx_cp_block_dwords(s) == 0) {
            r5xx_cp_report_rptr(s);
        }
    }
    r5xx_cp_consume(s, dw);
    return true;
}

static void r5xx_cp_bh(void *opaque)
{
    R5xxState *s = opaque;
    R5xxCP *cp = &s->cp;
    unsigned budget = R5XX_CP_BUDGET;
    bool busy;

    cp->was_busy |= r5xx_cp_busy(s);
    s->twod.pixels = 0;
    while (budget && r5xx_cp_step(s)) {
        budget--;
        if (s->twod.pixels >= R5XX_2D_PIXELS_PER_RUN) {
            budget = 0;     /* the 2D engine did a run's worth of work */
        }
    }
    if (!budget) {
        qemu_bh_schedule(cp->bh);
        return;
    }
    /*
     * Guide 5.4: the read pointer is also reported when the ring drains
     * (if it moved since the last report).
     */
    if (r5xx_cp_can_run(s) && r5xx_cp_modes(s).primary_bm &&
        cp->level == 0 && !cp->pkt.active && cp->rptr == cp->wptr) {
        r5xx_cp_report_rptr(s);
    }
    busy = r5xx_cp_busy(s);
    if (cp->was_busy && !busy) {
        r5xx_raise_status(s, R_GEN_INT_STATUS_GUI_IDLE_STAT_MASK);
    }
    cp->was_busy = busy;
}

/* Reset and fault injection ----------------------------------------------- */

/* The CP's engine state, not its registers (guide 5.8). */
static void r5xx_cp_clear(R5xxState *s)
{
    R5xxCP *cp = &s->cp;

    timer_del(&cp->wptr_timer);
    r5xx_wptr_stage_reset(&cp->stage);
    cp->rptr = 0;
    cp->rptr_reported = 0;
    cp->level = 0;
    memset(cp->ib, 0, sizeof(cp->ib));
    memset(cp->start_ib, 0, sizeof(cp->start_ib));
    memset(&cp->pkt, 0, sizeof(cp->pkt));
    cp->hung = false;
    cp->ib_stuck = false;
    cp->stall_logged = 0;
    cp->gen++;
}

void r5xx_cp_soft_reset(R5xxState *s, bool assert)
{
    R5xxCP *cp = &s->cp;

    if (assert && !cp->in_reset) {
        r5xx_cp_clear(s);
        cp->in_reset = true;
    } else if (!assert && cp->in_reset) {
        cp->in_reset = false;
        r5xx_cp_kick(s);
    }
}

/* A CP held in soft reset cannot hang: the request is dropped. */
void r5xx_cp_hang(R5xxState *s)
{
    if (s->cp.in_reset) {
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: CP hang requested while the CP "
                      "is held in soft reset: ignored\n");
        return;
    }
    s->cp.hung = true;
    s->cp.was_busy = true;
}

/* MODEL_DEBUG as read: a hang in progress, or a trap armed or sprung. */
static uint32_t r5xx_cp_debug_read(R5xxState *s)
{
    R5xxCP *cp = &s->cp;
    uint32_t v = 0;

    v = FIELD_DP32(v, MODEL_DEBUG, CP_HANG, cp->hung);
    v = FIELD_DP32(v, MODEL_DEBUG, IB_HANG, cp->ib_trap || cp->ib_stuck);
    v = FIELD_DP32(v, MODEL_DEBUG, E2_HANG, cp->e2_trap ||
                   s->twod.hang_next || s->twod.hung);
    return v;
}

/*
 * 1 in CP_HANG hangs the CP, 0 does nothing; the trap bits arm (1) or
 * disarm (0) their trap, but do not end a hang the trap already caused.
 */
static void r5xx_cp_debug_write(R5xxState *s, uint32_t val)
{
    if (FIELD_EX32(val, MODEL_DEBUG, CP_HANG)) {
        r5xx_cp_hang(s);
    }
    s->cp.ib_trap = FIELD_EX32(val, MODEL_DEBUG, IB_HANG);
    s->cp.e2_trap = FIELD_EX32(val, MODEL_DEBUG, E2_HANG);
}

void r5xx_cp_reset(R5xxState *s)
{
    R5xxCP *cp = &s->cp;

    qemu_bh_cancel(cp->bh);
    r5xx_cp_clear(s);
    r5xx_me_reset(&cp->me);
    cp->wptr = 0;
    cp->in_reset = false;
    cp->was_busy = false;
    cp->ib_trap = false;
    cp->e2_trap = false;
    memset(cp->unimp_logged, 0, sizeof(cp->unimp_logged));
}

void r5xx_cp_init(R5xxState *s)
{
    s->cp.bh = qemu_bh_new_guarded(r5xx_cp_bh, s,
                                   &DEVICE(s)->mem_reentrancy_guard);
    timer_init_ns(&s->cp.wptr_timer, QEMU_CLOCK_VIRTUAL, r5xx_cp_wptr_timer, s);
}

void r5xx_cp_fini(R5xxState *s)
{
    timer_del(&s->cp.wptr_timer);
    qemu_bh_delete(s->cp.bh);
    s->cp.bh = NULL;
}

/* Registers --------------------------------------------------------------- */

uint32_t r5xx_cp_read(R5xxState *s, uint32_t addr, bool *handled)
{
    R5xxCP *cp = &s->cp;

    *handled = true;
    switch (addr) {
    case A_CP_RB_RPTR:
        return cp->rptr;
    case A_CP_RB_WPTR:
        return cp->wptr;
    case A_CP_STAT:
        return r5xx_cp_stat(s);
    case A_CP_CSQ_STAT:
        return 0;       /* the model's queues are always drained */
    case A_CP_ME_RAM_ADDR:
    case A_CP_ME_RAM_RADDR:
        return cp->me.addr;
    case A_CP_ME_RAM_DATAH:
        return r5xx_me_read_datah(&cp->me);
    case A_CP_ME_RAM_DATAL:
        return r5xx_me_read_datal(&cp->me);
    case A_MODEL_DEBUG:
        return r5xx_cp_debug_read(s);
    }
    *handled = false;
    return 0;
}

bool r5xx_cp_write(R5xxState *s, uint32_t addr, uint32_t val, R5xxSource src)
{
    R5xxCP *cp = &s->cp;

    if (addr >= A_SCRATCH_REG0 && addr <= A_SCRATCH_REG7) {
        s->regs[addr >> 2] = val;
        if (src == R5XX_SRC_CP) {
            r5xx_cp_scratch_written(s, (addr - A_SCRATCH_REG0) >> 2, val);
        }
        return true;
    }
    switch (addr) {
    case A_CP_RB_WPTR:
        s->regs[R_CP_RB_WPTR] = val;
        r5xx_cp_write_wptr(s, val);
        return true;
    case A_CP_RB_RPTR:
    case A_CP_STAT:
    case A_CP_CSQ_STAT:
        qemu_log_mask(LOG_GUEST_ERROR, "r5xx: write of 0x%x to read-only %s\n",
                      val, r5xx_reg_name(addr));
        return true;
    case A_CP_RB_CNTL:
    case A_CP_CSQ_CNTL:
    case A_CP_CSQ_MODE:
        s->regs[addr >> 2] = val;
        cp->stall_logged = 0;
        r5xx_cp_kick(s);
        return true;
    case A_CP_IB_BUFSZ:
    case A_CP_IB2_BUFSZ:
        s->regs[addr >> 2] = val;
        if (src == R5XX_SRC_CP) {
            r5xx_cp_request_ib(s, addr == A_CP_IB2_BUFSZ);
        }
        return true;
    case A_CP_ME_RAM_ADDR:
        r5xx_me_write_addr(&cp->me, val);
        return true;
    case A_CP_ME_RAM_RADDR:
        r5xx_me_write_raddr(&cp->me, val);
        return true;
    case A_CP_ME_RAM_DATAH:
        r5xx_me_write_datah(&cp->me, val);
        return true;
    case A_CP_ME_RAM_DATAL:
        r5xx_me_write_datal(&cp->me, val);
        r5xx_cp_kick(s);
        return true;
    case A_MODEL_DEBUG:
        r5xx_cp_debug_write(s, val);
        return true;
    }
    return false;
}
