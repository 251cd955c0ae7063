// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/bitfield.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/stdarg.h>
#include <linux/string.h>
#include <linux/types.h>

#include <drm/radeon_drm.h>

#include "r5xx_cs_check.h"
#include "r5xx_cs_check_priv.h"
#include "r5xx_cs_tables.h"
#include "r5xx_pm4.h"
#include "r5xx_regs.h"
#include "r5xx_tiling.h"

/**
 * DOC: command-stream checker
 *
 * R3xx-R5xx have no per-process GPU address space: every client's command
 * stream runs in the one MC address space that holds every buffer object,
 * the kernel's too.  This checker is all that keeps a stream inside the
 * buffer objects its submitter listed in the relocation list.  It walks an
 * IB the CS ioctl has already copied to kernel memory (so nothing is fetched
 * twice), patches relocated addresses in place, and accepts the IB only if
 * every address the GPU can reach through it lies in one of those objects.
 *
 * The walk follows upstream radeon (r300_cs_parse()) so that what Mesa r300
 * and xf86-video-ati send is accepted: type-0 register writes are checked
 * against generated tables (r5xx_cs_tables.c, from regs/r5xx.regs) that say
 * which registers are written freely and which the checker handles itself;
 * everything else is refused.  A register or packet that takes an address is
 * followed, after the whole packet, by a type-3 NOP whose data is the dword
 * index of the relocation.  Registers that size what the GPU touches are
 * tracked, and at every draw and 2D operation the colour, Z and AA resolve
 * buffers, textures, vertex arrays and 2D surfaces in use are measured with
 * r5xx_tiling.c and compared with their objects.
 *
 * Tracked registers live in slots the generator assigns (cs=track), so one
 * path of check_reg() keeps them all.  Registers the colour or Z cache
 * writes back through (pipe= in the list) may change only while that cache
 * is empty: after a flush and a 3D idle-and-clean wait following the last
 * draw that used it.  So every flush, the fence's after the IB included,
 * uses values a draw was checked with.  Packet bodies must be exactly as
 * long as the CP and the engines read.
 *
 * Where upstream trusts state the stream did not set, this checker does not:
 * registers keep their values across IBs, so anything the stream leaves
 * unset counts as unknown, and unknown state that decides an address makes
 * the draw fail (Mesa and the X driver set all their state in every IB,
 * except the blit direction, DP_CNTL, which the kernel sets before each IB).
 * Documentation/cs-checker.rst lists the rules and the holes of upstream's
 * checker that this one closes.
 */

static const unsigned int family_table[R5XX_FAMILY_COUNT] = {
	[R5XX_FAMILY_R300] = R5XX_CS_TABLE_R300,
	[R5XX_FAMILY_R350] = R5XX_CS_TABLE_R300,
	[R5XX_FAMILY_RV350] = R5XX_CS_TABLE_R300,
	[R5XX_FAMILY_RV380] = R5XX_CS_TABLE_R300,
	[R5XX_FAMILY_R420] = R5XX_CS_TABLE_R420,
	[R5XX_FAMILY_R423] = R5XX_CS_TABLE_R420,
	[R5XX_FAMILY_RV410] = R5XX_CS_TABLE_R420,
	[R5XX_FAMILY_RS400] = R5XX_CS_TABLE_R300,
	[R5XX_FAMILY_RS480] = R5XX_CS_TABLE_R300,
	[R5XX_FAMILY_RS600] = R5XX_CS_TABLE_RS600,
	[R5XX_FAMILY_RS690] = R5XX_CS_TABLE_RS600,
	[R5XX_FAMILY_RS740] = R5XX_CS_TABLE_RS600,
	[R5XX_FAMILY_RV515] = R5XX_CS_TABLE_R500,
	[R5XX_FAMILY_R520] = R5XX_CS_TABLE_R500,
	[R5XX_FAMILY_RV530] = R5XX_CS_TABLE_R500,
	[R5XX_FAMILY_RV560] = R5XX_CS_TABLE_R500,
	[R5XX_FAMILY_RV570] = R5XX_CS_TABLE_R500,
	[R5XX_FAMILY_R580] = R5XX_CS_TABLE_R500,
};

void cs_log(const struct cs_parser *p, const char *fmt, ...)
{
	char msg[160];
	va_list args;

	if (!p->ctx->log)
		return;
	va_start(args, fmt);
	vsnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	p->ctx->log(p->ctx->priv, "r5xx cs: packet at dword %u: %s\n", p->pkt, msg);
}

/*
 * R5XX_CS_FORBIDDEN, R5XX_CS_SAFE or R5XX_CS_SPECIAL + index of a register.
 * Type-0 and type-1 headers hold 13- and 11-bit dword indices, so every
 * offset a packet can name is below R5XX_CS_MAX_REG; the mask keeps the
 * lookup inside the table whatever the caller.
 */
static unsigned int reg_action(const struct cs_parser *p, u32 reg)
{
	return p->action[(reg / 4) & (R5XX_CS_NUM_REGS - 1)];
}

/*
 * Take the next relocation: the type-3 NOP at p->next, whose first data
 * dword is the dword index of the entry in the RELOCS chunk.
 */
static int next_reloc(struct cs_parser *p, u32 reg,
		      const struct r5xx_cs_reloc **out)
{
	const struct r5xx_cs_reloc *bo;
	u32 i = p->next, hdr, idx;

	if (i >= p->ndw || i + 1 >= p->ndw) {
		cs_log(p, "register %#06x: no relocation before the end", reg);
		return -EINVAL;
	}
	hdr = p->ib[i];
	if (R5XX_PM4_TYPE(hdr) != R5XX_PM4_TYPE3 ||
	    R5XX_PM4_T3_OPCODE(hdr) != R5XX_PM4_NOP ||
	    (hdr & 0xff) || R5XX_PM4_COUNT(hdr) >= p->ndw - i - 1) {
		cs_log(p, "register %#06x: no relocation NOP at dword %u", reg, i);
		return -EINVAL;
	}
	idx = p->ib[i + 1];
	if (idx / 4 >= p->ctx->nrelocs) {
		cs_log(p, "register %#06x: relocation %u beyond the list (%u)",
		       reg, idx, p->ctx->nrelocs);
		return -EINVAL;
	}
	bo = &p->ctx->relocs[idx / 4];
	if (bo->gpu_offset % 32 || bo->size > SZ_4G ||
	    bo->gpu_offset > SZ_4G - bo->size) {
		cs_log(p, "relocation %u: object outside the 32-bit MC space", idx / 4);
		return -EINVAL;
	}
	p->next = i + R5XX_PM4_PKT_DWORDS(hdr);
	*out = bo;
	return 0;
}

/* Tile bits of RB3D_COLORPITCH and ZB_DEPTHPITCH, bits 18:16 */
static u32 pitch_tile_bits(u32 tiling_flags)
{
	u32 bits = 0;

	if (tiling_flags & RADEON_TILING_MACRO)
		bits |= BIT(16);
	if (tiling_flags & RADEON_TILING_MICRO)
		bits |= 1 << 17;
	else if (tiling_flags & RADEON_TILING_MICRO_SQUARE)
		bits |= 2 << 17;
	return bits;
}

/* R5XX_TILE_* from the macro bit and the 2-bit micro field of a register */
static int reg_tile_mode(bool macro, u32 micro, u32 *mode)
{
	static const u32 micro_mode[] = {
		0, R5XX_TILE_MICRO, R5XX_TILE_MICRO | R5XX_TILE_SQUARE,
	};

	if (micro >= ARRAY_SIZE(micro_mode))
		return -EINVAL;
	*mode = micro_mode[micro] | (macro ? R5XX_TILE_MACRO : 0);
	return 0;
}

static bool keep_tiling(const struct cs_parser *p)
{
	return p->ctx->cs_flags & RADEON_CS_KEEP_TILING_FLAGS;
}

/* RB3D_COLORPITCHn and ZB_DEPTHPITCH: tile bits from the object or the stream */
static int check_pitch_reg(struct cs_parser *p, u32 reg, u32 i, u32 *mode)
{
	const struct r5xx_cs_reloc *bo;
	u32 v = p->ib[i];
	int ret;

	if (!keep_tiling(p)) {
		ret = next_reloc(p, reg, &bo);
		if (ret)
			return ret;
		v = (v & ~GENMASK(18, 16)) | pitch_tile_bits(bo->tiling_flags);
		p->ib[i] = v;
	}
	cs_inputs_changed(&p->s);
	ret = reg_tile_mode(v & BIT(16), (v >> 17) & 3, mode);
	if (ret)
		cs_log(p, "register %#06x: reserved micro tiling", reg);
	return ret;
}

static int reloc_base(struct cs_parser *p, u32 reg, u32 i, struct cs_base *b)
{
	const struct r5xx_cs_reloc *bo;
	int ret;

	ret = next_reloc(p, reg, &bo);
	if (ret)
		return ret;
	b->bo = bo;
	b->offset = p->ib[i];
	p->ib[i] += (u32)bo->gpu_offset;
	return 0;
}

static int reloc_tx_offset(struct cs_parser *p, u32 reg, u32 i,
			   struct cs_texunit *t)
{
	const struct r5xx_cs_reloc *bo;
	u32 v = p->ib[i];
	int ret;

	ret = next_reloc(p, reg, &bo);
	if (ret)
		return ret;
	cs_inputs_changed(&p->s);
	t->base.bo = bo;
	t->base.offset = v & R5XX_TX_OFFSET_TXOFFSET;
	v += (u32)bo->gpu_offset;
	if (!keep_tiling(p)) {
		if (bo->tiling_flags & RADEON_TILING_MACRO)
			v |= R5XX_TX_OFFSET_MACRO_TILE;
		if (bo->tiling_flags & RADEON_TILING_MICRO)
			v |= R5XX_TX_OFFSET_MICRO_TILE_TILED;
		else if (bo->tiling_flags & RADEON_TILING_MICRO_SQUARE)
			v |= R5XX_TX_OFFSET_MICRO_TILE_TILED_SQUARE;
	}
	p->ib[i] = v;
	ret = reg_tile_mode(v & R5XX_TX_OFFSET_MACRO_TILE,
			    FIELD_GET(R5XX_TX_OFFSET_MICRO_TILE, v), &t->mode);
	if (ret)
		cs_log(p, "TX_OFFSET: reserved micro tiling");
	return ret;
}

/* DST_PITCH_OFFSET and SRC_PITCH_OFFSET: offset in KiB, tile bits 31:30 */
static int reloc_pitch_offset(struct cs_parser *p, u32 reg, u32 i,
			      struct cs_2d_surf *s)
{
	const struct r5xx_cs_reloc *bo;
	bool src = reg == R5XX_SRC_PITCH_OFFSET;
	u32 v = p->ib[i], kb, keep;
	int ret;

	ret = next_reloc(p, reg, &bo);
	if (ret)
		return ret;
	if (bo->gpu_offset % SZ_1K) {
		cs_log(p, "2D surface object not 1 KiB aligned");
		return -EINVAL;
	}
	kb = FIELD_GET(R5XX_DST_PITCH_OFFSET_OFFSET, v);
	if (kb + (bo->gpu_offset >> 10) > R5XX_DST_PITCH_OFFSET_OFFSET) {
		cs_log(p, "register %#06x: offset beyond 4 GiB", reg);
		return -EINVAL;
	}
	keep = v & (R5XX_DST_PITCH_OFFSET_PITCH | R5XX_DST_PITCH_OFFSET_TILE_MACRO |
		    R5XX_DST_PITCH_OFFSET_TILE_MICRO);
	if (!keep_tiling(p)) {
		keep &= R5XX_DST_PITCH_OFFSET_PITCH;
		if (bo->tiling_flags & RADEON_TILING_MACRO)
			keep |= R5XX_DST_PITCH_OFFSET_TILE_MACRO;
		if (bo->tiling_flags & RADEON_TILING_MICRO) {
			if (src) {
				cs_log(p, "2D source is micro-tiled");
				return -EINVAL;
			}
			keep |= R5XX_DST_PITCH_OFFSET_TILE_MICRO;
		}
	}
	v = keep | (kb + (u32)(bo->gpu_offset >> 10));
	p->ib[i] = v;
	s->base.bo = bo;
	s->base.offset = (u64)kb << 10;
	s->pitch = FIELD_GET(R5XX_DST_PITCH_OFFSET_PITCH, v) * 64;
	s->mode = (v & R5XX_DST_PITCH_OFFSET_TILE_MACRO ? R5XX_TILE_MACRO : 0) |
		  (v & R5XX_DST_PITCH_OFFSET_TILE_MICRO ? R5XX_TILE_MICRO : 0);
	return 0;
}

/*
 * The DDX's VLINE wait: this one-register write, then WAIT_UNTIL =
 * WAIT_CRTC_VLINE alone, then a NOP carrying a KMS CRTC id.  The wait is
 * dropped if the CRTC is off and retargeted to the second CRTC if needed.
 */
static int check_vline(struct cs_parser *p, u32 reg)
{
	u32 w = p->next, hdr = p->ib[p->pkt], crtc_id, retarget;
	struct r5xx_cs_crtc crtc;
	int ret;

	if (R5XX_PM4_TYPE(hdr) != R5XX_PM4_TYPE0 || R5XX_PM4_COUNT(hdr) ||
	    !p->ctx->crtc_lookup) {
		cs_log(p, "register %#06x: VLINE wait not supported here", reg);
		return -EINVAL;
	}
	if (w + 4 > p->ndw ||
	    p->ib[w] != R5XX_PACKET0(R5XX_WAIT_UNTIL, 0) ||
	    p->ib[w + 1] != R5XX_WAIT_UNTIL_WAIT_CRTC_VLINE ||
	    p->ib[w + 2] != R5XX_PACKET3(R5XX_PM4_NOP, 0)) {
		cs_log(p, "register %#06x: malformed VLINE wait", reg);
		return -EINVAL;
	}
	crtc_id = p->ib[w + 3];
	ret = p->ctx->crtc_lookup(p->ctx->priv, crtc_id, &crtc);
	if (ret) {
		cs_log(p, "VLINE wait on unknown CRTC %u", crtc_id);
		return ret;
	}
	if (crtc.hw_index > 1) {
		cs_log(p, "VLINE wait on CRTC %u", crtc.hw_index);
		return -EINVAL;
	}
	if (!crtc.enabled) {
		p->ib[w] = R5XX_PACKET2;
		p->ib[w + 1] = R5XX_PACKET2;
	} else if (crtc.hw_index == 1) {
		retarget = reg == R5XX_CRTC_GUI_TRIG_VLINE ?
			   R5XX_CRTC2_GUI_TRIG_VLINE : R5XX_D2MODE_VLINE_START_END;
		p->ib[p->pkt] = R5XX_PACKET0(retarget, 0);
		p->ib[w + 1] |= R5XX_WAIT_UNTIL_ENG_DISPLAY_SELECT_CRTC1;
	}
	p->next = w + 4;
	return 0;
}

static int check_hyperz_reg(struct cs_parser *p, u32 reg, u32 v)
{
	if (v && !p->ctx->hyperz_owner) {
		cs_log(p, "register %#06x: Hyper-Z not owned", reg);
		return -EINVAL;
	}
	return 0;
}

static int check_tx_format1(struct cs_parser *p, u32 v)
{
	struct r5xx_texel t;
	u32 fmt = FIELD_GET(R5XX_TX_FORMAT1_TXFORMAT, v);

	if (r5xx_tex_format(fmt, false, &t) ||
	    (fmt == 0x1f && p->ctx->family < R5XX_FAMILY_R420)) {
		cs_log(p, "TX_FORMAT1: texture format %#x", fmt);
		return -EINVAL;
	}
	return 0;
}

static int check_colorpitch(struct cs_parser *p, u32 reg, u32 i, u32 n)
{
	u32 fmt = FIELD_GET(R5XX_RB3D_COLORPITCH_COLORFORMAT, p->ib[i]);
	int ret;

	ret = check_pitch_reg(p, reg, i, &p->s.cb_mode[n]);
	if (ret)
		return ret;
	if (r5xx_cb_format_cpp(fmt) < 0 || (fmt == 5 && !cs_is_r500(p))) {
		cs_log(p, "RB3D_COLORPITCH%u: colour format %u", n, fmt);
		return -EINVAL;
	}
	return 0;
}

static int check_zpass_addr(struct cs_parser *p, u32 reg, u32 i)
{
	struct cs_base b;
	int ret;

	/* writing the address makes the Z unit store the count there */
	ret = reloc_base(p, reg, i, &b);
	if (ret)
		return ret;
	if (b.offset % 4 || b.offset + 4 > b.bo->size) {
		cs_log(p, "ZB_ZPASS_ADDR %#llx outside its object",
		       (unsigned long long)b.offset);
		return -EINVAL;
	}
	return 0;
}

/*
 * Cache control: a flush of the colour (Z) cache followed by a WAIT_UNTIL
 * 3D idle-and-clean empties it, which lets the stream change its pipe=
 * registers again (Mesa's gpu_flush atom, the X driver's DoneComposite).
 */
static void cache_flush(struct cs_parser *p, u32 caches)
{
	p->s.flushed |= caches;
}

static void wait_until(struct cs_parser *p, u32 v)
{
	if (v & R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN) {
		p->s.dirty &= ~p->s.flushed;
		p->s.flushed = 0;
	}
}

/*
 * 2D coordinates (guide 6.2.2): two 16-bit fields "ranging from -8192 to
 * 8191.  Bits 14 and 15 should be copies of bit 13" (30 and 31 of 29).  The
 * checker and the model read 14 bits; an engine reading 16 would see
 * another point in any other value, so those are refused.
 */
static int check_coords(struct cs_parser *p, const struct r5xx_cs_special *sp, u32 v)
{
	u32 hi = v >> 16, lo = v & 0xffff;

	if ((u32)sign_extend32(hi, 13) % BIT(16) != hi ||
	    (u32)sign_extend32(lo, 13) % BIT(16) != lo) {
		cs_log(p, "%s: %#010x: bits 15:14 (31:30) are not copies of bit 13 (29)",
		       sp->name, v);
		return -EINVAL;
	}
	return 0;
}

/*
 * What a special register needs besides keeping its value: relocation,
 * ownership, range, or the operation it starts.  Returns 0 to keep the
 * (possibly patched) value in the register's slot, if it has one.
 */
static int check_special(struct cs_parser *p, const struct r5xx_cs_special *sp,
			 u32 reg, u32 i)
{
	struct cs_state *s = &p->s;
	u32 v = p->ib[i], n = sp->index;

	switch ((enum r5xx_cs_kind)sp->kind) {
	case R5XX_CS_CHECK_VLINE:
		return check_vline(p, reg);
	case R5XX_CS_CHECK_HYPERZ:
		return check_hyperz_reg(p, reg, v);
	case R5XX_CS_CHECK_GB_Z_PEQ_CONFIG:
		if (p->ctx->family < R5XX_FAMILY_RV350) {
			cs_log(p, "GB_Z_PEQ_CONFIG before RV350");
			return -EINVAL;
		}
		return check_hyperz_reg(p, reg, v);
	case R5XX_CS_CHECK_SC_HYPERZ_EN:
		if (!p->ctx->hyperz_owner)
			p->ib[i] = v & ~R5XX_SC_HYPERZ_EN_HZ_EN;
		return 0;
	case R5XX_CS_TRACK_FG_ZBREG_DEST:
		if (p->ctx->family == R5XX_FAMILY_RV530)
			return 0;
		cs_log(p, "FG_ZBREG_DEST: only RV530 has it");
		return -EINVAL;
	case R5XX_CS_CHECK_CMASK:
		if (p->ctx->cmask_owner)
			return 0;
		cs_log(p, "%s: CMASK RAM not owned", sp->name);
		return -EINVAL;
	case R5XX_CS_CHECK_WAIT_UNTIL:
		wait_until(p, v);
		return 0;
	case R5XX_CS_CHECK_RB3D_DSTCACHE_CTLSTAT:
		if (v & R5XX_RB3D_DSTCACHE_CTLSTAT_DC_FLUSH_FLUSH_3D_DIRTY)
			cache_flush(p, CS_CACHE_CB);
		return 0;
	case R5XX_CS_CHECK_ZB_ZCACHE_CTLSTAT:
		if (v & R5XX_ZB_ZCACHE_CTLSTAT_ZC_FLUSH)
			cache_flush(p, CS_CACHE_Z);
		return 0;
	case R5XX_CS_CHECK_VAP_VF_CNTL:
		/* a non-zero primitive type would start a draw right here */
		if (FIELD_GET(R5XX_VAP_VF_CNTL_PRIM_TYPE, v)) {
			cs_log(p, "VAP_VF_CNTL written with a primitive type");
			return -EINVAL;
		}
		return 0;
	case R5XX_CS_CHECK_DP_CNTL_XDIR_YDIR_YMAJOR:
		/* the same directions as DP_CNTL, in another layout */
		cs_reg_store(s, &CS_REG(s, DP_CNTL),
			     (v & R5XX_DP_CNTL_XDIR_YDIR_YMAJOR_DST_X_DIR_LEFT_TO_RIGHT ?
			      R5XX_DP_CNTL_DST_X_LEFT_TO_RIGHT : 0) |
			     (v & R5XX_DP_CNTL_XDIR_YDIR_YMAJOR_DST_Y_DIR_TOP_TO_BOTTOM ?
			      R5XX_DP_CNTL_DST_Y_TOP_TO_BOTTOM : 0));
		return 0;

	case R5XX_CS_RELOC_RB3D_COLOROFFSET:
		cs_inputs_changed(s);
		return reloc_base(p, reg, i, &s->cb[n]);
	case R5XX_CS_RELOC_ZB_DEPTHOFFSET:
		cs_inputs_changed(s);
		return reloc_base(p, reg, i, &s->zb);
	case R5XX_CS_RELOC_RB3D_AARESOLVE_OFFSET:
		cs_inputs_changed(s);
		return reloc_base(p, reg, i, &s->aa);
	case R5XX_CS_RELOC_TX_OFFSET:
		return reloc_tx_offset(p, reg, i, &s->tex[n]);
	case R5XX_CS_RELOC_DST_PITCH_OFFSET:
		return reloc_pitch_offset(p, reg, i, &s->dst);
	case R5XX_CS_RELOC_SRC_PITCH_OFFSET:
		return reloc_pitch_offset(p, reg, i, &s->src);
	case R5XX_CS_RELOC_ZB_ZPASS_ADDR:
		return check_zpass_addr(p, reg, i);

	case R5XX_CS_TRACK_RB3D_COLORPITCH:
		return check_colorpitch(p, reg, i, n);
	case R5XX_CS_TRACK_ZB_DEPTHPITCH:
		return check_pitch_reg(p, reg, i, &s->zb_mode);
	case R5XX_CS_TRACK_ZB_FORMAT:
		if (r5xx_zb_format_cpp(FIELD_GET(R5XX_ZB_FORMAT_DEPTHFORMAT, v)) < 0) {
			cs_log(p, "ZB_FORMAT: depth format %lu",
			       FIELD_GET(R5XX_ZB_FORMAT_DEPTHFORMAT, v));
			return -EINVAL;
		}
		return 0;
	case R5XX_CS_TRACK_ZB_BW_CNTL:
		/* samples laid out otherwise than the draw check measures them */
		if (v & R5XX_ZB_BW_CNTL_CONTIGUOUS_6XAA_SAMPLES_DISABLE) {
			cs_log(p, "ZB_BW_CNTL: CONTIGUOUS_6XAA_SAMPLES_DISABLE");
			return -EINVAL;
		}
		if (!p->ctx->hyperz_owner &&
		    (v & (R5XX_ZB_BW_CNTL_HIZ_ENABLE | R5XX_ZB_BW_CNTL_FAST_FILL |
			  R5XX_ZB_BW_CNTL_RD_COMP_ENABLE |
			  R5XX_ZB_BW_CNTL_WR_COMP_ENABLE))) {
			cs_log(p, "ZB_BW_CNTL: Hyper-Z not owned");
			return -EINVAL;
		}
		return 0;
	case R5XX_CS_TRACK_RB3D_CCTL:
		if ((v & (R5XX_RB3D_CCTL_CMASK_ENABLE | R5XX_RB3D_CCTL_AA_COMPRESSION_ENABLE)) &&
		    !p->ctx->cmask_owner) {
			cs_log(p, "RB3D_CCTL: CMASK not owned");
			return -EINVAL;
		}
		return 0;
	case R5XX_CS_TRACK_TX_FORMAT1:
		return check_tx_format1(p, v);
	case R5XX_CS_TRACK_TX_FORMAT2:
		/*
		 * Bits 19:14 are R5xx fields (reference); the texture check
		 * reads TXWIDTH_11/TXHEIGHT_11 and TXFORMAT_MSB on R5xx only.
		 */
		if ((v & ~(u32)R5XX_TX_FORMAT2_TXPITCH) && !cs_is_r500(p)) {
			cs_log(p, "TX_FORMAT2: R5xx bits %#x before R5xx",
			       v & ~(u32)R5XX_TX_FORMAT2_TXPITCH);
			return -EINVAL;
		}
		return 0;
	case R5XX_CS_TRACK_DP_GUI_MASTER_CNTL:
		/*
		 * Guide 6.2.2 GUI_CONTROL: SRC_TYPE 2 is reserved, and its third
		 * bit (27) selects CLUT and 64 bpp sources, read with other
		 * bytes per pixel than the destination's, which the blit check
		 * assumes.  The X driver sends SRC_TYPE 3 (same as destination).
		 */
		if ((v & R5XX_DP_GUI_MASTER_CNTL_SRC_DATATYPE_EXT) ||
		    FIELD_GET(R5XX_DP_GUI_MASTER_CNTL_SRC_DATATYPE, v) == 2) {
			cs_log(p, "DP_GUI_MASTER_CNTL: source type %lu%s",
			       FIELD_GET(R5XX_DP_GUI_MASTER_CNTL_SRC_DATATYPE, v),
			       v & R5XX_DP_GUI_MASTER_CNTL_SRC_DATATYPE_EXT ? " + 4" : "");
			return -EINVAL;
		}
		return 0;
	case R5XX_CS_TRACK_VAP_VF_MAX_VTX_INDX:
		s->max_indx_pos = i;
		return 0;
	case R5XX_CS_TRACK_SC_SCISSOR1:
		s->scissor1_pos = i;
		return 0;

	case R5XX_CS_TRIGGER_DST_HEIGHT_WIDTH:
		return cs_check_blit(p, FIELD_GET(R5XX_DST_HEIGHT_WIDTH_WIDTH, v),
				     FIELD_GET(R5XX_DST_HEIGHT_WIDTH_HEIGHT, v));
	case R5XX_CS_TRIGGER_DST_WIDTH_HEIGHT:
		return cs_check_blit(p, FIELD_GET(R5XX_DST_WIDTH_HEIGHT_WIDTH, v),
				     FIELD_GET(R5XX_DST_WIDTH_HEIGHT_HEIGHT, v));
	case R5XX_CS_TRIGGER_DST_LINE_END:
		if (check_coords(p, sp, v))
			return -EINVAL;
		return cs_check_line(p, v);
	case R5XX_CS_TRACK_SRC_Y_X:
	case R5XX_CS_TRACK_DST_Y_X:
	case R5XX_CS_TRACK_DST_LINE_START:
		return check_coords(p, sp, v);
	default:
		/* a tracked register without a rule of its own is kept as is */
		if (sp->slot != R5XX_CS_NO_SLOT)
			return 0;
		break;
	}
	cs_log(p, "register %#06x: unhandled kind %u", reg, sp->kind);
	return -EINVAL;
}

/*
 * SU_REG_DEST (FG_ZBREG_DEST on RV530) selects the raster (Z) pipes that
 * receive register writes (reference: "Register read/write destination
 * select").  While it selects only some, a write reaches only those pipes
 * and the others keep what an earlier client left, which the checker does
 * not know.  Mesa narrows the selection only to point each pipe's Z pass
 * counter at its own dword (r300_emit_query_end_frag_pipes,
 * rv530_emit_query_end_*), then selects all pipes again; so does the
 * checker allow it, and nothing else.  The kernel selects all pipes before
 * every IB (reset= in regs/r5xx.regs).
 */
static bool pipes_partial(const struct cs_parser *p)
{
	const struct cs_state *s = &p->s;

	return FIELD_GET(R5XX_SU_REG_DEST_SELECT, CS_REG(s, SU_REG_DEST).v) !=
	       FIELD_MAX(R5XX_SU_REG_DEST_SELECT) ||
	       (p->ctx->family == R5XX_FAMILY_RV530 &&
		FIELD_GET(R5XX_FG_ZBREG_DEST_PIPE_SELECT, CS_REG(s, FG_ZBREG_DEST).v) !=
		FIELD_MAX(R5XX_FG_ZBREG_DEST_PIPE_SELECT));
}

static int check_partial_reg(struct cs_parser *p, unsigned int act, u32 reg)
{
	unsigned int kind = act >= R5XX_CS_SPECIAL ?
			    r5xx_cs_specials[act - R5XX_CS_SPECIAL].kind : R5XX_CS_KIND_COUNT;

	if (kind == R5XX_CS_TRACK_SU_REG_DEST || kind == R5XX_CS_TRACK_FG_ZBREG_DEST ||
	    kind == R5XX_CS_RELOC_ZB_ZPASS_ADDR)
		return 0;
	cs_log(p, "register %#06x written while SU_REG_DEST/FG_ZBREG_DEST select only some pipes",
	       reg);
	return -EINVAL;
}

/* A register write the tables do not mark safe; its value is ib[i]. */
static int check_unsafe_reg(struct cs_parser *p, unsigned int act, u32 reg, u32 i)
{
	const struct r5xx_cs_special *sp;
	int ret;

	if (act == R5XX_CS_FORBIDDEN) {
		cs_log(p, "forbidden register %#06x", reg);
		return -EINVAL;
	}
	sp = &r5xx_cs_specials[act - R5XX_CS_SPECIAL];
	/*
	 * Mesa's r300 writes the R5xx scissor's bottom-right corner as
	 * (width - 1) | (height - 1) << 13 (r300_emit_fb_state): for a
	 * framebuffer of height 0 (no attachment) Y is -1, which sets every
	 * bit above X too.  Bits 31:26 all set, as that sign extension leaves
	 * them, are cleared in the IB rather than refused: the GPU then reads
	 * the fields alone (Y 8191), which is what the checker measures.
	 */
	if (sp->kind == R5XX_CS_TRACK_SC_SCISSOR1 && (p->ib[i] | sp->known) == U32_MAX)
		p->ib[i] &= sp->known;
	/* bits=fields: a bit the reference does not define may do anything */
	if (p->ib[i] & ~sp->known) {
		cs_log(p, "%s: bits %#x outside its fields", sp->name,
		       p->ib[i] & ~sp->known);
		return -EINVAL;
	}
	/*
	 * The cache writes its lines back through these registers (reference
	 * 10.2: "the cache must be empty before [they] are changed").  They
	 * are checked at each draw; after one, they must keep the values
	 * checked there until the cache is flushed and the engine idle, so
	 * that the flushes, the fence's included, use checked values.
	 */
	if (sp->flags & p->s.dirty) {
		cs_log(p, "%s: changed after a draw, before a flush and idle wait",
		       sp->name);
		return -EINVAL;
	}
	ret = check_special(p, sp, reg, i);
	if (ret || sp->slot == R5XX_CS_NO_SLOT)
		return ret;
	cs_reg_store(&p->s, &p->s.reg[sp->slot], p->ib[i]);
	if (sp->kind == R5XX_CS_TRACK_SU_REG_DEST || sp->kind == R5XX_CS_TRACK_FG_ZBREG_DEST)
		p->s.partial = pipes_partial(p);
	return 0;
}

/*
 * One register write of a type-0 or type-1 packet; its value is ib[i].  Most
 * registers are free: one table lookup, and nothing else, lets them through.
 */
static int check_reg(struct cs_parser *p, u32 reg, u32 i)
{
	unsigned int act = reg_action(p, reg);

	if (unlikely(p->s.partial) && check_partial_reg(p, act, reg))
		return -EINVAL;
	if (likely(act == R5XX_CS_SAFE))
		return 0;
	return check_unsafe_reg(p, act, reg, i);
}

static int check_type0(struct cs_parser *p, u32 hdr)
{
	u32 reg = R5XX_PM4_T0_BASE_INDEX(hdr) << 2;
	u32 n = R5XX_PM4_COUNT(hdr) + 1, k;
	bool one = hdr & R5XX_PM4_T0_ONE_REG_WR;
	int ret;

	if (hdr & GENMASK(14, 13)) {
		cs_log(p, "type-0 header %#010x: reserved bits", hdr);
		return -EINVAL;
	}
	if (!one && reg + 4 * (n - 1) >= R5XX_CS_MAX_REG) {
		cs_log(p, "type-0 burst at %#06x runs past the register space", reg);
		return -EINVAL;
	}
	for (k = 0; k < n; k++) {
		u32 r = one ? reg : reg + 4 * k;

		/* a freely writable register stays so for the rest of the burst */
		if (one && k && reg_action(p, r) == R5XX_CS_SAFE)
			break;
		ret = check_reg(p, r, p->pkt + 1 + k);
		if (ret)
			return ret;
	}
	return 0;
}

static int check_type1(struct cs_parser *p, u32 hdr)
{
	int ret;

	if (hdr & GENMASK(29, 22)) {
		cs_log(p, "type-1 header %#010x: reserved bits", hdr);
		return -EINVAL;
	}
	ret = check_reg(p, R5XX_PM4_T1_REG_INDEX1(hdr) << 2, p->pkt + 1);
	if (ret)
		return ret;
	return check_reg(p, R5XX_PM4_T1_REG_INDEX2(hdr) << 2, p->pkt + 2);
}

#define CS_VBPNTR_NUM_ARRAYS		GENMASK(4, 0)
#define CS_VBPNTR_UNKNOWN		GENMASK(15, 6)
#define CS_VBPNTR_ATTR_UNKNOWN		(BIT(31) | BIT(23) | BIT(15) | BIT(7))

static int check_load_vbpntr(struct cs_parser *p, u32 body)
{
	struct cs_state *s = &p->s;
	u32 *d = &p->ib[p->pkt + 1];
	u32 n = d[0] & CS_VBPNTR_NUM_ARRAYS, k, need;
	int ret;

	/*
	 * The count dword is VAP_VTX_NUM_ARRAYS (reference): 4:0 arrays,
	 * 5 VC_FORCE_PREFETCH, 31:16 fetch granules.  Bit 6,
	 * VC_DIS_CACHE_INVLD, keeps the vertex cache from the previous draw
	 * packet, another client's included ("caution with respect to
	 * multiple contexts"), and 15:7 are undefined: refused.  Mesa sends
	 * the count and FORCE_PREFETCH.
	 */
	if (d[0] & CS_VBPNTR_UNKNOWN) {
		cs_log(p, "3D_LOAD_VBPNTR: bits %#x of the array count",
		       d[0] & (u32)CS_VBPNTR_UNKNOWN);
		return -EINVAL;
	}
	if (n > R5XX_CS_NUM_ARRAYS) {
		cs_log(p, "3D_LOAD_VBPNTR: %u arrays", n);
		return -EINVAL;
	}
	/*
	 * The CP takes the whole body as array descriptors: no dword may
	 * follow them.  Mesa's SW TCL path sends one array with the pair's
	 * second address as 0 (r300_emit_vertex_arrays_swtcl), so an odd
	 * count may fill its last pair.
	 */
	need = 1 + 3 * (n / 2) + 2 * (n % 2);
	if (body != need && (n % 2 == 0 || body != need + 1)) {
		cs_log(p, "3D_LOAD_VBPNTR: %u arrays need %u dwords, have %u",
		       n, need, body);
		return -EINVAL;
	}
	s->arrays_set = true;
	s->num_arrays = n;
	for (k = 0; k < n; k++) {
		u32 attr = d[1 + 3 * (k / 2)];
		u32 a = 2 + 3 * (k / 2) + k % 2;
		struct cs_array *arr = &s->arrays[k];
		const struct r5xx_cs_reloc *bo;

		/*
		 * VAP_VTX_AOS_ATTR (reference): count 6:0, stride 14:8 per
		 * half; bits 7 and 15 are undefined, and a VAP reading 8-bit
		 * fields would fetch more than measured: refused.
		 */
		if (attr & CS_VBPNTR_ATTR_UNKNOWN) {
			cs_log(p, "3D_LOAD_VBPNTR: array %u attributes %#x", k, attr);
			return -EINVAL;
		}
		if (k % 2)
			attr >>= 16;
		ret = next_reloc(p, 0, &bo);
		if (ret)
			return ret;
		/* FORCE_PREFETCH may read from the start right away */
		if (d[a] > bo->size) {
			cs_log(p, "3D_LOAD_VBPNTR: array %u starts beyond its object", k);
			return -EINVAL;
		}
		arr->size = attr & 0x7f;
		arr->stride = (attr >> 8) & 0x7f;
		arr->base.bo = bo;
		arr->base.offset = d[a];
		d[a] += (u32)bo->gpu_offset;
	}
	return 0;
}

/* Index dwords of an indexed draw: in the packet, or from an INDX_BUFFER */
static int inline_index_dwords(struct cs_parser *p, u32 vf_cntl, u32 *dw)
{
	const struct cs_reg *alt = &CS_REG(&p->s, VAP_ALT_NUM_VERTICES);
	u32 n = FIELD_GET(R5XX_VAP_VF_CNTL_NUM_VERTICES, vf_cntl);

	if (vf_cntl & R5XX_VAP_VF_CNTL_USE_ALT_NUM_VERTS) {
		if (!alt->set)
			return -EINVAL;
		n = FIELD_GET(R5XX_VAP_ALT_NUM_VERTICES_NUM_VERTICES, alt->v);
	}
	*dw = vf_cntl & R5XX_VAP_VF_CNTL_INDEX_SIZE ? n : DIV_ROUND_UP(n, 2);
	return 0;
}

/* INDX_BUFFER: the CP fetches a buffer and writes it to the index port. */
static int check_indx_buffer(struct cs_parser *p, u32 body)
{
	const struct r5xx_cs_reloc *bo;
	u32 *d = &p->ib[p->pkt + 1], want;
	u64 offset, bytes;
	int ret;

	/*
	 * The CP overwrites its dword count with the buffer size (guide
	 * 6.2.3.11): dwords after the third would run as packets.
	 */
	if (body != 3) {
		cs_log(p, "INDX_BUFFER: %u dwords", body);
		return -EINVAL;
	}
	/* the destination could be any register: pin it to VAP_PORT_IDX0 */
	if ((d[0] & ~GENMASK(18, 16)) !=
	    (R5XX_PM4_T0_ONE_REG_WR << 16 | R5XX_VAP_PORT_IDX(0) >> 2)) {
		cs_log(p, "INDX_BUFFER: destination %#010x", d[0]);
		return -EINVAL;
	}
	/*
	 * The indices feed the indexed draw waiting for them, exactly as many
	 * as it takes (SKIP_COUNT more): none may be left for a draw the
	 * checker has not seen, nor be missing so that a later buffer
	 * completes this draw under other state.
	 */
	if (!p->s.pending_vf_cntl.set ||
	    inline_index_dwords(p, p->s.pending_vf_cntl.v, &want) ||
	    d[2] != want + FIELD_GET(GENMASK(18, 16), d[0])) {
		cs_log(p, "INDX_BUFFER: size %#x for no waiting draw of that many indices",
		       d[2]);
		return -EINVAL;
	}
	ret = next_reloc(p, 0, &bo);
	if (ret)
		return ret;
	/* check the draw again with the state as it is now */
	p->s.pending_vf_cntl.set = false;
	ret = cs_check_draw(p, p->s.pending_vf_cntl.v, false, 0);
	if (ret)
		return ret;
	offset = d[1];
	bytes = (u64)d[2] * 4;
	if (offset % 4 || offset + bytes > bo->size) {
		cs_log(p, "INDX_BUFFER: %llu bytes at %llu, object has %llu",
		       (unsigned long long)bytes, (unsigned long long)offset,
		       (unsigned long long)bo->size);
		return -EINVAL;
	}
	d[1] += (u32)bo->gpu_offset;
	return 0;
}

/*
 * Draws from vertex arrays.  @extra is the number of body dwords after
 * VAP_VF_CNTL: none for 3D_DRAW_VBUF(_2), the indices for 3D_DRAW_INDX(_2),
 * exactly as many as the vertex count needs.  An indexed draw without
 * indices waits for an INDX_BUFFER.
 */
static int check_draw_packet(struct cs_parser *p, u32 op, u32 vf_cntl, u32 extra)
{
	bool indx = op == R5XX_PM4_3D_DRAW_INDX || op == R5XX_PM4_3D_DRAW_INDX_2;
	bool walk_indices = FIELD_GET(R5XX_VAP_VF_CNTL_PRIM_WALK, vf_cntl) ==
			    R5XX_VAP_VF_CNTL_PRIM_WALK_INDICES >> 4;
	u32 dw;

	p->s.pending_vf_cntl.set = false;
	if (extra && (!indx || !walk_indices ||
		      inline_index_dwords(p, vf_cntl, &dw) || dw != extra)) {
		cs_log(p, "type-3 %#x: %u dwords after VAP_VF_CNTL", op, extra);
		return -EINVAL;
	}
	if (indx && !extra && walk_indices)
		p->s.pending_vf_cntl = (struct cs_reg){ .v = vf_cntl, .set = true };
	return cs_check_draw(p, vf_cntl, false, 0);
}

static int check_type3(struct cs_parser *p, u32 hdr)
{
	u32 op = R5XX_PM4_T3_OPCODE(hdr), body = R5XX_PM4_COUNT(hdr) + 1;
	u32 *d = &p->ib[p->pkt + 1];

	if (hdr & 0xff) {
		cs_log(p, "type-3 header %#010x: reserved bits", hdr);
		return -EINVAL;
	}
	if (p->s.partial && op != R5XX_PM4_NOP) {
		cs_log(p, "type-3 %#x while SU_REG_DEST/FG_ZBREG_DEST select only some pipes", op);
		return -EINVAL;
	}
	switch (op) {
	case R5XX_PM4_NOP:
		return 0;
	case R5XX_PM4_3D_LOAD_VBPNTR:
		return check_load_vbpntr(p, body);
	case R5XX_PM4_INDX_BUFFER:
		return check_indx_buffer(p, body);
	case R5XX_PM4_3D_DRAW_VBUF:
	case R5XX_PM4_3D_DRAW_INDX:
		if (body < 2)
			break;
		return check_draw_packet(p, op, d[1], body - 2);
	case R5XX_PM4_3D_DRAW_IMMD:
		if (body < 2)
			break;
		p->s.pending_vf_cntl.set = false;
		return cs_check_draw(p, d[1], true, body - 2);
	case R5XX_PM4_3D_DRAW_VBUF_2:
	case R5XX_PM4_3D_DRAW_INDX_2:
		return check_draw_packet(p, op, d[0], body - 1);
	case R5XX_PM4_3D_DRAW_IMMD_2:
		p->s.pending_vf_cntl.set = false;
		return cs_check_draw(p, d[0], true, body - 1);
	case R5XX_PM4_3D_CLEAR_HIZ:
	case R5XX_PM4_3D_CLEAR_ZMASK:
		/* start, count, value (guide 6.2.3.10; Mesa sends the three) */
		if (body != 3)
			break;
		if (p->ctx->hyperz_owner)
			return 0;
		cs_log(p, "type-3 %#x: Hyper-Z not owned", op);
		return -EINVAL;
	case R5XX_PM4_3D_CLEAR_CMASK:
		if (body != 3)
			break;
		if (p->ctx->cmask_owner)
			return 0;
		cs_log(p, "type-3 %#x: CMASK not owned", op);
		return -EINVAL;
	default:
		cs_log(p, "type-3 opcode %#x not allowed", op);
		return -EINVAL;
	}
	cs_log(p, "type-3 %#x: %u dwords is not what the CP reads", op, body);
	return -EINVAL;
}

/**
 * r5xx_cs_reset_applies() - whether the kernel writes a reset= register
 * @family: the GPU
 * @r: an entry of r5xx_cs_resets[]
 *
 * r5xx_ib_emit() writes the registers this accepts before every IB, and
 * r5xx_cs_check() starts every IB with their values.
 *
 * Return: true if @r is written on @family.
 */
bool r5xx_cs_reset_applies(enum r5xx_family family, const struct r5xx_cs_reset *r)
{
	if (family >= R5XX_FAMILY_COUNT || !(r->tables & BIT(family_table[family])))
		return false;
	/* the one register of a single family (Z pipes of RV530) */
	return r->reg != R5XX_FG_ZBREG_DEST || family == R5XX_FAMILY_RV530;
}

/*
 * Every IB starts with the registers the kernel wrote before it (reset= in
 * regs/r5xx.regs, r5xx_ib_emit()) known; the others are unknown.
 */
static void start_state(struct cs_parser *p)
{
	unsigned int k, act;

	for (k = 0; k < ARRAY_SIZE(r5xx_cs_resets); k++) {
		const struct r5xx_cs_reset *r = &r5xx_cs_resets[k];
		const struct r5xx_cs_special *sp;

		if (!r5xx_cs_reset_applies(p->ctx->family, r))
			continue;
		act = reg_action(p, r->reg);
		if (act < R5XX_CS_SPECIAL)	/* gen-regs.py refuses reset= on those */
			continue;
		sp = &r5xx_cs_specials[act - R5XX_CS_SPECIAL];
		if (sp->slot != R5XX_CS_NO_SLOT)
			cs_reg_store(&p->s, &p->s.reg[sp->slot], r->value);
	}
	/* VAP_VF_MAX_VTX_INDX known, but not in this IB: not to be patched */
	p->s.max_indx_pos = U32_MAX;
	p->s.scissor1_pos = U32_MAX;
	p->s.partial = pipes_partial(p);
}

/* The working memory a caller may keep for r5xx_cs_check() (opaque). */
struct r5xx_cs_check_state {
	struct cs_parser parser;
};

/**
 * r5xx_cs_check_state_size() - size of &r5xx_cs_check_ctx.state
 *
 * Return: the bytes a caller provides as the checker's working memory.
 */
size_t r5xx_cs_check_state_size(void)
{
	return sizeof(struct r5xx_cs_check_state);
}

/**
 * r5xx_cs_check() - check and relocate a user command stream
 * @ctx: the submission: family, dialect, relocation list, ownerships
 * @ib: the IB, already copied to kernel memory; patched in place
 * @ndw: number of dwords in @ib
 *
 * On success every relocated address in @ib has been patched, and every
 * address the GPU can reach by executing @ib lies within an object of the
 * relocation list.  On failure @ib may be partly patched and must not run.
 * The working memory is @ctx->state, or allocated here if that is NULL.
 *
 * Return: 0, -EINVAL if the stream is refused, -ENOMEM.
 */
int r5xx_cs_check(const struct r5xx_cs_check_ctx *ctx, u32 *ib, u32 ndw)
{
	struct cs_parser *p;
	int ret = 0;

	if (ctx->family >= R5XX_FAMILY_COUNT || !ndw ||
	    (ctx->nrelocs && !ctx->relocs))
		return -EINVAL;
	if (ctx->state) {
		p = &ctx->state->parser;
		memset(p, 0, sizeof(*p));
	} else {
		p = kzalloc(sizeof(*p), GFP_KERNEL);
		if (!p)
			return -ENOMEM;
	}
	p->ctx = ctx;
	p->ib = ib;
	p->ndw = ndw;
	p->action = r5xx_cs_action[family_table[ctx->family]];
	start_state(p);

	while (!ret && p->next < ndw) {
		u32 hdr = ib[p->next], len;

		p->pkt = p->next;
		if (R5XX_PM4_TYPE(hdr) == R5XX_PM4_TYPE2) {
			p->next++;
			continue;
		}
		/* the whole packet must lie in the IB */
		len = R5XX_PM4_TYPE(hdr) == R5XX_PM4_TYPE1 ? 3 : R5XX_PM4_PKT_DWORDS(hdr);
		if (len > ndw - p->pkt) {
			cs_log(p, "packet %#010x runs past the end (%u dwords)",
			       hdr, ndw);
			ret = -EINVAL;
			break;
		}
		/* relocation NOPs follow the whole packet */
		p->next = p->pkt + len;
		switch (R5XX_PM4_TYPE(hdr)) {
		case R5XX_PM4_TYPE0:
			ret = check_type0(p, hdr);
			break;
		case R5XX_PM4_TYPE1:
			ret = check_type1(p, hdr);
			break;
		default:
			ret = check_type3(p, hdr);
			break;
		}
	}
	if (!ret && p->s.partial) {
		p->pkt = ndw;
		cs_log(p, "the IB ends with SU_REG_DEST/FG_ZBREG_DEST selecting only some pipes");
		ret = -EINVAL;
	}
	if (!ctx->state)
		kfree(p);
	return ret;
}
