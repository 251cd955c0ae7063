// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/delay.h>
#include <linux/device.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include <drm/drm_print.h>

#include "r5xx_atom_exec.h"
#include "r5xx_atombios.h"
#include "r5xx_combios_post.h"
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
 * At probe, r5xx_post_save() records what the video BIOS left in the
 * registers a post sets (the engine and memory PLL dividers and their
 * clock controls, the memory channel configuration, CONFIG_MEMSIZE), and
 * keeps a copy of the video BIOS. On resume, r5xx_post() does nothing if
 * the board reads posted (CONFIG_MEMSIZE not 0). Else, on an ATOM board,
 * it runs the ROM's ASIC_Init with the default clocks of FirmwareInfo,
 * through r5xx's own bounded interpreter (r5xx_atom_exec.c; MMIO, the PLL
 * space and the chip's MC indirect space); on a COMBIOS board (R3xx/R4xx)
 * it runs the ROM's init tables as radeon_combios_asic_init does, through
 * r5xx_combios_post.c (checked whole before a register is written). If
 * that fails (the reason is logged at debug level, rate-limited), leaves
 * the board unposted or, on a COMBIOS board, sizes the memory other than
 * the video BIOS did at boot, it writes the recorded registers back
 * (&r5xx_post.restores counts those). The MC locations, the GART, the CP
 * and the display are not part of a post: the resume path programs them
 * as at probe.
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

/*
 * keep a copy of the video BIOS: an ATOM one for r5xx_post_atom(), another
 * for r5xx_post_combios() (which finds out whether it is a COMBIOS one)
 */
static void r5xx_post_keep_rom(struct r5xx_device *rdev)
{
	struct r5xx_post *post = &rdev->post;
	size_t len = 0;
	u8 *rom;

	rom = r5xx_bios_fetch_rom(rdev, &len);
	if (rom && r5xx_atom_detect(rom, len)) {
		post->atom_rom = devm_kmemdup(&rdev->pdev->dev, rom, len,
					      GFP_KERNEL);
		post->atom_len = post->atom_rom ? len : 0;
	} else if (rom) {
		post->combios_rom = devm_kmemdup(&rdev->pdev->dev, rom, len,
						 GFP_KERNEL);
		post->combios_len = post->combios_rom ? len : 0;
	}
	kfree(rom);
}

static u32 r5xx_post_rreg_byte(void *priv, u32 reg)
{
	return r5xx_rreg(priv, reg);
}

static void r5xx_post_wreg_byte(void *priv, u32 reg, u32 val)
{
	r5xx_wreg(priv, reg, val);
}

static u32 r5xx_post_rreg(void *priv, u32 index)
{
	return r5xx_rreg(priv, index * 4);
}

static void r5xx_post_wreg(void *priv, u32 index, u32 val)
{
	r5xx_wreg(priv, index * 4, val);
}

static u32 r5xx_post_pll_rreg(void *priv, u32 index)
{
	return r5xx_pll_rreg(priv, index);
}

static void r5xx_post_pll_wreg(void *priv, u32 index, u32 val)
{
	r5xx_pll_wreg(priv, index, val);
}

static u32 r5xx_post_mc_rreg(void *priv, u32 index)
{
	return r5xx_mc_rreg(priv, index);
}

static void r5xx_post_mc_wreg(void *priv, u32 index, u32 val)
{
	r5xx_mc_wreg(priv, index, val);
}

static void r5xx_post_delay(void *priv, unsigned int us)
{
	fsleep(us);
}

/* the ATOM interpreter and the register access it runs with */
struct r5xx_post_atom_ctx {
	struct r5xx_atom_io io;
	struct r5xx_atom_exec ex;
};

/*
 * The interpreter over the kept video BIOS, with MMIO, the PLL space and
 * the chip's MC space if it has one.  Return: the context (kfree() it), or
 * NULL without memory; *ret is r5xx_atom_exec_init()'s answer.
 */
static struct r5xx_post_atom_ctx *
r5xx_post_atom_open(struct r5xx_device *rdev, const char **why, int *ret)
{
	struct r5xx_post_atom_ctx *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c) {
		*ret = -ENOMEM;
		return NULL;
	}
	c->io = (struct r5xx_atom_io) {
		.priv = rdev,
		.rreg = r5xx_post_rreg,
		.wreg = r5xx_post_wreg,
		.pll_rreg = r5xx_post_pll_rreg,
		.pll_wreg = r5xx_post_pll_wreg,
		.delay_us = r5xx_post_delay,
		.mmio_dwords = rdev->mmio_size / 4,
	};
	if (r5xx_mc_has_indirect(rdev)) {
		c->io.mc_rreg = r5xx_post_mc_rreg;
		c->io.mc_wreg = r5xx_post_mc_wreg;
	}
	*ret = r5xx_atom_exec_init(&c->ex, rdev->post.atom_rom,
				   rdev->post.atom_len, &c->io, why);
	return c;
}

/* run the ATOM BIOS's ASIC_Init: 0 or -errno, the reason logged */
static int r5xx_post_atom(struct r5xx_device *rdev)
{
	struct r5xx_post_atom_ctx *c;
	struct r5xx_atom_exec *ex;
	const char *why = NULL;
	int ret;

	c = r5xx_post_atom_open(rdev, &why, &ret);
	if (!c)
		return ret;
	ex = &c->ex;
	if (!ret) {
		ret = r5xx_atom_exec_asic_init(ex);
		why = ex->why;
	}
	if (ret)
		drm_dbg_ratelimited(&rdev->drm,
				    "re-post: the video BIOS's ASIC_Init failed (%d): %s (table %u, offset 0x%zx, %u steps)\n",
				    ret, why ?: "?", ex->fault_table,
				    ex->fault_at == SIZE_MAX ? 0 : ex->fault_at,
				    ex->steps);
	else
		rdev->post.asic_inits++;
	kfree(c);
	return ret;
}

/* run the COMBIOS init tables: 0 or -errno, the reason logged */
static int r5xx_post_combios(struct r5xx_device *rdev)
{
	const struct r5xx_combios_io io = {
		.priv = rdev,
		.rreg = r5xx_post_rreg_byte,
		.wreg = r5xx_post_wreg_byte,
		.pll_rreg = r5xx_post_pll_rreg,
		.pll_wreg = r5xx_post_pll_wreg,
		.delay_us = r5xx_post_delay,
		.mmio_size = rdev->mmio_size,
		.pwrup_complete = R5XX_MEM_STR_CNTL_MEM_PWRUP_COMPLETE,
		.igp = r5xx_mc_is_uma(rdev),
	};
	struct r5xx_post *post = &rdev->post;
	struct r5xx_combios_run run;
	int ret;

	ret = r5xx_combios_post(post->combios_rom, post->combios_len, &io, &run);
	if (ret) {
		drm_dbg_ratelimited(&rdev->drm,
				    "re-post: the video BIOS's init tables failed (%d): %s (table %u, offset 0x%zx)\n",
				    ret, run.why ?: "?", run.table, run.at);
		return ret;
	}
	if (!io.igp && post->saved && run.memsize != post->memsize) {
		drm_dbg_ratelimited(&rdev->drm,
				    "re-post: the video BIOS's tables give %u MiB of memory, the boot %u MiB\n",
				    run.memsize >> 20, post->memsize >> 20);
		return -EINVAL;
	}
	return 0;
}

/**
 * r5xx_post_atom_run - run a command table of the ATOM video BIOS
 * @rdev: device, after r5xx_post_save() kept the ROM
 * @index: ATOM_MASTER_LIST_OF_COMMAND_TABLES index
 * @ps: the parameter space, as radeon passes it
 * @ps_dwords: its size in dwords
 *
 * For the tables other than ASIC_Init (the power states' SetEngineClock
 * and SetMemoryClock), with the same register access and bounds.
 *
 * Return: 0, -ENOENT if the board has no ATOM BIOS or the BIOS no such
 * table, else the interpreter's -errno, the reason logged at debug level.
 */
int r5xx_post_atom_run(struct r5xx_device *rdev, unsigned int index, u32 *ps,
		       unsigned int ps_dwords)
{
	struct r5xx_post_atom_ctx *c;
	struct r5xx_atom_exec *ex;
	const char *why = NULL;
	int ret;

	if (!rdev->post.atom_rom)
		return -ENOENT;
	c = r5xx_post_atom_open(rdev, &why, &ret);
	if (!c)
		return ret;
	ex = &c->ex;
	if (!ret && !r5xx_atom_exec_has(ex, index))
		ret = -ENOENT;
	else if (!ret)
		ret = r5xx_atom_exec_run(ex, index, ps, ps_dwords);
	if (ret && ret != -ENOENT)
		drm_dbg_ratelimited(&rdev->drm,
				    "video BIOS command table %u failed (%d): %s (offset 0x%zx, %u steps)\n",
				    index, ret, ex->why ?: why ?: "?",
				    ex->fault_at == SIZE_MAX ? 0 : ex->fault_at,
				    ex->steps);
	kfree(c);
	return ret;
}

/**
 * r5xx_post_save - record the registers the video BIOS's post set
 * @rdev: device, posted, before the driver changed its clocks or MC
 *
 * Also keeps a copy of the video BIOS, for its ASIC_Init or init tables.
 */
void r5xx_post_save(struct r5xx_device *rdev)
{
	struct r5xx_post *post = &rdev->post;

	r5xx_post_keep_rom(rdev);

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
	if (post->atom_rom && !r5xx_post_atom(rdev) &&
	    r5xx_rreg(rdev, R5XX_CONFIG_MEMSIZE)) {
		drm_info(&rdev->drm, "the GPU lost its post: re-posted it with the video BIOS's ASIC_Init\n");
		post->count++;
		return 0;
	}
	if (post->combios_rom && !r5xx_post_combios(rdev) &&
	    r5xx_rreg(rdev, R5XX_CONFIG_MEMSIZE)) {
		drm_info(&rdev->drm, "the GPU lost its post: re-posted it with the video BIOS's init tables\n");
		post->combios_posts++;
		post->count++;
		return 0;
	}
	if (!post->saved) {
		drm_err(&rdev->drm, "the GPU lost its post and r5xx has no post state to restore\n");
		return -ENODEV;
	}
	drm_info(&rdev->drm, "the GPU lost its post: re-posting it with the registers the video BIOS set (PLL 0x%08x, MC channels 0x%08x, %u MiB)%s\n",
		 post->spll, post->mem_cntl, post->memsize >> 20,
		 post->atom_rom ? ", after the video BIOS's ASIC_Init" :
		 post->combios_rom ? ", after the video BIOS's init tables" : "");
	r5xx_pll_wreg(rdev, R5XX_PLL_SCLK_CNTL, post->sclk_cntl);
	r5xx_pll_wreg(rdev, R5XX_PLL_MCLK_CNTL, post->mclk_cntl);
	r5xx_pll_wreg(rdev, R5XX_PLL_M_SPLL_REF_FB_DIV, post->spll);
	r5xx_post_channels(rdev, true);
	r5xx_wreg(rdev, R5XX_CONFIG_MEMSIZE, post->memsize);
	post->count++;
	post->restores++;
	return 0;
}
