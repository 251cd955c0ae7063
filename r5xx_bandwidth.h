/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright (c) 2026 The r5xx authors
 */
#ifndef __R5XX_BANDWIDTH_H__
#define __R5XX_BANDWIDTH_H__

#include <linux/types.h>

/**
 * struct r5xx_bw_mode - what the display bandwidth of one CRTC depends on
 * @on: the CRTC scans out
 * @clock_khz: pixel clock
 * @hdisplay: active pixels per line
 * @htotal: pixels per line
 */
struct r5xx_bw_mode {
	bool on;
	u32 clock_khz;
	u32 hdisplay;
	u32 htotal;
};

/**
 * struct r5xx_bw_avivo - AVIVO display bandwidth registers
 * @lb_split: DC_LB_MEMORY_SPLIT.DC_LB_MEMORY_SPLIT preset
 * @lb_max_req: LB_MAX_REQ_OUTSTANDING
 * @priority_a: D1MODE_PRIORITY_A_CNT, D2MODE_PRIORITY_A_CNT
 * @priority_b: D1MODE_PRIORITY_B_CNT, D2MODE_PRIORITY_B_CNT
 */
struct r5xx_bw_avivo {
	u32 lb_split;
	u32 lb_max_req;
	u32 priority_a[2];
	u32 priority_b[2];
};

void r5xx_bw_avivo_compute(const struct r5xx_bw_mode mode[2], u32 sclk_khz,
			   bool high_priority, struct r5xx_bw_avivo *out);

#endif /* __R5XX_BANDWIDTH_H__ */
