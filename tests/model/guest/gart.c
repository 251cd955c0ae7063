// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * rv370 PCIE GART: the CP's system-memory accesses (write-backs, IB fetch)
 * through a table of 4-byte PTEs in VRAM; permission bits, faults recorded
 * in PCIE_TX_GART_ERROR, UNMAPPED_ACCESS modes, and the TLB that only
 * INVALIDATE_TLB refreshes (r300.c:rv370_pcie_gart_*).
 */
#include <stdio.h>

#include "r5xx_test.h"

#define APER		0x40000000u	/* GART aperture in the MC space */
#define APER_PAGES	16

static uint32_t pte(uint64_t addr, bool rd, bool wrt)
{
	return ((uint32_t)addr >> 8 & 0x00fffff0) |
	       (uint32_t)((addr >> 32) & 0xff) << 24 | (rd ? 8 : 0) | (wrt ? 4 : 0);
}

static void set_pte(struct r5xx *d, unsigned i, uint32_t v)
{
	vram_wr(d, T_GART_OFF + 4 * i, v);
}

/* rv370_pcie_gart_tlb_flush */
static void tlb_flush(struct r5xx *d)
{
	for (int i = 0; i < 2; i++) {
		uint32_t c = pcie_rr(d, R5XX_PCIE_TX_GART_CNTL);

		pcie_wr(d, R5XX_PCIE_TX_GART_CNTL, c | R5XX_PCIE_TX_GART_CNTL_INVALIDATE_TLB);
		(void)pcie_rr(d, R5XX_PCIE_TX_GART_CNTL);
		pcie_wr(d, R5XX_PCIE_TX_GART_CNTL, c);
	}
}

static void run(struct r5xx *d, struct ring *r)
{
	t_commit(r);
	T_CHECK(t_wait_reg(d, R5XX_CP_RB_RPTR, r->wptr, 1000) && t_wait_idle(d, 1000),
		"CP stuck: rptr %u wptr %u", rr(d, R5XX_CP_RB_RPTR), r->wptr);
}

static void scratch_wb(struct ring *r, uint32_t addr, unsigned i, uint32_t v)
{
	wr(r->d, R5XX_SCRATCH_ADDR, addr);
	wr(r->d, R5XX_SCRATCH_UMSK, 1u << i);
	t_emit_reg(r, R5XX_SCRATCH_REG(i), v);
	run(r->d, r);
}

int main(void)
{
	struct r5xx d;
	struct ring r;
	volatile uint32_t *a, *b;
	uint64_t pa, pb;
	uint32_t err;
	unsigned i;

	t_setup(&d);
	t_ring_init(&d, &r, T_RING_OFF, 10);
	a = t_dma_page(&pa);
	b = t_dma_page(&pb);
	t_bus_master(&d, true);

	for (i = 0; i < APER_PAGES; i++)
		set_pte(&d, i, 0);
	set_pte(&d, 0, pte(pa, true, true));
	set_pte(&d, 1, pte(pb, true, false));	/* read-only */
	vram_fill(&d, T_SCRATCH_OFF, 4096, R5XX_PACKET2);

	/* rv370_pcie_gart_enable */
	pcie_wr(&d, R5XX_PCIE_TX_GART_CNTL, 3 << 1);
	pcie_wr(&d, R5XX_PCIE_TX_GART_START_LO, APER);
	pcie_wr(&d, R5XX_PCIE_TX_GART_END_LO, APER + (APER_PAGES - 1) * 4096);
	pcie_wr(&d, R5XX_PCIE_TX_GART_START_HI, 0);
	pcie_wr(&d, R5XX_PCIE_TX_GART_END_HI, 0);
	pcie_wr(&d, R5XX_PCIE_TX_GART_BASE, T_GART_OFF);
	pcie_wr(&d, R5XX_PCIE_TX_DISCARD_RD_ADDR_LO, T_SCRATCH_OFF);
	pcie_wr(&d, R5XX_PCIE_TX_DISCARD_RD_ADDR_HI, 0);
	pcie_wr(&d, R5XX_PCIE_TX_GART_ERROR, 0);
	pcie_wr(&d, R5XX_PCIE_TX_GART_CNTL, pcie_rr(&d, R5XX_PCIE_TX_GART_CNTL) |
		R5XX_PCIE_TX_GART_CNTL_GART_EN);
	tlb_flush(&d);
	T_CHECK(!(pcie_rr(&d, R5XX_PCIE_TX_GART_CNTL) &
		  R5XX_PCIE_TX_GART_CNTL_INVALIDATE_TLB), "INVALIDATE_TLB stuck");

	/* scratch write-back into page a */
	scratch_wb(&r, APER + 0x40, 0, 0xc0ffee01);
	T_CHECK(a[0x10] == 0xc0ffee01, "write-back through the GART: 0x%x", a[0x10]);
	T_CHECK(pcie_rr(&d, R5XX_PCIE_TX_GART_ERROR) == 0, "GART error 0x%x",
		pcie_rr(&d, R5XX_PCIE_TX_GART_ERROR));

	/* read pointer write-back into page a */
	wr(&d, R5XX_CP_RB_RPTR_ADDR, APER + 0x400);
	wr(&d, R5XX_CP_RB_CNTL, rr(&d, R5XX_CP_RB_CNTL) & ~R5XX_CP_RB_CNTL_RB_NO_UPDATE);
	T_CHECK(t_wait_mem(&a[0x100], r.wptr, 1000), "rptr write-back: %u, want %u",
		a[0x100], r.wptr);

	/* IB fetched from page b (readable) */
	b[0] = R5XX_PACKET0(R5XX_SCRATCH_REG(1), 0);
	b[1] = 0x1b1b;
	b[2] = R5XX_PACKET2;
	b[3] = R5XX_PACKET2;
	__sync_synchronize();
	t_emit(&r, R5XX_PACKET0(R5XX_CP_IB_BASE, 1));
	t_emit(&r, APER + 4096);
	t_emit(&r, 4);
	run(&d, &r);
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(1)) == 0x1b1b, "IB in system memory did not run");

	/* write to the read-only page: dropped, error recorded */
	b[0x22] = 0x5555;
	scratch_wb(&r, APER + 4096 + 0x80, 2, 0xbad);	/* 0x80 + 4 * 2 */
	T_CHECK(b[0x22] == 0x5555, "write through a read-only PTE landed");
	err = pcie_rr(&d, R5XX_PCIE_TX_GART_ERROR);
	T_CHECK((err & 1) && (err & 2) && (err & ~0xfffu) == APER + 4096,
		"GART_ERROR 0x%x after a write fault", err);

	/* IB in an invalid page: reads come from the discard page (PACKET2s) */
	pcie_wr(&d, R5XX_PCIE_TX_GART_ERROR, 0);
	t_emit(&r, R5XX_PACKET0(R5XX_CP_IB_BASE, 1));
	t_emit(&r, APER + 2 * 4096);
	t_emit(&r, 16);
	t_emit_reg(&r, R5XX_SCRATCH_REG(3), 0x33);
	run(&d, &r);
	err = pcie_rr(&d, R5XX_PCIE_TX_GART_ERROR);
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(3)) == 0x33 && (err & 1) && !(err & 2) &&
		(err & ~0xfffu) == APER + 2 * 4096, "read fault: GART_ERROR 0x%x", err);

	/* outside FB and aperture, UNMAPPED_ACCESS = discard */
	pcie_wr(&d, R5XX_PCIE_TX_GART_ERROR, 0);
	scratch_wb(&r, 0x70000000, 4, 0x44);
	err = pcie_rr(&d, R5XX_PCIE_TX_GART_ERROR);
	T_CHECK((err & 3) == 3 && (err & ~0xfffu) == 0x70000000,
		"discarded access: GART_ERROR 0x%x", err);

	/* the TLB keeps a stale entry until INVALIDATE_TLB */
	set_pte(&d, 0, pte(pb, true, true));
	scratch_wb(&r, APER + 0x40, 5, 0x1111);		/* 0x40 + 4 * 5 */
	T_CHECK(a[0x15] == 0x1111, "write did not use the cached translation");
	tlb_flush(&d);
	scratch_wb(&r, APER + 0x40, 5, 0x2222);
	T_CHECK(b[0x15] == 0x2222 && a[0x15] == 0x1111,
		"INVALIDATE_TLB did not pick up the new PTE");

	/* pass-through: an MC address outside FB and aperture is a bus address */
	wr(&d, R5XX_CP_RB_CNTL, rr(&d, R5XX_CP_RB_CNTL) | R5XX_CP_RB_CNTL_RB_NO_UPDATE);
	if (pa >= d.vram_size && pa < APER) {
		pcie_wr(&d, R5XX_PCIE_TX_GART_CNTL, R5XX_PCIE_TX_GART_CNTL_GART_EN);
		scratch_wb(&r, (uint32_t)pa + 0x80, 6, 0x66);	/* 0x98 */
		T_CHECK(a[0x26] == 0x66, "UNMAPPED_ACCESS pass-through");
		pcie_wr(&d, R5XX_PCIE_TX_GART_CNTL, 0);
		scratch_wb(&r, (uint32_t)pa + 0x80, 7, 0x67);	/* 0x9c */
		T_CHECK(a[0x27] == 0x67, "GART off: not a bus address");
	}

	pcie_wr(&d, R5XX_PCIE_TX_GART_CNTL, 0);
	t_bus_master(&d, false);
	printf("ok\n");
	return 0;
}
