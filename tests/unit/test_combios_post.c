// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Host unit tests of r5xx_combios_post.c, the COMBIOS init table executor:
 * the rv350 model's video BIOS as r5xx_combios.py generates it from its
 * board description posts a register array in the model's cold state
 * (r5xx_mc_cold) back to the model's reset state, register for register;
 * its connector and PLL tables read as r5xx's no-ROM defaults; hand-built
 * tables exercise every command; malformed tables (unterminated, unknown
 * commands, registers outside the MMIO space, budgets exceeded), every
 * truncation and random corruption get an error and write nothing.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel.h>

#include <drm/drm_mode.h>

#include "r5xx_combios.h"
#include "r5xx_combios_post.h"
#include "r5xx_regs.h"
#include "rom_image.h"
#include "tap.h"

#define MMIO_SIZE	0x10000
#define VRAM		(128u << 20)
#define SPLL_RESET	0x002c2106	/* r5xx_mc.c: 44, 33, 6 */

/* the hardware: MMIO and PLL registers, and what was done to them */
static struct hw {
	uint32_t mmio[MMIO_SIZE / 4];
	uint32_t pll[64];
	unsigned int writes, reads;
	unsigned int delay_us;
	uint32_t mc_status;	/* what MC_STATUS (MEM_STR_CNTL) reads */
} hw, reset;

static u32 h_rreg(void *priv, u32 reg)
{
	hw.reads++;
	if (reg == R5XX_MC_STATUS)
		return hw.mc_status;
	return hw.mmio[reg / 4];
}

static void h_wreg(void *priv, u32 reg, u32 val)
{
	hw.writes++;
	hw.mmio[reg / 4] = val;
}

static u32 h_pll_rreg(void *priv, u32 index)
{
	hw.reads++;
	return hw.pll[index];
}

static void h_pll_wreg(void *priv, u32 index, u32 val)
{
	hw.writes++;
	hw.pll[index] = val;
}

static void h_delay(void *priv, unsigned int us)
{
	hw.delay_us += us;
}

static const struct r5xx_combios_io io_r300 = {
	.rreg = h_rreg, .wreg = h_wreg,
	.pll_rreg = h_pll_rreg, .pll_wreg = h_pll_wreg,
	.delay_us = h_delay,
	.mmio_size = MMIO_SIZE,
	.pwrup_complete = 0xf,
};

/* the model's rv350 after reset (r5xx_mc_reset), then its cold board */
static void board_reset(void)
{
	memset(&reset, 0, sizeof(reset));
	reset.mmio[R5XX_MEM_CNTL / 4] = 1;
	reset.mmio[R5XX_CONFIG_MEMSIZE / 4] = VRAM;
	reset.mmio[R5XX_MC_AGP_LOCATION / 4] = 0x0fffffff;
	reset.pll[R5XX_PLL_M_SPLL_REF_FB_DIV] = SPLL_RESET;
	reset.pll[R5XX_PLL_SCLK_CNTL] = 1;
	reset.pll[R5XX_PLL_MCLK_CNTL] = 1;
	reset.pll[R5XX_PLL_PPLL_REF_DIV] = 12 << 18 | 12;
	reset.mc_status = R5XX_MC_STATUS_MC_IDLE;
	hw = reset;
}

static void board_cold(void)
{
	board_reset();
	hw.pll[R5XX_PLL_M_SPLL_REF_FB_DIV] = 0;
	hw.mmio[R5XX_MEM_CNTL / 4] = 0;
	hw.mmio[R5XX_CONFIG_MEMSIZE / 4] = 0;
}

static int regs_equal(const struct hw *a, const struct hw *b)
{
	return !memcmp(a->mmio, b->mmio, sizeof(a->mmio)) &&
	       !memcmp(a->pll, b->pll, sizeof(a->pll));
}

static void test_model_rom(void)
{
	struct r5xx_combios_run run;
	struct r5xx_connector_info c[4];
	struct r5xx_combios_io igp = io_r300;
	u32 sclk = 0, mclk = 0;
	int ret;

	board_cold();
	ret = r5xx_combios_post(rom, good_len, &io_r300, &run);
	tap_is(ret, 0, "rv350 ROM: the post runs (%s)", run.why ?: "ok");
	tap_ok(regs_equal(&hw, &reset),
	       "... and leaves the cold board as the model's reset one, register for register");
	tap_is(hw.pll[R5XX_PLL_M_SPLL_REF_FB_DIV], SPLL_RESET, "... the engine and memory PLL dividers");
	tap_is(hw.mmio[R5XX_CONFIG_MEMSIZE / 4], VRAM, "... CONFIG_MEMSIZE 128 MiB");
	tap_is(run.memsize, VRAM, "... reported");
	tap_is(hw.mmio[R5XX_MEM_CNTL / 4], 1, "... MEM_CNTL");
	tap_is(run.ran, (1u << R5XX_COMBIOS_INIT_COUNT) - 1,
	       "... every init table ran, and the memory size");
	tap_ok(run.ops >= 10 && run.ops < 20, "... %u operations", run.ops);
	tap_is(hw.delay_us, 150 + 10, "... the delays the tables ask for");
	tap_ok(hw.reads < 100, "... the waits end at once on an idle MC (%u reads)", hw.reads);

	board_reset();
	ret = r5xx_combios_post(rom, good_len, &io_r300, &run);
	tap_ok(!ret && regs_equal(&hw, &reset), "a posted board: the post changes nothing");

	board_cold();
	igp.igp = true;
	ret = r5xx_combios_post(rom, good_len, &igp, &run);
	tap_is(ret, 0, "as an IGP: the post runs");
	tap_is(run.ran, 7u, "... ASIC init 1, PLL init and ASIC init 2 only");
	tap_is(hw.mmio[R5XX_CONFIG_MEMSIZE / 4], 0, "... CONFIG_MEMSIZE left to the system BIOS");
	tap_is(hw.pll[R5XX_PLL_M_SPLL_REF_FB_DIV], SPLL_RESET, "... the PLLs set");

	/* the other tables of the ROM read as the no-ROM defaults */
	ret = r5xx_combios_connectors(rom, good_len, R5XX_FAMILY_RV350, c, 4);
	tap_is(ret, 2, "connector table: two connectors r5xx drives (S-video left out)");
	tap_ok(c[0].type == DRM_MODE_CONNECTOR_VGA && c[0].output == R5XX_OUTPUT_DAC1 &&
	       c[0].ddc == R5XX_DDC_VGA && !c[0].dac2,
	       "... VGA on the primary DAC, GPIO_VGA_DDC, as r5xx's default");
	tap_ok(c[1].type == DRM_MODE_CONNECTOR_DVII && c[1].output == R5XX_OUTPUT_TMDS1 &&
	       c[1].ddc == R5XX_DDC_DVI && c[1].dac2,
	       "... DVI-I on the TMDS, GPIO_DVI_DDC, its analog half on the TV DAC, as r5xx's default");
	ret = r5xx_combios_clocks(rom, good_len, &sclk, &mclk);
	tap_ok(!ret && sclk == 396000 && mclk == 297000,
	       "PLL info: the clocks the reset PLLs give (%u, %u kHz)", sclk, mclk);
}

/*
 * A hand-built image: the BIOS header at HDR, tables from TBL on, written
 * by the helpers below; the misc info table points to ASIC init 3, 4 and
 * the detected memory table when set.
 */
#define HDR	0x100
#define MISC	0x180
#define DMEM	0x190
#define MEMCFG	0x1a0
#define TBL	0x200
#define IMG	0x1000

static uint8_t img[IMG];
static size_t put;

static void img_reset(void)
{
	memset(img, 0, sizeof(img));
	img[0] = 0x55;
	img[1] = 0xaa;
	img[0x18] = 0x80;
	memcpy(img + 0x80, "PCIR", 4);
	img[0x84] = 0x02;
	img[0x85] = 0x10;
	img[0x48] = HDR & 0xff;
	img[0x49] = HDR >> 8;
	img[HDR + 6] = 0x72;
	put = TBL;
}

static void p8(unsigned int v)
{
	img[put++] = v;
}

static void p16(unsigned int v)
{
	p8(v & 0xff);
	p8(v >> 8);
}

static void p32(uint32_t v)
{
	p16(v & 0xffff);
	p16(v >> 16);
}

static void at16(size_t off, unsigned int v)
{
	img[off] = v & 0xff;
	img[off + 1] = v >> 8;
}

/* start a table the header's word @ptr points to */
static void table_at(unsigned int ptr)
{
	at16(HDR + ptr, put);
}

static void misc_at(unsigned int word)
{
	img[MISC] = 1;
	at16(HDR + 0x5e, MISC);
	at16(MISC + word, put);
}

static int post(const struct r5xx_combios_io *io, struct r5xx_combios_run *run)
{
	return r5xx_combios_post(img, sizeof(img), io, run);
}

static void test_commands(void)
{
	struct r5xx_combios_run run;
	int ret;

	/* register table: write, RMW (both command codes), delay, waits */
	img_reset();
	table_at(0x0c);
	p16(0 << 13 | 0x1000); p32(0x11223344);
	p16(1 << 13 | 0x1004); p32(0x55667788);
	p16(2 << 13 | 0x1008); p32(0xffff0000); p32(0x00000abc);
	p16(3 << 13 | 0x100c); p32(0x0000ffff); p32(0xabc00000);
	p16(4 << 13); p16(25);
	p16(5 << 13 | 8); p16(7);
	p16(5 << 13 | 9); p16(9);
	p16(5 << 13 | 3); p16(1000);	/* another wait: nothing */
	p16(0);
	board_reset();
	hw.mmio[0x1008 / 4] = 0x12345678;
	hw.mmio[0x100c / 4] = 0x12345678;
	hw.pll[R5XX_PLL_PLL_PWRMGT_CNTL] = R5XX_PLL_PLL_PWRMGT_CNTL_MC_BUSY;
	hw.mc_status = 0;
	ret = post(&io_r300, &run);
	tap_is(ret, 0, "register table: runs");
	tap_is(hw.mmio[0x1000 / 4], 0x11223344, "... command 0 writes");
	tap_is(hw.mmio[0x1004 / 4], 0x55667788, "... command 1 writes");
	tap_is(hw.mmio[0x1008 / 4], 0x12340abc, "... command 2 ANDs and ORs");
	tap_is(hw.mmio[0x100c / 4], 0xabc05678, "... command 3 ANDs and ORs");
	tap_is(hw.delay_us, 25, "... command 4 waits its count of us");
	tap_is(hw.reads, 2 + 7 + 9, "... command 5 polls a busy MC its count of times, no more");
	tap_is(run.polls, 7 + 9 + 1000, "... and budgets them");
	tap_is(run.ran, 1u << R5XX_COMBIOS_ASIC_INIT_1 | 1u << R5XX_COMBIOS_MEM_SIZE,
	       "... the one table, and the memory size");
	tap_is(hw.mmio[R5XX_CONFIG_MEMSIZE / 4], 0,
	       "... no memory tables: CONFIG_MEMSIZE 0, as radeon writes it (the board reads unposted)");

	/* PLL table: write, byte RMW, waits */
	img_reset();
	table_at(0x46);
	p8(0 << 6 | 0x0a); p32(0x00aabbcc);
	p8(1 << 6 | 0x0d); p8(2); p8(0x0f); p8(0x50);
	p8(2 << 6 | 1);
	p8(3 << 6 | 2);
	p8(2 << 6 | 4);		/* DLL_READY never comes: 1000 reads */
	p8(2 << 6 | 5);		/* CG_NO1_DEBUG_0 set: cleared, 10 ms */
	p8(0);
	board_reset();
	hw.pll[0x0d] = 0x12345678;
	hw.pll[R5XX_PLL_PLL_PWRMGT_CNTL] = R5XX_PLL_PLL_PWRMGT_CNTL_CG_NO1_DEBUG_0;
	ret = post(&io_r300, &run);
	tap_is(ret, 0, "PLL table: runs");
	tap_is(hw.pll[0x0a], 0x00aabbcc, "... writes");
	tap_is(hw.pll[0x0d], 0x12545678, "... replaces byte 2 with (byte & 0x0f) | 0x50");
	tap_is(hw.delay_us, 150 + 1000 + 10000, "... waits 150 us, 1 ms and 10 ms");
	tap_is(hw.pll[R5XX_PLL_PLL_PWRMGT_CNTL], 0, "... clears CG_NO1_DEBUG_0");
	tap_ok(hw.reads >= 1000 && hw.reads < 1010, "... a DLL that never locks: 1000 reads (%u)",
	       hw.reads);

	/* RAM reset table, memory config table, its size in 2 MiB units */
	img_reset();
	img[MEMCFG - 1] = 1;
	at16(HDR + 0x48, MEMCFG);
	img[MEMCFG] = 32;		/* 64 MiB */
	img[MEMCFG + 1] = 0;
	put = MEMCFG + 4;
	p8(0x0f);
	p8(0x90); p16(0x0123);
	p8(0x00); p16(0x0456);
	p8(0xff);
	board_reset();
	hw.mmio[R5XX_MEM_SDRAM_MODE_REG / 4] = 0xf0f0f0f0;
	hw.mc_status = 0xf;
	ret = post(&io_r300, &run);
	tap_is(ret, 0, "RAM reset table: runs");
	tap_is(hw.mmio[R5XX_MEM_SDRAM_MODE_REG / 4], 0x60f00456,
	       "... the mode in bits 15:0, the reset byte ORed into 31:24, bits 31 and 28 cleared first");
	tap_is(hw.mmio[R5XX_CONFIG_MEMSIZE / 4], 64u << 20,
	       "... CONFIG_MEMSIZE from the memory config table (2 MiB units)");
	tap_ok(hw.reads < 10, "... the channels up: the wait ends at once");

	img[MEMCFG - 1] = 0;
	board_reset();
	post(&io_r300, &run);
	tap_is(hw.mmio[R5XX_CONFIG_MEMSIZE / 4], 32u << 20, "... revision 0: MiB");

	/* the detected memory table wins */
	put = DMEM;
	misc_at(7);
	p8(0); p32(0); p16(256);
	board_reset();
	post(&io_r300, &run);
	tap_is(hw.mmio[R5XX_CONFIG_MEMSIZE / 4], 256u << 20, "detected memory table: 256 MiB");
	img[DMEM] = 3;
	board_reset();
	post(&io_r300, &run);
	tap_is(hw.mmio[R5XX_CONFIG_MEMSIZE / 4], 32u << 20,
	       "... revision 3 is not read: the memory config table's size");
}

/* a malformed image: -EINVAL, nothing written */
static void bad(const char *what)
{
	struct r5xx_combios_run run;
	int ret;

	board_reset();
	ret = post(&io_r300, &run);
	tap_ok(ret == -EINVAL && !hw.writes && run.why,
	       "%s: -EINVAL, nothing written (%d: %s, table %u at 0x%zx)", what, ret,
	       run.why ?: "-", run.table, run.at);
}

static void test_malformed(void)
{
	struct r5xx_combios_run run;
	int i;

	/* a good write first: a later fault must keep it from running */
	img_reset();
	table_at(0x0c);
	p16(0x1000); p32(1);
	p16(6 << 13 | 0x1000);
	p16(0);
	bad("unknown register table command");

	img_reset();
	table_at(0x0c);
	p16(0x1000); p32(1);
	p16(0x1002); p32(1);
	p16(0);
	bad("unaligned register");

	img_reset();
	table_at(0x0c);
	p16(0x1000); p32(1);
	p16(0);
	board_reset();
	{
		struct r5xx_combios_io small = io_r300;

		small.mmio_size = 0x1000;
		tap_is(r5xx_combios_post(img, sizeof(img), &small, &run), -EINVAL,
		       "a register beyond the MMIO space: -EINVAL");
		tap_is(hw.writes, 0u, "... nothing written");
	}

	img_reset();
	table_at(0x46);
	p8(0x0a); p32(1);
	p8(1 << 6 | 0x0d); p8(4); p8(0); p8(0);
	p8(0);
	bad("PLL byte number 4");

	img_reset();
	table_at(0x0c);
	while (put + 4 <= IMG) {
		p16(4 << 13);
		p16(0);
	}
	bad("an unterminated register table");

	img_reset();
	table_at(0x46);
	memset(img + put, 0x0a, IMG - put);	/* writes of 0x0a0a0a0a to 0x0a */
	bad("an unterminated PLL table");

	img_reset();
	table_at(0x46);
	for (i = 0; i < R5XX_COMBIOS_MAX_OPS; i++)
		p8(2 << 6);		/* a wait for nothing */
	p8(0);
	board_reset();
	tap_is(post(&io_r300, &run), 0, "as many operations as the budget: runs");
	img[put - 1] = 2 << 6;
	p8(0);
	bad("one operation more");

	img_reset();
	table_at(0x0c);
	for (i = 0; i < 4; i++) {
		p16(4 << 13);
		p16(60000);
	}
	p16(0);
	bad("delays beyond the budget");

	img_reset();
	table_at(0x0c);
	for (i = 0; i < 2; i++) {
		p16(5 << 13 | 9);
		p16(60000);
	}
	p16(0);
	bad("polls beyond the budget");

	img_reset();
	at16(HDR + 0x48, MEMCFG);
	memset(img + MEMCFG, 1, 300);
	bad("a memory config table without its zero");

	img_reset();
	put = DMEM;
	misc_at(7);
	p8(0); p32(0); p16(4096);
	bad("4 GiB of memory");

	img_reset();
	at16(HDR + 0x0c, IMG - 1);
	img[IMG - 1] = 0x10;
	bad("a table cut by the end of the image");

	img_reset();
	at16(0x48, IMG - 4);
	bad("a header pointer out of the image");

	img_reset();
	board_reset();
	tap_is(post(&io_r300, &run), -ENOENT, "no init tables: -ENOENT");
	tap_is(hw.writes, 0u, "... nothing written");
	img_reset();
	table_at(0x0c);
	p16(0x1000); p32(1);
	p16(0);
	memcpy(img + HDR + 4, "ATOM", 4);
	board_reset();
	tap_is(post(&io_r300, &run), -ENOENT, "an ATOM image: -ENOENT");
	img[0] = 0;
	tap_is(post(&io_r300, &run), -ENOENT, "no ROM signature: -ENOENT");
	tap_is(r5xx_combios_post(NULL, 0, &io_r300, &run), -ENOENT, "no image: -ENOENT");
}

/* the model's ROM cut at every length: an error and no write, or the post */
static int cut_answer(const uint8_t *cut, size_t len)
{
	struct r5xx_combios_run run;
	int ret;

	board_cold();
	ret = r5xx_combios_post(cut, len, &io_r300, &run);
	if (!ret)
		return regs_equal(&hw, &reset) ? 1 : 2;
	return hw.writes ? 2 : 0;
}

static void test_truncated_and_corrupt(void)
{
	struct r5xx_combios_run run;
	size_t first = 0;
	int bad = 0, ran = 0;

	tap_is(rom_truncations(cut_answer, 0, &first), 0,
	       "rv350 ROM cut at every length: an error and nothing written, or the whole post");
	tap_ok(first > 0x100, "... the whole post from %zu bytes on", first);

	srand(22);
	for (int i = 0; i < 20000; i++) {
		int ret;

		rom_reset();
		rom_corrupt(1 + i % 8);
		board_cold();
		ret = r5xx_combios_post(rom, good_len, &io_r300, &run);
		if (ret && hw.writes)
			bad++;
		if (ret && ret != -EINVAL && ret != -ENOENT)
			bad++;
		ran += !ret;
		if (!ret && run.delay_us > R5XX_COMBIOS_MAX_DELAY_US)
			bad++;
	}
	tap_is(bad, 0, "20000 corrupted images: errors write nothing, budgets hold (%d posted)",
	       ran);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s RV350.rom\n", argv[0]);
		return 2;
	}
	rom_load(argv[1]);
	test_model_rom();
	test_commands();
	test_malformed();
	test_truncated_and_corrupt();
	rom_free();
	return tap_done();
}
