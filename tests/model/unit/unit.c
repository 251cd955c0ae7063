// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Host unit tests of the QEMU model's QEMU-free cores (qemu/hw/display/r5xx/
 * r5xx_*_core.c): no QEMU, no VM.  Prints one line per failed check and
 * exits non-zero if any failed.
 */
#include <stdio.h>
#include <string.h>

#include "r5xx_2d_core.h"
#include "r5xx_cp_core.h"
#include "r5xx_dacb_core.h"
#include "r5xx_irq_core.h"
#include "r5xx_mc_core.h"
#include "r5xx_pm4.h"

static int failed;

#define CHECK(cond) do { \
	if (!(cond)) { \
		printf("%s:%d: %s\n", __FILE__, __LINE__, #cond); \
		failed++; \
	} \
} while (0)

static void test_me_ram(void)
{
	R5xxMeRam me;
	unsigned i;

	r5xx_me_reset(&me);
	CHECK(!r5xx_me_loaded(&me));
	r5xx_me_write_addr(&me, 0);
	for (i = 0; i < 255; i++) {
		r5xx_me_write_datah(&me, 0x100 | i);	/* bit 8 is not RAM */
		r5xx_me_write_datal(&me, ~i);
	}
	CHECK(!r5xx_me_loaded(&me));
	r5xx_me_write_datal(&me, 7);			/* word 255, DATAH kept */
	CHECK(r5xx_me_loaded(&me));
	CHECK(me.addr == 0);
	CHECK(me.word[255] == ((uint64_t)254 << 32 | 7));

	r5xx_me_write_raddr(&me, 3);
	CHECK(r5xx_me_read_datah(&me) == 3);
	CHECK(r5xx_me_read_datal(&me) == ~3u);
	CHECK(r5xx_me_read_datah(&me) == 4);
	CHECK(r5xx_me_read_datal(&me) == ~4u);
	r5xx_me_write_raddr(&me, 255);
	CHECK(r5xx_me_read_datal(&me) == 7);
	CHECK(r5xx_me_read_datal(&me) == ~0u);		/* wrapped to word 0 */
}

static void test_pm4(void)
{
	CHECK(r5xx_pm4_packet_dwords(R5XX_PACKET0(0x15e0, 0)) == 2);
	CHECK(r5xx_pm4_packet_dwords(R5XX_PACKET0(0x15e0, 3)) == 5);
	CHECK(r5xx_pm4_packet_dwords(R5XX_PACKET1(0x15e0, 0x15e4)) == 3);
	CHECK(r5xx_pm4_packet_dwords(R5XX_PACKET2) == 1);
	CHECK(r5xx_pm4_packet_dwords(R5XX_PACKET3(R5XX_PM4_NOP, 0x3fff)) == 0x4001);
	CHECK(R5XX_PM4_T0_BASE_INDEX(R5XX_PACKET0(0x15e0, 0)) << 2 == 0x15e0);
}

static void test_gart(void)
{
	uint64_t a = 0x12345678000ull;
	uint32_t pte = r5xx_gart_pte_make(a, true, false);

	CHECK(pte == ((0x45678000u >> 8) | (0x123u & 0xff) << 24 | 8));
	CHECK(r5xx_gart_pte_addr(pte) == (a & 0xffffffffffull));
	CHECK(r5xx_gart_pte_allows(pte, false));
	CHECK(!r5xx_gart_pte_allows(pte, true));
	CHECK(!r5xx_gart_pte_allows(0, false));
	/* the bits radeon writes: rv370_pcie_gart_get_page_entry */
	CHECK(r5xx_gart_pte_addr(0x0abcdef0 | 0xc | 1) == 0xbcdef000ull + 0xa00000000ull);
}

/* RS400/RS480 IGP GART entries: rs400_gart_get_page_entry's layout */
static void test_igp_gart(void)
{
	uint64_t a = 0xab45678000ull;
	uint32_t pte = r5xx_igp_pte_make(a, true, true);

	CHECK(pte == (0x45678000u | 0xabu << 4 | 8 | 4));
	CHECK(r5xx_igp_pte_addr(pte) == a);
	CHECK(r5xx_gart_pte_allows(pte, true));
	CHECK(!r5xx_gart_pte_allows(r5xx_igp_pte_make(a, true, false), true));
	/* bits 39:32 in 11:4 (rs400_gart_enable: table base the same way) */
	CHECK(r5xx_igp_pte_addr(0xbcdef000u | 0xa0 | 0xd) == 0xabcdef000ull);
	/* flags never leak into the address */
	CHECK(r5xx_igp_pte_addr(0xf) == 0);
}

/* RS600 page table entries: rs600_gart_get_page_entry's layout */
static void test_rs600_gart(void)
{
	uint64_t a = 0xab45678000ull;
	uint64_t pte = r5xx_rs600_pte_make(a, true, true);

	/* VALID b0, SYSTEM b1, SNOOPED b2, READABLE b5, WRITEABLE b6 */
	CHECK(pte == (a | 0x67));
	CHECK(r5xx_rs600_pte_addr(pte) == a);
	CHECK(r5xx_rs600_pte_allows(pte, true));
	CHECK(r5xx_rs600_pte_allows(pte, false));
	CHECK(!r5xx_rs600_pte_allows(r5xx_rs600_pte_make(a, true, false), true));
	/* radeon's dummy page: SYSTEM only, not VALID, no access */
	CHECK(!r5xx_rs600_pte_allows(a | 2, false));
	CHECK(!r5xx_rs600_pte_allows(0x60, false));
	/* flags and bits above 39 never leak into the address */
	CHECK(r5xx_rs600_pte_addr(0xff00000000000fffull) == 0);
}

static void test_wptr_stage(void)
{
	R5xxWptrStage st;

	r5xx_wptr_stage_reset(&st);
	CHECK(r5xx_wptr_stage_write(&st, 5, 0, 0) == R5XX_WPTR_COMMIT);
	CHECK(r5xx_wptr_stage_write(&st, 5, 0, 3) == R5XX_WPTR_COMMIT);
	/* timer: held until expiry */
	CHECK(r5xx_wptr_stage_write(&st, 6, 100, 0) == R5XX_WPTR_ARM);
	CHECK(r5xx_wptr_stage_write(&st, 7, 100, 0) == R5XX_WPTR_ARM);
	CHECK(r5xx_wptr_stage_expire(&st) && st.staged == 7);
	CHECK(!r5xx_wptr_stage_expire(&st));
	/* limit 3: the third write transfers */
	CHECK(r5xx_wptr_stage_write(&st, 8, 100, 3) == R5XX_WPTR_ARM);
	CHECK(r5xx_wptr_stage_write(&st, 9, 100, 3) == R5XX_WPTR_ARM);
	CHECK(r5xx_wptr_stage_write(&st, 10, 100, 3) == R5XX_WPTR_COMMIT);
	CHECK(!r5xx_wptr_stage_expire(&st));
	/* the count restarts after a timer transfer */
	CHECK(r5xx_wptr_stage_write(&st, 11, 100, 2) == R5XX_WPTR_ARM);
	CHECK(r5xx_wptr_stage_expire(&st));
	CHECK(r5xx_wptr_stage_write(&st, 12, 100, 2) == R5XX_WPTR_ARM);
	CHECK(r5xx_wptr_stage_write(&st, 13, 100, 2) == R5XX_WPTR_COMMIT);
}

static void test_misc(void)
{
	uint64_t s, e;

	CHECK(r5xx_ring_dwords(17) == 1u << 18);	/* 1 MiB ring */
	CHECK(r5xx_ring_dwords(63) == 1u << 23);
	CHECK(r5xx_ring_block_dwords(9) == 1024);
	CHECK(r5xx_swap32(0xaabbccdd, 0) == 0xaabbccdd);
	CHECK(r5xx_swap32(0xaabbccdd, 1) == 0xbbaaddcc);
	CHECK(r5xx_swap32(0xaabbccdd, 2) == 0xddccbbaa);
	CHECK(r5xx_swap32(0xaabbccdd, 3) == 0xccddaabb);
	r5xx_mc_location(r5xx_mc_location_make(0xd0000000, 128 << 20), &s, &e);
	CHECK(s == 0xd0000000 && e == 0xd7ffffff);
	CHECK(r5xx_mc_location_make(0, 128 << 20) == 0x07ff0000);
	CHECK(r5xx_pll_legacy_khz(27000, 44, 6, 1) == 396000);
	CHECK(r5xx_pll_legacy_khz(27000, 44, 6, 4) == 49500);
	CHECK(r5xx_pll_legacy_khz(27000, 44, 0, 1) == 0);
	CHECK(r5xx_scratch_pair_reached(0x200, 1, 0x100, 1));
	CHECK(!r5xx_scratch_pair_reached(0xffffffff, 0, 0, 1));
}

static void test_csq(void)
{
	R5xxCsqModes m;

	m = r5xx_csq_modes(0, 0);
	CHECK(!m.primary_bm && !m.indirect1_bm && !m.indirect2_bm);
	m = r5xx_csq_modes(4u << 28, 0x4d4d);		/* what radeon programs */
	CHECK(m.primary_bm && m.indirect1_bm && m.indirect2_bm);
	m = r5xx_csq_modes(2u << 28, 0);
	CHECK(m.primary_bm && !m.indirect1_bm);
	m = r5xx_csq_modes(3u << 28, 0);
	CHECK(!m.primary_bm && m.indirect1_bm && m.indirect2_bm);
	m = r5xx_csq_modes(15u << 28, 0);
	CHECK(!m.primary_bm && !m.indirect1_bm);
	/* CP_CSQ_MODE overrides */
	m = r5xx_csq_modes(0, (1u << 31) | (1u << 30) | (1u << 27) | (1u << 26));
	CHECK(m.primary_bm && !m.indirect1_bm && m.indirect2_bm);
	m = r5xx_csq_modes(4u << 28, 1u << 31);
	CHECK(!m.primary_bm && m.indirect1_bm);
}

static void test_msi(void)
{
	R5xxMsiLatch m;

	r5xx_msi_reset(&m);
	CHECK(!r5xx_msi_rearm(&m));		/* nothing pending */
	CHECK(r5xx_msi_update(&m, true));	/* rising, armed */
	CHECK(!r5xx_msi_update(&m, true));	/* still high */
	CHECK(!r5xx_msi_update(&m, false));
	CHECK(!r5xx_msi_update(&m, true));	/* rising, not re-armed */
	CHECK(r5xx_msi_rearm(&m));		/* pending: sent on re-arm */
	CHECK(!r5xx_msi_update(&m, false));
	CHECK(!r5xx_msi_rearm(&m));
	CHECK(r5xx_msi_update(&m, true));
}

static void test_dacb(void)
{
	R5xxDacbRegs on = { .enable = 1, .powerdown = 0, .source = 0 };
	R5xxDacbRegs r;

	CHECK(r5xx_dacb_shows(&on, true) == 0);		/* D1 */
	CHECK(r5xx_dacb_shows(&on, false) == R5XX_DACB_DARK);
	r = on;
	r.source = 1;
	CHECK(r5xx_dacb_shows(&r, true) == 1);		/* D2 */
	r.source = 2;
	CHECK(r5xx_dacb_shows(&r, true) == R5XX_DACB_TV);
	r.source = 3;
	CHECK(r5xx_dacb_shows(&r, true) == R5XX_DACB_BAD_SOURCE);
	r.source = 0x101;				/* bits above 1:0 */
	CHECK(r5xx_dacb_shows(&r, true) == 1);
	r = on;
	r.enable = 0;
	CHECK(r5xx_dacb_shows(&r, true) == R5XX_DACB_DARK);
	r.enable = 0xfffffffe;				/* all but the enable */
	CHECK(r5xx_dacb_shows(&r, true) == R5XX_DACB_DARK);
	r = on;
	r.powerdown = 0x01010101;			/* as ASIC_Init leaves it */
	CHECK(r5xx_dacb_shows(&r, true) == R5XX_DACB_DARK);
	r.powerdown = 0x00010000;			/* one channel down */
	CHECK(r5xx_dacb_shows(&r, true) == R5XX_DACB_DARK);

	CHECK(r5xx_dacb_comparator_out(1, true) == 0xe);	/* B, G, R */
	CHECK(r5xx_dacb_comparator_out(1, false) == 0);
	CHECK(r5xx_dacb_comparator_out(0, true) == 0);	/* not enabled */
	CHECK(r5xx_dacb_comparator_out(0x100, true) == 0);
}

static void test_2d(void)
{
	R5xxSurf sf;
	R5xxRect r, clip = { 0, 0, 100, 50 };
	uint64_t off;

	/* ROP3 */
	CHECK(r5xx_rop3(0xcc, 1, 0x1234, 3) == 0x1234);		/* SRCCOPY */
	CHECK(r5xx_rop3(0xf0, 0xabcd, 1, 3) == 0xabcd);		/* PATCOPY */
	CHECK(r5xx_rop3(0x66, 0, 0xf0f0, 0xff00) == 0x0ff0);	/* SRCINVERT */
	CHECK(r5xx_rop3(0x88, 0, 0xf0f0, 0xff00) == 0xf000);	/* SRCAND */
	CHECK(r5xx_rop3(0xee, 0, 0xf0f0, 0xff00) == 0xfff0);	/* SRCPAINT */
	CHECK(r5xx_rop3(0x5a, 0xf0f0, 0, 0xff00) == 0x0ff0);	/* PATINVERT */
	CHECK(r5xx_rop3(0x55, 0, 0, 0xff00ff00) == 0x00ff00ff);	/* DSTINVERT */
	CHECK(r5xx_rop3(0x00, 5, 6, 7) == 0 && r5xx_rop3(0xff, 5, 6, 7) == ~0u);
	CHECK(r5xx_rop3(0x33, 0, 0x0f, 0) == ~0x0fu);		/* NOTSRCCOPY */
	CHECK(!r5xx_rop3_uses_dst(0xcc) && r5xx_rop3_uses_src(0xcc));
	CHECK(!r5xx_rop3_uses_pat(0xcc) && r5xx_rop3_uses_pat(0xf0));
	CHECK(r5xx_rop3_uses_dst(0x66) && !r5xx_rop3_uses_src(0xf0));
	CHECK(r5xx_2d_datatype_cpp(6) == 4 && r5xx_2d_datatype_cpp(4) == 2 &&
	      r5xx_2d_datatype_cpp(2) == 1 && r5xx_2d_datatype_cpp(5) == 0);
	/* YUV: 2 bytes a pixel in r5xx_facts.h, but not drawn by the model */
	CHECK(r5xx_2d_datatype_cpp(11) == 0 && r5xx_2d_datatype_cpp(12) == 0 &&
	      r5xx_2d_datatype_cpp(14) == 0 && r5xx_2d_datatype_cpp(15) == 2);

	/* pitch/offset decode: pitch 4096 bytes, offset 0x123 KiB, both tile bits */
	r5xx_surf_decode(&sf, 3u << 30 | 64u << 22 | 0x123, 4);
	CHECK(sf.base == 0x123 << 10 && sf.pitch == 4096 && sf.macro && sf.micro);

	/* linear */
	r5xx_surf_decode(&sf, 4u << 22, 2);
	CHECK(r5xx_surf_offset(&sf, 3, 2, &off) && off == 2 * 256 + 6);
	CHECK(r5xx_surf_run(&sf, 3) == UINT32_MAX);

	/* macro-linear, micro-tiled, 32 bpp: 4x2 micro tiles in x order */
	r5xx_surf_decode(&sf, 1u << 31 | 4u << 22, 4);	/* 256 bytes = 64 px */
	CHECK(r5xx_surf_offset(&sf, 5, 3, &off) &&
	      off == 1 * 512 + 1 * 32 + (1 * 4 + 1) * 4);
	CHECK(r5xx_surf_run(&sf, 5) == 3);

	/* macro-tiled, micro-tiled, 32 bpp: macro 32x16 px, 2 KiB */
	r5xx_surf_decode(&sf, 3u << 30 | 4u << 22, 4);	/* 64 px: 2 macro tiles */
	CHECK(r5xx_surf_offset(&sf, 0, 0, &off) && off == 0);
	CHECK(r5xx_surf_offset(&sf, 4, 0, &off) && off == 32);
	CHECK(r5xx_surf_offset(&sf, 0, 2, &off) && off == 8 * 32);
	CHECK(r5xx_surf_offset(&sf, 32, 0, &off) && off == 2048);
	CHECK(r5xx_surf_offset(&sf, 33, 17, &off) &&
	      off == 3 * 2048 + 0 * 32 + (1 * 4 + 1) * 4);
	/* 8 bpp: micro 8x4, macro 64x32 */
	r5xx_surf_decode(&sf, 3u << 30 | 2u << 22, 1);	/* 128 bytes: 2 macro */
	CHECK(r5xx_surf_offset(&sf, 70, 37, &off) &&
	      off == 3 * 2048 + (1 * 8 + 0) * 32 + (1 * 8 + 6));
	/* 16 bpp: micro 8x2, macro 64x16 */
	r5xx_surf_decode(&sf, 3u << 30 | 2u << 22, 2);	/* 128 bytes = 1 macro */
	CHECK(r5xx_surf_offset(&sf, 9, 17, &off) &&
	      off == 1 * 2048 + (0 * 8 + 1) * 32 + (1 * 8 + 1) * 2);
	/* macro-tiled, micro-linear 32 bpp: macro 64x8 */
	r5xx_surf_decode(&sf, 1u << 30 | 8u << 22, 4);	/* 512 bytes: 2 macro */
	CHECK(r5xx_surf_offset(&sf, 65, 9, &off) &&
	      off == 3 * 2048 + (1 * 8 + 0) * 32 + 1 * 4);
	CHECK(r5xx_surf_run(&sf, 65) == 7);
	/* pitch below one macro tile */
	r5xx_surf_decode(&sf, 1u << 30 | 1u << 22, 4);
	CHECK(!r5xx_surf_offset(&sf, 0, 0, &off));

	/* clipping, coordinates */
	r = (R5xxRect){ -5, 10, 20, 80 };
	CHECK(r5xx_rect_clip(&r, &clip) && r.x0 == 0 && r.y0 == 10 &&
	      r.x1 == 20 && r.y1 == 50);
	r = (R5xxRect){ 100, 0, 120, 10 };
	CHECK(!r5xx_rect_clip(&r, &clip));
	CHECK(r5xx_2d_coord(0xffff) == -1 && r5xx_2d_coord(0x1fff) == 8191 &&
	      r5xx_2d_coord(0x2000) == -8192);

	/* reversed directions end at (x, y) */
	r = r5xx_2d_dir_rect(10, 20, 4, 3, true, true);
	CHECK(r.x0 == 10 && r.y0 == 20 && r.x1 == 14 && r.y1 == 23);
	r = r5xx_2d_dir_rect(10, 20, 4, 3, false, false);
	CHECK(r.x0 == 7 && r.y0 == 18 && r.x1 == 11 && r.y1 == 21);
	/*
	 * xf86-video-ati's upload blit after a reversed copy: 64x32 from (0, 0)
	 * reaches (-63, -31); the default scissor leaves pixel (0, 0) only
	 */
	r = r5xx_2d_dir_rect(0, 0, 64, 32, false, false);
	clip = r5xx_2d_dst_scissor(false, 0x00100010, 0x00200020, 0x1fff1fff);
	CHECK(clip.x0 == 0 && clip.y0 == 0 && clip.x1 == 0x1fff &&
	      clip.y1 == 0x1fff);
	CHECK(r5xx_rect_clip(&r, &clip) && r.x0 == 0 && r.y0 == 0 &&
	      r.x1 == 1 && r.y1 == 1);
	/* DST_CLIPPING: SC_TOP_LEFT (16, 8) to SC_BOTTOM_RIGHT (32, 24) */
	clip = r5xx_2d_dst_scissor(true, 8u << 16 | 16, 24u << 16 | 32,
	                           0x1fff1fff);
	CHECK(clip.x0 == 16 && clip.y0 == 8 && clip.x1 == 32 && clip.y1 == 24);
	r = r5xx_2d_dir_rect(20, 20, 64, 32, false, false);
	CHECK(r5xx_rect_clip(&r, &clip) && r.x0 == 16 && r.y0 == 8 &&
	      r.x1 == 21 && r.y1 == 21);
	r = r5xx_2d_dir_rect(0, 0, 64, 32, false, false);
	CHECK(!r5xx_rect_clip(&r, &clip));
	/* 14-bit fields: bits above them are not part of the edges */
	clip = r5xx_2d_dst_scissor(true, 0xc000c000, 0xffffffff, 0);
	CHECK(clip.x0 == 0 && clip.y0 == 0 && clip.x1 == 0x3fff &&
	      clip.y1 == 0x3fff);
	/* DEFAULT_SC_BOTTOM_RIGHT (0, 0) draws nothing */
	clip = r5xx_2d_dst_scissor(false, 0, 0x1fff1fff, 0);
	r = (R5xxRect){ 0, 0, 5, 5 };
	CHECK(!r5xx_rect_clip(&r, &clip));
}

/* a pixel value from its little-endian bytes */
static uint32_t px_ld(const uint8_t *p, unsigned cpp)
{
	uint32_t v = 0;

	for (unsigned i = 0; i < cpp; i++)
		v |= (uint32_t)p[i] << (8 * i);
	return v;
}

/*
 * The 2D engine's fast path for fills of one value (r5xx_2d_fill_value(),
 * r5xx_2d_row_fill()) against its per-pixel path (r5xx_2d_combine() with
 * the destination's old value, as r5xx_2d_row() computes each pixel), for
 * every ROP3, pixel size, a full and two partial write masks, solid and
 * varying patterns, and old destination values that differ per pixel: the
 * fast path must be taken exactly when no pixel depends on the destination
 * or on a varying pattern, and then give the per-pixel path's row.
 */
static void test_2d_fill(void)
{
	static const unsigned cpps[] = { 1, 2, 4 };
	static const uint32_t brushes[] = { 0, 0x12345678, 0xffffffff, 0x80a0c0e1 };
	uint8_t row[61 * 4 + 1];
	unsigned taken = 0, bad_choice = 0, bad_value = 0;
	uint32_t one;

	for (unsigned c = 0; c < 3; c++) {
		unsigned cpp = cpps[c];
		uint32_t pix = cpp == 4 ? UINT32_MAX : (1u << (8 * cpp)) - 1;
		uint32_t wmasks[] = { pix, pix & 0x00ff00ff, pix & 0xfffffffe };

		for (unsigned rop = 0; rop < 256; rop++) {
			for (unsigned m = 0; m < 3; m++) {
				for (unsigned b = 0; b < 8; b++) {
					bool solid = b < 4;
					uint32_t fg = brushes[b % 4], v;
					bool expect = !r5xx_rop3_uses_dst(rop) &&
						      wmasks[m] == pix &&
						      (solid || !r5xx_rop3_uses_pat(rop));
					bool fast = r5xx_2d_fill_value(rop, solid, fg, wmasks[m],
								       pix, &v);

					bad_choice += fast != expect;
					if (!fast)
						continue;
					taken++;
					/* a canary after the row */
					memset(row, 0xa5, sizeof(row));
					r5xx_2d_row_fill(row, cpp, 61, v);
					bad_value += row[61 * cpp] != 0xa5;
					for (unsigned x = 0; x < 61; x++) {
						/* old destination and a pattern that vary */
						uint32_t d = (x * 0x9e3779b9u) ^ (rop << 8);
						uint32_t p = solid ? fg : 0;
						uint32_t want = r5xx_2d_combine(rop, p, 0, d,
										wmasks[m]) & pix;

						bad_value += px_ld(row + x * cpp, cpp) != want;
					}
				}
			}
		}
	}
	CHECK(!bad_choice);
	CHECK(!bad_value);
	/* PATCOPY, BLACKNESS, WHITENESS, NOTPATCOPY of a solid brush at 3 sizes */
	CHECK(taken >= 3 * 4 * 4);
	CHECK(r5xx_2d_fill_value(0xf0, true, 0x12345678, 0xffff, 0xffff, &one) &&
	      one == 0x5678);
	CHECK(!r5xx_2d_fill_value(0xf0, false, 0, UINT32_MAX, UINT32_MAX, &one));
	CHECK(!r5xx_2d_fill_value(0x5a, true, 0, UINT32_MAX, UINT32_MAX, &one));
	CHECK(r5xx_2d_combine(0xf0, 0xaaaa, 0, 0x5555, 0xff00) == 0xaa55);
	r5xx_2d_row_fill(row, 4, 0, 7);	/* nothing to do */
}

int main(void)
{
	test_me_ram();
	test_pm4();
	test_gart();
	test_igp_gart();
	test_rs600_gart();
	test_wptr_stage();
	test_misc();
	test_csq();
	test_msi();
	test_dacb();
	test_2d();
	test_2d_fill();
	if (failed) {
		printf("%d check(s) failed\n", failed);
		return 1;
	}
	printf("all model unit tests passed\n");
	return 0;
}
