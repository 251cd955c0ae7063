// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * After a function reset the model is in the state a card is in after its
 * video BIOS ran (memory size, MC, clocks, idle engines), and its CP does
 * not fetch until all 256 microengine RAM words have been written again.
 * The reset is a secondary bus reset through sysfs.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "r5xx_test.h"

static void function_reset(struct r5xx *d)
{
	char p[400];
	int fd;

	/*
	 * The model has a PCI PM capability with No_Soft_Reset clear, so the
	 * kernel would pick its D3hot reset, which leaves a cold board (see
	 * qemu-model.rst): ask for the bus reset (6.1's reset_method).
	 */
	snprintf(p, sizeof(p), "%s/reset_method", d->path);
	fd = open(p, O_WRONLY);
	if (fd >= 0) {
		if (write(fd, "bus", 3) != 3)
			t_fail("%s: bus: %s", p, strerror(errno));
		close(fd);
	}
	snprintf(p, sizeof(p), "%s/reset", d->path);
	fd = open(p, O_WRONLY);
	if (fd < 0) {
		printf("no %s: cannot reset the function\n", p);
		_exit(77);
	}
	if (write(fd, "1", 1) != 1)
		t_fail("reset through %s failed: %s", p, strerror(errno));
	close(fd);
}

static uint64_t bar0_addr(struct r5xx *d)
{
	unsigned long long start = 0;
	char p[400];
	FILE *f;

	snprintf(p, sizeof(p), "%s/resource", d->path);
	f = fopen(p, "r");
	if (!f || fscanf(f, "%llx", &start) != 1)
		t_fail("cannot read %s", p);
	fclose(f);
	return start;
}

/* radeon_clocks.c:radeon_legacy_get_engine/memory_clock, in MHz */
static unsigned pll_mhz(uint32_t fb, uint32_t ref, uint32_t post)
{
	unsigned khz = ref ? 2 * fb * 27000 / ref : 0;

	return (post == 2 ? khz >> 1 : post == 3 ? khz >> 2 :
		post == 4 ? khz >> 3 : khz) / 1000;
}

int main(void)
{
	struct r5xx d;
	struct ring r;
	uint32_t v, div;
	unsigned sclk, mclk;

	t_open(&d);
	function_reset(&d);

	T_CHECK(rr(&d, R5XX_CONFIG_MEMSIZE) == d.vram_size,
		"CONFIG_MEMSIZE 0x%x, BAR 0 is 0x%zx", rr(&d, R5XX_CONFIG_MEMSIZE),
		d.vram_size);
	T_CHECK(rr(&d, R5XX_CONFIG_APER_SIZE) == d.vram_size,
		"CONFIG_APER_SIZE 0x%x", rr(&d, R5XX_CONFIG_APER_SIZE));
	v = rr(&d, R5XX_RBBM_STATUS);
	T_CHECK(v == 64, "RBBM_STATUS 0x%08x, expected idle with 64 FIFO entries", v);
	T_CHECK(rr(&d, R5XX_CP_STAT) == 0, "CP_STAT 0x%x", rr(&d, R5XX_CP_STAT));
	T_CHECK(rr(&d, R5XX_GEN_INT_STATUS) == 0 && rr(&d, R5XX_GEN_INT_CNTL) == 0,
		"interrupts not clear after reset");
	T_CHECK(rr(&d, R5XX_CP_RB_RPTR) == 0 && rr(&d, R5XX_CP_RB_WPTR) == 0,
		"ring pointers not 0");
	T_CHECK(rr(&d, R5XX_MODEL_REV) == 1, "MODEL_REV %u", rr(&d, R5XX_MODEL_REV));

	if (d.is_r5xx) {
		v = mc_rr(&d, R5XX_RV515_MC_FB_LOCATION);
		T_CHECK(v == ((uint32_t)(d.vram_size - 1) & 0xffff0000),
			"MC FB_LOCATION 0x%08x, expected VRAM at 0", v);
		T_CHECK(mc_rr(&d, R5XX_RV515_MC_STATUS) & R5XX_RV515_MC_STATUS_IDLE,
			"MC not idle");
		T_CHECK((mc_rr(&d, R5XX_RV515_MC_CNTL) & 3) == 1, "MC_CNTL channels");
	} else {
		uint64_t bar = bar0_addr(&d);
		uint32_t want = (uint32_t)(((bar + d.vram_size - 1) >> 16) << 16) |
				(uint32_t)(bar >> 16);

		v = rr(&d, R5XX_MC_FB_LOCATION);
		T_CHECK(v == want, "MC_FB_LOCATION 0x%08x, expected 0x%08x (BAR 0)",
			v, want);
		T_CHECK(rr(&d, R5XX_MC_STATUS) & R5XX_MC_STATUS_MC_IDLE, "MC not idle");
		T_CHECK((rr(&d, R5XX_MEM_CNTL) & 3) == 1, "MEM_CNTL channels");
	}
	div = pll_rr(&d, R5XX_PLL_M_SPLL_REF_FB_DIV);
	sclk = pll_mhz(FIELD_GET(R5XX_PLL_M_SPLL_REF_FB_DIV_SPLL_FB_DIV, div),
		       div & 0xff, pll_rr(&d, R5XX_PLL_SCLK_CNTL) & 7);
	mclk = pll_mhz(FIELD_GET(R5XX_PLL_M_SPLL_REF_FB_DIV_MPLL_FB_DIV, div),
		       div & 0xff, pll_rr(&d, R5XX_PLL_MCLK_CNTL) & 7);
	T_CHECK(sclk >= 300 && sclk <= 500 && mclk >= 200 && mclk <= 400,
		"implausible clocks: engine %u MHz, memory %u MHz", sclk, mclk);
	T_CHECK(FIELD_GET(R5XX_PCIE_LC_LINK_WIDTH_CNTL_LC_LINK_WIDTH_RD,
			  pcie_rr(&d, R5XX_PCIE_LC_LINK_WIDTH_CNTL)) == 6,
		"PCIe link not x16");

	/* 255 words are not enough: the CP must not fetch */
	t_bus_master(&d, false);
	t_cp_soft_reset(&d);
	t_mc_setup(&d);
	t_load_microcode(&d, 255);
	t_ring_init(&d, &r, T_RING_OFF, 10);
	wr(&d, R5XX_SCRATCH_REG(3), 0xcafedead);
	t_emit_reg(&r, R5XX_SCRATCH_REG(3), 0xdeadbeef);
	t_commit(&r);
	t_sleep_ms(100);
	T_CHECK(rr(&d, R5XX_CP_RB_RPTR) == 0 &&
		rr(&d, R5XX_SCRATCH_REG(3)) == 0xcafedead,
		"CP fetched with 255 of 256 microcode words loaded (rptr %u)",
		rr(&d, R5XX_CP_RB_RPTR));
	T_CHECK(!(rr(&d, R5XX_RBBM_STATUS) & R5XX_RBBM_STATUS_GUI_ACTIVE),
		"GUI_ACTIVE while the CP cannot run");

	/* the last word completes the load and the CP starts */
	wr(&d, R5XX_CP_ME_RAM_ADDR, 255);
	wr(&d, R5XX_CP_ME_RAM_DATAH, 0);
	wr(&d, R5XX_CP_ME_RAM_DATAL, 0);
	T_CHECK(t_wait_reg(&d, R5XX_SCRATCH_REG(3), 0xdeadbeef, 1000),
		"CP did not run after the microcode load completed");
	T_CHECK(t_wait_idle(&d, 1000), "not idle after the ring drained");
	T_CHECK(rr(&d, R5XX_CP_RB_RPTR) == r.wptr, "rptr %u, wptr %u",
		rr(&d, R5XX_CP_RB_RPTR), r.wptr);
	printf("ok\n");
	return 0;
}
