/*
 * ATI/AMD Radeon R3xx-R5xx model: the 3D engine's QEMU-free core.
 *
 * Plain C, host unit-tested (tests/model/unit/unit_3d.c) and fuzzed
 * (tests/fuzz/3d_fuzz.c).  It captures the 3D register state the CP
 * writes, keeps the memories behind the data ports (PVS code and
 * constants, R500 US code and constants, the index stream), and runs a
 * draw packet to the end: vertex fetch, PVS, viewport, triangle setup and
 * rasterisation, RS, the R500 US and the colour and Z writes.  All memory
 * goes through R5xx3dMem, so the core does not know about QEMU, VRAM or
 * the GART.  Documentation/qemu-model.rst, "3D engine", has the design.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_DISPLAY_R5XX_3D_CORE_H
#define HW_DISPLAY_R5XX_3D_CORE_H

#include <math.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The 3D registers the core keeps: every offset below this. */
#define R5XX_3D_REGS            (0x5000 / 4)
#define R5XX_3D_PVS_VECS        2048    /* code, constants, UCPs (vec4) */
#define R5XX_3D_US_INSTS        512     /* R500 US instructions */
#define R5XX_3D_US_CONSTS       256     /* R500 US constants (vec4) */
#define R5XX_3D_AOS             16      /* vertex arrays of 3D_LOAD_VBPNTR */
/* Most indices one draw collects through VAP_PORT_IDX0 (INDX_BUFFER). */
#define R5XX_3D_MAX_INDICES     (1u << 20)
/*
 * Work one draw may do, in shader instructions plus pixels visited: a
 * bound on the time a guest's draw can take (about a second here);
 * a draw that reaches it is cut short with a guest error.
 */
#define R5XX_3D_WORK_BUDGET     (1ull << 30)
/* Guest errors one draw reports (per vertex ones could be millions). */
#define R5XX_3D_DRAW_ERRORS     16

/*
 * How the core reaches memory and reports guest errors.  Addresses are MC
 * addresses (the GPU's view).  read fills buf (zeros where unmapped) and
 * returns false if any of it was unmapped; write drops what is unmapped.
 * guest_error gets one line without a newline.  map (optional, NULL if
 * none) gives a host pointer to len bytes at addr to read and write
 * directly for the rest of the draw, or NULL where they are not all plain
 * memory (read and write then do); written is told the ranges the core
 * wrote through such a pointer (at the end of each primitive).
 */
typedef struct R5xx3dMem {
    void *opaque;
    bool (*read)(void *opaque, uint64_t addr, void *buf, uint32_t len);
    bool (*write)(void *opaque, uint64_t addr, const void *buf,
                  uint32_t len);
    void (*guest_error)(void *opaque, const char *msg);
    void *(*map)(void *opaque, uint64_t addr, uint64_t len);
    void (*written)(void *opaque, uint64_t addr, uint64_t len);
} R5xx3dMem;

/* One vertex array of 3D_LOAD_VBPNTR. */
typedef struct R5xx3dAos {
    uint64_t addr;          /* byte address */
    uint32_t count;         /* dwords of an element */
    uint32_t stride;        /* dwords from one element to the next */
} R5xx3dAos;

/* An indexed draw waiting for its indices (3D_DRAW_INDX_2 + INDX_BUFFER). */
typedef struct R5xx3dIndexWait {
    bool active;
    uint32_t vf_cntl;
    uint32_t need;          /* indices the draw takes */
    uint32_t got;
    uint32_t cap;           /* allocated entries of idx */
    uint32_t *idx;
} R5xx3dIndexWait;

/*
 * A draw the core has decoded but not run (R5xx3d.defer): what
 * r5xx_3d_exec() needs besides the state, with its own copies of the
 * indices or immediate vertex dwords.
 */
typedef struct R5xx3dPending {
    uint32_t vf_cntl;
    uint32_t count;         /* vertices */
    uint32_t *idx;          /* indexed draw: count indices, else NULL */
    uint32_t *immd;         /* immediate draw: count * vtx_dwords, else NULL */
    uint32_t vtx_dwords;
} R5xx3dPending;

typedef struct R5xx3d {
    bool r500;              /* R500 register meanings (RV515 on) */
    R5xx3dMem mem;
    /*
     * With defer, a draw is not run where it is decoded but left in
     * pending for the caller to run with r5xx_3d_exec() on a copy of the
     * state (the QEMU glue's worker thread).
     */
    bool defer;
    R5xx3dPending *pending;
    /* Read (relaxed atomic) where work is charged: true stops the draw. */
    const bool *abort;

    uint32_t regs[R5XX_3D_REGS];        /* by offset / 4 */

    /* PVS memory behind VAP_PVS_VECTOR_INDX_REG / _DATA_REG */
    uint32_t pvs[R5XX_3D_PVS_VECS][4];
    uint32_t pvs_index;     /* vec4 being written */
    uint32_t pvs_sub;       /* next dword of it */

    /* R500 US memory behind GA_US_VECTOR_INDEX / _DATA */
    uint32_t us_inst[R5XX_3D_US_INSTS][6];
    uint32_t us_const[R5XX_3D_US_CONSTS][4];
    uint32_t us_index;
    uint32_t us_sub;
    bool us_type_const;

    R5xx3dAos aos[R5XX_3D_AOS];
    uint32_t num_aos;

    R5xx3dIndexWait iw;

    /* per pixel: the raster's quad derivatives, or NULL */
    struct R5xx3dDeriv *deriv;

    /* per draw */
    uint64_t budget;        /* R5XX_3D_WORK_BUDGET; tests lower it */
    uint64_t work;          /* against budget */
    bool over_budget;
    bool drawing;           /* inside a draw: errors are counted */
    uint32_t draw_errors;

    /* statistics, for tests and tracing */
    uint64_t draws;
    uint64_t triangles;
    uint64_t pixels_written;
    uint32_t unimp_logged;  /* R5xx3dUnimp bits already reported */
} R5xx3d;

/* Power-on state; mem is kept.  Frees nothing: see r5xx_3d_fini(). */
void r5xx_3d_init(R5xx3d *st, bool r500, const R5xx3dMem *mem);
void r5xx_3d_reset(R5xx3d *st);
void r5xx_3d_fini(R5xx3d *st);

/*
 * Whether offset reg (bytes) is a register the 3D core takes; the caller
 * routes those writes to r5xx_3d_reg_write().
 */
bool r5xx_3d_is_reg(uint32_t reg);
/*
 * A register write by the CP or the host: captured, or written through to
 * a data port.  A write to VAP_PORT_IDX0 while an indexed draw waits for
 * its indices adds indices and may run the draw.
 */
void r5xx_3d_reg_write(R5xx3d *st, uint32_t reg, uint32_t val);
/* A type-3 packet of the 3D engine: opcode, body of n dwords. */
void r5xx_3d_packet3(R5xx3d *st, unsigned opcode, const uint32_t *body,
                     uint32_t n);
/* Whether the type-3 opcode is one r5xx_3d_packet3() takes. */
bool r5xx_3d_is_packet3(unsigned opcode);

/*
 * Deferred draws.  r5xx_3d_take_pending() hands over the draw the last
 * call left (or NULL); r5xx_3d_snapshot() copies what a draw reads into
 * dst (a state of its own: no pending draw or index wait, no abort);
 * r5xx_3d_exec() runs the draw on it and frees p.  The snapshot's
 * statistics and unimp_logged can be merged back with
 * r5xx_3d_merge_stats().
 */
R5xx3dPending *r5xx_3d_take_pending(R5xx3d *st);
void r5xx_3d_snapshot(R5xx3d *dst, const R5xx3d *src);
void r5xx_3d_exec(R5xx3d *st, R5xx3dPending *p);
void r5xx_3d_pending_free(R5xx3dPending *p);
void r5xx_3d_merge_stats(R5xx3d *dst, const R5xx3d *done);

/* Helpers the tests use too ------------------------------------------------ */

/* IEEE single from and to its bits. */
float r5xx_3d_f32(uint32_t bits);
uint32_t r5xx_3d_bits(float f);
/*
 * f rounded to the nearest integer (lrintf: the current rounding mode) and
 * clamped to [lo, hi]; NaN gives lo.  Inline, without a libm call, for the
 * pixel loops: below 2^22, adding and taking away 1.5 * 2^23 rounds f the
 * way lrintf does.
 */
static inline int32_t r5xx_3d_f2i(float f, int32_t lo, int32_t hi)
{
    if (!(f >= (float)lo)) {        /* NaN too */
        return lo;
    }
    if (f >= (float)hi) {
        return hi;
    }
    if (f < 0x1p22f && f > -0x1p22f) {
        return (int32_t)((f + 0x1.8p23f) - 0x1.8p23f);
    }
    return (int32_t)lrintf(f);
}

#endif /* HW_DISPLAY_R5XX_3D_CORE_H */
