/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_ATOMBIOS_H__
#define __R5XX_ATOMBIOS_H__

#include <linux/types.h>

#include "r5xx_combios.h"	/* struct r5xx_connector_info */
#include "r5xx_pm_states.h"

/**
 * struct r5xx_atom_clocks - the pixel PLL data of ATOM FirmwareInfo, in kHz
 * @ref_khz: reference (crystal) clock
 * @in_min_khz: lowest PLL input (reference / reference divider)
 * @in_max_khz: highest PLL input
 * @vco_min_khz: lowest PLL output before the post divider
 * @vco_max_khz: highest PLL output before the post divider
 * @max_pixclk_khz: highest pixel clock
 * @sclk_khz: engine clock the BIOS set (0 if the table gives none)
 * @mclk_khz: memory clock the BIOS set (0 if the table gives none)
 */
struct r5xx_atom_clocks {
	u32 ref_khz;
	u32 in_min_khz;
	u32 in_max_khz;
	u32 vco_min_khz;
	u32 vco_max_khz;
	u32 max_pixclk_khz;
	u32 sclk_khz;
	u32 mclk_khz;
};

/**
 * struct r5xx_atom_igp - an IGP's memory and link, as the display
 *	bandwidth needs them (IntegratedSystemInfo)
 * @sideport_mclk_khz: sideport memory clock
 * @system_mclk_khz: system (UMA) memory clock
 * @ht_link_khz: HyperTransport link clock
 * @ht_link_width: HyperTransport link width in bits
 * @sideport: the board has sideport memory
 */
struct r5xx_atom_igp {
	u32 sideport_mclk_khz;
	u32 system_mclk_khz;
	u32 ht_link_khz;
	u32 ht_link_width;
	bool sideport;
};

bool r5xx_atom_detect(const u8 *rom, size_t len);
int r5xx_atom_devices(const u8 *rom, size_t len,
		      struct r5xx_connector_info *out, unsigned int max,
		      const char **why);
int r5xx_atom_connectors(const u8 *rom, size_t len,
			 struct r5xx_connector_info *out, unsigned int max,
			 const char **why);
int r5xx_atom_clocks(const u8 *rom, size_t len, struct r5xx_atom_clocks *clk,
		     const char **why);
int r5xx_atom_igp_info(const u8 *rom, size_t len, u32 default_mclk_khz,
		       struct r5xx_atom_igp *igp, const char **why);

int r5xx_atom_power_states(const u8 *rom, size_t len, struct r5xx_pm_table *pt,
			   const char **why);

#endif /* __R5XX_ATOMBIOS_H__ */
