/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_COMBIOS_H__
#define __R5XX_COMBIOS_H__

#include <linux/types.h>

#include "r5xx_facts.h"	/* enum r5xx_family */
#include "r5xx_pm_states.h"

/*
 * The DDC pads: GPIO_VGA_DDC .. GPIO_CRT2_DDC of the legacy display engine,
 * DC_GPIO_DDC1 .. DC_GPIO_DDC3 of AVIVO.
 */
enum r5xx_ddc_line {
	R5XX_DDC_VGA,
	R5XX_DDC_DVI,
	R5XX_DDC_MONID,
	R5XX_DDC_CRT2,
	R5XX_DDC_AVIVO1,
	R5XX_DDC_AVIVO2,
	R5XX_DDC_AVIVO3,
	R5XX_DDC_COUNT,
	/* a connector without DDC */
	R5XX_DDC_NONE = R5XX_DDC_COUNT,
};

/*
 * Display outputs (encoders) r5xx drives: the primary DAC (DAC1 legacy,
 * DACA on AVIVO), the internal TMDS transmitter (TMDS1 / TMDSA), the
 * legacy LVDS transmitter of a laptop panel (r5xx_panel.c) and the second
 * DAC (the legacy TV DAC, r5xx_dac2.c) driving a VGA monitor.
 */
enum r5xx_output {
	R5XX_OUTPUT_DAC1,
	R5XX_OUTPUT_TMDS1,
	R5XX_OUTPUT_LVDS,
	R5XX_OUTPUT_DAC2,
};

/**
 * struct r5xx_connector_info - one row of the connector table
 * @type: %DRM_MODE_CONNECTOR_* type
 * @output: the encoder behind it
 * @ddc: the DDC pads of its monitor, or %R5XX_DDC_NONE
 * @hpd: its AVIVO hot-plug detect pin (1 for DC_HOT_PLUG_DETECT1 ...), 0
 *	for none (legacy connectors are polled)
 * @dac2: a DVI-I connector whose analog half is on the second DAC
 *	(%R5XX_OUTPUT_DAC2), found by its load comparator
 */
struct r5xx_connector_info {
	int type;
	enum r5xx_output output;
	enum r5xx_ddc_line ddc;
	u8 hpd;
	bool dac2;
};

int r5xx_combios_table(const u8 *rom, size_t len, unsigned int ptr, u16 *table);
int r5xx_combios_connectors(const u8 *rom, size_t len,
			    enum r5xx_family family,
			    struct r5xx_connector_info *out, unsigned int max);
int r5xx_combios_clocks(const u8 *rom, size_t len, u32 *sclk_khz,
			u32 *mclk_khz);
int r5xx_combios_power_state(const u8 *rom, size_t len,
			     struct r5xx_pm_state *st);

#endif /* __R5XX_COMBIOS_H__ */
