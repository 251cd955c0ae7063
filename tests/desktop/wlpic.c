// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * A Wayland client with a fixed picture, for the weston tests
 * (tests/desktop/weston.sh): a fullscreen xdg-shell toplevel whose wl_shm
 * buffer holds a pattern that depends only on the pixel's place in the
 * window. It acks every configure and commits a buffer of the configured
 * size (256x256 when the compositor leaves the size to it), prints
 * "wlpic: presented WxH" when the compositor reports a buffer of a new size
 * on the screen (wp_presentation feedback: the page flip that shows it has
 * completed; "wlpic: discarded WxH" if it was never shown), and stays up
 * until it is killed or closed.
 *
 *   wlpic                  the client (WAYLAND_DISPLAY, XDG_RUNTIME_DIR)
 *   wlpic ppm W H FILE     the same pattern as a P6 PPM, to compare with
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "presentation-time-client-protocol.h"
#include "xdg-shell-client-protocol.h"

#define DEFAULT_SIZE 256

/* The picture: red and green ramps, a blue checkerboard, XRGB8888. */
static uint32_t pattern(int x, int y)
{
	uint32_t r = (x * 3 + y) & 0xff;
	uint32_t g = (y * 5 + (x >> 3)) & 0xff;
	uint32_t b = ((x >> 4) ^ (y >> 4)) & 1 ? 0xe0 : (x ^ y) & 0x3f;

	return r << 16 | g << 8 | b;
}

struct client {
	struct wl_display *display;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wp_presentation *presentation;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	int pending_w, pending_h;	/* from the last xdg_toplevel.configure */
	int width, height;		/* of the buffer attached last */
	int closed;
};

static void die(const char *what)
{
	fprintf(stderr, "wlpic: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void buffer_release(void *data, struct wl_buffer *buffer)
{
	wl_buffer_destroy(buffer);
}

static const struct wl_buffer_listener buffer_listener = {
	.release = buffer_release,
};

/* A wl_shm buffer of W x H holding the pattern. */
static struct wl_buffer *make_buffer(struct client *c, int w, int h)
{
	int stride = w * 4, size = stride * h, fd, x, y;
	struct wl_shm_pool *pool;
	struct wl_buffer *buffer;
	uint32_t *pix;

	fd = memfd_create("wlpic", MFD_CLOEXEC);
	if (fd < 0)
		die("memfd_create");
	if (ftruncate(fd, size) < 0)
		die("ftruncate");
	pix = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pix == MAP_FAILED)
		die("mmap");
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			pix[y * w + x] = pattern(x, y);
	munmap(pix, size);
	pool = wl_shm_create_pool(c->shm, fd, size);
	buffer = wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	wl_buffer_add_listener(buffer, &buffer_listener, NULL);
	return buffer;
}

static void feedback_sync_output(void *data, struct wp_presentation_feedback *fb,
				 struct wl_output *output)
{
}

static void feedback_presented(void *data, struct wp_presentation_feedback *fb,
			       uint32_t tv_sec_hi, uint32_t tv_sec_lo, uint32_t tv_nsec,
			       uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags)
{
	struct client *c = data;

	wp_presentation_feedback_destroy(fb);
	printf("wlpic: presented %dx%d\n", c->width, c->height);
	fflush(stdout);
}

static void feedback_discarded(void *data, struct wp_presentation_feedback *fb)
{
	struct client *c = data;

	wp_presentation_feedback_destroy(fb);
	printf("wlpic: discarded %dx%d\n", c->width, c->height);
	fflush(stdout);
}

static const struct wp_presentation_feedback_listener feedback_listener = {
	.sync_output = feedback_sync_output,
	.presented = feedback_presented,
	.discarded = feedback_discarded,
};

static void xdg_surface_configure(void *data, struct xdg_surface *s, uint32_t serial)
{
	struct client *c = data;
	int w = c->pending_w ? c->pending_w : DEFAULT_SIZE;
	int h = c->pending_h ? c->pending_h : DEFAULT_SIZE;

	xdg_surface_ack_configure(s, serial);
	if (w == c->width && h == c->height) {
		wl_surface_commit(c->surface);
		return;
	}
	c->width = w;
	c->height = h;
	wl_surface_attach(c->surface, make_buffer(c, w, h), 0, 0);
	wl_surface_damage_buffer(c->surface, 0, 0, w, h);
	wp_presentation_feedback_add_listener(wp_presentation_feedback(c->presentation, c->surface),
					      &feedback_listener, c);
	wl_surface_commit(c->surface);
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static void toplevel_configure(void *data, struct xdg_toplevel *t, int32_t w, int32_t h,
			       struct wl_array *states)
{
	struct client *c = data;

	c->pending_w = w;
	c->pending_h = h;
}

static void toplevel_close(void *data, struct xdg_toplevel *t)
{
	struct client *c = data;

	c->closed = 1;
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = toplevel_configure,
	.close = toplevel_close,
};

static void wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {
	.ping = wm_base_ping,
};

static void global(void *data, struct wl_registry *reg, uint32_t name, const char *iface,
		   uint32_t version)
{
	struct client *c = data;

	if (!strcmp(iface, wl_compositor_interface.name)) {
		c->compositor = wl_registry_bind(reg, name, &wl_compositor_interface, 4);
	} else if (!strcmp(iface, wl_shm_interface.name)) {
		c->shm = wl_registry_bind(reg, name, &wl_shm_interface, 1);
	} else if (!strcmp(iface, wp_presentation_interface.name)) {
		c->presentation = wl_registry_bind(reg, name, &wp_presentation_interface, 1);
	} else if (!strcmp(iface, xdg_wm_base_interface.name)) {
		c->wm_base = wl_registry_bind(reg, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(c->wm_base, &wm_base_listener, c);
	}
}

static void global_remove(void *data, struct wl_registry *reg, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {
	.global = global,
	.global_remove = global_remove,
};

static int write_ppm(int w, int h, const char *path)
{
	FILE *f = fopen(path, "wb");
	int x, y;

	if (!f)
		die(path);
	fprintf(f, "P6\n%d %d\n255\n", w, h);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			uint32_t p = pattern(x, y);

			fputc(p >> 16 & 0xff, f);
			fputc(p >> 8 & 0xff, f);
			fputc(p & 0xff, f);
		}
	if (fclose(f))
		die(path);
	return 0;
}

int main(int argc, char **argv)
{
	struct client c = { 0 };

	if (argc == 5 && !strcmp(argv[1], "ppm"))
		return write_ppm(atoi(argv[2]), atoi(argv[3]), argv[4]);
	if (argc != 1) {
		fprintf(stderr, "usage: wlpic | wlpic ppm W H FILE\n");
		return 2;
	}
	c.display = wl_display_connect(NULL);
	if (!c.display)
		die("wl_display_connect");
	wl_registry_add_listener(wl_display_get_registry(c.display), &registry_listener, &c);
	if (wl_display_roundtrip(c.display) < 0)
		die("roundtrip");
	if (!c.compositor || !c.shm || !c.wm_base || !c.presentation) {
		fprintf(stderr, "wlpic: the compositor lacks wl_compositor, wl_shm, xdg_wm_base or wp_presentation\n");
		return 1;
	}
	c.surface = wl_compositor_create_surface(c.compositor);
	c.xdg_surface = xdg_wm_base_get_xdg_surface(c.wm_base, c.surface);
	xdg_surface_add_listener(c.xdg_surface, &xdg_surface_listener, &c);
	c.toplevel = xdg_surface_get_toplevel(c.xdg_surface);
	xdg_toplevel_add_listener(c.toplevel, &toplevel_listener, &c);
	xdg_toplevel_set_title(c.toplevel, "wlpic");
	xdg_toplevel_set_app_id(c.toplevel, "wlpic");
	xdg_toplevel_set_fullscreen(c.toplevel, NULL);
	/* the first commit has no buffer: it asks for the first configure */
	wl_surface_commit(c.surface);
	while (!c.closed)
		if (wl_display_dispatch(c.display) < 0)
			die("wl_display_dispatch");
	return 0;
}
