/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_COMPAT_H__
#define __R5XX_COMPAT_H__

#include <drm/drm_print.h>
#include <drm/gpu_scheduler.h>

/**
 * DOC: kernel compatibility
 *
 * r5xx is built against Debian's 6.1 kernels, whose point releases changed
 * DRM helper APIs. The driver is written against the newest API; this
 * header, the only place with kernel-version conditionals, maps it onto
 * older headers. The conditions are set by Kbuild, which looks into the
 * headers being built against instead of comparing LINUX_VERSION_CODE
 * with a guessed point release:
 *
 * - R5XX_HAVE_SCHED_INIT_ARGS: drm_sched_init() takes a
 *   &struct drm_sched_init_args (the 6.1.192 headers); older 6.1 headers
 *   (6.1.176, for one) take nine positional parameters.
 *
 * drm_dbg_ratelimited() (6.5 and later) is defined here when the headers
 * lack it, on top of the rate-limited debug helper 6.1 already has.
 */

#ifndef drm_dbg_ratelimited
#define drm_dbg_ratelimited(drm, fmt, ...) \
	__DRM_DEFINE_DBG_RATELIMITED(DRIVER, drm, fmt, ##__VA_ARGS__)
#endif

#ifndef R5XX_HAVE_SCHED_INIT_ARGS
struct drm_sched_init_args {
	const struct drm_sched_backend_ops *ops;
	struct workqueue_struct *timeout_wq;
	u32 credit_limit;
	unsigned int hang_limit;
	long timeout;
	atomic_t *score;
	const char *name;
	struct device *dev;
};

static inline int r5xx_drm_sched_init(struct drm_gpu_scheduler *sched,
				      const struct drm_sched_init_args *args)
{
	return drm_sched_init(sched, args->ops, args->credit_limit,
			      args->hang_limit, args->timeout,
			      args->timeout_wq, args->score, args->name,
			      args->dev);
}
#else
static inline int r5xx_drm_sched_init(struct drm_gpu_scheduler *sched,
				      const struct drm_sched_init_args *args)
{
	return drm_sched_init(sched, args);
}
#endif

#endif /* __R5XX_COMPAT_H__ */
