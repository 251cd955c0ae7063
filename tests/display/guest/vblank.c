// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Vblank timing: the frame counter (CRTC_CRNT_FRAME; AVIVO:
 * D1CRTC_STATUS_FRAME_COUNT) advances at the rate the pixel PLL and the
 * totals give (60 Hz while the PLL is not the pixel clock source), measured
 * against the model's virtual clock (MODEL_VTIME), not the wall clock;
 * CRTC_STATUS and CRTC_VLINE_CRNT_VLINE (AVIVO: D1CRTC_STATUS and
 * STATUS_POSITION) follow the scan; each vblank sets GEN_INT_STATUS (AVIVO:
 * VBLANK_STATUS, DISP_INTERRUPT_STATUS and GEN_INT_STATUS.DISPLAY_INT_STAT)
 * and, enabled in GEN_INT_CNTL (AVIVO: DxMODE_INT_MASK), asserts the
 * interrupt (INTx, watched through the PCI status register).
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

/* The vblank interrupt of CRTC n is pending. */
static bool irq_pending(struct r5xx *d, unsigned n)
{
	if (d->is_r5xx)
		return (rr(d, R5XX_GEN_INT_STATUS) & R5XX_GEN_INT_STATUS_DISPLAY_INT_STAT) &&
		       (rr(d, R5XX_DISP_INTERRUPT_STATUS) &
			R5XX_DISP_INTERRUPT_STATUS_LB_D1_VBLANK_INTERRUPT << n);
	return rr(d, R5XX_GEN_INT_STATUS) & (n ? R5XX_GEN_INT_STATUS_CRTC2_VBLANK_STAT :
					     R5XX_GEN_INT_STATUS_CRTC_VBLANK_STAT);
}

/* Acknowledge it as r100_irq_ack / rs600_irq_ack do. */
static void irq_ack(struct r5xx *d, unsigned n)
{
	if (d->is_r5xx) {
		wr(d, R5XX_D1MODE_VBLANK_STATUS + D_AVIVO(n), R5XX_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_ACK);
		wr(d, R5XX_GEN_INT_STATUS, R5XX_GEN_INT_STATUS_DISPLAY_INT_STAT);
		return;
	}
	wr(d, R5XX_GEN_INT_STATUS, n ? R5XX_GEN_INT_STATUS_CRTC2_VBLANK_STAT :
	   R5XX_GEN_INT_STATUS_CRTC_VBLANK_STAT);
}

static void irq_enable(struct r5xx *d, unsigned n, bool on)
{
	if (d->is_r5xx) {
		wr(d, R5XX_GEN_INT_CNTL, 0);	/* rs600_irq_set: no display bit */
		wr(d, R5XX_DXMODE_INT_MASK, on ? R5XX_DXMODE_INT_MASK_D1MODE_VBLANK_INT_MASK << (n * 8) : 0);
		return;
	}
	wr(d, R5XX_GEN_INT_CNTL, !on ? 0 : n ? R5XX_GEN_INT_CNTL_CRTC2_VBLANK_MASK :
	   R5XX_GEN_INT_CNTL_CRTC_VBLANK_MASK);
}

/* Line of the scan, 0 = first active line. */
static unsigned scanline(struct r5xx *d, unsigned n, const struct mode *m)
{
	uint32_t v;

	if (!d->is_r5xx)
		return rr(d, R5XX_CRTC_VLINE_CRNT_VLINE + n * 0x100) >> 16 & 0x7ff;
	/* STATUS_POSITION counts from the sync start (d_crtc_set: h + 10) */
	v = rr(d, R5XX_D1CRTC_STATUS_POSITION + D_AVIVO(n)) & 0x1fff;
	T_CHECK(v < m->vtotal, "STATUS_POSITION line %u past vtotal %u", v, m->vtotal);
	return (v + m->h + 10) % m->vtotal;
}

static bool in_vblank(struct r5xx *d, unsigned n)
{
	if (d->is_r5xx)
		return rr(d, R5XX_D1CRTC_STATUS + D_AVIVO(n)) & R5XX_D1CRTC_STATUS_V_BLANK;
	return rr(d, n ? R5XX_CRTC2_STATUS : R5XX_CRTC_STATUS) & R5XX_CRTC_STATUS_CRTC_VBLANK_CUR;
}

/* The latched "a vblank started" bit; clear: write it back. */
static bool vblank_seen(struct r5xx *d, unsigned n, bool clear)
{
	uint32_t r = d->is_r5xx ? R5XX_D1MODE_VBLANK_STATUS + D_AVIVO(n) :
		     n ? R5XX_CRTC2_STATUS : R5XX_CRTC_STATUS;
	uint32_t bit = d->is_r5xx ? R5XX_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_OCCURRED :
		       R5XX_CRTC_STATUS_CRTC_VBLANK_SAVE;

	if (clear)
		wr(d, r, d->is_r5xx ? R5XX_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_ACK : bit);
	return rr(d, r) & bit;
}

/* Frames counted over `frames` expected periods, checked to +-1. */
static void measure(struct r5xx *d, unsigned n, double period_ns, unsigned frames,
		    bool irq, const char *what)
{
	uint64_t t0, t1;
	uint32_t f0, f1;
	unsigned irqs = 0;
	double want;

	irq_ack(d, n);
	t0 = d_vtime(d);
	f0 = d_frame(d, n);
	do {
		if (irq && irq_pending(d, n)) {
			T_CHECK(cfg_rd(d, PCI_STATUS, 2) & PCI_STATUS_INTERRUPT,
				"%s: vblank status without INTx", what);
			irqs++;
			irq_ack(d, n);
			/* unless the next vblank came in the meantime */
			T_CHECK(!(cfg_rd(d, PCI_STATUS, 2) & PCI_STATUS_INTERRUPT) ||
				irq_pending(d, n),
				"%s: INTx still asserted after the ack (GEN_INT_STATUS 0x%x)",
				what, rr(d, R5XX_GEN_INT_STATUS));
		}
		t1 = d_vtime(d);
	} while (t1 - t0 < period_ns * frames);
	f1 = d_frame(d, n);
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
	uint32_t l0, l1;
	bool vb;
	double period;

	t_open(&d);
	t_mc_setup(&d);
	cfg_wr(&d, PCI_COMMAND, 2, cfg_rd(&d, PCI_COMMAND, 2) | PCI_COMMAND_INTX_DISABLE);
	irq_enable(&d, n, false);

	/* CRTC off: the counter stands still */
	d_crtc_off(&d, n);
	l0 = d_frame(&d, n);
	t_sleep_ms(50);
	T_CHECK(d_frame(&d, n) == l0, "frame counter runs with the CRTC off");

	/* pixel clock not from the PLL: 60 Hz */
	d_pll_off(&d, n);
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
		l0 = scanline(&d, n, &m);
		vb = in_vblank(&d, n);
		l1 = scanline(&d, n, &m);
		T_CHECK(l0 < m.vtotal && l1 < m.vtotal, "scanline %u/%u past vtotal %u",
			l0, l1, m.vtotal);
		changes += l0 != l1;
		if (l1 >= l0 && (l0 >= m.h) == (l1 >= m.h))
			T_CHECK(vb == (l0 >= m.h), "in vblank %d on line %u (vdisplay %u)",
				vb, l0, m.h);
	}
	T_CHECK(changes > 10, "scanline hardly moves (%u changes)", changes);
	T_CHECK(!vblank_seen(&d, n, true), "vblank status did not clear");
	l0 = d_frame(&d, n);
	while (d_frame(&d, n) == l0)
		;
	T_CHECK(vblank_seen(&d, n, false), "no vblank status after a vblank");

	/* interrupts */
	irq_enable(&d, n, true);
	measure(&d, n, period, 30, true, "interrupts");
	irq_enable(&d, n, false);
	irq_ack(&d, n);
	wr(&d, R5XX_GEN_INT_STATUS, rr(&d, R5XX_GEN_INT_STATUS));
	T_CHECK(!(cfg_rd(&d, PCI_STATUS, 2) & PCI_STATUS_INTERRUPT), "INTx left asserted");
	d_crtc_off(&d, n);
	printf("ok\n");
	return 0;
}
