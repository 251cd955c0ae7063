/*
 * ATI/AMD Radeon R3xx-R5xx model: the 3D core's R500 fragment shader (US).
 *
 * One pixel at a time (no 2x2 quads yet, so MDH/MDV give 0), the
 * instructions from US_CODE_ADDR's start to its end, or to the first with
 * LAST set: at most R5XX_3D_US_INSTS.  ALU instructions (and OUT ones,
 * which are ALU instructions that also write outputs) are complete: three
 * RGB and three alpha sources (temporaries, constants, inline floats), the
 * pre-subtract, swizzles, modifiers, the RGB and alpha ops, output
 * modifiers, clamps, write and output masks; source k of an operand is
 * RGB source k's x, y, z with alpha source k's w (Mesa's pair instructions,
 * radeon_program_pair.h, read w through the alpha slot).  TEX instructions
 * KILL, LD, PROJ and LODBIAS (as LD: no LOD yet) through r5xx_3d_tex.c.
 * The ALU itself (r5xx_3d_alu()) is the R300 fragment program's too
 * (r5xx_3d_fp.c).  Flow control (FC instructions: jumps, loops, repeats,
 * breaks, continues, calls) runs as the register reference's US_FC_INST
 * describes it for a quad whose other pixels are not covered: one pixel,
 * active or branch-inactive with its branch counter, the ALU result the
 * last ALU instruction with ALU_WMASK set, static booleans
 * (US_FC_BOOL_CONST) and loop counts (US_FC_INT_CONST_*); no predicate
 * (it reads 0) and no aL-relative sources.  Register reference "US_*";
 * instruction layout as r300_reg.h's R500_* in Mesa names it.
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

/* US_CMN_INST (word 0) */
#define US_TYPE(w)              ((w) & 3)
#define   US_TYPE_ALU           0
#define   US_TYPE_OUT           1
#define   US_TYPE_FC            2
#define   US_TYPE_TEX           3
#define US_LAST                 (1u << 8)
#define US_RGB_WMASK(w)         (((w) >> 11) & 7)
#define US_ALPHA_WMASK          (1u << 14)
#define US_RGB_OMASK(w)         (((w) >> 15) & 7)
#define US_ALPHA_OMASK          (1u << 18)
#define US_RGB_CLAMP            (1u << 19)
#define US_ALPHA_CLAMP          (1u << 20)
#define US_ALU_RESULT_SEL       (1u << 21)      /* alpha, else red */
#define US_ALU_RESULT_OP(w)     (((w) >> 23) & 3)
/* US_ALU_RGB_INST (word 3) */
#define US_ALU_WMASK            (1u << 31)
/* US_FC_INST (word 2) */
#define US_FC_OP(w)             ((w) & 7)
#define   US_FC_JUMP            0
#define   US_FC_LOOP            1
#define   US_FC_ENDLOOP         2
#define   US_FC_REP             3
#define   US_FC_ENDREP          4
#define   US_FC_BREAKLOOP       5
#define   US_FC_BREAKREP        6
#define   US_FC_CONTINUE        7
#define US_FC_B_ELSE            (1u << 4)
#define US_FC_JUMP_ANY          (1u << 5)
#define US_FC_A_OP(w)           (((w) >> 6) & 3)
#define   US_FC_A_POP           1
#define   US_FC_A_PUSH          2
#define US_FC_JUMP_FUNC(w)      (((w) >> 8) & 0xff)
#define US_FC_B_POP_CNT(w)      (((w) >> 16) & 0x1f)
#define US_FC_B_OP0(w)          (((w) >> 24) & 3)
#define US_FC_B_OP1(w)          (((w) >> 26) & 3)
#define   US_FC_B_DECR          1
#define   US_FC_B_INCR          2
/* US_FC_ADDR (word 3) */
#define US_FC_BOOL_ADDR(w)      ((w) & 0x1f)
#define US_FC_INT_ADDR(w)       (((w) >> 8) & 0x1f)
#define US_FC_JUMP_ADDR(w)      (((w) >> 16) & 0x1ff)
#define US_FC_JUMP_GLOBAL       (1u << 31)

/* Loop and address stack depths of the flow control. */
#define US_FC_LOOPS             8
#define US_FC_CALLS             8

/* A source: temporary, constant or inline float (ADDR bit 7, no CONST). */
static void r5xx_3d_us_src(R5xx3d *st, uint32_t addr, R5xx3dSrc *v)
{
    unsigned a = addr & 0xff;

    v->temp = false;
    v->idx = 0;
    if (addr & 0x100) {
        for (unsigned i = 0; i < 4; i++) {
            v->val[i] = r5xx_3d_f32(st->us_const[a][i]);
        }
    } else if (a & 0x80) {
        /* 3-bit mantissa, 4-bit exponent biased by 7 */
        float f = ldexpf(1.0f + (a & 7) / 8.0f, (int)((a >> 3) & 0xf) - 7);

        v->val[0] = v->val[1] = v->val[2] = v->val[3] = f;
    } else {
        v->temp = true;
        v->idx = a;
    }
}

/* Output modifier: x1, x2, x4, x8, /2, /4, /8, off. */
static const float r5xx_3d_us_omod[8] = { 1, 2, 4, 8, 0.5f, 0.25f, 0.125f, 1 };

/*
 * An operand: n components of row s of the source table (a source's R, G,
 * B, A, then 0, 1/2, 1, 0 for swizzle selects 4-7), with its modifier.
 */
static void r5xx_3d_us_operand(const float *s, const R5xx3dAluArg *arg,
                               unsigned n, float *o)
{
    for (unsigned i = 0; i < n; i++) {
        o[i] = s[arg->swz[i] & 7];
    }
    switch (arg->mod) {
    case 1:
        for (unsigned i = 0; i < n; i++) {
            o[i] = -o[i];
        }
        break;
    case 2:
        for (unsigned i = 0; i < n; i++) {
            o[i] = fabsf(o[i]);
        }
        break;
    case 3:
        for (unsigned i = 0; i < n; i++) {
            o[i] = -fabsf(o[i]);
        }
        break;
    default:
        break;
    }
}

static float r5xx_3d_clamp01(float x)
{
    return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;   /* NaN gives 0 */
}

/* The pre-subtract op of sources 0 and 1 (rows 0 and 1 of t) into row p. */
static void r5xx_3d_us_presub(unsigned op, float t[4][8], unsigned from,
                              unsigned to, float *p)
{
    for (unsigned i = from; i < to; i++) {
        float s0 = t[0][i], s1 = t[1][i];

        switch (op) {
        case 0:
            p[i] = 1.0f - 2.0f * s0;
            break;
        case 1:
            p[i] = s1 - s0;
            break;
        case 2:
            p[i] = s1 + s0;
            break;
        default:
            p[i] = 1.0f - s0;
            break;
        }
    }
}

/*
 * One ALU pair on the source table t, whose rows 0-2 hold sources 0-2 (RGB
 * source k's x, y, z with the matching alpha source's w), writing temp
 * and out.  Row 3 is the pre-subtract source, one entry of the table as
 * the others: the RGB pre-subtract in x, y, z, the alpha one in w, read
 * by RGB and alpha operands alike through their swizzles (Mesa's srcp.x
 * in an alpha operand is the RGB pre-subtract's x).  Copies go a float
 * at a time: a wide load of floats just stored one by one stalls.
 */
static void r5xx_3d_alu(const R5xx3dAlu *in, float t[4][8],
                        float temp[R5XX_3D_US_TEMPS][4], float out[4],
                        float res[2])
{
    float a[3], b[3], c[3], aa, ab, ac, rgb[3], alpha, dot;
    unsigned rop = in->rgb_op, aop = in->alpha_op;
    float rk = r5xx_3d_us_omod[in->rgb_omod & 7];
    float ak = r5xx_3d_us_omod[in->alpha_omod & 7];

    /* row 3: the RGB pre-subtract in x, y, z, the alpha one in w */
    t[3][4] = 0.0f;
    t[3][5] = 0.5f;
    t[3][6] = 1.0f;
    t[3][7] = 0.0f;
    if (in->rgb[0].sel == 3 || in->rgb[1].sel == 3 || in->rgb[2].sel == 3 ||
        in->alpha[0].sel == 3 || in->alpha[1].sel == 3 ||
        in->alpha[2].sel == 3) {
        r5xx_3d_us_presub(in->rgb_presub, t, 0, 3, t[3]);
        r5xx_3d_us_presub(in->alpha_presub, t, 3, 4, t[3]);
    }
    r5xx_3d_us_operand(t[in->rgb[0].sel & 3], &in->rgb[0], 3, a);
    r5xx_3d_us_operand(t[in->rgb[1].sel & 3], &in->rgb[1], 3, b);
    r5xx_3d_us_operand(t[in->rgb[2].sel & 3], &in->rgb[2], 3, c);
    r5xx_3d_us_operand(t[in->alpha[0].sel & 3], &in->alpha[0], 1, &aa);
    r5xx_3d_us_operand(t[in->alpha[1].sel & 3], &in->alpha[1], 1, &ab);
    r5xx_3d_us_operand(t[in->alpha[2].sel & 3], &in->alpha[2], 1, &ac);

    dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    if (rop == 2) {                         /* DP4 */
        dot += aa * ab;
    }

    switch (aop) {
    case 0:                                 /* MAD */
        alpha = aa * ab + ac;
        break;
    case 1:                                 /* DP: the RGB unit's dot */
        alpha = rop == 3 ? a[0] * b[0] + a[1] * b[1] + c[2] : dot;
        break;
    case 2:
        alpha = fminf(aa, ab);
        break;
    case 3:
        alpha = fmaxf(aa, ab);
        break;
    case 5:                                 /* CND */
        alpha = ac > 0.5f ? aa : ab;
        break;
    case 6:                                 /* CMP */
        alpha = ac >= 0.0f ? aa : ab;
        break;
    case 7:                                 /* FRC */
        alpha = aa - r5xx_3d_floorf(aa);
        break;
    case 8:                                 /* EX2 */
        alpha = exp2f(aa);
        break;
    case 9:                                 /* LN2 */
        alpha = aa == 0.0f ? -FLT_MAX : log2f(fabsf(aa));
        break;
    case 10:                                /* RCP */
        alpha = aa == 0.0f ? FLT_MAX : 1.0f / aa;
        break;
    case 11:                                /* RSQ */
        alpha = aa == 0.0f ? FLT_MAX : 1.0f / sqrtf(fabsf(aa));
        break;
    case 12:                                /* SIN of a turn fraction */
        alpha = sinf(aa * 2.0f * (float)M_PI);
        break;
    case 13:                                /* COS */
        alpha = cosf(aa * 2.0f * (float)M_PI);
        break;
    default:                                /* MDH, MDV: no quads yet */
        alpha = 0.0f;
        break;
    }
    /*
     * No denormals: R300's FP24 cannot hold one (its least normal is
     * 2^-62) and R500's FP32 flushes them, so the square root Mesa makes
     * as RCP(RSQ(x)) is 0 at 0 (1/FLT_MAX would be a denormal).
     */
    if (fabsf(alpha) < FLT_MIN) {
        alpha = 0.0f;
    }

    switch (rop) {
    case 0:                                 /* MAD */
        for (unsigned i = 0; i < 3; i++) {
            rgb[i] = a[i] * b[i] + c[i];
        }
        break;
    case 1:                                 /* DP3 */
    case 2:                                 /* DP4 */
        rgb[0] = rgb[1] = rgb[2] = dot;
        break;
    case 3:                                 /* D2A */
        rgb[0] = rgb[1] = rgb[2] = a[0] * b[0] + a[1] * b[1] + c[2];
        break;
    case 4:
        for (unsigned i = 0; i < 3; i++) {
            rgb[i] = fminf(a[i], b[i]);
        }
        break;
    case 5:
        for (unsigned i = 0; i < 3; i++) {
            rgb[i] = fmaxf(a[i], b[i]);
        }
        break;
    case 7:                                 /* CND */
        for (unsigned i = 0; i < 3; i++) {
            rgb[i] = c[i] > 0.5f ? a[i] : b[i];
        }
        break;
    case 8:                                 /* CMP */
        for (unsigned i = 0; i < 3; i++) {
            rgb[i] = c[i] >= 0.0f ? a[i] : b[i];
        }
        break;
    case 9:                                 /* FRC */
        for (unsigned i = 0; i < 3; i++) {
            rgb[i] = a[i] - r5xx_3d_floorf(a[i]);
        }
        break;
    case 10:                                /* SOP, REPL_ALPHA */
        rgb[0] = rgb[1] = rgb[2] = alpha;
        break;
    default:                                /* MDH, MDV, reserved */
        rgb[0] = rgb[1] = rgb[2] = 0.0f;
        break;
    }
    for (unsigned i = 0; i < 3; i++) {
        rgb[i] *= rk;
        if (in->rgb_clamp) {
            rgb[i] = r5xx_3d_clamp01(rgb[i]);
        }
    }
    alpha *= ak;
    if (in->alpha_clamp) {
        alpha = r5xx_3d_clamp01(alpha);
    }
    if (res) {
        res[0] = rgb[0];
        res[1] = alpha;
    }

    for (unsigned i = 0; i < 3; i++) {
        if (in->rgb_wmask & (1u << i)) {
            temp[in->rgb_dst % R5XX_3D_US_TEMPS][i] = rgb[i];
        }
        /* output targets 1-3 (MRT) are not drawn yet */
        if ((in->rgb_omask & (1u << i)) && !in->rgb_target) {
            out[i] = rgb[i];
        }
    }
    if (in->alpha_wmask) {
        temp[in->alpha_dst % R5XX_3D_US_TEMPS][3] = alpha;
    }
    if (in->alpha_omask && !in->alpha_target) {
        out[3] = alpha;
    }
}

/* R500 operand fields: sel 2 bits, swizzle 3 x 3 bits, mod 2 bits. */
static void r5xx_3d_us_arg(R5xx3dAluArg *arg, uint32_t sel, uint32_t swz,
                           uint32_t mod)
{
    arg->sel = sel & 3;
    arg->swz[0] = swz & 7;
    arg->swz[1] = (swz >> 3) & 7;
    arg->swz[2] = (swz >> 6) & 7;
    arg->mod = mod & 3;
}

/* An R500 ALU (or OUT) instruction. */
static void r5xx_3d_us_alu(R5xx3d *st, const uint32_t *w, R5xx3dAluInst *ai)
{
    R5xx3dAlu *in = &ai->alu;

    /* source k: RGB source k's x, y, z and alpha source k's w */
    for (unsigned k = 0; k < 3; k++) {
        r5xx_3d_us_src(st, (w[1] >> (10 * k)) & 0x3ff, &ai->rgb_src[k]);
        r5xx_3d_us_src(st, (w[2] >> (10 * k)) & 0x3ff, &ai->alpha_src[k]);
    }
    in->rgb_presub = w[1] >> 30;
    in->alpha_presub = w[2] >> 30;
    r5xx_3d_us_arg(&in->rgb[0], w[3], w[3] >> 2, w[3] >> 11);
    r5xx_3d_us_arg(&in->rgb[1], w[3] >> 13, w[3] >> 15, w[3] >> 24);
    r5xx_3d_us_arg(&in->rgb[2], w[5] >> 12, w[5] >> 14, w[5] >> 23);
    r5xx_3d_us_arg(&in->alpha[0], w[4] >> 12, w[4] >> 14, w[4] >> 17);
    r5xx_3d_us_arg(&in->alpha[1], w[4] >> 19, w[4] >> 21, w[4] >> 24);
    r5xx_3d_us_arg(&in->alpha[2], w[5] >> 25, w[5] >> 27, w[5] >> 30);
    in->rgb_op = w[5] & 0xf;
    in->alpha_op = w[4] & 0xf;
    in->rgb_omod = (w[3] >> 26) & 7;
    in->alpha_omod = (w[4] >> 26) & 7;
    in->rgb_clamp = w[0] & US_RGB_CLAMP;
    in->alpha_clamp = w[0] & US_ALPHA_CLAMP;
    in->rgb_dst = (w[5] >> 4) & 0x7f;
    in->alpha_dst = (w[4] >> 4) & 0x7f;
    in->rgb_wmask = US_RGB_WMASK(w[0]);
    in->alpha_wmask = w[0] & US_ALPHA_WMASK;
    in->rgb_omask = US_RGB_OMASK(w[0]);
    in->alpha_omask = w[0] & US_ALPHA_OMASK;
    in->rgb_target = (w[3] >> 29) & 3;
    in->alpha_target = (w[4] >> 29) & 3;
}

unsigned r5xx_3d_alu_temps(const R5xx3dAluInst *ai)
{
    const R5xx3dAlu *in = &ai->alu;
    unsigned n = 0;

    for (unsigned k = 0; k < 3; k++) {
        if (ai->rgb_src[k].temp && ai->rgb_src[k].idx >= n) {
            n = ai->rgb_src[k].idx + 1u;
        }
        if (ai->alpha_src[k].temp && ai->alpha_src[k].idx >= n) {
            n = ai->alpha_src[k].idx + 1u;
        }
    }
    if (in->rgb_wmask && in->rgb_dst % R5XX_3D_US_TEMPS >= n) {
        n = in->rgb_dst % R5XX_3D_US_TEMPS + 1;
    }
    if (in->alpha_wmask && in->alpha_dst % R5XX_3D_US_TEMPS >= n) {
        n = in->alpha_dst % R5XX_3D_US_TEMPS + 1;
    }
    return n;
}

void r5xx_3d_alu_run(const R5xx3dAluInst *ai,
                     float temp[R5XX_3D_US_TEMPS][4], float out[4],
                     float res[2])
{
    float t[4][8];

    for (unsigned k = 0; k < 3; k++) {
        const R5xx3dSrc *r = &ai->rgb_src[k], *a = &ai->alpha_src[k];
        const float *rv = r->temp ? temp[r->idx] : r->val;

        t[k][0] = rv[0];
        t[k][1] = rv[1];
        t[k][2] = rv[2];
        t[k][3] = a->temp ? temp[a->idx][3] : a->val[3];
        t[k][4] = 0.0f;
        t[k][5] = 0.5f;
        t[k][6] = 1.0f;
        t[k][7] = 0.0f;
    }
    r5xx_3d_alu(&ai->alu, t, temp, out, res);
}

/* An R500 TEX instruction. */
static void r5xx_3d_us_tex_decode(const uint32_t *w, R5xx3dTexInst *t)
{
    t->op = (w[1] >> 22) & 7;
    t->unit = (w[1] >> 16) & 0xf;
    t->unscaled = w[1] & (1u << 27);
    t->src = w[2] & 0x7f;
    t->dst = (w[2] >> 16) & 0x7f;
    for (unsigned i = 0; i < 4; i++) {
        t->coord_swz[i] = (w[2] >> (8 + 2 * i)) & 3;
        t->res_swz[i] = (w[2] >> (24 + 2 * i)) & 3;
    }
    t->wmask = US_RGB_WMASK(w[0]) | (w[0] & US_ALPHA_WMASK ? 8 : 0);
}

/*
 * A TEX instruction: KILL kills if a component of its source is < 0; LD,
 * TXP (coordinates divided by q) and LODBIAS (no LOD yet: as LD) sample
 * unit TEX_ID into the destination through its swizzle and write mask.
 */
static bool r5xx_3d_us_tex(R5xx3d *st, const R5xx3dDraw *d,
                           const R5xx3dTexInst *t,
                           float temp[R5XX_3D_US_TEMPS][4])
{
    const float *src = temp[t->src];
    float *dst = temp[t->dst];
    float coord[4], texel[4], lod;

    for (unsigned i = 0; i < 4; i++) {
        coord[i] = src[t->coord_swz[i]];
    }
    if (t->op == 2) {                       /* KILL */
        for (unsigned i = 0; i < 4; i++) {
            if (coord[i] < 0.0f) {
                return false;
            }
        }
        return true;
    }
    if (t->op == 0 || t->op > 4) {          /* NOP; LOD, DXDY: not yet */
        return true;
    }
    if (t->op == 3 && coord[3] != 0.0f) {   /* PROJ */
        coord[0] /= coord[3];
        coord[1] /= coord[3];
        coord[2] /= coord[3];
    }
    lod = r5xx_3d_tex_lod(st, d, t->unit, coord, t->unscaled);
    if (t->op == 4) {                       /* LODBIAS: by q */
        lod += coord[3];
    }
    r5xx_3d_tex_sample_lod(st, d, t->unit, coord, t->unscaled, lod, texel);
    for (unsigned i = 0; i < 4; i++) {
        if (t->wmask & (1u << i)) {
            dst[i] = texel[t->res_swz[i]];
        }
    }
    return true;
}

/*
 * A flow control instruction; its jump address, local (plus the program
 * offset) unless JUMP_GLOBAL, as an index of the decoded program from
 * start (out of it: UINT32_MAX).
 */
static void r5xx_3d_us_fc_decode(const uint32_t *w, uint32_t off,
                                 uint32_t start, R5xx3dUsFc *fc)
{
    uint32_t a = US_FC_JUMP_ADDR(w[3]);

    fc->op = US_FC_OP(w[2]);
    fc->b_else = w[2] & US_FC_B_ELSE;
    fc->jump_any = w[2] & US_FC_JUMP_ANY;
    fc->a_op = US_FC_A_OP(w[2]);
    fc->jump_func = US_FC_JUMP_FUNC(w[2]);
    fc->pop_cnt = US_FC_B_POP_CNT(w[2]);
    fc->b_op[0] = US_FC_B_OP0(w[2]);
    fc->b_op[1] = US_FC_B_OP1(w[2]);
    fc->bool_addr = US_FC_BOOL_ADDR(w[3]);
    fc->int_addr = US_FC_INT_ADDR(w[3]);
    if (!(w[3] & US_FC_JUMP_GLOBAL)) {
        a += off;
    }
    fc->target = a >= start ? a - start : UINT32_MAX;
}

/*
 * The program from US_CODE_ADDR's start to its end or the first LAST,
 * decoded with the constants it reads as they are now.
 */
void r5xx_3d_us_setup(R5xx3d *st, R5xx3dDraw *d)
{
    uint32_t addr = st->regs[R_R500_US_CODE_ADDR];
    uint32_t off = FIELD_EX32(st->regs[R_R500_US_CODE_OFFSET],
                              R500_US_CODE_OFFSET, OFFSET_ADDR);
    uint32_t n;

    d->us_start = FIELD_EX32(addr, R500_US_CODE_ADDR, START_ADDR) + off;
    d->us_end = FIELD_EX32(addr, R500_US_CODE_ADDR, END_ADDR) + off;
    n = d->us_end >= d->us_start ? d->us_end - d->us_start + 1 : 0;
    if (n > R5XX_3D_US_INSTS) {
        n = R5XX_3D_US_INSTS;
    }
    d->us_n = n;
    for (uint32_t k = 0; k < n; k++) {
        const uint32_t *w = st->us_inst[(d->us_start + k) % R5XX_3D_US_INSTS];
        R5xx3dUsInst *in = &d->us[k];

        in->type = US_TYPE(w[0]);
        in->last = w[0] & US_LAST;
        in->alu_result = false;
        if (in->type == US_TYPE_ALU || in->type == US_TYPE_OUT) {
            r5xx_3d_us_alu(st, w, &in->alu);
            in->alu_result = w[3] & US_ALU_WMASK;
            in->alu_result_sel = !!(w[0] & US_ALU_RESULT_SEL);
            in->alu_result_op = US_ALU_RESULT_OP(w[0]);
        } else if (in->type == US_TYPE_TEX) {
            r5xx_3d_us_tex_decode(w, &in->tex);
        } else {
            r5xx_3d_us_fc_decode(w, off, d->us_start, &in->fc);
        }
        if (in->last) {
            d->us_n = k + 1;
            break;
        }
    }
    /* r5xx_3d_us_run()'s charge, and whether the program is ALU only */
    d->shade_charges = 1;
    d->shade_units[0] = n;
    d->prog_temps = 0;
    for (uint32_t k = 0; k < d->us_n; k++) {
        const R5xx3dUsInst *in = &d->us[k];
        unsigned t;

        if (in->type != US_TYPE_ALU && in->type != US_TYPE_OUT) {
            d->prog_temps = UINT32_MAX;
            break;
        }
        t = r5xx_3d_alu_temps(&in->alu);
        d->prog_temps = t > d->prog_temps ? t : d->prog_temps;
    }
}

/*
 * One pixel's flow control state: active, or branch-inactive with a
 * counter; the ALU result; the loop counters and the address stack.
 */
typedef struct R5xx3dUsFlow {
    bool active;
    int cnt;
    bool alu;
    unsigned loops, calls;
    uint32_t loop[US_FC_LOOPS];
    uint32_t call[US_FC_CALLS];
} R5xx3dUsFlow;

/* An ALU result: the instruction's red or alpha against 0. */
static bool r5xx_3d_us_alu_result(const R5xx3dUsInst *in, const float res[2])
{
    float v = res[in->alu_result_sel];

    switch (in->alu_result_op) {
    case 0:
        return v == 0.0f;
    case 1:
        return v < 0.0f;
    case 2:
        return v >= 0.0f;
    default:
        return v != 0.0f;
    }
}

/* The branch counter operation op (US_FC_B_OP*) after a decision. */
static void r5xx_3d_us_fc_bop(R5xx3dUsFlow *f, unsigned op, unsigned pop,
                              bool deactivate)
{
    if (op == US_FC_B_DECR && !f->active) {
        f->cnt -= pop;
        if (f->cnt < 0) {
            f->active = true;
            f->cnt = 0;
        }
    } else if (op == US_FC_B_INCR) {
        if (!f->active) {
            f->cnt++;
        } else if (deactivate) {
            f->active = false;
            f->cnt = 0;
        }
    }
}

/*
 * A flow control instruction at pc: returns the next pc, UINT32_MAX to
 * end the program (a guest error said why).
 */
static uint32_t r5xx_3d_us_fc(R5xx3d *st, const R5xx3dDraw *d,
                              const R5xx3dUsFc *fc, uint32_t pc,
                              R5xx3dUsFlow *f)
{
    bool bval = st->regs[R_R500_US_FC_BOOL_CONST] >> fc->bool_addr & 1;
    bool want, jump;
    uint32_t target = fc->target;

    if (fc->b_else) {
        if (f->active) {
            f->active = false;
            f->cnt = 0;
        } else if (f->cnt == 0) {
            f->active = true;
        }
    }
    want = f->active &&
           (fc->jump_func >> ((f->alu ? 4 : 0) | (bval ? 1 : 0)) & 1);
    /* ANY: an active pixel wants to; else all (none active: jump) */
    jump = fc->jump_any ? want : (!f->active || want);

    switch (fc->op) {
    case US_FC_LOOP:
    case US_FC_REP: {
        uint32_t kr = st->regs[R_R500_US_FC_INT_CONST0 + fc->int_addr] & 0xff;

        if (kr == 0) {
            /* no iteration: past the loop's end (Mesa's jump address) */
            if (target < d->us_n && d->us[target].type == US_TYPE_FC &&
                (d->us[target].fc.op == US_FC_ENDLOOP ||
                 d->us[target].fc.op == US_FC_ENDREP)) {
                target++;
            }
            jump = true;
        } else if (!jump) {
            if (f->loops == US_FC_LOOPS) {
                r5xx_3d_error(st, "3D: US loops nested deeper than %u, "
                              "program ended", US_FC_LOOPS);
                return UINT32_MAX;
            }
            f->loop[f->loops++] = kr;
        }
        break;
    }
    case US_FC_ENDLOOP:
    case US_FC_ENDREP:
        if (!f->loops) {
            r5xx_3d_error(st, "3D: US end of loop at %u outside a loop, "
                          "program ended", pc);
            return UINT32_MAX;
        }
        if (jump && --f->loop[f->loops - 1] == 0) {
            jump = false;
        }
        if (!jump) {
            f->loops--;
        }
        break;
    case US_FC_BREAKLOOP:
    case US_FC_BREAKREP:
        if (jump && f->active && f->loops) {
            f->loops--;
        }
        break;
    default:
        break;
    }

    r5xx_3d_us_fc_bop(f, fc->b_op[jump], fc->pop_cnt, want != jump);
    if (!jump) {
        return pc + 1;
    }
    if (fc->a_op == US_FC_A_PUSH) {
        if (f->calls == US_FC_CALLS) {
            r5xx_3d_error(st, "3D: US calls nested deeper than %u, "
                          "program ended", US_FC_CALLS);
            return UINT32_MAX;
        }
        f->call[f->calls++] = pc + 1;
    } else if (fc->a_op == US_FC_A_POP) {
        if (!f->calls) {
            r5xx_3d_error(st, "3D: US return at %u with no call, "
                          "program ended", pc);
            return UINT32_MAX;
        }
        target = f->call[--f->calls];
    }
    return target;
}

bool r5xx_3d_us_run(R5xx3d *st, const R5xx3dDraw *d,
                    float temp[R5XX_3D_US_TEMPS][4], float out[4])
{
    uint32_t n = d->us_end >= d->us_start ? d->us_end - d->us_start + 1 : 0;
    R5xx3dUsFlow f = { .active = true };
    float res[2];
    uint32_t pc = 0;

    out[0] = out[1] = out[2] = out[3] = 0.0f;
    if (n > R5XX_3D_US_INSTS) {
        n = R5XX_3D_US_INSTS;
    }
    if (!r5xx_3d_charge(st, n)) {
        return false;
    }
    while (pc < d->us_n) {
        const R5xx3dUsInst *in = &d->us[pc];
        uint32_t next = pc + 1;

        switch (in->type) {
        case US_TYPE_ALU:
        case US_TYPE_OUT:
            if (f.active) {
                r5xx_3d_alu_run(&in->alu, temp, out, res);
                if (in->alu_result) {
                    f.alu = r5xx_3d_us_alu_result(in, res);
                }
            }
            break;
        case US_TYPE_TEX:
            if (f.active && !r5xx_3d_us_tex(st, d, &in->tex, temp)) {
                return false;
            }
            break;
        default:
            next = r5xx_3d_us_fc(st, d, &in->fc, pc, &f);
            if (next == UINT32_MAX) {
                return true;
            }
            /* a jump back runs its instructions again: charged again */
            if (next <= pc && !r5xx_3d_charge(st, pc - next + 1)) {
                return false;
            }
            break;
        }
        pc = next;
    }
    return true;
}
