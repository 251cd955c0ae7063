/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * What the driver tests' guest programs (tests/driver/NAME.c) share beyond
 * tests/lib/guest_lib.h: the driver's debugfs files (the model's debug
 * register through r5xx_mmio, the job counters of r5xx_fences), a solid
 * fill of a whole test buffer, and its check through a CPU mapping.
 */
#ifndef DRV_LIB_H
#define DRV_LIB_H

#include <dirent.h>
#include <limits.h>

#include "guest_lib.h"

/* The model's debug registers (regs/r5xx.regs, space model) */
#define REG_MODEL_ID		0x5f00
#define REG_MODEL_DEBUG		0x5f08
#define MODEL_ID_VALUE		0x5235584du
#define MODEL_DEBUG_CP_HANG	(1u << 0)
#define MODEL_DEBUG_IB_HANG	(1u << 1)
#define MODEL_DEBUG_E2_HANG	(1u << 2)
/* the model's hang mark: a type-3 NOP with this first body dword ("HANG") */
#define MODEL_HANG_MARK		0x474e4148u

#define ETIME_ERR		(-62)

/* test buffers: W x H pixels of 32 bits, pitch W * 4 */
#define W	64
#define H	64
#define BUF_SIZE (W * H * 4)

/* The driver's debugfs directory into @dir (PATH_MAX); dies without one. */
static inline void debugfs_dir(char *dir, size_t len)
{
	DIR *d = opendir("/sys/kernel/debug/dri");
	struct dirent *e;
	char path[512], name[64];

	if (!d)
		die("opendir /sys/kernel/debug/dri");
	while ((e = readdir(d))) {
		FILE *f;
		bool ours;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%s/name",
			 e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		ours = fgets(name, sizeof(name), f) && !strncmp(name, "radeon ", 7);
		fclose(f);
		if (ours) {
			snprintf(dir, len, "/sys/kernel/debug/dri/%s", e->d_name);
			closedir(d);
			return;
		}
	}
	closedir(d);
	errno = ENODEV;
	die("no radeon debugfs directory");
}

/* 32-bit register access through the driver's debugfs r5xx_mmio */
static inline uint32_t mmio_read(const char *dir, uint32_t reg)
{
	char path[640];
	uint32_t v;
	int fd;

	snprintf(path, sizeof(path), "%s/r5xx_mmio", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || pread(fd, &v, 4, reg) != 4)
		die("read r5xx_mmio");
	close(fd);
	return v;
}

static inline void mmio_write(const char *dir, uint32_t reg, uint32_t v)
{
	char path[640];
	int fd;

	snprintf(path, sizeof(path), "%s/r5xx_mmio", dir);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0 || pwrite(fd, &v, 4, reg) != 4)
		die("write r5xx_mmio");
	close(fd);
}

/* One number of debugfs r5xx_fences ("NAME: N"), or LLONG_MIN. */
static inline long long fences_field(const char *dir, const char *name)
{
	char path[640], line[128];
	size_t n = strlen(name);
	long long v = LLONG_MIN;
	FILE *f;

	snprintf(path, sizeof(path), "%s/r5xx_fences", dir);
	f = fopen(path, "r");
	if (!f)
		die("open r5xx_fences");
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, name, n) && line[n] == ':')
			v = strtoll(line + n + 1, NULL, 0);
	fclose(f);
	return v;
}

static inline uint64_t reset_counter(int fd)
{
	uint32_t v = 0;

	if (radeon_info(fd, RADEON_INFO_GPU_RESET_COUNTER, &v))
		die("INFO GPU_RESET_COUNTER");
	return v;
}

/*
 * Fill the whole test buffer @handle (in @domain) with @colour, after the
 * hang mark if @mark: 0 or -errno of the CS ioctl.
 */
static inline int fill_buf(int fd, uint32_t handle, uint32_t domain,
			   uint32_t colour, bool mark)
{
	struct drm_radeon_cs_reloc reloc = {
		.handle = handle, .write_domain = domain,
	};
	uint32_t ib[2 + FILL_IB_DW], n = 0;

	if (mark) {
		ib[n++] = PKT3(0x10, 1);	/* NOP */
		ib[n++] = MODEL_HANG_MARK;
	}
	n += fill_ib(ib + n, 4, pitch_offset(W * 4, 0), 0, 0, 0, W, H, colour);
	return cs_submit(fd, ib, n, &reloc, 1, NULL, 0);
}

/* Pixels of the mapped test buffer @p that are not @colour. */
static inline unsigned int count_not(const volatile uint32_t *p,
				     uint32_t colour)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < W * H; i++)
		n += p[i] != colour;
	return n;
}

/* A shared anonymous mapping, for counters between processes. */
static inline void *shared_alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		die("mmap shared");
	return p;
}

/* xorshift64*: the seeded generator of the soak and the fuzzer */
static inline uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

#endif /* DRV_LIB_H */
