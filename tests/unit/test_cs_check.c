// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Host unit tests of the command-stream checker: streams shaped like Mesa's
 * and the X driver's must pass (and be patched as upstream radeon patches
 * them), hostile ones must not.  Every accepted stream is also replayed
 * through the independent access model of tests/fuzz.
 *
 * With --corpus DIR, writes the streams as seeds for the fuzzer instead.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bitfield.h>
#include <linux/kernel.h>

#include "../fuzz/access_model.h"
#include "../fuzz/fuzz_input.h"
#include "cs_streams.h"
#include "r5xx_cs_tables.h"
#include "tap.h"

static int verbose;

static void log_printf(void *priv, const char *fmt, ...)
{
	va_list ap;

	if (!verbose)
		return;
	printf("#   ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/* KMS CRTC ids: 31 is CRTC 0, 32 CRTC 1, 33 a disabled one */
static int crtc_lookup(void *priv, u32 id, struct r5xx_cs_crtc *crtc)
{
	if (id < 31 || id > 33)
		return -ENOENT;
	crtc->enabled = id != 33;
	crtc->hw_index = id == 32;
	return 0;
}

static struct r5xx_cs_check_ctx ctx_for(enum r5xx_family fam, u32 flags)
{
	struct r5xx_cs_check_ctx c = {
		.family = fam,
		.cs_flags = flags,
		.relocs = test_bos,
		.nrelocs = BO_COUNT,
		.crtc_lookup = crtc_lookup,
		.log = log_printf,
	};
	return c;
}

static u32 last_ib[MAX_DW];
static const char *corpus_dir;
static int corpus_n;

static void write_seed(const struct r5xx_cs_check_ctx *c, const struct stream *s)
{
	u8 buf[FUZZ_MAX_INPUT];
	char path[512];
	size_t len;
	FILE *f;

	len = fuzz_encode(c, s->d, s->n, buf, sizeof(buf));
	if (!len)
		return;
	snprintf(path, sizeof(path), "%s/unit-%03d", corpus_dir, corpus_n++);
	f = fopen(path, "wb");
	if (!f || fwrite(buf, 1, len, f) != len)
		perror(path);
	if (f)
		fclose(f);
}

/*
 * The working memory run() passes, as the driver does: one block reused by
 * every check, filled with garbage before the first, so that a check that
 * relied on memory left by the previous one, or on zeroed memory it did
 * not clear itself, would show (refused streams go through
 * fail_at_reloc() with the checker's own allocation).
 */
static struct r5xx_cs_check_state *shared_state(void)
{
	static struct r5xx_cs_check_state *state;

	if (!state) {
		state = malloc(r5xx_cs_check_state_size());
		if (!state)
			abort();
		memset(state, 0xa5, r5xx_cs_check_state_size());
	}
	return state;
}

/* check a copy of @s; accepted streams must satisfy the access model */
static int run(const struct r5xx_cs_check_ctx *ctx, const struct stream *s)
{
	struct r5xx_cs_check_ctx sc = *ctx;
	const struct r5xx_cs_check_ctx *c = &sc;
	struct am_bo bos[BO_COUNT];
	char why[256];
	u32 i;
	int ret;

	sc.state = shared_state();
	if (corpus_dir)
		write_seed(c, s);
	memcpy(last_ib, s->d, s->n * 4);
	ret = r5xx_cs_check(c, last_ib, s->n);
	if (ret)
		return ret;
	for (i = 0; i < c->nrelocs && i < BO_COUNT; i++) {
		bos[i].start = c->relocs[i].gpu_offset;
		bos[i].size = c->relocs[i].size;
	}
	if (am_run(bos, c->nrelocs, c->family >= R5XX_FAMILY_RV515,
		   c->family >= R5XX_FAMILY_RS600 && c->family <= R5XX_FAMILY_RS740,
		   c->family == R5XX_FAMILY_R300, c->family == R5XX_FAMILY_RV530,
		   c->cmask_owner, last_ib, s->n, why, sizeof(why))) {
		printf("# access model: %s\n", why);
		return -EFAULT;
	}
	return 0;
}

static int accepts(enum r5xx_family fam, u32 flags, const struct stream *s)
{
	struct r5xx_cs_check_ctx c = ctx_for(fam, flags);

	return run(&c, s);
}

/* index of the first dword of @s equal to @v, after @from */
static u32 find(const struct stream *s, u32 v, u32 from)
{
	u32 i;

	for (i = from; i < s->n; i++)
		if (s->d[i] == v)
			return i;
	return ~0u;
}

static const enum r5xx_family all_families[] = {
	R5XX_FAMILY_R300, R5XX_FAMILY_R350, R5XX_FAMILY_RV350, R5XX_FAMILY_RV380,
	R5XX_FAMILY_R420, R5XX_FAMILY_R423, R5XX_FAMILY_RV410, R5XX_FAMILY_RS400,
	R5XX_FAMILY_RS480, R5XX_FAMILY_RS600, R5XX_FAMILY_RS690, R5XX_FAMILY_RS740,
	R5XX_FAMILY_RV515, R5XX_FAMILY_R520, R5XX_FAMILY_RV530, R5XX_FAMILY_RV560,
	R5XX_FAMILY_RV570, R5XX_FAMILY_R580,
};

static bool is_r500(enum r5xx_family f)
{
	return f >= R5XX_FAMILY_RV515;
}

static bool is_avivo(enum r5xx_family f)
{
	return f >= R5XX_FAMILY_RS600;
}

/* ---------------------------------------------------------------- Mesa */

static struct stream s, t;

static void test_mesa(void)
{
	unsigned int i;
	u32 k;

	for (i = 0; i < ARRAY_SIZE(all_families); i++) {
		enum r5xx_family f = all_families[i];

		mesa_stream(&s, is_r500(f));
		if (f < R5XX_FAMILY_RV350) {	/* Mesa skips GB_Z_PEQ_CONFIG there */
			k = find(&s, R5XX_PACKET0(R5XX_GB_Z_PEQ_CONFIG, 0), 0);
			s.d[k] = R5XX_PACKET2;
			s.d[k + 1] = R5XX_PACKET2;
		}
		tap_is(accepts(f, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
		       "Mesa stream, family %d", f);
	}

	/* relocations: value + object address; KEEP keeps Mesa's tile bits */
	mesa_stream(&s, false);
	accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s);
	k = find(&s, R5XX_PACKET0(R5XX_RB3D_COLOROFFSET(0), 0), 0);
	tap_is(last_ib[k + 1], test_bos[BO_CB].gpu_offset, "COLOROFFSET0 relocated");
	k = find(&s, R5XX_PACKET0(R5XX_RB3D_COLORPITCH(0), 0), 0);
	tap_is(last_ib[k + 1], s.d[k + 1], "KEEP: COLORPITCH0 untouched");
	k = find(&s, R5XX_PACKET0(R5XX_TX_OFFSET(0), 0), 0);
	tap_is(last_ib[k + 1], test_bos[BO_TEX].gpu_offset | s.d[k + 1],
	       "TX_OFFSET0: address plus Mesa's tile bits");
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3), 0);
	tap_ok(last_ib[k + 3] == test_bos[BO_VB].gpu_offset &&
	       last_ib[k + 4] == test_bos[BO_VB].gpu_offset + 12,
	       "3D_LOAD_VBPNTR: both arrays relocated");
	k = find(&s, R5XX_PACKET3(R5XX_PM4_INDX_BUFFER, 2), 0);
	tap_is(last_ib[k + 2], test_bos[BO_IB].gpu_offset, "INDX_BUFFER relocated");
	k = find(&s, R5XX_PACKET0(R5XX_ZB_ZPASS_ADDR, 0), 0);
	k = find(&s, R5XX_PACKET0(R5XX_ZB_ZPASS_ADDR, 0), k + 1);
	tap_is(last_ib[k + 1], test_bos[BO_QUERY].gpu_offset + 4,
	       "ZB_ZPASS_ADDR of pipe 1 relocated");
	k = find(&s, R5XX_PACKET0(R5XX_VAP_VF_MAX_VTX_INDX, 1), 0);
	tap_is(last_ib[k + 1], 99, "VAP_VF_MAX_VTX_INDX kept when the arrays fit");
}

/* Mesa's max_index lets the last vertex start at the end of its buffer */
static void test_index_clamp(void)
{
	u32 k, safe = (64 * 1024 - 16) / 32;

	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_VAP_VF_MAX_VTX_INDX, 1), 0);
	s.d[k + 1] = 64 * 1024 / 32;	/* element 2048 starts at the end */
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "indexed draw past the buffer end: accepted (upstream does)");
	tap_is(last_ib[k + 1], safe, "... with VAP_VF_MAX_VTX_INDX clamped to %u", safe);

	s.d[k + 1] = 0xffffff;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "indexed draw, max index 2^24-1: clamped too");
	tap_is(last_ib[k + 1], safe, "... to %u", safe);

	/* the list draw cannot be clamped: 2049 vertices do not fit */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0), 0);
	s.d[k + 1] = VF(2, 2048, 4);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "vertex list of 2048 vertices fits");
	s.d[k + 1] = VF(2, 2049, 4);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "vertex list of 2049 vertices refused");
}

/* ---------------------------------------------------------------- DDX */

static void test_ddx(void)
{
	unsigned int i;
	u32 k;

	for (i = 0; i < ARRAY_SIZE(all_families); i++) {
		enum r5xx_family f = all_families[i];

		ddx_2d_stream(&s, is_avivo(f), 31);
		tap_is(accepts(f, 0, &s), 0, "DDX 2D stream, family %d", f);
		ddx_composite_stream(&s, is_r500(f));
		tap_is(accepts(f, 0, &s), 0, "DDX composite stream, family %d", f);
	}

	/* no KEEP: tile bits come from the objects */
	ddx_2d_stream(&s, false, 31);
	accepts(R5XX_FAMILY_RV380, 0, &s);
	k = find(&s, R5XX_PACKET0(R5XX_DST_PITCH_OFFSET, 0), 0);
	tap_is(last_ib[k + 1], PITCH_OFFSET(4096, 0) | test_bos[BO_CB].gpu_offset >> 10 |
	       R5XX_DST_PITCH_OFFSET_TILE_MACRO, "DST_PITCH_OFFSET: address and macro bit");
	k = find(&s, R5XX_PACKET0(R5XX_SRC_PITCH_OFFSET, 0), 0);
	tap_is(last_ib[k + 1], PITCH_OFFSET(1024, 0) | test_bos[BO_PIX].gpu_offset >> 10,
	       "SRC_PITCH_OFFSET: linear pixmap");
	ddx_composite_stream(&s, false);
	accepts(R5XX_FAMILY_RV380, 0, &s);
	k = find(&s, R5XX_PACKET0(R5XX_RB3D_COLORPITCH(0), 0), 0);
	tap_is(last_ib[k + 1], 1024 | COLORFORMAT(6) | R5XX_RB3D_COLORPITCH_COLORTILE,
	       "COLORPITCH0: macro bit from the front buffer object");
	tap_is(last_ib[k + 2], R5XX_PACKET3(R5XX_PM4_NOP, 0), "its NOP is consumed");

	/* same stream with KEEP: the pitch NOP is an ordinary NOP */
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "DDX composite also passes with KEEP_TILING_FLAGS");
	tap_is(last_ib[k + 1], 1024 | COLORFORMAT(6), "KEEP: no tile bits added");

	/* texture tile bits from the object without KEEP */
	ddx_composite_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_TX_OFFSET(0), 0), 0);
	s.d[k + 3] = BO_TEX * 4;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "composite from the tiled texture object");
	tap_is(last_ib[k + 1], test_bos[BO_TEX].gpu_offset | R5XX_TX_OFFSET_MACRO_TILE |
	       R5XX_TX_OFFSET_MICRO_TILE_TILED, "TX_OFFSET: tile bits from the object");
}

static void test_vline(void)
{
	u32 k;

	ddx_2d_stream(&s, false, 32);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "VLINE wait on CRTC 1");
	tap_is(last_ib[0], R5XX_PACKET0(R5XX_CRTC2_GUI_TRIG_VLINE, 0), "... retargeted");
	tap_is(last_ib[3], R5XX_WAIT_UNTIL_WAIT_CRTC_VLINE |
	       R5XX_WAIT_UNTIL_ENG_DISPLAY_SELECT_CRTC1, "... and selects CRTC 1");
	ddx_2d_stream(&s, true, 32);
	tap_is(accepts(R5XX_FAMILY_RV515, 0, &s), 0, "AVIVO VLINE wait on D2");
	tap_is(last_ib[0], R5XX_PACKET0(R5XX_D2MODE_VLINE_START_END, 0), "... retargeted");
	ddx_2d_stream(&s, true, 33);
	tap_is(accepts(R5XX_FAMILY_RV515, 0, &s), 0, "VLINE wait on a disabled CRTC");
	tap_ok(last_ib[2] == R5XX_PACKET2 && last_ib[3] == R5XX_PACKET2,
	       "... its WAIT_UNTIL is dropped");
	ddx_2d_stream(&s, true, 99);
	tap_is(accepts(R5XX_FAMILY_RV515, 0, &s), -ENOENT, "VLINE wait on an unknown CRTC");
	ddx_2d_stream(&s, true, 31);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "AVIVO VLINE register before RS600");
	ddx_2d_stream(&s, false, 31);
	tap_is(accepts(R5XX_FAMILY_RV515, 0, &s), -EINVAL, "legacy VLINE register on AVIVO");
	ddx_2d_stream(&s, false, 31);
	s.d[3] |= BIT(0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "VLINE wait with other WAIT_UNTIL bits");
	ddx_2d_stream(&s, false, 31);
	s.d[2] = R5XX_PACKET0(R5XX_DSTCACHE_CTLSTAT, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "VLINE without WAIT_UNTIL");
	ddx_2d_stream(&s, false, 31);
	s.d[0] = R5XX_PACKET0(R5XX_CRTC_GUI_TRIG_VLINE - 4, 1);
	k = s.d[1];
	s.d[1] = 0;
	memmove(&s.d[3], &s.d[2], (s.n - 2) * 4);
	s.d[2] = k;
	s.n++;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "VLINE register reached by a burst from 0x214");
}

/* ------------------------------------------------------------- hostile */

static void one_reg(u32 r, u32 v, enum r5xx_family f, const char *what)
{
	s.n = 0;
	reg(&s, r, v);
	pad8(&s);
	tap_is(accepts(f, 0, &s), -EINVAL, "%s (%#06x) refused", what, r);
}

static void test_forbidden(void)
{
	static const struct {
		u32 reg;
		const char *what;
	} bad[] = {
		{ R5XX_MM_INDEX, "MM_INDEX" }, { R5XX_MM_DATA, "MM_DATA" },
		{ R5XX_PCIE_INDEX, "PCIE_INDEX (GART)" }, { R5XX_PCIE_DATA, "PCIE_DATA" },
		{ R5XX_GEN_INT_CNTL, "GEN_INT_CNTL" }, { R5XX_GEN_INT_STATUS, "GEN_INT_STATUS" },
		{ R5XX_MC_IND_INDEX, "MC_IND_INDEX" }, { R5XX_MC_FB_LOCATION, "MC_FB_LOCATION" },
		{ R5XX_AIC_CNTL, "AIC_CNTL (PCI GART)" }, { R5XX_RBBM_SOFT_RESET, "RBBM_SOFT_RESET" },
		{ R5XX_CP_RB_BASE, "CP_RB_BASE" }, { R5XX_CP_RB_WPTR, "CP_RB_WPTR" },
		{ R5XX_CP_IB_BASE, "CP_IB_BASE" }, { R5XX_CP_IB_BUFSZ, "CP_IB_BUFSZ" },
		{ R5XX_CP_IB2_BASE, "CP_IB2_BASE" }, { R5XX_CP_IB2_BUFSZ, "CP_IB2_BUFSZ" },
		{ R5XX_CP_CSQ_CNTL, "CP_CSQ_CNTL" }, { R5XX_CP_ME_RAM_DATAL, "CP_ME_RAM_DATAL" },
		{ R5XX_SCRATCH_ADDR, "SCRATCH_ADDR" }, { R5XX_SCRATCH_UMSK, "SCRATCH_UMSK" },
		{ R5XX_SCRATCH_REG(0), "SCRATCH_REG0 (fences)" },
		{ R5XX_SURFACE_CNTL, "SURFACE_CNTL" }, { R5XX_SURFACE_INFO(0), "SURFACE0_INFO" },
		{ R5XX_DMA_GUI_SRC_ADDR, "GUI DMA source" },
		{ R5XX_DMA_GUI_COMMAND, "GUI DMA command" },
		{ R5XX_GB_TILE_CONFIG, "GB_TILE_CONFIG" },
		{ R5XX_VAP_PORT_IDX(0), "VAP_PORT_IDX0" },
		{ R5XX_VAP_VTX_AOS_ADDR0, "VAP_VTX_AOS_ADDR0" },
		{ 0x16e0, "DEFAULT_OFFSET" }, { 0x4f60, "ZB_DEPTHXY_OFFSET" },
		{ R5XX_D1CRTC_CONTROL, "D1CRTC_CONTROL" }, { 0x6110, "D1GRPH_PRIMARY_SURFACE" },
		{ 0x7ffc, "last type-0 register" },
	};
	static const u32 ops[] = {
		R5XX_PM4_BITBLT_MULTI, R5XX_PM4_PAINT_MULTI, R5XX_PM4_HOSTDATA_BLT,
		R5XX_PM4_WAIT_SEMAPHORE, R5XX_PM4_WAIT_MEM, R5XX_PM4_PRED_EXEC,
		R5XX_PM4_COND_EXEC, R5XX_PM4_3D_DRAW_128, R5XX_PM4_MPEG_INDEX,
		R5XX_PM4_LOAD_PALETTE, R5XX_PM4_SET_SCISSORS, 0xff,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		one_reg(bad[i].reg, 0, R5XX_FAMILY_RV380, bad[i].what);
		one_reg(bad[i].reg, 0, R5XX_FAMILY_RV515, bad[i].what);
	}
	one_reg(R5XX_VAP_ALT_NUM_VERTICES, 1, R5XX_FAMILY_RV380, "ALT_NUM_VERTICES before R5xx");
	one_reg(R5XX_VAP_INDEX_OFFSET, 1, R5XX_FAMILY_RV380, "VAP_INDEX_OFFSET before R5xx");
	one_reg(R5XX_FG_ZBREG_DEST, 1, R5XX_FAMILY_RV515, "FG_ZBREG_DEST outside RV530");
	one_reg(R5XX_GB_Z_PEQ_CONFIG, 0, R5XX_FAMILY_R300, "GB_Z_PEQ_CONFIG on R300");
	one_reg(R5XX_VAP_VF_CNTL, VF(2, 3, 4), R5XX_FAMILY_RV380, "VAP_VF_CNTL with a primitive");
	s.n = 0;
	reg(&s, R5XX_FG_ZBREG_DEST, 1);
	reg(&s, R5XX_FG_ZBREG_DEST, 3);
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV530, 0, &s), 0, "FG_ZBREG_DEST on RV530");
	s.n = 0;
	reg(&s, R5XX_US_TEX_INST(8), 1);
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "US_TEX_INST8 on R3xx");

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		s.n = 0;
		emit(&s, R5XX_PACKET3(ops[i], 1));
		emit(&s, 0);
		emit(&s, 0);
		tap_is(accepts(R5XX_FAMILY_RV515, 0, &s), -EINVAL, "type-3 opcode %#x refused", ops[i]);
	}
	s.n = 0;
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_CLEAR_HIZ, 2));
	emit(&s, 0);
	emit(&s, 0x3fff);
	emit(&s, 0);
	tap_is(accepts(R5XX_FAMILY_RV515, 0, &s), -EINVAL, "3D_CLEAR_HIZ without Hyper-Z");
	{
		struct r5xx_cs_check_ctx c = ctx_for(R5XX_FAMILY_RV515, 0);

		c.hyperz_owner = true;
		tap_is(run(&c, &s), 0, "3D_CLEAR_HIZ for the Hyper-Z owner");
	}
}

static void test_bursts(void)
{
	u32 v[4] = { 0 };

	s.n = 0;
	regs(&s, R5XX_WAIT_UNTIL - 4, 2, v);	/* 0x171c is not writable */
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "burst starting at a forbidden register");
	s.n = 0;
	regs(&s, R5XX_RB3D_DSTCACHE_CTLSTAT, 2, v);	/* 0x4e4c .. 0x4e50 */
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "burst of safe registers");
	s.n = 0;
	regs(&s, R5XX_TX_FORMAT2(15) - 4, 3, v);	/* runs into TX_OFFSET0 */
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "burst running into TX_OFFSET0 needs a relocation");
	s.n = 0;
	regs(&s, R5XX_ZB_ZPASS_DATA, 2, v);	/* ZB_ZPASS_ADDR without its NOP */
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "burst into ZB_ZPASS_ADDR, no NOP");
	s.n = 0;
	emit(&s, R5XX_PACKET0(0x7ff8, 1));
	emit(&s, 0);
	emit(&s, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "burst to the end of the register space");
	s.n = 0;
	emit(&s, R5XX_PACKET0(0x7ffc, 1));
	emit(&s, 0);
	emit(&s, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "burst wrapping past 0x7ffc");
	s.n = 0;
	emit(&s, R5XX_PACKET0_ONE_REG(R5XX_CP_IB_BASE, 1));
	emit(&s, 0);
	emit(&s, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "ONE_REG_WR to CP_IB_BASE");
	s.n = 0;
	emit(&s, R5XX_PACKET0_ONE_REG(R5XX_TX_OFFSET(0), 1));
	emit(&s, 0);
	emit(&s, 0);
	nop_reloc(&s, BO_TEX);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "ONE_REG_WR to TX_OFFSET0 twice needs two relocations");
	nop_reloc(&s, BO_TEX);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "... and takes two");

	/* reserved header bits could widen the register index */
	s.n = 0;
	emit(&s, R5XX_PACKET0(R5XX_WAIT_UNTIL, 0) | BIT(13));
	emit(&s, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "type-0 header with bit 13 set");
	s.n = 0;
	emit(&s, R5XX_PACKET3(R5XX_PM4_NOP, 0) | 1);
	emit(&s, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "type-3 header with low bits set");

	/* type-1: two registers, each checked */
	s.n = 0;
	emit(&s, R5XX_PACKET1(R5XX_WAIT_UNTIL, R5XX_DSTCACHE_CTLSTAT));
	emit(&s, 0);
	emit(&s, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "type-1 packet of two safe registers");
	s.n = 0;
	emit(&s, R5XX_PACKET1(R5XX_WAIT_UNTIL, R5XX_CP_IB_BASE));
	emit(&s, 0);
	emit(&s, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "type-1 packet writing CP_IB_BASE");
	s.n = 0;
	emit(&s, R5XX_PACKET1(R5XX_DST_PITCH_OFFSET, R5XX_WAIT_UNTIL));
	emit(&s, PITCH_OFFSET(4096, 0));
	emit(&s, 0);
	nop_reloc(&s, BO_CB);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "type-1 DST_PITCH_OFFSET takes its relocation");
	tap_is(last_ib[1], PITCH_OFFSET(4096, 0) | test_bos[BO_CB].gpu_offset >> 10 |
	       R5XX_DST_PITCH_OFFSET_TILE_MACRO, "... and is patched");
}

static void test_truncated(void)
{
	u32 n;

	mesa_stream(&s, false);
	n = s.n;
	while (s.d[s.n - 1] == R5XX_PACKET2)
		s.n--;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "Mesa stream without padding");
	s.n--;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "Mesa stream cut inside its last packet");
	s.n = n;
	s.n = find(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_IMMD_2, 24), 0) + 10;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "IB ending inside 3D_DRAW_IMMD_2");
	mesa_stream(&s, false);
	s.n = find(&s, R5XX_PACKET0(R5XX_RB3D_COLOROFFSET(0), 0), 0) + 3;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "IB ending inside a relocation NOP");
	s.n = 0;
	emit(&s, R5XX_PACKET1(R5XX_WAIT_UNTIL, R5XX_WAIT_UNTIL));
	emit(&s, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "IB ending inside a type-1 packet");
	s.n = 0;
	emit(&s, R5XX_PACKET3(R5XX_PM4_NOP, 0x3fff));
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "NOP claiming 16384 dwords");
	s.n = 0;
	emit(&s, R5XX_PACKET2);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "a lone type-2 packet");
	{
		struct r5xx_cs_check_ctx c = ctx_for(R5XX_FAMILY_RV380, 0);

		tap_is(r5xx_cs_check(&c, s.d, 0), -EINVAL, "empty IB refused");
		c.family = R5XX_FAMILY_COUNT;
		tap_is(r5xx_cs_check(&c, s.d, 1), -EINVAL, "unknown family refused");
	}
}

static void test_relocs(void)
{
	struct r5xx_cs_check_ctx c = ctx_for(R5XX_FAMILY_RV380, 0);
	struct r5xx_cs_reloc odd[1] = { test_bos[BO_QUERY] };
	u32 k;

	s.n = 0;
	reg_reloc(&s, R5XX_ZB_ZPASS_ADDR, 0, BO_COUNT);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "relocation index past the list");
	s.d[3] = BO_COUNT * 4 - 1;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "relocation index of the last entry's dword 3");
	s.d[3] = 0xffffffff;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "relocation index 0xffffffff");
	c.nrelocs = 0;
	s.d[3] = 0;
	tap_is(run(&c, &s), -EINVAL, "relocation with an empty list");
	s.d[2] = R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "relocation that is not a NOP");
	s.d[2] = R5XX_PACKET3(R5XX_PM4_NOP, 1);
	emit(&s, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "relocation NOP with an extra dword");

	/* objects must lie in the 32-bit MC space */
	c = ctx_for(R5XX_FAMILY_RV380, 0);
	c.relocs = odd;
	c.nrelocs = 1;
	s.n = 0;
	reg_reloc(&s, R5XX_ZB_ZPASS_ADDR, 0, 0);
	odd[0].gpu_offset = 0xfffff000;
	tap_is(run(&c, &s), 0, "object in the last page of the MC space");
	odd[0].gpu_offset = 0x100000000ull;
	tap_is(run(&c, &s), -EINVAL, "object above 4 GiB refused");
	odd[0].gpu_offset = 0xfffff010;
	tap_is(run(&c, &s), -EINVAL, "object not 32-byte aligned refused");

	/* offsets: past the end, u32 wrap-around */
	s.n = 0;
	reg_reloc(&s, R5XX_ZB_ZPASS_ADDR, 4092, BO_QUERY);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "ZB_ZPASS_ADDR at the last dword");
	s.d[1] = 4096;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "ZB_ZPASS_ADDR past the end (upstream: no check)");
	s.d[1] = 0xfffffffc;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "ZB_ZPASS_ADDR wrapping below the object");

	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_RB3D_COLOROFFSET(0), 0), 0);
	s.d[k + 1] = 0xfff00000;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "colour buffer offset wrapping below its object");
	s.d[k + 1] = 4096;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "colour buffer 4 KiB into an object of exactly its size");
}

/* state left by an earlier client does not count */
static void delete_reg(struct stream *st, u32 r)
{
	u32 k = find(st, R5XX_PACKET0(r, 0), 0);

	if (k == ~0u) {
		tap_ok(0, "register %#x not in the stream", r);
		return;
	}
	st->d[k] = R5XX_PACKET2;
	st->d[k + 1] = R5XX_PACKET2;
}

static void test_stale_state(void)
{
	static const struct {
		u32 reg;
		const char *what;
	} needed[] = {
		{ R5XX_RB3D_COLORPITCH(0), "RB3D_COLORPITCH0" },
		{ R5XX_ZB_DEPTHPITCH, "ZB_DEPTHPITCH" },
		{ R5XX_TX_ENABLE, "TX_ENABLE (all 16 units assumed on)" },
		{ R5XX_TX_FORMAT0(0), "TX_FORMAT0_0" },
		{ R5XX_TX_FORMAT1(0), "TX_FORMAT1_0" },
		{ R5XX_RB3D_CCTL, "RB3D_CCTL (four colour buffers assumed)" },
		{ R5XX_GB_AA_CONFIG, "GB_AA_CONFIG (six samples assumed)" },
		{ R5XX_VAP_VTX_SIZE, "VAP_VTX_SIZE" },
		{ R5XX_RE_SCISSORS_TL, "SC_SCISSOR0 (-1440 assumed)" },
	};
	unsigned int i;
	u32 k;

	for (i = 0; i < ARRAY_SIZE(needed); i++) {
		mesa_stream(&s, false);
		delete_reg(&s, needed[i].reg);
		tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
		       "draw without %s refused", needed[i].what);
	}
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_RB3D_COLOROFFSET(0), 0), 0);
	for (i = 0; i < 4; i++)	/* the register write and its NOP */
		s.d[k + i] = R5XX_PACKET2;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "draw without RB3D_COLOROFFSET0 refused");
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3), 0);
	for (i = 0; i < 9; i++)
		s.d[k + i] = R5XX_PACKET2;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "draw without 3D_LOAD_VBPNTR refused");
	mesa_stream(&s, true);
	delete_reg(&s, R5XX_VAP_INDEX_OFFSET);
	tap_is(accepts(R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "R5xx vertex list without VAP_INDEX_OFFSET: 0, the kernel's, before the IB");
	mesa_stream(&s, false);
	delete_reg(&s, R5XX_RB3D_AARESOLVE_CTL);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "draw without RB3D_AARESOLVE_CTL: 0, the kernel's, before the IB");
	mesa_stream(&s, true);
	delete_reg(&s, R5XX_VAP_ALT_NUM_VERTICES);
	tap_is(accepts(R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "USE_ALT_NUM_VERTS without VAP_ALT_NUM_VERTICES refused");

	/* turning things off is enough: no Z, no texture */
	mesa_stream(&s, false);
	delete_reg(&s, R5XX_ZB_DEPTHPITCH);
	k = find(&s, R5XX_PACKET0(R5XX_ZB_CNTL, 0), 0);
	s.d[k + 1] = 0;
	k = find(&s, R5XX_PACKET0(R5XX_TX_ENABLE, 0), 0);
	s.d[k + 1] = 0;
	delete_reg(&s, R5XX_TX_FORMAT0(0));
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "Z and textures off: their state is not needed");
}

static void test_surfaces(void)
{
	u32 k;

	/* colour buffer bigger than its object */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_RE_SCISSORS_BR, 0), 0);
	s.d[k + 1] = (1023 + 1440) | (768 + 1440) << 13;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "scissor one row below the colour buffer");
	s.d[k + 1] = (1024 + 1440) | (767 + 1440) << 13;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "scissor one column right of the last row: accepted (test_cbzb_clear)");
	tap_is(last_ib[k + 1], (1023 + 1440) | (767 + 1440) << 13,
	       "... with the scissor's X lowered to the row's end");
	k = find(&s, R5XX_PACKET0(R5XX_RE_SCISSORS_TL, 0), 0);
	s.d[k + 1] = 1000 | 1440 << 13;
	s.d[k + 3] = (1023 + 1440) | (767 + 1440) << 13;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "R3xx scissor reaching x < 0 (below the 1440 bias)");
	s.d[k + 1] = 1440 | 1440 << 13;
	s.d[k + 3] = 100 | 100 << 13;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "R3xx scissor entirely at negative coordinates draws nothing");

	/* a shader output in use writes its colour buffer (upstream: unchecked) */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_US_OUT_FMT(0), 3), 0);
	s.d[k + 2] = 0x1b00;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "shader output 1 in use, RB3D_COLOROFFSET1 from an earlier IB");
	s.d[k] = R5XX_PACKET0(R5XX_US_OUT_FMT(0), 0);	/* only output 0 set */
	s.d[k + 2] = R5XX_PACKET2;
	s.d[k + 3] = R5XX_PACKET2;
	s.d[k + 4] = R5XX_PACKET2;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "shader outputs 1-3 not set: their colour buffers count");

	/* multisampling multiplies the footprint */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_GB_AA_CONFIG, 0), 0);
	s.d[k + 1] = R5XX_GB_AA_CONFIG_AA_ENABLE;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "2x MSAA into single-sample buffers refused (upstream: accepted)");

	/* formats */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_RB3D_COLORPITCH(0), 0), 0);
	s.d[k + 1] = (s.d[k + 1] & ~(15 << 21)) | COLORFORMAT(5);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "colour format 5 before R5xx");
	s.d[k + 1] = (s.d[k + 1] & ~(15 << 21)) | COLORFORMAT(7);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "128-bit colour format: 4x the bytes");
	s.d[k + 1] = (s.d[k + 1] & ~(7 << 16)) | 3 << 17 | COLORFORMAT(6);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "reserved micro tiling 3");
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_ZB_FORMAT, 0), 0);
	s.d[k + 1] = 3;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "depth format 3");

	/* stencil alone reaches the Z buffer too (upstream checks Z only) */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_ZB_DEPTHOFFSET, 0), 0);
	s.d[k + 1] = 4096;
	k = find(&s, R5XX_PACKET0(R5XX_ZB_CNTL, 0), 0);
	s.d[k + 1] = R5XX_ZB_CNTL_STENCIL_ENABLE;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "stencil-only into a Z buffer 4 KiB too small");

	/* AA resolve */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_RB3D_AARESOLVE_CTL, 0), 0);
	s.d[k + 1] = 1;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "AA resolve without a resolve buffer");
	{
		u32 aa[3] = { 0, 1024, 1 };

		s.n = k;
		regs(&s, R5XX_RB3D_AARESOLVE_OFFSET, 3, aa);
		nop_reloc(&s, BO_PIX);
		memcpy(&t, &s, sizeof(s));
		mesa_stream(&t, false);
		memcpy(&s.d[s.n], &t.d[k + 2], (t.n - k - 2) * 4);
		s.n += t.n - k - 2;
	}
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "AA resolve into a 256x256 pixmap with a 1024x768 scissor");

	/* CMASK and Hyper-Z ownership */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_RB3D_CCTL, 0), 0);
	s.d[k + 1] = R5XX_RB3D_CCTL_CMASK_ENABLE;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "CMASK_ENABLE without owning the CMASK");
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_ZB_BW_CNTL, 0), 0);
	s.d[k + 1] = R5XX_ZB_BW_CNTL_HIZ_ENABLE;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "HIZ_ENABLE without owning Hyper-Z");
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_SC_HYPERZ_EN, 0), 0);
	s.d[k + 1] = 0x1f;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "SC_HYPERZ_EN without owning Hyper-Z: accepted");
	tap_is(last_ib[k + 1], 0x1e, "... with HZ_EN cleared");
}

static void test_textures(void)
{
	u32 k, f0;

	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT0(0), 0), 0);
	f0 = s.d[k + 1];
	s.d[k + 1] = TX_FMT0(512, 512, 9);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "512x512 mip chain in a 512 KiB object");
	s.d[k + 1] = TX_FMT0(256, 256, 8) | 2 << 22;
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT1(0), 0), 0);
	s.d[k + 1] = 0x0c | 1 << 25;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "3D texture of depth 4 in the same object");
	s.d[k + 1] = 0x0c | 2 << 25;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "cube map in the same object");
	s.d[k + 1] = 0x0c | 3 << 25;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "texture coordinate type 3");
	s.d[k + 1] = 0x13;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "texture format 0x13");
	s.d[k + 1] = 0x1f;
	delete_reg(&s, R5XX_GB_Z_PEQ_CONFIG);	/* not on R300, see test_mesa() */
	tap_is(accepts(R5XX_FAMILY_R300, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "ATI2N on R300");
	tap_is(accepts(R5XX_FAMILY_R420, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "ATI2N with 128-bit micro tiles (no such layout)");
	k = find(&s, R5XX_PACKET0(R5XX_TX_OFFSET(0), 0), 0);
	s.d[k + 1] = 0;
	tap_is(accepts(R5XX_FAMILY_R420, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "linear ATI2N on R420");

	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT2(0), 0), 0);
	s.d[k + 1] = R5XX_TX_FORMAT2_TXFORMAT_MSB;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "TXFORMAT_MSB on R3xx");
	mesa_stream(&s, true);
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT1(0), 0), 0);
	s.d[k + 1] = 0x04;	/* + MSB: W10Z10Y10X10, 8 bytes a texel */
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT2(0), 0), 0);
	s.d[k + 1] = R5XX_TX_FORMAT2_TXFORMAT_MSB;
	tap_is(accepts(R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "R5xx 8-byte MSB format twice the size (upstream sizes it as DXT1)");
	s.d[k + 1] = R5XX_TX_FORMAT2_TXWIDTH_11;
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT1(0), 0), 0);
	s.d[k + 1] = 0x0c;
	tap_is(accepts(R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "R5xx TXWIDTH_11 makes it 2304 wide");

	/* offset within the object */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_TX_OFFSET(0), 0), 0);
	s.d[k + 1] += 256 * 1024;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "texture at 256 KiB into its object (upstream ignores offsets)");
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT0(0), 0), 0);
	s.d[k + 1] = TX_FMT0(256, 256, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "... one level fits there");
	(void)f0;

	/* a second unit enabled without its state */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_TX_ENABLE, 0), 0);
	s.d[k + 1] = 3;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "texture unit 1 enabled without a texture");
}

/*
 * Mesa's stream, then one state write and a second draw: the checker keeps
 * the first draw's texture sizes and surface ends, and must measure anew for
 * any change of what they were computed from.
 */
static void redraw_after(u32 r, u32 v, int want, const char *what)
{
	u32 i;

	mesa_stream(&s, false);
	if (r)
		reg(&s, r, v);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_IMMD_2, 24));
	emit(&s, VF(3, 3, 4));
	for (i = 0; i < 24; i++)
		emit(&s, 0x3f800000);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), want,
	       "second draw %s", what);
}

static void test_memo(void)
{
	redraw_after(0, 0, 0, "with the same state");
	redraw_after(R5XX_TX_FORMAT0(0), TX_FMT0(512, 512, 9), -EINVAL,
		     "after TX_FORMAT0 grows the texture");
	redraw_after(R5XX_TX_FORMAT1(0), 0x0c | 2 << 25, -EINVAL,
		     "after TX_FORMAT1 makes it a cube map of the same size");
	redraw_after(R5XX_RB3D_COLORPITCH(0),
		     4096 | R5XX_RB3D_COLORPITCH_COLORTILE | COLORFORMAT(6), -EINVAL,
		     "after RB3D_COLORPITCH0 widens the colour buffer");
	redraw_after(R5XX_ZB_DEPTHPITCH, 4096 | R5XX_ZB_DEPTHPITCH_DEPTHMACROTILE, -EINVAL,
		     "after ZB_DEPTHPITCH widens the Z buffer");
	redraw_after(R5XX_GB_AA_CONFIG, R5XX_GB_AA_CONFIG_AA_ENABLE | 3 << 1, -EINVAL,
		     "after GB_AA_CONFIG turns on 6 samples");
	redraw_after(R5XX_RE_SCISSORS_BR, 8191 | 8191 << 13, -EINVAL,
		     "after the scissor grows");
}

static void test_vertex(void)
{
	u32 k;

	/* hole 2: 3D_LOAD_VBPNTR with no array (upstream's loop wraps) */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3), 0);
	s.d[k] = R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 0);
	s.d[k + 1] = 0;
	s.d[k + 2] = R5XX_PACKET3(R5XX_PM4_NOP, 5);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "3D_LOAD_VBPNTR with 0 arrays (upstream: unbounded loop)");
	s.d[k + 1] = 17;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "3D_LOAD_VBPNTR with 17 arrays");
	s.d[k + 1] = 2;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "3D_LOAD_VBPNTR with 2 arrays in 1 dword");

	/* SW TCL: one array and a trailing zero */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3), 0);
	s.d[k] = R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3);
	s.d[k + 1] = 1;
	s.d[k + 2] = VBPNTR_ATTR(8, 8);
	s.d[k + 3] = 0;
	s.d[k + 4] = 0;
	s.d[k + 5] = R5XX_PACKET3(R5XX_PM4_NOP, 0);
	s.d[k + 6] = BO_VB * 4;
	s.d[k + 7] = R5XX_PACKET2;
	s.d[k + 8] = R5XX_PACKET2;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "SW TCL 3D_LOAD_VBPNTR (count 3, one array)");

	/* vertex array offset within the object */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3), 0);
	s.d[k + 4] = 64 * 1024 - 99 * 32;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "vertex array too near the end for 100 vertices (upstream ignores offsets)");

	/* arrays reloaded between an indexed draw and its indices */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_INDX_BUFFER, 2), 0);
	memcpy(&t, &s, sizeof(s));
	s.n = k;
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 2));
	emit(&s, 1);
	emit(&s, VBPNTR_ATTR(4, 8));
	emit(&s, 64 * 1024 - 16);
	nop_reloc(&s, BO_VB);
	memcpy(&s.d[s.n], &t.d[k], (t.n - k) * 4);
	s.n += t.n - k;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "arrays moved to the end between 3D_DRAW_INDX_2 and INDX_BUFFER...");
	k = find(&s, R5XX_PACKET0(R5XX_VAP_VF_MAX_VTX_INDX, 1), 0);
	tap_is(last_ib[k + 1], 0, "... clamp the draw to vertex 0 when the indices come");
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 2), 0);
	s.d[k + 3] = 64 * 1024 - 8;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "... and fail it when not even vertex 0 fits");
	s.d[k + 3] = 64 * 1024 + 32;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "vertex array starting beyond its object");

	/* hole 3: INDX_BUFFER size is in dwords (and matches the draw's count) */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_INDX_BUFFER, 2), 0);
	s.d[k - 1] = VF(1, 2048, 4);
	s.d[k + 3] = 1024;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "INDX_BUFFER of 1024 dwords in 4 KiB");
	s.d[k - 1] = VF(1, 2050, 4);
	s.d[k + 3] = 1025;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "INDX_BUFFER of 1025 dwords in 4 KiB (upstream: up to 4095)");
	s.d[k - 1] = VF(1, 32, 4);
	s.d[k + 3] = 16;
	s.d[k + 2] = 4096 - 60;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "INDX_BUFFER at 4036 (upstream ignores the offset)");
	s.d[k + 2] = 0;
	s.d[k + 1] = BIT(31) | R5XX_CP_IB_BASE >> 2;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "INDX_BUFFER into CP_IB_BASE (upstream: not checked)");
	s.d[k + 1] = R5XX_VAP_PORT_IDX(0) >> 2;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "INDX_BUFFER without ONE_REG_WR walks the register space");
	s.d[k + 1] = BIT(31) | 2 << 16 | R5XX_VAP_PORT_IDX(0) >> 2;
	s.d[k + 3] = 18;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "INDX_BUFFER skipping two dwords");

	/* immediate draws */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_IMMD_2, 24), 0);
	s.d[k + 1] = VF(3, 4, 4);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "3D_DRAW_IMMD_2: 4 vertices of 8 dwords in 24 dwords");
	s.d[k + 1] = VF(2, 3, 4);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "3D_DRAW_IMMD_2 with a vertex-list walk");
	s.d[k + 1] = VF(0, 3, 4);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "walk 0");
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0), 0);
	s.d[k + 1] = VF(3, 3, 4);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "3D_DRAW_VBUF_2 with the embedded walk");

	/* R5xx index offset: negative would read before the array */
	mesa_stream(&s, true);
	k = find(&s, R5XX_PACKET0(R5XX_VAP_INDEX_OFFSET, 0), 0);
	s.d[k + 1] = 0x1ffffff;	/* -1 */
	tap_is(accepts(R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "index offset -1 with the array at the object start");
	s.d[k + 1] = 5;
	tap_is(accepts(R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "index offset 5");
}

static void test_2d(void)
{
	u32 k;

	ddx_2d_stream(&s, false, 31);
	k = find(&s, R5XX_PACKET0(R5XX_DST_HEIGHT_WIDTH, 0), 0);
	s.d[k + 1] = YX(100, 1005);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "solid fill to x 1025 in row 10 (tile row slack)");
	s.d[k - 1] = YX(700, 20);
	s.d[k + 1] = YX(69, 24);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "solid fill one row below the front buffer (upstream: no check)");
	s.d[k - 1] = YX(0, 0xfff0);
	s.d[k + 1] = YX(10, 20);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0,
	       "solid fill from x = -16: the default scissor starts at x = 0");
	k = find(&s, R5XX_PACKET0(R5XX_DP_GUI_MASTER_CNTL, 0), 0);
	s.d[k + 1] |= R5XX_DP_GUI_MASTER_CNTL_DST_CLIPPING;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "... but not with DST_CLIPPING and no SC_TOP_LEFT in this IB");
	ddx_2d_stream(&s, false, 31);
	k = find(&s, R5XX_PACKET0(R5XX_DST_Y_X, 0), 0);
	s.d[k] = R5XX_PACKET2;
	s.d[k + 1] = R5XX_PACKET2;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "solid fill without DST_Y_X in this IB");
	ddx_2d_stream(&s, false, 31);
	k = find(&s, R5XX_PACKET0(R5XX_DP_GUI_MASTER_CNTL, 0), 0);
	s.d[k + 1] &= ~R5XX_DP_GUI_MASTER_CNTL_DST_PITCH_OFFSET_CNTL;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "solid fill through the default pitch/offset");
	ddx_2d_stream(&s, false, 31);
	k = find(&s, R5XX_PACKET0(R5XX_DST_PITCH_OFFSET, 0), 0);
	s.d[k] = R5XX_PACKET2;
	s.d[k + 1] = R5XX_PACKET2;
	s.d[k + 2] = R5XX_PACKET2;
	s.d[k + 3] = R5XX_PACKET2;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "solid fill with a DST_PITCH_OFFSET from an earlier IB");
	ddx_2d_stream(&s, false, 31);
	k = find(&s, R5XX_PACKET0(R5XX_DP_GUI_MASTER_CNTL, 0), 0);
	s.d[k + 1] = (s.d[k + 1] & ~(15 << 8)) | 5 << 8;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "reserved 2D destination type");

	/* copies */
	ddx_2d_stream(&s, false, 31);
	k = find(&s, R5XX_PACKET0(R5XX_SRC_Y_X, 0), 0);
	s.d[k + 1] = YX(1, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "copy from one row below the 256x256 pixmap");
	ddx_2d_stream(&s, false, 31);
	k = find(&s, R5XX_PACKET0(R5XX_DP_CNTL, 0), find(&s, GMC_COPY(6, 0xcc), 0));
	s.d[k + 1] = R5XX_DP_CNTL_DST_Y_TOP_TO_BOTTOM;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0,
	       "right-to-left copy from source x = 0: the source scissor starts at x = 0");
	k = find(&s, GMC_COPY(6, 0xcc), 0);
	s.d[k] |= R5XX_DP_GUI_MASTER_CNTL_DST_CLIPPING;
	k = find(&s, R5XX_PACKET0(R5XX_DST_Y_X, 0), k);
	s.d[k + 1] = YX(300, 0);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "... to destination x = 0 with DST_CLIPPING and no SC_TOP_LEFT in this IB");
	ddx_2d_stream(&s, false, 31);
	k = find(&s, GMC_COPY(6, 0xcc), 0);
	s.d[k] = GMC_SOLID(6, 0x66);	/* XOR: reads the source */
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "ROP3 reading a source without SRC_PITCH_OFFSET_CNTL");

	/* micro-tiled sources cannot be blitted from (upstream) */
	{
		struct r5xx_cs_reloc bos[BO_COUNT];
		struct r5xx_cs_check_ctx c = ctx_for(R5XX_FAMILY_RV380, 0);

		memcpy(bos, test_bos, sizeof(bos));
		bos[BO_PIX].tiling_flags = RADEON_TILING_MICRO;
		c.relocs = bos;
		ddx_2d_stream(&s, false, 31);
		tap_is(run(&c, &s), -EINVAL, "copy from a micro-tiled pixmap");
	}

	/* a line */
	s.n = 0;
	reg(&s, R5XX_DP_GUI_MASTER_CNTL, GMC_SOLID(6, 0xf0));
	reg_reloc(&s, R5XX_DST_PITCH_OFFSET, PITCH_OFFSET(1024, 0), BO_PIX);
	reg(&s, R5XX_DST_LINE_START, YX(10, 10));
	reg(&s, R5XX_DST_LINE_END, YX(255, 0));
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "line inside the pixmap");
	reg(&s, R5XX_DST_LINE_END, YX(200, 200));
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "second line without a new start");
	s.n -= 2;
	reg(&s, R5XX_DST_LINE_START, YX(10, 10));
	reg(&s, R5XX_DST_LINE_END, YX(256, 0));
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "line to row 256 of a 256-row pixmap");
}

/* -------------------------------------------------- issue 12 findings */

/*
 * The checker refuses @st; the access model must flag it too, as the
 * checker would have patched it: the IB as patched up to the refusal, plus
 * object @bo's address at dword @k if the refused packet has a relocation
 * (@bo < 0: none).  Everything after the refused packet is reloc-free.
 */
static void both_refuse(enum r5xx_family fam, u32 flags, const struct stream *st,
			u32 k, int bo, const char *what)
{
	struct r5xx_cs_check_ctx c = ctx_for(fam, flags);
	struct am_bo bos[BO_COUNT];
	char why[256] = "";
	u32 i;

	if (corpus_dir)
		write_seed(&c, st);
	memcpy(last_ib, st->d, st->n * 4);
	tap_is(r5xx_cs_check(&c, last_ib, st->n), -EINVAL, "%s", what);
	if (bo >= 0)
		last_ib[k] += (u32)test_bos[bo].gpu_offset;
	for (i = 0; i < BO_COUNT; i++) {
		bos[i].start = test_bos[i].gpu_offset;
		bos[i].size = test_bos[i].size;
	}
	tap_ok(am_run(bos, BO_COUNT, is_r500(fam),
		      fam >= R5XX_FAMILY_RS600 && fam <= R5XX_FAMILY_RS740,
		      fam == R5XX_FAMILY_R300, fam == R5XX_FAMILY_RV530, c.cmask_owner,
		      last_ib, st->n, why, sizeof(why)) != 0,
	       "... and the access model flags it: %s", why);
}

/* A solid fill of @w x @h from (@x, @y) into the 256x256 pixmap */
static void fill_pix(struct stream *st, u32 gmc, u32 x, u32 y, u32 w, u32 h)
{
	reg(st, R5XX_DP_GUI_MASTER_CNTL, gmc);
	reg_reloc(st, R5XX_DST_PITCH_OFFSET, PITCH_OFFSET(1024, 0), BO_PIX);
	reg(st, R5XX_DST_Y_X, YX(y, x));
	reg(st, R5XX_DST_HEIGHT_WIDTH, YX(h, w));
}

/*
 * 2D scissors: the engine writes only inside the destination scissor and
 * reads a blit's source only inside the source scissor (guide 6.2.2
 * GUI_CONTROL DST_CLIPPING / SRC_CLIPPING), so only the clipped rectangles
 * must fit; registers this IB did not write clip nothing.
 */
static void test_2d_scissor(void)
{
	const u32 solid = GMC_SOLID(6, 0xf0), dclip = R5XX_DP_GUI_MASTER_CNTL_DST_CLIPPING;
	u32 k;

	/* xf86-video-ati's RADEONBlitChunk after a reversed copy (no DP_CNTL) */
	ddx_2d_stream(&s, false, 31);
	reg_reloc(&s, R5XX_SRC_PITCH_OFFSET, PITCH_OFFSET(1024, 0), BO_PIX);
	reg_reloc(&s, R5XX_DST_PITCH_OFFSET, PITCH_OFFSET(4096, 0), BO_CB);
	reg(&s, R5XX_SRC_Y_X, YX(0, 0));
	reg(&s, R5XX_DST_Y_X, YX(400, 500));
	reg(&s, R5XX_DST_HEIGHT_WIDTH, YX(64, 128));
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0,
	       "upload blit from the scratch origin, bottom to top, right to left: the source is clipped at (0, 0)");
	reg_reloc(&s, R5XX_SRC_PITCH_OFFSET, PITCH_OFFSET(4096, 0), BO_CB);
	reg_reloc(&s, R5XX_DST_PITCH_OFFSET, PITCH_OFFSET(1024, 0), BO_PIX);
	reg(&s, R5XX_SRC_Y_X, YX(400, 500));
	reg(&s, R5XX_DST_Y_X, YX(0, 0));
	reg(&s, R5XX_DST_HEIGHT_WIDTH, YX(64, 128));
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0,
	       "download blit to the scratch origin, reversed: the destination is clipped to (0, 0)");
	reg(&s, R5XX_SRC_Y_X, YX(400, 500));
	reg(&s, R5XX_DST_Y_X, YX(300, 0));
	reg(&s, R5XX_DST_HEIGHT_WIDTH, YX(64, 128));
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "reversed download from (0, 300): clipped in x, rows 237..300 still past the 256 rows");
	/* the default scissor's bottom-right: inclusive for the check */
	s.n = 0;
	fill_pix(&s, solid, 0, 0, 300, 300);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "300x300 fill into 256x256");
	s.n = 0;
	reg(&s, R5XX_DEFAULT_SC_BOTTOM_RIGHT, YX(255, 255));
	fill_pix(&s, solid, 0, 0, 300, 300);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0,
	       "... clipped by DEFAULT_SC_BOTTOM_RIGHT (255, 255)");
	s.d[1] = YX(256, 255);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "... (255, 256): row 256 may be drawn");
	s.d[1] = YX(255, 255);
	s.d[3] |= dclip;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "... not with DST_CLIPPING, which takes SC_BOTTOM_RIGHT");

	/* DST_CLIPPING: SC_TOP_LEFT and SC_BOTTOM_RIGHT */
	s.n = 0;
	reg(&s, R5XX_SC_TOP_LEFT, YX(10, 10));
	reg(&s, R5XX_SC_BOTTOM_RIGHT, YX(100, 100));
	fill_pix(&s, solid | dclip, 0xfff0, 0xfff0, 5000, 5000);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0,
	       "5000x5000 fill from (-16, -16) with DST_CLIPPING to (10, 10)-(100, 100)");
	s.d[5] = solid;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "... without DST_CLIPPING: the default scissor from an earlier IB");
	s.d[5] = solid | dclip;
	s.d[0] = R5XX_PACKET2;
	s.d[1] = R5XX_PACKET2;
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1,
		    "... with SC_TOP_LEFT from an earlier IB: (-16, -16) reachable");
	s.n = 0;
	reg(&s, R5XX_SC_TOP_LEFT, YX(10, 10));
	fill_pix(&s, solid | dclip, 20, 20, 5000, 5000);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1,
		    "... with SC_BOTTOM_RIGHT from an earlier IB: 5000x5000 reachable");

	/* hostile scissors */
	s.n = 0;
	reg(&s, R5XX_SC_TOP_LEFT, 0);
	reg(&s, R5XX_SC_BOTTOM_RIGHT, YX(8191, 8191));
	fill_pix(&s, solid | dclip, 0, 0, 300, 300);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1,
		    "scissor (0, 0)-(8191, 8191), larger than the pixmap: the 300x300 fill is checked");
	s.n -= 2;
	reg(&s, R5XX_DST_HEIGHT_WIDTH, YX(256, 256));
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "... a 256x256 fill is fine");
	s.n = 0;
	reg(&s, R5XX_SC_TOP_LEFT, YX(0x3ff0, 0x3ff0));
	reg(&s, R5XX_SC_BOTTOM_RIGHT, YX(100, 100));
	fill_pix(&s, solid | dclip, 0xfff0, 0xfff0, 20, 20);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1, "SC_TOP_LEFT (-16, -16), fill from there");
	s.d[1] = YX(0x2000, 0x2000);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1, "SC_TOP_LEFT (-8192, -8192), the same");
	s.d[5] = solid;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0,
	       "... ignored without DST_CLIPPING: the default scissor starts at (0, 0)");

	/* SRC_CLIPPING: SRC_SC_BOTTOM_RIGHT bounds the source only */
	s.n = 0;
	reg(&s, R5XX_SRC_SC_BOTTOM_RIGHT, YX(255, 255));
	reg(&s, R5XX_DP_GUI_MASTER_CNTL, GMC_COPY(6, 0xcc));
	reg_reloc(&s, R5XX_SRC_PITCH_OFFSET, PITCH_OFFSET(1024, 0), BO_PIX);
	reg_reloc(&s, R5XX_DST_PITCH_OFFSET, PITCH_OFFSET(4096, 0), BO_CB);
	reg(&s, R5XX_SRC_Y_X, YX(0, 0));
	reg(&s, R5XX_DST_Y_X, YX(0, 0));
	reg(&s, R5XX_DST_HEIGHT_WIDTH, YX(400, 400));
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL,
	       "400x400 copy from the 256x256 pixmap, SRC_CLIPPING clear");
	k = find(&s, GMC_COPY(6, 0xcc), 0);
	s.d[k] |= R5XX_DP_GUI_MASTER_CNTL_SRC_CLIPPING;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0,
	       "... with SRC_CLIPPING to (255, 255)");
	s.d[k] |= dclip;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0,
	       "... and DST_CLIPPING from an earlier IB: the destination fits anyway");
	s.d[1] = YX(256, 255);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "... SRC_SC_BOTTOM_RIGHT row 256");
}

/* Mesa's state, its vertex arrays and one 3D_DRAW_VBUF_2 (Z and colour on) */
static void mesa_draw(struct stream *st, bool r500)
{
	mesa_stream(st, r500);
	st->n = find(st, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 0), 0);
}

/* Mesa's gpu_flush atom: flush both caches, then wait for 3D idle-and-clean */
static void mesa_flush(struct stream *st)
{
	reg(st, R5XX_RB3D_DSTCACHE_CTLSTAT, 0xa);
	reg(st, R5XX_ZB_ZCACHE_CTLSTAT, 3);
	reg(st, R5XX_WAIT_UNTIL, R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN);
}

static void test_unpipelined(void)
{
	static const struct { u32 reg[2], v[2], moved; const char *what; } waits[] = {
		{ { R5XX_RB3D_DSTCACHE_CTLSTAT }, { 0xa }, R5XX_RB3D_COLOROFFSET(0),
		  "colour buffer moved after a flush without an idle wait" },
		{ { R5XX_WAIT_UNTIL }, { R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN },
		  R5XX_RB3D_COLOROFFSET(0), "colour buffer moved after an idle wait without a flush" },
		{ { R5XX_WAIT_UNTIL, R5XX_RB3D_DSTCACHE_CTLSTAT },
		  { R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN, 0xa }, R5XX_RB3D_COLOROFFSET(0),
		  "colour buffer moved after a wait, then a flush (flush still running)" },
		{ { R5XX_RB3D_DSTCACHE_CTLSTAT, R5XX_WAIT_UNTIL },
		  { 0xa, R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN }, R5XX_ZB_DEPTHOFFSET,
		  "Z buffer moved after a colour flush only" },
	};
	static const struct { u32 reg, v; int bo; const char *what; } moves[] = {
		{ R5XX_RB3D_COLOROFFSET(0), 0, BO_QUERY, "RB3D_COLOROFFSET0 to a 4 KiB object" },
		{ R5XX_RB3D_COLORPITCH(0), 8190 | COLORFORMAT(6), BO_CB, "RB3D_COLORPITCH0 to 8190" },
		{ R5XX_RB3D_CCTL, 3 << 5, -1, "RB3D_CCTL to four multiwrites" },
		{ R5XX_RB3D_AARESOLVE_OFFSET, 0, BO_QUERY, "RB3D_AARESOLVE_OFFSET" },
		{ R5XX_RB3D_AARESOLVE_PITCH, 8190, -1, "RB3D_AARESOLVE_PITCH" },
		{ R5XX_RB3D_AARESOLVE_CTL, 1, -1, "RB3D_AARESOLVE_CTL to resolve" },
		{ R5XX_ZB_DEPTHOFFSET, 0, BO_QUERY, "ZB_DEPTHOFFSET to a 4 KiB object" },
		{ R5XX_ZB_DEPTHPITCH, 4092 | 1 << 16, BO_ZB, "ZB_DEPTHPITCH to 4092" },
		{ R5XX_ZB_FORMAT, 4, -1, "ZB_FORMAT" },
	};
	u32 i, k;

	/* hole: a register the cache writes back through, changed after a draw */
	for (i = 0; i < ARRAY_SIZE(moves); i++) {
		char what[160];

		mesa_draw(&s, false);
		k = s.n + 1;
		reg(&s, moves[i].reg, moves[i].v);
		if (moves[i].bo >= 0)
			nop_reloc(&s, moves[i].bo);
		pad8(&s);
		snprintf(what, sizeof(what), "%s after a draw, no flush (fence flush lands there)",
			 moves[i].what);
		both_refuse(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s, k,
			    moves[i].bo, what);
	}

	/* a flush alone, or a wait alone, does not empty the cache */
	for (i = 0; i < ARRAY_SIZE(waits); i++) {
		u32 j;

		mesa_draw(&s, false);
		for (j = 0; j < 2 && waits[i].reg[j]; j++)
			reg(&s, waits[i].reg[j], waits[i].v[j]);
		k = s.n + 1;
		reg_reloc(&s, waits[i].moved, 0, BO_QUERY);
		both_refuse(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s, k, BO_QUERY,
			    waits[i].what);
	}

	/* Mesa's way: flush, wait, new framebuffer, draw; checked at that draw */
	for (i = 0; i < 2; i++) {
		bool r500 = i;
		enum r5xx_family f = r500 ? R5XX_FAMILY_RV515 : R5XX_FAMILY_RV380;

		mesa_draw(&s, r500);
		mesa_flush(&s);
		reg_reloc(&s, R5XX_RB3D_COLOROFFSET(0), 0, BO_PIX);
		reg(&s, R5XX_RB3D_COLORPITCH(0), 256 | COLORFORMAT(6));
		reg(&s, R5XX_RB3D_AARESOLVE_CTL, 0);
		reg(&s, R5XX_RE_SCISSORS_TL, r500 ? 0 : 1440 | 1440 << 13);
		reg(&s, R5XX_RE_SCISSORS_BR, r500 ? 255 | 255 << 13 :
		    (255 + 1440) | (255 + 1440) << 13);
		reg_reloc(&s, R5XX_ZB_DEPTHOFFSET, 0, BO_ZB);
		emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
		emit(&s, VF(2, 100, 4));
		pad8(&s);
		tap_is(accepts(f, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
		       "%s: flush, idle wait, new colour buffer, draw", r500 ? "RV515" : "RV380");
		s.n -= 8;
		reg(&s, R5XX_RE_SCISSORS_BR, r500 ? 255 | 256 << 13 :
		    (255 + 1440) | (256 + 1440) << 13);
		emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
		emit(&s, VF(2, 100, 4));
		tap_is(accepts(f, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
		       "... and the new buffer is checked at the next draw");
	}

	/* a draw that writes no colour leaves the colour cache empty */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3), 0);
	s.n = k;
	reg(&s, R5XX_RB3D_COLOR_CHANNEL_MASK, 0);
	memcpy(&t, &s, sizeof(s));
	mesa_stream(&t, false);
	memcpy(&s.d[s.n], &t.d[k], (find(&t, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 0), 0) - k) * 4);
	s.n += find(&t, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 0), 0) - k;
	reg_reloc(&s, R5XX_RB3D_COLOROFFSET(0), 0, BO_PIX);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "colour buffer moved after a depth-only draw");
	reg(&s, R5XX_ZB_FORMAT, 2);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "... but not the Z format");

	/* the X driver's composite: DoneComposite flushes and waits, then the next */
	ddx_composite_stream(&s, false);
	reg(&s, R5XX_RB3D_DSTCACHE_CTLSTAT, 0xa);
	reg(&s, R5XX_WAIT_UNTIL, R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN);
	reg_reloc(&s, R5XX_RB3D_COLOROFFSET(0), 0, BO_CB);
	reg_reloc(&s, R5XX_RB3D_COLORPITCH(0), 1024 | COLORFORMAT(6), BO_CB);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_IMMD_2, 16));
	emit(&s, VF(3, 4, 13));
	for (i = 0; i < 16; i++)
		emit(&s, 0x42000000 + i);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "two composites, flushed in between");
}

static void test_bodies(void)
{
	static const struct { u32 dw; const char *what; } sizes[] = {
		{ 0, "INDX_BUFFER of size 0" },
		{ 149, "INDX_BUFFER one dword short of the draw's 300 indices" },
		{ 151, "INDX_BUFFER one dword more than the draw's 300 indices" },
	};
	u32 k, i;

	/* hole: INDX_BUFFER with a fourth dword, which runs as a packet */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_INDX_BUFFER, 2), 0);
	s.n = k;
	emit(&s, R5XX_PACKET3(R5XX_PM4_INDX_BUFFER, 4));
	emit(&s, BIT(31) | R5XX_VAP_PORT_IDX(0) >> 2);
	emit(&s, 0);
	emit(&s, 150);
	emit(&s, R5XX_PACKET0(R5XX_CP_IB_BASE, 0));	/* hidden */
	emit(&s, 0x1000);
	nop_reloc(&s, BO_IB);
	both_refuse(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s, k + 2, BO_IB,
		    "INDX_BUFFER with a type-0 write to CP_IB_BASE in its body");

	/*
	 * hole: INDX_BUFFER of size 0 (the CP's count becomes -1); indices for
	 * no draw, or not as many as the draw takes
	 */
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		mesa_stream(&s, false);
		k = find(&s, R5XX_PACKET3(R5XX_PM4_INDX_BUFFER, 2), 0);
		s.d[k + 3] = sizes[i].dw;
		s.n = k + 6;
		both_refuse(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s, k + 2, BO_IB,
			    sizes[i].what);
	}
	s.d[k + 3] = 150;
	s.d[k - 2] = R5XX_PACKET2;
	s.d[k - 1] = R5XX_PACKET2;
	both_refuse(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s, k + 2, BO_IB,
		    "INDX_BUFFER with no indexed draw waiting");
	s.d[k - 2] = R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 0);
	s.d[k - 1] = VF(1, 300, 4) | R5XX_VAP_VF_CNTL_INDEX_SIZE;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "INDX_BUFFER of 150 dwords for 300 32-bit indices");
	s.d[k + 3] = 300;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "INDX_BUFFER of 300 dwords for 300 32-bit indices");

	/* hole: 3D_LOAD_VBPNTR with trailing dwords */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3), 0);
	s.n = k;
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3 + 200));
	emit(&s, 2);
	emit(&s, VBPNTR_ATTR(3, 8) | VBPNTR_ATTR(4, 8) << 16);
	emit(&s, 0);
	emit(&s, 12);
	for (i = 0; i < 200; i++)
		emit(&s, R5XX_PACKET2);
	nop_reloc(&s, BO_VB);
	nop_reloc(&s, BO_VB);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
	       "3D_LOAD_VBPNTR: two arrays and 200 more dwords");
	{
		u32 kk = k;

		s.d[kk] = R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 4);
		s.n = kk + 6;
		/* the checker stops before the relocations: patch them for the model */
		memcpy(&t, &s, sizeof(s));
		t.d[kk + 3] += (u32)test_bos[BO_VB].gpu_offset;
		t.d[kk + 4] += (u32)test_bos[BO_VB].gpu_offset;
		both_refuse(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &t, 0, -1,
			    "3D_LOAD_VBPNTR: two arrays and one more dword");
	}

	/* draw packets longer than the VAP reads */
	mesa_draw(&s, false);
	s.d[s.n - 2] = R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 1);
	emit(&s, R5XX_PACKET2);
	both_refuse(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s, 0, -1,
		    "3D_DRAW_VBUF_2 with a dword after VAP_VF_CNTL");
	mesa_draw(&s, false);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 2));
	emit(&s, VF(1, 3, 4));
	emit(&s, 0x00010000);
	emit(&s, 0x00000002);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "3D_DRAW_INDX_2 with 3 16-bit indices in 2 dwords (Mesa)");
	s.d[s.n - 3] = VF(1, 2, 4);
	both_refuse(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s, 0, -1,
		    "3D_DRAW_INDX_2 with 2 indices in 2 dwords");
	s.d[s.n - 3] = VF(2, 3, 4);
	both_refuse(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s, 0, -1,
		    "3D_DRAW_INDX_2 walking a vertex list with dwords after it");

	/* on-chip clears: start, count, value */
	{
		struct r5xx_cs_check_ctx c = ctx_for(R5XX_FAMILY_RV515, 0);

		c.hyperz_owner = true;
		s.n = 0;
		emit(&s, R5XX_PACKET3(R5XX_PM4_3D_CLEAR_ZMASK, 2));
		emit(&s, 0);
		emit(&s, 100);
		emit(&s, 0);
		tap_is(run(&c, &s), 0, "3D_CLEAR_ZMASK of 3 dwords for the Hyper-Z owner");
		s.d[0] = R5XX_PACKET3(R5XX_PM4_3D_CLEAR_ZMASK, 3);
		emit(&s, R5XX_PACKET2);
		tap_is(run(&c, &s), -EINVAL, "3D_CLEAR_ZMASK of 4 dwords");
	}
}

static void test_fields(void)
{
	struct r5xx_cs_reloc bos[BO_COUNT];
	struct r5xx_cs_check_ctx c;
	u32 k, i, m;

	/* hole: TXPITCH_EN with a pitch below the width: rows are the width */
	ddx_composite_stream(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT0(0), 0), 0);
	s.d[k + 1] = TX_FMT0(2048, 1, 0) | R5XX_TX_FORMAT0_TXPITCH_EN;
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT1(0), 0), 0);
	s.d[k + 1] = 0x1d;	/* 16 bytes a texel */
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT2(0), 0), 0);
	s.d[k + 1] = 1;		/* pitch 2 */
	k = find(&s, R5XX_PACKET0(R5XX_TX_OFFSET(0), 0), 0);
	s.d[k + 3] = BO_QUERY * 4;
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1,
		    "2048 texels of 16 bytes with TXPITCH 2, in 4 KiB");
	s.d[k + 3] = BO_PIX * 4;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "... fine in 256 KiB");

	/* hole: 2D coordinates are 14-bit: x = 0xe000 is -8192 */
	ddx_2d_stream(&s, false, 31);
	k = find(&s, R5XX_PACKET0(R5XX_DP_CNTL, 0), 0);
	s.d[k + 1] = R5XX_DP_CNTL_DST_Y_TOP_TO_BOTTOM;	/* right to left */
	k = find(&s, R5XX_PACKET0(R5XX_DST_HEIGHT_WIDTH, 0), 0);
	s.d[k - 1] = YX(100, 0xe000);
	s.d[k + 1] = YX(1, 16);
	s.n = k + 2;
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0,
	       "right-to-left fill from x = 0xe000 (-8192): all outside the default scissor");
	s.d[find(&s, R5XX_PACKET0(R5XX_DP_GUI_MASTER_CNTL, 0), 0) + 1] |=
		R5XX_DP_GUI_MASTER_CNTL_DST_CLIPPING;
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1,
		    "... with DST_CLIPPING, SC_TOP_LEFT from an earlier IB: x = -8192 is reached");
	s.d[k - 1] = YX(0xe000u, 16);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1, "fill from y = 0xe000 (-8192), the same");
	s.d[find(&s, R5XX_PACKET0(R5XX_DP_GUI_MASTER_CNTL, 0), 0) + 1] &=
		~R5XX_DP_GUI_MASTER_CNTL_DST_CLIPPING;
	/*
	 * issue 20: guide 6.2.2, bits 15:14 "should be copies of bit 13";
	 * otherwise an engine reading 16 bits sees another point: refused.
	 */
	s.d[k - 1] = YX(100, 0x4010);
	s.d[k + 1] = YX(1, 16);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1, "x = 0x4010: bits 15:14 not copies of bit 13");
	s.d[k - 1] = YX(100, 0x2000);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1, "x = 0x2000: the same");
	s.d[k - 1] = YX(0x8010u, 100);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1, "y = 0x8010: the same");
	s.d[k - 1] = YX(100, 100);
	s.d[k + 1] = YX(1, 0x4010);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1,
		    "width 0x4010: bit 14 of a 16-bit size field the checker reads as 14");
	s.d[k + 1] = YX(0x8001u, 16);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1, "height 0x8001: the same");
	s.d[k + 1] = YX(1, 0x4000);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), -EINVAL, "width 0x4000 is an empty fill");
	s.n = 0;
	reg(&s, R5XX_DP_GUI_MASTER_CNTL, GMC_SOLID(6, 0xf0));
	reg_reloc(&s, R5XX_DST_PITCH_OFFSET, PITCH_OFFSET(1024, 0), BO_PIX);
	reg(&s, R5XX_DST_LINE_START, YX(10, 0xfff0));
	reg(&s, R5XX_DST_LINE_END, YX(10, 0xfff8));
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1, "line from x = 0xfff0 (-16)");

	/* hole: without INDEPENDENT_COLORFORMAT every buffer has format 0 */
	memcpy(bos, test_bos, sizeof(bos));
	bos[BO_PIX].size = 512 * 256 * 2;	/* an RGB565 target, 512 wide */
	for (i = 0; i < 3; i++) {
		bool r500 = i > 0;
		u32 bias = r500 ? 0 : 1440;

		c = ctx_for(r500 ? R5XX_FAMILY_RV515 : R5XX_FAMILY_RV380,
			    RADEON_CS_KEEP_TILING_FLAGS);
		c.relocs = bos;
		mesa_draw(&s, r500);
		k = s.n - 2;
		s.n = k;
		reg(&s, R5XX_US_OUT_FMT(1), 0x1b00);
		reg_reloc(&s, R5XX_RB3D_COLOROFFSET(1), 0, BO_PIX);
		reg(&s, R5XX_RB3D_COLORPITCH(1), 512 | COLORFORMAT(4));
		reg(&s, R5XX_RE_SCISSORS_TL, bias | bias << 13);
		reg(&s, R5XX_RE_SCISSORS_BR, (255 + bias) | (255 + bias) << 13);
		if (i == 2)
			reg(&s, R5XX_RB3D_CCTL, R5XX_RB3D_CCTL_INDEPENDENT_COLORFORMAT_ENABLE);
		emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
		emit(&s, VF(2, 100, 4));
		tap_is(run(&c, &s), i == 2 ? 0 : -EINVAL,
		       "%s: RGB565 colour buffer 1 with ARGB8888 colour buffer 0%s",
		       r500 ? "RV515" : "RV380",
		       i == 2 ? ", INDEPENDENT_COLORFORMAT" : " (written as 4 bytes)");
	}

	/*
	 * issue 20 class 6: without INDEPENDENT_COLORFORMAT, RB3D_COLORPITCH0
	 * is the "format and tiling control for all the multibuffers": a
	 * linear ARGB8888 buffer 1 of 250 rows next to a macro-tiled buffer
	 * 0 is written in whole macro tiles, rows 250-255 past its object.
	 */
	memcpy(bos, test_bos, sizeof(bos));
	bos[BO_PIX].size = 256 * 250 * 4;
	for (i = 0; i < 4; i++) {
		bool r500 = i > 0, own = i == 2, linear0 = i == 3;
		u32 bias = r500 ? 0 : 1440;
		struct r5xx_cs_reloc big[BO_COUNT];
		struct am_bo abos[BO_COUNT];
		char why[256] = "";
		u32 j;

		c = ctx_for(r500 ? R5XX_FAMILY_RV515 : R5XX_FAMILY_RV380,
			    RADEON_CS_KEEP_TILING_FLAGS);
		c.relocs = bos;
		mesa_draw(&s, r500);
		if (linear0) {
			k = find(&s, R5XX_PACKET0(R5XX_RB3D_COLORPITCH(0), 0), 0);
			s.d[k + 1] &= ~R5XX_RB3D_COLORPITCH_COLORTILE;
		}
		k = s.n - 2;
		s.n = k;
		reg(&s, R5XX_US_OUT_FMT(1), 0x1b00);
		reg_reloc(&s, R5XX_RB3D_COLOROFFSET(1), 0, BO_PIX);
		reg(&s, R5XX_RB3D_COLORPITCH(1), 256 | COLORFORMAT(6));
		reg(&s, R5XX_RE_SCISSORS_TL, bias | bias << 13);
		reg(&s, R5XX_RE_SCISSORS_BR, (255 + bias) | (249 + bias) << 13);
		if (own)
			reg(&s, R5XX_RB3D_CCTL, R5XX_RB3D_CCTL_INDEPENDENT_COLORFORMAT_ENABLE);
		emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
		emit(&s, VF(2, 100, 4));
		tap_is(run(&c, &s), own || linear0 ? 0 : -EINVAL,
		       "%s: linear 256x250 colour buffer 1, %s colour buffer 0%s",
		       r500 ? "RV515" : "RV380", linear0 ? "linear" : "macro-tiled",
		       own ? ", INDEPENDENT_COLORFORMAT" :
		       linear0 ? "" : " (buffer 0's tiling: whole macro tiles)");
		if (own || linear0)
			continue;
		/*
		 * The model, on the stream relocated by the checker with a
		 * buffer 1 object large enough for either layout.
		 */
		memcpy(big, bos, sizeof(big));
		big[BO_PIX].size = 256 * 256 * 4;
		c.relocs = big;
		memcpy(last_ib, s.d, s.n * 4);
		tap_is(r5xx_cs_check(&c, last_ib, s.n), 0, "... accepted with 256 rows of object");
		for (j = 0; j < BO_COUNT; j++) {
			abos[j].start = bos[j].gpu_offset;
			abos[j].size = bos[j].size;
		}
		am_run(abos, BO_COUNT, r500, false, false, false, false, last_ib, s.n,
		       why, sizeof(why));
		tap_ok(strstr(why, "colour buffer") != NULL,
		       "... and the access model flags it: %s", why);
	}

	/*
	 * independent channel masks: a zero RB3D_COLOR_CHANNEL_MASK is zero
	 * for every buffer (MASK0-MASK3), a non-zero MASK1 is not
	 */
	mesa_draw(&s, false);
	delete_reg(&s, R5XX_RB3D_COLOROFFSET(0));
	delete_reg(&s, R5XX_RB3D_COLORPITCH(0));
	m = find(&s, R5XX_PACKET0(R5XX_RB3D_COLOR_CHANNEL_MASK, 0), 0);
	s.d[m + 1] = 0;
	k = find(&s, R5XX_PACKET0(R5XX_RB3D_CCTL, 0), 0);
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "no colour buffer, no channel written");
	s.d[k + 1] = R5XX_RB3D_CCTL_INDEPENDENT_COLOR_CHANNEL_MASK_ENABLE;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "... with independent channel masks, all four zero");
	s.d[m + 1] = FIELD_PREP(R5XX_RB3D_COLOR_CHANNEL_MASK_MASK1, 1);
	both_refuse(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s, 0, -1,
		    "... with independent channel masks, buffer 1's blue written");
	s.d[m + 1] = 0;
	s.d[k] = R5XX_PACKET2;
	s.d[k + 1] = R5XX_PACKET2;
	tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "... with RB3D_CCTL left by an earlier IB, all four zero");
}

/*
 * Mesa 25's r300 with no colour buffer bound (nr_cbufs 0; glxgears on
 * Debian 13 once xf86-video-ati refused its DRI3 back buffers): its blend
 * atom writes cb_no_readwrite (RB3D_COLOR_CHANNEL_MASK 0, no blending, no
 * ROP), Z is off, and the IB sets no RB3D_CCTL, colour buffer, Z buffer,
 * AA state or scissor.  The colour unit discards every quad, so no buffer
 * address is needed; but only on this IB's own word.
 */
static void test_no_colour_buffer(void)
{
	static const u32 gone[] = {
		R5XX_RB3D_CCTL, R5XX_RB3D_COLORPITCH(0), R5XX_ZB_FORMAT, R5XX_ZB_DEPTHPITCH,
		R5XX_GB_AA_CONFIG, R5XX_RB3D_AARESOLVE_CTL, R5XX_RE_SCISSORS_TL,
		R5XX_RE_SCISSORS_BR,
	};
	unsigned int i, r;
	u32 k, m, b;

	for (r = 0; r < 2; r++) {
		enum r5xx_family f = r ? R5XX_FAMILY_RV515 : R5XX_FAMILY_RV380;
		const char *chip = r ? "RV515" : "RV380";

		mesa_stream(&s, r);
		for (i = 0; i < ARRAY_SIZE(gone); i++)
			delete_reg(&s, gone[i]);
		k = find(&s, R5XX_PACKET0(R5XX_RB3D_COLOROFFSET(0), 0), 0);
		for (i = 0; i < 4; i++)	/* the register write and its NOP */
			s.d[k + i] = R5XX_PACKET2;
		k = find(&s, R5XX_PACKET0(R5XX_ZB_CNTL, 0), 0);
		s.d[k + 1] = 0;
		m = find(&s, R5XX_PACKET0(R5XX_RB3D_COLOR_CHANNEL_MASK, 0), 0);
		s.d[m + 1] = 0;
		tap_is(accepts(f, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
		       "%s: Mesa's draw without a colour buffer, no channel written", chip);
		s.d[m + 1] = FIELD_PREP(R5XX_RB3D_COLOR_CHANNEL_MASK_MASK0, 8);
		both_refuse(f, RADEON_CS_KEEP_TILING_FLAGS, &s, 0, -1,
			    "... but alpha written: refused");
		s.d[m + 1] = 0;
		b = find(&s, R5XX_PACKET0(R5XX_RB3D_BLENDCNTL, 0), 0);
		s.d[b + 1] = R5XX_RB3D_BLENDCNTL_READ_ENABLE;
		both_refuse(f, RADEON_CS_KEEP_TILING_FLAGS, &s, 0, -1,
			    "... but blending reads: refused");
		s.d[b + 1] = 0;
		s.d[m] = R5XX_PACKET2;
		s.d[m + 1] = R5XX_PACKET2;
		both_refuse(f, RADEON_CS_KEEP_TILING_FLAGS, &s, 0, -1,
			    "... but the channel mask left by an earlier IB: refused");
	}
}

/*
 * A draw whose inputs are all as the last draw left them takes that draw's
 * buffer checks (struct cs_state.gen): a relocation alone, with every
 * register as before, is a change; the same values written again are not.
 */
static void test_draw_inputs(void)
{
	static const struct { u32 reg, v; bool flush; const char *what; } moves[] = {
		{ R5XX_RB3D_COLOROFFSET(0), 0, true, "RB3D_COLOROFFSET0" },
		{ R5XX_ZB_DEPTHOFFSET, 0, true, "ZB_DEPTHOFFSET" },
		{ R5XX_TX_OFFSET(0), R5XX_TX_OFFSET_MACRO_TILE | R5XX_TX_OFFSET_MICRO_TILE_TILED,
		  false, "TX_OFFSET0" },
	};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(moves); i++) {
		mesa_draw(&s, false);
		if (moves[i].flush)
			mesa_flush(&s);
		reg_reloc(&s, moves[i].reg, moves[i].v, BO_QUERY);
		emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
		emit(&s, VF(2, 100, 4));
		pad8(&s);
		tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s), -EINVAL,
		       "%s alone moved to a 4 KiB object between two draws", moves[i].what);
	}

	/* Mesa re-emits unchanged state: the second draw reuses the first's checks */
	for (i = 0; i < 2; i++) {
		mesa_draw(&s, false);
		reg(&s, R5XX_RE_SCISSORS_TL, 1440 | 1440 << 13);
		reg(&s, R5XX_RE_SCISSORS_BR, (1023 + 1440) | (767 + 1440) << 13);
		reg(&s, R5XX_TX_FORMAT0(0), TX_FMT0(256, 256, 8));
		emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
		emit(&s, VF(2, 100, 4));
		if (i) {
			/* ... and a third draw after a real change is checked again */
			reg(&s, R5XX_TX_FORMAT0(0), TX_FMT0(512, 512, 9));
			emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
			emit(&s, VF(2, 100, 4));
		}
		pad8(&s);
		tap_is(accepts(R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, &s),
		       i ? -EINVAL : 0, "%s",
		       i ? "a third draw after TX_FORMAT0 grows the texture" :
		       "the same state written again before a second draw");
	}
}

/* -------------------------------------------------- issue 20 findings */

#define KEEP	RADEON_CS_KEEP_TILING_FLAGS

/*
 * Class 7: what the kernel writes before every IB is what the checker and
 * the access model start from: every register the model takes as reset is
 * in r5xx_cs_resets[] with its value, on every family.
 */
static void test_ib_resets(void)
{
	unsigned int i, k;

	for (i = 0; i < ARRAY_SIZE(all_families); i++) {
		enum r5xx_family f = all_families[i];
		const u32 *m = am_ib_resets(is_r500(f), f == R5XX_FAMILY_RV530);
		bool all = true;

		for (; *m; m += 2) {
			bool found = false;

			for (k = 0; k < ARRAY_SIZE(r5xx_cs_resets); k++)
				if (r5xx_cs_resets[k].reg == m[0] &&
				    r5xx_cs_resets[k].value == m[1] &&
				    r5xx_cs_reset_applies(f, &r5xx_cs_resets[k]))
					found = true;
			if (!found)
				printf("# family %d: %#06x = %#x not reset\n", f, m[0], m[1]);
			all &= found;
		}
		tap_ok(all, "family %d: the kernel resets what the model assumes", f);
	}
	/* an IB may rely on them: X's composite sets no ZB_BW_CNTL */
	ddx_composite_stream(&s, true);
	tap_is(accepts(R5XX_FAMILY_RV515, 0, &s), 0, "composite without ZB_BW_CNTL");
	for (k = 0; k < ARRAY_SIZE(r5xx_cs_resets); k++)
		if (r5xx_cs_resets[k].reg == R5XX_FG_ZBREG_DEST)
			tap_ok(r5xx_cs_reset_applies(R5XX_FAMILY_RV530, &r5xx_cs_resets[k]) &&
			       !r5xx_cs_reset_applies(R5XX_FAMILY_RV515, &r5xx_cs_resets[k]) &&
			       !r5xx_cs_reset_applies(R5XX_FAMILY_RV380, &r5xx_cs_resets[k]),
			       "FG_ZBREG_DEST reset on RV530 alone");
}

/* Mesa's stream, then @extra packets appended by the caller */
static u32 mesa_then(bool r500)
{
	mesa_stream(&s, r500);
	return s.n;
}

/* Class 1 and 7: the pipe selects */
static void test_pipe_select(void)
{
	u32 k;

	/* pipes 1-3 would keep an earlier client's colour buffer */
	mesa_then(false);
	reg(&s, R5XX_SU_REG_DEST, 1);
	k = s.n + 1;
	reg_reloc(&s, R5XX_RB3D_COLOROFFSET(0), 0, BO_CB);
	reg(&s, R5XX_SU_REG_DEST, 0xf);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(&s, VF(2, 100, 4));
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV380, KEEP, &s, k, BO_CB,
		    "COLOROFFSET0 written to pipe 0 alone refused");

	mesa_then(false);
	reg(&s, R5XX_SU_REG_DEST, 1);
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV380, KEEP, &s, 0, -1,
		    "IB ending with SU_REG_DEST = pipe 0 refused");
	mesa_then(true);
	reg(&s, R5XX_FG_ZBREG_DEST, 2);
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV530, KEEP, &s, 0, -1,
		    "IB ending with FG_ZBREG_DEST = Z pipe 1 refused");
	mesa_then(false);
	reg(&s, R5XX_SU_REG_DEST, 1);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(&s, VF(2, 100, 4));
	reg(&s, R5XX_SU_REG_DEST, 0xf);
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV380, KEEP, &s), -EINVAL,
	       "draw with SU_REG_DEST = pipe 0 refused");
	/* class 2: SELECT is 3:0 */
	mesa_then(false);
	reg(&s, R5XX_SU_REG_DEST, 0x1f);
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV380, KEEP, &s, 0, -1, "SU_REG_DEST with bit 4 refused");
	/* Mesa's RV530 query end, both Z pipes (rv530_emit_query_end_double_z) */
	mesa_then(true);
	reg(&s, R5XX_FG_ZBREG_DEST, 1);
	reg_reloc(&s, R5XX_ZB_ZPASS_ADDR, 8, BO_QUERY);
	reg(&s, R5XX_FG_ZBREG_DEST, 2);
	reg_reloc(&s, R5XX_ZB_ZPASS_ADDR, 12, BO_QUERY);
	reg(&s, R5XX_FG_ZBREG_DEST, 3);
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV530, KEEP, &s), 0, "RV530 two-Z-pipe query end accepted");

	/* the CMASK RAM is another client's without ownership */
	{
		static const struct {
			u32 reg;
			const char *what;
		} cmask[] = {
			{ R5XX_RB3D_CMASK_WRINDEX, "CMASK_WRINDEX, not owner, refused" },
			{ R5XX_RB3D_CMASK_DWORD, "CMASK_DWORD, not owner, refused" },
			{ R5XX_RB3D_CMASK_RDINDEX, "CMASK_RDINDEX, not owner, refused" },
			{ R5XX_RB3D_CMASK_OFFSET(1), "CMASK_OFFSET1, not owner, refused" },
		};
		struct r5xx_cs_check_ctx c = ctx_for(R5XX_FAMILY_RV515, 0);
		unsigned int i;

		for (i = 0; i < ARRAY_SIZE(cmask); i++) {
			s.n = 0;
			reg(&s, cmask[i].reg, 0);
			pad8(&s);
			both_refuse(R5XX_FAMILY_RV515, 0, &s, 0, -1, cmask[i].what);
		}
		c.cmask_owner = true;
		s.n = 0;
		reg(&s, R5XX_RB3D_CMASK_WRINDEX, 0);
		reg(&s, R5XX_RB3D_CMASK_DWORD, 0);
		pad8(&s);
		tap_is(run(&c, &s), 0, "CMASK index/data pair for the owner");
	}
}

/* Classes 1 and 4: the index clamps and the R5xx index offset */
static void test_index_bounds(void)
{
	u32 k;

	/* counted indices clamped up to VAP_VF_MIN_VTX_INDX */
	mesa_then(false);
	reg(&s, R5XX_VAP_VF_MIN_VTX_INDX, 100000);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(&s, VF(2, 100, 4));
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV380, KEEP, &s, 0, -1,
		    "vertex list with VAP_VF_MIN_VTX_INDX far beyond the arrays refused");
	/* indexed: the lower clamp above the upper one */
	mesa_then(false);
	reg(&s, R5XX_VAP_VF_MIN_VTX_INDX, 5000);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 1));
	emit(&s, VF(1, 2, 4));
	emit(&s, 0x00010000);
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV380, KEEP, &s, 0, -1,
		    "indexed draw with VAP_VF_MIN_VTX_INDX above MAX refused");
	/* class 2: MIN_INDX is 23:0 */
	mesa_then(false);
	reg(&s, R5XX_VAP_VF_MIN_VTX_INDX, BIT(24));
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV380, KEEP, &s), -EINVAL,
	       "VAP_VF_MIN_VTX_INDX bit 24 refused");
	/* Mesa's min_index within max_index still goes */
	mesa_then(false);
	regs(&s, R5XX_VAP_VF_MAX_VTX_INDX, 2, (const u32[]){ 99, 50 });
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 1));
	emit(&s, VF(1, 2, 4));
	emit(&s, 0x00010000);
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV380, KEEP, &s), 0, "indexed draw, min 50 max 99");

	/* R5xx: the offset is added to indices from a buffer too */
	mesa_then(true);
	reg(&s, R5XX_VAP_INDEX_OFFSET, 100000);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 1));
	emit(&s, VF(1, 2, 4));
	emit(&s, 0x00010000);
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV515, KEEP, &s, 0, -1,
		    "indexed draw with VAP_INDEX_OFFSET beyond the arrays refused");
	/* a small offset: the clamp is lowered by it */
	mesa_then(true);
	k = find(&s, R5XX_PACKET0(R5XX_VAP_VF_MAX_VTX_INDX, 1), 0);
	s.d[k + 1] = 64 * 1024 / 32;
	reg(&s, R5XX_VAP_INDEX_OFFSET, 8);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 1));
	emit(&s, VF(1, 2, 4));
	emit(&s, 0x00010000);
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV515, KEEP, &s), 0, "indexed draw with offset 8: clamped");
	tap_is(last_ib[k + 1], (64 * 1024 - 16) / 32 - 8, "... to the last fitting index - 8");
}

/* Class 3: the Z unit writes memory in more modes than Z_ENABLE */
static void test_z_modes(void)
{
	static const struct {
		u32 cntl, bw;
		const char *what;
	} modes[] = {
		{ R5XX_ZB_CNTL_ZWRITEENABLE, 0, "ZWRITEENABLE without Z_ENABLE" },
		{ 0, R5XX_ZB_BW_CNTL_ZB_CB_CLEAR, "ZB_CB_CLEAR without Z_ENABLE" },
		{ 0, R5XX_ZB_BW_CNTL_WR_COMP_ENABLE, "WR_COMP_ENABLE without Z_ENABLE" },
	};
	unsigned int i;
	u32 k;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		struct r5xx_cs_check_ctx c = ctx_for(R5XX_FAMILY_RV380, KEEP);

		mesa_then(false);
		/* a Z buffer 4 KiB before the end of its object */
		k = s.n + 1;
		reg_reloc(&s, R5XX_ZB_DEPTHOFFSET, test_bos[BO_ZB].size - 4096, BO_ZB);
		reg(&s, R5XX_ZB_CNTL, modes[i].cntl);
		reg(&s, R5XX_ZB_BW_CNTL, modes[i].bw);
		emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
		emit(&s, VF(2, 100, 4));
		pad8(&s);
		if (modes[i].bw & R5XX_ZB_BW_CNTL_WR_COMP_ENABLE) {
			/* compression is the Hyper-Z owner's */
			c.hyperz_owner = true;
			tap_is(run(&c, &s), -EINVAL, "%s refused", modes[i].what);
			continue;
		}
		both_refuse(R5XX_FAMILY_RV380, KEEP, &s, k, -1, modes[i].what);
	}
	/* and the Z cache holds lines afterwards: its registers are pinned */
	mesa_then(false);
	reg(&s, R5XX_ZB_CNTL, R5XX_ZB_CNTL_ZWRITEENABLE);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(&s, VF(2, 100, 4));
	reg(&s, R5XX_ZB_FORMAT, 0);
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV380, KEEP, &s), -EINVAL,
	       "ZB_FORMAT changed after a Z-writing draw without a flush refused");
}

/* Class 2: the finest mip level a unit fetches, TX_FILTER0 MAX_MIP_LEVEL */
static void test_tex_levels(void)
{
	u32 k;

	/* one level at the end of the object, the fetch from level 15 */
	mesa_then(false);
	reg(&s, R5XX_TX_FORMAT0(0), TX_FMT0(256, 256, 0));
	k = s.n + 1;
	reg_reloc(&s, R5XX_TX_OFFSET(0), 256 * 1024 | R5XX_TX_OFFSET_MACRO_TILE |
		  R5XX_TX_OFFSET_MICRO_TILE_TILED, BO_TEX);
	reg(&s, R5XX_TX_FILTER0(0), FIELD_PREP(R5XX_TX_FILTER0_MAX_MIP_LEVEL, 15));
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(&s, VF(2, 100, 4));
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV380, KEEP, &s, k, -1,
		    "MAX_MIP_LEVEL 15 with NUM_LEVELS 0 refused");
	/* within the chain: Mesa's min_level <= max_level */
	mesa_then(false);
	reg(&s, R5XX_TX_FILTER0(0), FIELD_PREP(R5XX_TX_FILTER0_MAX_MIP_LEVEL, 8));
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(&s, VF(2, 100, 4));
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV380, KEEP, &s), 0, "MAX_MIP_LEVEL 8 of 8 accepted");
	/* unknown: an earlier client's filter */
	mesa_stream(&s, false);
	delete_reg(&s, R5XX_TX_FILTER0(0));
	tap_is(accepts(R5XX_FAMILY_RV380, KEEP, &s), -EINVAL,
	       "enabled texture without TX_FILTER0 refused");
}

/* Class 2: the 2D engine's source type (guide 6.2.2 GUI_CONTROL) */
static void copy_pix(struct stream *st, u32 gmc)
{
	/* the relocations first: both_refuse() wants none after the refusal */
	st->n = 0;
	reg_reloc(st, R5XX_SRC_PITCH_OFFSET, PITCH_OFFSET(1024, 0), BO_PIX);
	reg_reloc(st, R5XX_DST_PITCH_OFFSET, PITCH_OFFSET(4096, 0), BO_CB);
	reg(st, R5XX_DP_GUI_MASTER_CNTL, gmc);
	reg(st, R5XX_SRC_Y_X, YX(0, 0));
	reg(st, R5XX_DST_Y_X, YX(0, 0));
	reg(st, R5XX_DST_HEIGHT_WIDTH, YX(256, 256));
	pad8(st);
}

static void test_2d_src_type(void)
{
	u32 gmc = GMC_COPY(6, 0xcc) & ~R5XX_DP_GUI_MASTER_CNTL_SRC_DATATYPE;

	copy_pix(&s, gmc | 3 << 12);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "copy, source type 3 (X's)");
	/* SRC_TYPE 7: a 64 bpp source, twice the bytes of the 32 bpp rows */
	copy_pix(&s, gmc | 3 << 12 | R5XX_DP_GUI_MASTER_CNTL_SRC_DATATYPE_EXT);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1, "64 bpp source (SRC_TYPE bit 27) refused");
	copy_pix(&s, gmc | 2 << 12);
	both_refuse(R5XX_FAMILY_RV380, 0, &s, 0, -1, "reserved source type 2 refused");
	copy_pix(&s, gmc | 3 << 12 | BIT(29));
	both_refuse(R5XX_FAMILY_RV515, 0, &s, 0, -1, "DP_GUI_MASTER_CNTL bit 29 refused");
}

/* Class 2: VAP_VF_CNTL bits of a draw packet */
static void test_vf_cntl_bits(void)
{
	static const struct {
		u32 vf;
		const char *what;
	} bad[] = {
		{ VF(1, 2, 4) | BIT(13), "DUAL_INDEX_MODE" },
		{ VF(1, 2, 7), "primitive type 7 (wFlags among the indices)" },
		{ VF(1, 2, 9), "unused primitive type 9" },
		{ VF(1, 2, 4) | BIT(6), "reserved bit 6" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		mesa_then(false);
		emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 1));
		emit(&s, bad[i].vf);
		emit(&s, 0x00010000);
		pad8(&s);
		both_refuse(R5XX_FAMILY_RV380, KEEP, &s, 0, -1, bad[i].what);
	}
	mesa_then(false);
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_INDX_2, 1));
	emit(&s, VF(1, 2, 4) | BIT(12));
	emit(&s, 0x00010000);
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV380, KEEP, &s), 0, "VTX_REUSE_DIS with indices accepted");
}

/* Class 5: YUV 4:2:2 colour buffers, two pixels in each 32-bit word */
static void test_yuv_colour(void)
{
	u32 k;

	/* 1024 words a row (4 KiB), from 2 MiB into the 3 MiB object */
	mesa_then(false);
	k = s.n + 1;
	reg_reloc(&s, R5XX_RB3D_COLOROFFSET(0), 2 * 1024 * 1024, BO_CB);
	reg(&s, R5XX_RB3D_COLORPITCH(0), 1024 | COLORFORMAT(11));
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(&s, VF(2, 100, 4));
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV380, KEEP, &s, k, -1,
		    "VYUY colour buffer measured at 1 byte a pixel refused");
	/* 2 KiB rows if the pitch counts pixels, 4 KiB if 32-bit pairs */
	mesa_then(false);
	k = s.n + 1;
	reg_reloc(&s, R5XX_RB3D_COLOROFFSET(0), 3 * 1024 * 1024 - 768 * 2048, BO_CB);
	reg(&s, R5XX_RB3D_COLORPITCH(0), 1024 | COLORFORMAT(11));
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(&s, VF(2, 100, 4));
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV380, KEEP, &s, k, -1,
		    "VYUY colour buffer fitting only as 2-byte pixels refused");
	/* Mesa's: a 1024-pixel-wide target, pitch 512 words, at the start */
	mesa_then(false);
	reg_reloc(&s, R5XX_RB3D_COLOROFFSET(0), 0, BO_CB);
	reg(&s, R5XX_RB3D_COLORPITCH(0), 512 | COLORFORMAT(12));
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(&s, VF(2, 100, 4));
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV380, KEEP, &s), 0, "YVYU target of 1024x768 accepted");
}

/* Class 6: unpipelined state beyond the colour buffer's own registers */
static void test_aa_unpipelined(void)
{
	/* 6 samples after a draw, pixels still in the caches */
	mesa_stream(&s, false);
	while (s.d[s.n - 1] == R5XX_PACKET2)
		s.n--;
	s.n -= 6;	/* without the closing cache flushes and wait */
	reg(&s, R5XX_GB_AA_CONFIG, R5XX_GB_AA_CONFIG_AA_ENABLE |
	    FIELD_PREP(R5XX_GB_AA_CONFIG_NUM_AA_SUBSAMPLES, 3));
	pad8(&s);
	both_refuse(R5XX_FAMILY_RV380, KEEP, &s, 0, -1,
		    "GB_AA_CONFIG changed after a draw, caches not flushed, refused");
	/* Mesa's order: flush both caches, wait, then the AA state */
	mesa_then(false);
	reg(&s, R5XX_GB_AA_CONFIG, R5XX_GB_AA_CONFIG_AA_ENABLE);
	pad8(&s);
	tap_is(accepts(R5XX_FAMILY_RV380, KEEP, &s), 0, "GB_AA_CONFIG after flush and wait");
	/* known bits, and AA compression needs the CMASK */
	one_reg(R5XX_GB_AA_CONFIG, BIT(3), R5XX_FAMILY_RV380, "GB_AA_CONFIG bit 3");
	one_reg(R5XX_RB3D_CCTL, BIT(11), R5XX_FAMILY_RV515, "RB3D_CCTL reserved bit 11");
	one_reg(R5XX_RB3D_CCTL, R5XX_RB3D_CCTL_AA_COMPRESSION_ENABLE, R5XX_FAMILY_RV515,
		"RB3D_CCTL AA compression without the CMASK");
}

/* Class 2: undefined bits of the colour and Z layout registers */
static void test_layout_bits(void)
{
	static const struct {
		u32 reg, v;
		const char *what;
	} bad[] = {
		{ R5XX_RB3D_COLORPITCH(0), 1024 | COLORFORMAT(6) | BIT(0), "COLORPITCH0 bit 0" },
		{ R5XX_RB3D_COLORPITCH(2), 1024 | COLORFORMAT(6) | BIT(25), "COLORPITCH2 bit 25" },
		{ R5XX_ZB_DEPTHPITCH, 1024 | BIT(14), "ZB_DEPTHPITCH bit 14" },
		{ R5XX_ZB_DEPTHPITCH, 1024 | BIT(1), "ZB_DEPTHPITCH bit 1" },
		{ R5XX_ZB_FORMAT, 2 | BIT(6), "ZB_FORMAT bit 6" },
		{ R5XX_ZB_CNTL, R5XX_ZB_CNTL_Z_ENABLE | BIT(7), "ZB_CNTL bit 7" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		s.n = 0;
		reg(&s, bad[i].reg, bad[i].v);
		pad8(&s);
		both_refuse(R5XX_FAMILY_RV515, KEEP, &s, 0, -1, bad[i].what);
	}
}

/*
 * The checker refuses @st, and the access model, run on the same dwords
 * with the dwords @k[0..n) relocated into @bo[], fails it for a reason
 * that contains @needle (so not only for unrelocated addresses).
 */
static void refused_for(enum r5xx_family fam, u32 flags, const struct stream *st,
			const u32 *k, const int *bo, u32 n, const char *needle,
			const char *what)
{
	struct r5xx_cs_check_ctx c = ctx_for(fam, flags);
	struct am_bo bos[BO_COUNT];
	char why[256] = "";
	u32 i;

	if (corpus_dir)
		write_seed(&c, st);
	memcpy(last_ib, st->d, st->n * 4);
	tap_is(r5xx_cs_check(&c, last_ib, st->n), -EINVAL, "%s", what);
	memcpy(last_ib, st->d, st->n * 4);
	for (i = 0; i < n; i++)
		last_ib[k[i]] += (u32)test_bos[bo[i]].gpu_offset;
	for (i = 0; i < BO_COUNT; i++) {
		bos[i].start = test_bos[i].gpu_offset;
		bos[i].size = test_bos[i].size;
	}
	am_run(bos, BO_COUNT, is_r500(fam), fam >= R5XX_FAMILY_RS600 && fam <= R5XX_FAMILY_RS740,
	       fam == R5XX_FAMILY_R300, fam == R5XX_FAMILY_RV530, c.cmask_owner,
	       last_ib, st->n, why, sizeof(why));
	tap_ok(strstr(why, needle) != NULL, "... and the access model flags it: %s", why);
}

/*
 * The checker accepts @st with object @bo of @big bytes and refuses it
 * with @small bytes; the access model, on the stream the checker relocated,
 * flags the small object for a reason that contains @needle.
 */
static void refused_by_size(enum r5xx_family fam, u32 flags, const struct stream *st,
			    int bo, u64 small, u64 big, const char *needle, const char *what)
{
	struct r5xx_cs_check_ctx c = ctx_for(fam, flags);
	struct r5xx_cs_reloc bos[BO_COUNT];
	struct am_bo abos[BO_COUNT];
	char why[256] = "";
	u32 i;

	memcpy(bos, test_bos, sizeof(bos));
	c.relocs = bos;
	bos[bo].size = small;
	memcpy(last_ib, st->d, st->n * 4);
	tap_is(r5xx_cs_check(&c, last_ib, st->n), -EINVAL, "%s", what);
	bos[bo].size = big;
	memcpy(last_ib, st->d, st->n * 4);
	tap_is(r5xx_cs_check(&c, last_ib, st->n), 0, "... accepted in %llu bytes",
	       (unsigned long long)big);
	for (i = 0; i < BO_COUNT; i++) {
		abos[i].start = bos[i].gpu_offset;
		abos[i].size = i == bo ? small : bos[i].size;
	}
	am_run(abos, BO_COUNT, is_r500(fam), fam >= R5XX_FAMILY_RS600 && fam <= R5XX_FAMILY_RS740,
	       fam == R5XX_FAMILY_R300, fam == R5XX_FAMILY_RV530, c.cmask_owner,
	       last_ib, st->n, why, sizeof(why));
	tap_ok(strstr(why, needle) != NULL, "... and the access model flags %llu bytes: %s",
	       (unsigned long long)small, why);
}

/*
 * Issue 20 class 5: texture formats 20 and 21 (VYUY422, YVYU422) are
 * 32-bit words of two texels (guide: C_VYUY, C_YVYU among the 32-bit
 * formats; Mesa: 4-byte 2x1 blocks).  A 63x40 macro- and micro-tiled one
 * is 5120 bytes as 2-byte texels (63 texels < one macro tile: macro-linear)
 * but 6144 as 32 pairs (one macro tile wide).
 */
static void test_yuv_texture(void)
{
	u32 k;

	mesa_draw(&s, false);
	k = find(&s, R5XX_PACKET0(R5XX_TX_FILTER0(0), 0), 0);
	s.d[k + 1] = 2 | 2 << 3;	/* clamp to edge: no power-of-two rounding */
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT0(0), 0), 0);
	s.d[k + 1] = TX_FMT0(63, 40, 0);
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT1(0), 0), 0);
	s.d[k + 1] = 0x14;
	emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
	emit(&s, VF(2, 100, 4));
	refused_by_size(R5XX_FAMILY_RV380, KEEP, &s, BO_TEX, 5120, 6144, "texture",
			"63x40 tiled VYUY422 texture in 5120 bytes (2-byte texels fit, pairs not)");
	k = find(&s, R5XX_PACKET0(R5XX_TX_FORMAT1(0), 0), 0);
	s.d[k + 1] = 0x15;
	refused_by_size(R5XX_FAMILY_RV380, KEEP, &s, BO_TEX, 5120, 6144, "texture",
			"... YVYU422 the same");
}

/*
 * Mesa's r300 on R5xx with a 0x0 framebuffer (glxgears on Debian 13 again):
 * RE_SCISSORS_BR is (0 - 1) | (0 - 1) << 13, every bit set.  Bits 31:26 all
 * set are cleared in the IB, so that the GPU reads (8191, 8191), the
 * corner the checker measures; any other undefined bit is still refused.
 */
static void test_empty_framebuffer(void)
{
	unsigned int i;
	u32 k, m;

	mesa_stream(&s, true);
	s.d[find(&s, R5XX_PACKET0(R5XX_ZB_CNTL, 0), 0) + 1] = 0;
	k = find(&s, R5XX_PACKET0(R5XX_RE_SCISSORS_BR, 0), 0);
	s.d[k + 1] = U32_MAX;
	refused_by_size(R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, &s, BO_CB,
			1024 * 768 * 4, 0x2040000, "colour buffer",
			"RV515: scissor -1, 1024x768 colour buffer: 8192 rows measured, refused");
	tap_is(last_ib[k + 1], GENMASK(25, 0), "... with bits 31:26 of RE_SCISSORS_BR cleared");
	delete_reg(&s, R5XX_RB3D_COLORPITCH(0));
	m = find(&s, R5XX_PACKET0(R5XX_RB3D_COLOROFFSET(0), 0), 0);
	for (i = 0; i < 4; i++)	/* the register write and its NOP */
		s.d[m + i] = R5XX_PACKET2;
	s.d[find(&s, R5XX_PACKET0(R5XX_RB3D_COLOR_CHANNEL_MASK, 0), 0) + 1] = 0;
	tap_is(accepts(R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
	       "RV515: scissor -1, no colour buffer, no Z: accepted");
	tap_is(last_ib[k + 1], GENMASK(25, 0), "... with bits 31:26 of RE_SCISSORS_BR cleared");
	s.d[k + 1] = GENMASK(30, 0);
	refused_for(R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, &s, NULL, NULL, 0,
		    "SC_SCISSOR0/1", "... but bits 30:26 alone refused");
}

/*
 * Mesa's r300 CBZB clear (piglit's depth clears on both chips): the lower
 * half of a 160x160 Z24S8 macro- and micro-tiled surface (102400 bytes,
 * Z at 51200) cleared under a scissor of the width aligned to 64 (192) and
 * half the height (80).  Upstream measures pitch x rows (102400: fits).
 * Z tiles are 32x16: the last row of tiles reaches x 192 at 53248 bytes,
 * 2 KiB past the object; the checker lowers the scissor's X edge to the
 * row (160) instead of refusing.  An overhang in Y stays refused.
 */
static void test_cbzb_clear(void)
{
	static const enum r5xx_family fams[] = { R5XX_FAMILY_RV380, R5XX_FAMILY_RV515 };
	struct r5xx_cs_reloc bos[BO_COUNT];
	struct r5xx_cs_check_ctx c;
	unsigned int f;
	u32 k, bias;

	memcpy(bos, test_bos, sizeof(bos));
	bos[BO_ZB].size = 160 * 160 * 4;
	for (f = 0; f < ARRAY_SIZE(fams); f++) {
		bias = is_r500(fams[f]) ? 0 : 1440;
		c = ctx_for(fams[f], RADEON_CS_KEEP_TILING_FLAGS);
		c.relocs = bos;
		mesa_stream(&s, is_r500(fams[f]));
		s.d[find(&s, R5XX_PACKET0(R5XX_ZB_DEPTHOFFSET, 0), 0) + 1] = 160 * 80 * 4;
		k = find(&s, R5XX_PACKET0(R5XX_ZB_DEPTHPITCH, 0), 0);
		s.d[k + 1] = (s.d[k + 1] & ~R5XX_ZB_DEPTHPITCH_DEPTHPITCH) | 160;
		k = find(&s, R5XX_PACKET0(R5XX_RE_SCISSORS_BR, 0), 0);
		s.d[k + 1] = (191 + bias) | (79 + bias) << 13;
		tap_is(run(&c, &s), 0, "%s: CBZB clear, scissor 192x80 on a 160-pixel Z pitch",
		       is_r500(fams[f]) ? "RV515" : "RV380");
		tap_is(last_ib[k + 1], (159 + bias) | (79 + bias) << 13,
		       "... accepted with the scissor's X lowered to 160");
		s.d[k + 1] = (191 + bias) | (80 + bias) << 13;
		tap_is(run(&c, &s), -EINVAL, "... but one row more is refused");
		s.d[k + 1] = (159 + bias) | (80 + bias) << 13;
		tap_is(run(&c, &s), -EINVAL, "... also within the pitch");
	}
}

/*
 * RB3D_COLOR_CLEAR_VALUE (and the FP16 _AR/_GB pair) is unpipelined in the
 * reference but only gives the colour of CMASK-cleared tiles, no address
 * or layout, and only the CMASK owner uses CMASK: free, no pipe= (issue 20
 * class 6, decided in cs-checker.rst), so it may change after a draw
 * before a flush, as a colour that is not an address may.
 */
static void test_clear_value(void)
{
	static const u32 regs_cv[] = {
		R5XX_RB3D_COLOR_CLEAR_VALUE, R5XX_R500_RB3D_COLOR_CLEAR_VALUE_AR,
		R5XX_R500_RB3D_COLOR_CLEAR_VALUE_GB,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(regs_cv); i++) {
		mesa_stream(&s, true);
		reg(&s, regs_cv[i], 0x12345678);
		emit(&s, R5XX_PACKET3(R5XX_PM4_3D_DRAW_VBUF_2, 0));
		emit(&s, VF(2, 100, 4));
		pad8(&s);
		tap_is(accepts(R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, &s), 0,
		       "RV515: clear value %#x changed after a draw, before a flush",
		       regs_cv[i]);
	}
}

/*
 * Issue 20 class 2, second part: known-bits masks (bits=fields) of the
 * texture, output, blend, resolve, Z bandwidth, vertex, scissor and 2D
 * registers, the TX_FORMAT2 R5xx bits before R5xx, the 2D coordinate
 * copies and size widths, and the 3D_LOAD_VBPNTR count and attribute
 * dwords.  What Mesa sends in bits the reference calls reserved stays
 * accepted.
 */
static void test_known_bits(void)
{
	static const struct {
		enum r5xx_family fam;
		u32 reg, v;
		const char *needle, *what;
	} bad[] = {
		{ R5XX_FAMILY_RV515, R5XX_TX_FILTER0(0), BIT(24), "TX_FILTER0", "TX_FILTER0 bit 24" },
		{ R5XX_FAMILY_RV515, R5XX_TX_FILTER1(3), BIT(29), "TX_FILTER1", "TX_FILTER1_3 bit 29" },
		{ R5XX_FAMILY_RV380, R5XX_TX_FILTER1(0), BIT(20), "TX_FILTER1", "TX_FILTER1 bit 20" },
		{ R5XX_FAMILY_RV515, R5XX_TX_FORMAT1(0), 0x0c | BIT(24), "TX_FORMAT1",
		  "TX_FORMAT1 bit 24" },
		{ R5XX_FAMILY_RV515, R5XX_TX_FORMAT2(1), BIT(20), "TX_FORMAT2", "TX_FORMAT2 bit 20" },
		{ R5XX_FAMILY_RV380, R5XX_TX_FORMAT2(0), R5XX_TX_FORMAT2_TXWIDTH_11, "R5xx bits",
		  "TX_FORMAT2 TXWIDTH_11 before R5xx (sized on R5xx only)" },
		{ R5XX_FAMILY_R420, R5XX_TX_FORMAT2(0), BIT(17), "R5xx bits",
		  "TX_FORMAT2 POW2FIX2FLT before R5xx" },
		{ R5XX_FAMILY_RV515, R5XX_US_OUT_FMT(1), 15 | BIT(5), "US_OUT_FMT",
		  "US_OUT_FMT1 bit 5" },
		{ R5XX_FAMILY_RV380, R5XX_US_OUT_FMT(0), BIT(21), "US_OUT_FMT", "US_OUT_FMT0 bit 21" },
		{ R5XX_FAMILY_RV515, R5XX_TX_ENABLE, BIT(16), "TX_ENABLE", "TX_ENABLE bit 16" },
		{ R5XX_FAMILY_RV515, R5XX_RB3D_BLENDCNTL, BIT(6), "RB3D_BLENDCNTL",
		  "RB3D_BLENDCNTL bit 6" },
		{ R5XX_FAMILY_RV515, R5XX_RB3D_COLOR_CHANNEL_MASK, 0xf | BIT(16),
		  "RB3D_COLOR_CHANNEL_MASK", "RB3D_COLOR_CHANNEL_MASK bit 16" },
		{ R5XX_FAMILY_RV515, R5XX_RB3D_AARESOLVE_PITCH, 1024 | BIT(0),
		  "RB3D_AARESOLVE_PITCH", "RB3D_AARESOLVE_PITCH bit 0" },
		{ R5XX_FAMILY_RV515, R5XX_RB3D_AARESOLVE_CTL, BIT(3), "RB3D_AARESOLVE_CTL",
		  "RB3D_AARESOLVE_CTL bit 3" },
		{ R5XX_FAMILY_RV515, R5XX_ZB_BW_CNTL, BIT(9), "ZB_BW_CNTL", "ZB_BW_CNTL bit 9" },
		{ R5XX_FAMILY_RV515, R5XX_ZB_BW_CNTL, BIT(20), "ZB_BW_CNTL", "ZB_BW_CNTL bit 20" },
		{ R5XX_FAMILY_RV515, R5XX_ZB_BW_CNTL, R5XX_ZB_BW_CNTL_CONTIGUOUS_6XAA_SAMPLES_DISABLE,
		  "ZB_BW_CNTL", "ZB_BW_CNTL CONTIGUOUS_6XAA_SAMPLES_DISABLE (another sample layout)" },
		{ R5XX_FAMILY_RV515, R5XX_VAP_VTX_SIZE, 8 | BIT(7), "VAP_VTX_SIZE",
		  "VAP_VTX_SIZE bit 7" },
		{ R5XX_FAMILY_RV515, R5XX_VAP_ALT_NUM_VERTICES, BIT(24), "VAP_ALT_NUM_VERTICES",
		  "VAP_ALT_NUM_VERTICES bit 24" },
		{ R5XX_FAMILY_RV515, R5XX_VAP_VF_MAX_VTX_INDX, 0x1000000, "VAP_VF_MAX_VTX_INDX",
		  "VAP_VF_MAX_VTX_INDX bit 24" },
		{ R5XX_FAMILY_RV515, R5XX_VAP_INDEX_OFFSET, BIT(25), "VAP_INDEX_OFFSET",
		  "VAP_INDEX_OFFSET bit 25" },
		{ R5XX_FAMILY_RV380, R5XX_RE_SCISSORS_TL, BIT(26), "SC_SCISSOR",
		  "RE_SCISSORS_TL bit 26" },
		{ R5XX_FAMILY_RV515, R5XX_RE_SCISSORS_BR, BIT(31), "SC_SCISSOR",
		  "RE_SCISSORS_BR bit 31" },
		{ R5XX_FAMILY_RV380, R5XX_SC_BOTTOM_RIGHT, 0x1fff | BIT(14), "2D scissor",
		  "SC_BOTTOM_RIGHT bit 14" },
		{ R5XX_FAMILY_RV380, R5XX_DEFAULT_SC_BOTTOM_RIGHT, BIT(30), "2D scissor",
		  "DEFAULT_SC_BOTTOM_RIGHT bit 30" },
		{ R5XX_FAMILY_RV380, R5XX_SRC_SC_BOTTOM_RIGHT, BIT(15), "2D scissor",
		  "SRC_SC_BOTTOM_RIGHT bit 15" },
		{ R5XX_FAMILY_RV380, R5XX_SC_TOP_LEFT, BIT(31), "2D scissor",
		  "SC_TOP_LEFT bit 31" },
		{ R5XX_FAMILY_RV380, R5XX_DP_CNTL, BIT(2), "DP_CNTL", "DP_CNTL bit 2" },
		{ R5XX_FAMILY_RV380, R5XX_DST_Y_X, 0x4000, "2D coordinates",
		  "DST_Y_X 0x4000: bit 14 not a copy of bit 13" },
		{ R5XX_FAMILY_RV380, R5XX_SRC_Y_X, 0x20000000, "2D coordinates",
		  "SRC_Y_X y = 0x2000: bits 31:30 not copies of bit 29" },
		{ R5XX_FAMILY_RV515, R5XX_DST_LINE_START, 0x8000, "2D coordinates",
		  "DST_LINE_START x = 0x8000" },
	};
	static const struct {
		enum r5xx_family fam;
		u32 reg, v;
		const char *what;
	} good[] = {
		/* r300_state.c: anisotropy, R4xx DXTC swizzle, R5xx anisotropy and border fix */
		{ R5XX_FAMILY_RV380, R5XX_TX_FILTER0(0), 0x1fffff | 4 << 21 | 15u << 28,
		  "TX_FILTER0 with Mesa's 16:1 MAX_ANISO (23:21, reference: reserved) and ID" },
		{ R5XX_FAMILY_RV410, R5XX_TX_FILTER1(0), 0x7fff | 7 << 17 | BIT(21),
		  "TX_FILTER1 with R300_ANISO_THRESHOLD and R400_DXTC_SWIZZLE_ENABLE" },
		{ R5XX_FAMILY_RV515, R5XX_TX_FILTER1(0), BIT(22) | 63 << 23 | BIT(30) | BIT(31),
		  "TX_FILTER1 with MACRO_SWITCH, R500_TX_MAX_ANISO, ANISO_HIGH_QUALITY, BORDER_FIX" },
		{ R5XX_FAMILY_RV515, R5XX_TX_FORMAT1(0), 0x0c | 0x1ffu << 5 | BIT(21) | 3 << 22 |
		  31u << 27, "TX_FORMAT1 with swizzles, gamma, YUV_TO_RGB, CACHE" },
		{ R5XX_FAMILY_RV515, R5XX_TX_FORMAT2(0), 0xfffff,
		  "TX_FORMAT2 with every R5xx field" },
		{ R5XX_FAMILY_RV380, R5XX_TX_FORMAT2(0), 0x3fff, "TX_FORMAT2 pitch before R5xx" },
		{ R5XX_FAMILY_RV515, R5XX_US_OUT_FMT(0), 0x1fff1f, "US_OUT_FMT with sign and round" },
		{ R5XX_FAMILY_RV515, R5XX_RB3D_BLENDCNTL, 0xff3f703f, "RB3D_BLENDCNTL, every field" },
		{ R5XX_FAMILY_RV515, R5XX_ZB_BW_CNTL, R5XX_ZB_BW_CNTL_ZB_CB_CLEAR | 3 << 12 |
		  BIT(18) | BIT(19), "ZB_BW_CNTL CB clear, Mesa's HIZ_FP_EXP_BITS, PEQ packing" },
		{ R5XX_FAMILY_RV515, R5XX_VAP_INDEX_OFFSET, 0x1ffffff, "VAP_INDEX_OFFSET -1" },
		{ R5XX_FAMILY_RV380, R5XX_DST_Y_X, 0xfff0fff0, "DST_Y_X (-16, -16)" },
		{ R5XX_FAMILY_RV380, R5XX_SRC_Y_X, 0xe0001fff, "SRC_Y_X (8191, -8192)" },
	};
	static const int vb2[2] = { BO_VB, BO_VB };
	unsigned int i;
	u32 k, ks[2];

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		s.n = 0;
		reg(&s, bad[i].reg, bad[i].v);
		pad8(&s);
		refused_for(bad[i].fam, KEEP, &s, NULL, NULL, 0, bad[i].needle, bad[i].what);
	}
	for (i = 0; i < ARRAY_SIZE(good); i++) {
		s.n = 0;
		reg(&s, good[i].reg, good[i].v);
		pad8(&s);
		tap_is(accepts(good[i].fam, KEEP, &s), 0, "%s", good[i].what);
	}

	/* 2D sizes: 16-bit unsigned in the guide, 14 bits to the checker */
	s.n = 0;
	fill_pix(&s, GMC_SOLID(6, 0xf0), 0, 0, 16, 16);
	tap_is(accepts(R5XX_FAMILY_RV380, 0, &s), 0, "16x16 fill into the pixmap");
	s.d[s.n - 1] = YX(1, 0x4001);
	refused_for(R5XX_FAMILY_RV380, 0, &s, NULL, NULL, 0, "DST_HEIGHT_WIDTH",
		    "DST_HEIGHT_WIDTH width 0x4001 (1 to a 14-bit reading, 16385 to a 16-bit one)");
	s.d[s.n - 2] = R5XX_PACKET0(R5XX_DST_WIDTH_HEIGHT, 0);
	s.d[s.n - 1] = YX(0x8001u, 1);
	refused_for(R5XX_FAMILY_RV380, 0, &s, NULL, NULL, 0, "DST_WIDTH_HEIGHT",
		    "DST_WIDTH_HEIGHT width 0x8001");

	/* 3D_LOAD_VBPNTR: VAP_VTX_NUM_ARRAYS and VAP_VTX_AOS_ATTR fields */
	mesa_stream(&s, false);
	k = find(&s, R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3), 0);
	ks[0] = k + 3;
	ks[1] = k + 4;
	s.d[k + 1] |= BIT(6);
	refused_for(R5XX_FAMILY_RV380, KEEP, &s, ks, vb2, 2, "bits 15:6",
		    "3D_LOAD_VBPNTR VC_DIS_CACHE_INVLD (the last draw's vertices, another client's)");
	s.d[k + 1] ^= BIT(6) | BIT(12);
	refused_for(R5XX_FAMILY_RV380, KEEP, &s, ks, vb2, 2, "bits 15:6",
		    "3D_LOAD_VBPNTR count bit 12");
	s.d[k + 1] ^= BIT(12) | 0xffff0000;
	tap_is(accepts(R5XX_FAMILY_RV380, KEEP, &s), 0,
	       "3D_LOAD_VBPNTR with the AOS fetch sizes 31:16 (reference)");
	s.d[k + 1] &= 0xffff;
	s.d[k + 2] |= BIT(15);
	refused_for(R5XX_FAMILY_RV380, KEEP, &s, ks, vb2, 2, "attribute bits",
		    "3D_LOAD_VBPNTR array 0 stride bit 15 (an 8-bit stride: 128 dwords more)");
	s.d[k + 2] ^= BIT(15) | BIT(23);
	refused_for(R5XX_FAMILY_RV380, KEEP, &s, ks, vb2, 2, "attribute bits",
		    "3D_LOAD_VBPNTR array 1 count bit 7");
}

int main(int argc, char **argv)
{
	verbose = getenv("R5XX_TEST_VERBOSE") != NULL;
	if (argc == 3 && !strcmp(argv[1], "--corpus"))
		corpus_dir = argv[2];

	test_mesa();
	test_index_clamp();
	test_ddx();
	test_vline();
	test_forbidden();
	test_bursts();
	test_truncated();
	test_relocs();
	test_stale_state();
	test_surfaces();
	test_textures();
	test_memo();
	test_vertex();
	test_2d();
	test_2d_scissor();
	test_unpipelined();
	test_draw_inputs();
	test_bodies();
	test_fields();
	test_ib_resets();
	test_no_colour_buffer();
	test_empty_framebuffer();
	test_cbzb_clear();
	test_clear_value();
	test_pipe_select();
	test_index_bounds();
	test_z_modes();
	test_tex_levels();
	test_2d_src_type();
	test_vf_cntl_bits();
	test_yuv_colour();
	test_aa_unpipelined();
	test_layout_bits();
	test_known_bits();
	test_yuv_texture();
	if (corpus_dir) {
		printf("# wrote %d seeds to %s\n", corpus_n, corpus_dir);
		return 0;
	}
	return tap_done();
}
