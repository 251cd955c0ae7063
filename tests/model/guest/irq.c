// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Interrupts: SW_INT_FIRE sets SW_INT_TEST (from MMIO or from the ring),
 * status bits are write-1-to-clear, the interrupt is GEN_INT_STATUS &
 * GEN_INT_CNTL.  INTx is watched through the PCI status register (with INTx
 * masked in the command register, so no host IRQ fires); MSI by pointing the
 * message address at a locked page of guest RAM, where the message write
 * lands, to check the re-arm protocol (MSI_REARM_EN).
 */
#include <stdio.h>

#include "r5xx_test.h"

#define PCI_COMMAND		0x04
#define PCI_COMMAND_INTX_DISABLE 0x400
#define PCI_STATUS		0x06
#define PCI_STATUS_INTERRUPT	0x08
#define PCI_STATUS_CAP_LIST	0x10
#define PCI_CAPABILITY_LIST	0x34
#define PCI_CAP_ID_MSI		0x05

#define SW_TEST	R5XX_GEN_INT_STATUS_SW_INT_TEST
#define SW_FIRE	R5XX_GEN_INT_STATUS_SW_INT_FIRE
#define MSI_DATA 0x5a5a

static bool intx(struct r5xx *d)
{
	return cfg_rd(d, PCI_STATUS, 2) & PCI_STATUS_INTERRUPT;
}

static unsigned find_msi(struct r5xx *d)
{
	unsigned pos, n;

	T_CHECK(cfg_rd(d, PCI_STATUS, 2) & PCI_STATUS_CAP_LIST, "no capabilities");
	pos = cfg_rd(d, PCI_CAPABILITY_LIST, 1);
	for (n = 0; pos && n < 48; n++) {
		if (cfg_rd(d, pos, 1) == PCI_CAP_ID_MSI)
			return pos;
		pos = cfg_rd(d, pos + 1, 1);
	}
	t_fail("no MSI capability");
}

int main(void)
{
	struct r5xx d;
	struct ring r;
	volatile uint32_t *page;
	uint64_t phys;
	unsigned msi;
	uint16_t flags;

	t_setup(&d);
	msi = find_msi(&d);
	flags = cfg_rd(&d, msi + 2, 2);
	T_CHECK(!(flags & 0x80), "MSI capability has 64-bit addresses");
	cfg_wr(&d, msi + 2, 2, flags & ~1);		/* MSI off */
	cfg_wr(&d, PCI_COMMAND, 2, cfg_rd(&d, PCI_COMMAND, 2) |
	       PCI_COMMAND_INTX_DISABLE);
	wr(&d, R5XX_GEN_INT_CNTL, 0);
	if (d.is_r5xx) {
		/*
		 * rs600_irq_disable: the display interrupt has no GEN_INT_CNTL
		 * bit; silence its sources (earlier tests may have left them on)
		 */
		wr(&d, R5XX_DXMODE_INT_MASK, 0);
		wr(&d, R5XX_D1MODE_VBLANK_STATUS, R5XX_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_ACK);
		wr(&d, R5XX_D2MODE_VBLANK_STATUS, R5XX_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_ACK);
		wr(&d, R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL,
		   R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_ACK);
		wr(&d, R5XX_DC_HOT_PLUG_DETECT2_INT_CONTROL,
		   R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_ACK);
	}
	wr(&d, R5XX_GEN_INT_STATUS, ~0u & ~SW_FIRE);

	/* status without enable: no interrupt */
	wr(&d, R5XX_GEN_INT_STATUS, SW_FIRE);
	T_CHECK(rr(&d, R5XX_GEN_INT_STATUS) == SW_TEST,
		"SW_INT_FIRE gave status 0x%x", rr(&d, R5XX_GEN_INT_STATUS));
	T_CHECK(!intx(&d), "INTx asserted with GEN_INT_CNTL = 0");
	wr(&d, R5XX_GEN_INT_CNTL, R5XX_GEN_INT_CNTL_SW_INT_ENABLE);
	T_CHECK(intx(&d), "INTx not asserted with SW_INT_ENABLE");
	wr(&d, R5XX_GEN_INT_STATUS, 0);
	wr(&d, R5XX_GEN_INT_STATUS, ~SW_TEST & ~SW_FIRE);
	T_CHECK(rr(&d, R5XX_GEN_INT_STATUS) == SW_TEST, "status cleared by 0 bits");
	wr(&d, R5XX_GEN_INT_STATUS, SW_TEST);
	T_CHECK(rr(&d, R5XX_GEN_INT_STATUS) == 0 && !intx(&d),
		"write-1-to-clear failed");

	/* from the ring, like r300_fence_ring_emit */
	t_ring_init(&d, &r, T_RING_OFF, 10);
	t_emit_reg(&r, R5XX_SCRATCH_REG(0), 1);
	t_emit_reg(&r, R5XX_GEN_INT_STATUS, SW_FIRE);
	t_commit(&r);
	T_CHECK(t_wait_reg(&d, R5XX_CP_RB_RPTR, r.wptr, 1000), "ring stuck");
	T_CHECK(rr(&d, R5XX_GEN_INT_STATUS) & SW_TEST && intx(&d),
		"ring SW_INT_FIRE: status 0x%x", rr(&d, R5XX_GEN_INT_STATUS));
	T_CHECK(t_wait_idle(&d, 1000) && rr(&d, R5XX_GEN_INT_STATUS) &
		R5XX_GEN_INT_STATUS_GUI_IDLE_STAT, "no GUI_IDLE_STAT after the ring drained");
	wr(&d, R5XX_GEN_INT_STATUS, rr(&d, R5XX_GEN_INT_STATUS));
	T_CHECK(!intx(&d), "INTx still asserted after the ack");

	/* MSI: rising edge while armed, then nothing until MSI_REARM_EN */
	page = t_dma_page(&phys);
	t_bus_master(&d, true);
	cfg_wr(&d, msi + 4, 4, (uint32_t)phys);
	cfg_wr(&d, msi + 8, 2, MSI_DATA);
	cfg_wr(&d, msi + 2, 2, flags | 1);
	wr(&d, R5XX_MSI_REARM_EN, 1);	/* armed, nothing pending */
	T_CHECK(!t_wait_mem(page, MSI_DATA, 50), "MSI sent with nothing pending");

	wr(&d, R5XX_GEN_INT_STATUS, SW_FIRE);
	T_CHECK(t_wait_mem(page, MSI_DATA, 1000), "no MSI on SW_INT_FIRE");
	T_CHECK(!intx(&d), "INTx asserted while MSI is on");
	page[0] = 0;
	wr(&d, R5XX_GEN_INT_STATUS, SW_TEST);
	wr(&d, R5XX_GEN_INT_STATUS, SW_FIRE);
	T_CHECK(!t_wait_mem(page, MSI_DATA, 100), "MSI sent before re-arm");
	wr(&d, R5XX_MSI_REARM_EN, 1);
	T_CHECK(t_wait_mem(page, MSI_DATA, 1000),
		"re-arm with the interrupt pending sent no MSI");
	page[0] = 0;
	wr(&d, R5XX_GEN_INT_STATUS, SW_TEST);
	wr(&d, R5XX_MSI_REARM_EN, 1);
	T_CHECK(!t_wait_mem(page, MSI_DATA, 100), "re-arm with nothing pending sent an MSI");
	wr(&d, R5XX_GEN_INT_STATUS, SW_FIRE);
	T_CHECK(t_wait_mem(page, MSI_DATA, 1000), "no MSI after re-arm");

	cfg_wr(&d, msi + 2, 2, flags & ~1);
	t_bus_master(&d, false);
	wr(&d, R5XX_GEN_INT_CNTL, 0);
	wr(&d, R5XX_GEN_INT_STATUS, rr(&d, R5XX_GEN_INT_STATUS));
	printf("ok\n");
	return 0;
}
