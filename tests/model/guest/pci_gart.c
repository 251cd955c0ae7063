// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The AGP cards' PCI GART (r100.c:r100_pci_gart_*): the CP's system-memory
 * accesses through a table of 32-bit bus addresses in system memory, read
 * by DMA; DIS_OUT_OF_PCI_GART_ACCESS; a table change seen without a flush
 * (one cached entry, per access); and BUS_CNTL.BUS_MASTER_DIS, set at
 * reset, blocking every bus access until cleared (r100_enable_bm).
 */
#include <stdio.h>

#include "r5xx_test.h"

#define APER		0x40000000u	/* GART range in the MC space */
#define APER_PAGES	16

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
	volatile uint32_t *a, *b, *t;
	uint64_t pa, pb, pt;
	uint32_t bus;
	unsigned i;

	t_setup(&d);
	T_CHECK(cfg_rd(&d, 0x06, 2) & 0x10, "no capability list");
	T_CHECK(cfg_rd(&d, 0x58, 1) == 0x02, "no AGP capability at 0x58 (0x%x)",
		cfg_rd(&d, 0x58, 1));
	bus = rr(&d, R5XX_BUS_CNTL);
	T_CHECK(bus & R5XX_BUS_CNTL_BUS_MASTER_DIS,
		"BUS_CNTL 0x%x: BUS_MASTER_DIS not set at reset", bus);

	t_ring_init(&d, &r, T_RING_OFF, 10);
	a = t_dma_page(&pa);
	b = t_dma_page(&pb);
	t = t_dma_page(&pt);
	t_bus_master(&d, true);

	for (i = 0; i < APER_PAGES; i++)
		t[i] = (uint32_t)pb;
	t[0] = (uint32_t)pa | 0xabc;		/* bits 11:0 are ignored */
	__sync_synchronize();

	/* r100_pci_gart_enable */
	wr(&d, R5XX_AIC_CNTL, rr(&d, R5XX_AIC_CNTL) |
	   R5XX_AIC_CNTL_DIS_OUT_OF_PCI_GART_ACCESS);
	wr(&d, R5XX_AIC_LO_ADDR, APER);
	wr(&d, R5XX_AIC_HI_ADDR, APER + APER_PAGES * 4096 - 1);
	wr(&d, R5XX_AIC_PT_BASE, (uint32_t)pt);
	wr(&d, R5XX_AIC_CNTL, rr(&d, R5XX_AIC_CNTL) |
	   R5XX_AIC_CNTL_PCIGART_TRANSLATE_EN);

	/* bus mastering still off in BUS_CNTL: nothing lands */
	scratch_wb(&r, APER + 0x40, 0, 0xdead);
	T_CHECK(a[0x10] == 0, "write-back with BUS_MASTER_DIS set landed");

	/* r100_enable_bm */
	wr(&d, R5XX_BUS_CNTL, rr(&d, R5XX_BUS_CNTL) & ~R5XX_BUS_CNTL_BUS_MASTER_DIS);
	scratch_wb(&r, APER + 0x40, 0, 0xc0ffee01);
	T_CHECK(a[0x10] == 0xc0ffee01, "write-back through the PCI GART: 0x%x",
		a[0x10]);

	/* read pointer write-back into page a */
	wr(&d, R5XX_CP_RB_RPTR_ADDR, APER + 0x400);
	wr(&d, R5XX_CP_RB_CNTL, rr(&d, R5XX_CP_RB_CNTL) & ~R5XX_CP_RB_CNTL_RB_NO_UPDATE);
	T_CHECK(t_wait_mem(&a[0x100], r.wptr, 1000), "rptr write-back: %u, want %u",
		a[0x100], r.wptr);
	wr(&d, R5XX_CP_RB_CNTL, rr(&d, R5XX_CP_RB_CNTL) | R5XX_CP_RB_CNTL_RB_NO_UPDATE);

	/* an IB fetched from page b, through entry 5 */
	b[0] = R5XX_PACKET0(R5XX_SCRATCH_REG(1), 0);
	b[1] = 0x1b1b;
	b[2] = R5XX_PACKET2;
	b[3] = R5XX_PACKET2;
	__sync_synchronize();
	t_emit(&r, R5XX_PACKET0(R5XX_CP_IB_BASE, 1));
	t_emit(&r, APER + 5 * 4096);
	t_emit(&r, 4);
	run(&d, &r);
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(1)) == 0x1b1b, "IB in system memory did not run");

	/* a table change is seen without a flush */
	t[0] = (uint32_t)pb;
	__sync_synchronize();
	scratch_wb(&r, APER + 0x40, 5, 0x2222);		/* 0x40 + 4 * 5 */
	T_CHECK(b[0x15] == 0x2222 && a[0x15] == 0, "the new entry was not used");

	/* outside the range: discarded while DIS_OUT_OF_PCI_GART_ACCESS is set */
	if (pa >= d.vram_size && pa < APER) {
		scratch_wb(&r, (uint32_t)pa + 0x80, 6, 0x66);	/* 0x98 */
		T_CHECK(a[0x26] == 0, "access outside the PCI GART range landed");
		wr(&d, R5XX_AIC_CNTL, R5XX_AIC_CNTL_PCIGART_TRANSLATE_EN);
		scratch_wb(&r, (uint32_t)pa + 0x80, 7, 0x67);	/* 0x9c */
		T_CHECK(a[0x27] == 0x67, "no pass-through without DIS_OUT_OF_PCI_GART_ACCESS");
	} else {
		t_log("page at 0x%llx inside VRAM's MC range: range checks skipped",
		      (unsigned long long)pa);
	}

	/* r100_bm_disable: bus mastering off again */
	wr(&d, R5XX_BUS_CNTL, rr(&d, R5XX_BUS_CNTL) | R5XX_BUS_CNTL_BUS_MASTER_DIS);
	t[0] = (uint32_t)pa;
	__sync_synchronize();
	scratch_wb(&r, APER + 0x60, 0, 0x7777);
	T_CHECK(a[0x18] == 0, "write-back after BUS_MASTER_DIS landed");

	wr(&d, R5XX_AIC_CNTL, 0);
	t_bus_master(&d, false);
	printf("ok\n");
	return 0;
}
