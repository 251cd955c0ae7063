// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <drm/drm_connector.h>
#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: display data
 *
 * The legacy display engine needs two pieces of board data: which
 * connectors exist (and which encoder and DDC pads each uses), and what the
 * pixel PLLs can do. On real boards the COMBIOS tables of the video BIOS
 * describe both. r5xx does not read the video BIOS yet; it uses the
 * defaults upstream radeon falls back to without one (radeon_combios.c,
 * the generic desktop table, and radeon_clocks.c), which are also what the
 * QEMU model implements:
 *
 * - a VGA connector on the primary DAC, its monitor on GPIO_VGA_DDC;
 * - a DVI-I connector on the internal TMDS transmitter, its monitor on
 *   GPIO_DVI_DDC. Upstream also drives the analog half of DVI-I from the
 *   TV DAC; r5xx does not drive the TV DAC (nor TV-out, LVDS or external
 *   DVO transmitters), so DVI-I here is digital only;
 * - a 27 MHz reference clock, the reference divider the firmware left in
 *   PPLL_REF_DIV (12 if it is below 2), and the PLL input and VCO ranges
 *   upstream uses for the family: 0.4-5 MHz and 125-350 MHz before R420,
 *   1-13.5 MHz and 200-500 MHz from R420 on; pixel clocks up to 350 MHz.
 *
 * Parsing the COMBIOS connector and PLL tables when a ROM is present is
 * later work; the tables above then stand in for them, and the driver says
 * so at load.
 */

/* PPLL_REF_DIV on R300 and later: the divider is in bits 27:18 */
#define R5XX_PPLL_REF_DIV_R300	GENMASK(27, 18)

static const struct r5xx_connector_info r5xx_default_connectors[] = {
	{
		.type = DRM_MODE_CONNECTOR_VGA,
		.output = R5XX_OUTPUT_DAC1,
		.ddc = R5XX_DDC_VGA,
	},
	{
		.type = DRM_MODE_CONNECTOR_DVII,
		.output = R5XX_OUTPUT_TMDS1,
		.ddc = R5XX_DDC_DVI,
	},
};

/**
 * r5xx_bios_display_info - fill in the connector table and PLL limits
 * @rdev: device, with MMIO mapped
 */
void r5xx_bios_display_info(struct r5xx_device *rdev)
{
	struct r5xx_display *disp = &rdev->display;
	struct r5xx_pll_limits *pll = &disp->pll;
	u32 ref_div;

	BUILD_BUG_ON(ARRAY_SIZE(r5xx_default_connectors) > R5XX_MAX_CONNECTORS);
	memcpy(disp->connectors, r5xx_default_connectors,
	       sizeof(r5xx_default_connectors));
	disp->num_outputs = ARRAY_SIZE(r5xx_default_connectors);

	ref_div = FIELD_GET(R5XX_PPLL_REF_DIV_R300,
			    r5xx_pll_rreg(rdev, R5XX_PLL_PPLL_REF_DIV));
	pll->ref_khz = 27000;
	pll->ref_div = ref_div < 2 ? 12 : ref_div;
	if (rdev->family >= R5XX_FAMILY_R420) {
		pll->in_min_khz = 1000;
		pll->in_max_khz = 13500;
		pll->vco_min_khz = 200000;
		pll->vco_max_khz = 500000;
	} else {
		pll->in_min_khz = 400;
		pll->in_max_khz = 5000;
		pll->vco_min_khz = 125000;
		pll->vco_max_khz = 350000;
	}
	pll->max_pixclk_khz = 350000;
	drm_info(&rdev->drm,
		 "display: no video BIOS tables read, default connectors (VGA, DVI-I) and PLL limits\n");
}
