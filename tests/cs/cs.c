// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Guest program of the command-submission tests: `cs TEST`.
 *
 * The streams drive the 2D engine through its registers, as the X driver
 * does, and are built and submitted with libdrm_radeon's CS API
 * (radeon_cs_manager_gem_ctor(), radeon_cs_write_reloc(), ...), which
 * sends no FLAGS chunk: the kernel puts each buffer's tiling flags into the
 * pitch/offset registers.  The "mesa" test submits the same kind of stream
 * raw, with Mesa's FLAGS chunk (KEEP_TILING_FLAGS), where the stream's own
 * tile bits count.
 *
 * Results are read back through a CPU mapping of the buffer, without a
 * surface register, so a tiled buffer reads back in its tiled layout; the
 * expected bytes are computed here with the layout of the AMD guide
 * (section 2: 32-byte micro tiles, 2 KiB macro tiles of 8x8 micro tiles).
 */
#include "guest_lib.h"

#include <time.h>

#include <xf86drm.h>
#include <radeon_bo.h>
#include <radeon_bo_gem.h>
#include <radeon_cs.h>
#include <radeon_cs_gem.h>

#define W	128u	/* pixels */
#define H	64u	/* rows: a multiple of every macro tile height */
#define PITCH	512u	/* bytes: a multiple of every macro tile width */
#define SIZE	(PITCH * H)

#define TILE_MACRO	1u
#define TILE_MICRO	2u

static int fd;
static struct radeon_bo_manager *bom;
static struct radeon_cs_manager *csm;
static struct radeon_cs *cs;
static uint32_t seed = 0x1234567;

static uint32_t rnd(void)
{
	seed = seed * 1103515245 + 12345;
	return seed >> 8 ^ seed << 13;
}

struct surf {
	struct radeon_bo *bo;
	uint32_t domain;
	unsigned int tile;	/* TILE_* */
	unsigned int cpp;
	uint32_t pitch;		/* bytes */
	uint8_t ref[SIZE];	/* expected contents, in the buffer's layout */
};

static const char *domain_name(uint32_t domain)
{
	return domain == RADEON_GEM_DOMAIN_VRAM ? "VRAM" : "GTT";
}

static const char *tile_name(unsigned int tile)
{
	static const char *const names[] = {
		"linear", "macro", "micro", "macro+micro",
	};

	return names[tile];
}

/* Byte offset of pixel (x, y) in the buffer's layout (guide section 2). */
static uint32_t toff(const struct surf *s, unsigned int x, unsigned int y)
{
	unsigned int cpp = s->cpp, mw = 32 / cpp, mh = 1, mx, my, in;

	if (!s->tile)
		return y * s->pitch + x * cpp;
	if (s->tile & TILE_MICRO) {
		mw = cpp == 4 ? 4 : 8;
		mh = cpp == 1 ? 4 : 2;
	}
	mx = x / mw;
	my = y / mh;
	in = ((y % mh) * mw + x % mw) * cpp;
	if (!(s->tile & TILE_MACRO))
		return my * s->pitch * mh + mx * 32 + in;
	return ((my / 8) * (s->pitch / (8 * mw * cpp)) + mx / 8) * 2048 +
	       ((my % 8) * 8 + mx % 8) * 32 + in;
}

static uint32_t ref_get(const struct surf *s, unsigned int x, unsigned int y)
{
	uint32_t v = 0;

	memcpy(&v, &s->ref[toff(s, x, y)], s->cpp);
	return v;
}

static void ref_put(struct surf *s, unsigned int x, unsigned int y, uint32_t v)
{
	memcpy(&s->ref[toff(s, x, y)], &v, s->cpp);
}

static uint32_t tiling_flags(unsigned int tile)
{
	return (tile & TILE_MACRO ? RADEON_TILING_MACRO : 0) |
	       (tile & TILE_MICRO ? RADEON_TILING_MICRO : 0);
}

/* 2D pitch/offset tile bits (DST_TILE_MACRO 30, DST_TILE_MICRO 31) */
static uint32_t po_tile_bits(unsigned int tile)
{
	return (tile & TILE_MACRO ? 1u << 30 : 0) | (tile & TILE_MICRO ? 1u << 31 : 0);
}

static uint32_t mask(unsigned int cpp)
{
	return cpp == 4 ? ~0u : (1u << (8 * cpp)) - 1;
}

/* A W x H surface filled with random bytes by the CPU. */
static struct surf *surf_new(uint32_t domain, unsigned int tile, unsigned int cpp)
{
	struct surf *s = calloc(1, sizeof(*s));

	if (!s)
		die("calloc");
	s->domain = domain;
	s->tile = tile;
	s->cpp = cpp;
	s->pitch = PITCH;
	s->bo = radeon_bo_open(bom, 0, SIZE, 4096, domain, 0);
	if (!s->bo)
		die("radeon_bo_open");
	if (radeon_bo_set_tiling(s->bo, tiling_flags(tile), s->pitch))
		die("radeon_bo_set_tiling");
	if (radeon_bo_map(s->bo, 1))
		die("radeon_bo_map");
	for (uint32_t i = 0; i < SIZE; i += 4) {
		uint32_t v = rnd();

		memcpy((uint8_t *)s->bo->ptr + i, &v, 4);
		memcpy(&s->ref[i], &v, 4);
	}
	radeon_bo_unmap(s->bo);
	return s;
}

static void surf_free(struct surf *s)
{
	radeon_bo_unref(s->bo);
	free(s);
}

/* Wait for the GPU, then compare the whole buffer with the reference. */
static void surf_check(struct surf *s, const char *what)
{
	uint32_t bad = 0, first = 0;
	const uint8_t *p;

	if (radeon_bo_wait(s->bo))
		die("radeon_bo_wait");
	if (radeon_bo_map(s->bo, 0))
		die("radeon_bo_map");
	p = s->bo->ptr;
	for (uint32_t i = 0; i < SIZE; i++) {
		if (p[i] != s->ref[i] && !bad++)
			first = i;
	}
	check(!bad, "%s: %s %s %u bpp: %u of %u bytes differ", what,
	      domain_name(s->domain), tile_name(s->tile), 8 * s->cpp, bad, SIZE);
	if (bad)
		printf("    first at byte %#x: 0x%02x, want 0x%02x\n", first,
		       p[first], s->ref[first]);
	radeon_bo_unmap(s->bo);
}

/* libdrm's space accounting, which radeon_cs_write_reloc() requires */
static void space_check(struct radeon_bo *bo, uint32_t rd, uint32_t wd)
{
	if (radeon_cs_space_check_with_bo(cs, bo, rd, wd))
		die("radeon_cs_space_check_with_bo");
}

static void out_reg(uint32_t reg, uint32_t v)
{
	radeon_cs_write_dword(cs, PKT0(reg, 1));
	radeon_cs_write_dword(cs, v);
}

/* Emit the stream built since radeon_cs_begin(); the kernel must take it. */
static void flush(const char *what)
{
	int ret = radeon_cs_emit(cs);

	check(ret == 0, "%s: CS accepted (%d)", what, ret);
	radeon_cs_erase(cs);
}

/* Solid fill of a rectangle, ROP PATCOPY, no clipping. */
static void emit_fill(struct surf *s, unsigned int x, unsigned int y,
		      unsigned int w, unsigned int h, uint32_t colour)
{
	space_check(s->bo, 0, s->domain);
	radeon_cs_begin(cs, 14, __FILE__, __func__, __LINE__);
	out_reg(REG_DP_GUI_MASTER_CNTL, GMC_SOLID_FILL(s->cpp));
	out_reg(REG_DP_BRUSH_FRGD_CLR, colour);
	out_reg(REG_DP_CNTL, DP_CNTL_LEFT_TO_RIGHT | DP_CNTL_TOP_TO_BOTTOM);
	out_reg(REG_DST_PITCH_OFFSET, pitch_offset(s->pitch, 0));
	radeon_cs_write_reloc(cs, s->bo, 0, s->domain, 0);
	out_reg(REG_DST_Y_X, yx(y, x));
	out_reg(REG_DST_HEIGHT_WIDTH, yx(h, w));
	radeon_cs_end(cs, __FILE__, __func__, __LINE__);

	for (unsigned int j = y; j < y + h; j++)
		for (unsigned int i = x; i < x + w; i++)
			ref_put(s, i, j, colour & mask(s->cpp));
}

/* Copy a rectangle, ROP SRCCOPY, top to bottom (no overlap). */
static void emit_copy(struct surf *dst, unsigned int dx, unsigned int dy,
		      const struct surf *src, unsigned int sx, unsigned int sy,
		      unsigned int w, unsigned int h)
{
	space_check(src->bo, src->domain, 0);
	space_check(dst->bo, 0, dst->domain);
	radeon_cs_begin(cs, 18, __FILE__, __func__, __LINE__);
	out_reg(REG_DP_GUI_MASTER_CNTL, GMC_SRC_COPY(dst->cpp));
	out_reg(REG_DP_CNTL, DP_CNTL_LEFT_TO_RIGHT | DP_CNTL_TOP_TO_BOTTOM);
	out_reg(REG_SRC_PITCH_OFFSET, pitch_offset(src->pitch, 0));
	radeon_cs_write_reloc(cs, src->bo, src->domain, 0, 0);
	out_reg(REG_DST_PITCH_OFFSET, pitch_offset(dst->pitch, 0));
	radeon_cs_write_reloc(cs, dst->bo, 0, dst->domain, 0);
	out_reg(REG_SRC_Y_X, yx(sy, sx));
	out_reg(REG_DST_Y_X, yx(dy, dx));
	out_reg(REG_DST_HEIGHT_WIDTH, yx(h, w));
	radeon_cs_end(cs, __FILE__, __func__, __LINE__);

	for (unsigned int j = 0; j < h; j++)
		for (unsigned int i = 0; i < w; i++)
			ref_put(dst, dx + i, dy + j, ref_get(src, sx + i, sy + j));
}

static const uint32_t domains[] = {
	RADEON_GEM_DOMAIN_VRAM, RADEON_GEM_DOMAIN_GTT,
};
static const unsigned int cpps[] = { 4, 2, 1 };

/* Fill the whole surface, then two overlapping rectangles. */
static int t_paint(void)
{
	for (unsigned int d = 0; d < 2; d++)
		for (unsigned int c = 0; c < 3; c++)
			for (unsigned int t = 0; t < 4; t++) {
				struct surf *s = surf_new(domains[d], t, cpps[c]);

				emit_fill(s, 0, 0, W, H, 0x11223344);
				emit_fill(s, 5, 3, 40, 20, 0xa5c3e1f7);
				emit_fill(s, 30, 17, W - 30, 9, 0x0badcafe);
				flush("paint");
				surf_check(s, "paint");
				surf_free(s);
			}
	return 0;
}

/*
 * Copy between every pair of layouts and domains a source may have (the
 * 2D engine cannot read micro-tiled surfaces; the checker refuses them as
 * sources), at 32 and 16 bpp.
 */
static int t_blit(void)
{
	static const unsigned int src_tiles[] = { 0, TILE_MACRO };

	for (unsigned int c = 0; c < 2; c++)
		for (unsigned int sd = 0; sd < 2; sd++)
			for (unsigned int st = 0; st < 2; st++)
				for (unsigned int dd = 0; dd < 2; dd++)
					for (unsigned int dt = 0; dt < 4; dt++) {
						struct surf *src = surf_new(domains[sd], src_tiles[st], cpps[c]);
						struct surf *dst = surf_new(domains[dd], dt, cpps[c]);
						char what[64];

						snprintf(what, sizeof(what), "blit from %s %s",
							 domain_name(src->domain), tile_name(src->tile));
						emit_copy(dst, 20, 11, src, 7, 5, 50, 30);
						emit_copy(dst, 0, 48, src, W - 33, H - 16, 33, 16);
						flush(what);
						surf_check(dst, what);
						surf_free(dst);
						surf_free(src);
					}
	return 0;
}

/*
 * Both dialects on one macro-tiled buffer.  Without a FLAGS chunk the
 * kernel replaces the stream's tile bits with the buffer's; with
 * KEEP_TILING_FLAGS it keeps the stream's, whatever the buffer says.
 */
static int submit_raw_fill(struct surf *s, uint32_t tile_bits, bool keep)
{
	const uint32_t flags[2] = { RADEON_CS_KEEP_TILING_FLAGS, RADEON_CS_RING_GFX };
	struct drm_radeon_cs_reloc reloc = {
		.handle = s->bo->handle, .write_domain = s->domain,
	};
	uint32_t ib[FILL_IB_DW + 2];
	uint32_t n = fill_ib(ib, s->cpp, pitch_offset(s->pitch, 0) | tile_bits,
			     0, 3, 2, 70, 20, 0x5a5a0f0f);

	ib[n++] = PKT2;
	ib[n++] = PKT2;
	return cs_submit(fd, ib, n, &reloc, 1, keep ? flags : NULL,
			 keep ? 2 : 0);
}

static int t_dialects(void)
{
	static const struct {
		const char *what;
		unsigned int bo_tile, stream_tile, result;
		bool keep;
	} cases[] = {
		{ "libdrm: buffer macro, stream linear", TILE_MACRO, 0, TILE_MACRO, false },
		{ "libdrm: buffer linear, stream macro", 0, TILE_MACRO, 0, false },
		{ "mesa: buffer linear, stream macro", 0, TILE_MACRO, TILE_MACRO, true },
		{ "mesa: buffer macro, stream linear", TILE_MACRO, 0, 0, true },
		{ "mesa: buffer linear, stream micro", 0, TILE_MICRO, TILE_MICRO, true },
	};

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct surf *s = surf_new(RADEON_GEM_DOMAIN_VRAM,
					  cases[i].bo_tile, 4);
		int ret = submit_raw_fill(s, po_tile_bits(cases[i].stream_tile),
					  cases[i].keep);

		check(ret == 0, "%s: CS accepted (%d)", cases[i].what, ret);
		/* the expected result, in the layout the engine used */
		s->tile = cases[i].result;
		for (unsigned int y = 2; y < 22; y++)
			for (unsigned int x = 3; x < 73; x++)
				ref_put(s, x, y, 0x5a5a0f0f);
		s->tile = cases[i].bo_tile;
		surf_check(s, cases[i].what);
		surf_free(s);
	}
	return 0;
}

/*
 * A buffer written by one submission and read by the next, then by the
 * CPU: each waits for the one before.  Many small submissions in a row
 * also cycle the IB pool and the fences.
 */
static int t_chain(void)
{
	struct surf *a = surf_new(RADEON_GEM_DOMAIN_VRAM, TILE_MACRO, 4);
	struct surf *b = surf_new(RADEON_GEM_DOMAIN_GTT, 0, 4);
	unsigned int refused = 0;

	for (unsigned int i = 0; i < 200; i++) {
		emit_fill(a, i % W, (i / W) * 8, 1, 8, 0x01000000 + i);
		refused += radeon_cs_emit(cs) != 0;
		radeon_cs_erase(cs);
	}
	check(!refused, "200 fills: %u refused", refused);
	emit_copy(b, 0, 0, a, 0, 0, W, H);
	flush("chain copy");
	surf_check(a, "200 submissions");
	surf_check(b, "copied after them");
	surf_free(b);
	surf_free(a);
	return 0;
}

/* GEM_BUSY; *domain gets the answer's domain, which comes with -EBUSY too */
static int gem_busy_domain(uint32_t handle, uint32_t *domain)
{
	struct drm_radeon_gem_busy b = { .handle = handle, .domain = ~0u };
	int ret = xioctl(fd, DRM_IOCTL_RADEON_GEM_BUSY, &b);

	*domain = b.domain;
	return ret;
}

static int gem_busy(uint32_t handle)
{
	uint32_t domain;

	return gem_busy_domain(handle, &domain);
}

/*
 * Run with the CP stopped (tests/cs/busy.sh hangs the model's CP first):
 * the submission's fence stays unsignalled, so every listed buffer is
 * busy, read or written, and may be closed while busy.  Once the driver
 * has detected the hang and reset the GPU, the buffers are idle and the
 * next submission runs.
 */
static int t_busy(void)
{
	struct surf *a = surf_new(RADEON_GEM_DOMAIN_VRAM, 0, 4);
	struct surf *b = surf_new(RADEON_GEM_DOMAIN_GTT, 0, 4);
	struct drm_radeon_cs_reloc relocs[2] = {
		{ .handle = a->bo->handle, .write_domain = RADEON_GEM_DOMAIN_VRAM },
		{ .handle = b->bo->handle, .read_domains = RADEON_GEM_DOMAIN_GTT },
	};
	uint32_t ib[FILL_IB_DW];
	uint32_t n = fill_ib(ib, 4, pitch_offset(PITCH, 0), 0, 0, 0, W, H,
			     0x12345678);
	uint32_t handle_b = b->bo->handle;
	struct drm_gem_close cl = { .handle = handle_b };
	struct timespec t0, t1;
	uint32_t domain;
	int ret;

	ret = gem_busy_domain(a->bo->handle, &domain);
	check(ret == 0 && domain == RADEON_GEM_DOMAIN_VRAM,
	      "idle before the CS, in VRAM (%d, domain %#x)", ret, domain);
	ret = cs_submit(fd, ib, n, relocs, 2, NULL, 0);
	check(ret == 0, "CS accepted (%d)", ret);
	/* the domain is read under the reservation, busy or not */
	ret = gem_busy_domain(a->bo->handle, &domain);
	check(ret == -EBUSY && domain == RADEON_GEM_DOMAIN_VRAM,
	      "written buffer busy, in VRAM (%d, domain %#x)", ret, domain);
	ret = gem_busy_domain(handle_b, &domain);
	check(ret == -EBUSY && domain == RADEON_GEM_DOMAIN_GTT,
	      "buffer only listed for reading busy, in GTT (%d, domain %#x)",
	      ret, domain);

	/* libdrm's handle is closed here, the object lives on until idle */
	ret = xioctl(fd, DRM_IOCTL_GEM_CLOSE, &cl);
	check(ret == 0, "closing a busy buffer (%d)", ret);
	ret = gem_busy(handle_b);
	check(ret == -ENOENT, "its handle is gone (%d)", ret);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = gem_wait_idle(fd, a->bo->handle);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	check(ret == 0, "WAIT_IDLE returns after the reset (%d, %.1f s)", ret,
	      (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	ret = gem_busy_domain(a->bo->handle, &domain);
	check(ret == 0 && domain == RADEON_GEM_DOMAIN_VRAM,
	      "idle after the reset, in VRAM (%d, domain %#x)", ret, domain);

	emit_fill(a, 0, 0, W, H, 0x600dc0de);
	flush("after the reset");
	surf_check(a, "fill after the reset");
	free(b);	/* its libdrm object is left: the handle is gone */
	surf_free(a);
	return 0;
}

/* A vgem dumb buffer of W x H x 32 bpp and its CPU mapping */
static uint32_t *vgem_buffer(int vfd, uint32_t *handle)
{
	struct drm_mode_create_dumb c = { .width = W, .height = H, .bpp = 32 };
	struct drm_mode_map_dumb m = { 0 };
	void *p;

	if (xioctl(vfd, DRM_IOCTL_MODE_CREATE_DUMB, &c))
		die("vgem CREATE_DUMB");
	if (c.pitch != W * 4 || c.size < W * 4 * H) {
		errno = EINVAL;
		die("vgem dumb buffer layout");
	}
	m.handle = c.handle;
	if (xioctl(vfd, DRM_IOCTL_MODE_MAP_DUMB, &m))
		die("vgem MAP_DUMB");
	p = mmap(NULL, W * 4 * H, PROT_READ | PROT_WRITE, MAP_SHARED, vfd,
		 m.offset);
	if (p == MAP_FAILED)
		die("vgem mmap");
	*handle = c.handle;
	return p;
}

/* Submit a fill of the whole W x H, 32 bpp buffer @handle. */
static int fill_handle(uint32_t handle, uint32_t domain, uint32_t colour)
{
	struct drm_radeon_cs_reloc reloc = {
		.handle = handle, .write_domain = domain,
	};
	uint32_t ib[FILL_IB_DW];
	uint32_t n = fill_ib(ib, 4, pitch_offset(W * 4, 0), 0, 0, 0, W, H, colour);

	return cs_submit(fd, ib, n, &reloc, 1, NULL, 0);
}

static unsigned int count_not(const uint32_t *p, uint32_t v)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < W * H; i++)
		n += p[i] != v;
	return n;
}

/*
 * PRIME with another device, vgem: a vgem buffer imported here is painted
 * by the GPU and read back through vgem's mapping (the GART maps the
 * exporter's pages); a buffer of ours exported to vgem is read through
 * vgem's mapping of the import, and stays in GTT, where vgem can reach
 * it, even when a command stream asks for VRAM.
 */
static int t_prime(void)
{
	struct drm_radeon_gem_busy busy = { 0 };
	uint32_t vh, rh, vh2, *vp, *rp;
	/* vgem's primary node (tests/cs/prime.sh loads vgem) */
	int vfd = open_node_of("/dev/dri/card%d", 0, "vgem"), dmabuf, ret;

	if (vfd < 0) {
		printf("no vgem device\n");
		return 77;
	}

	/* vgem exports, r5xx imports and paints */
	vp = vgem_buffer(vfd, &vh);
	memset(vp, 0x5a, W * 4 * H);
	if (drmPrimeHandleToFD(vfd, vh, DRM_CLOEXEC | DRM_RDWR, &dmabuf))
		die("vgem export");
	ret = drmPrimeFDToHandle(fd, dmabuf, &rh);
	check(ret == 0, "import of a vgem buffer (%d)", ret ? -errno : 0);
	close(dmabuf);
	ret = fill_handle(rh, RADEON_GEM_DOMAIN_VRAM, 0xc0ffee00);
	check(ret == 0, "CS painting it, asking for VRAM (%d)", ret);
	check(gem_wait_idle(fd, rh) == 0, "wait idle");
	busy.handle = rh;
	xioctl(fd, DRM_IOCTL_RADEON_GEM_BUSY, &busy);
	check(busy.domain == RADEON_GEM_DOMAIN_GTT, "imported buffer in GTT (%#x)",
	      busy.domain);
	check(!count_not(vp, 0xc0ffee00), "vgem sees the GPU's fill (%u pixels differ)",
	      count_not(vp, 0xc0ffee00));
	gem_close(fd, rh);
	munmap(vp, W * 4 * H);

	/* r5xx exports, vgem imports */
	rh = gem_create(fd, W * 4 * H, RADEON_GEM_DOMAIN_VRAM);
	rp = gem_map(fd, rh, W * 4 * H);
	for (unsigned int i = 0; i < W * H; i++)
		rp[i] = 0x01010101 * (i & 0xff);
	if (drmPrimeHandleToFD(fd, rh, DRM_CLOEXEC | DRM_RDWR, &dmabuf))
		die("r5xx export");
	ret = drmPrimeFDToHandle(vfd, dmabuf, &vh2);
	check(ret == 0, "vgem imports our buffer (%d)", ret ? -errno : 0);
	busy.handle = rh;
	xioctl(fd, DRM_IOCTL_RADEON_GEM_BUSY, &busy);
	check(busy.domain == RADEON_GEM_DOMAIN_GTT, "exported buffer pinned in GTT (%#x)",
	      busy.domain);
	vp = mmap(NULL, W * 4 * H, PROT_READ, MAP_SHARED, dmabuf, 0);
	if (vp == MAP_FAILED)
		die("dma-buf mmap");
	ret = 0;
	for (unsigned int i = 0; i < W * H; i++)
		ret += vp[i] != 0x01010101 * (i & 0xff);
	check(!ret, "the dma-buf's mapping has our bytes (%d differ)", ret);
	ret = fill_handle(rh, RADEON_GEM_DOMAIN_VRAM, 0x0badf00d);
	check(ret == 0, "CS painting it, asking for VRAM (%d)", ret);
	check(gem_wait_idle(fd, rh) == 0, "wait idle");
	xioctl(fd, DRM_IOCTL_RADEON_GEM_BUSY, &busy);
	check(busy.domain == RADEON_GEM_DOMAIN_GTT, "still in GTT (%#x)", busy.domain);
	check(!count_not(vp, 0x0badf00d), "the dma-buf's mapping sees the fill");
	munmap(vp, W * 4 * H);
	munmap(rp, W * 4 * H);
	close(dmabuf);
	gem_close(fd, rh);
	close(vfd);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct named_test tests[] = {
		{ "paint", t_paint }, { "blit", t_blit },
		{ "dialects", t_dialects }, { "chain", t_chain },
		{ "busy", t_busy }, { "prime", t_prime },
	};
	struct drm_radeon_gem_info info = { 0 };
	const struct named_test *t;
	int ret;

	if (argc != 2) {
		fprintf(stderr, "usage: %s paint|blit|dialects|chain|busy|prime\n", argv[0]);
		return 2;
	}
	fd = open_render();
	bom = radeon_bo_manager_gem_ctor(fd);
	csm = radeon_cs_manager_gem_ctor(fd);
	if (!bom || !csm)
		die("libdrm_radeon managers");
	cs = radeon_cs_create(csm, 16384);
	if (!cs)
		die("radeon_cs_create");
	/* as the X driver: the space check's limits from GEM_INFO */
	if (xioctl(fd, DRM_IOCTL_RADEON_GEM_INFO, &info))
		die("GEM_INFO");
	radeon_cs_set_limit(cs, RADEON_GEM_DOMAIN_VRAM, info.vram_visible);
	radeon_cs_set_limit(cs, RADEON_GEM_DOMAIN_GTT, info.gart_size);
	t = find_test(tests, ARRAY_SIZE(tests), argv[1]);
	if (!t)
		return 2;
	ret = t->fn();
	radeon_cs_destroy(cs);
	radeon_cs_manager_gem_dtor(csm);
	radeon_bo_manager_gem_dtor(bom);
	close(fd);
	if (ret == 77)
		return 77;
	printf("%s: %d failure(s)\n", argv[1], failures);
	return failures ? 1 : 0;
}
