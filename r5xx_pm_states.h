/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_PM_STATES_H__
#define __R5XX_PM_STATES_H__

#include <linux/types.h>

/* at most this many power states: ATOM_MAX_NUMBEROF_POWER_BLOCK */
#define R5XX_PM_MAX_STATES	8

/**
 * enum r5xx_pm_state_type - what a video BIOS power state is for
 * @R5XX_PM_STATE_USER: no particular use
 * @R5XX_PM_STATE_POWERSAVE: saving power
 * @R5XX_PM_STATE_BATTERY: on battery
 * @R5XX_PM_STATE_BALANCED: between saving and speed
 * @R5XX_PM_STATE_PERFORMANCE: 3D at full speed
 * @R5XX_PM_STATE_DEFAULT: the clocks the BIOS set at post
 */
enum r5xx_pm_state_type {
	R5XX_PM_STATE_USER,
	R5XX_PM_STATE_POWERSAVE,
	R5XX_PM_STATE_BATTERY,
	R5XX_PM_STATE_BALANCED,
	R5XX_PM_STATE_PERFORMANCE,
	R5XX_PM_STATE_DEFAULT,
};

/**
 * struct r5xx_pm_state - one engine/memory clock state of the video BIOS
 * @sclk_khz: engine clock
 * @mclk_khz: memory clock
 * @type: what it is for
 * @no_display: not to be used while a CRTC scans out (the lowest state,
 *	unless it is the default, as radeon marks it)
 * @single_display: only with at most one CRTC active
 */
struct r5xx_pm_state {
	u32 sclk_khz;
	u32 mclk_khz;
	enum r5xx_pm_state_type type;
	bool no_display;
	bool single_display;
};

/**
 * struct r5xx_pm_table - the power states of a video BIOS, lowest first
 * @num: states in @state
 * @default_idx: index of the default state in @state, -1 if none is
 *	marked so
 * @state: the states
 */
struct r5xx_pm_table {
	unsigned int num;
	int default_idx;
	struct r5xx_pm_state state[R5XX_PM_MAX_STATES];
};

#endif /* __R5XX_PM_STATES_H__ */
