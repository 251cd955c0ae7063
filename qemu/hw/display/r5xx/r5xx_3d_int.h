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

/* Things the model leaves out; each is reported once (LOG_UNIMP-like). */
typedef enum R5xx3dUnimp {
    R5XX_3D_UNIMP_PRIM = 1u << 0,       /* lines */
    R5XX_3D_UNIMP_CFMT = 1u << 1,       /* colour formats but ARGB8888 */
    R5XX_3D_UNIMP_R300_FS = 1u << 2,    /* R300 fragment programs */
    R5XX_3D_UNIMP_TEX = 1u << 3,        /* texture fetch */
    R5XX_3D_UNIMP_FC = 1u << 4,         /* PVS / US flow control */
    R5XX_3D_UNIMP_BLEND = 1u << 5,      /* ROPs */
    R5XX_3D_UNIMP_STENCIL = 1u << 6,
    R5XX_3D_UNIMP_PSC = 1u << 7,        /* PSC data types */
    R5XX_3D_UNIMP_TILE = 1u << 8,       /* square micro tiles */
} R5xx3dUnimp;

/* A vertex after the PVS and the viewport, as the GA gets it. */
typedef struct R5xx3dVtx {
    float win[4];           /* window x, y, z; 1/w */
    bool culled;            /* behind the eye (w <= 0): not drawn */
    float col[4][4];        /* colours 0-3 (VAP_OUT_VTX_FMT_0) */
    float tex[R5XX_3D_TEXCOMP]; /* texcoord components, packed in order */
    float psize;
} R5xx3dVtx;

/* What one draw needs from the registers, decoded once. */
typedef struct R5xx3dDraw {
    /* VAP */
    uint32_t vs_first, vs_last;         /* PVS instructions */
    uint32_t const_base, const_max;     /* vec4 index in pvs[] */
    float vp_scale[3], vp_offset[3];
    bool xy_fmt, z_fmt, w0_fmt;
    /* US */
    uint32_t us_start, us_end;
    /* raster */
    int32_t sc_x0, sc_y0, sc_x1, sc_y1; /* inclusive */
    bool cull_front, cull_back, cw_front;
    /* colour buffer 0 */
    R5xxSurf cb;
    bool cb_ok;
    uint32_t cb_mask;                   /* byte lanes written */
    unsigned out_sel[4];                /* component c <- shader channel */
    /* blending (RB3D_BLENDCNTL, RB3D_ABLENDCNTL) */
    bool blend;
    unsigned cfunc, csrc, cdst, afunc, asrc, adst;
    float blend_const[4];               /* RGBA */
    /* Z buffer */
    R5xxSurf zb;
    bool z_test, z_write, z_ok;
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

/* r5xx_3d_us.c: the R500 fragment shader */
void r5xx_3d_us_setup(R5xx3d *st, R5xx3dDraw *d);
/*
 * Run the R500 US program over temps (the RS filled its inputs); out gets
 * colour output 0; returns false if the pixel is killed.
 */
bool r5xx_3d_us_run(R5xx3d *st, const R5xx3dDraw *d,
                    float temp[R5XX_3D_US_TEMPS][4], float out[4]);

#endif /* HW_DISPLAY_R5XX_3D_INT_H */
