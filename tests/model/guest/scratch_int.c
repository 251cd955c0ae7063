// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The R5xx scratch interrupt (guide 5.9): when the selected scratch pair is
 * written to memory and {high:low} >= the reference pair, SCRATCH_INT_STAT
 * is set.  Selection and reference registers are model stand-ins (the
 * guide names no registers).  R3xx parts have no such interrupt.
 */
#include <stdio.h>

#include "r5xx_test.h"

#define STAT R5XX_GEN_INT_STATUS_SCRATCH_INT_STAT

static void run(struct r5xx *d, struct ring *r)
{
	t_commit(r);
	T_CHECK(t_wait_reg(d, R5XX_CP_RB_RPTR, r->wptr, 1000) && t_wait_idle(d, 1000),
		"ring stuck");
}

int main(void)
{
	struct r5xx d;
	struct ring r;

	t_setup(&d);
	t_ring_init(&d, &r, T_RING_OFF, 10);
	wr(&d, R5XX_SCRATCH_REG(2), 0);	/* host writes: no compare */
	wr(&d, R5XX_SCRATCH_REG(3), 0);
	wr(&d, R5XX_SCRATCH_ADDR, T_WB_OFF);
	wr(&d, R5XX_SCRATCH_UMSK, 0x0c);		/* pair 1 = regs 2, 3 */
	wr(&d, R5XX_MODEL_SCRATCH_INT_SEL, 1);
	wr(&d, R5XX_MODEL_SCRATCH_INT_REF_LO, 0x100);
	wr(&d, R5XX_MODEL_SCRATCH_INT_REF_HI, 1);
	wr(&d, R5XX_GEN_INT_CNTL, R5XX_GEN_INT_CNTL_SCRATCH_INT_MASK);
	wr(&d, R5XX_GEN_INT_STATUS, ~R5XX_GEN_INT_STATUS_SW_INT_FIRE);

	t_emit_reg(&r, R5XX_SCRATCH_REG(2), 0x200);
	t_emit_reg(&r, R5XX_SCRATCH_REG(3), 0);
	run(&d, &r);
	T_CHECK(!(rr(&d, R5XX_GEN_INT_STATUS) & STAT), "0x0_00000200 >= 0x1_00000100?");

	t_emit_reg(&r, R5XX_SCRATCH_REG(3), 1);
	run(&d, &r);
	if (!d.is_r5xx) {
		T_CHECK(!(rr(&d, R5XX_GEN_INT_STATUS) & STAT),
			"scratch interrupt on an R3xx part");
		printf("ok (R3xx: no scratch interrupt)\n");
		return 0;
	}
	T_CHECK(rr(&d, R5XX_GEN_INT_STATUS) & STAT, "pair reached, no SCRATCH_INT_STAT");
	wr(&d, R5XX_GEN_INT_STATUS, STAT);
	T_CHECK(!(rr(&d, R5XX_GEN_INT_STATUS) & STAT), "SCRATCH_INT_STAT not acked");

	/* another register, or no write to memory: no interrupt */
	t_emit_reg(&r, R5XX_SCRATCH_REG(4), 0xffffffff);
	run(&d, &r);
	wr(&d, R5XX_SCRATCH_UMSK, 0);
	t_emit_reg(&r, R5XX_SCRATCH_REG(3), 5);
	run(&d, &r);
	T_CHECK(!(rr(&d, R5XX_GEN_INT_STATUS) & STAT),
		"interrupt without a write-back of the selected pair");
	wr(&d, R5XX_GEN_INT_CNTL, 0);
	printf("ok\n");
	return 0;
}
