// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Host unit tests of the model's 3D core (qemu/hw/display/r5xx/r5xx_3d_*.c):
 * no QEMU, no VM.  Memory is a flat buffer at MC address 0.  Prints one TAP
 * line per test ("ok N - name" / "not ok N - name", the failed checks below
 * it) and exits non-zero if any failed.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_3d_int.h"
#include "r5xx_pm4.h"
#include "r5xx_regs.h"

static int failed, test_failed;

#define CHECK(cond) do { \
	if (!(cond)) { \
		printf("# %s:%d: %s\n", __FILE__, __LINE__, #cond); \
		test_failed++; \
	} \
} while (0)

/* Memory and errors ------------------------------------------------------ */

#define MEM_SIZE	(1u << 22)
static uint8_t *mem;
static unsigned errors;

static bool mem_read(void *opaque, uint64_t addr, void *buf, uint32_t len)
{
	if (addr >= MEM_SIZE || len > MEM_SIZE - addr) {
		memset(buf, 0, len);
		return false;
	}
	memcpy(buf, mem + addr, len);
	return true;
}

static bool mem_write(void *opaque, uint64_t addr, const void *buf, uint32_t len)
{
	if (addr >= MEM_SIZE || len > MEM_SIZE - addr)
		return false;
	memcpy(mem + addr, buf, len);
	return true;
}

static void guest_error(void *opaque, const char *msg)
{
	errors++;
	if (getenv("UNIT_3D_VERBOSE"))
		printf("# guest error: %s\n", msg);
}

/* Direct reads, as the device's VRAM gives them, unless no_map. */
static bool no_map;

static uint64_t written;

static void mem_written(void *opaque, uint64_t addr, uint64_t len)
{
	written += len;
}

static void *mem_map(void *opaque, uint64_t addr, uint64_t len)
{
	if (no_map || addr >= MEM_SIZE || len > MEM_SIZE - addr)
		return NULL;
	return mem + addr;
}

static const R5xx3dMem test_mem = {
	.read = mem_read, .write = mem_write, .guest_error = guest_error,
	.map = mem_map, .written = mem_written,
};

static uint32_t ld32(uint64_t a)
{
	uint32_t v;

	memcpy(&v, mem + a, 4);
	return v;
}

static void st32(uint64_t a, uint32_t v)
{
	memcpy(mem + a, &v, 4);
}

static uint32_t fbits(float f)
{
	uint32_t b;

	memcpy(&b, &f, 4);
	return b;
}

static void wr(R5xx3d *st, uint32_t reg, uint32_t v)
{
	r5xx_3d_reg_write(st, reg, v);
}

static void wrf(R5xx3d *st, uint32_t reg, float f)
{
	wr(st, reg, fbits(f));
}

/* Encoders: PVS (guide 7.5.9) and R500 US (Mesa's R500_* layout) ---------- */

#define SWZ(x, y, z, w)	((x) | (y) << 3 | (z) << 6 | (w) << 9)
#define XYZW		SWZ(0, 1, 2, 3)
#define ZERO4		SWZ(4, 4, 4, 4)

enum { SRC_TEMP, SRC_IN, SRC_CONST };
enum { DST_TEMP = 0, DST_A0 = 1, DST_OUT = 2 };

static uint32_t pvs_dst(unsigned op, bool math, unsigned type, unsigned reg,
			unsigned mask, bool sat)
{
	return op | (math ? 1u << 6 : 0) | type << 8 | reg << 13 | mask << 20 |
	       (sat ? (math ? 1u << 25 : 1u << 24) : 0);
}

static uint32_t pvs_src(unsigned type, unsigned reg, unsigned swz, unsigned neg)
{
	return type | reg << 5 | swz << 13 | neg << 25;
}

/* Program of n instructions (4 dwords each) at 0, CODE_CNTL_0 0..n-1. */
static void pvs_load(R5xx3d *st, const uint32_t (*ins)[4], unsigned n)
{
	wr(st, A_VAP_PVS_VECTOR_INDX_REG, 0);
	for (unsigned i = 0; i < n; i++)
		for (unsigned k = 0; k < 4; k++)
			wr(st, A_VAP_PVS_VECTOR_DATA_REG_128, ins[i][k]);
	wr(st, A_VAP_PVS_CODE_CNTL(0), (n - 1) << 20);
}

static void pvs_const(R5xx3d *st, unsigned i, const float v[4])
{
	wr(st, A_VAP_PVS_VECTOR_INDX_REG, (st->r500 ? 1024 : 512) + i);
	for (unsigned k = 0; k < 4; k++)
		wr(st, A_VAP_PVS_VECTOR_DATA_REG, fbits(v[k]));
}

/* An R500 US operand: select (0-2 source, 3 pre-subtract), swizzle, mod. */
typedef struct UsOp {
	unsigned sel, swz, mod;
} UsOp;

typedef struct UsAlu {
	unsigned type;			/* 0 ALU, 1 OUT */
	unsigned rgb_op, a_op;
	uint32_t raddr[3], aaddr[3];	/* 10-bit source addresses */
	unsigned rpresub, apresub;
	UsOp a, b, c, aa, ab, ac;
	unsigned omod, aomod;		/* 0 = x1 */
	unsigned wmask, awmask, omask, aomask;
	unsigned rgb_dst, a_dst;
	bool clamp;
} UsAlu;

#define US_RGB(r, g, b)	((r) | (g) << 3 | (b) << 6)
#define US_ONE3		US_RGB(6, 6, 6)
#define US_ZERO3	US_RGB(4, 4, 4)

static void us_alu(R5xx3d *st, unsigned idx, const UsAlu *u)
{
	uint32_t w[6];

	w[0] = u->type | 1u << 8 /* LAST */ | u->wmask << 11 | u->awmask << 14 |
	       u->omask << 15 | u->aomask << 18 |
	       (u->clamp ? 3u << 19 : 0);
	w[1] = u->raddr[0] | u->raddr[1] << 10 | u->raddr[2] << 20 |
	       u->rpresub << 30;
	w[2] = u->aaddr[0] | u->aaddr[1] << 10 | u->aaddr[2] << 20 |
	       u->apresub << 30;
	w[3] = u->a.sel | u->a.swz << 2 | u->a.mod << 11 | u->b.sel << 13 |
	       u->b.swz << 15 | u->b.mod << 24 | u->omod << 26;
	w[4] = u->a_op | u->a_dst << 4 | u->aa.sel << 12 | u->aa.swz << 14 |
	       u->aa.mod << 17 | u->ab.sel << 19 | u->ab.swz << 21 |
	       u->ab.mod << 24 | u->aomod << 26;
	w[5] = u->rgb_op | u->rgb_dst << 4 | u->c.sel << 12 | u->c.swz << 14 |
	       u->c.mod << 23 | u->ac.sel << 25 | u->ac.swz << 27 |
	       u->ac.mod << 30;
	wr(st, A_GA_US_VECTOR_INDEX, idx);
	for (unsigned k = 0; k < 6; k++)
		wr(st, A_GA_US_VECTOR_DATA, w[k]);
}

static void us_const(R5xx3d *st, unsigned i, const float v[4])
{
	wr(st, A_GA_US_VECTOR_INDEX, i | 1u << 16);
	for (unsigned k = 0; k < 4; k++)
		wr(st, A_GA_US_VECTOR_DATA, fbits(v[k]));
}

/* OUT: output 0 = temp t (MAD t, 1, 0), clear LAST after if not last. */
static void us_mov_out(R5xx3d *st, unsigned idx, unsigned t)
{
	UsAlu u = {
		.type = 1, .rgb_op = 0, .a_op = 0,
		.raddr = { t }, .aaddr = { t },
		.a = { 0, US_RGB(0, 1, 2) }, .b = { 0, US_ONE3 },
		.c = { 0, US_ZERO3 },
		.aa = { 0, 3 }, .ab = { 0, 6 }, .ac = { 0, 4 },
		.omask = 7, .aomask = 1,
	};

	us_alu(st, idx, &u);
}

/* A state that draws: 64x64 ARGB8888 colour buffer ----------------------- */

#define CB	0x10000u
#define ZB	0x30000u
#define VB	0x50000u
#define IB	0x60000u
#define W	64
#define CANARY	0xa5a5a5a5u

/*
 * Vertices of 8 dwords: position (float4, window coordinates: XY_FMT and
 * Z_FMT, no viewport) and colour (float4).  VS: out0 = in0, out1 = in1
 * (ADD of a zero).  RS: colour 0 to temp 0.  US: output 0 = temp 0.
 * Output 0 is written B, G, R, A from byte 0 up: ARGB8888.
 */
static void setup(R5xx3d *st, bool r500)
{
	uint32_t vs[2][4];

	r5xx_3d_init(st, r500, &test_mem);
	memset(mem, 0, MEM_SIZE);
	for (uint32_t a = CB; a < CB + 4 * W * W; a += 4)
		st32(a, CANARY);
	errors = 0;
	for (unsigned i = 0; i < 2; i++) {
		vs[i][0] = pvs_dst(3, false, DST_OUT, i, 0xf, false);
		vs[i][1] = pvs_src(SRC_IN, i, XYZW, 0);
		vs[i][2] = pvs_src(SRC_IN, i, ZERO4, 0);
		vs[i][3] = vs[i][2];
	}
	pvs_load(st, vs, 2);
	/* PSC: element 0 FLOAT_4 -> in0, element 1 FLOAT_4 -> in1, last */
	wr(st, A_VAP_PROG_STREAM_CNTL(0), 3 | 0 << 8 | (3 | 1 << 8 | 1 << 13) << 16);
	wr(st, A_VAP_PROG_STREAM_CNTL_EXT(0), (XYZW | 0xf << 12) * 0x10001u);
	wr(st, A_VAP_OUT_VTX_FMT(0), 1 | 2);		/* position, colour 0 */
	wr(st, A_VAP_OUT_VTX_FMT(1), 0);
	wr(st, A_VAP_VTE_CNTL, 3 << 8);			/* XY_FMT | Z_FMT */
	wr(st, A_VAP_VTX_SIZE, 8);
	wr(st, A_VAP_VF_MAX_VTX_INDX, 0xffffff);
	wr(st, A_RE_SCISSORS_TL, 0);
	wr(st, A_RE_SCISSORS_BR, (W - 1) | (W - 1) << 13);
	wr(st, A_RB3D_COLOROFFSET(0), CB);
	wr(st, A_RB3D_COLORPITCH(0), W | 6 << 21);
	wr(st, A_RB3D_COLOR_CHANNEL_MASK, 0xf);
	wr(st, A_US_OUT_FMT(0), 0 | 3 << 8 | 2 << 10 | 1 << 12 | 0 << 14);
	wr(st, A_RS_INST_COUNT, 0);
	wr(st, A_R500_RS_IP(0), 0 << 24 | 0 << 27 | 62 | 62 << 6 | 62 << 12 |
	   63 << 18);
	wr(st, A_R500_RS_INST(0), 1 << 16);		/* colour 0 -> temp 0 */
	wr(st, A_R500_US_CODE_ADDR, 0);
	us_mov_out(st, 0, 0);
}

typedef struct Vtx {
	float x, y, z, w, r, g, b, a;
} Vtx;

static uint32_t argb(const Vtx *v)
{
	return (uint32_t)lrintf(v->a * 255) << 24 |
	       (uint32_t)lrintf(v->r * 255) << 16 |
	       (uint32_t)lrintf(v->g * 255) << 8 | (uint32_t)lrintf(v->b * 255);
}

static void draw_immd(R5xx3d *st, unsigned prim, const Vtx *v, unsigned n)
{
	uint32_t body[1 + 8 * 16];

	body[0] = prim | 3 << 4 | n << 16;
	memcpy(body + 1, v, 32 * n);
	r5xx_3d_packet3(st, R5XX_PM4_3D_DRAW_IMMD_2, body, 1 + 8 * n);
}

/* A coordinate on the 1/12-pixel grid vertices snap to. */
static double snap(float v)
{
	return round(v * 12.0) / 12.0;
}

/* Edge value of (px, py) against a->b, in doubles, after the snap. */
static double edge(const Vtx *a, const Vtx *b, double px, double py)
{
	return (snap(b->x) - snap(a->x)) * (py - snap(a->y)) -
	       (snap(b->y) - snap(a->y)) * (px - snap(a->x));
}

/* 1 inside, 0 outside, -1 on an edge (not checked). */
static int inside(const Vtx *t, double px, double py)
{
	double e0 = edge(&t[1], &t[2], px, py), e1 = edge(&t[2], &t[0], px, py);
	double e2 = edge(&t[0], &t[1], px, py);

	if (e0 == 0 || e1 == 0 || e2 == 0)
		return -1;
	return (e0 > 0 && e1 > 0 && e2 > 0) || (e0 < 0 && e1 < 0 && e2 < 0);
}

/* Tests ------------------------------------------------------------------- */

/* Register writes and the data ports land where the draws read them. */
static void test_capture(void)
{
	R5xx3d st;
	uint32_t vb[8] = { 5, 0x1234, 0x40000, 0x50000, 0x0302, 0x60000,
			   0x70000, 0x80000 };

	setup(&st, true);
	CHECK(r5xx_3d_is_reg(A_VAP_VF_CNTL));
	CHECK(r5xx_3d_is_reg(A_VAP_VPORT_XSCALE));
	CHECK(r5xx_3d_is_reg(A_ZB_CNTL));
	CHECK(!r5xx_3d_is_reg(A_DST_PITCH_OFFSET));
	CHECK(!r5xx_3d_is_reg(0x5000));
	wr(&st, A_ZB_CNTL, 0x1234);
	CHECK(st.regs[A_ZB_CNTL / 4] == 0x1234);
	wr(&st, 0x5000, 1);			/* not ours: ignored */

	/* PVS port: vec4 index, auto-increment over 4 dwords */
	wr(&st, A_VAP_PVS_VECTOR_INDX_REG, 1030);
	for (unsigned i = 0; i < 6; i++)
		wr(&st, A_VAP_PVS_VECTOR_DATA_REG_128, 100 + i);
	CHECK(st.pvs[1030][0] == 100 && st.pvs[1030][3] == 103);
	CHECK(st.pvs[1031][0] == 104 && st.pvs[1031][1] == 105);
	CHECK(st.pvs[1031][2] == 0);

	/* US port: 6 dwords an instruction, 4 a constant */
	wr(&st, A_GA_US_VECTOR_INDEX, 7);
	for (unsigned i = 0; i < 7; i++)
		wr(&st, A_GA_US_VECTOR_DATA, 200 + i);
	CHECK(st.us_inst[7][0] == 200 && st.us_inst[7][5] == 205);
	CHECK(st.us_inst[8][0] == 206);
	wr(&st, A_GA_US_VECTOR_INDEX, 3 | 1 << 16);
	for (unsigned i = 0; i < 5; i++)
		wr(&st, A_GA_US_VECTOR_DATA, 300 + i);
	CHECK(st.us_const[3][3] == 303 && st.us_const[4][0] == 304);

	/* LOAD_VBPNTR: 5 arrays, attributes in pairs */
	r5xx_3d_packet3(&st, R5XX_PM4_3D_LOAD_VBPNTR, vb, 8);
	CHECK(st.num_aos == 4);
	CHECK(st.aos[0].count == 0x34 && st.aos[0].stride == 0x12);
	CHECK(st.aos[0].addr == 0x40000 && st.aos[1].addr == 0x50000);
	CHECK(st.aos[1].count == 0 && st.aos[1].stride == 0);
	CHECK(st.aos[2].count == 2 && st.aos[2].stride == 3);
	CHECK(st.aos[2].addr == 0x60000 && st.aos[3].addr == 0x70000);
	CHECK(errors == 1);			/* array 4 has no address */
	CHECK(st.aos[4].addr == 0);
}

/* The PSC converts, swizzles and masks elements into PVS inputs. */
static void test_psc(void)
{
	R5xx3d st;
	R5xx3dDraw d;
	R5xx3dVtx v;
	uint32_t dw[5];

	setup(&st, true);
	/* e0 FLOAT_2 -> in0 swizzled y,x,0,1; e1 BYTE normalised -> in1;
	 * e2 SHORT_2 signed -> in2 (texcoord 0 output, 2 components) */
	wr(&st, A_VAP_PROG_STREAM_CNTL(0), 1 | 0 << 8 | (4u | 1 << 8 | 1 << 15) << 16);
	wr(&st, A_VAP_PROG_STREAM_CNTL(1), 6 | 2 << 8 | 1 << 13 | 1 << 14);
	wr(&st, A_VAP_PROG_STREAM_CNTL_EXT(0),
	   (SWZ(1, 0, 4, 5) | 0xf << 12) | (XYZW | 0xfu << 12) << 16);
	wr(&st, A_VAP_PROG_STREAM_CNTL_EXT(1), XYZW | 0x3 << 12);
	{
		uint32_t vs[3][4];

		for (unsigned i = 0; i < 3; i++) {
			vs[i][0] = pvs_dst(3, false, DST_OUT, i, 0xf, false);
			vs[i][1] = pvs_src(SRC_IN, i, XYZW, 0);
			vs[i][2] = pvs_src(SRC_IN, i, ZERO4, 0);
			vs[i][3] = vs[i][2];
		}
		pvs_load(&st, vs, 3);
	}
	wr(&st, A_VAP_OUT_VTX_FMT(1), 2);		/* texcoord 0: 2 comps */
	dw[0] = fbits(3.5f);
	dw[1] = fbits(-2.0f);
	dw[2] = 0xff804000;				/* bytes 00 40 80 ff */
	dw[3] = 0x8000 | 0x7fff << 16;			/* -32768, 32767 */
	dw[4] = 0xdeadbeef;				/* not consumed */
	r5xx_3d_vs_setup(&st, &d);
	r5xx_3d_vertex(&st, &d, 0, dw, 4, &v);
	CHECK(v.win[0] == -2.0f && v.win[1] == 3.5f);
	CHECK(v.win[2] == 0.0f && v.win[3] == 1.0f);
	CHECK(v.col[0][0] == 0.0f);
	CHECK(fabsf(v.col[0][1] - 64 / 255.0f) < 1e-6f);
	CHECK(fabsf(v.col[0][2] - 128 / 255.0f) < 1e-6f);
	CHECK(v.col[0][3] == 1.0f);
	CHECK(v.tex[0] == -32768.0f && v.tex[1] == 32767.0f);
	CHECK(v.tex[2] == 0.0f);
	CHECK(!errors);
}

/* One PVS instruction against a reference computed here. */
static void test_pvs_ops(void)
{
	static const float a[4] = { 1.5f, -2.0f, 0.25f, 3.0f };
	static const float b[4] = { -0.5f, 4.0f, 2.0f, -1.0f };
	static const float c[4] = { 0.125f, 1.0f, -3.0f, 2.5f };
	static const unsigned vops[] = { 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 26, 27, 28 };
	R5xx3d st;
	R5xx3dDraw d;
	float in[R5XX_3D_VS_INPUTS][4], out[R5XX_3D_VS_OUTS][4], want[4];
	uint32_t ins[3][4];

	setup(&st, true);
	memset(in, 0, sizeof(in));
	memcpy(in[0], a, sizeof(a));
	memcpy(in[1], b, sizeof(b));
	pvs_const(&st, 0, c);
	wr(&st, A_VAP_PVS_CONST_CNTL, 0 << 16);		/* constant 0 only */

	for (unsigned k = 0; k < sizeof(vops) / sizeof(vops[0]); k++) {
		unsigned op = vops[k];

		ins[0][0] = pvs_dst(op, false, DST_OUT, 3, 0xf, false);
		ins[0][1] = pvs_src(SRC_IN, 0, XYZW, 0);
		ins[0][2] = pvs_src(SRC_IN, 1, XYZW, 0);
		ins[0][3] = pvs_src(SRC_CONST, 0, XYZW, 0);
		pvs_load(&st, ins, 1);
		r5xx_3d_vs_setup(&st, &d);
		memset(out, 0, sizeof(out));
		r5xx_3d_pvs_run(&st, &d, in, out);
		for (unsigned i = 0; i < 4; i++) {
			float dp = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];

			want[i] = op == 1 ? dp : op == 2 ? a[i] * b[i] :
				  op == 3 ? a[i] + b[i] : op == 4 ? a[i] * b[i] + c[i] :
				  op == 6 ? a[i] - floorf(a[i]) :
				  op == 7 ? fmaxf(a[i], b[i]) : op == 8 ? fminf(a[i], b[i]) :
				  op == 9 ? (a[i] >= b[i]) : op == 10 ? (a[i] < b[i]) :
				  op == 11 ? 2 * a[i] * b[i] + c[i] :
				  op == 26 ? (a[i] > b[i]) : op == 27 ? (a[i] == b[i]) :
				  (a[i] != b[i]);
			if (out[3][i] != want[i])
				printf("# vector op %u comp %u: %g, want %g\n", op, i,
				       out[3][i], want[i]);
			CHECK(out[3][i] == want[i]);
		}
	}

	/*
	 * PVS_CONST_BASE_OFFSET (Mesa moves it along a ring of constant
	 * buffers, one per upload): constant 0 of the shader is at the base;
	 * MAX_CONST_ADDR bounds the shader's address, not the base.
	 */
	{
		static const float k2[4] = { 7, 8, 9, 10 };

		pvs_const(&st, 6, k2);
		wr(&st, A_VAP_PVS_CONST_CNTL, 0 << 16 | 6);
		ins[0][0] = pvs_dst(3, false, DST_OUT, 3, 0xf, false);
		ins[0][1] = pvs_src(SRC_CONST, 0, XYZW, 0);
		ins[0][2] = pvs_src(SRC_CONST, 1, XYZW, 0);	/* beyond: 0 */
		pvs_load(&st, ins, 1);
		r5xx_3d_vs_setup(&st, &d);
		memset(out, 0, sizeof(out));
		r5xx_3d_pvs_run(&st, &d, in, out);
		for (unsigned i = 0; i < 4; i++)
			CHECK(out[3][i] == k2[i]);
		wr(&st, A_VAP_PVS_CONST_CNTL, 0 << 16);
	}

	/* swizzle, negate, write mask, saturate, constant beyond MAX */
	ins[0][0] = pvs_dst(3, false, DST_TEMP, 5, 0x5, false);	/* x, z */
	ins[0][1] = pvs_src(SRC_IN, 0, SWZ(3, 2, 1, 0), 0x1);	/* -w,z,y,x */
	ins[0][2] = pvs_src(SRC_CONST, 1, XYZW, 0);		/* beyond: 0 */
	ins[0][3] = 0;
	ins[1][0] = pvs_dst(3, false, DST_OUT, 2, 0xf, false);
	ins[1][1] = pvs_src(SRC_TEMP, 5, XYZW, 0);
	ins[1][2] = pvs_src(SRC_IN, 1, ZERO4, 0);
	ins[1][3] = 0;
	ins[2][0] = pvs_dst(3, false, DST_OUT, 4, 0xf, true);	/* saturate */
	ins[2][1] = pvs_src(SRC_TEMP, 5, XYZW, 0);
	ins[2][2] = pvs_src(SRC_IN, 1, SWZ(5, 5, 4, 4), 0);	/* 1,1,0,0 */
	ins[2][3] = 0;
	pvs_load(&st, ins, 3);
	r5xx_3d_vs_setup(&st, &d);
	memset(out, 0, sizeof(out));
	r5xx_3d_pvs_run(&st, &d, in, out);
	/* temp 5 = (-w, z, y, x) of in0 = (-3, 0.25, -2, 1.5), x and z kept */
	CHECK(out[2][0] == -3.0f && out[2][1] == 0.0f);
	CHECK(out[2][2] == -2.0f && out[2][3] == 0.0f);
	CHECK(out[4][0] == 0.0f && out[4][1] == 1.0f);	/* saturated */
	CHECK(out[4][2] == 0.0f && out[4][3] == 0.0f);

	/* math: RCP, RSQ, EX2, LG2, POW (base A.w, exponent C.w) */
	{
		static const struct { unsigned op; float want; } m[] = {
			{ 6, 1.0f / 3.0f }, { 8, 0.57735026f }, { 11, 8.0f },
			{ 12, 1.5849625f }, { 5, 15.588457f },
		};

		for (unsigned k = 0; k < 5; k++) {
			ins[0][0] = pvs_dst(m[k].op, true, DST_OUT, 1, 0xf, false);
			ins[0][1] = pvs_src(SRC_IN, 0, XYZW, 0);	/* w = 3 */
			ins[0][2] = ins[0][1];
			ins[0][3] = pvs_src(SRC_CONST, 0, XYZW, 0);	/* w = 2.5 */
			pvs_load(&st, ins, 1);
			r5xx_3d_vs_setup(&st, &d);
			memset(out, 0, sizeof(out));
			r5xx_3d_pvs_run(&st, &d, in, out);
			if (fabsf(out[1][0] - m[k].want) > 1e-5f * fabsf(m[k].want))
				printf("# math op %u: %g, want %g\n", m[k].op,
				       out[1][0], m[k].want);
			CHECK(fabsf(out[1][0] - m[k].want) <= 1e-5f * fabsf(m[k].want));
			CHECK(out[1][3] == out[1][0]);
		}
	}
}

/*
 * R500 predication as Mesa lowers if/else/endif (the counter in temp 7's
 * w): if (x) { o.x = 1; if (y) o.y = 1; else o.y = 2; o.z = 3; }
 * else o.w = 4; then COND_WRITE_GT and COND_MUX_GTE.
 */
#define PRED	(1u << 26 | 1u << 27)	/* PRED_EN, sense 1 */

static void test_pvs_pred(void)
{
	static const struct { float x, y, o[4]; } c[] = {
		{ 1, 1, { 1, 1, 3, 0 } }, { 1, 0, { 1, 2, 3, 0 } },
		{ 0, 1, { 0, 0, 0, 4 } }, { 0, 0, { 0, 0, 0, 4 } },
	};
	static const float k[4] = { 1, 2, 3, 4 }, sel[4] = { 1, -1, 0, 2 };
	uint32_t ctr = pvs_src(SRC_TEMP, 7, SWZ(4, 4, 4, 3), 0);
	uint32_t one = pvs_src(SRC_IN, 1, XYZW, 0);
	uint32_t zero = pvs_src(SRC_IN, 1, ZERO4, 0);
	uint32_t ins[14][4] = {
		{ pvs_dst(24, true, DST_TEMP, 7, 8, false),	/* if (x) */
		  pvs_src(SRC_IN, 0, SWZ(0, 0, 0, 0), 0) },
		{ pvs_dst(3, false, DST_OUT, 1, 1, false) | PRED, one, zero },
		{ pvs_dst(18, false, DST_TEMP, 7, 8, false),	/* if (y) */
		  ctr, pvs_src(SRC_IN, 0, SWZ(1, 1, 1, 1), 0) },
		{ pvs_dst(3, false, DST_OUT, 1, 2, false) | PRED,
		  pvs_src(SRC_IN, 1, SWZ(0, 0, 0, 0), 0), zero },
		{ pvs_dst(26, true, DST_TEMP, 7, 8, false), ctr },	/* else */
		{ pvs_dst(3, false, DST_OUT, 1, 2, false) | PRED, one, zero },
		{ pvs_dst(27, true, DST_TEMP, 7, 8, false), ctr },	/* endif */
		{ pvs_dst(3, false, DST_OUT, 1, 4, false) | PRED, one, zero },
		{ pvs_dst(26, true, DST_TEMP, 7, 8, false), ctr },	/* else */
		{ pvs_dst(3, false, DST_OUT, 1, 8, false) | PRED, one, zero },
		{ pvs_dst(27, true, DST_TEMP, 7, 8, false), ctr },	/* endif */
		/* out2 unpredicated: written whatever the bit */
		{ pvs_dst(3, false, DST_OUT, 2, 0xf, false), one, zero },
		{ pvs_dst(20, false, DST_OUT, 3, 0xf, false),	/* COND_WRITE_GT */
		  pvs_src(SRC_IN, 2, XYZW, 0), one },
		{ pvs_dst(25, false, DST_OUT, 4, 0xf, false),	/* COND_MUX_GTE */
		  pvs_src(SRC_IN, 2, XYZW, 0), one,
		  pvs_src(SRC_IN, 3, SWZ(0, 0, 0, 0), 0) },
	};
	R5xx3d st;
	R5xx3dDraw d;
	float in[R5XX_3D_VS_INPUTS][4], out[R5XX_3D_VS_OUTS][4];

	setup(&st, true);
	pvs_load(&st, ins, 14);
	r5xx_3d_vs_setup(&st, &d);
	for (unsigned n = 0; n < sizeof(c) / sizeof(c[0]); n++) {
		memset(in, 0, sizeof(in));
		memset(out, 0, sizeof(out));
		in[0][0] = c[n].x;
		in[0][1] = c[n].y;
		memcpy(in[1], k, sizeof(k));
		memcpy(in[2], sel, sizeof(sel));
		in[3][0] = 9;
		r5xx_3d_pvs_run(&st, &d, in, out);
		for (unsigned i = 0; i < 4; i++) {
			if (out[1][i] != c[n].o[i])
				printf("# if (%g) if (%g): o[%u] %g, want %g\n",
				       c[n].x, c[n].y, i, out[1][i], c[n].o[i]);
			CHECK(out[1][i] == c[n].o[i]);
			CHECK(out[2][i] == k[i]);
		}
	}
	/* COND_WRITE_GT: where sel > 0; COND_MUX_GTE: k where sel >= 0, else 9 */
	CHECK(out[3][0] == 1 && out[3][1] == 0 && out[3][2] == 0 && out[3][3] == 4);
	CHECK(out[4][0] == 1 && out[4][1] == 9 && out[4][2] == 3 && out[4][3] == 4);
}

/* PVS flow control op k: OPC, and its addresses as each family has them. */
static void pvs_fc(R5xx3d *st, unsigned k, unsigned op, unsigned act,
		   unsigned jmp, unsigned last, unsigned rtn, uint32_t index)
{
	uint32_t opc = st->regs[A_VAP_PVS_FLOW_CNTL_OPC / 4];

	opc = (opc & ~(3u << (2 * k))) | op << (2 * k);
	wr(st, A_VAP_PVS_FLOW_CNTL_OPC, opc);
	if (st->r500) {
		wr(st, A_VAP_PVS_FLOW_CNTL_ADDRS_LW(k), act | jmp << 16);
		wr(st, A_VAP_PVS_FLOW_CNTL_ADDRS_UW(k), last | rtn << 16);
	} else {
		wr(st, A_VAP_PVS_FLOW_CNTL_ADDRS(k),
		   act | jmp << 8 | last << 16 | rtn << 24);
	}
	wr(st, A_VAP_PVS_FLOW_CNTL_LOOP_INDEX(k), index);
}

/*
 * PVS flow control (guide 7.5.2) as Mesa's r3xx_vertprog.c lays out a loop:
 * an empty slot for BGNLOOP activates it, the body from the next one to
 * the last before ENDLOOP's slot, 128 (R500) or 255 (R300) iterations;
 * the loop index aL addressing constants; nesting; jumps; a subroutine;
 * and an endless jump survived at the work budget.
 */
static void test_pvs_fc(void)
{
	uint32_t in0 = pvs_src(SRC_IN, 0, XYZW, 0);
	uint32_t in1 = pvs_src(SRC_IN, 1, XYZW, 0);
	uint32_t zero = pvs_src(SRC_IN, 1, ZERO4, 0);
	uint32_t t0 = pvs_src(SRC_TEMP, 0, XYZW, 0);
	uint32_t t1 = pvs_src(SRC_TEMP, 1, XYZW, 0);
	/* constant [aL] (ADDR_MODE 2: bit 31) */
	uint32_t kal = pvs_src(SRC_CONST, 0, XYZW, 0) | 1u << 31;
	const uint32_t ins[9][4] = {
		{ pvs_dst(3, false, DST_TEMP, 0, 0xf, false), in0, zero },
		{ 0 },					/* BGNLOOP */
		{ pvs_dst(3, false, DST_TEMP, 0, 0xf, false), t0, in1 },
		{ pvs_dst(3, false, DST_TEMP, 1, 0xf, false), t1, kal },
		{ 0 },					/* ENDLOOP */
		{ pvs_dst(3, false, DST_OUT, 0, 0xf, false), t0, zero },
		{ pvs_dst(3, false, DST_OUT, 1, 0xf, false), t1, zero },
		{ pvs_dst(3, false, DST_OUT, 2, 0xf, false), in1, in1 },
		{ pvs_dst(3, false, DST_OUT, 3, 0xf, false), in1, zero },
	};
	R5xx3d st;
	R5xx3dDraw d;
	float in[R5XX_3D_VS_INPUTS][4], out[R5XX_3D_VS_OUTS][4];

	for (int r500 = 0; r500 < 2; r500++) {
		setup(&st, r500);
		pvs_load(&st, ins, 9);
		wr(&st, A_VAP_PVS_CONST_CNTL, 63 << 16);
		for (unsigned i = 0; i < 64; i++) {
			const float k[4] = { i, 0, 0, 0 };

			pvs_const(&st, i, k);
		}
		memset(in, 0, sizeof(in));
		in[0][0] = 0.5f;
		in[1][0] = 1.0f;
		/* Mesa's loop: 128 times (R500), 255 (R300); aL from 0 by 1 */
		pvs_fc(&st, 0, 2, 1, r500 ? 128 : 255, 3, 2, 0 | 1 << 8);
		r5xx_3d_vs_setup(&st, &d);
		memset(out, 0, sizeof(out));
		r5xx_3d_pvs_run(&st, &d, in, out);
		CHECK(out[0][0] == 0.5f + (r500 ? 128 : 255));
		/* constants 0-63, then 0 past PVS_MAX_CONST_ADDR */
		CHECK(out[1][0] == 63 * 64 / 2);
		CHECK(out[2][0] == 2.0f && out[3][0] == 1.0f);
		/* 3 times from aL 5 by -2: constants 5, 3, 1 */
		pvs_fc(&st, 0, 2, 1, 3, 3, 2, 5 | 0xfe << 8);
		r5xx_3d_vs_setup(&st, &d);
		memset(out, 0, sizeof(out));
		r5xx_3d_pvs_run(&st, &d, in, out);
		CHECK(out[0][0] == 3.5f && out[1][0] == 9.0f);
		/* nested: 3 x the inner 4 (instruction 3 alone, aL 10 by 1) */
		pvs_fc(&st, 1, 2, 2, 4, 3, 3, 10 | 1 << 8);
		pvs_fc(&st, 0, 2, 1, 3, 3, 2, 0 | 0 << 8);
		r5xx_3d_vs_setup(&st, &d);
		memset(out, 0, sizeof(out));
		r5xx_3d_pvs_run(&st, &d, in, out);
		CHECK(out[0][0] == 3.5f);
		CHECK(out[1][0] == 3 * (10 + 11 + 12 + 13));
		/* count 0: a jump past the loop */
		pvs_fc(&st, 1, 0, 0, 0, 0, 0, 0);
		pvs_fc(&st, 0, 2, 1, 0, 3, 2, 0);
		r5xx_3d_vs_setup(&st, &d);
		memset(out, 0, sizeof(out));
		r5xx_3d_pvs_run(&st, &d, in, out);
		CHECK(out[0][0] == 0.5f && out[1][0] == 0.0f);
		/* jump from 0 to 5; subroutine 7..7 called after 5, back to 8 */
		pvs_fc(&st, 0, 1, 0, 5, 0, 0, 0);
		pvs_fc(&st, 1, 3, 5, 7, 7, 8, 0);
		r5xx_3d_vs_setup(&st, &d);
		memset(out, 0, sizeof(out));
		r5xx_3d_pvs_run(&st, &d, in, out);
		CHECK(out[0][0] == 0.5f && out[1][0] == 0.0f);
		CHECK(out[2][0] == 2.0f && out[3][0] == 1.0f);
		/* subroutine 2..3 from 1, back to 6: skips the output of t0 */
		pvs_fc(&st, 0, 3, 1, 2, 3, 6, 0);
		pvs_fc(&st, 1, 0, 0, 0, 0, 0, 0);
		r5xx_3d_vs_setup(&st, &d);
		memset(out, 0, sizeof(out));
		r5xx_3d_pvs_run(&st, &d, in, out);
		CHECK(out[0][0] == 0.0f && out[1][0] == 0.0f);
		CHECK(out[2][0] == 2.0f);
		CHECK(!errors);
		/* garbage: a jump back to 0 after 7 forever ends at the budget */
		st.budget = 100000;
		pvs_fc(&st, 0, 1, 7, 0, 0, 0, 0);
		r5xx_3d_vs_setup(&st, &d);
		r5xx_3d_pvs_run(&st, &d, in, out);
		CHECK(errors == 1);
		/* and subroutines calling themselves stop at 8 deep */
		errors = 0;
		st.budget = R5XX_3D_WORK_BUDGET;
		st.over_budget = false;
		pvs_fc(&st, 0, 3, 1, 1, 4, 5, 0);
		r5xx_3d_vs_setup(&st, &d);
		r5xx_3d_pvs_run(&st, &d, in, out);
		CHECK(errors == 1);
		errors = 0;
		r5xx_3d_fini(&st);
	}
}

/*
 * No denormals: the square root Mesa makes as RCP(RSQ(x)) is 0 at x = 0 in
 * the PVS (RSQ_DX(0) = FLT_MAX) and in the US, and 2 at x = 4.
 */
static void test_sqrt0(void)
{
	uint32_t ins[2][4] = {
		{ pvs_dst(8, true, DST_TEMP, 1, 0xf, false),	/* RSQ_DX */
		  pvs_src(SRC_IN, 0, XYZW, 0) },
		{ pvs_dst(6, true, DST_OUT, 1, 0xf, false),	/* RCP_DX */
		  pvs_src(SRC_TEMP, 1, XYZW, 0) },
	};
	UsAlu rsq = {
		.type = 0, .a_op = 11, .aaddr = { 1 }, .aa = { 0, 3 },
		.awmask = 1, .a_dst = 2,
	};
	UsAlu rcp = {
		.type = 1, .a_op = 10, .aaddr = { 2 }, .aa = { 0, 3 },
		.aomask = 1,
	};
	float in[R5XX_3D_VS_INPUTS][4], out[R5XX_3D_VS_OUTS][4];
	float temp[R5XX_3D_US_TEMPS][4], px[4];
	R5xx3d st;
	R5xx3dDraw d;

	setup(&st, true);
	pvs_load(&st, ins, 2);
	us_alu(&st, 0, &rsq);
	st.us_inst[0][0] &= ~(1u << 8);		/* not LAST */
	us_alu(&st, 1, &rcp);
	wr(&st, A_R500_US_CODE_ADDR, 0 | 1 << 16);
	for (unsigned n = 0; n < 2; n++) {
		float x = n ? 4.0f : 0.0f, want = n ? 2.0f : 0.0f;

		memset(in, 0, sizeof(in));
		memset(out, 0, sizeof(out));
		in[0][3] = x;
		r5xx_3d_vs_setup(&st, &d);
		r5xx_3d_pvs_run(&st, &d, in, out);
		if (out[1][0] != want)
			printf("# PVS RCP(RSQ(%g)) = %g\n", x, out[1][0]);
		CHECK(out[1][0] == want);
		memset(temp, 0, sizeof(temp));
		temp[1][3] = x;
		r5xx_3d_us_setup(&st, &d);
		CHECK(r5xx_3d_us_run(&st, &d, temp, px));
		if (px[3] != want)
			printf("# US RCP(RSQ(%g)) = %g\n", x, px[3]);
		CHECK(px[3] == want);
		CHECK(n || temp[2][3] >= FLT_MAX);	/* RSQ(0): the max */
	}
}

/* Viewport: divide by w, scale and offset, 1/w kept. */
static void test_viewport(void)
{
	R5xx3d st;
	R5xx3dDraw d;
	R5xx3dVtx v;
	float dw[8] = { 2.0f, -4.0f, 1.0f, 4.0f, 0, 0, 0, 0 };

	setup(&st, true);
	wr(&st, A_VAP_VTE_CNTL, 0x3f | 1 << 10);	/* all enables, W0_FMT */
	wrf(&st, A_VAP_VPORT_XSCALE, 32.0f);
	wrf(&st, A_VAP_VPORT_XOFFSET, 32.0f);
	wrf(&st, A_VAP_VPORT_YSCALE, -16.0f);
	wrf(&st, A_VAP_VPORT_YOFFSET, 20.0f);
	wrf(&st, A_VAP_VPORT_ZSCALE, 0.5f);
	wrf(&st, A_VAP_VPORT_ZOFFSET, 0.5f);
	r5xx_3d_vs_setup(&st, &d);
	r5xx_3d_vertex(&st, &d, 0, (uint32_t *)dw, 8, &v);
	CHECK(!v.culled);
	CHECK(v.win[0] == 0.5f * 32 + 32);
	CHECK(v.win[1] == -1.0f * -16 + 20);
	CHECK(v.win[2] == 0.25f * 0.5f + 0.5f);
	CHECK(v.win[3] == 0.25f);
	dw[3] = -1.0f;				/* behind the eye */
	r5xx_3d_vertex(&st, &d, 0, (uint32_t *)dw, 8, &v);
	CHECK(v.culled);
}

static unsigned hits[W][W];

static void count_hit(void *opaque, int32_t x, int32_t y, const float b[3])
{
	float *bad = opaque;

	hits[y][x]++;
	if (fabsf(b[0] + b[1] + b[2] - 1.0f) > 1e-5f || b[0] < -1e-6f ||
	    b[1] < -1e-6f || b[2] < -1e-6f)
		*bad += 1;
}

/* GL's rules: pixel centres, top-left rule; shared edges drawn once. */
static void test_fill_rule(void)
{
	R5xx3d st;
	float bad = 0;
	unsigned twice = 0, gaps = 0, outside = 0, sum = 0;
	/* a 10x10 grid over (4, 4)-(56, 56), points jittered in 1/12 */
	int32_t gx[11][11], gy[11][11];

	setup(&st, true);
	srand(23);
	for (unsigned j = 0; j <= 10; j++)
		for (unsigned i = 0; i <= 10; i++) {
			int jx = i && i < 10 ? rand() % 25 - 12 : 0;
			int jy = j && j < 10 ? rand() % 25 - 12 : 0;

			gx[j][i] = (4 + i * 52 / 10) * 12 + jx + (i * 52 % 10) * 12 / 10;
			gy[j][i] = (4 + j * 52 / 10) * 12 + jy + (j * 52 % 10) * 12 / 10;
		}
	memset(hits, 0, sizeof(hits));
	for (unsigned j = 0; j < 10; j++)
		for (unsigned i = 0; i < 10; i++) {
			/* two triangles a cell, one of each winding */
			int32_t ax[3] = { gx[j][i], gx[j][i + 1], gx[j + 1][i + 1] };
			int32_t ay[3] = { gy[j][i], gy[j][i + 1], gy[j + 1][i + 1] };
			int32_t bx[3] = { gx[j][i], gx[j + 1][i], gx[j + 1][i + 1] };
			int32_t by[3] = { gy[j][i], gy[j + 1][i], gy[j + 1][i + 1] };

			r5xx_3d_raster_tri(&st, ax, ay, 0, 0, W - 1, W - 1,
					   count_hit, &bad);
			r5xx_3d_raster_tri(&st, bx, by, 0, 0, W - 1, W - 1,
					   count_hit, &bad);
		}
	for (unsigned y = 0; y < W; y++)
		for (unsigned x = 0; x < W; x++) {
			/* the outline is straight: x, y in [4, 56) */
			bool in = x >= 4 && x < 56 && y >= 4 && y < 56;

			twice += hits[y][x] > 1;
			gaps += in && !hits[y][x];
			outside += !in && hits[y][x];
			sum += hits[y][x];
		}
	CHECK(!twice);
	CHECK(!gaps);
	CHECK(!outside);
	CHECK(sum == 52 * 52);
	CHECK(!bad);

	/* a pixel-wide column with both sides through pixel centres:
	 * x from 2.5 to 3.5 takes column 2 (left edge in), not 3 (right out);
	 * y from 1.5 to 5.5 takes rows 1-4 (top in, bottom out) */
	{
		int32_t cx[3] = { 30, 42, 42 }, cy[3] = { 18, 18, 66 };
		int32_t dx[3] = { 30, 42, 30 }, dy[3] = { 18, 66, 66 };
		unsigned col2 = 0, other = 0;

		memset(hits, 0, sizeof(hits));
		r5xx_3d_raster_tri(&st, cx, cy, 0, 0, W - 1, W - 1, count_hit, &bad);
		r5xx_3d_raster_tri(&st, dx, dy, 0, 0, W - 1, W - 1, count_hit, &bad);
		for (unsigned y = 0; y < W; y++)
			for (unsigned x = 0; x < W; x++) {
				if (x == 2 && y >= 1 && y <= 4)
					col2 += hits[y][x] == 1;
				else
					other += hits[y][x];
			}
		CHECK(col2 == 4);
		CHECK(!other);
	}
}

/* Draw packets end to end: a triangle, by IMMD_2, VBUF_2 and INDX_2. */
/*
 * One triangle drawn four ways; with defer, each draw is left pending,
 * nothing is drawn until it runs on a snapshot, and a later register
 * write to the live state does not reach the snapshot.
 */
static void draw_ways(bool defer)
{
	static const Vtx tri[3] = {
		{ 5.3f, 3.1f, 0.5f, 1, 1.0f, 0.5f, 0.0f, 1.0f },
		{ 58.7f, 20.2f, 0.5f, 1, 1.0f, 0.5f, 0.0f, 1.0f },
		{ 20.9f, 61.4f, 0.5f, 1, 1.0f, 0.5f, 0.0f, 1.0f },
	};
	uint32_t want = argb(&tri[0]);
	static R5xx3d st, snap_st;
	R5xx3d *drew = &st;

	for (unsigned how = 0; how < 4; how++) {
		unsigned in = 0, bad = 0;

		setup(&st, true);
		st.defer = defer;
		/* tri winds clockwise: culling front faces checks the order */
		wr(&st, A_SU_CULL_MODE, 1);
		if (how == 0) {
			draw_immd(&st, 4, tri, 3);
		} else {
			/* the vertices in memory, in the order 2, 0, 1 */
			uint32_t vb[3] = { 1, 8 | 8 << 8, VB };
			uint32_t body[3];

			memcpy(mem + VB, &tri[2], 32);
			memcpy(mem + VB + 32, &tri[0], 32);
			memcpy(mem + VB + 64, &tri[1], 32);
			r5xx_3d_packet3(&st, R5XX_PM4_3D_LOAD_VBPNTR, vb, 3);
			if (how == 1) {
				/* a list from vertex 0: 2, 0, 1 (same winding) */
				body[0] = 4 | 2 << 4 | 3 << 16;
				r5xx_3d_packet3(&st, R5XX_PM4_3D_DRAW_VBUF_2, body, 1);
			} else if (how == 2) {
				/* 16-bit indices 1, 2, 0 in the packet */
				body[0] = 4 | 1 << 4 | 3 << 16;
				body[1] = 1 | 2 << 16;
				body[2] = 0;
				r5xx_3d_packet3(&st, R5XX_PM4_3D_DRAW_INDX_2, body, 3);
			} else {
				/* 32-bit indices through VAP_PORT_IDX0 */
				body[0] = 4 | 1 << 4 | 1 << 11 | 3 << 16;
				r5xx_3d_packet3(&st, R5XX_PM4_3D_DRAW_INDX_2, body, 1);
				CHECK(st.pixels_written == 0);
				wr(&st, A_VAP_PORT_IDX0, 1);
				wr(&st, A_VAP_PORT_IDX0, 2);
				CHECK(st.pixels_written == 0);
				wr(&st, A_VAP_PORT_IDX0, 0);
			}
		}
		if (defer) {
			R5xx3dPending *p = r5xx_3d_take_pending(&st);

			CHECK(p != NULL);
			CHECK(st.pixels_written == 0 && !st.pending);
			CHECK(ld32(CB + 4 * (32 * W + 30)) == CANARY);
			r5xx_3d_snapshot(&snap_st, &st);
			/* the live state moves on; the snapshot keeps its own */
			wr(&st, A_RB3D_COLOROFFSET(0), CB + 0x8000);
			wr(&st, A_SU_CULL_MODE, 2);
			r5xx_3d_exec(&snap_st, p);
			CHECK(!r5xx_3d_take_pending(&snap_st));
			r5xx_3d_merge_stats(&st, &snap_st);
			drew = &snap_st;
		}
		for (unsigned y = 0; y < W; y++)
			for (unsigned x = 0; x < W; x++) {
				int i = inside(tri, x + 0.5, y + 0.5);
				uint32_t px = ld32(CB + 4 * (y * W + x));

				if (i < 0)
					continue;
				in += i;
				bad += px != (i ? want : CANARY);
			}
		if (bad)
			printf("# draw %u: %u pixels wrong of %u inside\n", how,
			       bad, in);
		CHECK(in > 500);
		CHECK(!bad);
		CHECK(!errors);
		CHECK(st.draws == 1 && drew->draws == 1);
		CHECK(st.pixels_written == drew->pixels_written);
		r5xx_3d_fini(&st);
	}
}

static void test_draw(void)
{
	draw_ways(false);
}

static void test_defer(void)
{
	static const Vtx tri[3] = {
		{ 0, 0, 0.5f, 1, 1, 1, 1, 1 },
		{ 64, 0, 0.5f, 1, 1, 1, 1, 1 },
		{ 0, 64, 0.5f, 1, 1, 1, 1, 1 },
	};
	static R5xx3d st, snap_st;
	bool stop = true;

	draw_ways(true);
	/* a draw stopped by abort writes nothing and reports nothing */
	setup(&st, true);
	st.defer = true;
	draw_immd(&st, 4, tri, 3);
	r5xx_3d_snapshot(&snap_st, &st);
	snap_st.abort = &stop;
	r5xx_3d_exec(&snap_st, r5xx_3d_take_pending(&st));
	CHECK(snap_st.pixels_written == 0);
	CHECK(ld32(CB) == CANARY);
	CHECK(!errors);
	/* a reset drops a pending draw */
	draw_immd(&st, 4, tri, 3);
	CHECK(st.pending);
	r5xx_3d_reset(&st);
	CHECK(!st.pending && st.defer);
	r5xx_3d_fini(&st);
}

/* Smooth colours interpolate; the centre of a triangle gets the mean. */
static void test_interp(void)
{
	Vtx t[3] = {
		{ 0, 0, 0, 1, 1, 0, 0, 1 },
		{ 48, 0, 0, 1, 0, 1, 0, 1 },
		{ 0, 48, 0, 1, 0, 0, 1, 1 },
	};
	R5xx3d st;
	uint32_t px;

	setup(&st, true);
	draw_immd(&st, 4, t, 3);
	/* pixel (15, 15): centre (15.5, 15.5) = 1 - 2 * 15.5/48 of vertex 0 */
	px = ld32(CB + 4 * (15 * W + 15));
	CHECK((px >> 24) == 255);
	CHECK(abs((int)((px >> 16) & 0xff) - (int)lrintf(255 * (1 - 31 / 48.0f))) <= 1);
	CHECK(abs((int)((px >> 8) & 0xff) - (int)lrintf(255 * 15.5f / 48)) <= 1);
	CHECK(abs((int)(px & 0xff) - (int)lrintf(255 * 15.5f / 48)) <= 1);
}

/* Culling by winding and SU_CULL_MODE. */
static void test_cull(void)
{
	/* counter-clockwise on screen (y down): signed area < 0 */
	static const Vtx ccw[3] = {
		{ 4, 4, 0, 1, 1, 1, 1, 1 }, { 4, 40, 0, 1, 1, 1, 1, 1 },
		{ 40, 4, 0, 1, 1, 1, 1, 1 },
	};
	static const Vtx cw[3] = {
		{ 4, 4, 0, 1, 1, 1, 1, 1 }, { 40, 4, 0, 1, 1, 1, 1, 1 },
		{ 4, 40, 0, 1, 1, 1, 1, 1 },
	};
	static const struct {
		uint32_t mode;
		bool ccw_drawn, cw_drawn;
	} c[] = {
		{ 0, true, true },
		{ 2, true, false },		/* cull back, CCW front */
		{ 1, false, true },		/* cull front */
		{ 2 | 4, false, true },		/* cull back, CW front */
		{ 3, false, false },
	};
	R5xx3d st;

	for (unsigned i = 0; i < 5; i++) {
		setup(&st, true);
		wr(&st, A_SU_CULL_MODE, c[i].mode);
		draw_immd(&st, 4, ccw, 3);
		CHECK((ld32(CB + 4 * (10 * W + 10)) != CANARY) == c[i].ccw_drawn);
		setup(&st, true);
		wr(&st, A_SU_CULL_MODE, c[i].mode);
		draw_immd(&st, 4, cw, 3);
		CHECK((ld32(CB + 4 * (10 * W + 10)) != CANARY) == c[i].cw_drawn);
	}
	/* a strip keeps one winding: (0 1 2) and (2 1 3) both counter-clockwise */
	{
		static const Vtx strip[4] = {
			{ 4, 4, 0, 1, 1, 1, 1, 1 }, { 4, 40, 0, 1, 1, 1, 1, 1 },
			{ 40, 4, 0, 1, 1, 1, 1, 1 }, { 40, 40, 0, 1, 1, 1, 1, 1 },
		};

		setup(&st, true);
		wr(&st, A_SU_CULL_MODE, 2);
		draw_immd(&st, 6, strip, 4);
		CHECK(ld32(CB + 4 * (10 * W + 10)) != CANARY);
		CHECK(ld32(CB + 4 * (35 * W + 35)) != CANARY);
		CHECK(st.triangles == 2);
	}
}

static void quad(Vtx *q, float x0, float y0, float x1, float y1, float z,
		 float r, float g, float b)
{
	const float xs[4] = { x0, x1, x1, x0 }, ys[4] = { y0, y0, y1, y1 };

	for (unsigned i = 0; i < 4; i++)
		q[i] = (Vtx){ xs[i], ys[i], z, 1, r, g, b, 1 };
}

/* Z: LESS with write keeps the nearer quad whatever the order. */
static void test_z(void)
{
	Vtx near[4], far[4];
	R5xx3d st;

	quad(near, 8, 8, 40, 40, 0.25f, 0, 1, 0);
	quad(far, 24, 24, 56, 56, 0.75f, 1, 0, 0);
	for (unsigned order = 0; order < 3; order++) {
		setup(&st, true);
		memset(mem + ZB, 0xff, 4 * W * W);
		wr(&st, A_ZB_FORMAT, 2);
		wr(&st, A_ZB_DEPTHOFFSET, ZB);
		wr(&st, A_ZB_DEPTHPITCH, W);
		wr(&st, A_ZB_ZSTENCILCNTL, 1);			/* LESS */
		wr(&st, A_ZB_CNTL, order == 2 ? 0 : 2 | 4);	/* Z, write */
		draw_immd(&st, 13, order ? near : far, 4);
		draw_immd(&st, 13, order ? far : near, 4);
		/* overlap (24..40)^2; the pixel at (30, 30) */
		if (order < 2) {
			CHECK(ld32(CB + 4 * (30 * W + 30)) == 0xff00ff00);
			CHECK(ld32(ZB + 4 * (30 * W + 30)) ==
			      ((uint32_t)lrintf(0.25f * 0xffffff) << 8 | 0xff));
			CHECK(ld32(ZB + 4 * (50 * W + 50)) ==
			      ((uint32_t)lrintf(0.75f * 0xffffff) << 8 | 0xff));
		} else {
			/* no Z: the last drawn wins, Z untouched */
			CHECK(ld32(CB + 4 * (30 * W + 30)) == 0xffff0000);
			CHECK(ld32(ZB + 4 * (30 * W + 30)) == 0xffffffff);
		}
		CHECK(ld32(CB + 4 * (10 * W + 10)) == 0xff00ff00);
		CHECK(ld32(CB + 4 * (50 * W + 50)) == 0xffff0000);
		CHECK(ld32(CB + 4 * (60 * W + 2)) == CANARY);
	}
}

/* R500 US ALU: constants, inline floats, presub, ops, omod, clamp. */
static void test_us(void)
{
	static const float k0[4] = { 0.5f, -0.25f, 2.0f, 0.75f };
	static const float k1[4] = { 4.0f, 3.0f, -1.0f, 0.5f };
	R5xx3d st;
	R5xx3dDraw d;
	float temp[R5XX_3D_US_TEMPS][4], out[4];
	const float t1[4] = { 0.1f, 0.2f, 0.3f, 0.4f };

	setup(&st, true);
	us_const(&st, 0, k0);
	us_const(&st, 1, k1);

	/* MAD: k0 * k1 + t1 into temp 2 and output; alpha MAD too */
	{
		UsAlu u = {
			.type = 1, .rgb_op = 0, .a_op = 0,
			.raddr = { 0x100 | 0, 0x100 | 1, 1 },
			.aaddr = { 0x100 | 0, 0x100 | 1, 1 },
			.a = { 0, US_RGB(0, 1, 2) }, .b = { 1, US_RGB(0, 1, 2) },
			.c = { 2, US_RGB(0, 1, 2) },
			.aa = { 0, 3 }, .ab = { 1, 3 }, .ac = { 2, 3 },
			.wmask = 7, .awmask = 1, .omask = 7, .aomask = 1,
			.rgb_dst = 2, .a_dst = 2,
		};

		us_alu(&st, 0, &u);
		memset(temp, 0, sizeof(temp));
		memcpy(temp[1], t1, sizeof(t1));
		r5xx_3d_us_setup(&st, &d);
		CHECK(r5xx_3d_us_run(&st, &d, temp, out));
		for (unsigned i = 0; i < 4; i++) {
			float want = k0[i] * k1[i] + t1[i];

			CHECK(fabsf(out[i] - want) < 1e-6f);
			CHECK(fabsf(temp[2][i] - want) < 1e-6f);
		}
	}
	/* DP3 of k0.rgb, k1.rgb x2 (omod), alpha MIN; then CMP with negation */
	{
		UsAlu u = {
			.type = 0, .rgb_op = 1, .a_op = 2,
			.raddr = { 0x100, 0x101 }, .aaddr = { 0x100, 0x101 },
			.a = { 0, US_RGB(0, 1, 2) }, .b = { 1, US_RGB(0, 1, 2) },
			.aa = { 0, 3 }, .ab = { 1, 3 },
			.omod = 1, .wmask = 7, .awmask = 1, .rgb_dst = 3,
			.a_dst = 3,
		};
		UsAlu v = {
			.type = 1, .rgb_op = 8, .a_op = 6,
			/* C = -k0 (presub off): CMP picks A where C >= 0 */
			.raddr = { 0x100, 0x101, 3 }, .aaddr = { 0x100, 0x101, 3 },
			.a = { 0, US_RGB(0, 1, 2) }, .b = { 1, US_RGB(0, 1, 2) },
			.c = { 0, US_RGB(0, 1, 2), 1 },
			.aa = { 0, 3 }, .ab = { 2, 3 }, .ac = { 1, 3, 1 },
			.omask = 7, .aomask = 1,
		};
		float dp = 2 * (k0[0] * k1[0] + k0[1] * k1[1] + k0[2] * k1[2]);

		us_alu(&st, 0, &u);
		st.us_inst[0][0] &= ~(1u << 8);		/* not LAST */
		us_alu(&st, 1, &v);
		wr(&st, A_R500_US_CODE_ADDR, 0 | 1 << 16);
		r5xx_3d_us_setup(&st, &d);
		memset(temp, 0, sizeof(temp));
		CHECK(r5xx_3d_us_run(&st, &d, temp, out));
		CHECK(fabsf(temp[3][0] - dp) < 1e-5f && temp[3][2] == temp[3][0]);
		CHECK(temp[3][3] == fminf(k0[3], k1[3]));
		CHECK(out[0] == k1[0]);		/* -0.5 < 0: B */
		CHECK(out[1] == k0[1]);		/* 0.25 >= 0: A */
		CHECK(out[2] == k1[2]);
		CHECK(out[3] == temp[3][3]);	/* -k1.a < 0: B = temp 3 */
	}
	/* inline float and the 1 - src pre-subtract, clamped, via output */
	{
		/* inline 0x80 | exp 8 << 3 | mant 4: 1.5 * 2 = 3.0 */
		UsAlu u = {
			.type = 1, .rgb_op = 0, .a_op = 0,
			.raddr = { 0x80 | 8 << 3 | 4, 1 }, .aaddr = { 0x80 | 7 << 3, 1 },
			.rpresub = 3, .apresub = 3,
			.a = { 3, US_RGB(0, 1, 2) }, .b = { 0, US_ONE3 },
			.c = { 1, US_RGB(0, 1, 2) },
			.aa = { 3, 0 }, .ab = { 0, 6 }, .ac = { 0, 4 },
			.omask = 7, .aomask = 1, .clamp = true,
		};

		us_alu(&st, 0, &u);
		wr(&st, A_R500_US_CODE_ADDR, 0);
		r5xx_3d_us_setup(&st, &d);
		memset(temp, 0, sizeof(temp));
		memcpy(temp[1], t1, sizeof(t1));
		CHECK(r5xx_3d_us_run(&st, &d, temp, out));
		/* (1 - 3) + t1 = -1.9, -1.8, -1.7 -> 0; alpha 1 - 1.0 = 0 */
		CHECK(out[0] == 0.0f && out[2] == 0.0f);
		CHECK(out[3] == 0.0f);
		u.rpresub = 1;			/* src1 - src0 = t1 - 3 */
		u.c = (UsOp){ 0, US_RGB(0, 1, 2), 0 };
		u.a = (UsOp){ 3, US_RGB(0, 1, 2), 1 };	/* -(t1 - 3) */
		u.b = (UsOp){ 0, US_RGB(5, 5, 5), 0 };	/* x 1/2 */
		us_alu(&st, 0, &u);
		r5xx_3d_us_setup(&st, &d);	/* decoded once a draw */
		CHECK(r5xx_3d_us_run(&st, &d, temp, out));
		/* (3 - 0.1) * 0.5 + 3 = 4.45 -> clamped 1 */
		CHECK(out[0] == 1.0f);
	}
	/*
	 * One pre-subtract source for both units: Mesa's smoothstep starts
	 * with "srcp.xyz = src1 - src0; RCP temp.w, srcp.x", an alpha RCP of
	 * the RGB pre-subtract's x (the alpha pre-subtract, 1 - 2 src0 by
	 * default, is srcp.w); and an RGB operand reads srcp.w.
	 */
	{
		UsAlu u = {
			.type = 1, .rgb_op = 0, .a_op = 10,	/* RCP */
			.raddr = { 0x100 | 0, 0x100 | 1 }, .aaddr = { 0x100 | 0 },
			.rpresub = 1, .apresub = 0,
			.a = { 3, US_RGB(3, 3, 3) }, .b = { 0, US_ONE3 },
			.c = { 0, US_ZERO3 },
			.aa = { 3, 0 }, .ab = { 0, 0 }, .ac = { 0, 0 },
			.omask = 7, .aomask = 1,
		};

		us_alu(&st, 0, &u);
		r5xx_3d_us_setup(&st, &d);
		memset(temp, 0, sizeof(temp));
		CHECK(r5xx_3d_us_run(&st, &d, temp, out));
		/* alpha: 1 / (k1.x - k0.x) = 1 / 3.5; RGB: 1 - 2 k0.a = -0.5 */
		CHECK(out[3] == 1.0f / (k1[0] - k0[0]));
		CHECK(out[0] == 1.0f - 2.0f * k0[3] && out[2] == out[0]);
	}
}

/* R500 US: temp dst = temp src + constant k (all four components). */
static void us_add(R5xx3d *st, unsigned idx, unsigned dst, unsigned src,
		   unsigned k)
{
	UsAlu u = {
		.type = 0, .rgb_op = 0, .a_op = 0,
		.raddr = { src, 0x100 | k }, .aaddr = { src, 0x100 | k },
		.a = { 0, US_RGB(0, 1, 2) }, .b = { 0, US_ONE3 },
		.c = { 1, US_RGB(0, 1, 2) },
		.aa = { 0, 3 }, .ab = { 0, 6 }, .ac = { 1, 3 },
		.wmask = 7, .awmask = 1, .rgb_dst = dst, .a_dst = dst,
	};

	us_alu(st, idx, &u);
}

/* ... that also sets the ALU result: its red against 0 by op (==,<,>=,!=) */
static void us_add_res(R5xx3d *st, unsigned idx, unsigned dst, unsigned src,
		       unsigned k, unsigned op)
{
	us_add(st, idx, dst, src, k);
	st->us_inst[idx][0] |= op << 23;
	st->us_inst[idx][3] |= 1u << 31;
}

/* An FC instruction: US_FC_INST, and US_FC_ADDR's JUMP_ADDR. */
static void us_fc(R5xx3d *st, unsigned idx, uint32_t inst, unsigned jump)
{
	const uint32_t w[6] = { 2, 0, inst, jump << 16, 0, 0 };

	wr(st, A_GA_US_VECTOR_INDEX, idx);
	for (unsigned k = 0; k < 6; k++)
		wr(st, A_GA_US_VECTOR_DATA, w[k]);
}

/* US_FC_INST as Mesa's r500_fragprog_emit.c writes it for each GLSL op */
#define FC_LOOP		(1u | 1u << 28)
#define FC_BRK		(5u | 0xffu << 8 | 1u << 26 | 1u << 16 | 1u << 28)
#define FC_CONT		(7u | 0xffu << 8 | 1u << 26 | 1u << 16 | 1u << 28)
#define FC_ENDLOOP	(2u | 0xffu << 8 | 1u << 5 | 1u << 28)
#define FC_IF		(0x0fu << 8 | 2u << 24 | 1u << 28)	/* no else */
#define FC_IF_ELSE	(FC_IF | 2u << 26)
#define FC_ELSE		(1u << 4 | 1u << 26 | 1u << 16)
#define FC_ENDIF	(1u << 5 | 1u << 24 | 1u << 16)

/* Run the R500 program 0..last once with temp t0.x = x0; out[0] back. */
static float us_fc_run(R5xx3d *st, unsigned last, float x0, bool *ran)
{
	float temp[R5XX_3D_US_TEMPS][4], out[4];
	R5xx3dDraw d;

	for (unsigned i = 0; i <= last; i++)
		st->us_inst[i][0] &= ~(1u << 8);
	st->us_inst[last][0] |= 1u << 8;
	wr(st, A_R500_US_CODE_ADDR, 0 | last << 16);
	memset(temp, 0, sizeof(temp));
	temp[0][0] = x0;
	r5xx_3d_us_setup(st, &d);
	*ran = r5xx_3d_us_run(st, &d, temp, out);
	return out[0];
}

/*
 * R500 US flow control, the programs Mesa r300 emits: a loop left by a
 * break, if/else both ways, nesting, continue, the loop count's bound,
 * and garbage (endless jumps, unbalanced loops) survived with an error.
 */
static void test_us_fc(void)
{
	static const float km3[4] = { -3, -3, -3, -3 };
	static const float k1[4] = { 1, 1, 1, 1 };
	static const float k10[4] = { 10, 10, 10, 10 };
	R5xx3d st;
	bool ran;

	setup(&st, true);
	us_const(&st, 0, km3);
	us_const(&st, 1, k1);
	us_const(&st, 2, k10);
	wr(&st, A_R500_US_FC_INT_CONST(0), 255);

	/* for (;;) { if (t0 - 3 >= 0) break; t0 += 1; }  out = t0 */
	us_fc(&st, 0, FC_LOOP, 6);
	us_add_res(&st, 1, 1, 0, 0, 2);		/* t1 = t0 - 3, >= 0 */
	us_fc(&st, 2, FC_IF, 5);
	us_fc(&st, 3, FC_BRK, 7);
	us_fc(&st, 4, FC_ENDIF, 5);
	us_add(&st, 5, 0, 0, 1);		/* t0 += 1 */
	us_fc(&st, 6, FC_ENDLOOP, 1);
	us_mov_out(&st, 7, 0);
	errors = 0;
	CHECK(us_fc_run(&st, 7, 0.0f, &ran) == 3.0f && ran);
	CHECK(us_fc_run(&st, 7, 5.0f, &ran) == 5.0f && ran);
	CHECK(us_fc_run(&st, 7, -20.5f, &ran) == 3.5f && ran);
	CHECK(!errors);
	/* no break: the loop runs US_FC_INT_CONST_0.KR times, then on */
	us_fc(&st, 3, 0, 4);			/* the break: a NOP jump */
	CHECK(us_fc_run(&st, 7, -1000.0f, &ran) == -1000.0f + 255 && ran);
	wr(&st, A_R500_US_FC_INT_CONST(0), 4);
	CHECK(us_fc_run(&st, 7, -1000.0f, &ran) == -1000.0f + 4 && ran);
	wr(&st, A_R500_US_FC_INT_CONST(0), 0);	/* count 0: body skipped */
	CHECK(us_fc_run(&st, 7, 0.0f, &ran) == 0.0f && ran);
	CHECK(!errors);
	wr(&st, A_R500_US_FC_INT_CONST(0), 255);

	/* if (t0 - 3 < 0) t2 = t0 + 10; else { t2 = t0 + 1; } out = t2 */
	us_add_res(&st, 0, 1, 0, 0, 1);		/* t0 - 3 < 0 */
	us_fc(&st, 1, FC_IF_ELSE, 4);
	us_add(&st, 2, 2, 0, 2);
	us_fc(&st, 3, FC_ELSE, 6);
	us_add(&st, 4, 2, 0, 1);
	us_fc(&st, 5, FC_ENDIF, 6);
	us_mov_out(&st, 6, 2);
	CHECK(us_fc_run(&st, 6, 1.0f, &ran) == 11.0f && ran);
	CHECK(us_fc_run(&st, 6, 4.0f, &ran) == 5.0f && ran);
	CHECK(us_fc_run(&st, 6, 3.0f, &ran) == 4.0f && ran);

	/*
	 * for (;;) { t0 += 1; if (t0 - 3 < 0) continue;
	 *            if (t0 - 3 >= 0) { if (t0 - 3 == 0) t2 += 10; break; } }
	 * out = t2 + t0: from t0 = 0, 3 + 10; from 5, 6 + 0
	 */
	us_fc(&st, 0, FC_LOOP, 14);
	us_add(&st, 1, 0, 0, 1);
	us_add_res(&st, 2, 1, 0, 0, 1);		/* < 0 */
	us_fc(&st, 3, FC_IF, 6);
	us_fc(&st, 4, FC_CONT, 14);
	us_fc(&st, 5, FC_ENDIF, 6);
	us_add_res(&st, 6, 1, 0, 0, 2);		/* >= 0 */
	us_fc(&st, 7, FC_IF, 14);
	us_add_res(&st, 8, 1, 0, 0, 0);		/* == 0 */
	us_fc(&st, 9, FC_IF, 12);
	us_add(&st, 10, 2, 2, 2);
	us_fc(&st, 11, FC_ENDIF, 12);
	us_fc(&st, 12, FC_BRK | 1u << 17, 15);	/* two branches deep */
	us_fc(&st, 13, FC_ENDIF, 14);
	us_fc(&st, 14, FC_ENDLOOP, 1);
	{
		UsAlu u = {
			.type = 1, .rgb_op = 0, .a_op = 0,
			.raddr = { 2, 0, 0 }, .aaddr = { 2, 0, 0 },
			.a = { 0, US_RGB(0, 1, 2) }, .b = { 0, US_ONE3 },
			.c = { 1, US_RGB(0, 1, 2) },
			.aa = { 0, 3 }, .ab = { 0, 6 }, .ac = { 1, 3 },
			.omask = 7, .aomask = 1,
		};

		us_alu(&st, 15, &u);		/* out = t2 + t0 */
	}
	CHECK(us_fc_run(&st, 15, 0.0f, &ran) == 13.0f && ran);
	CHECK(us_fc_run(&st, 15, 5.0f, &ran) == 6.0f && ran);
	CHECK(!errors);

	/* garbage: a jump to itself forever ends at the work budget */
	st.budget = 100000;
	us_fc(&st, 0, 0xffu << 8, 0);
	us_mov_out(&st, 1, 0);
	CHECK(!us_fc_run(&st, 1, 1.0f, &ran) && !ran && errors == 1);
	r5xx_3d_fini(&st);
	setup(&st, true);
	/* an end of loop with no loop, a return with no call, a jump out */
	errors = 0;
	us_fc(&st, 0, FC_ENDLOOP, 0);
	us_mov_out(&st, 1, 0);
	us_fc_run(&st, 1, 1.0f, &ran);
	CHECK(ran && errors == 1);
	us_fc(&st, 0, 0xffu << 8 | 1u << 6, 0);
	us_fc_run(&st, 1, 1.0f, &ran);
	CHECK(ran && errors == 2);
	us_fc(&st, 0, 0xffu << 8, 300);
	us_fc_run(&st, 1, 1.0f, &ran);
	CHECK(ran);
	r5xx_3d_fini(&st);
}

/* Blending: the GL factors and functions, alpha separate or not. */
static void test_blend(void)
{
	static const struct {
		uint32_t c, a;
		float want[4];		/* R, G, B, A over dst (0, 0.6, 1, 1) */
	} b[] = {
		/*
		 * Factors as Mesa's r300_reg.h R300_BLEND_GL_* numbers them
		 * (not GL's enum order): 32 ZERO, 33 ONE, 36 DST_COLOR,
		 * 38 SRC_ALPHA, 39 ONE_MINUS_SRC_ALPHA.
		 * add SRC_ALPHA, ONE_MINUS_SRC_ALPHA (alpha the same)
		 */
		{ 1 | 0 << 12 | 38 << 16 | 39 << 24, 0,
		  { 0.25f, 0.45f, 0.75f, 0.8125f } },
		/* the same, alpha by ABLENDCNTL: add ONE, ZERO */
		{ 1 | 2 | 0 << 12 | 38 << 16 | 39 << 24, 33 << 16 | 32 << 24,
		  { 0.25f, 0.45f, 0.75f, 0.25f } },
		/* reverse subtract ONE, ONE: dst - src */
		{ 1 | 6 << 12 | 33 << 16 | 33u << 24, 0,
		  { 0.0f, 0.6f, 1.0f, 0.75f } },
		/* max; DST_COLOR, ZERO added (modulate) */
		{ 1 | 5 << 12, 0, { 1.0f, 0.6f, 1.0f, 1.0f } },
		{ 1 | 0 << 12 | 36 << 16 | 32 << 24, 0,
		  { 0.0f, 0.0f, 0.0f, 0.25f } },
		/* off */
		{ 0, 0, { 1.0f, 0.0f, 0.0f, 0.25f } },
	};
	uint32_t dst = 0xffu << 24 | 0 << 16 | 153 << 8 | 255;	/* A R G B */
	Vtx q[4];
	R5xx3d st;

	quad(q, 0, 0, 8, 8, 0, 1, 0, 0);
	for (unsigned i = 0; i < 4; i++)
		q[i].a = 0.25f;
	for (unsigned k = 0; k < sizeof(b) / sizeof(b[0]); k++) {
		uint32_t px, want;

		setup(&st, true);
		st32(CB + 4 * (2 * W + 2), dst);
		wr(&st, A_RB3D_BLENDCNTL, b[k].c);
		wr(&st, A_RB3D_ABLENDCNTL, b[k].a);
		draw_immd(&st, 13, q, 4);
		px = ld32(CB + 4 * (2 * W + 2));
		want = (uint32_t)lrintf(b[k].want[3] * 255) << 24 |
		       (uint32_t)lrintf(b[k].want[0] * 255) << 16 |
		       (uint32_t)lrintf(b[k].want[1] * 255) << 8 |
		       (uint32_t)lrintf(b[k].want[2] * 255);
		for (unsigned c = 0; c < 32; c += 8) {
			int got = (px >> c) & 0xff, exp = (want >> c) & 0xff;

			if (abs(got - exp) > 1)
				printf("# blend %u: 0x%08x, want 0x%08x\n", k, px,
				       want);
			CHECK(abs(got - exp) <= 1);
		}
	}
}

/* A point is the rectangle GA_POINT_SIZE gives, Mesa's clear. */
static void test_point(void)
{
	static const Vtx p = { 32, 16, 0, 1, 0, 0, 1, 1 };
	R5xx3d st;
	unsigned n = 0;

	setup(&st, true);
	wr(&st, A_GA_POINT_SIZE, (20 * 6) << 16 | 8 * 6);	/* 20 x 8 */
	draw_immd(&st, 1, &p, 1);
	for (unsigned y = 0; y < W; y++)
		for (unsigned x = 0; x < W; x++) {
			bool in = x >= 22 && x < 42 && y >= 12 && y < 20;
			uint32_t px = ld32(CB + 4 * (y * W + x));

			n += in;
			CHECK(px == (in ? 0xff0000ffu : CANARY));
		}
	CHECK(n == 160);
}

/* Bounded work: a draw over budget stops with an error. */
static void test_budget(void)
{
	Vtx q[4];
	R5xx3d st;

	setup(&st, true);
	st.budget = 1000;
	quad(q, 0, 0, 64, 64, 0, 1, 1, 1);
	draw_immd(&st, 13, q, 4);
	CHECK(errors == 1);
	CHECK(st.pixels_written > 0 && st.pixels_written < 1000);
	/* the next draw starts afresh */
	errors = 0;
	st.budget = R5XX_3D_WORK_BUDGET;
	draw_immd(&st, 13, q, 4);
	CHECK(!errors && st.pixels_written >= 1000 + 64 * 64 - 1000);
	/* one error a vertex from an unmapped array: a draw reports 16 */
	{
		uint32_t vb[3] = { 1, 8 | 8 << 8, MEM_SIZE + 0x1000 };
		uint32_t body = 1 | 2 << 4 | 1000u << 16;

		r5xx_3d_packet3(&st, R5XX_PM4_3D_LOAD_VBPNTR, vb, 3);
		errors = 0;
		r5xx_3d_packet3(&st, R5XX_PM4_3D_DRAW_VBUF_2, &body, 1);
		CHECK(errors == R5XX_3D_DRAW_ERRORS);
		errors = 0;
		wr(&st, A_VAP_PORT_IDX0, 5);	/* outside a draw: reported */
		wr(&st, A_VAP_PORT_IDX0, 5);
		CHECK(errors == 2);
	}
	r5xx_3d_fini(&st);
}

/* Garbage in: random registers, memories and packets never crash. */
static void test_garbage(void)
{
	R5xx3d st;
	uint32_t body[64];

	setup(&st, true);
	srand(5);
	for (unsigned round = 0; round < 300; round++) {
		st.budget = 200000;
		for (unsigned i = 0; i < 40; i++) {
			uint32_t reg = 0x2000 + 4 * (rand() % 0xc00);

			wr(&st, reg, (uint32_t)rand() << 1 ^ rand());
		}
		/* keep the colour buffer inside the memory now and then */
		if (round & 1) {
			wr(&st, A_RB3D_COLOROFFSET(0), CB);
			wr(&st, A_RB3D_COLORPITCH(0), (rand() & 0x3ffe) | 6 << 21);
		}
		for (unsigned i = 0; i < 64; i++)
			body[i] = (uint32_t)rand() << 1 ^ rand();
		body[0] = (body[0] & 0x3fff) | (rand() % 200) << 16;
		r5xx_3d_packet3(&st, 0x2f + rand() % 8, body, 1 + rand() % 64);
		for (unsigned i = 0; i < 30; i++)
			wr(&st, A_VAP_PORT_IDX0, rand());
	}
	r5xx_3d_fini(&st);
	CHECK(errors > 0);
}


/* Textures ---------------------------------------------------------------- */

#define TEX	0x200000u

/* TX_FORMAT1 of W8Z8Y8X8 as Mesa's ARGB8888: R = Z, G = Y, B = X, A = W. */
#define TXF_ARGB8888	(0xc | 2 << 12 | 1 << 15 | 0 << 18 | 3 << 9)

static void tex_unit(R5xx3d *st, unsigned u, uint32_t w, uint32_t h,
		     uint32_t fmt1, uint32_t filter0, uint32_t offset)
{
	wr(st, A_TX_ENABLE, st->regs[A_TX_ENABLE / 4] | 1u << u);
	wr(st, A_TX_FILTER0(u), filter0);
	wr(st, A_TX_FILTER1(u), 0);
	wr(st, A_TX_FORMAT0(u), (w - 1) | (h - 1) << 11);
	wr(st, A_TX_FORMAT1(u), fmt1);
	wr(st, A_TX_FORMAT2(u), 0);
	wr(st, A_TX_OFFSET(u), offset);
}

static uint32_t texel_val(uint32_t x, uint32_t y)
{
	return 0x80000000u | (x * 7 + y) << 16 | y << 8 | x;
}

/* out (RGBA) against an ARGB8888 word. */
static bool is_argb(const float out[4], uint32_t v)
{
	float want[4] = { ((v >> 16) & 255) / 255.0f, ((v >> 8) & 255) / 255.0f,
			  (v & 255) / 255.0f, (v >> 24) / 255.0f };

	for (unsigned i = 0; i < 4; i++)
		if (fabsf(out[i] - want[i]) > 1e-5f)
			return false;
	return true;
}

static void sample(R5xx3d *st, float s, float t, float out[4])
{
	R5xx3dDraw d;
	float c[4] = { s, t, 0, 1 };

	r5xx_3d_tex_setup(st, &d);
	r5xx_3d_tex_sample(st, &d, 0, c, false, out);
}

/*
 * Layouts: linear, macro- and micro-tiled (the guide's 2 KiB macro tiles
 * of 8x8 micro tiles of 4x2 pixels, addresses computed here), and a
 * macro-tiled texture narrower than a macro tile (macro-linear);
 * formats, swizzles, signed components, DXT1; nearest and bilinear
 * filters, the wrap modes and the border colour.
 */
static void test_tex(void)
{
	R5xx3d st;
	float o[4];

	for (int r500 = 0; r500 < 2; r500++) {
		/* 64x32 macro|micro tiled: 2 macro tiles across, 2 down */
		setup(&st, r500);
		for (uint32_t y = 0; y < 32; y++)
			for (uint32_t x = 0; x < 64; x++) {
				uint32_t mx = x / 4, my = y / 2;
				uint32_t macro = (y / 16) * 2 + x / 32;
				uint32_t a = macro * 2048 +
					     ((my % 8) * 8 + mx % 8) * 32 +
					     ((y % 2) * 4 + x % 4) * 4;

				st32(TEX + a, texel_val(x, y));
			}
		tex_unit(&st, 0, 64, 32, TXF_ARGB8888, 1 << 9 | 1 << 11,
			 TEX | 1 << 2 | 1 << 3);
		for (uint32_t y = 0; y < 32; y += 3)
			for (uint32_t x = 0; x < 64; x += 5) {
				sample(&st, (x + 0.5f) / 64, (y + 0.5f) / 32, o);
				CHECK(is_argb(o, texel_val(x, y)));
			}
		/*
		 * 64x16, exactly a macro tile high: macro-tiled (RV350 and
		 * later, R500 without MACRO_SWITCH), macro-linear with R500's
		 * MACRO_SWITCH
		 */
		for (int sw = 0; sw <= r500; sw++) {
			for (uint32_t y = 0; y < 16; y++)
				for (uint32_t x = 0; x < 64; x++) {
					uint32_t mx = x / 4, my = y / 2;
					uint32_t in = ((y % 2) * 4 + x % 4) * 4;
					uint32_t a = sw ? my * 512 + mx * 32 + in :
						     (x / 32) * 2048 +
						     (my * 8 + mx % 8) * 32 + in;

					st32(TEX + a, texel_val(x, y));
				}
			tex_unit(&st, 0, 64, 16, TXF_ARGB8888, 1 << 9 | 1 << 11,
				 TEX | 1 << 2 | 1 << 3);
			wr(&st, A_TX_FILTER1(0), sw ? 1 << 22 : 0);
			for (uint32_t y = 0; y < 16; y += 3)
				for (uint32_t x = 0; x < 64; x += 5) {
					sample(&st, (x + 0.5f) / 64,
					       (y + 0.5f) / 16, o);
					CHECK(is_argb(o, texel_val(x, y)));
				}
		}
		/* 16x8 with the macro bit: macro-linear, micro tiles in rows */
		for (uint32_t y = 0; y < 8; y++)
			for (uint32_t x = 0; x < 16; x++)
				st32(TEX + (y / 2) * 128 + (x / 4) * 32 +
				     ((y % 2) * 4 + x % 4) * 4, texel_val(x, y));
		tex_unit(&st, 0, 16, 8, TXF_ARGB8888, 1 << 9 | 1 << 11,
			 TEX | 1 << 2 | 1 << 3);
		for (uint32_t y = 0; y < 8; y++)
			for (uint32_t x = 0; x < 16; x += 3) {
				sample(&st, (x + 0.5f) / 16, (y + 0.5f) / 8, o);
				CHECK(is_argb(o, texel_val(x, y)));
			}
	}

	/* RGB565 (Z5Y6X5, blue in X), L8 (X8: XXX1), A8 (000X), signed X8 */
	setup(&st, true);
	memset(mem + TEX, 0, 256);
	mem[TEX] = 0x1f;		/* 565: blue 31, green 0, red 0 */
	mem[TEX + 1] = 0xf8;		/* red 31 */
	tex_unit(&st, 0, 1, 1, 6 | 2 << 12 | 1 << 15 | 0 << 18 | 5 << 9,
		 1 << 9, TEX);
	sample(&st, 0.5f, 0.5f, o);
	CHECK(o[0] == 1.0f && o[1] == 0.0f && o[2] == 1.0f && o[3] == 1.0f);
	mem[TEX] = 0x33;
	tex_unit(&st, 0, 1, 1, 0 | 0 << 12 | 0 << 15 | 0 << 18 | 5 << 9,
		 1 << 9, TEX);
	sample(&st, 0.5f, 0.5f, o);
	CHECK(fabsf(o[0] - 0x33 / 255.0f) < 1e-6f && o[2] == o[0] &&
	      o[3] == 1.0f);
	tex_unit(&st, 0, 1, 1, 0 | 4 << 12 | 4 << 15 | 4 << 18 | 0 << 9,
		 1 << 9, TEX);
	sample(&st, 0.5f, 0.5f, o);
	CHECK(o[0] == 0.0f && fabsf(o[3] - 0x33 / 255.0f) < 1e-6f);
	mem[TEX] = 0x81;
	tex_unit(&st, 0, 1, 1, 0 | 8 << 5 | 0 << 12 | 5 << 9, 1 << 9, TEX);
	sample(&st, 0.5f, 0.5f, o);
	CHECK(o[0] == -1.0f);

	/* 8x8 RGB565 in square (4x4) micro tiles, macro-linear */
	for (uint32_t y = 0; y < 8; y++)
		for (uint32_t x = 0; x < 8; x++) {
			uint32_t a = TEX + (y / 4) * 64 + (x / 4) * 32 +
				     ((y % 4) * 4 + x % 4) * 2;
			uint16_t v = (uint16_t)(x << 11 | y << 5 | (x ^ y));

			memcpy(mem + a, &v, 2);
		}
	tex_unit(&st, 0, 8, 8, 6 | 2 << 12 | 1 << 15 | 0 << 18 | 5 << 9,
		 1 << 9, TEX | 2 << 3);
	for (uint32_t y = 0; y < 8; y++)
		for (uint32_t x = 0; x < 8; x++) {
			sample(&st, (x + 0.5f) / 8, (y + 0.5f) / 8, o);
			CHECK(fabsf(o[0] - x / 31.0f) < 1e-6f &&
			      fabsf(o[1] - y / 63.0f) < 1e-6f &&
			      fabsf(o[2] - (x ^ y) / 31.0f) < 1e-6f);
		}

	/* 2x2 linear: bilinear at the centre is the mean; the wrap modes */
	for (uint32_t i = 0; i < 4; i++)
		st32(TEX + 4 * i, 0xff000000u | (i * 60) << 16);
	/* rows of 32 bytes: texel (x, y) at 32 y + 4 x */
	st32(TEX + 32, 0xff000000u | 120u << 16);
	st32(TEX + 36, 0xff000000u | 180u << 16);
	tex_unit(&st, 0, 2, 2, TXF_ARGB8888, 2 << 9, TEX);
	sample(&st, 0.5f, 0.5f, o);
	CHECK(fabsf(o[0] - (0 + 60 + 120 + 180) / 4 / 255.0f) < 1e-5f);
	sample(&st, 0.25f, 0.25f, o);		/* a texel centre */
	CHECK(fabsf(o[0] - 0.0f) < 1e-6f);
	sample(&st, 0.0f, 0.25f, o);		/* repeat: (0 + 60) / 2 */
	CHECK(fabsf(o[0] - 30 / 255.0f) < 1e-5f);
	tex_unit(&st, 0, 2, 2, TXF_ARGB8888, 2 << 9 | 2 | 2 << 3, TEX);
	sample(&st, 0.0f, 0.25f, o);		/* clamp to edge: texel 0 */
	CHECK(fabsf(o[0]) < 1e-6f);
	wr(&st, A_TX_BORDER_COLOR(0), 0x80ff0000u);
	tex_unit(&st, 0, 2, 2, TXF_ARGB8888, 1 << 9 | 6 | 6 << 3, TEX);
	sample(&st, -0.25f, 0.25f, o);		/* border */
	CHECK(is_argb(o, 0x80ff0000u));
	tex_unit(&st, 0, 2, 2, TXF_ARGB8888, 1 << 9 | 1, TEX);
	sample(&st, 1.25f, 0.25f, o);		/* mirror: texel 2 -> 1 */
	CHECK(fabsf(o[0] - 60 / 255.0f) < 1e-6f);
	sample(&st, 1.75f, 0.25f, o);		/* texel 3 -> 0 */
	CHECK(fabsf(o[0]) < 1e-6f);

	/* DXT1: red and blue end points, their thirds, decoded red in X */
	memset(mem + TEX, 0, 64);
	mem[TEX] = 0x00; mem[TEX + 1] = 0xf8;	/* c0 red */
	mem[TEX + 2] = 0x1f; mem[TEX + 3] = 0x00;	/* c1 blue */
	mem[TEX + 4] = 0 | 1 << 2 | 2 << 4 | 3 << 6;
	tex_unit(&st, 0, 4, 4, 0xf | 0 << 12 | 1 << 15 | 2 << 18 | 3 << 9,
		 1 << 9, TEX);
	sample(&st, 0.125f, 0.125f, o);
	CHECK(o[0] == 1.0f && o[2] == 0.0f && o[3] == 1.0f);
	sample(&st, 0.375f, 0.125f, o);
	CHECK(o[0] == 0.0f && o[2] == 1.0f);
	sample(&st, 0.625f, 0.125f, o);
	CHECK(fabsf(o[0] - 2 / 3.0f) < 1e-6f && fabsf(o[2] - 1 / 3.0f) < 1e-6f);
	sample(&st, 0.125f, 0.375f, o);		/* row 1: index 0 */
	CHECK(o[0] == 1.0f);
	CHECK(errors == 0);
}

/* R300 fragment program: ALU words of Mesa's r300_reg.h layout. */
static void fp_alu(R5xx3d *st, unsigned i, uint32_t ra, uint32_t aa,
		   uint32_t ri, uint32_t ai)
{
	wr(st, A_US_ALU_RGB_ADDR(i), ra);
	wr(st, A_US_ALU_ALPHA_ADDR(i), aa);
	wr(st, A_US_ALU_RGB_INST(i), ri);
	wr(st, A_US_ALU_ALPHA_INST(i), ai);
}

/* An FP24 constant: sign, 7-bit exponent biased by 63, 16-bit mantissa. */
static uint32_t fp24(float f)
{
	int e;
	float m;

	if (f == 0.0f)
		return 0;
	m = frexpf(fabsf(f), &e);		/* f = m 2^e, m in [0.5, 1) */
	return (f < 0 ? 1u << 23 : 0) | (uint32_t)(e - 1 + 63) << 16 |
	       (uint32_t)lrintf((m * 2 - 1) * 65536);
}

/* out = temp t (MAD t, 1, 0), RGB and alpha. */
static void fp_mov_out(R5xx3d *st, unsigned i, unsigned t)
{
	fp_alu(st, i, t | 7u << 26, t | 1u << 24, 0 | 21 << 7 | 20 << 14,
	       9 | 17 << 7 | 16 << 14);
}

static void test_fp(void)
{
	R5xx3d st;
	R5xx3dDraw d;
	float temp[R5XX_3D_US_TEMPS][4], out[4];
	static const float k[4] = { 0.5f, -2.0f, 3.0f, 0.25f };

	setup(&st, false);
	for (unsigned i = 0; i < 4; i++)
		wr(&st, A_US_ALU_CONST_R(1) + 4 * i, fp24(k[i]));
	/*
	 * one node, no TEX: ALU 0: temp 2 = temp 1.yzx * c1 + c1.aaa (RGB),
	 * alpha = temp1.x - c1.w ... via MAD temp1.x * 1 + (-c1.w);
	 * ALU 1: MAX of temp 2 and 0.5 to the output, alpha REPL to RGB? no:
	 * DP3 of temp 2 and c1 to RGB, alpha MIN of temp 2.w, 1/2.
	 */
	wr(&st, A_US_CONFIG, 0);
	wr(&st, A_US_CODE_ADDR(3), 0 | 1 << 6);
	fp_alu(&st, 0, 1 | (0x20 | 1) << 6 | 2 << 18 | 7u << 23,
	       1 | (0x20 | 1) << 6 | 2 << 18 | 1u << 23,
	       23 | 4 << 7 | 13 << 14,		/* src0 yzx, src1 xyz, src1 aaa */
	       0 | 17 << 7 | (10 | 1 << 5) << 14);	/* src0.x*1 + -src1.w */
	fp_alu(&st, 1, 2 | (0x20 | 1) << 6 | 7u << 26,
	       2 | 1u << 24,
	       0 | 4 << 7 | 1u << 23,		/* DP3 src0, src1 */
	       9 | 18 << 7 | 2u << 23);		/* MIN src0.w, 1/2 */
	r5xx_3d_fp_setup(&st, &d);
	memset(temp, 0, sizeof(temp));
	temp[1][0] = 0.1f; temp[1][1] = 0.2f; temp[1][2] = 0.3f;
	temp[1][3] = 0.4f;
	CHECK(r5xx_3d_fp_run(&st, &d, temp, out));
	{
		float t2[3] = { 0.2f * k[0] + k[3], 0.3f * k[1] + k[3],
				0.1f * k[2] + k[3] };
		float dp = t2[0] * k[0] + t2[1] * k[1] + t2[2] * k[2];

		for (unsigned i = 0; i < 3; i++)
			CHECK(fabsf(temp[2][i] - t2[i]) < 1e-5f);
		CHECK(fabsf(temp[2][3] - (0.1f - k[3])) < 1e-6f);
		CHECK(fabsf(out[0] - dp) < 1e-4f && out[1] == out[0]);
		CHECK(fabsf(out[3] - fminf(0.1f - k[3], 0.5f)) < 1e-6f);
	}
	/* two nodes: node 1 must start with its TEX (KIL of temp 3) */
	wr(&st, A_US_CONFIG, 1);
	wr(&st, A_US_CODE_ADDR(2), 0 | 0 << 6);
	wr(&st, A_US_CODE_ADDR(3), 1 | 0 << 6 | 0 << 12 | 0 << 17);
	wr(&st, A_US_TEX_INST(0), 3 | 2 << 15);	/* KIL temp 3 */
	fp_mov_out(&st, 1, 1);
	r5xx_3d_fp_setup(&st, &d);
	temp[3][2] = -1.0f;
	CHECK(!r5xx_3d_fp_run(&st, &d, temp, out));
	temp[3][2] = 1.0f;
	CHECK(r5xx_3d_fp_run(&st, &d, temp, out));
	CHECK(out[0] == 0.1f && out[3] == 0.4f);
}

/*
 * The textured quad of the texture draws (64x64 pixels, texcoords 0 to 1)
 * and their programs on both families: VS out2 = in1 (the texcoord), RS
 * texcoord 0 to temp 0, a TEX LD of unit 0 to temp 1, output temp 1.
 */
static const Vtx tex_quad[4] = {
	{ 0, 0, 0.5f, 1, 0, 0, 0, 1 }, { 64, 0, 0.5f, 1, 1, 0, 0, 1 },
	{ 64, 64, 0.5f, 1, 1, 1, 0, 1 }, { 0, 64, 0.5f, 1, 0, 1, 0, 1 },
};

static void tex_draw_setup(R5xx3d *st, bool r500)
{
	uint32_t vs[3][4];

	for (unsigned i = 0; i < 3; i++) {
		vs[i][0] = pvs_dst(3, false, DST_OUT, i, 0xf, false);
		vs[i][1] = pvs_src(SRC_IN, i ? 1 : 0, XYZW, 0);
		vs[i][2] = pvs_src(SRC_IN, 0, ZERO4, 0);
		vs[i][3] = vs[i][2];
	}
	pvs_load(st, vs, 3);
	wr(st, A_VAP_OUT_VTX_FMT(1), 4);	/* texcoord 0: 4 */
	if (r500) {
		wr(st, A_R500_RS_IP(0), 0 | 1 << 6 | 2 << 12 | 3 << 18);
		wr(st, A_R500_RS_INST(0), 0 | 1 << 4 | 0 << 5);
		wr(st, A_GA_US_VECTOR_INDEX, 0);
		wr(st, A_GA_US_VECTOR_DATA, 3 | 7 << 11 | 1 << 14);
		wr(st, A_GA_US_VECTOR_DATA, 0 << 16 | 1 << 22);
		wr(st, A_GA_US_VECTOR_DATA, 0 | 0xe4 << 8 | 1 << 16 | 0xe4u << 24);
		for (unsigned k = 0; k < 3; k++)
			wr(st, A_GA_US_VECTOR_DATA, 0);
		us_mov_out(st, 1, 1);
		wr(st, A_R500_US_CODE_ADDR, 0 | 1 << 16);
	} else {
		/* R300 scissors are biased by 1440 */
		wr(st, A_RE_SCISSORS_TL, 1440 | 1440 << 13);
		wr(st, A_RE_SCISSORS_BR, (1440 + W - 1) | (1440 + W - 1) << 13);
		wr(st, A_RS_IP(0), 0 | 0 << 13 | 1 << 16 | 2 << 19 | 3 << 22);
		wr(st, A_R300_RS_INST(0), 0 | 1 << 3 | 0 << 6);
		wr(st, A_US_CONFIG, 1 << 3);
		wr(st, A_US_CODE_ADDR(3), 0);
		wr(st, A_US_TEX_INST(0), 0 | 1 << 6 | 0 << 11 | 1 << 15);
		fp_mov_out(st, 0, 1);
	}
}

/*
 * A textured quad drawn in full on both families (tex_draw_setup), unit 0
 * 16x16, nearest: pixel (x, y) is texel (x / 4, y / 4).
 */
static void test_tex_draw(void)
{
	R5xx3d st;

	for (int r500 = 0; r500 < 2; r500++) {
		unsigned bad = 0;

		setup(&st, r500);
		for (uint32_t y = 0; y < 16; y++)
			for (uint32_t x = 0; x < 16; x++)
				st32(TEX + 64 * y + 4 * x, texel_val(x, y));
		tex_unit(&st, 0, 16, 16, TXF_ARGB8888, 1 << 9 | 1 << 11, TEX);
		tex_draw_setup(&st, r500);
		draw_immd(&st, 5, tex_quad, 4);	/* fan */
		for (uint32_t y = 0; y < W; y++)
			for (uint32_t x = 0; x < W; x++)
				bad += ld32(CB + 4 * (y * W + x)) !=
				       texel_val(x / 4, y / 4);
		if (bad)
			printf("# %s: %u pixels differ\n", r500 ? "r500" : "r300",
			       bad);
		CHECK(bad == 0);
		/*
		 * A point of 32x32 pixels at (32, 32) with point texcoords
		 * (Mesa's blits): S0/T0 = (0, 1) at the lower left, S1/T1 =
		 * (1, 0) at the upper right, whatever the vertex's are.
		 */
		{
			Vtx pt = { 32, 32, 0.5f, 1, 0.9f, 0.9f, 0, 1 };

			wr(&st, A_GB_ENABLE, 1 | 2 << 16);
			wrf(&st, A_GA_POINT_S(0), 0.0f);
			wrf(&st, A_GA_POINT_T(0), 1.0f);
			wrf(&st, A_GA_POINT_S(1), 1.0f);
			wrf(&st, A_GA_POINT_T(1), 0.0f);
			wr(&st, A_GA_POINT_SIZE, 16 * 12 | (16 * 12) << 16);
			draw_immd(&st, 1, &pt, 1);
			bad = 0;
			for (uint32_t y = 16; y < 48; y++)
				for (uint32_t x = 16; x < 48; x++)
					bad += ld32(CB + 4 * (y * W + x)) !=
					       texel_val((x - 16) / 2,
							 (y - 16) / 2);
			CHECK(bad == 0);
		}
		CHECK(errors == 0);
	}
}

/*
 * Mipmaps: levels laid out as Mesa's r300_setup_miptree() (here a 256x256
 * ARGB8888 texture, macro- and micro-tiled, each level one colour over
 * the bytes Mesa gives it), sampled at a given LOD (nearest and linear
 * mip filters, MAX_MIP_LEVEL, NUM_LEVELS, LOD_BIAS), and in a draw whose
 * LOD comes from the quad's derivatives: a 256x256 texture over 64x64
 * pixels is level 2 (rho 4) everywhere.
 */
#define MIP_TEX		0x100000u
#define MIP_LEVELS	9

static uint32_t mip_colour(unsigned l)
{
	return 0xff000000u | (l * 28) << 16 | (255 - l * 28) << 8 | (l & 1) * 255;
}

/* Level offsets: Mesa's, for 32 bpp, micro-tiled (4x2), macro 32x16. */
static void mip_fill(bool ge)
{
	uint32_t off = 0;

	for (unsigned l = 0; l < MIP_LEVELS; l++) {
		uint32_t w = 256 >> l, h = 256 >> l;
		bool macro = ge ? w >= 32 && h >= 16 : w > 32 && h > 16;
		uint32_t aw = macro ? 32 : 4, ah = macro ? 16 : 2;
		uint32_t size = (w + aw - 1) / aw * aw * 4 * ((h + ah - 1) / ah * ah);

		for (uint32_t a = 0; a < size; a += 4)
			st32(MIP_TEX + off + a, mip_colour(l));
		off += size;
	}
}

static void test_mip(void)
{
	const uint32_t mip_near = 1 << 9 | 1 << 11 | 1 << 13;
	const uint32_t mip_lin = 1 << 9 | 1 << 11 | 2 << 13;
	const uint32_t tiled = MIP_TEX | 1 << 2 | 1 << 3;
	R5xx3d st;
	R5xx3dDraw d;
	float c[4] = { 0.3f, 0.6f, 0, 1 }, out[4];

	for (int r500 = 0; r500 < 2; r500++) {
		unsigned bad = 0;

		setup(&st, r500);
		/* R500 with MACRO_SWITCH: macro-tiled above a tile */
		mip_fill(!r500);
		tex_unit(&st, 0, 256, 256, TXF_ARGB8888, mip_near, tiled);
		wr(&st, A_TX_FORMAT0(0), 255 | 255 << 11 | 8u << 26);
		if (r500)
			wr(&st, A_TX_FILTER1(0), 1 << 22);
		r5xx_3d_tex_setup(&st, &d);
		for (unsigned l = 0; l < MIP_LEVELS; l++) {
			r5xx_3d_tex_sample_lod(&st, &d, 0, c, false, (float)l, out);
			if (!is_argb(out, mip_colour(l)))
				printf("# level %u: %f %f %f %f\n", l, out[0],
				       out[1], out[2], out[3]);
			CHECK(is_argb(out, mip_colour(l)));
		}
		/* beyond the coarsest: the coarsest; magnified: the finest */
		r5xx_3d_tex_sample_lod(&st, &d, 0, c, false, 20.0f, out);
		CHECK(is_argb(out, mip_colour(8)));
		r5xx_3d_tex_sample_lod(&st, &d, 0, c, false, -3.0f, out);
		CHECK(is_argb(out, mip_colour(0)));
		/* NUM_LEVELS 5, MAX_MIP_LEVEL 2: levels 2 to 5 */
		wr(&st, A_TX_FORMAT0(0), 255 | 255 << 11 | 5u << 26);
		wr(&st, A_TX_FILTER0(0), mip_near | 2 << 17);
		r5xx_3d_tex_setup(&st, &d);
		r5xx_3d_tex_sample_lod(&st, &d, 0, c, false, -1.0f, out);
		CHECK(is_argb(out, mip_colour(2)));
		r5xx_3d_tex_sample_lod(&st, &d, 0, c, false, 1.0f, out);
		CHECK(is_argb(out, mip_colour(3)));
		r5xx_3d_tex_sample_lod(&st, &d, 0, c, false, 7.0f, out);
		CHECK(is_argb(out, mip_colour(5)));
		/* linear: halfway between levels 1 and 2; LOD_BIAS +1 (32/32) */
		wr(&st, A_TX_FORMAT0(0), 255 | 255 << 11 | 8u << 26);
		wr(&st, A_TX_FILTER0(0), mip_lin);
		r5xx_3d_tex_setup(&st, &d);
		r5xx_3d_tex_sample_lod(&st, &d, 0, c, false, 1.5f, out);
		CHECK(fabsf(out[0] - (28 + 56) / 2 / 255.0f) < 1e-5f);
		CHECK(fabsf(out[1] - (227 + 199) / 2 / 255.0f) < 1e-5f);
		CHECK(fabsf(out[2] - 0.5f) < 1e-5f);
		wr(&st, A_TX_FILTER1(0), (r500 ? 1 << 22 : 0) | 32 << 3);
		r5xx_3d_tex_setup(&st, &d);
		r5xx_3d_tex_sample_lod(&st, &d, 0, c, false, 2.0f, out);
		CHECK(is_argb(out, mip_colour(3)));
		if (r500) {
			/* without MACRO_SWITCH: macro-tiled from one tile on */
			memset(mem + MIP_TEX, 0, 0x60000);
			mip_fill(true);
			wr(&st, A_TX_FILTER1(0), 0);
			wr(&st, A_TX_FILTER0(0), mip_near);
			r5xx_3d_tex_setup(&st, &d);
			for (unsigned l = 0; l < MIP_LEVELS; l++) {
				r5xx_3d_tex_sample_lod(&st, &d, 0, c, false,
						       (float)l, out);
				CHECK(is_argb(out, mip_colour(l)));
			}
		}

		/* a draw: 256x256 over 64x64 pixels, LOD 2 from derivatives */
		memset(mem + MIP_TEX, 0, 0x60000);
		mip_fill(!r500);
		wr(&st, A_TX_FILTER1(0), r500 ? 1 << 22 : 0);
		wr(&st, A_TX_FILTER0(0), mip_near);
		tex_draw_setup(&st, r500);
		written = 0;
		draw_immd(&st, 5, tex_quad, 4);	/* fan */
		/* mapped: the colour buffer's rows reported written */
		CHECK(no_map ? written == 0 : written >= 4 * W * W);
		for (uint32_t y = 0; y < W; y++)
			for (uint32_t x = 0; x < W; x++)
				bad += ld32(CB + 4 * (y * W + x)) != mip_colour(2);
		if (bad)
			printf("# %s: %u pixels not level 2 (%08x at 0, 0)\n",
			       r500 ? "r500" : "r300", bad, ld32(CB));
		CHECK(bad == 0);
		CHECK(errors == 0);
	}
}

/* The texture tests again with every texel read through R5xx3dMem.read. */
static void test_tex_read(void)
{
	no_map = true;
	test_tex();
	test_tex_draw();
	no_map = false;
}

static void test_mip_read(void)
{
	no_map = true;
	test_mip();
	no_map = false;
}

/* Colour buffer formats: RGB565, I8 (C2), ARGB4444 with a channel mask. */
static void test_cfmt(void)
{
	static const Vtx q[4] = {
		{ 0, 0, 0.5f, 1, 1.0f, 0.5f, 0.25f, 0.75f },
		{ 64, 0, 0.5f, 1, 1.0f, 0.5f, 0.25f, 0.75f },
		{ 64, 64, 0.5f, 1, 1.0f, 0.5f, 0.25f, 0.75f },
		{ 0, 64, 0.5f, 1, 1.0f, 0.5f, 0.25f, 0.75f },
	};
	R5xx3d st;
	unsigned bad = 0;

	setup(&st, true);
	wr(&st, A_RB3D_COLORPITCH(0), W | 4 << 21);		/* RGB565 */
	draw_immd(&st, 5, q, 4);
	for (uint32_t i = 0; i < W * W; i++) {
		uint16_t v;

		memcpy(&v, mem + CB + 2 * i, 2);
		bad += v != (31 << 11 | 32 << 5 | 8);
	}
	CHECK(bad == 0);
	CHECK(ld32(CB + 2 * W * W) == CANARY);		/* 2 bytes a pixel */
	/* I8 writes C2: red with Mesa's C2_SEL_R */
	wr(&st, A_RB3D_COLORPITCH(0), W | 9 << 21);
	wr(&st, A_US_OUT_FMT(0), 0 | 1 << 12);
	draw_immd(&st, 5, q, 4);
	CHECK(mem[CB] == 255 && mem[CB + W * W - 1] == 255);
	/* ARGB4444, green masked off (C1 with the BGRA order) */
	memset(mem + CB, 0xff, 2 * W * W);
	wr(&st, A_RB3D_COLORPITCH(0), W | 15 << 21);
	wr(&st, A_US_OUT_FMT(0), 0 | 3 << 8 | 2 << 10 | 1 << 12 | 0 << 14);
	wr(&st, A_RB3D_COLOR_CHANNEL_MASK, 0xf & ~2u);
	draw_immd(&st, 5, q, 4);
	{
		uint16_t v;

		memcpy(&v, mem + CB + 2 * 100, 2);
		/* B 0.25 * 15 = 4, G kept 15, R 15, A 0.75 * 15 = 11 */
		CHECK(v == (4 | 15 << 4 | 15 << 8 | 11 << 12));
	}
	CHECK(errors == 0);
}

/*
 * The CBZB clear: with ZB_CB_CLEAR the Z unit writes ZB_DEPTHCLEARVALUE to
 * each covered pixel of the Z buffer, here the lower half of the colour
 * buffer as Mesa sets it up, while the colour unit fills the upper half.
 */
static void test_cbzb(void)
{
	static const Vtx q[4] = {
		{ 0, 0, 0.5f, 1, 1, 0, 0, 1 }, { 64, 0, 0.5f, 1, 1, 0, 0, 1 },
		{ 64, 32, 0.5f, 1, 1, 0, 0, 1 }, { 0, 32, 0.5f, 1, 1, 0, 0, 1 },
	};
	R5xx3d st;
	unsigned bad = 0;

	setup(&st, true);
	wr(&st, A_ZB_BW_CNTL, 1 << 5);
	wr(&st, A_ZB_CNTL, 0);
	wr(&st, A_ZB_FORMAT, 2);
	wr(&st, A_ZB_DEPTHOFFSET, CB + 4 * W * W / 2);
	wr(&st, A_ZB_DEPTHPITCH, W);
	wr(&st, A_ZB_DEPTHCLEARVALUE, 0x11223344);
	draw_immd(&st, 5, q, 4);
	for (uint32_t i = 0; i < W * W; i++)
		bad += ld32(CB + 4 * i) != (i < W * W / 2 ? 0xffff0000u :
					    0x11223344u);
	CHECK(bad == 0);
	wr(&st, A_ZB_BW_CNTL, 0);			/* off: Z untouched */
	st32(CB + 4 * W * W / 2, CANARY);
	draw_immd(&st, 5, q, 4);
	CHECK(ld32(CB + 4 * W * W / 2) == CANARY);
	CHECK(errors == 0);
}

int main(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
		{ "capture", test_capture },
		{ "psc", test_psc },
		{ "pvs_ops", test_pvs_ops },
		{ "pvs_pred", test_pvs_pred },
		{ "pvs_fc", test_pvs_fc },
		{ "sqrt0", test_sqrt0 },
		{ "viewport", test_viewport },
		{ "fill_rule", test_fill_rule },
		{ "draw", test_draw },
		{ "defer", test_defer },
		{ "interp", test_interp },
		{ "cull", test_cull },
		{ "z", test_z },
		{ "us", test_us },
		{ "us_fc", test_us_fc },
		{ "blend", test_blend },
		{ "point", test_point },
		{ "budget", test_budget },
		{ "tex", test_tex },
		{ "fp", test_fp },
		{ "tex_draw", test_tex_draw },
		{ "cfmt", test_cfmt },
		{ "cbzb", test_cbzb },
		{ "mip", test_mip },
		{ "tex_read", test_tex_read },
		{ "mip_read", test_mip_read },
		{ "garbage", test_garbage },
	};
	unsigned n = sizeof(tests) / sizeof(tests[0]);

	mem = calloc(1, MEM_SIZE);
	if (!mem)
		return 1;
	printf("1..%u\n", n);
	for (unsigned i = 0; i < n; i++) {
		test_failed = 0;
		tests[i].fn();
		printf("%sok %u - 3d_%s\n", test_failed ? "not " : "", i + 1,
		       tests[i].name);
		failed += !!test_failed;
	}
	free(mem);
	return failed ? 1 : 0;
}
