// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target of the QEMU model's 3D core (qemu/hw/display/r5xx/
 * r5xx_3d_*.c): the input is a program of register writes, type-3 packets
 * and index-port writes, as a guest's command stream would give them.  The
 * core must neither crash, nor read or write outside what R5xx3dMem gives
 * (ASan), nor hit undefined behaviour (UBSan), nor run unbounded (libFuzzer
 * -timeout).  Built and run by tests/fuzz/3d-fuzz.test.
 *
 * Input: byte 0 bit 0 selects R500, bit 1 starts from a state that draws
 * (a pass-through VS and US, a 256x256 ARGB8888 colour buffer, Z24), bit 2
 * defers draws and runs each on a snapshot, as the QEMU glue does; ops:
 *   0 REG  u16 dword offset (modulo 0x5000 / 4), u32 value
 *   1 PKT3 u8 opcode (one of the 3D ones, by index), u8 n, n u32 dwords
 *   2 IDX  u32 value to VAP_PORT_IDX0
 *   3 MEM  u16 offset (x 64), u32 value written to memory
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_3d_core.h"
#include "r5xx_pm4.h"

#define MEM_SIZE	(1u << 20)

static uint8_t mem[MEM_SIZE];

static bool mem_read(void *opaque, uint64_t addr, void *buf, uint32_t len)
{
	if (addr >= MEM_SIZE || len > MEM_SIZE - addr) {
		memset(buf, 0, len);
		return false;
	}
	memcpy(buf, mem + addr, len);
	return true;
}

static bool mem_write(void *opaque, uint64_t addr, const void *buf, uint32_t len)
{
	if (addr >= MEM_SIZE || len > MEM_SIZE - addr)
		return false;
	memcpy(mem + addr, buf, len);
	return true;
}

static void guest_error(void *opaque, const char *msg)
{
}

/* Direct reads of the first half only: both ways get fuzzed. */
static uint64_t written;

static void mem_written(void *opaque, uint64_t addr, uint64_t len)
{
	written += len;
}

static void *mem_map(void *opaque, uint64_t addr, uint64_t len)
{
	if (addr >= MEM_SIZE / 2 || len > MEM_SIZE / 2 - addr)
		return NULL;
	return mem + addr;
}

static const R5xx3dMem fuzz_mem = {
	.read = mem_read, .write = mem_write, .guest_error = guest_error,
	.map = mem_map, .written = mem_written,
};

static uint32_t take(const uint8_t **p, const uint8_t *end, unsigned n)
{
	uint32_t v = 0;

	for (unsigned i = 0; i < n && *p < end; i++)
		v |= (uint32_t)*(*p)++ << (8 * i);
	return v;
}

static void wr(R5xx3d *st, uint32_t reg, uint32_t v)
{
	r5xx_3d_reg_write(st, reg, v);
}

/* Deferred: the draw the last call left, on a snapshot (r5xx_3d.c's way). */
static void run_pending(R5xx3d *st)
{
	static R5xx3d snap;
	R5xx3dPending *p = r5xx_3d_take_pending(st);

	if (!p)
		return;
	r5xx_3d_snapshot(&snap, st);
	r5xx_3d_exec(&snap, p);
	r5xx_3d_merge_stats(st, &snap);
}

/* What tests/model/unit/unit_3d.c's setup() writes, at a larger size. */
static void sane_state(R5xx3d *st)
{
	static const uint32_t us[6] = {
		1 | 1 << 8 | 7 << 15 | 1 << 18, 0, 0,
		(0 | 1 << 3 | 2 << 6) << 2 | (6 | 6 << 3 | 6 << 6) << 15,
		3 << 14 | 6 << 21,
		(4 | 4 << 3 | 4 << 6) << 14 | 4u << 27,
	};

	wr(st, 0x2200, 0);
	for (unsigned i = 0; i < 2; i++) {
		wr(st, 0x2208, 3 | 2 << 8 | i << 13 | 0xf << 20);
		wr(st, 0x2208, 1 | i << 5 | (0 | 1 << 3 | 2 << 6 | 3 << 9) << 13);
		wr(st, 0x2208, 1 | i << 5 | (4 | 4 << 3 | 4 << 6 | 4 << 9) << 13);
		wr(st, 0x2208, 1 | i << 5 | (4 | 4 << 3 | 4 << 6 | 4 << 9) << 13);
	}
	wr(st, 0x22d0, 1 << 20);
	wr(st, 0x2150, 3 | (3u | 1 << 8 | 1 << 13) << 16);
	wr(st, 0x21e0, (0 | 1 << 3 | 2 << 6 | 3 << 9 | 0xf << 12) * 0x10001u);
	wr(st, 0x2090, 3);
	wr(st, 0x20b0, 3 << 8);
	wr(st, 0x20b4, 8);
	wr(st, 0x2134, 0xffffff);
	wr(st, 0x43e4, 255 | 255 << 13);
	wr(st, 0x4e28, 0x10000);
	wr(st, 0x4e38, 256 | 6 << 21);
	wr(st, 0x4e0c, 0xf);
	wr(st, 0x46a4, 3 << 8 | 2 << 10 | 1 << 12);
	wr(st, 0x4320, 1 << 16);
	wr(st, 0x4f10, 2);
	wr(st, 0x4f20, 0x60000);
	wr(st, 0x4f24, 256);
	wr(st, 0x4f04, 1);
	wr(st, 0x4f00, 6);
	wr(st, 0x4250, 0);
	for (unsigned i = 0; i < 6; i++)
		wr(st, 0x4254, us[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned ops[4] = {
		R5XX_PM4_3D_LOAD_VBPNTR, R5XX_PM4_3D_DRAW_VBUF_2,
		R5XX_PM4_3D_DRAW_IMMD_2, R5XX_PM4_3D_DRAW_INDX_2,
	};
	static R5xx3d st;
	const uint8_t *p = data, *end = data + size;
	uint32_t body[256];

	if (!size)
		return 0;
	r5xx_3d_init(&st, data[0] & 1, &fuzz_mem);
	st.budget = 1u << 18;		/* keep an input fast */
	if (data[0] & 2)
		sane_state(&st);
	st.defer = data[0] & 4;
	p++;
	while (p < end) {
		unsigned op = *p++ & 3, n;

		switch (op) {
		case 0:
			n = take(&p, end, 2) % (0x5000 / 4);
			r5xx_3d_reg_write(&st, 4 * n, take(&p, end, 4));
			break;
		case 1:
			op = ops[take(&p, end, 1) & 3];
			n = take(&p, end, 1);
			for (unsigned i = 0; i < n; i++)
				body[i] = take(&p, end, 4);
			r5xx_3d_packet3(&st, op, body, n);
			break;
		case 2:
			r5xx_3d_reg_write(&st, 0x2040, take(&p, end, 4));
			break;
		default:
			n = take(&p, end, 2) * 64u % MEM_SIZE;
			op = take(&p, end, 4);
			memcpy(mem + n, &op, 4);
			break;
		}
		run_pending(&st);
	}
	r5xx_3d_fini(&st);
	return 0;
}
