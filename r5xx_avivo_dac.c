// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>

#include "r5xx_drv.h"

/**
 * DOC: AVIVO DACs
 *
 * The AVIVO display engine has two DACs with one register layout: DAC A,
 * the primary (VGA), and DAC B at +0x200, the second (a DVI-I connector's
 * analog half, r5xx_dac2.c). r5xx programs both as radeonhd's rhd_dac.c
 * does, where upstream radeon runs the ROM's DAC1/DAC2 EncoderControl and
 * OutputControl tables (which do the same):
 *
 * - on: SOURCE_SELECT the CRTC, ENABLE, POWERDOWN cleared, 14 us, the
 *   force and sync overrides released;
 * - off: all of POWERDOWN's bits, ENABLE cleared;
 * - load: the comparator enabled with the test level in FORCE_DATA, 2 ms,
 *   then COMPARATOR_OUTPUT's blue, green and red bits all set say a
 *   monitor is there (what the ROM's DAC_LoadDetection reports). It
 *   disturbs a picture on the DAC, so the connectors run it only for a
 *   forced probe.
 */

#define R5XX_AVIVO_DAC_POWER_OFF		0x01010101
#define R5XX_AVIVO_DAC_SYNC_SELECT_OVERRIDE	0x101
#define R5XX_AVIVO_DAC_LOAD_FORCE_DATA		0x1e6
/* DACB_COMPARATOR_OUTPUT has DACA_COMPARATOR_OUTPUT's layout */
#define R5XX_AVIVO_DAC_LOAD_ALL \
	(R5XX_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_BLUE |	\
	 R5XX_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_GREEN |	\
	 R5XX_DACA_COMPARATOR_OUTPUT_DAC_COMPARATOR_OUTPUT_RED)

/* one AVIVO DAC's registers */
struct r5xx_avivo_dac_regs {
	u32 enable;
	u32 source_select;
	u32 sync_tristate_control;
	u32 sync_select;
	u32 force_output_cntl;
	u32 force_data;
	u32 powerdown;
	u32 comparator_enable;
	u32 comparator_output;
};

static const struct r5xx_avivo_dac_regs r5xx_avivo_dacs[] = {
	[R5XX_AVIVO_DACA] = {
		.enable = R5XX_DACA_ENABLE,
		.source_select = R5XX_DACA_SOURCE_SELECT,
		.sync_tristate_control = R5XX_DACA_SYNC_TRISTATE_CONTROL,
		.sync_select = R5XX_DACA_SYNC_SELECT,
		.force_output_cntl = R5XX_DACA_FORCE_OUTPUT_CNTL,
		.force_data = R5XX_DACA_FORCE_DATA,
		.powerdown = R5XX_DACA_POWERDOWN,
		.comparator_enable = R5XX_DACA_COMPARATOR_ENABLE,
		.comparator_output = R5XX_DACA_COMPARATOR_OUTPUT,
	},
	[R5XX_AVIVO_DACB] = {
		.enable = R5XX_DACB_ENABLE,
		.source_select = R5XX_DACB_SOURCE_SELECT,
		.sync_tristate_control = R5XX_DACB_SYNC_TRISTATE_CONTROL,
		.sync_select = R5XX_DACB_SYNC_SELECT,
		.force_output_cntl = R5XX_DACB_FORCE_OUTPUT_CNTL,
		.force_data = R5XX_DACB_FORCE_DATA,
		.powerdown = R5XX_DACB_POWERDOWN,
		.comparator_enable = R5XX_DACB_COMPARATOR_ENABLE,
		.comparator_output = R5XX_DACB_COMPARATOR_OUTPUT,
	},
};

/**
 * r5xx_avivo_dac_enable - route a CRTC to an AVIVO DAC and power it
 * @rdev: AVIVO device
 * @dac: which DAC
 * @crtc: 0 (D1) or 1 (D2)
 */
void r5xx_avivo_dac_enable(struct r5xx_device *rdev, enum r5xx_avivo_dac dac,
			   unsigned int crtc)
{
	const struct r5xx_avivo_dac_regs *r = &r5xx_avivo_dacs[dac];

	r5xx_wreg(rdev, r->source_select, crtc);
	r5xx_wreg(rdev, r->enable, R5XX_DACA_ENABLE_DAC_ENABLE);
	r5xx_wreg(rdev, r->powerdown, 0);
	usleep_range(14, 20);
	r5xx_wreg(rdev, r->force_output_cntl, 0);
	r5xx_wreg_mask(rdev, r->sync_select, 0,
		       R5XX_AVIVO_DAC_SYNC_SELECT_OVERRIDE);
	r5xx_wreg(rdev, r->sync_tristate_control, 0);
}

/**
 * r5xx_avivo_dac_disable - switch an AVIVO DAC off and power it down
 * @rdev: AVIVO device
 * @dac: which DAC
 */
void r5xx_avivo_dac_disable(struct r5xx_device *rdev, enum r5xx_avivo_dac dac)
{
	const struct r5xx_avivo_dac_regs *r = &r5xx_avivo_dacs[dac];

	r5xx_wreg(rdev, r->powerdown, R5XX_AVIVO_DAC_POWER_OFF);
	r5xx_wreg(rdev, r->enable, 0);
}

/**
 * r5xx_avivo_dac_load_detect - is a monitor on an AVIVO DAC's lines?
 * @rdev: AVIVO device
 * @dac: which DAC
 *
 * Drives the DAC's comparator with a test level and restores the DAC's
 * force and comparator settings afterwards.
 *
 * Return: true if all three colour lines are loaded.
 */
bool r5xx_avivo_dac_load_detect(struct r5xx_device *rdev,
				enum r5xx_avivo_dac dac)
{
	const struct r5xx_avivo_dac_regs *r = &r5xx_avivo_dacs[dac];
	u32 force = r5xx_rreg(rdev, r->force_data);
	u32 cmp = r5xx_rreg(rdev, r->comparator_enable);
	bool found;

	r5xx_wreg(rdev, r->force_data, R5XX_AVIVO_DAC_LOAD_FORCE_DATA);
	r5xx_wreg(rdev, r->comparator_enable, 1);
	usleep_range(2000, 3000);
	found = (r5xx_rreg(rdev, r->comparator_output) &
		 R5XX_AVIVO_DAC_LOAD_ALL) == R5XX_AVIVO_DAC_LOAD_ALL;
	r5xx_wreg(rdev, r->comparator_enable, cmp);
	r5xx_wreg(rdev, r->force_data, force);
	return found;
}
