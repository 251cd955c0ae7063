/*
 * ATI/AMD Radeon R3xx-R5xx model: the QEMU-free core of the AVIVO laptop
 * panel (see r5xx_lvtma_core.h).
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "r5xx_lvtma_core.h"
#include "r5xx_regs.h"

#define PWRSEQ_MAX_STEPS        8       /* more than one walk up or down */

enum { SIG_DIGON = 1, SIG_SYNCEN = 2, SIG_BLON = 4 };

/* The signals the sequencer drives in each step. */
static unsigned r5xx_pwrseq_signals(uint32_t status)
{
    switch (status) {
    case R5XX_PWRSEQ_DIGON:
    case R5XX_PWRSEQ_SYNCOFF:
        return SIG_DIGON;
    case R5XX_PWRSEQ_SYNCEN:
    case R5XX_PWRSEQ_BLOFF:
        return SIG_DIGON | SIG_SYNCEN;
    case R5XX_PWRSEQ_UP:
        return SIG_DIGON | SIG_SYNCEN | SIG_BLON;
    default:
        return 0;
    }
}

/* The length of a step, in nanoseconds. */
static int64_t r5xx_pwrseq_delay(uint32_t status, const R5xxPwrseqRegs *r)
{
    uint32_t units = 0;

    switch (status) {
    case R5XX_PWRSEQ_DIGON:
        units = FIELD_EX32(r->delay1, LVTMA_R500_PWRSEQ_DELAY1,
                           LVTMA_PWRUP_DELAY1);
        break;
    case R5XX_PWRSEQ_SYNCEN:
        units = FIELD_EX32(r->delay1, LVTMA_R500_PWRSEQ_DELAY1,
                           LVTMA_PWRUP_DELAY2);
        break;
    case R5XX_PWRSEQ_BLOFF:
        units = FIELD_EX32(r->delay1, LVTMA_R500_PWRSEQ_DELAY1,
                           LVTMA_PWRDN_DELAY1);
        break;
    case R5XX_PWRSEQ_SYNCOFF:
        units = FIELD_EX32(r->delay1, LVTMA_R500_PWRSEQ_DELAY1,
                           LVTMA_PWRDN_DELAY2);
        break;
    case R5XX_PWRSEQ_OFFWAIT:
        units = FIELD_EX32(r->delay2, LVTMA_R500_PWRSEQ_DELAY2,
                           LVTMA_PWRDN_MIN_LENGTH);
        break;
    }
    return (int64_t)units * R5XX_PWRSEQ_UNIT_NS;
}

static void r5xx_pwrseq_enter(R5xxPwrseq *p, uint32_t status, int64_t t,
                              const R5xxPwrseqRegs *r)
{
    p->status = status;
    p->until_ns = t + r5xx_pwrseq_delay(status, r);
}

void r5xx_pwrseq_reset(R5xxPwrseq *p, uint32_t status)
{
    p->status = status == R5XX_PWRSEQ_UP ? R5XX_PWRSEQ_UP : R5XX_PWRSEQ_DOWN;
    p->until_ns = 0;
}

void r5xx_pwrseq_advance(R5xxPwrseq *p, const R5xxPwrseqRegs *r,
                         int64_t now_ns)
{
    if (!FIELD_EX32(r->cntl, LVTMA_R500_PWRSEQ_CNTL, LVTMA_PWRSEQ_EN)) {
        return;
    }
    for (unsigned i = 0; i < PWRSEQ_MAX_STEPS; i++) {
        bool up = FIELD_EX32(r->cntl, LVTMA_R500_PWRSEQ_CNTL,
                             LVTMA_PWRSEQ_TARGET_STATE);
        uint32_t next;

        /* a new target is seen now; a delay ends at its own time */
        switch (p->status) {
        case R5XX_PWRSEQ_UP:
            if (up) {
                return;
            }
            r5xx_pwrseq_enter(p, R5XX_PWRSEQ_BLOFF, now_ns, r);
            continue;
        case R5XX_PWRSEQ_DOWN:
            if (!up) {
                return;
            }
            r5xx_pwrseq_enter(p, R5XX_PWRSEQ_DIGON, now_ns, r);
            continue;
        case R5XX_PWRSEQ_DIGON:
            if (!up) {
                r5xx_pwrseq_enter(p, R5XX_PWRSEQ_SYNCOFF, now_ns, r);
                continue;
            }
            next = R5XX_PWRSEQ_SYNCEN;
            break;
        case R5XX_PWRSEQ_SYNCEN:
            if (!up) {
                r5xx_pwrseq_enter(p, R5XX_PWRSEQ_BLOFF, now_ns, r);
                continue;
            }
            next = R5XX_PWRSEQ_UP;
            break;
        case R5XX_PWRSEQ_BLOFF:
            next = R5XX_PWRSEQ_SYNCOFF;
            break;
        case R5XX_PWRSEQ_SYNCOFF:
            next = R5XX_PWRSEQ_OFFWAIT;
            break;
        case R5XX_PWRSEQ_OFFWAIT:
            next = R5XX_PWRSEQ_DOWN;
            break;
        default:
            r5xx_pwrseq_reset(p, R5XX_PWRSEQ_DOWN);
            return;
        }
        if (p->until_ns > now_ns) {
            return;
        }
        r5xx_pwrseq_enter(p, next, p->until_ns, r);
    }
}

/* The signals the panel sees: the sequencer's, or PWRSEQ_CNTL's bits. */
static unsigned r5xx_pwrseq_out(const R5xxPwrseq *p, const R5xxPwrseqRegs *r)
{
    static const struct {
        unsigned sig;
        uint32_t ovrd, bit;
    } map[] = {
        { SIG_DIGON, R_LVTMA_R500_PWRSEQ_CNTL_LVTMA_DIGON_OVRD_MASK,
          R_LVTMA_R500_PWRSEQ_CNTL_LVTMA_DIGON_MASK },
        { SIG_SYNCEN, R_LVTMA_R500_PWRSEQ_CNTL_LVTMA_SYNCEN_OVRD_MASK,
          R_LVTMA_R500_PWRSEQ_CNTL_LVTMA_SYNCEN_MASK },
        { SIG_BLON, R_LVTMA_R500_PWRSEQ_CNTL_LVTMA_BLON_OVRD_MASK,
          R_LVTMA_R500_PWRSEQ_CNTL_LVTMA_BLON_MASK },
    };
    bool en = FIELD_EX32(r->cntl, LVTMA_R500_PWRSEQ_CNTL, LVTMA_PWRSEQ_EN);
    unsigned seq = r5xx_pwrseq_signals(p->status), out = 0;

    for (unsigned i = 0; i < 3; i++) {
        bool manual = !en || (r->cntl & map[i].ovrd);

        if (manual ? (r->cntl & map[i].bit) != 0 : (seq & map[i].sig) != 0) {
            out |= map[i].sig;
        }
    }
    return out;
}

uint32_t r5xx_pwrseq_state(const R5xxPwrseq *p, const R5xxPwrseqRegs *r)
{
    unsigned out = r5xx_pwrseq_out(p, r);
    uint32_t v = 0;

    v = FIELD_DP32(v, LVTMA_R500_PWRSEQ_STATE, LVTMA_PWRSEQ_STATUS, p->status);
    v = FIELD_DP32(v, LVTMA_R500_PWRSEQ_STATE, LVTMA_PWRSEQ_DONE,
                   p->status == R5XX_PWRSEQ_UP ||
                   p->status == R5XX_PWRSEQ_DOWN);
    v = FIELD_DP32(v, LVTMA_R500_PWRSEQ_STATE, LVTMA_PWRSEQ_BLON,
                   !!(out & SIG_BLON));
    v = FIELD_DP32(v, LVTMA_R500_PWRSEQ_STATE, LVTMA_PWRSEQ_SYNCEN,
                   !!(out & SIG_SYNCEN));
    v = FIELD_DP32(v, LVTMA_R500_PWRSEQ_STATE, LVTMA_PWRSEQ_DIGON,
                   !!(out & SIG_DIGON));
    v = FIELD_DP32(v, LVTMA_R500_PWRSEQ_STATE, LVTMA_PWRSEQ_TARGET_STATE_R,
                   FIELD_EX32(r->cntl, LVTMA_R500_PWRSEQ_CNTL,
                              LVTMA_PWRSEQ_TARGET_STATE));
    return v;
}

bool r5xx_pwrseq_lit(const R5xxPwrseq *p, const R5xxPwrseqRegs *r)
{
    return r5xx_pwrseq_out(p, r) == (SIG_DIGON | SIG_SYNCEN | SIG_BLON);
}

int64_t r5xx_scl_src(uint32_t p, uint32_t active, uint32_t lo, uint32_t hi,
                     uint32_t src, bool scale)
{
    uint32_t inner, q;

    if (!src || (uint64_t)lo + hi >= active || p < lo || p >= active - hi) {
        return -1;
    }
    inner = active - lo - hi;
    q = p - lo;
    if (scale) {
        return (int64_t)((uint64_t)q * src / inner);
    }
    return q < src ? (int64_t)q : -1;
}
