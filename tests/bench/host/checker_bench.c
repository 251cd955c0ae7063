// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Host-native benchmark of the command-stream checker (tests/bench/host/run;
 * not a test): for streams shaped like Mesa's and the X driver's
 * (tests/unit/cs_streams.h) of several sizes, the rate at which the ioctl's
 * CPU work on the IB goes: the copy of the user's IB into the kernel IB
 * (memcpy here, copy_from_user in the driver) plus r5xx_cs_check() on the
 * copy.  Prints, per stream,
 *
 *   host NAME DWORDS MB/s=median min=... max=... copy_share=...% check_ns_per_dw=...
 *
 * the median, minimum and maximum over --reps repetitions of a timed loop
 * of about --ms milliseconds each; copy_share is the copy's part of the
 * time (measured apart).  Time is the thread's CPU time, not the wall
 * clock: on a shared host the other load then costs cache and memory
 * bandwidth, not whole time slices.
 *
 * Usage: checker_bench [--ms N] [--reps N] [--only NAME] [--loop SECS]
 *   --loop: run only the named stream (or the 16k Mesa one) for SECS
 *           seconds, for a profiler (perf record, gprof).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <linux/kernel.h>

#include "cs_streams.h"

#define BIG_DW 16384	/* Mesa's CS buffer */

struct bench_stream {
	const char *name;
	enum r5xx_family family;
	u32 flags;
	u32 ndw;
	u32 *d;
};

static int crtc_lookup(void *priv, u32 id, struct r5xx_cs_crtc *crtc)
{
	crtc->enabled = true;
	crtc->hw_index = 0;
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * Mesa's state once, then the draws of its stream (vertex arrays, a list, an
 * indexed and an immediate draw) until the CS is full, the end-of-CS flush
 * last: the shape of a frame of many draws with little state between them,
 * as the in-guest benchmark's 3D stream (tests/bench/bench.c).
 */
static u32 *mesa_draws(const struct stream *mesa, u32 max, u32 *ndw)
{
	static struct stream state, tail;
	u32 *d = malloc(max * 4), n, first = 0, end = mesa->n, i;

	if (!d)
		exit(1);
	state.n = 0;
	mesa_state(&state, false);
	/* the draws: from 3D_LOAD_VBPNTR to the occlusion query's first write */
	for (i = 0; i < mesa->n; i++) {
		if (!first && mesa->d[i] == R5XX_PACKET3(R5XX_PM4_3D_LOAD_VBPNTR, 3))
			first = i;
		if (first && mesa->d[i] == R5XX_PACKET0(R5XX_SU_REG_DEST, 0)) {
			end = i;
			break;
		}
	}
	tail.n = 0;
	reg(&tail, R5XX_RB3D_DSTCACHE_CTLSTAT, 0xa);
	reg(&tail, R5XX_ZB_ZCACHE_CTLSTAT, 3);
	reg(&tail, R5XX_WAIT_UNTIL, R5XX_WAIT_UNTIL_WAIT_3D_IDLECLEAN);
	pad8(&tail);
	memcpy(d, state.d, state.n * 4);
	n = state.n;
	while (n + (end - first) + tail.n + 8 <= max) {
		memcpy(d + n, mesa->d + first, (end - first) * 4);
		n += end - first;
	}
	memcpy(d + n, tail.d, tail.n * 4);
	n += tail.n;
	while (n % 8)
		d[n++] = R5XX_PACKET2;
	*ndw = n;
	return d;
}

/* @copies of @s back to back, up to @max dwords */
static u32 *repeat(const struct stream *s, u32 copies, u32 max, u32 *ndw)
{
	u32 *d = malloc(max * 4), n = 0, i;

	if (!d)
		exit(1);
	for (i = 0; i < copies && n + s->n <= max; i++) {
		memcpy(d + n, s->d, s->n * 4);
		n += s->n;
	}
	*ndw = n;
	return d;
}

static struct r5xx_cs_check_ctx ctx_for(const struct bench_stream *b)
{
	struct r5xx_cs_check_ctx c = {
		.family = b->family,
		.cs_flags = b->flags,
		.relocs = test_bos,
		.nrelocs = BO_COUNT,
		.crtc_lookup = crtc_lookup,
	};
	return c;
}

static u32 kernel_ib[BIG_DW];

/* seconds for @iters copies + checks (@what: 0 both, 1 copy, 2 check) */
static double run(const struct bench_stream *b, u64 iters, int what)
{
	struct r5xx_cs_check_ctx c = ctx_for(b);
	double t0;
	u64 i;

	/* the driver passes the checker state it keeps per file */
	c.state = malloc(r5xx_cs_check_state_size());
	if (!c.state) {
		perror("checker_bench");
		exit(1);
	}
	t0 = now();

	for (i = 0; i < iters; i++) {
		if (what != 2)
			memcpy(kernel_ib, b->d, b->ndw * 4);
		if (what != 1 && r5xx_cs_check(&c, kernel_ib, b->ndw)) {
			fprintf(stderr, "checker_bench: %s refused\n", b->name);
			exit(1);
		}
		/* keep the copy from being optimised away */
		__asm__ volatile("" : : "r"(kernel_ib) : "memory");
	}
	t0 = now() - t0;
	free(c.state);
	return t0;
}

static void bench(const struct bench_stream *b, double ms, int reps)
{
	double rate[64], copy[64], t, share;
	u64 iters = 1;
	int r;

	/* calibrate: iterations for about @ms milliseconds */
	while ((t = run(b, iters, 0)) < ms / 4000)
		iters *= 2;
	iters = iters * (ms / 1000) / t + 1;
	for (r = 0; r < reps; r++) {
		t = run(b, iters, 0);
		rate[r] = iters * b->ndw * 4.0 / t / 1e6;
		copy[r] = run(b, iters, 1) / t;
	}
	qsort(rate, reps, sizeof(rate[0]), cmp_double);
	qsort(copy, reps, sizeof(copy[0]), cmp_double);
	share = copy[reps / 2];
	printf("host %-16s %6u MB/s=%.0f min=%.0f max=%.0f copy_share=%.1f%% check_ns_per_dw=%.2f\n",
	       b->name, b->ndw, rate[reps / 2], rate[0], rate[reps - 1],
	       100 * share, (1 - share) * 4e3 / rate[reps / 2]);
}

int main(int argc, char **argv)
{
	static struct stream mesa, mesa5, ddx2d, comp, state;
	struct bench_stream all[16];
	const char *only = NULL;
	double ms = 200, loop = 0;
	int reps = 7, n = 0, i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--ms") && i + 1 < argc)
			ms = atof(argv[++i]);
		else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
			reps = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--only") && i + 1 < argc)
			only = argv[++i];
		else if (!strcmp(argv[i], "--loop") && i + 1 < argc)
			loop = atof(argv[++i]);
		else {
			fprintf(stderr, "usage: %s [--ms N] [--reps N] [--only NAME] [--loop SECS]\n",
				argv[0]);
			return 2;
		}
	}
	if (reps < 1 || reps > 64)
		reps = 7;

	mesa_stream(&mesa, false);
	mesa_stream(&mesa5, true);
	ddx_2d_stream(&ddx2d, false, 31);
	ddx_composite_stream(&comp, false);
	state.n = 0;
	mesa_state(&state, false);
	pad8(&state);

#define ADD(nm, fam, fl, s, copies)					\
	do {								\
		all[n].name = nm;					\
		all[n].family = fam;					\
		all[n].flags = fl;					\
		all[n].d = repeat(&(s), copies, BIG_DW, &all[n].ndw);	\
		n++;							\
	} while (0)
	ADD("mesa", R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, mesa, 1);
	ADD("mesa_x8", R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, mesa, 8);
	ADD("mesa_16k", R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, mesa, ~0u);
	ADD("mesa_r500_16k", R5XX_FAMILY_RV515, RADEON_CS_KEEP_TILING_FLAGS, mesa5, ~0u);
	ADD("state_16k", R5XX_FAMILY_RV380, RADEON_CS_KEEP_TILING_FLAGS, state, ~0u);
	all[n].name = "draws_16k";
	all[n].family = R5XX_FAMILY_RV380;
	all[n].flags = RADEON_CS_KEEP_TILING_FLAGS;
	all[n].d = mesa_draws(&mesa, BIG_DW, &all[n].ndw);
	n++;
	ADD("ddx_2d", R5XX_FAMILY_RV380, 0, ddx2d, 1);
	ADD("ddx_2d_16k", R5XX_FAMILY_RV380, 0, ddx2d, ~0u);
	ADD("ddx_comp", R5XX_FAMILY_RV380, 0, comp, 1);
	ADD("ddx_comp_16k", R5XX_FAMILY_RV380, 0, comp, ~0u);

	if (loop > 0) {
		const struct bench_stream *b = &all[2];
		double t0 = now();

		for (i = 0; i < n; i++)
			if (only && !strcmp(all[i].name, only))
				b = &all[i];
		while (now() - t0 < loop)
			run(b, 1000, 0);
		return 0;
	}
	printf("host checker: r5xx_cs_check + IB copy, -O2, %d reps of ~%.0f ms of CPU time each\n",
	       reps, ms);
	for (i = 0; i < n; i++)
		if (!only || !strcmp(all[i].name, only))
			bench(&all[i], ms, reps);
	return 0;
}
