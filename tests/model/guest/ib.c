// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Indirect buffers (guide 5.6, 5.10, 6.2.3.11): IB1 started from the ring by
 * writing CP_IB_BASE/CP_IB_BUFSZ, IB2 from IB1 the same way, the parent
 * stream resuming after each; INDX_BUFFER streaming IB2 data into registers;
 * guest mistakes (IB1 inside an IB, IB2 from the ring, a packet cut by the
 * end of its IB) ignored without stopping the CP.
 */
#include <stdio.h>

#include "r5xx_test.h"

#define IB1	(T_IB_OFF)
#define IB2	(T_IB_OFF + 0x1000)
#define IBX	(T_IB_OFF + 0x2000)
#define DATA	(T_IB_OFF + 0x3000)

struct buf {
	struct r5xx *d;
	uint32_t off, n;
};

static void put(struct buf *b, uint32_t dw)
{
	vram_wr(b->d, b->off + 4 * b->n++, dw);
}

static void put_reg(struct buf *b, uint32_t reg, uint32_t val)
{
	put(b, R5XX_PACKET0(reg, 0));
	put(b, val);
}

static void put_ib(struct buf *b, uint32_t base_reg, uint32_t base, uint32_t size)
{
	put(b, R5XX_PACKET0(base_reg, 1));	/* BASE then BUFSZ */
	put(b, base);
	put(b, size);
}

static void ring_ib(struct ring *r, uint32_t base, uint32_t size)
{
	t_emit(r, R5XX_PACKET0(R5XX_CP_IB_BASE, 1));
	t_emit(r, base);
	t_emit(r, size);
}

static void run(struct r5xx *d, struct ring *r)
{
	t_commit(r);
	T_CHECK(t_wait_reg(d, R5XX_CP_RB_RPTR, r->wptr, 1000) &&
		t_wait_idle(d, 1000), "CP stuck: rptr %u wptr %u CP_STAT 0x%x",
		rr(d, R5XX_CP_RB_RPTR), r->wptr, rr(d, R5XX_CP_STAT));
}

#define S(i) rr(&d, R5XX_SCRATCH_REG(i))

int main(void)
{
	struct r5xx d;
	struct ring r;
	struct buf ib1 = { &d, IB1, 0 }, ib2 = { &d, IB2, 0 }, ibx = { &d, IBX, 0 };
	unsigned i;

	t_setup(&d);
	t_ring_init(&d, &r, T_RING_OFF, 10);
	for (i = 0; i < 8; i++)
		wr(&d, R5XX_SCRATCH_REG(i), 0);

	/* IB2: overwrites S5 (IB1's first write) and S6 (IB1 writes it later) */
	put_reg(&ib2, R5XX_SCRATCH_REG(5), 3);
	put_reg(&ib2, R5XX_SCRATCH_REG(6), 10);
	put(&ib2, R5XX_PACKET2);
	/* IB1: S5, start IB2, then S6 and S7 (the ring overwrites S7 later) */
	put_reg(&ib1, R5XX_SCRATCH_REG(5), 2);
	put_ib(&ib1, R5XX_CP_IB2_BASE, IB2, ib2.n);
	put_reg(&ib1, R5XX_SCRATCH_REG(6), 4);
	put_reg(&ib1, R5XX_SCRATCH_REG(7), 6);
	ring_ib(&r, IB1, ib1.n);
	t_emit_reg(&r, R5XX_SCRATCH_REG(7), 5);
	run(&d, &r);
	T_CHECK(S(5) == 3, "IB2 did not run after IB1's first packet (S5 %u)", S(5));
	T_CHECK(S(6) == 4, "IB1 did not resume after IB2 (S6 %u)", S(6));
	T_CHECK(S(7) == 5, "ring did not resume after IB1 (S7 %u)", S(7));

	/* mistakes: IB1 inside IB1, IB2 from the ring, empty IB */
	ib1.n = 0;
	put_ib(&ib1, R5XX_CP_IB_BASE, IB2, ib2.n);
	put_reg(&ib1, R5XX_SCRATCH_REG(0), 0x999);
	wr(&d, R5XX_SCRATCH_REG(5), 0);
	ring_ib(&r, IB1, ib1.n);
	t_emit(&r, R5XX_PACKET0(R5XX_CP_IB2_BASE, 1));
	t_emit(&r, IB2);
	t_emit(&r, ib2.n);
	ring_ib(&r, IB2, 0);
	t_emit_reg(&r, R5XX_SCRATCH_REG(1), 0x998);
	run(&d, &r);
	T_CHECK(S(0) == 0x999 && S(1) == 0x998, "CP stopped at a guest mistake");
	T_CHECK(S(5) == 0, "a nested IB1 or an IB2 from the ring ran");

	/* a packet cut off by the end of its IB is dropped */
	ib1.n = 0;
	put_reg(&ib1, R5XX_SCRATCH_REG(2), 0x42);
	put(&ib1, R5XX_PACKET0(R5XX_SCRATCH_REG(3), 3));
	put(&ib1, 0x43);
	ring_ib(&r, IB1, ib1.n);
	t_emit_reg(&r, R5XX_SCRATCH_REG(4), 0x44);
	run(&d, &r);
	T_CHECK(S(2) == 0x42 && S(4) == 0x44, "CP lost its way after a cut packet");

	/* INDX_BUFFER from IB1: skip one dword, the rest to S0, S1, S2 */
	vram_wr(&d, DATA, 0xbad);
	for (i = 0; i < 3; i++)
		vram_wr(&d, DATA + 4 + 4 * i, 0xa0 + i);
	ibx.n = 0;
	put(&ibx, R5XX_PACKET3(R5XX_PM4_INDX_BUFFER, 2));
	put(&ibx, (1u << 16) | (R5XX_SCRATCH_REG(0) >> 2));
	put(&ibx, DATA);
	put(&ibx, 4);
	/* ONE_REG_WR: all to S3 */
	put(&ibx, R5XX_PACKET3(R5XX_PM4_INDX_BUFFER, 2));
	put(&ibx, (1u << 31) | (R5XX_SCRATCH_REG(3) >> 2));
	put(&ibx, DATA + 4);
	put(&ibx, 3);
	put_reg(&ibx, R5XX_SCRATCH_REG(4), 0x55);
	ring_ib(&r, IBX, ibx.n);
	run(&d, &r);
	T_CHECK(S(0) == 0xa0 && S(1) == 0xa1 && S(2) == 0xa2,
		"INDX_BUFFER data: S0..2 = 0x%x 0x%x 0x%x", S(0), S(1), S(2));
	T_CHECK(S(3) == 0xa2, "INDX_BUFFER ONE_REG_WR: S3 = 0x%x", S(3));
	T_CHECK(S(4) == 0x55, "IB1 did not resume after INDX_BUFFER");
	T_CHECK(rr(&d, R5XX_CP_IB2_BASE) == DATA + 4 && rr(&d, R5XX_CP_IB2_BUFSZ) == 3,
		"INDX_BUFFER did not load CP_IB2_BASE/BUFSZ");

	/* type-3 NOP and unknown opcodes are skipped by their count */
	t_emit(&r, R5XX_PACKET3(R5XX_PM4_NOP, 2));
	t_emit(&r, R5XX_PACKET0(R5XX_SCRATCH_REG(6), 0));
	t_emit(&r, 0xbad);
	t_emit(&r, 0xbad);
	t_emit(&r, R5XX_PACKET3(0x7f, 1));
	t_emit(&r, R5XX_PACKET0(R5XX_SCRATCH_REG(6), 0));
	t_emit(&r, 0xbad);
	t_emit(&r, R5XX_PACKET1(R5XX_SCRATCH_REG(6), R5XX_SCRATCH_REG(7)));
	t_emit(&r, 0x66);
	t_emit(&r, 0x77);
	run(&d, &r);
	T_CHECK(S(6) == 0x66 && S(7) == 0x77, "NOP/unknown/type-1: S6 0x%x S7 0x%x",
		S(6), S(7));
	printf("ok\n");
	return 0;
}
