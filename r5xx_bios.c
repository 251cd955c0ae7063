// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/pci.h>
#include <linux/slab.h>

#include <drm/drm_connector.h>
#include <drm/drm_print.h>

#include "r5xx_atombios.h"
#include "r5xx_drv.h"

/**
 * DOC: display data
 *
 * The legacy display engine needs two pieces of board data: which
 * connectors exist (and which encoder and DDC pads each uses), and what the
 * pixel PLLs can do. On real boards the COMBIOS tables of the video BIOS
 * describe both. r5xx reads the connector table from the PCI ROM when
 * there is one (r5xx_combios.c); without a ROM, or without a usable table,
 * it uses the defaults upstream radeon falls back to (radeon_combios.c,
 * the generic desktop table), which are also what the QEMU rv380 model (no
 * ROM) implements. The PLL limits are always upstream's no-BIOS defaults
 * (radeon_clocks.c):
 *
 * - a VGA connector on the primary DAC, its monitor on GPIO_VGA_DDC;
 * - a DVI-I connector on the internal TMDS transmitter, its monitor on
 *   GPIO_DVI_DDC, and its analog half on the TV DAC (r5xx_dac2.c), as
 *   upstream's; r5xx drives neither TV-out nor external DVO transmitters;
 * - a 27 MHz reference clock, the reference divider the firmware left in
 *   PPLL_REF_DIV (12 if it is below 2), and the PLL input and VCO ranges
 *   upstream uses for the family: 0.4-5 MHz and 125-350 MHz before R420,
 *   1-13.5 MHz and 200-500 MHz from R420 on; pixel clocks up to 350 MHz.
 *
 * AVIVO boards (RV515 and later), and some R4xx boards, have an ATOM BIOS
 * instead (r5xx_atombios.c); what the ROM is decides which parser reads
 * it, as in upstream radeon, never the family. r5xx takes the connectors
 * of its SupportedDevicesInfo, or of its object table when the ROM has no
 * such table (upstream's order), and the reference clock, PLL input and
 * VCO ranges and highest pixel clock of its FirmwareInfo when the ROM has
 * them and they make sense (the QEMU rv515 and r580 models have such a
 * ROM); it says why not otherwise, and keeps the defaults. A connector
 * whose DDC pads belong to the other display engine (an AVIVO DC_GPIO
 * line on a legacy chip, a legacy GPIO pad on AVIVO) is kept without DDC;
 * legacy connectors get no hot plug pin (they are polled). The AVIVO
 * defaults are the usual R5xx desktop layout, the QEMU model's
 * board: a VGA connector on DACA (DDC on DC_GPIO_DDC1) and a DVI-D
 * connector on TMDSA (DDC on DC_GPIO_DDC2, hot plug pin 1; DVI-D because
 * r5xx drives no second DAC for an analog half), and radeonhd's R500 pixel
 * PLL limits: 27 MHz reference, PLL input 1-13.5 MHz, VCO 648-1100 MHz,
 * pixel clocks up to 400 MHz (the reference divider is chosen per mode).
 *
 * Reading the COMBIOS PLL table is later work. The driver says at load
 * where its connectors and PLL limits came from.
 */

/* COMBIOS and ATOM offsets are 16-bit: nothing past 64 KiB is reachable */
#define R5XX_ROM_MAX		SZ_64K

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
		.dac2 = true,
	},
};

/* a Mobility part: upstream's generic laptop table (and the rv380m model) */
static const struct r5xx_connector_info r5xx_mobility_connectors[] = {
	{
		.type = DRM_MODE_CONNECTOR_LVDS,
		.output = R5XX_OUTPUT_LVDS,
		.ddc = R5XX_DDC_NONE,
	},
	{
		.type = DRM_MODE_CONNECTOR_VGA,
		.output = R5XX_OUTPUT_DAC1,
		.ddc = R5XX_DDC_VGA,
	},
};

/* the AVIVO defaults: the QEMU model's board, the usual R5xx desktop */
static const struct r5xx_connector_info r5xx_avivo_connectors[] = {
	{
		.type = DRM_MODE_CONNECTOR_VGA,
		.output = R5XX_OUTPUT_DAC1,
		.ddc = R5XX_DDC_AVIVO1,
	},
	{
		.type = DRM_MODE_CONNECTOR_DVID,
		.output = R5XX_OUTPUT_TMDS1,
		.ddc = R5XX_DDC_AVIVO2,
		.hpd = 1,
	},
};

/**
 * r5xx_bios_fetch_rom - copy the video BIOS out of the PCI ROM
 * @rdev: device
 * @len: set to the copy's length
 *
 * Return: the copy (kfree() it), or NULL if the board has no ROM or
 * memory ran out.
 */
u8 *r5xx_bios_fetch_rom(struct r5xx_device *rdev, size_t *len)
{
	void __iomem *rom;
	size_t size;
	u8 *copy;

	rom = pci_map_rom(rdev->pdev, &size);
	if (!rom)
		return NULL;
	size = min_t(size_t, size, R5XX_ROM_MAX);
	copy = kmalloc(size, GFP_KERNEL);
	if (copy)
		memcpy_fromio(copy, rom, size);
	pci_unmap_rom(rdev->pdev, rom);
	*len = size;
	return copy;
}

/* an RS690-class IGP's memory and link, or rs690_pm_info's slowest guess */
static void r5xx_bios_igp(struct r5xx_device *rdev, const u8 *rom, size_t len)
{
	struct r5xx_display *disp = &rdev->display;
	struct r5xx_atom_igp igp;
	const char *why = "";
	int ret;

	ret = r5xx_atom_igp_info(rom, len, disp->mclk_khz, &igp, &why);
	if (ret)
		drm_warn(&rdev->drm,
			 "display: no usable IntegratedSystemInfo (%s), the slowest memory and link\n",
			 why);
	disp->igp = (struct r5xx_bw_igp){
		.sideport = igp.sideport,
		.sideport_mclk_khz = igp.sideport_mclk_khz,
		.system_mclk_khz = igp.system_mclk_khz,
		.ht_link_khz = igp.ht_link_khz,
		.ht_link_width = igp.ht_link_width,
	};
	drm_dbg_driver(&rdev->drm,
		       "display: IGP memory %u kHz%s, HT link %u kHz x %u\n",
		       igp.sideport ? igp.sideport_mclk_khz : igp.system_mclk_khz,
		       igp.sideport ? " (sideport)" : "", igp.ht_link_khz,
		       igp.ht_link_width);
}

/* connectors and PLL data of an ATOM BIOS: a connector count or -errno */
static int r5xx_bios_atom(struct r5xx_device *rdev, const u8 *rom, size_t len)
{
	struct r5xx_display *disp = &rdev->display;
	struct r5xx_pll_limits *pll = &disp->pll;
	struct r5xx_atom_clocks clk;
	const char *why = "";
	int ret;

	ret = r5xx_atom_clocks(rom, len, &clk, &why);
	if (ret) {
		if (ret == -EINVAL)
			drm_warn(&rdev->drm,
				 "display: video BIOS PLL limits malformed (%s), defaults\n",
				 why);
		else
			drm_info(&rdev->drm,
				 "display: no video BIOS PLL limits (%s), defaults\n",
				 why);
	} else {
		pll->ref_khz = clk.ref_khz;
		pll->in_min_khz = clk.in_min_khz;
		pll->in_max_khz = clk.in_max_khz;
		pll->vco_min_khz = clk.vco_min_khz;
		pll->vco_max_khz = clk.vco_max_khz;
		pll->max_pixclk_khz = clk.max_pixclk_khz;
		disp->sclk_khz = clk.sclk_khz;
		disp->mclk_khz = clk.mclk_khz;
		drm_info(&rdev->drm,
			 "display: PLL limits from the video BIOS: reference %u kHz, input %u-%u kHz, VCO %u-%u kHz, pixel clock up to %u kHz\n",
			 clk.ref_khz, clk.in_min_khz, clk.in_max_khz,
			 clk.vco_min_khz, clk.vco_max_khz, clk.max_pixclk_khz);
	}
	/* upstream reads SupportedDevicesInfo first, the objects otherwise */
	ret = r5xx_atom_devices(rom, len, disp->connectors,
				R5XX_MAX_CONNECTORS, &why);
	if (ret > 0) {
		drm_info(&rdev->drm,
			 "display: connectors from the video BIOS's SupportedDevicesInfo\n");
		return ret;
	}
	if (ret == -EINVAL)
		drm_warn(&rdev->drm,
			 "display: video BIOS SupportedDevicesInfo malformed: %s\n",
			 why);
	else if (ret < 0)
		drm_dbg_driver(&rdev->drm,
			       "display: no video BIOS SupportedDevicesInfo: %s\n",
			       why);
	ret = r5xx_atom_connectors(rom, len, disp->connectors,
				   R5XX_MAX_CONNECTORS, &why);
	if (ret == -EINVAL)
		drm_warn(&rdev->drm, "display: video BIOS object table malformed: %s\n",
			 why);
	else if (ret < 0)
		drm_info(&rdev->drm, "display: no video BIOS object table: %s\n",
			 why);
	return ret;
}

/* whether DDC line @ddc belongs to the display engine of @rdev */
static bool r5xx_bios_ddc_fits(struct r5xx_device *rdev,
			       enum r5xx_ddc_line ddc)
{
	bool avivo_line = ddc >= R5XX_DDC_AVIVO1 && ddc <= R5XX_DDC_AVIVO3;

	return ddc == R5XX_DDC_NONE || avivo_line == r5xx_is_avivo(rdev);
}

/* drop the ROM's DDC lines and HPD pins the display engine does not have */
static void r5xx_bios_fit_connectors(struct r5xx_device *rdev, int n)
{
	struct r5xx_connector_info *c = rdev->display.connectors;
	int i;

	for (i = 0; i < n; i++) {
		if (!r5xx_bios_ddc_fits(rdev, c[i].ddc)) {
			drm_info(&rdev->drm,
				 "display: connector %d: the video BIOS's DDC line is not on this display engine, none\n",
				 i);
			c[i].ddc = R5XX_DDC_NONE;
		}
		/* legacy connectors are polled */
		if (!r5xx_is_avivo(rdev))
			c[i].hpd = 0;
		/* DVI-I's analog half needs a second DAC */
		if (!r5xx_has_dac2(rdev))
			c[i].dac2 = false;
	}
}

/* upstream's no-BIOS PLL limits; radeonhd's R500 ones on AVIVO */
static void r5xx_bios_default_pll(struct r5xx_device *rdev)
{
	struct r5xx_pll_limits *pll = &rdev->display.pll;
	u32 ref_div;

	if (r5xx_is_avivo(rdev)) {
		*pll = (struct r5xx_pll_limits){
			.ref_khz = 27000,
			.in_min_khz = 1000,
			.in_max_khz = 13500,
			.vco_min_khz = 648000,
			.vco_max_khz = 1100000,
			.max_pixclk_khz = 400000,
		};
		return;
	}
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
}

/**
 * r5xx_bios_display_info - fill in the connector table and PLL limits
 * @rdev: device, with MMIO mapped
 */
void r5xx_bios_display_info(struct r5xx_device *rdev)
{
	struct r5xx_display *disp = &rdev->display;
	size_t len = 0;
	u8 *rom;
	int ret;

	rom = r5xx_bios_fetch_rom(rdev, &len);
	r5xx_bios_default_pll(rdev);
	if (!rom)
		ret = -ENOENT;
	else if (r5xx_atom_detect(rom, len))
		ret = r5xx_bios_atom(rdev, rom, len);
	else
		ret = r5xx_combios_connectors(rom, len, rdev->family,
					      disp->connectors,
					      R5XX_MAX_CONNECTORS);
	if (rdev->info->bw_avivo == R5XX_BW_AVIVO_RS690)
		r5xx_bios_igp(rdev, rom, rom ? len : 0);
	if (rom && !r5xx_atom_detect(rom, len) &&
	    !r5xx_combios_clocks(rom, len, &disp->sclk_khz, &disp->mclk_khz))
		drm_info(&rdev->drm,
			 "display: engine clock %u kHz, memory clock %u kHz from the video BIOS\n",
			 disp->sclk_khz, disp->mclk_khz);
	kfree(rom);
	if (ret > 0) {
		r5xx_bios_fit_connectors(rdev, ret);
		disp->num_outputs = ret;
		drm_info(&rdev->drm, "display: %d connectors from the video BIOS\n",
			 ret);
	} else if (r5xx_is_avivo(rdev)) {
		BUILD_BUG_ON(ARRAY_SIZE(r5xx_avivo_connectors) >
			     R5XX_MAX_CONNECTORS);
		memcpy(disp->connectors, r5xx_avivo_connectors,
		       sizeof(r5xx_avivo_connectors));
		disp->num_outputs = ARRAY_SIZE(r5xx_avivo_connectors);
		drm_info(&rdev->drm,
			 "display: no video BIOS connector table (%d), default connectors (VGA on DACA, DVI-D on TMDSA)\n",
			 ret);
	} else if (rdev->pci_flags & R5XX_ID_MOBILITY) {
		BUILD_BUG_ON(ARRAY_SIZE(r5xx_mobility_connectors) >
			     R5XX_MAX_CONNECTORS);
		memcpy(disp->connectors, r5xx_mobility_connectors,
		       sizeof(r5xx_mobility_connectors));
		disp->num_outputs = ARRAY_SIZE(r5xx_mobility_connectors);
		drm_info(&rdev->drm,
			 "display: no video BIOS connector table (%d), Mobility defaults (LVDS panel, VGA)\n",
			 ret);
	} else {
		BUILD_BUG_ON(ARRAY_SIZE(r5xx_default_connectors) >
			     R5XX_MAX_CONNECTORS);
		memcpy(disp->connectors, r5xx_default_connectors,
		       sizeof(r5xx_default_connectors));
		disp->num_outputs = ARRAY_SIZE(r5xx_default_connectors);
		drm_info(&rdev->drm,
			 "display: no video BIOS connector table (%d), default connectors (VGA, DVI-I)\n",
			 ret);
	}
}
