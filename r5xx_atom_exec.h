/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_ATOM_EXEC_H__
#define __R5XX_ATOM_EXEC_H__

#include <linux/bits.h>
#include <linux/types.h>

/* how deep command tables may call each other (CALL_TABLE) */
#define R5XX_ATOM_MAX_DEPTH	8
/* a table's workspace: its header gives the size, at most a byte's worth */
#define R5XX_ATOM_WS_DWORDS	256
/* the FB scratch space (ATOM's "FB" operands), in dwords */
#define R5XX_ATOM_FB_DWORDS	256
/* the parameter space a caller passes, as radeon does: 16 dwords */
#define R5XX_ATOM_PS_DWORDS	16

/* default budgets: instructions, and the sum of the delays asked for */
#define R5XX_ATOM_MAX_STEPS	BIT(20)
#define R5XX_ATOM_MAX_DELAY_US	5000000U

/* ATOM_MASTER_LIST_OF_COMMAND_TABLES index of ASIC_Init */
#define R5XX_ATOM_CMD_ASIC_INIT	0

/**
 * struct r5xx_atom_io - how the interpreter reaches the hardware
 * @priv: passed to every callback
 * @rreg: read MMIO register @index (in dwords, below @mmio_dwords)
 * @wreg: write MMIO register @index
 * @pll_rreg: read PLL register @index (the chip's indirect PLL space)
 * @pll_wreg: write PLL register @index
 * @mc_rreg: read MC register @index (the chip's indirect MC space)
 * @mc_wreg: write MC register @index
 * @delay_us: wait @us microseconds (may sleep when @us is large)
 * @mmio_dwords: size of the MMIO space in dwords: a table that names a
 *	register at or beyond it fails
 *
 * Every callback must be set but @mc_rreg and @mc_wreg, which are NULL on
 * a chip without an MC indirect space (a table that uses it fails); PLL
 * and MC indices are the 8-bit ones of the bytecode.
 */
struct r5xx_atom_io {
	void *priv;
	u32 (*rreg)(void *priv, u32 index);
	void (*wreg)(void *priv, u32 index, u32 val);
	u32 (*pll_rreg)(void *priv, u32 index);
	void (*pll_wreg)(void *priv, u32 index, u32 val);
	u32 (*mc_rreg)(void *priv, u32 index);
	void (*mc_wreg)(void *priv, u32 index, u32 val);
	void (*delay_us)(void *priv, unsigned int us);
	u32 mmio_dwords;
};

/**
 * struct r5xx_atom_exec - an ATOM command table interpreter
 * @rom: the video BIOS image
 * @len: its length in bytes
 * @io: the hardware callbacks
 * @max_steps: instruction budget of one r5xx_atom_exec_run(), calls included
 * @max_delay_us: budget of the delays one run may ask for
 * @cmd_list: offset of the master list of command tables
 * @data_list: offset of the master list of data tables
 * @cmd_count: entries in the command table list
 * @data_count: entries in the data table list
 * @steps: instructions executed by the current (or last) run
 * @delayed_us: delays asked for by the current (or last) run
 * @reg_block: SET_REG_BLOCK base added to register indices
 * @data_block: SET_DATA_BLOCK base of ID operands
 * @fb_base: FB window base (bytes) in @fb
 * @shift: WS_SHIFT
 * @io_attr: WS_ATTRIBUTES
 * @divmul: quotient (or product) and remainder of MUL and DIV
 * @io_mode: 0 for MMIO, else the port SET_PORT chose (not implemented)
 * @cs_equal: the "equal" flag of COMPARE and TEST
 * @cs_above: the "above" flag of COMPARE
 * @depth: tables on the call stack
 * @err: the error of the current run, 0 while it goes well
 * @why: what went wrong, set with @err
 * @fault_table: the table that failed
 * @fault_at: ROM offset of the instruction that failed
 * @ws: a workspace per call level
 * @fb: the FB scratch space
 *
 * Large (about 9 KiB): allocate it, do not put it on the stack. One run at
 * a time; the caller serializes.
 */
struct r5xx_atom_exec {
	const u8 *rom;
	size_t len;
	const struct r5xx_atom_io *io;
	u32 max_steps;
	u32 max_delay_us;
	u16 cmd_list;
	u16 data_list;
	u16 cmd_count;
	u16 data_count;
	u32 steps;
	u32 delayed_us;
	u32 reg_block;
	u32 data_block;
	u32 fb_base;
	u32 shift;
	u32 io_attr;
	u32 divmul[2];
	u16 io_mode;
	bool cs_equal;
	bool cs_above;
	unsigned int depth;
	int err;
	const char *why;
	unsigned int fault_table;
	size_t fault_at;
	u32 ws[R5XX_ATOM_MAX_DEPTH][R5XX_ATOM_WS_DWORDS];
	u32 fb[R5XX_ATOM_FB_DWORDS];
};

int r5xx_atom_exec_init(struct r5xx_atom_exec *ex, const u8 *rom, size_t len,
			const struct r5xx_atom_io *io, const char **why);
bool r5xx_atom_exec_has(const struct r5xx_atom_exec *ex, unsigned int index);
int r5xx_atom_exec_run(struct r5xx_atom_exec *ex, unsigned int index,
		       u32 *ps, unsigned int ps_dwords);
int r5xx_atom_exec_asic_init(struct r5xx_atom_exec *ex);

#endif /* __R5XX_ATOM_EXEC_H__ */
