// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Monitors: EDID read by bit-banging the DDC lines the way radeon_i2c.c
 * does for a legacy chip (A bits 0, a line is driven low by setting its EN
 * bit and released by clearing it, read through Y; data = pin 0, clock =
 * pin 1), on GPIO_VGA_DDC and GPIO_DVI_DDC (combios' no-BIOS connector
 * table of an rv380); monitors plugged and unplugged at run time with
 * qom-set (tests/vm/qmp), seen in FP_GEN_CNTL.FP_DETECT_SENSE with an
 * FP_DETECT_STAT interrupt for DVI, and in the DAC comparator for VGA.
 */
#include <stdio.h>
#include <string.h>

#include "disp.h"

#define EN_DATA	R5XX_GPIO_VGA_DDC_GPIO_EN_0
#define EN_CLK	R5XX_GPIO_VGA_DDC_GPIO_EN_1
#define Y_DATA	R5XX_GPIO_VGA_DDC_GPIO_Y_0

static struct r5xx d;
static uint32_t gpio;

static void line(uint32_t en, bool high)
{
	uint32_t v = rr(&d, gpio) & ~(R5XX_GPIO_VGA_DDC_GPIO_A_0 | R5XX_GPIO_VGA_DDC_GPIO_A_1);

	wr(&d, gpio, high ? v & ~en : v | en);
}

static bool sda_in(void)
{
	return rr(&d, gpio) & Y_DATA;
}

static void start(void)
{
	line(EN_DATA, true);
	line(EN_CLK, true);
	line(EN_DATA, false);
	line(EN_CLK, false);
}

static void stop(void)
{
	line(EN_DATA, false);
	line(EN_CLK, true);
	line(EN_DATA, true);
}

static bool put(uint8_t b)		/* true on ACK */
{
	bool ack;
	int i;

	for (i = 7; i >= 0; i--) {
		line(EN_DATA, b >> i & 1);
		line(EN_CLK, true);
		line(EN_CLK, false);
	}
	line(EN_DATA, true);
	line(EN_CLK, true);
	ack = !sda_in();
	line(EN_CLK, false);
	return ack;
}

static uint8_t get(bool ack)
{
	uint8_t b = 0;
	int i;

	line(EN_DATA, true);
	for (i = 0; i < 8; i++) {
		line(EN_CLK, true);
		b = b << 1 | sda_in();
		line(EN_CLK, false);
	}
	line(EN_DATA, !ack);
	line(EN_CLK, true);
	line(EN_CLK, false);
	line(EN_DATA, true);
	return b;
}

/* radeon_i2c.c pre_xfer: A bits clear, lines released, MASK set */
static void pre_xfer(uint32_t reg)
{
	gpio = reg;
	wr(&d, gpio, R5XX_GPIO_VGA_DDC_GPIO_MASK_0 | R5XX_GPIO_VGA_DDC_GPIO_MASK_1);
}

static bool read_edid(uint32_t reg, uint8_t *e)
{
	int i;

	pre_xfer(reg);
	start();
	if (!put(0xa0)) {
		stop();
		return false;
	}
	T_CHECK(put(0x00), "no ACK for the EDID offset");
	start();
	T_CHECK(put(0xa1), "no ACK for the read address");
	for (i = 0; i < 128; i++)
		e[i] = get(i < 127);
	stop();
	return true;
}

static void check_edid(uint32_t reg, const char *name, unsigned w, unsigned h)
{
	static const uint8_t hdr[8] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0 };
	uint8_t e[128], sum = 0;
	bool named = false;
	int i;

	T_CHECK(read_edid(reg, e), "%s: no monitor answers at 0x50", name);
	T_CHECK(!memcmp(e, hdr, 8), "%s: bad EDID header %02x %02x %02x", name,
		e[0], e[1], e[2]);
	for (i = 0; i < 128; i++)
		sum += e[i];
	T_CHECK(!sum, "%s: EDID checksum off by 0x%02x", name, sum);
	T_CHECK((unsigned)(e[56] | (e[58] >> 4) << 8) == w &&
		(unsigned)(e[59] | (e[61] >> 4) << 8) == h,
		"%s: preferred mode %ux%u, expected %ux%u", name,
		e[56] | (e[58] >> 4) << 8, e[59] | (e[61] >> 4) << 8, w, h);
	for (i = 54; i < 126; i += 18)
		if (!e[i] && !e[i + 1] && e[i + 3] == 0xfc &&
		    !memcmp(e + i + 5, name, strlen(name)))
			named = true;
	T_CHECK(named, "%s: no monitor name descriptor '%s'", name, name);
}

static void plug(const char *which, bool on)
{
	char json[256];

	snprintf(json, sizeof(json), "{\"execute\": \"qom-set\", \"arguments\": "
		 "{\"path\": \"/machine/peripheral/gpu\", \"property\": \"monitor-%s\", "
		 "\"value\": %s}}", which, on ? "true" : "false");
	T_CHECK(d_qmp(json) == 0, "qom-set monitor-%s %d failed", which, on);
}

static bool vga_load(void)
{
	wr(&d, R5XX_DAC_CNTL, rr(&d, R5XX_DAC_CNTL) | R5XX_DAC_CNTL_DAC_CMP_EN);
	return rr(&d, R5XX_DAC_CNTL) & R5XX_DAC_CNTL_DAC_CMP_OUTPUT;
}

int main(void)
{
	uint8_t e[128];

	t_open(&d);
	wr(&d, R5XX_GEN_INT_CNTL, 0);
	wr(&d, R5XX_GEN_INT_STATUS, rr(&d, R5XX_GEN_INT_STATUS));

	/* defaults: VGA monitor, DVI empty */
	T_CHECK(vga_load(), "no VGA load detected");
	check_edid(R5XX_GPIO_VGA_DDC, "R5XX VGA", 1024, 768);
	T_CHECK(!(rr(&d, R5XX_FP_GEN_CNTL) & R5XX_FP_GEN_CNTL_FP_DETECT_SENSE),
		"DVI sensed with no monitor");
	T_CHECK(!read_edid(R5XX_GPIO_DVI_DDC, e), "empty DVI connector answers");
	/* a line nobody drives reads high; a driven one low */
	pre_xfer(R5XX_GPIO_MONID);
	T_CHECK((rr(&d, gpio) & 0x300) == 0x300, "released MONID lines read 0x%x",
		rr(&d, gpio));
	line(EN_CLK, false);
	T_CHECK((rr(&d, gpio) & 0x300) == 0x100, "driven MONID clock reads 0x%x",
		rr(&d, gpio));
	wr(&d, gpio, 0);

	/* plug DVI */
	plug("dvi", true);
	T_CHECK(rr(&d, R5XX_FP_GEN_CNTL) & R5XX_FP_GEN_CNTL_FP_DETECT_SENSE,
		"no FP_DETECT_SENSE after plugging DVI");
	T_CHECK(rr(&d, R5XX_GEN_INT_STATUS) & R5XX_GEN_INT_STATUS_FP_DETECT_STAT,
		"no FP_DETECT_STAT after plugging DVI");
	wr(&d, R5XX_GEN_INT_STATUS, R5XX_GEN_INT_STATUS_FP_DETECT_STAT);
	check_edid(R5XX_GPIO_DVI_DDC, "R5XX DVI", 1024, 768);

	/* unplug VGA */
	plug("vga", false);
	T_CHECK(!vga_load(), "VGA load detected with no monitor");
	T_CHECK(!read_edid(R5XX_GPIO_VGA_DDC, e), "empty VGA connector answers");
	plug("vga", true);
	check_edid(R5XX_GPIO_VGA_DDC, "R5XX VGA", 1024, 768);

	plug("dvi", false);
	T_CHECK(!(rr(&d, R5XX_FP_GEN_CNTL) & R5XX_FP_GEN_CNTL_FP_DETECT_SENSE),
		"FP_DETECT_SENSE after unplugging DVI");
	T_CHECK(rr(&d, R5XX_GEN_INT_STATUS) & R5XX_GEN_INT_STATUS_FP_DETECT_STAT,
		"no FP_DETECT_STAT after unplugging DVI");
	wr(&d, R5XX_GEN_INT_STATUS, rr(&d, R5XX_GEN_INT_STATUS));
	printf("ok\n");
	return 0;
}
