// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Guest program of the UAPI tests, built as a static i386 binary: the
 * radeon ioctls from a 32-bit process on the 64-bit kernel.  The DRM core
 * gives 32-bit callers the layouts of its own ioctls; the driver's structs
 * have the same field offsets in both ABIs, and those that end in a 32-bit
 * field are 4 bytes shorter here (GEM_CREATE is 28 bytes, not 32), which
 * the ioctl number carries: the kernel must take them and copy back only
 * as much.  Raw ioctls only: Debian has no i386 libdrm here, and
 * tests/lib/guest_lib.h needs none.
 */
#include "guest_lib.h"

int main(void)
{
	enum { W = 64, H = 16, SIZE = W * 4 * H };
	char name[32] = "";
	struct drm_version v = { .name = name, .name_len = sizeof(name) - 1 };
	struct drm_radeon_gem_info gi = { 0 };
	uint32_t dev_id = 0, bad = 0, handle = 0, ib[FILL_IB_DW], *p;
	uint64_t offset = 0;
	int fd, ret;

	check(sizeof(void *) == 4, "a 32-bit process (%zu)", sizeof(void *));
	fd = open_node_of("/dev/dri/renderD%d", 128, "radeon");
	if (fd < 0) {
		printf("FAIL: no radeon render node\n");
		return 1;
	}
	ret = xioctl(fd, DRM_IOCTL_VERSION, &v);
	check(!ret && v.version_major == 2 && v.version_minor == expected_minor(),
	      "VERSION through the 32-bit layout: radeon 2.%d (%d)",
	      expected_minor(), v.version_minor);
	ret = radeon_info(fd, RADEON_INFO_DEVICE_ID, &dev_id);
	check(!ret && dev_id, "INFO DEVICE_ID (%u)", dev_id);
	ret = xioctl(fd, DRM_IOCTL_RADEON_GEM_INFO, &gi);
	check(!ret && gi.vram_size >= 64 << 20, "GEM_INFO VRAM size (%u)",
	      (unsigned int)(gi.vram_size >> 20));
	ret = try_gem_create(fd, SIZE, 0, RADEON_GEM_DOMAIN_VRAM, 0, &handle);
	check(!ret && handle, "GEM_CREATE, 28-byte struct (%d)", ret);
	ret = gem_mmap_offset(fd, handle, SIZE, &offset);
	check(!ret && offset, "GEM_MMAP (%d)", ret);
	p = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
	check(p != MAP_FAILED, "mmap at a 64-bit offset (%d)",
	      p == MAP_FAILED ? -errno : 0);
	if (p == MAP_FAILED)
		return 1;
	memset(p, 0x77, SIZE);

	/* a 2D fill through DRM_IOCTL_RADEON_CS: user pointers as u64 */
	struct drm_radeon_cs_reloc reloc = {
		.handle = handle, .write_domain = RADEON_GEM_DOMAIN_VRAM,
	};

	fill_ib(ib, 4, pitch_offset(W * 4, 0), 0, 0, 0, W, H, 0x13572468);
	ret = cs_submit(fd, ib, FILL_IB_DW, &reloc, 1, NULL, 0);
	check(!ret, "CS (%d)", ret);
	ret = gem_wait_idle(fd, handle);
	check(!ret, "GEM_WAIT_IDLE (%d)", ret);
	for (int i = 0; i < W * H; i++)
		bad += p[i] != 0x13572468;
	check(!bad, "the GPU's fill read back, pixels wrong (%u)", bad);
	munmap(p, SIZE);
	ret = try_gem_close(fd, handle);
	check(!ret, "GEM_CLOSE (%d)", ret);
	close(fd);
	printf("%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
