// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/pci.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "r5xx_drv.h"

/**
 * DOC: memory controller
 *
 * The GPU sees one 32-bit MC address space holding VRAM and the GTT range.
 *
 * VRAM size comes from CONFIG_MEMSIZE, which the video BIOS sets when it
 * posts the card. r5xx cannot post a card itself, so a zero CONFIG_MEMSIZE
 * makes probe fail. The CPU reaches VRAM through BAR 0; on RV350 and later
 * the host data path is switched to the second-generation layout
 * (HOST_PATH_CNTL.HDP_APER_CNTL) and the visible part is twice
 * CONFIG_APER_SIZE, clamped to the BAR (r100.c:r100_vram_init_sizes).
 *
 * Placement follows radeon_vram_location and radeon_gtt_location: VRAM
 * starts at the bus address of BAR 0 on R3xx/R4xx and at 0 on R5xx; the GTT
 * range (512 MiB by default) goes into the larger gap before or after VRAM.
 *
 * The RS400/RS480 IGPs have no VRAM of their own: the BIOS sets a block of
 * system memory aside and describes it in the north bridge's NB_TOM (base
 * and top in 64 KiB units). Its size is written to CONFIG_MEMSIZE, and the
 * MC sees it at its physical address, which is where VRAM goes in the MC
 * address space (r100_vram_init_sizes, rs400_mc_init); BAR 0 is only the
 * CPU's window on it. Their GART needs the GTT range aligned to its size.
 * NB_TOM shares its offset with AGP_BASE_2, so on these parts the AGP
 * registers are left alone (the GART code writes the RS480 ones).
 *
 * The RS690/RS740 MC keeps its registers in an index space of its own
 * (RS690_MC_INDEX): the BIOS writes the UMA block's size to CONFIG_MEMSIZE
 * and points MCCFG_FB_LOCATION at the block, whose base r5xx keeps as the
 * VRAM start (rs690_mc_init); r5xx_mc_program() writes MCCFG_FB_LOCATION
 * and HDP_FB_LOCATION (rs690_mc_program). Side-port memory (which the
 * ATOM IntegratedSystemInfo table announces) and the CPU's direct path to
 * the block (fastfb) are not used.
 * The RS600's VRAM is such a block too: CONFIG_MEMSIZE gives its size and
 * the MC's FB_LOCATION, as the BIOS left it, its MC address, a physical
 * one (rs600_mc_init); r5xx_mc_program() writes the same place back, with
 * the AGP aperture off and HDP_FB_LOCATION (rs600_mc_program).
 *
 * Before VRAM moves in the MC address space, r5xx_mc_program() stops the
 * display engine from reading memory, as radeon's mc_stop helpers do. At
 * probe the display is left off: the firmware console was removed and KMS
 * sets its own modes later. When the MC is programmed again after a GPU
 * reset, the AVIVO CRTCs that KMS runs are switched back on, as radeon's
 * rv515_mc_resume does (VRAM stays where it was, so their surface
 * addresses hold); the legacy CRTCs are left blanked until the next mode
 * set.
 */

#define R5XX_MC_MASK		0xffffffffULL
#define R5XX_GTT_SIZE_DEFAULT	SZ_512M

static void r5xx_mc_vram_width(struct r5xx_device *rdev)
{
	struct r5xx_mc *mc = &rdev->mc;
	u32 tmp;

	switch (rdev->info->mc) {
	case R5XX_MC_RV515:
		tmp = r5xx_mc_rreg(rdev, R5XX_RV515_MC_CNTL);
		tmp = FIELD_GET(R5XX_RV515_MC_CNTL_MEM_NUM_CHANNELS, tmp);
		mc->vram_width = tmp == 0 ? 64 : 128;
		break;
	case R5XX_MC_RS600:
		mc->vram_width = 128;	/* rs600_mc_init: always */
		break;
	case R5XX_MC_R520:
		tmp = r5xx_mc_rreg(rdev, R5XX_R520_MC_CNTL0);
		mc->vram_width = 32 << FIELD_GET(R5XX_R520_MC_CNTL0_MEM_NUM_CHANNELS,
						 tmp);
		if (tmp & R5XX_R520_MC_CNTL0_CHANNEL_SIZE)
			mc->vram_width *= 2;
		break;
	default:
		tmp = r5xx_rreg(rdev, R5XX_MEM_CNTL);
		switch (FIELD_GET(R5XX_MEM_CNTL_MEM_NUM_CHANNELS, tmp)) {
		case 0:
			mc->vram_width = 64;
			break;
		case 2:
			mc->vram_width = 256;
			break;
		default:
			mc->vram_width = 128;
			break;
		}
		break;
	}
}

/* the GTT range goes into the larger gap, aligned to its size if need be */
static void r5xx_mc_gtt_location(struct r5xx_device *rdev)
{
	struct r5xx_mc *mc = &rdev->mc;
	u64 align = 0, size_after, size_before;

	mc->gtt_size = R5XX_GTT_SIZE_DEFAULT;
	if (rdev->gart.funcs->gtt_size_aligned)
		align = mc->gtt_size - 1;
	size_after = (R5XX_MC_MASK - mc->vram_end + align) & ~align;
	size_before = mc->vram_start & ~align;
	if (size_before > size_after) {
		if (mc->gtt_size > size_before)
			mc->gtt_size = rounddown_pow_of_two(size_before);
		mc->gtt_start = (mc->vram_start & ~align) - mc->gtt_size;
	} else {
		if (mc->gtt_size > size_after)
			mc->gtt_size = rounddown_pow_of_two(size_after);
		mc->gtt_start = (mc->vram_end + 1 + align) & ~align;
	}
	mc->gtt_end = mc->gtt_start + mc->gtt_size - 1;
}

/* RS400/RS480: VRAM is the UMA block NB_TOM describes (r100_vram_init_sizes) */
static void r5xx_mc_uma_size(struct r5xx_device *rdev)
{
	struct r5xx_mc *mc = &rdev->mc;
	u32 tom = r5xx_rreg(rdev, R5XX_NB_TOM);
	u32 base = FIELD_GET(R5XX_NB_TOM_NB_TOM_BASE, tom);
	u32 top = FIELD_GET(R5XX_NB_TOM_NB_TOM_TOP, tom);

	if (top < base) {
		mc->real_vram_size = 0;
		return;
	}
	mc->real_vram_size = (u64)(top - base + 1) << 16;
	mc->uma_base = (u64)base << 16;
	r5xx_wreg(rdev, R5XX_CONFIG_MEMSIZE, mc->real_vram_size);
}

/* RS690/RS740: the UMA block starts where the BIOS set MCCFG_FB_LOCATION */
static void r5xx_mc_rs690_uma(struct r5xx_device *rdev)
{
	struct r5xx_mc *mc = &rdev->mc;
	u32 fb = r5xx_mc_rreg(rdev, R5XX_RS690_MCCFG_FB_LOCATION);

	mc->real_vram_size = r5xx_rreg(rdev, R5XX_CONFIG_MEMSIZE);
	mc->uma_base = (u64)FIELD_GET(R5XX_RS690_MCCFG_FB_LOCATION_MC_FB_START,
				      fb) << 16;
}

/* RS600: the UMA block is where the BIOS left the MC's FB location */
static void r5xx_mc_rs600_uma(struct r5xx_device *rdev)
{
	struct r5xx_mc *mc = &rdev->mc;
	u32 loc = r5xx_mc_rreg(rdev, R5XX_RS600_MC_FB_LOCATION);

	mc->real_vram_size = r5xx_rreg(rdev, R5XX_CONFIG_MEMSIZE);
	mc->uma_base =
		(u64)FIELD_GET(R5XX_RS600_MC_FB_LOCATION_FB_START, loc) << 16;
}

/* discrete boards: the BIOS wrote the VRAM size to CONFIG_MEMSIZE */
static void r5xx_mc_memsize(struct r5xx_device *rdev)
{
	rdev->mc.real_vram_size = r5xx_rreg(rdev, R5XX_CONFIG_MEMSIZE);
}

/**
 * struct r5xx_mc_sizing - how an MC kind sizes and places VRAM
 * @vram_size: reads the VRAM size (and an IGP's UMA base) the BIOS left
 * @uma: VRAM is a UMA block of system memory, placed at its physical
 *	address (mc.uma_base) in the MC space
 * @vram_at_zero: VRAM sits at MC address 0 (the R5xx MCs); else, if not
 *	UMA, at the BAR's bus address as the older MCs see it
 */
struct r5xx_mc_sizing {
	void (*vram_size)(struct r5xx_device *rdev);
	bool uma;
	bool vram_at_zero;
};

static const struct r5xx_mc_sizing r5xx_mc_sizings[] = {
	[R5XX_MC_R300] = { .vram_size = r5xx_mc_memsize },
	[R5XX_MC_R420] = { .vram_size = r5xx_mc_memsize },
	[R5XX_MC_RS400] = { .vram_size = r5xx_mc_uma_size, .uma = true },
	[R5XX_MC_RV515] = { .vram_size = r5xx_mc_memsize, .vram_at_zero = true },
	[R5XX_MC_R520] = { .vram_size = r5xx_mc_memsize, .vram_at_zero = true },
	[R5XX_MC_RS600] = { .vram_size = r5xx_mc_rs600_uma, .uma = true },
	[R5XX_MC_RS690] = { .vram_size = r5xx_mc_rs690_uma, .uma = true },
};

/**
 * r5xx_mc_is_uma - whether VRAM is a UMA block the system BIOS set aside
 * @rdev: device
 *
 * Return: true on the IGPs, whose memory a video BIOS post does not size.
 */
bool r5xx_mc_is_uma(struct r5xx_device *rdev)
{
	return rdev->info->mc < ARRAY_SIZE(r5xx_mc_sizings) &&
	       r5xx_mc_sizings[rdev->info->mc].uma;
}

/**
 * r5xx_mc_init - size VRAM and place VRAM and GTT in the MC address space
 * @rdev: device
 *
 * Apart from switching the host data path to its second-generation
 * layout, this only reads the configuration; r5xx_mc_program() writes it.
 *
 * Return: 0, or -ENODEV if the card is not posted or does not fit.
 */
int r5xx_mc_init(struct r5xx_device *rdev)
{
	const struct r5xx_mc_sizing *sizing;
	struct r5xx_mc *mc = &rdev->mc;
	struct pci_dev *pdev = rdev->pdev;
	u64 aper_cfg;

	r5xx_mc_vram_width(rdev);

	mc->aper_base = pci_resource_start(pdev, 0);
	mc->aper_size = pci_resource_len(pdev, 0);
	aper_cfg = r5xx_rreg(rdev, R5XX_CONFIG_APER_SIZE);

	/* Second-generation host data path: both apertures are usable */
	r5xx_wreg_mask(rdev, R5XX_HOST_PATH_CNTL,
		       R5XX_HOST_PATH_CNTL_HDP_APER_CNTL,
		       R5XX_HOST_PATH_CNTL_HDP_APER_CNTL);
	mc->visible_vram_size = min_t(u64, aper_cfg * 2, mc->aper_size);

	if (WARN_ON(rdev->info->mc >= ARRAY_SIZE(r5xx_mc_sizings)))
		return -ENODEV;
	sizing = &r5xx_mc_sizings[rdev->info->mc];
	sizing->vram_size(rdev);
	if (!mc->real_vram_size) {
		drm_err(&rdev->drm,
			"GPU not posted (CONFIG_MEMSIZE is 0); r5xx cannot post it without a video BIOS\n");
		return -ENODEV;
	}
	if (sizing->uma)
		mc->mc_vram_size = mc->real_vram_size;
	else
		mc->mc_vram_size = max3(aper_cfg, (u64)mc->aper_size,
					mc->real_vram_size);
	if (mc->visible_vram_size > mc->real_vram_size)
		mc->visible_vram_size = mc->real_vram_size;
	/* the test parameter: a board whose aperture shows less than VRAM */
	if (rdev->config.vis_vram_limit &&
	    rdev->config.vis_vram_limit < mc->visible_vram_size)
		mc->visible_vram_size = rdev->config.vis_vram_limit;

	if (sizing->uma)
		mc->vram_start = mc->uma_base;
	else if (sizing->vram_at_zero)
		mc->vram_start = 0;
	else
		mc->vram_start = mc->aper_base;
	if (mc->mc_vram_size > R5XX_MC_MASK - mc->vram_start + 1) {
		drm_warn(&rdev->drm, "limiting VRAM to the PCI aperture size\n");
		mc->real_vram_size = mc->aper_size;
		mc->mc_vram_size = mc->aper_size;
	}
	mc->vram_end = mc->vram_start + mc->mc_vram_size - 1;
	if (mc->vram_end > R5XX_MC_MASK) {
		drm_err(&rdev->drm,
			"VRAM aperture at %pa is outside the 32-bit MC space\n",
			&mc->aper_base);
		return -ENODEV;
	}
	r5xx_mc_gtt_location(rdev);
	if (mc->gtt_size < SZ_32M) {
		drm_err(&rdev->drm, "no room for a GTT range in the MC space\n");
		return -ENODEV;
	}

	drm_dbg_driver(&rdev->drm,
		       "VRAM %llu MiB at 0x%08llx-0x%08llx (%llu MiB visible), %u-bit\n",
		       mc->real_vram_size >> 20, mc->vram_start, mc->vram_end,
		       mc->visible_vram_size >> 20, mc->vram_width);
	drm_dbg_driver(&rdev->drm, "GTT %llu MiB at 0x%08llx-0x%08llx\n",
		       mc->gtt_size >> 20, mc->gtt_start, mc->gtt_end);
	return 0;
}

static const struct {
	u32 control;
	u32 lock;
} r5xx_mc_avivo_crtc[] = {
	{ R5XX_D1CRTC_CONTROL, R5XX_D1CRTC_UPDATE_LOCK },
	{ R5XX_D2CRTC_CONTROL, R5XX_D2CRTC_UPDATE_LOCK },
};

/* D1CRTC_EN and D2CRTC_EN, like the read-request bits, are bits 0/24 */
#define R5XX_MC_AVIVO_CRTC_ON	R5XX_D1CRTC_CONTROL_D1CRTC_EN
#define R5XX_MC_AVIVO_CRTC_NO_READ \
	R5XX_D1CRTC_CONTROL_D1CRTC_DISP_READ_REQUEST_DISABLE

/* stop the display reading memory; returns the AVIVO CRTCs it stopped */
static u32 r5xx_mc_stop_display(struct r5xx_device *rdev)
{
	unsigned int i;
	u32 tmp, stopped = 0;

	if (!r5xx_is_avivo(rdev)) {
		r5xx_wreg_mask(rdev, R5XX_CRTC_EXT_CNTL,
			       R5XX_CRTC_EXT_CNTL_CRTC_DISPLAY_DIS,
			       R5XX_CRTC_EXT_CNTL_CRTC_DISPLAY_DIS);
		r5xx_wreg_mask(rdev, R5XX_CRTC_GEN_CNTL,
			       R5XX_CRTC_GEN_CNTL_DISP_REQ_EN_B,
			       R5XX_CRTC_GEN_CNTL_DISP_REQ_EN_B);
		tmp = R5XX_CRTC2_GEN_CNTL_CRTC2_DISP_REQ_EN_B |
		      R5XX_CRTC2_GEN_CNTL_CRTC2_DISPLAY_DIS;
		r5xx_wreg_mask(rdev, R5XX_CRTC2_GEN_CNTL, tmp, tmp);
		return 0;
	}

	r5xx_wreg_mask(rdev, R5XX_VGA_RENDER_CONTROL, 0,
		       R5XX_VGA_RENDER_CONTROL_VGA_VSTATUS_CNTL);
	for (i = 0; i < ARRAY_SIZE(r5xx_mc_avivo_crtc); i++) {
		tmp = r5xx_rreg(rdev, r5xx_mc_avivo_crtc[i].control);
		if (!(tmp & R5XX_MC_AVIVO_CRTC_ON))
			continue;
		r5xx_wreg(rdev, r5xx_mc_avivo_crtc[i].lock, 1);
		tmp |= R5XX_MC_AVIVO_CRTC_NO_READ;
		tmp &= ~R5XX_MC_AVIVO_CRTC_ON;
		r5xx_wreg(rdev, r5xx_mc_avivo_crtc[i].control, tmp);
		r5xx_wreg(rdev, r5xx_mc_avivo_crtc[i].lock, 0);
		stopped |= BIT(i);
	}
	return stopped;
}

/*
 * Once the MC is programmed again (after a GPU reset), the AVIVO CRTCs
 * that KMS runs scan out again: their vblanks are what commits wait for.
 */
static void r5xx_mc_resume_display(struct r5xx_device *rdev, u32 stopped)
{
	unsigned int i;

	if (!rdev->display.enabled)
		return;
	for (i = 0; i < ARRAY_SIZE(r5xx_mc_avivo_crtc); i++) {
		if (!(stopped & BIT(i)))
			continue;
		r5xx_wreg(rdev, r5xx_mc_avivo_crtc[i].lock, 1);
		r5xx_wreg_mask(rdev, r5xx_mc_avivo_crtc[i].control,
			       R5XX_MC_AVIVO_CRTC_ON,
			       R5XX_MC_AVIVO_CRTC_ON | R5XX_MC_AVIVO_CRTC_NO_READ);
		r5xx_wreg(rdev, r5xx_mc_avivo_crtc[i].lock, 0);
	}
}

/*
 * The AVIVO memory controllers program the same registers, at different
 * offsets of their indirect space (rv515_mc_program, r520_mc_program).
 */
struct r5xx_mc_avivo_regs {
	u32 fb_location;
	u32 agp_location;
	u32 agp_base;
	u32 agp_base_2;
};

static const struct r5xx_mc_avivo_regs r5xx_mc_avivo[] = {
	[R5XX_MC_RV515] = {
		.fb_location = R5XX_RV515_MC_FB_LOCATION,
		.agp_location = R5XX_RV515_MC_AGP_LOCATION,
		.agp_base = R5XX_RV515_MC_AGP_BASE,
		.agp_base_2 = R5XX_RV515_MC_AGP_BASE_2,
	},
	[R5XX_MC_R520] = {
		.fb_location = R5XX_R520_MC_FB_LOCATION,
		.agp_location = R5XX_R520_MC_AGP_LOCATION,
		.agp_base = R5XX_R520_MC_AGP_BASE,
		.agp_base_2 = R5XX_R520_MC_AGP_BASE_2,
	},
};

/**
 * r5xx_mc_program - write the VRAM and AGP locations into the MC
 * @rdev: device
 *
 * Stops the display, waits for the MC to go idle, then programs
 * MC_FB_LOCATION (r300_mc_program; rv515_mc_program and r520_mc_program
 * through the MC indirect space, plus HDP_FB_LOCATION and CONFIG_MEMSIZE).
 * The AGP aperture is disabled: the GTT goes through the PCIE GART. AVIVO
 * CRTCs that KMS was running are switched back on afterwards.
 */
void r5xx_mc_program(struct r5xx_device *rdev)
{
	struct r5xx_mc *mc = &rdev->mc;
	u32 fb, stopped;

	stopped = r5xx_mc_stop_display(rdev);
	if (r5xx_wait_mc_idle(rdev))
		drm_warn(&rdev->drm, "MC not idle before programming it\n");

	/* all the FB_LOCATION registers share the 16/16 layout */
	fb = FIELD_PREP(R5XX_MC_FB_LOCATION_MC_FB_START, mc->vram_start >> 16) |
	     FIELD_PREP(R5XX_MC_FB_LOCATION_MC_FB_TOP, mc->vram_end >> 16);

	switch (rdev->info->mc) {
	case R5XX_MC_RV515:
	case R5XX_MC_R520: {
		const struct r5xx_mc_avivo_regs *regs = &r5xx_mc_avivo[rdev->info->mc];

		r5xx_wreg(rdev, R5XX_CONFIG_MEMSIZE, mc->real_vram_size);
		r5xx_mc_wreg(rdev, regs->fb_location, fb);
		r5xx_wreg(rdev, R5XX_HDP_FB_LOCATION,
			  FIELD_PREP(R5XX_HDP_FB_LOCATION_HDP_FB_START,
				     mc->vram_start >> 16));
		r5xx_mc_wreg(rdev, regs->agp_location, 0xffffffff);
		r5xx_mc_wreg(rdev, regs->agp_base, 0);
		r5xx_mc_wreg(rdev, regs->agp_base_2, 0);
		break;
	}
	case R5XX_MC_RS400:
		/* 0x15c is NB_TOM here; the GART programs the AGP aperture */
		r5xx_wreg(rdev, R5XX_MC_FB_LOCATION, fb);
		break;
	case R5XX_MC_RS690:
		/* rs690_mc_program; the GART programs the AGP aperture */
		r5xx_mc_wreg(rdev, R5XX_RS690_MCCFG_FB_LOCATION, fb);
		r5xx_wreg(rdev, R5XX_HDP_FB_LOCATION,
			  FIELD_PREP(R5XX_HDP_FB_LOCATION_HDP_FB_START,
				     mc->vram_start >> 16));
		break;
	case R5XX_MC_RS600:
		/* rs600_mc_program: AGP off, then the FB location */
		r5xx_mc_wreg(rdev, R5XX_RS600_MC_AGP_LOCATION, 0x0fffffff);
		r5xx_mc_wreg(rdev, R5XX_RS600_MC_AGP_BASE, 0);
		r5xx_mc_wreg(rdev, R5XX_RS600_MC_AGP_BASE_2, 0);
		r5xx_mc_wreg(rdev, R5XX_RS600_MC_FB_LOCATION, fb);
		r5xx_wreg(rdev, R5XX_HDP_FB_LOCATION,
			  FIELD_PREP(R5XX_HDP_FB_LOCATION_HDP_FB_START,
				     mc->vram_start >> 16));
		break;
	default:
		/* AGP off: an empty aperture (start above top) */
		r5xx_wreg(rdev, R5XX_MC_AGP_LOCATION, 0x0fffffff);
		r5xx_wreg(rdev, R5XX_AGP_BASE, 0);
		r5xx_wreg(rdev, R5XX_AGP_BASE_2, 0);
		r5xx_wreg(rdev, R5XX_MC_FB_LOCATION, fb);
		break;
	}

	if (r5xx_wait_mc_idle(rdev))
		drm_warn(&rdev->drm, "MC not idle after programming it\n");
	r5xx_mc_resume_display(rdev, stopped);
}
