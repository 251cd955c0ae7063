// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * libFuzzer target for the command-stream checker.
 *
 * Each input is a relocation list and an IB (fuzz_input.h).  The IB is
 * checked in a buffer of exactly its size, so AddressSanitizer sees any
 * access beyond it.  Whatever the checker accepts is then replayed through
 * the independent access model (access_model.c); an access outside the
 * listed objects, a dependence on stale state or a write to a register the
 * model does not know to be harmless aborts the run.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "access_model.h"
#include "fuzz_input.h"

static int crtc_lookup(void *priv, u32 id, struct r5xx_cs_crtc *crtc)
{
	if (id < 31 || id > 33)
		return -ENOENT;
	crtc->enabled = id != 33;
	crtc->hw_index = id == 32;
	return 0;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static struct fuzz_case fc;
	struct am_bo bos[FUZZ_MAX_RELOCS];
	enum r5xx_family f;
	char why[256];
	u32 *ib, i;
	int ret;

	if (!fuzz_decode(data, size, &fc))
		return 0;
	fc.ctx.crtc_lookup = crtc_lookup;
	ib = malloc(fc.ndw * sizeof(*ib));
	if (!ib)
		return 0;
	memcpy(ib, fc.ib, fc.ndw * sizeof(*ib));
	ret = r5xx_cs_check(&fc.ctx, ib, fc.ndw);
	if (ret && ret != -EINVAL && ret != -ENOENT) {
		fprintf(stderr, "checker returned %d\n", ret);
		abort();
	}
	if (!ret) {
		f = fc.ctx.family;
		for (i = 0; i < fc.ctx.nrelocs; i++) {
			bos[i].start = fc.relocs[i].gpu_offset;
			bos[i].size = fc.relocs[i].size;
		}
		if (am_run(bos, fc.ctx.nrelocs, f >= R5XX_FAMILY_RV515,
			   f >= R5XX_FAMILY_RS600 && f <= R5XX_FAMILY_RS740,
			   f == R5XX_FAMILY_R300, f == R5XX_FAMILY_RV530, fc.ctx.cmask_owner,
			   ib, fc.ndw, why, sizeof(why))) {
			fprintf(stderr, "checker accepted an unsafe stream: %s\n", why);
			abort();
		}
	}
	free(ib);
	return 0;
}
