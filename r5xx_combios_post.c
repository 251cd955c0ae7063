// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/sizes.h>

#include "r5xx_combios.h"
#include "r5xx_combios_post.h"
#include "r5xx_regs.h"

/**
 * DOC: COMBIOS init tables
 *
 * A COMBIOS video BIOS (R3xx/R4xx) posts the board from tables that
 * radeon's radeon_combios_asic_init replays on resume; r5xx_combios_post()
 * replays them too, in the same order: ASIC init 1, PLL init, ASIC init 2,
 * then, but on an IGP whose memory the system BIOS sets up, ASIC init 4,
 * the RAM reset table, ASIC init 3 and CONFIG_MEMSIZE.
 *
 * A register (ASIC init) table is a list of 16-bit words ended by 0: the
 * command in bits 15:13, the register's byte offset in bits 12:0. Command 0
 * and 1 write the 32-bit value that follows, 2 and 3 read the register,
 * AND it with the first of two 32-bit masks and OR the second in, 4 waits
 * the 16-bit count of microseconds that follows, 5 polls (up to the 16-bit
 * count that follows) until the memory controller is not busy (offset 8:
 * PLL_PWRMGT_CNTL.MC_BUSY clear) or idle (offset 9: MC_STATUS.MC_IDLE,
 * R3xx's bit; radeon tests bit 2) and does nothing for other offsets.
 *
 * A PLL table is a list of bytes ended by 0: the command in bits 7:6, the
 * PLL register in bits 5:0. Command 0 writes the 32-bit value that follows;
 * 1 replaces one byte (its number, 0..3, follows) with the byte ANDed with
 * the next and ORed with the one after; 2 and 3 wait: 150 us (register 1),
 * 1 ms (2), until PLL_PWRMGT_CNTL.MC_BUSY clears (3) or DLL_READY sets (4),
 * at most 1000 reads, or clear CG_NO1_DEBUG_0 and wait 10 ms if set (5).
 *
 * The RAM reset table follows the memory config table's zero byte and two
 * more bytes; it is a list of bytes ended by 0xff: 0x0f polls MEM_STR_CNTL
 * until every channel's power-up bit reads 1 (at most 20000 reads), any
 * other byte is followed by a 16-bit SDRAM mode that goes into bits 15:0 of
 * MEM_SDRAM_MODE_REG, then that byte into bits 31:24, bits 31 and 28 first
 * cleared. CONFIG_MEMSIZE is the detected memory table's 16-bit MiB count
 * (its revision below 3), else the memory config table's first byte (in
 * MiB, or 2 MiB units when the byte before the table is not 0).
 *
 * Unlike radeon, r5xx checks the whole post before it writes a register:
 * every table must end inside the image, every register must be an
 * aligned one inside the MMIO space, every command and byte number must be
 * known, and the post's operations, delays and worst-case polls must stay
 * within R5XX_COMBIOS_MAX_OPS, R5XX_COMBIOS_MAX_DELAY_US and
 * R5XX_COMBIOS_MAX_POLLS. A malformed image gets -EINVAL and the reason in
 * &r5xx_combios_run, and nothing is written. Not run: the dynamic clock
 * table (r5xx programs its clocks itself, r5xx_pm_clocks.c), the ASIC
 * init 5 table (radeon does not run it either), the memory probing of
 * R100/R200 boards, and radeon's quirk list of boards whose dynamic clock
 * table hangs.
 */

#define COMBIOS_ASIC_INIT_1_PTR		0x0c
#define COMBIOS_PLL_INIT_PTR		0x46
#define COMBIOS_MEM_CONFIG_PTR		0x48
#define COMBIOS_ASIC_INIT_2_PTR		0x4e
#define COMBIOS_MISC_INFO_PTR		0x5e
#define COMBIOS_MISC_ASIC_INIT_3	3	/* words in the misc info table */
#define COMBIOS_MISC_ASIC_INIT_4	5
#define COMBIOS_MISC_DETECTED_MEM	7
#define COMBIOS_DETECTED_MEM_SIZE	5	/* MiB, 16 bits */
#define COMBIOS_DETECTED_MEM_MAX_REV	3
#define COMBIOS_MEM_CONFIG_SCAN		256	/* bytes before its zero, at most */
#define COMBIOS_MAX_MEM_MIB		4095	/* fits CONFIG_MEMSIZE */

/* register tables */
#define MMIO_CMD_SHIFT			13
#define MMIO_ADDR_MASK			GENMASK(12, 0)
enum {
	MMIO_WRITE, MMIO_WRITE_TOO, MMIO_RMW, MMIO_RMW_TOO, MMIO_DELAY,
	MMIO_WAIT,
};

#define MMIO_WAIT_MC_BUSY		8
#define MMIO_WAIT_MC_IDLE		9

/* PLL tables */
#define PLL_CMD_SHIFT			6
#define PLL_ADDR_MASK			GENMASK(5, 0)
enum { PLL_WRITE, PLL_RMW_BYTE, PLL_WAIT, PLL_WAIT_TOO };
enum {
	PLL_WAIT_150US = 1, PLL_WAIT_1MS, PLL_WAIT_MC_BUSY, PLL_WAIT_DLL_READY,
	PLL_WAIT_CG_DEBUG,
};

#define PLL_POLLS			1000
#define PLL_CG_DEBUG_DELAY_US		10000

/* the RAM reset table */
#define RAM_RESET_END			0xff
#define RAM_RESET_WAIT_PWRUP		0x0f
#define RAM_RESET_POLLS			20000
#define SDRAM_MODE_KEEP			GENMASK(31, 16)
#define SDRAM_RESET_KEEP		0x6fffffff	/* bits 31 and 28 cleared */

struct combios_post {
	const u8 *rom;
	size_t len;
	const struct r5xx_combios_io *io;
	struct r5xx_combios_run *run;
	bool exec;		/* false: check only */
	unsigned int table;
};

static int post_fail(struct combios_post *p, size_t at, const char *why)
{
	p->run->why = why;
	p->run->table = p->table;
	p->run->at = at;
	return -EINVAL;
}

static int post_u8(struct combios_post *p, size_t *off, u8 *val)
{
	if (*off >= p->len)
		return post_fail(p, *off, "the table runs past the end of the image");
	*val = p->rom[(*off)++];
	return 0;
}

static int post_u16(struct combios_post *p, size_t *off, u16 *val)
{
	u8 lo, hi;
	int ret;

	ret = post_u8(p, off, &lo);
	if (!ret)
		ret = post_u8(p, off, &hi);
	*val = lo | hi << 8;
	return ret;
}

static int post_u32(struct combios_post *p, size_t *off, u32 *val)
{
	u16 lo, hi;
	int ret;

	ret = post_u16(p, off, &lo);
	if (!ret)
		ret = post_u16(p, off, &hi);
	*val = lo | (u32)hi << 16;
	return ret;
}

/* one more operation at @at: within the budget? */
static int post_op(struct combios_post *p, size_t at)
{
	if (p->exec)
		return 0;
	if (++p->run->ops > R5XX_COMBIOS_MAX_OPS)
		return post_fail(p, at, "too many operations");
	return 0;
}

static int post_delay(struct combios_post *p, size_t at, unsigned int us)
{
	if (p->exec) {
		if (us)
			p->io->delay_us(p->io->priv, us);
		return 0;
	}
	p->run->delay_us += us;
	if (p->run->delay_us > R5XX_COMBIOS_MAX_DELAY_US)
		return post_fail(p, at, "the delays add up to too long");
	return 0;
}

/* budget @n reads of a wait; nothing to do when checking */
static int post_polls(struct combios_post *p, size_t at, unsigned int n)
{
	if (p->exec)
		return 0;
	p->run->polls += n;
	if (p->run->polls > R5XX_COMBIOS_MAX_POLLS)
		return post_fail(p, at, "the waits may poll too long");
	return 0;
}

/* poll PLL register @index until (value & @mask) == @want, @n reads at most */
static void post_poll_pll(struct combios_post *p, u32 index, u32 mask,
			  u32 want, unsigned int n)
{
	while (n--)
		if ((p->io->pll_rreg(p->io->priv, index) & mask) == want)
			break;
}

static void post_poll_mmio(struct combios_post *p, u32 reg, u32 mask,
			   u32 want, unsigned int n)
{
	while (n--)
		if ((p->io->rreg(p->io->priv, reg) & mask) == want)
			break;
}

static int post_mmio_table(struct combios_post *p, size_t off)
{
	const struct r5xx_combios_io *io = p->io;

	for (;;) {
		size_t at = off;
		u32 val, and, or;
		u16 word, cnt;
		u32 reg;
		int ret;

		ret = post_u16(p, &off, &word);
		if (ret || !word)
			return ret;
		ret = post_op(p, at);
		if (ret)
			return ret;
		reg = word & MMIO_ADDR_MASK;
		switch (word >> MMIO_CMD_SHIFT) {
		case MMIO_WRITE:
		case MMIO_WRITE_TOO:
		case MMIO_RMW:
		case MMIO_RMW_TOO:
			if (reg % 4 || reg >= io->mmio_size)
				return post_fail(p, at,
						 "a register unaligned or outside the MMIO space");
			ret = post_u32(p, &off, &and);
			if (ret)
				return ret;
			if ((word >> MMIO_CMD_SHIFT) <= MMIO_WRITE_TOO) {
				if (p->exec)
					io->wreg(io->priv, reg, and);
				break;
			}
			ret = post_u32(p, &off, &or);
			if (ret)
				return ret;
			if (p->exec) {
				val = io->rreg(io->priv, reg);
				io->wreg(io->priv, reg, (val & and) | or);
			}
			break;
		case MMIO_DELAY:
			ret = post_u16(p, &off, &cnt);
			if (!ret)
				ret = post_delay(p, at, cnt);
			if (ret)
				return ret;
			break;
		case MMIO_WAIT:
			ret = post_u16(p, &off, &cnt);
			if (!ret)
				ret = post_polls(p, at, cnt);
			if (ret)
				return ret;
			if (!p->exec)
				break;
			if (reg == MMIO_WAIT_MC_BUSY)
				post_poll_pll(p, R5XX_PLL_PLL_PWRMGT_CNTL,
					      R5XX_PLL_PLL_PWRMGT_CNTL_MC_BUSY,
					      0, cnt);
			else if (reg == MMIO_WAIT_MC_IDLE)
				post_poll_mmio(p, R5XX_MC_STATUS,
					       R5XX_MC_STATUS_MC_IDLE,
					       R5XX_MC_STATUS_MC_IDLE, cnt);
			break;
		default:
			return post_fail(p, at, "an unknown register table command");
		}
	}
}

static int post_pll_wait(struct combios_post *p, size_t at, u32 what)
{
	const struct r5xx_combios_io *io = p->io;
	u32 val;
	int ret = 0;

	switch (what) {
	case PLL_WAIT_150US:
		return post_delay(p, at, 150);
	case PLL_WAIT_1MS:
		return post_delay(p, at, 1000);
	case PLL_WAIT_MC_BUSY:
	case PLL_WAIT_DLL_READY:
		ret = post_polls(p, at, PLL_POLLS);
		if (ret || !p->exec)
			return ret;
		if (what == PLL_WAIT_MC_BUSY)
			post_poll_pll(p, R5XX_PLL_PLL_PWRMGT_CNTL,
				      R5XX_PLL_PLL_PWRMGT_CNTL_MC_BUSY, 0,
				      PLL_POLLS);
		else
			post_poll_pll(p, R5XX_PLL_PLL_PWRMGT_CNTL,
				      R5XX_PLL_PLL_PWRMGT_CNTL_DLL_READY,
				      R5XX_PLL_PLL_PWRMGT_CNTL_DLL_READY,
				      PLL_POLLS);
		return 0;
	case PLL_WAIT_CG_DEBUG:
		if (!p->exec)
			return post_delay(p, at, PLL_CG_DEBUG_DELAY_US);
		val = io->pll_rreg(io->priv, R5XX_PLL_PLL_PWRMGT_CNTL);
		if (!(val & R5XX_PLL_PLL_PWRMGT_CNTL_CG_NO1_DEBUG_0))
			return 0;
		io->pll_wreg(io->priv, R5XX_PLL_PLL_PWRMGT_CNTL,
			     val & ~R5XX_PLL_PLL_PWRMGT_CNTL_CG_NO1_DEBUG_0);
		return post_delay(p, at, PLL_CG_DEBUG_DELAY_US);
	default:
		return 0;	/* radeon ignores the other waits */
	}
}

static int post_pll_table(struct combios_post *p, size_t off)
{
	const struct r5xx_combios_io *io = p->io;

	for (;;) {
		size_t at = off;
		u8 op, byte, and, or;
		u32 val, index;
		int ret;

		ret = post_u8(p, &off, &op);
		if (ret || !op)
			return ret;
		ret = post_op(p, at);
		if (ret)
			return ret;
		index = op & PLL_ADDR_MASK;
		switch (op >> PLL_CMD_SHIFT) {
		case PLL_WRITE:
			ret = post_u32(p, &off, &val);
			if (ret)
				return ret;
			if (p->exec)
				io->pll_wreg(io->priv, index, val);
			break;
		case PLL_RMW_BYTE:
			ret = post_u8(p, &off, &byte);
			if (!ret)
				ret = post_u8(p, &off, &and);
			if (!ret)
				ret = post_u8(p, &off, &or);
			if (ret)
				return ret;
			if (byte > 3)
				return post_fail(p, at, "a PLL byte number beyond 3");
			if (p->exec) {
				val = io->pll_rreg(io->priv, index);
				val &= ~((u32)(u8)~and << byte * 8);
				val |= (u32)or << byte * 8;
				io->pll_wreg(io->priv, index, val);
			}
			break;
		default:	/* PLL_WAIT, PLL_WAIT_TOO */
			ret = post_pll_wait(p, at, index);
			if (ret)
				return ret;
			break;
		}
	}
}

static int post_ram_reset_table(struct combios_post *p, size_t off)
{
	const struct r5xx_combios_io *io = p->io;

	for (;;) {
		size_t at = off;
		u16 mode;
		u32 val;
		u8 cmd;
		int ret;

		ret = post_u8(p, &off, &cmd);
		if (ret || cmd == RAM_RESET_END)
			return ret;
		ret = post_op(p, at);
		if (ret)
			return ret;
		if (cmd == RAM_RESET_WAIT_PWRUP) {
			ret = post_polls(p, at, RAM_RESET_POLLS);
			if (ret)
				return ret;
			if (p->exec)
				post_poll_mmio(p, R5XX_MEM_STR_CNTL,
					       io->pwrup_complete,
					       io->pwrup_complete,
					       RAM_RESET_POLLS);
			continue;
		}
		ret = post_u16(p, &off, &mode);
		if (ret)
			return ret;
		if (!p->exec)
			continue;
		val = io->rreg(io->priv, R5XX_MEM_SDRAM_MODE_REG);
		io->wreg(io->priv, R5XX_MEM_SDRAM_MODE_REG,
			 (val & SDRAM_MODE_KEEP) | mode);
		val = io->rreg(io->priv, R5XX_MEM_SDRAM_MODE_REG);
		io->wreg(io->priv, R5XX_MEM_SDRAM_MODE_REG,
			 (val & SDRAM_RESET_KEEP) | (u32)cmd << 24);
	}
}

/* the table a word of the misc info table points to, 0 for none */
static int post_misc_table(struct combios_post *p, unsigned int word,
			   u16 *table)
{
	size_t off;
	u16 misc;
	u8 rev;
	int ret;

	*table = 0;
	ret = r5xx_combios_table(p->rom, p->len, COMBIOS_MISC_INFO_PTR, &misc);
	if (ret == -ENOENT)
		return 0;
	if (ret)
		return post_fail(p, COMBIOS_MISC_INFO_PTR,
				 "the misc info table is outside the image");
	off = misc;
	ret = post_u8(p, &off, &rev);
	if (ret || !rev)
		return ret;
	off = (size_t)misc + word;
	return post_u16(p, &off, table);
}

/* the RAM reset table: two bytes after the memory config table's zero */
static int post_ram_reset_offset(struct combios_post *p, u16 *table)
{
	size_t off, end;
	u16 mem;
	u8 b;
	int ret;

	*table = 0;
	ret = r5xx_combios_table(p->rom, p->len, COMBIOS_MEM_CONFIG_PTR, &mem);
	if (ret == -ENOENT)
		return 0;
	if (ret)
		return post_fail(p, COMBIOS_MEM_CONFIG_PTR,
				 "the memory config table is outside the image");
	off = mem;
	end = off + COMBIOS_MEM_CONFIG_SCAN;
	do {
		if (off == end)
			return post_fail(p, mem, "the memory config table does not end");
		ret = post_u8(p, &off, &b);
		if (ret)
			return ret;
	} while (b);
	off += 2;
	if ((u16)off != off)
		return post_fail(p, mem, "the RAM reset table is outside the image");
	*table = off;
	return 0;
}

/* the memory size in MiB the BIOS tables give */
static int post_mem_size(struct combios_post *p, u32 *mib)
{
	u16 table, size;
	size_t off;
	u8 rev, b;
	int ret;

	*mib = 0;
	ret = post_misc_table(p, COMBIOS_MISC_DETECTED_MEM, &table);
	if (ret)
		return ret;
	if (table) {
		off = table;
		ret = post_u8(p, &off, &rev);
		if (ret)
			return ret;
		off = (size_t)table + COMBIOS_DETECTED_MEM_SIZE;
		if (rev < COMBIOS_DETECTED_MEM_MAX_REV) {
			ret = post_u16(p, &off, &size);
			if (ret)
				return ret;
			*mib = size;
		}
	}
	if (!*mib) {
		ret = r5xx_combios_table(p->rom, p->len, COMBIOS_MEM_CONFIG_PTR,
					 &table);
		if (ret == -ENOENT)
			return 0;
		if (ret || !table)
			return post_fail(p, COMBIOS_MEM_CONFIG_PTR,
				 "the memory config table is outside the image");
		off = table - 1;
		ret = post_u8(p, &off, &rev);
		if (!ret)
			ret = post_u8(p, &off, &b);
		if (ret)
			return ret;
		*mib = rev ? b * 2 : b;
	}
	if (*mib > COMBIOS_MAX_MEM_MIB)
		return post_fail(p, table, "a memory size beyond 4 GiB");
	return 0;
}

static int post_table(struct combios_post *p, enum r5xx_combios_init which,
		      u16 off)
{
	int ret;

	if (!off)
		return 0;
	p->table = which;
	switch (which) {
	case R5XX_COMBIOS_PLL_INIT:
		ret = post_pll_table(p, off);
		break;
	case R5XX_COMBIOS_RAM_RESET:
		ret = post_ram_reset_table(p, off);
		break;
	default:
		ret = post_mmio_table(p, off);
		break;
	}
	if (!ret && p->exec)
		p->run->ran |= BIT(which);
	return ret;
}

/* one pass over the post: check it, or run it */
static int post_pass(struct combios_post *p)
{
	static const u8 header_ptr[] = {
		[R5XX_COMBIOS_ASIC_INIT_1] = COMBIOS_ASIC_INIT_1_PTR,
		[R5XX_COMBIOS_PLL_INIT] = COMBIOS_PLL_INIT_PTR,
		[R5XX_COMBIOS_ASIC_INIT_2] = COMBIOS_ASIC_INIT_2_PTR,
	};
	u16 off[R5XX_COMBIOS_INIT_COUNT] = { };
	unsigned int i, last = R5XX_COMBIOS_ASIC_INIT_2;
	u32 mib = 0;
	int ret;

	for (i = 0; i <= R5XX_COMBIOS_ASIC_INIT_2; i++) {
		p->table = i;
		ret = r5xx_combios_table(p->rom, p->len, header_ptr[i], &off[i]);
		if (ret == -EINVAL)
			return post_fail(p, header_ptr[i], "a table pointer outside the image");
		if (ret && ret != -ENOENT)
			return ret;
	}
	if (!p->io->igp) {
		last = R5XX_COMBIOS_ASIC_INIT_3;
		p->table = R5XX_COMBIOS_ASIC_INIT_4;
		ret = post_misc_table(p, COMBIOS_MISC_ASIC_INIT_4,
				      &off[R5XX_COMBIOS_ASIC_INIT_4]);
		if (ret)
			return ret;
		p->table = R5XX_COMBIOS_RAM_RESET;
		ret = post_ram_reset_offset(p, &off[R5XX_COMBIOS_RAM_RESET]);
		if (ret)
			return ret;
		p->table = R5XX_COMBIOS_ASIC_INIT_3;
		ret = post_misc_table(p, COMBIOS_MISC_ASIC_INIT_3,
				      &off[R5XX_COMBIOS_ASIC_INIT_3]);
		if (ret)
			return ret;
		p->table = R5XX_COMBIOS_MEM_SIZE;
		ret = post_mem_size(p, &mib);
		if (ret)
			return ret;
	}
	for (i = 0; i < ARRAY_SIZE(off) && !off[i]; i++)
		;
	if (!p->exec && !mib && i == ARRAY_SIZE(off)) {
		p->run->why = "no COMBIOS init tables";
		return -ENOENT;
	}
	for (i = 0; i <= last; i++) {
		ret = post_table(p, i, off[i]);
		if (ret)
			return ret;
	}
	if (!p->io->igp && p->exec) {
		p->run->memsize = mib * SZ_1M;
		p->io->wreg(p->io->priv, R5XX_CONFIG_MEMSIZE, p->run->memsize);
		p->run->ran |= BIT(R5XX_COMBIOS_MEM_SIZE);
	}
	return 0;
}

/**
 * r5xx_combios_post - post a board from the init tables of its COMBIOS
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @io: the hardware
 * @run: what the post did, or why it did not (zeroed first)
 *
 * See "COMBIOS init tables" above.
 *
 * Return: 0, -ENOENT if @rom is not a COMBIOS image or has none of the
 * init tables, -EINVAL if it is malformed (nothing written then).
 */
int r5xx_combios_post(const u8 *rom, size_t len,
		      const struct r5xx_combios_io *io,
		      struct r5xx_combios_run *run)
{
	struct combios_post p = {
		.rom = rom, .len = len, .io = io, .run = run,
	};
	int ret;

	*run = (struct r5xx_combios_run){ };
	ret = post_pass(&p);
	if (ret)
		return ret;
	p.exec = true;
	return post_pass(&p);
}
