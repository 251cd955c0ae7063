/*
 * ATI/AMD Radeon R3xx-R5xx model: the 3D core's vertex stage.
 *
 * Vertex fetch (guide 7.4.7): the vertex's dwords, array after array (or
 * inline), are cut into up to 16 elements by VAP_PROG_STREAM_CNTL(_EXT),
 * each converted, swizzled and written to a PVS input register.  Then the
 * PVS program (guide 7.5) runs from CODE_CNTL_0's first to last
 * instruction, at most R5XX_3D_PVS_VECS of them, with the flow control of
 * VAP_PVS_FLOW_CNTL_* (guide 7.5.2: jumps, loops with the loop index aL
 * that sources may address by, subroutines; nested 8 deep): an op acts
 * after its activation instruction ACT_ADRS, a loop or subroutine ends
 * after its LAST_INST.  R500's predication (guide 7.5.3-7.5.4, 7.5.7-7.5.8)
 * is there: the PRED_SET ops set a predicate bit and keep a false-branch
 * counter in a temporary, PRED_EN/PRED_SENSE instructions write only when
 * the bit equals the sense, and the COND_WRITE/COND_MUX ops select.
 * Its output registers hold position, point size, colours and texcoords
 * in the order VAP_OUT_VTX_FMT_0/1 lists them; the viewport transform
 * (VAP_VTE_CNTL) makes window coordinates of the position.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include <float.h>
#include <math.h>
#include "r5xx_3d_int.h"
#include "r5xx_regs.h"

#define R5XX_3D_STREAM_DWORDS   256     /* more than 16 elements can use */

/*
 * The flow control ops of VAP_PVS_FLOW_CNTL_OPC, with their addresses:
 * R500 VAP_PVS_FLOW_CNTL_ADDRS_LW/UW (16-bit fields), R300
 * VAP_PVS_FLOW_CNTL_ADDRS (8-bit fields).
 */
static void r5xx_3d_vs_fc_setup(R5xx3d *st, R5xx3dDraw *d)
{
    uint32_t opc = st->regs[R_VAP_PVS_FLOW_CNTL_OPC];

    d->vs_fc_n = 0;
    for (unsigned k = 0; k < R5XX_3D_VS_FC; k++) {
        R5xx3dVsFc *fc = &d->vs_fc[d->vs_fc_n];
        uint32_t idx = st->regs[A_VAP_PVS_FLOW_CNTL_LOOP_INDEX(k) / 4];

        fc->op = (opc >> (2 * k)) & 3;
        if (!fc->op) {
            continue;
        }
        if (st->r500) {
            uint32_t lw = st->regs[A_VAP_PVS_FLOW_CNTL_ADDRS_LW(k) / 4];
            uint32_t uw = st->regs[A_VAP_PVS_FLOW_CNTL_ADDRS_UW(k) / 4];

            fc->act = lw & 0xffff;
            fc->jmp = lw >> 16;
            fc->last = uw & 0xffff;
            fc->rtn = uw >> 16;
        } else {
            uint32_t a = st->regs[A_VAP_PVS_FLOW_CNTL_ADDRS(k) / 4];

            fc->act = a & 0xff;
            fc->jmp = (a >> 8) & 0xff;
            fc->last = (a >> 16) & 0xff;
            fc->rtn = a >> 24;
        }
        fc->init = idx & 0xff;
        fc->step = (int8_t)(idx >> 8);
        fc->repeat = idx & (1u << 31);
        d->vs_fc_n++;
    }
}

void r5xx_3d_vs_setup(R5xx3d *st, R5xx3dDraw *d)
{
    uint32_t code = st->regs[A_VAP_PVS_CODE_CNTL(0) / 4];
    uint32_t cc = st->regs[R_VAP_PVS_CONST_CNTL];
    uint32_t vte = st->regs[R_VAP_VTE_CNTL];
    static const uint32_t scale[3] = {
        A_VAP_VPORT_XSCALE, A_VAP_VPORT_YSCALE, A_VAP_VPORT_ZSCALE,
    };

    d->vs_first = FIELD_EX32(code, VAP_PVS_CODE_CNTL0, PVS_FIRST_INST);
    d->vs_last = FIELD_EX32(code, VAP_PVS_CODE_CNTL0, PVS_LAST_INST);
    /* constants from 512 (R300) / 1024 (R500), plus the shader's base */
    d->const_base = (st->r500 ? 1024 : 512) +
                    FIELD_EX32(cc, VAP_PVS_CONST_CNTL, PVS_CONST_BASE_OFFSET);
    d->const_max = FIELD_EX32(cc, VAP_PVS_CONST_CNTL, PVS_MAX_CONST_ADDR);
    for (unsigned i = 0; i < 3; i++) {
        /* scale enable at bit 2i, offset enable at bit 2i + 1 */
        d->vp_scale[i] = vte & (1u << (2 * i)) ?
            r5xx_3d_f32(st->regs[scale[i] / 4]) : 1.0f;
        d->vp_offset[i] = vte & (2u << (2 * i)) ?
            r5xx_3d_f32(st->regs[scale[i] / 4 + 1]) : 0.0f;
    }
    d->xy_fmt = FIELD_EX32(vte, VAP_VTE_CNTL, VTX_XY_FMT);
    d->z_fmt = FIELD_EX32(vte, VAP_VTE_CNTL, VTX_Z_FMT);
    d->w0_fmt = FIELD_EX32(vte, VAP_VTE_CNTL, VTX_W0_FMT);
    r5xx_3d_vs_fc_setup(st, d);
}

/* Vertex fetch ------------------------------------------------------------ */

/* IEEE half to single. */
static float r5xx_3d_half(uint16_t h)
{
    int e = (h >> 10) & 0x1f;
    float m = h & 0x3ff;
    float v;

    if (e == 0) {
        v = ldexpf(m, -24);
    } else if (e == 31) {
        v = m ? NAN : INFINITY;
    } else {
        v = ldexpf(m + 1024.0f, e - 25);
    }
    return h & 0x8000 ? -v : v;
}

/* A packed integer component of bits bits: normalised, signed as asked. */
static float r5xx_3d_int_comp(uint32_t raw, unsigned bits, bool sgn,
                              bool norm, bool sgn_norm_mode)
{
    float max = (float)((1u << bits) - 1);

    if (sgn) {
        int32_t v = (int32_t)(raw << (32 - bits)) >> (32 - bits);

        if (!norm) {
            return (float)v;
        }
        if (sgn_norm_mode) {
            return (2.0f * v + 1.0f) / max;
        }
        return fmaxf((float)v / (float)((1u << (bits - 1)) - 1), -1.0f);
    }
    return norm ? (float)raw / max : (float)raw;
}

/*
 * Element e of the PSC from the stream at *pos: its components, and the
 * dwords it took.  Unknown types take a dword and give (0, 0, 0, 1).
 */
static void r5xx_3d_psc_element(R5xx3d *st, unsigned e, const uint32_t *dw,
                                uint32_t n, uint32_t *pos, float c[4])
{
    uint32_t cntl = st->regs[R_VAP_PROG_STREAM_CNTL0 + e / 2] >> (16 * (e & 1));
    unsigned type = FIELD_EX32(cntl, VAP_PROG_STREAM_CNTL0, DATA_TYPE_0);
    bool sgn = FIELD_EX32(cntl, VAP_PROG_STREAM_CNTL0, SIGNED_0);
    bool norm = FIELD_EX32(cntl, VAP_PROG_STREAM_CNTL0, NORMALIZE_0);
    bool sn = st->regs[R_VAP_PSC_SGN_NORM_CNTL] >> (2 * e) & 1;
    uint32_t w[4] = { 0, 0, 0, 0 };
    unsigned take;

    switch (type) {
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLOAT_1:
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLOAT_2:
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLOAT_3:
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLOAT_4:
        take = type + 1;
        break;
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_SHORT_4:
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLT16_4:
        take = 2;
        break;
    default:
        take = 1;
        break;
    }
    for (unsigned i = 0; i < take; i++) {
        w[i] = *pos + i < n ? dw[*pos + i] : 0;
    }
    *pos += take;
    c[0] = c[1] = c[2] = 0.0f;
    c[3] = 1.0f;
    switch (type) {
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLOAT_1:
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLOAT_2:
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLOAT_3:
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLOAT_4:
        for (unsigned i = 0; i < take; i++) {
            c[i] = r5xx_3d_f32(w[i]);
        }
        break;
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_BYTE:
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_D3DCOLOR:
        for (unsigned i = 0; i < 4; i++) {
            c[i] = r5xx_3d_int_comp((w[0] >> (8 * i)) & 0xff, 8, sgn, norm, sn);
        }
        if (type == VAP_PROG_STREAM_CNTL_DATA_TYPE_0_D3DCOLOR) {
            float t = c[0];

            c[0] = c[2];
            c[2] = t;
        }
        break;
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_SHORT_2:
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_SHORT_4:
        for (unsigned i = 0; i < 2 * take; i++) {
            c[i] = r5xx_3d_int_comp((w[i / 2] >> (16 * (i & 1))) & 0xffff, 16,
                                    sgn, norm, sn);
        }
        break;
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLT16_2:
    case VAP_PROG_STREAM_CNTL_DATA_TYPE_0_FLT16_4:
        for (unsigned i = 0; i < 2 * take; i++) {
            c[i] = r5xx_3d_half(w[i / 2] >> (16 * (i & 1)));
        }
        break;
    default:
        r5xx_3d_unimp(st, R5XX_3D_UNIMP_PSC, "this PSC data type");
        break;
    }
    *pos += FIELD_EX32(cntl, VAP_PROG_STREAM_CNTL0, SKIP_DWORDS_0);
}

/* The PSC: stream dwords to PVS input registers. */
static void r5xx_3d_psc(R5xx3d *st, const uint32_t *dw, uint32_t n,
                        float in[R5XX_3D_VS_INPUTS][4])
{
    uint32_t pos = 0;

    for (unsigned e = 0; e < 16; e++) {
        uint32_t cntl = st->regs[R_VAP_PROG_STREAM_CNTL0 + e / 2] >>
                        (16 * (e & 1));
        uint32_t ext = st->regs[R_VAP_PROG_STREAM_CNTL_EXT0 + e / 2] >>
                       (16 * (e & 1));
        unsigned dst = FIELD_EX32(cntl, VAP_PROG_STREAM_CNTL0, DST_VEC_LOC_0);
        unsigned mask = FIELD_EX32(ext, VAP_PROG_STREAM_CNTL_EXT0,
                                   WRITE_ENA_0);
        float c[4];

        r5xx_3d_psc_element(st, e, dw, n, &pos, c);
        for (unsigned i = 0; i < 4; i++) {
            unsigned sel = (ext >> (3 * i)) & 7;

            if (mask & (1u << i)) {
                in[dst][i] = sel < 4 ? c[sel] : sel == 5 ? 1.0f : 0.0f;
            }
        }
        if (FIELD_EX32(cntl, VAP_PROG_STREAM_CNTL0, LAST_VEC_0)) {
            return;
        }
    }
}

/* The stream dwords of vertex index from the arrays of 3D_LOAD_VBPNTR. */
static uint32_t r5xx_3d_fetch(R5xx3d *st, uint32_t index, uint32_t *dw)
{
    uint32_t n = 0;

    for (uint32_t a = 0; a < st->num_aos && a < R5XX_3D_AOS; a++) {
        const R5xx3dAos *aos = &st->aos[a];
        uint32_t cnt = aos->count;

        if (cnt > R5XX_3D_STREAM_DWORDS - n) {
            cnt = R5XX_3D_STREAM_DWORDS - n;
        }
        if (cnt && !st->mem.read(st->mem.opaque,
                                 aos->addr + 4ull * aos->stride * index,
                                 dw + n, 4 * cnt)) {
            r5xx_3d_error(st, "3D: vertex %u of array %u at 0x%llx is not "
                          "mapped", index, a,
                          (unsigned long long)(aos->addr +
                                               4ull * aos->stride * index));
        }
        n += cnt;
    }
    return n;
}

/* PVS --------------------------------------------------------------------- */

/* An active loop or subroutine of the PVS flow control. */
typedef struct R5xxPvsFc {
    const R5xx3dVsFc *fc;
    uint32_t count;             /* loop iterations left */
    int32_t al;                 /* the loop index outside this loop */
} R5xxPvsFc;

#define R5XX_3D_VS_FC_DEPTH     8       /* loops and subroutines nested */

typedef struct R5xxPvs {
    float temp[R5XX_3D_VS_TEMPS][4];
    float (*in)[4];
    float (*out)[4];
    int32_t a0[4];
    int32_t al;                 /* the innermost loop's index (aL) */
    unsigned depth;
    R5xxPvsFc stack[R5XX_3D_VS_FC_DEPTH];
    bool pred;                  /* the predicate bit (R500) */
    unsigned cwe;               /* this instruction's COND_WRITE enables */
} R5xxPvs;

/* Source operand w (guide 7.5.9 PVS_SRC_*) into v. */
static void r5xx_3d_pvs_src(R5xx3d *st, const R5xx3dDraw *d, R5xxPvs *p,
                            uint32_t w, float v[4])
{
    unsigned type = w & 3;
    int32_t off = (w >> 5) & 0xff;
    unsigned mode = ((w >> 4) & 1) | ((w >> 30) & 2);
    const float *r;
    float cst[4];

    if (mode == 1) {
        off += p->a0[(w >> 29) & 3];
    } else if (mode == 2) {
        off += p->al;
    }
    switch (type) {
    case 1:                                 /* input */
        r = p->in[(uint32_t)off % R5XX_3D_VS_INPUTS];
        break;
    case 2:                                 /* constant */
        if (off < 0 || (uint32_t)off > d->const_max) {
            cst[0] = cst[1] = cst[2] = cst[3] = 0.0f;
        } else {
            for (unsigned i = 0; i < 4; i++) {
                cst[i] = r5xx_3d_f32(st->pvs[(d->const_base + off) %
                                             R5XX_3D_PVS_VECS][i]);
            }
        }
        r = cst;
        break;
    default:                                /* temporary, alt temporary */
        r = p->temp[(uint32_t)off % R5XX_3D_VS_TEMPS];
        break;
    }
    for (unsigned i = 0; i < 4; i++) {
        unsigned sel = (w >> (13 + 3 * i)) & 7;
        float x = sel < 4 ? r[sel] : sel == 5 ? 1.0f : 0.0f;

        if (w & (1u << 3)) {
            x = fabsf(x);
        }
        if (w & (1u << (25 + i))) {
            x = -x;
        }
        v[i] = x;
    }
}

static float r5xx_3d_dx_rcp(float x)
{
    return x == 0.0f ? FLT_MAX : 1.0f / x;
}

/*
 * VE_PRED_SET_*_PUSH (guide 7.5.7): a nested if.  The bit is set only when
 * the false-branch counter a.w is 0 and the condition on b.w holds; else
 * the counter goes up by one.
 */
static void r5xx_3d_pvs_push(R5xxPvs *p, bool cond, const float a[4],
                             float r[4])
{
    float w;

    p->pred = cond && a[3] == 0.0f;
    w = p->pred ? 0.0f : a[3] + 1.0f;
    r[0] = r[1] = r[2] = r[3] = w;
}

/* Vector engine op (guide 7.5.7). */
static void r5xx_3d_pvs_vector(R5xx3d *st, R5xxPvs *p, unsigned op,
                               bool macro, const float a[4], const float b[4],
                               const float c[4], float r[4])
{
    unsigned i;

    switch (op) {
    case 15:                                /* PRED_SET_EQ_PUSH */
        r5xx_3d_pvs_push(p, b[3] == 0.0f, a, r);
        return;
    case 16:                                /* PRED_SET_GT_PUSH */
        r5xx_3d_pvs_push(p, b[3] > 0.0f, a, r);
        return;
    case 17:                                /* PRED_SET_GTE_PUSH */
        r5xx_3d_pvs_push(p, b[3] >= 0.0f, a, r);
        return;
    case 18:                                /* PRED_SET_NEQ_PUSH */
        r5xx_3d_pvs_push(p, b[3] != 0.0f, a, r);
        return;
    case 19: case 20: case 21: case 22:     /* COND_WRITE_EQ/GT/GTE/NEQ */
        p->cwe = 0;
        for (i = 0; i < 4; i++) {
            bool w = op == 19 ? a[i] == 0.0f : op == 20 ? a[i] > 0.0f :
                     op == 21 ? a[i] >= 0.0f : a[i] != 0.0f;

            p->cwe |= (unsigned)w << i;
            r[i] = b[i];
        }
        return;
    case 23: case 24: case 25:              /* COND_MUX_EQ/GT/GTE */
        for (i = 0; i < 4; i++) {
            bool s = op == 23 ? a[i] == 0.0f : op == 24 ? a[i] > 0.0f :
                     a[i] >= 0.0f;

            r[i] = s ? b[i] : c[i];
        }
        return;
    }

    if (macro) {                            /* MAD/M2X_ADD of 3 temps */
        for (i = 0; i < 4; i++) {
            r[i] = (op == 1 ? 2.0f : 1.0f) * a[i] * b[i] + c[i];
        }
        return;
    }
    for (i = 0; i < 4; i++) {
        switch (op) {
        case 1:                             /* DOT_PRODUCT */
            r[i] = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
            break;
        case 2:                             /* MULTIPLY */
            r[i] = a[i] * b[i];
            break;
        case 3:                             /* ADD */
            r[i] = a[i] + b[i];
            break;
        case 4:                             /* MULTIPLY_ADD */
            r[i] = a[i] * b[i] + c[i];
            break;
        case 5:                             /* DISTANCE_VECTOR */
            r[i] = i == 0 ? 1.0f : i == 1 ? a[1] * b[1] : i == 2 ? a[2] : b[3];
            break;
        case 6:                             /* FRACTION */
            r[i] = a[i] - floorf(a[i]);
            break;
        case 7:                             /* MAXIMUM */
            r[i] = fmaxf(a[i], b[i]);
            break;
        case 8:                             /* MINIMUM */
            r[i] = fminf(a[i], b[i]);
            break;
        case 9:                             /* SET_GREATER_THAN_EQUAL */
            r[i] = a[i] >= b[i] ? 1.0f : 0.0f;
            break;
        case 10:                            /* SET_LESS_THAN */
            r[i] = a[i] < b[i] ? 1.0f : 0.0f;
            break;
        case 11:                            /* MULTIPLYX2_ADD */
            r[i] = 2.0f * (a[i] * b[i]) + c[i];
            break;
        case 12:                            /* MULTIPLY_CLAMP */
            r[i] = c[3] < a[3] * b[3] ? c[3] :
                   c[0] >= a[0] * b[0] ? c[0] : a[0] * b[0];
            break;
        case 13:                            /* FLT2FIX_DX (ARL) */
            r[i] = floorf(a[i]);
            break;
        case 14:                            /* FLT2FIX_DX_RND */
            r[i] = floorf(a[i] + 0.5f);
            break;
        case 26:                            /* SET_GREATER_THAN */
            r[i] = a[i] > b[i] ? 1.0f : 0.0f;
            break;
        case 27:                            /* SET_EQUAL */
            r[i] = a[i] == b[i] ? 1.0f : 0.0f;
            break;
        case 28:                            /* SET_NOT_EQUAL */
            r[i] = a[i] != b[i] ? 1.0f : 0.0f;
            break;
        default:                            /* NO_OP, reserved */
            if (op) {
                r5xx_3d_unimp(st, R5XX_3D_UNIMP_FC, "this PVS vector op");
            }
            r[i] = 0.0f;
            break;
        }
    }
}

/* ME_POWER_FUNC_FF: sign of the base kept. */
static float r5xx_3d_pow(float x, float y)
{
    return x < 0.0f ? -powf(-x, y) : powf(x, y);
}

/*
 * ME_PRED_SET_* (guide 7.5.8, R500 math ops 21-28): the predicate bit, and
 * the false-branch counter as the result (all four components).  POP: the
 * guide's pseudo code sets the bit only when the decremented counter is
 * below 0, its text (7.5.3) says the counter is clamped to 0; the bit is
 * taken here as "the counter is 0", the state every other PRED_SET op
 * keeps and nested ifs need: an inner endif whose counter was 1 re-enables
 * the outer branch.
 */
static float r5xx_3d_pvs_pred(R5xxPvs *p, unsigned op, float x)
{
    switch (op) {
    case 21:                                /* PRED_SET_EQ */
        p->pred = x == 0.0f;
        break;
    case 22:                                /* PRED_SET_GT */
        p->pred = x > 0.0f;
        break;
    case 23:                                /* PRED_SET_GTE */
        p->pred = x >= 0.0f;
        break;
    case 24:                                /* PRED_SET_NEQ */
        p->pred = x != 0.0f;
        break;
    case 25:                                /* PRED_SET_CLR */
        p->pred = true;
        return FLT_MAX;
    case 26:                                /* PRED_SET_INV */
        p->pred = x == 1.0f;
        return p->pred ? 0.0f : x == 0.0f ? 1.0f : x;
    case 27:                                /* PRED_SET_POP */
        x -= 1.0f;
        p->pred = !(x > 0.0f);
        return p->pred ? 0.0f : x;
    default:                                /* PRED_SET_RESTORE */
        p->pred = x == 0.0f;
        return x;
    }
    return p->pred ? 0.0f : 1.0f;
}

/* Math engine op (guide 7.5.8): scalar in the w of the sources. */
static void r5xx_3d_pvs_math(R5xx3d *st, R5xxPvs *p, unsigned op,
                             const float a[4], const float b[4],
                             const float c[4], float r[4])
{
    float x = a[3], s;
    int e;

    switch (op) {
    case 1:                                 /* EXP_BASE2_DX */
        r[0] = exp2f(floorf(x));
        r[1] = x > 128.0f ? 0.0f : x - floorf(x);
        r[2] = exp2f(x);
        r[3] = 1.0f;
        return;
    case 2:                                 /* LOG_BASE2_DX */
        if (x == 0.0f) {
            r[0] = r[2] = -FLT_MAX;
            r[1] = r[3] = 1.0f;
        } else {
            float m = frexpf(fabsf(x), &e);

            r[0] = (float)(e - 1);
            r[1] = 2.0f * m;
            r[2] = log2f(fabsf(x));
            r[3] = 1.0f;
        }
        return;
    case 4:                                 /* LIGHT_COEFF_DX */
        r[0] = r[3] = 1.0f;
        r[1] = fmaxf(b[3], 0.0f);
        r[2] = b[3] > 0.0f ? powf(fmaxf(a[3], 0.0f),
                                  fminf(fmaxf(c[3], -128.0f), 128.0f)) : 0.0f;
        return;
    case 3:                                 /* EXP_BASEE_FF */
        s = expf(x);
        break;
    case 5:                                 /* POWER_FUNC_FF */
        s = r5xx_3d_pow(x, c[3]);
        break;
    case 6:                                 /* RECIP_DX */
        s = r5xx_3d_dx_rcp(x);
        break;
    case 7:                                 /* RECIP_FF */
        s = x == 0.0f ? 0.0f : 1.0f / x;
        break;
    case 8:                                 /* RECIP_SQRT_DX */
        s = r5xx_3d_dx_rcp(sqrtf(fabsf(x)));
        break;
    case 9:                                 /* RECIP_SQRT_FF */
        s = x == 0.0f ? 0.0f : 1.0f / sqrtf(fabsf(x));
        break;
    case 10:                                /* MULTIPLY */
        s = x * b[3];
        break;
    case 11:                                /* EXP_BASE2_FULL_DX */
        s = exp2f(x);
        break;
    case 12:                                /* LOG_BASE2_FULL_DX */
        s = x == 0.0f ? -FLT_MAX : log2f(fabsf(x));
        break;
    case 16:                                /* SIN */
        s = x >= -(float)M_PI && x <= (float)M_PI ? sinf(x) : 0.0f;
        break;
    case 17:                                /* COS */
        s = x >= -(float)M_PI && x <= (float)M_PI ? cosf(x) : -1.0f;
        break;
    case 18:                                /* LOG_BASE2_IEEE */
        s = log2f(fabsf(x));
        break;
    case 19:                                /* RECIP_IEEE */
        s = 1.0f / x;
        break;
    case 20:                                /* RECIP_SQRT_IEEE */
        s = 1.0f / sqrtf(fabsf(x));
        break;
    case 21 ... 28:                         /* PRED_SET_* */
        s = r5xx_3d_pvs_pred(p, op, x);
        break;
    default:
        if (op) {
            r5xx_3d_unimp(st, R5XX_3D_UNIMP_FC, "this PVS math op");
        }
        s = 0.0f;
        break;
    }
    /* no denormals (as the US): RCP_DX(RSQ_DX(0)) is 0, not 1/FLT_MAX */
    if (fabsf(s) < FLT_MIN) {
        s = 0.0f;
    }
    r[0] = r[1] = r[2] = r[3] = s;
}

/*
 * After instruction pc: the end of the innermost loop or subroutine whose
 * last instruction it is, else the op it activates; returns the next
 * instruction (UINT32_MAX: stop, the draw is over its budget or the
 * nesting too deep).
 */
static uint32_t r5xx_3d_pvs_fc(R5xx3d *st, const R5xx3dDraw *d, R5xxPvs *p,
                               uint32_t pc)
{
    uint32_t next = pc + 1;

    while (p->depth && p->stack[p->depth - 1].fc->last == pc) {
        R5xxPvsFc *top = &p->stack[p->depth - 1];

        if (top->fc->op == 2 && --top->count) {
            p->al += top->fc->step;
            next = top->fc->rtn;
            goto jump;
        }
        p->depth--;
        if (top->fc->op == 3) {
            next = top->fc->rtn;
            goto jump;
        }
        p->al = top->al;                    /* the outer loop's again */
    }
    for (unsigned k = 0; k < d->vs_fc_n; k++) {
        const R5xx3dVsFc *fc = &d->vs_fc[k];
        uint32_t count = fc->jmp & 0xff;

        if (fc->act != pc) {
            continue;
        }
        if (fc->op == 1) {
            next = fc->jmp;
            break;
        }
        if (fc->op == 2 && count == 0) {
            next = fc->last + 1u;           /* no iteration: past it */
            break;
        }
        if (p->depth == R5XX_3D_VS_FC_DEPTH) {
            r5xx_3d_error(st, "3D: PVS loops and subroutines nested deeper "
                          "than %u, vertex program ended",
                          R5XX_3D_VS_FC_DEPTH);
            return UINT32_MAX;
        }
        p->stack[p->depth++] = (R5xxPvsFc){ fc, count, p->al };
        if (fc->op == 2) {
            if (!fc->repeat) {
                p->al = fc->init;
            }
            next = fc->rtn;
        } else {
            next = fc->jmp;
        }
        break;
    }
jump:
    /* a jump back runs its instructions again: charged again */
    if (next <= pc && !r5xx_3d_charge(st, pc - next + 1)) {
        return UINT32_MAX;
    }
    return next;
}

void r5xx_3d_pvs_run(R5xx3d *st, const R5xx3dDraw *d,
                     float in[R5XX_3D_VS_INPUTS][4],
                     float out[R5XX_3D_VS_OUTS][4])
{
    R5xxPvs p;
    uint32_t last = d->vs_last;

    memset(&p, 0, sizeof(p));
    p.in = in;
    p.out = out;
    if (last >= R5XX_3D_PVS_VECS) {
        last = R5XX_3D_PVS_VECS - 1;
    }
    if (d->vs_first <= last &&
        !r5xx_3d_charge(st, last - d->vs_first + 1)) {
        return;
    }
    for (uint32_t pc = d->vs_first; pc <= last;
         pc = r5xx_3d_pvs_fc(st, d, &p, pc)) {
        const uint32_t *w = st->pvs[pc % R5XX_3D_PVS_VECS];
        unsigned op = w[0] & 0x3f;
        bool math = w[0] & (1u << 6), macro = w[0] & (1u << 7);
        unsigned dtype = (w[0] >> 8) & 0xf;
        int32_t doff = (w[0] >> 13) & 0x7f;
        unsigned mask = (w[0] >> 20) & 0xf;
        bool sat = w[0] & (math ? 1u << 25 : 1u << 24);
        bool pred_en = w[0] & (1u << 26), sense = w[0] & (1u << 27);
        float a[4], b[4], c[4], r[4];

        r5xx_3d_pvs_src(st, d, &p, w[1], a);
        r5xx_3d_pvs_src(st, d, &p, w[2], b);
        r5xx_3d_pvs_src(st, d, &p, w[3], c);
        /* predicated: no write unless the bit (as it was) is the sense */
        if (pred_en && p.pred != sense) {
            continue;
        }
        p.cwe = 0xf;
        if (math && !macro) {
            r5xx_3d_pvs_math(st, &p, op, a, b, c, r);
        } else {
            r5xx_3d_pvs_vector(st, &p, op, macro && !math, a, b, c, r);
        }
        mask &= p.cwe;
        if (w[0] & (1u << 12)) {             /* relative destination */
            doff += p.a0[0];
        }
        for (unsigned i = 0; i < 4; i++) {
            float v = sat ? fminf(fmaxf(r[i], 0.0f), 1.0f) : r[i];

            if (!(mask & (1u << i))) {
                continue;
            }
            switch (dtype) {
            case 1:                         /* A0 */
                p.a0[i] = r5xx_3d_f2i(floorf(r[i]), -1024, 1023);
                break;
            case 2:                         /* output */
                out[(uint32_t)doff % R5XX_3D_VS_OUTS][i] = v;
                break;
            case 3:                         /* output, x replicated */
                out[(uint32_t)doff % R5XX_3D_VS_OUTS][i] = sat ?
                    fminf(fmaxf(r[0], 0.0f), 1.0f) : r[0];
                break;
            case 5:                         /* input */
                break;
            default:                        /* temporary, alt temporary */
                p.temp[(uint32_t)doff % R5XX_3D_VS_TEMPS][i] = v;
                break;
            }
        }
    }
}

/* Vertex ------------------------------------------------------------------ */

void r5xx_3d_vertex(R5xx3d *st, const R5xx3dDraw *d, uint32_t index,
                    const uint32_t *dwords, uint32_t n, R5xx3dVtx *v)
{
    float in[R5XX_3D_VS_INPUTS][4];
    float out[R5XX_3D_VS_OUTS][4];
    uint32_t buf[R5XX_3D_STREAM_DWORDS];
    uint32_t fmt0 = st->regs[R_VAP_OUT_VTX_FMT0];
    uint32_t fmt1 = st->regs[R_VAP_OUT_VTX_FMT1];
    unsigned r = 1, t = 0;
    float w, ow;

    memset(in, 0, sizeof(in));
    memset(out, 0, sizeof(out));
    memset(v, 0, sizeof(*v));
    if (!dwords) {
        n = r5xx_3d_fetch(st, index, buf);
        dwords = buf;
    }
    r5xx_3d_psc(st, dwords, n, in);
    r5xx_3d_pvs_run(st, d, in, out);

    /* output registers: position, point size, colours, texcoords */
    if (FIELD_EX32(fmt0, VAP_OUT_VTX_FMT0, VTX_PT_SIZE_PRESENT)) {
        v->psize = out[r++][0];
    }
    for (unsigned i = 0; i < 4; i++) {
        if (fmt0 & (R_VAP_OUT_VTX_FMT0_VTX_COLOR_0_PRESENT_MASK << i)) {
            memcpy(v->col[i], out[r++ % R5XX_3D_VS_OUTS], sizeof(v->col[i]));
        }
    }
    for (unsigned i = 0; i < 8; i++) {
        unsigned cnt = (fmt1 >> (3 * i)) & 7;

        if (!cnt) {
            continue;
        }
        for (unsigned k = 0; k < cnt && k < 4; k++) {
            v->tex[t++ % R5XX_3D_TEXCOMP] = out[r % R5XX_3D_VS_OUTS][k];
        }
        r++;
    }

    /* viewport transform */
    w = out[0][3];
    if ((!d->xy_fmt || !d->z_fmt || d->w0_fmt) && !(w > 0.0f)) {
        v->culled = true;           /* no clipping yet: dropped */
        return;
    }
    ow = 1.0f / w;
    for (unsigned i = 0; i < 3; i++) {
        bool divide = i < 2 ? !d->xy_fmt : !d->z_fmt;

        v->win[i] = (divide ? out[0][i] * ow : out[0][i]) * d->vp_scale[i] +
                    d->vp_offset[i];
    }
    v->win[3] = d->w0_fmt ? ow : 1.0f;
}
