/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_COMPAT_H__
#define __R5XX_COMPAT_H__

#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/sizes.h>

#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_mode_config.h>
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

#ifdef R5XX_HAVE_DRM_CLIENT_SETUP
#include <drm/drm_client_setup.h>
#include <drm/drm_fbdev_ttm.h>
#else
#include <drm/drm_fb_helper.h>
#endif

/**
 * DOC: kernel compatibility
 *
 * r5xx builds from one source tree against Debian's 6.1 (bookworm) and
 * 6.12 (trixie, bookworm-backports) kernels; Documentation/kernels.rst
 * lists them. The driver is written against the newest API; this header,
 * the only place with kernel-version conditionals, maps it onto older
 * headers. The conditions are set by Kbuild, which looks into the headers
 * being built against instead of comparing LINUX_VERSION_CODE with a
 * guessed release (Debian's 6.1 point releases carry backported APIs):
 *
 * - R5XX_HAVE_SCHED_INIT_ARGS: drm_sched_init() takes a
 *   &struct drm_sched_init_args (6.1.192 headers, 6.15 and later); else
 *   positional parameters, see r5xx_drm_sched_init();
 * - R5XX_HAVE_SCHED_SUBMIT_WQ: those positional parameters include a
 *   submission workqueue and a run queue count (6.8 to 6.14);
 * - R5XX_HAVE_SCHED_JOB_CREDITS: drm_sched_job_init() takes a credit
 *   count (6.7 and later);
 * - R5XX_HAVE_SCHED_START_RECOVERY: drm_sched_start() takes 6.1's
 *   full_recovery flag;
 * - R5XX_HAVE_TTM_BO_H: TTM's buffer object API is <drm/ttm/ttm_bo.h>
 *   (6.4 and later), not ttm_bo_api.h and ttm_bo_driver.h;
 * - R5XX_HAVE_TTM_BUSY_PLACEMENT: a &struct ttm_placement has a second
 *   list of places for busy buffers (up to 6.8);
 * - R5XX_HAVE_TTM_RESOURCE_NUM_PAGES: a &struct ttm_resource counts pages,
 *   not bytes (up to 6.1);
 * - R5XX_HAVE_PIN_USER_PAGES_VMAS: pin_user_pages() has a VMA array
 *   parameter (up to 6.4);
 * - R5XX_HAVE_GEM_PRIME_MMAP_HOOK: &struct drm_driver has gem_prime_mmap
 *   (up to 6.5);
 * - R5XX_HAVE_DRM_CLIENT_SETUP: in-kernel DRM clients such as the fbdev
 *   console start with drm_client_setup() (6.12.95 and 6.13 and later);
 *   older kernels use drm_fbdev_generic_setup();
 * - R5XX_HAVE_MODE_CONFIG_FBDEV_HINTS: &struct drm_mode_config has
 *   prefer_shadow_fbdev and fb_base (up to 6.1), see
 *   r5xx_mode_config_fbdev_hints().
 * - R5XX_HAVE_GEM_VMAP_RESERVED: the GEM core calls
 *   &drm_gem_object_funcs.vmap and .vunmap with the buffer's reservation
 *   held (drm_gem_vmap_unlocked() exists: 6.3 and later);
 * - R5XX_HAVE_GEM_PIN_RESERVED: likewise &drm_gem_object_funcs.pin and
 *   .unpin (the shmem helpers' pin callback calls their _locked variant:
 *   6.9 and later). See R5XX_GEM_VMAP_RESERVED and R5XX_GEM_PIN_RESERVED.
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
 * name when the headers lack it: drm_dbg_ratelimited() (6.5) and
 * %PCI_IRQ_INTX (6.8). %FOP_UNSIGNED_OFFSET (6.12) is tested for directly.
 */

#ifndef drm_dbg_ratelimited
#define drm_dbg_ratelimited(drm, fmt, ...) \
	__DRM_DEFINE_DBG_RATELIMITED(DRIVER, drm, fmt, ##__VA_ARGS__)
#endif

/* pci_alloc_irq_vectors() flag, PCI_IRQ_LEGACY before 6.8 */
#ifndef PCI_IRQ_INTX
#define PCI_IRQ_INTX PCI_IRQ_LEGACY
#endif

#ifndef R5XX_HAVE_SCHED_INIT_ARGS
struct drm_sched_init_args {
	const struct drm_sched_backend_ops *ops;
	struct workqueue_struct *submit_wq;
	struct workqueue_struct *timeout_wq;
	u32 credit_limit;
	unsigned int hang_limit;
	long timeout;
	atomic_t *score;
	const char *name;
	struct device *dev;
};
#endif

/**
 * r5xx_drm_sched_init - drm_sched_init() with a &struct drm_sched_init_args
 * @sched: scheduler to start
 * @args: its parameters
 *
 * Without the argument structure in the headers, the parameters are passed
 * one by one: nine of them on older 6.1 headers, eleven (a submission
 * workqueue, &drm_sched_init_args.submit_wq, and one run queue per
 * priority) on 6.8 to 6.14.
 *
 * Return: 0 or a negative errno.
 */
static inline int r5xx_drm_sched_init(struct drm_gpu_scheduler *sched,
				      const struct drm_sched_init_args *args)
{
#if defined(R5XX_HAVE_SCHED_INIT_ARGS)
	return drm_sched_init(sched, args);
#elif defined(R5XX_HAVE_SCHED_SUBMIT_WQ)
	return drm_sched_init(sched, args->ops, args->submit_wq,
			      DRM_SCHED_PRIORITY_COUNT,
			      args->credit_limit, args->hang_limit,
			      args->timeout, args->timeout_wq, args->score,
			      args->name, args->dev);
#else
	return drm_sched_init(sched, args->ops, args->credit_limit,
			      args->hang_limit, args->timeout,
			      args->timeout_wq, args->score, args->name,
			      args->dev);
#endif
}

/**
 * r5xx_drm_sched_job_init - drm_sched_job_init() with a credit count
 * @job: job to initialise
 * @entity: entity it is submitted through
 * @credits: how much of the scheduler's credit limit the job takes
 * @owner: identifies the submitter (debugging), or NULL
 *
 * Headers before 6.7 count every job as one credit and have no @credits.
 *
 * Return: 0 or a negative errno.
 */
static inline int r5xx_drm_sched_job_init(struct drm_sched_job *job,
					  struct drm_sched_entity *entity,
					  u32 credits, void *owner)
{
#ifdef R5XX_HAVE_SCHED_JOB_CREDITS
	return drm_sched_job_init(job, entity, credits, owner);
#else
	return drm_sched_job_init(job, entity, owner);
#endif
}

/**
 * r5xx_drm_sched_start - restart a scheduler stopped by drm_sched_stop()
 * @sched: scheduler
 *
 * Older headers take a full_recovery flag; r5xx always recovers fully (it
 * resubmits the jobs first), which is what newer kernels always do.
 */
static inline void r5xx_drm_sched_start(struct drm_gpu_scheduler *sched)
{
#ifdef R5XX_HAVE_SCHED_START_RECOVERY
	drm_sched_start(sched, true);
#else
	drm_sched_start(sched);
#endif
}

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
