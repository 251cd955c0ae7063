// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "r5xx_compat.h"
#include "r5xx_drv.h"

/**
 * DOC: scheduling
 *
 * One DRM GPU scheduler feeds the CP ring. Each open file gets its own
 * &drm_sched_entity (r5xx_sched_file_open()), and the driver has a kernel
 * entity for the work it submits itself (the debugfs fence test). A job is
 * an IB: run_job emits the IB and a fence on the ring and returns the
 * hardware fence, which the interrupt handler signals.
 *
 * At most %R5XX_SCHED_JOBS jobs are on the ring at once; the ring is far
 * larger than they need, so run_job never waits for ring space in normal
 * operation.
 *
 * When a job times out, the hang check first polls the fences (an
 * interrupt may have been lost) and compares the CP read pointer and the
 * last signalled sequence number with the previous check. If either moved,
 * the CP is still working and the job gets another timeout period, so a
 * hang is declared after one to two periods without progress (etnaviv
 * does the same with its front-end DMA address). A real hang goes to
 * r5xx_gpu_recover().
 *
 * The timed-out job is the oldest unfinished one, and the CP executes in
 * order, so it is the guilty one. Recovery gives its scheduler fence
 * -ETIME and does not run its IB again (only a fence, which keeps that
 * error on every kernel); the jobs behind it were lost with the ring and
 * are run again after the reset.
 */

/**
 * DOC: recovery
 *
 * r5xx_gpu_recover() brings the GPU back after a hang. The scheduler's
 * timeout handler calls it; it holds &r5xx_device.reset_lock throughout,
 * so that the debugfs self-tests do not use the ring meanwhile:
 *
 * 1. stop the scheduler; the guilty job's fence gets -ETIME;
 * 2. mask interrupts, soft reset (r5xx_asic_reset(), see "soft reset" in
 *    r5xx_device.c);
 * 3. complete the hardware fences the ring lost (-ECANCELED);
 * 4. program the MC again and run the start-up sequence (r5xx_hw_start():
 *    clocks, pipes, GART, microcode, CP, ring test), then the IB test;
 * 5. run the innocent jobs again and restart the scheduler.
 *
 * Step 5 is the driver's own (r5xx_sched_replay()), not the scheduler's
 * deprecated drm_sched_resubmit_jobs(): each job still pending is run
 * again through run_job, on a new hardware fence, and that fence becomes
 * the parent of the job's scheduler fence, which drm_sched_start() then
 * waits on. run_job only takes a fence from GFP_NOWAIT memory and space
 * on the ring, so the replay cannot wait on memory reclaim, which may wait
 * on these very fences. On 7.x the jobs come from the scheduler's
 * iterator, drm_sched_for_each_pending_job(), as the scheduler's
 * documentation asks of drivers.
 *
 * If the GPU does not come back, the ring is marked not ready and every
 * later job fails with -EIO. During teardown (r5xx_sched_fini()) the
 * reset stops after step 3: the CP stays stopped and the jobs fail so.
 *
 * The radeon uAPI has no per-job status: userspace learns of a reset from
 * RADEON_INFO_GPU_RESET_COUNTER (Mesa's robustness queries), and waits on
 * the guilty job's buffers return once its fence signalled, as upstream's
 * do after a reset. The finished fences' errors are counted when the jobs
 * are freed (debugfs r5xx_fences: jobs_done, jobs_failed, last_job_error),
 * which the hang tests read.
 */

#define R5XX_SCHED_JOBS		16
#define R5XX_SCHED_RUN_DW	(R5XX_IB_EMIT_DW + R5XX_FENCE_EMIT_DW)
#define R5XX_SCHED_DRAIN_MS	5

static struct dma_fence *r5xx_sched_run_job(struct drm_sched_job *sched_job)
{
	struct r5xx_job *job = to_r5xx_job(sched_job);
	struct r5xx_device *rdev = job->rdev;
	/*
	 * The guilty job of a reset, or a cancelled one, runs no IB but still
	 * gets a fence: since 6.7 the scheduler ends a job without one with
	 * -ECANCELED, over the error it already has (-ETIME for the guilty).
	 */
	bool skip = sched_job->s_fence->finished.error;
	struct r5xx_fence *hw;
	struct dma_fence *fence;
	int ret;

	/* a run before a reset left a fence behind */
	dma_fence_put(job->hw_fence);
	job->hw_fence = NULL;

	/* after r5xx_sched_fini(): a job that waited past an unplug */
	if (unlikely(!READ_ONCE(rdev->sched.ready)))
		return skip ? NULL : ERR_PTR(-ENODEV);

	/* a re-run after a reset needs a new fence; resets are rare */
	hw = job->first_fence ?: r5xx_fence_alloc(GFP_NOWAIT | __GFP_NOWARN);
	job->first_fence = NULL;
	if (!hw)
		return skip ? NULL : ERR_PTR(-ENOMEM);
	ret = r5xx_ring_lock(rdev, R5XX_SCHED_RUN_DW);
	if (ret) {
		r5xx_fence_free(hw);
		return skip ? NULL : ERR_PTR(ret);
	}
	if (unlikely(!rdev->ring.ready)) {
		r5xx_ring_unlock_undo(rdev);
		r5xx_fence_free(hw);
		return skip ? NULL : ERR_PTR(-EIO);
	}
	if (!skip)
		r5xx_ib_emit(rdev, &job->ib);
	fence = r5xx_fence_emit(rdev, hw);
	r5xx_ring_unlock_commit(rdev);

	job->hw_fence = dma_fence_get(fence);
	r5xx_fdinfo_job_run(job, fence);
	return fence;
}

/*
 * Run the jobs of a stopped scheduler again after a reset, oldest first:
 * see "recovery" above. A job that cannot run (no ring after a failed
 * reset) keeps no parent and ends with its error when the scheduler
 * starts again.
 */
static void r5xx_sched_replay(struct r5xx_sched *sched)
{
	struct drm_sched_job *job;
	struct dma_fence *fence;

	r5xx_drm_sched_for_each_pending_job(job, &sched->base) {
		fence = r5xx_sched_run_job(job);
		if (IS_ERR(fence)) {
			dma_fence_set_error(&job->s_fence->finished,
					    PTR_ERR(fence));
			fence = NULL;
		}
		/* the parent takes run_job's reference */
		job->s_fence->parent = fence;
	}
}

/**
 * r5xx_gpu_recover - reset a hung GPU and restart the scheduler
 * @rdev: device
 * @bad: the job that timed out, or NULL
 *
 * See "recovery" above.
 *
 * Return: 0 if the GPU runs again, a negative errno otherwise.
 */
static int r5xx_gpu_recover(struct r5xx_device *rdev,
			    struct drm_sched_job *bad)
{
	struct r5xx_sched *sched = &rdev->sched;
	bool vblank_poll;
	int ret;

	mutex_lock(&rdev->reset_lock);
	drm_sched_stop(&sched->base, bad);
	if (bad)
		dma_fence_set_error(&bad->s_fence->finished, -ETIME);

	/* the display keeps running: its vblanks too, see there */
	vblank_poll = r5xx_display_vblank_poll_start(rdev);
	r5xx_irq_disable(rdev);
	ret = r5xx_asic_reset(rdev);
	r5xx_fence_force_complete(rdev, -ECANCELED);
	/* at teardown the CP stays stopped: see r5xx_sched_fini() */
	if (!ret && !READ_ONCE(sched->ready))
		ret = -ENODEV;
	if (!ret) {
		r5xx_mc_program(rdev);
		ret = r5xx_hw_start(rdev);
	}
	if (vblank_poll)
		r5xx_display_vblank_poll_stop(rdev);
	if (!ret)
		ret = r5xx_ib_test(rdev);
	if (ret) {
		rdev->ring.ready = false;
		drm_err(&rdev->drm,
			"GPU reset failed (%d); submissions fail until the driver is reloaded\n",
			ret);
	} else {
		drm_info(&rdev->drm, "GPU reset succeeded\n");
	}
	sched->resets++;
	sched->hang_rptr = ~0u;

	r5xx_sched_replay(sched);
	r5xx_drm_sched_start(&sched->base, 0);
	mutex_unlock(&rdev->reset_lock);
	return ret;
}

/**
 * r5xx_sched_suspend - stop the scheduler for a system suspend
 * @rdev: device; the caller holds &r5xx_device.reset_lock
 *
 * No job reaches the ring until r5xx_sched_resume(); the jobs on the ring
 * keep their hardware fences, which the caller lets signal.
 */
void r5xx_sched_suspend(struct r5xx_device *rdev)
{
	drm_sched_stop(&rdev->sched.base, NULL);
}

/**
 * r5xx_sched_resume - start the scheduler again after r5xx_sched_suspend()
 * @rdev: device; the caller holds &r5xx_device.reset_lock
 *
 * drm_sched_stop() took each running job's hardware fence away; each gets
 * it back, so that a job the GPU finished before the suspend ends with its
 * own result (and one whose fence was forced, with that error) rather than
 * as cancelled.
 */
void r5xx_sched_resume(struct r5xx_device *rdev)
{
	struct drm_gpu_scheduler *base = &rdev->sched.base;
	struct drm_sched_job *job;
	struct r5xx_job *rjob;

	r5xx_drm_sched_for_each_pending_job(job, base) {
		rjob = to_r5xx_job(job);
		if (!job->s_fence->parent && rjob->hw_fence)
			job->s_fence->parent = dma_fence_get(rjob->hw_fence);
	}
	r5xx_drm_sched_start(base, 0);
}

static enum drm_gpu_sched_stat
r5xx_sched_timedout_job(struct drm_sched_job *sched_job)
{
	struct r5xx_job *job = to_r5xx_job(sched_job);
	struct r5xx_device *rdev = job->rdev;
	struct r5xx_sched *sched = &rdev->sched;
	u32 rptr;
	u64 seq;

	r5xx_fence_process(rdev, false);
	if (job->hw_fence && dma_fence_is_signaled(job->hw_fence))
		goto keep;

	rptr = r5xx_ring_get_rptr(rdev);
	seq = r5xx_fence_signalled_seq(rdev);
	if (rptr != sched->hang_rptr || seq != sched->hang_seq) {
		sched->hang_rptr = rptr;
		sched->hang_seq = seq;
		drm_dbg_driver(&rdev->drm, "CP still moving (rptr %u), waiting\n",
			       rptr);
		goto keep;
	}

	drm_err(&rdev->drm,
		"CP hang: fence %llu not reached, rptr %u wptr %u, RBBM_STATUS 0x%08x CP_STAT 0x%08x\n",
		job->hw_fence ? job->hw_fence->seqno : 0, rptr, rdev->ring.wptr,
		r5xx_rreg(rdev, R5XX_RBBM_STATUS),
		r5xx_rreg(rdev, R5XX_CP_STAT));
	r5xx_gpu_recover(rdev, sched_job);
	return DRM_GPU_SCHED_STAT_RESET;

keep:
	/* the scheduler took the job off its list: it goes back there */
	return r5xx_drm_sched_job_not_hung(sched_job);
}

static void r5xx_sched_free_job(struct drm_sched_job *sched_job)
{
	struct r5xx_job *job = to_r5xx_job(sched_job);
	struct r5xx_sched *sched = &job->rdev->sched;
	int error = sched_job->s_fence->finished.error;

	/* the scheduler frees its jobs one at a time: plain counters */
	if (error) {
		WRITE_ONCE(sched->last_job_error, error);
		WRITE_ONCE(sched->jobs_failed, sched->jobs_failed + 1);
	} else {
		WRITE_ONCE(sched->jobs_done, sched->jobs_done + 1);
	}

	drm_sched_job_cleanup(sched_job);
	r5xx_fdinfo_job_fini(job);
	r5xx_ib_free(job->rdev, &job->ib);
	dma_fence_put(job->hw_fence);
	r5xx_fence_free(job->first_fence);
	kfree(job);
}

/*
 * drm_sched_fini() on a job still pending (kernels with cancel_job). By
 * then r5xx_sched_fini() has drained the ring or completed its fences, so
 * this is for jobs that finished but were not freed yet, or a fence that
 * stays unsignalled after a failed drain: it is completed with -ECANCELED
 * without touching the hardware, which may be gone.
 */
static void __maybe_unused r5xx_sched_cancel_job(struct drm_sched_job *sched_job)
{
	struct r5xx_job *job = to_r5xx_job(sched_job);

	if (job->hw_fence)
		r5xx_fence_cancel(job->rdev, job->hw_fence, -ECANCELED);
}

static const struct drm_sched_backend_ops r5xx_sched_ops = {
	.run_job = r5xx_sched_run_job,
	.timedout_job = r5xx_sched_timedout_job,
	.free_job = r5xx_sched_free_job,
	R5XX_SCHED_OPS_CANCEL_JOB(r5xx_sched_cancel_job)
};

/**
 * r5xx_job_create - allocate a job and its IB
 * @rdev: device
 * @entity: entity the job will be pushed to
 * @ib_dw: dwords of IB to allocate
 * @quota: the submitting file's share of the IB pool, or NULL for the
 *	kernel's own jobs
 * @client_id: the submitting file's DRM client id
 *	(r5xx_drm_file_client_id()), 0 for the kernel's own jobs: the
 *	scheduler's trace events show it
 *
 * The caller fills &r5xx_job.ib, then calls r5xx_job_push() or, to give
 * up, r5xx_job_abort().
 *
 * Return: the job or an ERR_PTR().
 */
struct r5xx_job *r5xx_job_create(struct r5xx_device *rdev,
				 struct drm_sched_entity *entity, u32 ib_dw,
				 struct r5xx_ib_quota *quota, u64 client_id)
{
	struct r5xx_job *job;
	int ret;

	job = kzalloc(sizeof(*job), GFP_KERNEL);
	if (!job)
		return ERR_PTR(-ENOMEM);
	job->rdev = rdev;
	job->first_fence = r5xx_fence_alloc(GFP_KERNEL);
	if (!job->first_fence) {
		ret = -ENOMEM;
		goto err_free;
	}

	ret = r5xx_ib_get(rdev, &job->ib, ib_dw, quota);
	if (ret)
		goto err_free;
	ret = r5xx_drm_sched_job_init(&job->base, entity, 1, NULL, client_id);
	if (ret)
		goto err_free_ib;
	return job;

err_free_ib:
	r5xx_ib_free(rdev, &job->ib);
err_free:
	r5xx_fence_free(job->first_fence);
	kfree(job);
	return ERR_PTR(ret);
}

/**
 * r5xx_job_abort - free a job that was never pushed
 * @job: job from r5xx_job_create()
 */
void r5xx_job_abort(struct r5xx_job *job)
{
	drm_sched_job_cleanup(&job->base);
	r5xx_fdinfo_job_fini(job);
	r5xx_ib_free(job->rdev, &job->ib);
	r5xx_fence_free(job->first_fence);
	kfree(job);
}

/**
 * r5xx_job_push - hand a job to the scheduler
 * @job: job from r5xx_job_create(), with its IB filled in
 *
 * The scheduler owns the job afterwards.
 *
 * Return: a reference to the job's finished fence.
 */
struct dma_fence *r5xx_job_push(struct r5xx_job *job)
{
	struct r5xx_sched *sched = &job->rdev->sched;
	struct dma_fence *fence;

	/* arm and push in the same order for every entity */
	mutex_lock(&sched->push_lock);
	drm_sched_job_arm(&job->base);
	fence = dma_fence_get(&job->base.s_fence->finished);
	drm_sched_entity_push_job(&job->base);
	mutex_unlock(&sched->push_lock);
	return fence;
}

static struct drm_gpu_scheduler *r5xx_sched_list(struct r5xx_device *rdev)
{
	return &rdev->sched.base;
}

/**
 * r5xx_sched_file_open - give an open file its scheduler entity
 * @rdev: device
 * @file: per-file state
 *
 * Return: 0 or a negative errno.
 */
int r5xx_sched_file_open(struct r5xx_device *rdev, struct r5xx_file *file)
{
	struct drm_gpu_scheduler *list = r5xx_sched_list(rdev);

	return drm_sched_entity_init(&file->entity, DRM_SCHED_PRIORITY_NORMAL,
				     &list, 1, NULL);
}

/**
 * r5xx_sched_file_close - drop an open file's scheduler entity
 * @file: per-file state
 */
void r5xx_sched_file_close(struct r5xx_file *file)
{
	drm_sched_entity_destroy(&file->entity);
}

/*
 * The DRM device's release: the scheduler itself.  Open files keep their
 * entities on it after an unplug, until they are closed, and since 6.12
 * its run queues are freed by drm_sched_fini().
 */
static void r5xx_sched_release(struct drm_device *drm, void *data)
{
	struct r5xx_sched *sched = data;

	drm_sched_fini(&sched->base);
	if (sched->submit_wq)
		destroy_workqueue(sched->submit_wq);
	sched->submit_wq = NULL;
	mutex_destroy(&sched->push_lock);
}

/**
 * r5xx_sched_init - start the scheduler of the CP ring
 * @rdev: device, with the ring running
 *
 * Return: 0 or a negative errno.
 */
int r5xx_sched_init(struct r5xx_device *rdev)
{
	struct r5xx_sched *sched = &rdev->sched;
	struct drm_gpu_scheduler *list = &sched->base;
	struct drm_sched_init_args args = {
		.ops = &r5xx_sched_ops,
		.credit_limit = R5XX_SCHED_JOBS,
		.hang_limit = 0,
		.timeout = msecs_to_jiffies(rdev->config.lockup_timeout_ms),
		.name = "r5xx-cp",
		.dev = rdev->drm.dev,
	};
	int ret;

	mutex_init(&sched->push_lock);
	sched->hang_rptr = ~0u;
	if (R5XX_SCHED_SUBMIT_WQ) {
		/*
		 * The scheduler runs jobs from a work item on these kernels;
		 * a high-priority worker takes a pushed job sooner (6.1's
		 * scheduler thread is already a real-time one).
		 */
		sched->submit_wq = alloc_ordered_workqueue("r5xx-cp",
							   WQ_HIGHPRI |
							   WQ_MEM_RECLAIM);
		if (!sched->submit_wq) {
			ret = -ENOMEM;
			goto err_wq;
		}
	}
	r5xx_sched_init_args_queues(&args, sched->submit_wq);
	ret = r5xx_drm_sched_init(&sched->base, &args);
	if (ret) {
		drm_err(&rdev->drm, "cannot start the scheduler: %d\n", ret);
		goto err_wq;
	}
	/* from here on, the scheduler goes with the DRM device */
	ret = drmm_add_action_or_reset(&rdev->drm, r5xx_sched_release, sched);
	if (ret)
		return ret;
	ret = drm_sched_entity_init(&sched->kernel_entity,
				    DRM_SCHED_PRIORITY_KERNEL, &list, 1, NULL);
	if (ret)
		return ret;
	sched->ready = true;
	return 0;

err_wq:
	if (sched->submit_wq)
		destroy_workqueue(sched->submit_wq);
	sched->submit_wq = NULL;
	mutex_destroy(&sched->push_lock);
	return ret;
}

static bool r5xx_sched_idle(struct r5xx_sched *sched)
{
	bool idle;

	spin_lock(&sched->base.job_list_lock);
	idle = list_empty(&sched->base.pending_list);
	spin_unlock(&sched->base.job_list_lock);
	return idle;
}

static bool r5xx_sched_drain(struct r5xx_sched *sched, unsigned long timeout)
{
	unsigned long end = jiffies + timeout;

	while (!r5xx_sched_idle(sched)) {
		if (time_after(jiffies, end))
			return false;
		msleep(R5XX_SCHED_DRAIN_MS);
	}
	return true;
}

/*
 * Stop the CP for good before the fences of the jobs it still has are
 * signalled: their IBs and buffers are freed then, and a CP still fetching
 * would read (or its engines write) memory that has a new owner. A CP that
 * does not go idle within the idle timeouts is soft reset.
 */
static void r5xx_sched_stop_cp(struct r5xx_device *rdev)
{
	mutex_lock(&rdev->reset_lock);
	rdev->ring.ready = false;
	if (r5xx_wait_cp_idle(rdev) || r5xx_wait_gui_idle(rdev)) {
		drm_warn(&rdev->drm, "CP busy at teardown, resetting it\n");
		r5xx_irq_disable(rdev);
		if (r5xx_asic_reset(rdev))
			drm_err(&rdev->drm, "the engine stays busy after the reset\n");
	} else {
		r5xx_cp_stop(rdev);
	}
	mutex_unlock(&rdev->reset_lock);
}

/**
 * r5xx_sched_fini - stop running jobs on the hardware
 * @rdev: device, with the CP still running
 *
 * Lets the jobs on the ring finish (for up to the lockup timeout). If
 * some are still there, the CP is stopped first, and soft reset if it does
 * not go idle (bounded by the idle timeouts), so that the GPU no longer
 * runs them; only then is whatever is left completed with -ENODEV, so
 * that every job is freed before the hardware goes. A reset that runs
 * meanwhile leaves the CP stopped. The scheduler itself stays until the
 * DRM device's release (r5xx_sched_release()): files kept open after an
 * unplug still have their entities on it.
 *
 * Jobs still waiting in those entities (for a fence of another device, or
 * for room on the ring) are not run: whenever the scheduler takes one,
 * from the start of this function on, it ends with -ENODEV without
 * touching the hardware, and is freed (r5xx_ib_free()) after the rest of
 * the device has gone.
 */
void r5xx_sched_fini(struct r5xx_device *rdev)
{
	struct r5xx_sched *sched = &rdev->sched;
	unsigned long timeout = msecs_to_jiffies(rdev->config.lockup_timeout_ms);

	if (!sched->ready)
		return;
	WRITE_ONCE(sched->ready, false);

	drm_sched_entity_destroy(&sched->kernel_entity);
	if (!r5xx_sched_drain(sched, timeout)) {
		drm_warn(&rdev->drm, "jobs still running at teardown\n");
		r5xx_sched_stop_cp(rdev);
		r5xx_fence_force_complete(rdev, -ENODEV);
		r5xx_sched_drain(sched, HZ);
	}
	WARN_ON(!r5xx_sched_idle(sched));
}
