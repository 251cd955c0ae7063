/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 *
 * Internals of the command-stream checker, shared by r5xx_cs_check.c (the
 * stream walk) and r5xx_cs_draw.c (what a draw or a blit touches).
 */
#ifndef __R5XX_CS_CHECK_PRIV_H__
#define __R5XX_CS_CHECK_PRIV_H__

#include <linux/types.h>

#include "r5xx_cs_check.h"
#include "r5xx_cs_tables.h"
#include "r5xx_tiling.h"

#define R5XX_CS_NUM_CB		4
#define R5XX_CS_NUM_TEX		16
#define R5XX_CS_NUM_ARRAYS	16

/*
 * A relocated base address: the buffer object it points into and the
 * offset the stream asked for within it.  @bo is NULL until the stream sets
 * the register: the hardware still holds what an earlier stream left there,
 * which may point anywhere.
 */
struct cs_base {
	const struct r5xx_cs_reloc *bo;
	u64 offset;
};

/* A register value and whether this stream wrote it. */
struct cs_reg {
	u32 v;
	bool set;
};

/* 2D engine surface: DST_PITCH_OFFSET or SRC_PITCH_OFFSET after patching */
struct cs_2d_surf {
	struct cs_base base;
	u32 pitch;	/* bytes */
	u32 mode;	/* R5XX_TILE_* */
};

/* Vertex array of 3D_LOAD_VBPNTR, sizes in dwords */
struct cs_array {
	struct cs_base base;
	u32 size;
	u32 stride;
};

struct cs_texunit {
	struct cs_base base;
	u32 mode;	/* from the patched TX_OFFSET */
};

/*
 * The last measurement of a texture or a surface, keyed by everything the
 * measuring function reads: a draw that finds the same key takes the stored
 * result, any other key measures anew.  There is nothing to invalidate, so
 * no register write can leave a stale result behind.
 */
struct cs_tex_memo {
	struct r5xx_texture key;	/* zeroed before filling: compared whole */
	u64 size;
	bool valid;
};

struct cs_surf_key {
	struct r5xx_surface surf;
	u32 x1, y1, nsamples;
};

struct cs_surf_memo {
	struct cs_surf_key key;
	u64 end;
	bool valid;
};

/*
 * Surfaces measured at a draw: each colour buffer three times (its own
 * format and tiling, buffer 0's format, buffer 0's format and tiling), Z,
 * AA resolve
 */
#define CS_MEMO_CB(i)		(i)
#define CS_MEMO_CB0_CPP(i)	(R5XX_CS_NUM_CB + (i))
#define CS_MEMO_CB0_TILE(i)	(2 * R5XX_CS_NUM_CB + (i))
#define CS_MEMO_Z		(3 * R5XX_CS_NUM_CB)
#define CS_MEMO_AA		(3 * R5XX_CS_NUM_CB + 1)
#define CS_NUM_SURF_MEMOS	(3 * R5XX_CS_NUM_CB + 2)

/* Caches a draw has left dirty (struct cs_state.dirty) */
#define CS_CACHE_CB	R5XX_CS_UNPIPELINED_CB	/* colour, and the AA resolve */
#define CS_CACHE_Z	R5XX_CS_UNPIPELINED_Z

struct cs_state {
	/* the tracked registers (cs=track), by generated slot */
	struct cs_reg reg[R5XX_CS_NUM_SLOTS];
	/* colour buffers: relocated bases, tile mode of the patched pitch */
	struct cs_base cb[R5XX_CS_NUM_CB];
	u32 cb_mode[R5XX_CS_NUM_CB];
	/* Z buffer */
	struct cs_base zb;
	u32 zb_mode;
	/* AA resolve */
	struct cs_base aa;
	/* textures */
	struct cs_texunit tex[R5XX_CS_NUM_TEX];
	/* vertex fetch */
	bool arrays_set;
	u32 num_arrays;
	struct cs_array arrays[R5XX_CS_NUM_ARRAYS];
	u32 max_indx_pos;	/* IB index of the MAX_VTX_INDX value; U32_MAX: none */
	u32 scissor1_pos;	/* IB index of the SC_SCISSOR1 value; U32_MAX: none */
	/* SU_REG_DEST or FG_ZBREG_DEST select only some pipes */
	bool partial;
	/* an indexed draw waiting for the indices of an INDX_BUFFER */
	struct cs_reg pending_vf_cntl;
	/* 2D engine */
	struct cs_2d_surf dst, src;
	/*
	 * CS_CACHE_* a draw may have left lines in, and those flushed since
	 * the last draw; a WAIT_UNTIL 3D idle-and-clean empties the flushed
	 * ones.  A pipe= register may change only while its cache is empty.
	 */
	u32 dirty, flushed;
	/* results of r5xx_texture_size() and of check_surface()'s measure */
	struct cs_tex_memo tex_memo[R5XX_CS_NUM_TEX];
	struct cs_surf_memo surf_memo[CS_NUM_SURF_MEMOS];
	/*
	 * What a draw's buffer checks read is @reg, @cb, @cb_mode, @zb,
	 * @zb_mode, @aa and @tex. @gen counts the stores that change them:
	 * cs_reg_store() and cs_reg_unset() for @reg, cs_inputs_changed()
	 * beside every store to the others. A draw that finds @gen where the
	 * last draw's passing checks left it (@draw_gen, if @draw_checked)
	 * reads the same inputs, so it takes that draw's outcome
	 * (@draw_colour, @draw_depth) without checking them again.
	 */
	u32 gen, draw_gen;
	bool draw_checked, draw_colour, draw_depth;
};

/*
 * The tracked register NAME, or element n of the register array NAME.
 * Read them freely; store them only with cs_reg_store() and cs_reg_unset().
 */
#define CS_REG(s, name)		((s)->reg[R5XX_CS_SLOT_##name])
#define CS_REGN(s, name, n)	((s)->reg[R5XX_CS_SLOT_##name + (n)])

/* A store to an input of the draw checks other than a register of @reg. */
static inline void cs_inputs_changed(struct cs_state *s)
{
	s->gen++;
}

/* Store @v in the tracked register @r of @s (see &struct cs_state.gen). */
static inline void cs_reg_store(struct cs_state *s, struct cs_reg *r, u32 v)
{
	if (!r->set || r->v != v)
		s->gen++;
	r->v = v;
	r->set = true;
}

/* Forget what this stream wrote to the tracked register @r of @s. */
static inline void cs_reg_unset(struct cs_state *s, struct cs_reg *r)
{
	if (r->set)
		s->gen++;
	r->set = false;
}

struct cs_parser {
	const struct r5xx_cs_check_ctx *ctx;
	u32 *ib;
	u32 ndw;
	u32 pkt;	/* index of the header of the packet being checked */
	u32 next;	/* index of the next packet (relocation NOPs included) */
	const u8 *action;	/* r5xx_cs_action[] of the family's table */
	struct cs_state s;
};

__printf(2, 3) void cs_log(const struct cs_parser *p, const char *fmt, ...);

static inline bool cs_is_r500(const struct cs_parser *p)
{
	return p->ctx->family >= R5XX_FAMILY_RV515;
}

int cs_check_draw(struct cs_parser *p, u32 vf_cntl, bool immd, u32 immd_dw);
int cs_check_blit(struct cs_parser *p, u32 w, u32 h);
int cs_check_line(struct cs_parser *p, u32 end_y_x);

#endif /* __R5XX_CS_CHECK_PRIV_H__ */
