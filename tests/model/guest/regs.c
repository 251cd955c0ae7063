// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The register file: unknown offsets store and read back, partial writes,
 * MM_INDEX/MM_DATA to registers and VRAM, the I/O BAR window, the PLL,
 * PCIE (8- or 11-bit index) and RV515 MC indirect spaces, read-only
 * registers.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "r5xx_test.h"

#define UNKNOWN_REG 0x5ff0		/* in no register list */

static uint32_t io_rd(int fd, unsigned off)
{
	uint32_t v;

	T_CHECK(pread(fd, &v, 4, off) == 4, "I/O read at 0x%x: %s", off, strerror(errno));
	return v;
}

static void io_wr(int fd, unsigned off, uint32_t v)
{
	T_CHECK(pwrite(fd, &v, 4, off) == 4, "I/O write at 0x%x: %s", off, strerror(errno));
}

int main(void)
{
	struct r5xx d;
	volatile uint8_t *b8;
	volatile uint16_t *b16;
	volatile uint64_t *b64;
	char p[400];
	int io;

	t_open(&d);
	t_cp_soft_reset(&d);
	b8 = (volatile uint8_t *)d.mmio;
	b16 = (volatile uint16_t *)d.mmio;
	b64 = (volatile uint64_t *)d.mmio;

	wr(&d, UNKNOWN_REG, 0x12345678);
	T_CHECK(rr(&d, UNKNOWN_REG) == 0x12345678, "unknown register lost its value");

	/* byte and word writes change only their bytes */
	wr(&d, R5XX_CLOCK_CNTL_INDEX, 0x30a);
	b8[R5XX_CLOCK_CNTL_INDEX] = 0x0d;
	T_CHECK(rr(&d, R5XX_CLOCK_CNTL_INDEX) == 0x30d, "byte write: 0x%x",
		rr(&d, R5XX_CLOCK_CNTL_INDEX));
	b16[(UNKNOWN_REG + 2) / 2] = 0xabcd;
	T_CHECK(rr(&d, UNKNOWN_REG) == 0xabcd5678, "word write: 0x%x", rr(&d, UNKNOWN_REG));
	T_CHECK(b8[UNKNOWN_REG + 3] == 0xab && b16[UNKNOWN_REG / 2] == 0x5678,
		"partial reads");
	wr(&d, R5XX_SCRATCH_REG(0), 0x11111111);
	wr(&d, R5XX_SCRATCH_REG(1), 0x22222222);
	T_CHECK(b64[R5XX_SCRATCH_REG(0) / 8] == 0x2222222211111111ull, "64-bit read");

	/* MM_INDEX / MM_DATA: registers, and VRAM with bit 31 */
	wr(&d, R5XX_MM_INDEX, R5XX_SCRATCH_REG(7));
	wr(&d, R5XX_MM_DATA, 0xabc);
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(7)) == 0xabc && rr(&d, R5XX_MM_DATA) == 0xabc,
		"MM_DATA to a register");
	wr(&d, R5XX_MM_INDEX, 0x80000000 | 0x1000);
	wr(&d, R5XX_MM_DATA, 0xfeedf00d);
	T_CHECK(vram_rd(&d, 0x1000) == 0xfeedf00d, "MM_DATA to VRAM");

	/* the I/O BAR is the first 256 bytes of the registers */
	snprintf(p, sizeof(p), "%s/resource1", d.path);
	io = open(p, O_RDWR);
	T_CHECK(io >= 0, "cannot open %s: %s", p, strerror(errno));
	T_CHECK(io_rd(io, R5XX_CONFIG_MEMSIZE) == rr(&d, R5XX_CONFIG_MEMSIZE),
		"CONFIG_MEMSIZE through the I/O BAR");
	io_wr(io, R5XX_MM_INDEX, R5XX_SCRATCH_REG(6));
	io_wr(io, R5XX_MM_DATA, 0x600d);
	T_CHECK(rr(&d, R5XX_SCRATCH_REG(6)) == 0x600d && io_rd(io, R5XX_MM_DATA) == 0x600d,
		"MM_INDEX/MM_DATA through the I/O BAR");
	close(io);

	/* PLL: writes need PLL_WR_EN */
	pll_wr(&d, R5XX_PLL_P2PLL_DIV_0, 0x1234);
	T_CHECK(pll_rr(&d, R5XX_PLL_P2PLL_DIV_0) == 0x1234, "PLL write");
	wr(&d, R5XX_CLOCK_CNTL_INDEX, R5XX_PLL_P2PLL_DIV_0);
	wr(&d, R5XX_CLOCK_CNTL_DATA, 0x5678);
	T_CHECK(pll_rr(&d, R5XX_PLL_P2PLL_DIV_0) == 0x1234, "PLL write without PLL_WR_EN");

	/* PCIE index: 8 bits before RV515, 11 bits from RV515 */
	pcie_wr(&d, R5XX_PCIE_TX_GART_START_HI, 0);
	pcie_wr(&d, 0x100 | R5XX_PCIE_TX_GART_START_HI, 0x77);
	T_CHECK(pcie_rr(&d, R5XX_PCIE_TX_GART_START_HI) == (d.is_r5xx ? 0 : 0x77),
		"PCIE index width wrong");
	pcie_wr(&d, 0x100 | R5XX_PCIE_TX_GART_START_HI, 0);

	if (d.is_r5xx) {
		mc_wr(&d, R5XX_RV515_MC_AGP_BASE, 0x1230000);
		T_CHECK(mc_rr(&d, R5XX_RV515_MC_AGP_BASE) == 0x1230000, "MC write");
		wr(&d, R5XX_MC_IND_INDEX, 0x7f0000 | R5XX_RV515_MC_AGP_BASE);
		wr(&d, R5XX_MC_IND_DATA, 0x4560000);
		T_CHECK(mc_rr(&d, R5XX_RV515_MC_AGP_BASE) == 0x1230000,
			"MC write with a read index (0x7f0000) took effect");
		mc_wr(&d, R5XX_RV515_MC_AGP_BASE, 0);
	}

	/* read-only registers */
	wr(&d, R5XX_RBBM_STATUS, 0xffffffff);
	wr(&d, R5XX_MODEL_ID, 0);
	T_CHECK(rr(&d, R5XX_RBBM_STATUS) == 64 && rr(&d, R5XX_MODEL_ID) == 0x5235584d,
		"read-only registers changed");
	printf("ok\n");
	return 0;
}
