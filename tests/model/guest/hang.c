// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The model's fault injection: MODEL_DEBUG.CP_HANG (from the host or from
 * the ring) stops the CP, which then reports busy, until a CP soft reset.
 */
#include <stdio.h>

#include "r5xx_test.h"

static bool busy(struct r5xx *d)
{
	return (rr(d, R5XX_RBBM_STATUS) & R5XX_RBBM_STATUS_GUI_ACTIVE) &&
	       (rr(d, R5XX_CP_STAT) & R5XX_CP_STAT_CP_BUSY);
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
	printf("ok\n");
	return 0;
}
