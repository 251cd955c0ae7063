// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "r5xx_atom_exec.h"

/**
 * DOC: ATOM interpreter
 *
 * An ATOM BIOS carries, besides its data tables (r5xx_atombios.c), command
 * tables: bytecode that radeon runs to post the board (ASIC_Init) and to
 * set modes. r5xx_atom_exec_run() executes one of them, by its index in the
 * ROM's master list of command tables, with a parameter space of dwords
 * the table reads and may write back, against register callbacks (MMIO,
 * the chip's indirect PLL and MC spaces, &struct r5xx_atom_io). The
 * bytecode is the one upstream radeon's atom.c decodes; this is r5xx's own
 * reading of it:
 *
 * - an instruction is an opcode, for most an attribute byte, a destination
 *   then a source operand; the two-operand opcodes come in groups of six,
 *   one per destination kind (REG, PS, WS, FB, PLL, MC);
 * - the attribute byte gives the source kind (bits 2:0: REG, PS, WS, FB,
 *   ID, IMM, PLL, MC), the source's part of its dword (bits 5:3: the
 *   dword, a word at bit 0/8/16, a byte at bit 0/8/16/24) and the
 *   destination's part among those as wide as the source (bits 7:6); a
 *   partial destination is read, merged and written back;
 * - REG operands are 16-bit dword indices plus the SET_REG_BLOCK base, PS
 *   (the caller's parameters), WS (the table's workspace; 0x40..0x48 name
 *   the interpreter's own registers: quotient, remainder, data pointer,
 *   shift, its masks, FB window, attributes, register block), FB (a
 *   scratch space), PLL and MC 8-bit indices, ID a 16-bit offset into the
 *   image plus the SET_DATA_BLOCK base, immediates 4, 2 or 1 bytes;
 * - jumps and SWITCH cases take 16-bit targets from the table's start;
 *   COMPARE sets "equal" and "above" (unsigned), TEST "equal" when the AND
 *   is 0; CALL_TABLE runs another table on the caller's parameters past
 *   the caller's own (its header's parameter size).
 *
 * Hardened like the ROM parsers: every table lies inside the image, every
 * instruction and operand inside its table, every jump and case target
 * inside the table's code, every workspace, parameter, FB and register
 * index inside its space; calls nest at most %R5XX_ATOM_MAX_DEPTH deep. A
 * step budget and a budget of requested delays stand in for upstream's
 * 5 s wall-clock loop check, so a table that loops forever ends. A
 * malformed table ends the run with -EINVAL, an exhausted budget with
 * -ETIMEDOUT, an instruction r5xx does not implement (SET_PORT to
 * indirect, PCI or system I/O, REPEAT, SAVE_REG, RESTORE_REG, DEBUG) with
 * -EOPNOTSUPP, as does an MC operand on a chip without an MC indirect
 * space (&r5xx_atom_io.mc_rreg NULL); &r5xx_atom_exec.why, .fault_table
 * and .fault_at say what and where, for the caller's log. Registers
 * already written stay written. Nothing is allocated: the caller
 * provides the context.
 */

#define ROM_ATOM_HEADER_PTR	0x48
#define ATOM_HDR_MAGIC		4
#define ATOM_HDR_CMD_LIST	0x1e
#define ATOM_HDR_DATA_LIST	0x20
#define ATOM_TABLE_HEADER	4
#define ATOM_FIRMWARE_INFO	4
#define FW_DEFAULT_SCLK		8
#define FW_DEFAULT_MCLK		12

/* a command table: common header, workspace size, parameter size, code */
#define CT_WS_SIZE		4
#define CT_PS_SIZE		5
#define CT_PS_MASK		0x7f
#define CT_CODE			6

enum atom_arg {
	ARG_REG, ARG_PS, ARG_WS, ARG_FB, ARG_ID, ARG_IMM, ARG_PLL, ARG_MC,
};

enum atom_align {
	SRC_DWORD, SRC_WORD0, SRC_WORD8, SRC_WORD16,
	SRC_BYTE0, SRC_BYTE8, SRC_BYTE16, SRC_BYTE24,
};

/* the interpreter's own registers in the WS index space */
enum atom_ws_reg {
	WS_QUOTIENT = 0x40, WS_REMAINDER, WS_DATAPTR, WS_SHIFT, WS_OR_MASK,
	WS_AND_MASK, WS_FB_WINDOW, WS_ATTRIBUTES, WS_REGPTR,
};

enum atom_opcode {
	OP_MOVE = 1, OP_AND = 7, OP_OR = 13, OP_SHIFT_LEFT = 19,
	OP_SHIFT_RIGHT = 25, OP_MUL = 31, OP_DIV = 37, OP_ADD = 43,
	OP_SUB = 49, OP_SET_ATI_PORT = 55, OP_SET_PCI_PORT = 56,
	OP_SET_SYSIO_PORT = 57, OP_SET_REG_BLOCK = 58, OP_SET_FB_BASE = 59,
	OP_COMPARE = 60, OP_SWITCH = 66, OP_JUMP = 67, OP_JUMP_EQ = 68,
	OP_JUMP_BELOW = 69, OP_JUMP_ABOVE = 70, OP_JUMP_BELOW_EQ = 71,
	OP_JUMP_ABOVE_EQ = 72, OP_JUMP_NE = 73, OP_TEST = 74,
	OP_DELAY_MS = 80, OP_DELAY_US = 81, OP_CALL_TABLE = 82,
	OP_REPEAT = 83, OP_CLEAR = 84, OP_NOP = 90, OP_EOT = 91,
	OP_MASK = 92, OP_POST_CARD = 98, OP_BEEP = 99, OP_SAVE_REG = 100,
	OP_RESTORE_REG = 101, OP_SET_DATA_BLOCK = 102, OP_XOR = 103,
	OP_SHL = 109, OP_SHR = 115, OP_DEBUG = 121, OP_COUNT = 123,
};

#define OP_GROUP		6	/* destination kinds per operation */
#define CASE_MAGIC		0x63
#define CASE_END		0x5a5a
#define DATA_BLOCK_CURRENT	0xff

static const u32 atom_mask[8] = {
	0xffffffff, 0x0000ffff, 0x00ffff00, 0xffff0000,
	0x000000ff, 0x0000ff00, 0x00ff0000, 0xff000000,
};

static const u8 atom_shift[8] = { 0, 0, 8, 16, 0, 8, 16, 24 };

/* the destination's part: [source part][attribute bits 7:6] */
static const u8 atom_dst_align[8][4] = {
	{ 0, 0, 0, 0 }, { 1, 2, 3, 0 }, { 1, 2, 3, 0 }, { 1, 2, 3, 0 },
	{ 4, 5, 6, 7 }, { 4, 5, 6, 7 }, { 4, 5, 6, 7 }, { 4, 5, 6, 7 },
};

/* the default destination part of the one-operand ops, by their part */
static const u8 atom_def_dst[8] = { 0, 0, 1, 2, 0, 1, 2, 3 };

/* the destination kind of each opcode's position in its group */
static const u8 atom_group_arg[OP_GROUP] = {
	ARG_REG, ARG_PS, ARG_WS, ARG_FB, ARG_PLL, ARG_MC,
};

/* a table being run */
struct atom_frame {
	unsigned int index;	/* in the master command list */
	size_t start, end;	/* [start, end): the table */
	size_t ptr;		/* the next byte of code */
	u32 *ps;		/* its parameter space */
	unsigned int ps_dwords;
	unsigned int ps_shift;	/* its callees' parameters start here */
	u32 *ws;
	unsigned int ws_dwords;
};

/* an operand as read: where it lives and its whole dword */
struct atom_operand {
	u8 arg;
	u8 align;
	u32 index;
	u32 whole;
};

static void atom_fail(struct r5xx_atom_exec *ex, int err, const char *why)
{
	if (!ex->err) {
		ex->err = err;
		ex->why = why;
	}
}

static u32 atom_shl32(u32 v, u32 n)
{
	return n < 32 ? v << n : 0;
}

static u32 atom_shr32(u32 v, u32 n)
{
	return n < 32 ? v >> n : 0;
}

/* bytes of the image, outside a table (headers and lists) */
static bool atom_rom_u16(const struct r5xx_atom_exec *ex, size_t off, u16 *v)
{
	if (off + 2 > ex->len || off + 2 < off)
		return false;
	*v = ex->rom[off] | ex->rom[off + 1] << 8;
	return true;
}

static bool atom_rom_u32(const struct r5xx_atom_exec *ex, size_t off, u32 *v)
{
	u16 lo, hi;

	if (!atom_rom_u16(ex, off, &lo) || !atom_rom_u16(ex, off + 2, &hi))
		return false;
	*v = lo | (u32)hi << 16;
	return true;
}

/* @n (1, 2 or 4) bytes of code, little endian, inside the table */
static u32 atom_fetch(struct r5xx_atom_exec *ex, struct atom_frame *f,
		      unsigned int n)
{
	u32 v = 0;
	unsigned int i;

	if (ex->err)
		return 0;
	if (f->ptr + n > f->end) {
		atom_fail(ex, -EINVAL, "instruction runs past the end of its table");
		return 0;
	}
	for (i = 0; i < n; i++)
		v |= (u32)ex->rom[f->ptr + i] << (8 * i);
	f->ptr += n;
	return v;
}

static unsigned int atom_align_bytes(u8 align)
{
	if (align == SRC_DWORD)
		return 4;
	return align <= SRC_WORD16 ? 2 : 1;
}

/* a register access is MMIO unless SET_PORT chose another way */
static bool atom_reg_ok(struct r5xx_atom_exec *ex, u32 index)
{
	if (ex->io_mode) {
		atom_fail(ex, -EOPNOTSUPP,
			  "register access through an I/O port r5xx does not implement");
		return false;
	}
	if (index >= ex->io->mmio_dwords) {
		atom_fail(ex, -EINVAL, "register index outside the MMIO space");
		return false;
	}
	return true;
}

static bool atom_ws_ok(struct r5xx_atom_exec *ex, struct atom_frame *f,
		       u32 index)
{
	if (index >= f->ws_dwords) {
		atom_fail(ex, -EINVAL, "workspace index outside the table's workspace");
		return false;
	}
	return true;
}

static bool atom_ps_ok(struct r5xx_atom_exec *ex, struct atom_frame *f,
		       u32 index)
{
	if (index >= f->ps_dwords) {
		atom_fail(ex, -EINVAL, "parameter index outside the parameter space");
		return false;
	}
	return true;
}

static bool atom_fb_ok(struct r5xx_atom_exec *ex, u32 index)
{
	if (ex->fb_base % 4 || ex->fb_base / 4 >= R5XX_ATOM_FB_DWORDS ||
	    index >= R5XX_ATOM_FB_DWORDS - ex->fb_base / 4) {
		atom_fail(ex, -EINVAL, "FB index outside the scratch space");
		return false;
	}
	return true;
}

static bool atom_mc_ok(struct r5xx_atom_exec *ex)
{
	if (ex->err)
		return false;
	if (!ex->io->mc_rreg || !ex->io->mc_wreg) {
		atom_fail(ex, -EOPNOTSUPP,
			  "MC register access on a chip without an MC indirect space");
		return false;
	}
	return true;
}

static u32 atom_ws_read(struct r5xx_atom_exec *ex, struct atom_frame *f,
			u32 index)
{
	switch (index) {
	case WS_QUOTIENT:
		return ex->divmul[0];
	case WS_REMAINDER:
		return ex->divmul[1];
	case WS_DATAPTR:
		return ex->data_block;
	case WS_SHIFT:
		return ex->shift;
	case WS_OR_MASK:
		return atom_shl32(1, ex->shift);
	case WS_AND_MASK:
		return ~atom_shl32(1, ex->shift);
	case WS_FB_WINDOW:
		return ex->fb_base;
	case WS_ATTRIBUTES:
		return ex->io_attr;
	case WS_REGPTR:
		return ex->reg_block;
	default:
		return atom_ws_ok(ex, f, index) ? f->ws[index] : 0;
	}
}

static void atom_ws_write(struct r5xx_atom_exec *ex, struct atom_frame *f,
			  u32 index, u32 val)
{
	switch (index) {
	case WS_QUOTIENT:
		ex->divmul[0] = val;
		break;
	case WS_REMAINDER:
		ex->divmul[1] = val;
		break;
	case WS_DATAPTR:
		ex->data_block = val;
		break;
	case WS_SHIFT:
		ex->shift = val;
		break;
	case WS_OR_MASK:
	case WS_AND_MASK:
		break;
	case WS_FB_WINDOW:
		ex->fb_base = val;
		break;
	case WS_ATTRIBUTES:
		ex->io_attr = val;
		break;
	case WS_REGPTR:
		ex->reg_block = val;
		break;
	default:
		if (atom_ws_ok(ex, f, index))
			f->ws[index] = val;
	}
}

/*
 * Read an operand of kind @arg and part @align at the code pointer: its
 * value (the part, shifted down; an immediate as it is) and, in @op, where
 * it lives and its whole dword. With @load false the location is decoded
 * but nothing is read (a whole-dword MOVE's destination).
 */
static u32 atom_get(struct r5xx_atom_exec *ex, struct atom_frame *f, u8 arg,
		    u8 align, struct atom_operand *op, bool load)
{
	u32 index, val = 0;

	op->arg = arg;
	op->align = align;
	switch (arg) {
	case ARG_REG:
		index = atom_fetch(ex, f, 2);
		if ((u64)index + ex->reg_block > U32_MAX)
			atom_fail(ex, -EINVAL, "register index outside the MMIO space");
		index += ex->reg_block;
		if (load && atom_reg_ok(ex, index))
			val = ex->io->rreg(ex->io->priv, index);
		break;
	case ARG_PS:
		index = atom_fetch(ex, f, 1);
		if (load && atom_ps_ok(ex, f, index))
			val = f->ps[index];
		break;
	case ARG_WS:
		index = atom_fetch(ex, f, 1);
		if (load)
			val = atom_ws_read(ex, f, index);
		break;
	case ARG_FB:
		index = atom_fetch(ex, f, 1);
		if (load && atom_fb_ok(ex, index))
			val = ex->fb[ex->fb_base / 4 + index];
		break;
	case ARG_ID:
		index = atom_fetch(ex, f, 2);
		if (load && !ex->err &&
		    !atom_rom_u32(ex, (size_t)ex->data_block + index, &val))
			atom_fail(ex, -EINVAL, "data operand outside the image");
		break;
	case ARG_IMM:
		index = 0;
		val = atom_fetch(ex, f, atom_align_bytes(align));
		op->whole = val;
		return val;
	case ARG_PLL:
		index = atom_fetch(ex, f, 1);
		if (load && !ex->err)
			val = ex->io->pll_rreg(ex->io->priv, index);
		break;
	default:	/* ARG_MC */
		index = atom_fetch(ex, f, 1);
		if (load && atom_mc_ok(ex))
			val = ex->io->mc_rreg(ex->io->priv, index);
		break;
	}
	if (ex->err)
		val = 0;
	op->index = index;
	op->whole = val;
	return (val & atom_mask[align]) >> atom_shift[align];
}

/* write @val into the part of the destination @op read, keeping the rest */
static void atom_put(struct r5xx_atom_exec *ex, struct atom_frame *f,
		     const struct atom_operand *op, u32 val)
{
	u32 index = op->index;

	if (ex->err)
		return;
	val = (val << atom_shift[op->align] & atom_mask[op->align]) |
	      (op->whole & ~atom_mask[op->align]);
	switch (op->arg) {
	case ARG_REG:
		if (!atom_reg_ok(ex, index))
			return;
		/* MM_INDEX takes a byte address where ATOM gives dwords */
		ex->io->wreg(ex->io->priv, index, index ? val : val << 2);
		break;
	case ARG_PS:
		if (atom_ps_ok(ex, f, index))
			f->ps[index] = val;
		break;
	case ARG_WS:
		atom_ws_write(ex, f, index, val);
		break;
	case ARG_FB:
		if (atom_fb_ok(ex, index))
			ex->fb[ex->fb_base / 4 + index] = val;
		break;
	case ARG_PLL:
		ex->io->pll_wreg(ex->io->priv, index, val);
		break;
	case ARG_MC:
		if (atom_mc_ok(ex))
			ex->io->mc_wreg(ex->io->priv, index, val);
		break;
	default:
		atom_fail(ex, -EINVAL, "destination is not writable");
	}
}

static u8 atom_dst_part(u8 attr)
{
	return atom_dst_align[attr >> 3 & 7][attr >> 6 & 3];
}

/* the two-operand ALU ops: dst op= src */
static void atom_op_alu(struct r5xx_atom_exec *ex, struct atom_frame *f,
			u8 base, u8 arg)
{
	struct atom_operand dst, src;
	u8 attr = atom_fetch(ex, f, 1);
	bool whole_move = base == OP_MOVE && (attr >> 3 & 7) == SRC_DWORD;
	u32 d, s, keep = 0;

	d = atom_get(ex, f, arg, atom_dst_part(attr), &dst, !whole_move);
	if (base == OP_MASK)
		keep = atom_fetch(ex, f, atom_align_bytes(attr >> 3 & 7));
	s = atom_get(ex, f, attr & 7, attr >> 3 & 7, &src, true);
	if (ex->err)
		return;
	switch (base) {
	case OP_MOVE:
		d = s;
		break;
	case OP_AND:
		d &= s;
		break;
	case OP_OR:
		d |= s;
		break;
	case OP_XOR:
		d ^= s;
		break;
	case OP_ADD:
		d += s;
		break;
	case OP_SUB:
		d -= s;
		break;
	case OP_MASK:
		d = (d & keep) | s;
		break;
	case OP_SHL:
	case OP_SHR:
		/* these shift the whole dword, then take the part */
		d = base == OP_SHL ? atom_shl32(dst.whole, s) :
				     atom_shr32(dst.whole, s);
		d = (d & atom_mask[dst.align]) >> atom_shift[dst.align];
		break;
	case OP_COMPARE:
		ex->cs_equal = d == s;
		ex->cs_above = d > s;
		return;
	case OP_TEST:
		ex->cs_equal = !(d & s);
		return;
	case OP_MUL:
		ex->divmul[0] = d * s;
		return;
	default:	/* OP_DIV */
		ex->divmul[0] = s ? d / s : 0;
		ex->divmul[1] = s ? d % s : 0;
		return;
	}
	atom_put(ex, f, &dst, d);
}

/* CLEAR, SHIFT_LEFT, SHIFT_RIGHT: the attribute names the destination */
static void atom_op_unary(struct r5xx_atom_exec *ex, struct atom_frame *f,
			  u8 base, u8 arg)
{
	struct atom_operand dst;
	u8 attr = atom_fetch(ex, f, 1);
	u32 d, n;

	attr = (attr & 0x38) | atom_def_dst[attr >> 3 & 7] << 6;
	d = atom_get(ex, f, arg, atom_dst_part(attr), &dst, true);
	if (base == OP_CLEAR) {
		atom_put(ex, f, &dst, 0);
		return;
	}
	n = atom_fetch(ex, f, 1);
	atom_put(ex, f, &dst, base == OP_SHIFT_LEFT ? atom_shl32(d, n) :
						      atom_shr32(d, n));
}

static void atom_jump_to(struct r5xx_atom_exec *ex, struct atom_frame *f,
			 u32 target)
{
	if (ex->err)
		return;
	if (target < CT_CODE || f->start + target >= f->end) {
		atom_fail(ex, -EINVAL, "jump target outside its table's code");
		return;
	}
	f->ptr = f->start + target;
}

static void atom_op_jump(struct r5xx_atom_exec *ex, struct atom_frame *f,
			 u8 op)
{
	u32 target = atom_fetch(ex, f, 2);
	bool eq = ex->cs_equal, above = ex->cs_above, take;

	switch (op) {
	case OP_JUMP_EQ:
		take = eq;
		break;
	case OP_JUMP_BELOW:
		take = !(above || eq);
		break;
	case OP_JUMP_ABOVE:
		take = above;
		break;
	case OP_JUMP_BELOW_EQ:
		take = !above;
		break;
	case OP_JUMP_ABOVE_EQ:
		take = above || eq;
		break;
	case OP_JUMP_NE:
		take = !eq;
		break;
	default:
		take = true;
		break;
	}
	if (take)
		atom_jump_to(ex, f, target);
}

static void atom_op_switch(struct r5xx_atom_exec *ex, struct atom_frame *f)
{
	struct atom_operand src;
	u8 attr = atom_fetch(ex, f, 1);
	u32 s = atom_get(ex, f, attr & 7, attr >> 3 & 7, &src, true);
	u32 val, target;

	/* bounded: every case consumes code, and code ends with the table */
	while (!ex->err) {
		if (f->ptr + 2 <= f->end &&
		    (ex->rom[f->ptr] | ex->rom[f->ptr + 1] << 8) == CASE_END) {
			f->ptr += 2;
			return;
		}
		if (atom_fetch(ex, f, 1) != CASE_MAGIC) {
			atom_fail(ex, -EINVAL, "SWITCH case without its marker");
			return;
		}
		val = atom_fetch(ex, f, atom_align_bytes(attr >> 3 & 7));
		target = atom_fetch(ex, f, 2);
		if (!ex->err && val == s) {
			atom_jump_to(ex, f, target);
			return;
		}
	}
}

static void atom_op_delay(struct r5xx_atom_exec *ex, struct atom_frame *f,
			  u8 op)
{
	u32 us = atom_fetch(ex, f, 1);

	if (ex->err)
		return;
	if (op == OP_DELAY_MS)
		us *= 1000;
	if (us > ex->max_delay_us - ex->delayed_us) {
		atom_fail(ex, -ETIMEDOUT, "the table's delays exceed the time budget");
		return;
	}
	ex->delayed_us += us;
	if (us)
		ex->io->delay_us(ex->io->priv, us);
}

static void atom_op_set_data_block(struct r5xx_atom_exec *ex,
				   struct atom_frame *f)
{
	u32 index = atom_fetch(ex, f, 1);
	u16 off;

	if (ex->err)
		return;
	if (!index) {
		ex->data_block = 0;
	} else if (index == DATA_BLOCK_CURRENT) {
		ex->data_block = f->start;
	} else if (index < ex->data_count &&
		   atom_rom_u16(ex, ex->data_list + ATOM_TABLE_HEADER +
				2 * index, &off)) {
		ex->data_block = off;
	} else {
		atom_fail(ex, -EINVAL, "data table index outside the data table list");
	}
}

static int atom_exec_table(struct r5xx_atom_exec *ex, unsigned int index,
			   u32 *ps, unsigned int ps_dwords);

static void atom_op_call(struct r5xx_atom_exec *ex, struct atom_frame *f)
{
	u32 index = atom_fetch(ex, f, 1);

	if (ex->err)
		return;
	if (!r5xx_atom_exec_has(ex, index))
		return;		/* as radeon: a call to an absent table is none */
	if (ex->depth >= R5XX_ATOM_MAX_DEPTH) {
		atom_fail(ex, -EINVAL, "command tables call each other too deep");
		return;
	}
	atom_exec_table(ex, index, f->ps ? f->ps + f->ps_shift : NULL,
			f->ps_dwords - f->ps_shift);
}

static void atom_op_port(struct r5xx_atom_exec *ex, struct atom_frame *f,
			 u8 op)
{
	u32 port = atom_fetch(ex, f, op == OP_SET_ATI_PORT ? 2 : 1);

	if (ex->err)
		return;
	/* only MMIO (ATI port 0) is implemented; the others fail on use */
	ex->io_mode = op == OP_SET_ATI_PORT && !port ? 0 : 0x100 | op;
}

/* one instruction, @op already fetched */
static void atom_step(struct r5xx_atom_exec *ex, struct atom_frame *f, u8 op)
{
	struct atom_operand src;

	if (op >= OP_MOVE && op < OP_SET_ATI_PORT) {
		u8 base = OP_MOVE + (op - OP_MOVE) / OP_GROUP * OP_GROUP;
		u8 arg = atom_group_arg[(op - OP_MOVE) % OP_GROUP];

		if (base == OP_SHIFT_LEFT || base == OP_SHIFT_RIGHT)
			atom_op_unary(ex, f, base, arg);
		else
			atom_op_alu(ex, f, base, arg);
		return;
	}
	if (op >= OP_COMPARE && op < OP_SWITCH) {
		atom_op_alu(ex, f, OP_COMPARE, atom_group_arg[op - OP_COMPARE]);
		return;
	}
	if (op >= OP_TEST && op < OP_DELAY_MS) {
		atom_op_alu(ex, f, OP_TEST, atom_group_arg[op - OP_TEST]);
		return;
	}
	if (op >= OP_CLEAR && op < OP_NOP) {
		atom_op_unary(ex, f, OP_CLEAR, atom_group_arg[op - OP_CLEAR]);
		return;
	}
	if (op >= OP_MASK && op < OP_POST_CARD) {
		atom_op_alu(ex, f, OP_MASK, atom_group_arg[op - OP_MASK]);
		return;
	}
	if (op >= OP_XOR && op < OP_DEBUG) {
		u8 base = OP_XOR + (op - OP_XOR) / OP_GROUP * OP_GROUP;

		atom_op_alu(ex, f, base,
			    atom_group_arg[(op - OP_XOR) % OP_GROUP]);
		return;
	}
	if (op >= OP_JUMP && op <= OP_JUMP_NE) {
		atom_op_jump(ex, f, op);
		return;
	}
	switch (op) {
	case OP_SET_ATI_PORT:
	case OP_SET_PCI_PORT:
	case OP_SET_SYSIO_PORT:
		atom_op_port(ex, f, op);
		break;
	case OP_SET_REG_BLOCK:
		ex->reg_block = atom_fetch(ex, f, 2);
		break;
	case OP_SET_FB_BASE: {
		u8 attr = atom_fetch(ex, f, 1);

		ex->fb_base = atom_get(ex, f, attr & 7, attr >> 3 & 7, &src,
				       true);
		break;
	}
	case OP_SWITCH:
		atom_op_switch(ex, f);
		break;
	case OP_DELAY_MS:
	case OP_DELAY_US:
		atom_op_delay(ex, f, op);
		break;
	case OP_CALL_TABLE:
		atom_op_call(ex, f);
		break;
	case OP_POST_CARD:
		atom_fetch(ex, f, 1);
		break;
	case OP_NOP:
	case OP_BEEP:
		break;
	case OP_SET_DATA_BLOCK:
		atom_op_set_data_block(ex, f);
		break;
	case OP_REPEAT:
	case OP_SAVE_REG:
	case OP_RESTORE_REG:
	case OP_DEBUG:
		atom_fail(ex, -EOPNOTSUPP, "an instruction r5xx does not implement");
		break;
	default:
		atom_fail(ex, -EINVAL, "unknown opcode");
		break;
	}
}

/* the offset and size of command table @index, if it lies in the image */
static int atom_table(struct r5xx_atom_exec *ex, unsigned int index,
		      size_t *start, size_t *end)
{
	u16 off, size;

	if (index >= ex->cmd_count ||
	    !atom_rom_u16(ex, ex->cmd_list + ATOM_TABLE_HEADER + 2 * index,
			  &off) || !off) {
		atom_fail(ex, -ENOENT, "no such command table");
		return ex->err;
	}
	if (!atom_rom_u16(ex, off, &size) || size <= CT_CODE ||
	    (size_t)off + size > ex->len) {
		atom_fail(ex, -EINVAL, "command table outside the image");
		return ex->err;
	}
	*start = off;
	*end = (size_t)off + size;
	return 0;
}

static int atom_exec_table(struct r5xx_atom_exec *ex, unsigned int index,
			   u32 *ps, unsigned int ps_dwords)
{
	struct atom_frame f = { .index = index, .ps = ps,
				.ps_dwords = ps_dwords };
	u8 op;

	if (atom_table(ex, index, &f.start, &f.end))
		return ex->err;
	f.ws_dwords = ex->rom[f.start + CT_WS_SIZE];
	f.ps_shift = min_t(unsigned int,
			   (ex->rom[f.start + CT_PS_SIZE] & CT_PS_MASK) / 4,
			   ps_dwords);
	f.ws = ex->ws[ex->depth];
	memset(f.ws, 0, sizeof(ex->ws[0]));
	f.ptr = f.start + CT_CODE;
	ex->depth++;
	while (!ex->err) {
		size_t at = f.ptr;

		if (++ex->steps > ex->max_steps) {
			atom_fail(ex, -ETIMEDOUT,
				  "the table runs longer than the step budget (a loop?)");
		} else {
			op = atom_fetch(ex, &f, 1);
			if (!ex->err && op == OP_EOT)
				break;
			if (!ex->err)
				atom_step(ex, &f, op);
		}
		/* the innermost table's instruction is the one to report */
		if (ex->err && ex->fault_at == SIZE_MAX) {
			ex->fault_table = index;
			ex->fault_at = at;
		}
	}
	ex->depth--;
	return ex->err;
}

/**
 * r5xx_atom_exec_init - prepare to run an ATOM BIOS's command tables
 * @ex: the context, filled in
 * @rom: the video BIOS image; it must outlive @ex
 * @len: its length in bytes
 * @io: the hardware callbacks; they must outlive @ex
 * @why: set to the reason when the return is negative
 *
 * The budgets are the defaults, %R5XX_ATOM_MAX_STEPS instructions and
 * %R5XX_ATOM_MAX_DELAY_US of delays per run; the caller may lower them.
 *
 * Return: 0, -ENOENT if @rom is not an ATOM BIOS, -EINVAL if its lists
 * of command or data tables lie outside the image.
 */
int r5xx_atom_exec_init(struct r5xx_atom_exec *ex, const u8 *rom, size_t len,
			const struct r5xx_atom_io *io, const char **why)
{
	u16 header, cmd, data, cmd_size, data_size;

	memset(ex, 0, sizeof(*ex));
	ex->rom = rom;
	ex->len = len;
	ex->io = io;
	ex->max_steps = R5XX_ATOM_MAX_STEPS;
	ex->max_delay_us = R5XX_ATOM_MAX_DELAY_US;
	if (len < 2 || rom[0] != 0x55 || rom[1] != 0xaa ||
	    !atom_rom_u16(ex, ROM_ATOM_HEADER_PTR, &header) ||
	    (size_t)header + ATOM_HDR_MAGIC + 4 > len ||
	    (memcmp(rom + header + ATOM_HDR_MAGIC, "ATOM", 4) &&
	     memcmp(rom + header + ATOM_HDR_MAGIC, "MOTA", 4))) {
		*why = "not an ATOM BIOS";
		return -ENOENT;
	}
	if (!atom_rom_u16(ex, header + ATOM_HDR_CMD_LIST, &cmd) ||
	    !atom_rom_u16(ex, header + ATOM_HDR_DATA_LIST, &data) ||
	    !atom_rom_u16(ex, cmd, &cmd_size) ||
	    !atom_rom_u16(ex, data, &data_size) ||
	    cmd_size < ATOM_TABLE_HEADER || data_size < ATOM_TABLE_HEADER ||
	    (size_t)cmd + cmd_size > len || (size_t)data + data_size > len) {
		*why = "command or data table list outside the image";
		return -EINVAL;
	}
	ex->cmd_list = cmd;
	ex->data_list = data;
	ex->cmd_count = (cmd_size - ATOM_TABLE_HEADER) / 2;
	ex->data_count = (data_size - ATOM_TABLE_HEADER) / 2;
	return 0;
}

/**
 * r5xx_atom_exec_has - whether the ROM has command table @index
 * @ex: the context
 * @index: index in the master list of command tables
 *
 * Return: true if the list names a table at @index (it may still be
 * malformed: r5xx_atom_exec_run() finds out).
 */
bool r5xx_atom_exec_has(const struct r5xx_atom_exec *ex, unsigned int index)
{
	u16 off;

	return index < ex->cmd_count &&
	       atom_rom_u16(ex, ex->cmd_list + ATOM_TABLE_HEADER + 2 * index,
			    &off) && off;
}

/**
 * r5xx_atom_exec_run - run a command table
 * @ex: the context, from r5xx_atom_exec_init()
 * @index: index in the master list of command tables
 * @ps: the parameter space; the table reads it and may write results back
 * @ps_dwords: its size in dwords (radeon passes 16)
 *
 * See "ATOM interpreter" above. The interpreter's registers (register and
 * data block, FB window, I/O mode, MUL/DIV results, flags) start from 0;
 * the FB scratch space keeps its contents from run to run.
 *
 * Return: 0 when the table reached its end, -ENOENT if the ROM has no
 * table @index, -EINVAL for a malformed table, -ETIMEDOUT when the step
 * or delay budget ran out, -EOPNOTSUPP for an instruction r5xx does not
 * implement; on an error @ex->why, @ex->fault_table and @ex->fault_at say
 * what and where.
 */
int r5xx_atom_exec_run(struct r5xx_atom_exec *ex, unsigned int index,
		       u32 *ps, unsigned int ps_dwords)
{
	ex->steps = 0;
	ex->delayed_us = 0;
	ex->reg_block = 0;
	ex->data_block = 0;
	ex->fb_base = 0;
	ex->shift = 0;
	ex->io_attr = 0;
	ex->divmul[0] = 0;
	ex->divmul[1] = 0;
	ex->io_mode = 0;
	ex->cs_equal = false;
	ex->cs_above = false;
	ex->depth = 0;
	ex->err = 0;
	ex->why = NULL;
	ex->fault_table = index;
	ex->fault_at = SIZE_MAX;
	return atom_exec_table(ex, index, ps, ps_dwords);
}

/**
 * r5xx_atom_exec_asic_init - post the board: run ASIC_Init
 * @ex: the context, from r5xx_atom_exec_init()
 *
 * As radeon's atom_asic_init: ASIC_Init gets the default engine and
 * memory clocks of FirmwareInfo as its parameters.
 *
 * Return: as r5xx_atom_exec_run(); also -ENOENT if the ROM has no
 * FirmwareInfo, or its default clocks are 0, and -EINVAL if the table
 * lies outside the image.
 */
int r5xx_atom_exec_asic_init(struct r5xx_atom_exec *ex)
{
	u32 ps[R5XX_ATOM_PS_DWORDS] = { 0 };
	u16 fw, size;

	ex->err = 0;
	ex->fault_at = SIZE_MAX;
	ex->fault_table = R5XX_ATOM_CMD_ASIC_INIT;
	if (ex->data_count <= ATOM_FIRMWARE_INFO ||
	    !atom_rom_u16(ex, ex->data_list + ATOM_TABLE_HEADER +
			  2 * ATOM_FIRMWARE_INFO, &fw) || !fw) {
		atom_fail(ex, -ENOENT, "no FirmwareInfo");
		return ex->err;
	}
	if (!atom_rom_u16(ex, fw, &size) || size < FW_DEFAULT_MCLK + 4 ||
	    (size_t)fw + size > ex->len ||
	    !atom_rom_u32(ex, fw + FW_DEFAULT_SCLK, &ps[0]) ||
	    !atom_rom_u32(ex, fw + FW_DEFAULT_MCLK, &ps[1])) {
		atom_fail(ex, -EINVAL, "FirmwareInfo outside the image");
		return ex->err;
	}
	if (!ps[0] || !ps[1]) {
		atom_fail(ex, -ENOENT, "FirmwareInfo gives no default clocks");
		return ex->err;
	}
	return r5xx_atom_exec_run(ex, R5XX_ATOM_CMD_ASIC_INIT, ps,
				  ARRAY_SIZE(ps));
}
