// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Host unit tests of r5xx_bandwidth.c: the AVIVO display bandwidth
 * registers for modes whose values are worked out by hand below (the
 * arithmetic of rv515_crtc_bandwidth_compute and
 * rv515_compute_mode_priority, in real numbers; none of the results lies
 * near a rounding boundary of the 20.12 fixed point).
 */
#include <stdbool.h>
#include <stdint.h>

#include <linux/kernel.h>

#include "r5xx_bandwidth.h"
#include "tap.h"

#define OFF		(1u << 16)	/* MODE_PRIORITY_OFF */
#define ALWAYS_ON	(1u << 20)	/* MODE_PRIORITY_ALWAYS_ON */
#define SPLIT_HALF	0
#define SPLIT_D1_3Q	1
#define SPLIT_D1_ONLY	2
#define SPLIT_D1_1Q	3
#define SCLK		396000		/* the model boards' engine clock */

static const struct r5xx_bw_mode off = { .on = false };
static const struct r5xx_bw_mode xga = { true, 65000, 1024, 1344, 4 };
static const struct r5xx_bw_mode sxga = { true, 108000, 1280, 1688, 4 };
static const struct r5xx_bw_mode wqxga = { true, 268500, 2560, 2720, 4 };
static const struct r5xx_bw_mode wide = { true, 300000, 2880, 3040, 4 };
/* 2.5 ns a pixel: the latency term outgrows a sixteenth of the line */
static const struct r5xx_bw_mode fast = { true, 400000, 640, 800, 4 };

static struct r5xx_bw_avivo run(struct r5xx_bw_mode d1, struct r5xx_bw_mode d2,
				uint32_t sclk_khz, bool high)
{
	struct r5xx_bw_mode m[2] = { d1, d2 };
	struct r5xx_bw_avivo bw;

	r5xx_bw_avivo_compute(m, sclk_khz, high, &bw);
	return bw;
}

/* the rs690 model board: DDR2-667 (333.33 MHz) UMA, a 1 GHz 16-bit HT link */
static const struct r5xx_bw_igp uma = {
	.system_mclk_khz = 333330, .ht_link_khz = 1000000, .ht_link_width = 16,
};

static struct r5xx_bw_avivo run_rs690(struct r5xx_bw_mode d1,
				      struct r5xx_bw_mode d2, uint32_t sclk_khz,
				      const struct r5xx_bw_igp *igp, bool high)
{
	struct r5xx_bw_mode m[2] = { d1, d2 };
	struct r5xx_bw_avivo bw;

	r5xx_bw_rs690_compute(m, sclk_khz, igp, high, &bw);
	return bw;
}

/*
 * rs690_crtc_bandwidth_compute / rs690_compute_mode_priority. With the
 * model board the engine is the narrowest (396 / 16 = 24.75 against the
 * memory's 333.33 x 4 and the link's 1000 x 16 / 5): 2.525 ns a transfer,
 * a chunk 2.525 x 332.8 = 840.4 ns, the worst latency 2 chunks + 5 us =
 * 6680.8 ns. XGA: 15.385 ns a pixel, a line 20677 ns (tolerable, the FIFO
 * being deep enough), (20677 - 6680.8) / 15.385 = 909.7 pixels of slack:
 * mark 64 - ceil(909.7 / 16) = 7; the latency term 6680.8 x 0.065 / 16000
 * is below 1, so the mark is hdisplay / 16 = 64.
 */
static void test_rs690(void)
{
	struct r5xx_bw_igp side = uma, slow = uma;
	struct r5xx_bw_avivo bw;

	bw = run_rs690(xga, off, SCLK, &uma, false);
	tap_is(bw.lb_split, SPLIT_D1_ONLY, "RS690 D1 alone: D1 gets the line buffer");
	tap_is(bw.lb_max_req, 3 | 3 << 16,
	       "RS690: FIFO depths less one (4 - 1, off: 4 - 1)");
	tap_is(bw.priority_a[0], 64, "RS690 D1 XGA: mark hdisplay / 16");
	tap_is(bw.priority_b[0], 64, "... mark B the same");
	tap_is(bw.priority_a[1], OFF, "... D2 off: priority off");
	tap_is(bw.priority_b[1], OFF, "... mark B too");

	/* SXGA: 5 chunks, depth 5; 80 - ceil(966.5 / 16) = 19 < 80 */
	bw = run_rs690(xga, sxga, SCLK, &uma, false);
	tap_is(bw.lb_split, SPLIT_HALF, "RS690 both, none over 2560: halves");
	tap_is(bw.lb_max_req, 3 | 4 << 16, "... depths 4 and 5, less one");
	tap_is(bw.priority_a[0], 64, "... D1 64");
	tap_is(bw.priority_a[1], 80, "... D2 hdisplay / 16 = 80");

	bw = run_rs690(off, wide, SCLK, &uma, false);
	tap_is(bw.lb_split, SPLIT_D1_1Q, "RS690 D2 alone: three quarters to D2");
	tap_is(bw.lb_max_req, 3 | 11 << 16, "... D2 2880 wide: 12 chunks, 11");
	tap_is(bw.priority_a[1], 180, "... D2 mark 2880 / 16");
	tap_is(bw.priority_a[0], OFF, "... D1 off");
	bw = run_rs690(wide, xga, SCLK, &uma, true);
	tap_is(bw.lb_split, SPLIT_D1_3Q, "RS690 D1 over 2560 and wider: 3/4 to D1");
	tap_is(bw.priority_a[0], 180 | ALWAYS_ON, "... priority forced high: ALWAYS_ON");
	tap_is(bw.priority_a[1], 64 | ALWAYS_ON, "... on D2 too");

	/*
	 * 400 MHz, 640 wide: a line is 2000 ns, shorter than the worst
	 * latency; the slack wraps, the mark is 10 (as upstream's), and
	 * hdisplay / 16 = 40 wins.
	 */
	bw = run_rs690(fast, off, SCLK, &uma, false);
	tap_is(bw.priority_a[0], 40, "RS690 latency over a line: mark 40");

	/* narrower links than the engine: marks still at least hdisplay / 16 */
	slow.system_mclk_khz = 5000;
	slow.ht_link_khz = 10000;
	slow.ht_link_width = 8;
	bw = run_rs690(xga, sxga, SCLK, &slow, false);
	tap_ok((bw.priority_a[0] & 0x7fff) >= 64 && (bw.priority_a[1] & 0x7fff) >= 80,
	       "RS690 5 MHz memory, 10 MHz HT link: marks at least hdisplay / 16 (%#x %#x)",
	       bw.priority_a[0], bw.priority_a[1]);
	side.sideport = true;
	side.sideport_mclk_khz = 333330;
	bw = run_rs690(xga, off, SCLK, &side, false);
	tap_ok((bw.priority_a[0] & 0x7fff) >= 64 && bw.lb_max_req == (3 | 3 << 16),
	       "RS690 sideport memory: computed (%#x)", bw.priority_a[0]);
	side.sideport_mclk_khz = 10;
	bw = run_rs690(xga, off, 10, &side, false);
	tap_ok(bw.priority_a[0] != OFF,
	       "RS690 10 kHz sideport and engine: no division by zero (%#x)",
	       bw.priority_a[0]);
	bw = run_rs690(off, off, SCLK, &uma, false);
	tap_ok(bw.priority_a[0] == OFF && bw.priority_a[1] == OFF &&
	       bw.lb_max_req == (3 | 3 << 16) && bw.lb_split == SPLIT_HALF,
	       "RS690 both off: priority off, depths 3, halves");
}

int main(void)
{
	struct r5xx_bw_avivo bw;

	/*
	 * D1 1024 wide: 4 chunks of 256, FIFO depth 4; the mark is the
	 * larger of 1024 / 16 = 64 and 2515 ns (600 us / 396 MHz + 1 us)
	 * x 0.065 pixel/ns / 16 = 10.2: 64. D2 off: depth 4, priority off.
	 */
	bw = run(xga, off, SCLK, false);
	tap_is(bw.lb_split, SPLIT_D1_ONLY, "D1 alone: D1 gets the line buffer");
	tap_is(bw.lb_max_req, 4 | 4 << 16, "D1 alone: FIFO depths 4 and 4");
	tap_is(bw.priority_a[0], 64, "D1 alone: mark A is hdisplay / 16");
	tap_is(bw.priority_b[0], 64, "D1 alone: mark B is mark A");
	tap_is(bw.priority_a[1], OFF, "D1 alone: D2 mark A off");
	tap_is(bw.priority_b[1], OFF, "D1 alone: D2 mark B off");

	bw = run(xga, off, SCLK, true);
	tap_is(bw.priority_a[0], 64 | ALWAYS_ON, "high priority: ALWAYS_ON");
	tap_is(bw.priority_a[1], OFF, "high priority: D2 still off");

	/* both: halves (neither over 2560), depths 4 and 1280 / 256 = 5 */
	bw = run(xga, sxga, SCLK, false);
	tap_is(bw.lb_split, SPLIT_HALF, "two CRTCs: halves");
	tap_is(bw.lb_max_req, 4 | 5 << 16, "two CRTCs: FIFO depths 4 and 5");
	tap_is(bw.priority_a[0], 64, "two CRTCs: D1 mark 1024 / 16");
	tap_is(bw.priority_a[1], 80, "two CRTCs: D2 mark 1280 / 16");

	/* D2 alone gets three quarters; D1's depth is 4, its marks off */
	bw = run(off, wqxga, SCLK, false);
	tap_is(bw.lb_split, SPLIT_D1_1Q, "D2 alone: D2 gets 3/4");
	tap_is(bw.lb_max_req, 4 | 10 << 16, "D2 alone: depths 4 and 10");
	tap_is(bw.priority_a[0], OFF, "D2 alone: D1 off");
	tap_is(bw.priority_a[1], 160, "D2 alone: D2 mark 2560 / 16");

	/* a mode over 2560 pixels takes three quarters from a narrower one */
	bw = run(wide, xga, SCLK, false);
	tap_is(bw.lb_split, SPLIT_D1_3Q, "D1 over 2560: D1 gets 3/4");
	tap_is(bw.lb_max_req, 12 | 4 << 16, "D1 over 2560: depths 12 and 4");
	bw = run(xga, wide, SCLK, false);
	tap_is(bw.lb_split, SPLIT_D1_1Q, "D2 over 2560: D2 gets 3/4");
	bw = run(wqxga, wqxga, SCLK, false);
	tap_is(bw.lb_split, SPLIT_HALF, "equal widths: halves");

	/*
	 * 640 wide at 400 MHz, D1 alone: 2515 ns x 0.4 pixel/ns / 16 = 62.9
	 * beats 640 / 16 = 40 (the tolerable latency, one 2000 ns line, is
	 * below the worst case: the estimated width wraps, the mark is max).
	 */
	bw = run(fast, off, SCLK, false);
	tap_is(bw.priority_a[0], 62, "fast D1 alone: the latency term wins");
	/* with both CRTCs upstream divides that term by 16000, not 16 */
	bw = run(fast, fast, SCLK, false);
	tap_is(bw.priority_a[0], 40, "fast on both: hdisplay / 16");
	tap_is(bw.priority_a[1], 40, "fast on both: D2 the same");

	/* a slower engine clock: 600 us / 99 MHz + 1 us = 7061 ns */
	bw = run(fast, off, 99000, false);
	tap_is(bw.priority_a[0], 176, "fast D1 alone at 99 MHz: 7061 x 0.4 / 16");

	bw = run(off, off, SCLK, false);
	tap_is(bw.lb_max_req, 4 | 4 << 16, "both off: depths 4 and 4");
	tap_is(bw.priority_a[0], OFF, "both off: D1 off");
	tap_is(bw.priority_a[1], OFF, "both off: D2 off");
	test_rs690();
	return tap_done();
}
