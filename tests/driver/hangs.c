// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The hang campaign: `hangs N [CLIENTS]` injects N GPU hangs while CLIENTS
 * (default 2) innocent processes keep filling their buffers and checking
 * every pixel. The hangs alternate between the QEMU model's two traps
 * (MODEL_DEBUG.IB_HANG: an IB that never finishes; E2_HANG: a 2D operation
 * that never completes); each springs on the hang mark, a NOP that only
 * the guilty submission carries, so the guilty job is known. Per hang:
 * - the driver resets the GPU once (GPU_RESET_COUNTER, what Mesa's
 *   robustness queries read, goes up by one), and the trap is gone;
 * - exactly one job, the guilty one, ends with an error, -ETIME (the
 *   driver's r5xx_fences job counters); its fill never reaches memory;
 * - the guilty client's next job, queued behind the hang, runs;
 * - every innocent client goes on: it must complete two more rounds.
 * At the end: every innocent fill landed (each round fills 4 buffers, in
 * VRAM and GTT, with colours of their own, then checks all pixels), no CS
 * or wait failed, and jobs that failed = hangs.
 */
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "drv_lib.h"

#define BUFS		4
#define MAX_CLIENTS	8

struct client_stats {
	volatile long rounds;
	volatile long fills;
	volatile long bad_pixels;
	volatile long errors;
	volatile int stop;
};

static uint32_t colour_of(unsigned int client, long round, unsigned int b)
{
	return 0xff000000u | ((client * 0x3d + b * 0x11) & 0xff) << 16 |
	       (uint32_t)(round & 0xffff);
}

/* An innocent client: rounds of 4 fills then a check of all of them. */
static void innocent(unsigned int id, struct client_stats *st)
{
	int fd = open_render();
	uint32_t bo[BUFS], dom[BUFS];
	volatile uint32_t *map[BUFS];
	long r;

	for (unsigned int b = 0; b < BUFS; b++) {
		dom[b] = b & 1 ? RADEON_GEM_DOMAIN_GTT : RADEON_GEM_DOMAIN_VRAM;
		bo[b] = gem_create(fd, BUF_SIZE, dom[b]);
		map[b] = gem_map(fd, bo[b], BUF_SIZE);
	}
	for (r = 1; !st->stop; r++) {
		for (unsigned int b = 0; b < BUFS; b++) {
			int ret = fill_buf(fd, bo[b], dom[b],
					   colour_of(id, r, b), false);

			if (ret) {
				printf("FAIL: client %u round %ld: CS %d\n",
				       id, r, ret);
				st->errors++;
			}
		}
		for (unsigned int b = 0; b < BUFS; b++) {
			unsigned int bad;
			int ret = gem_wait_idle(fd, bo[b]);

			if (ret) {
				printf("FAIL: client %u round %ld: WAIT_IDLE %d\n",
				       id, r, ret);
				st->errors++;
			}
			bad = count_not(map[b], colour_of(id, r, b));
			if (bad) {
				printf("FAIL: client %u round %ld buffer %u: %u pixels not 0x%08x (0x%08x)\n",
				       id, r, b, bad, colour_of(id, r, b),
				       map[b][0]);
				st->bad_pixels += bad;
			}
			st->fills++;
		}
		st->rounds = r;
	}
	exit(0);
}

/* Wait until every innocent client finished @more rounds from @from[]. */
static bool clients_advance(struct client_stats *st, unsigned int n,
			    const long *from, long more)
{
	/* the work is bounded: a stuck client is a hang the driver missed */
	for (int t = 0; t < 60 * 20; t++) {
		bool all = true;

		for (unsigned int i = 0; i < n; i++)
			all &= st[i].rounds >= from[i] + more;
		if (all)
			return true;
		usleep(50000);
	}
	return false;
}

int main(int argc, char **argv)
{
	unsigned int hangs = argc > 1 ? atoi(argv[1]) : 3;
	unsigned int nclients = argc > 2 ? atoi(argv[2]) : 2;
	struct client_stats *st;
	pid_t pid[MAX_CLIENTS];
	char dir[512];
	int fd;
	uint32_t guilty, after;
	volatile uint32_t *gmap, *amap;
	long long failed0;
	unsigned int recovered = 0;
	long from[MAX_CLIENTS];

	if (nclients < 2 || nclients > MAX_CLIENTS) {
		fprintf(stderr, "usage: hangs N [CLIENTS 2..%d]\n", MAX_CLIENTS);
		return 2;
	}
	debugfs_dir(dir, sizeof(dir));
	if (mmio_read(dir, REG_MODEL_ID) != MODEL_ID_VALUE) {
		printf("the GPU is not the QEMU model\n");
		return 77;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	fd = open_render();
	guilty = gem_create(fd, BUF_SIZE, RADEON_GEM_DOMAIN_VRAM);
	after = gem_create(fd, BUF_SIZE, RADEON_GEM_DOMAIN_GTT);
	gmap = gem_map(fd, guilty, BUF_SIZE);
	amap = gem_map(fd, after, BUF_SIZE);

	st = shared_alloc(sizeof(*st) * nclients);
	for (unsigned int i = 0; i < nclients; i++) {
		pid[i] = fork();
		if (pid[i] < 0)
			die("fork");
		if (!pid[i])
			innocent(i, &st[i]);
	}
	for (unsigned int i = 0; i < nclients; i++)
		from[i] = 0;
	check(clients_advance(st, nclients, from, 2),
	      "%u innocent clients running", nclients);

	failed0 = fences_field(dir, "jobs_failed");
	for (unsigned int h = 0; h < hangs; h++) {
		bool e2 = h & 1;
		const char *kind = e2 ? "2D operation" : "IB";
		uint64_t resets = reset_counter(fd);
		long long failed = fences_field(dir, "jobs_failed");
		uint32_t old = 0x00100000u | h, colour = 0x00200000u | h;
		bool ok = true;
		int ret, t;

		/* the guilty buffer starts with a known colour */
		ret = fill_buf(fd, guilty, RADEON_GEM_DOMAIN_VRAM, old, false);
		ok &= !ret && !gem_wait_idle(fd, guilty) && !count_not(gmap, old);

		mmio_write(dir, REG_MODEL_DEBUG,
			   e2 ? MODEL_DEBUG_E2_HANG : MODEL_DEBUG_IB_HANG);
		ret = fill_buf(fd, guilty, RADEON_GEM_DOMAIN_VRAM, colour, true);
		if (ret)
			printf("FAIL: hang %u: guilty CS %d\n", h, ret);
		ok &= !ret;
		/* queued behind the hang: must run after the reset */
		ret = fill_buf(fd, after, RADEON_GEM_DOMAIN_GTT, colour, false);
		if (ret)
			printf("FAIL: hang %u: CS after the guilty one %d\n", h, ret);
		ok &= !ret;
		ret = gem_wait_idle(fd, after);
		if (ret)
			printf("FAIL: hang %u: WAIT_IDLE %d\n", h, ret);
		ok &= !ret && !gem_wait_idle(fd, guilty);

		if (reset_counter(fd) != resets + 1) {
			printf("FAIL: hang %u: GPU_RESET_COUNTER %llu, want %llu\n",
			       h, (unsigned long long)reset_counter(fd),
			       (unsigned long long)resets + 1);
			ok = false;
		}
		/* the guilty job is freed a little after its fence signals */
		for (t = 0; t < 100 && fences_field(dir, "jobs_failed") == failed; t++)
			usleep(20000);
		if (fences_field(dir, "jobs_failed") != failed + 1 ||
		    fences_field(dir, "last_job_error") != ETIME_ERR) {
			printf("FAIL: hang %u: jobs_failed %lld -> %lld, last error %lld (want one more, %d)\n",
			       h, failed, fences_field(dir, "jobs_failed"),
			       fences_field(dir, "last_job_error"), ETIME_ERR);
			ok = false;
		}
		if (count_not(gmap, old)) {
			printf("FAIL: hang %u: the guilty fill reached memory (0x%08x)\n",
			       h, gmap[0]);
			ok = false;
		}
		if (count_not(amap, colour)) {
			printf("FAIL: hang %u: the job after the guilty one did not run (0x%08x)\n",
			       h, amap[0]);
			ok = false;
		}
		if (mmio_read(dir, REG_MODEL_DEBUG)) {
			printf("FAIL: hang %u: MODEL_DEBUG 0x%x after the reset\n",
			       h, mmio_read(dir, REG_MODEL_DEBUG));
			ok = false;
		}
		for (unsigned int i = 0; i < nclients; i++)
			from[i] = st[i].rounds;
		if (!clients_advance(st, nclients, from, 2)) {
			printf("FAIL: hang %u: innocent clients stopped\n", h);
			ok = false;
		}
		printf("hang %u (%s): %s\n", h + 1, kind,
		       ok ? "recovered" : "FAILED");
		recovered += ok;
	}

	for (unsigned int i = 0; i < nclients; i++)
		st[i].stop = 1;
	for (unsigned int i = 0; i < nclients; i++) {
		int status;

		if (waitpid(pid[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			st[i].errors++;
		check(!st[i].errors && !st[i].bad_pixels,
		      "innocent client %u: %ld rounds, %ld fills, %ld errors, %ld wrong pixels",
		      i, st[i].rounds, st[i].fills, st[i].errors,
		      st[i].bad_pixels);
	}
	check(fences_field(dir, "jobs_failed") - failed0 == hangs,
	      "%lld jobs failed during the campaign, want %u (the guilty ones)",
	      fences_field(dir, "jobs_failed") - failed0, hangs);
	check(recovered == hangs, "hangs recovered: %u/%u", recovered, hangs);
	return failures ? 1 : 0;
}
