/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Common bits of the QEMU model's guest tests: find the r5xx function, map
 * its BARs through sysfs, reach the indirect register spaces, reset and
 * start the CP with a ring in VRAM, and report failures as one line.
 *
 * The tests run as root in the test VM with no driver bound to the GPU
 * (tests/model/vm.conf).  They put VRAM at MC address 0, so a VRAM offset is
 * also the MC address the CP uses.
 */
#ifndef R5XX_TEST_H
#define R5XX_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "r5xx_pm4.h"
#include "r5xx_regs.h"

/* VRAM layout the tests share (offsets == MC addresses). */
#define T_RING_OFF	0x000000	/* ring buffer */
#define T_IB_OFF	0x100000	/* indirect buffers */
#define T_WB_OFF	0x200000	/* write-back page */
#define T_GART_OFF	0x300000	/* GART table */
#define T_SCRATCH_OFF	0x400000	/* anything else */

#define T_CSQ_PRIBM_INDBM	(4u << 28)
#define T_CSQ_MODE_RADEON	0x00004d4d

struct r5xx {
	char path[300];			/* /sys/bus/pci/devices/<bdf> */
	int cfg;			/* config space */
	volatile uint32_t *mmio;	/* BAR 2 */
	volatile uint8_t *vram;		/* BAR 0 */
	size_t vram_size;
	uint16_t device;
	bool is_r5xx;			/* RV515 and later */
	bool agp;			/* AGP card: BUS_CNTL at 0x30, PCI GART */
};

struct ring {
	struct r5xx *d;
	uint32_t off;			/* VRAM offset == MC address */
	uint32_t dwords;
	uint32_t wptr;
};

void t_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
#define T_CHECK(cond, ...) do { if (!(cond)) t_fail(__VA_ARGS__); } while (0)
void t_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Device access */
void t_open(struct r5xx *d);
uint32_t rr(struct r5xx *d, uint32_t reg);
void wr(struct r5xx *d, uint32_t reg, uint32_t val);
uint32_t pll_rr(struct r5xx *d, uint32_t idx);
void pll_wr(struct r5xx *d, uint32_t idx, uint32_t val);
uint32_t pcie_rr(struct r5xx *d, uint32_t idx);
void pcie_wr(struct r5xx *d, uint32_t idx, uint32_t val);
uint32_t mc_rr(struct r5xx *d, uint32_t idx);
void mc_wr(struct r5xx *d, uint32_t idx, uint32_t val);
uint32_t cfg_rd(struct r5xx *d, unsigned off, unsigned size);
void cfg_wr(struct r5xx *d, unsigned off, unsigned size, uint32_t val);
void t_bus_master(struct r5xx *d, bool on);
uint32_t vram_rd(struct r5xx *d, uint32_t off);
void vram_wr(struct r5xx *d, uint32_t off, uint32_t val);
void vram_fill(struct r5xx *d, uint32_t off, uint32_t bytes, uint32_t val);

/* Bring-up */
void t_cp_soft_reset(struct r5xx *d);
void t_mc_setup(struct r5xx *d);
void t_load_microcode(struct r5xx *d, unsigned words);
void t_setup(struct r5xx *d);	/* open + reset CP + MC + microcode */

/* Ring: 2^(bufsz+1) dwords at VRAM offset off, no rptr write-back. */
void t_ring_init(struct r5xx *d, struct ring *r, uint32_t off, unsigned bufsz);
void t_emit(struct ring *r, uint32_t dw);
void t_emit_reg(struct ring *r, uint32_t reg, uint32_t val);
void t_commit(struct ring *r);
bool t_wait_idle(struct r5xx *d, unsigned ms);
bool t_wait_reg(struct r5xx *d, uint32_t reg, uint32_t val, unsigned ms);
bool t_wait_vram(struct r5xx *d, uint32_t off, uint32_t val, unsigned ms);
bool t_wait_mem(volatile uint32_t *p, uint32_t val, unsigned ms);
void t_sleep_ms(unsigned ms);

/* Guest RAM the device can reach by DMA: a locked page below 4 GiB. */
void *t_dma_page(uint64_t *phys);

#endif
