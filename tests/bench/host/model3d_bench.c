// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Host benchmark of the QEMU model's 3D core (qemu/hw/display/r5xx/
 * r5xx_3d_*.c), built without QEMU over a flat memory as the unit test
 * builds it: frames of a 1024x1024 ARGB8888 colour buffer covered by one
 * quad (a triangle fan), flat colour, then textured from a 256x256
 * ARGB8888 texture (nearest and bilinear), on R500 (US) and R300 (FP).
 * Then kmscube's frame (a rotated, textured, depth-tested cube in
 * perspective over 1024x768) on both.  Prints Mpixels/s and ms a frame of CPU time for each (the process's
 * CPU time: the machine is shared).  Not a test: the figures depend on
 * the machine (tests/bench/host/run3d, `make bench-host`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

#include "r5xx_3d_int.h"
#include "r5xx_pm4.h"
#include "r5xx_regs.h"

#define MEM_SIZE	(1u << 24)
#define CB		0x100000u
#define TEX		0xa00000u
#define FB		1024
#define TS		256
#define ZB		0x600000u

static uint8_t *mem;

static bool mem_read(void *opaque, uint64_t addr, void *buf, uint32_t len)
{
	if (addr >= MEM_SIZE || len > MEM_SIZE - addr) {
		memset(buf, 0, len);
		return false;
	}
	memcpy(buf, mem + addr, len);
	return true;
}

static bool mem_write(void *opaque, uint64_t addr, const void *buf,
		      uint32_t len)
{
	if (addr >= MEM_SIZE || len > MEM_SIZE - addr)
		return false;
	memcpy(mem + addr, buf, len);
	return true;
}

static void guest_error(void *opaque, const char *msg)
{
	fprintf(stderr, "guest error: %s\n", msg);
}

static uint64_t written;

static void mem_written(void *opaque, uint64_t addr, uint64_t len)
{
	written += len;
}

static void *mem_map(void *opaque, uint64_t addr, uint64_t len)
{
	if (addr >= MEM_SIZE || len > MEM_SIZE - addr)
		return NULL;
	return mem + addr;
}

static const R5xx3dMem bench_mem = {
	NULL, mem_read, mem_write, guest_error, mem_map, mem_written
};

static void wr(R5xx3d *st, uint32_t reg, uint32_t v)
{
	r5xx_3d_reg_write(st, reg, v);
}

/* VS: out0 = in0 (position), out1 = out2 = in1 (colour, texcoord). */
static void wrf(R5xx3d *st, uint32_t reg, float f)
{
	uint32_t v;

	memcpy(&v, &f, 4);
	wr(st, reg, v);
}

static void setup(R5xx3d *st, bool r500, bool tex, bool linear, bool cube)
{
	r5xx_3d_init(st, r500, &bench_mem);
	st->budget = ~0ull;
	wr(st, A_VAP_PVS_VECTOR_INDX_REG, 0);
	for (unsigned i = 0; i < 3; i++) {
		uint32_t in = i ? 1 : 0;

		wr(st, A_VAP_PVS_VECTOR_DATA_REG_128, 3 | 2 << 8 | i << 13 |
		   0xf << 20);
		wr(st, A_VAP_PVS_VECTOR_DATA_REG_128, 1 | in << 5 | 0x688 << 13);
		wr(st, A_VAP_PVS_VECTOR_DATA_REG_128, 1 | 0x924 << 13);
		wr(st, A_VAP_PVS_VECTOR_DATA_REG_128, 1 | 0x924 << 13);
	}
	wr(st, A_VAP_PVS_CODE_CNTL(0), 2 << 20);
	wr(st, A_VAP_PROG_STREAM_CNTL(0), 3 | (3 | 1 << 8 | 1 << 13) << 16);
	wr(st, A_VAP_PROG_STREAM_CNTL_EXT(0), (0x688 | 0xf << 12) * 0x10001u);
	wr(st, A_VAP_OUT_VTX_FMT(0), 1 | 2);
	wr(st, A_VAP_OUT_VTX_FMT(1), 4);
	wr(st, A_VAP_VTE_CNTL, cube ? 0x3f | 1 << 10 : 3 << 8);
	if (cube) {
		/* a 1024x768 viewport, Z24 test LEQUAL with writes */
		wrf(st, A_VAP_VPORT_XSCALE, 512.0f);
		wrf(st, A_VAP_VPORT_XOFFSET, 512.0f);
		wrf(st, A_VAP_VPORT_YSCALE, -384.0f);
		wrf(st, A_VAP_VPORT_YOFFSET, 384.0f);
		wrf(st, A_VAP_VPORT_ZSCALE, 0.5f);
		wrf(st, A_VAP_VPORT_ZOFFSET, 0.5f);
		wr(st, A_ZB_CNTL, 2 | 4);
		wr(st, A_ZB_ZSTENCILCNTL, 2);
		wr(st, A_ZB_FORMAT, 2);
		wr(st, A_ZB_DEPTHOFFSET, ZB);
		wr(st, A_ZB_DEPTHPITCH, FB);
	}
	wr(st, A_VAP_VTX_SIZE, 8);
	wr(st, A_VAP_VF_MAX_VTX_INDX, 0xffffff);
	wr(st, A_RE_SCISSORS_TL, r500 ? 0 : 1440 | 1440 << 13);
	wr(st, A_RE_SCISSORS_BR, r500 ? (FB - 1) | (FB - 1) << 13 :
	   (1440 + FB - 1) | (1440 + FB - 1) << 13);
	wr(st, A_RB3D_COLOROFFSET(0), CB);
	wr(st, A_RB3D_COLORPITCH(0), FB | 6 << 21);
	wr(st, A_RB3D_COLOR_CHANNEL_MASK, 0xf);
	wr(st, A_US_OUT_FMT(0), 3 << 8 | 2 << 10 | 1 << 12);
	wr(st, A_RS_INST_COUNT, 0);
	wr(st, A_TX_ENABLE, tex);
	wr(st, A_TX_FILTER0(0), (linear ? 2 : 1) * (1 << 9 | 1 << 11));
	wr(st, A_TX_FORMAT0(0), (TS - 1) | (TS - 1) << 11);
	wr(st, A_TX_FORMAT1(0), 0xc | 2 << 12 | 1 << 15 | 3 << 9);
	wr(st, A_TX_OFFSET(0), TEX);
	if (r500) {
		/* RS: texcoord -> temp 0 or colour -> temp 0 */
		wr(st, A_R500_RS_IP(0), 0 | 1 << 6 | 2 << 12 | 3 << 18);
		wr(st, A_R500_RS_INST(0), tex ? 1 << 4 : 1 << 16);
		wr(st, A_GA_US_VECTOR_INDEX, 0);
		/* TEX LD unit 0 temp 0 -> temp 0, or an ALU NOP */
		wr(st, A_GA_US_VECTOR_DATA, tex ? 3 | 7 << 11 | 1 << 14 : 0);
		wr(st, A_GA_US_VECTOR_DATA, tex ? 1 << 22 : 0);
		wr(st, A_GA_US_VECTOR_DATA, tex ? 0xe4u << 8 | 0xe4u << 24 : 0);
		for (unsigned k = 0; k < 3; k++)
			wr(st, A_GA_US_VECTOR_DATA, 0);
		/* OUT: MAD temp 0, 1, 0 */
		wr(st, A_GA_US_VECTOR_DATA, 1 | 1 << 8 | 7 << 15 | 1 << 18);
		wr(st, A_GA_US_VECTOR_DATA, 0);
		wr(st, A_GA_US_VECTOR_DATA, 0);
		wr(st, A_GA_US_VECTOR_DATA, 0 | 0x88 << 2 | 0x1b6 << 15);
		wr(st, A_GA_US_VECTOR_DATA, 3 << 14 | 6 << 21);
		wr(st, A_GA_US_VECTOR_DATA, 0x124 << 14 | 4u << 27);
		wr(st, A_R500_US_CODE_ADDR, 1 << 16);
	} else {
		wr(st, A_RS_IP(0), 1 << 16 | 2 << 19 | 3 << 22);
		wr(st, A_R300_RS_INST(0), tex ? 1 << 3 : 1 << 14);
		wr(st, A_US_CONFIG, tex ? 1 << 3 : 0);
		wr(st, A_US_CODE_ADDR(3), 0);
		wr(st, A_US_TEX_INST(0), 1 << 15);
		wr(st, A_US_ALU_RGB_ADDR(0), 7u << 26);
		wr(st, A_US_ALU_ALPHA_ADDR(0), 1u << 24);
		wr(st, A_US_ALU_RGB_INST(0), 21 << 7 | 20 << 14);
		wr(st, A_US_ALU_ALPHA_INST(0), 9 | 17 << 7 | 16 << 14);
	}
}

static void frame(R5xx3d *st)
{
	static const float v[4][8] = {
		{ 0, 0, 0.5f, 1, 0, 0, 0.5f, 1 },
		{ FB, 0, 0.5f, 1, 1, 0, 0.5f, 1 },
		{ FB, FB, 0.5f, 1, 1, 1, 0.5f, 1 },
		{ 0, FB, 0.5f, 1, 0, 1, 0.5f, 1 },
	};
	uint32_t body[1 + 32];

	body[0] = 5 | 3 << 4 | 4 << 16;
	memcpy(body + 1, v, sizeof(v));
	r5xx_3d_packet3(st, R5XX_PM4_3D_DRAW_IMMD_2, body, 1 + 32);
}

/* FNV-1a of the colour buffer: the same figure before and after a change. */
static uint32_t image_hash(void)
{
	uint32_t h = 2166136261u;

	for (uint32_t i = 0; i < FB * FB * 4; i++)
		h = (h ^ mem[CB + i]) * 16777619u;
	return h;
}

/*
 * kmscube's frame: a cube of 12 triangles, rotated and in perspective,
 * textured, depth-tested, over a 1024x768 viewport.
 */
static void cube_frame(R5xx3d *st)
{
	static const int8_t face[6][4][3] = {
		{ { -1, -1, 1 }, { 1, -1, 1 }, { 1, 1, 1 }, { -1, 1, 1 } },
		{ { 1, -1, -1 }, { -1, -1, -1 }, { -1, 1, -1 }, { 1, 1, -1 } },
		{ { 1, -1, 1 }, { 1, -1, -1 }, { 1, 1, -1 }, { 1, 1, 1 } },
		{ { -1, -1, -1 }, { -1, -1, 1 }, { -1, 1, 1 }, { -1, 1, -1 } },
		{ { -1, 1, 1 }, { 1, 1, 1 }, { 1, 1, -1 }, { -1, 1, -1 } },
		{ { -1, -1, -1 }, { 1, -1, -1 }, { 1, -1, 1 }, { -1, -1, 1 } },
	};
	static const float uv[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
	const float a = 0.6f, b = 0.4f;
	const float ca = cosf(a), sa = sinf(a), cb = cosf(b), sb = sinf(b);
	uint32_t body[1 + 8 * 6 * 6];
	unsigned n = 0;

	for (unsigned f = 0; f < 6; f++) {
		static const unsigned tri[6] = { 0, 1, 2, 0, 2, 3 };

		for (unsigned k = 0; k < 6; k++) {
			const int8_t *p = face[f][tri[k]];
			float x = p[0] * ca + p[2] * sa, z = -p[0] * sa + p[2] * ca;
			float y = p[1] * cb - z * sb;
			float v[8];

			z = p[1] * sb + z * cb;
			/* eye 6 back; projection: x 1.8, y 2.4, near 1, far 20 */
			v[0] = x * 1.8f;
			v[1] = y * 2.4f;
			v[2] = (z - 6.0f) * -21.0f / 19.0f - 40.0f / 19.0f;
			v[3] = 6.0f - z;
			v[4] = uv[tri[k]][0];
			v[5] = uv[tri[k]][1];
			v[6] = 0.5f;
			v[7] = 1.0f;
			memcpy(body + 1 + 8 * n++, v, sizeof(v));
		}
	}
	body[0] = 4 | 3 << 4 | n << 16;
	r5xx_3d_packet3(st, R5XX_PM4_3D_DRAW_IMMD_2, body, 1 + 8 * n);
}

/*
 * kmscube's frame as Mesa r300 draws it (kmscube's default, smooth
 * shading): the clear, one 1024x768 point of the clear colour writing Z
 * 1.0 (Z function always), then the cube, its colours interpolated.
 */
static void clear_frame(R5xx3d *st)
{
	static const float v[8] = { 0, 0, 1, 1, 0.5f, 0.5f, 0.5f, 1 };
	uint32_t body[1 + 8];

	wr(st, A_ZB_ZSTENCILCNTL, 7);
	wr(st, A_GA_POINT_SIZE, (384 * 12) | (512 * 12) << 16);
	body[0] = 1 | 3 << 4 | 1 << 16;
	memcpy(body + 1, v, sizeof(v));
	r5xx_3d_packet3(st, R5XX_PM4_3D_DRAW_IMMD_2, body, 1 + 8);
	wr(st, A_ZB_ZSTENCILCNTL, 2);
	cube_frame(st);
}

static double now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		bool r500, tex, linear, cube, clear;
	} runs[] = {
		{ "r500 flat", true, false, false, false },
		{ "r500 texture nearest", true, true, false, false },
		{ "r500 texture bilinear", true, true, true, false },
		{ "r300 flat", false, false, false, false },
		{ "r300 texture nearest", false, true, false, false },
		{ "r300 texture bilinear", false, true, true, false },
		{ "r500 kmscube 1024x768", true, true, true, true },
		{ "r300 kmscube 1024x768", false, true, true, true },
		{ "r500 kmscube smooth+clear", true, false, false, true, true },
		{ "r300 kmscube smooth+clear", false, false, false, true, true },
	};
	double secs = argc > 1 ? atof(argv[1]) : 2.0;

	mem = calloc(1, MEM_SIZE);
	if (!mem)
		return 1;
	for (uint32_t i = 0; i < TS * TS; i++)
		memcpy(mem + TEX + 4 * i, &(uint32_t){ i * 2654435761u }, 4);
	for (unsigned r = 0; r < sizeof(runs) / sizeof(runs[0]); r++) {
		R5xx3d st;
		unsigned n = 0;
		double t0, c0, t, c;

		if (argc > 2 && !strstr(runs[r].name, argv[2]))
			continue;
		setup(&st, runs[r].r500, runs[r].tex, runs[r].linear,
		      runs[r].cube);
		memset(mem + CB, 0, FB * FB * 4);
		memset(mem + ZB, 0xff, FB * FB * 4);
		t0 = now(CLOCK_MONOTONIC);
		c0 = now(CLOCK_PROCESS_CPUTIME_ID);
		do {
			if (runs[r].clear)
				clear_frame(&st);
			else if (runs[r].cube)
				cube_frame(&st);
			else
				frame(&st);
			n++;
			c = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
		} while (c < secs);
		t = now(CLOCK_MONOTONIC) - t0;
		printf("%-26s %6.1f Mpixels/s %7.1f ms/frame of CPU time (%u frames; %.1f s elapsed; image %08x)\n",
		       runs[r].name, (double)st.pixels_written / c / 1e6,
		       c * 1e3 / n, n, t, image_hash());
		r5xx_3d_fini(&st);
	}
	free(mem);
	return 0;
}
