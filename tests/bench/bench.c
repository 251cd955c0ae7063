/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Guest side of tests/bench: measures, on whichever radeon-UAPI driver is
 * bound (r5xx.ko or radeon.ko), CS submit+wait round trips, CS ioctl
 * throughput on a Mesa-r300-like 3D stream and GEM create/map/close.
 *
 * Prints lines tests/bench/run collects:
 *   info KEY VALUE...
 *   metric NAME VALUE UNIT iters=N secs=S
 *   error NAME what
 * Exit status: 0 if every metric ran, 1 otherwise.
 *
 * Usage: bench [seconds-per-metric [METRIC...]]   (default 3, all metrics)
 * METRIC: roundtrip, cs_3d, cs_state, gem_4k_gtt, gem_4k_vram, gem_1m_gtt,
 * gem_1m_vram, or allocs: N submissions of the 3D stream (each waited
 * for) with the kernel's tracing switched on around them
 * (/sys/kernel/tracing/tracing_on; tests/bench/guest.sh sets up the kmem
 * events and counts what they recorded), printed as "info allocs_n N".
 */
#include "guest_lib.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>

#include <xf86drm.h>

static double secs_per_metric = 3.0;
static int errors;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void error(const char *metric, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void error(const char *metric, const char *fmt, ...)
{
	va_list ap;

	printf("error %s ", metric);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	errors++;
}

/*
 * Per-batch rates, for a median that shrugs off the other load on the host
 * (the figure itself is the plain total count / total time).
 */
#define MAX_BATCHES 65536
static double batch[MAX_BATCHES];
static unsigned int nbatch;

static void batch_add(double rate)
{
	if (nbatch < MAX_BATCHES)
		batch[nbatch++] = rate;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double batch_median(void)
{
	if (!nbatch)
		return 0;
	qsort(batch, nbatch, sizeof(batch[0]), cmp_double);
	return batch[nbatch / 2];
}

static void metric(const char *name, double value, const char *unit,
		   uint64_t iters, double secs, double median)
{
	printf("metric %s %.1f %s iters=%" PRIu64 " secs=%.2f median=%.1f batches=%u\n",
	       name, value, unit, iters, secs, median, nbatch);
	fflush(stdout);
}

/* ---- the device (the ioctls are tests/lib/guest_lib.h's) ---- */

/* The first radeon render node, after printing what it is; or -1. */
static int open_bench_node(void)
{
	int fd = open_node_of("/dev/dri/renderD%d", 128, "radeon");
	char link[256], mod[256];
	drmVersionPtr v;
	struct stat st;
	unsigned int minor_nr;
	ssize_t len;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st)) {
		close(fd);
		return -1;
	}
	minor_nr = minor(st.st_rdev);
	/* which module is bound: the DRM name is "radeon" for both */
	snprintf(link, sizeof(link), "/sys/class/drm/renderD%u/device/driver",
		 minor_nr);
	len = readlink(link, mod, sizeof(mod) - 1);
	mod[len > 0 ? len : 0] = 0;
	printf("info kernel_driver %s\n", len > 0 ? strrchr(mod, '/') + 1 : "?");
	printf("info node /dev/dri/renderD%u\n", minor_nr);
	v = drmGetVersion(fd);
	if (v) {
		printf("info driver %s %d.%d.%d (%s, %s)\n", v->name,
		       v->version_major, v->version_minor,
		       v->version_patchlevel, v->desc, v->date);
		drmFreeVersion(v);
	}
	return fd;
}

/* A buffer aligned to 4 KiB, as Mesa's winsys asks: 0 or -errno. */
static int bo_create(int fd, uint64_t size, uint32_t domain, uint32_t *handle)
{
	return try_gem_create(fd, size, 4096, domain, 0, handle);
}

/* ---- PM4 (the headers are guest_lib.h's) ---- */

#define OP_LOAD_VBPNTR	0x2f
#define OP_INDX_BUFFER	0x33
#define OP_DRAW_VBUF_2	0x34
#define OP_DRAW_INDX_2	0x36

/* 3D engine (r300_reg.h; the same offsets as r5xx_regs.h) */
#define WAIT_UNTIL		0x1720
#define  WAIT_3D_IDLECLEAN	(1u << 17)
#define VAP_PORT_IDX0		0x2040
#define VAP_CNTL		0x2080
#define VAP_VF_CNTL		0x2084
#define VAP_OUT_VTX_FMT_0	0x2090
#define VAP_VTE_CNTL		0x20b0
#define VAP_VF_MAX_VTX_INDX	0x2134	/* and VAP_VF_MIN_VTX_INDX 0x2138 */
#define VAP_CNTL_STATUS		0x2140
#define VAP_PROG_STREAM_CNTL_0	0x2150
#define VAP_VTX_STATE_CNTL	0x2180
#define VAP_VSM_VTX_ASSM	0x2184
#define VAP_PROG_STREAM_CNTL_EXT_0 0x21e0
#define VAP_PVS_VECTOR_INDX_REG	0x2200
#define VAP_PVS_VECTOR_DATA_REG_128 0x2208
#define VAP_CLIP_CNTL		0x221c
#define VAP_GB_VERT_CLIP_ADJ	0x2220
#define VAP_PVS_STATE_FLUSH_REG	0x2284
#define VAP_PVS_CODE_CNTL_0	0x22d0
#define GB_ENABLE		0x4008
#define GB_MSPOS0		0x4010
#define GB_SELECT		0x401c
#define GB_AA_CONFIG		0x4020
#define GB_Z_PEQ_CONFIG		0x4028
#define TX_ENABLE		0x4104
#define GA_POINT_SIZE		0x421c
#define GA_POINT_MINMAX		0x4230
#define GA_LINE_CNTL		0x4234
#define GA_COLOR_CONTROL	0x4278
#define GA_POLY_MODE		0x4288
#define GA_ROUND_MODE		0x428c
#define GA_OFFSET		0x4290
#define SU_POLY_OFFSET_ENABLE	0x42b4
#define SU_CULL_MODE		0x42b8
#define SU_DEPTH_SCALE		0x42c0
#define SU_DEPTH_OFFSET		0x42c4
#define RS_COUNT		0x4300
#define RS_INST_COUNT		0x4304
#define RS_IP_0			0x4310
#define RS_INST_0		0x4330
#define SC_HYPERZ_EN		0x43a4
#define SC_EDGERULE		0x43a8
#define SC_CLIP_RULE		0x43d0
#define RE_SCISSORS_TL		0x43e0
#define RE_SCISSORS_BR		0x43e4
#define SC_SCREENDOOR		0x43e8
#define US_CONFIG		0x4600
#define US_PIXSIZE		0x4604
#define US_CODE_OFFSET		0x4608
#define US_CODE_ADDR_0		0x4610
#define US_TEX_INST_0		0x4620
#define US_OUT_FMT_0		0x46a4
#define US_W_FMT		0x46b4
#define US_ALU_RGB_ADDR_0	0x46c0
#define FG_FOG_BLEND		0x4bc0
#define FG_ALPHA_FUNC		0x4bd4
#define FG_DEPTH_SRC		0x4bd8
#define US_ALU_CONST_R_0	0x4c00
#define RB3D_CCTL		0x4e00
#define RB3D_BLENDCNTL		0x4e04
#define RB3D_ABLENDCNTL		0x4e08
#define RB3D_COLOR_CHANNEL_MASK	0x4e0c
#define RB3D_ROPCNTL		0x4e18
#define RB3D_COLOROFFSET0	0x4e28
#define RB3D_COLORPITCH0	0x4e38
#define RB3D_DSTCACHE_CTLSTAT	0x4e4c
#define RB3D_DITHER_CTL		0x4e50
#define RB3D_AARESOLVE_CTL	0x4e88
#define ZB_CNTL			0x4f00
#define ZB_ZSTENCILCNTL		0x4f04
#define ZB_STENCILREFMASK	0x4f08
#define ZB_FORMAT		0x4f10
#define ZB_ZCACHE_CTLSTAT	0x4f18
#define ZB_BW_CNTL		0x4f1c

#define COLORFORMAT_ARGB8888	(6u << 21)
#define VF(walk, n, prim)	((uint32_t)(walk) << 4 | (uint32_t)(n) << 16 | (prim))
#define PRIM_TRIANGLES		4
#define VBPNTR_ATTR(size, stride) ((uint32_t)(size) | (uint32_t)(stride) << 8)

/* ---- IB builder ---- */

#define MAX_IB_DW 16384		/* Mesa's fixed CS buffer */

struct ib {
	uint32_t d[MAX_IB_DW];
	uint32_t n;
	bool overflow;
};

static void emit(struct ib *s, uint32_t v)
{
	if (s->n < MAX_IB_DW)
		s->d[s->n++] = v;
	else
		s->overflow = true;
}

static void reg(struct ib *s, uint32_t r, uint32_t v)
{
	emit(s, PKT0(r, 1));
	emit(s, v);
}

static void regs(struct ib *s, uint32_t r, uint32_t n, const uint32_t *v)
{
	emit(s, PKT0(r, n));
	for (uint32_t i = 0; i < n; i++)
		emit(s, v[i]);
}

static void nop_reloc(struct ib *s, uint32_t idx)
{
	emit(s, RELOC_NOP);
	emit(s, idx * 4);
}

static void reg_reloc(struct ib *s, uint32_t r, uint32_t v, uint32_t idx)
{
	reg(s, r, v);
	nop_reloc(s, idx);
}

/*
 * @n dwords @first, @first + 1, ... into the vertex processor's memory
 * (vertex shader code or constants) from vector @index, then the flush.
 */
static void pvs_upload(struct ib *s, uint32_t index, uint32_t n, uint32_t first)
{
	reg(s, VAP_PVS_VECTOR_INDX_REG, index);
	emit(s, PKT0_ONE(VAP_PVS_VECTOR_DATA_REG_128, n));
	for (uint32_t i = 0; i < n; i++)
		emit(s, first + i);
	reg(s, VAP_PVS_STATE_FLUSH_REG, 0);
}

static void pad8(struct ib *s)
{
	while (s->n % 8)
		emit(s, PKT2);
}

/* ---- 1. round trips: a one-pixel 2D solid fill, submit + wait ---- */

static void bench_roundtrip(int fd)
{
	static struct ib s;
	struct drm_radeon_cs_reloc reloc = { 0 };
	uint32_t bo, *px;
	uint64_t off, n = 0;
	double t0, t;
	int r;

	if (bo_create(fd, 4096, RADEON_GEM_DOMAIN_GTT, &bo)) {
		error("roundtrip", "GEM_CREATE failed");
		return;
	}
	reloc = (struct drm_radeon_cs_reloc) {
		.handle = bo, .write_domain = RADEON_GEM_DOMAIN_GTT,
	};
	/* 4 KiB = 16 ARGB8888 pixels x 64 rows, pitch 64 bytes */
	s.n = fill_ib(s.d, 4, pitch_offset(64, 0), 0, 0, 0, 1, 1, 0x12345678);
	pad8(&s);
	printf("info roundtrip_ib_dwords %u\n", s.n);

	/* one checked round trip: the model's 2D engine writes the pixel */
	r = cs_submit(fd, s.d, s.n, &reloc, 1, NULL, 0);
	if (r) {
		error("roundtrip", "2D solid fill rejected: CS %d (%s)", r,
		      strerror(-r));
		goto out;
	}
	r = gem_wait_idle(fd, bo);
	if (r) {
		error("roundtrip", "GEM_WAIT_IDLE %d (%s)", r, strerror(-r));
		goto out;
	}
	if (!gem_mmap_offset(fd, bo, 4096, &off)) {
		px = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, off);
		if (px != MAP_FAILED) {
			printf("info roundtrip_pixel 0x%08x%s\n", px[0],
			       px[0] == 0x12345678 ? " (filled)" : " (NOT filled)");
			munmap(px, 4096);
		}
	}

	nbatch = 0;
	t0 = now();
	do {
		double b0 = now();

		for (int i = 0; i < 16; i++) {
			r = cs_submit(fd, s.d, s.n, &reloc, 1, NULL, 0);
			if (!r)
				r = gem_wait_idle(fd, bo);
			if (r) {
				error("roundtrip", "iteration %" PRIu64 ": %d (%s)",
				      n, r, strerror(-r));
				goto out;
			}
			n++;
		}
		batch_add(16 / (now() - b0));
		t = now() - t0;
	} while (t < secs_per_metric);
	metric("roundtrip", n / t, "submit+wait/s", n, t, batch_median());
out:
	try_gem_close(fd, bo);
}

/* ---- 2. CS ioctl throughput on a Mesa-r300-like 3D stream ---- */

enum { R_CB, R_VB, R_IDX, R_FENCE, R_COUNT };

#define CB_W 256
#define CB_H 256
#define SC_BIAS 1440	/* R3xx/R4xx scissor offset (Mesa, r300_emit.c) */

/* what every Mesa CS starts with: all atoms dirty (r300_emit_*) */
static void mesa_state(struct ib *s)
{
	static const uint32_t mspos[2] = { 0x66666666, 0x06666666 };
	static const uint32_t one4[4] = { 0x3f800000, 0x3f800000, 0x3f800000,
					  0x3f800000 };
	static const uint32_t pvs_cntl[4] = { 0, 5, 3, 0 };
	static const uint32_t out_fmt[4] = { 0x1b00, 0x1b0f, 0x1b0f, 0x1b0f };

	reg(s, WAIT_UNTIL, WAIT_3D_IDLECLEAN);
	reg(s, GB_ENABLE, 0);
	regs(s, GB_MSPOS0, 2, mspos);
	reg(s, GB_SELECT, 0);
	reg(s, GB_AA_CONFIG, 0);
	reg(s, GB_Z_PEQ_CONFIG, 0);
	reg(s, VAP_CNTL, 0x000050a3);
	reg(s, VAP_VTE_CNTL, 0x0000043f);
	reg(s, VAP_CNTL_STATUS, 0);
	reg(s, VAP_PROG_STREAM_CNTL_0, 0x20022002);
	reg(s, VAP_PROG_STREAM_CNTL_EXT_0, 0xfa88fa88);
	reg(s, VAP_VTX_STATE_CNTL, 0x5555);
	reg(s, VAP_VSM_VTX_ASSM, 0x00000405);
	regs(s, VAP_OUT_VTX_FMT_0, 2, out_fmt);
	reg(s, VAP_CLIP_CNTL, 0x0000c000);
	regs(s, VAP_GB_VERT_CLIP_ADJ, 4, one4);
	regs(s, VAP_PVS_CODE_CNTL_0, 4, pvs_cntl);
	/* vertex shader: 8 instructions of 4 dwords */
	pvs_upload(s, 0, 32, 0x00f00203);
	reg(s, GA_POINT_SIZE, 0x00060006);
	reg(s, GA_POINT_MINMAX, 0x18000006);
	reg(s, GA_LINE_CNTL, 0x00020006);
	reg(s, GA_POLY_MODE, 0);
	reg(s, GA_ROUND_MODE, 1);
	reg(s, GA_OFFSET, 0);
	reg(s, GA_COLOR_CONTROL, 0x0003aaaa);
	reg(s, SU_CULL_MODE, 0);
	reg(s, SU_POLY_OFFSET_ENABLE, 0);
	reg(s, SU_DEPTH_SCALE, 0x4b7fffff);
	reg(s, SU_DEPTH_OFFSET, 0);
	reg(s, RS_COUNT, 0x00040080);
	reg(s, RS_INST_COUNT, 0);
	reg(s, RS_IP_0, 0x00001000);
	reg(s, RS_INST_0, 0x00000008);
	/* R300 fragment shader */
	reg(s, US_CONFIG, 0);
	reg(s, US_PIXSIZE, 2);
	reg(s, US_CODE_OFFSET, 0x00000040);
	regs(s, US_CODE_ADDR_0, 4, pvs_cntl);
	reg(s, US_TEX_INST_0, 0x00018000);
	for (int i = 0; i < 4; i++)
		reg(s, US_ALU_RGB_ADDR_0 + 0x100 * i, 0x00040000 + i);
	regs(s, US_ALU_CONST_R_0, 4, one4);
	regs(s, US_OUT_FMT_0, 4, out_fmt);
	reg(s, US_W_FMT, 0);
	reg(s, FG_FOG_BLEND, 0);
	reg(s, FG_ALPHA_FUNC, 0);
	reg(s, FG_DEPTH_SRC, 0);

	/* framebuffer: one linear ARGB8888 colour buffer, no Z */
	reg(s, RB3D_CCTL, 0);
	reg(s, RB3D_BLENDCNTL, 0);
	reg(s, RB3D_ABLENDCNTL, 0);
	reg(s, RB3D_COLOR_CHANNEL_MASK, 0xf);
	reg(s, RB3D_ROPCNTL, 0);
	reg(s, RB3D_DITHER_CTL, 0);
	reg_reloc(s, RB3D_COLOROFFSET0, 0, R_CB);
	reg_reloc(s, RB3D_COLORPITCH0, CB_W | COLORFORMAT_ARGB8888, R_CB);
	reg(s, ZB_CNTL, 0);
	reg(s, ZB_ZSTENCILCNTL, 0);
	reg(s, ZB_STENCILREFMASK, 0);
	reg(s, ZB_BW_CNTL, 0);
	reg(s, SC_HYPERZ_EN, 0);
	reg(s, RE_SCISSORS_TL, SC_BIAS | SC_BIAS << 13);
	reg(s, RE_SCISSORS_BR, (CB_W - 1 + SC_BIAS) | (CB_H - 1 + SC_BIAS) << 13);
	reg(s, SC_EDGERULE, 0x2da49525);
	reg(s, SC_CLIP_RULE, 0xaaaa);
	reg(s, SC_SCREENDOOR, 0xffffff);
	reg(s, RB3D_AARESOLVE_CTL, 0);
	reg(s, TX_ENABLE, 0);		/* textures off */
}

/*
 * One draw call as Mesa emits it after a state change: vertex-shader
 * constants, blend/colour-mask state, the vertex arrays
 * (r300_emit_vertex_arrays: two arrays, one reloc each) and either a
 * non-indexed or an indexed draw (r300_emit_draw_arrays/elements).
 */
static void mesa_draw(struct ib *s, uint32_t k)
{
	uint32_t minmax[2] = { 99, 0 };
	bool indexed = k & 1;

	/* r300_emit_vs_constants: 4 vec4 constants */
	pvs_upload(s, 0x400 + 4 * (k % 8), 16, 0x3f000000 + k * 16);
	reg(s, RB3D_BLENDCNTL, k & 2 ? 0 : 0);
	reg(s, RB3D_COLOR_CHANNEL_MASK, 0xf);
	reg(s, RE_SCISSORS_TL, SC_BIAS | SC_BIAS << 13);
	reg(s, RE_SCISSORS_BR, (CB_W - 1 + SC_BIAS) | (CB_H - 1 + SC_BIAS) << 13);

	/* vertex arrays: position (3 dwords) and colour (4 dwords),
	 * interleaved with an 8-dword stride; FORCE_PREFETCH if non-indexed */
	emit(s, PKT3(OP_LOAD_VBPNTR, 4));
	emit(s, 2 | (indexed ? 0 : 1u << 5));
	emit(s, VBPNTR_ATTR(3, 8) | VBPNTR_ATTR(4, 8) << 16);
	emit(s, 0);
	emit(s, 12);
	nop_reloc(s, R_VB);
	nop_reloc(s, R_VB);
	regs(s, VAP_VF_MAX_VTX_INDX, 2, minmax);
	if (!indexed) {
		emit(s, PKT3(OP_DRAW_VBUF_2, 1));
		emit(s, VF(2, 99, PRIM_TRIANGLES));
	} else {
		/* 16-bit indices: 150 triangles' worth in 4 KiB */
		emit(s, PKT3(OP_DRAW_INDX_2, 1));
		emit(s, VF(1, 300, PRIM_TRIANGLES));
		emit(s, PKT3(OP_INDX_BUFFER, 3));
		emit(s, 1u << 31 | VAP_PORT_IDX0 >> 2);
		emit(s, 0);
		emit(s, 150);
		nop_reloc(s, R_IDX);
	}
}

/* a full 16K-dword CS: state, draws until full, end-of-CS flushes */
static uint32_t build_3d_stream(struct ib *s, bool draws, uint32_t *ndraws)
{
	const uint32_t tail = 8 + 8;
	uint32_t k = 0;

	s->n = 0;
	s->overflow = false;
	mesa_state(s);
	for (;;) {
		static struct ib probe;	/* size of one more group */
		uint32_t n0 = s->n;

		probe.n = 0;
		probe.overflow = false;
		if (draws) {
			mesa_draw(&probe, k);
		} else {
			mesa_state(&probe);
		}
		if (n0 + probe.n + tail > MAX_IB_DW)
			break;
		if (draws)
			mesa_draw(s, k);
		else
			mesa_state(s);
		k++;
	}
	/* r300_flush: cache flushes and the MSPOS reset at the end */
	reg(s, GB_MSPOS0, 0x66666666);
	reg(s, RB3D_DSTCACHE_CTLSTAT, 0xa);
	reg(s, ZB_ZCACHE_CTLSTAT, 3);
	reg(s, WAIT_UNTIL, WAIT_3D_IDLECLEAN);
	pad8(s);
	*ndraws = draws ? k : 0;
	return s->n;
}

/*
 * The buffers of build_3d_stream()'s IB and their relocations, in the
 * domains Mesa's winsys gives them (r300_emit_buffer_validate).
 */
static int bo_create_3d(int fd, uint32_t bo[R_COUNT],
			struct drm_radeon_cs_reloc relocs[R_COUNT])
{
	if (bo_create(fd, CB_W * CB_H * 4, RADEON_GEM_DOMAIN_VRAM, &bo[R_CB]) ||
	    bo_create(fd, 64 * 1024, RADEON_GEM_DOMAIN_GTT, &bo[R_VB]) ||
	    bo_create(fd, 4096, RADEON_GEM_DOMAIN_GTT, &bo[R_IDX]) ||
	    bo_create(fd, 4096, RADEON_GEM_DOMAIN_GTT, &bo[R_FENCE]))
		return -1;
	relocs[R_CB] = (struct drm_radeon_cs_reloc) { bo[R_CB],
		RADEON_GEM_DOMAIN_VRAM, RADEON_GEM_DOMAIN_VRAM, 0 };
	relocs[R_VB] = (struct drm_radeon_cs_reloc) { bo[R_VB],
		RADEON_GEM_DOMAIN_GTT, 0, 0 };
	relocs[R_IDX] = (struct drm_radeon_cs_reloc) { bo[R_IDX],
		RADEON_GEM_DOMAIN_GTT, 0, 0 };
	relocs[R_FENCE] = (struct drm_radeon_cs_reloc) { bo[R_FENCE],
		RADEON_GEM_DOMAIN_GTT, RADEON_GEM_DOMAIN_GTT, 0 };
	return 0;
}

/*
 * Submissions of a full 16K-dword stream between two idle waits: four, the
 * most r5xx lets one file have in flight (its IB quota, a quarter of the
 * 1 MiB IB pool; r5xx_ib.c).  A fifth waits in the CS ioctl for the GPU to
 * finish one, so a longer batch would time the model's CP, not the checker.
 */
#define CS_BATCH	4

static void bench_cs(int fd, bool draws)
{
	static struct ib s;
	const uint32_t flags[2] = { RADEON_CS_KEEP_TILING_FLAGS,
				    RADEON_CS_RING_GFX };
	struct drm_radeon_cs_reloc relocs[R_COUNT];
	uint32_t bo[R_COUNT], ndraws;
	uint64_t n = 0;
	double tioctl = 0, t0, t, med;
	int r, i;

	if (bo_create_3d(fd, bo, relocs)) {
		error("cs", "GEM_CREATE failed");
		return;
	}

	build_3d_stream(&s, draws, &ndraws);
	r = cs_submit(fd, s.d, s.n, relocs, R_COUNT, flags, 2);
	if (r && draws) {
		error("cs_3d", "3D stream (%u dwords, %u draws) rejected: %d (%s)",
		      s.n, ndraws, r, strerror(-r));
		/* how many draws it takes, for the report */
		for (uint32_t d = 0; d <= 4; d++) {
			static struct ib p;
			uint32_t x;

			p.n = 0;
			mesa_state(&p);
			for (x = 0; x < d; x++)
				mesa_draw(&p, x);
			pad8(&p);
			r = cs_submit(fd, p.d, p.n, relocs, R_COUNT, flags, 2);
			printf("info cs_probe state + %u draws: %d\n", d, r);
		}
		goto out;
	} else if (r) {
		error("cs_state", "state-only stream (%u dwords) rejected: %d (%s)",
		      s.n, r, strerror(-r));
		goto out;
	}
	r = gem_wait_idle(fd, bo[R_FENCE]);
	if (r) {
		error("cs", "GEM_WAIT_IDLE after the first %s stream: %d (%s)",
		      draws ? "3D" : "state-only", r, strerror(-r));
		goto out;
	}
	printf("info cs_stream %s, %u dwords, %u draws, %d relocs, FLAGS=KEEP_TILING\n",
	       draws ? "3d" : "state-only", s.n, ndraws, R_COUNT);

	nbatch = 0;
	t0 = now();
	do {
		double bt = 0;

		for (i = 0; i < CS_BATCH; i++) {
			double a = now();

			r = cs_submit(fd, s.d, s.n, relocs, R_COUNT, flags, 2);
			a = now() - a;
			tioctl += a;
			bt += a;
			if (r) {
				error("cs", "submission %" PRIu64 ": %d (%s)", n,
				      r, strerror(-r));
				goto out;
			}
			n++;
		}
		batch_add(CS_BATCH * s.n * 4.0 / bt / 1e6);
		/* keep the queue bounded: idle every CS_BATCH submissions */
		r = gem_wait_idle(fd, bo[R_FENCE]);
		if (r) {
			error("cs", "GEM_WAIT_IDLE: %d (%s)", r, strerror(-r));
			goto out;
		}
		t = now() - t0;
	} while (t < secs_per_metric);
	med = batch_median();
	metric(draws ? "cs_3d_mbps" : "cs_state_mbps",
	       n * s.n * 4.0 / tioctl / 1e6, "MB/s", n, tioctl, med);
	metric(draws ? "cs_3d_ioctl" : "cs_state_ioctl", n / tioctl, "CS/s", n,
	       tioctl, med * 1e6 / (s.n * 4.0));
out:
	for (i = 0; i < R_COUNT; i++)
		try_gem_close(fd, bo[i]);
}

/* ---- 3. GEM create + GEM_MMAP + mmap + touch + munmap + close ---- */

static void bench_gem(int fd, const char *name, uint64_t size, uint32_t domain)
{
	uint64_t n = 0, off;
	double t0, t;
	uint32_t bo;
	char m[64];

	snprintf(m, sizeof(m), "gem_%s", name);
	nbatch = 0;
	t0 = now();
	do {
		double b0 = now();

		for (int i = 0; i < 16; i++) {
			volatile uint8_t *p;
			int r;

			r = bo_create(fd, size, domain, &bo);
			if (r) {
				error(m, "GEM_CREATE: %d (%s)", r, strerror(-r));
				return;
			}
			r = gem_mmap_offset(fd, bo, size, &off);
			if (r) {
				error(m, "GEM_MMAP: %d (%s)", r, strerror(-r));
				try_gem_close(fd, bo);
				return;
			}
			p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED,
				 fd, off);
			if (p == MAP_FAILED) {
				error(m, "mmap: %s", strerror(errno));
				try_gem_close(fd, bo);
				return;
			}
			p[size / 2] = (uint8_t)n;
			munmap((void *)p, size);
			r = try_gem_close(fd, bo);
			if (r) {
				error(m, "GEM_CLOSE: %d (%s)", r, strerror(-r));
				return;
			}
			n++;
		}
		batch_add(16 / (now() - b0));
		t = now() - t0;
	} while (t < secs_per_metric);
	metric(m, n / t, "cycles/s", n, t, batch_median());
}

/* ---- 4. allocations: N waited-for 3D submissions with tracing on ---- */

static int tracing_on(bool on)
{
	int fd = open("/sys/kernel/tracing/tracing_on", O_WRONLY);
	int r;

	if (fd < 0)
		return -errno;
	r = write(fd, on ? "1" : "0", 1) == 1 ? 0 : -errno;
	close(fd);
	return r;
}

static void bench_allocs(int fd, unsigned int n)
{
	static struct ib s;
	const uint32_t flags[2] = { RADEON_CS_KEEP_TILING_FLAGS,
				    RADEON_CS_RING_GFX };
	struct drm_radeon_cs_reloc relocs[R_COUNT];
	uint32_t bo[R_COUNT], ndraws;
	unsigned int i;
	int r = 0;

	if (bo_create_3d(fd, bo, relocs)) {
		error("allocs", "GEM_CREATE failed");
		return;
	}
	build_3d_stream(&s, true, &ndraws);
	/* steady state: buffers placed, pools and caches warm */
	for (i = 0; i < 2 * n + 16 && !r; i++) {
		bool measured = i >= n + 16;

		if (i == n + 16 && tracing_on(true)) {
			error("allocs", "cannot switch tracing on");
			break;
		}
		r = cs_submit(fd, s.d, s.n, relocs, R_COUNT, flags, 2);
		if (!r)
			r = gem_wait_idle(fd, bo[R_FENCE]);
		if (r)
			error("allocs", "submission %u: %d (%s)", i, r,
			      strerror(-r));
		if (measured && i == 2 * n + 15)
			tracing_on(false);
	}
	tracing_on(false);
	if (!r)
		printf("info allocs_n %u\n", n);
	for (i = 0; i < R_COUNT; i++)
		try_gem_close(fd, bo[i]);
}

static bool wanted(int argc, char **argv, const char *m)
{
	if (argc <= 2)
		return strcmp(m, "allocs") != 0;
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], m))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	uint32_t dev = 0;
	int fd;

	if (argc > 1)
		secs_per_metric = atof(argv[1]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	fd = open_bench_node();
	if (fd < 0) {
		error("open", "no radeon render node");
		return 1;
	}
	if (!radeon_info(fd, RADEON_INFO_DEVICE_ID, &dev))
		printf("info device_id 0x%04x\n", dev);
	printf("info chip %s\n", getenv("R5XX_CHIP") ?: "?");

	if (wanted(argc, argv, "roundtrip"))
		bench_roundtrip(fd);
	if (wanted(argc, argv, "cs_3d"))
		bench_cs(fd, true);
	if (wanted(argc, argv, "cs_state"))
		bench_cs(fd, false);
	if (wanted(argc, argv, "gem_4k_gtt"))
		bench_gem(fd, "4k_gtt", 4096, RADEON_GEM_DOMAIN_GTT);
	if (wanted(argc, argv, "gem_4k_vram"))
		bench_gem(fd, "4k_vram", 4096, RADEON_GEM_DOMAIN_VRAM);
	if (wanted(argc, argv, "gem_1m_gtt"))
		bench_gem(fd, "1m_gtt", 1 << 20, RADEON_GEM_DOMAIN_GTT);
	if (wanted(argc, argv, "gem_1m_vram"))
		bench_gem(fd, "1m_vram", 1 << 20, RADEON_GEM_DOMAIN_VRAM);
	if (wanted(argc, argv, "allocs"))
		bench_allocs(fd, 100);
	close(fd);
	return errors ? 1 : 0;
}
