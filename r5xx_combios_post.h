/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_COMBIOS_POST_H__
#define __R5XX_COMBIOS_POST_H__

#include <linux/types.h>

/* budgets of one post: table operations, delays, register polls */
#define R5XX_COMBIOS_MAX_OPS		1024
#define R5XX_COMBIOS_MAX_DELAY_US	200000U
#define R5XX_COMBIOS_MAX_POLLS		100000U

/**
 * struct r5xx_combios_io - how the init tables reach the hardware
 * @priv: passed to every callback
 * @rreg: read the MMIO register at byte offset @reg (below @mmio_size)
 * @wreg: write the MMIO register at byte offset @reg
 * @pll_rreg: read PLL register @index (6 bits)
 * @pll_wreg: write PLL register @index
 * @delay_us: wait @us microseconds (may sleep)
 * @mmio_size: size of the MMIO space in bytes: a table that names a
 *	register at or beyond it is malformed
 * @pwrup_complete: the MEM_STR_CNTL bits that read 1 once every memory
 *	channel has powered up (the RAM reset table's wait), chip data
 * @igp: an IGP: the system BIOS set its memory up, so the tables that
 *	reset and size the memory are not run
 */
struct r5xx_combios_io {
	void *priv;
	u32 (*rreg)(void *priv, u32 reg);
	void (*wreg)(void *priv, u32 reg, u32 val);
	u32 (*pll_rreg)(void *priv, u32 index);
	void (*pll_wreg)(void *priv, u32 index, u32 val);
	void (*delay_us)(void *priv, unsigned int us);
	u32 mmio_size;
	u32 pwrup_complete;
	bool igp;
};

/**
 * struct r5xx_combios_run - what a post did, or where it failed
 * @why: what is wrong with the image, NULL on success
 * @table: the table that is (one of &enum r5xx_combios_init)
 * @at: the offset in the image where it is
 * @ops: table operations of the post (all of them: checked before any runs)
 * @delay_us: the delays they ask for, polls not counted
 * @polls: the register reads their waits may take at most
 * @ran: tables run, one bit per &enum r5xx_combios_init
 * @memsize: what was written to CONFIG_MEMSIZE, in bytes
 */
struct r5xx_combios_run {
	const char *why;
	unsigned int table;
	size_t at;
	unsigned int ops;
	unsigned int delay_us;
	unsigned int polls;
	unsigned int ran;
	u32 memsize;
};

/**
 * enum r5xx_combios_init - the init tables, in the order a post runs them
 * @R5XX_COMBIOS_ASIC_INIT_1: register table (BIOS header word 0x0c)
 * @R5XX_COMBIOS_PLL_INIT: PLL table (header word 0x46)
 * @R5XX_COMBIOS_ASIC_INIT_2: register table (header word 0x4e)
 * @R5XX_COMBIOS_ASIC_INIT_4: register table (misc info table word 5)
 * @R5XX_COMBIOS_RAM_RESET: SDRAM mode writes (after the memory config table)
 * @R5XX_COMBIOS_ASIC_INIT_3: register table (misc info table word 3)
 * @R5XX_COMBIOS_MEM_SIZE: CONFIG_MEMSIZE from the detected memory table
 *	(misc info table word 7) or the memory config table (header word 0x48)
 * @R5XX_COMBIOS_INIT_COUNT: the number of them
 */
enum r5xx_combios_init {
	R5XX_COMBIOS_ASIC_INIT_1,
	R5XX_COMBIOS_PLL_INIT,
	R5XX_COMBIOS_ASIC_INIT_2,
	R5XX_COMBIOS_ASIC_INIT_4,
	R5XX_COMBIOS_RAM_RESET,
	R5XX_COMBIOS_ASIC_INIT_3,
	R5XX_COMBIOS_MEM_SIZE,
	R5XX_COMBIOS_INIT_COUNT,
};

int r5xx_combios_post(const u8 *rom, size_t len,
		      const struct r5xx_combios_io *io,
		      struct r5xx_combios_run *run);

#endif /* __R5XX_COMBIOS_POST_H__ */
