// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/aperture.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_managed.h>
#include <drm/drm_module.h>
#include <drm/drm_prime.h>
#include <drm/drm_print.h>
#include <drm/radeon_drm.h>

#include "r5xx_drv.h"

/**
 * DOC: driver
 *
 * r5xx registers a GEM and render-capable DRM device that presents itself
 * to userspace exactly as upstream radeon does under KMS: name "radeon",
 * description "ATI Radeon", date 20080528, version 2.50.0, so that
 * libdrm_radeon, Mesa r300 and xf86-video-ati accept it. On R3xx/R4xx it is
 * also a KMS driver (r5xx_kms.c); the modeset parameter or an AVIVO chip
 * turns DRIVER_MODESET off for the device. The PCI driver and the module keep the name r5xx. Probe
 * declines the parts whose GART is not implemented, loads the CP
 * microcode, removes the firmware framebuffer, then brings the hardware
 * up with r5xx_device_init() (r5xx_device.c), creates the KMS objects
 * (r5xx_kms_init()), registers the device and starts the console; remove
 * unplugs the DRM device first, so that no new work arrives, turns the
 * display off and tears down in the reverse order.
 *
 * Module parameters (read once, at probe):
 *
 * - msi: 1 to use MSI, 0 for INTx, -1 (default) for the per-family rule;
 * - writeback: 0 to read the CP read pointer and scratch registers over
 *   MMIO instead of from memory the CP writes;
 * - lockup_timeout_ms: how long a job may run before the hang check;
 * - modeset: 0 for the render-only driver without KMS, 1 (default) for KMS
 *   where r5xx drives the display engine (R3xx/R4xx);
 * - vis_vramlimit: for tests, the CPU-visible VRAM in MiB (0, the default:
 *   what the aperture shows), as amdgpu's parameter of that name; the rest
 *   of VRAM is used as on boards whose VRAM is larger than the aperture.
 */

static int r5xx_msi = -1;
module_param_named(msi, r5xx_msi, int, 0444);
MODULE_PARM_DESC(msi, "Use MSI (1 = on, 0 = off, -1 = per family [default])");

static bool r5xx_writeback = true;
module_param_named(writeback, r5xx_writeback, bool, 0444);
MODULE_PARM_DESC(writeback,
		 "CP writes rptr and scratch registers to memory (default: true)");

static unsigned int r5xx_lockup_timeout_ms = 10000;
module_param_named(lockup_timeout_ms, r5xx_lockup_timeout_ms, uint, 0444);
MODULE_PARM_DESC(lockup_timeout_ms,
		 "Job run time before the hang check, in ms (default: 10000)");

static unsigned int r5xx_vis_vramlimit;
module_param_named(vis_vramlimit, r5xx_vis_vramlimit, uint, 0444);
MODULE_PARM_DESC(vis_vramlimit,
		 "Restrict the CPU-visible VRAM, in MiB, for testing (0 = no limit [default])");

static int r5xx_modeset = 1;
module_param_named(modeset, r5xx_modeset, int, 0444);
MODULE_PARM_DESC(modeset,
		 "KMS on chips whose display r5xx drives (1 = on [default], 0 = render only)");

static int r5xx_drm_open(struct drm_device *drm, struct drm_file *file)
{
	struct r5xx_file *rfile;
	int ret;

	rfile = kzalloc(sizeof(*rfile), GFP_KERNEL);
	if (!rfile)
		return -ENOMEM;
	rfile->ib_quota = r5xx_ib_quota_alloc();
	if (!rfile->ib_quota) {
		ret = -ENOMEM;
		goto err_free;
	}
	rfile->fdinfo = r5xx_fdinfo_client_alloc();
	if (!rfile->fdinfo) {
		ret = -ENOMEM;
		goto err_put_quota;
	}
	ret = r5xx_sched_file_open(to_r5xx(drm), rfile);
	if (ret)
		goto err_put_fdinfo;
	file->driver_priv = rfile;
	return 0;

err_put_fdinfo:
	r5xx_fdinfo_client_put(rfile->fdinfo);
err_put_quota:
	r5xx_ib_quota_put(rfile->ib_quota);
err_free:
	kfree(rfile);
	return ret;
}

static void r5xx_drm_postclose(struct drm_device *drm, struct drm_file *file)
{
	struct r5xx_file *rfile = file->driver_priv;

	r5xx_info_file_close(to_r5xx(drm), file);
	r5xx_sched_file_close(rfile);
	r5xx_cs_file_fini(rfile);
	/* jobs still on the ring keep the quota until they are freed */
	r5xx_ib_quota_put(rfile->ib_quota);
	r5xx_fdinfo_client_put(rfile->fdinfo);
	kfree(rfile);
}

/*
 * The legacy UMS ioctls, 0x00 to 0x1b, are refused, with upstream's access
 * flags: the ones that set the CP or the heap up are for the root master.
 */
#define R5XX_IOCTL_UMS(name) \
	DRM_IOCTL_DEF_DRV(RADEON_##name, drm_invalid_op, DRM_AUTH)
#define R5XX_IOCTL_UMS_ROOT(name) \
	DRM_IOCTL_DEF_DRV(RADEON_##name, drm_invalid_op, \
			  DRM_AUTH | DRM_MASTER | DRM_ROOT_ONLY)
#define R5XX_IOCTL(name, func, flags) \
	DRM_IOCTL_DEF_DRV(RADEON_##name, r5xx_ioctl_##func, flags)
#define R5XX_AUTH_RENDER	(DRM_AUTH | DRM_RENDER_ALLOW)

static const struct drm_ioctl_desc r5xx_ioctls[] = {
	R5XX_IOCTL_UMS_ROOT(CP_INIT),
	R5XX_IOCTL_UMS_ROOT(CP_START),
	R5XX_IOCTL_UMS_ROOT(CP_STOP),
	R5XX_IOCTL_UMS_ROOT(CP_RESET),
	R5XX_IOCTL_UMS(CP_IDLE),
	R5XX_IOCTL_UMS(CP_RESUME),
	R5XX_IOCTL_UMS(RESET),
	R5XX_IOCTL_UMS(FULLSCREEN),
	R5XX_IOCTL_UMS(SWAP),
	R5XX_IOCTL_UMS(CLEAR),
	R5XX_IOCTL_UMS(VERTEX),
	R5XX_IOCTL_UMS(INDICES),
	R5XX_IOCTL_UMS(TEXTURE),
	R5XX_IOCTL_UMS(VERTEX2),
	R5XX_IOCTL_UMS(CMDBUF),
	R5XX_IOCTL_UMS(GETPARAM),
	R5XX_IOCTL_UMS(FLIP),
	R5XX_IOCTL_UMS(ALLOC),
	R5XX_IOCTL_UMS(FREE),
	R5XX_IOCTL_UMS_ROOT(INIT_HEAP),
	R5XX_IOCTL_UMS(IRQ_EMIT),
	R5XX_IOCTL_UMS(IRQ_WAIT),
	R5XX_IOCTL_UMS(SETPARAM),
	R5XX_IOCTL_UMS(SURF_ALLOC),
	R5XX_IOCTL_UMS(SURF_FREE),
	R5XX_IOCTL_UMS(STIPPLE),
	R5XX_IOCTL_UMS_ROOT(INDIRECT),
	R5XX_IOCTL(GEM_INFO, gem_info, R5XX_AUTH_RENDER),
	R5XX_IOCTL(GEM_CREATE, gem_create, R5XX_AUTH_RENDER),
	R5XX_IOCTL(GEM_MMAP, gem_mmap, R5XX_AUTH_RENDER),
	R5XX_IOCTL(GEM_SET_DOMAIN, gem_set_domain, R5XX_AUTH_RENDER),
	R5XX_IOCTL(GEM_PREAD, gem_pread, DRM_AUTH),
	R5XX_IOCTL(GEM_PWRITE, gem_pwrite, DRM_AUTH),
	R5XX_IOCTL(GEM_WAIT_IDLE, gem_wait_idle, R5XX_AUTH_RENDER),
	R5XX_IOCTL(INFO, info, R5XX_AUTH_RENDER),
	R5XX_IOCTL(GEM_SET_TILING, gem_set_tiling, R5XX_AUTH_RENDER),
	R5XX_IOCTL(GEM_GET_TILING, gem_get_tiling, R5XX_AUTH_RENDER),
	R5XX_IOCTL(GEM_BUSY, gem_busy, R5XX_AUTH_RENDER),
	R5XX_IOCTL(GEM_VA, gem_va, R5XX_AUTH_RENDER),
	R5XX_IOCTL(GEM_OP, gem_op, R5XX_AUTH_RENDER),
	R5XX_IOCTL(GEM_USERPTR, gem_userptr, R5XX_AUTH_RENDER),
	R5XX_IOCTL(CS, cs, R5XX_AUTH_RENDER),
};

static const struct file_operations r5xx_fops = {
	.owner = THIS_MODULE,
	R5XX_FOPS_UNSIGNED_OFFSET
	.open = drm_open,
	.release = drm_release,
	.unlocked_ioctl = drm_ioctl,
	.compat_ioctl = drm_compat_ioctl,
	.mmap = drm_gem_mmap,
	.poll = drm_poll,
	.read = drm_read,
	.llseek = noop_llseek,
	R5XX_FOPS_SHOW_FDINFO
};

static const struct drm_driver r5xx_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER | DRIVER_MODESET |
			   DRIVER_ATOMIC,
	.open = r5xx_drm_open,
	.postclose = r5xx_drm_postclose,
	.ioctls = r5xx_ioctls,
	.num_ioctls = ARRAY_SIZE(r5xx_ioctls),
	.dumb_create = r5xx_gem_dumb_create,
	.dumb_map_offset = r5xx_gem_dumb_map_offset,
	.prime_handle_to_fd = drm_gem_prime_handle_to_fd,
	.prime_fd_to_handle = drm_gem_prime_fd_to_handle,
	.gem_prime_import_sg_table = r5xx_gem_prime_import_sg_table,
	R5XX_DRM_DRIVER_GEM_PRIME_MMAP
	R5XX_DRM_DRIVER_FBDEV
	R5XX_DRM_DRIVER_SHOW_FDINFO
#if defined(CONFIG_DEBUG_FS)
	.debugfs_init = r5xx_debugfs_init,
#endif
	.fops = &r5xx_fops,
	.name = "radeon",
	.desc = "ATI Radeon",
	R5XX_DRM_DRIVER_DATE("20080528")
	.major = 2,
	.minor = 50,
	.patchlevel = 0,
};

static const char *r5xx_gart_kind_name(enum r5xx_gart_kind kind)
{
	switch (kind) {
	case R5XX_GART_PCI:
		return "the legacy PCI GART";
	case R5XX_GART_IGP:
		return "the IGP GART";
	case R5XX_GART_RS600:
		return "the RS600 GART";
	default:
		return "its GART";
	}
}

static int r5xx_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	enum r5xx_family family = FIELD_GET(R5XX_ID_FAMILY, id->driver_data);
	const struct r5xx_chip_info *info = r5xx_chip_info(family);
	const struct r5xx_gart_funcs *gart;
	struct r5xx_device *rdev;
	int ret;

	if (!info)
		return -ENODEV;
	gart = r5xx_gart_kind_funcs(info);
	if (!gart) {
		dev_info(&pdev->dev,
			 "%s (%04x:%04x) needs %s, which r5xx does not support yet\n",
			 info->name, pdev->vendor, pdev->device,
			 r5xx_gart_kind_name(info->gart));
		return -ENODEV;
	}

	rdev = devm_drm_dev_alloc(&pdev->dev, &r5xx_drm_driver,
				  struct r5xx_device, drm);
	if (IS_ERR(rdev))
		return PTR_ERR(rdev);
	rdev->pdev = pdev;
	rdev->info = info;
	rdev->gart.funcs = gart;
	rdev->family = family;
	rdev->pci_flags = id->driver_data;
	rdev->config.msi = r5xx_msi;
	rdev->config.writeback = r5xx_writeback;
	rdev->config.lockup_timeout_ms = max(r5xx_lockup_timeout_ms, 100u);
	rdev->config.modeset = r5xx_modeset;
	rdev->config.vis_vram_limit = (u64)r5xx_vis_vramlimit << 20;
	pci_set_drvdata(pdev, rdev);
	ret = drmm_mutex_init(&rdev->drm, &rdev->reset_lock);
	if (ret)
		return ret;
	ret = drmm_mutex_init(&rdev->drm, &rdev->debugfs.lock);
	if (ret)
		return ret;
	r5xx_fdinfo_init(rdev);

	/* without microcode, leave the firmware console alone */
	ret = r5xx_cp_init(rdev);
	if (ret)
		return ret;
	ret = aperture_remove_conflicting_pci_devices(pdev,
						      r5xx_drm_driver.name);
	if (ret)
		goto err_cp_fini;

	ret = r5xx_device_init(rdev);
	if (ret)
		goto err_cp_fini;
	ret = r5xx_kms_init(rdev);
	if (ret)
		goto err_device_fini;
	ret = drm_dev_register(&rdev->drm, 0);
	if (ret)
		goto err_kms_fini;

	drm_info(&rdev->drm, "%s (%04x:%04x%s), %s family, %u quad pipes\n",
		 info->name, pdev->vendor, pdev->device,
		 rdev->pci_flags & R5XX_ID_MOBILITY ? ", mobility" : "",
		 info->group, rdev->num_gb_pipes);
	drm_info(&rdev->drm, "VRAM %llu MiB (%u-bit), GART %llu MiB, IRQ %s\n",
		 rdev->mc.real_vram_size >> 20, rdev->mc.vram_width,
		 rdev->mc.gtt_size >> 20, rdev->irq.msi ? "MSI" : "INTx");
	r5xx_kms_register(rdev);
	r5xx_pm_clocks_init(rdev);
	return 0;

err_kms_fini:
	r5xx_kms_fini(rdev);
err_device_fini:
	r5xx_device_fini(rdev);
err_cp_fini:
	r5xx_cp_fini(rdev);
	return ret;
}

static void r5xx_pci_remove(struct pci_dev *pdev)
{
	struct r5xx_device *rdev = pci_get_drvdata(pdev);

	r5xx_pm_clocks_fini(rdev);
	drm_dev_unplug(&rdev->drm);
	r5xx_kms_fini(rdev);
	r5xx_device_fini(rdev);
	r5xx_cp_fini(rdev);
}

static struct pci_driver r5xx_pci_driver = {
	.name = "r5xx",
	.id_table = r5xx_pci_ids,
	.probe = r5xx_pci_probe,
	.remove = r5xx_pci_remove,
	.driver.pm = &r5xx_pm_ops,
};

drm_module_pci_driver(r5xx_pci_driver);

MODULE_AUTHOR("The r5xx authors");
MODULE_DESCRIPTION("DRM driver for ATI/AMD Radeon R300-R580 GPUs");
MODULE_LICENSE("Dual MIT/GPL");
