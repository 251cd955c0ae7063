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
 * @cpp: bytes per pixel of its frame (1 to 4; the legacy computation only)
 */
struct r5xx_bw_mode {
	bool on;
	u32 clock_khz;
	u32 hdisplay;
	u32 htotal;
	u32 cpp;
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

/**
 * enum r5xx_bw_avivo_kind - how an AVIVO chip's display bandwidth is set
 * @R5XX_BW_AVIVO_RV515: rv515_bandwidth_update (RV515, R520 family)
 * @R5XX_BW_AVIVO_RS690: rs690_bandwidth_update (RS690, RS740): the
 *	IGP's memory and HyperTransport link limit the fill rate
 * @R5XX_BW_AVIVO_RS600: rs600_bandwidth_update: the line buffer split
 *	alone (and ALWAYS_ON on the marks left as they are, with the
 *	priority forced high)
 */
enum r5xx_bw_avivo_kind {
	R5XX_BW_AVIVO_RV515,
	R5XX_BW_AVIVO_RS690,
	R5XX_BW_AVIVO_RS600,
};

/**
 * struct r5xx_bw_igp - what limits an RS690-class IGP's display reads
 * @sideport: the board has sideport memory (the display reads it)
 * @sideport_mclk_khz: sideport memory clock
 * @system_mclk_khz: system (UMA) memory clock
 * @ht_link_khz: HyperTransport link clock
 * @ht_link_width: HyperTransport link width in bits
 */
struct r5xx_bw_igp {
	bool sideport;
	u32 sideport_mclk_khz;
	u32 system_mclk_khz;
	u32 ht_link_khz;
	u32 ht_link_width;
};

/**
 * struct r5xx_bw_legacy_mem - the memory the legacy display reads from
 * @sclk_khz: engine clock, at least 10 kHz
 * @mclk_khz: memory clock, at least 10 kHz
 * @vram_width: memory bus width in bits
 * @ddr: DDR memory
 * @trcd: RAS to CAS delay, in memory clocks (MEM_TIMING_CNTL decoded)
 * @trp: RAS precharge, in memory clocks
 * @tras: RAS active time, in memory clocks
 * @tcas_half: CAS latency plus the read bus switch time (Trbs), in half
 *	memory clocks
 */
struct r5xx_bw_legacy_mem {
	u32 sclk_khz;
	u32 mclk_khz;
	u32 vram_width;
	bool ddr;
	u32 trcd;
	u32 trp;
	u32 tras;
	u32 tcas_half;
};

/**
 * enum r5xx_bw_mem_timing - how a family lays out its memory timings
 * @R5XX_BW_MEM_NONE: no legacy display (AVIVO chips)
 * @R5XX_BW_MEM_R300: R300, R350: Trcd 2:0 + 1, Trp 10:8 + 1, Tras 14:11 + 4
 * @R5XX_BW_MEM_RV350: RV350, RV380: Trcd 2:0 + 3, Trp 10:8 + 3,
 *	Tras 14:11 + 6
 * @R5XX_BW_MEM_R420: R420, R423, RV410: Trcd 3:0 + 3, Trp 11:8 + 3,
 *	Tras 16:12 + 6, at most 15, 15 and 31
 * @R5XX_BW_MEM_RS400: RS400 (IGP): Trcd 3:2 + 1, Trp 1:0 + 1,
 *	Tras 6:4 + 1, the IGP CAS codes, the extra CAS of MEM_SDRAM_MODE_REG
 * @R5XX_BW_MEM_RS480: RS480: as RS400 with RS480's CAS codes
 *
 * The discrete chips also add the read bus switch time to CAS (R4xx with
 * its own codes); the IGPs do not.
 */
enum r5xx_bw_mem_timing {
	R5XX_BW_MEM_NONE,
	R5XX_BW_MEM_R300,
	R5XX_BW_MEM_RV350,
	R5XX_BW_MEM_R420,
	R5XX_BW_MEM_RS400,
	R5XX_BW_MEM_RS480,
};

/**
 * struct r5xx_bw_mem_regs - the registers the memory timings come from
 * @timing_cntl: MEM_TIMING_CNTL
 * @sdram_mode: MEM_SDRAM_MODE_REG
 * @rbs: the read bus switch code: MC_READ_CNTL_AB's MEM_RBS_POSITION_A,
 *	or R300_MC_READ_CNTL_CD's MEM_RBS_POSITION_C on a board with the
 *	C/D channel only (ignored by the IGPs)
 */
struct r5xx_bw_mem_regs {
	u32 timing_cntl;
	u32 sdram_mode;
	u32 rbs;
};

/* chip data the legacy computation takes (r100_bandwidth_update's cases) */
#define R5XX_BW_LEGACY_CRIT_NONZERO	BIT(0)	/* R300: critical point 0x10, not 0 */
#define R5XX_BW_LEGACY_START_LOW	BIT(1)	/* R350: start request 0x10 lower */

/**
 * struct r5xx_bw_legacy - legacy display FIFO registers
 * @grph_buffer_cntl: GRPH_BUFFER_CNTL and GRPH2_BUFFER_CNTL (start and
 *	stop requests, critical point, GRPH_BUFFER_SIZE; the other bits
 *	clear); a CRTC that is off keeps its register
 * @init_lat: MC_INIT_MISC_LAT_TIMER's display init latencies, written
 *	when the priority is forced high
 */
struct r5xx_bw_legacy {
	u32 grph_buffer_cntl[2];
	u32 init_lat;
};

/* the GRPH_BUFFER_CNTL bits r5xx_bw_legacy_compute() sets or clears */
#define R5XX_BW_LEGACY_GRPH_MASK \
	(R5XX_GRPH_BUFFER_CNTL_GRPH_STOP_CNTL | \
	 R5XX_GRPH_BUFFER_CNTL_GRPH_CRITICAL_AT_SOF | \
	 R5XX_GRPH_BUFFER_CNTL_GRPH_BUFFER_SIZE | \
	 R5XX_GRPH_BUFFER_CNTL_GRPH_CRITICAL_CNTL | \
	 R5XX_GRPH_BUFFER_CNTL_GRPH_CRITICAL_POINT | \
	 R5XX_GRPH_BUFFER_CNTL_GRPH_STOP_REQ | \
	 R5XX_GRPH_BUFFER_CNTL_GRPH_START_REQ)

void r5xx_bw_legacy_mem_decode(enum r5xx_bw_mem_timing kind,
			       const struct r5xx_bw_mem_regs *regs,
			       struct r5xx_bw_legacy_mem *mem);
void r5xx_bw_legacy_compute(const struct r5xx_bw_mode mode[2],
			    const struct r5xx_bw_legacy_mem *mem,
			    bool high_priority, u32 flags,
			    struct r5xx_bw_legacy *out);
void r5xx_bw_avivo_compute(const struct r5xx_bw_mode mode[2], u32 sclk_khz,
			   bool high_priority, struct r5xx_bw_avivo *out);
void r5xx_bw_rs690_compute(const struct r5xx_bw_mode mode[2], u32 sclk_khz,
			   const struct r5xx_bw_igp *igp, bool high_priority,
			   struct r5xx_bw_avivo *out);

#endif /* __R5XX_BANDWIDTH_H__ */
