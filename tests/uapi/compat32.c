// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Guest program of the UAPI tests, built as a static i386 binary: the
 * radeon ioctls from a 32-bit process on the 64-bit kernel.  The DRM core
 * gives 32-bit callers the layouts of its own ioctls; the driver's structs
 * have the same field offsets in both ABIs, and those that end in a 32-bit
 * field are 4 bytes shorter here (GEM_CREATE is 28 bytes, not 32), which
 * the ioctl number carries: the kernel must take them and copy back only
 * as much.  Raw ioctls only: Debian has no i386 libdrm here.
 */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm.h>
#include <radeon_drm.h>

/* the 2D fill of tests/cs/cs_lib.h, spelled out */
#define PKT0(reg)		((reg) >> 2)
#define DP_GUI_MASTER_CNTL	0x146c
#define DP_BRUSH_FRGD_CLR	0x147c
#define DP_CNTL			0x16c0
#define DST_PITCH_OFFSET	0x142c
#define DST_Y_X			0x1438
#define DST_HEIGHT_WIDTH	0x143c
/* DST_PITCH_OFFSET_CNTL, solid brush, 32 bpp, PATCOPY, no compare, no mask */
#define GMC_FILL32		(2u | 13u << 4 | 6u << 8 | 3u << 12 | 0xf0u << 16 | \
				 1u << 28 | 1u << 30)
#define RELOC_NOP		0xc0001000u

static int failures;

static void check(bool ok, const char *what, long v)
{
	printf("%s: %s (%ld)\n", ok ? "ok" : "FAIL", what, v);
	if (!ok)
		failures++;
}

static int xioctl(int fd, unsigned long req, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, req, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret ? -errno : 0;
}

static int open_radeon(void)
{
	char path[64], name[32];

	for (int i = 0; i < 16; i++) {
		struct drm_version v = { .name = name, .name_len = sizeof(name) - 1 };
		int fd;

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", 128 + i);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		memset(name, 0, sizeof(name));
		if (!xioctl(fd, DRM_IOCTL_VERSION, &v) && !strcmp(name, "radeon")) {
			check(v.version_major == 2 && v.version_minor == 50,
			      "VERSION through the 32-bit layout: radeon 2.50",
			      v.version_minor);
			return fd;
		}
		close(fd);
	}
	return -1;
}

int main(void)
{
	enum { W = 64, H = 16, SIZE = W * 4 * H };
	struct drm_radeon_gem_info gi = { 0 };
	struct drm_radeon_gem_create gc = {
		.size = SIZE, .initial_domain = RADEON_GEM_DOMAIN_VRAM,
	};
	struct drm_radeon_gem_mmap gm = { 0 };
	struct drm_radeon_gem_wait_idle gw = { 0 };
	struct drm_gem_close cl = { 0 };
	uint32_t dev_id = 0, bad = 0, *p;
	struct drm_radeon_info info = {
		.request = RADEON_INFO_DEVICE_ID,
		.value = (uintptr_t)&dev_id,
	};
	int fd, ret;

	check(sizeof(void *) == 4, "a 32-bit process", sizeof(void *));
	fd = open_radeon();
	if (fd < 0) {
		printf("FAIL: no radeon render node\n");
		return 1;
	}
	ret = xioctl(fd, DRM_IOCTL_RADEON_INFO, &info);
	check(!ret && dev_id, "INFO DEVICE_ID", dev_id);
	ret = xioctl(fd, DRM_IOCTL_RADEON_GEM_INFO, &gi);
	check(!ret && gi.vram_size >= 64 << 20, "GEM_INFO VRAM size",
	      (long)(gi.vram_size >> 20));
	ret = xioctl(fd, DRM_IOCTL_RADEON_GEM_CREATE, &gc);
	check(!ret && gc.handle, "GEM_CREATE, 28-byte struct", ret);
	gm.handle = gc.handle;
	gm.size = SIZE;
	ret = xioctl(fd, DRM_IOCTL_RADEON_GEM_MMAP, &gm);
	check(!ret && gm.addr_ptr, "GEM_MMAP", ret);
	p = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, gm.addr_ptr);
	check(p != MAP_FAILED, "mmap at a 64-bit offset", p == MAP_FAILED ? -errno : 0);
	if (p == MAP_FAILED)
		return 1;
	memset(p, 0x77, SIZE);

	/* a 2D fill through DRM_IOCTL_RADEON_CS: user pointers as u64 */
	uint32_t ib[] = {
		PKT0(DP_GUI_MASTER_CNTL), GMC_FILL32,
		PKT0(DP_BRUSH_FRGD_CLR), 0x13572468,
		PKT0(DP_CNTL), 3,
		PKT0(DST_PITCH_OFFSET), (W * 4 / 64) << 22,
		RELOC_NOP, 0,
		PKT0(DST_Y_X), 0,
		PKT0(DST_HEIGHT_WIDTH), (uint32_t)H << 16 | W,
	};
	struct drm_radeon_cs_reloc reloc = {
		.handle = gc.handle, .write_domain = RADEON_GEM_DOMAIN_VRAM,
	};
	struct drm_radeon_cs_chunk chunks[2] = {
		{ RADEON_CHUNK_ID_IB, sizeof(ib) / 4, (uintptr_t)ib },
		{ RADEON_CHUNK_ID_RELOCS, 4, (uintptr_t)&reloc },
	};
	uint64_t ptrs[2] = { (uintptr_t)&chunks[0], (uintptr_t)&chunks[1] };
	struct drm_radeon_cs cs = { .num_chunks = 2, .chunks = (uintptr_t)ptrs };

	ret = xioctl(fd, DRM_IOCTL_RADEON_CS, &cs);
	check(!ret, "CS", ret);
	gw.handle = gc.handle;
	ret = xioctl(fd, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &gw);
	check(!ret, "GEM_WAIT_IDLE", ret);
	for (int i = 0; i < W * H; i++)
		bad += p[i] != 0x13572468;
	check(!bad, "the GPU's fill read back, pixels wrong", bad);
	munmap(p, SIZE);
	cl.handle = gc.handle;
	ret = xioctl(fd, DRM_IOCTL_GEM_CLOSE, &cl);
	check(!ret, "GEM_CLOSE", ret);
	close(fd);
	printf("%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
