// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Scratch registers: a CP write of SCRATCH_REGi is mirrored to memory at
 * SCRATCH_ADDR + 4 i when bit i of SCRATCH_UMSK is set (guide 5.9), with
 * the SCRATCH_SWAP byte swap.  Host writes are not mirrored.
 */
#include <stdio.h>

#include "r5xx_test.h"

int main(void)
{
	struct r5xx d;
	struct ring r;
	unsigned i;

	t_setup(&d);
	t_ring_init(&d, &r, T_RING_OFF, 10);
	vram_fill(&d, T_WB_OFF, 0x200, 0xdeadbeef);

	wr(&d, R5XX_SCRATCH_ADDR, T_WB_OFF);
	wr(&d, R5XX_SCRATCH_UMSK, 0x55);
	for (i = 0; i < 8; i++)
		t_emit_reg(&r, R5XX_SCRATCH_REG(i), 0x1000 + i);
	t_commit(&r);
	T_CHECK(t_wait_idle(&d, 1000) &&
		t_wait_reg(&d, R5XX_CP_RB_RPTR, r.wptr, 1000), "ring stuck");
	for (i = 0; i < 8; i++) {
		uint32_t mem = vram_rd(&d, T_WB_OFF + 4 * i);

		T_CHECK(rr(&d, R5XX_SCRATCH_REG(i)) == 0x1000 + i,
			"SCRATCH_REG%u is 0x%x", i, rr(&d, R5XX_SCRATCH_REG(i)));
		if (i % 2 == 0)
			T_CHECK(mem == 0x1000 + i, "UMSK bit %u set, memory 0x%x",
				i, mem);
		else
			T_CHECK(mem == 0xdeadbeef, "UMSK bit %u clear, memory 0x%x",
				i, mem);
	}

	/* host writes stay in the register */
	wr(&d, R5XX_SCRATCH_REG(0), 0x777);
	t_sleep_ms(20);
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(0)) == 0x777 &&
		vram_rd(&d, T_WB_OFF) == 0x1000, "host write mirrored to memory");

	/* 32-bit swap, and SCRATCH_ADDR bits 4:0 are not address bits */
	wr(&d, R5XX_SCRATCH_ADDR, T_WB_OFF + 0x100 + 0x1c);
	wr(&d, R5XX_SCRATCH_UMSK, FIELD_PREP(R5XX_SCRATCH_UMSK_SCRATCH_SWAP, 2) | 0x04);
	t_emit_reg(&r, R5XX_SCRATCH_REG(2), 0x11223344);
	/* one-register burst: all data to SCRATCH_REG2, each one mirrored */
	t_emit(&r, R5XX_PACKET0_ONE_REG(R5XX_SCRATCH_REG(2), 1));
	t_emit(&r, 0xaabbccdd);
	t_emit(&r, 0x01020304);
	t_commit(&r);
	T_CHECK(t_wait_reg(&d, R5XX_CP_RB_RPTR, r.wptr, 1000), "ring stuck");
	T_CHECK(vram_rd(&d, T_WB_OFF + 0x108) == 0x04030201,
		"swapped write-back reads 0x%x", vram_rd(&d, T_WB_OFF + 0x108));
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(2)) == 0x01020304 &&
		rr(&d, R5XX_SCRATCH_REG(3)) == 0x1003,
		"ONE_REG_WR burst wrote past its register");
	printf("ok\n");
	return 0;
}
