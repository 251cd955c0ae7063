/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Byte format of a fuzz case, shared by the fuzz target and the unit test
 * that writes the seed corpus:
 *
 *   byte 0   family (modulo R5XX_FAMILY_COUNT)
 *   byte 1   bit 0 KEEP_TILING_FLAGS, bit 1 Hyper-Z owner, bit 2 CMASK owner
 *   byte 2   number of relocations (modulo FUZZ_MAX_RELOCS + 1)
 *   8 bytes  per relocation: u32 size, u16 tiling flags, u16 pitch / 64
 *   rest     the IB, little-endian dwords
 *
 * Object i lies at GPU address (i + 1) * 16 MiB; sizes are cut to 16 MiB.
 */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#include <string.h>

#include "r5xx_cs_check.h"

#define FUZZ_MAX_RELOCS	8
#define FUZZ_MAX_DW	4096
#define FUZZ_MAX_INPUT	(3 + 8 * FUZZ_MAX_RELOCS + 4 * FUZZ_MAX_DW)
#define FUZZ_BO_SPAN	(16u << 20)

struct fuzz_case {
	struct r5xx_cs_check_ctx ctx;
	struct r5xx_cs_reloc relocs[FUZZ_MAX_RELOCS];
	u32 ib[FUZZ_MAX_DW];
	u32 ndw;
};

static inline u32 fuzz_le32(const u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static inline void fuzz_put32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

/* Returns 0 if @data is too short to be a case. */
static inline int fuzz_decode(const u8 *data, size_t len, struct fuzz_case *fc)
{
	u32 i, nrel;

	memset(&fc->ctx, 0, sizeof(fc->ctx));
	if (len < 3)
		return 0;
	fc->ctx.family = data[0] % R5XX_FAMILY_COUNT;
	fc->ctx.cs_flags = data[1] & 1;
	fc->ctx.hyperz_owner = data[1] & 2;
	fc->ctx.cmask_owner = data[1] & 4;
	nrel = data[2] % (FUZZ_MAX_RELOCS + 1);
	data += 3;
	len -= 3;
	if (len < 8 * nrel)
		return 0;
	for (i = 0; i < nrel; i++, data += 8, len -= 8) {
		struct r5xx_cs_reloc *r = &fc->relocs[i];

		r->gpu_offset = (u64)(i + 1) * FUZZ_BO_SPAN;
		r->size = fuzz_le32(data) % FUZZ_BO_SPAN;
		r->tiling_flags = data[4] | data[5] << 8;
		r->pitch = (data[6] | data[7] << 8) * 64;
		r->read_domains = 2;
		r->write_domain = 2;
	}
	fc->ctx.relocs = fc->relocs;
	fc->ctx.nrelocs = nrel;
	fc->ndw = len / 4 > FUZZ_MAX_DW ? FUZZ_MAX_DW : len / 4;
	for (i = 0; i < fc->ndw; i++)
		fc->ib[i] = fuzz_le32(data + 4 * i);
	return fc->ndw > 0;
}

/* Returns the number of bytes written, 0 if the case does not fit. */
static inline size_t fuzz_encode(const struct r5xx_cs_check_ctx *c, const u32 *ib,
				 u32 ndw, u8 *buf, size_t cap)
{
	size_t len = 3 + 8 * (size_t)c->nrelocs + 4 * (size_t)ndw;
	u32 i;

	if (c->nrelocs > FUZZ_MAX_RELOCS || ndw > FUZZ_MAX_DW || len > cap)
		return 0;
	buf[0] = c->family;
	buf[1] = (c->cs_flags & 1) | c->hyperz_owner << 1 | c->cmask_owner << 2;
	buf[2] = c->nrelocs;
	for (i = 0; i < c->nrelocs; i++) {
		u8 *p = buf + 3 + 8 * i;

		fuzz_put32(p, c->relocs[i].size);
		p[4] = c->relocs[i].tiling_flags;
		p[5] = c->relocs[i].tiling_flags >> 8;
		p[6] = (c->relocs[i].pitch / 64) & 0xff;
		p[7] = (c->relocs[i].pitch / 64) >> 8;
	}
	for (i = 0; i < ndw; i++)
		fuzz_put32(buf + 3 + 8 * c->nrelocs + 4 * i, ib[i]);
	return len;
}

#endif
