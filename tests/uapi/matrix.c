// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Guest program of the UAPI tests: the hostile ioctl matrix.  Every ioctl
 * number of the driver's table (and the ones past it) is called with bad
 * handles, zero, huge and overflowing sizes and counts, unaligned, unmapped
 * and kernel-space pointers, garbage flags and domains, and argument sizes
 * other than the struct's; each call must give the errno written next to
 * it (upstream radeon's where userspace can see a difference; the places
 * where r5xx answers otherwise are marked "upstream:").  Built twice: as a
 * 64-bit program and as a static i386 one (the 32-bit caller, as
 * tests/uapi/compat32.c), so raw ioctls only.
 *
 *	matrix [ROUNDS]
 *
 * runs the whole matrix ROUNDS times (default 1) with fresh files each
 * time, printing every case in the first round and only failures after;
 * tests/uapi/matrix.sh compares live slab objects around the rounds.
 * Documentation/r5xx.rst ("Hostile ioctl matrix") lists what it covers.
 */
#include "guest_lib.h"

#include <sys/wait.h>

#define BO_SIZE		16384
#define BO_W		64		/* 256-byte pitch, 64 rows */
#define BO_H		64
#define BAD_HANDLE	0xdeadbeefu
/*
 * Past 2^47, the end of x86-64's user address space under 4-level paging;
 * user memory under 5-level paging (see five_level_paging())
 */
#define FAR_PTR		0x0000dead00000000ull
/* the kernel's half of the 64-bit address space */
#define KERNEL_PTR	0xffff888000000000ull

static bool quiet;
static int fd_render, fd_card;
static uint32_t bo;		/* a 16 KiB GTT buffer of the render file */
static uint8_t *guard;		/* a page followed by a PROT_NONE page */
static long page_size;

/* One case: the result must be @want. */
static void expect(int got, int want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void expect(int got, int want, const char *fmt, ...)
{
	va_list ap;

	if (got != want)
		failures++;
	if (quiet && got == want)
		return;
	printf("%s: ", got == want ? "ok" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(": %d (want %d)\n", got, want);
	fflush(stdout);
}

static int raw(int fd, unsigned long req, uintptr_t arg)
{
	return xioctl(fd, req, (void *)arg);
}

/* The request number @req with its size field set to @size. */
static unsigned long resized(unsigned long req, unsigned int size)
{
	return _IOC(_IOC_DIR(req), _IOC_TYPE(req), _IOC_NR(req), size);
}

/* @size bytes of @src placed so that they end where the guard page starts */
static void *at_guard(const void *src, size_t size)
{
	void *p = guard + page_size - size;

	memcpy(p, src, size);
	return p;
}

/* a 64-bit pointer field holding @p with garbage in its upper half */
static uint64_t high_garbage(const void *p)
{
	return FAR_PTR | (uintptr_t)p;
}

/* ---- every ioctl number, whatever its arguments ---- */

struct kms_ioctl {
	const char *name;
	unsigned long req;
	size_t size;
};

#define KMS(n, s)	{ #n, DRM_IOCTL_RADEON_##n, sizeof(struct s) }

static const struct kms_ioctl kms_ioctls[] = {
	KMS(GEM_INFO, drm_radeon_gem_info),
	KMS(GEM_CREATE, drm_radeon_gem_create),
	KMS(GEM_MMAP, drm_radeon_gem_mmap),
	KMS(GEM_PREAD, drm_radeon_gem_pread),
	KMS(GEM_PWRITE, drm_radeon_gem_pwrite),
	KMS(GEM_SET_DOMAIN, drm_radeon_gem_set_domain),
	KMS(GEM_WAIT_IDLE, drm_radeon_gem_wait_idle),
	KMS(CS, drm_radeon_cs),
	KMS(INFO, drm_radeon_info),
	KMS(GEM_SET_TILING, drm_radeon_gem_set_tiling),
	KMS(GEM_GET_TILING, drm_radeon_gem_get_tiling),
	KMS(GEM_BUSY, drm_radeon_gem_busy),
	KMS(GEM_VA, drm_radeon_gem_va),
	KMS(GEM_OP, drm_radeon_gem_op),
	KMS(GEM_USERPTR, drm_radeon_gem_userptr),
};

static void numbers(void)
{
	uint8_t zeros[64] = { 0 };
	unsigned int nr;

	/* the legacy UMS ioctls: not for render nodes, invalid on the card */
	for (nr = 0x00; nr <= 0x1b; nr++) {
		unsigned long req = DRM_IO(DRM_COMMAND_BASE + nr);

		if (nr == 0x0b) {	/* DRM_RADEON_NOT_USED: no entry */
			expect(raw(fd_render, req, 0), -EINVAL,
			       "unused number %#x on the render node", nr);
			continue;
		}
		expect(raw(fd_render, req, 0), -EACCES,
		       "UMS ioctl %#x on the render node", nr);
		expect(raw(fd_card, req, 0), -EINVAL,
		       "UMS ioctl %#x on the primary node", nr);
	}
	/* holes in the table and numbers past its end */
	for (nr = 0x1f; nr <= 0x25; nr += nr == 0x20 ? 5 : 1) {
		expect(raw(fd_render, DRM_IO(DRM_COMMAND_BASE + nr), 0), -EINVAL,
		       "hole %#x in the ioctl table", nr);
	}
	for (nr = 0x2e; nr < 0x60; nr += 7) {
		expect(raw(fd_render, DRM_IOWR(DRM_COMMAND_BASE + nr, zeros), (uintptr_t)zeros),
		       -EINVAL, "number %#x past the table, render node", nr);
		expect(raw(fd_card, DRM_IO(DRM_COMMAND_BASE + nr), 0), -EINVAL,
		       "number %#x past the table, primary node", nr);
	}

	/* every driver ioctl: unreadable arguments are -EFAULT */
	for (size_t i = 0; i < ARRAY_SIZE(kms_ioctls); i++) {
		const struct kms_ioctl *k = &kms_ioctls[i];
		uint8_t buf[128] = { 0 };

		expect(raw(fd_render, k->req, 0), -EFAULT, "%s: NULL argument",
		       k->name);
		expect(raw(fd_render, k->req, 1), -EFAULT,
		       "%s: argument at address 1", k->name);
		expect(raw(fd_render, k->req, (uintptr_t)KERNEL_PTR), -EFAULT,
		       "%s: argument in kernel space", k->name);
		expect(raw(fd_render, k->req, (uintptr_t)(guard + page_size - k->size + 1)),
		       -EFAULT, "%s: argument running into a PROT_NONE page",
		       k->name);
		expect(raw(fd_card, k->req, (uintptr_t)(guard + page_size)),
		       -EFAULT, "%s: argument in a PROT_NONE page (primary node)",
		       k->name);
		/* the DRM core checks the node's rights after reading */
		if (k->req == DRM_IOCTL_RADEON_GEM_PREAD ||
		    k->req == DRM_IOCTL_RADEON_GEM_PWRITE) {
			expect(raw(fd_render, k->req, (uintptr_t)at_guard(buf, k->size)),
			       -EACCES, "%s on the render node", k->name);
			expect(raw(fd_card, k->req, (uintptr_t)at_guard(buf, k->size)),
			       -ENOSYS, "%s on the primary node (not implemented)",
			       k->name);
		}
	}
}

/* ---- the argument sizes in the request number ---- */

static void sizes(void)
{
	static uint8_t big[16383];
	struct drm_radeon_gem_busy *b = (void *)big;
	unsigned long req;
	uint32_t handle;

	/* a larger struct: the rest is ignored, copied back unchanged */
	memset(big, 0x5a, sizeof(big));
	b->handle = bo;
	req = resized(DRM_IOCTL_RADEON_GEM_BUSY, sizeof(big));
	expect(raw(fd_render, req, (uintptr_t)big), 0,
	       "GEM_BUSY with a %zu-byte argument", sizeof(big));
	expect(big[sizeof(big) - 1] == 0x5a && b->domain == RADEON_GEM_DOMAIN_GTT,
	       1, "GEM_BUSY with a large argument: domain and tail");
	/* a shorter one: the kernel sees zeros for the rest */
	{
		struct drm_radeon_gem_create c = { .size = 4096 };

		req = resized(DRM_IOCTL_RADEON_GEM_CREATE, 8);
		expect(raw(fd_render, req, (uintptr_t)at_guard(&c, 8)), 0,
		       "GEM_CREATE with only its size field (8 bytes)");
		req = resized(DRM_IOCTL_RADEON_GEM_CREATE, 0);
		expect(raw(fd_render, req, 0), -ENOSPC,
		       "GEM_CREATE with an empty argument: size 0");
	}
	/* no IOC_IN: the kernel reads nothing */
	req = _IOC(_IOC_READ, DRM_IOCTL_BASE,
		   DRM_COMMAND_BASE + DRM_RADEON_GEM_CREATE,
		   sizeof(struct drm_radeon_gem_create));
	{
		struct drm_radeon_gem_create c = { .size = 4096 };

		expect(raw(fd_render, req, (uintptr_t)&c), -ENOSPC,
		       "GEM_CREATE without the write direction: size 0");
	}
	/* a GEM_CREATE at an odd address */
	{
		uint8_t odd[sizeof(struct drm_radeon_gem_create) + 1];
		struct drm_radeon_gem_create c = {
			.size = 4096, .initial_domain = RADEON_GEM_DOMAIN_GTT,
		};

		memcpy(odd + 1, &c, sizeof(c));
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_CREATE, (uintptr_t)(odd + 1)),
		       0, "GEM_CREATE with an unaligned argument");
		memcpy(&c, odd + 1, sizeof(c));
		handle = c.handle;
		expect(try_gem_close(fd_render, handle), 0,
		       "GEM_CLOSE of the buffer made through it");
	}
}

/* ---- GEM ---- */

static void gem(void)
{
	static const uint64_t bad_sizes[][2] = {
		{ 0, -ENOSPC }, { UINT64_MAX, -ENOSPC },
		{ UINT64_MAX - 4094, -ENOSPC },	/* rounds past 2^64 */
		{ 1ull << 40, -ENOMEM }, { 1ull << 63, -ENOMEM },
	};
	uint32_t handle;
	int ret;

	for (size_t i = 0; i < ARRAY_SIZE(bad_sizes); i++)
		for (uint32_t d = RADEON_GEM_DOMAIN_GTT; d <= RADEON_GEM_DOMAIN_VRAM; d <<= 1)
			expect(try_gem_create(fd_render, bad_sizes[i][0], 0, d, 0,
					      &handle),
			       (int)bad_sizes[i][1], "GEM_CREATE size %#" PRIx64 " in %#x",
			       bad_sizes[i][0], d);
	/* garbage domains and flags are ignored (upstream masks them too) */
	ret = try_gem_create(fd_render, 1, ~0ull, ~0u, ~0u, &handle);
	expect(ret, 0, "GEM_CREATE of 1 byte, all-ones alignment, domains, flags");
	if (!ret)
		expect(try_gem_close(fd_render, handle), 0, "its GEM_CLOSE");
	ret = try_gem_create(fd_render, 4096, 1ull << 31, RADEON_GEM_DOMAIN_GTT, 0,
			     &handle);
	expect(ret, 0, "GEM_CREATE with a 2 GiB alignment (an int upstream: ignored)");
	if (!ret)
		expect(try_gem_close(fd_render, handle), 0, "its GEM_CLOSE");

	for (uint32_t h = 0; h < 2; h++) {
		uint32_t bad = h ? BAD_HANDLE : 0;
		struct drm_radeon_gem_mmap m = { .handle = bad, .size = ~0ull };
		struct drm_radeon_gem_set_domain sd = { .handle = bad,
			.read_domains = RADEON_GEM_DOMAIN_CPU };
		struct drm_radeon_gem_wait_idle w = { .handle = bad };
		struct drm_radeon_gem_busy b = { .handle = bad };
		struct drm_radeon_gem_set_tiling st = { .handle = bad };
		struct drm_radeon_gem_get_tiling gt = { .handle = bad };
		struct drm_radeon_gem_op op = { .handle = bad };
		struct drm_radeon_gem_va va = { .handle = bad,
			.operation = RADEON_VA_MAP };
		struct drm_gem_close gc = { .handle = bad };
		struct drm_prime_handle ph = { .handle = bad,
			.flags = DRM_CLOEXEC };
		struct drm_gem_flink fl = { .handle = bad };

		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_MMAP, (uintptr_t)&m),
		       -ENOENT, "GEM_MMAP handle %#x", bad);
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_SET_DOMAIN, (uintptr_t)&sd),
		       -ENOENT, "GEM_SET_DOMAIN handle %#x", bad);
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, (uintptr_t)&w),
		       -ENOENT, "GEM_WAIT_IDLE handle %#x", bad);
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_BUSY, (uintptr_t)&b),
		       -ENOENT, "GEM_BUSY handle %#x", bad);
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_SET_TILING, (uintptr_t)&st),
		       -ENOENT, "GEM_SET_TILING handle %#x", bad);
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_GET_TILING, (uintptr_t)&gt),
		       -ENOENT, "GEM_GET_TILING handle %#x", bad);
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_OP, (uintptr_t)&op),
		       -ENOENT, "GEM_OP handle %#x", bad);
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_VA, (uintptr_t)&va),
		       -ENOTTY, "GEM_VA handle %#x (no VM before R600)", bad);
		expect(va.operation, RADEON_VA_RESULT_ERROR,
		       "GEM_VA reports RADEON_VA_RESULT_ERROR");
		expect(raw(fd_render, DRM_IOCTL_GEM_CLOSE, (uintptr_t)&gc),
		       -EINVAL, "GEM_CLOSE handle %#x", bad);
		expect(raw(fd_render, DRM_IOCTL_PRIME_HANDLE_TO_FD, (uintptr_t)&ph),
		       -ENOENT, "PRIME_HANDLE_TO_FD handle %#x", bad);
		expect(raw(fd_card, DRM_IOCTL_GEM_FLINK, (uintptr_t)&fl),
		       -ENOENT, "GEM_FLINK handle %#x", bad);
	}
	{
		struct drm_prime_handle ph = { .fd = -1 };
		struct drm_gem_open go = { .name = BAD_HANDLE };

		expect(raw(fd_render, DRM_IOCTL_PRIME_FD_TO_HANDLE, (uintptr_t)&ph),
		       -EBADF, "PRIME_FD_TO_HANDLE fd -1");
		ph.fd = fd_render;
		expect(raw(fd_render, DRM_IOCTL_PRIME_FD_TO_HANDLE, (uintptr_t)&ph),
		       -EINVAL, "PRIME_FD_TO_HANDLE of the DRM file, not a dma-buf");
		expect(raw(fd_card, DRM_IOCTL_GEM_OPEN, (uintptr_t)&go),
		       -ENOENT, "GEM_OPEN of an unknown name");
	}

	/* garbage in the valid buffer's requests */
	{
		struct drm_radeon_gem_set_domain sd = { .handle = bo,
			.read_domains = ~0u, .write_domain = ~0u };
		struct drm_radeon_gem_set_tiling st = { .handle = bo,
			.tiling_flags = ~0u, .pitch = ~0u };
		struct drm_radeon_gem_get_tiling gt = { .handle = bo };
		struct drm_radeon_gem_op op = { .handle = bo, .op = ~0u };
		struct drm_radeon_gem_mmap m = { .handle = bo, .offset = ~0ull,
			.size = ~0ull };

		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_SET_DOMAIN, (uintptr_t)&sd),
		       0, "GEM_SET_DOMAIN with all domain bits: nothing to do");
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_SET_TILING, (uintptr_t)&st),
		       0, "GEM_SET_TILING all-ones flags and pitch (advice only)");
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_GET_TILING, (uintptr_t)&gt),
		       0, "GEM_GET_TILING reads them back");
		expect(gt.tiling_flags == ~0u && gt.pitch == ~0u, 1,
		       "GEM_GET_TILING: all-ones flags and pitch");
		st.tiling_flags = 0;
		st.pitch = 0;
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_SET_TILING, (uintptr_t)&st),
		       0, "GEM_SET_TILING back to linear");
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_OP, (uintptr_t)&op),
		       -EINVAL, "GEM_OP operation %#x", op.op);
		op.op = RADEON_GEM_OP_SET_INITIAL_DOMAIN;
		op.value = ~0ull;
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_OP, (uintptr_t)&op),
		       0, "GEM_OP SET_INITIAL_DOMAIN all-ones (masked)");
		expect(raw(fd_render, DRM_IOCTL_RADEON_GEM_MMAP, (uintptr_t)&m),
		       0, "GEM_MMAP with all-ones offset and size (ignored)");
	}
	{
		struct drm_mode_create_dumb cd = { .width = ~0u, .height = ~0u,
			.bpp = 32 };

		expect(raw(fd_card, DRM_IOCTL_MODE_CREATE_DUMB, (uintptr_t)&cd),
		       -EINVAL, "CREATE_DUMB 2^32-1 squared (overflows)");
		cd = (struct drm_mode_create_dumb) { .width = 16384,
			.height = 16384, .bpp = 32 };
		expect(raw(fd_card, DRM_IOCTL_MODE_CREATE_DUMB, (uintptr_t)&cd),
		       -ENOMEM, "CREATE_DUMB of 1 GiB");
		cd = (struct drm_mode_create_dumb) { .width = 1, .height = 1,
			.bpp = ~0u };
		expect(raw(fd_card, DRM_IOCTL_MODE_CREATE_DUMB, (uintptr_t)&cd),
		       -EINVAL, "CREATE_DUMB of 2^32-1 bits per pixel");
	}
}

/* ---- INFO ---- */

static void info(void)
{
	uint8_t odd[9] = { 0 };
	uint32_t v = 0;
	struct drm_radeon_info i = { .request = RADEON_INFO_DEVICE_ID };

	expect(radeon_info(fd_render, ~0u, &v), -EINVAL, "INFO request %#x", ~0u);
	expect(radeon_info(fd_render, 0x7f, &v), -EINVAL, "INFO request 0x7f");
	expect(radeon_info(fd_render, RADEON_INFO_SI_BACKEND_ENABLED_MASK, &v),
	       -EINVAL, "INFO request of an SI chip");
	i.value = 0;
	expect(raw(fd_render, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), -EFAULT,
	       "INFO DEVICE_ID into NULL");
	i.value = KERNEL_PTR;
	expect(raw(fd_render, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), -EFAULT,
	       "INFO DEVICE_ID into kernel space");
	i.value = high_garbage(&v);
	expect(raw(fd_render, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), -EFAULT,
	       "INFO DEVICE_ID, pointer with garbage in its upper half");
	i.value = (uintptr_t)(guard + page_size - 2);
	expect(raw(fd_render, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), -EFAULT,
	       "INFO DEVICE_ID into a value running into a PROT_NONE page");
	i.value = (uintptr_t)(odd + 1);
	expect(raw(fd_render, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), 0,
	       "INFO DEVICE_ID into an unaligned value");
	i.request = RADEON_INFO_VRAM_USAGE;	/* 8 bytes */
	i.value = (uintptr_t)(guard + page_size - 4);
	expect(raw(fd_render, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), -EFAULT,
	       "INFO VRAM_USAGE (8 bytes) into the last 4 bytes of a page");
	/* requests that read their input through the pointer */
	i.request = RADEON_INFO_WANT_HYPERZ;
	i.value = 0;
	expect(raw(fd_render, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), -EFAULT,
	       "INFO WANT_HYPERZ from NULL");
	i.request = RADEON_INFO_CRTC_FROM_ID;
	expect(raw(fd_render, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), -EFAULT,
	       "INFO CRTC_FROM_ID from NULL");
	v = BAD_HANDLE;
	i.value = (uintptr_t)&v;
	expect(raw(fd_card, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), -EINVAL,
	       "INFO CRTC_FROM_ID of an unknown object");
	i.request = RADEON_INFO_RING_WORKING;
	v = ~0u;
	expect(raw(fd_render, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), -EINVAL,
	       "INFO RING_WORKING of ring %#x", ~0u);
	i.request = RADEON_INFO_WANT_CMASK;
	v = ~0u;
	expect(raw(fd_render, DRM_IOCTL_RADEON_INFO, (uintptr_t)&i), -EINVAL,
	       "INFO WANT_CMASK with %#x (0 or 1 only)", ~0u);
}

/* ---- GEM_USERPTR ---- */

static int userptr(uint64_t addr, uint64_t size, uint32_t flags)
{
	struct drm_radeon_gem_userptr up = { .addr = addr, .size = size,
		.flags = flags };
	int ret = xioctl(fd_render, DRM_IOCTL_RADEON_GEM_USERPTR, &up);

	if (!ret)
		try_gem_close(fd_render, up.handle);
	return ret;
}

/*
 * Whether the kernel uses 5-level paging, under which the user address
 * space ends at 2^56 instead of 2^47 (for access_ok() in 32-bit processes
 * too).  A kernel built with X86_5LEVEL (Debian's is) does when the CPU has
 * LA57 (the model's -cpu max has) and it entered through its own
 * decompressor (a bzImage, as the debug kernel boots), not when it entered
 * in 4-level mode through PVH (as the harness boots Debian's vmlinux); it
 * shows the la57 flag in /proc/cpuinfo only when it uses it.
 */
static bool five_level_paging(void)
{
	char line[4096];
	bool la57 = false;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f)
		die("/proc/cpuinfo");
	while (!la57 && fgets(line, sizeof(line), f))
		la57 = !strncmp(line, "flags", 5) &&
		       (strstr(line, " la57 ") || strstr(line, " la57\n"));
	fclose(f);
	return la57;
}

static void userptrs(void)
{
	const uint32_t ok = RADEON_GEM_USERPTR_ANONONLY |
			    RADEON_GEM_USERPTR_REGISTER;
	const uint32_t validate = ok | RADEON_GEM_USERPTR_VALIDATE;
	uintptr_t page = (uintptr_t)guard;

	expect(userptr(page + 1, page_size, ok), -EINVAL, "USERPTR unaligned address");
	expect(userptr(page, page_size + 1, ok), -EINVAL, "USERPTR unaligned size");
	expect(userptr(page, 0, ok), -ENOSPC, "USERPTR size 0");
	expect(userptr(0x10000, 1ull << 40, ok), -ENOMEM,
	       "USERPTR of 1 TiB (more than the GTT)");
	expect(userptr(page, page_size, ok | 0x100), -EINVAL, "USERPTR unknown flag");
	expect(userptr(page, page_size, ~0u), -EINVAL, "USERPTR all-ones flags");
	expect(userptr(page, page_size, ok | RADEON_GEM_USERPTR_READONLY),
	       -EINVAL, "USERPTR read-only (R600+)");
	expect(userptr(page, page_size, 0), -EACCES,
	       "USERPTR writable without ANONONLY|REGISTER");
	expect(userptr(0, page_size, validate), -EPERM,
	       "USERPTR VALIDATE of address 0 (not one anonymous mapping)");
	expect(userptr(page + page_size, page_size, validate), -EFAULT,
	       "USERPTR VALIDATE of a PROT_NONE page (cannot pin)");
	expect(userptr(page, page_size, validate), 0,
	       "USERPTR VALIDATE of a mapped page");
	/* ranges outside the user's address space */
	expect(userptr(KERNEL_PTR, page_size, ok), -EFAULT,
	       "USERPTR of a kernel address");
	expect(userptr(-(uint64_t)page_size, 2 * page_size, ok), -EFAULT,
	       "USERPTR of a range wrapping past 2^64");
	expect(userptr(FAR_PTR, page_size, ok),
	       five_level_paging() ? 0 : -EFAULT,
	       "USERPTR past 2^47 (-EFAULT unless 5-level paging)");
	expect(userptr(1ull << 44, page_size, validate), -EPERM,
	       "USERPTR VALIDATE of an unmapped user address");
}

/* ---- CS ---- */

static int cs_raw(uint64_t chunks, uint32_t num_chunks)
{
	struct drm_radeon_cs cs = { .num_chunks = num_chunks, .chunks = chunks };

	return raw(fd_render, DRM_IOCTL_RADEON_CS, (uintptr_t)&cs);
}

/* one chunk, through the pointer array */
static int cs_one(uint32_t id, uint32_t length_dw, uint64_t data)
{
	struct drm_radeon_cs_chunk c = { .chunk_id = id, .length_dw = length_dw,
		.chunk_data = data };
	uint64_t ptr = (uintptr_t)&c;

	return cs_raw((uintptr_t)&ptr, 1);
}

/* a fill of the buffer with the relocation list @r (@n entries) */
static int cs_fill(const struct drm_radeon_cs_reloc *r, uint32_t n_dw,
		   const uint32_t *flags, uint32_t nflags)
{
	uint32_t ib[FILL_IB_DW];

	fill_ib(ib, 4, pitch_offset(BO_W * 4, 0), 0, 0, 0, BO_W, BO_H, 0x11223344);
	return cs_submit(fd_render, ib, FILL_IB_DW, r, n_dw / 4, flags, nflags);
}

static void cs(void)
{
	struct drm_radeon_cs_reloc r = { .handle = bo,
		.write_domain = RADEON_GEM_DOMAIN_GTT };
	uint32_t ib[FILL_IB_DW], garbage[64];
	uint64_t ptrs[40];
	struct drm_radeon_cs_chunk ibc = { .chunk_id = RADEON_CHUNK_ID_IB,
		.length_dw = FILL_IB_DW, .chunk_data = (uintptr_t)ib };

	fill_ib(ib, 4, pitch_offset(BO_W * 4, 0), 0, 0, 0, BO_W, BO_H, 0x11223344);
	expect(cs_fill(&r, 4, NULL, 0), 0, "CS: a valid fill (the control case)");
	expect(gem_wait_idle(fd_render, bo), 0, "GEM_WAIT_IDLE after it");

	/* the chunk array */
	expect(cs_raw(0, 0), 0, "CS without chunks does nothing");
	expect(cs_raw(0, 1), -EFAULT, "CS: NULL chunk array");
	expect(cs_raw(high_garbage(ptrs), 1), -EFAULT,
	       "CS: chunk array pointer with garbage in its upper half");
	for (size_t i = 0; i < ARRAY_SIZE(ptrs); i++)
		ptrs[i] = (uintptr_t)&ibc;
	expect(cs_raw((uintptr_t)ptrs, 33), -EINVAL,
	       "CS: 33 chunks (upstream: reads them all)");
	expect(cs_raw((uintptr_t)ptrs, ~0u), -EINVAL,
	       "CS: 2^32-1 chunks (upstream: -ENOMEM)");
	ptrs[1] = 0;
	expect(cs_raw((uintptr_t)ptrs, 2), -EFAULT, "CS: a NULL chunk pointer");
	ptrs[1] = KERNEL_PTR;
	expect(cs_raw((uintptr_t)ptrs, 2), -EFAULT, "CS: a chunk pointer into the kernel");
	ptrs[1] = (uintptr_t)at_guard(&ibc, sizeof(ibc) - 4);
	expect(cs_raw((uintptr_t)ptrs, 2), -EFAULT,
	       "CS: a chunk running into a PROT_NONE page");
	expect(cs_raw((uintptr_t)(guard + page_size - 4), 1), -EFAULT,
	       "CS: a chunk array running into a PROT_NONE page");

	/* the IB chunk */
	expect(cs_one(RADEON_CHUNK_ID_IB, 0, (uintptr_t)ib), -EINVAL, "CS: empty IB");
	expect(cs_one(RADEON_CHUNK_ID_IB, ~0u, (uintptr_t)ib), -EINVAL,
	       "CS: IB of 2^32-1 dwords");
	expect(cs_one(RADEON_CHUNK_ID_IB, 0x40000000u, (uintptr_t)ib), -EINVAL,
	       "CS: IB of 2^30 dwords (2^32 bytes: 0 in 32 bits)");
	expect(cs_one(RADEON_CHUNK_ID_IB, 0x40000001u, (uintptr_t)ib), -EINVAL,
	       "CS: IB of 2^30+1 dwords");
	expect(cs_one(RADEON_CHUNK_ID_IB, FILL_IB_DW, 0), -EFAULT, "CS: IB at NULL");
	expect(cs_one(RADEON_CHUNK_ID_IB, FILL_IB_DW, KERNEL_PTR), -EFAULT,
	       "CS: IB in kernel space");
	expect(cs_one(RADEON_CHUNK_ID_IB, FILL_IB_DW, high_garbage(ib)), -EFAULT,
	       "CS: IB pointer with garbage in its upper half");
	expect(cs_one(RADEON_CHUNK_ID_IB, 16, (uintptr_t)(guard + page_size - 32)),
	       -EFAULT, "CS: IB running into a PROT_NONE page");
	for (size_t i = 0; i < ARRAY_SIZE(garbage); i++)
		garbage[i] = 0x9e3779b9u * (i + 1);
	expect(cs_one(RADEON_CHUNK_ID_IB, ARRAY_SIZE(garbage), (uintptr_t)garbage),
	       -EINVAL, "CS: an IB of garbage");
	expect(cs_one(RADEON_CHUNK_ID_IB, FILL_IB_DW, (uintptr_t)ib), -EINVAL,
	       "CS: a fill with its relocation but no RELOCS chunk");
	expect(cs_one(0x77, 0xffffffffu, KERNEL_PTR), 0,
	       "CS: only an unknown chunk (ignored)");

	/* the RELOCS chunk */
	expect(cs_fill(&r, 3, NULL, 0), -EINVAL,
	       "CS: RELOCS of 3 dwords (no whole entry)");
	expect(cs_fill(NULL, 0, NULL, 0), -EINVAL, "CS: no RELOCS chunk");
	{
		struct drm_radeon_cs_chunk c[2] = {
			ibc, { .chunk_id = RADEON_CHUNK_ID_RELOCS,
			       .length_dw = 4, .chunk_data = 0 },
		};
		uint64_t p[2] = { (uintptr_t)&c[0], (uintptr_t)&c[1] };

		expect(cs_raw((uintptr_t)p, 2), -EFAULT, "CS: RELOCS at NULL");
		c[1].chunk_data = (uintptr_t)at_guard(&r, 8);
		expect(cs_raw((uintptr_t)p, 2), -EFAULT,
		       "CS: RELOCS running into a PROT_NONE page");
		c[1].chunk_data = (uintptr_t)&r;
		c[1].length_dw = ~0u;
		expect(cs_raw((uintptr_t)p, 2), -EINVAL,
		       "CS: RELOCS of 2^32-1 dwords (too many entries)");
		c[1].length_dw = 4 * 65537;
		expect(cs_raw((uintptr_t)p, 2), -EINVAL, "CS: 65537 relocations");
	}
	{
		struct drm_radeon_cs_reloc bad = r;

		bad.handle = BAD_HANDLE;
		expect(cs_fill(&bad, 4, NULL, 0), -ENOENT, "CS: relocation of handle %#x",
		       BAD_HANDLE);
		bad = (struct drm_radeon_cs_reloc) { .handle = bo };
		expect(cs_fill(&bad, 4, NULL, 0), -EINVAL, "CS: relocation without domains");
		bad.read_domains = RADEON_GEM_DOMAIN_CPU;
		expect(cs_fill(&bad, 4, NULL, 0), -EINVAL, "CS: relocation in the CPU domain");
		bad.read_domains = 0;
		bad.write_domain = ~0u;
		expect(cs_fill(&bad, 4, NULL, 0), -EINVAL, "CS: relocation, all-ones write domain");
		bad.write_domain = RADEON_GEM_DOMAIN_GTT;
		bad.flags = ~0u;
		expect(cs_fill(&bad, 4, NULL, 0), 0, "CS: relocation flags all ones (ignored)");
	}

	/* the FLAGS chunk */
	{
		uint32_t f[3] = { 0, RADEON_CS_RING_GFX, 0 };

		expect(cs_fill(&r, 4, f, 0), -EINVAL, "CS: empty FLAGS chunk");
		f[1] = ~0u;
		expect(cs_fill(&r, 4, f, 3), -EINVAL, "CS: ring %#x", ~0u);
		f[1] = RADEON_CS_RING_UVD;
		expect(cs_fill(&r, 4, f, 3), -EINVAL, "CS: the UVD ring");
		f[1] = RADEON_CS_RING_GFX;
		f[0] = RADEON_CS_USE_VM;
		expect(cs_fill(&r, 4, f, 3), -EINVAL, "CS: RADEON_CS_USE_VM");
		f[0] = RADEON_CS_KEEP_TILING_FLAGS;
		f[2] = ~0u;
		expect(cs_fill(&r, 4, f, 3), 0, "CS: priority %#x (ignored)", ~0u);
		expect(cs_fill(&r, 4, f, 1), 0, "CS: FLAGS of 1 dword");
		{
			struct drm_radeon_cs_chunk c[2] = {
				ibc, { .chunk_id = RADEON_CHUNK_ID_FLAGS,
				       .length_dw = 3, .chunk_data = 0 },
			};
			uint64_t p[2] = { (uintptr_t)&c[0], (uintptr_t)&c[1] };

			expect(cs_raw((uintptr_t)p, 2), -EFAULT, "CS: FLAGS at NULL");
			c[1].chunk_data = (uintptr_t)f;
			c[1].length_dw = ~0u;
			expect(cs_raw((uintptr_t)p, 2), -EINVAL,
			       "CS: FLAGS of 2^32-1 dwords, first 3 read (then no RELOCS)");
		}
	}
	expect(gem_wait_idle(fd_render, bo), 0, "GEM_WAIT_IDLE at the end");
}

/* ---- a round: fresh files, the whole matrix ---- */

static void round_(void)
{
	fd_render = open_render();
	fd_card = open_card();
	bo = 0;
	if (try_gem_create(fd_render, BO_SIZE, 0, RADEON_GEM_DOMAIN_GTT, 0, &bo))
		die("GEM_CREATE of the matrix's buffer");
	numbers();
	sizes();
	gem();
	info();
	userptrs();
	cs();
	expect(try_gem_close(fd_render, bo), 0, "GEM_CLOSE of the matrix's buffer");
	close(fd_card);
	close(fd_render);
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1;

	page_size = sysconf(_SC_PAGESIZE);
	guard = mmap(NULL, 2 * page_size, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (guard == MAP_FAILED || mprotect(guard + page_size, page_size, PROT_NONE))
		die("guard page");
	memset(guard, 0, page_size);
	printf("%d-bit caller, %d round(s)\n", (int)sizeof(void *) * 8, rounds);
	for (int i = 0; i < rounds; i++) {
		round_();
		quiet = true;
	}
	printf("%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
