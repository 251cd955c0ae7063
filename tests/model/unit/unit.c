// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Host unit tests of the QEMU model's pure logic (qemu/hw/display/r5xx/
 * r5xx_logic.c): no QEMU, no VM.  Prints one line per failed check and
 * exits non-zero if any failed.
 */
#include <stdio.h>
#include <string.h>

#include "r5xx_logic.h"
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

int main(void)
{
	test_me_ram();
	test_pm4();
	test_gart();
	test_wptr_stage();
	test_misc();
	test_csq();
	test_msi();
	if (failed) {
		printf("%d check(s) failed\n", failed);
		return 1;
	}
	printf("all model unit tests passed\n");
	return 0;
}
