/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Shared by the guest test programs of tests/cs, tests/uapi and tests/bench:
 * reporting, a table of named tests, the radeon device by node, raw GEM and
 * CS ioctls, and the PM4 packets and 2D engine register values of a solid
 * fill.
 *
 * Raw ioctls only, no libdrm calls: tests/uapi/compat32.c includes this
 * too, built -m32 -static where Debian has no i386 libdrm.  Include it
 * before any system header (it sets the feature macros).
 */
#ifndef GUEST_LIB_H
#define GUEST_LIB_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#define _FILE_OFFSET_BITS 64	/* 64-bit mmap offsets in a 32-bit process */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm.h>
#include <radeon_drm.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

/* ---- reporting ---- */

static int failures;

/* One "ok: ..." or "FAIL: ..." line; a FAIL counts in @failures. */
static inline void check(bool ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void check(bool ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("%s: ", ok ? "ok" : "FAIL");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	fflush(stdout);
	if (!ok)
		failures++;
}

/* "FAIL: @what: strerror(errno)" and exit 1. */
static inline void die(const char *what)
{
	printf("FAIL: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* ---- a program's tests by name: `prog TEST` ---- */

struct named_test {
	const char *name;
	int (*fn)(void);
};

/* The test called @name among the @n of @tests, or NULL after saying so. */
static inline const struct named_test *
find_test(const struct named_test *tests, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(name, tests[i].name))
			return &tests[i];
	fprintf(stderr, "unknown test %s\n", name);
	return NULL;
}

/* ---- ioctls and the device ---- */

/* ioctl returning 0 or -errno, retried on EINTR and EAGAIN (as drmIoctl) */
static inline int xioctl(int fd, unsigned long req, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, req, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret ? -errno : 0;
}

/*
 * The first of the 16 nodes @fmt names (with minors from @first) whose
 * DRM driver is @name, or -1.
 */
static inline int open_node_of(const char *fmt, int first, const char *name)
{
	char path[64], drv[32];
	int i, fd;

	for (i = 0; i < 16; i++) {
		struct drm_version v = {
			.name = drv, .name_len = sizeof(drv) - 1,
		};

		snprintf(path, sizeof(path), fmt, first + i);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		memset(drv, 0, sizeof(drv));
		if (!xioctl(fd, DRM_IOCTL_VERSION, &v) && !strcmp(drv, name))
			return fd;
		close(fd);
	}
	return -1;
}

/* The first radeon node @fmt names (minors from @first); dies with @what. */
static inline int open_radeon_or_die(const char *fmt, int first,
				     const char *what)
{
	int fd = open_node_of(fmt, first, "radeon");

	if (fd < 0) {
		errno = ENODEV;
		die(what);
	}
	return fd;
}

static inline int open_render(void)
{
	return open_radeon_or_die("/dev/dri/renderD%d", 128,
				  "no radeon render node");
}

static inline int open_card(void)
{
	return open_radeon_or_die("/dev/dri/card%d", 0, "no radeon primary node");
}

/* DRM_IOCTL_RADEON_INFO @request into *@value: 0 or -errno */
static inline int radeon_info(int fd, uint32_t request, void *value)
{
	struct drm_radeon_info i = {
		.request = request, .value = (uintptr_t)value,
	};

	return xioctl(fd, DRM_IOCTL_RADEON_INFO, &i);
}

/* ---- GEM: try_* return 0 or -errno, the others die on an error ---- */

static inline int try_gem_create(int fd, uint64_t size, uint64_t alignment,
				 uint32_t domain, uint32_t flags,
				 uint32_t *handle)
{
	struct drm_radeon_gem_create c = {
		.size = size, .alignment = alignment,
		.initial_domain = domain, .flags = flags,
	};
	int ret = xioctl(fd, DRM_IOCTL_RADEON_GEM_CREATE, &c);

	if (!ret)
		*handle = c.handle;
	return ret;
}

static inline uint32_t gem_create(int fd, uint64_t size, uint32_t domain)
{
	uint32_t handle;

	if (try_gem_create(fd, size, 0, domain, 0, &handle))
		die("GEM_CREATE");
	return handle;
}

static inline int try_gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	return xioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
}

static inline void gem_close(int fd, uint32_t handle)
{
	if (try_gem_close(fd, handle))
		die("GEM_CLOSE");
}

/* The fake offset to mmap() the buffer at, into *@offset. */
static inline int gem_mmap_offset(int fd, uint32_t handle, uint64_t size,
				  uint64_t *offset)
{
	struct drm_radeon_gem_mmap m = { .handle = handle, .size = size };
	int ret = xioctl(fd, DRM_IOCTL_RADEON_GEM_MMAP, &m);

	*offset = m.addr_ptr;
	return ret;
}

/* A shared read-write CPU mapping of the buffer. */
static inline void *gem_map(int fd, uint32_t handle, uint64_t size)
{
	uint64_t offset;
	void *p;

	if (gem_mmap_offset(fd, handle, size, &offset))
		die("GEM_MMAP");
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
	if (p == MAP_FAILED)
		die("mmap");
	return p;
}

static inline int gem_wait_idle(int fd, uint32_t handle)
{
	struct drm_radeon_gem_wait_idle w = { .handle = handle };

	return xioctl(fd, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &w);
}

/* ---- command submission ---- */

/*
 * A raw DRM_IOCTL_RADEON_CS: the IB, the relocation list (NULL: no RELOCS
 * chunk) and, if @flags is not NULL, a FLAGS chunk of @nflags dwords.
 * Returns 0 or -errno.
 */
static inline int cs_submit(int fd, const uint32_t *ib, uint32_t ib_dw,
			    const struct drm_radeon_cs_reloc *relocs,
			    uint32_t nrelocs, const uint32_t *flags,
			    uint32_t nflags)
{
	struct drm_radeon_cs_chunk chunks[3];
	uint64_t ptrs[3];
	struct drm_radeon_cs cs = { 0 };
	unsigned int n = 0;

	chunks[n] = (struct drm_radeon_cs_chunk) {
		.chunk_id = RADEON_CHUNK_ID_IB, .length_dw = ib_dw,
		.chunk_data = (uintptr_t)ib,
	};
	n++;
	if (relocs) {
		chunks[n] = (struct drm_radeon_cs_chunk) {
			.chunk_id = RADEON_CHUNK_ID_RELOCS,
			.length_dw = nrelocs * 4,
			.chunk_data = (uintptr_t)relocs,
		};
		n++;
	}
	if (flags) {
		chunks[n] = (struct drm_radeon_cs_chunk) {
			.chunk_id = RADEON_CHUNK_ID_FLAGS,
			.length_dw = nflags,
			.chunk_data = (uintptr_t)flags,
		};
		n++;
	}
	for (unsigned int i = 0; i < n; i++)
		ptrs[i] = (uintptr_t)&chunks[i];
	cs.num_chunks = n;
	cs.chunks = (uintptr_t)ptrs;
	return xioctl(fd, DRM_IOCTL_RADEON_CS, &cs);
}

/* ---- PM4 and the 2D engine ---- */

/* PM4 headers (guide 5.3) */
#define PKT0(reg, n)	((((uint32_t)(n) - 1) << 16) | ((reg) >> 2))
#define PKT0_ONE(reg, n) (PKT0(reg, n) | (1u << 15))
#define PKT2		0x80000000u
#define PKT3(op, n)	(0xc0000000u | (((uint32_t)(n) - 1) << 16) | ((op) << 8))
#define RELOC_NOP	0xc0001000u	/* type-3 NOP, one data dword */

/* 2D engine registers (r5xx_regs.h has them; these programs stand alone) */
#define REG_DST_PITCH_OFFSET	0x142c
#define REG_SRC_PITCH_OFFSET	0x1428
#define REG_DP_GUI_MASTER_CNTL	0x146c
#define REG_DP_BRUSH_FRGD_CLR	0x147c
#define REG_DP_CNTL		0x16c0
#define REG_DP_WRITE_MSK	0x16cc
#define REG_DST_Y_X		0x1438
#define REG_SRC_Y_X		0x1434
#define REG_DST_HEIGHT_WIDTH	0x143c
#define REG_DST_WIDTH_HEIGHT	0x1598
#define REG_SC_TOP_LEFT		0x16ec
#define REG_SC_BOTTOM_RIGHT	0x16f0
#define REG_WAIT_UNTIL		0x1720
#define REG_RB3D_DSTCACHE_CTLSTAT 0x4e4c

/* DP_GUI_MASTER_CNTL fields (radeon_reg.h RADEON_GMC_*) */
#define GMC_SRC_PITCH_OFFSET_CNTL (1u << 0)
#define GMC_DST_PITCH_OFFSET_CNTL (1u << 1)
#define GMC_BRUSH_SOLID_COLOR	(13u << 4)
#define GMC_BRUSH_NONE		(15u << 4)
#define GMC_DST_DATATYPE(cpp)	((cpp) == 1 ? 2u << 8 : (cpp) == 2 ? 4u << 8 : 6u << 8)
#define GMC_SRC_DATATYPE_COLOR	(3u << 12)
#define GMC_ROP3(r)		((uint32_t)(r) << 16)
#define GMC_DP_SRC_SOURCE_MEMORY (2u << 24)
#define GMC_CLR_CMP_CNTL_DIS	(1u << 28)
#define GMC_WR_MSK_DIS		(1u << 30)

#define ROP3_PATCOPY		0xf0
#define ROP3_SRCCOPY		0xcc

#define DP_CNTL_LEFT_TO_RIGHT	(1u << 0)
#define DP_CNTL_TOP_TO_BOTTOM	(1u << 1)

/* DP_GUI_MASTER_CNTL of a solid fill (PATCOPY) and of a copy (SRCCOPY) */
#define GMC_SOLID_FILL(cpp)	(GMC_DST_PITCH_OFFSET_CNTL | GMC_BRUSH_SOLID_COLOR | \
				 GMC_DST_DATATYPE(cpp) | GMC_SRC_DATATYPE_COLOR | \
				 GMC_ROP3(ROP3_PATCOPY) | GMC_CLR_CMP_CNTL_DIS | \
				 GMC_WR_MSK_DIS)
#define GMC_SRC_COPY(cpp)	(GMC_SRC_PITCH_OFFSET_CNTL | GMC_DST_PITCH_OFFSET_CNTL | \
				 GMC_BRUSH_NONE | GMC_DST_DATATYPE(cpp) | \
				 GMC_SRC_DATATYPE_COLOR | GMC_ROP3(ROP3_SRCCOPY) | \
				 GMC_DP_SRC_SOURCE_MEMORY | GMC_CLR_CMP_CNTL_DIS | \
				 GMC_WR_MSK_DIS)

/* DST/SRC_PITCH_OFFSET: pitch in 64-byte units, offset in KiB */
static inline uint32_t pitch_offset(uint32_t pitch, uint32_t offset)
{
	return (pitch / 64) << 22 | offset >> 10;
}

static inline uint32_t yx(uint32_t y, uint32_t x)
{
	return y << 16 | x;
}

#define FILL_IB_DW	14

/*
 * A solid fill of @w x @h pixels at (@x, @y) in @colour, through
 * DST_PITCH_OFFSET value @po (BO-relative) and the relocation at dword
 * index @reloc of the RELOCS chunk: %FILL_IB_DW dwords into @ib.
 */
static inline uint32_t fill_ib(uint32_t *ib, unsigned int cpp, uint32_t po,
			       uint32_t reloc, uint32_t x, uint32_t y,
			       uint32_t w, uint32_t h, uint32_t colour)
{
	const uint32_t d[FILL_IB_DW] = {
		PKT0(REG_DP_GUI_MASTER_CNTL, 1), GMC_SOLID_FILL(cpp),
		PKT0(REG_DP_BRUSH_FRGD_CLR, 1), colour,
		PKT0(REG_DP_CNTL, 1), DP_CNTL_LEFT_TO_RIGHT | DP_CNTL_TOP_TO_BOTTOM,
		PKT0(REG_DST_PITCH_OFFSET, 1), po,
		RELOC_NOP, reloc,
		PKT0(REG_DST_Y_X, 1), yx(y, x),
		PKT0(REG_DST_HEIGHT_WIDTH, 1), yx(h, w),
	};

	memcpy(ib, d, sizeof(d));
	return FILL_IB_DW;
}

/*
 * The DRM minor version the driver under test reports: r5xx says 2.50, as
 * radeon.ko did up to 6.12; radeon.ko of 7.x says 2.51
 * (R5XX_EXPECT_MINOR, set by tests/uapi/referee.sh).
 */
static inline int expected_minor(void)
{
	const char *m = getenv("R5XX_EXPECT_MINOR");

	return m ? atoi(m) : 50;
}

#endif /* GUEST_LIB_H */
