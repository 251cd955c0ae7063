/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Command streams for the checker tests, shaped like what Mesa r300 and
 * xf86-video-ati send (uapi-consumers.md, Appendix A and B), and the
 * buffer objects they refer to.
 */
#ifndef CS_STREAMS_H
#define CS_STREAMS_H

#include <string.h>

#include <drm/radeon_drm.h>

#include "r5xx_cs_check.h"
#include "r5xx_pm4.h"
#include "r5xx_regs.h"

#define MAX_DW 8192

struct stream {
	u32 d[MAX_DW];
	u32 n;
};

static inline void emit(struct stream *s, u32 v)
{
	if (s->n < MAX_DW)
		s->d[s->n++] = v;
}

static inline void reg(struct stream *s, u32 r, u32 v)
{
	emit(s, R5XX_PACKET0(r, 0));
	emit(s, v);
}

/* consecutive registers from r */
static inline void regs(struct stream *s, u32 r, u32 n, const u32 *v)
{
	u32 i;

	emit(s, R5XX_PACKET0(r, n - 1));
	for (i = 0; i < n; i++)
		emit(s, v[i]);
}

/* n values to one register */
static inline void reg_stream(struct stream *s, u32 r, u32 n, u32 seed)
{
	u32 i;

	emit(s, R5XX_PACKET0_ONE_REG(r, n - 1));
	for (i = 0; i < n; i++)
		emit(s, seed * 2654435761u + i);
}

static inline void nop_reloc(struct stream *s, u32 idx)
{
	emit(s, R5XX_PACKET3(R5XX_PM4_NOP, 0));
	emit(s, idx * 4);
}

static inline void reg_reloc(struct stream *s, u32 r, u32 v, u32 idx)
{
	reg(s, r, v);
	nop_reloc(s, idx);
}

static inline void pad8(struct stream *s)
{
	while (s->n % 8)
		emit(s, R5XX_PACKET2);
}

/* ---- buffer objects ---- */

enum {
	BO_CB,		/* 1024x768 ARGB8888, macro tiled, VRAM */
	BO_ZB,		/* 1024x768 Z24S8, macro+micro tiled */
	BO_TEX,		/* 256x256 ARGB8888 mip chain, macro+micro tiled */
	BO_VB,		/* 64 KiB vertex buffer, GTT */
	BO_IB,		/* 4 KiB index buffer */
	BO_QUERY,	/* 4 KiB occlusion query results */
	BO_FENCE,	/* Mesa's fence BO, never referenced by a NOP */
	BO_PIX,		/* 256x256 ARGB8888 pixmap, linear */
	BO_COUNT
};

static const struct r5xx_cs_reloc test_bos[BO_COUNT] = {
	[BO_CB] = { 0x00100000, 1024 * 768 * 4, RADEON_TILING_MACRO, 4096,
		    RADEON_GEM_DOMAIN_VRAM, RADEON_GEM_DOMAIN_VRAM },
	[BO_ZB] = { 0x00400000, 1024 * 768 * 4,
		    RADEON_TILING_MACRO | RADEON_TILING_MICRO, 4096,
		    RADEON_GEM_DOMAIN_VRAM, RADEON_GEM_DOMAIN_VRAM },
	[BO_TEX] = { 0x00700000, 512 * 1024,
		     RADEON_TILING_MACRO | RADEON_TILING_MICRO, 1024,
		     RADEON_GEM_DOMAIN_VRAM, 0 },
	[BO_VB] = { 0xe0000000, 64 * 1024, 0, 0, RADEON_GEM_DOMAIN_GTT, 0 },
	[BO_IB] = { 0xe0010000, 4096, 0, 0, RADEON_GEM_DOMAIN_GTT, 0 },
	[BO_QUERY] = { 0xe0011000, 4096, 0, 0, RADEON_GEM_DOMAIN_GTT,
		       RADEON_GEM_DOMAIN_GTT },
	[BO_FENCE] = { 0xe0012000, 4096, 0, 0, RADEON_GEM_DOMAIN_GTT,
		       RADEON_GEM_DOMAIN_GTT },
	[BO_PIX] = { 0x00780000, 256 * 256 * 4, 0, 1024,
		     RADEON_GEM_DOMAIN_VRAM, RADEON_GEM_DOMAIN_VRAM },
};

/* ---- Mesa r300 ---- */

#define COLORFORMAT(f)		((f) << 21)
#define TX_FMT0(w, h, levels)	(((w) - 1) | ((h) - 1) << 11 | (levels) << 26)
#define VF(walk, n, prim)	((walk) << 4 | (n) << 16 | (prim))
#define VBPNTR_ATTR(size, stride) ((size) | (stride) << 8)

/* state every Mesa CS starts with (r300_emit_* of all dirty atoms) */
static inline void mesa_state(struct stream *s, bool r500)
{
	static const u32 mspos[2] = { 0x66666666, 0x06666666 };
	static const u32 vap_gb[4] = { 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000 };
	static const u32 pvs_cntl[4] = { 0x00000000, 0x00000005, 0x00000003, 0 };
	static const u32 out_fmt[4] = { 0x00001b00, 0x1b0f, 0x1b0f, 0x1b0f };
	u32 bias = r500 ? 0 : 1440, i;

	reg(s, R5XX_WAIT_UNTIL, R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN);
	reg(s, R5XX_GB_ENABLE, 0);
	regs(s, R5XX_GB_MSPOS0, 2, mspos);
	reg(s, R5XX_GB_SELECT, 0);
	reg(s, R5XX_GB_AA_CONFIG, 0);
	reg(s, R5XX_GB_Z_PEQ_CONFIG, 0);
	reg(s, R5XX_VAP_CNTL, 0x000050a3);
	reg(s, R5XX_VAP_VTE_CNTL, 0x0000043f);
	reg(s, R5XX_VAP_CNTL_STATUS, 0);
	reg(s, R5XX_VAP_PROG_STREAM_CNTL(0), 0x20022002);
	reg(s, R5XX_VAP_PROG_STREAM_CNTL_EXT(0), 0xfa88fa88);
	reg(s, R5XX_VAP_VTX_STATE_CNTL, 0x5555);
	reg(s, R5XX_VAP_VSM_VTX_ASSM, 0x00000405);
	regs(s, R5XX_VAP_OUT_VTX_FMT(0), 2, out_fmt);
	reg(s, R5XX_VAP_CLIP_CNTL, 0x0000c000);
	regs(s, R5XX_VAP_GB_VERT_CLIP_ADJ, 4, vap_gb);
	regs(s, R5XX_VAP_PVS_CODE_CNTL(0), 4, pvs_cntl);
	reg(s, R5XX_VAP_PVS_VECTOR_INDX_REG, 0);
	reg_stream(s, R5XX_VAP_PVS_VECTOR_DATA_REG_128, 32, 1);
	reg(s, R5XX_VAP_PVS_STATE_FLUSH_REG, 0);
	reg(s, R5XX_GA_POINT_SIZE, 0x00060006);
	reg(s, R5XX_GA_POINT_MINMAX, 0x18000006);
	reg(s, R5XX_GA_LINE_CNTL, 0x00020006);
	reg(s, R5XX_GA_POLY_MODE, 0);
	reg(s, R5XX_GA_ROUND_MODE, 1);
	reg(s, R5XX_GA_OFFSET, 0);
	reg(s, R5XX_GA_COLOR_CONTROL, 0x0003aaaa);
	reg(s, R5XX_SU_CULL_MODE, 0);
	reg(s, R5XX_SU_POLY_OFFSET_ENABLE, 0);
	reg(s, R5XX_SU_DEPTH_SCALE, 0x4b7fffff);
	reg(s, R5XX_SU_DEPTH_OFFSET, 0);
	reg(s, R5XX_RS_COUNT, 0x00040080);
	reg(s, R5XX_RS_INST_COUNT, 0);
	if (r500) {
		reg(s, R5XX_R500_RS_IP(0), 0x1f000000);
		reg(s, R5XX_R500_RS_INST(0), 0x00000010);
		reg(s, R5XX_US_CONFIG, 2);
		reg(s, R5XX_US_PIXSIZE, 3);
		reg(s, R5XX_R500_US_CODE_ADDR, 0);
		reg(s, R5XX_R500_US_CODE_RANGE, 0x00010000);
		reg(s, R5XX_R500_US_CODE_OFFSET, 0);
		reg(s, R5XX_R500_US_FC_CTRL, 0);
		reg(s, R5XX_GA_US_VECTOR_INDEX, 0);
		reg_stream(s, R5XX_GA_US_VECTOR_DATA, 6 * 4, 2);
		reg(s, R5XX_GA_US_VECTOR_INDEX, 0x00010000);
		reg_stream(s, R5XX_GA_US_VECTOR_DATA, 4 * 8, 3);
		reg(s, R5XX_R500_US_FORMAT0(0), 0);
		reg(s, R5XX_FG_ALPHA_VALUE, 0);
		regs(s, R5XX_RB3D_CONSTANT_COLOR_AR, 2, mspos);
		reg(s, R5XX_ZB_STENCILREFMASK_BF, 0);
		reg(s, R5XX_VAP_INDEX_OFFSET, 0);
	} else {
		reg(s, R5XX_RS_IP(0), 0x00001000);
		reg(s, R5XX_R300_RS_INST(0), 0x00000008);
		reg(s, R5XX_US_CONFIG, 0);
		reg(s, R5XX_US_PIXSIZE, 2);
		reg(s, R5XX_US_CODE_OFFSET, 0x00000040);
		regs(s, R5XX_US_CODE_ADDR(0), 4, pvs_cntl);
		reg(s, R5XX_US_TEX_INST(0), 0x00018000);
		for (i = 0; i < 4; i++)
			reg(s, R5XX_US_ALU_RGB_ADDR(0) + 0x100 * i, 0x00040000 + i);
		regs(s, R5XX_US_ALU_CONST_R(0), 4, vap_gb);
	}
	regs(s, R5XX_US_OUT_FMT(0), 4, out_fmt);
	reg(s, R5XX_US_W_FMT, 0);
	reg(s, R5XX_FG_FOG_BLEND, 0);
	reg(s, R5XX_FG_ALPHA_FUNC, 0);
	reg(s, R5XX_FG_DEPTH_SRC, 0);

	/* framebuffer: one colour buffer, a Z buffer (r300_emit_fb_state) */
	reg(s, R5XX_RB3D_CCTL, 0);
	reg(s, R5XX_RB3D_BLENDCNTL, 0);
	reg(s, R5XX_RB3D_ABLENDCNTL, 0);
	reg(s, R5XX_RB3D_COLOR_CHANNEL_MASK, 0xf);
	reg(s, R5XX_RB3D_ROPCNTL, 0);
	reg(s, R5XX_RB3D_DITHER_CTL, 0);
	reg_reloc(s, R5XX_RB3D_COLOROFFSET(0), 0, BO_CB);
	reg_reloc(s, R5XX_RB3D_COLORPITCH(0),
		  1024 | R5XX_RB3D_COLORPITCH_COLORTILE | COLORFORMAT(6), BO_CB);
	reg(s, R5XX_ZB_FORMAT, 2);
	reg_reloc(s, R5XX_ZB_DEPTHOFFSET, 0, BO_ZB);
	reg_reloc(s, R5XX_ZB_DEPTHPITCH, 1024 | R5XX_ZB_DEPTHPITCH_DEPTHMACROTILE |
		  1 << 17, BO_ZB);
	reg(s, R5XX_ZB_CNTL, R5XX_ZB_CNTL_Z_ENABLE | BIT(2));
	reg(s, R5XX_ZB_ZSTENCILCNTL, 0);
	reg(s, R5XX_ZB_STENCILREFMASK, 0);
	reg(s, R5XX_ZB_BW_CNTL, 0);
	reg(s, R5XX_ZB_DEPTHCLEARVALUE, 0);
	reg(s, R5XX_SC_HYPERZ_EN, 0);
	reg(s, R5XX_RE_SCISSORS_TL, bias | bias << 13);
	reg(s, R5XX_RE_SCISSORS_BR, (1023 + bias) | (767 + bias) << 13);
	reg(s, R5XX_SC_EDGERULE, 0x2da49525);
	reg(s, R5XX_SC_CLIP_RULE, 0xaaaa);
	reg(s, R5XX_SC_SCREENDOOR, 0xffffff);
	reg(s, R5XX_RB3D_AARESOLVE_CTL, 0);

	/* one texture (r300_emit_textures_state) */
	reg(s, R5XX_TX_ENABLE, 1);
	reg(s, R5XX_TX_FILTER0(0), 0);
	reg(s, R5XX_TX_FILTER1(0), 0);
	reg(s, R5XX_TX_BORDER_COLOR(0), 0);
	reg(s, R5XX_TX_FORMAT0(0), TX_FMT0(256, 256, 8));
	reg(s, R5XX_TX_FORMAT1(0), 0x0c);
	reg(s, R5XX_TX_FORMAT2(0), 0);
	reg_reloc(s, R5XX_TX_OFFSET(0), R5XX_TX_OFFSET_MACRO_TILE |
		  R5XX_TX_OFFSET_MICRO_TILE_TILED, BO_TEX);
}

/* a Mesa CS: state, three kinds of draw, an occlusion query */
static inline void mesa_stream(struct stream *s, bool r500)
{
	static const u32 indx[2] = { 99, 0 };
	u32 i;

	s->n = 0;
	mesa_state(s, r500);

	/* r300_emit_vertex_arrays: two arrays in the VBO, FORCE_PREFETCH */
	emit(s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3));
	emit(s, 2 | BIT(5));
	emit(s, VBPNTR_ATTR(3, 8) | VBPNTR_ATTR(4, 8) << 16);
	emit(s, 0);
	emit(s, 12);
	nop_reloc(s, BO_VB);
	nop_reloc(s, BO_VB);
	regs(s, R5XX_VAP_VF_MAX_VTX_INDX, 2, indx);
	emit(s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(s, VF(2, 100, 4));

	/* r300_emit_draw_elements: 16-bit indices from a buffer */
	emit(s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 0));
	emit(s, VF(1, 300, 4));
	emit(s, R5XX_PACKET3(R5XX_PM4_INDX_BUFFER, 2));
	emit(s, BIT(31) | R5XX_VAP_PORT_IDX(0) >> 2);
	emit(s, 0);
	emit(s, 150);
	nop_reloc(s, BO_IB);

	if (r500) {	/* more than 65535 vertices: VAP_ALT_NUM_VERTICES */
		reg(s, R5XX_VAP_ALT_NUM_VERTICES, 2000);
		emit(s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
		emit(s, VF(2, 0, 4) | R5XX_VAP_VF_CNTL_USE_ALT_NUM_VERTS);
	}

	/* r300_draw_arrays_immediate */
	reg(s, R5XX_VAP_VTX_SIZE, 8);
	emit(s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_IMMD_2, 24));
	emit(s, VF(3, 3, 4));
	for (i = 0; i < 24; i++)
		emit(s, 0x3f800000);

	/* occlusion query end, two pipes (r300_emit_query_end_frag_pipes) */
	reg(s, R5XX_SU_REG_DEST, 1);
	reg_reloc(s, R5XX_ZB_ZPASS_ADDR, 0, BO_QUERY);
	reg(s, R5XX_SU_REG_DEST, 2);
	reg_reloc(s, R5XX_ZB_ZPASS_ADDR, 4, BO_QUERY);
	reg(s, R5XX_SU_REG_DEST, 0xf);

	reg(s, R5XX_RB3D_DSTCACHE_CTLSTAT, 0xa);
	reg(s, R5XX_ZB_ZCACHE_CTLSTAT, 3);
	reg(s, R5XX_WAIT_UNTIL, R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN);
	pad8(s);
}

/* ---- xf86-video-ati ---- */

#define GMC_SOLID(dt, rop)	(R5XX_DP_GUI_MASTER_CNTL_DST_PITCH_OFFSET_CNTL | \
				 13 << 4 | (dt) << 8 | 3 << 12 | (rop) << 16 | BIT(28))
#define GMC_COPY(dt, rop)	(R5XX_DP_GUI_MASTER_CNTL_DST_PITCH_OFFSET_CNTL | \
				 R5XX_DP_GUI_MASTER_CNTL_SRC_PITCH_OFFSET_CNTL | \
				 15 << 4 | (dt) << 8 | 3 << 12 | (rop) << 16 | \
				 2 << 24 | BIT(28))
#define PITCH_OFFSET(pitch, off) ((pitch) / 64 << 22 | (off) >> 10)
#define YX(y, x)		((y) << 16 | (x))

/* EXA solid fill and copy into the front buffer, and a VLINE wait */
static inline void ddx_2d_stream(struct stream *s, bool avivo, u32 crtc_id)
{
	s->n = 0;
	/* RADEONWaitForVLine */
	reg(s, avivo ? R5XX_D1MODE_VLINE_START_END : R5XX_CRTC_GUI_TRIG_VLINE,
	    100 | 200 << 16);
	reg(s, R5XX_WAIT_UNTIL, R5XX_WAIT_UNTIL_WAIT_CRTC_VLINE);
	emit(s, R5XX_PACKET3(R5XX_PM4_NOP, 0));
	emit(s, crtc_id);

	/* RADEONPrepareSolid + RADEONSolid */
	reg(s, R5XX_DP_GUI_MASTER_CNTL, GMC_SOLID(6, 0xf0));
	reg(s, R5XX_DP_BRUSH_FRGD_CLR, 0xff00ff00);
	reg(s, R5XX_DP_WRITE_MSK, 0xffffffff);
	reg(s, R5XX_DP_CNTL, R5XX_DP_CNTL_DST_X_LEFT_TO_RIGHT |
	    R5XX_DP_CNTL_DST_Y_TOP_TO_BOTTOM);
	reg_reloc(s, R5XX_DST_PITCH_OFFSET, PITCH_OFFSET(4096, 0), BO_CB);
	reg(s, R5XX_DST_Y_X, YX(10, 20));
	reg(s, R5XX_DST_HEIGHT_WIDTH, YX(100, 200));
	reg(s, R5XX_DST_Y_X, YX(700, 1000));
	reg(s, R5XX_DST_HEIGHT_WIDTH, YX(68, 24));	/* to the bottom right */
	reg(s, R5XX_DSTCACHE_CTLSTAT, 0xf);

	/* RADEONPrepareCopy + RADEONCopy: pixmap to screen, then overlapping */
	reg(s, R5XX_DP_GUI_MASTER_CNTL, GMC_COPY(6, 0xcc));
	reg(s, R5XX_DP_WRITE_MSK, 0xffffffff);
	reg(s, R5XX_DP_CNTL, R5XX_DP_CNTL_DST_X_LEFT_TO_RIGHT |
	    R5XX_DP_CNTL_DST_Y_TOP_TO_BOTTOM);
	reg_reloc(s, R5XX_SRC_PITCH_OFFSET, PITCH_OFFSET(1024, 0), BO_PIX);
	reg_reloc(s, R5XX_DST_PITCH_OFFSET, PITCH_OFFSET(4096, 0), BO_CB);
	reg(s, R5XX_SRC_Y_X, YX(0, 0));
	reg(s, R5XX_DST_Y_X, YX(300, 300));
	reg(s, R5XX_DST_HEIGHT_WIDTH, YX(256, 256));
	/* scroll up within the front buffer: bottom to top, right to left */
	reg(s, R5XX_DP_CNTL, 0);
	reg_reloc(s, R5XX_SRC_PITCH_OFFSET, PITCH_OFFSET(4096, 0), BO_CB);
	reg_reloc(s, R5XX_DST_PITCH_OFFSET, PITCH_OFFSET(4096, 0), BO_CB);
	reg(s, R5XX_SRC_Y_X, YX(767, 1023));
	reg(s, R5XX_DST_Y_X, YX(747, 1023));
	reg(s, R5XX_DST_HEIGHT_WIDTH, YX(748, 1024));
	reg(s, R5XX_DSTCACHE_CTLSTAT, 0xf);
	reg(s, R5XX_WAIT_UNTIL, R5XX_WAIT_UNTIL_WAIT_2D_IDLECLEAN);
	pad8(s);
}

/* EXA composite on the 3D engine (R300PrepareComposite + quads) */
static inline void ddx_composite_stream(struct stream *s, bool r500)
{
	u32 bias = r500 ? 0 : 1440, i;

	s->n = 0;
	reg(s, R5XX_WAIT_UNTIL, R5XX_WAIT_UNTIL_WAIT_2D_IDLECLEAN |
	    R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN);
	reg(s, R5XX_GB_AA_CONFIG, 0);
	reg(s, R5XX_RB3D_DSTCACHE_CTLSTAT, 0xa);
	reg(s, R5XX_ZB_ZCACHE_CTLSTAT, 3);
	reg(s, R5XX_RB3D_CCTL, 0);
	reg(s, R5XX_ZB_CNTL, 0);
	reg(s, R5XX_RB3D_AARESOLVE_CTL, 0);
	reg(s, R5XX_RB3D_COLOR_CHANNEL_MASK, 0xf);
	reg(s, R5XX_SC_EDGERULE, 0xa5294a5);
	reg(s, R5XX_RE_SCISSORS_TL, 0);
	reg(s, R5XX_RE_SCISSORS_BR, 8191 | 8191 << 13);
	reg(s, R5XX_VAP_CNTL_STATUS, 0);
	reg(s, R5XX_VAP_PVS_STATE_FLUSH_REG, 0);
	reg(s, R5XX_VAP_VTE_CNTL, 0x300);
	reg(s, R5XX_VAP_VTX_SIZE, 4);
	reg(s, R5XX_VAP_PVS_VECTOR_INDX_REG, 0);
	emit(s, R5XX_PACKET0_ONE_REG(R5XX_VAP_PVS_VECTOR_DATA_REG, 7));
	for (i = 0; i < 8; i++)
		emit(s, 0x00f00203 + i);
	reg(s, R5XX_US_OUT_FMT(1), 0x1b0f);	/* RADEONInit3DEngine: unused */
	reg(s, R5XX_US_OUT_FMT(2), 0x1b0f);
	reg(s, R5XX_US_OUT_FMT(3), 0x1b0f);
	reg(s, R5XX_US_OUT_FMT(0), 0x1b00);
	reg(s, R5XX_TX_INVALTAGS, 0);
	/* source picture: the linear pixmap, clamped */
	reg(s, R5XX_TX_FILTER0(0), 2 | 2 << 3);
	reg(s, R5XX_TX_FILTER1(0), 0);
	reg(s, R5XX_TX_FORMAT0(0), TX_FMT0(256, 256, 0) | R5XX_TX_FORMAT0_TXPITCH_EN);
	reg(s, R5XX_TX_FORMAT1(0), 0x0c);
	reg(s, R5XX_TX_FORMAT2(0), 255);
	reg_reloc(s, R5XX_TX_OFFSET(0), 0, BO_PIX);
	reg(s, R5XX_TX_ENABLE, 1);
	/* destination: the macro-tiled front buffer; no FLAGS chunk */
	reg_reloc(s, R5XX_RB3D_COLOROFFSET(0), 0, BO_CB);
	reg_reloc(s, R5XX_RB3D_COLORPITCH(0), 1024 | COLORFORMAT(6), BO_CB);
	reg(s, R5XX_RB3D_BLENDCNTL, 0);
	reg(s, R5XX_RE_SCISSORS_TL, bias | bias << 13);
	reg(s, R5XX_RE_SCISSORS_BR, (1023 + bias) | (767 + bias) << 13);
	for (i = 0; i < 3; i++) {	/* RadeonCompositeTile: one quad each */
		u32 k;

		emit(s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_IMMD_2, 16));
		emit(s, VF(3, 4, 13));
		for (k = 0; k < 16; k++)
			emit(s, 0x42000000 + k);
	}
	reg(s, R5XX_RB3D_DSTCACHE_CTLSTAT, 0xa);
	pad8(s);
}

#endif
