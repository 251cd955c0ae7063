// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Monitors: EDID read by bit-banging the DDC lines the way radeon_i2c.c
 * does for a legacy chip (A bits 0, a line is driven low by setting its EN
 * bit and released by clearing it, read through Y; data = pin 0, clock =
 * pin 1), on GPIO_VGA_DDC and GPIO_DVI_DDC (combios' no-BIOS connector
 * table of an rv380); monitors plugged and unplugged at run time with
 * qom-set (tests/vm/qmp), seen in FP_GEN_CNTL.FP_DETECT_SENSE with an
 * FP_DETECT_STAT interrupt for DVI, and in the DAC comparator for VGA.
 *
 * On rv515 the same over the AVIVO DC_GPIO_DDC1 (VGA) and DDC2 (DVI)
 * blocks (clock = bit 0, data = bit 8 of separate MASK/A/EN/Y registers),
 * the DVI monitor on hot plug pin 1 (DC_HOT_PLUG_DETECT1: sense, an
 * interrupt at the INT_POLARITY level through DISP_INTERRUPT_STATUS and
 * GEN_INT_STATUS.DISPLAY_INT_STAT, acked with INT_ACK, as rs600_irq_* and
 * rs600_hpd_* do), DAC A and TMDS A load detection.
 */
#include <stdio.h>
#include <string.h>

#include "disp.h"

#define PCI_COMMAND		0x04
#define PCI_COMMAND_INTX_DISABLE 0x400
#define PCI_STATUS		0x06
#define PCI_STATUS_INTERRUPT	0x08

/* One DDC line pair: where its EN and Y bits are (legacy: one register). */
struct port {
	uint32_t en, y;			/* registers */
	uint32_t en_clk, en_data, y_data;
	uint32_t a_clear;		/* A bits a write of en must keep 0 */
};

static struct r5xx d;
static struct port port;
#define EN_DATA	port.en_data
#define EN_CLK	port.en_clk

static void line(uint32_t en, bool high)
{
	uint32_t v = rr(&d, port.en) & ~port.a_clear;

	wr(&d, port.en, high ? v & ~en : v | en);
}

static bool sda_in(void)
{
	return rr(&d, port.y) & port.y_data;
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

/*
 * radeon_i2c.c pre_xfer: A bits clear, lines released, MASK set.  reg is a
 * legacy GPIO register, or on AVIVO the block's DC_GPIO_DDCn_MASK.
 */
static void pre_xfer(uint32_t reg)
{
	if (d.is_r5xx) {
		port = (struct port){
			.en = reg + 8, .y = reg + 12,
			.en_clk = R5XX_DC_GPIO_DDC1_MASK_DC_GPIO_DDC_CLK,
			.en_data = R5XX_DC_GPIO_DDC1_MASK_DC_GPIO_DDC_DATA,
			.y_data = R5XX_DC_GPIO_DDC1_MASK_DC_GPIO_DDC_DATA,
		};
		wr(&d, reg, port.en_clk | port.en_data);
		wr(&d, reg + 4, 0);
		wr(&d, port.en, 0);
		return;
	}
	port = (struct port){
		.en = reg, .y = reg,
		.en_clk = R5XX_GPIO_VGA_DDC_GPIO_EN_1,
		.en_data = R5XX_GPIO_VGA_DDC_GPIO_EN_0,
		.y_data = R5XX_GPIO_VGA_DDC_GPIO_Y_0,
		.a_clear = R5XX_GPIO_VGA_DDC_GPIO_A_0 | R5XX_GPIO_VGA_DDC_GPIO_A_1,
	};
	wr(&d, reg, R5XX_GPIO_VGA_DDC_GPIO_MASK_0 | R5XX_GPIO_VGA_DDC_GPIO_MASK_1);
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

/* AVIVO hot plug pin 1: the DVI connector. */
static bool hpd_sense(void)
{
	return rr(&d, R5XX_DC_HOT_PLUG_DETECT1_INT_STATUS) &
	       R5XX_DC_HOT_PLUG_DETECT1_INT_STATUS_DC_HOT_PLUG_DETECT_SENSE;
}

/* rs600_hpd_set_polarity: interrupt on the opposite of the state now. */
static void hpd_arm(void)
{
	wr(&d, R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL,
	   R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_EN |
	   (hpd_sense() ? 0 : R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_POLARITY));
}

/* The pin's interrupt fired (and the INTx line is up); ack it. */
static void hpd_irq(const char *what)
{
	uint32_t ic = rr(&d, R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL);

	T_CHECK(rr(&d, R5XX_GEN_INT_STATUS) & R5XX_GEN_INT_STATUS_DISPLAY_INT_STAT,
		"%s: no DISPLAY_INT_STAT", what);
	T_CHECK(rr(&d, R5XX_DISP_INTERRUPT_STATUS) ==
		R5XX_DISP_INTERRUPT_STATUS_DC_HOT_PLUG_DETECT1_INTERRUPT,
		"%s: DISP_INTERRUPT_STATUS 0x%x", what, rr(&d, R5XX_DISP_INTERRUPT_STATUS));
	T_CHECK(cfg_rd(&d, PCI_STATUS, 2) & PCI_STATUS_INTERRUPT, "%s: no INTx", what);
	wr(&d, R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL,
	   ic | R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_ACK);
	wr(&d, R5XX_GEN_INT_STATUS, rr(&d, R5XX_GEN_INT_STATUS));
	T_CHECK(!rr(&d, R5XX_DISP_INTERRUPT_STATUS) &&
		!(rr(&d, R5XX_GEN_INT_STATUS) & R5XX_GEN_INT_STATUS_DISPLAY_INT_STAT),
		"%s: the ack left DISP_INTERRUPT_STATUS 0x%x", what,
		rr(&d, R5XX_DISP_INTERRUPT_STATUS));
	T_CHECK(!(cfg_rd(&d, PCI_STATUS, 2) & PCI_STATUS_INTERRUPT),
		"%s: INTx still up after the ack", what);
}

static void avivo_main(void)
{
	uint8_t e[128];

	cfg_wr(&d, PCI_COMMAND, 2, cfg_rd(&d, PCI_COMMAND, 2) | PCI_COMMAND_INTX_DISABLE);
	wr(&d, R5XX_GEN_INT_CNTL, 0);
	wr(&d, R5XX_DXMODE_INT_MASK, 0);
	wr(&d, R5XX_DC_HOT_PLUG_DETECT1_CONTROL,
	   R5XX_DC_HOT_PLUG_DETECT1_CONTROL_DC_HOT_PLUG_DETECT_EN);
	hpd_arm();
	/* enabling the pin at its polarity's level fired once: ack that */
	wr(&d, R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL, rr(&d, R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL) |
	   R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL_DC_HOT_PLUG_DETECT_INT_ACK);
	T_CHECK(!rr(&d, R5XX_DISP_INTERRUPT_STATUS), "display interrupt at rest: 0x%x",
		rr(&d, R5XX_DISP_INTERRUPT_STATUS));

	/* defaults: VGA monitor on DDC1, DVI empty */
	T_CHECK((rr(&d, R5XX_DACA_COMPARATOR_OUTPUT) & 0xe) == 0xe, "no DAC A load detected");
	check_edid(R5XX_DC_GPIO_DDC1_MASK, "R5XX VGA", 1024, 768);
	T_CHECK(!hpd_sense() && !(rr(&d, R5XX_DC_GPIO_HPD_Y) & 1), "DVI sensed with no monitor");
	T_CHECK(!(rr(&d, R5XX_TMDSA_LOAD_DETECT) & R5XX_TMDSA_LOAD_DETECT_TMDSA_LOAD_DETECT),
		"TMDS A load with no monitor");
	T_CHECK(!read_edid(R5XX_DC_GPIO_DDC2_MASK, e), "empty DVI connector answers");
	/* DDC3: nothing attached; a released line reads high, a driven one low */
	pre_xfer(R5XX_DC_GPIO_DDC3_MASK);
	T_CHECK(rr(&d, port.y) == 0x101, "released DDC3 lines read 0x%x", rr(&d, port.y));
	line(EN_CLK, false);
	T_CHECK(rr(&d, port.y) == 0x100, "driven DDC3 clock reads 0x%x", rr(&d, port.y));
	wr(&d, port.en, 0);

	/* plug DVI: pin 1 goes high at the armed polarity */
	plug("dvi", true);
	T_CHECK(hpd_sense() && (rr(&d, R5XX_DC_GPIO_HPD_Y) & 1), "no HPD sense after plugging DVI");
	T_CHECK(rr(&d, R5XX_TMDSA_LOAD_DETECT) & R5XX_TMDSA_LOAD_DETECT_TMDSA_LOAD_DETECT,
		"no TMDS A load with a monitor");
	hpd_irq("DVI plugged");
	hpd_arm();
	T_CHECK(!rr(&d, R5XX_DISP_INTERRUPT_STATUS), "re-arming fired the interrupt");
	check_edid(R5XX_DC_GPIO_DDC2_MASK, "R5XX DVI", 1024, 768);

	/* unplug VGA: no hot plug pin, the DAC stops sensing a load */
	plug("vga", false);
	T_CHECK(!(rr(&d, R5XX_DACA_COMPARATOR_OUTPUT) & 0xe), "DAC A load with no monitor");
	T_CHECK(!read_edid(R5XX_DC_GPIO_DDC1_MASK, e), "empty VGA connector answers");
	T_CHECK(!rr(&d, R5XX_DISP_INTERRUPT_STATUS), "VGA unplug raised 0x%x",
		rr(&d, R5XX_DISP_INTERRUPT_STATUS));
	plug("vga", true);
	check_edid(R5XX_DC_GPIO_DDC1_MASK, "R5XX VGA", 1024, 768);

	/* unplug DVI: the pin drops to the re-armed polarity */
	plug("dvi", false);
	T_CHECK(!hpd_sense(), "HPD sense after unplugging DVI");
	hpd_irq("DVI unplugged");
	/* pin off: no interrupt on a plug */
	wr(&d, R5XX_DC_HOT_PLUG_DETECT1_CONTROL, 0);
	hpd_arm();
	plug("dvi", true);
	T_CHECK(!rr(&d, R5XX_DISP_INTERRUPT_STATUS), "disabled pin raised 0x%x",
		rr(&d, R5XX_DISP_INTERRUPT_STATUS));
	plug("dvi", false);
	wr(&d, R5XX_DC_HOT_PLUG_DETECT1_INT_CONTROL, 0);
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
	if (d.is_r5xx) {
		avivo_main();
		printf("ok\n");
		return 0;
	}
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
	T_CHECK((rr(&d, port.y) & 0x300) == 0x300, "released MONID lines read 0x%x",
		rr(&d, port.y));
	line(EN_CLK, false);
	T_CHECK((rr(&d, port.y) & 0x300) == 0x100, "driven MONID clock reads 0x%x",
		rr(&d, port.y));
	wr(&d, port.en, 0);

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
