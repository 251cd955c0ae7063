// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Ring fetch: packets across the wrap-around, read-pointer write-back to
 * CP_RB_RPTR_ADDR when the ring drains and at RB_BLKSZ block boundaries,
 * RB_NO_UPDATE, and RB_RPTR_WR_ENA (guide 5.4, 5.8).
 */
#include <stdio.h>

#include "r5xx_test.h"

#define WB_RPTR (T_WB_OFF + 1024)

static uint32_t cntl(unsigned bufsz, unsigned blksz, uint32_t extra)
{
	return FIELD_PREP(R5XX_CP_RB_CNTL_RB_BUFSZ, bufsz) |
	       FIELD_PREP(R5XX_CP_RB_CNTL_RB_BLKSZ, blksz) | extra;
}

int main(void)
{
	struct r5xx d;
	struct ring r;
	unsigned round, i;

	t_setup(&d);
	vram_wr(&d, WB_RPTR, 0xdeadbeef);

	/* 32-dword ring, read pointer reports every 4 dwords, NO_UPDATE */
	t_ring_init(&d, &r, T_RING_OFF, 4);
	wr(&d, R5XX_CP_RB_RPTR_ADDR, WB_RPTR);
	wr(&d, R5XX_CP_RB_CNTL, cntl(4, 1, R5XX_CP_RB_CNTL_RB_NO_UPDATE));
	for (i = 0; i < 4; i++)
		t_emit_reg(&r, R5XX_SCRATCH_REG(i), 0x100 + i);
	t_commit(&r);
	T_CHECK(t_wait_idle(&d, 1000) &&
		t_wait_reg(&d, R5XX_CP_RB_RPTR, r.wptr, 1000),
		"ring did not drain: rptr %u wptr %u", rr(&d, R5XX_CP_RB_RPTR),
		r.wptr);
	for (i = 0; i < 4; i++)
		T_CHECK(rr(&d, R5XX_SCRATCH_REG(i)) == 0x100 + i,
			"scratch %u is 0x%x", i, rr(&d, R5XX_SCRATCH_REG(i)));
	T_CHECK(vram_rd(&d, WB_RPTR) == 0xdeadbeef,
		"rptr written back (0x%x) although RB_NO_UPDATE is set",
		vram_rd(&d, WB_RPTR));

	/* write-back on: the drained ring reports its read pointer */
	wr(&d, R5XX_CP_RB_CNTL, cntl(4, 1, 0));
	T_CHECK(t_wait_vram(&d, WB_RPTR, r.wptr, 1000),
		"rptr write-back 0x%x, expected %u", vram_rd(&d, WB_RPTR), r.wptr);

	/* wrap-around: 12-dword rounds in a 32-dword ring, packets straddle */
	for (round = 0; round < 10; round++) {
		for (i = 0; i < 6; i++)
			t_emit_reg(&r, R5XX_SCRATCH_REG(i), round << 8 | i);
		t_commit(&r);
		T_CHECK(t_wait_reg(&d, R5XX_CP_RB_RPTR, r.wptr, 1000) &&
			t_wait_idle(&d, 1000), "round %u: rptr %u wptr %u", round,
			rr(&d, R5XX_CP_RB_RPTR), r.wptr);
		for (i = 0; i < 6; i++)
			T_CHECK(rr(&d, R5XX_SCRATCH_REG(i)) == (round << 8 | i),
				"round %u: scratch %u is 0x%x", round, i,
				rr(&d, R5XX_SCRATCH_REG(i)));
		T_CHECK(t_wait_vram(&d, WB_RPTR, r.wptr, 1000),
			"round %u: rptr write-back %u, expected %u", round,
			vram_rd(&d, WB_RPTR), r.wptr);
	}

	/*
	 * Block reports: stop the CP (model debug register) two dwords past a
	 * 4-dword block boundary; the write-back must show the boundary.
	 */
	t_ring_init(&d, &r, T_RING_OFF, 6);
	wr(&d, R5XX_CP_RB_RPTR_ADDR, WB_RPTR);
	wr(&d, R5XX_CP_RB_CNTL, cntl(6, 1, 0));
	for (i = 0; i < 4; i++)
		t_emit_reg(&r, R5XX_SCRATCH_REG(i), 0x200 + i);
	t_emit_reg(&r, R5XX_MODEL_DEBUG, R5XX_MODEL_DEBUG_CP_HANG);
	t_emit_reg(&r, R5XX_SCRATCH_REG(5), 0x666);
	t_commit(&r);
	T_CHECK(t_wait_reg(&d, R5XX_CP_RB_RPTR, 10, 1000),
		"CP did not stop at dword 10: rptr %u", rr(&d, R5XX_CP_RB_RPTR));
	T_CHECK(vram_rd(&d, WB_RPTR) == 8,
		"rptr write-back %u, expected the block boundary 8",
		vram_rd(&d, WB_RPTR));
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(5)) != 0x666, "CP ran past the hang");

	/* RB_RPTR_WR_ENA: a WPTR write loads the read pointer (guide 5.8) */
	t_cp_soft_reset(&d);
	T_CHECK(rr(&d, R5XX_CP_RB_RPTR) == 0, "soft reset left rptr %u",
		rr(&d, R5XX_CP_RB_RPTR));
	wr(&d, R5XX_CP_RB_CNTL, cntl(6, 1, R5XX_CP_RB_CNTL_RB_NO_UPDATE |
				     R5XX_CP_RB_CNTL_RB_RPTR_WR_ENA));
	wr(&d, R5XX_CP_RB_RPTR_WR, 12);
	wr(&d, R5XX_CP_RB_WPTR, 12);
	wr(&d, R5XX_CP_RB_CNTL, cntl(6, 1, R5XX_CP_RB_CNTL_RB_NO_UPDATE));
	T_CHECK(rr(&d, R5XX_CP_RB_RPTR) == 12, "rptr %u after RPTR_WR 12",
		rr(&d, R5XX_CP_RB_RPTR));
	/* resume from there: dwords 12.. run once the queues are back on */
	r.wptr = 12;
	t_emit_reg(&r, R5XX_SCRATCH_REG(6), 0x777);
	t_commit(&r);
	wr(&d, R5XX_CP_CSQ_MODE, T_CSQ_MODE_RADEON);
	wr(&d, R5XX_CP_CSQ_CNTL, T_CSQ_PRIBM_INDBM);
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(6), 0x777, 1000),
		"packet at the restored rptr did not run");
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(5)) != 0x666,
		"the old ring contents ran after the soft reset");
	printf("ok\n");
	return 0;
}
