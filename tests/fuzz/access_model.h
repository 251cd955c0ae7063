/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * An independent model of what the GPU touches when it runs an IB the
 * command-stream checker accepted.  It shares no code with the checker: it
 * replays the patched IB on a register file whose every register starts
 * "stale" (whatever an earlier client left there), works on absolute GPU
 * addresses, and reports any access outside the listed buffer objects, any
 * dependence of an address on stale state, and any write to a register
 * outside its own coarse list of harmless ones.
 */
#ifndef ACCESS_MODEL_H
#define ACCESS_MODEL_H

#include <stddef.h>
#include <stdint.h>

struct am_bo {
	uint64_t start;
	uint64_t size;
};

/*
 * Returns 0 if every access of @ib stays in @bos, else -1 with a reason in
 * @why.  @r500: RV515 and later (no 1440 scissor bias, index offset);
 * @rs6xx: RS600/RS690/RS740 (64-byte texture rows); @r300: the R300 chip
 * (macro switch at > one tile); @rv530: the RV530 (two Z pipes,
 * FG_ZBREG_DEST); @cmask: the submitter owns the CMASK RAM.
 */
int am_run(const struct am_bo *bos, unsigned int nbo, int r500, int rs6xx,
	   int r300, int rv530, int cmask, const uint32_t *ib, uint32_t ndw,
	   char *why, size_t len);

/*
 * The registers the model takes as set by the kernel before every IB, and
 * their values: a 0-terminated list of offset, value pairs, for a test that
 * the kernel's list (r5xx_cs_resets[]) has them.  @r500, @rv530 as above.
 */
const uint32_t *am_ib_resets(int r500, int rv530);

#endif
