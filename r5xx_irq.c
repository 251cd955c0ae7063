// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/pci.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: interrupts
 *
 * The CP's software interrupt is raised by the SW_INT_FIRE write that
 * ends every fence. GEN_INT_CNTL enables it (SW_INT_ENABLE), GEN_INT_STATUS
 * reports it (bit 25, named SW_INT_TEST on R3xx/R4xx and SW_INT on
 * RS6xx/R5xx) and is acknowledged by writing the bit back. With KMS on the
 * legacy display engine, GEN_INT_CNTL/STATUS also carry the vblanks of
 * CRTC1 and CRTC2 (CRTC_VBLANK, CRTC2_VBLANK), enabled while DRM wants
 * vblank interrupts, and the DVI hot-plug detect (FP_DETECT); the handler
 * passes them to r5xx_display_legacy.c and r5xx_connector.c. R5xx parts
 * have the AVIVO display interrupt block instead: GEN_INT_STATUS bit 0
 * (DISPLAY_INT_STAT) says DISP_INTERRUPT_STATUS has a source pending, the
 * vblanks of D1 and D2 (enabled in DXMODE_INT_MASK, acknowledged in
 * DxMODE_VBLANK_STATUS) or a hot plug pin (enabled and acknowledged in
 * DC_HOT_PLUG_DETECTn_INT_CONTROL). Every pending source is acknowledged,
 * the enabled ones passed on.
 *
 * MSI is used where upstream radeon trusts it (radeon_msi_ok): from RV380
 * on, except RV515 (it loses MSI re-arms) and the IGPs other than RS690;
 * the msi module parameter overrides that. MSI addresses are limited to
 * 32 bits on these parts. Otherwise the legacy INTx line is used, which may
 * be shared: the handler returns IRQ_NONE when no enabled source is
 * pending. With MSI each interrupt must be re-armed, through MSI_REARM_EN,
 * or on the IGPs by toggling a bit of AIC_CNTL (RS400/RS480) or BUS_CNTL
 * (RS6xx), as the chip row says; else the device sends no further message.
 *
 * The hardware is masked and acknowledged before the handler is freed.
 */

/* GEN_INT_STATUS bit 25: SW_INT_TEST on R3xx/R4xx, SW_INT on RS6xx/R5xx */
#define R5XX_IRQ_SW_INT		R5XX_GEN_INT_STATUS_SW_INT_TEST

/* the AVIVO display sources r5xx uses, as DISP_INTERRUPT_STATUS bits */
#define R5XX_IRQ_AVIVO_VBLANK	(R5XX_DISP_INTERRUPT_STATUS_LB_D1_VBLANK_INTERRUPT | \
				 R5XX_DISP_INTERRUPT_STATUS_LB_D2_VBLANK_INTERRUPT)
#define R5XX_IRQ_AVIVO_HPD	(R5XX_DISP_INTERRUPT_STATUS_DC_HOT_PLUG_DETECT1_INTERRUPT | \
				 R5XX_DISP_INTERRUPT_STATUS_DC_HOT_PLUG_DETECT2_INTERRUPT)
#define R5XX_IRQ_AVIVO_DISPLAY	(R5XX_IRQ_AVIVO_VBLANK | R5XX_IRQ_AVIVO_HPD)
/* D2's vblank status and hot plug pin 2's registers are D1's and pin 1's + */
#define R5XX_IRQ_AVIVO_D2	(R5XX_D2MODE_VBLANK_STATUS - R5XX_D1MODE_VBLANK_STATUS)
#define R5XX_IRQ_AVIVO_HPD2	(R5XX_DC_HOT_PLUG_DETECT2_INT_CONTROL - \
				 R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL)

/* the register and bit acknowledging each AVIVO source, as data */
static const struct {
	u32 source;
	u32 reg;
	u32 ack;
} r5xx_irq_avivo_acks[] = {
	{ R5XX_DISP_INTERRUPT_STATUS_LB_D1_VBLANK_INTERRUPT,
	  R5XX_D1MODE_VBLANK_STATUS, R5XX_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_ACK },
	{ R5XX_DISP_INTERRUPT_STATUS_LB_D2_VBLANK_INTERRUPT,
	  R5XX_D1MODE_VBLANK_STATUS + R5XX_IRQ_AVIVO_D2,
	  R5XX_D1MODE_VBLANK_STATUS_D1MODE_VBLANK_ACK },
	{ R5XX_DISP_INTERRUPT_STATUS_DC_HOT_PLUG_DETECT1_INTERRUPT,
	  R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL,
	  R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_ACK },
	{ R5XX_DISP_INTERRUPT_STATUS_DC_HOT_PLUG_DETECT2_INTERRUPT,
	  R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL + R5XX_IRQ_AVIVO_HPD2,
	  R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_ACK },
};

/*
 * Acknowledge every pending AVIVO display source, enabled or not (a level
 * interrupt must lose its cause), and return them all.
 */
static u32 r5xx_irq_avivo_ack(struct r5xx_device *rdev)
{
	u32 pending = r5xx_rreg(rdev, R5XX_DISP_INTERRUPT_STATUS);
	unsigned long flags;
	unsigned int i;

	spin_lock_irqsave(&rdev->irq.lock, flags);
	for (i = 0; i < ARRAY_SIZE(r5xx_irq_avivo_acks); i++)
		if (pending & r5xx_irq_avivo_acks[i].source)
			r5xx_wreg_mask(rdev, r5xx_irq_avivo_acks[i].reg,
				       r5xx_irq_avivo_acks[i].ack,
				       r5xx_irq_avivo_acks[i].ack);
	spin_unlock_irqrestore(&rdev->irq.lock, flags);
	return pending;
}

/* DXMODE_INT_MASK and the hot plug pins' INT_EN from the AVIVO sources */
static void r5xx_irq_avivo_write(struct r5xx_device *rdev, u32 display)
{
	u32 mask = 0, en = R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_EN;

	if (display & R5XX_DISP_INTERRUPT_STATUS_LB_D1_VBLANK_INTERRUPT)
		mask |= R5XX_DXMODE_INT_MASK_D1MODE_VBLANK_INT_MASK;
	if (display & R5XX_DISP_INTERRUPT_STATUS_LB_D2_VBLANK_INTERRUPT)
		mask |= R5XX_DXMODE_INT_MASK_D2MODE_VBLANK_INT_MASK;
	r5xx_wreg(rdev, R5XX_DXMODE_INT_MASK, mask);
	r5xx_wreg_mask(rdev, R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL,
		       display & R5XX_DISP_INTERRUPT_STATUS_DC_HOT_PLUG_DETECT1_INTERRUPT ?
		       en : 0, en);
	r5xx_wreg_mask(rdev, R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL +
		       R5XX_IRQ_AVIVO_HPD2,
		       display & R5XX_DISP_INTERRUPT_STATUS_DC_HOT_PLUG_DETECT2_INTERRUPT ?
		       en : 0, en);
}

/* GEN_INT_CNTL: the software interrupt, and the legacy display sources */
static void r5xx_irq_write(struct r5xx_device *rdev, u32 display)
{
	if (r5xx_is_avivo(rdev)) {
		r5xx_wreg(rdev, R5XX_GEN_INT_CNTL,
			  R5XX_GEN_INT_CNTL_SW_INT_ENABLE);
		r5xx_irq_avivo_write(rdev, display);
		return;
	}
	r5xx_wreg(rdev, R5XX_GEN_INT_CNTL,
		  R5XX_GEN_INT_CNTL_SW_INT_ENABLE | display);
}

/*
 * With MSI on, re-arm it so that the next interrupt sends a message: the
 * register is the chip row's (rs400_irq_process toggles AIC_CNTL,
 * rs600_irq_process BUS_CNTL, the others write MSI_REARM_EN).
 */
static void r5xx_irq_msi_rearm(struct r5xx_device *rdev)
{
	u32 tmp;

	if (!rdev->irq.msi)
		return;
	switch (rdev->info->msi_rearm) {
	case R5XX_MSI_REARM_AIC_CNTL:
		tmp = r5xx_rreg(rdev, R5XX_AIC_CNTL) &
		      ~R5XX_AIC_CNTL_RS400_MSI_REARM;
		r5xx_wreg(rdev, R5XX_AIC_CNTL, tmp);
		r5xx_wreg(rdev, R5XX_AIC_CNTL,
			  tmp | R5XX_AIC_CNTL_RS400_MSI_REARM);
		break;
	case R5XX_MSI_REARM_BUS_CNTL:
		tmp = r5xx_rreg(rdev, R5XX_BUS_CNTL) &
		      ~R5XX_BUS_CNTL_RS600_MSI_REARM;
		r5xx_wreg(rdev, R5XX_BUS_CNTL, tmp);
		r5xx_wreg(rdev, R5XX_BUS_CNTL,
			  tmp | R5XX_BUS_CNTL_RS600_MSI_REARM);
		break;
	default:
		r5xx_wreg(rdev, R5XX_MSI_REARM_EN,
			  R5XX_MSI_REARM_EN_MSI_REARM);
		break;
	}
}

static irqreturn_t r5xx_irq_handler(int irq, void *arg)
{
	struct r5xx_device *rdev = arg;
	u32 status, mine, avivo = 0;

	status = r5xx_rreg(rdev, R5XX_GEN_INT_STATUS);
	if (status == 0xffffffff || !READ_ONCE(rdev->irq.enabled)) {
		atomic_long_inc(&rdev->irq.none_count);
		return IRQ_NONE;
	}
	mine = status & R5XX_IRQ_SW_INT;
	if (!r5xx_is_avivo(rdev))
		mine |= status & READ_ONCE(rdev->irq.display);
	else if (status & R5XX_GEN_INT_STATUS_DISPLAY_INT_STAT)
		avivo = r5xx_irq_avivo_ack(rdev);
	if (!mine && !avivo) {
		atomic_long_inc(&rdev->irq.none_count);
		/*
		 * An MSI whose cause is gone (a source masked since) must
		 * still be re-armed, or no message ever comes again.
		 */
		r5xx_irq_msi_rearm(rdev);
		return rdev->irq.msi ? IRQ_HANDLED : IRQ_NONE;
	}

	if (mine)
		r5xx_wreg(rdev, R5XX_GEN_INT_STATUS, mine);
	atomic_long_inc(&rdev->irq.count);
	if (mine & R5XX_IRQ_SW_INT) {
		atomic_long_inc(&rdev->irq.sw_count);
		r5xx_fence_process(rdev, true);
	}
	if (mine & R5XX_GEN_INT_STATUS_CRTC_VBLANK_STAT)
		r5xx_display_vblank_irq(rdev, 0);
	if (mine & R5XX_GEN_INT_STATUS_CRTC2_VBLANK_STAT)
		r5xx_display_vblank_irq(rdev, 1);
	if (mine & R5XX_GEN_INT_STATUS_FP_DETECT_STAT)
		r5xx_display_hotplug_irq(rdev);
	/* a source masked since it was raised is acknowledged, not passed on */
	avivo &= READ_ONCE(rdev->irq.display);
	if (avivo & R5XX_DISP_INTERRUPT_STATUS_LB_D1_VBLANK_INTERRUPT)
		r5xx_display_vblank_irq(rdev, 0);
	if (avivo & R5XX_DISP_INTERRUPT_STATUS_LB_D2_VBLANK_INTERRUPT)
		r5xx_display_vblank_irq(rdev, 1);
	if (avivo & R5XX_IRQ_AVIVO_HPD)
		r5xx_display_hotplug_irq(rdev);

	r5xx_irq_msi_rearm(rdev);
	return IRQ_HANDLED;
}

static void r5xx_irq_ack_all(struct r5xx_device *rdev)
{
	u32 status = r5xx_rreg(rdev, R5XX_GEN_INT_STATUS);

	/* never write SW_INT_FIRE back: that raises a new interrupt */
	status &= ~R5XX_GEN_INT_STATUS_SW_INT_FIRE;
	if (status)
		r5xx_wreg(rdev, R5XX_GEN_INT_STATUS, status);
}

/**
 * r5xx_irq_enable - unmask the software interrupt
 * @rdev: device
 */
void r5xx_irq_enable(struct r5xx_device *rdev)
{
	unsigned long flags;

	spin_lock_irqsave(&rdev->irq.lock, flags);
	WRITE_ONCE(rdev->irq.enabled, true);
	r5xx_irq_write(rdev, rdev->irq.display);
	r5xx_rreg(rdev, R5XX_GEN_INT_CNTL);
	spin_unlock_irqrestore(&rdev->irq.lock, flags);

	/* catch a message lost before the handler was ready */
	r5xx_irq_msi_rearm(rdev);
}

/**
 * r5xx_irq_disable - mask and acknowledge every interrupt source
 * @rdev: device
 *
 * As r100_irq_disable and rs600_irq_disable.
 */
void r5xx_irq_disable(struct r5xx_device *rdev)
{
	unsigned long flags;

	spin_lock_irqsave(&rdev->irq.lock, flags);
	WRITE_ONCE(rdev->irq.enabled, false);
	r5xx_wreg(rdev, R5XX_GEN_INT_CNTL, 0);
	if (rdev->info->irq == R5XX_IRQ_RS600)
		r5xx_irq_avivo_write(rdev, 0);
	spin_unlock_irqrestore(&rdev->irq.lock, flags);

	mdelay(1);
	r5xx_irq_ack_all(rdev);
	if (rdev->info->irq == R5XX_IRQ_RS600)
		r5xx_irq_avivo_ack(rdev);
}

/* the display sources of GEN_INT_CNTL, in the same bits of GEN_INT_STATUS */
#define R5XX_IRQ_DISPLAY	(R5XX_GEN_INT_CNTL_CRTC_VBLANK_MASK | \
				 R5XX_GEN_INT_CNTL_CRTC2_VBLANK_MASK | \
				 R5XX_GEN_INT_CNTL_FP_DETECT_MASK)

/**
 * r5xx_irq_set_display - enable or disable display interrupt sources
 * @rdev: device
 * @mask: GEN_INT_CNTL bits of the legacy display engine (CRTC_VBLANK,
 *	CRTC2_VBLANK, FP_DETECT), or DISP_INTERRUPT_STATUS bits of the AVIVO
 *	one (LB_D1/D2_VBLANK, DC_HOT_PLUG_DETECT1/2); others are ignored
 * @on: enable or disable them
 *
 * The sources stay enabled across r5xx_irq_disable() and
 * r5xx_irq_enable() (a GPU reset).
 */
void r5xx_irq_set_display(struct r5xx_device *rdev, u32 mask, bool on)
{
	unsigned long flags;
	u32 display;

	mask &= r5xx_is_avivo(rdev) ? R5XX_IRQ_AVIVO_DISPLAY : R5XX_IRQ_DISPLAY;
	spin_lock_irqsave(&rdev->irq.lock, flags);
	display = on ? rdev->irq.display | mask : rdev->irq.display & ~mask;
	/*
	 * A status bit left from before is not acknowledged here: its MSI
	 * may be on its way, and the handler must find the cause of it.
	 */
	WRITE_ONCE(rdev->irq.display, display);
	if (rdev->irq.enabled)
		r5xx_irq_write(rdev, display);
	spin_unlock_irqrestore(&rdev->irq.lock, flags);
}

static bool r5xx_irq_want_msi(struct r5xx_device *rdev)
{
	if (rdev->config.msi >= 0)
		return rdev->config.msi;
	return r5xx_has_quirk(rdev, R5XX_QUIRK_MSI);
}

/**
 * r5xx_irq_init - allocate the interrupt vector and install the handler
 * @rdev: device
 *
 * Leaves the hardware masked; r5xx_irq_enable() unmasks it.
 *
 * Return: 0 or a negative errno.
 */
int r5xx_irq_init(struct r5xx_device *rdev)
{
	struct pci_dev *pdev = rdev->pdev;
	unsigned int types = PCI_IRQ_INTX;
	int ret;

	spin_lock_init(&rdev->irq.lock);
	atomic_long_set(&rdev->irq.count, 0);
	atomic_long_set(&rdev->irq.sw_count, 0);
	atomic_long_set(&rdev->irq.none_count, 0);
	r5xx_irq_disable(rdev);

	if (r5xx_irq_want_msi(rdev)) {
		r5xx_pci_msi_32bit(pdev);
		types |= PCI_IRQ_MSI;
	}
	ret = pci_alloc_irq_vectors(pdev, 1, 1, types);
	if (ret < 0) {
		drm_err(&rdev->drm, "no interrupt vector: %d\n", ret);
		return ret;
	}
	rdev->irq.msi = pdev->msi_enabled;
	rdev->irq.irq = pci_irq_vector(pdev, 0);

	ret = request_irq(rdev->irq.irq, r5xx_irq_handler,
			  rdev->irq.msi ? 0 : IRQF_SHARED, "r5xx", rdev);
	if (ret) {
		drm_err(&rdev->drm, "cannot request IRQ %d: %d\n",
			rdev->irq.irq, ret);
		pci_free_irq_vectors(pdev);
		return ret;
	}
	rdev->irq.installed = true;
	drm_dbg_driver(&rdev->drm, "IRQ %d (%s)\n", rdev->irq.irq,
		       rdev->irq.msi ? "MSI" : "INTx");
	return 0;
}

/**
 * r5xx_irq_fini - mask the hardware and remove the handler
 * @rdev: device
 */
void r5xx_irq_fini(struct r5xx_device *rdev)
{
	if (!rdev->irq.installed)
		return;
	r5xx_irq_disable(rdev);
	free_irq(rdev->irq.irq, rdev);
	pci_free_irq_vectors(rdev->pdev);
	rdev->irq.installed = false;
}
