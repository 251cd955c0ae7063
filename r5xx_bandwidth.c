// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright (c) 2026 The r5xx authors
 */

#include <linux/bitfield.h>
#include <linux/kernel.h>

#include "r5xx_bandwidth.h"
#include "r5xx_regs.h"

/**
 * DOC: display bandwidth
 *
 * The two AVIVO CRTCs share one line buffer and compete with the engines
 * for memory. After every change of the CRTCs' modes r5xx programs, as
 * upstream radeon's rv515_bandwidth_update (rv515_bandwidth_avivo_update,
 * rs690_line_buffer_adjust, rv515_crtc_bandwidth_compute,
 * rv515_compute_mode_priority) does for RV515 to R580:
 *
 * - the line buffer split (DC_LB_MEMORY_SPLIT): all of it to D1 when only
 *   D1 runs, a quarter when only D2 runs, halves when both run unless the
 *   wider mode is over 2560 pixels, which then gets three quarters;
 * - the request FIFO depth of each CRTC (LB_MAX_REQ_OUTSTANDING): a line
 *   pair's 256-pixel chunks, at least 4 (4 for a CRTC that is off);
 * - the priority marks A and B of each CRTC (DxMODE_PRIORITY_A/B_CNT):
 *   from the engine clock, the pixel clock and the line timing, in 16-pixel
 *   units, never below a sixteenth of the line; MODE_PRIORITY_OFF for a
 *   CRTC that is off. Rows with %R5XX_QUIRK_DISP_PRIORITY_HIGH (of the
 *   AVIVO chips RV515, as radeon_update_display_priority picks) also set
 *   MODE_PRIORITY_ALWAYS_ON and shorten the display clients' initial
 *   latency in the MC (MC_MISC_LAT_TIMER). Marks A and B are the same: upstream computes both
 *   for the engine clock in use.
 *
 * The arithmetic is upstream's: unsigned 20.12 fixed point with its
 * rounding, including its wrap-around when the tolerable latency is below
 * the worst case (the mark is then the largest). One difference: upstream
 * reads the fill rate from a field it never sets (uninitialised stack);
 * r5xx uses the engine clock that field was meant to hold. There is no
 * scaler, so one line pair is fetched at a time and the consumption rate is
 * the pixel clock.
 *
 * The RS690 and RS740 (%R5XX_BW_AVIVO_RS690 rows) share the line buffer
 * split, and r5xx_bw_rs690_compute() does what rs690_bandwidth_update
 * does for the rest: the display reads at the narrowest of the engine
 * (sclk / 16), the sideport memory (its clock x 1.4) or else the system
 * memory (x 4) and the HyperTransport link (clock x width / 5), which
 * IntegratedSystemInfo gives (r5xx_atom_igp_info()); a chunk takes 332.8
 * transfers at that rate, the worst latency is two chunks plus the
 * memory's read delay (5 us, or upstream's sideport formula with its
 * wrap-around); LB_MAX_REQ_OUTSTANDING holds each depth less one; a CRTC
 * with more slack than its width gets mark 10 (then hdisplay / 16 wins);
 * every mark divides the latency term by 16000; DCP_CONTROL is 0. The
 * IGPs never force the priority high (radeon_update_display_priority), so
 * RS690's MC latencies are left alone. The RS600 (%R5XX_BW_AVIVO_RS600)
 * gets the line buffer split only, as rs600_bandwidth_update.
 *
 * The legacy CRTCs (R300 to R4xx and the RS400/RS480 IGPs) each have a
 * display FIFO, with a start and stop request level and a critical point
 * below which the display requests memory at high priority
 * (GRPH_BUFFER_CNTL, GRPH2_BUFFER_CNTL). r5xx_bw_legacy_compute() computes
 * them as upstream's r100_bandwidth_update does for its R300-class chips:
 *
 * - the stop request level: a line's octawords (16 bytes), at most 0x7c;
 *   the start level the same (R350: 0x10 lower above 0x15);
 * - the display latency: the larger of the memory side (RAS to CAS, CAS
 *   and read bus switch, RAS active and precharge, a constant per bus
 *   kind, over the memory clock, plus 4 engine clocks) and the engine side
 *   (250 engine clocks on R300 class), each plus a worst-case cursor fetch
 *   and 8 engine clocks of overhead;
 * - CRTC1's critical point: its drain rate (octawords a microsecond) times
 *   that latency, rounded; CRTC2's: its drain rate times twice the latency
 *   plus the time CRTC1 takes to leave high priority at the read return
 *   rate. A point within 4 of the stop level is 0 (always high priority),
 *   as is every point when the priority is forced high, which also sets the
 *   MC's initial latency of each running CRTC's reads to 1
 *   (MC_INIT_MISC_LAT_TIMER). R300 never gets 0 while both CRTCs run
 *   (0x10 instead).
 *
 * The arithmetic is upstream's 20.12 fixed point; where upstream would
 * divide by zero (CRTC1 draining exactly at the read return rate) CRTC1's
 * drop time counts as zero. r5xx_bw_legacy_mem_decode() turns
 * MEM_TIMING_CNTL, MEM_SDRAM_MODE_REG and the read bus switch code into
 * the timings, in the layout the chip row names (&enum r5xx_bw_mem_timing).
 * The clocks are the video BIOS's defaults (200 MHz without one), the
 * memory DDR as upstream assumes on every R300-class chip; r5xx runs AGP
 * boards as PCI cards, so upstream's AGP reduction of the engine clock does
 * not apply. Upstream's fixed RS400/RS480 DISP*_REQ_CNTL values are not
 * written.
 *
 * This file is pure computation, shared with the host unit tests; the
 * registers are written by r5xx_display_avivo.c and r5xx_display_legacy.c.
 */

#define R5XX_BW_PIXELS_PER_CHUNK	256
#define R5XX_BW_MIN_FIFO_DEPTH		4
#define R5XX_BW_WIDE_MODE		2560
#define R5XX_BW_MARK_UNIT		16	/* pixels per priority mark step */

/* unsigned 20.12 fixed point, rounding as drm_fixed.h */
typedef u32 fx;

static fx fx_int(u32 v)
{
	return v << 12;
}

static u32 fx_trunc(fx v)
{
	return v >> 12;
}

static fx fx_mul(fx a, fx b)
{
	return (u32)(((u64)a * b + 2048) >> 12);
}

static fx fx_div(fx a, fx b)
{
	u64 q = ((u64)a << 13) / b;

	return (u32)((q + 1) / 2);
}

static fx fx_ceil(fx v)
{
	return fx_int(fx_trunc(v) + (v > fx_int(fx_trunc(v))));
}

struct r5xx_bw_wm {
	u32 fifo_depth;
	fx line_pairs;
	fx worst_latency;
	fx consumption_rate;
	fx active_time;
	fx mark_max;
	fx mark;
	fx sclk;
};

/*
 * What both display kinds compute alike for a lit CRTC: one line pair, the
 * FIFO depth a line of chunks needs, and the pixel timings.  Return: ns per
 * pixel (without a scaler one pixel is consumed per pixel); *line_time:
 * ns per line; *req_depth: the chunks a line pair asks the FIFO for.
 */
static fx r5xx_bw_wm_line(const struct r5xx_bw_mode *m, struct r5xx_bw_wm *wm,
			  fx *line_time, fx *req_depth)
{
	fx chunks, pclk;

	wm->line_pairs = fx_int(1);
	chunks = fx_div(fx_int(m->hdisplay), fx_int(R5XX_BW_PIXELS_PER_CHUNK));
	*req_depth = fx_ceil(fx_mul(chunks, wm->line_pairs));
	if (chunks >= fx_int(R5XX_BW_MIN_FIFO_DEPTH))
		wm->fifo_depth = fx_trunc(*req_depth);

	pclk = fx_div(fx_int(1000), fx_div(fx_int(m->clock_khz), fx_int(1000)));
	wm->consumption_rate = fx_div(fx_int(1), pclk);
	*line_time = fx_mul(fx_int(m->htotal), pclk);
	wm->active_time = fx_div(fx_mul(*line_time, fx_int(m->hdisplay)),
				 fx_int(m->htotal));
	return pclk;
}

static void r5xx_bw_wm(const struct r5xx_bw_mode *m, u32 sclk_khz,
		       struct r5xx_bw_wm *wm)
{
	fx sclk, pclk, line_time, req_depth, chunk_time, tolerable, width;

	wm->fifo_depth = R5XX_BW_MIN_FIFO_DEPTH;
	if (!m->on)
		return;

	/* MHz, from radeon's 10 kHz units */
	sclk = fx_div(fx_int(sclk_khz / 10), fx_int(100));
	wm->sclk = sclk;
	pclk = r5xx_bw_wm_line(m, wm, &line_time, &req_depth);

	/* one chunk's pipeline delay and gap, plus 1 us of read delay */
	chunk_time = fx_div(fx_int(600 * 1000), sclk);
	if (fx_trunc(wm->line_pairs) > 1)
		wm->worst_latency = fx_mul(fx_int(3), chunk_time) + fx_int(1000);
	else
		wm->worst_latency = chunk_time + fx_int(1000);

	if (2 + wm->fifo_depth >= fx_trunc(req_depth))
		tolerable = line_time;
	else
		tolerable = line_time -
			    fx_mul(req_depth - fx_int(wm->fifo_depth - 2),
				   chunk_time);

	wm->mark_max = fx_ceil(fx_div(fx_int(m->hdisplay),
				      fx_int(R5XX_BW_MARK_UNIT)));
	/* wraps when the latency cannot be tolerated: the mark is then max */
	width = fx_div(tolerable - wm->worst_latency, pclk);
	if (fx_trunc(width) > m->hdisplay)
		wm->mark = wm->mark_max;
	else
		wm->mark = wm->mark_max -
			   fx_ceil(fx_div(width, fx_int(R5XX_BW_MARK_UNIT)));
}

/* the priority mark of one CRTC, given the fill rate the line buffer gets */
static fx r5xx_bw_mark(const struct r5xx_bw_wm *wm, fx fill_rate,
		       u32 slow_divisor)
{
	fx mark, fill;

	if (wm->consumption_rate > fill_rate) {
		fill = fx_div(fx_mul(wm->consumption_rate - fill_rate,
				     wm->active_time),
			      fx_int(R5XX_BW_MARK_UNIT));
		mark = fx_mul(wm->worst_latency, wm->consumption_rate) + fill;
	} else {
		mark = fx_div(fx_mul(wm->worst_latency, wm->consumption_rate),
			      fx_int(slow_divisor));
	}
	return max(max(mark, wm->mark), wm->mark_max);
}

static u32 r5xx_bw_lb_split(const struct r5xx_bw_mode mode[2])
{
	if (mode[0].on && mode[1].on) {
		if (mode[0].hdisplay > mode[1].hdisplay &&
		    mode[0].hdisplay > R5XX_BW_WIDE_MODE)
			return R5XX_DC_LB_MEMORY_SPLIT_DC_LB_MEMORY_SPLIT_D1_3Q_D2_1Q;
		if (mode[1].hdisplay > mode[0].hdisplay &&
		    mode[1].hdisplay > R5XX_BW_WIDE_MODE)
			return R5XX_DC_LB_MEMORY_SPLIT_DC_LB_MEMORY_SPLIT_D1_1Q_D2_3Q;
		return R5XX_DC_LB_MEMORY_SPLIT_DC_LB_MEMORY_SPLIT_D1HALF_D2HALF;
	}
	if (mode[0].on)
		return R5XX_DC_LB_MEMORY_SPLIT_DC_LB_MEMORY_SPLIT_D1_ONLY;
	if (mode[1].on)
		return R5XX_DC_LB_MEMORY_SPLIT_DC_LB_MEMORY_SPLIT_D1_1Q_D2_3Q;
	return R5XX_DC_LB_MEMORY_SPLIT_DC_LB_MEMORY_SPLIT_D1HALF_D2HALF;
}

/**
 * r5xx_bw_avivo_compute - the AVIVO display bandwidth registers
 * @mode: D1's and D2's modes; a CRTC that is on needs a pixel clock of at
 *	least 1 MHz and an htotal
 * @sclk_khz: engine clock, at least 10 kHz
 * @high_priority: display priority forced high (MODE_PRIORITY_ALWAYS_ON)
 * @out: the register values
 */
void r5xx_bw_avivo_compute(const struct r5xx_bw_mode mode[2], u32 sclk_khz,
			   bool high_priority, struct r5xx_bw_avivo *out)
{
	struct r5xx_bw_wm wm[2] = { };
	u32 cnt[2] = { R5XX_D1MODE_PRIORITY_A_CNT_MODE_PRIORITY_OFF,
		       R5XX_D1MODE_PRIORITY_A_CNT_MODE_PRIORITY_OFF };
	/* the single-CRTC D1 case divides by 16 where the others use 16000 */
	u32 slow = mode[0].on && !mode[1].on ? R5XX_BW_MARK_UNIT
					     : R5XX_BW_MARK_UNIT * 1000;
	fx lines = 0, fill_rate;
	int i;

	for (i = 0; i < 2; i++) {
		r5xx_bw_wm(&mode[i], sclk_khz, &wm[i]);
		/* 32 bits per pixel: one line pair per request */
		if (mode[i].on)
			lines += wm[i].line_pairs;
	}
	out->lb_split = r5xx_bw_lb_split(mode);
	out->lb_max_req =
		FIELD_PREP(R5XX_LB_MAX_REQ_OUTSTANDING_LB_D1_MAX_REQ_OUTSTANDING,
			   wm[0].fifo_depth) |
		FIELD_PREP(R5XX_LB_MAX_REQ_OUTSTANDING_LB_D2_MAX_REQ_OUTSTANDING,
			   wm[1].fifo_depth);

	if (lines) {
		fill_rate = fx_div(mode[0].on ? wm[0].sclk : wm[1].sclk, lines);
		for (i = 0; i < 2; i++) {
			if (!mode[i].on)
				continue;
			cnt[i] = fx_trunc(r5xx_bw_mark(&wm[i], fill_rate, slow));
			if (high_priority)
				cnt[i] |= R5XX_D1MODE_PRIORITY_A_CNT_MODE_PRIORITY_ALWAYS_ON;
		}
	}
	for (i = 0; i < 2; i++) {
		out->priority_a[i] = cnt[i];
		out->priority_b[i] = cnt[i];
	}
}

/* rs690_bandwidth_update's constants */
#define R5XX_BW_RS690_CHUNK_CLOCKS	(256 * 13)	/* tenths of a clock */
#define R5XX_BW_RS690_UMA_DELAY		5000		/* ns */
#define R5XX_BW_RS690_SIDEPORT_DELAY	(370 * 800)
#define R5XX_BW_RS690_MARK_DIVISOR	(16 * 1000)
#define R5XX_BW_RS690_WIDE_MARK		10

/* a clock in MHz, from radeon's 10 kHz units */
static fx r5xx_bw_mhz(u32 khz)
{
	return fx_div(fx_int(khz / 10), fx_int(100));
}

/*
 * The display's read bandwidth: the narrowest of the engine (sclk / 16),
 * the sideport memory or else the system memory and the HT link; and the
 * memory's read delay in ns.
 */
static fx r5xx_bw_rs690_max_bw(fx sclk, const struct r5xx_bw_igp *igp,
			       fx *read_delay)
{
	fx max_bw = fx_div(sclk, fx_int(16)), bw, per_us;

	if (igp->sideport) {
		bw = fx_div(fx_mul(r5xx_bw_mhz(igp->sideport_mclk_khz),
				   fx_int(14)), fx_int(10));
		if (bw && max_bw > bw)
			max_bw = bw;
		/* where upstream would divide by zero: the smallest step */
		per_us = max(fx_div(r5xx_bw_mhz(igp->sideport_mclk_khz),
				    fx_int(1000)), 1U);
		*read_delay = fx_mul(fx_div(fx_int(R5XX_BW_RS690_SIDEPORT_DELAY),
					    per_us), fx_int(1000));
		return max_bw;
	}
	bw = fx_mul(r5xx_bw_mhz(igp->system_mclk_khz), fx_int(4));
	if (bw && max_bw > bw)
		max_bw = bw;
	bw = fx_div(fx_mul(r5xx_bw_mhz(igp->ht_link_khz),
			   fx_int(igp->ht_link_width)), fx_int(5));
	if (bw && max_bw > bw)
		max_bw = bw;
	*read_delay = fx_int(R5XX_BW_RS690_UMA_DELAY);
	return max_bw;
}

/* rs690_crtc_bandwidth_compute: one CRTC's FIFO depth and marks */
static void r5xx_bw_rs690_wm(const struct r5xx_bw_mode *m, fx sclk,
			     fx clock_ns, fx read_delay, struct r5xx_bw_wm *wm)
{
	fx pclk, line_time, req_depth, chunk_time, tolerable, width;

	wm->fifo_depth = R5XX_BW_MIN_FIFO_DEPTH;
	if (!m->on)
		return;
	wm->sclk = sclk;
	pclk = r5xx_bw_wm_line(m, wm, &line_time, &req_depth);

	chunk_time = fx_div(fx_mul(clock_ns,
				   fx_int(R5XX_BW_RS690_CHUNK_CLOCKS)),
			    fx_int(10));
	/* one line pair: two chunks and the read delay */
	wm->worst_latency = fx_mul(fx_int(2), chunk_time) + read_delay;

	if (2 + wm->fifo_depth >= fx_trunc(req_depth))
		tolerable = line_time;
	else
		tolerable = line_time -
			    fx_mul(req_depth - fx_int(wm->fifo_depth - 2),
				   chunk_time);

	wm->mark_max = fx_ceil(fx_div(fx_int(m->hdisplay),
				      fx_int(R5XX_BW_MARK_UNIT)));
	width = fx_div(tolerable - wm->worst_latency, pclk);
	if (fx_trunc(width) > m->hdisplay)
		wm->mark = fx_int(R5XX_BW_RS690_WIDE_MARK);
	else
		wm->mark = wm->mark_max -
			   fx_ceil(fx_div(width, fx_int(R5XX_BW_MARK_UNIT)));
}

/* rs690_compute_mode_priority: one CRTC's mark for the fill rate */
static fx r5xx_bw_rs690_mark(const struct r5xx_bw_wm *wm, fx fill_rate)
{
	fx a = fx_mul(wm->worst_latency, wm->consumption_rate), mark;

	if (wm->consumption_rate > fill_rate)
		a += fx_mul(wm->consumption_rate - fill_rate, wm->active_time);
	mark = fx_div(a, fx_int(R5XX_BW_RS690_MARK_DIVISOR));
	return max(max(mark, wm->mark), wm->mark_max);
}

/**
 * r5xx_bw_rs690_compute - the display bandwidth registers of an RS690
 * @mode: D1's and D2's modes; a CRTC that is on needs a pixel clock of at
 *	least 1 MHz and an htotal
 * @sclk_khz: engine clock, at least 10 kHz
 * @igp: the IGP's memory and link (IntegratedSystemInfo)
 * @high_priority: display priority forced high (MODE_PRIORITY_ALWAYS_ON)
 * @out: the register values; @out->lb_max_req holds each depth less one,
 *	as rs690_bandwidth_update writes it
 */
void r5xx_bw_rs690_compute(const struct r5xx_bw_mode mode[2], u32 sclk_khz,
			   const struct r5xx_bw_igp *igp, bool high_priority,
			   struct r5xx_bw_avivo *out)
{
	struct r5xx_bw_wm wm[2] = { };
	u32 cnt[2] = { R5XX_D1MODE_PRIORITY_A_CNT_MODE_PRIORITY_OFF,
		       R5XX_D1MODE_PRIORITY_A_CNT_MODE_PRIORITY_OFF };
	fx sclk = r5xx_bw_mhz(sclk_khz), read_delay, clock_ns, lines = 0;
	int i;

	/* the time of one 16-byte transfer at the narrowest bandwidth */
	clock_ns = fx_div(fx_int(1000),
			  fx_mul(r5xx_bw_rs690_max_bw(sclk, igp, &read_delay),
				 fx_int(16)));
	for (i = 0; i < 2; i++) {
		r5xx_bw_rs690_wm(&mode[i], sclk, clock_ns, read_delay, &wm[i]);
		/* 32 bits per pixel: one line pair per request */
		if (mode[i].on)
			lines += wm[i].line_pairs;
	}
	out->lb_split = r5xx_bw_lb_split(mode);
	out->lb_max_req =
		FIELD_PREP(R5XX_LB_MAX_REQ_OUTSTANDING_LB_D1_MAX_REQ_OUTSTANDING,
			   wm[0].fifo_depth - 1) |
		FIELD_PREP(R5XX_LB_MAX_REQ_OUTSTANDING_LB_D2_MAX_REQ_OUTSTANDING,
			   wm[1].fifo_depth - 1);
	for (i = 0; lines && i < 2; i++) {
		if (!mode[i].on)
			continue;
		cnt[i] = fx_trunc(r5xx_bw_rs690_mark(&wm[i],
						     fx_div(sclk, lines)));
		if (high_priority)
			cnt[i] |= R5XX_D1MODE_PRIORITY_A_CNT_MODE_PRIORITY_ALWAYS_ON;
	}
	for (i = 0; i < 2; i++) {
		out->priority_a[i] = cnt[i];
		out->priority_b[i] = cnt[i];
	}
}

/* r100_bandwidth_update's constants for R300-class chips */
#define R5XX_BW_LEGACY_MAX_STOP_REQ	0x7c
#define R5XX_BW_LEGACY_CURSOR_OWORDS	16	/* a full-size colour cursor */
#define R5XX_BW_LEGACY_SCLK_DELAY	250
#define R5XX_BW_LEGACY_OVERHEAD		8	/* engine clocks */
#define R5XX_BW_LEGACY_CRIT_R300	0x10
/* an initial latency of 1 for one display client */
#define R5XX_BW_LEGACY_INIT_LAT(client) \
	FIELD_PREP(R5XX_R300_MC_INIT_MISC_LAT_TIMER_MC_##client##_INIT_LAT, 1)

/* the display latency in microseconds */
static fx r5xx_bw_legacy_latency(const struct r5xx_bw_legacy_mem *mem)
{
	fx sclk = r5xx_bw_mhz(mem->sclk_khz), mclk = r5xx_bw_mhz(mem->mclk_khz);
	fx trcd = fx_int(mem->trcd), tras = fx_int(mem->tras);
	fx tcas = mem->tcas_half * (fx_int(1) / 2);
	fx lat_mclk, lat_sclk, cursor, overhead;
	u32 k1 = 40, c = 3;

	if (mem->ddr && mem->vram_width != 32) {
		k1 = 20;
		c = 1;
	}
	lat_sclk = fx_div(fx_int(R5XX_BW_LEGACY_SCLK_DELAY), sclk);
	lat_mclk = fx_mul(trcd, fx_int(2)) + fx_mul(tcas, fx_int(c)) +
		   fx_mul(tras, fx_int(4)) + fx_mul(fx_int(mem->trp), fx_int(4)) +
		   fx_int(k1);
	lat_mclk = fx_div(lat_mclk, mclk) + fx_div(fx_int(4), sclk);

	cursor = fx_int(2 * (R5XX_BW_LEGACY_CURSOR_OWORDS - (mem->ddr + 1))) +
		 trcd;
	overhead = fx_div(fx_int(R5XX_BW_LEGACY_OVERHEAD), sclk);
	lat_mclk += overhead + fx_div(max(cursor, tras), mclk);
	lat_sclk += overhead +
		    fx_div(fx_int(R5XX_BW_LEGACY_CURSOR_OWORDS), sclk);
	return max(lat_mclk, lat_sclk);
}

/* MEM_TIMING_CNTL per family: each timing's field, what to add, the cap */
struct r5xx_bw_timing_layout {
	u32 trcd, trp, tras;
	u8 trcd_add, trp_add, tras_add;
	u8 trcd_max, trp_max, tras_max;
	bool igp;
};

static const struct r5xx_bw_timing_layout r5xx_bw_timing_layouts[] = {
	[R5XX_BW_MEM_R300] = { GENMASK(2, 0), GENMASK(10, 8), GENMASK(14, 11),
			       1, 1, 4, 8, 8, 19, false },
	[R5XX_BW_MEM_RV350] = { GENMASK(2, 0), GENMASK(10, 8), GENMASK(14, 11),
				3, 3, 6, 10, 10, 21, false },
	[R5XX_BW_MEM_R420] = { GENMASK(3, 0), GENMASK(11, 8), GENMASK(16, 12),
			       3, 3, 6, 15, 15, 31, false },
	[R5XX_BW_MEM_RS400] = { GENMASK(3, 2), GENMASK(1, 0), GENMASK(6, 4),
				1, 1, 1, 4, 4, 8, true },
	[R5XX_BW_MEM_RS480] = { GENMASK(3, 2), GENMASK(1, 0), GENMASK(6, 4),
				1, 1, 1, 4, 4, 8, true },
};

/* CAS latency codes in half clocks: the IGPs' own, else the code itself */
static const u8 r5xx_bw_cas_rs400[8] = { 2, 4, 6, 0, 3, 5, 0, 0 };
static const u8 r5xx_bw_cas_rs480[8] = { 0, 2, 4, 6, 0, 3, 5, 7 };
#define R5XX_BW_EXTRA_CAS_MAX	4

/**
 * r5xx_bw_legacy_mem_decode - the memory timings of a legacy chip
 * @kind: the family's register layout (its chip row); %R5XX_BW_MEM_NONE
 *	leaves @mem alone
 * @regs: the registers read from the chip
 * @mem: gets @mem->trcd, @mem->trp, @mem->tras and @mem->tcas_half, as
 *	r100_bandwidth_update decodes them
 *
 * The R300 and RV350 codes of the read bus switch count 1 to 2.5 clocks in
 * half clocks, R4xx's 4 to 7 clocks; the RS400/RS480 extra CAS latency
 * counts only from 0 to 4.
 */
void r5xx_bw_legacy_mem_decode(enum r5xx_bw_mem_timing kind,
			       const struct r5xx_bw_mem_regs *regs,
			       struct r5xx_bw_legacy_mem *mem)
{
	const struct r5xx_bw_timing_layout *l;
	u32 t = regs->timing_cntl, cas, rbs, extra;

	if (kind == R5XX_BW_MEM_NONE || kind >= ARRAY_SIZE(r5xx_bw_timing_layouts))
		return;
	l = &r5xx_bw_timing_layouts[kind];
	mem->trcd = min_t(u32, (t & l->trcd) / (l->trcd & -l->trcd) +
			  l->trcd_add, l->trcd_max);
	mem->trp = min_t(u32, (t & l->trp) / (l->trp & -l->trp) + l->trp_add,
			 l->trp_max);
	mem->tras = min_t(u32, (t & l->tras) / (l->tras & -l->tras) +
			  l->tras_add, l->tras_max);

	cas = FIELD_GET(R5XX_MEM_SDRAM_MODE_REG_MEM_CAS_LATENCY, regs->sdram_mode);
	if (kind == R5XX_BW_MEM_RS400)
		mem->tcas_half = r5xx_bw_cas_rs400[cas];
	else if (kind == R5XX_BW_MEM_RS480)
		mem->tcas_half = r5xx_bw_cas_rs480[cas];
	else
		mem->tcas_half = 2 * cas;

	if (l->igp) {
		extra = FIELD_GET(R5XX_MEM_SDRAM_MODE_REG_RS400_EXTRA_CAS,
				  regs->sdram_mode);
		if (extra <= R5XX_BW_EXTRA_CAS_MAX)
			mem->tcas_half += 2 * extra;
		return;
	}
	rbs = FIELD_GET(R5XX_MC_READ_CNTL_AB_MEM_RBS_POSITION_A, regs->rbs);
	if (kind == R5XX_BW_MEM_R420)
		mem->tcas_half += 2 * (rbs + 4);
	else
		mem->tcas_half += rbs + 2;
}

/* a critical point: 0 when within 4 of the stop level, or forced high */
static u32 r5xx_bw_legacy_crit(fx crit, bool high_priority)
{
	u32 point = fx_trunc(crit);

	if (high_priority || point + 4 > R5XX_BW_LEGACY_MAX_STOP_REQ)
		return 0;
	return point;
}

static u32 r5xx_bw_legacy_grph(const struct r5xx_bw_mode *m, u32 crit,
			       u32 flags)
{
	u32 stop = min(m->hdisplay * m->cpp / 16, R5XX_BW_LEGACY_MAX_STOP_REQ);
	u32 start = stop;

	if (flags & R5XX_BW_LEGACY_START_LOW && stop > 0x15)
		start = stop - 0x10;
	return FIELD_PREP(R5XX_GRPH_BUFFER_CNTL_GRPH_START_REQ, start) |
	       FIELD_PREP(R5XX_GRPH_BUFFER_CNTL_GRPH_STOP_REQ, stop) |
	       FIELD_PREP(R5XX_GRPH_BUFFER_CNTL_GRPH_CRITICAL_POINT, crit) |
	       R5XX_GRPH_BUFFER_CNTL_GRPH_BUFFER_SIZE;
}

/**
 * r5xx_bw_legacy_compute - the legacy display FIFO registers
 * @mode: CRTC1's and CRTC2's modes; a CRTC that is on needs a pixel clock
 *	and @cpp from 1 to 4
 * @mem: the memory and its timings
 * @high_priority: display priority forced high
 * @flags: %R5XX_BW_LEGACY_CRIT_NONZERO, %R5XX_BW_LEGACY_START_LOW
 * @out: the register values
 */
void r5xx_bw_legacy_compute(const struct r5xx_bw_mode mode[2],
			    const struct r5xx_bw_legacy_mem *mem,
			    bool high_priority, u32 flags,
			    struct r5xx_bw_legacy *out)
{
	fx latency = r5xx_bw_legacy_latency(mem);
	fx drain[2] = { 0, 0 }, crit1 = 0, rrate, drop = 0;
	u32 point[2] = { 0, 0 };
	int i;

	for (i = 0; i < 2; i++)
		if (mode[i].on)
			drain[i] = fx_div(fx_div(fx_int(mode[i].clock_khz),
						 fx_int(1000)),
					  fx_int(16 / min(max(mode[i].cpp, 1U), 16U)));

	if (mode[0].on) {
		crit1 = fx_mul(drain[0], latency) + fx_int(1) / 2;
		point[0] = r5xx_bw_legacy_crit(crit1, high_priority);
		if (!point[0] && mode[1].on &&
		    flags & R5XX_BW_LEGACY_CRIT_NONZERO)
			point[0] = R5XX_BW_LEGACY_CRIT_R300;
	}
	if (mode[1].on) {
		/* the read return rate: bus width over 128 times mclk, <= sclk */
		rrate = fx_mul(r5xx_bw_mhz(mem->mclk_khz),
			       fx_int((mem->vram_width * mem->ddr + 1) / 128));
		rrate = min(rrate, r5xx_bw_mhz(mem->sclk_khz));
		if (mode[0].on && rrate != drain[0])
			drop = fx_div(crit1, rrate - drain[0]);
		point[1] = r5xx_bw_legacy_crit(fx_mul(latency + drop + latency,
						      drain[1]) + fx_int(1) / 2,
					       high_priority);
		if (!point[1] && flags & R5XX_BW_LEGACY_CRIT_NONZERO)
			point[1] = R5XX_BW_LEGACY_CRIT_R300;
	}
	for (i = 0; i < 2; i++)
		out->grph_buffer_cntl[i] =
			mode[i].on ? r5xx_bw_legacy_grph(&mode[i], point[i], flags)
				   : 0;
	out->init_lat = 0;
	if (high_priority && mode[1].on)
		out->init_lat |= R5XX_BW_LEGACY_INIT_LAT(DISP1R);
	if (high_priority && mode[0].on)
		out->init_lat |= R5XX_BW_LEGACY_INIT_LAT(DISP0R);
}
