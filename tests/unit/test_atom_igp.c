// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Host unit tests of r5xx_atom_igp_info(): IntegratedSystemInfo of the
 * rs690 model's video BIOS (revision 1.2, generated from its board
 * description: 333.33 MHz UMA, no sideport, a 1 GHz 16-bit HT link), the
 * same table rewritten as revision 1.1 (ATOM_INTEGRATED_SYSTEM_INFO), the
 * fallbacks for a zero memory clock, and malformed tables: short, of an
 * unknown revision, implausible, out of the image, truncated byte by byte.
 * Under ASan/UBSan a read outside the image aborts the test.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel.h>

#include "r5xx_atombios.h"
#include "rom_image.h"
#include "tap.h"

#define IGP_INDEX	30

static size_t table(void)
{
	return atom_data_table(IGP_INDEX);
}

static int igp_info(uint32_t mclk, struct r5xx_atom_igp *igp)
{
	const char *why = "";

	return r5xx_atom_igp_info(rom, good_len, mclk, igp, &why);
}

static int safe(const struct r5xx_atom_igp *igp)
{
	return igp->system_mclk_khz == 200000 && igp->ht_link_khz == 1000000 &&
	       igp->ht_link_width == 8 && !igp->sideport;
}

static void test_v2(void)
{
	struct r5xx_atom_igp igp;
	size_t t;

	rom_reset();
	t = table();
	tap_ok(t && rom[t + 2] == 1 && rom[t + 3] == 2,
	       "the model's IntegratedSystemInfo is revision 1.2 (at 0x%zx)", t);
	tap_is(igp_info(297000, &igp), 0, "v2: read");
	tap_is(igp.system_mclk_khz, 333330, "... UMA clock 333.33 MHz");
	tap_is(igp.ht_link_khz, 1000000, "... HT link 1 GHz");
	tap_is(igp.ht_link_width, 16, "... 16 bits wide");
	tap_ok(!igp.sideport && !igp.sideport_mclk_khz, "... no sideport memory");

	wr32(t + 20, 20000);
	igp_info(0, &igp);
	tap_ok(igp.sideport && igp.sideport_mclk_khz == 200000,
	       "... a sideport clock: sideport memory at 200 MHz");
	wr32(t + 16, 0);
	igp_info(297000, &igp);
	tap_is(igp.system_mclk_khz, 297000,
	       "... UMA clock 0: FirmwareInfo's memory clock");
	igp_info(0, &igp);
	tap_is(igp.system_mclk_khz, 667000, "... neither: 667 MHz");
	wr32(t + 92, 500000);
	tap_is(igp_info(0, &igp), -EINVAL, "... a 5 GHz HT link: implausible");
	tap_ok(safe(&igp), "... the safe numbers");
	rom_reset();
	wr16(t + 96, 64);
	tap_is(igp_info(0, &igp), -EINVAL, "... a 64-bit HT link: implausible");
	rom_reset();
	wr16(t, 97);
	tap_is(igp_info(0, &igp), -EINVAL, "... 97 bytes: too short for v2");
	tap_ok(safe(&igp), "... the safe numbers");
	rom_reset();
	rom[t + 3] = 3;
	tap_is(igp_info(0, &igp), -ENOENT, "... revision 1.3: not understood");
	rom_reset();
	rom[t + 2] = 2;
	tap_is(igp_info(0, &igp), -ENOENT, "... format 2: not understood");
	rom_reset();
	wr16(t, 0xfff0);
	tap_is(igp_info(0, &igp), -EINVAL, "... size past the image");
	rom_reset();
	wr16(rd16(rd16(0x48) + 0x20) + 4 + 2 * IGP_INDEX, 0);
	tap_is(igp_info(0, &igp), -ENOENT, "no IntegratedSystemInfo");
	tap_ok(safe(&igp), "... the safe numbers");
}

/* the same table in the revision 1 layout (ATOM_INTEGRATED_SYSTEM_INFO) */
static void test_v1(void)
{
	struct r5xx_atom_igp igp;
	size_t t;

	rom_reset();
	t = table();
	memset(rom + t + 4, 0, 54);
	rom[t + 3] = 1;
	wr16(t, 56);
	wr32(t + 8, 0);			/* ulBootUpMemoryClock: no sideport */
	wr16(t + 36, 800);		/* usFSBClock: 800 MHz HT */
	wr16(t + 42, 400);		/* usK8MemoryClock: 400 MHz */
	rom[t + 53] = 8;		/* ucHTLinkWidth */
	tap_is(igp_info(297000, &igp), 0, "v1: read");
	tap_is(igp.system_mclk_khz, 400000, "... K8 memory clock 400 MHz");
	tap_is(igp.ht_link_khz, 800000, "... FSB (HT) clock 800 MHz");
	tap_is(igp.ht_link_width, 8, "... 8 bits wide");
	tap_ok(!igp.sideport, "... no sideport memory");
	wr32(t + 8, 26667);
	wr16(t + 42, 0);
	igp_info(297000, &igp);
	tap_ok(igp.sideport && igp.sideport_mclk_khz == 266670,
	       "... sideport memory at 266.67 MHz");
	tap_is(igp.system_mclk_khz, 297000,
	       "... K8 clock 0: FirmwareInfo's memory clock");
	igp_info(0, &igp);
	tap_is(igp.system_mclk_khz, 400000, "... neither: 400 MHz");
	wr16(t, 53);
	tap_is(igp_info(0, &igp), -EINVAL, "... 53 bytes: too short for v1");
}

static int trunc_answer(const uint8_t *img, size_t len)
{
	struct r5xx_atom_igp igp;
	const char *why = "";

	return !r5xx_atom_igp_info(img, len, 0, &igp, &why);
}

/*
 * every truncation of the image up to past the fields read: no read past
 * the end (ASan), an error, since the table is cut
 */
static void test_truncated(void)
{
	size_t t, first;
	int bad;

	rom_reset();
	t = table();
	bad = rom_truncations(trunc_answer, t + 98 + 1, &first);
	tap_ok(!bad && !first && t + 98 + 1 < t + rd16(t),
	       "truncated images: no overrun, an error until the table ends (%d wrong)",
	       bad);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s ROM\n", argv[0]);
		return 2;
	}
	rom_load(argv[1]);

	test_v2();
	test_v1();
	test_truncated();
	rom_free();
	return tap_done();
}
