// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * KMS tests of r5xx.ko on the model's rv380 legacy display and rv515 AVIVO
 * display (tests/kms/):
 *
 *   kms scanout FORMAT LAYOUT   xrgb8888|argb8888|rgb565, linear|macro|micro|both|gtt:
 *                               a pattern in a GEM buffer of that GEM tiling (gtt:
 *                               linear, created in GTT) on VGA-1's preferred mode,
 *                               screendump pixel-exact
 *   kms dpms                    the DPMS property turns CRTC 0 off and on
 *   kms two                     VGA-1 on CRTC 0 and DVI (plugged) on CRTC 1
 *                               at different modes, both heads pixel-exact
 *   kms cursor                  64x64 ARGB cursor (SETCURSOR2, MOVECURSOR) on
 *                               screen, off the top-left and bottom-right corners
 *   kms gamma                   an inverted 256-entry gamma ramp
 *   kms flip                    page flips with events: in order, sequence
 *                               increasing; WAIT_VBLANK and CRTC_GET_SEQUENCE
 *                               count the same vblanks; the vblank rate of
 *                               DRM's timestamps against the model's virtual
 *                               time (MODEL_VTIME)
 *   kms badfb                   addfb refusals: errno, no framebuffer
 *   kms crtcid                  RADEON_INFO_CRTC_FROM_ID
 *   kms vline                   CS VLINE waits naming KMS CRTCs (X driver)
 *   kms hotplug                 DVI (hot-plug interrupt) and VGA (polled)
 *                               unplug/replug through QMP: connector status and
 *                               a hotplug uevent each time
 *   kms dac2                    rv380: a monitor without DDC on the TV DAC
 *                               (DVI-I's analog half, monitor-dac2) found by
 *                               load detection on a forced probe, not found
 *                               without one, lit from CRTC 1 and CRTC 0:
 *                               head 3 pixel-exact
 *   kms dacb                    rv515 with dvi-i=on: the same on AVIVO DAC B
 *                               (monitor-dacb)
 *   kms panel WxH SCALING       rv380m: a pattern at WxH on LVDS-1 with its
 *                               "scaling mode" (Full, Full aspect, Center);
 *                               the panel's head 2 pixel-exact (native size,
 *                               centred) or each pixel a source pixel within
 *                               one of where it scales from (stretched)
 *
 * The screendump of head N (tests/vm/qmp) is CRTC N's picture; the model's
 * clock is read through debugfs (r5xx_mmio), BAR 2 being the driver's.
 */
#include "guest_lib.h"

#include <linux/netlink.h>
#include <poll.h>
#include <sys/socket.h>
#include <time.h>

#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

#include "r5xx_facts.h"

static int fd;
static drmModeResPtr res;

struct fb {
	uint32_t w, h, cpp, pitch, format, tiling, handle, id;
	uint64_t size;
	uint8_t *map;
};

/* ---- buffers ---- */

/* pixels across and down a micro tile (32 bytes; one row when not tiled) */
static void micro_size(const struct fb *f, uint32_t *mw, uint32_t *mh)
{
	unsigned int w, h;

	if ((f->tiling & RADEON_TILING_MICRO) && r5xx_micro_tile(f->cpp, 0, &w, &h)) {
		*mw = w;
		*mh = h;
	} else {
		*mw = 32 / f->cpp;
		*mh = 1;
	}
}

/* byte offset of pixel (x, y): the 2D engine's surface layouts */
static uint64_t pix_off(const struct fb *f, uint32_t x, uint32_t y)
{
	uint32_t mw, mh, mx, my, per_row;
	uint64_t in;

	micro_size(f, &mw, &mh);
	mx = x / mw;
	my = y / mh;
	in = ((y % mh) * mw + x % mw) * f->cpp;

	if (!(f->tiling & (RADEON_TILING_MACRO | RADEON_TILING_MICRO)))
		return (uint64_t)y * f->pitch + x * f->cpp;
	if (!(f->tiling & RADEON_TILING_MACRO))
		return (uint64_t)my * f->pitch * mh + mx * 32 + in;
	per_row = f->pitch / (8 * 32 / mh);
	return ((uint64_t)(my / 8) * per_row + mx / 8) * 2048 +
	       ((my % 8) * 8 + mx % 8) * 32 + in;
}

static uint32_t fb_domain = RADEON_GEM_DOMAIN_VRAM;

static void fb_make(struct fb *f, uint32_t w, uint32_t h, uint32_t format,
		    uint32_t tiling)
{
	struct drm_radeon_gem_create c = { 0 };
	struct drm_radeon_gem_set_tiling t = { 0 };
	struct drm_radeon_gem_mmap m = { 0 };
	uint32_t handles[4] = { 0 }, pitches[4] = { 0 }, offsets[4] = { 0 };

	memset(f, 0, sizeof(*f));
	f->w = w;
	f->h = h;
	f->format = format;
	f->tiling = tiling;
	f->cpp = format == DRM_FORMAT_RGB565 ? 2 : 4;
	f->pitch = (w * f->cpp + 2047) & ~2047u;
	f->size = (uint64_t)f->pitch * ((h + 31) & ~31u);
	c.size = f->size;
	c.alignment = 4096;
	c.initial_domain = fb_domain;
	if (xioctl(fd, DRM_IOCTL_RADEON_GEM_CREATE, &c))
		die("GEM_CREATE");
	f->handle = c.handle;
	if (tiling) {
		t.handle = f->handle;
		t.tiling_flags = tiling;
		t.pitch = f->pitch;
		if (xioctl(fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &t))
			die("GEM_SET_TILING");
	}
	m.handle = f->handle;
	m.size = f->size;
	if (xioctl(fd, DRM_IOCTL_RADEON_GEM_MMAP, &m))
		die("GEM_MMAP");
	f->map = mmap(NULL, f->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		      m.addr_ptr);
	if (f->map == MAP_FAILED)
		die("mmap");
	handles[0] = f->handle;
	pitches[0] = f->pitch;
	if (drmModeAddFB2(fd, w, h, format, handles, pitches, offsets, &f->id, 0))
		die("ADDFB2");
}

static void fb_free(struct fb *f)
{
	drmModeRmFB(fd, f->id);
	munmap(f->map, f->size);
	gem_close(fd, f->handle);
}

/* 0xRRGGBB as the buffer's format stores it, and as the screen shows it */
static uint32_t pack(const struct fb *f, uint32_t rgb)
{
	uint32_t r = rgb >> 16 & 0xff, g = rgb >> 8 & 0xff, b = rgb & 0xff;

	if (f->cpp == 2)
		return (r >> 3) << 11 | (g >> 2) << 5 | b >> 3;
	return (f->format == DRM_FORMAT_ARGB8888 ? 0x5a000000 : 0) | rgb;
}

static uint32_t shown(const struct fb *f, uint32_t rgb)
{
	uint32_t r = rgb >> 16 & 0xff, g = rgb >> 8 & 0xff, b = rgb & 0xff;

	if (f->cpp != 2)
		return rgb;
	r >>= 3; g >>= 2; b >>= 3;
	return (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2);
}

static uint32_t pattern(uint32_t x, uint32_t y, uint32_t seed)
{
	return ((x * 7 + seed) & 0xff) << 16 | ((y * 5 + seed * 3) & 0xff) << 8 |
	       (((x ^ y) + seed) & 0xff);
}

static void fb_fill(struct fb *f, uint32_t seed)
{
	for (uint32_t y = 0; y < f->h; y++)
		for (uint32_t x = 0; x < f->w; x++) {
			uint32_t v = pack(f, pattern(x, y, seed));
			uint8_t *p = f->map + pix_off(f, x, y);

			if (f->cpp == 2)
				*(volatile uint16_t *)p = v;
			else
				*(volatile uint32_t *)p = v;
		}
}

/* ---- screendumps ---- */

struct image {
	unsigned int w, h;
	uint8_t *rgb;
};

static void screendump(unsigned int head, struct image *img)
{
	const char *scratch = getenv("R5XX_SCRATCH");
	char path[256], cmd[512], magic[3];
	FILE *f;
	unsigned int max;

	if (!scratch)
		die("R5XX_SCRATCH");
	static unsigned int count;

	/* one file per dump, kept with R5XX_KEEP_SCRATCH=1 */
	snprintf(path, sizeof(path), "%s/kms-%u-head%u.ppm", scratch, count++,
		 head);
	unlink(path);
	snprintf(cmd, sizeof(cmd), "tests/vm/qmp screendump %s %u >/dev/null",
		 path, head);
	if (system(cmd))
		die("screendump");
	f = fopen(path, "rb");
	if (!f || fscanf(f, "%2s %u %u %u", magic, &img->w, &img->h, &max) != 4)
		die("screendump file");
	fgetc(f);
	img->rgb = malloc((size_t)img->w * img->h * 3);
	if (fread(img->rgb, 3, (size_t)img->w * img->h, f) != (size_t)img->w * img->h)
		die("screendump data");
	fclose(f);
}

static uint32_t img_px(const struct image *img, unsigned int x, unsigned int y)
{
	const uint8_t *p = img->rgb + ((size_t)y * img->w + x) * 3;

	return p[0] << 16 | p[1] << 8 | p[2];
}

/* pixels of head @head that differ from expect() */
static unsigned int compare(unsigned int head, unsigned int w, unsigned int h,
			    uint32_t (*expect)(unsigned int, unsigned int, void *),
			    void *arg, const char *what)
{
	struct image img;
	unsigned int bad = 0;

	screendump(head, &img);
	if (img.w != w || img.h != h) {
		check(false, "%s: head %u is %ux%u, expected %ux%u", what, head,
		      img.w, img.h, w, h);
		free(img.rgb);
		return 1;
	}
	for (unsigned int y = 0; y < h; y++)
		for (unsigned int x = 0; x < w; x++) {
			uint32_t e = expect(x, y, arg), g = img_px(&img, x, y);

			if (e != g && bad++ < 4)
				printf("  %s: (%u,%u) = %06x, expected %06x\n",
				       what, x, y, g, e);
		}
	free(img.rgb);
	check(!bad, "%s: head %u %ux%u pixel-exact (%u differ)", what, head, w, h, bad);
	return bad;
}

struct fb_expect {
	const struct fb *f;
	uint32_t seed;
	bool invert;
};

static uint32_t expect_fb(unsigned int x, unsigned int y, void *arg)
{
	const struct fb_expect *e = arg;
	uint32_t v = shown(e->f, pattern(x, y, e->seed));

	return e->invert ? v ^ 0xffffff : v;
}

/* ---- KMS objects ---- */

/* "VGA-1", or "DVI": the DVI connector (DVI-I-1 on rv380, DVI-D-1 on rv515) */
static drmModeConnectorPtr connector(const char *type_name)
{
	for (int i = 0; i < res->count_connectors; i++) {
		drmModeConnectorPtr c = drmModeGetConnector(fd, res->connectors[i]);
		char name[32];

		snprintf(name, sizeof(name), "%s-%u",
			 drmModeGetConnectorTypeName(c->connector_type),
			 c->connector_type_id);
		if (!strcmp(name, type_name) ||
		    (!strcmp(type_name, "DVI") && !strncmp(name, "DVI-", 4)))
			return c;
		drmModeFreeConnector(c);
	}
	printf("FAIL: no connector %s\n", type_name);
	exit(1);
}

static const drmModeModeInfo *preferred(drmModeConnectorPtr c)
{
	for (int i = 0; i < c->count_modes; i++)
		if (c->modes[i].type & DRM_MODE_TYPE_PREFERRED)
			return &c->modes[i];
	return c->count_modes ? &c->modes[0] : NULL;
}

static const drmModeModeInfo *find_mode(drmModeConnectorPtr c, int w, int h)
{
	for (int i = 0; i < c->count_modes; i++)
		if (c->modes[i].hdisplay == w && c->modes[i].vdisplay == h)
			return &c->modes[i];
	return NULL;
}

static void set_crtc(int idx, const struct fb *f, drmModeConnectorPtr c,
		     const drmModeModeInfo *m)
{
	drmModeModeInfo mode = *m;

	if (drmModeSetCrtc(fd, res->crtcs[idx], f ? f->id : 0, 0, 0,
			   f ? &c->connector_id : NULL, f ? 1 : 0, f ? &mode : NULL))
		die("SETCRTC");
}

/* two vblanks of CRTC @idx: what was set is on screen */
static void settle(int idx)
{
	drmVBlank vb = { .request = { .type = DRM_VBLANK_RELATIVE |
				      (idx ? DRM_VBLANK_SECONDARY : 0),
				      .sequence = 2 } };

	if (drmWaitVBlank(fd, &vb))
		die("WAIT_VBLANK");
}

static int qmp(const char *json)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "tests/vm/qmp '%s' >/dev/null", json);
	return system(cmd);
}

static int plug(const char *monitor, bool on)
{
	char json[256];

	snprintf(json, sizeof(json),
		 "{\"execute\": \"qom-set\", \"arguments\": {\"path\": "
		 "\"/machine/peripheral/gpu\", \"property\": \"monitor-%s\", "
		 "\"value\": %s}}", monitor, on ? "true" : "false");
	return qmp(json);
}

static int plug_dvi(bool on)
{
	return plug("dvi", on);
}

/* ---- tests ---- */

static uint32_t fmt_of(const char *s)
{
	if (!strcmp(s, "xrgb8888"))
		return DRM_FORMAT_XRGB8888;
	if (!strcmp(s, "argb8888"))
		return DRM_FORMAT_ARGB8888;
	if (!strcmp(s, "rgb565"))
		return DRM_FORMAT_RGB565;
	return 0;
}

static uint32_t tiling_of(const char *s)
{
	if (!strcmp(s, "macro"))
		return RADEON_TILING_MACRO;
	if (!strcmp(s, "micro"))
		return RADEON_TILING_MICRO;
	if (!strcmp(s, "both"))
		return RADEON_TILING_MACRO | RADEON_TILING_MICRO;
	if (!strcmp(s, "gtt"))	/* linear, made in GTT: moved to VRAM to show */
		fb_domain = RADEON_GEM_DOMAIN_GTT;
	return 0;
}

static char **args;

static int t_scanout(void)
{
	drmModeConnectorPtr c = connector("VGA-1");
	const drmModeModeInfo *m = preferred(c);
	uint32_t format = fmt_of(args[0]), tiling = tiling_of(args[1]);
	struct fb f;
	struct fb_expect e = { &f, 11, false };
	char what[64];

	if (!format || !m)
		return 1;
	fb_make(&f, m->hdisplay, m->vdisplay, format, tiling);
	fb_fill(&f, e.seed);
	set_crtc(0, &f, c, m);
	settle(0);
	snprintf(what, sizeof(what), "%s %s %s", m->name, args[0], args[1]);
	compare(0, m->hdisplay, m->vdisplay, expect_fb, &e, what);
	set_crtc(0, NULL, c, m);
	fb_free(&f);
	return failures != 0;
}

static int wait_status(drmModeConnection want, int secs)
{
	for (int i = 0; i < secs * 10; i++) {
		drmModeConnectorPtr c;
		drmModeConnection s;

		drmModeFreeResources(res);
		res = drmModeGetResources(fd);
		c = connector("DVI");
		s = c->connection;
		drmModeFreeConnector(c);
		if (s == want)
			return 0;
		usleep(100000);
	}
	return -1;
}

static int t_two(void)
{
	drmModeConnectorPtr vga = connector("VGA-1"), dvi;
	const drmModeModeInfo *m0 = find_mode(vga, 1024, 768), *m1;
	struct fb f0, f1;
	struct fb_expect e0 = { &f0, 3, false }, e1 = { &f1, 77, false };

	if (plug_dvi(true) || wait_status(DRM_MODE_CONNECTED, 5))
		die("DVI monitor plug");
	dvi = connector("DVI");
	m1 = find_mode(dvi, 800, 600);
	check(m0 && m1, "VGA-1 offers 1024x768, DVI 800x600");
	if (!m0 || !m1)
		return 1;
	fb_make(&f0, 1024, 768, DRM_FORMAT_XRGB8888, RADEON_TILING_MACRO);
	fb_make(&f1, 800, 600, DRM_FORMAT_RGB565, 0);
	fb_fill(&f0, e0.seed);
	fb_fill(&f1, e1.seed);
	set_crtc(0, &f0, vga, m0);
	set_crtc(1, &f1, dvi, m1);
	settle(0);
	settle(1);
	compare(0, 1024, 768, expect_fb, &e0, "CRTC 0 on VGA-1, macro-tiled XRGB8888");
	compare(1, 800, 600, expect_fb, &e1, "CRTC 1 on DVI, linear RGB565");
	set_crtc(1, NULL, dvi, m1);
	set_crtc(0, NULL, vga, m0);
	fb_free(&f0);
	fb_free(&f1);
	return failures != 0;
}

struct cur_expect {
	const struct fb *f;
	int x, y;	/* top-left of the image on screen */
};

static uint32_t cursor_px(int cx, int cy)
{
	/* opaque frame, transparent inside, a premultiplied half-alpha dot */
	if (cx < 4 || cy < 4 || cx >= 60 || cy >= 60)
		return 0xff000000 | (cx * 4) << 16 | (cy * 4) << 8 | 0x40;
	if (cx >= 30 && cx < 34 && cy >= 30 && cy < 34)
		return 0x80400000;
	return 0;
}

static uint32_t expect_cursor(unsigned int x, unsigned int y, void *arg)
{
	const struct cur_expect *e = arg;
	uint32_t under = shown(e->f, pattern(x, y, 5));
	int cx = (int)x - e->x, cy = (int)y - e->y;
	uint32_t c, a, out = 0;

	if (cx < 0 || cy < 0 || cx >= 64 || cy >= 64)
		return under;
	c = cursor_px(cx, cy);
	a = c >> 24;
	for (int s = 0; s < 24; s += 8) {
		uint32_t v = (c >> s & 0xff) + (under >> s & 0xff) * (255 - a) / 255;

		out |= (v > 255 ? 255 : v) << s;
	}
	return out;
}

static int t_cursor(void)
{
	drmModeConnectorPtr c = connector("VGA-1");
	const drmModeModeInfo *m = preferred(c);
	struct drm_mode_create_dumb d = { .width = 64, .height = 64, .bpp = 32 };
	struct drm_mode_map_dumb md = { 0 };
	struct fb f;
	struct cur_expect e = { &f, 0, 0 };
	uint32_t *img;
	static const struct { int x, y; } pos[] = { { 300, 200 }, { -3, -4 }, { 1000, 750 } };

	fb_make(&f, m->hdisplay, m->vdisplay, DRM_FORMAT_XRGB8888, 0);
	fb_fill(&f, 5);
	set_crtc(0, &f, c, m);
	if (xioctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &d))
		die("CREATE_DUMB");
	check(d.pitch == 256, "64x64 dumb buffer pitch %u", d.pitch);
	md.handle = d.handle;
	if (xioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &md))
		die("MAP_DUMB");
	img = mmap(NULL, d.size, PROT_WRITE, MAP_SHARED, fd, md.offset);
	if (img == MAP_FAILED)
		die("mmap dumb");
	for (int y = 0; y < 64; y++)
		for (int x = 0; x < 64; x++)
			img[y * 64 + x] = cursor_px(x, y);
	if (drmModeSetCursor2(fd, res->crtcs[0], d.handle, 64, 64, 5, 7))
		die("SETCURSOR2");
	for (unsigned int i = 0; i < ARRAY_SIZE(pos); i++) {
		char what[64];

		if (drmModeMoveCursor(fd, res->crtcs[0], pos[i].x, pos[i].y))
			die("MOVECURSOR");
		settle(0);
		/*
		 * The position is the image's top-left corner: the hot spot
		 * of SETCURSOR2 only informs virtual hardware (userspace
		 * subtracts it itself), as in every KMS driver.
		 */
		e.x = pos[i].x;
		e.y = pos[i].y;
		snprintf(what, sizeof(what), "cursor at %d,%d",
			 pos[i].x, pos[i].y);
		compare(0, m->hdisplay, m->vdisplay, expect_cursor, &e, what);
	}
	if (drmModeSetCursor(fd, res->crtcs[0], 0, 0, 0))
		die("SETCURSOR off");
	settle(0);
	e.x = -100;
	compare(0, m->hdisplay, m->vdisplay, expect_cursor, &e, "cursor off");
	set_crtc(0, NULL, c, m);
	fb_free(&f);
	return failures != 0;
}

static int t_gamma(void)
{
	drmModeConnectorPtr c = connector("VGA-1");
	const drmModeModeInfo *m = preferred(c);
	uint16_t r[256], g[256], b[256];
	struct fb f;
	struct fb_expect e = { &f, 9, true };
	drmModeCrtcPtr crtc;

	fb_make(&f, m->hdisplay, m->vdisplay, DRM_FORMAT_XRGB8888, 0);
	fb_fill(&f, e.seed);
	set_crtc(0, &f, c, m);
	crtc = drmModeGetCrtc(fd, res->crtcs[0]);
	check(crtc->gamma_size == 256, "gamma size %d", crtc->gamma_size);
	for (int i = 0; i < 256; i++)
		r[i] = g[i] = b[i] = (255 - i) * 257;
	if (drmModeCrtcSetGamma(fd, res->crtcs[0], 256, r, g, b))
		die("SETGAMMA");
	settle(0);
	compare(0, m->hdisplay, m->vdisplay, expect_fb, &e, "inverted gamma");
	for (int i = 0; i < 256; i++)
		r[i] = g[i] = b[i] = i * 257;
	if (drmModeCrtcSetGamma(fd, res->crtcs[0], 256, r, g, b))
		die("SETGAMMA identity");
	check(drmModeCrtcSetGamma(fd, res->crtcs[0], 255, r, g, b) != 0,
	      "a 255-entry gamma table is refused");
	settle(0);
	e.invert = false;
	compare(0, m->hdisplay, m->vdisplay, expect_fb, &e, "identity gamma");
	set_crtc(0, NULL, c, m);
	fb_free(&f);
	return failures != 0;
}

/* MODEL_VTIME in ns, read through the driver's debugfs r5xx_mmio file */
static uint64_t vtime(void)
{
	static int dfd = -1;
	uint32_t lo, hi;

	if (dfd < 0) {
		dfd = open("/sys/kernel/debug/dri/0/r5xx_mmio", O_RDONLY);
		if (dfd < 0)
			die("debugfs r5xx_mmio");
	}
	/* reading the low dword latches the high one */
	if (pread(dfd, &lo, 4, 0x5f20) != 4 || pread(dfd, &hi, 4, 0x5f24) != 4)
		die("MODEL_VTIME");
	return (uint64_t)hi << 32 | lo;
}

/* CLOCK_MONOTONIC in ns: the clock of DRM's vblank timestamps */
static int64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * The guest's clock and the model's read together: the model's between two
 * reads of the guest's, whose middle it is paired with and whose distance
 * (@width) bounds the error. Of a few tries, the narrowest.
 */
struct clock_pair {
	int64_t mono, model, width;
};

static struct clock_pair clock_pair(void)
{
	struct clock_pair best = { .width = INT64_MAX };

	for (int i = 0; i < 8; i++) {
		int64_t a = mono_ns(), model = (int64_t)vtime(), b = mono_ns();

		if (b - a < best.width)
			best = (struct clock_pair){ a + (b - a) / 2, model, b - a };
	}
	return best;
}

/* a vblank count and the time of its vblank (CLOCK_MONOTONIC, ns) */
struct vbl {
	uint64_t seq;
	int64_t ns;
};

static struct vbl vbl_of_reply(const drmVBlankReply *r)
{
	return (struct vbl){ r->sequence,
			     (int64_t)r->tval_sec * 1000000000 +
			     (int64_t)r->tval_usec * 1000 };
}

/*
 * @later, from CRTC_GET_SEQUENCE, counts the same vblanks as @ref from
 * WAIT_VBLANK: its count is @ref's plus the frames of @period_ns between
 * their timestamps (to a quarter of a frame; WAIT_VBLANK's time is in
 * microseconds). The low 32 bits: WAIT_VBLANK's count has no more.
 */
static void vbl_check_count(const struct vbl *ref, const struct vbl *later,
			    double period_ns, const char *what)
{
	double frames = (later->ns - ref->ns) / period_ns;
	int64_t whole = (int64_t)(frames + 0.5);
	uint32_t counted = (uint32_t)(later->seq - ref->seq);

	check(frames > -0.25 && (double)whole - frames < 0.25 &&
	      frames - (double)whole < 0.25 && counted == (uint64_t)whole,
	      "%s: %" PRIu64 ", %.2f frames of %.0f ns after WAIT_VBLANK's %" PRIu64,
	      what, later->seq, frames, period_ns, ref->seq);
}

static uint32_t flips_done, last_seq;
static bool seq_ok = true;

static void flip_handler(int fd_, unsigned int seq, unsigned int s,
			 unsigned int us, unsigned int crtc, void *data)
{
	uintptr_t n = (uintptr_t)data;

	if (n != flips_done || (flips_done && seq <= last_seq))
		seq_ok = false;
	last_seq = seq;
	flips_done++;
}

static int t_flip(void)
{
	drmModeConnectorPtr c = connector("VGA-1");
	const drmModeModeInfo *m = preferred(c);
	drmEventContext ev = { .version = 3, .page_flip_handler2 = flip_handler };
	struct fb f[2];
	struct fb_expect e = { &f[0], 21, false };
	drmVBlank vb = { 0 };
	struct clock_pair c0, c1;
	struct vbl w0, w1, g0, g1;
	uint64_t ns;
	uint32_t n, frames = 60;
	double want_ns, got_ns, period, rate, tol;
	const int nflips = 30;

	fb_make(&f[0], m->hdisplay, m->vdisplay, DRM_FORMAT_XRGB8888, 0);
	fb_make(&f[1], m->hdisplay, m->vdisplay, DRM_FORMAT_XRGB8888, RADEON_TILING_MACRO);
	fb_fill(&f[0], 21);
	fb_fill(&f[1], 22);
	set_crtc(0, &f[0], c, m);
	settle(0);

	for (int i = 0; i < nflips; i++) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (drmModePageFlip(fd, res->crtcs[0], f[(i + 1) % 2].id,
				    DRM_MODE_PAGE_FLIP_EVENT, (void *)(uintptr_t)i))
			die("PAGE_FLIP");
		if (poll(&p, 1, 5000) != 1)
			die("no flip event in 5 s");
		drmHandleEvent(fd, &ev);
	}
	check(flips_done == nflips && seq_ok,
	      "%d flips, events in order with increasing sequence (%u done)",
	      nflips, flips_done);
	/* an even number of flips: f[0] is shown again */
	settle(0);
	compare(0, m->hdisplay, m->vdisplay, expect_fb, &e, "after the flips");

	/*
	 * Both ioctls reply with the count at the moment they return and
	 * the time of that count's vblank, not the count that was waited
	 * for: the test can run a frame or more after its vblank (a slow
	 * kernel, a loaded host). So each reply's count is checked against
	 * the frames between the timestamps, and the rate is taken from the
	 * timestamps (the driver's, from the scan position), not from the
	 * moments the test woke up.
	 */
	vb.request.type = DRM_VBLANK_RELATIVE;
	vb.request.sequence = 1;
	if (drmWaitVBlank(fd, &vb))
		die("WAIT_VBLANK");
	w0 = vbl_of_reply(&vb.reply);
	c0 = clock_pair();
	if (drmCrtcGetSequence(fd, res->crtcs[0], &g0.seq, &ns))
		die("CRTC_GET_SEQUENCE");
	g0.ns = ns;
	vb.request.type = DRM_VBLANK_ABSOLUTE;
	vb.request.sequence = (uint32_t)w0.seq + frames;
	if (drmWaitVBlank(fd, &vb))
		die("WAIT_VBLANK absolute");
	w1 = vbl_of_reply(&vb.reply);
	c1 = clock_pair();
	if (drmCrtcGetSequence(fd, res->crtcs[0], &g1.seq, &ns))
		die("CRTC_GET_SEQUENCE");
	g1.ns = ns;
	n = (uint32_t)(w1.seq - w0.seq);
	check(n >= frames && n < 1u << 23,
	      "WAIT_VBLANK %" PRIu64 " -> %" PRIu64 ": at or after the %u frames asked for",
	      w0.seq, w1.seq, frames);
	if (n < frames || n >= 1u << 23)
		n = frames;
	period = (double)(w1.ns - w0.ns) / n;
	vbl_check_count(&w0, &g0, period, "CRTC_GET_SEQUENCE after the first wait");
	vbl_check_count(&w0, &g1, period, "CRTC_GET_SEQUENCE after the second wait");

	/*
	 * The vblank period in the model's time (MODEL_VTIME): the guest's
	 * clock, in which the timestamps are, runs at its own rate; the two
	 * clock pairs give it, with an error of at most their read windows
	 * over the time between them. A vblank counted twice or missed in
	 * the frames is 1/frames off (1.7 %), beyond the 1 % allowed.
	 */
	rate = (double)(c1.model - c0.model) / (double)(c1.mono - c0.mono);
	tol = 0.01 + (double)(c0.width + c1.width) / (double)(c1.mono - c0.mono);
	want_ns = 1e6 * m->htotal * m->vtotal / m->clock;
	got_ns = period * rate;
	check(got_ns > want_ns * (1 - tol) && got_ns < want_ns * (1 + tol),
	      "vblank period %.0f ns of model time over %u frames, the mode says %.0f ns (within %.2f %%)",
	      got_ns, n, want_ns, tol * 100);
	set_crtc(0, NULL, c, m);
	fb_free(&f[0]);
	fb_free(&f[1]);
	return failures != 0;
}

static int t_dpms(void)
{
	drmModeConnectorPtr c = connector("VGA-1");
	const drmModeModeInfo *m = preferred(c);
	drmModeObjectPropertiesPtr props;
	uint32_t dpms = 0;
	struct fb f;
	struct fb_expect e = { &f, 31, false };
	struct image img;
	drmVBlank vb = { .request = { .type = DRM_VBLANK_RELATIVE, .sequence = 1 } };

	props = drmModeObjectGetProperties(fd, c->connector_id, DRM_MODE_OBJECT_CONNECTOR);
	for (uint32_t i = 0; props && i < props->count_props; i++) {
		drmModePropertyPtr p = drmModeGetProperty(fd, props->props[i]);

		if (!strcmp(p->name, "DPMS"))
			dpms = p->prop_id;
		drmModeFreeProperty(p);
	}
	check(dpms != 0, "VGA-1 has a DPMS property");
	fb_make(&f, m->hdisplay, m->vdisplay, DRM_FORMAT_XRGB8888, 0);
	fb_fill(&f, e.seed);
	set_crtc(0, &f, c, m);
	settle(0);
	if (drmModeConnectorSetProperty(fd, c->connector_id, dpms, DRM_MODE_DPMS_OFF))
		die("DPMS off");
	screendump(0, &img);
	check(img.w != m->hdisplay || img.h != m->vdisplay,
	      "DPMS off: head 0 is not the mode (%ux%u)", img.w, img.h);
	free(img.rgb);
	check(drmWaitVBlank(fd, &vb) != 0, "DPMS off: no vblank to wait for");
	if (drmModeConnectorSetProperty(fd, c->connector_id, dpms, DRM_MODE_DPMS_ON))
		die("DPMS on");
	settle(0);
	compare(0, m->hdisplay, m->vdisplay, expect_fb, &e, "DPMS on again");
	set_crtc(0, NULL, c, m);
	fb_free(&f);
	return failures != 0;
}

static int addfb(uint32_t handle, uint32_t w, uint32_t h, uint32_t format,
		 uint32_t pitch, uint32_t offset)
{
	uint32_t handles[4] = { handle }, pitches[4] = { pitch };
	uint32_t offsets[4] = { offset }, id = 0;
	int ret;

	ret = drmModeAddFB2(fd, w, h, format, handles, pitches, offsets, &id, 0);
	if (!ret) {
		drmModeRmFB(fd, id);
		return 0;
	}
	return -errno;
}

static int set_tiling(uint32_t handle, uint32_t flags, uint32_t pitch)
{
	struct drm_radeon_gem_set_tiling t = {
		.handle = handle, .tiling_flags = flags, .pitch = pitch,
	};

	return xioctl(fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &t);
}

static void refused(int got, int want, const char *what)
{
	check(got == want, "%s: %s (expected %s)", what,
	      got ? strerror(-got) : "accepted", want ? strerror(-want) : "accepted");
}

static int t_badfb(void)
{
	uint32_t h = gem_create(fd, 4 << 20, RADEON_GEM_DOMAIN_VRAM);
	uint32_t X = DRM_FORMAT_XRGB8888;

	check(addfb(h, 640, 480, X, 2560, 0) == 0, "a good 640x480 frame is accepted");
	refused(addfb(h, 640, 480, X, 2048, 0), -EINVAL, "pitch below the width");
	refused(addfb(h, 640, 480, X, 2564, 0), -EINVAL, "pitch not a multiple of 8 pixels");
	refused(addfb(h, 640, 480, X, 65536 + 2048, 0), -EINVAL, "pitch over 16376 pixels");
	refused(addfb(h, 1024, 1100, X, 4096, 0), -EINVAL, "frame larger than the buffer");
	refused(addfb(h, 640, 480, X, 2560, 4 << 20), -EINVAL, "offset past the buffer");
	refused(addfb(h, 9000, 10, X, 36096, 0), -EINVAL, "width over the limit");
	refused(addfb(h, 640, 480, DRM_FORMAT_C8, 640, 0), -EINVAL, "C8 is not a scanout format");
	refused(addfb(h, 640, 480, DRM_FORMAT_NV12, 640, 0), -EINVAL, "NV12 is refused");
	refused(addfb(0xdead, 640, 480, X, 2560, 0), -ENOENT, "no such buffer");
	if (set_tiling(h, RADEON_TILING_MACRO, 2592) == 0) {
		refused(addfb(h, 648, 480, X, 2592, 0), -EINVAL, "macro tiling with a 2592-byte pitch");
		refused(addfb(h, 512, 480, X, 2048, 2048 + 8), -EINVAL, "tiled frame at an offset not 2 KiB aligned");
		check(addfb(h, 512, 480, X, 2048, 0) == 0,
		      "macro tiling with a 2048-byte pitch is accepted");
	}
	if (set_tiling(h, RADEON_TILING_MICRO | RADEON_TILING_MICRO_SQUARE, 2048) == 0)
		refused(addfb(h, 512, 480, X, 2048, 0), -EINVAL, "square micro tiles cannot be scanned out");
	check(drmModeRmFB(fd, 0xdead) != 0, "RMFB of a bad id fails");
	check(drmModeSetCrtc(fd, 0xdead, 0, 0, 0, NULL, 0, NULL) != 0,
	      "SETCRTC of a bad id fails");
	gem_close(fd, h);
	return failures != 0;
}

static int t_crtcid(void)
{
	for (int i = 0; i < res->count_crtcs; i++) {
		uint32_t v = res->crtcs[i];

		check(radeon_info(fd, RADEON_INFO_CRTC_FROM_ID, &v) == 0 &&
		      v == (uint32_t)i, "CRTC id %u is CRTC %d (%u)",
		      res->crtcs[i], i, v);
	}
	uint32_t bad = res->connectors[0];

	check(radeon_info(fd, RADEON_INFO_CRTC_FROM_ID, &bad) == -EINVAL,
	      "a connector id is not a CRTC");
	return failures != 0;
}

/* wait for a "HOTPLUG=1" uevent of the drm subsystem */
static bool wait_hotplug(int nl, int secs)
{
	char buf[4096];

	for (;;) {
		struct pollfd p = { .fd = nl, .events = POLLIN };
		ssize_t n;
		bool drm = false, hp = false;

		if (poll(&p, 1, secs * 1000) != 1)
			return false;
		n = recv(nl, buf, sizeof(buf) - 1, 0);
		if (n <= 0)
			return false;
		buf[n] = 0;
		for (char *s = buf; s < buf + n; s += strlen(s) + 1) {
			drm |= !strcmp(s, "SUBSYSTEM=drm");
			hp |= !strcmp(s, "HOTPLUG=1");
		}
		if (drm && hp)
			return true;
	}
}

static int t_hotplug(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	int nl = socket(AF_NETLINK, SOCK_DGRAM, NETLINK_KOBJECT_UEVENT);
	drmModeConnectorPtr c;

	if (nl < 0 || bind(nl, (struct sockaddr *)&sa, sizeof(sa)))
		die("uevent socket");
	for (int round = 0; round < 2; round++) {
		for (int on = 1; on >= 0; on--) {
			if (plug_dvi(on))
				die("qom-set monitor-dvi");
			check(wait_hotplug(nl, 15), "monitor-dvi %s: a hotplug uevent",
			      on ? "true" : "false");
			c = drmModeGetConnectorCurrent(fd, connector("DVI")->connector_id);
			check(c->connection == (on ? DRM_MODE_CONNECTED : DRM_MODE_DISCONNECTED),
			      "DVI %s without a probe", on ? "connected" : "disconnected");
			drmModeFreeConnector(c);
		}
	}
	/* VGA has no hot-plug line: the 10-second poll finds the change */
	for (int on = 0; on <= 1; on++) {
		if (plug("vga", on))
			die("qom-set monitor-vga");
		check(wait_hotplug(nl, 25), "monitor-vga %s: a hotplug uevent (poll)",
		      on ? "true" : "false");
		c = drmModeGetConnectorCurrent(fd, connector("VGA-1")->connector_id);
		check(c->connection == (on ? DRM_MODE_CONNECTED : DRM_MODE_DISCONNECTED),
		      "VGA-1 %s without a probe", on ? "connected" : "disconnected");
		drmModeFreeConnector(c);
	}
	c = connector("VGA-1");
	check(c->connection == DRM_MODE_CONNECTED, "VGA-1 still connected");
	close(nl);
	return failures != 0;
}

/* a VLINE wait as xf86-video-ati emits it: register, WAIT_UNTIL, NOP + CRTC id */
/* the X driver's VLINE register: CRTC_GUI_TRIG_VLINE, D1MODE_VLINE_START_END on AVIVO */
static uint32_t vline_reg(void)
{
	static const char *const avivo[] = { "rv515", "r580", "rs690", "rs600" };
	const char *chip = getenv("R5XX_CHIP");

	for (unsigned int i = 0; chip && i < ARRAY_SIZE(avivo); i++)
		if (!strcmp(chip, avivo[i]))
			return 0x6538;
	return 0x0218;
}

static int vline_cs(uint32_t crtc_id)
{
	uint32_t ib[] = {
		PKT0(vline_reg(), 1),
		100 << 16 | 200,
		PKT0(REG_WAIT_UNTIL, 1),
		1 << 3,			/* WAIT_CRTC_VLINE */
		PKT3(0x10, 1),		/* NOP carrying the CRTC id */
		crtc_id,
	};

	return cs_submit(fd, ib, ARRAY_SIZE(ib), NULL, 0, NULL, 0);
}

static int t_vline(void)
{
	drmModeConnectorPtr c = connector("VGA-1");
	const drmModeModeInfo *m = preferred(c);
	struct fb f;

	fb_make(&f, m->hdisplay, m->vdisplay, DRM_FORMAT_XRGB8888, 0);
	set_crtc(0, &f, c, m);
	refused(vline_cs(res->crtcs[0]), 0, "VLINE wait on CRTC 0 (on)");
	refused(vline_cs(res->crtcs[1]), 0, "VLINE wait on CRTC 1 (off)");
	refused(vline_cs(c->connector_id), -EINVAL, "VLINE wait naming a connector");
	set_crtc(0, NULL, c, m);
	fb_free(&f);
	return failures != 0;
}

/* ---- the laptop panel (rv380m): head 2, its native size ---- */

#define PANEL_HEAD	2

struct panel_expect {
	const struct fb *f;
	uint32_t seed, pw, ph;
	bool centre;
};

/* centred: the picture 1:1 in the middle of the panel, black around it */
static uint32_t expect_centred(unsigned int x, unsigned int y, void *arg)
{
	const struct panel_expect *e = arg;
	int sx = x - (e->pw - e->f->w) / 2, sy = y - (e->ph - e->f->h) / 2;

	if (sx < 0 || sy < 0 || sx >= (int)e->f->w || sy >= (int)e->f->h)
		return 0;
	return shown(e->f, pattern(sx, sy, e->seed));
}

/*
 * Stretched to the panel: pixel (x, y) shows a source pixel within one of
 * (x * w / pw, y * h / ph); how the scaler rounds is its business.
 */
static unsigned int check_stretched(const struct panel_expect *e,
				    const struct image *img)
{
	unsigned int bad = 0;

	for (unsigned int y = 0; y < e->ph; y++)
		for (unsigned int x = 0; x < e->pw; x++) {
			int cx = (uint64_t)x * e->f->w / e->pw;
			int cy = (uint64_t)y * e->f->h / e->ph;
			uint32_t g = img_px(img, x, y);
			bool ok = false;

			for (int dy = -1; dy <= 1 && !ok; dy++)
				for (int dx = -1; dx <= 1 && !ok; dx++) {
					int sx = cx + dx, sy = cy + dy;

					ok = sx >= 0 && sy >= 0 &&
					     sx < (int)e->f->w && sy < (int)e->f->h &&
					     g == shown(e->f, pattern(sx, sy, e->seed));
				}
			if (!ok && bad++ < 4)
				printf("  (%u,%u) = %06x, not a source pixel near (%d,%d)\n",
				       x, y, g, cx, cy);
		}
	return bad;
}

/* the connector's "scaling mode" property set to the value named @name */
static void set_scaling(drmModeConnectorPtr c, const char *name)
{
	for (int i = 0; i < c->count_props; i++) {
		drmModePropertyPtr p = drmModeGetProperty(fd, c->props[i]);

		if (!p)
			continue;
		if (!strcmp(p->name, "scaling mode"))
			for (int j = 0; j < p->count_enums; j++)
				if (!strcmp(p->enums[j].name, name)) {
					if (drmModeObjectSetProperty(fd, c->connector_id,
								     DRM_MODE_OBJECT_CONNECTOR,
								     p->prop_id,
								     p->enums[j].value))
						die("scaling mode");
					drmModeFreeProperty(p);
					return;
				}
		drmModeFreeProperty(p);
	}
	printf("FAIL: no scaling mode \"%s\" on the panel\n", name);
	exit(1);
}

/* kms panel WxH SCALING: the mode on LVDS-1, head 2 pixel-checked */
static int t_panel(void)
{
	drmModeConnectorPtr c = connector("LVDS-1");
	const drmModeModeInfo *native = preferred(c), *m;
	struct panel_expect e = { .seed = 23 };
	struct image img;
	unsigned int w, h, bad;
	struct fb f;

	if (sscanf(args[0], "%ux%u", &w, &h) != 2 || !native)
		return 2;
	m = find_mode(c, w, h);
	if (!m) {
		printf("FAIL: LVDS-1 offers no %ux%u mode\n", w, h);
		return 1;
	}
	e.pw = native->hdisplay;
	e.ph = native->vdisplay;
	e.centre = !strcmp(args[1], "Center");
	fb_make(&f, w, h, DRM_FORMAT_XRGB8888, 0);
	fb_fill(&f, e.seed);
	e.f = &f;
	set_scaling(c, args[1]);
	set_crtc(0, &f, c, m);
	settle(0);
	screendump(PANEL_HEAD, &img);
	check(img.w == e.pw && img.h == e.ph, "panel head is %ux%u (native %ux%u)",
	      img.w, img.h, e.pw, e.ph);
	if (img.w == e.pw && img.h == e.ph) {
		if (e.centre || (w == e.pw && h == e.ph)) {
			bad = 0;
			for (unsigned int y = 0; y < e.ph; y++)
				for (unsigned int x = 0; x < e.pw; x++) {
					uint32_t x0 = expect_centred(x, y, &e);

					if (x0 != img_px(&img, x, y) && bad++ < 4)
						printf("  (%u,%u) = %06x, expected %06x\n",
						       x, y, img_px(&img, x, y), x0);
				}
		} else {
			bad = check_stretched(&e, &img);
		}
		check(!bad, "%ux%u %s on the %ux%u panel (%u pixels wrong)", w, h,
		      args[1], e.pw, e.ph, bad);
	}
	free(img.rgb);
	set_crtc(0, NULL, c, m);
	fb_free(&f);
	return failures != 0;
}

/* DVI's status after a forced probe (a full GETCONNECTOR) */
static drmModeConnection dvi_probed(void)
{
	drmModeConnectorPtr c = connector("DVI");
	drmModeConnection s = c->connection;

	drmModeFreeConnector(c);
	return s;
}

/* head @head's size: a placeholder (640x480) while its output is dark */
static void head_size(unsigned int head, unsigned int *w, unsigned int *h)
{
	struct image img;

	screendump(head, &img);
	*w = img.w;
	*h = img.h;
	free(img.rgb);
}

/*
 * The second DAC as DVI-I's analog half: rv380's TV DAC (monitor-dac2) or
 * AVIVO DAC B on the rv515's DVI-I board (dvi-i=on, monitor-dacb). A VGA
 * monitor without DDC on it is found only by the DAC's load comparator on
 * a forced probe, lit from either CRTC, and shown pixel-exact on the
 * model's head 3.
 */
static int second_dac(const char *mon, const char *dac)
{
	drmModeConnectorPtr dvi;
	const drmModeModeInfo *m;
	struct fb f0, f1;
	struct fb_expect e0 = { &f0, 5, false }, e1 = { &f1, 91, false };
	unsigned int w, h;
	char what[64];

	if (plug_dvi(false) || plug(mon, false))
		die("qom-set");
	check(dvi_probed() == DRM_MODE_DISCONNECTED,
	      "no monitor on DVI-I-1: disconnected after a forced probe");
	if (plug(mon, true))
		die("qom-set monitor");
	check(dvi_probed() == DRM_MODE_CONNECTED,
	      "monitor-%s: DVI-I-1 connected by load detection", mon);
	dvi = connector("DVI");
	check(dvi->connector_type == DRM_MODE_CONNECTOR_DVII,
	      "the connector is DVI-I");
	m = find_mode(dvi, 1024, 768);
	check(m && preferred(dvi) == m,
	      "DVI-I-1 (no EDID) offers 1024x768, preferred");
	if (!m)
		return 1;
	fb_make(&f0, 1024, 768, DRM_FORMAT_XRGB8888, RADEON_TILING_MACRO);
	fb_make(&f1, 1024, 768, DRM_FORMAT_XRGB8888, 0);
	fb_fill(&f0, e0.seed);
	fb_fill(&f1, e1.seed);
	set_crtc(1, &f1, dvi, m);
	settle(1);
	snprintf(what, sizeof(what), "%s from CRTC 1, linear", dac);
	compare(3, 1024, 768, expect_fb, &e1, what);
	set_crtc(1, NULL, dvi, m);
	set_crtc(0, &f0, dvi, m);
	settle(0);
	snprintf(what, sizeof(what), "%s from CRTC 0, macro-tiled", dac);
	compare(3, 1024, 768, expect_fb, &e0, what);
	set_crtc(0, NULL, dvi, m);
	head_size(3, &w, &h);
	check(w != 1024 || h != 768, "%s off: head 3 dark (%ux%u)", dac, w, h);
	drmModeFreeConnector(dvi);
	if (plug(mon, false))
		die("qom-set monitor");
	check(dvi_probed() == DRM_MODE_DISCONNECTED,
	      "monitor-%s pulled: DVI-I-1 disconnected after a forced probe", mon);
	fb_free(&f0);
	fb_free(&f1);
	return failures != 0;
}

/* rv380: the TV DAC */
static int t_dac2(void)
{
	return second_dac("dac2", "TV DAC");
}

/* rv515 with dvi-i=on: AVIVO DAC B */
static int t_dacb(void)
{
	return second_dac("dacb", "DAC B");
}

static const struct named_test tests[] = {
	{ "vline", t_vline },
	{ "scanout", t_scanout },
	{ "two", t_two },
	{ "cursor", t_cursor },
	{ "gamma", t_gamma },
	{ "flip", t_flip },
	{ "dpms", t_dpms },
	{ "badfb", t_badfb },
	{ "crtcid", t_crtcid },
	{ "hotplug", t_hotplug },
	{ "panel", t_panel },
	{ "dac2", t_dac2 },
	{ "dacb", t_dacb },
};

int main(int argc, char **argv)
{
	const struct named_test *t;

	if (argc < 2 || !(t = find_test(tests, ARRAY_SIZE(tests), argv[1])))
		return 2;
	args = argv + 2;
	if ((!strcmp(argv[1], "scanout") || !strcmp(argv[1], "panel")) &&
	    argc != 4)
		return 2;
	fd = open_card();
	if (drmSetClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1))
		die("UNIVERSAL_PLANES");
	res = drmModeGetResources(fd);
	if (!res)
		die("GETRESOURCES");
	return t->fn() || failures;
}
