// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/jiffies.h>
#include <linux/pci.h>
#include <linux/seq_file.h>
#include <linux/power_supply.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include <drm/drm_modeset_lock.h>
#include <drm/drm_print.h>

#include "r5xx_atombios.h"
#include "r5xx_combios.h"
#include "r5xx_drv.h"
#include "r5xx_regs.h"

/**
 * DOC: power states
 *
 * The video BIOS lists engine/memory clock states, lowest first: ATOM
 * boards in PowerPlayInfo (the pre-PPLib formats R5xx boards carry,
 * r5xx_atom_power_states()), Mobility COMBIOS boards one low state in
 * their PowerPlay table (r5xx_combios_power_state()), to which the
 * default state (the clocks the BIOS posted with) is added.  A board
 * without a table, or with a malformed one (logged at debug level), has
 * the default state only, and then, as radeon, no power sysfs files.
 *
 * The PCI device gets radeon's two sysfs files, with radeon's strings,
 * permissions (0644) and errors (-EINVAL for anything else):
 *
 * - ``power_method``: ``profile`` (the default) or ``dynpm``;
 * - ``power_profile``: ``default``, ``auto``, ``low``, ``mid`` or
 *   ``high``, writable in the profile method only.  Each picks a state by
 *   the number of lit CRTCs, as radeon's profile tables do
 *   (r100_pm_init_profile, r420_pm_init_profile: %R5XX_QUIRK_PM_MID_STATE1):
 *   with one CRTC at most, ``low`` is state 0, ``mid`` state 0 or 1,
 *   ``high`` and ``default`` the default state; with two, all are the
 *   default; ``auto`` is ``high`` on mains power and ``mid`` otherwise.
 *
 * ``dynpm`` lowers the engine clock while the GPU idles: every 100 ms the
 * idle work counts the unsignalled fences; none for 200 ms steps a state
 * down, three or more steps one up, and with no CRTC lit the lowest state
 * is taken, with two or more the default (radeon_dynpm_idle_work_handler,
 * r100_pm_get_dynpm_state).  A state marked not for a lit display is
 * skipped while one is lit.
 *
 * Clocks never exceed the default state's.  They change only while every
 * fence emitted has signalled (the profile method waits up to the lockup
 * timeout for that, dynpm tries again at its next tick): on ATOM boards
 * through the BIOS's SetEngineClock and SetMemoryClock command tables
 * (r5xx_post_atom_run()), on the others the engine PLL directly, with
 * radeon_legacy_set_engine_clock's sequence (the memory clock stays).
 * After a resume the board runs at the default state again (the re-post)
 * and the chosen state is programmed anew.  Voltages (GPIO or VDDC ids in
 * the tables) and PCIe lane counts are not changed.
 */

#define R5XX_PM_IDLE_LOOP_MS	100	/* RADEON_IDLE_LOOP_MS */
#define R5XX_PM_RECLOCK_MS	200	/* RADEON_RECLOCK_DELAY_MS */
#define R5XX_PM_BUSY_FENCES	3
#define R5XX_PM_IDLE_POLL_US	1000

/* ATOM_MASTER_LIST_OF_COMMAND_TABLES indices */
#define ATOM_SET_ENGINE_CLOCK	10
#define ATOM_SET_MEMORY_CLOCK	11

/* radeon_legacy_set_engine_clock's delays, in us */
#define SPLL_SETTLE_US		10
#define SPLL_SLEEP_US		2
#define SPLL_LOCK_US		200
#define SCLK_SWITCH_US		20
#define SPLL_PVG_HIGH		7
#define SPLL_PVG_LOW		4
#define SPLL_PVG_VCO_10KHZ	90000

enum r5xx_pm_profile_idx {
	R5XX_PM_PROFILE_DEFAULT_IDX,
	R5XX_PM_PROFILE_LOW_SH_IDX,
	R5XX_PM_PROFILE_MID_SH_IDX,
	R5XX_PM_PROFILE_HIGH_SH_IDX,
	R5XX_PM_PROFILE_LOW_MH_IDX,
	R5XX_PM_PROFILE_MID_MH_IDX,
	R5XX_PM_PROFILE_HIGH_MH_IDX,
};

static const char *const r5xx_pm_profile_names[] = {
	[R5XX_PM_PROFILE_DEFAULT] = "default",
	[R5XX_PM_PROFILE_AUTO] = "auto",
	[R5XX_PM_PROFILE_LOW] = "low",
	[R5XX_PM_PROFILE_MID] = "mid",
	[R5XX_PM_PROFILE_HIGH] = "high",
};

/* a clock the engine or memory PLL runs at: feedback divider, post select */
static u32 r5xx_pm_legacy_khz(struct r5xx_device *rdev, u32 fb, u32 sel)
{
	u32 ref = FIELD_GET(R5XX_PLL_M_SPLL_REF_FB_DIV_M_SPLL_REF_DIV,
			    r5xx_pll_rreg(rdev, R5XX_PLL_M_SPLL_REF_FB_DIV));
	u32 khz;

	if (!ref)
		return 0;
	khz = 2 * fb * (rdev->display.pll.ref_khz ?: 27000) / ref;
	return sel >= 2 && sel <= 4 ? khz >> (sel - 1) : khz;
}

/* the states of the video BIOS, and the default one after them */
static void r5xx_pm_clocks_parse(struct r5xx_device *rdev)
{
	struct r5xx_pm_clocks *pc = &rdev->clocks;
	struct r5xx_pm_table *pt = &pc->table;
	const char *why = "no video BIOS";
	struct r5xx_pm_state low;
	size_t len = 0;
	u32 div, fb, sel;
	u8 *rom;
	int ret = -ENOENT;

	div = r5xx_pll_rreg(rdev, R5XX_PLL_M_SPLL_REF_FB_DIV);
	fb = FIELD_GET(R5XX_PLL_M_SPLL_REF_FB_DIV_SPLL_FB_DIV, div);
	sel = FIELD_GET(R5XX_PLL_SCLK_CNTL_SCLK_SRC_SEL,
			r5xx_pll_rreg(rdev, R5XX_PLL_SCLK_CNTL));
	pc->default_sclk_khz = rdev->display.sclk_khz ?:
			       r5xx_pm_legacy_khz(rdev, fb, sel);
	fb = FIELD_GET(R5XX_PLL_M_SPLL_REF_FB_DIV_MPLL_FB_DIV, div);
	sel = FIELD_GET(R5XX_PLL_MCLK_CNTL_MCLK_SRC_SEL,
			r5xx_pll_rreg(rdev, R5XX_PLL_MCLK_CNTL));
	pc->default_mclk_khz = rdev->display.mclk_khz ?:
			       r5xx_pm_legacy_khz(rdev, fb, sel);
	memset(pt, 0, sizeof(*pt));
	pt->default_idx = -1;

	rom = r5xx_bios_fetch_rom(rdev, &len);
	if (rom && r5xx_atom_detect(rom, len)) {
		ret = r5xx_atom_power_states(rom, len, pt, &why);
	} else if (rom && (rdev->pci_flags & R5XX_ID_MOBILITY)) {
		why = "no Mobility PowerPlay table";
		ret = r5xx_combios_power_state(rom, len, &low);
		if (!ret) {
			pt->state[0] = low;
			pt->num = 1;
		} else if (ret == -EINVAL) {
			why = "Mobility PowerPlay table malformed";
		}
	}
	kfree(rom);
	if (ret < 0)
		drm_dbg_driver(&rdev->drm, "power states: %s (%d), the default state only\n",
			       why, ret);

	if (pt->default_idx < 0) {
		/* none marked default: the BIOS's clocks are, after the others */
		if (pt->num == R5XX_PM_MAX_STATES)
			pt->num--;
		pt->default_idx = pt->num;
		pt->state[pt->num++] = (struct r5xx_pm_state){
			.sclk_khz = pc->default_sclk_khz,
			.mclk_khz = pc->default_mclk_khz,
			.type = R5XX_PM_STATE_DEFAULT,
		};
	}
	pc->cur_idx = pt->default_idx;
	pc->cur_sclk_khz = pc->default_sclk_khz;
	pc->cur_mclk_khz = pc->default_mclk_khz;
}

/* engine clock through the engine PLL (radeon_legacy_set_engine_clock) */
static void r5xx_pm_legacy_set_sclk(struct r5xx_device *rdev, u32 khz)
{
	u32 ref10 = (rdev->display.pll.ref_khz ?: 27000) / 10;
	u32 clk = khz / 10, post = 1, sel = 1, fb, tmp, ref;

	ref = FIELD_GET(R5XX_PLL_M_SPLL_REF_FB_DIV_M_SPLL_REF_DIV,
			r5xx_pll_rreg(rdev, R5XX_PLL_M_SPLL_REF_FB_DIV));
	if (clk < 15000) {
		post = 8;
		sel = 4;
	} else if (clk < 30000) {
		post = 4;
		sel = 3;
	} else if (clk < 60000) {
		post = 2;
		sel = 2;
	}
	fb = ((clk * post * ref + ref10) / (2 * ref10)) & 0xff;

	tmp = r5xx_pll_rreg(rdev, R5XX_PLL_CLK_PIN_CNTL);
	r5xx_pll_wreg(rdev, R5XX_PLL_CLK_PIN_CNTL,
		      tmp & ~R5XX_PLL_CLK_PIN_CNTL_DONT_USE_XTALIN);
	tmp = r5xx_pll_rreg(rdev, R5XX_PLL_SCLK_CNTL);
	r5xx_pll_wreg(rdev, R5XX_PLL_SCLK_CNTL,
		      tmp & ~R5XX_PLL_SCLK_CNTL_SCLK_SRC_SEL);
	udelay(SPLL_SETTLE_US);
	tmp = r5xx_pll_rreg(rdev, R5XX_PLL_SPLL_CNTL);
	r5xx_pll_wreg(rdev, R5XX_PLL_SPLL_CNTL, tmp | R5XX_PLL_SPLL_CNTL_SPLL_SLEEP);
	udelay(SPLL_SLEEP_US);
	tmp = r5xx_pll_rreg(rdev, R5XX_PLL_SPLL_CNTL);
	r5xx_pll_wreg(rdev, R5XX_PLL_SPLL_CNTL, tmp | R5XX_PLL_SPLL_CNTL_SPLL_RESET);
	fsleep(SPLL_LOCK_US);
	tmp = r5xx_pll_rreg(rdev, R5XX_PLL_M_SPLL_REF_FB_DIV);
	tmp &= ~R5XX_PLL_M_SPLL_REF_FB_DIV_SPLL_FB_DIV;
	tmp |= FIELD_PREP(R5XX_PLL_M_SPLL_REF_FB_DIV_SPLL_FB_DIV, fb);
	r5xx_pll_wreg(rdev, R5XX_PLL_M_SPLL_REF_FB_DIV, tmp);
	tmp = r5xx_pll_rreg(rdev, R5XX_PLL_SPLL_CNTL);
	tmp &= ~R5XX_PLL_SPLL_CNTL_SPLL_PVG;
	tmp |= FIELD_PREP(R5XX_PLL_SPLL_CNTL_SPLL_PVG,
			  clk * post >= SPLL_PVG_VCO_10KHZ ? SPLL_PVG_HIGH :
							     SPLL_PVG_LOW);
	r5xx_pll_wreg(rdev, R5XX_PLL_SPLL_CNTL, tmp);
	tmp = r5xx_pll_rreg(rdev, R5XX_PLL_SPLL_CNTL);
	r5xx_pll_wreg(rdev, R5XX_PLL_SPLL_CNTL, tmp & ~R5XX_PLL_SPLL_CNTL_SPLL_SLEEP);
	udelay(SPLL_SLEEP_US);
	tmp = r5xx_pll_rreg(rdev, R5XX_PLL_SPLL_CNTL);
	r5xx_pll_wreg(rdev, R5XX_PLL_SPLL_CNTL, tmp & ~R5XX_PLL_SPLL_CNTL_SPLL_RESET);
	fsleep(SPLL_LOCK_US);
	tmp = r5xx_pll_rreg(rdev, R5XX_PLL_SCLK_CNTL);
	tmp &= ~R5XX_PLL_SCLK_CNTL_SCLK_SRC_SEL;
	r5xx_pll_wreg(rdev, R5XX_PLL_SCLK_CNTL,
		      tmp | FIELD_PREP(R5XX_PLL_SCLK_CNTL_SCLK_SRC_SEL, sel));
	udelay(SCLK_SWITCH_US);
	tmp = r5xx_pll_rreg(rdev, R5XX_PLL_CLK_PIN_CNTL);
	r5xx_pll_wreg(rdev, R5XX_PLL_CLK_PIN_CNTL,
		      tmp | R5XX_PLL_CLK_PIN_CNTL_DONT_USE_XTALIN);
	udelay(SPLL_SETTLE_US);
}

/* the GPU is idle: every fence emitted has signalled */
static bool r5xx_pm_gpu_idle(struct r5xx_device *rdev)
{
	r5xx_fence_process(rdev, false);
	return r5xx_fence_signalled_seq(rdev) >=
	       (u64)atomic64_read(&rdev->fence.emitted_seq);
}

static unsigned int r5xx_pm_busy_fences(struct r5xx_device *rdev)
{
	u64 emitted = atomic64_read(&rdev->fence.emitted_seq);
	u64 done;

	r5xx_fence_process(rdev, false);
	done = r5xx_fence_signalled_seq(rdev);
	return emitted > done ? min_t(u64, emitted - done, UINT_MAX) : 0;
}

/*
 * Program state @idx (radeon_set_power_state): clocks capped at the
 * default state's, each changed only if it differs.  The caller holds
 * &r5xx_pm_clocks.lock.  Return: 0, -EBUSY if the GPU is not idle.
 */
static int r5xx_pm_set_state(struct r5xx_device *rdev, int idx, bool wait)
{
	struct r5xx_pm_clocks *pc = &rdev->clocks;
	const struct r5xx_pm_state *st = &pc->table.state[idx];
	u32 sclk = min(st->sclk_khz, pc->default_sclk_khz);
	u32 mclk = min(st->mclk_khz, pc->default_mclk_khz);
	unsigned long end = jiffies +
			    msecs_to_jiffies(rdev->config.lockup_timeout_ms);
	u32 ps[4];
	int ret;

	if (idx == pc->cur_idx)
		return 0;
	while (!r5xx_pm_gpu_idle(rdev)) {
		if (!wait || time_after(jiffies, end)) {
			drm_dbg_driver(&rdev->drm, "power state %d: the GPU is not idle\n",
				       idx);
			return -EBUSY;
		}
		usleep_range(R5XX_PM_IDLE_POLL_US, 2 * R5XX_PM_IDLE_POLL_US);
	}
	mutex_lock(&rdev->reset_lock);
	if (sclk != pc->cur_sclk_khz) {
		memset(ps, 0, sizeof(ps));
		ps[0] = sclk / 10;
		ret = pc->atom ? r5xx_post_atom_run(rdev, ATOM_SET_ENGINE_CLOCK,
						    ps, ARRAY_SIZE(ps)) : 0;
		if (!pc->atom)
			r5xx_pm_legacy_set_sclk(rdev, sclk);
		if (!ret)
			pc->cur_sclk_khz = sclk;
	}
	if (pc->atom && mclk != pc->cur_mclk_khz) {
		memset(ps, 0, sizeof(ps));
		ps[0] = mclk / 10;
		if (!r5xx_post_atom_run(rdev, ATOM_SET_MEMORY_CLOCK, ps,
					ARRAY_SIZE(ps)))
			pc->cur_mclk_khz = mclk;
	}
	mutex_unlock(&rdev->reset_lock);
	pc->cur_idx = idx;
	pc->changes++;
	drm_dbg_driver(&rdev->drm, "power state %d: engine %u kHz, memory %u kHz\n",
		       idx, pc->cur_sclk_khz, pc->cur_mclk_khz);
	return 0;
}

/* CRTCs scanning out */
static unsigned int r5xx_pm_active_crtcs(struct r5xx_device *rdev)
{
	struct drm_device *drm = &rdev->drm;
	struct drm_crtc *crtc;
	unsigned int n = 0;

	if (!rdev->display.enabled)
		return 0;
	drm_modeset_lock_all(drm);
	drm_for_each_crtc(crtc, drm)
		if (crtc->state && crtc->state->active)
			n++;
	drm_modeset_unlock_all(drm);
	return n;
}

/* the state profile @profile picks (radeon_pm_update_profile, *_init_profile) */
static int r5xx_pm_profile_state(struct r5xx_device *rdev,
				 enum r5xx_pm_profile profile,
				 unsigned int crtcs)
{
	struct r5xx_pm_clocks *pc = &rdev->clocks;
	int def = pc->table.default_idx;
	bool mh = crtcs > 1;

	/* radeon's dpms_off states: the lowest, but for the default profile */
	if (!crtcs && profile != R5XX_PM_PROFILE_DEFAULT)
		return 0;
	if (profile == R5XX_PM_PROFILE_AUTO)
		profile = power_supply_is_system_supplied() > 0 ?
			  R5XX_PM_PROFILE_HIGH : R5XX_PM_PROFILE_MID;
	switch (profile) {
	case R5XX_PM_PROFILE_LOW:
		return mh ? def : 0;
	case R5XX_PM_PROFILE_MID:
		if (mh)
			return def;
		return r5xx_has_quirk(rdev, R5XX_QUIRK_PM_MID_STATE1) &&
		       pc->table.num > 1 ? 1 : 0;
	default:
		return def;
	}
}

/* dynpm: the state a planned action leads to (r100_pm_get_dynpm_state) */
static int r5xx_pm_dynpm_state(struct r5xx_device *rdev,
			       enum r5xx_dynpm_action action,
			       unsigned int crtcs)
{
	struct r5xx_pm_clocks *pc = &rdev->clocks;
	int cur = pc->cur_idx, n = pc->table.num, i, req = cur;

	pc->dynpm_can_up = true;
	pc->dynpm_can_down = true;
	switch (action) {
	case R5XX_DYNPM_ACTION_MINIMUM:
		pc->dynpm_can_down = false;
		return 0;
	case R5XX_DYNPM_ACTION_DOWNCLOCK:
		if (cur == 0) {
			pc->dynpm_can_down = false;
			return 0;
		}
		if (crtcs > 1) {
			for (i = 0; i < n; i++) {
				if (pc->table.state[i].single_display)
					continue;
				req = i >= cur ? cur : i;
				break;
			}
		} else {
			req = cur - 1;
		}
		if (crtcs && pc->table.state[req].no_display && req + 1 < n)
			req++;
		return req;
	case R5XX_DYNPM_ACTION_UPCLOCK:
		if (cur == n - 1) {
			pc->dynpm_can_up = false;
			return cur;
		}
		if (crtcs > 1) {
			for (i = n - 1; i >= 0; i--) {
				if (pc->table.state[i].single_display)
					continue;
				req = i <= cur ? cur : i;
				break;
			}
			return req;
		}
		return cur + 1;
	default:
		pc->dynpm_can_up = false;
		return pc->table.default_idx;
	}
}

static void r5xx_pm_dynpm_apply(struct r5xx_device *rdev,
				enum r5xx_dynpm_action action,
				unsigned int crtcs)
{
	struct r5xx_pm_clocks *pc = &rdev->clocks;

	pc->dynpm_planned = action;
	r5xx_pm_set_state(rdev, r5xx_pm_dynpm_state(rdev, action, crtcs), false);
	pc->dynpm_planned = R5XX_DYNPM_ACTION_NONE;
}

/*
 * Bring the clocks in line with the method, profile and lit CRTCs
 * (radeon_pm_compute_clocks).  The caller holds &r5xx_pm_clocks.lock.
 */
static void r5xx_pm_compute(struct r5xx_device *rdev, unsigned int crtcs)
{
	struct r5xx_pm_clocks *pc = &rdev->clocks;

	if (pc->method == R5XX_PM_METHOD_PROFILE) {
		r5xx_pm_set_state(rdev, r5xx_pm_profile_state(rdev, pc->profile,
							      crtcs), true);
		return;
	}
	if (crtcs > 1) {
		if (pc->dynpm_state == R5XX_DYNPM_ACTIVE) {
			cancel_delayed_work(&pc->idle_work);
			pc->dynpm_state = R5XX_DYNPM_PAUSED;
			r5xx_pm_dynpm_apply(rdev, R5XX_DYNPM_ACTION_DEFAULT, crtcs);
		}
	} else if (crtcs == 1) {
		if (pc->dynpm_state == R5XX_DYNPM_MINIMUM) {
			pc->dynpm_state = R5XX_DYNPM_ACTIVE;
			r5xx_pm_dynpm_apply(rdev, R5XX_DYNPM_ACTION_UPCLOCK, crtcs);
			schedule_delayed_work(&pc->idle_work,
					      msecs_to_jiffies(R5XX_PM_IDLE_LOOP_MS));
		} else if (pc->dynpm_state == R5XX_DYNPM_PAUSED) {
			pc->dynpm_state = R5XX_DYNPM_ACTIVE;
			schedule_delayed_work(&pc->idle_work,
					      msecs_to_jiffies(R5XX_PM_IDLE_LOOP_MS));
		}
	} else if (pc->dynpm_state != R5XX_DYNPM_MINIMUM) {
		cancel_delayed_work(&pc->idle_work);
		pc->dynpm_state = R5XX_DYNPM_MINIMUM;
		r5xx_pm_dynpm_apply(rdev, R5XX_DYNPM_ACTION_MINIMUM, crtcs);
	}
}

/* dynpm: every 100 ms, down when idle, up when busy (radeon_dynpm_idle_work_handler) */
static void r5xx_pm_idle_work(struct work_struct *work)
{
	struct r5xx_pm_clocks *pc = container_of(to_delayed_work(work),
						 struct r5xx_pm_clocks,
						 idle_work);
	struct r5xx_device *rdev = container_of(pc, struct r5xx_device, clocks);
	unsigned int crtcs = r5xx_pm_active_crtcs(rdev);
	unsigned int busy;

	mutex_lock(&pc->lock);
	if (pc->method != R5XX_PM_METHOD_DYNPM ||
	    pc->dynpm_state != R5XX_DYNPM_ACTIVE || pc->suspended)
		goto out;
	busy = r5xx_pm_busy_fences(rdev);
	if (busy >= R5XX_PM_BUSY_FENCES) {
		if (pc->dynpm_planned == R5XX_DYNPM_ACTION_DOWNCLOCK) {
			pc->dynpm_planned = R5XX_DYNPM_ACTION_NONE;
		} else if (pc->dynpm_planned == R5XX_DYNPM_ACTION_NONE &&
			   pc->dynpm_can_up) {
			pc->dynpm_planned = R5XX_DYNPM_ACTION_UPCLOCK;
			pc->dynpm_timeout = jiffies +
					    msecs_to_jiffies(R5XX_PM_RECLOCK_MS);
		}
	} else if (!busy) {
		if (pc->dynpm_planned == R5XX_DYNPM_ACTION_UPCLOCK) {
			pc->dynpm_planned = R5XX_DYNPM_ACTION_NONE;
		} else if (pc->dynpm_planned == R5XX_DYNPM_ACTION_NONE &&
			   pc->dynpm_can_down) {
			pc->dynpm_planned = R5XX_DYNPM_ACTION_DOWNCLOCK;
			pc->dynpm_timeout = jiffies +
					    msecs_to_jiffies(R5XX_PM_RECLOCK_MS);
		}
	}
	if (pc->dynpm_planned != R5XX_DYNPM_ACTION_NONE &&
	    time_after(jiffies, pc->dynpm_timeout))
		r5xx_pm_dynpm_apply(rdev, pc->dynpm_planned, crtcs);
	schedule_delayed_work(&pc->idle_work,
			      msecs_to_jiffies(R5XX_PM_IDLE_LOOP_MS));
out:
	mutex_unlock(&pc->lock);
}

static struct r5xx_device *r5xx_pm_dev(struct device *dev)
{
	return pci_get_drvdata(to_pci_dev(dev));
}

static ssize_t power_method_show(struct device *dev,
				 struct device_attribute *attr, char *buf)
{
	struct r5xx_device *rdev = r5xx_pm_dev(dev);

	return sysfs_emit(buf, "%s\n",
			  rdev->clocks.method == R5XX_PM_METHOD_DYNPM ?
			  "dynpm" : "profile");
}

static ssize_t power_method_store(struct device *dev,
				  struct device_attribute *attr,
				  const char *buf, size_t count)
{
	struct r5xx_device *rdev = r5xx_pm_dev(dev);
	struct r5xx_pm_clocks *pc = &rdev->clocks;
	unsigned int crtcs;

	/* radeon compares prefixes: "dynpmX" is dynpm */
	if (!strncmp(buf, "dynpm", strlen("dynpm"))) {
		mutex_lock(&pc->lock);
		pc->method = R5XX_PM_METHOD_DYNPM;
		pc->dynpm_state = R5XX_DYNPM_PAUSED;
		pc->dynpm_planned = R5XX_DYNPM_ACTION_NONE;
		pc->dynpm_can_up = true;
		pc->dynpm_can_down = true;
		mutex_unlock(&pc->lock);
	} else if (!strncmp(buf, "profile", strlen("profile"))) {
		mutex_lock(&pc->lock);
		pc->method = R5XX_PM_METHOD_PROFILE;
		pc->dynpm_state = R5XX_DYNPM_DISABLED;
		pc->dynpm_planned = R5XX_DYNPM_ACTION_NONE;
		mutex_unlock(&pc->lock);
		cancel_delayed_work_sync(&pc->idle_work);
	} else {
		return -EINVAL;
	}
	crtcs = r5xx_pm_active_crtcs(rdev);
	mutex_lock(&pc->lock);
	if (!pc->suspended)
		r5xx_pm_compute(rdev, crtcs);
	mutex_unlock(&pc->lock);
	return count;
}

static ssize_t power_profile_show(struct device *dev,
				  struct device_attribute *attr, char *buf)
{
	struct r5xx_device *rdev = r5xx_pm_dev(dev);

	return sysfs_emit(buf, "%s\n",
			  r5xx_pm_profile_names[rdev->clocks.profile]);
}

static ssize_t power_profile_store(struct device *dev,
				   struct device_attribute *attr,
				   const char *buf, size_t count)
{
	struct r5xx_device *rdev = r5xx_pm_dev(dev);
	struct r5xx_pm_clocks *pc = &rdev->clocks;
	unsigned int crtcs = r5xx_pm_active_crtcs(rdev);
	ssize_t ret = -EINVAL;
	int i;

	mutex_lock(&pc->lock);
	if (pc->method != R5XX_PM_METHOD_PROFILE)
		goto out;
	for (i = 0; i < ARRAY_SIZE(r5xx_pm_profile_names); i++)
		if (!strncmp(buf, r5xx_pm_profile_names[i],
			     strlen(r5xx_pm_profile_names[i])))
			break;
	if (i == ARRAY_SIZE(r5xx_pm_profile_names))
		goto out;
	pc->profile = i;
	if (!pc->suspended)
		r5xx_pm_compute(rdev, crtcs);
	ret = count;
out:
	mutex_unlock(&pc->lock);
	return ret;
}

static DEVICE_ATTR_RW(power_method);
static DEVICE_ATTR_RW(power_profile);

static struct attribute *r5xx_pm_attrs[] = {
	&dev_attr_power_method.attr,
	&dev_attr_power_profile.attr,
	NULL,
};

static const struct attribute_group r5xx_pm_group = {
	.attrs = r5xx_pm_attrs,
};

/**
 * r5xx_pm_clocks_init - read the power states, offer radeon's sysfs files
 * @rdev: device, registered, its display information read
 *
 * Failing to create the files is logged and leaves the clocks as they are.
 */
void r5xx_pm_clocks_init(struct r5xx_device *rdev)
{
	struct r5xx_pm_clocks *pc = &rdev->clocks;
	struct r5xx_pm_table *pt = &pc->table;
	unsigned int i;
	int ret;

	mutex_init(&pc->lock);
	INIT_DELAYED_WORK(&pc->idle_work, r5xx_pm_idle_work);
	pc->method = R5XX_PM_METHOD_PROFILE;
	pc->profile = R5XX_PM_PROFILE_DEFAULT;
	pc->dynpm_state = R5XX_DYNPM_DISABLED;
	pc->dynpm_can_up = true;
	pc->dynpm_can_down = true;
	r5xx_pm_clocks_parse(rdev);
	pc->atom = rdev->post.atom_rom;
	for (i = 0; i < pt->num; i++)
		drm_dbg_driver(&rdev->drm, "power state %u%s: engine %u kHz, memory %u kHz\n",
			       i, (int)i == pt->default_idx ? " (default)" : "",
			       pt->state[i].sclk_khz, pt->state[i].mclk_khz);
	if (pt->num < 2)
		return;
	ret = sysfs_create_group(&rdev->pdev->dev.kobj, &r5xx_pm_group);
	if (ret) {
		drm_err(&rdev->drm, "power states: cannot create power_method/power_profile (%d)\n",
			ret);
		return;
	}
	pc->sysfs = true;
	drm_info(&rdev->drm, "power management: %u power states, engine clock %u kHz by default\n",
		 pt->num, pc->default_sclk_khz);
}

/**
 * r5xx_pm_clocks_fini - remove the sysfs files, stop dynpm
 * @rdev: device
 */
void r5xx_pm_clocks_fini(struct r5xx_device *rdev)
{
	struct r5xx_pm_clocks *pc = &rdev->clocks;

	if (!pc->sysfs)
		return;
	sysfs_remove_group(&rdev->pdev->dev.kobj, &r5xx_pm_group);
	pc->sysfs = false;
	mutex_lock(&pc->lock);
	pc->dynpm_state = R5XX_DYNPM_DISABLED;
	mutex_unlock(&pc->lock);
	cancel_delayed_work_sync(&pc->idle_work);
}

/**
 * r5xx_pm_clocks_suspend - stop reclocking for a system sleep
 * @rdev: device
 */
void r5xx_pm_clocks_suspend(struct r5xx_device *rdev)
{
	struct r5xx_pm_clocks *pc = &rdev->clocks;

	if (!pc->sysfs)
		return;
	mutex_lock(&pc->lock);
	pc->suspended = true;
	mutex_unlock(&pc->lock);
	cancel_delayed_work_sync(&pc->idle_work);
}

/**
 * r5xx_pm_clocks_resume - the chosen state again after the re-post
 * @rdev: device, resumed (its clocks the BIOS's default again)
 */
void r5xx_pm_clocks_resume(struct r5xx_device *rdev)
{
	struct r5xx_pm_clocks *pc = &rdev->clocks;
	unsigned int crtcs;

	if (!pc->sysfs)
		return;
	crtcs = r5xx_pm_active_crtcs(rdev);
	mutex_lock(&pc->lock);
	pc->suspended = false;
	pc->cur_idx = pc->table.default_idx;
	pc->cur_sclk_khz = pc->default_sclk_khz;
	pc->cur_mclk_khz = pc->default_mclk_khz;
	if (pc->method == R5XX_PM_METHOD_DYNPM)
		pc->dynpm_state = R5XX_DYNPM_PAUSED;
	r5xx_pm_compute(rdev, crtcs);
	mutex_unlock(&pc->lock);
}

static int r5xx_pm_clocks_debugfs_show(struct seq_file *m, void *unused)
{
	struct r5xx_device *rdev = m->private;
	struct r5xx_pm_clocks *pc = &rdev->clocks;
	unsigned int i;

	mutex_lock(&pc->lock);
	for (i = 0; i < pc->table.num; i++)
		seq_printf(m, "state %u: engine %u kHz, memory %u kHz%s%s\n", i,
			   pc->table.state[i].sclk_khz,
			   pc->table.state[i].mclk_khz,
			   (int)i == pc->table.default_idx ? ", default" : "",
			   (int)i == pc->cur_idx ? ", current" : "");
	seq_printf(m, "engine %u kHz, memory %u kHz, through the %s, %u changes\n",
		   pc->cur_sclk_khz, pc->cur_mclk_khz,
		   pc->atom ? "ATOM command tables" : "engine PLL", pc->changes);
	mutex_unlock(&pc->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(r5xx_pm_clocks_debugfs);

/**
 * r5xx_pm_clocks_debugfs_init - create debugfs r5xx_pm_clocks
 * @rdev: device
 * @root: the DRM minor's debugfs directory
 *
 * It lists the power states and the clocks programmed now.
 */
void r5xx_pm_clocks_debugfs_init(struct r5xx_device *rdev, struct dentry *root)
{
	debugfs_create_file("r5xx_pm_clocks", 0444, root, rdev,
			    &r5xx_pm_clocks_debugfs_fops);
}
