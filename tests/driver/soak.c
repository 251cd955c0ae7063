// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The concurrency soak and the ioctl fuzzer (tests/driver/soak.sh,
 * fuzz.sh). Both are seeded (the seed is printed first) and do a fixed
 * amount of work, so a failure repeats with the same arguments.
 *
 * `soak stress SEED STEPS WORKERS [HANGS]`: WORKERS processes, each
 * STEPS random operations:
 * - cs: a 2D fill of a test buffer (VRAM or GTT), waited for, every pixel
 *   checked;
 * - churn: GEM create of a random size and domain, mmap, CPU write and
 *   read back, close (sometimes before the munmap);
 * - prime: export through PRIME, import on a second file, fill through
 *   the import, check through the exporter's mapping;
 * - userptr: a buffer over anonymous memory filled by the GPU; half the
 *   time checked, half the time unmapped while the fill may still run;
 * - busy close: a fill, then GEM_CLOSE at once, or a whole file with
 *   queued fills closed at once;
 * - evict: 1 MiB VRAM buffers, together over half the VRAM, each filled
 *   with its own colour, then all checked (the others' buffers and this
 *   worker's own get evicted to GTT and back);
 * - misc: INFO, GEM_BUSY, tiling and GEM_OP round trips;
 * - hang (worker 0, if HANGS, every 20 steps from the 10th): the model's
 *   IB or 2D trap, in turn, sprung by a marked fill, which must not land,
 *   while the others go on.
 * A worker counts every unexpected answer and wrong pixel as an error.
 *
 * `soak fuzz SEED STEPS`: random sequences of the driver's ioctls with
 * valid and invalid arguments (bad and stale handles, zero, huge and
 * unaligned sizes, garbage flags, unmapped pointers, mutated command
 * streams) on two files; every answer must be 0 or an errno the ioctl may
 * give; at the end the device must still fill and check a buffer.
 */
#include <sys/wait.h>

#include "drv_lib.h"

#define MiB		(1024u * 1024u)
#define MAX_WORKERS	8

static uint64_t seed0;
static unsigned int worker;
static long step;
static long errors;

#define ERR(fmt, ...) do { \
	printf("FAIL: seed %llu worker %u step %ld: " fmt "\n", \
	       (unsigned long long)seed0, worker, step, ##__VA_ARGS__); \
	errors++; \
} while (0)

/* A solid fill of @w x @h pixels at pitch @pitch bytes: 0 or -errno. */
static int fill_rect(int fd, uint32_t handle, uint32_t domain, uint32_t pitch,
		     uint32_t w, uint32_t h, uint32_t colour)
{
	struct drm_radeon_cs_reloc reloc = {
		.handle = handle, .write_domain = domain,
	};
	uint32_t ib[FILL_IB_DW];

	fill_ib(ib, 4, pitch_offset(pitch, 0), 0, 0, 0, w, h, colour);
	return cs_submit(fd, ib, FILL_IB_DW, &reloc, 1, NULL, 0);
}

static void *map_or_null(int fd, uint32_t handle, uint64_t size)
{
	uint64_t off;
	void *p;

	if (gem_mmap_offset(fd, handle, size, &off))
		return NULL;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
	return p == MAP_FAILED ? NULL : p;
}

static uint32_t domain_of(uint64_t r)
{
	return r & 1 ? RADEON_GEM_DOMAIN_GTT : RADEON_GEM_DOMAIN_VRAM;
}

/* ---- the soak's operations ---- */

struct worker_ctx {
	int fd, fd2;
	uint64_t rs;
	uint32_t bo[2];
	volatile uint32_t *map[2];
	uint64_t vram_size;
	unsigned int workers;
	bool hangs;
	char dir[512];
	long hangs_done;
};

static void op_cs(struct worker_ctx *c)
{
	unsigned int b = rnd(&c->rs) & 1;
	uint32_t colour = (uint32_t)rnd(&c->rs);
	unsigned int bad;
	int ret;

	ret = fill_rect(c->fd, c->bo[b], domain_of(b), W * 4, W, H, colour);
	if (ret)
		ERR("cs: CS %d", ret);
	ret = gem_wait_idle(c->fd, c->bo[b]);
	if (ret)
		ERR("cs: WAIT_IDLE %d", ret);
	bad = count_not(c->map[b], colour);
	if (bad)
		ERR("cs: %u pixels not 0x%08x", bad, colour);
}

static void op_churn(struct worker_ctx *c)
{
	uint64_t size = (rnd(&c->rs) % (2 * MiB) + 1);
	uint32_t h, dom = domain_of(rnd(&c->rs));
	volatile uint32_t *p;
	uint64_t r = rnd(&c->rs);
	int ret;

	ret = try_gem_create(c->fd, size, 0, dom, 0, &h);
	if (ret) {
		ERR("churn: GEM_CREATE %llu: %d", (unsigned long long)size, ret);
		return;
	}
	size = (size + 4095) & ~4095ull;
	p = map_or_null(c->fd, h, size);
	if (!p) {
		ERR("churn: mmap");
		gem_close(c->fd, h);
		return;
	}
	p[0] = (uint32_t)r;
	p[size / 4 - 1] = (uint32_t)(r >> 32);
	if (p[0] != (uint32_t)r || p[size / 4 - 1] != (uint32_t)(r >> 32))
		ERR("churn: CPU write did not stick");
	if (r & 2) {
		/* the mapping keeps the object alive past its handle */
		gem_close(c->fd, h);
		p[1] = 1;
		munmap((void *)p, size);
	} else {
		munmap((void *)p, size);
		gem_close(c->fd, h);
	}
}

static void op_prime(struct worker_ctx *c)
{
	struct drm_prime_handle exp = { .flags = DRM_CLOEXEC | DRM_RDWR };
	struct drm_prime_handle imp = { 0 };
	uint32_t h, colour = (uint32_t)rnd(&c->rs);
	volatile uint32_t *p;
	int ret;

	h = gem_create(c->fd, BUF_SIZE, RADEON_GEM_DOMAIN_GTT);
	p = map_or_null(c->fd, h, BUF_SIZE);
	exp.handle = h;
	ret = xioctl(c->fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &exp);
	if (ret || !p) {
		ERR("prime: export %d / map", ret);
		goto out;
	}
	imp.fd = exp.fd;
	ret = xioctl(c->fd2, DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp);
	close(exp.fd);
	if (ret) {
		ERR("prime: import %d", ret);
		goto out;
	}
	ret = fill_rect(c->fd2, imp.handle, RADEON_GEM_DOMAIN_GTT, W * 4, W, H,
			colour);
	if (ret)
		ERR("prime: CS through the import %d", ret);
	if (rnd(&c->rs) & 1)
		gem_close(c->fd2, imp.handle);	/* closed while busy */
	ret = gem_wait_idle(c->fd, h);
	if (ret)
		ERR("prime: WAIT_IDLE on the exporter %d", ret);
	if (count_not(p, colour))
		ERR("prime: the fill through the import is not in the buffer");
	try_gem_close(c->fd2, imp.handle);
out:
	if (p)
		munmap((void *)p, BUF_SIZE);
	gem_close(c->fd, h);
}

static void op_userptr(struct worker_ctx *c)
{
	struct drm_radeon_gem_userptr up = {
		.size = BUF_SIZE,
		.flags = RADEON_GEM_USERPTR_ANONONLY |
			 RADEON_GEM_USERPTR_REGISTER |
			 RADEON_GEM_USERPTR_VALIDATE,
	};
	uint32_t colour = (uint32_t)rnd(&c->rs);
	bool race = rnd(&c->rs) & 1;
	uint32_t *p;
	int ret;

	p = mmap(NULL, BUF_SIZE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		die("mmap anonymous");
	memset(p, 0, BUF_SIZE);
	up.addr = (uintptr_t)p;
	ret = xioctl(c->fd, DRM_IOCTL_RADEON_GEM_USERPTR, &up);
	if (ret) {
		ERR("userptr: GEM_USERPTR %d", ret);
		munmap(p, BUF_SIZE);
		return;
	}
	ret = fill_rect(c->fd, up.handle, RADEON_GEM_DOMAIN_GTT, W * 4, W, H,
			colour);
	if (ret)
		ERR("userptr: CS %d", ret);
	if (race) {
		/* the notifier must wait for the fill, or the fill not run */
		munmap(p, BUF_SIZE);
		ret = fill_rect(c->fd, up.handle, RADEON_GEM_DOMAIN_GTT, W * 4,
				W, H, colour);
		if (ret != -EPERM && ret != -EFAULT)
			ERR("userptr: CS after munmap %d, want -EPERM", ret);
		gem_close(c->fd, up.handle);
		return;
	}
	ret = gem_wait_idle(c->fd, up.handle);
	if (ret)
		ERR("userptr: WAIT_IDLE %d", ret);
	if (count_not(p, colour))
		ERR("userptr: the fill is not in the user's memory");
	if (rnd(&c->rs) & 1) {
		gem_close(c->fd, up.handle);
		munmap(p, BUF_SIZE);
	} else {
		munmap(p, BUF_SIZE);
		gem_close(c->fd, up.handle);
	}
}

static void op_busy_close(struct worker_ctx *c)
{
	uint32_t h;
	int fd, ret;

	if (rnd(&c->rs) & 1) {
		h = gem_create(c->fd, BUF_SIZE, domain_of(rnd(&c->rs)));
		ret = fill_rect(c->fd, h, RADEON_GEM_DOMAIN_VRAM, W * 4, W, H, 1);
		if (ret)
			ERR("busy close: CS %d", ret);
		gem_close(c->fd, h);
		return;
	}
	fd = open_render();
	for (int i = 0; i < 4; i++) {
		h = gem_create(fd, BUF_SIZE, domain_of(i));
		ret = fill_rect(fd, h, domain_of(i), W * 4, W, H, i);
		if (ret)
			ERR("busy close: CS on a file about to close %d", ret);
	}
	close(fd);	/* with its fills queued */
}

static void op_evict(struct worker_ctx *c)
{
	unsigned int n = c->vram_size / 2 / MiB / c->workers + 2;
	uint32_t h[256], base = (uint32_t)rnd(&c->rs) & 0xffff0000u;
	unsigned int made = 0;
	int ret;

	if (n > 256)
		n = 256;
	for (unsigned int i = 0; i < n; i++) {
		ret = try_gem_create(c->fd, MiB, 0, RADEON_GEM_DOMAIN_VRAM, 0,
				     &h[made]);
		if (ret) {
			ERR("evict: GEM_CREATE %d", ret);
			break;
		}
		ret = fill_rect(c->fd, h[made], RADEON_GEM_DOMAIN_VRAM, 2048,
				512, 512, base | i);
		if (ret)
			ERR("evict: CS %d", ret);
		made++;
	}
	for (unsigned int i = 0; i < made; i++) {
		volatile uint32_t *p;

		ret = gem_wait_idle(c->fd, h[i]);
		if (ret)
			ERR("evict: WAIT_IDLE %d", ret);
		p = map_or_null(c->fd, h[i], MiB);
		if (!p) {
			ERR("evict: mmap");
		} else {
			for (unsigned int k = 0; k < MiB / 4; k += 509)
				if (p[k] != (base | i)) {
					ERR("evict: buffer %u pixel %u 0x%08x, want 0x%08x",
					    i, k, p[k], base | i);
					break;
				}
			munmap((void *)p, MiB);
		}
		gem_close(c->fd, h[i]);
	}
}

static void op_misc(struct worker_ctx *c)
{
	struct drm_radeon_gem_set_tiling st = {
		.handle = c->bo[0], .tiling_flags = rnd(&c->rs) & 3,
		.pitch = W * 4,
	};
	struct drm_radeon_gem_get_tiling gt = { .handle = c->bo[0] };
	struct drm_radeon_gem_busy busy = { .handle = c->bo[1] };
	struct drm_radeon_gem_op op = {
		.handle = c->bo[1], .op = RADEON_GEM_OP_GET_INITIAL_DOMAIN,
	};
	uint64_t v = 0;
	int ret;

	if (radeon_info(c->fd, RADEON_INFO_VRAM_USAGE, &v))
		ERR("misc: INFO VRAM_USAGE");
	ret = xioctl(c->fd, DRM_IOCTL_RADEON_GEM_BUSY, &busy);
	if (ret && ret != -EBUSY)
		ERR("misc: GEM_BUSY %d", ret);
	if (xioctl(c->fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &st) ||
	    xioctl(c->fd, DRM_IOCTL_RADEON_GEM_GET_TILING, &gt) ||
	    gt.tiling_flags != st.tiling_flags || gt.pitch != st.pitch)
		ERR("misc: tiling round trip");
	st.tiling_flags = 0;
	xioctl(c->fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &st);
	if (xioctl(c->fd, DRM_IOCTL_RADEON_GEM_OP, &op) ||
	    op.value != RADEON_GEM_DOMAIN_GTT)
		ERR("misc: GEM_OP initial domain %llu",
		    (unsigned long long)op.value);
}

/* The guilty side of a hang: a marked fill that must never land. */
static void op_hang(struct worker_ctx *c)
{
	uint64_t resets = reset_counter(c->fd);
	uint32_t colour = (uint32_t)rnd(&c->rs) | 1;
	int ret;

	ret = fill_rect(c->fd, c->bo[0], RADEON_GEM_DOMAIN_VRAM, W * 4, W, H,
			colour & ~1u);
	if (ret || gem_wait_idle(c->fd, c->bo[0]))
		ERR("hang: fill before %d", ret);
	/* the IB and the 2D trap in turn */
	mmio_write(c->dir, REG_MODEL_DEBUG, c->hangs_done & 1 ?
		   MODEL_DEBUG_E2_HANG : MODEL_DEBUG_IB_HANG);
	ret = fill_buf(c->fd, c->bo[0], RADEON_GEM_DOMAIN_VRAM, colour, true);
	if (ret)
		ERR("hang: guilty CS %d", ret);
	ret = gem_wait_idle(c->fd, c->bo[0]);
	if (ret)
		ERR("hang: WAIT_IDLE %d", ret);
	if (reset_counter(c->fd) != resets + 1)
		ERR("hang: GPU_RESET_COUNTER %llu, want %llu",
		    (unsigned long long)reset_counter(c->fd),
		    (unsigned long long)resets + 1);
	if (count_not(c->map[0], colour & ~1u))
		ERR("hang: the guilty fill landed");
	c->hangs_done++;
}

static int stress_worker(unsigned int id, long steps, unsigned int workers,
			 bool hangs)
{
	struct worker_ctx c = { .workers = workers, .hangs = hangs };
	struct drm_radeon_gem_info gi;

	worker = id;
	c.rs = seed0 * 0x9e3779b97f4a7c15ull + id + 1;
	c.fd = open_render();
	c.fd2 = open_render();
	if (xioctl(c.fd, DRM_IOCTL_RADEON_GEM_INFO, &gi))
		die("GEM_INFO");
	c.vram_size = gi.vram_size;
	if (hangs)
		debugfs_dir(c.dir, sizeof(c.dir));
	for (unsigned int b = 0; b < 2; b++) {
		c.bo[b] = gem_create(c.fd, BUF_SIZE, domain_of(b));
		c.map[b] = gem_map(c.fd, c.bo[b], BUF_SIZE);
	}
	for (step = 0; step < steps; step++) {
		unsigned int r = rnd(&c.rs) % 100;

		/* worker 0 hangs the GPU every 20 steps, from its 10th */
		if (hangs && !id && step % 20 == 10)
			op_hang(&c);
		else if (r < 30)
			op_cs(&c);
		else if (r < 45)
			op_churn(&c);
		else if (r < 55)
			op_prime(&c);
		else if (r < 67)
			op_userptr(&c);
		else if (r < 79)
			op_busy_close(&c);
		else if (r < 83)
			op_evict(&c);
		else
			op_misc(&c);
	}
	printf("worker %u: %ld steps, %ld hangs, %ld errors\n", id, steps,
	       c.hangs_done, errors);
	return errors ? 1 : 0;
}

static int stress(long steps, unsigned int workers, bool hangs)
{
	pid_t pid[MAX_WORKERS];
	unsigned int bad = 0;

	for (unsigned int i = 0; i < workers; i++) {
		fflush(stdout);
		pid[i] = fork();
		if (pid[i] < 0)
			die("fork");
		if (!pid[i])
			exit(stress_worker(i, steps, workers, hangs));
	}
	for (unsigned int i = 0; i < workers; i++) {
		int st;

		if (waitpid(pid[i], &st, 0) < 0 || !WIFEXITED(st) ||
		    WEXITSTATUS(st)) {
			printf("FAIL: worker %u failed (status 0x%x)\n", i, st);
			bad++;
		}
	}
	check(!bad, "stress: %u workers x %ld steps, %u failed", workers,
	      steps, bad);
	return bad ? 1 : 0;
}

/* ---- the ioctl fuzzer ---- */

#define FUZZ_HANDLES	32

struct fuzz_ctx {
	uint64_t rs;
	int fd[2];
	uint32_t h[2][FUZZ_HANDLES];	/* 0: free slot */
	void *bad_ptr;			/* an unmapped page */
	long calls, ok, refused;
};

static uint32_t fuzz_handle(struct fuzz_ctx *c, int f)
{
	uint64_t r = rnd(&c->rs);

	switch (r % 8) {
	case 0:
		return (uint32_t)(r >> 8);		/* garbage */
	case 1:
		return 0;
	default:
		return c->h[f][(r >> 8) % FUZZ_HANDLES];	/* live or 0 */
	}
}

static uint64_t fuzz_size(struct fuzz_ctx *c)
{
	uint64_t r = rnd(&c->rs);
	static const uint64_t odd[] = {
		0, 1, 4095, 4096, 4097, UINT32_MAX, (uint64_t)UINT32_MAX + 1,
		UINT64_MAX, UINT64_MAX - 4095, 1ull << 40,
	};

	if (r % 4 == 0)
		return odd[(r >> 8) % ARRAY_SIZE(odd)];
	return (r >> 8) % MiB + 1;
}

static uint64_t fuzz_ptr(struct fuzz_ctx *c, void *good)
{
	uint64_t r = rnd(&c->rs);

	switch (r % 8) {
	case 0:
		return 0;
	case 1:
		return (uintptr_t)c->bad_ptr;
	case 2:
		return r | (1ull << 63);		/* kernel half */
	case 3:
		return (uintptr_t)good + 1;		/* unaligned */
	default:
		return (uintptr_t)good;
	}
}

static void fuzz_keep(struct fuzz_ctx *c, int f, uint32_t h)
{
	for (unsigned int i = 0; i < FUZZ_HANDLES; i++)
		if (!c->h[f][i]) {
			c->h[f][i] = h;
			return;
		}
	try_gem_close(c->fd[f], h);
}

static void fuzz_forget(struct fuzz_ctx *c, int f, uint32_t h)
{
	for (unsigned int i = 0; i < FUZZ_HANDLES; i++)
		if (c->h[f][i] == h)
			c->h[f][i] = 0;
}

/* A CS: a valid fill, mutated in one dword, chunk or relocation at times. */
static int fuzz_cs(struct fuzz_ctx *c, int f)
{
	struct drm_radeon_cs_reloc reloc[2] = {
		{ .handle = fuzz_handle(c, f), .write_domain = domain_of(rnd(&c->rs)) },
		{ .handle = fuzz_handle(c, f), .read_domains = RADEON_GEM_DOMAIN_GTT },
	};
	struct drm_radeon_cs_chunk chunks[3];
	uint64_t ptrs[3], r = rnd(&c->rs);
	uint32_t ib[FILL_IB_DW + 2], flags[3] = { 0, RADEON_CS_RING_GFX, 0 };
	uint32_t n = fill_ib(ib, 4, pitch_offset(W * 4, 0), 0, 0, 0, W, H,
			     (uint32_t)r);
	struct drm_radeon_cs cs = { .num_chunks = 3, .chunks = (uintptr_t)ptrs };

	if (r & 0x100)
		ib[(r >> 16) % n] ^= 1u << ((r >> 24) % 32);
	if (r & 0x200)
		ib[(r >> 16) % n] = (uint32_t)rnd(&c->rs);
	chunks[0] = (struct drm_radeon_cs_chunk){
		.chunk_id = RADEON_CHUNK_ID_IB, .length_dw = n,
		.chunk_data = (uintptr_t)ib,
	};
	chunks[1] = (struct drm_radeon_cs_chunk){
		.chunk_id = RADEON_CHUNK_ID_RELOCS, .length_dw = 8,
		.chunk_data = (uintptr_t)reloc,
	};
	chunks[2] = (struct drm_radeon_cs_chunk){
		.chunk_id = RADEON_CHUNK_ID_FLAGS, .length_dw = 3,
		.chunk_data = (uintptr_t)flags,
	};
	switch ((r >> 12) % 8) {
	case 0:
		chunks[(r >> 40) % 3].length_dw = (uint32_t)rnd(&c->rs);
		break;
	case 1:
		chunks[(r >> 40) % 3].chunk_data = fuzz_ptr(c, ib);
		break;
	case 2:
		chunks[(r >> 40) % 3].chunk_id = (r >> 44) & 0xff;
		break;
	case 3:
		cs.num_chunks = (r >> 40) & 0xffff;
		break;
	case 4:
		cs.chunks = fuzz_ptr(c, ptrs);
		break;
	case 5:
		flags[(r >> 40) % 3] = (uint32_t)rnd(&c->rs);
		break;
	}
	for (unsigned int i = 0; i < 3; i++)
		ptrs[i] = (uintptr_t)&chunks[i];
	if ((r >> 12) % 8 == 6)
		ptrs[(r >> 40) % 3] = fuzz_ptr(c, &chunks[0]);
	return xioctl(c->fd[f], DRM_IOCTL_RADEON_CS, &cs);
}

static bool errno_expected(int ret)
{
	switch (-ret) {
	case 0: case EINVAL: case ENOENT: case EFAULT: case ENOMEM:
	case ENOSPC: case EPERM: case EBUSY: case ENOTTY: case ENOSYS:
	case EACCES: case E2BIG: case ERANGE: case EBADF: case EOPNOTSUPP:
	case EDEADLK:
		return true;
	}
	return false;
}

static void fuzz_step(struct fuzz_ctx *c)
{
	uint64_t r = rnd(&c->rs), value[4] = { 0 };
	int f = r & 1, ret = 0;
	const char *what = "?";

	switch ((r >> 1) % 14) {
	case 0: {
		struct drm_radeon_info i = {
			.request = (r >> 8) % 4 ? (r >> 16) % 0x30 : (uint32_t)(r >> 16),
			.value = fuzz_ptr(c, value),
		};
		what = "INFO";
		ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_INFO, &i);
		break;
	}
	case 1:
	case 2: {
		struct drm_radeon_gem_create g = {
			.size = fuzz_size(c),
			.alignment = (r >> 8) % 3 ? 0 : rnd(&c->rs),
			.initial_domain = (r >> 16) % 4 ? domain_of(r >> 20) :
					  (uint32_t)rnd(&c->rs),
			.flags = (r >> 24) % 4 ? 0 : (uint32_t)rnd(&c->rs),
		};
		what = "GEM_CREATE";
		ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_GEM_CREATE, &g);
		if (!ret)
			fuzz_keep(c, f, g.handle);
		break;
	}
	case 3: {
		uint32_t h = fuzz_handle(c, f);
		struct drm_gem_close g = { .handle = h };

		what = "GEM_CLOSE";
		ret = xioctl(c->fd[f], DRM_IOCTL_GEM_CLOSE, &g);
		if (!ret)
			fuzz_forget(c, f, h);
		break;
	}
	case 4: {
		struct drm_radeon_gem_mmap m = {
			.handle = fuzz_handle(c, f), .size = fuzz_size(c),
			.offset = (r >> 8) % 4 ? 0 : rnd(&c->rs),
		};
		void *p;

		what = "GEM_MMAP";
		ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_GEM_MMAP, &m);
		if (!ret) {
			p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
				 c->fd[f], m.addr_ptr);
			if (p != MAP_FAILED) {
				((volatile uint32_t *)p)[0] = (uint32_t)r;
				munmap(p, 4096);
			}
		}
		break;
	}
	case 5: {
		struct drm_radeon_gem_wait_idle w = { .handle = fuzz_handle(c, f) };

		what = "GEM_WAIT_IDLE";
		ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &w);
		break;
	}
	case 6: {
		struct drm_radeon_gem_busy b = { .handle = fuzz_handle(c, f) };

		what = "GEM_BUSY";
		ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_GEM_BUSY, &b);
		break;
	}
	case 7: {
		struct drm_radeon_gem_set_domain d = {
			.handle = fuzz_handle(c, f),
			.read_domains = (uint32_t)rnd(&c->rs) & 7,
			.write_domain = (uint32_t)rnd(&c->rs) & 7,
		};
		what = "GEM_SET_DOMAIN";
		ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_GEM_SET_DOMAIN, &d);
		break;
	}
	case 8: {
		struct drm_radeon_gem_set_tiling t = {
			.handle = fuzz_handle(c, f),
			.tiling_flags = (uint32_t)rnd(&c->rs),
			.pitch = (uint32_t)rnd(&c->rs),
		};
		struct drm_radeon_gem_get_tiling g = { .handle = t.handle };

		what = "GEM_SET/GET_TILING";
		ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_GEM_SET_TILING, &t);
		if (!ret)
			ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_GEM_GET_TILING, &g);
		break;
	}
	case 9: {
		struct drm_radeon_gem_op o = {
			.handle = fuzz_handle(c, f),
			.op = (r >> 8) % 4 ? (r >> 10) % 2 : (uint32_t)(r >> 16),
			.value = (r >> 12) % 2 ? domain_of(r >> 20) : rnd(&c->rs),
		};
		what = "GEM_OP";
		ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_GEM_OP, &o);
		break;
	}
	case 10: {
		struct drm_radeon_gem_userptr u = {
			.size = (r >> 8) % 2 ? 4096 * (1 + (r >> 9) % 8) : fuzz_size(c),
			.flags = (r >> 16) % 3 ? RADEON_GEM_USERPTR_ANONONLY |
				 RADEON_GEM_USERPTR_REGISTER |
				 ((r >> 20) & 1 ? RADEON_GEM_USERPTR_VALIDATE : 0) :
				 (uint32_t)rnd(&c->rs),
		};
		void *p = mmap(NULL, 8 * 4096, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			die("mmap");
		u.addr = fuzz_ptr(c, p);
		what = "GEM_USERPTR";
		ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_GEM_USERPTR, &u);
		if (!ret)
			fuzz_keep(c, f, u.handle);
		/* unmapped under the buffer, now or never: both must hold */
		if ((r >> 24) & 1)
			munmap(p, 8 * 4096);
		break;
	}
	case 11: {
		struct drm_prime_handle e = {
			.handle = fuzz_handle(c, f),
			.flags = (r >> 8) % 4 ? DRM_CLOEXEC | DRM_RDWR :
				 (uint32_t)rnd(&c->rs),
		};
		struct drm_prime_handle i = { 0 };

		what = "PRIME";
		ret = xioctl(c->fd[f], DRM_IOCTL_PRIME_HANDLE_TO_FD, &e);
		if (!ret) {
			i.fd = (r >> 12) % 8 ? e.fd : -1;
			ret = xioctl(c->fd[!f], DRM_IOCTL_PRIME_FD_TO_HANDLE, &i);
			if (!ret)
				fuzz_keep(c, !f, i.handle);
			close(e.fd);
		}
		break;
	}
	case 12: {
		struct drm_radeon_gem_info g;

		what = "GEM_INFO";
		ret = xioctl(c->fd[f], DRM_IOCTL_RADEON_GEM_INFO,
			     (r >> 8) % 4 ? (void *)&g : (void *)c->bad_ptr);
		break;
	}
	case 13:
		what = "CS";
		ret = fuzz_cs(c, f);
		break;
	}
	c->calls++;
	if (!ret)
		c->ok++;
	else
		c->refused++;
	if (!errno_expected(ret))
		ERR("fuzz: %s answered %d (%s)", what, ret, strerror(-ret));
}

static int fuzz(long steps)
{
	struct fuzz_ctx c = { .rs = seed0 * 0x9e3779b97f4a7c15ull + 1 };
	uint32_t h;
	volatile uint32_t *p;

	c.fd[0] = open_render();
	c.fd[1] = open_render();
	c.bad_ptr = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	if (c.bad_ptr == MAP_FAILED)
		die("mmap");
	munmap(c.bad_ptr, 4096);
	for (step = 0; step < steps; step++)
		fuzz_step(&c);
	/* give the files back with whatever they still hold */
	close(c.fd[0]);
	close(c.fd[1]);

	c.fd[0] = open_render();
	h = gem_create(c.fd[0], BUF_SIZE, RADEON_GEM_DOMAIN_VRAM);
	p = gem_map(c.fd[0], h, BUF_SIZE);
	check(!fill_buf(c.fd[0], h, RADEON_GEM_DOMAIN_VRAM, 0x600dcafe, false) &&
	      !gem_wait_idle(c.fd[0], h) && !count_not(p, 0x600dcafe),
	      "the device fills a buffer after the fuzzing");
	close(c.fd[0]);
	check(!errors, "fuzz: %ld calls, %ld accepted, %ld refused, %ld unexpected answers",
	      c.calls, c.ok, c.refused, errors);
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: soak stress SEED STEPS WORKERS [HANGS]\n"
				"       soak fuzz SEED STEPS\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	seed0 = strtoull(argv[2], NULL, 0);
	printf("seed %llu\n", (unsigned long long)seed0);
	if (!strcmp(argv[1], "fuzz"))
		return fuzz(atol(argv[3]));
	if (!strcmp(argv[1], "stress") && argc >= 5) {
		unsigned int workers = atoi(argv[4]);

		if (workers < 1 || workers > MAX_WORKERS)
			return 2;
		return stress(atol(argv[3]), workers,
			      argc > 5 && atoi(argv[5]));
	}
	return 2;
}
