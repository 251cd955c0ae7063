// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: re-post
 *
 * A laptop's GPU comes back from S3 unposted: the system BIOS does not run
 * the video BIOS on resume, so the engine and memory PLLs are not
 * programmed, CONFIG_MEMSIZE reads 0 and the memory controller is not set
 * up. radeon posts it again from the video BIOS (the COMBIOS init tables,
 * radeon_combios_asic_init, on R3xx/R4xx; ATOM ASIC_Init, atom_asic_init,
 * on R5xx).
 *
 * r5xx does not interpret the video BIOS's init tables yet. It posts the
 * board with register defaults instead: at probe, r5xx_post_save() records
 * what the video BIOS left in the registers a post sets (the engine and
 * memory PLL dividers and their clock controls, the memory channel
 * configuration, CONFIG_MEMSIZE), and on resume r5xx_post() writes them
 * back when the board reads unposted (CONFIG_MEMSIZE 0). The MC
 * locations, the GART, the CP and the display are not part of a post:
 * the resume path programs them as at probe.
 */

/* the MC register that holds the memory channel configuration */
static void r5xx_post_channels(struct r5xx_device *rdev, bool write)
{
	u32 *val = &rdev->post.mem_cntl;

	switch (rdev->info->mc) {
	case R5XX_MC_RV515:
		if (write)
			r5xx_mc_wreg(rdev, R5XX_RV515_MC_CNTL, *val);
		else
			*val = r5xx_mc_rreg(rdev, R5XX_RV515_MC_CNTL);
		break;
	case R5XX_MC_R520:
		if (write)
			r5xx_mc_wreg(rdev, R5XX_R520_MC_CNTL0, *val);
		else
			*val = r5xx_mc_rreg(rdev, R5XX_R520_MC_CNTL0);
		break;
	case R5XX_MC_RS400:
		break;		/* an IGP: the system BIOS sets its MC up */
	default:
		if (write)
			r5xx_wreg(rdev, R5XX_MEM_CNTL, *val);
		else
			*val = r5xx_rreg(rdev, R5XX_MEM_CNTL);
		break;
	}
}

/**
 * r5xx_post_save - record the registers the video BIOS's post set
 * @rdev: device, posted, before the driver changed its clocks or MC
 */
void r5xx_post_save(struct r5xx_device *rdev)
{
	struct r5xx_post *post = &rdev->post;

	post->memsize = r5xx_rreg(rdev, R5XX_CONFIG_MEMSIZE);
	post->spll = r5xx_pll_rreg(rdev, R5XX_PLL_M_SPLL_REF_FB_DIV);
	post->sclk_cntl = r5xx_pll_rreg(rdev, R5XX_PLL_SCLK_CNTL);
	post->mclk_cntl = r5xx_pll_rreg(rdev, R5XX_PLL_MCLK_CNTL);
	r5xx_post_channels(rdev, false);
	post->saved = post->memsize && post->spll;
}

/**
 * r5xx_post - post the board again if it lost its post
 * @rdev: device, powered up, PCI state restored
 *
 * See "re-post" above.
 *
 * Return: 0 (posted already, or posted now), or -ENODEV if the board is
 * unposted and probe found nothing to post it with.
 */
int r5xx_post(struct r5xx_device *rdev)
{
	struct r5xx_post *post = &rdev->post;

	if (r5xx_rreg(rdev, R5XX_CONFIG_MEMSIZE))
		return 0;
	if (!post->saved) {
		drm_err(&rdev->drm, "the GPU lost its post and r5xx has no post state to restore\n");
		return -ENODEV;
	}
	drm_info(&rdev->drm, "the GPU lost its post: re-posting it with the registers the video BIOS set (PLL 0x%08x, MC channels 0x%08x, %u MiB)\n",
		 post->spll, post->mem_cntl, post->memsize >> 20);
	r5xx_pll_wreg(rdev, R5XX_PLL_SCLK_CNTL, post->sclk_cntl);
	r5xx_pll_wreg(rdev, R5XX_PLL_MCLK_CNTL, post->mclk_cntl);
	r5xx_pll_wreg(rdev, R5XX_PLL_M_SPLL_REF_FB_DIV, post->spll);
	r5xx_post_channels(rdev, true);
	r5xx_wreg(rdev, R5XX_CONFIG_MEMSIZE, post->memsize);
	rdev->post.count++;
	return 0;
}
