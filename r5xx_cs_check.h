/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_CS_CHECK_H__
#define __R5XX_CS_CHECK_H__

#include <linux/compiler.h>
#include <linux/types.h>

#include "r5xx_facts.h"

/**
 * struct r5xx_cs_reloc - one entry of the relocation list, once validated
 * @gpu_offset: GPU (MC) address of the buffer object, 32-byte aligned
 * @size: size of the buffer object in bytes
 * @tiling_flags: RADEON_TILING_* flags of the object (SET_TILING)
 * @pitch: pitch of the object in bytes (SET_TILING)
 * @read_domains: RADEON_GEM_DOMAIN_* the stream reads it from
 * @write_domain: RADEON_GEM_DOMAIN_* the stream writes it to
 *
 * The CS ioctl fills one per &drm_radeon_cs_reloc after it has looked the
 * object up and made it resident.  @gpu_offset + @size must not exceed 4 GiB.
 */
struct r5xx_cs_reloc {
	u64 gpu_offset;
	u64 size;
	u32 tiling_flags;
	u32 pitch;
	u32 read_domains;
	u32 write_domain;
};

/**
 * struct r5xx_cs_crtc - what the VLINE wait needs to know about a CRTC
 * @enabled: the CRTC is scanning out
 * @hw_index: 0 for the first display controller, 1 for the second
 */
struct r5xx_cs_crtc {
	bool enabled;
	u32 hw_index;
};

struct r5xx_cs_check_state;

/**
 * struct r5xx_cs_check_ctx - everything the checker needs besides the IB
 * @family: the GPU
 * @cs_flags: flags of the FLAGS chunk (RADEON_CS_KEEP_TILING_FLAGS); 0 without
 * @relocs: the relocation list
 * @nrelocs: number of entries in @relocs
 * @hyperz_owner: the submitting file owns Hyper-Z (RADEON_INFO_WANT_HYPERZ)
 * @cmask_owner: the submitting file owns the CMASK (RADEON_INFO_WANT_CMASK)
 * @crtc_lookup: looks up a KMS CRTC object id for a VLINE wait; returns 0 or
 *		 a negative errno.  NULL: VLINE waits are rejected.
 * @log: reports why a stream was rejected; may be NULL.  The driver maps it
 *	 to a rate-limited drm_dbg(), host tests to printf().
 * @priv: passed to @crtc_lookup and @log
 * @state: the checker's working memory, r5xx_cs_check_state_size() bytes
 *	   that the caller keeps from one call to the next (the checker
 *	   clears it each time); NULL: the checker allocates its own
 */
struct r5xx_cs_check_ctx {
	enum r5xx_family family;
	u32 cs_flags;
	const struct r5xx_cs_reloc *relocs;
	u32 nrelocs;
	bool hyperz_owner;
	bool cmask_owner;
	int (*crtc_lookup)(void *priv, u32 crtc_id, struct r5xx_cs_crtc *crtc);
	void (*log)(void *priv, const char *fmt, ...) __printf(2, 3);
	void *priv;
	struct r5xx_cs_check_state *state;
};

struct r5xx_cs_reset;

size_t r5xx_cs_check_state_size(void);
bool r5xx_cs_reset_applies(enum r5xx_family family, const struct r5xx_cs_reset *r);
int r5xx_cs_check(const struct r5xx_cs_check_ctx *ctx, u32 *ib, u32 ndw);

#endif /* __R5XX_CS_CHECK_H__ */
