/*
 * ATI/AMD Radeon R3xx-R5xx model: what the 3D core's files share.
 * Not for the QEMU glue, which uses r5xx_3d_core.h only.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_3D_INT_H
#define HW_DISPLAY_R5XX_3D_INT_H

#include "r5xx_2d_core.h"
#include "r5xx_3d_core.h"

#define R5XX_3D_VS_INPUTS       32      /* PSC DST_VEC_LOC is 5 bits */
#define R5XX_3D_VS_TEMPS        128
#define R5XX_3D_VS_OUTS         16
#define R5XX_3D_TEXCOMP         32      /* 8 texcoords x 4 components */
#define R5XX_3D_US_TEMPS        128
#define R5XX_3D_TEX_UNITS       16

/* floorf(x), inline: the same value, -0.0 and NaN included. */
static inline float r5xx_3d_floorf(float x)
{
    if (x < 0x1p23f && x > -0x1p23f) {
        float t = (float)(int32_t)x;

        if (t != x) {
            return t > x ? t - 1.0f : t;
        }
    }
    return x;
}

/* Things the model leaves out; each is reported once (LOG_UNIMP-like). */
typedef enum R5xx3dUnimp {
    R5XX_3D_UNIMP_PRIM = 1u << 0,       /* lines */
    R5XX_3D_UNIMP_CFMT = 1u << 1,       /* colour formats but ARGB8888 */
    R5XX_3D_UNIMP_TEX = 1u << 3,        /* texture formats: YUV, R5xx MSB */
    R5XX_3D_UNIMP_FC = 1u << 4,         /* PVS ops (vector, math) */
    R5XX_3D_UNIMP_BLEND = 1u << 5,      /* ROPs */
    R5XX_3D_UNIMP_STENCIL = 1u << 6,
    R5XX_3D_UNIMP_PSC = 1u << 7,        /* PSC data types */
    R5XX_3D_UNIMP_TILE = 1u << 8,       /* square micro tiles */
    R5XX_3D_UNIMP_MIP = 1u << 9,        /* mipmaps, 3D and cube textures */
} R5xx3dUnimp;

/* A vertex after the PVS and the viewport, as the GA gets it. */
typedef struct R5xx3dVtx {
    float win[4];           /* window x, y, z; 1/w */
    bool culled;            /* behind the eye (w <= 0): not drawn */
    float col[4][4];        /* colours 0-3 (VAP_OUT_VTX_FMT_0) */
    float tex[R5XX_3D_TEXCOMP]; /* texcoord components, packed in order */
    float psize;
} R5xx3dVtx;

#define R5XX_3D_TEX_LEVELS      12      /* 2048 x 2048 down to 1 x 1 */

/* A mip level of a texture unit. */
typedef struct R5xx3dTexLevel {
    R5xxSurf surf;          /* in blocks of bw x bw texels */
    uint32_t w, h;          /* in texels */
    uint64_t size;          /* bytes from surf.base */
    const uint8_t *host;    /* those bytes mapped (R5xx3dMem.map), or NULL */
} R5xx3dTexLevel;

/* A texture unit as a draw samples it (r5xx_3d_tex.c). */
typedef struct R5xx3dTexUnit {
    bool ok;                /* enabled, and a format the model has */
    R5xxSurf surf;          /* level 0, in blocks of bw x bw texels */
    uint32_t w, h;          /* level 0 in texels */
    R5xx3dTexLevel lvl[R5XX_3D_TEX_LEVELS];
    unsigned first, last;   /* finest and coarsest level sampled */
    unsigned mip;           /* MIP_FILTER: 0 none, 1 nearest, 2 linear */
    bool min_linear;        /* MIN_FILTER linear (or anisotropic) */
    bool need_lod;          /* the LOD picks a level or the filter */
    float lod_bias;
    unsigned fmt;           /* TX_FORMAT1.TXFORMAT */
    unsigned bw;            /* block width: 4 for DXT, else 1 */
    unsigned bytes;         /* bytes per block */
    unsigned wrap[2];       /* CLAMP_S, CLAMP_T */
    bool linear;            /* MAG_FILTER bilinear, else nearest */
    unsigned sel[4];        /* R, G, B, A <- X, Y, Z, W, 0, 1 */
    unsigned sign;          /* SIGNED_COMP: bit 3 X .. bit 0 W */
    bool gamma;             /* sRGB */
    bool dxt_swap;          /* DXTC_SWIZZLE_ENABLE: decoded red in Z */
    uint32_t border;        /* TX_BORDER_COLOR */
    const float *unorm8;    /* W8Z8Y8X8 unsigned: byte to float, else NULL */
} R5xx3dTexUnit;

/* An operand: source 0-2 or 3 (the pre-subtract), swizzle, modifier. */
typedef struct R5xx3dAluArg {
    unsigned sel;
    unsigned swz[3];        /* R, G, B, A, 0, 1/2, 1 */
    unsigned mod;           /* none, negate, abs, -abs */
} R5xx3dAluArg;

/* An RGB and alpha instruction pair, decoded (R300 and R500 alike). */
typedef struct R5xx3dAlu {
    unsigned rgb_presub, alpha_presub;  /* 1-2s0, s1-s0, s1+s0, 1-s0 */
    R5xx3dAluArg rgb[3], alpha[3];      /* A, B, C */
    unsigned rgb_op, alpha_op;          /* R500 numbering (R300's too) */
    unsigned rgb_omod, alpha_omod;
    bool rgb_clamp, alpha_clamp;
    unsigned rgb_dst, alpha_dst;
    unsigned rgb_wmask, rgb_omask;      /* x, y, z bits */
    bool alpha_wmask, alpha_omask;
    unsigned rgb_target, alpha_target;  /* output 0-3 */
} R5xx3dAlu;

/*
 * A source read of a decoded instruction: a temporary, or a value fixed
 * for the draw (a constant, an R500 inline float).
 */
typedef struct R5xx3dSrc {
    bool temp;              /* temp[idx], else val */
    uint8_t idx;
    float val[4];
} R5xx3dSrc;

/* An ALU instruction decoded once a draw (R300 and R500 alike). */
typedef struct R5xx3dAluInst {
    R5xx3dSrc rgb_src[3], alpha_src[3];     /* sources 0-2: xyz, w */
    R5xx3dAlu alu;
} R5xx3dAluInst;

/* A texture instruction decoded once a draw (R300 and R500 alike). */
typedef struct R5xx3dTexInst {
    uint8_t op;             /* R500 numbering; R300's LD, KIL, TXP, TXB too */
    uint8_t unit, src, dst;
    bool unscaled;
    uint8_t coord_swz[4];   /* source component of s, t, r, q */
    uint8_t res_swz[4];     /* result component of x, y, z, w */
    uint8_t wmask;          /* x .. w in bits 0-3 */
} R5xx3dTexInst;

/* An R500 flow control instruction (US_FC_INST, US_FC_ADDR) decoded. */
typedef struct R5xx3dUsFc {
    uint8_t op;             /* JUMP, LOOP, ENDLOOP, REP, ENDREP, BREAK.. */
    bool b_else, jump_any;
    uint8_t a_op;           /* address stack: none, pop, push */
    uint8_t jump_func;      /* bit (alu_result << 2 | pred << 1 | bool) */
    uint8_t pop_cnt;
    uint8_t b_op[2];        /* branch counters if staying, if jumping */
    uint8_t bool_addr, int_addr;
    uint32_t target;        /* JUMP_ADDR as an index of us[] */
} R5xx3dUsFc;

/* An R500 US instruction decoded once a draw. */
typedef struct R5xx3dUsInst {
    uint8_t type;           /* ALU, OUT, FC, TEX */
    bool last;
    bool alu_result;        /* ALU: sets the ALU result flow control reads */
    uint8_t alu_result_sel; /* red, alpha */
    uint8_t alu_result_op;  /* ==, <, >=, != 0 */
    union {
        R5xx3dAluInst alu;
        R5xx3dTexInst tex;
        R5xx3dUsFc fc;
    };
} R5xx3dUsInst;

/* An RS instruction's write: US temp dst from texcoords or a colour. */
typedef struct R5xx3dRsOp {
    bool col;               /* colour col_ptr in col_fmt, else texcoord */
    uint8_t dst;
    uint8_t col_ptr, col_fmt;
    uint8_t sel[4];         /* texcoord list index; 32 is 0.0, 33 is 1.0 */
} R5xx3dRsOp;

#define R5XX_3D_RS_ZERO         32
#define R5XX_3D_RS_ONE          33
#define R5XX_3D_RS_OPS          32      /* 16 instructions, 2 writes each */
#define R5XX_3D_FP_TEX_INSTS    32
#define R5XX_3D_FP_ALU_INSTS    64

/* A colour or Z buffer's bytes, mapped (R5xx3dMem.map) or not. */
typedef struct R5xx3dBuf {
    uint64_t base;
    uint64_t size;          /* the rows the scissors reach */
    uint8_t *host;          /* NULL: through read and write */
} R5xx3dBuf;

/* Bytes [lo, hi) of a buffer written directly (lo > hi: none). */
typedef struct R5xx3dSpan {
    uint64_t lo, hi;
} R5xx3dSpan;

/* A PVS flow control instruction (VAP_PVS_FLOW_CNTL_*) decoded. */
typedef struct R5xx3dVsFc {
    uint8_t op;             /* 1 jump, 2 loop, 3 jsr (0: none) */
    uint16_t act;           /* the instruction after which it acts */
    uint16_t jmp;           /* jump: target; loop: count; jsr: target */
    uint16_t last, rtn;     /* loop, jsr: last instruction, return to */
    uint8_t init;           /* loop: aL's start (LOOP_INDEX) */
    int8_t step;            /* loop: aL's step */
    bool repeat;            /* loop: aL inherited (REPEAT_NO_FLI) */
} R5xx3dVsFc;

#define R5XX_3D_VS_FC           16

/* What one draw needs from the registers, decoded once. */
typedef struct R5xx3dDraw {
    /* VAP */
    uint32_t vs_first, vs_last;         /* PVS instructions */
    uint32_t const_base, const_max;     /* vec4 index in pvs[] */
    float vp_scale[3], vp_offset[3];
    bool xy_fmt, z_fmt, w0_fmt;
    unsigned vs_fc_n;                   /* flow control ops, in order */
    R5xx3dVsFc vs_fc[R5XX_3D_VS_FC];
    /* US */
    uint32_t us_start, us_end;
    /* R300 fragment program: nodes of US_CODE_ADDR_0-3 in order */
    unsigned fp_nodes;
    uint32_t fp_node[4];
    bool fp_first_tex;
    /* the programs, decoded: R500 from us_start on, R300 all of them */
    uint32_t us_n;
    union {
        R5xx3dUsInst us[R5XX_3D_US_INSTS];
        struct {
            R5xx3dAluInst fp_alu[R5XX_3D_FP_ALU_INSTS];
            R5xx3dTexInst fp_tex[R5XX_3D_FP_TEX_INSTS];
        };
    };
    /*
     * What a pixel's shader run charges (r5xx_3d_charge(), in order: one
     * charge on R500, one a node on R300), and the temporaries an
     * ALU-only program reads or writes (1 + the highest; UINT32_MAX for a
     * program with TEX or FC instructions).  With those all below
     * d->temps, its result is a function of the RS's inputs alone, and
     * the raster reuses the last pixel's result for the same inputs.
     */
    unsigned shade_charges;
    uint32_t shade_units[4];
    uint32_t prog_temps;
    bool memo;
    /* the RS, decoded */
    unsigned rs_n;
    R5xx3dRsOp rs[R5XX_3D_RS_OPS];
    bool point_stuff;                   /* GB_ENABLE POINT_STUFF_ENABLE */
    /* texture units */
    uint32_t tex_enable;
    bool need_deriv;                    /* a unit needs a LOD */
    float unorm8[256];                  /* x / 255.0f, when a unit needs it */
    R5xx3dTexUnit tex[R5XX_3D_TEX_UNITS];
    /* raster */
    unsigned ncol, ntex;                /* colours, texcoord components */
    unsigned temps;                     /* US_PIXSIZE + 1 */
    int32_t sc_x0, sc_y0, sc_x1, sc_y1; /* inclusive */
    bool cull_front, cull_back, cw_front;
    /* colour buffer 0 */
    R5xxSurf cb;
    R5xx3dBuf cbuf;
    bool cb_ok;
    uint32_t cb_mask;                   /* bits of a pixel written */
    unsigned out_sel[4];                /* component c <- shader channel */
    unsigned cb_n;                      /* fields of a pixel, low first */
    uint8_t cb_comp[4], cb_bits[4];     /* field i: component, width */
    /* blending (RB3D_BLENDCNTL, RB3D_ABLENDCNTL) */
    bool blend;
    unsigned cfunc, csrc, cdst, afunc, asrc, adst;
    float blend_const[4];               /* RGBA */
    /* Z buffer */
    R5xxSurf zb;
    R5xx3dBuf zbuf;
    bool z_test, z_write, z_ok;
    bool cbzb;                          /* ZB_CB_CLEAR: write the value */
    uint32_t cbzb_value;                /* ZB_DEPTHCLEARVALUE */
    unsigned z_func;
    bool z16;
} R5xx3dDraw;

/* r5xx_3d_core.c */
void r5xx_3d_error(R5xx3d *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void r5xx_3d_unimp(R5xx3d *st, R5xx3dUnimp what, const char *name);
/* Charge work to the draw; false once the draw is over its budget. */
bool r5xx_3d_charge(R5xx3d *st, uint64_t units);

/* r5xx_3d_vs.c: vertex fetch, PVS, viewport */
void r5xx_3d_vs_setup(R5xx3d *st, R5xx3dDraw *d);
/*
 * Fetch vertex index (arrays) or the vertex at dwords (immediate, n
 * dwords), run the PVS and the viewport transform into v.
 */
void r5xx_3d_vertex(R5xx3d *st, const R5xx3dDraw *d, uint32_t index,
                    const uint32_t *dwords, uint32_t n, R5xx3dVtx *v);
/* The PVS alone: inputs in, outputs out (the tests call it). */
void r5xx_3d_pvs_run(R5xx3d *st, const R5xx3dDraw *d,
                     float in[R5XX_3D_VS_INPUTS][4],
                     float out[R5XX_3D_VS_OUTS][4]);

/* r5xx_3d_raster.c: setup, rasterisation, RS, Z, colour */
bool r5xx_3d_raster_setup(R5xx3d *st, R5xx3dDraw *d);
void r5xx_3d_triangle(R5xx3d *st, const R5xx3dDraw *d, const R5xx3dVtx *a,
                      const R5xx3dVtx *b, const R5xx3dVtx *c);
void r5xx_3d_point(R5xx3d *st, const R5xx3dDraw *d, const R5xx3dVtx *v);
/*
 * Coverage of a triangle in 1/12-pixel fixed point by GL's rules (pixel
 * centres, top-left rule), clipped to [x0, x1] x [y0, y1]; calls fn with
 * barycentric weights of a, b, c for each covered pixel.  Returns false
 * if it stopped because the draw ran out of budget.
 */
typedef void R5xx3dPixelFn(void *opaque, int32_t x, int32_t y,
                           const float bary[3]);
bool r5xx_3d_raster_tri(R5xx3d *st, const int32_t fx[3], const int32_t fy[3],
                        int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                        R5xx3dPixelFn *fn, void *opaque);

/*
 * Derivatives for texture LOD (R500 US and R300 FP alike).  Shaders run a
 * pixel at a time; where a draw needs a LOD, the raster first shades the
 * pixel's neighbours in its 2x2 quad across (slot 1) and down (slot 2),
 * which record each texture instruction's (s, t), then the pixel itself
 * (slot 0), whose texture instructions take the differences: GL's rho
 * from the quad's coarse derivatives.
 */
#define R5XX_3D_DERIV_TEX       32      /* texture instructions a pixel */

typedef struct R5xx3dDeriv {
    unsigned slot;          /* 0 the pixel, 1 across, 2 down */
    unsigned n;             /* texture instructions met in this run */
    float sx, sy;           /* the neighbour's side: +1 or -1 */
    uint32_t have[3];       /* bit k: c[slot][k] recorded */
    float c[3][R5XX_3D_DERIV_TEX][2];
} R5xx3dDeriv;

/*
 * The LOD of the pixel's texture instruction sampling unit at coord
 * (recorded for the neighbours); NaN where none is known.
 */
float r5xx_3d_tex_lod(R5xx3d *st, const R5xx3dDraw *d, unsigned unit,
                      const float coord[4], bool unscaled);

/* r5xx_3d_tex.c: the texture units */
void r5xx_3d_tex_setup(R5xx3d *st, R5xx3dDraw *d);
/*
 * Sample unit at coord (s, t; in texels when unscaled, else normalised):
 * out gets R, G, B, A after the unit's swizzle.
 */
void r5xx_3d_tex_sample(R5xx3d *st, const R5xx3dDraw *d, unsigned unit,
                        const float coord[4], bool unscaled, float out[4]);
/*
 * As r5xx_3d_tex_sample() at level of detail lod (log2 of texels of the
 * finest level sampled per pixel, before TX_FILTER1's bias; NaN: none
 * known, the finest level with MAG_FILTER).
 */
void r5xx_3d_tex_sample_lod(R5xx3d *st, const R5xx3dDraw *d, unsigned unit,
                            const float coord[4], bool unscaled, float lod,
                            float out[4]);

/* r5xx_3d_us.c: the R500 fragment shader and the ALU it shares */

/* 1 + the highest temporary a decoded ALU instruction reads or writes. */
unsigned r5xx_3d_alu_temps(const R5xx3dAluInst *ai);
/*
 * Run a decoded ALU instruction (R300 and R500 alike) on temp, out; res,
 * if not NULL, gets its red and alpha results (after modifier and clamp).
 */
void r5xx_3d_alu_run(const R5xx3dAluInst *ai,
                     float temp[R5XX_3D_US_TEMPS][4], float out[4],
                     float res[2]);
/* Decode the R500 program (and the constants it reads) for a draw. */
void r5xx_3d_us_setup(R5xx3d *st, R5xx3dDraw *d);
/*
 * Run the R500 US program over temps (the RS filled its inputs); out gets
 * colour output 0; returns false if the pixel is killed.
 */
bool r5xx_3d_us_run(R5xx3d *st, const R5xx3dDraw *d,
                    float temp[R5XX_3D_US_TEMPS][4], float out[4]);

/* r5xx_3d_fp.c: the R300 fragment program */
void r5xx_3d_fp_setup(R5xx3d *st, R5xx3dDraw *d);
/* As r5xx_3d_us_run(), for the R300 US. */
bool r5xx_3d_fp_run(R5xx3d *st, const R5xx3dDraw *d,
                    float temp[R5XX_3D_US_TEMPS][4], float out[4]);

#endif /* HW_DISPLAY_R5XX_3D_INT_H */
