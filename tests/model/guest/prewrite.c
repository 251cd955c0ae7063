// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * CP_RB_WPTR pre-write staging (guide 5.5): host writes wait in a staging
 * register until PRE_WRITE_TIMER engine clocks pass without another write,
 * or until the PRE_WRITE_LIMIT-th write; both 0 means no delay.  The engine
 * clock is slowed down through the PLL so the timer spans about a second.
 */
#include <stdio.h>

#include "r5xx_test.h"

static void emit_marker(struct ring *r, uint32_t val)
{
	t_emit_reg(r, R5XX_SCRATCH_REG(0), val);
}

static bool ran(struct r5xx *d, uint32_t val)
{
	return rr(d, R5XX_SCRATCH_REG(0)) == val;
}

int main(void)
{
	struct r5xx d;
	struct ring r;
	uint32_t div, sclk_cntl, timer;

	t_setup(&d);
	t_ring_init(&d, &r, T_RING_OFF, 10);

	/* engine clock 2 * 4 * 27 MHz / 6 / 8 = 4.5 MHz */
	div = pll_rr(&d, R5XX_PLL_M_SPLL_REF_FB_DIV);
	sclk_cntl = pll_rr(&d, R5XX_PLL_SCLK_CNTL);
	pll_wr(&d, R5XX_PLL_M_SPLL_REF_FB_DIV,
	       (div & ~R5XX_PLL_M_SPLL_REF_FB_DIV_SPLL_FB_DIV &
		~R5XX_PLL_M_SPLL_REF_FB_DIV_M_SPLL_REF_DIV) |
	       FIELD_PREP(R5XX_PLL_M_SPLL_REF_FB_DIV_SPLL_FB_DIV, 4) | 6);
	pll_wr(&d, R5XX_PLL_SCLK_CNTL, (sclk_cntl & ~7u) | 4);
	timer = 4500000;		/* ~1 s */
	T_CHECK(timer <= FIELD_GET(R5XX_CP_RB_WPTR_DELAY_PRE_WRITE_TIMER, ~0u),
		"PRE_WRITE_TIMER field too narrow");

	/* no delay: immediate */
	wr(&d, R5XX_CP_RB_WPTR_DELAY, 0);
	emit_marker(&r, 1);
	t_commit(&r);
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(0), 1, 200),
		"TIMER = LIMIT = 0: write pointer not taken at once");

	/* timer only: held, then taken when the down-counter expires */
	wr(&d, R5XX_CP_RB_WPTR_DELAY,
	   FIELD_PREP(R5XX_CP_RB_WPTR_DELAY_PRE_WRITE_TIMER, timer));
	emit_marker(&r, 2);
	t_commit(&r);
	T_CHECK(rr(&d, R5XX_CP_RB_WPTR) == r.wptr - 2,
		"CP_RB_WPTR moved at once (%u)", rr(&d, R5XX_CP_RB_WPTR));
	t_sleep_ms(300);
	T_CHECK(!ran(&d, 2), "staged write pointer taken after 0.3 s of ~1 s");
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(0), 2, 3000),
		"staged write pointer never taken");
	T_CHECK(rr(&d, R5XX_CP_RB_WPTR) == r.wptr, "CP_RB_WPTR %u, expected %u",
		rr(&d, R5XX_CP_RB_WPTR), r.wptr);

	/* every write re-seeds the down-counter */
	emit_marker(&r, 3);
	t_commit(&r);
	t_sleep_ms(600);
	t_commit(&r);			/* same value again, at ~0.6 s */
	t_sleep_ms(600);		/* ~1.2 s after the first write */
	T_CHECK(!ran(&d, 3), "timer not re-seeded by the second write");
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(0), 3, 3000),
		"re-seeded write pointer never taken");

	/* limit 2: the second write forces the transfer */
	wr(&d, R5XX_CP_RB_WPTR_DELAY,
	   FIELD_PREP(R5XX_CP_RB_WPTR_DELAY_PRE_WRITE_TIMER, timer) |
	   FIELD_PREP(R5XX_CP_RB_WPTR_DELAY_PRE_WRITE_LIMIT, 2));
	emit_marker(&r, 4);
	t_commit(&r);
	t_sleep_ms(100);
	T_CHECK(!ran(&d, 4), "first write under LIMIT 2 taken at once");
	emit_marker(&r, 5);
	t_commit(&r);
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(0), 5, 200),
		"second write under LIMIT 2 not taken at once");

	/* a CP soft reset drops a staged value */
	emit_marker(&r, 6);
	t_commit(&r);
	t_cp_soft_reset(&d);
	t_sleep_ms(1500);
	T_CHECK(!ran(&d, 6) && rr(&d, R5XX_CP_RB_WPTR) == r.wptr - 2,
		"staged write pointer survived a CP soft reset");

	pll_wr(&d, R5XX_PLL_M_SPLL_REF_FB_DIV, div);
	pll_wr(&d, R5XX_PLL_SCLK_CNTL, sclk_cntl);
	printf("ok\n");
	return 0;
}
