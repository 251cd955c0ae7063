// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The model's fault injection: MODEL_DEBUG.CP_HANG (from the host or from
 * the ring) stops the CP, which then reports busy, until a CP soft reset.
 * The traps: with IB_HANG armed, the IB carrying the hang mark (a NOP whose
 * body is 0x474e4148) never finishes, until a CP soft reset; with E2_HANG
 * armed, the 2D operation after the mark never completes (E2_BUSY, the CP
 * waits), until a GA soft reset; unarmed (writing 0 disarms), the mark does
 * nothing.
 */
#include <stdio.h>

#include "r5xx_test.h"

static bool busy(struct r5xx *d)
{
	return (rr(d, R5XX_RBBM_STATUS) & R5XX_RBBM_STATUS_GUI_ACTIVE) &&
	       (rr(d, R5XX_CP_STAT) & R5XX_CP_STAT_CP_BUSY);
}

#define HANG_MARK	0x474e4148u
#define DST		T_SCRATCH_OFF	/* 2D fill target, 16 pixels */

static void put_ib(struct r5xx *d, uint32_t *n, uint32_t dw)
{
	vram_wr(d, T_IB_OFF + 4 * (*n)++, dw);
}

static void ring_ib(struct ring *r, uint32_t size)
{
	t_emit(r, R5XX_PACKET0(R5XX_CP_IB_BASE, 1));
	t_emit(r, T_IB_OFF);
	t_emit(r, size);
}

/* IB: SCRATCH0 = @a, the hang mark, SCRATCH0 = @b; then SCRATCH1 = @c. */
static void ib_with_mark(struct r5xx *d, struct ring *r, uint32_t a,
			 uint32_t b, uint32_t c)
{
	uint32_t n = 0;

	put_ib(d, &n, R5XX_PACKET0(R5XX_SCRATCH_REG(0), 0));
	put_ib(d, &n, a);
	put_ib(d, &n, R5XX_PACKET3(R5XX_PM4_NOP, 0));
	put_ib(d, &n, HANG_MARK);
	put_ib(d, &n, R5XX_PACKET0(R5XX_SCRATCH_REG(0), 0));
	put_ib(d, &n, b);
	ring_ib(r, n);
	t_emit_reg(r, R5XX_SCRATCH_REG(1), c);
	t_commit(r);
}

static void test_ib_trap(struct r5xx *d, struct ring *r)
{
	/* disarms traps that an earlier test's random writes armed */
	wr(d, R5XX_MODEL_DEBUG, 0);
	T_CHECK(!rr(d, R5XX_MODEL_DEBUG), "MODEL_DEBUG 0x%x after writing 0",
		rr(d, R5XX_MODEL_DEBUG));
	t_cp_soft_reset(d);
	t_ring_init(d, r, T_RING_OFF, 10);
	ib_with_mark(d, r, 1, 2, 3);
	T_CHECK(t_wait_reg(d, R5XX_SCRATCH_REG(1), 3, 1000) &&
		rr(d, R5XX_SCRATCH_REG(0)) == 2 && t_wait_idle(d, 1000),
		"an unarmed hang mark is not inert");

	wr(d, R5XX_MODEL_DEBUG, R5XX_MODEL_DEBUG_IB_HANG);
	T_CHECK(rr(d, R5XX_MODEL_DEBUG) == R5XX_MODEL_DEBUG_IB_HANG,
		"armed IB trap reads 0x%x", rr(d, R5XX_MODEL_DEBUG));
	ib_with_mark(d, r, 4, 5, 6);
	T_CHECK(t_wait_reg(d, R5XX_SCRATCH_REG(0), 4, 1000), "IB did not start");
	t_sleep_ms(200);
	T_CHECK(rr(d, R5XX_SCRATCH_REG(0)) == 4 && rr(d, R5XX_SCRATCH_REG(1)) == 3,
		"the IB went past the mark: S0 %u S1 %u",
		rr(d, R5XX_SCRATCH_REG(0)), rr(d, R5XX_SCRATCH_REG(1)));
	T_CHECK(busy(d) && (rr(d, R5XX_CP_STAT) & R5XX_CP_STAT_CSF_INDIRECT_BUSY),
		"IB hang: CP_STAT 0x%x", rr(d, R5XX_CP_STAT));
	T_CHECK(rr(d, R5XX_MODEL_DEBUG) == R5XX_MODEL_DEBUG_IB_HANG,
		"IB hang: MODEL_DEBUG 0x%x", rr(d, R5XX_MODEL_DEBUG));

	t_cp_soft_reset(d);
	T_CHECK(!rr(d, R5XX_MODEL_DEBUG) && !busy(d),
		"CP soft reset did not end the IB hang");
	t_ring_init(d, r, T_RING_OFF, 10);
	ib_with_mark(d, r, 7, 8, 9);
	T_CHECK(t_wait_reg(d, R5XX_SCRATCH_REG(1), 9, 1000) &&
		rr(d, R5XX_SCRATCH_REG(0)) == 8, "the trap sprang twice");
}

static void test_e2_trap(struct r5xx *d, struct ring *r)
{
	vram_fill(d, DST, 64, 0);
	wr(d, R5XX_MODEL_DEBUG, R5XX_MODEL_DEBUG_E2_HANG);
	T_CHECK(rr(d, R5XX_MODEL_DEBUG) == R5XX_MODEL_DEBUG_E2_HANG,
		"armed 2D trap reads 0x%x", rr(d, R5XX_MODEL_DEBUG));
	t_emit(r, R5XX_PACKET3(R5XX_PM4_NOP, 0));
	t_emit(r, HANG_MARK);
	/* a 4x4 solid fill at 32 bpp, pitch 64 bytes (radeon_reg.h GMC_*) */
	t_emit_reg(r, R5XX_DP_GUI_MASTER_CNTL, 2u | 13u << 4 | 6u << 8 |
		   3u << 12 | 0xf0u << 16 | 1u << 28 | 1u << 30);
	t_emit_reg(r, R5XX_DST_PITCH_OFFSET, 1u << 22 | DST >> 10);
	t_emit_reg(r, R5XX_DP_BRUSH_FRGD_CLR, 0x12345678);
	t_emit_reg(r, R5XX_DP_CNTL, 3);
	t_emit_reg(r, R5XX_DST_Y_X, 0);
	t_emit_reg(r, R5XX_DST_WIDTH_HEIGHT, 4u << 16 | 4);
	t_emit_reg(r, R5XX_SCRATCH_REG(0), 10);
	t_commit(r);
	t_sleep_ms(200);
	T_CHECK(vram_rd(d, DST) == 0 && rr(d, R5XX_SCRATCH_REG(0)) != 10,
		"the hung 2D fill drew or the CP went on: 0x%x, S0 %u",
		vram_rd(d, DST), rr(d, R5XX_SCRATCH_REG(0)));
	T_CHECK((rr(d, R5XX_RBBM_STATUS) & R5XX_RBBM_STATUS_E2_BUSY) && busy(d),
		"2D hang: RBBM_STATUS 0x%x", rr(d, R5XX_RBBM_STATUS));
	T_CHECK(rr(d, R5XX_MODEL_DEBUG) == R5XX_MODEL_DEBUG_E2_HANG,
		"2D hang: MODEL_DEBUG 0x%x", rr(d, R5XX_MODEL_DEBUG));

	t_cp_soft_reset(d);
	t_ring_init(d, r, T_RING_OFF, 10);
	t_emit_reg(r, R5XX_SCRATCH_REG(0), 11);
	t_commit(r);
	t_sleep_ms(100);
	T_CHECK(rr(d, R5XX_SCRATCH_REG(0)) != 11 &&
		(rr(d, R5XX_RBBM_STATUS) & R5XX_RBBM_STATUS_E2_BUSY),
		"a CP soft reset alone ended the 2D hang");

	wr(d, R5XX_RBBM_SOFT_RESET, R5XX_RBBM_SOFT_RESET_SOFT_RESET_GA);
	(void)rr(d, R5XX_RBBM_SOFT_RESET);
	wr(d, R5XX_RBBM_SOFT_RESET, 0);
	T_CHECK(t_wait_reg(d, R5XX_SCRATCH_REG(0), 11, 1000) && t_wait_idle(d, 1000) &&
		!rr(d, R5XX_MODEL_DEBUG) &&
		!(rr(d, R5XX_RBBM_STATUS) & R5XX_RBBM_STATUS_E2_BUSY),
		"a GA soft reset did not end the 2D hang: RBBM_STATUS 0x%x",
		rr(d, R5XX_RBBM_STATUS));
}

int main(void)
{
	struct r5xx d;
	struct ring r;

	t_setup(&d);
	t_ring_init(&d, &r, T_RING_OFF, 10);
	wr(&d, R5XX_SCRATCH_REG(0), 0);

	wr(&d, R5XX_MODEL_DEBUG, R5XX_MODEL_DEBUG_CP_HANG);
	T_CHECK(rr(&d, R5XX_MODEL_DEBUG) & R5XX_MODEL_DEBUG_CP_HANG,
		"MODEL_DEBUG does not read back the hang");
	T_CHECK(busy(&d), "hung CP not busy");
	t_emit_reg(&r, R5XX_SCRATCH_REG(0), 1);
	t_commit(&r);
	t_sleep_ms(200);
	T_CHECK(rr(&d, R5XX_CP_RB_RPTR) == 0 && rr(&d, R5XX_SCRATCH_REG(0)) == 0,
		"hung CP consumed the ring");
	wr(&d, R5XX_MODEL_DEBUG, 0);
	T_CHECK(busy(&d), "writing 0 ended the hang");

	t_cp_soft_reset(&d);
	T_CHECK(!(rr(&d, R5XX_MODEL_DEBUG) & R5XX_MODEL_DEBUG_CP_HANG) && !busy(&d),
		"soft reset did not end the hang");
	t_ring_init(&d, &r, T_RING_OFF, 10);
	t_emit_reg(&r, R5XX_SCRATCH_REG(0), 2);
	t_emit_reg(&r, R5XX_MODEL_DEBUG, R5XX_MODEL_DEBUG_CP_HANG);
	t_emit_reg(&r, R5XX_SCRATCH_REG(0), 3);
	t_commit(&r);
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(0), 2, 1000), "ring did not run");
	t_sleep_ms(100);
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(0)) == 2 && busy(&d) &&
		rr(&d, R5XX_CP_RB_RPTR) == 4, "ring hang: S0 %u rptr %u",
		rr(&d, R5XX_SCRATCH_REG(0)), rr(&d, R5XX_CP_RB_RPTR));

	t_cp_soft_reset(&d);
	t_ring_init(&d, &r, T_RING_OFF, 10);
	t_emit_reg(&r, R5XX_SCRATCH_REG(0), 4);
	t_commit(&r);
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(0), 4, 1000) && t_wait_idle(&d, 1000),
		"CP not usable after recovering from a hang");

	test_ib_trap(&d, &r);
	test_e2_trap(&d, &r);
	printf("ok\n");
	return 0;
}
