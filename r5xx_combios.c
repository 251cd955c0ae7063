// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include <drm/drm_mode.h>

#include "r5xx_combios.h"

/**
 * DOC: COMBIOS
 *
 * The legacy (COMBIOS) video BIOS of R3xx/R4xx boards describes their
 * connectors in a table, as upstream radeon's radeon_combios.c reads it.
 * The ROM starts with 0x55 0xaa and its PCI data structure (pointed to by
 * the word at 0x18, signature "PCIR") names vendor 0x1002, so that another
 * option ROM is not taken for one; the 16-bit word at 0x48 points to the
 * BIOS header, which is an ATOM BIOS if "ATOM" or "MOTA" follows 4 bytes
 * into it (r5xx then has no table to read); byte 6 of the header is its
 * size, and a table whose pointer lies beyond it is absent; the word at
 * header + 0x50 points to the connector table. That table holds up to
 * four 16-bit entries from its byte 2 on, ended by a zero entry: the
 * connector kind in bits 15:12 (2 = VGA, 3 = DVI-I, 4 = DVI-D; 1 = proprietary, 5/6 = TV),
 * its DDC pads in bits 11:8 (1 = MONID, 2 = DVI, 3 = VGA, 4 = CRT2,
 * 5 = described elsewhere), bit 4 = the external TMDS transmitter and
 * bit 0 = the TV DAC. The word at header + 0x30 points to the PLL table,
 * whose default memory and engine clocks (bytes 8 and 10, 10 kHz units)
 * the legacy display bandwidth depends on.
 *
 * r5xx drives the primary DAC, the internal TMDS transmitter and the TV
 * DAC as a VGA DAC, so it keeps a VGA connector on the primary DAC, and a
 * DVI-I or DVI-D connector on the internal TMDS, a DVI-I one with its
 * analog half when that is on the TV DAC; it leaves out the rest (TV,
 * proprietary, a VGA connector on the TV DAC, external TMDS, and a second
 * connector on an output already used). MONID and CRT2 name other
 * pads depending on the family: both are GPIO_DVI_DDC on R300/R350 and
 * GPIO_MONID on the later chips. Upstream's per-board quirks are not
 * applied. Every read is bounded by the ROM's length.
 */

#define ROM_PCIR_PTR		0x18
#define ROM_PCIR_VENDOR		4
#define PCI_VENDOR_ATI		0x1002
#define COMBIOS_HEADER_PTR	0x48
#define COMBIOS_HEADER_SIZE	6
#define COMBIOS_PLL_PTR		0x30
#define COMBIOS_CONNECTOR_PTR	0x50
#define COMBIOS_MOBILE_PTR	0x42
#define COMBIOS_MOBILE_POWERPLAY	0x11
#define COMBIOS_PP_MCLK		7	/* 32 bits, 10 kHz */
#define COMBIOS_PP_SCLK		11
#define COMBIOS_PP_MAX_CLOCK	400000	/* 4 GHz in 10 kHz: none is faster */
#define COMBIOS_PLL_MCLK	8
#define COMBIOS_PLL_SCLK	10
#define COMBIOS_DEFAULT_CLK	20000	/* 200 MHz in 10 kHz units */
#define COMBIOS_MAX_CONNECTORS	4

enum combios_connector {
	COMBIOS_CONN_CRT = 2,
	COMBIOS_CONN_DVI_I = 3,
	COMBIOS_CONN_DVI_D = 4,
};

enum combios_ddc {
	COMBIOS_DDC_MONID = 1,
	COMBIOS_DDC_DVI = 2,
	COMBIOS_DDC_VGA = 3,
	COMBIOS_DDC_CRT2 = 4,
};

#define COMBIOS_EXT_TMDS	BIT(4)
#define COMBIOS_TV_DAC		BIT(0)

static bool combios_u16(const u8 *rom, size_t len, size_t off, u16 *val)
{
	if (off + 2 > len)
		return false;
	*val = rom[off] | rom[off + 1] << 8;
	return true;
}

static bool combios_u32(const u8 *rom, size_t len, size_t off, u32 *val)
{
	u16 lo, hi;

	if (!combios_u16(rom, len, off, &lo) || !combios_u16(rom, len, off + 2, &hi))
		return false;
	*val = lo | (u32)hi << 16;
	return true;
}

static enum r5xx_ddc_line combios_ddc(unsigned int ddc,
				      enum r5xx_family family)
{
	bool r300 = family == R5XX_FAMILY_R300 || family == R5XX_FAMILY_R350;

	switch (ddc) {
	case COMBIOS_DDC_DVI:
		return R5XX_DDC_DVI;
	case COMBIOS_DDC_VGA:
		return R5XX_DDC_VGA;
	case COMBIOS_DDC_MONID:
	case COMBIOS_DDC_CRT2:
		if (family == R5XX_FAMILY_RS400 || family == R5XX_FAMILY_RS480)
			return R5XX_DDC_NONE;	/* GPIOPAD, not driven */
		return r300 ? R5XX_DDC_DVI : R5XX_DDC_MONID;
	default:
		return R5XX_DDC_NONE;
	}
}

/**
 * r5xx_combios_table - find a table of a COMBIOS image
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @ptr: the offset in the BIOS header of the word that points to the table
 * @table: the table's offset in @rom, set on success
 *
 * Return: 0, -ENOENT if @rom is not an ATI COMBIOS image or has no such
 * table (a zero pointer), -EINVAL if a pointer leads out of the image.
 * The table itself may still run past the end of @rom: its reader checks.
 */
int r5xx_combios_table(const u8 *rom, size_t len, unsigned int ptr, u16 *table)
{
	u16 pcir, vendor, header;

	if (len < 2 || rom[0] != 0x55 || rom[1] != 0xaa)
		return -ENOENT;
	if (!combios_u16(rom, len, ROM_PCIR_PTR, &pcir) || (size_t)pcir + 8 > len)
		return -ENOENT;
	if (memcmp(rom + pcir, "PCIR", 4) ||
	    !combios_u16(rom, len, pcir + ROM_PCIR_VENDOR, &vendor) ||
	    vendor != PCI_VENDOR_ATI)
		return -ENOENT;
	if (!combios_u16(rom, len, COMBIOS_HEADER_PTR, &header) || !header)
		return -ENOENT;
	if ((size_t)header + 8 > len)
		return -EINVAL;
	if (!memcmp(rom + header + 4, "ATOM", 4) ||
	    !memcmp(rom + header + 4, "MOTA", 4))
		return -ENOENT;
	/* radeon's combios_get_table_offset: the header's size is byte 6 */
	if (ptr >= rom[header + COMBIOS_HEADER_SIZE])
		return -ENOENT;
	if (!combios_u16(rom, len, header + ptr, table))
		return -EINVAL;
	if (!*table)
		return -ENOENT;
	return 0;
}

/**
 * r5xx_combios_connectors - read the connector table of a COMBIOS ROM
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @family: the GPU
 * @out: the connectors r5xx can drive
 * @max: room in @out
 *
 * Return: the number of connectors put in @out (0 if the table lists none
 * that r5xx drives), -ENOENT if @rom is not an ATI COMBIOS image or has no
 * connector table, -EINVAL if a pointer leads out of the image.
 */
int r5xx_combios_connectors(const u8 *rom, size_t len,
			    enum r5xx_family family,
			    struct r5xx_connector_info *out, unsigned int max)
{
	u16 table, entry;
	unsigned int i, j, n = 0;
	int ret;

	ret = r5xx_combios_table(rom, len, COMBIOS_CONNECTOR_PTR, &table);
	if (ret)
		return ret;

	for (i = 0; i < COMBIOS_MAX_CONNECTORS && n < max; i++) {
		struct r5xx_connector_info c = { };

		if (!combios_u16(rom, len, table + 2 + i * 2, &entry))
			return -EINVAL;
		if (!entry)
			break;
		c.ddc = combios_ddc(entry >> 8 & 0xf, family);
		switch (entry >> 12) {
		case COMBIOS_CONN_CRT:
			if (entry & COMBIOS_TV_DAC)
				continue;
			c.type = DRM_MODE_CONNECTOR_VGA;
			c.output = R5XX_OUTPUT_DAC1;
			break;
		case COMBIOS_CONN_DVI_I:
		case COMBIOS_CONN_DVI_D:
			if (entry & COMBIOS_EXT_TMDS)
				continue;
			c.type = entry >> 12 == COMBIOS_CONN_DVI_I ?
				 DRM_MODE_CONNECTOR_DVII :
				 DRM_MODE_CONNECTOR_DVID;
			c.output = R5XX_OUTPUT_TMDS1;
			c.dac2 = c.type == DRM_MODE_CONNECTOR_DVII &&
				 (entry & COMBIOS_TV_DAC);
			break;
		default:
			continue;
		}
		/* one connector per output: r5xx cannot share an encoder */
		for (j = 0; j < n && out[j].output != c.output; j++)
			;
		if (j == n)
			out[n++] = c;
	}
	return n;
}

/**
 * r5xx_combios_clocks - the default engine and memory clocks of a COMBIOS ROM
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @sclk_khz: the engine clock
 * @mclk_khz: the memory clock
 *
 * The PLL table (the BIOS header's word at 0x30) holds them in 10 kHz units,
 * the memory clock at byte 8 and the engine clock at byte 10; a zero stands
 * for 200 MHz, as radeon_combios_get_clock_info reads it.
 *
 * Return: 0, -ENOENT if @rom is not an ATI COMBIOS image or has no PLL
 * table, -EINVAL if the table lies outside the image.
 */
int r5xx_combios_clocks(const u8 *rom, size_t len, u32 *sclk_khz,
			u32 *mclk_khz)
{
	u16 table, sclk, mclk;
	int ret;

	ret = r5xx_combios_table(rom, len, COMBIOS_PLL_PTR, &table);
	if (ret)
		return ret;
	if (!combios_u16(rom, len, table + COMBIOS_PLL_MCLK, &mclk) ||
	    !combios_u16(rom, len, table + COMBIOS_PLL_SCLK, &sclk))
		return -EINVAL;
	*sclk_khz = (sclk ?: COMBIOS_DEFAULT_CLK) * 10;
	*mclk_khz = (mclk ?: COMBIOS_DEFAULT_CLK) * 10;
	return 0;
}

/**
 * r5xx_combios_power_state - the low power state of a Mobility COMBIOS ROM
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @st: the state (a battery state for a single display), set on success
 *
 * Mobility boards' BIOSes point from their mobile info table (the BIOS
 * header's word at 0x42) at a PowerPlay table (the mobile table's word at
 * 0x11) whose power mode 0, the one radeon_combios_get_power_modes trusts,
 * holds the memory clock at byte 7 and the engine clock at byte 11, 32
 * bits in 10 kHz each.  Voltage GPIOs are not read.
 *
 * Return: 0, -ENOENT if @rom is not an ATI COMBIOS image or has no such
 * table or its mode 0 has a zero clock (radeon then keeps only the default
 * state), -EINVAL if a pointer leads out of the image or a clock is beyond
 * 4 GHz.
 */
int r5xx_combios_power_state(const u8 *rom, size_t len,
			     struct r5xx_pm_state *st)
{
	u16 mobile, pp;
	u32 sclk, mclk;
	int ret;

	ret = r5xx_combios_table(rom, len, COMBIOS_MOBILE_PTR, &mobile);
	if (ret)
		return ret;
	if (!combios_u16(rom, len, (size_t)mobile + COMBIOS_MOBILE_POWERPLAY, &pp))
		return -EINVAL;
	if (!pp)
		return -ENOENT;
	if (!combios_u32(rom, len, (size_t)pp + COMBIOS_PP_MCLK, &mclk) ||
	    !combios_u32(rom, len, (size_t)pp + COMBIOS_PP_SCLK, &sclk))
		return -EINVAL;
	if (!sclk || !mclk)
		return -ENOENT;
	if (sclk > COMBIOS_PP_MAX_CLOCK || mclk > COMBIOS_PP_MAX_CLOCK)
		return -EINVAL;
	*st = (struct r5xx_pm_state){
		.sclk_khz = sclk * 10,
		.mclk_khz = mclk * 10,
		.type = R5XX_PM_STATE_BATTERY,
		.single_display = true,
	};
	return 0;
}
