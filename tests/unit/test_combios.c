// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Host unit tests of r5xx_combios.c: connector tables of synthetic COMBIOS
 * images (the entry layout of radeon_combios.c), ATOM images, and images
 * of other vendors, and images whose pointers lead outside them, byte by
 * byte truncated; the PLL table's default clocks; the Mobility PowerPlay
 * table's power mode 0.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel.h>

#include <drm/drm_mode.h>

#include "r5xx_combios.h"
#include "tap.h"

#define PCIR	0x80
#define HDR	0x100
#define TABLE	0x200

static uint8_t rom[0x400];

static void put16(unsigned int off, uint16_t v)
{
	rom[off] = v & 0xff;
	rom[off + 1] = v >> 8;
}

/* a COMBIOS image with these connector entries (0-terminated) */
static void make_rom(const uint16_t *entries, unsigned int n)
{
	memset(rom, 0, sizeof(rom));
	rom[0] = 0x55;
	rom[1] = 0xaa;
	put16(0x18, PCIR);
	memcpy(rom + PCIR, "PCIR", 4);
	put16(PCIR + 4, 0x1002);
	put16(0x48, HDR);
	rom[HDR + 6] = 0x72;		/* the header's size */
	put16(HDR + 0x50, TABLE);
	for (unsigned int i = 0; i < n; i++)
		put16(TABLE + 2 + i * 2, entries[i]);
}

/* entry: kind << 12 | ddc << 8 | ext_tmds << 4 | tv_dac */
#define E(kind, ddc, bits)	((kind) << 12 | (ddc) << 8 | (bits))

static void test_tables(void)
{
	struct r5xx_connector_info c[4];
	static const uint16_t generic[] = { E(3, 2, 0), E(2, 3, 0) };
	static const uint16_t mixed[] = {
		E(2, 1, 1),		/* CRT on the TV DAC: left out */
		E(3, 2, 0x10),		/* DVI-I on the external TMDS: left out */
		E(4, 4, 0),		/* DVI-D, CRT2 pads */
		E(5, 0, 0),		/* S-video: left out */
		E(2, 3, 0),		/* VGA */
	};
	static const uint16_t twice[] = { E(2, 3, 0), E(2, 1, 0) };
	static const uint16_t tv_dac[] = { E(3, 2, 1), E(4, 2, 1) };

	make_rom(generic, 2);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), 2,
	       "generic table: two connectors");
	tap_is(c[0].type, DRM_MODE_CONNECTOR_DVII, "... DVI-I first");
	tap_is(c[0].output, R5XX_OUTPUT_TMDS1, "... on the internal TMDS");
	tap_is(c[0].ddc, R5XX_DDC_DVI, "... DDC on GPIO_DVI_DDC");
	tap_is(c[1].type, DRM_MODE_CONNECTOR_VGA, "... then VGA");
	tap_is(c[1].output, R5XX_OUTPUT_DAC1, "... on the primary DAC");
	tap_is(c[1].ddc, R5XX_DDC_VGA, "... DDC on GPIO_VGA_DDC");
	tap_ok(!c[0].dac2 && !c[1].dac2,
	       "... DVI-I without the TV DAC bit: no analog half on it");
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 1), 1,
	       "no more than the room given");

	/* only four entries are read: the VGA at index 4 is past them */
	make_rom(mixed, 5);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), 1,
	       "TV DAC, external TMDS and TV are left out; four entries at most");
	tap_is(c[0].type, DRM_MODE_CONNECTOR_DVID, "... DVI-D kept");
	tap_is(c[0].ddc, R5XX_DDC_MONID, "... CRT2 pads are GPIO_MONID on RV380");
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_R300, c, 4), 1,
	       "R300: same table");
	tap_is(c[0].ddc, R5XX_DDC_DVI, "... CRT2 pads are GPIO_DVI_DDC on R300");

	make_rom(tv_dac, 2);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), 1,
	       "DVI-I with the TV DAC bit (a DVI-D after it on the same TMDS is left out)");
	tap_ok(c[0].type == DRM_MODE_CONNECTOR_DVII && c[0].dac2,
	       "... DVI-I with its analog half on the TV DAC");

	make_rom(twice, 2);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), 1,
	       "a second connector on the primary DAC is left out");

	make_rom(NULL, 0);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), 0,
	       "an empty table lists nothing");
}

static void test_not_combios(void)
{
	struct r5xx_connector_info c[4];
	static const uint16_t generic[] = { E(3, 2, 0), E(2, 3, 0) };

	make_rom(generic, 2);
	rom[1] = 0xab;
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), -ENOENT,
	       "no 0x55aa signature");
	make_rom(generic, 2);
	put16(PCIR + 4, 0x10de);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), -ENOENT,
	       "another vendor's option ROM");
	make_rom(generic, 2);
	memcpy(rom + PCIR, "PCIX", 4);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), -ENOENT,
	       "no PCI data structure");
	make_rom(generic, 2);
	memcpy(rom + HDR + 4, "ATOM", 4);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), -ENOENT,
	       "an ATOM BIOS");
	make_rom(generic, 2);
	put16(HDR + 0x50, 0);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), -ENOENT,
	       "no connector table");
	make_rom(generic, 2);
	rom[HDR + 6] = 0x50;
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), -ENOENT,
	       "a header too short to hold the connector table's pointer");
	make_rom(generic, 2);
	put16(0x48, 0xfff0);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), -EINVAL,
	       "header pointer out of the image");
	make_rom(generic, 2);
	put16(HDR + 0x50, 0xffff);
	tap_is(r5xx_combios_connectors(rom, sizeof(rom), R5XX_FAMILY_RV380, c, 4), -EINVAL,
	       "table pointer out of the image");
}

/* every truncation of a good image: no read past the end (ASan), an answer */
static void test_truncated(void)
{
	struct r5xx_connector_info c[4];
	static const uint16_t generic[] = { E(3, 2, 0), E(2, 3, 0) };
	int bad = 0;

	make_rom(generic, 2);
	for (size_t len = 0; len <= TABLE + 8; len++) {
		uint8_t *copy = malloc(len ? len : 1);
		int ret;

		memcpy(copy, rom, len);
		ret = r5xx_combios_connectors(copy, len, R5XX_FAMILY_RV380, c, 4);
		/* complete with the terminating entry, else an error */
		if (len >= TABLE + 8 ? ret != 2 : ret >= 0)
			bad++;
		free(copy);
	}
	tap_is(bad, 0, "truncated images: no overrun, an error until the table ends");
}

#define PLL	0x300

/* the PLL table's default clocks (radeon_combios_get_clock_info) */
static void test_clocks(void)
{
	static const uint16_t generic[] = { E(3, 2, 0), E(2, 3, 0) };
	uint32_t sclk = 1, mclk = 1;
	int bad = 0;

	make_rom(generic, 2);
	tap_is(r5xx_combios_clocks(rom, sizeof(rom), &sclk, &mclk), -ENOENT,
	       "clocks: no PLL table");
	tap_ok(sclk == 1 && mclk == 1, "... clocks untouched");
	put16(HDR + 0x30, PLL);
	put16(PLL + 8, 33000);		/* mclk 330 MHz */
	put16(PLL + 10, 41250);		/* sclk 412.5 MHz */
	tap_is(r5xx_combios_clocks(rom, sizeof(rom), &sclk, &mclk), 0,
	       "clocks: PLL table");
	tap_is(sclk, 412500, "... engine clock at byte 10, 10 kHz units");
	tap_is(mclk, 330000, "... memory clock at byte 8");
	put16(PLL + 8, 0);
	put16(PLL + 10, 0);
	r5xx_combios_clocks(rom, sizeof(rom), &sclk, &mclk);
	tap_ok(sclk == 200000 && mclk == 200000, "... zero: 200 MHz");
	put16(HDR + 0x30, sizeof(rom) - 9);
	tap_is(r5xx_combios_clocks(rom, sizeof(rom), &sclk, &mclk), -EINVAL,
	       "... sclk past the end of the image");
	memcpy(rom + HDR + 4, "MOTA", 4);
	tap_is(r5xx_combios_clocks(rom, sizeof(rom), &sclk, &mclk), -ENOENT,
	       "... not on an ATOM BIOS");

	make_rom(generic, 2);
	put16(HDR + 0x30, PLL);
	put16(PLL + 10, 30000);
	for (size_t len = 0; len <= PLL + 12; len++) {
		uint8_t *copy = malloc(len ? len : 1);
		int ret;

		memcpy(copy, rom, len);
		ret = r5xx_combios_clocks(copy, len, &sclk, &mclk);
		if (len >= PLL + 12 ? ret || sclk != 300000 : ret >= 0)
			bad++;
		free(copy);
	}
	tap_is(bad, 0, "clocks of truncated images: no overrun, an error");
}

#define MOBILE	0x340
#define PP	0x380

static void put32(unsigned int off, uint32_t v)
{
	put16(off, v & 0xffff);
	put16(off + 2, v >> 16);
}

/* mode 0 of the PowerPlay table the mobile info table points at */
static void test_power_state(void)
{
	static const uint16_t generic[] = { E(3, 2, 0), E(2, 3, 0) };
	struct r5xx_pm_state st = { .sclk_khz = 1 };
	int bad = 0;

	make_rom(generic, 2);
	tap_is(r5xx_combios_power_state(rom, sizeof(rom), &st), -ENOENT,
	       "power state: no mobile info table");
	put16(HDR + 0x42, MOBILE);
	tap_is(r5xx_combios_power_state(rom, sizeof(rom), &st), -ENOENT,
	       "... a mobile table without PowerPlay");
	put16(MOBILE + 0x11, PP);
	rom[PP] = 4;			/* revision */
	put32(PP + 7, 19800);		/* mclk 198 MHz */
	put32(PP + 11, 9900);		/* sclk 99 MHz */
	tap_ok(st.sclk_khz == 1, "... state untouched on errors");
	tap_is(r5xx_combios_power_state(rom, sizeof(rom), &st), 0,
	       "power state: mode 0");
	tap_ok(st.sclk_khz == 99000 && st.mclk_khz == 198000 &&
	       st.type == R5XX_PM_STATE_BATTERY && st.single_display &&
	       !st.no_display,
	       "... engine clock at byte 11, memory clock at 7, a battery state (%u %u)",
	       st.sclk_khz, st.mclk_khz);
	put32(PP + 11, 0);
	tap_is(r5xx_combios_power_state(rom, sizeof(rom), &st), -ENOENT,
	       "... a zero clock: no state, as radeon");
	put32(PP + 11, 400001);
	tap_is(r5xx_combios_power_state(rom, sizeof(rom), &st), -EINVAL,
	       "... a clock beyond 4 GHz: -EINVAL");
	put16(MOBILE + 0x11, sizeof(rom) - 12);
	tap_is(r5xx_combios_power_state(rom, sizeof(rom), &st), -EINVAL,
	       "... sclk past the end of the image");
	put16(HDR + 0x42, sizeof(rom) - 0x11);
	tap_is(r5xx_combios_power_state(rom, sizeof(rom), &st), -EINVAL,
	       "... the PowerPlay pointer past the end");

	make_rom(generic, 2);
	put16(HDR + 0x42, MOBILE);
	put16(MOBILE + 0x11, PP);
	put32(PP + 7, 19800);
	put32(PP + 11, 9900);
	for (size_t len = 0; len <= PP + 15; len++) {
		uint8_t *copy = malloc(len ? len : 1);
		int ret;

		memcpy(copy, rom, len);
		ret = r5xx_combios_power_state(copy, len, &st);
		if (len >= PP + 15 ? ret || st.sclk_khz != 99000 : ret >= 0)
			bad++;
		free(copy);
	}
	tap_is(bad, 0, "power state of truncated images: no overrun, an error");
}

int main(void)
{
	test_tables();
	test_not_combios();
	test_truncated();
	test_clocks();
	test_power_state();
	return tap_done();
}
