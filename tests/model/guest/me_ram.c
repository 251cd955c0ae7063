// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Microengine RAM: 256 x 40-bit words written through CP_ME_RAM_ADDR/
 * DATAH/DATAL (the write happens on DATAL, the address auto-increments) and
 * read back through CP_ME_RAM_RADDR/DATAH/DATAL (guide 5.12, 5.13).
 */
#include <stdio.h>

#include "r5xx_test.h"

static uint32_t hi(unsigned i) { return (i * 7 + 1) & 0xff; }
static uint32_t lo(unsigned i) { return 0xdead0000u ^ (i * 0x01010101u); }

int main(void)
{
	struct r5xx d;
	unsigned i;

	t_open(&d);
	t_cp_soft_reset(&d);

	wr(&d, R5XX_CP_ME_RAM_ADDR, 0);
	for (i = 0; i < 256; i++) {
		/* only bits 7:0 of DATAH are RAM bits */
		wr(&d, R5XX_CP_ME_RAM_DATAH, 0xabcd00 | hi(i));
		wr(&d, R5XX_CP_ME_RAM_DATAL, lo(i));
	}
	T_CHECK(rr(&d, R5XX_CP_ME_RAM_ADDR) == 0,
		"write address is 0x%x after 256 writes, expected to wrap to 0",
		rr(&d, R5XX_CP_ME_RAM_ADDR));

	wr(&d, R5XX_CP_ME_RAM_RADDR, 0);
	for (i = 0; i < 256; i++) {
		uint32_t h = rr(&d, R5XX_CP_ME_RAM_DATAH);
		uint32_t l = rr(&d, R5XX_CP_ME_RAM_DATAL);

		T_CHECK(h == hi(i) && l == lo(i),
			"word %u reads 0x%02x_%08x, wrote 0x%02x_%08x", i, h, l,
			hi(i), lo(i));
	}

	/* random access: the read address is loaded, then increments */
	wr(&d, R5XX_CP_ME_RAM_RADDR, 200);
	T_CHECK(rr(&d, R5XX_CP_ME_RAM_DATAH) == hi(200) &&
		rr(&d, R5XX_CP_ME_RAM_DATAL) == lo(200), "RADDR 200: wrong word");
	T_CHECK(rr(&d, R5XX_CP_ME_RAM_DATAH) == hi(201) &&
		rr(&d, R5XX_CP_ME_RAM_DATAL) == lo(201), "after 200: not word 201");

	/* a DATAL-only write (semaphore style, guide 6.2.4.1) keeps DATAH */
	wr(&d, R5XX_CP_ME_RAM_ADDR, 0xfc);
	wr(&d, R5XX_CP_ME_RAM_DATAL, 0);
	wr(&d, R5XX_CP_ME_RAM_RADDR, 0xfc);
	T_CHECK(rr(&d, R5XX_CP_ME_RAM_DATAH) == hi(255) &&
		rr(&d, R5XX_CP_ME_RAM_DATAL) == 0,
		"semaphore write at 0xfc not seen");

	/* a CP soft reset keeps the RAM */
	t_cp_soft_reset(&d);
	wr(&d, R5XX_CP_ME_RAM_RADDR, 17);
	T_CHECK(rr(&d, R5XX_CP_ME_RAM_DATAH) == hi(17) &&
		rr(&d, R5XX_CP_ME_RAM_DATAL) == lo(17),
		"ME RAM lost by a CP soft reset");
	printf("ok\n");
	return 0;
}
