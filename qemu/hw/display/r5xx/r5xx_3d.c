/*
 * ATI/AMD Radeon R3xx-R5xx model: the 3D engine in the device.
 *
 * The QEMU glue of the QEMU-free 3D core (r5xx_3d_core.c and friends;
 * Documentation/qemu-model-3d.rst has the design).  The live core state
 * takes every 3D register write (MMIO or CP, r5xx_reg_write) and the 3D
 * type-3 packets of the CP (r5xx_pm4_3d) with draws deferred: a packet or
 * index write that completes a draw leaves it pending, and the draw runs
 * on a snapshot of the state in the engine's worker thread, so the vCPU
 * and the display carry on and no BQL is held while drawing.
 *
 * One draw is in flight at a time.  While it runs the CP does not consume
 * (r5xx_cp.c asks r5xx_3d_engine_busy), RBBM_STATUS shows the 3D engine
 * busy, so a fence written after the draw lands after its pixels.  The
 * worker reaches memory through a view of the MC taken when the draw
 * started (r5xx_mc_view_init): VRAM directly, GART pages when they are
 * guest RAM.  Its last act is to schedule done_bh, which retires the draw
 * under the BQL and restarts the CP.  A device reset or a soft reset of a
 * 3D block sets the abort flag the core reads where it charges work,
 * waits for the worker, and drops the draw.
 *
 * Copyright (c) 2026 The r5xx authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/main-loop.h"
#include "qemu/rcu.h"
#include "r5xx_int.h"
#include "r5xx_pm4.h"
#include "trace.h"

/* Core callbacks ---------------------------------------------------------- */

/* The live state never draws; its callbacks go the BQL way for safety. */
static bool r5xx_3d_live_read(void *opaque, uint64_t addr, void *buf,
                              uint32_t len)
{
    r5xx_mc_read(opaque, addr, buf, len);
    return true;
}

static bool r5xx_3d_live_write(void *opaque, uint64_t addr, const void *buf,
                               uint32_t len)
{
    r5xx_mc_write(opaque, addr, buf, len);
    return true;
}

static void r5xx_3d_guest_error(void *opaque, const char *msg)
{
    qemu_log_mask(LOG_GUEST_ERROR, "r5xx: %s\n", msg);
}

/* The worker's: through the job's MC view, without the BQL. */
static bool r5xx_3d_job_read(void *opaque, uint64_t addr, void *buf,
                             uint32_t len)
{
    return r5xx_mc_view_access(opaque, addr, buf, len, false);
}

static bool r5xx_3d_job_write(void *opaque, uint64_t addr, const void *buf,
                              uint32_t len)
{
    return r5xx_mc_view_access(opaque, addr, (void *)buf, len, true);
}

static void *r5xx_3d_job_map(void *opaque, uint64_t addr, uint64_t len)
{
    return r5xx_mc_view_map(opaque, addr, len);
}

static void r5xx_3d_job_written(void *opaque, uint64_t addr, uint64_t len)
{
    r5xx_mc_view_written(opaque, addr, len);
}

/* The worker ------------------------------------------------------------- */

static void *r5xx_3d_worker(void *opaque)
{
    R5xx3dEngine *e = opaque;

    rcu_register_thread();
    qemu_mutex_lock(&e->lock);
    for (;;) {
        while (!e->quit && e->state != R5XX_3D_QUEUED) {
            qemu_cond_wait(&e->cond, &e->lock);
        }
        if (e->quit) {
            break;
        }
        qatomic_set(&e->state, R5XX_3D_RUNNING);
        qemu_mutex_unlock(&e->lock);

        r5xx_3d_exec(&e->job.st, e->job.p);
        e->job.p = NULL;

        qemu_mutex_lock(&e->lock);
        qatomic_set(&e->state, R5XX_3D_DONE);
        qemu_cond_broadcast(&e->cond);
        qemu_bh_schedule(e->done_bh);
    }
    qemu_mutex_unlock(&e->lock);
    rcu_unregister_thread();
    return NULL;
}

/* Under the BQL and e->lock: a finished draw leaves the engine. */
static void r5xx_3d_retire(R5xxState *s)
{
    R5xx3dEngine *e = &s->threed;

    r5xx_3d_merge_stats(&e->live, &e->job.st);
    r5xx_mc_view_fini(s, &e->job.mc);
    trace_r5xx_3d_done(e->job.st.triangles, e->job.st.pixels_written,
                       e->job.st.work);
    qatomic_set(&e->state, R5XX_3D_IDLE);
}

/* Under the BQL: wait for the draw in flight (if any) and retire it. */
static void r5xx_3d_wait(R5xxState *s)
{
    R5xx3dEngine *e = &s->threed;

    qemu_mutex_lock(&e->lock);
    while (e->state == R5XX_3D_QUEUED || e->state == R5XX_3D_RUNNING) {
        qemu_cond_wait(&e->cond, &e->lock);
    }
    if (e->state == R5XX_3D_DONE) {
        r5xx_3d_retire(s);
    }
    qemu_mutex_unlock(&e->lock);
}

static void r5xx_3d_done_bh(void *opaque)
{
    R5xxState *s = opaque;
    R5xx3dEngine *e = &s->threed;

    qemu_mutex_lock(&e->lock);
    if (e->state == R5XX_3D_DONE) {
        r5xx_3d_retire(s);
    }
    qemu_mutex_unlock(&e->lock);
    r5xx_cp_kick(s);
}

/* Under the BQL: hand the draw the last core call left to the worker. */
static void r5xx_3d_submit(R5xxState *s)
{
    R5xx3dEngine *e = &s->threed;
    R5xx3dPending *p = r5xx_3d_take_pending(&e->live);
    R5xx3dJob *job = &e->job;

    if (!p) {
        return;
    }
    /* a draw the host started over MMIO may come behind another */
    r5xx_3d_wait(s);
    trace_r5xx_3d_draw(p->vf_cntl, p->count);
    r5xx_3d_snapshot(&job->st, &e->live);
    job->st.mem.opaque = &job->mc;
    job->st.mem.read = r5xx_3d_job_read;
    job->st.mem.write = r5xx_3d_job_write;
    job->st.mem.map = r5xx_3d_job_map;
    job->st.mem.written = r5xx_3d_job_written;
    job->st.mem.guest_error = r5xx_3d_guest_error;
    job->st.abort = &e->abort;
    job->p = p;
    r5xx_mc_view_init(s, &job->mc);

    qemu_mutex_lock(&e->lock);
    qatomic_set(&e->state, R5XX_3D_QUEUED);
    qemu_cond_broadcast(&e->cond);
    qemu_mutex_unlock(&e->lock);
}

/* Stop the draw in flight and drop it. */
static void r5xx_3d_abort(R5xxState *s)
{
    R5xx3dEngine *e = &s->threed;

    qatomic_set(&e->abort, true);
    r5xx_3d_wait(s);
    qatomic_set(&e->abort, false);
}

/* Interfaces -------------------------------------------------------------- */

bool r5xx_3d_engine_busy(R5xxState *s)
{
    return qatomic_read(&s->threed.state) != R5XX_3D_IDLE;
}

void r5xx_3d_engine_write(R5xxState *s, uint32_t addr, uint32_t val)
{
    r5xx_3d_reg_write(&s->threed.live, addr, val);
    r5xx_3d_submit(s);
}

void r5xx_pm4_3d(R5xxState *s, uint32_t hdr, const uint32_t *body,
                 uint32_t n)
{
    r5xx_3d_packet3(&s->threed.live, R5XX_PM4_T3_OPCODE(hdr), body, n);
    r5xx_3d_submit(s);
}

/* RBBM_SOFT_RESET: a soft reset of a 3D block stops the draw. */
void r5xx_3d_engine_soft_reset(R5xxState *s, uint32_t val)
{
    if (val & (R_RBBM_SOFT_RESET_SOFT_RESET_VAP_MASK |
               R_RBBM_SOFT_RESET_SOFT_RESET_RE_MASK |
               R_RBBM_SOFT_RESET_SOFT_RESET_PP_MASK |
               R_RBBM_SOFT_RESET_SOFT_RESET_RB_MASK |
               R_RBBM_SOFT_RESET_SOFT_RESET_GA_MASK)) {
        r5xx_3d_abort(s);
    }
}

void r5xx_3d_engine_reset(R5xxState *s)
{
    r5xx_3d_abort(s);
    r5xx_3d_reset(&s->threed.live);
}

void r5xx_3d_engine_init(R5xxState *s)
{
    R5xx3dEngine *e = &s->threed;
    const R5xx3dMem mem = {
        .opaque = s,
        .read = r5xx_3d_live_read,
        .write = r5xx_3d_live_write,
        .guest_error = r5xx_3d_guest_error,
    };

    r5xx_3d_init(&e->live, r5xx_is_r5xx(s) && !s->info->r300_3d, &mem);
    e->live.defer = true;
    e->state = R5XX_3D_IDLE;
    e->abort = false;
    e->quit = false;
    qemu_mutex_init(&e->lock);
    qemu_cond_init(&e->cond);
    e->done_bh = qemu_bh_new_guarded(r5xx_3d_done_bh, s,
                                     &DEVICE(s)->mem_reentrancy_guard);
    qemu_thread_create(&e->thread, "r5xx-3d", r5xx_3d_worker, e,
                       QEMU_THREAD_JOINABLE);
}

void r5xx_3d_engine_fini(R5xxState *s)
{
    R5xx3dEngine *e = &s->threed;

    qatomic_set(&e->abort, true);
    qemu_mutex_lock(&e->lock);
    e->quit = true;
    qemu_cond_broadcast(&e->cond);
    qemu_mutex_unlock(&e->lock);
    qemu_thread_join(&e->thread);
    r5xx_3d_pending_free(e->job.p);
    e->job.p = NULL;
    r5xx_3d_fini(&e->live);
    qemu_bh_delete(e->done_bh);
    e->done_bh = NULL;
    qemu_cond_destroy(&e->cond);
    qemu_mutex_destroy(&e->lock);
}
