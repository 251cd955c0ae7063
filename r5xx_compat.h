/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_COMPAT_H__
#define __R5XX_COMPAT_H__

#include <linux/dma-fence.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/sizes.h>

#include <drm/drm_atomic.h>
#include <drm/drm_gem_framebuffer_helper.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_mode_config.h>
#include <drm/drm_modeset_helper_vtables.h>
#include <drm/drm_prime.h>
#include <drm/drm_print.h>
#include <drm/gpu_scheduler.h>
#include <drm/ttm/ttm_placement.h>
#include <drm/ttm/ttm_resource.h>

#ifdef R5XX_HAVE_TTM_BO_H
#include <drm/ttm/ttm_bo.h>
#else
#include <drm/ttm/ttm_bo_api.h>
#include <drm/ttm/ttm_bo_driver.h>
#endif

#if defined(R5XX_HAVE_DRM_CLIENTS_DIR)
#include <drm/clients/drm_client_setup.h>
#include <drm/drm_fbdev_ttm.h>
#elif defined(R5XX_HAVE_DRM_CLIENT_SETUP)
#include <drm/drm_client_setup.h>
#include <drm/drm_fbdev_ttm.h>
#else
#include <drm/drm_fb_helper.h>
#endif

/**
 * DOC: kernel compatibility
 *
 * r5xx builds from one source tree against Debian's 6.1 (bookworm), 6.12
 * (bookworm-backports' 6.12.95, trixie's 6.12.118) and 7.3
 * (trixie-backports) kernels; Documentation/kernels.rst lists them. The
 * driver is written against the newest API; this header, the only place
 * with kernel-version conditionals, maps it onto older headers. The
 * conditions are set by Kbuild, which looks into the headers being built
 * against instead of comparing LINUX_VERSION_CODE with a guessed release
 * (Debian's point releases carry backported APIs: 6.12.105 and 6.12.115
 * have 6.15's and 6.16's scheduler interface). Each test looks for what the
 * code depends on (a member, a parameter), and
 * tests/kernels/features.expected holds every answer for every kernel.
 *
 * The scheduler:
 *
 * - R5XX_HAVE_SCHED_INIT_ARGS: drm_sched_init() takes a
 *   &struct drm_sched_init_args (6.1.192 headers, Debian 6.12.115, 6.15
 *   and later); else positional parameters, see r5xx_drm_sched_init();
 * - R5XX_HAVE_SCHED_SUBMIT_WQ: the scheduler runs jobs from a submission
 *   workqueue and has a run queue count, as positional parameters (6.8 to
 *   6.14) or as &drm_sched_init_args.submit_wq and .num_rqs (later); see
 *   r5xx_sched_init_args_queues();
 * - R5XX_HAVE_SCHED_JOB_CREDITS: drm_sched_job_init() takes a credit
 *   count (6.7 and later);
 * - R5XX_HAVE_SCHED_JOB_CLIENT_ID: drm_sched_job_init() takes a DRM
 *   client id (Debian 6.12.105, 6.16 and later), the submitting file's
 *   (see r5xx_drm_file_client_id());
 * - R5XX_HAVE_SCHED_START_RECOVERY: drm_sched_start() takes 6.1's
 *   full_recovery flag; R5XX_HAVE_SCHED_START_ERRNO: it takes the error
 *   for jobs without hardware fence (6.13 and later, not Debian's 6.12);
 * - R5XX_HAVE_SCHED_STAT_RESET: &enum drm_gpu_sched_stat names a reset
 *   %DRM_GPU_SCHED_STAT_RESET, not %DRM_GPU_SCHED_STAT_NOMINAL (6.17);
 * - R5XX_HAVE_SCHED_STAT_NO_HANG: a timeout handler answers
 *   %DRM_GPU_SCHED_STAT_NO_HANG for a job that is not hung, and the
 *   scheduler puts it back on its list itself (6.17), see
 *   r5xx_drm_sched_job_not_hung();
 * - R5XX_HAVE_SCHED_CANCEL_JOB: &drm_sched_backend_ops.cancel_job exists
 *   (6.17), see R5XX_SCHED_OPS_CANCEL_JOB;
 * - drm_sched_for_each_pending_job(), the iterator over a stopped
 *   scheduler's pending jobs that replaces drm_sched_resubmit_jobs() (7.x),
 *   is a macro, tested for directly: see
 *   r5xx_drm_sched_for_each_pending_job().
 *
 * Memory management:
 *
 * - R5XX_HAVE_TTM_BO_H: TTM's buffer object API is <drm/ttm/ttm_bo.h>
 *   (6.4 and later), not ttm_bo_api.h and ttm_bo_driver.h;
 * - R5XX_HAVE_TTM_BO_FINI: drivers drop their buffer objects with
 *   ttm_bo_fini(), ttm_bo_put() is TTM's own (7.x);
 * - R5XX_HAVE_TTM_DEVICE_ALLOC_FLAGS: ttm_device_init() takes
 *   TTM_ALLOCATION_* flags instead of two bools (7.x);
 * - R5XX_HAVE_TTM_BUSY_PLACEMENT: a &struct ttm_placement has a second
 *   list of places for busy buffers (up to 6.8);
 * - R5XX_HAVE_TTM_RESOURCE_NUM_PAGES: a &struct ttm_resource counts pages,
 *   not bytes (up to 6.1);
 * - R5XX_HAVE_PIN_USER_PAGES_VMAS: pin_user_pages() has a VMA array
 *   parameter (up to 6.4);
 * - R5XX_HAVE_GEM_PRIME_MMAP_HOOK: &struct drm_driver has gem_prime_mmap
 *   (up to 6.5);
 * - R5XX_HAVE_GEM_VMAP_RESERVED: the GEM core calls
 *   &drm_gem_object_funcs.vmap and .vunmap with the buffer's reservation
 *   held: drm_gem.h exports a drm_gem_vmap() that takes the reservation
 *   (as drm_gem_vmap_unlocked(), 6.3 to 6.x; as drm_gem_vmap(), 7.x);
 * - R5XX_HAVE_GEM_PIN_RESERVED: likewise &drm_gem_object_funcs.pin and
 *   .unpin (the shmem helpers' pin callback calls their _locked variant:
 *   6.9 and later). See R5XX_GEM_VMAP_RESERVED and R5XX_GEM_PIN_RESERVED;
 * - R5XX_HAVE_FENCE_CHECK_AND_SIGNAL: dma_fence_signal_locked() returns
 *   nothing; dma_fence_check_and_signal_locked() tells whether the fence
 *   was signalled already (7.0).
 *
 * Display and the DRM core:
 *
 * - R5XX_HAVE_ATOMIC_COMMIT: the atomic update is a
 *   &struct drm_atomic_commit (7.2), not a struct drm_atomic_state;
 * - R5XX_HAVE_ASYNC_CHECK_FLIP: &drm_plane_helper_funcs.atomic_async_check
 *   has a flip parameter (6.15), see R5XX_ATOMIC_ASYNC_CHECK();
 * - R5XX_HAVE_CONNECTOR_MODE_VALID_CONST: &drm_connector_helper_funcs
 *   .mode_valid takes a const mode (6.15), see R5XX_CONNECTOR_MODE_VALID();
 * - R5XX_HAVE_FB_CREATE_FORMAT_INFO: &drm_mode_config_funcs.fb_create and
 *   drm_gem_fb_init_with_funcs() take the format's &struct drm_format_info
 *   (6.17), see R5XX_FB_CREATE() and r5xx_drm_gem_fb_init_with_funcs();
 * - R5XX_HAVE_DRM_DRIVER_DATE: &struct drm_driver has a date (up to
 *   6.13 and Debian's 6.12), see R5XX_DRM_DRIVER_DATE();
 * - R5XX_HAVE_DRM_CLIENT_SETUP: in-kernel DRM clients such as the fbdev
 *   console start with drm_client_setup() (6.12.95 and 6.13 and later);
 *   older kernels use drm_fbdev_generic_setup(). R5XX_HAVE_DRM_CLIENTS_DIR:
 *   its header is <drm/clients/drm_client_setup.h> (6.14 and later);
 * - R5XX_HAVE_MODE_CONFIG_FBDEV_HINTS: &struct drm_mode_config has
 *   prefer_shadow_fbdev and fb_base (up to 6.1), see
 *   r5xx_mode_config_fbdev_hints();
 * - R5XX_HAVE_PCI_MSI_ADDR_MASK: &struct pci_dev limits MSI addresses with
 *   a mask, not the no_64bit_msi flag (7.0), see r5xx_pci_msi_32bit();
 * - R5XX_HAVE_DRM_FILE_CLIENT_ID: &struct drm_file has the client id that
 *   fdinfo shows (6.12 and later), see r5xx_drm_file_client_id();
 * - R5XX_HAVE_DRM_SHOW_FDINFO: the DRM core prints a file's fdinfo,
 *   drm_show_fdinfo() with &drm_driver.show_fdinfo (6.5 and later); see
 *   R5XX_FOPS_SHOW_FDINFO;
 * - R5XX_HAVE_DRM_MEMORY_STATS: &struct drm_memory_stats, enum
 *   drm_gem_object_status and drm_print_memory_stats() exist (6.5 and
 *   later); see r5xx_drm_print_memory_stats();
 * - R5XX_HAVE_GEM_SHARED_FOR_MEMORY_STATS:
 *   drm_gem_object_is_shared_for_memory_stats() exists (6.8 and later);
 * - R5XX_HAVE_GEM_OBJECT_ACTIVE: drm_print_memory_stats() prints
 *   drm-active-<region> only when asked to by %DRM_GEM_OBJECT_ACTIVE
 *   (6.14 and later), before always (%DRM_GEM_OBJECT_ACTIVE is then 0).
 *
 * Macros and constants renamed upstream are defined here in their new
 * name when the headers lack it: drm_dbg_ratelimited() (6.5),
 * %PCI_IRQ_INTX (6.8), %DRM_GPU_SCHED_STAT_RESET (6.17), and
 * drm_atomic_commit for struct drm_atomic_state (7.2; see below). Where a
 * function of the newest API exists under its name on every kernel with
 * another signature, the driver calls an r5xx_ wrapper of the same
 * signature instead. %FOP_UNSIGNED_OFFSET (6.12) is tested for directly.
 */

#ifndef drm_dbg_ratelimited
#define drm_dbg_ratelimited(drm, fmt, ...) \
	__DRM_DEFINE_DBG_RATELIMITED(DRIVER, drm, fmt, ##__VA_ARGS__)
#endif

/* pci_alloc_irq_vectors() flag, PCI_IRQ_LEGACY before 6.8 */
#ifndef PCI_IRQ_INTX
#define PCI_IRQ_INTX PCI_IRQ_LEGACY
#endif

/* The type of an atomic update, renamed in 7.2 (see the DOC above). */
#ifndef R5XX_HAVE_ATOMIC_COMMIT
/*
 * Only drm_atomic.h, included above, has a function of that name
 * (drm_atomic_commit(), which r5xx does not call).
 */
#define drm_atomic_commit drm_atomic_state
#endif

/* enum drm_gpu_sched_stat: a reset happened, before 6.17 "nominal" */
#ifndef R5XX_HAVE_SCHED_STAT_RESET
#define DRM_GPU_SCHED_STAT_RESET DRM_GPU_SCHED_STAT_NOMINAL
#endif

#ifndef R5XX_HAVE_SCHED_INIT_ARGS
struct drm_sched_init_args {
	const struct drm_sched_backend_ops *ops;
	struct workqueue_struct *submit_wq;
	struct workqueue_struct *timeout_wq;
	u32 num_rqs;
	u32 credit_limit;
	unsigned int hang_limit;
	long timeout;
	atomic_t *score;
	const char *name;
	struct device *dev;
};
#endif

/**
 * define R5XX_SCHED_SUBMIT_WQ - the scheduler runs jobs from a workqueue
 *
 * True where drm_sched_init() takes a submission workqueue (and a run
 * queue count), see r5xx_sched_init_args_queues(); 6.1's scheduler has a
 * thread of its own instead.
 */
#ifdef R5XX_HAVE_SCHED_SUBMIT_WQ
#define R5XX_SCHED_SUBMIT_WQ true
#else
#define R5XX_SCHED_SUBMIT_WQ false
#endif

/**
 * r5xx_sched_init_args_queues - set the queues of a scheduler's arguments
 * @args: arguments for r5xx_drm_sched_init()
 * @submit_wq: workqueue to run the jobs from, or NULL for one of the
 *	scheduler's own
 *
 * Sets &drm_sched_init_args.submit_wq and one run queue per priority
 * (&drm_sched_init_args.num_rqs: left at 0, drm_sched_entity_init() and
 * the first submission oops) where the scheduler has them, see
 * %R5XX_SCHED_SUBMIT_WQ; else nothing.
 */
static inline void
r5xx_sched_init_args_queues(struct drm_sched_init_args *args,
			    struct workqueue_struct *submit_wq)
{
#ifdef R5XX_HAVE_SCHED_SUBMIT_WQ
	args->num_rqs = DRM_SCHED_PRIORITY_COUNT;
	args->submit_wq = submit_wq;
#endif
}

/**
 * r5xx_drm_sched_init - drm_sched_init() with a &struct drm_sched_init_args
 * @sched: scheduler to start
 * @args: its parameters, with r5xx_sched_init_args_queues() applied
 *
 * Without the argument structure in the headers, the parameters are passed
 * one by one: nine of them on older 6.1 headers, eleven (a submission
 * workqueue, &drm_sched_init_args.submit_wq, and the number of run queues)
 * on 6.8 to 6.14.
 *
 * Return: 0 or a negative errno; -EINVAL without run queues.
 */
static inline int r5xx_drm_sched_init(struct drm_gpu_scheduler *sched,
				      const struct drm_sched_init_args *args)
{
#ifdef R5XX_HAVE_SCHED_SUBMIT_WQ
	if (WARN_ON(!args->num_rqs))
		return -EINVAL;
#endif
#if defined(R5XX_HAVE_SCHED_INIT_ARGS)
	return drm_sched_init(sched, args);
#elif defined(R5XX_HAVE_SCHED_SUBMIT_WQ)
	return drm_sched_init(sched, args->ops, args->submit_wq,
			      args->num_rqs, args->credit_limit,
			      args->hang_limit, args->timeout,
			      args->timeout_wq, args->score, args->name,
			      args->dev);
#else
	return drm_sched_init(sched, args->ops, args->credit_limit,
			      args->hang_limit, args->timeout,
			      args->timeout_wq, args->score, args->name,
			      args->dev);
#endif
}

/**
 * r5xx_drm_sched_job_init - drm_sched_job_init() of the newest kernels
 * @job: job to initialise
 * @entity: entity it is submitted through
 * @credits: how much of the scheduler's credit limit the job takes
 * @owner: identifies the submitter (debugging), or NULL
 * @drm_client_id: &drm_file.client_id of the submitter, or 0 for the
 *	kernel's own jobs (the scheduler's trace events show it)
 *
 * Headers before 6.7 count every job as one credit and have no @credits;
 * those before Debian's 6.12.105 have no client id.
 *
 * Return: 0 or a negative errno.
 */
static inline int r5xx_drm_sched_job_init(struct drm_sched_job *job,
					  struct drm_sched_entity *entity,
					  u32 credits, void *owner,
					  u64 drm_client_id)
{
#if defined(R5XX_HAVE_SCHED_JOB_CLIENT_ID)
	return drm_sched_job_init(job, entity, credits, owner, drm_client_id);
#elif defined(R5XX_HAVE_SCHED_JOB_CREDITS)
	return drm_sched_job_init(job, entity, credits, owner);
#else
	return drm_sched_job_init(job, entity, owner);
#endif
}

/**
 * r5xx_drm_file_client_id - the DRM client id of an open file
 * @file: the file
 *
 * The id the DRM core gives every open file, which fdinfo shows as
 * drm-client-id and the scheduler's trace events with each job of the file
 * (r5xx_drm_sched_job_init()). Kernels without it (6.1) have no client id
 * in the scheduler either; r5xx's fdinfo keeps its own there.
 *
 * Return: &drm_file.client_id, or 0 where there is none.
 */
static inline u64 r5xx_drm_file_client_id(const struct drm_file *file)
{
#ifdef R5XX_HAVE_DRM_FILE_CLIENT_ID
	return file->client_id;
#else
	return 0;
#endif
}

/**
 * define r5xx_drm_sched_for_each_pending_job - each pending job of a
 *	stopped scheduler
 * @job: &struct drm_sched_job cursor
 * @sched: the scheduler, stopped with drm_sched_stop()
 *
 * drm_sched_for_each_pending_job() of 7.x, for every entity, which checks
 * that the scheduler is stopped; older kernels have no iterator, and their
 * drm_sched_resubmit_jobs() walks &drm_gpu_scheduler.pending_list the same
 * way, without a lock (nothing else touches the list while the scheduler
 * is stopped).
 */
#ifdef drm_sched_for_each_pending_job
#define r5xx_drm_sched_for_each_pending_job(job, sched) \
	drm_sched_for_each_pending_job(job, sched, NULL)
#else
#define r5xx_drm_sched_for_each_pending_job(job, sched) \
	list_for_each_entry(job, &(sched)->pending_list, list)
#endif

/**
 * r5xx_drm_sched_start - restart a scheduler stopped by drm_sched_stop()
 * @sched: scheduler
 * @errno: error for the pending jobs that have no hardware fence, or 0
 *	for -ECANCELED
 *
 * 6.1's headers take a full_recovery flag instead; r5xx always recovers
 * fully (it resubmits the jobs first), which is what newer kernels always
 * do. Debian's 6.12 has no @errno and ends such jobs with -ECANCELED, as
 * 7.x does for 0.
 */
static inline void r5xx_drm_sched_start(struct drm_gpu_scheduler *sched,
					int errno)
{
#if defined(R5XX_HAVE_SCHED_START_RECOVERY)
	drm_sched_start(sched, true);
#elif defined(R5XX_HAVE_SCHED_START_ERRNO)
	drm_sched_start(sched, errno);
#else
	drm_sched_start(sched);
#endif
}

/**
 * r5xx_drm_sched_job_not_hung - a timeout handler's answer for a live job
 * @job: the job whose timeout fired, taken off the pending list by the
 *	scheduler before it called the handler
 *
 * For a job that is not hung (the GPU still works on it), the job goes
 * back at the head of the scheduler's pending list and the timeout starts
 * again. Where the scheduler knows %DRM_GPU_SCHED_STAT_NO_HANG it does
 * that itself (and frees jobs that finished meanwhile): putting the job
 * back here as well would list it twice. Older kernels only restart the
 * timeout: the job is put back here, under the list's lock, since the
 * scheduler's free work may run.
 *
 * Return: what &drm_sched_backend_ops.timedout_job returns for such a job.
 */
static inline enum drm_gpu_sched_stat
r5xx_drm_sched_job_not_hung(struct drm_sched_job *job)
{
#ifdef R5XX_HAVE_SCHED_STAT_NO_HANG
	return DRM_GPU_SCHED_STAT_NO_HANG;
#else
	struct drm_gpu_scheduler *sched = job->sched;

	spin_lock(&sched->job_list_lock);
	list_add(&job->list, &sched->pending_list);
	spin_unlock(&sched->job_list_lock);
	return DRM_GPU_SCHED_STAT_RESET;
#endif
}

/**
 * define R5XX_SCHED_OPS_CANCEL_JOB - &drm_sched_backend_ops.cancel_job
 * @fn: the driver's cancel_job, marked __maybe_unused
 *
 * Where the member exists, drm_sched_fini() calls it for every job still
 * pending and frees the job afterwards; older kernels leave such jobs
 * (and warn). Expands to the member's initialiser where it exists, else
 * to nothing.
 */
#ifdef R5XX_HAVE_SCHED_CANCEL_JOB
#define R5XX_SCHED_OPS_CANCEL_JOB(fn) .cancel_job = (fn),
#else
#define R5XX_SCHED_OPS_CANCEL_JOB(fn)
#endif

/**
 * r5xx_ttm_placement_set - point a TTM placement at a list of places
 * @placement: placement to fill in
 * @places: the places, in order of preference
 * @n: how many
 *
 * Up to 6.8 a placement has a second list for when the buffer is busy;
 * r5xx uses the same list for both, which is what a list of places
 * without %TTM_PL_FLAG_DESIRED or %TTM_PL_FLAG_FALLBACK means since.
 */
static inline void r5xx_ttm_placement_set(struct ttm_placement *placement,
					  const struct ttm_place *places,
					  unsigned int n)
{
	placement->num_placement = n;
	placement->placement = places;
#ifdef R5XX_HAVE_TTM_BUSY_PLACEMENT
	placement->num_busy_placement = n;
	placement->busy_placement = places;
#endif
}

/**
 * r5xx_ttm_resource_size - size of a TTM resource in bytes
 * @res: resource
 *
 * Up to 6.1 a resource counts pages, later ones bytes.
 *
 * Return: the size in bytes.
 */
static inline u64 r5xx_ttm_resource_size(const struct ttm_resource *res)
{
#ifdef R5XX_HAVE_TTM_RESOURCE_NUM_PAGES
	return (u64)res->num_pages << PAGE_SHIFT;
#else
	return res->size;
#endif
}

/**
 * r5xx_pin_user_pages - pin_user_pages() without the VMA array
 * @start: user address of the first page
 * @nr_pages: how many pages
 * @gup_flags: FOLL_* flags
 * @pages: where the pinned pages go
 *
 * Up to 6.4 pin_user_pages() can also return the VMAs; r5xx never asks.
 *
 * Return: the number of pages pinned, or a negative errno.
 */
static inline long r5xx_pin_user_pages(unsigned long start,
				       unsigned long nr_pages,
				       unsigned int gup_flags,
				       struct page **pages)
{
#ifdef R5XX_HAVE_PIN_USER_PAGES_VMAS
	return pin_user_pages(start, nr_pages, gup_flags, pages, NULL);
#else
	return pin_user_pages(start, nr_pages, gup_flags, pages);
#endif
}

/**
 * define R5XX_DRM_DRIVER_GEM_PRIME_MMAP - &struct drm_driver's mmap of
 * exported buffers
 *
 * Up to 6.5 drm_gem_dmabuf_mmap() goes through drm_driver.gem_prime_mmap,
 * which must point at drm_gem_prime_mmap(); later kernels call that
 * directly and have no such member. Expands to the member's initialiser
 * where it exists, else to nothing.
 */
#ifdef R5XX_HAVE_GEM_PRIME_MMAP_HOOK
#define R5XX_DRM_DRIVER_GEM_PRIME_MMAP .gem_prime_mmap = drm_gem_prime_mmap,
#else
#define R5XX_DRM_DRIVER_GEM_PRIME_MMAP
#endif

/**
 * define R5XX_FOPS_UNSIGNED_OFFSET - &struct file_operations flag of DRM
 *
 * Since 6.12 drm_open() refuses (-EINVAL, with a warning) a file whose
 * operations lack %FOP_UNSIGNED_OFFSET: mmap offsets of buffer objects go
 * beyond what a signed offset holds. Older kernels set the equivalent file
 * mode in drm_open() themselves. Expands to the member's initialiser where
 * the flag exists, else to nothing.
 */
#ifdef FOP_UNSIGNED_OFFSET
#define R5XX_FOPS_UNSIGNED_OFFSET .fop_flags = FOP_UNSIGNED_OFFSET,
#else
#define R5XX_FOPS_UNSIGNED_OFFSET
#endif

/**
 * define R5XX_DRM_DRIVER_FBDEV - &struct drm_driver's fbdev emulation hook
 *
 * With drm_client_setup(), the driver names how the fbdev console gets
 * its framebuffer (TTM buffer objects here); older kernels have no such
 * member. Expands to the member's initialiser where it exists, else to
 * nothing. A driver with a display puts it in its &struct drm_driver and
 * calls r5xx_fbdev_setup().
 */
#ifdef R5XX_HAVE_DRM_CLIENT_SETUP
#define R5XX_DRM_DRIVER_FBDEV DRM_FBDEV_TTM_DRIVER_OPS,
#else
#define R5XX_DRM_DRIVER_FBDEV
#endif

/**
 * r5xx_fbdev_setup - start the fbdev console on a registered DRM device
 * @drm: DRM device, registered, with its mode configuration set up
 *
 * Both variants take the console's format from
 * &drm_mode_config.preferred_depth: depth 24 is XRGB8888 (6.1's helper
 * takes bits per pixel, and would read 24 as packed RGB888). Failures are
 * logged, not returned: a device without console still works.
 */
static inline void r5xx_fbdev_setup(struct drm_device *drm)
{
#ifdef R5XX_HAVE_DRM_CLIENT_SETUP
	drm_client_setup(drm, NULL);
#else
	drm_fbdev_generic_setup(drm, drm->mode_config.preferred_depth == 16 ?
				16 : 32);
#endif
}

/**
 * r5xx_mode_config_fbdev_hints - how the fbdev console reaches its buffer
 * @mc: mode configuration
 * @fb_base: CPU address of the VRAM aperture
 *
 * 6.1's generic fbdev emulation reads from the mode configuration whether
 * to draw into a shadow buffer and where the framebuffer aperture is;
 * later kernels always draw into a shadow buffer and have neither member.
 */
static inline void r5xx_mode_config_fbdev_hints(struct drm_mode_config *mc,
						resource_size_t fb_base)
{
#ifdef R5XX_HAVE_MODE_CONFIG_FBDEV_HINTS
	mc->prefer_shadow_fbdev = true;
	mc->fb_base = fb_base;
#endif
}

/**
 * define R5XX_GEM_VMAP_RESERVED - vmap callbacks run under the reservation
 *
 * True where the GEM core holds the buffer's reservation lock when it
 * calls &drm_gem_object_funcs.vmap and .vunmap; the callbacks then must
 * not take it themselves (it is not recursive: the caller would hang).
 */
#ifdef R5XX_HAVE_GEM_VMAP_RESERVED
#define R5XX_GEM_VMAP_RESERVED true
#else
#define R5XX_GEM_VMAP_RESERVED false
#endif

/**
 * define R5XX_GEM_PIN_RESERVED - pin callbacks run under the reservation
 *
 * True where the GEM core holds the buffer's reservation lock when it
 * calls &drm_gem_object_funcs.pin and .unpin (PRIME attachments).
 */
#ifdef R5XX_HAVE_GEM_PIN_RESERVED
#define R5XX_GEM_PIN_RESERVED true
#else
#define R5XX_GEM_PIN_RESERVED false
#endif

#ifndef R5XX_HAVE_TTM_BO_FINI
/**
 * ttm_bo_fini - drop the driver's reference to a TTM buffer object
 * @bo: buffer object
 *
 * 7.x's name for what older kernels export as ttm_bo_put().
 */
static inline void ttm_bo_fini(struct ttm_buffer_object *bo)
{
	ttm_bo_put(bo);
}
#endif

/**
 * r5xx_ttm_device_init - ttm_device_init() with 7.x's allocation flags
 * @bdev: TTM device
 * @funcs: its driver functions
 * @dev: the DMA device
 * @mapping: address space of the buffers' mmap offsets
 * @vma_manager: manager of those offsets
 * @dma_alloc: allocate pages with the DMA API (coherent)
 * @dma32: allocate pages below 4 GiB
 *
 * 7.x takes TTM_ALLOCATION_* flags; older kernels two bools.
 *
 * Return: 0 or a negative errno.
 */
static inline int
r5xx_ttm_device_init(struct ttm_device *bdev,
		     struct ttm_device_funcs *funcs, struct device *dev,
		     struct address_space *mapping,
		     struct drm_vma_offset_manager *vma_manager,
		     bool dma_alloc, bool dma32)
{
#ifdef R5XX_HAVE_TTM_DEVICE_ALLOC_FLAGS
	return ttm_device_init(bdev, funcs, dev, mapping, vma_manager,
			       (dma_alloc ? TTM_ALLOCATION_POOL_USE_DMA_ALLOC : 0) |
			       (dma32 ? TTM_ALLOCATION_POOL_USE_DMA32 : 0));
#else
	return ttm_device_init(bdev, funcs, dev, mapping, vma_manager,
			       dma_alloc, dma32);
#endif
}

#ifndef R5XX_HAVE_FENCE_CHECK_AND_SIGNAL
/**
 * dma_fence_check_and_signal_locked - signal a fence unless it is already
 * @fence: fence, with its lock held
 *
 * 7.0's replacement for the return value of dma_fence_signal_locked(),
 * which older kernels have (-EINVAL if the fence was signalled already).
 *
 * Return: true if the fence was signalled already.
 */
static inline bool dma_fence_check_and_signal_locked(struct dma_fence *fence)
{
	return dma_fence_signal_locked(fence) != 0;
}
#endif

/**
 * define R5XX_FB_CREATE - a &drm_mode_config_funcs.fb_create of 6.17 for
 * every kernel
 * @fn: function taking the format's &struct drm_format_info, declared
 *	with R5XX_DECLARE_FB_CREATE()
 *
 * Since 6.17 the core passes the format it looked up; older kernels do
 * not, and get an adapter that looks it up (the core checked already that
 * the format exists).
 */
#ifdef R5XX_HAVE_FB_CREATE_FORMAT_INFO
#define R5XX_FB_CREATE(fn) (fn)
#define R5XX_DECLARE_FB_CREATE(fn)
#else
#define R5XX_FB_CREATE(fn) fn##_compat
#define R5XX_DECLARE_FB_CREATE(fn)					\
static struct drm_framebuffer *						\
fn##_compat(struct drm_device *dev, struct drm_file *file,		\
	    const struct drm_mode_fb_cmd2 *cmd)				\
{									\
	return fn(dev, file, drm_format_info(cmd->pixel_format), cmd);	\
}
#endif

/**
 * r5xx_drm_gem_fb_init_with_funcs - drm_gem_fb_init_with_funcs() of 6.17
 * @dev: DRM device
 * @fb: framebuffer to initialise
 * @file: the file the buffer handles are from
 * @info: the format of @cmd
 * @cmd: the framebuffer's metadata
 * @funcs: its functions
 *
 * Return: 0 or a negative errno.
 */
static inline int
r5xx_drm_gem_fb_init_with_funcs(struct drm_device *dev,
				struct drm_framebuffer *fb,
				struct drm_file *file,
				const struct drm_format_info *info,
				const struct drm_mode_fb_cmd2 *cmd,
				const struct drm_framebuffer_funcs *funcs)
{
#ifdef R5XX_HAVE_FB_CREATE_FORMAT_INFO
	return drm_gem_fb_init_with_funcs(dev, fb, file, info, cmd, funcs);
#else
	return drm_gem_fb_init_with_funcs(dev, fb, file, cmd, funcs);
#endif
}

/**
 * define R5XX_ATOMIC_ASYNC_CHECK - a &drm_plane_helper_funcs
 * .atomic_async_check of 6.15 for every kernel
 * @fn: function with the flip parameter, declared with
 *	R5XX_DECLARE_ATOMIC_ASYNC_CHECK()
 *
 * Older kernels call the check without flip: only for legacy cursor
 * updates, what 6.15 calls it for with flip false.
 */
#ifdef R5XX_HAVE_ASYNC_CHECK_FLIP
#define R5XX_ATOMIC_ASYNC_CHECK(fn) (fn)
#define R5XX_DECLARE_ATOMIC_ASYNC_CHECK(fn)
#else
#define R5XX_ATOMIC_ASYNC_CHECK(fn) fn##_compat
#define R5XX_DECLARE_ATOMIC_ASYNC_CHECK(fn)				\
static inline int fn##_compat(struct drm_plane *plane,			\
			      struct drm_atomic_commit *state)		\
{									\
	return fn(plane, state, false);					\
}
#endif

/**
 * define R5XX_CONNECTOR_MODE_VALID - a &drm_connector_helper_funcs
 * .mode_valid of 6.15 for every kernel
 * @fn: function taking a const mode, declared with
 *	R5XX_DECLARE_CONNECTOR_MODE_VALID()
 */
#ifdef R5XX_HAVE_CONNECTOR_MODE_VALID_CONST
#define R5XX_CONNECTOR_MODE_VALID(fn) (fn)
#define R5XX_DECLARE_CONNECTOR_MODE_VALID(fn)
#else
#define R5XX_CONNECTOR_MODE_VALID(fn) fn##_compat
#define R5XX_DECLARE_CONNECTOR_MODE_VALID(fn)				\
static enum drm_mode_status						\
fn##_compat(struct drm_connector *connector,				\
	    struct drm_display_mode *mode)				\
{									\
	return fn(connector, mode);					\
}
#endif

/**
 * define R5XX_DRM_DRIVER_DATE - &struct drm_driver's date
 * @d: the driver's date, "YYYYMMDD"
 *
 * Removed in 6.14 (DRM_IOCTL_VERSION answers "0"); Debian's 6.12 still has
 * it. Expands to the member's initialiser where it exists, else to
 * nothing.
 */
#ifdef R5XX_HAVE_DRM_DRIVER_DATE
#define R5XX_DRM_DRIVER_DATE(d) .date = (d),
#else
#define R5XX_DRM_DRIVER_DATE(d)
#endif

/**
 * r5xx_pci_msi_32bit - limit a device's MSI addresses to 32 bits
 * @pdev: PCI device, before its interrupt vectors are allocated
 */
static inline void r5xx_pci_msi_32bit(struct pci_dev *pdev)
{
#ifdef R5XX_HAVE_PCI_MSI_ADDR_MASK
	pdev->msi_addr_mask = DMA_BIT_MASK(32);
#else
	pdev->no_64bit_msi = 1;
#endif
}

/**
 * define R5XX_FOPS_SHOW_FDINFO - &struct file_operations' fdinfo hook
 *
 * Since 6.5 drm_show_fdinfo() prints the keys every DRM driver shares
 * (drm-driver, drm-client-id, drm-pdev), then calls
 * &drm_driver.show_fdinfo, r5xx_fdinfo_show(). Older kernels have neither;
 * r5xx_fdinfo_show_file() prints the same keys itself, with a client id of
 * its own. Expands to the member's initialiser.
 */
#ifdef R5XX_HAVE_DRM_SHOW_FDINFO
#define R5XX_FOPS_SHOW_FDINFO .show_fdinfo = drm_show_fdinfo,
#else
#define R5XX_FOPS_SHOW_FDINFO .show_fdinfo = r5xx_fdinfo_show_file,
#endif

/**
 * define R5XX_DRM_DRIVER_SHOW_FDINFO - &struct drm_driver's fdinfo hook
 *
 * r5xx_fdinfo_show(), called by drm_show_fdinfo() (see
 * R5XX_FOPS_SHOW_FDINFO). Expands to the member's initialiser where it
 * exists (6.5 and later), else to nothing.
 */
#ifdef R5XX_HAVE_DRM_SHOW_FDINFO
#define R5XX_DRM_DRIVER_SHOW_FDINFO .show_fdinfo = r5xx_fdinfo_show,
#else
#define R5XX_DRM_DRIVER_SHOW_FDINFO
#endif

#ifndef R5XX_HAVE_DRM_MEMORY_STATS
/* as in 6.5's <drm/drm_file.h> and <drm/drm_gem.h> */
struct drm_memory_stats {
	u64 shared;
	u64 private;
	u64 resident;
	u64 purgeable;
	u64 active;
};

enum drm_gem_object_status {
	DRM_GEM_OBJECT_RESIDENT = BIT(0),
	DRM_GEM_OBJECT_PURGEABLE = BIT(1),
	DRM_GEM_OBJECT_ACTIVE = BIT(2),
};

/*
 * One memory key as the DRM core prints it: in the largest of bytes, KiB
 * and MiB that the size is a whole multiple of.
 */
static inline void r5xx_print_memory_size(struct drm_printer *p,
					  const char *stat,
					  const char *region, u64 size)
{
	static const char * const units[] = { "", " KiB", " MiB" };
	unsigned int u;

	for (u = 0; u < ARRAY_SIZE(units) - 1; u++) {
		if (!size || !IS_ALIGNED(size, SZ_1K))
			break;
		size >>= 10;
	}
	drm_printf(p, "drm-%s-%s:\t%llu%s\n", stat, region, size, units[u]);
}
#elif !defined(R5XX_HAVE_GEM_OBJECT_ACTIVE)
/* drm-active-<region> is printed unconditionally before the flag */
#define DRM_GEM_OBJECT_ACTIVE 0
#endif

/**
 * r5xx_drm_print_memory_stats - print the memory keys of one region
 * @p: printer
 * @stats: sizes of the region's buffers
 * @supported: which of @stats' optional sizes (active, resident,
 *	purgeable) the driver knows
 * @region: name of the region, as in drm-total-<region>
 *
 * drm_print_memory_stats() where the headers have it; on older kernels
 * the same lines: drm-total, drm-shared and the @supported of drm-active,
 * drm-resident and drm-purgeable.
 */
static inline void
r5xx_drm_print_memory_stats(struct drm_printer *p,
			    const struct drm_memory_stats *stats,
			    enum drm_gem_object_status supported,
			    const char *region)
{
#ifdef R5XX_HAVE_DRM_MEMORY_STATS
	drm_print_memory_stats(p, stats, supported, region);
#else
	r5xx_print_memory_size(p, "total", region,
			       stats->private + stats->shared);
	r5xx_print_memory_size(p, "shared", region, stats->shared);
	if (supported & DRM_GEM_OBJECT_ACTIVE)
		r5xx_print_memory_size(p, "active", region, stats->active);
	if (supported & DRM_GEM_OBJECT_RESIDENT)
		r5xx_print_memory_size(p, "resident", region, stats->resident);
	if (supported & DRM_GEM_OBJECT_PURGEABLE)
		r5xx_print_memory_size(p, "purgeable", region,
				       stats->purgeable);
#endif
}

/**
 * r5xx_gem_object_is_shared_for_memory_stats - counts as shared in fdinfo
 * @obj: GEM object
 *
 * drm_gem_object_is_shared_for_memory_stats() where the headers have it;
 * before, the same test: the object has handles in more than one file, or
 * is exported or imported as a dma-buf.
 *
 * Return: true if the object counts in drm-shared-<region>.
 */
static inline bool
r5xx_gem_object_is_shared_for_memory_stats(struct drm_gem_object *obj)
{
#ifdef R5XX_HAVE_GEM_SHARED_FOR_MEMORY_STATS
	return drm_gem_object_is_shared_for_memory_stats(obj);
#else
	return obj->handle_count > 1 || obj->dma_buf;
#endif
}

#endif /* __R5XX_COMPAT_H__ */
