// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Common bits of the QEMU model's guest tests; see r5xx_test.h.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "r5xx_test.h"

#define PCI_COMMAND		0x04
#define PCI_COMMAND_IO		0x1
#define PCI_COMMAND_MEMORY	0x2
#define PCI_COMMAND_MASTER	0x4
#define PCI_CAPABILITY_LIST	0x34
#define PCI_CAP_ID_AGP		0x02

void t_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	exit(1);
}

void t_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static unsigned long sysfs_ul(const char *dir, const char *file)
{
	char p[256], buf[64];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, file);
	f = fopen(p, "r");
	if (!f || !fgets(buf, sizeof(buf), f))
		t_fail("cannot read %s: %s", p, strerror(errno));
	fclose(f);
	return strtoul(buf, NULL, 0);
}

static void *map_bar(struct r5xx *d, int bar, size_t *size)
{
	char p[400];
	struct stat st;
	void *m;
	int fd;

	snprintf(p, sizeof(p), "%s/resource%d", d->path, bar);
	fd = open(p, O_RDWR | O_SYNC);
	if (fd < 0 || fstat(fd, &st))
		t_fail("cannot open %s: %s", p, strerror(errno));
	m = mmap(NULL, st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		t_fail("cannot map %s: %s", p, strerror(errno));
	close(fd);
	*size = st.st_size;
	return m;
}

uint32_t cfg_rd(struct r5xx *d, unsigned off, unsigned size)
{
	uint32_t v = 0;

	if (pread(d->cfg, &v, size, off) != (ssize_t)size)
		t_fail("config read at 0x%x: %s", off, strerror(errno));
	return v;
}

void cfg_wr(struct r5xx *d, unsigned off, unsigned size, uint32_t val)
{
	if (pwrite(d->cfg, &val, size, off) != (ssize_t)size)
		t_fail("config write at 0x%x: %s", off, strerror(errno));
}

void t_bus_master(struct r5xx *d, bool on)
{
	uint16_t cmd = cfg_rd(d, PCI_COMMAND, 2);

	cmd = on ? cmd | PCI_COMMAND_MASTER : cmd & ~PCI_COMMAND_MASTER;
	cfg_wr(d, PCI_COMMAND, 2, cmd);
}

void t_open(struct r5xx *d)
{
	const char *base = "/sys/bus/pci/devices";
	struct dirent *e;
	size_t mmio_size;
	DIR *dir;
	char p[400];

	memset(d, 0, sizeof(*d));
	dir = opendir(base);
	if (!dir)
		t_fail("no %s", base);
	while ((e = readdir(dir))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(d->path, sizeof(d->path), "%s/%s", base, e->d_name);
		if (sysfs_ul(d->path, "vendor") == 0x1002 &&
		    (sysfs_ul(d->path, "class") >> 8) == 0x0300)
			break;
		d->path[0] = 0;
	}
	closedir(dir);
	if (!d->path[0])
		t_fail("no ATI display function on the PCI bus");
	d->device = sysfs_ul(d->path, "device");
	d->is_r5xx = d->device >= 0x7100;

	snprintf(p, sizeof(p), "%s/config", d->path);
	d->cfg = open(p, O_RDWR);
	if (d->cfg < 0)
		t_fail("cannot open %s: %s", p, strerror(errno));
	/* an AGP card has an AGP capability (ID 2): no PCIE space */
	for (unsigned ptr = cfg_rd(d, PCI_CAPABILITY_LIST, 1), n = 0;
	     ptr && n < 48; ptr = cfg_rd(d, ptr + 1, 1), n++)
		d->agp |= cfg_rd(d, ptr, 1) == PCI_CAP_ID_AGP;
	cfg_wr(d, PCI_COMMAND, 2, cfg_rd(d, PCI_COMMAND, 2) |
	       PCI_COMMAND_IO | PCI_COMMAND_MEMORY);

	d->vram = map_bar(d, 0, &d->vram_size);
	d->mmio = map_bar(d, 2, &mmio_size);
	T_CHECK(mmio_size == 0x10000, "BAR 2 is %zu bytes, expected 64 KiB",
		mmio_size);
	T_CHECK(rr(d, R5XX_MODEL_ID) == 0x5235584d,
		"MODEL_ID reads 0x%08x: not the r5xx model", rr(d, R5XX_MODEL_ID));
}

uint32_t rr(struct r5xx *d, uint32_t reg)
{
	return d->mmio[reg / 4];
}

void wr(struct r5xx *d, uint32_t reg, uint32_t val)
{
	d->mmio[reg / 4] = val;
}

uint32_t pll_rr(struct r5xx *d, uint32_t idx)
{
	wr(d, R5XX_CLOCK_CNTL_INDEX, idx & 0x3f);
	return rr(d, R5XX_CLOCK_CNTL_DATA);
}

void pll_wr(struct r5xx *d, uint32_t idx, uint32_t val)
{
	wr(d, R5XX_CLOCK_CNTL_INDEX, (idx & 0x3f) | R5XX_CLOCK_CNTL_INDEX_PLL_WR_EN);
	wr(d, R5XX_CLOCK_CNTL_DATA, val);
}

uint32_t pcie_rr(struct r5xx *d, uint32_t idx)
{
	wr(d, R5XX_PCIE_INDEX, idx);
	return rr(d, R5XX_PCIE_DATA);
}

void pcie_wr(struct r5xx *d, uint32_t idx, uint32_t val)
{
	wr(d, R5XX_PCIE_INDEX, idx);
	wr(d, R5XX_PCIE_DATA, val);
}

/* rv515.c:rv515_mc_rreg/wreg protocol */
uint32_t mc_rr(struct r5xx *d, uint32_t idx)
{
	uint32_t v;

	wr(d, R5XX_MC_IND_INDEX, 0x7f0000 | (idx & 0xffff));
	v = rr(d, R5XX_MC_IND_DATA);
	wr(d, R5XX_MC_IND_INDEX, 0);
	return v;
}

void mc_wr(struct r5xx *d, uint32_t idx, uint32_t val)
{
	wr(d, R5XX_MC_IND_INDEX, 0xff0000 | (idx & 0xffff));
	wr(d, R5XX_MC_IND_DATA, val);
	wr(d, R5XX_MC_IND_INDEX, 0);
}

uint32_t vram_rd(struct r5xx *d, uint32_t off)
{
	return *(volatile uint32_t *)(d->vram + off);
}

void vram_wr(struct r5xx *d, uint32_t off, uint32_t val)
{
	*(volatile uint32_t *)(d->vram + off) = val;
}

void vram_fill(struct r5xx *d, uint32_t off, uint32_t bytes, uint32_t val)
{
	for (uint32_t i = 0; i < bytes; i += 4)
		vram_wr(d, off + i, val);
}

/* Guide 5.8, steps 1-2: disable the queues, pulse the CP soft reset. */
void t_cp_soft_reset(struct r5xx *d)
{
	wr(d, R5XX_CP_CSQ_CNTL, 0);
	wr(d, R5XX_CP_CSQ_MODE, 0);
	wr(d, R5XX_RBBM_SOFT_RESET, R5XX_RBBM_SOFT_RESET_SOFT_RESET_CP);
	(void)rr(d, R5XX_RBBM_SOFT_RESET);
	wr(d, R5XX_RBBM_SOFT_RESET, 0);
	wr(d, R5XX_CP_RB_WPTR_DELAY, 0);
	wr(d, R5XX_SCRATCH_UMSK, 0);
}

/* VRAM at MC address 0, GART off, no write-backs. */
void t_mc_setup(struct r5xx *d)
{
	uint32_t loc = ((uint32_t)(d->vram_size - 1) & 0xffff0000);

	if (d->is_r5xx)
		mc_wr(d, R5XX_RV515_MC_FB_LOCATION, loc);
	else
		wr(d, R5XX_MC_FB_LOCATION, loc);
	if (d->agp)
		wr(d, R5XX_AIC_CNTL, 0);
	else
		pcie_wr(d, R5XX_PCIE_TX_GART_CNTL, 0);
}

/* The CP test image if `make firmware` made one, else a fixed pattern. */
void t_load_microcode(struct r5xx *d, unsigned words)
{
	const char *fw = d->is_r5xx ? "build/firmware/radeon/R520_cp.bin"
				    : "build/firmware/radeon/R300_cp.bin";
	uint8_t img[2048];
	FILE *f = fopen(fw, "rb");
	unsigned i;

	if (!f || fread(img, 1, sizeof(img), f) != sizeof(img)) {
		for (i = 0; i < sizeof(img); i++)
			img[i] = (uint8_t)(i * 37 + 11);
	}
	if (f)
		fclose(f);
	wr(d, R5XX_CP_ME_RAM_ADDR, 0);
	for (i = 0; i < words; i++) {
		const uint8_t *w = img + 8 * i;

		wr(d, R5XX_CP_ME_RAM_DATAH, (uint32_t)w[0] << 24 | w[1] << 16 | w[2] << 8 | w[3]);
		wr(d, R5XX_CP_ME_RAM_DATAL, (uint32_t)w[4] << 24 | w[5] << 16 | w[6] << 8 | w[7]);
	}
}

void t_setup(struct r5xx *d)
{
	t_open(d);
	t_bus_master(d, false);
	t_cp_soft_reset(d);
	t_mc_setup(d);
	t_load_microcode(d, 256);
}

void t_ring_init(struct r5xx *d, struct ring *r, uint32_t off, unsigned bufsz)
{
	r->d = d;
	r->off = off;
	r->dwords = 2u << bufsz;
	r->wptr = 0;
	vram_fill(d, off, r->dwords * 4, R5XX_PACKET2);

	/* r100_cp_init order: base, rptr/wptr to 0, then the queues */
	wr(d, R5XX_CP_RB_CNTL, FIELD_PREP(R5XX_CP_RB_CNTL_RB_BUFSZ, bufsz) |
	   FIELD_PREP(R5XX_CP_RB_CNTL_RB_BLKSZ, 9) | R5XX_CP_RB_CNTL_RB_NO_UPDATE |
	   R5XX_CP_RB_CNTL_RB_RPTR_WR_ENA);
	wr(d, R5XX_CP_RB_BASE, off);
	wr(d, R5XX_CP_RB_RPTR_WR, 0);
	wr(d, R5XX_CP_RB_WPTR, 0);
	wr(d, R5XX_CP_RB_CNTL, FIELD_PREP(R5XX_CP_RB_CNTL_RB_BUFSZ, bufsz) |
	   FIELD_PREP(R5XX_CP_RB_CNTL_RB_BLKSZ, 9) | R5XX_CP_RB_CNTL_RB_NO_UPDATE);
	wr(d, R5XX_CP_CSQ_MODE, T_CSQ_MODE_RADEON);
	wr(d, R5XX_CP_CSQ_CNTL, T_CSQ_PRIBM_INDBM);
	T_CHECK(rr(d, R5XX_CP_RB_RPTR) == 0, "CP_RB_RPTR is 0x%x after init",
		rr(d, R5XX_CP_RB_RPTR));
}

void t_emit(struct ring *r, uint32_t dw)
{
	vram_wr(r->d, r->off + 4 * r->wptr, dw);
	r->wptr = (r->wptr + 1) & (r->dwords - 1);
}

void t_emit_reg(struct ring *r, uint32_t reg, uint32_t val)
{
	t_emit(r, R5XX_PACKET0(reg, 0));
	t_emit(r, val);
}

void t_commit(struct ring *r)
{
	__sync_synchronize();
	wr(r->d, R5XX_CP_RB_WPTR, r->wptr);
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ull + ts.tv_nsec / 1000000;
}

void t_sleep_ms(unsigned ms)
{
	usleep(ms * 1000);
}

#define WAIT(cond, ms) ({						\
	uint64_t _end = now_ms() + (ms);				\
	bool _ok;							\
	while (!(_ok = (cond)) && now_ms() < _end)			\
		usleep(100);						\
	_ok;								\
})

bool t_wait_idle(struct r5xx *d, unsigned ms)
{
	return WAIT(!(rr(d, R5XX_RBBM_STATUS) & R5XX_RBBM_STATUS_GUI_ACTIVE), ms);
}

bool t_wait_reg(struct r5xx *d, uint32_t reg, uint32_t val, unsigned ms)
{
	return WAIT(rr(d, reg) == val, ms);
}

bool t_wait_vram(struct r5xx *d, uint32_t off, uint32_t val, unsigned ms)
{
	return WAIT(vram_rd(d, off) == val, ms);
}

bool t_wait_mem(volatile uint32_t *p, uint32_t val, unsigned ms)
{
	return WAIT(*p == val, ms);
}

void *t_dma_page(uint64_t *phys)
{
	long psz = sysconf(_SC_PAGESIZE);
	uint64_t ent;
	void *p;
	int fd;

	p = mmap(NULL, psz, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (p == MAP_FAILED || mlock(p, psz))
		t_fail("cannot allocate a locked page: %s", strerror(errno));
	memset(p, 0, psz);
	fd = open("/proc/self/pagemap", O_RDONLY);
	if (fd < 0 || pread(fd, &ent, 8, (uintptr_t)p / psz * 8) != 8)
		t_fail("cannot read /proc/self/pagemap: %s", strerror(errno));
	close(fd);
	if (!(ent & (1ull << 63)) || !(ent & ((1ull << 55) - 1)))
		t_fail("pagemap gives no frame number (not root?)");
	*phys = (ent & ((1ull << 55) - 1)) * psz;
	T_CHECK(*phys < (1ull << 32), "page at 0x%llx is above 4 GiB",
		(unsigned long long)*phys);
	return p;
}
