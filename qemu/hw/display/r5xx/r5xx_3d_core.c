/*
 * ATI/AMD Radeon R3xx-R5xx model: the 3D engine's QEMU-free core, state
 * capture and draws.  See r5xx_3d_core.h.
 *
 * Register writes land in st->regs; the data ports (PVS, R500 US, index
 * port) fill the core's memories.  A draw packet decodes what it needs from
 * the registers once (R5xx3dDraw), then walks its vertices through a small
 * cache of shaded vertices and assembles primitives for the rasteriser.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "r5xx_3d_int.h"
#include "r5xx_pm4.h"
#include "r5xx_regs.h"

/* Helpers ---------------------------------------------------------------- */

float r5xx_3d_f32(uint32_t bits)
{
    float f;

    memcpy(&f, &bits, sizeof(f));
    return f;
}

uint32_t r5xx_3d_bits(float f)
{
    uint32_t bits;

    memcpy(&bits, &f, sizeof(bits));
    return bits;
}

void r5xx_3d_error(R5xx3d *st, const char *fmt, ...)
{
    char msg[224];
    va_list ap;

    if (st->drawing && ++st->draw_errors > R5XX_3D_DRAW_ERRORS) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (st->drawing && st->draw_errors == R5XX_3D_DRAW_ERRORS) {
        size_t len = strlen(msg);

        snprintf(msg + len, sizeof(msg) - len, " (further errors of this "
                 "draw are not reported)");
    }
    if (st->mem.guest_error) {
        st->mem.guest_error(st->mem.opaque, msg);
    }
}

void r5xx_3d_unimp(R5xx3d *st, R5xx3dUnimp what, const char *name)
{
    if (st->unimp_logged & what) {
        return;
    }
    st->unimp_logged |= what;
    r5xx_3d_error(st, "3D: %s not implemented by the model", name);
}

bool r5xx_3d_charge(R5xx3d *st, uint64_t units)
{
    if (st->over_budget) {
        return false;
    }
    if (st->abort && __atomic_load_n(st->abort, __ATOMIC_RELAXED)) {
        st->over_budget = true;         /* stopped, not a guest error */
        return false;
    }
    st->work += units;
    if (st->work > st->budget) {
        st->over_budget = true;
        r5xx_3d_error(st, "3D: draw over the model's work budget "
                      "(%llu units), cut short",
                      (unsigned long long)st->budget);
        return false;
    }
    return true;
}

/* State ------------------------------------------------------------------ */

void r5xx_3d_init(R5xx3d *st, bool r500, const R5xx3dMem *mem)
{
    memset(st, 0, sizeof(*st));
    st->r500 = r500;
    st->mem = *mem;
    st->budget = R5XX_3D_WORK_BUDGET;
}

void r5xx_3d_reset(R5xx3d *st)
{
    R5xx3dMem mem = st->mem;
    bool r500 = st->r500;
    bool defer = st->defer;
    const bool *abort = st->abort;
    uint32_t *idx = st->iw.idx;
    uint32_t cap = st->iw.cap;
    uint64_t budget = st->budget;

    r5xx_3d_pending_free(st->pending);
    memset(st, 0, sizeof(*st));
    st->r500 = r500;
    st->mem = mem;
    st->defer = defer;
    st->abort = abort;
    st->budget = budget;
    st->iw.idx = idx;
    st->iw.cap = cap;
}

void r5xx_3d_fini(R5xx3d *st)
{
    free(st->iw.idx);
    st->iw.idx = NULL;
    st->iw.cap = 0;
    r5xx_3d_pending_free(st->pending);
    st->pending = NULL;
}

bool r5xx_3d_is_reg(uint32_t reg)
{
    if (reg & 3) {
        return false;
    }
    return (reg >= A_VAP_VPORT_XSCALE && reg <= A_VAP_VPORT_ZOFFSET) ||
           (reg >= 0x2000 && reg < 0x2600) ||
           (reg >= 0x4000 && reg < 0x5000);
}

static void r5xx_3d_pvs_data(R5xx3d *st, uint32_t val)
{
    st->pvs[st->pvs_index % R5XX_3D_PVS_VECS][st->pvs_sub] = val;
    if (++st->pvs_sub == 4) {
        st->pvs_sub = 0;
        st->pvs_index = (st->pvs_index + 1) % R5XX_3D_PVS_VECS;
    }
}

static void r5xx_3d_us_data(R5xx3d *st, uint32_t val)
{
    if (st->us_type_const) {
        st->us_const[st->us_index % R5XX_3D_US_CONSTS][st->us_sub] = val;
        if (++st->us_sub == 4) {
            st->us_sub = 0;
            st->us_index = (st->us_index + 1) % R5XX_3D_US_CONSTS;
        }
    } else {
        st->us_inst[st->us_index % R5XX_3D_US_INSTS][st->us_sub] = val;
        if (++st->us_sub == 6) {
            st->us_sub = 0;
            st->us_index = (st->us_index + 1) % R5XX_3D_US_INSTS;
        }
    }
}

static void r5xx_3d_draw_indexed(R5xx3d *st, uint32_t vf_cntl,
                                 const uint32_t *idx, uint32_t count);

/* One dword of the index stream an INDX_BUFFER sends to VAP_PORT_IDX0. */
static void r5xx_3d_index_data(R5xx3d *st, uint32_t val)
{
    R5xx3dIndexWait *iw = &st->iw;
    bool idx32 = FIELD_EX32(iw->vf_cntl, VAP_VF_CNTL, INDEX_SIZE);

    if (!iw->active) {
        r5xx_3d_error(st, "3D: index 0x%08x written with no indexed draw "
                      "waiting, dropped", val);
        return;
    }
    for (unsigned h = 0; h < (idx32 ? 1 : 2) && iw->got < iw->need; h++) {
        iw->idx[iw->got++] = idx32 ? val : (val >> (16 * h)) & 0xffff;
    }
    if (iw->got == iw->need) {
        iw->active = false;
        r5xx_3d_draw_indexed(st, iw->vf_cntl, iw->idx, iw->got);
    }
}

void r5xx_3d_reg_write(R5xx3d *st, uint32_t reg, uint32_t val)
{
    if (!r5xx_3d_is_reg(reg)) {
        return;
    }
    st->regs[reg / 4] = val;
    switch (reg) {
    case A_VAP_PVS_VECTOR_INDX_REG:
        st->pvs_index = val % R5XX_3D_PVS_VECS;
        st->pvs_sub = 0;
        break;
    case A_VAP_PVS_VECTOR_DATA_REG:
    case A_VAP_PVS_VECTOR_DATA_REG_128:
        r5xx_3d_pvs_data(st, val);
        break;
    case A_GA_US_VECTOR_INDEX:
        st->us_index = FIELD_EX32(val, GA_US_VECTOR_INDEX, INDEX);
        st->us_type_const = FIELD_EX32(val, GA_US_VECTOR_INDEX, TYPE);
        st->us_sub = 0;
        break;
    case A_GA_US_VECTOR_DATA:
        if (st->r500) {
            r5xx_3d_us_data(st, val);
        }
        break;
    case A_VAP_PORT_IDX0:
        r5xx_3d_index_data(st, val);
        break;
    default:
        break;
    }
}

/* Draws ------------------------------------------------------------------ */

#define R5XX_3D_VCACHE  32

/* Where a draw's vertices come from, and the shaded ones it keeps. */
typedef struct R5xx3dStream {
    R5xx3d *st;
    R5xx3dDraw d;
    const uint32_t *idx;        /* indexed: the indices, else NULL */
    const uint32_t *immd;       /* immediate: the vertex dwords, else NULL */
    uint32_t vtx_dwords;        /* immediate: dwords per vertex */
    uint32_t min_index, max_index;
    int32_t index_offset;
    uint32_t key[R5XX_3D_VCACHE];
    bool have[R5XX_3D_VCACHE];
    R5xx3dVtx vtx[R5XX_3D_VCACHE];
} R5xx3dStream;

/* The shaded vertex at position k of the draw. */
static const R5xx3dVtx *r5xx_3d_stream_vtx(R5xx3dStream *s, uint32_t k)
{
    uint32_t key = k;
    unsigned slot;

    if (s->idx) {
        int64_t i = (int64_t)s->idx[k] + s->index_offset;

        if (i < s->min_index) {
            i = s->min_index;
        }
        if (i > s->max_index) {
            i = s->max_index;
        }
        key = (uint32_t)i;
    }
    slot = key % R5XX_3D_VCACHE;
    if (!s->have[slot] || s->key[slot] != key) {
        s->have[slot] = true;
        s->key[slot] = key;
        if (s->immd) {
            r5xx_3d_vertex(s->st, &s->d, 0, s->immd + k * s->vtx_dwords,
                           s->vtx_dwords, &s->vtx[slot]);
        } else {
            r5xx_3d_vertex(s->st, &s->d, key, NULL, 0, &s->vtx[slot]);
        }
    }
    return &s->vtx[slot];
}

static void r5xx_3d_tri_k(R5xx3dStream *s, uint32_t a, uint32_t b,
                          uint32_t c)
{
    R5xx3dVtx va = *r5xx_3d_stream_vtx(s, a);
    R5xx3dVtx vb = *r5xx_3d_stream_vtx(s, b);
    const R5xx3dVtx *vc = r5xx_3d_stream_vtx(s, c);

    r5xx_3d_triangle(s->st, &s->d, &va, &vb, vc);
}

/* Assemble the primitives of n vertices (VAP_VF_CNTL.PRIM_TYPE). */
static void r5xx_3d_assemble(R5xx3dStream *s, unsigned prim, uint32_t n)
{
    R5xx3d *st = s->st;
    uint32_t k;

    switch (prim) {
    case 0:                                 /* none */
        break;
    case 1:                                 /* points */
        for (k = 0; k < n && !st->over_budget; k++) {
            r5xx_3d_point(st, &s->d, r5xx_3d_stream_vtx(s, k));
        }
        break;
    case 2:                                 /* lines */
    case 3:                                 /* line strip */
    case 12:                                /* line loop */
        r5xx_3d_unimp(st, R5XX_3D_UNIMP_PRIM, "lines");
        break;
    case 4:                                 /* triangles */
        for (k = 0; k + 2 < n && !st->over_budget; k += 3) {
            r5xx_3d_tri_k(s, k, k + 1, k + 2);
        }
        break;
    case 5:                                 /* triangle fan */
    case 15:                                /* polygon */
        for (k = 1; k + 1 < n && !st->over_budget; k++) {
            r5xx_3d_tri_k(s, 0, k, k + 1);
        }
        break;
    case 6:                                 /* triangle strip */
        for (k = 0; k + 2 < n && !st->over_budget; k++) {
            if (k & 1) {
                r5xx_3d_tri_k(s, k + 1, k, k + 2);
            } else {
                r5xx_3d_tri_k(s, k, k + 1, k + 2);
            }
        }
        break;
    case 13:                                /* quads */
        for (k = 0; k + 3 < n && !st->over_budget; k += 4) {
            r5xx_3d_tri_k(s, k, k + 1, k + 2);
            r5xx_3d_tri_k(s, k, k + 2, k + 3);
        }
        break;
    case 14:                                /* quad strip */
        for (k = 0; k + 3 < n && !st->over_budget; k += 2) {
            r5xx_3d_tri_k(s, k, k + 1, k + 3);
            r5xx_3d_tri_k(s, k, k + 3, k + 2);
        }
        break;
    default:
        r5xx_3d_error(st, "3D: primitive type %u is reserved, draw dropped",
                      prim);
        break;
    }
}

/* Vertices a draw of this VAP_VF_CNTL takes. */
static uint32_t r5xx_3d_num_vertices(R5xx3d *st, uint32_t vf_cntl)
{
    if (st->r500 && FIELD_EX32(vf_cntl, VAP_VF_CNTL, USE_ALT_NUM_VERTS)) {
        return FIELD_EX32(st->regs[R_VAP_ALT_NUM_VERTICES],
                          VAP_ALT_NUM_VERTICES, NUM_VERTICES);
    }
    return FIELD_EX32(vf_cntl, VAP_VF_CNTL, NUM_VERTICES);
}

static void r5xx_3d_draw_now(R5xx3d *st, uint32_t vf_cntl, uint32_t n,
                             const uint32_t *idx, const uint32_t *immd,
                             uint32_t vtx_dwords)
{
    R5xx3dStream *s = calloc(1, sizeof(*s));

    if (!s) {
        r5xx_3d_error(st, "3D: out of memory, draw dropped");
        return;
    }
    s->st = st;
    s->idx = idx;
    s->immd = immd;
    s->vtx_dwords = vtx_dwords;
    s->min_index = FIELD_EX32(st->regs[R_VAP_VF_MIN_VTX_INDX],
                              VAP_VF_MIN_VTX_INDX, MIN_INDX);
    s->max_index = FIELD_EX32(st->regs[R_VAP_VF_MAX_VTX_INDX],
                              VAP_VF_MAX_VTX_INDX, MAX_INDX);
    if (st->r500) {
        /* 25-bit signed bias */
        s->index_offset = (int32_t)(st->regs[R_VAP_INDEX_OFFSET] << 7) >> 7;
    }
    st->work = 0;
    st->over_budget = false;
    st->drawing = true;
    st->draw_errors = 0;
    st->draws++;
    r5xx_3d_vs_setup(st, &s->d);
    if (st->r500) {
        r5xx_3d_us_setup(st, &s->d);
    } else {
        r5xx_3d_fp_setup(st, &s->d);
    }
    r5xx_3d_tex_setup(st, &s->d);
    if (r5xx_3d_raster_setup(st, &s->d)) {
        r5xx_3d_assemble(s, FIELD_EX32(vf_cntl, VAP_VF_CNTL, PRIM_TYPE), n);
    }
    st->drawing = false;
    free(s);
}

void r5xx_3d_pending_free(R5xx3dPending *p)
{
    if (p) {
        free(p->idx);
        free(p->immd);
        free(p);
    }
}

/* Keep a copy of n dwords; false (and a guest error) if out of memory. */
static bool r5xx_3d_dup(R5xx3d *st, uint32_t **dst, const uint32_t *src,
                        uint64_t n)
{
    if (!src || !n) {
        return true;
    }
    *dst = malloc(n * sizeof(**dst));
    if (!*dst) {
        r5xx_3d_error(st, "3D: out of memory, draw dropped");
        return false;
    }
    memcpy(*dst, src, n * sizeof(**dst));
    return true;
}

/* A draw: run now, or left in st->pending for r5xx_3d_exec(). */
static void r5xx_3d_run(R5xx3d *st, uint32_t vf_cntl, uint32_t n,
                        const uint32_t *idx, const uint32_t *immd,
                        uint32_t vtx_dwords)
{
    R5xx3dPending *p;

    if (!st->defer) {
        r5xx_3d_draw_now(st, vf_cntl, n, idx, immd, vtx_dwords);
        return;
    }
    if (st->pending) {
        /* the caller takes each draw after the call that made it */
        r5xx_3d_error(st, "3D: a deferred draw was not taken, dropped");
        r5xx_3d_pending_free(st->pending);
        st->pending = NULL;
    }
    p = calloc(1, sizeof(*p));
    if (!p) {
        r5xx_3d_error(st, "3D: out of memory, draw dropped");
        return;
    }
    p->vf_cntl = vf_cntl;
    p->count = n;
    p->vtx_dwords = vtx_dwords;
    if (!r5xx_3d_dup(st, &p->idx, idx, n) ||
        !r5xx_3d_dup(st, &p->immd, immd, (uint64_t)n * vtx_dwords)) {
        r5xx_3d_pending_free(p);
        return;
    }
    st->pending = p;
}

R5xx3dPending *r5xx_3d_take_pending(R5xx3d *st)
{
    R5xx3dPending *p = st->pending;

    st->pending = NULL;
    return p;
}

void r5xx_3d_snapshot(R5xx3d *dst, const R5xx3d *src)
{
    memcpy(dst, src, sizeof(*dst));
    dst->defer = false;
    dst->pending = NULL;
    dst->abort = NULL;
    dst->deriv = NULL;
    memset(&dst->iw, 0, sizeof(dst->iw));
    dst->draws = dst->triangles = dst->pixels_written = 0;
}

void r5xx_3d_exec(R5xx3d *st, R5xx3dPending *p)
{
    if (!p) {
        return;
    }
    r5xx_3d_draw_now(st, p->vf_cntl, p->count, p->idx, p->immd,
                     p->vtx_dwords);
    r5xx_3d_pending_free(p);
}

void r5xx_3d_merge_stats(R5xx3d *dst, const R5xx3d *done)
{
    dst->draws += done->draws;
    dst->triangles += done->triangles;
    dst->pixels_written += done->pixels_written;
    dst->unimp_logged |= done->unimp_logged;
}

static void r5xx_3d_draw_indexed(R5xx3d *st, uint32_t vf_cntl,
                                 const uint32_t *idx, uint32_t count)
{
    r5xx_3d_run(st, vf_cntl, count, idx, NULL, 0);
}

static bool r5xx_3d_walk(R5xx3d *st, uint32_t vf_cntl, unsigned want,
                         const char *pkt)
{
    unsigned walk = FIELD_EX32(vf_cntl, VAP_VF_CNTL, PRIM_WALK);

    if (walk != want) {
        r5xx_3d_error(st, "3D: %s with PRIM_WALK %u (wants %u), dropped",
                      pkt, walk, want);
        return false;
    }
    return true;
}

/* 3D_LOAD_VBPNTR: NUM_ARRAYS, then per pair ATTR, ADDR(2k), ADDR(2k+1). */
static void r5xx_3d_load_vbpntr(R5xx3d *st, const uint32_t *body,
                                uint32_t n)
{
    uint32_t num = body[0] & 0x1f, i = 1, attr = 0;

    if (num > R5XX_3D_AOS) {
        r5xx_3d_error(st, "3D: LOAD_VBPNTR of %u arrays, the VAP has %u",
                      num, R5XX_3D_AOS);
        num = R5XX_3D_AOS;
    }
    st->num_aos = 0;
    for (uint32_t k = 0; k < num; k++) {
        if (i + (k & 1 ? 1 : 2) > n) {
            r5xx_3d_error(st, "3D: LOAD_VBPNTR ends after %u of %u arrays",
                          k, num);
            return;
        }
        if (!(k & 1)) {
            attr = body[i++];           /* ATTR of arrays k and k + 1 */
        }
        st->aos[k].count = (attr >> (k & 1 ? 16 : 0)) & 0x7f;
        st->aos[k].stride = (attr >> (k & 1 ? 24 : 8)) & 0x7f;
        st->aos[k].addr = body[i++];
        st->num_aos = k + 1;
    }
}

bool r5xx_3d_is_packet3(unsigned opcode)
{
    switch (opcode) {
    case R5XX_PM4_3D_LOAD_VBPNTR:
    case R5XX_PM4_3D_DRAW_VBUF_2:
    case R5XX_PM4_3D_DRAW_IMMD_2:
    case R5XX_PM4_3D_DRAW_INDX_2:
        return true;
    default:
        return false;
    }
}

void r5xx_3d_packet3(R5xx3d *st, unsigned opcode, const uint32_t *body,
                     uint32_t n)
{
    uint32_t vf_cntl, count, have, vtx;

    if (n < 1) {
        r5xx_3d_error(st, "3D: type-3 0x%02x without a body", opcode);
        return;
    }
    if (opcode == R5XX_PM4_3D_LOAD_VBPNTR) {
        r5xx_3d_load_vbpntr(st, body, n);
        return;
    }
    if (!r5xx_3d_is_packet3(opcode)) {
        r5xx_3d_error(st, "3D: type-3 0x%02x is not a 3D draw", opcode);
        return;
    }
    if (st->iw.active) {
        r5xx_3d_error(st, "3D: draw packet while an indexed draw waits for "
                      "%u more indices: that draw is dropped",
                      st->iw.need - st->iw.got);
        st->iw.active = false;
    }
    vf_cntl = body[0];
    st->regs[R_VAP_VF_CNTL] = vf_cntl;
    count = r5xx_3d_num_vertices(st, vf_cntl);

    switch (opcode) {
    case R5XX_PM4_3D_DRAW_VBUF_2:
        if (r5xx_3d_walk(st, vf_cntl, VAP_VF_CNTL_PRIM_WALK_VERTEX_LIST,
                         "3D_DRAW_VBUF_2")) {
            r5xx_3d_run(st, vf_cntl, count, NULL, NULL, 0);
        }
        break;
    case R5XX_PM4_3D_DRAW_IMMD_2:
        if (!r5xx_3d_walk(st, vf_cntl, VAP_VF_CNTL_PRIM_WALK_VERTEX_EMBEDDED,
                          "3D_DRAW_IMMD_2")) {
            break;
        }
        vtx = FIELD_EX32(st->regs[R_VAP_VTX_SIZE], VAP_VTX_SIZE,
                         DWORDS_PER_VTX);
        if (!vtx) {
            r5xx_3d_error(st, "3D: 3D_DRAW_IMMD_2 with VAP_VTX_SIZE 0");
            break;
        }
        have = (n - 1) / vtx;
        if (have < count) {
            r5xx_3d_error(st, "3D: 3D_DRAW_IMMD_2 of %u vertices carries "
                          "%u", count, have);
            count = have;
        }
        r5xx_3d_run(st, vf_cntl, count, NULL, body + 1, vtx);
        break;
    default:                                /* 3D_DRAW_INDX_2 */
        if (!r5xx_3d_walk(st, vf_cntl, VAP_VF_CNTL_PRIM_WALK_INDICES,
                          "3D_DRAW_INDX_2")) {
            break;
        }
        if (count > R5XX_3D_MAX_INDICES) {
            r5xx_3d_error(st, "3D: indexed draw of %u vertices, the model "
                          "takes %u", count, R5XX_3D_MAX_INDICES);
            count = R5XX_3D_MAX_INDICES;
        }
        if (count > st->iw.cap) {
            uint32_t *p = realloc(st->iw.idx, count * sizeof(*p));

            if (!p) {
                r5xx_3d_error(st, "3D: out of memory, draw dropped");
                break;
            }
            st->iw.idx = p;
            st->iw.cap = count;
        }
        st->iw.vf_cntl = vf_cntl;
        st->iw.need = count;
        st->iw.got = 0;
        st->iw.active = count > 0;
        /* indices in the packet; else they come through VAP_PORT_IDX0 */
        for (uint32_t i = 1; i < n && st->iw.active; i++) {
            r5xx_3d_index_data(st, body[i]);
        }
        if (n > 1 && st->iw.active) {
            r5xx_3d_error(st, "3D: 3D_DRAW_INDX_2 of %u vertices carries "
                          "%u indices", count, st->iw.got);
            st->iw.active = false;
            r5xx_3d_draw_indexed(st, vf_cntl, st->iw.idx, st->iw.got);
        }
        break;
    }
}
