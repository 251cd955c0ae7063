// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The 3D engine through the CP: a 64x64 ARGB8888 colour buffer in VRAM, a
 * two-instruction vertex program (PVS) and a one-instruction fragment
 * program (the R500 US on rv515, the R300 one on rv380) that multiplies
 * the colour by a constant; one triangle
 * by 3D_DRAW_IMMD_2 from the ring and a second one from an IB, each
 * followed by a scratch-register fence.  The pixels are read back as soon
 * as the fence shows (the CP must not pass a draw before its pixels are
 * in memory) and compared with coverage computed here: vertices snapped
 * to 1/12 pixel, pixel centres inside all three edges (centres exactly on
 * an edge are not judged).
 *
 * A big triangle (1024x1024) checks that the vCPU reads registers while
 * the draw runs (RBBM_STATUS.RB3D_BUSY seen) and that the fence after it
 * is not written meanwhile; a soft reset of the 3D blocks stops another
 * such draw at once.
 *
 * Then garbage: draw packets over the sane state with random registers,
 * primitive types and vertex dwords, with bus mastering off.  QEMU must
 * stay up and the CP must get through them (a draw is bounded by the
 * model's work budget); after a soft reset the triangle draws correctly
 * again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "r5xx_test.h"

#define CB		0x400000u	/* colour buffer (VRAM offset = MC) */
#define W		64
#define CANARY		0xa5a5a5a5u
#define IB		(T_IB_OFF)

/* PVS (guide 7.5.9) */
#define PVS_ADD		3
#define PVS_DST_OUT	2
#define PVS_SRC_IN	1
#define SWZ(x, y, z, w)	((x) | (y) << 3 | (z) << 6 | (w) << 9)
#define XYZW		SWZ(0, 1, 2, 3)
#define ZERO4		SWZ(4, 4, 4, 4)

/* R500 US (Mesa r300_reg.h R500_*) */
#define US_RGB(r, g, b)	((r) | (g) << 3 | (b) << 6)
#define US_CONST	0x100u		/* source address: a constant */

static struct r5xx d;
static uint32_t cmd[4096];
static unsigned ncmd;

typedef struct Vtx {
	float x, y, z, w, r, g, b, a;
} Vtx;

static const float kmul[4] = { 0.5f, 1.0f, 0.25f, 1.0f };	/* US const 0 */

/* R300 FP24 of a power of two: exponent b22-16 biased by 63, mantissa 0 */
static uint32_t fp24(float f)
{
	int e = 63;

	while (f < 1.0f) {
		f *= 2.0f;
		e--;
	}
	return (uint32_t)e << 16;
}

static void put(uint32_t dw)
{
	T_CHECK(ncmd < sizeof(cmd) / sizeof(cmd[0]), "command buffer full");
	cmd[ncmd++] = dw;
}

static void reg(uint32_t r, uint32_t v)
{
	put(R5XX_PACKET0(r, 0));
	put(v);
}

static uint32_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

/* Everything the draw reads, so garbage before it does not matter. */
static void emit_state(void)
{
	uint32_t vs[2][4];
	uint32_t tl = d.is_r5xx ? 0 : 1440, w[6];

	/* VS: out0 = in0 + 0 (position), out1 = in1 + 0 (colour 0) */
	for (unsigned i = 0; i < 2; i++) {
		vs[i][0] = PVS_ADD | PVS_DST_OUT << 8 | i << 13 | 0xfu << 20;
		vs[i][1] = PVS_SRC_IN | i << 5 | XYZW << 13;
		vs[i][2] = PVS_SRC_IN | i << 5 | ZERO4 << 13;
		vs[i][3] = vs[i][2];
	}
	reg(R5XX_VAP_PVS_VECTOR_INDX_REG, 0);
	put(R5XX_PACKET0_ONE_REG(R5XX_VAP_PVS_VECTOR_DATA_REG_128, 7));
	for (unsigned i = 0; i < 2; i++)
		for (unsigned k = 0; k < 4; k++)
			put(vs[i][k]);
	reg(R5XX_VAP_PVS_CODE_CNTL(0), 1u << 20);	/* instructions 0..1 */
	reg(R5XX_VAP_PVS_CONST_CNTL, 0);
	reg(R5XX_VAP_PVS_FLOW_CNTL_OPC, 0);
	/* PSC: FLOAT_4 -> in0, FLOAT_4 -> in1 (last) */
	reg(R5XX_VAP_PROG_STREAM_CNTL(0), 3 | 0 << 8 | (3 | 1 << 8 | 1 << 13) << 16);
	reg(R5XX_VAP_PROG_STREAM_CNTL_EXT(0), (XYZW | 0xf << 12) * 0x10001u);
	reg(R5XX_VAP_OUT_VTX_FMT(0), R5XX_VAP_OUT_VTX_FMT_VTX_POS_PRESENT |
	    R5XX_VAP_OUT_VTX_FMT_VTX_COLOR_0_PRESENT);
	reg(R5XX_VAP_OUT_VTX_FMT(1), 0);
	reg(R5XX_VAP_VTE_CNTL, R5XX_VAP_VTE_CNTL_VTX_XY_FMT | R5XX_VAP_VTE_CNTL_VTX_Z_FMT);
	reg(R5XX_VAP_VTX_SIZE, 8);
	reg(R5XX_VAP_VF_MIN_VTX_INDX, 0);
	reg(R5XX_VAP_VF_MAX_VTX_INDX, 0xffffff);
	if (d.is_r5xx)
		reg(R5XX_VAP_INDEX_OFFSET, 0);
	/* raster: no culling, scissor = the buffer (biased by 1440 on rv380) */
	reg(R5XX_SU_CULL_MODE, 0);
	reg(R5XX_RE_SCISSORS_TL, tl | tl << 13);
	reg(R5XX_RE_SCISSORS_BR, (tl + W - 1) | (tl + W - 1) << 13);
	reg(R5XX_ZB_CNTL, 0);
	/* colour buffer 0: ARGB8888, linear, pitch W pixels */
	reg(R5XX_RB3D_COLOROFFSET(0), CB);
	reg(R5XX_RB3D_COLORPITCH(0), W | 6u << 21);
	reg(R5XX_RB3D_COLOR_CHANNEL_MASK, 0xf);
	reg(R5XX_RB3D_BLENDCNTL, 0);
	reg(R5XX_RB3D_ABLENDCNTL, 0);
	reg(R5XX_RB3D_ROPCNTL, 0);
	/* output 0 as B, G, R, A from byte 0: C4_8 with C0..C3 = B, G, R, A */
	reg(R5XX_US_OUT_FMT(0), 0 | 3 << 8 | 2 << 10 | 1 << 12 | 0 << 14);
	if (!d.is_r5xx) {
		/*
		 * R300 RS: colour 0 (RGBA) to temp 0; R300 fragment program
		 * (Mesa r300_reg.h R300_ALU_*): one node of one ALU
		 * instruction, out = temp0 * c0 + 0, c0 = kmul in FP24
		 */
		reg(R5XX_RS_INST_COUNT, 0);
		reg(R5XX_RS_IP(0), 0);
		reg(R5XX_R300_RS_INST(0), 1 << 14);
		for (unsigned k = 0; k < 4; k++)
			reg(R5XX_US_ALU_CONST_R(0) + 4 * k, fp24(kmul[k]));
		reg(R5XX_US_CONFIG, 0);
		reg(R5XX_US_PIXSIZE, 0);
		reg(R5XX_US_CODE_OFFSET, 0);
		for (unsigned k = 0; k < 4; k++)
			reg(R5XX_US_CODE_ADDR(k), 0);
		reg(R5XX_US_ALU_RGB_ADDR(0), 0 | 0x20 << 6 | 7u << 26);
		reg(R5XX_US_ALU_ALPHA_ADDR(0), 0 | 0x20 << 6 | 1u << 24);
		reg(R5XX_US_ALU_RGB_INST(0), 0 | 4 << 7 | 20 << 14);
		reg(R5XX_US_ALU_ALPHA_INST(0), 9 | 10 << 7 | 16 << 14);
		return;
	}
	/* RS: colour 0 to US temp 0 */
	reg(R5XX_RS_INST_COUNT, 0);
	reg(R5XX_R500_RS_IP(0), 0 << 24 | 0 << 27 | 62 | 62 << 6 | 62 << 12 | 63 << 18);
	reg(R5XX_R500_RS_INST(0), 1 << 16);
	/* US const 0 */
	reg(R5XX_GA_US_VECTOR_INDEX, 0 | 1u << 16);
	put(R5XX_PACKET0_ONE_REG(R5XX_GA_US_VECTOR_DATA, 3));
	for (unsigned k = 0; k < 4; k++)
		put(fbits(kmul[k]));
	/* US 0: OUT, LAST; rgb = temp0.rgb * const0.rgb + 0, a likewise */
	w[0] = 1 | 1u << 8 | 7u << 11 | 1u << 14 | 7u << 15 | 1u << 18;
	w[1] = 0 | US_CONST << 10;			/* src0 temp 0, src1 c0 */
	w[2] = 0 | US_CONST << 10;
	w[3] = 0 | US_RGB(0, 1, 2) << 2 | 1 << 13 | US_RGB(0, 1, 2) << 15;
	w[4] = 0 | 0 << 12 | 3 << 14 | 1 << 19 | 3 << 21;	/* alpha MAD */
	w[5] = 0 | 0 << 12 | US_RGB(4, 4, 4) << 14 | 0 << 25 | 4u << 27;
	reg(R5XX_GA_US_VECTOR_INDEX, 0);
	put(R5XX_PACKET0_ONE_REG(R5XX_GA_US_VECTOR_DATA, 5));
	for (unsigned k = 0; k < 6; k++)
		put(w[k]);
	reg(R5XX_R500_US_CODE_OFFSET, 0);
	reg(R5XX_R500_US_CODE_ADDR, 0);			/* instructions 0..0 */
}

static void emit_tri(const Vtx *v)
{
	put(R5XX_PACKET3(R5XX_PM4_3D_DRAW_IMMD_2, 3 * 8));
	put(4 | 3 << 4 | 3 << 16);	/* triangles, embedded vertices, 3 */
	for (unsigned i = 0; i < 3; i++) {
		uint32_t dw[8];

		memcpy(dw, &v[i], 32);
		for (unsigned k = 0; k < 8; k++)
			put(dw[k]);
	}
}

/* Reference coverage ------------------------------------------------------- */

/* Nearest integer (no libm; no vertex here is half-way). */
static int64_t iround(float f)
{
	return (int64_t)(f >= 0 ? f + 0.5f : f - 0.5f);
}

static int64_t snap(float v)
{
	return iround(v * 12.0f);
}

/* 1 inside, 0 outside, -1 a centre exactly on an edge (not judged). */
static int inside(const Vtx *t, unsigned x, unsigned y)
{
	int64_t px = 12 * x + 6, py = 12 * y + 6, e[3];

	for (unsigned i = 0; i < 3; i++) {
		const Vtx *a = &t[i], *b = &t[(i + 1) % 3];

		e[i] = (snap(b->x) - snap(a->x)) * (py - snap(a->y)) -
		       (snap(b->y) - snap(a->y)) * (px - snap(a->x));
		if (!e[i])
			return -1;
	}
	return (e[0] > 0 && e[1] > 0 && e[2] > 0) ||
	       (e[0] < 0 && e[1] < 0 && e[2] < 0);
}

static uint32_t colour(const Vtx *v)
{
	float c[4] = { v->r, v->g, v->b, v->a };
	uint32_t ch[4];

	for (unsigned i = 0; i < 4; i++) {
		float f = c[i] * kmul[i];

		f = f < 0 ? 0 : f > 1 ? 1 : f;
		ch[i] = (uint32_t)iround(f * 255);
	}
	return ch[3] << 24 | ch[0] << 16 | ch[1] << 8 | ch[2];
}

static bool near(uint32_t a, uint32_t b)
{
	for (unsigned s = 0; s < 32; s += 8) {
		int da = (a >> s) & 0xff, db = (b >> s) & 0xff;

		if (abs(da - db) > 1)
			return false;
	}
	return true;
}

/*
 * Compare the buffer with tris[0..n) drawn in order over the canary.
 * Returns the number of pixels judged inside a triangle.
 */
static unsigned check_pixels(const char *what, const Vtx (*tris)[3], unsigned n)
{
	unsigned in = 0, bad = 0, judged = 0;

	for (unsigned y = 0; y < W; y++)
		for (unsigned x = 0; x < W; x++) {
			uint32_t want = CANARY, got = vram_rd(&d, CB + 4 * (y * W + x));
			bool skip = false;

			for (unsigned t = 0; t < n; t++) {
				int i = inside(tris[t], x, y);

				if (i < 0)
					skip = true;
				else if (i)
					want = colour(&tris[t][0]);
			}
			if (skip)
				continue;
			judged++;
			in += want != CANARY;
			if (!near(got, want)) {
				if (bad < 5)
					t_log("%s: pixel (%u, %u) is 0x%08x, want 0x%08x",
					      what, x, y, got, want);
				bad++;
			}
		}
	T_CHECK(!bad, "%s: %u of %u pixels wrong (%u inside)", what, bad, judged, in);
	return in;
}

/* Submission --------------------------------------------------------------- */

static struct ring r;
static uint32_t fence_seq = 0x3d000000;

/* cmd[] into the ring, a fence after it; wait for the fence only. */
static void run_ring(const char *what, unsigned wait_ms)
{
	uint32_t seq = ++fence_seq;

	for (unsigned i = 0; i < ncmd; i++)
		t_emit(&r, cmd[i]);
	ncmd = 0;
	t_emit_reg(&r, R5XX_SCRATCH_REG(0), seq);
	t_commit(&r);
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(0), seq, wait_ms),
		"%s: fence 0x%x not reached: SCRATCH_REG0 0x%x rptr %u wptr %u "
		"RBBM_STATUS 0x%08x", what, seq, rr(&d, R5XX_SCRATCH_REG(0)),
		rr(&d, R5XX_CP_RB_RPTR), r.wptr, rr(&d, R5XX_RBBM_STATUS));
}

/* cmd[] into an IB at IB, started from the ring, a fence after it. */
static void run_ib(const char *what)
{
	unsigned n = ncmd;

	for (unsigned i = 0; i < n; i++)
		vram_wr(&d, IB + 4 * i, cmd[i]);
	ncmd = 0;
	put(R5XX_PACKET0(R5XX_CP_IB_BASE, 1));
	put(IB);
	put(n);
	run_ring(what, 5000);
}

static void bring_up(void)
{
	t_cp_soft_reset(&d);
	t_mc_setup(&d);
	t_load_microcode(&d, 256);
	t_ring_init(&d, &r, T_RING_OFF, 12);
	wr(&d, R5XX_SCRATCH_REG(0), 0);
	vram_fill(&d, CB, 4 * W * W, CANARY);
}

/* Garbage ----------------------------------------------------------------- */

static uint64_t rng = 0x3d3d3d3d12345ull;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

/*
 * Draw packets over the sane state with a few registers changed to random
 * values: the walk usually right for the opcode (so the draw runs), any
 * primitive type, up to 63 vertices of random dwords (NaN, huge and
 * negative coordinates), and now and then a wrong walk, a random colour
 * buffer or index-port writes with no draw waiting.
 */
static void emit_garbage(unsigned rounds)
{
	static const struct {
		uint8_t op, walk;
	} ops[] = {
		{ R5XX_PM4_3D_LOAD_VBPNTR, 0 }, { R5XX_PM4_3D_DRAW_VBUF_2, 2 },
		{ R5XX_PM4_3D_DRAW_IMMD_2, 3 }, { R5XX_PM4_3D_DRAW_INDX_2, 1 },
	};

	for (unsigned k = 0; k < rounds; k++) {
		unsigned o = rnd() % 4, count = rnd() % 64, body;
		uint32_t vf;

		emit_state();
		for (unsigned i = rnd() % 8; i; i--) {
			uint32_t a = rnd() % 2 ? 0x2000 + 4 * (rnd() % 0x180)
					       : 0x4000 + 4 * (rnd() % 0x400);

			reg(a, rnd() << 1 ^ rnd());
		}
		if (rnd() % 4 == 0)
			reg(R5XX_RB3D_COLOROFFSET(0), CB + (rnd() % 0x100000 & ~3u));
		vf = rnd() % 16 | (rnd() % 8 ? ops[o].walk : rnd() % 4) << 4 |
		     (rnd() & 0xffc0 & ~(0xfu << 12)) | count << 16;
		body = 1 + rnd() % (o == 2 ? 8 * count + 2 : 40);
		put(R5XX_PACKET3(ops[o].op, body - 1));
		put(o == 0 ? rnd() % 20 : vf);
		for (unsigned i = 1; i < body; i++)
			put(rnd() % 3 ? rnd() << 1 ^ rnd() : fbits((float)(rnd() % 200) - 60));
		for (unsigned i = rnd() % 3 ? 0 : rnd() % 8; i; i--)
			reg(R5XX_VAP_PORT_IDX(0), rnd());
	}
}

/*
 * A big draw (a triangle over 1024x1024) with a fence after it: while the
 * 3D engine is busy the vCPU still reads registers (the draw holds no
 * lock the vCPU needs) and the fence is not yet written.  Scratch is read
 * before RBBM_STATUS, so a busy status proves the scratch value was read
 * before the draw ended.  Returns the reads that saw the engine busy.
 */
static unsigned big_draw(void)
{
	static const Vtx big[3] = {
		{ 0, 0, 0.5f, 1, 0.0f, 0.4f, 1.0f, 1.0f },
		{ 4000, 0, 0.5f, 1, 0.0f, 0.4f, 1.0f, 1.0f },
		{ 0, 4000, 0.5f, 1, 0.0f, 0.4f, 1.0f, 1.0f },
	};
	const unsigned bw = 1024;
	uint32_t seq = ++fence_seq, tl = d.is_r5xx ? 0 : 1440, s, st;
	unsigned busy = 0, polls = 0;
	time_t t0 = time(NULL);

	emit_state();
	reg(R5XX_RE_SCISSORS_BR, (tl + bw - 1) | (tl + bw - 1) << 13);
	reg(R5XX_RB3D_COLORPITCH(0), bw | 6u << 21);
	emit_tri(big);
	for (unsigned i = 0; i < ncmd; i++)
		t_emit(&r, cmd[i]);
	ncmd = 0;
	t_emit_reg(&r, R5XX_SCRATCH_REG(0), seq);
	t_commit(&r);
	for (;;) {
		s = rr(&d, R5XX_SCRATCH_REG(0));
		st = rr(&d, R5XX_RBBM_STATUS);
		polls++;
		if (st & R5XX_RBBM_STATUS_RB3D_BUSY) {
			busy++;
			T_CHECK(s != seq, "big draw: fence written while the 3D "
				"engine is busy (RBBM_STATUS 0x%08x)", st);
			T_CHECK(st & R5XX_RBBM_STATUS_GUI_ACTIVE,
				"big draw: 3D busy without GUI_ACTIVE (0x%08x)", st);
		}
		if (s == seq)
			break;
		if (polls % 1000 == 0)
			T_CHECK(time(NULL) < t0 + 60, "big draw: fence not written "
				"in 60 s (RBBM_STATUS 0x%08x)", st);
	}
	/* the fence is behind the pixels: corners of the covered area */
	T_CHECK(vram_rd(&d, CB) == colour(&big[0]) &&
		vram_rd(&d, CB + 4 * (bw - 1)) == colour(&big[0]) &&
		vram_rd(&d, CB + 4 * (bw - 1) * bw) == colour(&big[0]),
		"big draw: corners 0x%08x 0x%08x 0x%08x, want 0x%08x",
		vram_rd(&d, CB), vram_rd(&d, CB + 4 * (bw - 1)),
		vram_rd(&d, CB + 4 * (bw - 1) * bw), colour(&big[0]));
	t_log("draw3d: big draw: %u of %u register reads saw the 3D engine busy",
	      busy, polls);
	return busy;
}

/*
 * A soft reset of the 3D blocks stops a draw: the write returns with the
 * engine idle (RB3D_BUSY clear when next read) and the CP goes on to the
 * fence.  The draw (2048x2048, seconds) is cut once it is seen busy.
 */
static void abort_draw(void)
{
	static const Vtx big[3] = {
		{ 0, 0, 0.5f, 1, 1.0f, 1.0f, 1.0f, 1.0f },
		{ 5000, 0, 0.5f, 1, 1.0f, 1.0f, 1.0f, 1.0f },
		{ 0, 5000, 0.5f, 1, 1.0f, 1.0f, 1.0f, 1.0f },
	};
	const unsigned bw = 2048;
	uint32_t seq = ++fence_seq, tl = d.is_r5xx ? 0 : 1440, st;
	time_t t0 = time(NULL);

	emit_state();
	reg(R5XX_RE_SCISSORS_BR, (tl + bw - 1) | (tl + bw - 1) << 13);
	reg(R5XX_RB3D_COLORPITCH(0), bw | 6u << 21);
	emit_tri(big);
	for (unsigned i = 0; i < ncmd; i++)
		t_emit(&r, cmd[i]);
	ncmd = 0;
	t_emit_reg(&r, R5XX_SCRATCH_REG(0), seq);
	t_commit(&r);
	while (!(rr(&d, R5XX_RBBM_STATUS) & R5XX_RBBM_STATUS_RB3D_BUSY)) {
		T_CHECK(rr(&d, R5XX_SCRATCH_REG(0)) != seq,
			"abort: the draw ended before it was seen busy");
		T_CHECK(time(NULL) < t0 + 60, "abort: the draw never started");
	}
	wr(&d, R5XX_RBBM_SOFT_RESET, R5XX_RBBM_SOFT_RESET_SOFT_RESET_VAP |
	   R5XX_RBBM_SOFT_RESET_SOFT_RESET_GA | R5XX_RBBM_SOFT_RESET_SOFT_RESET_RB);
	st = rr(&d, R5XX_RBBM_STATUS);
	wr(&d, R5XX_RBBM_SOFT_RESET, 0);
	T_CHECK(!(st & R5XX_RBBM_STATUS_RB3D_BUSY),
		"abort: 3D still busy after its soft reset (0x%08x)", st);
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(0), seq, 5000),
		"abort: fence after the stopped draw not written");
	t_log("draw3d: draw stopped by a soft reset; its last pixel %s drawn",
	      vram_rd(&d, CB + 4 * (bw * bw - 1)) == colour(&big[0]) ? "was" : "was not");
}

int main(void)
{
	static const Vtx tri[2][3] = {
		{
			{ 5.3f, 3.1f, 0.5f, 1, 1.0f, 0.6f, 0.8f, 1.0f },
			{ 58.7f, 20.2f, 0.5f, 1, 1.0f, 0.6f, 0.8f, 1.0f },
			{ 20.9f, 61.4f, 0.5f, 1, 1.0f, 0.6f, 0.8f, 1.0f },
		}, {
			{ 62.2f, 40.4f, 0.5f, 1, 0.2f, 1.0f, 0.4f, 0.6f },
			{ 9.6f, 62.9f, 0.5f, 1, 0.2f, 1.0f, 0.4f, 0.6f },
			{ 37.1f, 7.7f, 0.5f, 1, 0.2f, 1.0f, 0.4f, 0.6f },
		},
	};
	unsigned in;
	uint32_t status;

	t_setup(&d);
	bring_up();

	/* 1. one triangle from the ring */
	emit_state();
	emit_tri(tri[0]);
	run_ring("ring draw", 5000);
	in = check_pixels("ring draw", tri, 1);
	T_CHECK(in > 500, "ring draw: only %u pixels inside", in);
	T_CHECK(t_wait_idle(&d, 1000), "not idle after the ring draw");
	t_log("draw3d: ring triangle %u pixels", in);

	/* 2. a second, overlapping one from an IB */
	emit_tri(tri[1]);
	run_ib("IB draw");
	in = check_pixels("IB draw", tri, 2);
	T_CHECK(t_wait_idle(&d, 1000), "not idle after the IB draw");
	t_log("draw3d: both triangles %u pixels", in);

	/* 3. the vCPU runs while a draw does; the fence waits for it */
	T_CHECK(big_draw() > 0, "big draw: the 3D engine was never seen busy");
	T_CHECK(t_wait_idle(&d, 1000), "not idle after the big draw");
	abort_draw();
	T_CHECK(t_wait_idle(&d, 1000), "not idle after the stopped draw");
	vram_fill(&d, CB, 4 * W * W, CANARY);

	/* 4. garbage, bus mastering off (as t_setup leaves it) */
	for (unsigned pass = 0; pass < 8; pass++) {
		emit_garbage(8);
		run_ring("garbage", 60000);
	}
	status = rr(&d, R5XX_RBBM_STATUS);
	T_CHECK(rr(&d, R5XX_MODEL_ID) == 0x5235584d, "model does not answer");
	t_log("draw3d: after garbage RBBM_STATUS 0x%08x", status);

	/* 5. usable again: soft reset of the CP and the 3D blocks */
	wr(&d, R5XX_RBBM_SOFT_RESET, 0x7f & ~R5XX_RBBM_SOFT_RESET_SOFT_RESET_CP);
	(void)rr(&d, R5XX_RBBM_SOFT_RESET);
	wr(&d, R5XX_RBBM_SOFT_RESET, 0);
	bring_up();
	emit_state();
	emit_tri(tri[0]);
	run_ring("draw after garbage", 5000);
	check_pixels("draw after garbage", tri, 1);
	T_CHECK(t_wait_idle(&d, 1000), "not idle after the last draw");
	printf("ok\n");
	return 0;
}
