// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Hostile command submissions: each must be refused (-EINVAL unless noted)
 * without a trace in dmesg, and a valid 2D fill into a small VRAM buffer,
 * read back through GEM_WAIT_IDLE and mmap, must still work after each of
 * them, so that a refused submission leaves no buffer reserved and no IB
 * or CP state behind.
 *
 *   hostile          every case
 *   hostile debug    two refused submissions and a valid fill (hostile.sh
 *                    runs this with drm.debug=0x2 and looks for the messages)
 *   hostile slow     every case, 600 ms apart: with drm.debug=0x2, below
 *                    the debug messages' rate limit (10 per 5 s), so dmesg
 *                    says why each case was refused
 *
 * The relocation list of the stream cases is { 0: dst, a 4 KiB VRAM buffer
 * written; 1: aux, a 4 KiB GTT buffer read }, and the 2D surface is 32x32
 * ARGB8888 pixels at a pitch of 128 bytes, which is exactly dst.
 *
 * Where upstream radeon answers differently, on purpose: it logs refusals
 * with DRM_ERROR (here only a rate-limited drm_dbg), refuses every type-1
 * packet (here each of its two writes is checked, so the cases write a
 * forbidden register), accepts a relocation without a domain or in an
 * unknown one, accepts a relocation index in the partial last entry of the
 * RELOCS chunk, and does not check 2D operations at all.
 */
#include "guest_lib.h"

#include <signal.h>

#define BO_SIZE		4096u
#define SURF_W		32u
#define SURF_PITCH	(SURF_W * 4)

/* constant versions of guest_lib.h's helpers, for the stream tables */
#define YX(y, x)	((uint32_t)(y) << 16 | (uint32_t)(x))
#define PO(pitch, off)	((uint32_t)(pitch) / 64 << 22 | (uint32_t)(off) >> 10)
#define W(reg, v)	PKT0(reg, 1), (uint32_t)(v)
#define RELOC(idx)	RELOC_NOP, (uint32_t)(idx) * 4
#define PKT1(r1, r2)	(0x40000000u | (r1) >> 2 | ((r2) >> 2) << 11)

/* registers not in guest_lib.h */
#define REG_MM_INDEX		0x0000
#define REG_MM_DATA		0x0004
#define REG_PCIE_INDEX		0x0030	/* BUS_CNTL on PCI parts */
#define REG_PCIE_DATA		0x0034
#define REG_GEN_INT_CNTL	0x0040
#define REG_MC_IND_INDEX	0x0070
#define REG_MC_IND_DATA		0x0074
#define REG_RBBM_SOFT_RESET	0x00f0
#define REG_HOST_PATH_CNTL	0x0130
#define REG_MC_FB_LOCATION	0x0148
#define REG_MC_AGP_LOCATION	0x014c
#define REG_AIC_CNTL		0x01d0
#define REG_AIC_PT_BASE		0x01d8
#define REG_R420_MC_IND_INDEX	0x01f8
#define REG_CRTC_OFFSET		0x0224
#define REG_CP_RB_BASE		0x0700
#define REG_CP_RB_CNTL		0x0704
#define REG_CP_RB_RPTR_ADDR	0x070c
#define REG_CP_RB_WPTR		0x0714
#define REG_CP_IB2_BASE		0x0730
#define REG_CP_IB_BASE		0x0738
#define REG_CP_IB_BUFSZ		0x073c
#define REG_CP_CSQ_CNTL		0x0740
#define REG_SCRATCH_UMSK	0x0770
#define REG_SCRATCH_ADDR	0x0774
#define REG_CP_ME_RAM_ADDR	0x07d4
#define REG_CP_ME_RAM_DATAH	0x07dc
#define REG_SURFACE_CNTL	0x0b00
#define REG_VAP_VF_MIN_VTX_INDX	0x2138
#define REG_GB_AA_CONFIG	0x4020
#define REG_SU_REG_DEST		0x42c8
#define REG_RB3D_CCTL		0x4e00
#define REG_RB3D_CMASK_WRINDEX	0x4e74
#define REG_RB3D_CMASK_DWORD	0x4e78
#define REG_SURFACE0_LOWER	0x0b04
#define REG_DST_OFFSET		0x1404
#define REG_SRC_OFFSET		0x15ac
#define REG_SCRATCH_REG0	0x15e0
#define REG_DST_LINE_START	0x1600
#define REG_DST_LINE_END	0x1604
#define REG_DEFAULT_OFFSET	0x16e0
#define REG_ISYNC_CNTL		0x1724
#define REG_VAP_PORT_IDX0	0x2040
#define REG_VAP_VF_CNTL		0x2084
#define REG_VAP_INDEX_OFFSET	0x208c	/* R5xx */
#define REG_GB_TILE_CONFIG	0x4018
#define REG_RB3D_COLOROFFSET0	0x4e28
#define REG_ZB_ZPASS_ADDR	0x4f5c
#define REG_D1GRPH_PRIMARY	0x6110

/* type-3 opcodes */
#define OP_NOP			0x10
#define OP_ME_INIT		0x12	/* R100-family CP init packet */
#define OP_INDIRECT_BUFFER	0x17	/* R1xx-R5xx CP_INDIRECT_BUFFER */
#define OP_SET_SCISSORS		0x1e
#define OP_PRED_EXEC		0x20
#define OP_COND_EXEC		0x21
#define OP_WAIT_SEMAPHORE	0x22
#define OP_WAIT_MEM		0x23
#define OP_LOAD_PALETTE		0x2c
#define OP_3D_LOAD_VBPNTR	0x2f
#define OP_3D_CLEAR_ZMASK	0x32	/* INDIRECT_BUFFER on R600 */
#define OP_INDX_BUFFER		0x33
#define OP_3D_CLEAR_HIZ		0x37
#define OP_3D_CLEAR_CMASK	0x38
#define OP_3D_DRAW_128		0x39
#define OP_3D_DRAW_IMMD		0x29
#define OP_3D_DRAW_VBUF_2	0x34
#define OP_MEM_WRITE		0x3d	/* R600 */
#define OP_ME_INITIALIZE	0x44	/* R600 */
#define OP_EVENT_WRITE_EOP	0x47	/* R600 */
#define OP_HOSTDATA_BLT		0x94
#define OP_PAINT_MULTI		0x9a
#define OP_BITBLT_MULTI		0x9b

/* INDX_BUFFER's first dword: VAP_PORT_IDX0, one register */
#define IDX_DST			(0x8000u << 16 | REG_VAP_PORT_IDX0 >> 2)

#define GMC_FILL	GMC_SOLID_FILL(4)
#define GMC_COPY	GMC_SRC_COPY(4)
#define DIRS		(DP_CNTL_LEFT_TO_RIGHT | DP_CNTL_TOP_TO_BOTTOM)

/* stream pieces: fill setup, destination through relocation 0, rectangle */
#define SETUP		W(REG_DP_GUI_MASTER_CNTL, GMC_FILL), \
			W(REG_DP_BRUSH_FRGD_CLR, 0xff00ff00), W(REG_DP_CNTL, DIRS)
#define DST(po)		W(REG_DST_PITCH_OFFSET, po), RELOC(0)
#define DST0		DST(PO(SURF_PITCH, 0))
#define RECT(y, x, h, w) W(REG_DST_Y_X, YX(y, x)), W(REG_DST_HEIGHT_WIDTH, YX(h, w))

/* 2D scissors (guide 6.2.2 GUI_CONTROL bit 3 DST_CLIPPING) */
#define REG_DEFAULT_SC_BOTTOM_RIGHT	0x16e8
#define REG_SC_TOP_LEFT			0x16ec
#define REG_SC_BOTTOM_RIGHT		0x16f0
#define GMC_DST_CLIPPING		(1u << 3)
#define SETUP_CLIP	W(REG_DP_GUI_MASTER_CNTL, GMC_FILL | GMC_DST_CLIPPING), \
			W(REG_DP_BRUSH_FRGD_CLR, 0xff00ff00), W(REG_DP_CNTL, DIRS)

static int fd;
static uint32_t dst_bo, aux_bo;
static uint32_t *dst_map;
static struct drm_radeon_cs_reloc relocs[2];
static void *bad_ptr;		/* an unmapped page */
static uint32_t *page_end;	/* the last dword of a page before bad_ptr */
static const char *current_case;
static uint32_t next_colour = 0x10203040;

static void on_alarm(int sig)
{
	static const char msg[] = "FAIL: timeout (GPU or reservation hang?) in case: ";

	(void)sig;
	if (write(1, msg, sizeof(msg) - 1) < 0 ||
	    write(1, current_case, strlen(current_case)) < 0 ||
	    write(1, "\n", 1) < 0)
		_exit(1);
	_exit(1);
}

/* Submit an IB with the standard relocation list and no FLAGS chunk. */
static int submit(const uint32_t *ib, uint32_t ndw)
{
	return cs_submit(fd, ib, ndw, relocs, ARRAY_SIZE(relocs), NULL, 0);
}

/* Submit a hand-made chunk list. */
static int submit_chunks(const struct drm_radeon_cs_chunk *chunks, uint32_t n)
{
	uint64_t ptrs[8];
	struct drm_radeon_cs cs = { .num_chunks = n, .chunks = (uintptr_t)ptrs };

	for (uint32_t i = 0; i < n && i < ARRAY_SIZE(ptrs); i++)
		ptrs[i] = (uintptr_t)&chunks[i];
	return xioctl(fd, DRM_IOCTL_RADEON_CS, &cs);
}

#define CHUNK(id, len, ptr) \
	((struct drm_radeon_cs_chunk){ .chunk_id = (id), .length_dw = (len), \
				       .chunk_data = (uintptr_t)(ptr) })

/*
 * The control: fill the whole 32x32 surface with a new colour and read it
 * back.  Returns false (and says why) if the submission or the result is
 * wrong.
 */
static bool valid_fill(void)
{
	uint32_t colour = next_colour;
	uint32_t ib[] = {
		W(REG_DP_GUI_MASTER_CNTL, GMC_FILL),
		W(REG_DP_BRUSH_FRGD_CLR, colour),
		W(REG_DP_CNTL, DIRS),
		DST0,
		RECT(0, 0, SURF_W, SURF_W),
	};
	int ret;

	next_colour = next_colour * 1103515245u + 12345u;
	ret = submit(ib, ARRAY_SIZE(ib));
	if (ret) {
		printf("  valid fill refused: %s\n", strerror(-ret));
		return false;
	}
	ret = gem_wait_idle(fd, dst_bo);
	if (ret) {
		printf("  GEM_WAIT_IDLE: %s\n", strerror(-ret));
		return false;
	}
	for (uint32_t i = 0; i < BO_SIZE / 4; i++) {
		if (dst_map[i] != colour) {
			printf("  pixel %u is %#010x, filled with %#010x\n", i,
			       dst_map[i], colour);
			return false;
		}
	}
	return true;
}

/*
 * Accepted because the engine clips them: on the surface filled with one
 * colour, fill @ib (colour 0x5a5a5a5a) and expect that colour exactly in
 * [x0, x1) x [y0, y1) and the old one elsewhere.
 */
static bool clipped_fill(const char *what, const uint32_t *ib, uint32_t ndw,
			 uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
	uint32_t old = next_colour;
	int ret;

	current_case = what;
	alarm(30);
	if (!valid_fill())
		return false;
	ret = submit(ib, ndw);
	if (!ret)
		ret = gem_wait_idle(fd, dst_bo);
	if (ret) {
		printf("  %s: %s\n", what, strerror(-ret));
		return false;
	}
	for (uint32_t y = 0; y < SURF_W; y++) {
		for (uint32_t x = 0; x < SURF_W; x++) {
			bool in = x >= x0 && x < x1 && y >= y0 && y < y1;
			uint32_t want = in ? 0x5a5a5a5au : old;

			if (dst_map[y * SURF_W + x] != want) {
				printf("  %s: pixel (%u, %u) is %#010x, not %#010x\n", what,
				       x, y, dst_map[y * SURF_W + x], want);
				return false;
			}
		}
	}
	return true;
}

static bool clipped_fills(void)
{
	static const uint32_t reversed[] = {
		W(REG_DP_GUI_MASTER_CNTL, GMC_FILL), W(REG_DP_BRUSH_FRGD_CLR, 0x5a5a5a5a),
		W(REG_DP_CNTL, 0), DST0, RECT(1, 2, 8, 8),
	};
	static const uint32_t scissored[] = {
		W(REG_SC_TOP_LEFT, YX(4, 3)), W(REG_SC_BOTTOM_RIGHT, YX(6, 9)),
		W(REG_DP_GUI_MASTER_CNTL, GMC_FILL | GMC_DST_CLIPPING),
		W(REG_DP_BRUSH_FRGD_CLR, 0x5a5a5a5a), W(REG_DP_CNTL, DIRS), DST0,
		RECT(0xfff0, 0xfff0, 0x1000, 0x1000),
	};
	static const uint32_t outside[] = {
		W(REG_DP_GUI_MASTER_CNTL, GMC_FILL), W(REG_DP_BRUSH_FRGD_CLR, 0x5a5a5a5a),
		W(REG_DP_CNTL, DIRS), DST0, RECT(0xf000, 0xf000, 16, 16),
	};

	/* right to left, bottom to top from (2, 1): only (0..2, 0..1) is on the surface */
	return clipped_fill("8x8 fill reversed from (2, 1), default scissor",
			    reversed, ARRAY_SIZE(reversed), 0, 0, 3, 2) &&
	       clipped_fill("4096x4096 fill from (-16, -16), scissor (3, 4)-(9, 6)",
			    scissored, ARRAY_SIZE(scissored), 3, 4, 9, 6) &&
	       clipped_fill("16x16 fill at (-4096, -4096): nothing drawn",
			    outside, ARRAY_SIZE(outside), 0, 0, 0, 0);
}

/* ---- stream cases: an IB with the standard relocation list ---- */

struct stream_case {
	const char *name;
	const uint32_t *ib;
	uint32_t ndw;
};

#define S(desc, ...) { desc, (const uint32_t[]){ __VA_ARGS__ }, \
		       sizeof((const uint32_t[]){ __VA_ARGS__ }) / 4 }

static const struct stream_case streams[] = {
	/* type-0 writes to registers outside the safe lists */
	S("MM_INDEX (indirect register access)", W(REG_MM_INDEX, REG_CP_RB_BASE)),
	S("MM_DATA", W(REG_MM_DATA, 0)),
	S("PCIE_INDEX / BUS_CNTL (GART index)", W(REG_PCIE_INDEX, 0x13)),
	S("PCIE_DATA (GART data)", W(REG_PCIE_DATA, 0)),
	S("GEN_INT_CNTL", W(REG_GEN_INT_CNTL, 0)),
	S("MC_IND_INDEX", W(REG_MC_IND_INDEX, 0x7f0001)),
	S("MC_IND_DATA", W(REG_MC_IND_DATA, 0)),
	S("R420 MC_IND_INDEX", W(REG_R420_MC_IND_INDEX, 0x100)),
	S("RBBM_SOFT_RESET", W(REG_RBBM_SOFT_RESET, 1)),
	S("HOST_PATH_CNTL", W(REG_HOST_PATH_CNTL, 0)),
	S("MC_FB_LOCATION", W(REG_MC_FB_LOCATION, 0xffff0000)),
	S("MC_AGP_LOCATION", W(REG_MC_AGP_LOCATION, 0xffff0000)),
	S("AIC_CNTL (PCI GART enable)", W(REG_AIC_CNTL, 0)),
	S("AIC_PT_BASE (PCI GART table)", W(REG_AIC_PT_BASE, 0)),
	S("CRTC_OFFSET (scanout address)", W(REG_CRTC_OFFSET, 0)),
	S("D1GRPH_PRIMARY_SURFACE_ADDRESS (AVIVO scanout)", W(REG_D1GRPH_PRIMARY, 0)),
	S("CP_RB_BASE", W(REG_CP_RB_BASE, 0)),
	S("CP_RB_CNTL", W(REG_CP_RB_CNTL, 0)),
	S("CP_RB_RPTR_ADDR", W(REG_CP_RB_RPTR_ADDR, 0)),
	S("CP_RB_WPTR", W(REG_CP_RB_WPTR, 0)),
	S("CP_IB2_BASE", W(REG_CP_IB2_BASE, 0)),
	S("CP_IB_BASE + CP_IB_BUFSZ (nested IB through registers)",
	  PKT0(REG_CP_IB_BASE, 2), 0, 16),
	S("CP_IB_BUFSZ alone", W(REG_CP_IB_BUFSZ, 16)),
	S("CP_CSQ_CNTL", W(REG_CP_CSQ_CNTL, 0)),
	S("SCRATCH_UMSK", W(REG_SCRATCH_UMSK, 0xff)),
	S("SCRATCH_ADDR (writeback address)", W(REG_SCRATCH_ADDR, 0)),
	S("CP_ME_RAM_ADDR (microcode)", W(REG_CP_ME_RAM_ADDR, 0)),
	S("CP_ME_RAM_DATAH (microcode)", W(REG_CP_ME_RAM_DATAH, 0)),
	S("SURFACE_CNTL", W(REG_SURFACE_CNTL, 0)),
	S("SURFACE0_LOWER_BOUND", W(REG_SURFACE0_LOWER, 0)),
	S("DST_OFFSET (2D address without relocation)", W(REG_DST_OFFSET, 0)),
	S("SRC_OFFSET (2D address without relocation)", W(REG_SRC_OFFSET, 0)),
	S("DEFAULT_OFFSET (2D default surface)", W(REG_DEFAULT_OFFSET, 0)),
	S("SCRATCH_REG0 (fence values)", W(REG_SCRATCH_REG0, 0)),
	S("ISYNC_CNTL", W(REG_ISYNC_CNTL, 0)),
	S("VAP_PORT_IDX0 (vertex index port)", W(REG_VAP_PORT_IDX0, 0)),
	S("GB_TILE_CONFIG", W(REG_GB_TILE_CONFIG, 0)),
	S("register 0x7ffc (last of the space)", W(0x7ffc, 0)),
	S("VAP_VF_CNTL with a primitive type (unchecked draw)",
	  W(REG_VAP_VF_CNTL, 0x00030024)),

	S("DP_DATATYPE (2D pixel size behind DP_GUI_MASTER_CNTL)", W(0x16c4, 6)),
	S("DP_MIX (2D source and ROP behind DP_GUI_MASTER_CNTL)", W(0x16c8, 0)),

	/* type-0 headers */
	S("burst from WAIT_UNTIL into ISYNC_CNTL", PKT0(REG_WAIT_UNTIL, 2), 0, 0),
	S("burst running past register 0x7ffc", PKT0(0x7ff8, 3), 0, 0, 0),
	S("one-register burst to CP_RB_WPTR", PKT0_ONE(REG_CP_RB_WPTR, 3), 0, 0, 0),
	S("type-0 header with reserved bits 14:13 (register 0x9720)",
	  PKT0(REG_WAIT_UNTIL, 1) | 0x2000, 0),

	/* type-1 (upstream refuses every type-1; r5xx checks both writes) */
	S("type-1 CP_IB_BASE, CP_IB_BUFSZ (nested IB)",
	  PKT1(REG_CP_IB_BASE, REG_CP_IB_BUFSZ), 0, 16),
	S("type-1 WAIT_UNTIL, SCRATCH_REG0", PKT1(REG_WAIT_UNTIL, REG_SCRATCH_REG0), 0, 0),
	S("type-1 with reserved header bits",
	  PKT1(REG_WAIT_UNTIL, REG_WAIT_UNTIL) | 1u << 22, 0, 0),

	/* type-3 opcodes */
	S("INDIRECT_BUFFER 0x17 (nested IB)", PKT3(OP_INDIRECT_BUFFER, 2), 0, 16),
	S("opcode 0x32 (R600 INDIRECT_BUFFER; 3D_CLEAR_ZMASK, Hyper-Z not owned)",
	  PKT3(OP_3D_CLEAR_ZMASK, 2), 0, 16),
	S("ME_INIT 0x12", PKT3(OP_ME_INIT, 1), 0),
	S("ME_INITIALIZE 0x44", PKT3(OP_ME_INITIALIZE, 1), 0),
	S("MEM_WRITE 0x3d", PKT3(OP_MEM_WRITE, 4), 0, 0, 0, 0),
	S("EVENT_WRITE_EOP 0x47", PKT3(OP_EVENT_WRITE_EOP, 4), 0, 0, 0, 0),
	S("PRED_EXEC", PKT3(OP_PRED_EXEC, 1), 0),
	S("COND_EXEC", PKT3(OP_COND_EXEC, 2), 0, 0),
	S("WAIT_SEMAPHORE", PKT3(OP_WAIT_SEMAPHORE, 2), 0, 0),
	S("WAIT_MEM", PKT3(OP_WAIT_MEM, 2), 0, 0),
	S("SET_SCISSORS", PKT3(OP_SET_SCISSORS, 2), 0, 0),
	S("LOAD_PALETTE", PKT3(OP_LOAD_PALETTE, 1), 0),
	S("3D_DRAW_128", PKT3(OP_3D_DRAW_128, 1), 0),
	S("3D_CLEAR_HIZ (Hyper-Z not owned)", PKT3(OP_3D_CLEAR_HIZ, 2), 0, 0),
	S("3D_CLEAR_CMASK (CMASK not owned)", PKT3(OP_3D_CLEAR_CMASK, 2), 0, 0),
	S("PAINT_MULTI (2D packet with its own address)",
	  PKT3(OP_PAINT_MULTI, 5), GMC_FILL, PO(SURF_PITCH, 0), 0, 0, YX(1, 1)),
	S("BITBLT_MULTI", PKT3(OP_BITBLT_MULTI, 3), GMC_COPY & ~3u, 0, 0),
	S("HOSTDATA_BLT", PKT3(OP_HOSTDATA_BLT, 1), 0),
	S("NOP with reserved header bits 7:0", PKT3(OP_NOP, 1) | 1, 0),
	S("3D_DRAW_IMMD with one dword", PKT3(OP_3D_DRAW_IMMD, 1), 0),

	/* packets that do not end inside the IB */
	S("type-0 count past the end", PKT0(REG_WAIT_UNTIL, 4), 0),
	S("type-0 header as the last dword", SETUP, PKT0(REG_WAIT_UNTIL, 1)),
	S("type-1 header as the last dword", PKT1(REG_WAIT_UNTIL, REG_WAIT_UNTIL), 0),
	S("type-3 NOP count past the end", PKT3(OP_NOP, 5), 0, 0),
	S("type-3 NOP with count 0x3fff", PKT3(OP_NOP, 0x4000), 0),
	S("3D_LOAD_VBPNTR cut by the end", PKT3(OP_3D_LOAD_VBPNTR, 3), 1, 0x0404),

	/* relocations */
	S("DST_PITCH_OFFSET without its relocation NOP",
	  SETUP, W(REG_DST_PITCH_OFFSET, PO(SURF_PITCH, 0)), RECT(0, 0, 1, 1)),
	S("DST_PITCH_OFFSET as the last packet",
	  SETUP, W(REG_DST_PITCH_OFFSET, PO(SURF_PITCH, 0))),
	S("relocation NOP cut by the end",
	  SETUP, W(REG_DST_PITCH_OFFSET, PO(SURF_PITCH, 0)), RELOC_NOP),
	S("relocation NOP whose count runs past the end",
	  SETUP, W(REG_DST_PITCH_OFFSET, PO(SURF_PITCH, 0)), PKT3(OP_NOP, 2), 0),
	S("relocation NOP with reserved header bits",
	  SETUP, W(REG_DST_PITCH_OFFSET, PO(SURF_PITCH, 0)), RELOC_NOP | 1, 0,
	  RECT(0, 0, 1, 1)),
	S("relocation index 2 of 2",
	  SETUP, W(REG_DST_PITCH_OFFSET, PO(SURF_PITCH, 0)), RELOC(2), RECT(0, 0, 1, 1)),
	S("relocation dword index 9 (entry 2 of 2)",
	  SETUP, W(REG_DST_PITCH_OFFSET, PO(SURF_PITCH, 0)), RELOC_NOP, 9,
	  RECT(0, 0, 1, 1)),
	S("relocation index 0xfffffffc",
	  SETUP, W(REG_DST_PITCH_OFFSET, PO(SURF_PITCH, 0)), RELOC_NOP, 0xfffffffc,
	  RECT(0, 0, 1, 1)),

	/* 2D operations outside the destination */
	S("fill one row past the end", SETUP, DST0, RECT(0, 0, SURF_W + 1, SURF_W)),
	S("fill one pixel past the end (x)", SETUP, DST0, RECT(SURF_W - 1, 1, 1, SURF_W)),
	S("fill 64 pixels wide at a 32-pixel pitch", SETUP, DST0, RECT(31, 0, 1, 64)),
	S("DST_PITCH_OFFSET 4 KiB into a 4 KiB object",
	  SETUP, DST(PO(SURF_PITCH, BO_SIZE)), RECT(0, 0, 1, 1)),
	S("DST_PITCH_OFFSET offset 0x3fffff KiB",
	  SETUP, DST((SURF_PITCH / 64) << 22 | 0x3fffff), RECT(0, 0, 1, 1)),
	S("fill 0xffff x 0xffff at the largest pitch",
	  SETUP, DST(0xffu << 22), RECT(0, 0, 0xffff, 0xffff)),
	/* 2D ends cannot pass 4 GiB (16-bit sizes, 255 x 64-byte pitch): offsets can */
	S("rectangle at a 2.75 GiB offset, max pitch and size",
	  SETUP, DST(0xffu << 22 | 0x2c0000), RECT(0x7fff, 0x7fff, 0xffff, 0xffff)),
	S("negative DST_Y_X (x = 0xbfff: -1 in 14 bits; 0x8000 would be 0), DST_CLIPPING",
	  SETUP_CLIP, DST0, RECT(0, 0xbfff, 2, 2)),
	S("empty rectangle", SETUP, DST0, RECT(0, 0, 0, SURF_W)),
	S("fill without DST_PITCH_OFFSET in this IB", SETUP, RECT(0, 0, 1, 1)),
	S("fill through the default pitch/offset (no DST_PITCH_OFFSET_CNTL)",
	  W(REG_DP_GUI_MASTER_CNTL, GMC_FILL & ~GMC_DST_PITCH_OFFSET_CNTL),
	  W(REG_DP_CNTL, DIRS), RECT(0, 0, 1, 1)),
	S("fill without DP_GUI_MASTER_CNTL in this IB", DST0, RECT(0, 0, 1, 1)),
	S("fill without DST_Y_X", SETUP, DST0, W(REG_DST_HEIGHT_WIDTH, YX(1, 1))),
	S("second fill without a new DST_Y_X",
	  SETUP, DST0, RECT(0, 0, 1, 1), W(REG_DST_HEIGHT_WIDTH, YX(SURF_W + 1, SURF_W))),
	S("DST_WIDTH_HEIGHT past the end",
	  SETUP, DST0, W(REG_DST_Y_X, 0), W(REG_DST_WIDTH_HEIGHT, YX(SURF_W, SURF_W + 1))),
	S("24 bpp destination type",
	  W(REG_DP_GUI_MASTER_CNTL, (GMC_FILL & ~(15u << 8)) | 5u << 8),
	  W(REG_DP_CNTL, DIRS), DST0, RECT(0, 0, 1, 1)),
	S("copy reading one row past the end of the source",
	  W(REG_DP_GUI_MASTER_CNTL, GMC_COPY), W(REG_DP_CNTL, DIRS),
	  W(REG_SRC_PITCH_OFFSET, PO(SURF_PITCH, 0)), RELOC(1), DST0,
	  W(REG_SRC_Y_X, YX(1, 0)), RECT(0, 0, SURF_W, SURF_W)),
	S("copy without SRC_PITCH_OFFSET in this IB",
	  W(REG_DP_GUI_MASTER_CNTL, GMC_COPY), W(REG_DP_CNTL, DIRS), DST0,
	  W(REG_SRC_Y_X, 0), RECT(0, 0, 1, 1)),
	S("2D line past the end",
	  SETUP, DST0, W(REG_DST_LINE_START, YX(0, 0)), W(REG_DST_LINE_END, YX(40, 0))),

	/* index and vertex buffers (aux, 4 KiB) */
	S("INDX_BUFFER 1025 dwords from a 4 KiB object",
	  PKT3(OP_INDX_BUFFER, 3), IDX_DST, 0, 1025, RELOC(1)),
	S("INDX_BUFFER 1 dword at offset 4096",
	  PKT3(OP_INDX_BUFFER, 3), IDX_DST, BO_SIZE, 1, RELOC(1)),
	S("INDX_BUFFER offset 0xfffffffc + 2 dwords (wraps 32 bits)",
	  PKT3(OP_INDX_BUFFER, 3), IDX_DST, 0xfffffffc, 2, RELOC(1)),
	S("INDX_BUFFER 0x7fffff dwords",
	  PKT3(OP_INDX_BUFFER, 3), IDX_DST, 0, 0x7fffff, RELOC(1)),
	S("INDX_BUFFER size with bit 23 set",
	  PKT3(OP_INDX_BUFFER, 3), IDX_DST, 0, 0x800001, RELOC(1)),
	S("INDX_BUFFER misaligned offset",
	  PKT3(OP_INDX_BUFFER, 3), IDX_DST, 2, 1, RELOC(1)),
	S("INDX_BUFFER into CP_IB_BASE",
	  PKT3(OP_INDX_BUFFER, 3), 0x8000u << 16 | REG_CP_IB_BASE >> 2, 0, 2, RELOC(1)),
	S("INDX_BUFFER into VAP_PORT_IDX0 and on (no ONE_REG_WR)",
	  PKT3(OP_INDX_BUFFER, 3), REG_VAP_PORT_IDX0 >> 2, 0, 64, RELOC(1)),
	S("INDX_BUFFER with 2 body dwords", PKT3(OP_INDX_BUFFER, 2), IDX_DST, 0, RELOC(1)),
	S("INDX_BUFFER without its relocation", PKT3(OP_INDX_BUFFER, 3), IDX_DST, 0, 1),
	S("3D draw without 3D_LOAD_VBPNTR in this IB",
	  PKT3(OP_3D_DRAW_VBUF_2, 1), 3u << 16 | 0x20 | 4),
	S("ZB_ZPASS_ADDR at the end of its object", W(REG_ZB_ZPASS_ADDR, BO_SIZE), RELOC(1)),
	S("ZB_ZPASS_ADDR at 0xfffffffc", W(REG_ZB_ZPASS_ADDR, 0xfffffffc), RELOC(1)),
	S("ZB_ZPASS_ADDR misaligned", W(REG_ZB_ZPASS_ADDR, 2), RELOC(1)),
	S("ZB_ZPASS_ADDR without its relocation", W(REG_ZB_ZPASS_ADDR, 0)),
	S("RB3D_COLOROFFSET0 without its relocation", W(REG_RB3D_COLOROFFSET0, 0),
	  W(REG_WAIT_UNTIL, 0)),
	S("3D_LOAD_VBPNTR array starting past its object",
	  PKT3(OP_3D_LOAD_VBPNTR, 3), 1, 0x0404, BO_SIZE + 4, RELOC(1)),
	S("3D_LOAD_VBPNTR array at 0xfffffff0",
	  PKT3(OP_3D_LOAD_VBPNTR, 3), 1, 0x0404, 0xfffffff0, RELOC(1)),
	S("3D_LOAD_VBPNTR with 17 arrays",
	  PKT3(OP_3D_LOAD_VBPNTR, 3), 17, 0x0404, 0, RELOC(1)),
	S("3D_LOAD_VBPNTR with 2 arrays in a 1-array body",
	  PKT3(OP_3D_LOAD_VBPNTR, 3), 2, 0x04040404, 0, RELOC(1), RELOC(1)),
	S("3D_LOAD_VBPNTR missing its second relocation",
	  PKT3(OP_3D_LOAD_VBPNTR, 4), 2, 0x04040404, 0, 0, RELOC(1)),

	/* issue 12: bodies longer than the microcode reads */
	S("INDX_BUFFER with a CP_IB_BASE write hidden after its 3 dwords",
	  PKT3(OP_INDX_BUFFER, 5), IDX_DST, 0, 16, PKT0(REG_CP_IB_BASE, 1), 0, RELOC(1)),
	S("INDX_BUFFER of size 0 (the CP's count becomes -1)",
	  PKT3(OP_INDX_BUFFER, 3), IDX_DST, 0, 0, RELOC(1)),
	S("INDX_BUFFER with no indexed draw waiting for it",
	  PKT3(OP_INDX_BUFFER, 3), IDX_DST, 0, 16, RELOC(1)),
	S("3D_LOAD_VBPNTR of one array with 8 trailing dwords",
	  PKT3(OP_3D_LOAD_VBPNTR, 11), 1, 0x0404, 0, 0, PKT0(REG_CP_IB_BASE, 1), 0,
	  0, 0, 0, 0, 0, RELOC(1)),
	S("3D_DRAW_VBUF_2 with two dwords after VAP_VF_CNTL",
	  PKT3(OP_3D_DRAW_VBUF_2, 3), 3u << 16 | 0x20 | 4, PKT0(REG_CP_IB_BASE, 1), 0),

	/*
	 * issue 12: 2D coordinates are 14-bit signed (issue 20: bits 15:14
	 * must copy bit 13, so -8192 is 0xe000 and -16 0xfff0)
	 */
	S("right-to-left fill from DST_Y_X x = 0xe000 (-8192)",
	  W(REG_DP_GUI_MASTER_CNTL, GMC_FILL | GMC_DST_CLIPPING),
	  W(REG_DP_CNTL, DP_CNTL_TOP_TO_BOTTOM), DST0, RECT(0, 0xe000, 1, 16)),
	S("fill from DST_Y_X y = 0xfff0 (-16)", SETUP_CLIP, DST0,
	  RECT(0xfff0, 0, 17, 1)),

	/*
	 * 2D scissors: the engine writes only inside them, so the clipped
	 * rectangle is checked; one not written in this IB clips nothing
	 */
	S("right-to-left fill from x = 0, DST_CLIPPING with SC_TOP_LEFT from an earlier IB",
	  W(REG_DP_GUI_MASTER_CNTL, GMC_FILL | GMC_DST_CLIPPING),
	  W(REG_DP_CNTL, DP_CNTL_TOP_TO_BOTTOM), DST0, RECT(0, 0, 1, 2)),
	S("SC_TOP_LEFT (-16, -16), fill from there",
	  W(REG_SC_TOP_LEFT, YX(0x3ff0, 0x3ff0)), W(REG_SC_BOTTOM_RIGHT, YX(8, 8)),
	  SETUP_CLIP, DST0, RECT(0xfff0, 0xfff0, 4, 4)),
	S("SC_TOP_LEFT (-8192, -8192), fill from (-1, -1)",
	  W(REG_SC_TOP_LEFT, YX(0x2000, 0x2000)), W(REG_SC_BOTTOM_RIGHT, YX(8, 8)),
	  SETUP_CLIP, DST0, RECT(0xffff, 0xffff, 2, 2)),
	S("scissor (0, 0)-(8191, 8191), fill one row past the end",
	  W(REG_SC_TOP_LEFT, 0), W(REG_SC_BOTTOM_RIGHT, YX(0x1fff, 0x1fff)),
	  SETUP_CLIP, DST0, RECT(0, 0, SURF_W + 1, SURF_W)),
	S("scissor SC_BOTTOM_RIGHT from an earlier IB, fill one row past the end",
	  W(REG_SC_TOP_LEFT, 0), SETUP_CLIP, DST0, RECT(0, 0, SURF_W + 1, SURF_W)),
	S("DEFAULT_SC_BOTTOM_RIGHT (8191, 8191), fill one row past the end",
	  W(REG_DEFAULT_SC_BOTTOM_RIGHT, YX(0x1fff, 0x1fff)),
	  SETUP, DST0, RECT(0, 0, SURF_W + 1, SURF_W)),
	S("DEFAULT_SC_BOTTOM_RIGHT at the last row, inclusive: one row past",
	  W(REG_DEFAULT_SC_BOTTOM_RIGHT, YX(SURF_W, SURF_W - 1)),
	  SETUP, DST0, RECT(0, 0, SURF_W + 1, SURF_W)),

	/* issue 20 (Documentation/cs-checker.rst) */
	S("IB ending with SU_REG_DEST selecting raster pipe 0 alone",
	  W(REG_SU_REG_DEST, 1)),
	S("2D fill set up while SU_REG_DEST selects pipe 0 alone",
	  W(REG_SU_REG_DEST, 1), SETUP, DST0, RECT(0, 0, 4, 4), W(REG_SU_REG_DEST, 0xf)),
	S("SU_REG_DEST with bit 4 (SELECT is 3:0)", W(REG_SU_REG_DEST, 0x1f)),
	S("VAP_VF_MIN_VTX_INDX with bit 24 (MIN_INDX is 23:0)",
	  W(REG_VAP_VF_MIN_VTX_INDX, 1u << 24)),
	S("RB3D_CMASK_WRINDEX without owning the CMASK RAM", W(REG_RB3D_CMASK_WRINDEX, 0)),
	S("RB3D_CMASK_DWORD without owning the CMASK RAM", W(REG_RB3D_CMASK_DWORD, 0)),
	S("GB_AA_CONFIG with bit 3", W(REG_GB_AA_CONFIG, 1u << 3)),
	S("RB3D_CCTL with reserved bit 11", W(REG_RB3D_CCTL, 1u << 11)),
	S("copy with SRC_TYPE's third bit (64 bpp source)",
	  W(REG_DP_GUI_MASTER_CNTL, GMC_COPY | 1u << 27), W(REG_DP_CNTL, DIRS),
	  W(REG_SRC_PITCH_OFFSET, PO(SURF_PITCH, 0)), RELOC(1), DST0,
	  W(REG_SRC_Y_X, 0), RECT(0, 0, SURF_W, SURF_W)),
	S("DP_GUI_MASTER_CNTL with reserved bit 29", W(REG_DP_GUI_MASTER_CNTL, GMC_FILL | 1u << 29)),
	/* issue 20 class 2, second part: known bits, coordinates, sizes */
	S("TX_FILTER0 with bit 24 (27:24 undefined)", W(0x4400, 1u << 24)),
	S("TX_FILTER1 with bit 29", W(0x4440, 1u << 29)),
	S("TX_FORMAT1 with bit 24", W(0x44c0, 0xc | 1u << 24)),
	S("TX_FORMAT2 with bit 20", W(0x4500, 1u << 20)),
	S("US_OUT_FMT0 with bit 5", W(0x46a4, 0x1b00 | 1u << 5)),
	S("ZB_BW_CNTL CONTIGUOUS_6XAA_SAMPLES_DISABLE (another sample layout)",
	  W(0x4f1c, 1u << 17)),
	S("RB3D_AARESOLVE_PITCH with bit 0", W(0x4e84, 1)),
	S("VAP_VTX_SIZE with bit 7", W(0x20b4, 0x80)),
	S("SC_BOTTOM_RIGHT with bit 14", W(REG_SC_BOTTOM_RIGHT, 1u << 14)),
	S("fill of width 0x4001 (1 in 14 bits, 16385 in the guide's 16)",
	  SETUP, DST0, RECT(0, 0, 1, 0x4001)),
	S("fill from x = 0x4000 (bit 14 not a copy of bit 13)",
	  SETUP, DST0, RECT(0, 0x4000, 1, 1)),
	S("3D_LOAD_VBPNTR with VC_DIS_CACHE_INVLD (the last client's vertices)",
	  PKT3(OP_3D_LOAD_VBPNTR, 3), 1 | 1u << 6, 0x0404, 0, RELOC(1)),
	S("3D_LOAD_VBPNTR with stride bit 15 (128 dwords more to an 8-bit reading)",
	  PKT3(OP_3D_LOAD_VBPNTR, 3), 1, 0x8404, 0, RELOC(1)),
};

/* ---- cases that need their own chunks ---- */

struct fn_case {
	const char *name;
	int expect;
	int (*fn)(void);
};

static const uint32_t ok_ib[] = { SETUP, DST0, RECT(0, 0, 1, 1) };
static const uint32_t bad_ib[] = { W(REG_CP_RB_BASE, 0) };
static const uint32_t reloc_ib[] = { SETUP, DST(PO(SURF_PITCH, 0)), RECT(0, 0, 1, 1) };
static const uint32_t reloc1_ib[] = {
	SETUP, W(REG_DST_PITCH_OFFSET, PO(SURF_PITCH, 0)), RELOC(1), RECT(0, 0, 1, 1),
};

static int with_relocs(const struct drm_radeon_cs_reloc *r, uint32_t n)
{
	return cs_submit(fd, ok_ib, ARRAY_SIZE(ok_ib), r, n, NULL, 0);
}

static int c_partial_entry(void)
{
	struct drm_radeon_cs_chunk c[] = {
		CHUNK(RADEON_CHUNK_ID_IB, ARRAY_SIZE(reloc1_ib), reloc1_ib),
		CHUNK(RADEON_CHUNK_ID_RELOCS, 6, relocs),	/* 1.5 entries */
	};

	/* upstream compares the index with length_dw (6) and reads past */
	return submit_chunks(c, 2);
}

static int c_no_whole_entry(void)
{
	struct drm_radeon_cs_chunk c[] = {
		CHUNK(RADEON_CHUNK_ID_IB, ARRAY_SIZE(reloc_ib), reloc_ib),
		CHUNK(RADEON_CHUNK_ID_RELOCS, 3, relocs),
	};

	return submit_chunks(c, 2);
}

static int c_no_relocs_chunk(void)
{
	return cs_submit(fd, reloc_ib, ARRAY_SIZE(reloc_ib), NULL, 0, NULL, 0);
}

static int c_empty_relocs_chunk(void)
{
	return cs_submit(fd, reloc_ib, ARRAY_SIZE(reloc_ib), relocs, 0, NULL, 0);
}

static int c_domain_cpu(void)
{
	struct drm_radeon_cs_reloc r[] = {
		{ dst_bo, RADEON_GEM_DOMAIN_CPU, 0, 0 },
	};

	return with_relocs(r, 1);
}

static int c_write_domain_cpu(void)
{
	struct drm_radeon_cs_reloc r[] = {
		{ dst_bo, RADEON_GEM_DOMAIN_VRAM, RADEON_GEM_DOMAIN_CPU, 0 },
	};

	return with_relocs(r, 1);
}

static int c_domain_vram_cpu(void)
{
	struct drm_radeon_cs_reloc r[] = {
		{ dst_bo, RADEON_GEM_DOMAIN_VRAM | RADEON_GEM_DOMAIN_CPU, 0, 0 },
	};

	return with_relocs(r, 1);
}

/* upstream has no check for these: it validates the buffer with no placement */
static int c_domain_zero(void)
{
	struct drm_radeon_cs_reloc r[] = { { dst_bo, 0, 0, 0 } };

	return with_relocs(r, 1);
}

static int c_domain_gds(void)
{
	struct drm_radeon_cs_reloc r[] = { { dst_bo, 0x8, 0, 0 } };

	return with_relocs(r, 1);
}

static int c_bad_handle(void)
{
	struct drm_radeon_cs_reloc r[] = {
		{ 0x7fffffff, 0, RADEON_GEM_DOMAIN_VRAM, 0 },
	};

	return with_relocs(r, 1);
}

static int c_handle_zero(void)
{
	struct drm_radeon_cs_reloc r[] = { { 0, 0, RADEON_GEM_DOMAIN_VRAM, 0 } };

	return with_relocs(r, 1);
}

static int c_bad_handle_second(void)
{
	struct drm_radeon_cs_reloc r[] = {
		{ dst_bo, 0, RADEON_GEM_DOMAIN_VRAM, 0 },
		{ dst_bo + aux_bo + 1000, RADEON_GEM_DOMAIN_GTT, 0, 0 },
	};

	return with_relocs(r, 2);
}

static int c_duplicate_then_refused(void)
{
	struct drm_radeon_cs_reloc r[] = {
		{ dst_bo, RADEON_GEM_DOMAIN_VRAM, 0, 0 },
		{ aux_bo, RADEON_GEM_DOMAIN_GTT, 0, 0 },
		{ dst_bo, 0, RADEON_GEM_DOMAIN_VRAM, 0 },
	};
	const uint32_t ib[] = { SETUP, DST0, RECT(0, 0, 1, 1), W(REG_CP_RB_BASE, 0) };

	return cs_submit(fd, ib, ARRAY_SIZE(ib), r, 3, NULL, 0);
}

static int set_tiling(uint32_t handle, uint32_t flags, uint32_t pitch)
{
	struct drm_radeon_gem_set_tiling t = {
		.handle = handle, .tiling_flags = flags, .pitch = pitch,
	};

	return xioctl(fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &t);
}

/*
 * 16 x 64 pixels at a 64-byte pitch: 4 KiB linear, 16 KiB macro-tiled
 * (64 x 8-pixel macro tiles, the pitch rounded up to one).
 */
static const uint32_t narrow_ib[] = {
	SETUP, DST(PO(64, 0)), RECT(0, 0, 64, 16),
};

static const uint32_t narrow_macro_ib[] = {
	SETUP, DST(PO(64, 0) | 1u << 30), RECT(0, 0, 64, 16),
};

static int c_keep_tiling_macro(void)
{
	uint32_t f[] = { RADEON_CS_KEEP_TILING_FLAGS, RADEON_CS_RING_GFX };

	return cs_submit(fd, narrow_macro_ib, ARRAY_SIZE(narrow_macro_ib), relocs, 2,
			 f, 2);
}

static int c_keep_tiling_linear(void)
{
	uint32_t f[] = { RADEON_CS_KEEP_TILING_FLAGS, RADEON_CS_RING_GFX };

	return cs_submit(fd, narrow_ib, ARRAY_SIZE(narrow_ib), relocs, 2, f, 2);
}

static int c_object_macro(void)
{
	uint32_t bo = gem_create(fd, BO_SIZE, RADEON_GEM_DOMAIN_VRAM);
	struct drm_radeon_cs_reloc r[] = { { bo, 0, RADEON_GEM_DOMAIN_VRAM, 0 } };
	int ret;

	ret = set_tiling(bo, RADEON_TILING_MACRO, 64);
	if (!ret)
		ret = cs_submit(fd, narrow_ib, ARRAY_SIZE(narrow_ib), r, 1, NULL, 0);
	else
		printf("  SET_TILING: %s\n", strerror(-ret));
	gem_close(fd, bo);
	return ret;
}

static int c_micro_source(void)
{
	uint32_t bo = gem_create(fd, BO_SIZE, RADEON_GEM_DOMAIN_GTT);
	struct drm_radeon_cs_reloc r[] = {
		relocs[0], { bo, RADEON_GEM_DOMAIN_GTT, 0, 0 },
	};
	const uint32_t ib[] = {
		W(REG_DP_GUI_MASTER_CNTL, GMC_COPY), W(REG_DP_CNTL, DIRS),
		W(REG_SRC_PITCH_OFFSET, PO(SURF_PITCH, 0)), RELOC(1), DST0,
		W(REG_SRC_Y_X, 0), RECT(0, 0, 1, 1),
	};
	int ret;

	ret = set_tiling(bo, RADEON_TILING_MICRO, SURF_PITCH);
	if (!ret)
		ret = cs_submit(fd, ib, ARRAY_SIZE(ib), r, 2, NULL, 0);
	else
		printf("  SET_TILING: %s\n", strerror(-ret));
	gem_close(fd, bo);
	return ret;
}

/*
 * 257 vertices from a 4 KiB array of 16-byte vertices.  R5xx shifts vertex
 * lists by VAP_INDEX_OFFSET (an R5xx register), which must then be set for
 * the draw to be measured at all.
 */
static int c_draw_past_array(void)
{
	const char *chip = getenv("R5XX_CHIP");
	bool r500 = chip && (!strncmp(chip, "rv5", 3) || !strncmp(chip, "r5", 2));
	const uint32_t ib[] = {
		W(r500 ? REG_VAP_INDEX_OFFSET : REG_WAIT_UNTIL, 0),
		PKT3(OP_3D_LOAD_VBPNTR, 3), 1, 0x0404, 0, RELOC(1),
		PKT3(OP_3D_DRAW_VBUF_2, 1), 257u << 16 | 0x20 | 4,
	};

	return submit(ib, ARRAY_SIZE(ib));
}

/* ---- issue 12: 3D state the hardware uses at a draw, a flush or the fence ---- */

#define REG_GB_AA_CONFIG	0x4020
#define REG_VAP_VTX_SIZE	0x20b4
#define REG_TX_ENABLE		0x4104
#define REG_TX_FILTER0		0x4400
#define REG_TX_FORMAT0		0x4480
#define REG_TX_FORMAT1		0x44c0
#define REG_TX_FORMAT2		0x4500
#define REG_TX_OFFSET0		0x4540
#define REG_US_OUT_FMT(n)	(0x46a4 + 4 * (n))
#define REG_RE_SCISSORS_TL	0x43e0
#define REG_RE_SCISSORS_BR	0x43e4
#define REG_RB3D_CCTL		0x4e00
#define REG_RB3D_BLENDCNTL	0x4e04
#define REG_RB3D_COLOR_MASK	0x4e0c
#define REG_RB3D_COLOROFFSET1	0x4e2c
#define REG_RB3D_COLORPITCH0	0x4e38
#define REG_RB3D_COLORPITCH1	0x4e3c
#define REG_RB3D_AARESOLVE_OFFSET 0x4e80
#define REG_RB3D_AARESOLVE_CTL	0x4e88
#define REG_ZB_CNTL		0x4f00
#define REG_ZB_ZCACHE_CTLSTAT	0x4f18
#define OP_3D_DRAW_IMMD_2	0x35
#define WAIT_3D_IDLECLEAN	(1u << 17)
#define CB_ARGB8888		(6u << 21)
#define CB_RGB565		(4u << 21)

static uint32_t ib3d[160];
static uint32_t n3d;

static void put(uint32_t v)
{
	if (n3d < ARRAY_SIZE(ib3d))
		ib3d[n3d++] = v;
}

static void put_reg(uint32_t reg, uint32_t v)
{
	put(PKT0(reg, 1));
	put(v);
}

static void put_reloc(uint32_t idx)
{
	put(RELOC_NOP);
	put(idx * 4);
}

/*
 * State for a triangle into dst as a 32x32 ARGB8888 colour buffer (no FLAGS
 * chunk: the pitch takes a relocation), Z, textures and resolve off.
 */
static void state3d(void)
{
	const char *chip = getenv("R5XX_CHIP");
	bool r500 = chip && (!strncmp(chip, "rv5", 3) || !strncmp(chip, "r5", 2));
	uint32_t b = r500 ? 0 : 1440;

	n3d = 0;
	put_reg(REG_WAIT_UNTIL, WAIT_3D_IDLECLEAN);
	put_reg(REG_GB_AA_CONFIG, 0);
	put_reg(REG_RB3D_CCTL, 0);
	put_reg(REG_RB3D_AARESOLVE_CTL, 0);
	put_reg(REG_ZB_CNTL, 0);
	put_reg(REG_TX_ENABLE, 0);
	put_reg(REG_RB3D_BLENDCNTL, 0);
	put_reg(REG_RB3D_COLOR_MASK, 0xf);
	put_reg(REG_US_OUT_FMT(0), 0x1b00);
	for (uint32_t i = 1; i < 4; i++)
		put_reg(REG_US_OUT_FMT(i), 0x1b0f);	/* unused */
	put_reg(REG_RB3D_COLOROFFSET0, 0);
	put_reloc(0);
	put_reg(REG_RB3D_COLORPITCH0, SURF_W | CB_ARGB8888);
	put_reloc(0);
	put_reg(REG_RE_SCISSORS_TL, b | b << 13);
	put_reg(REG_RE_SCISSORS_BR, (SURF_W - 1 + b) | (SURF_W - 1 + b) << 13);
	put_reg(REG_VAP_VTX_SIZE, 4);
}

/* one triangle, its vertices in the packet */
static void draw3d(void)
{
	put(PKT3(OP_3D_DRAW_IMMD_2, 13));
	put(3u << 16 | 0x30 | 4);
	for (uint32_t i = 0; i < 12; i++)
		put(0);
}

static int submit3d(void)
{
	return submit(ib3d, n3d);
}

static int c_cb_moved_after_draw(void)
{
	state3d();
	draw3d();
	put_reg(REG_RB3D_COLOROFFSET0, 0);	/* to aux: the fence's flush lands there */
	put_reloc(1);
	return submit3d();
}

static int c_pitch_after_draw(void)
{
	state3d();
	draw3d();
	put_reg(REG_RB3D_COLORPITCH0, 8190 | CB_ARGB8888);
	put_reloc(0);
	return submit3d();
}

static int c_cctl_after_draw(void)
{
	state3d();
	draw3d();
	put_reg(REG_RB3D_CCTL, 3u << 5);	/* four multiwrites */
	return submit3d();
}

static int c_resolve_after_draw(void)
{
	state3d();
	draw3d();
	put_reg(REG_RB3D_AARESOLVE_OFFSET, 0);
	put_reloc(1);
	put_reg(REG_RB3D_AARESOLVE_CTL, 1);
	return submit3d();
}

static int c_cb_moved_flush_no_wait(void)
{
	state3d();
	draw3d();
	put_reg(REG_RB3D_DSTCACHE_CTLSTAT, 0xa);
	put_reg(REG_RB3D_COLOROFFSET0, 0);
	put_reloc(1);
	return submit3d();
}

/* Mesa's order: flush both caches, wait for 3D idle-and-clean, new state */
static int c_cb_moved_mesa_order(void)
{
	state3d();
	draw3d();
	put_reg(REG_RB3D_DSTCACHE_CTLSTAT, 0xa);
	put_reg(REG_ZB_ZCACHE_CTLSTAT, 3);
	put_reg(REG_WAIT_UNTIL, WAIT_3D_IDLECLEAN);
	put_reg(REG_RB3D_COLOROFFSET0, 0);
	put_reloc(0);
	put_reg(REG_RB3D_COLORPITCH0, SURF_W | CB_ARGB8888);
	put_reloc(0);
	draw3d();
	put_reg(REG_RB3D_DSTCACHE_CTLSTAT, 0xa);
	return submit3d();
}

/* 2048 texels of 16 bytes, TXPITCH_EN with a pitch of 2, from 4 KiB */
static int c_texture_pitch_below_width(void)
{
	state3d();
	put_reg(REG_TX_FILTER0, 2 | 2 << 3);	/* clamp */
	put_reg(REG_TX_FORMAT0, 2047 | 1u << 31);
	put_reg(REG_TX_FORMAT1, 0x1d);
	put_reg(REG_TX_FORMAT2, 1);
	put_reg(REG_TX_OFFSET0, 0);
	put_reloc(1);
	put_reg(REG_TX_ENABLE, 1);
	draw3d();
	return submit3d();
}

/* colour buffer 1, RGB565 in the second half of dst, written as ARGB8888 */
static int c_mrt_format0(void)
{
	state3d();
	put_reg(REG_US_OUT_FMT(1), 0x1b00);
	put_reg(REG_RB3D_COLOROFFSET1, BO_SIZE / 2);
	put_reloc(0);
	put_reg(REG_RB3D_COLORPITCH1, SURF_W | CB_RGB565);
	put_reloc(0);
	draw3d();
	return submit3d();
}

/* the raster scissor bias: 1440 before RV515 */
static uint32_t bias3d(void)
{
	const char *chip = getenv("R5XX_CHIP");

	return chip && (!strncmp(chip, "rv5", 3) || !strncmp(chip, "r5", 2)) ? 0 : 1440;
}

static int submit3d_keep(void)
{
	uint32_t f[] = { RADEON_CS_KEEP_TILING_FLAGS, RADEON_CS_RING_GFX };

	return cs_submit(fd, ib3d, n3d, relocs, ARRAY_SIZE(relocs), f, 2);
}

/*
 * Issue 20 class 6: without INDEPENDENT_COLORFORMAT, RB3D_COLORPITCH0 is
 * the "format and tiling control for all the multibuffers": a linear
 * buffer 1 of 17 rows at 1920 in dst is written in buffer 0's 32x16
 * macro- and micro-tiled units, 32 rows from 1920, past the object.
 */
static int mrt_tiling0(uint32_t offset1)
{
	uint32_t b = bias3d();

	state3d();
	put_reg(REG_RB3D_COLORPITCH0, SURF_W | 3u << 16 | CB_ARGB8888);
	put_reloc(0);
	put_reg(REG_RE_SCISSORS_BR, (SURF_W - 1 + b) | (16 + b) << 13);
	put_reg(REG_US_OUT_FMT(1), 0x1b00);
	put_reg(REG_RB3D_COLOROFFSET1, offset1);
	put_reloc(0);
	put_reg(REG_RB3D_COLORPITCH1, SURF_W | CB_ARGB8888);
	put_reloc(0);
	draw3d();
	return submit3d_keep();
}

static int c_mrt_tiling0(void)
{
	return mrt_tiling0(BO_SIZE - 17 * SURF_PITCH);
}

static int c_mrt_tiling0_fits(void)
{
	return mrt_tiling0(0);
}

/*
 * Issue 20 class 5: texture format 20 (VYUY422) is 32-bit words of two
 * texels; 63x17 macro- and micro-tiled, 2304 bytes as 2-byte texels (63
 * texels: macro-linear) but 4096 as 32 pairs (one macro tile wide).
 */
static int yuv_texture(uint32_t format)
{
	state3d();
	put_reg(REG_TX_FILTER0, 2 | 2 << 3);	/* clamp */
	put_reg(REG_TX_FORMAT0, 62 | 16 << 11);
	put_reg(REG_TX_FORMAT1, format);
	put_reg(REG_TX_FORMAT2, 0);
	put_reg(REG_TX_OFFSET0, (BO_SIZE - 2304) | 1u << 3 | 1u << 2);
	put_reloc(1);
	put_reg(REG_TX_ENABLE, 1);
	draw3d();
	return submit3d_keep();
}

static int c_yuv_texture(void)
{
	return yuv_texture(0x14);
}

static int c_rgb565_texture(void)
{
	return yuv_texture(0x06);
}

static int c_zero_ib(void)
{
	return submit(ok_ib, 0);
}

static int c_zero_flags(void)
{
	uint32_t f[] = { 0, RADEON_CS_RING_GFX };

	return cs_submit(fd, ok_ib, ARRAY_SIZE(ok_ib), relocs, 2, f, 0);
}

static int c_zero_const_ib(void)
{
	struct drm_radeon_cs_chunk c[] = {
		CHUNK(RADEON_CHUNK_ID_IB, ARRAY_SIZE(ok_ib), ok_ib),
		CHUNK(RADEON_CHUNK_ID_RELOCS, 8, relocs),
		CHUNK(RADEON_CHUNK_ID_CONST_IB, 0, ok_ib),
	};

	return submit_chunks(c, 3);
}

static int c_use_vm(void)
{
	uint32_t f[] = { RADEON_CS_USE_VM, RADEON_CS_RING_GFX };

	return cs_submit(fd, ok_ib, ARRAY_SIZE(ok_ib), relocs, 2, f, 2);
}

static int c_ring_dma(void)
{
	uint32_t f[] = { RADEON_CS_KEEP_TILING_FLAGS, RADEON_CS_RING_DMA };

	return cs_submit(fd, ok_ib, ARRAY_SIZE(ok_ib), relocs, 2, f, 2);
}

static int c_ring_uvd(void)
{
	uint32_t f[] = { 0, RADEON_CS_RING_UVD };

	return cs_submit(fd, ok_ib, ARRAY_SIZE(ok_ib), relocs, 2, f, 2);
}

static int c_ib_over_pool(void)
{
	uint32_t n = (1u << 20) / 4 + 1;
	uint32_t *ib = malloc(n * 4);
	int ret;

	if (!ib)
		die("malloc");
	for (uint32_t i = 0; i < n; i++)
		ib[i] = PKT2;
	ret = submit(ib, n);
	free(ib);
	return ret;
}

/* the whole pool: not hostile, the boundary of the case above */
static int c_ib_whole_pool(void)
{
	uint32_t n = (1u << 20) / 4;
	uint32_t *ib = malloc(n * 4);
	int ret;

	if (!ib)
		die("malloc");
	for (uint32_t i = 0; i < n; i++)
		ib[i] = PKT2;
	ret = submit(ib, n);
	free(ib);
	return ret;
}

static int c_ib_huge_length(void)
{
	return submit(ok_ib, 0xffffffff);
}

static int c_ib_past_user_memory(void)
{
	/* two dwords, the second on the unmapped page */
	page_end[0] = PKT2;
	return submit(page_end, 2);
}

static int c_too_many_relocs(void)
{
	struct drm_radeon_cs_chunk c[] = {
		CHUNK(RADEON_CHUNK_ID_IB, ARRAY_SIZE(ok_ib), ok_ib),
		CHUNK(RADEON_CHUNK_ID_RELOCS, (65536 + 1) * 4, relocs),
	};

	return submit_chunks(c, 2);
}

static int c_relocs_length_max(void)
{
	struct drm_radeon_cs_chunk c[] = {
		CHUNK(RADEON_CHUNK_ID_IB, ARRAY_SIZE(ok_ib), ok_ib),
		CHUNK(RADEON_CHUNK_ID_RELOCS, 0xffffffff, relocs),
	};

	return submit_chunks(c, 2);
}

static int c_num_chunks(uint32_t n)
{
	uint64_t ptrs[1] = { 0 };
	struct drm_radeon_cs cs = { .num_chunks = n, .chunks = (uintptr_t)ptrs };

	return xioctl(fd, DRM_IOCTL_RADEON_CS, &cs);
}

static int c_num_chunks_33(void)
{
	return c_num_chunks(33);
}

static int c_num_chunks_max(void)
{
	return c_num_chunks(0xffffffff);
}

static int c_no_chunks(void)
{
	struct drm_radeon_cs cs = { .num_chunks = 0, .chunks = (uintptr_t)bad_ptr };

	return xioctl(fd, DRM_IOCTL_RADEON_CS, &cs);
}

static int c_bad_chunk_array(void)
{
	struct drm_radeon_cs cs = { .num_chunks = 1, .chunks = (uintptr_t)bad_ptr };

	return xioctl(fd, DRM_IOCTL_RADEON_CS, &cs);
}

static int c_bad_chunk_pointer(void)
{
	uint64_t ptrs[] = { (uintptr_t)bad_ptr };
	struct drm_radeon_cs cs = { .num_chunks = 1, .chunks = (uintptr_t)ptrs };

	return xioctl(fd, DRM_IOCTL_RADEON_CS, &cs);
}

/* the buffers are reserved when the IB is copied */
static int c_bad_ib_data(void)
{
	return submit(bad_ptr, 8);
}

static int c_bad_relocs_data(void)
{
	return cs_submit(fd, ok_ib, ARRAY_SIZE(ok_ib), bad_ptr, 2, NULL, 0);
}

static int c_bad_flags_data(void)
{
	return cs_submit(fd, ok_ib, ARRAY_SIZE(ok_ib), relocs, 2, bad_ptr, 2);
}

static int c_second_ib_hostile(void)
{
	struct drm_radeon_cs_chunk c[] = {
		CHUNK(RADEON_CHUNK_ID_IB, ARRAY_SIZE(ok_ib), ok_ib),
		CHUNK(RADEON_CHUNK_ID_RELOCS, 8, relocs),
		CHUNK(RADEON_CHUNK_ID_IB, ARRAY_SIZE(bad_ib), bad_ib),
	};

	return submit_chunks(c, 3);
}

static const struct fn_case fn_cases[] = {
	{ "relocation index in the partial last entry (RELOCS of 6 dwords)",
	  -EINVAL, c_partial_entry },
	{ "relocation index 0 with a 3-dword RELOCS chunk", -EINVAL, c_no_whole_entry },
	{ "relocation without a RELOCS chunk", -EINVAL, c_no_relocs_chunk },
	{ "relocation with an empty RELOCS chunk", -EINVAL, c_empty_relocs_chunk },
	{ "relocation in the CPU domain", -EINVAL, c_domain_cpu },
	{ "relocation written in the CPU domain", -EINVAL, c_write_domain_cpu },
	{ "relocation in VRAM | CPU", -EINVAL, c_domain_vram_cpu },
	{ "relocation without a domain", -EINVAL, c_domain_zero },
	{ "relocation in domain 0x8 (GDS)", -EINVAL, c_domain_gds },
	{ "unknown GEM handle", -ENOENT, c_bad_handle },
	{ "GEM handle 0", -ENOENT, c_handle_zero },
	{ "unknown GEM handle after a valid one", -ENOENT, c_bad_handle_second },
	{ "buffer listed twice, then a forbidden register", -EINVAL,
	  c_duplicate_then_refused },
	{ "3D draw fetching vertex 256 of a 256-vertex array", -EINVAL,
	  c_draw_past_array },
	{ "macro-tiled fill that fits only when linear (KEEP_TILING_FLAGS)",
	  -EINVAL, c_keep_tiling_macro },
	{ "the same fill linear (KEEP_TILING_FLAGS) is accepted", 0,
	  c_keep_tiling_linear },
	{ "the same fill into an object macro-tiled by SET_TILING (no FLAGS)",
	  -EINVAL, c_object_macro },
	{ "copy from a micro-tiled source (no FLAGS)", -EINVAL, c_micro_source },
	{ "zero-length IB chunk", -EINVAL, c_zero_ib },
	{ "zero-length FLAGS chunk", -EINVAL, c_zero_flags },
	{ "zero-length CONST_IB chunk", -EINVAL, c_zero_const_ib },
	{ "FLAGS with RADEON_CS_USE_VM", -EINVAL, c_use_vm },
	{ "FLAGS with ring RADEON_CS_RING_DMA", -EINVAL, c_ring_dma },
	{ "FLAGS with ring RADEON_CS_RING_UVD", -EINVAL, c_ring_uvd },
	{ "IB one dword over the 1 MiB IB pool", -EINVAL, c_ib_over_pool },
	{ "IB of exactly the 1 MiB IB pool (type-2 packets) is accepted", 0,
	  c_ib_whole_pool },
	{ "IB of 0xffffffff dwords", -EINVAL, c_ib_huge_length },
	{ "IB running into an unmapped page", -EFAULT, c_ib_past_user_memory },
	{ "RELOCS chunk of 65537 entries", -EINVAL, c_too_many_relocs },
	{ "RELOCS chunk of 0xffffffff dwords", -EINVAL, c_relocs_length_max },
	{ "colour buffer moved to aux after a draw, no flush", -EINVAL,
	  c_cb_moved_after_draw },
	{ "RB3D_COLORPITCH0 of 8190 after a draw, no flush", -EINVAL, c_pitch_after_draw },
	{ "RB3D_CCTL to four multiwrites after a draw, no flush", -EINVAL,
	  c_cctl_after_draw },
	{ "AA resolve into aux switched on after a draw, no flush", -EINVAL,
	  c_resolve_after_draw },
	{ "colour buffer moved after a flush without an idle wait", -EINVAL,
	  c_cb_moved_flush_no_wait },
	{ "flush, idle wait, new colour buffer, draw (Mesa's order) is accepted", 0,
	  c_cb_moved_mesa_order },
	{ "texture of 2048 16-byte texels with TXPITCH 2 from 4 KiB", -EINVAL,
	  c_texture_pitch_below_width },
	{ "RGB565 colour buffer 1 in 2 KiB, written in buffer 0's 4-byte format",
	  -EINVAL, c_mrt_format0 },
	{ "linear colour buffer 1 in buffer 0's macro-tiled units, past its object",
	  -EINVAL, c_mrt_tiling0 },
	{ "the same buffer 1 where buffer 0's tiling fits is accepted", 0,
	  c_mrt_tiling0_fits },
	{ "63x17 tiled VYUY422 texture fitting only as 2-byte texels", -EINVAL,
	  c_yuv_texture },
	{ "the same texture as RGB565 is accepted", 0, c_rgb565_texture },
	{ "33 chunks", -EINVAL, c_num_chunks_33 },
	{ "0xffffffff chunks", -EINVAL, c_num_chunks_max },
	{ "0 chunks is a no-op, even with a bad pointer", 0, c_no_chunks },
	{ "unmapped chunk array", -EFAULT, c_bad_chunk_array },
	{ "unmapped chunk", -EFAULT, c_bad_chunk_pointer },
	{ "unmapped IB data (buffers already reserved)", -EFAULT, c_bad_ib_data },
	{ "unmapped RELOCS data", -EFAULT, c_bad_relocs_data },
	{ "unmapped FLAGS data", -EFAULT, c_bad_flags_data },
	{ "two IB chunks, the second hostile", -EINVAL, c_second_ib_hostile },
};

/* ---- driver ---- */

static const char *err_name(int ret)
{
	static char buf[32];

	switch (ret) {
	case 0: return "0";
	case -EINVAL: return "-EINVAL";
	case -ENOENT: return "-ENOENT";
	case -EFAULT: return "-EFAULT";
	case -ENOMEM: return "-ENOMEM";
	case -EBUSY: return "-EBUSY";
	default:
		snprintf(buf, sizeof(buf), "%d", ret);
		return buf;
	}
}

static void one(const char *name, int expect, int ret)
{
	bool fill;

	check(ret == expect, "%s: %s%s%s", name, err_name(ret),
	      ret == expect ? "" : ", expected ", ret == expect ? "" : err_name(expect));
	fill = valid_fill();
	check(fill, "  valid fill after it");
}

static void setup(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *pages;

	fd = open_render();
	dst_bo = gem_create(fd, BO_SIZE, RADEON_GEM_DOMAIN_VRAM);
	aux_bo = gem_create(fd, BO_SIZE, RADEON_GEM_DOMAIN_GTT);
	dst_map = gem_map(fd, dst_bo, BO_SIZE);
	relocs[0] = (struct drm_radeon_cs_reloc){ dst_bo, 0, RADEON_GEM_DOMAIN_VRAM, 0 };
	relocs[1] = (struct drm_radeon_cs_reloc){ aux_bo, RADEON_GEM_DOMAIN_GTT, 0, 0 };
	memset(gem_map(fd, aux_bo, BO_SIZE), 0, BO_SIZE);

	pages = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pages == MAP_FAILED)
		die("mmap");
	if (munmap(pages + pg, pg))
		die("munmap");
	page_end = (uint32_t *)(pages + pg) - 1;
	bad_ptr = pages + pg;
	signal(SIGALRM, on_alarm);
}

static int run_debug(void)
{
	current_case = "debug";
	alarm(30);
	check(submit(bad_ib, ARRAY_SIZE(bad_ib)) == -EINVAL,
	      "CP_RB_BASE write refused");
	check(c_num_chunks_33() == -EINVAL, "33 chunks refused");
	check(valid_fill(), "valid fill");
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	unsigned int ncases = 0;
	bool slow;

	setvbuf(stdout, NULL, _IOLBF, 0);
	setup();
	if (argc > 1 && !strcmp(argv[1], "debug"))
		return run_debug();
	slow = argc > 1 && !strcmp(argv[1], "slow");

	current_case = "first valid fill";
	alarm(30);
	check(valid_fill(), "valid fill before any hostile stream");

	for (size_t i = 0; i < ARRAY_SIZE(streams); i++, ncases++) {
		current_case = streams[i].name;
		if (slow)
			usleep(600000);
		alarm(30);
		one(streams[i].name, -EINVAL, submit(streams[i].ib, streams[i].ndw));
	}
	check(clipped_fills(), "fills clipped by the 2D scissors are accepted and draw the clipped part");
	ncases++;
	for (size_t i = 0; i < ARRAY_SIZE(fn_cases); i++, ncases++) {
		current_case = fn_cases[i].name;
		if (slow)
			usleep(600000);
		alarm(30);
		one(fn_cases[i].name, fn_cases[i].expect, fn_cases[i].fn());
	}
	alarm(0);
	gem_close(fd, aux_bo);
	gem_close(fd, dst_bo);
	close(fd);
	printf("%u cases, %d failures\n", ncases, failures);
	return failures ? 1 : 0;
}
