// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The per-file usage statistics in /proc/PID/fdinfo/FD (r5xx_fdinfo.c,
 * Documentation/r5xx.rst "fdinfo"):
 *
 *   fdinfo keys     drm-driver, a drm-client-id per open file, drm-pdev;
 *                   the engine and memory keys are there
 *   fdinfo memory   a 1 MiB VRAM and a 1 MiB GTT buffer raise drm-total-
 *                   and drm-resident- of their region by 1 MiB, a second
 *                   handle (flink) counts in drm-shared- of both files,
 *                   closing the handles takes it all back; sizes are
 *                   exact (1 MiB + 4 KiB is "1028 KiB")
 *   fdinfo engine   while a thread submits fills on one file, its
 *                   drm-engine-gfx grows, never backwards and never faster
 *                   than the wall clock; that of an idle file stays 0;
 *                   once idle, it stands still and nothing is active
 *   fdinfo wait     (vgem loaded) a job waiting for a foreign fence is not
 *                   on the GPU: no drm-engine-gfx until the fence signals;
 *                   the imported buffer with that fence is shared and
 *                   active until then
 *   fdinfo busy S   (for tests/uapi/gputop.sh) fills for S seconds
 *   fdinfo submit N (for tests/uapi/sched-client-id.sh) N open files each
 *                   submit one fill and wait for it, then print their
 *                   drm-client-id, one a line
 */
#include "guest_lib.h"
#include "vgem.h"

#include <pthread.h>
#include <time.h>

#define MiB		(1024 * 1024ull)
#define FILL_W		1024	/* pixels, 4 bytes each: 4 KiB rows */
#define FILL_H		256	/* 1 MiB a fill */
#define BATCH		8	/* fills between waits */

/* ---- reading fdinfo ---- */

/* The value of @key in /proc/self/fdinfo/@fd, copied to @val; false if absent. */
static bool fdinfo_get(int fd, const char *key, char *val, size_t len)
{
	char path[64], line[256];
	size_t klen = strlen(key);
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	if (!f)
		die(path);
	while (!found && fgets(line, sizeof(line), f)) {
		char *v = line + klen;

		if (strncmp(line, key, klen) || *v != ':')
			continue;
		v++;
		v += strspn(v, " \t");
		v[strcspn(v, "\n")] = '\0';
		snprintf(val, len, "%s", v);
		found = true;
	}
	fclose(f);
	return found;
}

/*
 * A number key with an optional unit ("ns", "KiB", "MiB"), in ns or
 * bytes; exits if it is absent or malformed: every key read here must
 * be there.
 */
static uint64_t fdinfo_num(int fd, const char *key)
{
	char val[128], *end;
	uint64_t n;

	if (!fdinfo_get(fd, key, val, sizeof(val))) {
		printf("FAIL: fd %d has no %s\n", fd, key);
		exit(1);
	}
	errno = 0;
	n = strtoull(val, &end, 10);
	if (errno || end == val)
		goto bad;
	end += strspn(end, " ");
	if (!strcmp(end, "KiB"))
		n *= 1024;
	else if (!strcmp(end, "MiB"))
		n *= MiB;
	else if (*end && strcmp(end, "ns"))
		goto bad;
	return n;
bad:
	printf("FAIL: fd %d: %s is \"%s\"\n", fd, key, val);
	exit(1);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000l };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* Print /proc/self/fdinfo/@fd, indented, for the log. */
static void fdinfo_dump(int fd)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	if (!f)
		die(path);
	while (fgets(line, sizeof(line), f))
		printf("    %s", line);
	fclose(f);
}

/* ---- keys ---- */

static int t_keys(void)
{
	int a = open_render(), b = open_render();
	char drv[64], id_a[64], id_b[64], pdev[64], val[64];

	check(fdinfo_get(a, "drm-driver", drv, sizeof(drv)) &&
	      !strcmp(drv, "radeon"), "drm-driver is radeon (\"%s\")", drv);
	check(fdinfo_get(a, "drm-client-id", id_a, sizeof(id_a)) &&
	      fdinfo_get(b, "drm-client-id", id_b, sizeof(id_b)) &&
	      *id_a && *id_b && strcmp(id_a, id_b),
	      "two open files have distinct drm-client-id (%s, %s)", id_a, id_b);
	check(fdinfo_get(a, "drm-pdev", pdev, sizeof(pdev)) &&
	      strlen(pdev) == 12 && pdev[4] == ':',
	      "drm-pdev is a PCI address (%s)", pdev);
	check(fdinfo_get(b, "drm-engine-gfx", val, sizeof(val)) &&
	      !strcmp(val, "0 ns"), "a new file's drm-engine-gfx is \"0 ns\" (\"%s\")",
	      val);
	for (int i = 0; i < 3; i++) {
		static const char *const region[] = { "vram", "gtt", "cpu" };
		static const char *const stat[] = { "total", "shared", "active",
						    "resident" };

		for (int s = 0; s < 4; s++) {
			char key[64];

			snprintf(key, sizeof(key), "drm-%s-%s", stat[s], region[i]);
			check(fdinfo_get(a, key, val, sizeof(val)) &&
			      fdinfo_num(a, key) == 0,
			      "%s of a new file is 0 (\"%s\")", key, val);
		}
	}

	/* the same open file through a dup is the same client */
	{
		int c = dup(a);
		char id_c[64];

		check(c >= 0 && fdinfo_get(c, "drm-client-id", id_c, sizeof(id_c)) &&
		      !strcmp(id_a, id_c), "a dup'ed fd is the same client (%s)", id_c);
		close(c);
	}
	close(a);
	close(b);
	return failures ? 1 : 0;
}

/* ---- memory ---- */

struct mem {
	uint64_t total, resident, shared;
};

static struct mem mem_of(int fd, const char *region)
{
	char key[64];
	struct mem m;

	snprintf(key, sizeof(key), "drm-total-%s", region);
	m.total = fdinfo_num(fd, key);
	snprintf(key, sizeof(key), "drm-resident-%s", region);
	m.resident = fdinfo_num(fd, key);
	snprintf(key, sizeof(key), "drm-shared-%s", region);
	m.shared = fdinfo_num(fd, key);
	return m;
}

static uint32_t flink(int fd, uint32_t handle)
{
	struct drm_gem_flink f = { .handle = handle };

	if (xioctl(fd, DRM_IOCTL_GEM_FLINK, &f))
		die("GEM_FLINK");
	return f.name;
}

static uint32_t gem_open_name(int fd, uint32_t name)
{
	struct drm_gem_open o = { .name = name };

	if (xioctl(fd, DRM_IOCTL_GEM_OPEN, &o))
		die("GEM_OPEN");
	return o.handle;
}

static void mem_region(int a, int b, const char *region, uint32_t domain)
{
	struct mem a0 = mem_of(a, region), b0 = mem_of(b, region), a1, b1;
	uint32_t h, hb;

	h = gem_create(a, MiB, domain);
	a1 = mem_of(a, region);
	b1 = mem_of(b, region);
	check(a1.total >= a0.total + MiB && a1.resident >= a0.resident + MiB,
	      "1 MiB %s buffer: drm-total-%s %" PRIu64 " -> %" PRIu64
	      ", drm-resident-%s %" PRIu64 " -> %" PRIu64, region, region,
	      a0.total, a1.total, region, a0.resident, a1.resident);
	check(a1.shared == a0.shared, "not shared yet (%" PRIu64 ")", a1.shared);
	check(b1.total == b0.total && b1.resident == b0.resident,
	      "the other file's drm-total-%s stays %" PRIu64 " (%" PRIu64 ")",
	      region, b0.total, b1.total);

	/* a handle in the other file: shared, in both */
	hb = gem_open_name(b, flink(a, h));
	a1 = mem_of(a, region);
	b1 = mem_of(b, region);
	check(a1.shared >= a0.shared + MiB && b1.shared >= b0.shared + MiB &&
	      b1.total >= b0.total + MiB,
	      "opened by name in the other file: drm-shared-%s %" PRIu64
	      " and %" PRIu64 ", drm-total-%s there %" PRIu64,
	      region, a1.shared, b1.shared, region, b1.total);
	gem_close(b, hb);
	b1 = mem_of(b, region);
	check(b1.total == b0.total && b1.shared == b0.shared,
	      "closed there: drm-total-%s %" PRIu64 ", drm-shared-%s %" PRIu64,
	      region, b1.total, region, b1.shared);

	gem_close(a, h);
	a1 = mem_of(a, region);
	check(a1.total == a0.total && a1.resident == a0.resident &&
	      a1.shared == a0.shared,
	      "closed: drm-total-%s %" PRIu64 ", drm-resident-%s %" PRIu64
	      ", drm-shared-%s %" PRIu64 " as before",
	      region, a1.total, region, a1.resident, region, a1.shared);
}

/* Sizes are exact, in the largest unit that divides them (as 6.12's core) */
static void mem_units(int fd)
{
	uint32_t h = gem_create(fd, MiB + 4096, RADEON_GEM_DOMAIN_VRAM);
	char val[64] = "";

	fdinfo_get(fd, "drm-total-vram", val, sizeof(val));
	check(!strcmp(val, "1028 KiB"),
	      "a buffer of 1 MiB + 4 KiB: drm-total-vram \"1028 KiB\" (\"%s\")", val);
	gem_close(fd, h);
}

static int t_memory(void)
{
	/* flink and GEM_OPEN are not for render nodes */
	int a = open_card(), b = open_card();

	mem_region(a, b, "vram", RADEON_GEM_DOMAIN_VRAM);
	mem_region(a, b, "gtt", RADEON_GEM_DOMAIN_GTT);
	mem_units(a);
	close(a);
	close(b);
	return failures ? 1 : 0;
}

/* ---- engine time ---- */

struct busy {
	int fd;
	uint32_t bo;
	volatile bool stop;
	unsigned long fills;
	int error;
};

/* Fill the buffer, BATCH fills at a time, until told to stop. */
static void *busy_thread(void *arg)
{
	struct busy *b = arg;
	struct drm_radeon_cs_reloc reloc = { .handle = b->bo,
		.write_domain = RADEON_GEM_DOMAIN_VRAM };
	uint32_t ib[FILL_IB_DW];
	int ret;

	fill_ib(ib, 4, pitch_offset(FILL_W * 4, 0), 0, 0, 0, FILL_W, FILL_H,
		0x00ff00ff);
	while (!b->stop) {
		for (int i = 0; i < BATCH; i++) {
			ret = cs_submit(b->fd, ib, FILL_IB_DW, &reloc, 1, NULL, 0);
			if (ret) {
				b->error = ret;
				return NULL;
			}
			b->fills++;
		}
		ret = gem_wait_idle(b->fd, b->bo);
		if (ret) {
			b->error = ret;
			return NULL;
		}
	}
	return NULL;
}

static void busy_start(struct busy *b, pthread_t *thread)
{
	b->fd = open_render();
	b->bo = gem_create(b->fd, MiB, RADEON_GEM_DOMAIN_VRAM);
	b->stop = false;
	if (pthread_create(thread, NULL, busy_thread, b))
		die("pthread_create");
}

static void busy_stop(struct busy *b, pthread_t thread)
{
	b->stop = true;
	pthread_join(thread, NULL);
	check(!b->error, "%lu fills submitted and waited for (%d)", b->fills,
	      b->error);
}

static int t_engine(void)
{
	int idle = open_render();
	uint64_t t0, t1, wall0, wall1, last, e;
	struct busy b = { 0 };
	pthread_t thread;
	bool backwards = false;
	int samples = 0;

	busy_start(&b, &thread);
	wall0 = now_ns();
	t0 = fdinfo_num(b.fd, "drm-engine-gfx");
	last = t0;
	/* 2 s of samples, every 20 ms */
	for (int i = 0; i < 100; i++) {
		sleep_ms(20);
		e = fdinfo_num(b.fd, "drm-engine-gfx");
		if (e < last) {
			printf("drm-engine-gfx went from %" PRIu64 " to %" PRIu64 "\n",
			       last, e);
			backwards = true;
		}
		last = e;
		samples++;
	}
	t1 = fdinfo_num(b.fd, "drm-engine-gfx");
	wall1 = now_ns();
	busy_stop(&b, thread);

	printf("busy file: %" PRIu64 " ns of GPU time in %" PRIu64
	       " ns, %lu fills\n", t1 - t0, wall1 - wall0, b.fills);
	check(!backwards, "drm-engine-gfx never went backwards (%d samples)",
	      samples);
	check(t1 > t0 && b.fills, "the busy file's drm-engine-gfx grew (%" PRIu64
	      " -> %" PRIu64 " ns)", t0, t1);
	/* one engine: a file cannot have more GPU time than wall time */
	check(t1 - t0 <= wall1 - wall0,
	      "its growth (%" PRIu64 " ns) is at most the wall time (%" PRIu64 " ns)",
	      t1 - t0, wall1 - wall0);
	check(fdinfo_num(idle, "drm-engine-gfx") == 0,
	      "the idle file's drm-engine-gfx stayed 0 (%" PRIu64 " ns)",
	      fdinfo_num(idle, "drm-engine-gfx"));

	/* idle now (busy_stop waited): no running job counts */
	t0 = fdinfo_num(b.fd, "drm-engine-gfx");
	sleep_ms(200);
	t1 = fdinfo_num(b.fd, "drm-engine-gfx");
	check(t1 == t0, "after the last fill it stands still (%" PRIu64 " -> %"
	      PRIu64 " ns)", t0, t1);
	check(fdinfo_num(b.fd, "drm-active-vram") == 0,
	      "and drm-active-vram is 0 (%" PRIu64 ")",
	      fdinfo_num(b.fd, "drm-active-vram"));
	printf("fdinfo of the busy file:\n");
	fdinfo_dump(b.fd);

	close(b.fd);
	close(idle);
	return failures ? 1 : 0;
}

/* ---- a job waiting for a foreign fence ---- */

#define VG_W		64
#define VG_H		64
#define VG_SIZE		(VG_W * VG_H * 4)

/* The sum of drm-@stat-<region> over the regions of @fd. */
static uint64_t mem_sum(int fd, const char *stat)
{
	static const char *const region[] = { "vram", "gtt", "cpu" };
	uint64_t sum = 0;
	char key[64];

	for (int i = 0; i < 3; i++) {
		snprintf(key, sizeof(key), "drm-%s-%s", stat, region[i]);
		sum += fdinfo_num(fd, key);
	}
	return sum;
}

static int t_wait(void)
{
	int vfd = open_node_of("/dev/dri/card%d", 0, "vgem");
	int fd = open_render();
	struct vgem_fence_signal fs = { 0 };
	struct drm_radeon_cs_reloc r = { .write_domain = RADEON_GEM_DOMAIN_GTT };
	uint32_t ib[FILL_IB_DW], handle, pitch;
	uint64_t e;
	int dmabuf, ret;

	if (vfd < 0)
		die("no vgem device (tests/uapi/fdinfo-wait.sh loads vgem)");
	dmabuf = vgem_fenced_import(vfd, fd, &handle, &fs.fence, &pitch);

	check(mem_sum(fd, "total") >= VG_SIZE && mem_sum(fd, "shared") >= VG_SIZE,
	      "the imported buffer counts, as shared (total %" PRIu64
	      ", shared %" PRIu64 ")", mem_sum(fd, "total"), mem_sum(fd, "shared"));
	check(mem_sum(fd, "active") >= VG_SIZE,
	      "with the vgem fence unsignalled it is active (%" PRIu64 ")",
	      mem_sum(fd, "active"));

	r.handle = handle;
	fill_ib(ib, 4, pitch_offset(pitch, 0), 0, 0, 0, VG_W, VG_H, 0x0000ffff);
	ret = cs_submit(fd, ib, FILL_IB_DW, &r, 1, NULL, 0);
	check(!ret, "a fill of it submitted (%d)", ret);
	sleep_ms(300);
	e = fdinfo_num(fd, "drm-engine-gfx");
	check(e == 0, "waiting for the vgem fence, it has no GPU time (%" PRIu64
	      " ns)", e);

	ret = xioctl(vfd, VGEM_IOCTL_FENCE_SIGNAL, &fs);
	check(!ret, "vgem fence signalled (%d)", ret);
	ret = gem_wait_idle(fd, handle);
	check(!ret, "the fill ran (%d)", ret);
	e = fdinfo_num(fd, "drm-engine-gfx");
	check(e > 0, "then it has (%" PRIu64 " ns)", e);
	check(mem_sum(fd, "active") == 0, "and nothing is active (%" PRIu64 ")",
	      mem_sum(fd, "active"));

	gem_close(fd, handle);
	close(dmabuf);
	close(fd);
	close(vfd);
	return failures ? 1 : 0;
}

/* ---- busy S: GPU load for tests/uapi/gputop.sh ---- */

static int busy_seconds(unsigned int seconds)
{
	struct busy b = { 0 };
	pthread_t thread;

	busy_start(&b, &thread);
	printf("ready\n");
	fflush(stdout);
	sleep_ms(seconds * 1000);
	busy_stop(&b, thread);
	printf("%" PRIu64 " ns of GPU time\n", fdinfo_num(b.fd, "drm-engine-gfx"));
	close(b.fd);
	return failures ? 1 : 0;
}

/* ---- submit N: one job on each of N files ---- */

static int submit_files(unsigned int n)
{
	uint32_t ib[FILL_IB_DW];
	char ids[8][64];
	int fds[8];
	unsigned int i;

	if (n < 1 || n > ARRAY_SIZE(fds)) {
		fprintf(stderr, "submit: 1 to %zu files\n", ARRAY_SIZE(fds));
		return 2;
	}
	fill_ib(ib, 4, pitch_offset(FILL_W * 4, 0), 0, 0, 0, FILL_W, 1,
		0x00ff00ff);
	for (i = 0; i < n; i++) {
		struct drm_radeon_cs_reloc reloc = {
			.write_domain = RADEON_GEM_DOMAIN_VRAM,
		};
		int ret;

		fds[i] = open_render();
		reloc.handle = gem_create(fds[i], FILL_W * 4,
					  RADEON_GEM_DOMAIN_VRAM);
		ret = cs_submit(fds[i], ib, FILL_IB_DW, &reloc, 1, NULL, 0);
		if (!ret)
			ret = gem_wait_idle(fds[i], reloc.handle);
		if (ret) {
			printf("FAIL: fill on file %u: %d\n", i, ret);
			return 1;
		}
		if (!fdinfo_get(fds[i], "drm-client-id", ids[i], sizeof(ids[i]))) {
			printf("FAIL: file %u has no drm-client-id\n", i);
			return 1;
		}
	}
	for (i = 0; i < n; i++)
		printf("%s\n", ids[i]);
	return 0;
}

static const struct named_test tests[] = {
	{ "keys", t_keys },
	{ "memory", t_memory },
	{ "engine", t_engine },
	{ "wait", t_wait },
};

int main(int argc, char **argv)
{
	const struct named_test *t;

	if (argc == 3 && !strcmp(argv[1], "busy"))
		return busy_seconds(atoi(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "submit"))
		return submit_files(atoi(argv[2]));
	if (argc != 2) {
		fprintf(stderr,
			"usage: %s keys|memory|engine|wait|busy SECONDS|submit FILES\n",
			argv[0]);
		return 2;
	}
	t = find_test(tests, ARRAY_SIZE(tests), argv[1]);
	return t ? t->fn() : 2;
}
