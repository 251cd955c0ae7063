/*
 * ATI/AMD Radeon R3xx-R5xx model: the 3D core's R300 fragment program.
 *
 * The R300 US (RV370, RV380; Mesa's r300_fragprog_emit.c writes it) runs
 * US_CONFIG's NLEVEL + 1 nodes, right-aligned in US_CODE_ADDR_0-3 (one
 * node is US_CODE_ADDR_3).  A node is its TEX instructions (US_TEX_INST
 * from TEX_START, TEX_SIZE + 1 of them; node 0 has them only with
 * FIRST_NODE_HAS_TEX, later nodes always do), then its ALU instructions
 * (ALU_START, ALU_SIZE + 1).  TEX: LD, TXP (divided by the source's w),
 * TXB (as LD: no LOD yet) write all four components of DST_ADDR from unit
 * TEX_ID at SRC_ADDR's (s, t); KIL kills the pixel if a component of
 * SRC_ADDR is negative.  ALU instruction i is US_ALU_RGB_ADDR/ALPHA_ADDR/
 * RGB_INST/ALPHA_INST i, run by the R500 US's ALU (r5xx_3d_alu_run()): three
 * sources of 32 temporaries or 32 FP24 constants (US_ALU_CONST_R-A), the
 * R300 swizzle codes translated to R, G, B, A, 0, 1/2, 1.  The layout of
 * these instruction registers is Mesa's r300_reg.h R300_ALU_*; the
 * R400 extensions (US_CODE_EXT, US_ALU_EXT_ADDR) are left out.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include <math.h>
#include "r5xx_3d_int.h"
#include "r5xx_regs.h"

#define FP_TEX_INSTS    R5XX_3D_FP_TEX_INSTS
#define FP_ALU_INSTS    R5XX_3D_FP_ALU_INSTS

/* US_ALU_RGB_ADDR / US_ALU_ALPHA_ADDR */
#define FP_SRC(w, k)            (((w) >> (6 * (k))) & 0x3f)    /* b5 const */
#define FP_DST(w)               (((w) >> 18) & 0x1f)
#define FP_RGB_WMASK(w)         (((w) >> 23) & 7)
#define FP_RGB_OMASK(w)         (((w) >> 26) & 7)
#define FP_RGB_TARGET(w)        (((w) >> 29) & 3)
#define FP_ALPHA_WMASK          (1u << 23)
#define FP_ALPHA_OMASK          (1u << 24)
#define FP_ALPHA_TARGET(w)      (((w) >> 25) & 3)
/* US_ALU_RGB_INST / US_ALU_ALPHA_INST */
#define FP_ARG(w, k)            (((w) >> (7 * (k))) & 0x7f)
#define FP_PRESUB(w)            (((w) >> 21) & 3)
#define FP_OP(w)                (((w) >> 23) & 0xf)
#define FP_OMOD(w)              (((w) >> 27) & 7)
#define FP_CLAMP                (1u << 30)

/* An FP24 constant: sign b23, exponent b22-16 biased by 63, mantissa. */
static float r5xx_3d_fp24(uint32_t v)
{
    unsigned e = (v >> 16) & 0x7f;
    float f;

    if (!e) {
        return 0.0f;
    }
    f = ldexpf(1.0f + (v & 0xffff) / 65536.0f, (int)e - 63);
    return v & (1u << 23) ? -f : f;
}

static void r5xx_3d_fp_src(R5xx3d *st, unsigned a, R5xx3dSrc *v)
{
    v->temp = !(a & 0x20);
    v->idx = a & 0x1f;
    if (!v->temp) {
        const uint32_t *c = &st->regs[A_US_ALU_CONST_R(a & 0x1f) / 4];

        for (unsigned i = 0; i < 4; i++) {
            v->val[i] = r5xx_3d_fp24(c[i]);
        }
    }
}

/* R300 RGB operand select to source and R500-style swizzle. */
static void r5xx_3d_fp_rgb_arg(R5xx3dAluArg *arg, uint32_t a)
{
    static const uint8_t swz[8][3] = {
        { 0, 1, 2 }, { 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 2 }, { 3, 3, 3 },
        { 1, 2, 0 }, { 2, 0, 1 }, { 3, 2, 1 },
    };
    unsigned v = a & 0x1f, sel, s;

    if (v < 12) {                           /* src0-2 .xyz .xxx .yyy .zzz */
        sel = v / 4;
        s = v % 4;
    } else if (v < 15) {                    /* .aaa */
        sel = v - 12;
        s = 4;
    } else if (v < 20) {                    /* the pre-subtract */
        sel = 3;
        s = v - 15;
    } else if (v < 23) {                    /* 0, 1, 1/2 */
        static const uint8_t k[3] = { 4, 6, 5 };

        arg->sel = 0;
        arg->swz[0] = arg->swz[1] = arg->swz[2] = k[v - 20];
        arg->mod = (a >> 5) & 3;
        return;
    } else {                                /* .yzx .zxy .wzy */
        sel = (v - 23) % 3;
        s = 5 + (v - 23) / 3;
    }
    arg->sel = sel;
    for (unsigned i = 0; i < 3; i++) {
        arg->swz[i] = swz[s][i];
    }
    arg->mod = (a >> 5) & 3;
}

/* R300 alpha operand select. */
static void r5xx_3d_fp_alpha_arg(R5xx3dAluArg *arg, uint32_t a)
{
    unsigned v = a & 0x1f;

    arg->sel = 0;
    if (v < 9) {                            /* src0-2 .x .y .z */
        arg->sel = v / 3;
        arg->swz[0] = v % 3;
    } else if (v < 12) {                    /* .w */
        arg->sel = v - 9;
        arg->swz[0] = 3;
    } else if (v < 16) {                    /* the pre-subtract .x-.w */
        arg->sel = 3;
        arg->swz[0] = v - 12;
    } else {                                /* 0, 1, 1/2; others 0 */
        arg->swz[0] = v == 17 ? 6 : v == 18 ? 5 : 4;
    }
    arg->swz[1] = arg->swz[2] = arg->swz[0];
    arg->mod = (a >> 5) & 3;
}

static void r5xx_3d_fp_alu(R5xx3d *st, unsigned i, R5xx3dAluInst *d)
{
    uint32_t ra = st->regs[A_US_ALU_RGB_ADDR(i) / 4];
    uint32_t aa = st->regs[A_US_ALU_ALPHA_ADDR(i) / 4];
    uint32_t ri = st->regs[A_US_ALU_RGB_INST(i) / 4];
    uint32_t ai = st->regs[A_US_ALU_ALPHA_INST(i) / 4];
    R5xx3dAlu *in = &d->alu;

    for (unsigned k = 0; k < 3; k++) {
        r5xx_3d_fp_src(st, FP_SRC(ra, k), &d->rgb_src[k]);
        r5xx_3d_fp_src(st, FP_SRC(aa, k), &d->alpha_src[k]);
        r5xx_3d_fp_rgb_arg(&in->rgb[k], FP_ARG(ri, k));
        r5xx_3d_fp_alpha_arg(&in->alpha[k], FP_ARG(ai, k));
    }
    in->rgb_presub = FP_PRESUB(ri);
    in->alpha_presub = FP_PRESUB(ai);
    in->rgb_op = FP_OP(ri);
    in->alpha_op = FP_OP(ai);
    in->rgb_omod = FP_OMOD(ri);
    in->alpha_omod = FP_OMOD(ai);
    in->rgb_clamp = ri & FP_CLAMP;
    in->alpha_clamp = ai & FP_CLAMP;
    in->rgb_dst = FP_DST(ra);
    in->alpha_dst = FP_DST(aa);
    in->rgb_wmask = FP_RGB_WMASK(ra);
    in->rgb_omask = FP_RGB_OMASK(ra);
    in->alpha_wmask = aa & FP_ALPHA_WMASK;
    in->alpha_omask = aa & FP_ALPHA_OMASK;
    in->rgb_target = FP_RGB_TARGET(ra);
    in->alpha_target = FP_ALPHA_TARGET(aa);
    if (in->alpha_op > 11) {                /* R500's SIN, COS, MDH, MDV */
        in->alpha_op = 4;                   /* reserved: 0 */
    }
}

/* TEX instruction i, as the R500 US's (all four components written). */
static void r5xx_3d_fp_tex_decode(R5xx3d *st, unsigned i, R5xx3dTexInst *t)
{
    uint32_t w = st->regs[A_US_TEX_INST(i) / 4];

    t->op = FIELD_EX32(w, US_TEX_INST0, TEX_INST);
    t->unit = FIELD_EX32(w, US_TEX_INST0, TEX_ID);
    t->src = FIELD_EX32(w, US_TEX_INST0, SRC_ADDR);
    t->dst = FIELD_EX32(w, US_TEX_INST0, DST_ADDR);
    t->unscaled = false;
    t->wmask = 0xf;
    for (unsigned k = 0; k < 4; k++) {
        t->coord_swz[k] = k;
        t->res_swz[k] = k;
    }
}

void r5xx_3d_fp_setup(R5xx3d *st, R5xx3dDraw *d)
{
    uint32_t cfg = st->regs[R_US_CONFIG];

    d->fp_nodes = FIELD_EX32(cfg, US_CONFIG, NLEVEL) + 1;
    d->fp_first_tex = FIELD_EX32(cfg, US_CONFIG, FIRST_NODE_HAS_TEX);
    for (unsigned i = 0; i < d->fp_nodes; i++) {
        d->fp_node[i] = st->regs[A_US_CODE_ADDR(4 - d->fp_nodes + i) / 4];
    }
    for (unsigned i = 0; i < FP_ALU_INSTS; i++) {
        r5xx_3d_fp_alu(st, i, &d->fp_alu[i]);
    }
    for (unsigned i = 0; i < FP_TEX_INSTS; i++) {
        r5xx_3d_fp_tex_decode(st, i, &d->fp_tex[i]);
    }
    /*
     * r5xx_3d_fp_run()'s charges, a node at a time; a program is ALU only
     * when it is one node without TEX (later nodes always have them).
     */
    d->shade_charges = d->fp_nodes;
    d->prog_temps = d->fp_nodes == 1 && !d->fp_first_tex ? 0 : UINT32_MAX;
    for (unsigned n = 0; n < d->fp_nodes; n++) {
        uint32_t a = d->fp_node[n];
        unsigned alu0 = FIELD_EX32(a, US_CODE_ADDR0, ALU_START);
        unsigned alus = FIELD_EX32(a, US_CODE_ADDR0, ALU_SIZE) + 1;
        unsigned texs = FIELD_EX32(a, US_CODE_ADDR0, TEX_SIZE) + 1;

        if (n == 0 && !d->fp_first_tex) {
            texs = 0;
        }
        d->shade_units[n] = alus + texs;
        for (unsigned i = 0; i < alus && d->prog_temps != UINT32_MAX; i++) {
            unsigned t = r5xx_3d_alu_temps(&d->fp_alu[(alu0 + i) %
                                                      FP_ALU_INSTS]);

            d->prog_temps = t > d->prog_temps ? t : d->prog_temps;
        }
    }
}

/* TEX instruction t; false if it kills the pixel. */
static bool r5xx_3d_fp_tex(R5xx3d *st, const R5xx3dDraw *d,
                           const R5xx3dTexInst *t,
                           float temp[R5XX_3D_US_TEMPS][4])
{
    float c[4], lod;

    memcpy(c, temp[t->src], sizeof(c));
    switch (t->op) {
    case 2:                                 /* KIL */
        return !(c[0] < 0.0f || c[1] < 0.0f || c[2] < 0.0f || c[3] < 0.0f);
    case 3:                                 /* TXP */
        if (c[3] != 0.0f) {
            c[0] /= c[3];
            c[1] /= c[3];
            c[2] /= c[3];
        }
        /* fall through */
    case 1:                                 /* LD */
    case 4:                                 /* TXB: biased by w */
        lod = r5xx_3d_tex_lod(st, d, t->unit, c, false);
        if (t->op == 4) {
            lod += c[3];
        }
        r5xx_3d_tex_sample_lod(st, d, t->unit, c, false, lod, temp[t->dst]);
        return true;
    default:                                /* NOP */
        return true;
    }
}

bool r5xx_3d_fp_run(R5xx3d *st, const R5xx3dDraw *d,
                    float temp[R5XX_3D_US_TEMPS][4], float out[4])
{
    out[0] = out[1] = out[2] = out[3] = 0.0f;
    for (unsigned n = 0; n < d->fp_nodes; n++) {
        uint32_t a = d->fp_node[n];
        unsigned alu0 = FIELD_EX32(a, US_CODE_ADDR0, ALU_START);
        unsigned alus = FIELD_EX32(a, US_CODE_ADDR0, ALU_SIZE) + 1;
        unsigned tex0 = FIELD_EX32(a, US_CODE_ADDR0, TEX_START);
        unsigned texs = FIELD_EX32(a, US_CODE_ADDR0, TEX_SIZE) + 1;

        if (n == 0 && !d->fp_first_tex) {
            texs = 0;
        }
        if (!r5xx_3d_charge(st, alus + texs)) {
            return false;
        }
        for (unsigned i = 0; i < texs; i++) {
            if (!r5xx_3d_fp_tex(st, d, &d->fp_tex[(tex0 + i) % FP_TEX_INSTS],
                                temp)) {
                return false;
            }
        }
        for (unsigned i = 0; i < alus; i++) {
            r5xx_3d_alu_run(&d->fp_alu[(alu0 + i) % FP_ALU_INSTS], temp, out,
                            NULL);
        }
    }
    return true;
}
