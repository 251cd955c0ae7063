// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Vblank timing: the frame counter (CRTC_CRNT_FRAME) advances at the rate
 * the pixel PLL and the totals give (60 Hz while the PLL is not the pixel
 * clock source), measured against the model's virtual clock (MODEL_VTIME),
 * not the wall clock; CRTC_STATUS and CRTC_VLINE_CRNT_VLINE follow the
 * scan; each vblank sets GEN_INT_STATUS and, enabled in GEN_INT_CNTL,
 * asserts the interrupt (INTx, watched through the PCI status register).
 *
 *   vblank HEAD
 */
#include <stdio.h>
#include <stdlib.h>

#include "disp.h"

#define PCI_COMMAND		0x04
#define PCI_COMMAND_INTX_DISABLE 0x400
#define PCI_STATUS		0x06
#define PCI_STATUS_INTERRUPT	0x08

static uint32_t frame_reg(unsigned n)
{
	return n ? R5XX_CRTC2_CRNT_FRAME : R5XX_CRTC_CRNT_FRAME;
}

/* Frames counted over `frames` expected periods, checked to +-1. */
static void measure(struct r5xx *d, unsigned n, double period_ns, unsigned frames,
		    bool irq, const char *what)
{
	uint32_t st = n ? R5XX_GEN_INT_STATUS_CRTC2_VBLANK_STAT :
		R5XX_GEN_INT_STATUS_CRTC_VBLANK_STAT;
	uint64_t t0, t1;
	uint32_t f0, f1;
	unsigned irqs = 0;
	double want;

	wr(d, R5XX_GEN_INT_STATUS, st);
	t0 = d_vtime(d);
	f0 = rr(d, frame_reg(n));
	do {
		if (irq && (rr(d, R5XX_GEN_INT_STATUS) & st)) {
			T_CHECK(cfg_rd(d, PCI_STATUS, 2) & PCI_STATUS_INTERRUPT,
				"%s: vblank status without INTx", what);
			irqs++;
			wr(d, R5XX_GEN_INT_STATUS, st);
			T_CHECK(!(cfg_rd(d, PCI_STATUS, 2) & PCI_STATUS_INTERRUPT),
				"%s: INTx still asserted after the ack", what);
		}
		t1 = d_vtime(d);
	} while (t1 - t0 < period_ns * frames);
	f1 = rr(d, frame_reg(n));
	t1 = d_vtime(d);
	want = (t1 - t0) / period_ns;
	t_log("%s: %u frames in %.3f ms (expected %.2f), %u vblank interrupts",
	      what, f1 - f0, (t1 - t0) / 1e6, want, irqs);
	T_CHECK((double)(f1 - f0) >= want - 1.01 && (double)(f1 - f0) <= want + 1.01,
		"%s: %u frames counted, %.2f expected", what, f1 - f0, want);
	if (irq)	/* some may merge while the guest is not running */
		T_CHECK(irqs >= (f1 - f0) / 2 && irqs <= f1 - f0 + 1,
			"%s: %u interrupts for %u frames", what, irqs, f1 - f0);
}

int main(int argc, char **argv)
{
	struct r5xx d;
	struct mode m;
	unsigned n = argc > 1 ? atoi(argv[1]) : 0, changes = 0;
	uint64_t t0;
	uint32_t b, l0, l1, s, msk;
	double period;

	t_open(&d);
	t_mc_setup(&d);
	b = n * 0x100;
	msk = n ? R5XX_GEN_INT_CNTL_CRTC2_VBLANK_MASK : R5XX_GEN_INT_CNTL_CRTC_VBLANK_MASK;
	cfg_wr(&d, PCI_COMMAND, 2, cfg_rd(&d, PCI_COMMAND, 2) | PCI_COMMAND_INTX_DISABLE);
	wr(&d, R5XX_GEN_INT_CNTL, 0);

	/* CRTC off: the counter stands still */
	d_crtc_off(&d, n);
	l0 = rr(&d, frame_reg(n));
	t_sleep_ms(50);
	T_CHECK(rr(&d, frame_reg(n)) == l0, "frame counter runs with the CRTC off");

	/* pixel clock not from the PLL: 60 Hz */
	if (n)
		pll_wr(&d, R5XX_PLL_PIXCLKS_CNTL, 0);
	else
		pll_wr(&d, R5XX_PLL_VCLK_ECP_CNTL, 0);
	d_mode_default(&m, 640, 480, 32);
	d_crtc_set(&d, n, &m, n ? D_FB2_OFF : D_FB1_OFF);
	measure(&d, n, 1e9 / 60, 20, false, "no PLL (60 Hz)");

	/* 27 MHz * 67 / (12 * 6) = 25.125 MHz over 800x524; 28.125 MHz for CRTC2 */
	if (n) {
		d_pll_set(&d, 1, 12, 100, 3);
		period = 800.0 * 524 / 28125e3 * 1e9;
	} else {
		d_pll_set(&d, 0, 12, 67, 6);
		period = 800.0 * 524 / 25125e3 * 1e9;
	}
	measure(&d, n, period, 40, false, "PLL");

	/* scan position and the vblank flags, over two frames */
	t0 = d_vtime(&d);
	while (d_vtime(&d) - t0 < 2 * period) {
		l0 = rr(&d, R5XX_CRTC_VLINE_CRNT_VLINE + b) >> 16 & 0x7ff;
		s = rr(&d, n ? R5XX_CRTC2_STATUS : R5XX_CRTC_STATUS);
		l1 = rr(&d, R5XX_CRTC_VLINE_CRNT_VLINE + b) >> 16 & 0x7ff;
		T_CHECK(l0 < m.vtotal && l1 < m.vtotal, "scanline %u/%u past vtotal %u",
			l0, l1, m.vtotal);
		changes += l0 != l1;
		if (l1 >= l0 && (l0 >= m.h) == (l1 >= m.h))
			T_CHECK(!!(s & R5XX_CRTC_STATUS_CRTC_VBLANK_CUR) == (l0 >= m.h),
				"CRTC_STATUS 0x%x on line %u (vdisplay %u)", s, l0, m.h);
	}
	T_CHECK(changes > 10, "scanline hardly moves (%u changes)", changes);
	wr(&d, n ? R5XX_CRTC2_STATUS : R5XX_CRTC_STATUS, R5XX_CRTC_STATUS_CRTC_VBLANK_SAVE);
	T_CHECK(!(rr(&d, n ? R5XX_CRTC2_STATUS : R5XX_CRTC_STATUS) &
		  R5XX_CRTC_STATUS_CRTC_VBLANK_SAVE), "VBLANK_SAVE did not clear");
	l0 = rr(&d, frame_reg(n));
	while (rr(&d, frame_reg(n)) == l0)
		;
	T_CHECK(rr(&d, n ? R5XX_CRTC2_STATUS : R5XX_CRTC_STATUS) &
		R5XX_CRTC_STATUS_CRTC_VBLANK_SAVE, "no VBLANK_SAVE after a vblank");

	/* interrupts */
	wr(&d, R5XX_GEN_INT_CNTL, msk);
	measure(&d, n, period, 30, true, "interrupts");
	wr(&d, R5XX_GEN_INT_CNTL, 0);
	wr(&d, R5XX_GEN_INT_STATUS, rr(&d, R5XX_GEN_INT_STATUS));
	d_crtc_off(&d, n);
	printf("ok\n");
	return 0;
}
