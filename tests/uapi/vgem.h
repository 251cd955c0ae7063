/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * vgem's fence ioctls (include/uapi/drm/vgem_drm.h, not in libdrm's
 * headers) and a fenced vgem buffer imported into an r5xx file, shared by
 * the UAPI programs whose jobs wait for a foreign fence.
 */
#ifndef R5XX_TESTS_VGEM_H
#define R5XX_TESTS_VGEM_H

#include <stdint.h>
#include <xf86drm.h>

#include "guest_lib.h"

struct vgem_fence_attach {
	uint32_t handle;
	uint32_t flags;
	uint32_t out_fence;
	uint32_t pad;
};

struct vgem_fence_signal {
	uint32_t fence;
	uint32_t flags;
};

#define VGEM_FENCE_WRITE	0x1
#define VGEM_IOCTL_FENCE_ATTACH	DRM_IOWR(DRM_COMMAND_BASE + 1, struct vgem_fence_attach)
#define VGEM_IOCTL_FENCE_SIGNAL	DRM_IOW(DRM_COMMAND_BASE + 2, struct vgem_fence_signal)

/*
 * A 64 x 64 vgem buffer with an unsignalled vgem write fence, imported
 * into @fd as *@handle: jobs listing it wait for the fence. Returns the
 * dma-buf; *@fence is the fence for VGEM_IOCTL_FENCE_SIGNAL, *@pitch (if
 * not NULL) the buffer's pitch in bytes.
 */
static inline int vgem_fenced_import(int vfd, int fd, uint32_t *handle,
				     uint32_t *fence, uint32_t *pitch)
{
	struct drm_mode_create_dumb c = { .width = 64, .height = 64, .bpp = 32 };
	struct vgem_fence_attach fa = { .flags = VGEM_FENCE_WRITE };
	int dmabuf;

	if (xioctl(vfd, DRM_IOCTL_MODE_CREATE_DUMB, &c))
		die("vgem CREATE_DUMB");
	if (drmPrimeHandleToFD(vfd, c.handle, DRM_CLOEXEC | DRM_RDWR, &dmabuf) ||
	    drmPrimeFDToHandle(fd, dmabuf, handle))
		die("vgem buffer into r5xx");
	fa.handle = c.handle;
	if (xioctl(vfd, VGEM_IOCTL_FENCE_ATTACH, &fa))
		die("vgem FENCE_ATTACH");
	*fence = fa.out_fence;
	if (pitch)
		*pitch = c.pitch;
	return dmabuf;
}

#endif
