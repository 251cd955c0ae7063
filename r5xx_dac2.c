// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>

#include "r5xx_drv.h"

/**
 * DOC: second DAC
 *
 * The legacy display engine's second DAC, the TV DAC, drives a VGA monitor
 * on the analog pins of the DVI-I connector (the connector table's
 * &r5xx_connector_info.dac2), as upstream radeon's
 * radeon_legacy_tv_dac_mode_set and _dpms drive it for a CRT (never TV-out,
 * which r5xx does not do):
 *
 * - on: DISP_OUTPUT_CNTL.DISP_TVDAC_SOURCE picks the CRTC, DAC_CNTL2 gets
 *   DAC2_DAC2_CLK_SEL (a monitor, not the TV encoder), TV_DAC_CNTL the PS/2
 *   standard with NBLANK and NHOLD and its power-down bits (where they are
 *   is the chip row's &r5xx_chip_info.tv_dac_pd) and BGSLEEP cleared, and
 *   CRTC2_GEN_CNTL.CRTC2_CRT2_ON set (the TV DAC's output enable, whichever
 *   CRTC feeds it);
 * - off: CRTC2_CRT2_ON cleared, the DAC powered down.
 *
 * A monitor there without a DDC answer is found by the DAC's load
 * comparator, as radeon_legacy_tv_dac_detect does on R300-class chips: the
 * DAC powered with MONITOR_DETECT_EN, DAC_CNTL2.DAC2_CMP_EN set, 10 ms,
 * then DAC_CNTL2.DAC2_CMP_OUT_B says whether a load is on blue. It
 * disturbs a picture on the DAC, so r5xx_connector.c runs it only for a
 * forced probe.
 *
 * On AVIVO chips the second DAC is DAC B, DAC A's register block at
 * +0x200, the CRT2 device of the video BIOS (a DVI-I connector's second
 * display path, r5xx_atombios.c). r5xx programs it as it programs DAC A
 * and as radeonhd's rhd_dac.c does, where upstream radeon runs the ROM's
 * DAC2EncoderControl/DAC2OutputControl (which do the same):
 *
 * - on: DACB_SOURCE_SELECT the CRTC, DACB_ENABLE, DACB_POWERDOWN cleared,
 *   14 us, the force and sync overrides released;
 * - off: all of DACB_POWERDOWN's bits, DACB_ENABLE cleared;
 * - load: the comparator enabled with the test level in DACB_FORCE_DATA,
 *   2 ms, then DACB_COMPARATOR_OUTPUT's blue, green and red bits all set
 *   say a monitor is there (what the ROM's DAC_LoadDetection reports as
 *   ATOM_S0_CRT2_COLOR).
 */

#define R5XX_TV_DAC_ON		(R5XX_TV_DAC_CNTL_TV_DAC_NBLANK |	\
				 R5XX_TV_DAC_CNTL_TV_DAC_NHOLD |	\
				 R5XX_TV_DAC_CNTL_TV_DAC_STD_PS2)

/* DAC_CNTL2 is shared with the palette code */
static void r5xx_dac2_cntl2_mask(struct r5xx_device *rdev, u32 val, u32 mask)
{
	unsigned long flags;

	spin_lock_irqsave(&rdev->display.reg_lock, flags);
	r5xx_wreg_mask(rdev, R5XX_DAC_CNTL2, val, mask);
	spin_unlock_irqrestore(&rdev->display.reg_lock, flags);
}

#define R5XX_DACB_POWER_OFF		0x01010101
#define R5XX_DACB_SYNC_SELECT_OVERRIDE	0x101
#define R5XX_DACB_LOAD_FORCE_DATA	0x1e6
/* DACB_COMPARATOR_OUTPUT has DACA_COMPARATOR_OUTPUT's layout */
#define R5XX_DACB_LOAD_ALL \
	(R5XX_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_BLUE |	\
	 R5XX_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_GREEN |	\
	 R5XX_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_RED)

static bool r5xx_dacb_load_detect(struct r5xx_device *rdev)
{
	u32 force = r5xx_rreg(rdev, R5XX_DACB_FORCE_DATA);
	u32 cmp = r5xx_rreg(rdev, R5XX_DACB_COMPARATOR_ENABLE);
	bool found;

	r5xx_wreg(rdev, R5XX_DACB_FORCE_DATA, R5XX_DACB_LOAD_FORCE_DATA);
	r5xx_wreg(rdev, R5XX_DACB_COMPARATOR_ENABLE, 1);
	usleep_range(2000, 3000);
	found = (r5xx_rreg(rdev, R5XX_DACB_COMPARATOR_OUTPUT) &
		 R5XX_DACB_LOAD_ALL) == R5XX_DACB_LOAD_ALL;
	r5xx_wreg(rdev, R5XX_DACB_COMPARATOR_ENABLE, cmp);
	r5xx_wreg(rdev, R5XX_DACB_FORCE_DATA, force);
	return found;
}

static void r5xx_dacb_enable(struct r5xx_device *rdev, unsigned int crtc)
{
	r5xx_wreg(rdev, R5XX_DACB_SOURCE_SELECT, crtc);
	r5xx_wreg(rdev, R5XX_DACB_ENABLE, R5XX_DACA_ENABLE_DAC_ENABLE);
	r5xx_wreg(rdev, R5XX_DACB_POWERDOWN, 0);
	usleep_range(14, 20);
	r5xx_wreg(rdev, R5XX_DACB_FORCE_OUTPUT_CNTL, 0);
	r5xx_wreg_mask(rdev, R5XX_DACB_SYNC_SELECT, 0,
		       R5XX_DACB_SYNC_SELECT_OVERRIDE);
	r5xx_wreg(rdev, R5XX_DACB_SYNC_TRISTATE_CONTROL, 0);
}

static void r5xx_dacb_disable(struct r5xx_device *rdev)
{
	r5xx_wreg(rdev, R5XX_DACB_POWERDOWN, R5XX_DACB_POWER_OFF);
	r5xx_wreg(rdev, R5XX_DACB_ENABLE, 0);
}

static bool r5xx_tv_dac_load_detect(struct r5xx_device *rdev)
{
	u32 tv_dac = r5xx_rreg(rdev, R5XX_TV_DAC_CNTL);
	u32 cntl2 = r5xx_rreg(rdev, R5XX_DAC_CNTL2);
	bool found;

	r5xx_wreg(rdev, R5XX_TV_DAC_CNTL, R5XX_TV_DAC_ON |
		  R5XX_TV_DAC_CNTL_TV_MONITOR_DETECT_EN);
	r5xx_dac2_cntl2_mask(rdev, R5XX_DAC_CNTL2_DAC2_CMP_EN,
			     R5XX_DAC_CNTL2_DAC2_CMP_EN);
	usleep_range(10000, 11000);
	found = r5xx_rreg(rdev, R5XX_DAC_CNTL2) & R5XX_DAC_CNTL2_DAC2_CMP_OUT_B;
	r5xx_dac2_cntl2_mask(rdev, cntl2 & R5XX_DAC_CNTL2_DAC2_CMP_EN,
			     R5XX_DAC_CNTL2_DAC2_CMP_EN);
	r5xx_wreg(rdev, R5XX_TV_DAC_CNTL, tv_dac);
	return found;
}

/**
 * r5xx_dac2_load_detect - is a monitor on the second DAC's lines?
 * @rdev: device with a second DAC (r5xx_has_dac2())
 *
 * Return: true if the load comparator sees one.
 */
bool r5xx_dac2_load_detect(struct r5xx_device *rdev)
{
	if (r5xx_is_avivo(rdev))
		return r5xx_dacb_load_detect(rdev);
	return r5xx_tv_dac_load_detect(rdev);
}

/**
 * r5xx_dac2_enable - route CRTC @crtc to the second DAC and power it
 * @rdev: device with a second DAC (r5xx_has_dac2())
 * @crtc: 0 or 1
 */
void r5xx_dac2_enable(struct r5xx_device *rdev, unsigned int crtc)
{
	u32 tv_dac;

	if (r5xx_is_avivo(rdev)) {
		r5xx_dacb_enable(rdev, crtc);
		return;
	}
	tv_dac = r5xx_rreg(rdev, R5XX_TV_DAC_CNTL);
	r5xx_wreg_mask(rdev, R5XX_DISP_OUTPUT_CNTL,
		       FIELD_PREP(R5XX_DISP_OUTPUT_CNTL_DISP_TVDAC_SOURCE, crtc),
		       R5XX_DISP_OUTPUT_CNTL_DISP_TVDAC_SOURCE);
	r5xx_dac2_cntl2_mask(rdev, R5XX_DAC_CNTL2_DAC2_DAC2_CLK_SEL,
			     R5XX_DAC_CNTL2_DAC2_DAC2_CLK_SEL);
	tv_dac &= ~(rdev->info->tv_dac_pd | R5XX_TV_DAC_CNTL_TV_DAC_BGSLEEP |
		    R5XX_TV_DAC_CNTL_TV_DAC_STD |
		    R5XX_TV_DAC_CNTL_TV_MONITOR_DETECT_EN);
	r5xx_wreg(rdev, R5XX_TV_DAC_CNTL, tv_dac | R5XX_TV_DAC_ON);
	r5xx_wreg_mask(rdev, R5XX_CRTC2_GEN_CNTL,
		       R5XX_CRTC2_GEN_CNTL_CRTC2_CRT2_ON,
		       R5XX_CRTC2_GEN_CNTL_CRTC2_CRT2_ON);
}

/**
 * r5xx_dac2_disable - switch the second DAC's output off and power it down
 * @rdev: device with a second DAC (r5xx_has_dac2())
 */
void r5xx_dac2_disable(struct r5xx_device *rdev)
{
	if (r5xx_is_avivo(rdev)) {
		r5xx_dacb_disable(rdev);
		return;
	}
	r5xx_wreg_mask(rdev, R5XX_CRTC2_GEN_CNTL, 0,
		       R5XX_CRTC2_GEN_CNTL_CRTC2_CRT2_ON);
	r5xx_wreg_mask(rdev, R5XX_TV_DAC_CNTL,
		       rdev->info->tv_dac_pd | R5XX_TV_DAC_CNTL_TV_DAC_BGSLEEP,
		       rdev->info->tv_dac_pd | R5XX_TV_DAC_CNTL_TV_DAC_BGSLEEP);
}
