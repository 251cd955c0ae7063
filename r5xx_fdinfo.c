// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/atomic.h>
#include <linux/dma-resv.h>
#include <linux/ktime.h>
#include <linux/pci.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>
#include <drm/ttm/ttm_tt.h>

#include "r5xx_compat.h"
#include "r5xx_drv.h"

/**
 * DOC: fdinfo
 *
 * Each open file of the device reports its usage in /proc/PID/fdinfo/FD,
 * in the keys of the DRM client usage statistics
 * (Documentation/gpu/drm-usage-stats.rst in the kernel):
 *
 * - drm-driver (radeon, the name of the uAPI), drm-client-id (unique
 *   among the open files of all r5xx devices) and drm-pdev: printed by the
 *   DRM core since 6.5 (drm_show_fdinfo()), by r5xx_fdinfo_show_file()
 *   before;
 * - drm-engine-gfx: the time, in ns, the CP spent on the file's jobs,
 *   finished ones and the one running now;
 * - drm-total-, drm-shared-, drm-active- and drm-resident-<region>, for
 *   the regions vram, gtt and cpu (system memory): the sizes of the buffers
 *   the file has a handle to, by where each one is now.
 *
 * GPU time: one CP runs the jobs of every file in ring order, so a job's
 * time starts when it was committed to the ring or when the job before it
 * ended, whichever is later, and ends when its ring fence signals (a
 * callback on the fence). &r5xx_fdinfo.running holds the jobs on the
 * ring, oldest first: its head is the running job, whose time so far
 * counts too, so that a long job shows while it runs. A job that a reset
 * cut short counts up to the reset; one that runs again after it counts
 * again. Work the driver puts on the ring itself outside the scheduler
 * (the self-tests) is not accounted, and counts to the job behind it.
 */

/* drm-client-id where the DRM core has none: unique among r5xx's files */
static atomic64_t r5xx_fdinfo_next_id = ATOMIC64_INIT(0);

/**
 * r5xx_fdinfo_init - set up the device's GPU time accounting
 * @rdev: device
 */
void r5xx_fdinfo_init(struct r5xx_device *rdev)
{
	spin_lock_init(&rdev->fdinfo.lock);
	INIT_LIST_HEAD(&rdev->fdinfo.running);
}

/**
 * r5xx_fdinfo_client_alloc - a new open file's usage account
 *
 * Return: the account, with one reference, or NULL.
 */
struct r5xx_fdinfo_client *r5xx_fdinfo_client_alloc(void)
{
	struct r5xx_fdinfo_client *client = kzalloc(sizeof(*client),
						    GFP_KERNEL);

	if (!client)
		return NULL;
	refcount_set(&client->ref, 1);
	client->id = atomic64_inc_return(&r5xx_fdinfo_next_id);
	return client;
}

/**
 * r5xx_fdinfo_client_put - drop a reference to a usage account
 * @client: account, or NULL
 */
void r5xx_fdinfo_client_put(struct r5xx_fdinfo_client *client)
{
	if (client && refcount_dec_and_test(&client->ref))
		kfree(client);
}

/**
 * r5xx_fdinfo_job_attach - charge a job's GPU time to a file
 * @job: job from r5xx_job_create(), not yet pushed
 * @client: the submitting file's account
 *
 * The job keeps a reference until r5xx_fdinfo_job_fini(): it may run
 * after the file is closed.
 */
void r5xx_fdinfo_job_attach(struct r5xx_job *job,
			    struct r5xx_fdinfo_client *client)
{
	refcount_inc(&client->ref);
	job->stats.client = client;
}

/* The run of @job ended at @now: charge it. Under &r5xx_fdinfo.lock. */
static void r5xx_fdinfo_job_end_locked(struct r5xx_fdinfo *fdinfo,
				       struct r5xx_job *job, u64 now)
{
	u64 start = max(job->stats.start_ns, fdinfo->last_end_ns);

	list_del_init(&job->stats.link);
	if (job->stats.client && now > start)
		job->stats.client->busy_ns += now - start;
	fdinfo->last_end_ns = max(fdinfo->last_end_ns, now);
}

static void r5xx_fdinfo_fence_cb(struct dma_fence *fence,
				 struct dma_fence_cb *cb)
{
	struct r5xx_job *job = container_of(cb, struct r5xx_job, stats.cb);
	struct r5xx_fdinfo *fdinfo = &job->rdev->fdinfo;
	unsigned long flags;

	/* the time under the lock: a reader never sees more than is charged */
	spin_lock_irqsave(&fdinfo->lock, flags);
	r5xx_fdinfo_job_end_locked(fdinfo, job, ktime_get_ns());
	spin_unlock_irqrestore(&fdinfo->lock, flags);
}

/*
 * Forget the fence of the last run. Its callback has run, unless the
 * fence is still pending (only when the job is freed without its fence
 * signalled): then the run is dropped without being charged.
 */
static void r5xx_fdinfo_job_forget(struct r5xx_job *job)
{
	struct r5xx_fdinfo *fdinfo = &job->rdev->fdinfo;
	unsigned long flags;

	if (!job->stats.fence)
		return;
	if (dma_fence_remove_callback(job->stats.fence, &job->stats.cb)) {
		spin_lock_irqsave(&fdinfo->lock, flags);
		list_del_init(&job->stats.link);
		spin_unlock_irqrestore(&fdinfo->lock, flags);
	}
	dma_fence_put(job->stats.fence);
	job->stats.fence = NULL;
}

/**
 * r5xx_fdinfo_job_run - a job's run starts on the ring
 * @job: job
 * @fence: its ring fence, emitted and committed
 *
 * Called by run_job, in ring order, for every run of every job (a job
 * runs again after a reset).
 */
void r5xx_fdinfo_job_run(struct r5xx_job *job, struct dma_fence *fence)
{
	struct r5xx_fdinfo *fdinfo = &job->rdev->fdinfo;
	unsigned long flags;
	int ret;

	r5xx_fdinfo_job_forget(job);

	job->stats.fence = dma_fence_get(fence);
	spin_lock_irqsave(&fdinfo->lock, flags);
	job->stats.start_ns = ktime_get_ns();
	list_add_tail(&job->stats.link, &fdinfo->running);
	spin_unlock_irqrestore(&fdinfo->lock, flags);

	/* outside our lock: the callback runs under the fence's */
	ret = dma_fence_add_callback(fence, &job->stats.cb,
				     r5xx_fdinfo_fence_cb);
	if (ret)	/* -ENOENT: signalled already */
		r5xx_fdinfo_fence_cb(fence, &job->stats.cb);
}

/**
 * r5xx_fdinfo_job_fini - drop a job's accounting
 * @job: job being freed, run or not
 */
void r5xx_fdinfo_job_fini(struct r5xx_job *job)
{
	r5xx_fdinfo_job_forget(job);
	r5xx_fdinfo_client_put(job->stats.client);
	job->stats.client = NULL;
}

/* GPU time of @client: its finished runs, and the running one so far. */
static u64 r5xx_fdinfo_busy_ns(struct r5xx_fdinfo *fdinfo,
			       struct r5xx_fdinfo_client *client)
{
	struct r5xx_job *head;
	unsigned long flags;
	u64 busy, start, now;

	spin_lock_irqsave(&fdinfo->lock, flags);
	busy = client->busy_ns;
	head = list_first_entry_or_null(&fdinfo->running, struct r5xx_job,
					stats.link);
	if (head && head->stats.client == client) {
		start = max(head->stats.start_ns, fdinfo->last_end_ns);
		now = ktime_get_ns();
		if (now > start)
			busy += now - start;
	}
	spin_unlock_irqrestore(&fdinfo->lock, flags);
	return busy;
}

enum r5xx_fdinfo_region {
	R5XX_REGION_CPU,
	R5XX_REGION_GTT,
	R5XX_REGION_VRAM,
	R5XX_REGION_COUNT
};

static const char * const r5xx_fdinfo_region_names[R5XX_REGION_COUNT] = {
	[R5XX_REGION_CPU] = "cpu",
	[R5XX_REGION_GTT] = "gtt",
	[R5XX_REGION_VRAM] = "vram",
};

/*
 * Add @bo to the sizes of the region it is in; one it is not in yet (no
 * TTM resource) to the region of its creation domain, not resident. Under
 * the buffer's reservation.
 */
static void r5xx_fdinfo_count_bo(struct r5xx_bo *bo,
				 struct drm_memory_stats *stats)
{
	struct ttm_resource *res = bo->tbo.resource;
	struct drm_gem_object *obj = &bo->tbo.base;
	enum r5xx_fdinfo_region region;
	bool resident = true;

	switch (res ? res->mem_type : TTM_PL_SYSTEM) {
	case TTM_PL_VRAM:
		region = R5XX_REGION_VRAM;
		break;
	case TTM_PL_TT:
		region = R5XX_REGION_GTT;
		break;
	default:
		if (!res && (bo->initial_domain & RADEON_GEM_DOMAIN_VRAM))
			region = R5XX_REGION_VRAM;
		else if (!res && (bo->initial_domain & RADEON_GEM_DOMAIN_GTT))
			region = R5XX_REGION_GTT;
		else
			region = R5XX_REGION_CPU;
		/* system memory is there once it has pages */
		resident = res && bo->tbo.ttm &&
			   ttm_tt_is_populated(bo->tbo.ttm);
		break;
	}

	stats = &stats[region];
	if (r5xx_gem_object_is_shared_for_memory_stats(obj))
		stats->shared += obj->size;
	else
		stats->private += obj->size;
	if (resident)
		stats->resident += obj->size;
	if (!dma_resv_test_signaled(obj->resv, DMA_RESV_USAGE_BOOKKEEP))
		stats->active += obj->size;
}

/*
 * The sizes of the buffers @file has handles to. A buffer's placement is
 * read under its reservation; when that is contended, the handle table's
 * lock is dropped to wait for it, and the walk goes on from the next
 * handle (which idr_for_each_entry() looks up anew).
 */
static void r5xx_fdinfo_count_memory(struct drm_file *file,
				     struct drm_memory_stats *stats)
{
	struct drm_gem_object *obj;
	int id;

	spin_lock(&file->table_lock);
	idr_for_each_entry(&file->object_idr, obj, id) {
		if (obj->funcs != &r5xx_gem_object_funcs)
			continue;
		if (dma_resv_trylock(obj->resv)) {
			r5xx_fdinfo_count_bo(to_r5xx_bo(obj), stats);
			dma_resv_unlock(obj->resv);
			continue;
		}
		drm_gem_object_get(obj);
		spin_unlock(&file->table_lock);
		dma_resv_lock(obj->resv, NULL);
		r5xx_fdinfo_count_bo(to_r5xx_bo(obj), stats);
		dma_resv_unlock(obj->resv);
		drm_gem_object_put(obj);
		spin_lock(&file->table_lock);
	}
	spin_unlock(&file->table_lock);
}

/**
 * r5xx_fdinfo_show - print r5xx's fdinfo keys of an open file
 * @p: printer (the fdinfo file)
 * @file: DRM file
 *
 * &drm_driver.show_fdinfo: drm-engine-gfx and the memory keys of each
 * region; see "fdinfo" above.
 */
void r5xx_fdinfo_show(struct drm_printer *p, struct drm_file *file)
{
	struct r5xx_device *rdev = to_r5xx(file->minor->dev);
	struct r5xx_file *rfile = file->driver_priv;
	struct drm_memory_stats stats[R5XX_REGION_COUNT] = {};
	int i;

	drm_printf(p, "drm-engine-gfx:\t%llu ns\n",
		   r5xx_fdinfo_busy_ns(&rdev->fdinfo, rfile->fdinfo));

	r5xx_fdinfo_count_memory(file, stats);
	for (i = 0; i < R5XX_REGION_COUNT; i++)
		r5xx_drm_print_memory_stats(p, &stats[i],
					    DRM_GEM_OBJECT_ACTIVE |
					    DRM_GEM_OBJECT_RESIDENT,
					    r5xx_fdinfo_region_names[i]);
}

#ifndef R5XX_HAVE_DRM_SHOW_FDINFO
/**
 * r5xx_fdinfo_show_file - &file_operations.show_fdinfo before 6.5
 * @m: the fdinfo file
 * @f: an open file of the device
 *
 * Prints the keys that drm_show_fdinfo() of later kernels prints, then
 * r5xx_fdinfo_show()'s: see R5XX_FOPS_SHOW_FDINFO.
 */
void r5xx_fdinfo_show_file(struct seq_file *m, struct file *f)
{
	struct drm_file *file = f->private_data;
	struct r5xx_file *rfile = file->driver_priv;
	struct drm_device *drm = file->minor->dev;
	struct drm_printer p = drm_seq_file_printer(m);
	struct pci_dev *pdev = to_pci_dev(drm->dev);

	drm_printf(&p, "drm-driver:\t%s\n", drm->driver->name);
	drm_printf(&p, "drm-client-id:\t%llu\n", rfile->fdinfo->id);
	drm_printf(&p, "drm-pdev:\t%04x:%02x:%02x.%d\n",
		   pci_domain_nr(pdev->bus), pdev->bus->number,
		   PCI_SLOT(pdev->devfn), PCI_FUNC(pdev->devfn));
	r5xx_fdinfo_show(&p, file);
}
#endif
