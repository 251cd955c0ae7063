// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Host unit tests of r5xx_bandwidth.c's legacy display FIFO registers, for
 * modes whose values are worked out by hand below from the arithmetic of
 * r100_bandwidth_update in real numbers (none near a rounding boundary).
 *
 * The memory: 400 MHz engine, 300 MHz 128-bit DDR, Trcd 5, Trp 5, Tras 12,
 * CAS + Trbs 3 clocks. Latency, memory side: (2*5 + 1*3 + 4*12 + 4*5 +
 * 20) / 300 + 4 / 400 = 0.34667 us, plus the cursor max(2*(16-2)+5, 12) /
 * 300 = 0.11 and the overhead 8 / 400 = 0.02: 0.47667 us. Engine side:
 * 250 / 400 + 0.02 + 16 / 400 = 0.685 us, the larger.
 */
#include <stdbool.h>
#include <stdint.h>

#include <linux/kernel.h>

#include "r5xx_bandwidth.h"
#include "r5xx_regs.h"
#include "tap.h"

#define SIZE		(1u << 29)	/* GRPH_BUFFER_SIZE */
#define GRPH(start, stop, crit)	((start) | (stop) << 8 | (crit) << 16 | SIZE)

static const struct r5xx_bw_legacy_mem mem = {
	.sclk_khz = 400000, .mclk_khz = 300000, .vram_width = 128, .ddr = true,
	.trcd = 5, .trp = 5, .tras = 12, .tcas_half = 6,
};
static const struct r5xx_bw_mode off = { .on = false };
static const struct r5xx_bw_mode xga32 = { true, 65000, 1024, 1344, 4 };
static const struct r5xx_bw_mode sxga32 = { true, 108000, 1280, 1688, 4 };
static const struct r5xx_bw_mode vga16 = { true, 25175, 640, 800, 2 };
static const struct r5xx_bw_mode fast32 = { true, 400000, 1920, 2080, 4 };

static struct r5xx_bw_legacy run(struct r5xx_bw_mode c1, struct r5xx_bw_mode c2,
				 const struct r5xx_bw_legacy_mem *m, bool high,
				 uint32_t flags)
{
	struct r5xx_bw_mode md[2] = { c1, c2 };
	struct r5xx_bw_legacy bw = { { 0xdead, 0xbeef }, 0xcafe };

	r5xx_bw_legacy_compute(md, m, high, flags, &bw);
	return bw;
}

static struct r5xx_bw_legacy_mem decode(enum r5xx_bw_mem_timing kind,
					uint32_t timing, uint32_t sdram,
					uint32_t rbs)
{
	struct r5xx_bw_mem_regs regs = { timing, sdram, rbs };
	struct r5xx_bw_legacy_mem m = { .trcd = 99, .trp = 99, .tras = 99,
					.tcas_half = 99 };

	r5xx_bw_legacy_mem_decode(kind, &regs, &m);
	return m;
}

#define CAS(code)	((uint32_t)(code) << 20)
#define EXTRA(n)	((uint32_t)(n) << 23)

/* r100_bandwidth_update's MEM_TIMING_CNTL, MEM_SDRAM_MODE_REG and Trbs */
static void test_decode(void)
{
	struct r5xx_bw_legacy_mem m;

	/* R300: Trcd 2:0 + 1, Trp 10:8 + 1, Tras 14:11 + 4 */
	m = decode(R5XX_BW_MEM_R300, 0x2 | 0x3 << 8 | 0x5 << 11, CAS(3), 1);
	tap_is(m.trcd, 3, "R300: Trcd 2 + 1");
	tap_is(m.trp, 4, "... Trp 3 + 1");
	tap_is(m.tras, 9, "... Tras 5 + 4");
	/* CAS 3 clocks plus Trbs code 1 = 1.5 clocks: 9 half clocks */
	tap_is(m.tcas_half, 9, "... CAS 3 + Trbs 1.5 = 4.5 clocks");
	m = decode(R5XX_BW_MEM_R300, 0xffffffff, CAS(7), 3);
	tap_is(m.trcd, 8, "R300 all ones: Trcd 8");
	tap_is(m.tras, 19, "... Tras 19");
	tap_is(m.tcas_half, 19, "... CAS 7 + Trbs 2.5");

	/* RV350/RV380: + 3, + 3, + 6 */
	m = decode(R5XX_BW_MEM_RV350, 0x2 | 0x3 << 8 | 0x5 << 11, CAS(2), 0);
	tap_is(m.trcd, 5, "RV350: Trcd 2 + 3");
	tap_is(m.trp, 6, "... Trp 3 + 3");
	tap_is(m.tras, 11, "... Tras 5 + 6");
	tap_is(m.tcas_half, 6, "... CAS 2 + Trbs 1");
	m = decode(R5XX_BW_MEM_RV350, 0, 0, 0);
	tap_ok(m.trcd == 3 && m.trp == 3 && m.tras == 6 && m.tcas_half == 2,
	       "RV350 registers 0 (the model's): 3, 3, 6, Trbs 1 clock");

	/* R4xx: 4-bit Trcd/Trp, 5-bit Tras at 16:12, capped; Trbs 4..7 */
	m = decode(R5XX_BW_MEM_R420, 0x9 | 0xa << 8 | 0x11 << 12, CAS(4), 2);
	tap_is(m.trcd, 12, "R420: Trcd 9 + 3");
	tap_is(m.trp, 13, "... Trp 10 + 3");
	tap_is(m.tras, 23, "... Tras 17 + 6");
	tap_is(m.tcas_half, 20, "... CAS 4 + Trbs 6 clocks");
	m = decode(R5XX_BW_MEM_R420, 0xffffffff, 0, 3);
	tap_ok(m.trcd == 15 && m.trp == 15 && m.tras == 31,
	       "R420 all ones: capped at 15, 15, 31");
	tap_is(m.tcas_half, 14, "... Trbs 7 clocks");

	/* RS400: Trcd 3:2 + 1, Trp 1:0 + 1, Tras 6:4 + 1; IGP CAS codes */
	m = decode(R5XX_BW_MEM_RS400, 0x2 << 2 | 0x1 | 0x3 << 4, CAS(4), 3);
	tap_is(m.trcd, 3, "RS400: Trcd 2 + 1");
	tap_is(m.trp, 2, "... Trp 1 + 1");
	tap_is(m.tras, 4, "... Tras 3 + 1");
	tap_is(m.tcas_half, 3, "... CAS code 4 = 1.5 clocks, no Trbs");
	m = decode(R5XX_BW_MEM_RS400, 0, CAS(1) | EXTRA(2), 0);
	tap_is(m.tcas_half, 8, "... CAS 2 plus 2 extra clocks");
	m = decode(R5XX_BW_MEM_RS400, 0, CAS(1) | EXTRA(5), 0);
	tap_is(m.tcas_half, 4, "... an extra code above 4 adds nothing");
	m = decode(R5XX_BW_MEM_RS480, 0, CAS(7) | EXTRA(4), 0);
	tap_is(m.tcas_half, 15, "RS480: CAS code 7 = 3.5 clocks, plus 4");
	m = decode(R5XX_BW_MEM_RS480, 0, CAS(1), 0);
	tap_is(m.tcas_half, 2, "... code 1 = 1 clock (RS400's is 2)");

	m = decode(R5XX_BW_MEM_NONE, 0xffffffff, 0xffffffff, 3);
	tap_ok(m.trcd == 99 && m.tcas_half == 99, "no layout: left alone");
}

int main(void)
{
	struct r5xx_bw_legacy_mem m = mem;
	struct r5xx_bw_legacy bw;

	/* XGA32 drains 65 / (16 / 4) = 16.25 octawords a us: 11.13 + 0.5 */
	bw = run(xga32, off, &mem, false, 0);
	tap_is(bw.grph_buffer_cntl[0], GRPH(0x7c, 0x7c, 11),
	       "CRTC1 1024x768 32 bpp: stop 0x7c (capped), critical point 11");
	tap_is(bw.grph_buffer_cntl[1], 0, "... CRTC2 off: nothing");
	tap_is(bw.init_lat, 0, "... no MC init latency");

	/*
	 * CRTC2 1280x1024 drains 27: read return min(300 * 1, 400) = 300,
	 * CRTC1's drop time 11.63 / (300 - 16.25) = 0.04099 us;
	 * (2 * 0.685 + 0.04099) * 27 + 0.5 = 38.6
	 */
	bw = run(xga32, sxga32, &mem, false, 0);
	tap_is(bw.grph_buffer_cntl[0], GRPH(0x7c, 0x7c, 11), "both: CRTC1 as alone");
	tap_is(bw.grph_buffer_cntl[1], GRPH(0x7c, 0x7c, 38),
	       "... CRTC2 critical point 38 (two latencies and CRTC1's drop)");

	/* CRTC2 alone: 1.37 * 27 + 0.5 = 37.49 */
	bw = run(off, sxga32, &mem, false, 0);
	tap_is(bw.grph_buffer_cntl[1], GRPH(0x7c, 0x7c, 37), "CRTC2 alone: 37");
	tap_is(bw.grph_buffer_cntl[0], 0, "... CRTC1 off: nothing");

	/* 640 * 2 / 16 = 80 octawords; 25.175 / 8 * 0.685 + 0.5 = 2.66 */
	bw = run(vga16, off, &mem, false, 0);
	tap_is(bw.grph_buffer_cntl[0], GRPH(0x50, 0x50, 2),
	       "CRTC1 640x480 16 bpp: stop 0x50, critical point 2");
	bw = run(vga16, off, &mem, false, R5XX_BW_LEGACY_START_LOW);
	tap_is(bw.grph_buffer_cntl[0], GRPH(0x40, 0x50, 2),
	       "... R350: start 0x10 below the stop level");

	/* CRTC2 at 400 MHz: 1.411 * 100 = 141 > 0x7c - 4: always high */
	bw = run(xga32, fast32, &mem, false, 0);
	tap_is(bw.grph_buffer_cntl[1], GRPH(0x7c, 0x7c, 0),
	       "CRTC2 400 MHz: critical point past the stop level - 4 is 0");
	bw = run(xga32, fast32, &mem, false, R5XX_BW_LEGACY_CRIT_NONZERO);
	tap_is(bw.grph_buffer_cntl[1], GRPH(0x7c, 0x7c, 0x10), "... R300: 0x10");
	tap_is(bw.grph_buffer_cntl[0], GRPH(0x7c, 0x7c, 11),
	       "... R300 CRTC1 keeps its non-zero point");

	bw = run(xga32, sxga32, &mem, true, 0);
	tap_is(bw.grph_buffer_cntl[0], GRPH(0x7c, 0x7c, 0), "priority high: CRTC1 0");
	tap_is(bw.grph_buffer_cntl[1], GRPH(0x7c, 0x7c, 0), "... CRTC2 0");
	tap_is(bw.init_lat, 0x1100, "... MC init latency 1 for both reads");
	bw = run(off, sxga32, &mem, true, R5XX_BW_LEGACY_CRIT_NONZERO);
	tap_is(bw.init_lat, 0x1000, "... CRTC2 alone: DISP1R only");
	tap_is(bw.grph_buffer_cntl[1], GRPH(0x7c, 0x7c, 0x10),
	       "... R300 CRTC2: 0x10 even when forced high");
	bw = run(xga32, off, &mem, true, R5XX_BW_LEGACY_CRIT_NONZERO);
	tap_is(bw.grph_buffer_cntl[0], GRPH(0x7c, 0x7c, 0),
	       "... R300 CRTC1 alone: 0 (0x10 only with CRTC2 on)");

	/*
	 * SDR 64-bit, 200 MHz: memory side (2*5 + 3*3 + 48 + 20 + 40) / 200
	 * + 0.01 + max(2*(16-1)+5, 12) / 200 + 0.02 = 0.635 + 0.01 + 0.175
	 * + 0.02 = 0.84 us, over the engine side's 0.685; XGA32: 16.25 *
	 * 0.84 + 0.5 = 14.15. The read return rate is 0 ((64 * 0 + 1) / 128):
	 * CRTC1's drop time wraps to about nothing, as upstream's does.
	 */
	m.vram_width = 64;
	m.ddr = false;
	m.mclk_khz = 200000;
	bw = run(xga32, sxga32, &m, false, 0);
	tap_is(bw.grph_buffer_cntl[0], GRPH(0x7c, 0x7c, 14),
	       "SDR 64-bit 200 MHz: CRTC1 critical point 14 (memory side)");
	/* 2 * 0.84 * 27 + 0.5 = 45.86 */
	tap_is(bw.grph_buffer_cntl[1], GRPH(0x7c, 0x7c, 45),
	       "... CRTC2 45 (no drop time)");

	/* CRTC1 drains exactly at the read return rate: no division by 0 */
	m = mem;
	m.mclk_khz = 16250;	/* 16.25 * (128 + 1) / 128 = 16.25 */
	bw = run(xga32, sxga32, &m, false, 0);
	tap_ok(bw.grph_buffer_cntl[1] & SIZE,
	       "drain rate = read return rate: computed (%#x)",
	       bw.grph_buffer_cntl[1]);

	/* 24 bpp: 16 / 3 = 5 bytes a drain step, as upstream's integer */
	{
		struct r5xx_bw_mode xga24 = xga32;

		xga24.cpp = 3;
		bw = run(xga24, off, &mem, false, 0);
		/* 65 / 5 * 0.685 + 0.5 = 9.4 */
		tap_is(bw.grph_buffer_cntl[0], GRPH(0x7c, 0x7c, 9),
		       "CRTC1 24 bpp: critical point 9");
	}
	test_decode();
	return tap_done();
}
