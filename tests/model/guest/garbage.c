// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Garbage in: random packets in the ring and in IBs, then random register
 * writes all over BAR 2.  The model must survive (this program keeps
 * running and QEMU stays up), and a CP soft reset plus the usual bring-up
 * must make it usable again.  Bus mastering and INTx stay off meanwhile, so
 * stray write-backs cannot reach guest memory.  R5XX_SEED=N repeats a run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "r5xx_test.h"

#define PCI_COMMAND		0x04
#define PCI_COMMAND_INTX_DISABLE 0x400

static uint64_t rng;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static uint32_t garbage_packet(struct r5xx *d, uint32_t *out, uint32_t room)
{
	static const uint8_t ops[] = {
		R5XX_PM4_NOP, R5XX_PM4_INDX_BUFFER, R5XX_PM4_PAINT_MULTI,
		R5XX_PM4_BITBLT_MULTI, R5XX_PM4_3D_DRAW_IMMD, R5XX_PM4_WAIT_SEMAPHORE,
	};
	uint32_t n = 0, i, body;

	switch (rnd() % 10) {
	case 0: case 1: case 2:		/* type-0, anywhere */
		body = rnd() % 8 + 1;
		out[n++] = (rnd() & 0x1fff) | (body - 1) << 16 | (rnd() & 1) << 15;
		break;
	case 3:
		body = 2;
		out[n++] = 1u << 30 | (rnd() & 0x3fffff);
		break;
	case 4:
		body = 0;
		out[n++] = R5XX_PACKET2 | (rnd() & 0x3fffffff);
		break;
	case 5: case 6:			/* type-3, any opcode */
		body = rnd() % 16 + 1;
		out[n++] = R5XX_PACKET3(rnd(), body - 1);
		break;
	case 7:				/* type-3 the model knows */
		body = 3;
		out[n++] = R5XX_PACKET3(ops[rnd() % sizeof(ops)], body - 1);
		out[n++] = rnd();
		out[n++] = rnd() % d->vram_size;
		out[n++] = rnd() % 0x10000;
		return n;
	case 8:				/* an IB somewhere in VRAM */
		out[n++] = R5XX_PACKET0(R5XX_CP_IB_BASE, 1);
		out[n++] = rnd() % d->vram_size;
		out[n++] = rnd() % 0x1000;
		return n;
	default:			/* anything at all */
		body = 0;
		out[n++] = rnd();
		break;
	}
	for (i = 0; i < body && n < room; i++)
		out[n++] = rnd();
	return n;
}

int main(void)
{
	struct r5xx d;
	struct ring r;
	uint32_t pkt[32], n, i, off;
	const char *seed = getenv("R5XX_SEED");
	uint64_t seed0;

	rng = seed ? strtoull(seed, NULL, 0) : (uint64_t)time(NULL);
	rng = rng ? rng : 1;
	seed0 = rng;
	t_log("garbage: R5XX_SEED=%llu", (unsigned long long)rng);

	t_setup(&d);
	cfg_wr(&d, PCI_COMMAND, 2, cfg_rd(&d, PCI_COMMAND, 2) | PCI_COMMAND_INTX_DISABLE);
	for (off = T_IB_OFF; off < T_IB_OFF + 0x40000; off += 4)
		vram_wr(&d, off, rnd());

	/* random packets: 8000 dwords in a 8192-dword ring */
	t_ring_init(&d, &r, T_RING_OFF, 12);
	while (r.wptr < 8000) {
		n = garbage_packet(&d, pkt, 8000 - r.wptr);
		for (i = 0; i < n && r.wptr < 8000; i++)
			t_emit(&r, pkt[i]);
	}
	t_commit(&r);
	t_wait_idle(&d, 2000);
	t_log("garbage: after the packets rptr %u, RBBM_STATUS 0x%08x",
	      rr(&d, R5XX_CP_RB_RPTR), rr(&d, R5XX_RBBM_STATUS));

	/* random register writes (and reads) */
	for (i = 0; i < 20000; i++) {
		off = rnd() & 0xfffc;
		if (rnd() % 4)
			wr(&d, off, rnd());
		else
			(void)rr(&d, off);
	}
	t_wait_idle(&d, 1000);

	/* recovery */
	T_CHECK(rr(&d, R5XX_MODEL_ID) == 0x5235584d, "model does not answer");
	wr(&d, R5XX_GEN_INT_CNTL, 0);
	wr(&d, R5XX_GEN_INT_STATUS, ~R5XX_GEN_INT_STATUS_SW_INT_FIRE);
	t_cp_soft_reset(&d);
	t_mc_setup(&d);
	t_load_microcode(&d, 256);
	t_ring_init(&d, &r, T_RING_OFF, 10);
	wr(&d, R5XX_SCRATCH_REG(0), 0xcafedead);
	t_emit_reg(&r, R5XX_SCRATCH_REG(0), 0xdeadbeef);
	t_commit(&r);
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(0), 0xdeadbeef, 2000) &&
		t_wait_idle(&d, 1000),
		"not usable after a soft reset (seed %llu): rptr %u wptr %u "
		"RBBM_STATUS 0x%x CP_STAT 0x%x CP_RB_CNTL 0x%x CSQ 0x%x/0x%x "
		"MODEL_DEBUG 0x%x RBBM_SOFT_RESET 0x%x",
		(unsigned long long)seed0, rr(&d, R5XX_CP_RB_RPTR),
		rr(&d, R5XX_CP_RB_WPTR), rr(&d, R5XX_RBBM_STATUS),
		rr(&d, R5XX_CP_STAT), rr(&d, R5XX_CP_RB_CNTL),
		rr(&d, R5XX_CP_CSQ_CNTL), rr(&d, R5XX_CP_CSQ_MODE),
		rr(&d, R5XX_MODEL_DEBUG), rr(&d, R5XX_RBBM_SOFT_RESET));
	printf("ok\n");
	return 0;
}
