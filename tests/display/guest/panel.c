// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The AVIVO laptop panel of the rv515m (no driver): the LVTMA transmitter,
 * its power sequencer and backlight, the D1 scaler, as the screendump of
 * the panel's console (head 2, 1280x800) shows them.
 *
 *   panel [LEVEL]
 *
 * 1. As the BIOS left it: PWRSEQ_STATE says powered up (status 4, DIGON,
 *    SYNCEN, BLON, done); D1 at the native 1280x800 shows on the panel
 *    pixel for pixel.
 * 2. Power-down through the sequencer: the steps come in order (5, 6, 8,
 *    9) and take at least the programmed delays in virtual time; the
 *    panel is dark.  Power-up: 1, 2, 4 likewise, and the picture is back.
 * 3. The scaler: a 640x400 viewport stretched to the 1280x800 timing
 *    (each source pixel 2x2); the same viewport unscaled inside 320/200
 *    pixel overscan borders (centred, black around it).
 * 4. The transmitter off (LVTMA_CNTL) darkens the panel with the
 *    sequencer still up.
 * Last it leaves the native picture lit and the backlight level at LEVEL
 * (default 0x40), for the calling script to read through QOM.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disp.h"

#define PW	1280
#define PH	800
#define MS	1000000ull	/* ns */

/* PWRSEQ_STATE */
#define PS_STATUS(v)	(((v) >> 8) & 0xf)
#define PS_SIGNALS	0x1e	/* DONE, BLON, SYNCEN, DIGON */

static uint32_t hash(unsigned x, unsigned y)
{
	uint32_t v = x * 0x9e3779b1u ^ y * 0x85ebca77u ^ 0x1234567u;

	v ^= v >> 15;
	v *= 0x2c1b3c6du;
	v ^= v >> 12;
	return v & 0xffffff;
}

struct view {
	unsigned l, t;		/* borders */
	unsigned w, h;		/* the source shown between them */
	bool scale;
};

static uint32_t expect(unsigned x, unsigned y, void *arg)
{
	const struct view *v = arg;
	unsigned iw = PW - 2 * v->l, ih = PH - 2 * v->t, sx, sy;

	if (x < v->l || y < v->t || x >= v->l + iw || y >= v->t + ih)
		return 0;
	sx = x - v->l;
	sy = y - v->t;
	if (v->scale) {
		sx = sx * v->w / iw;
		sy = sy * v->h / ih;
	} else if (sx >= v->w || sy >= v->h) {
		return 0;
	}
	return hash(sx, sy);
}

static void check_picture(struct view *v, const char *what)
{
	struct image img;

	d_screendump(2, &img);
	d_compare(&img, PW, PH, expect, v, what);
	d_image_free(&img);
	t_log("%s: the panel shows it pixel for pixel", what);
}

/* The panel shows no picture: the screendump differs from the pattern. */
static void check_dark(const char *what)
{
	struct view v = { .w = PW, .h = PH, .scale = true };
	struct image img;
	unsigned x, y, same = 0;

	d_screendump(2, &img);
	for (y = 0; y < img.h && y < PH; y += 7) {
		for (x = 0; x < img.w && x < PW; x += 5) {
			const uint8_t *p = img.rgb + ((size_t)y * img.w + x) * 3;

			same += (uint32_t)(p[0] << 16 | p[1] << 8 | p[2]) ==
				expect(x, y, &v);
		}
	}
	d_image_free(&img);
	T_CHECK(same < 100, "%s: the panel still shows the picture (%u samples)",
		what, same);
	t_log("%s: the panel is dark", what);
}

/*
 * Poll PWRSEQ_STATE until status @want; record the statuses seen.  Returns
 * the virtual time from @t0 (read before the request) to the first read
 * that saw @want.
 */
static uint64_t sequence(struct r5xx *d, uint64_t t0, unsigned want,
			 char *seen, size_t len)
{
	uint64_t t;
	unsigned last = 16, n = 0;

	for (;;) {
		uint32_t st = rr(d, R5XX_LVTMA_R500_PWRSEQ_STATE);

		if (PS_STATUS(st) != last && n + 3 < len) {
			last = PS_STATUS(st);
			n += snprintf(seen + n, len - n, "%u ", last);
		}
		t = d_vtime(d) - t0;
		if (last == want)
			return t;
		T_CHECK(t < 2000 * MS, "PWRSEQ did not reach %u in 2 s (seen: %s)",
			want, seen);
	}
}

/*
 * The steps @seen came in the order of @all and ended with its last (a
 * loaded host may stall the guest past a step between two polls).
 */
static bool in_order(const char *seen, const char *all)
{
	const char *a = all;
	size_t n = strlen(all), k = strlen(seen);

	for (; *seen; seen += 2) {
		a = strchr(a, *seen);
		if (!a)
			return false;
	}
	return k >= 2 && !strcmp(seen - 2, all + n - 2);
}

int main(int argc, char **argv)
{
	unsigned level = argc > 1 ? strtoul(argv[1], NULL, 0) : 0x40;
	struct view native = { .w = PW, .h = PH, .scale = false };
	struct view full = { .w = 640, .h = 400, .scale = true };
	struct view centre = { .l = 320, .t = 200, .w = 640, .h = 400 };
	uint32_t cntl, st;
	struct r5xx d;
	struct mode m;
	char seen[64];
	uint64_t t;
	unsigned x, y;

	t_open(&d);
	T_CHECK(d.is_r5xx, "not an AVIVO chip");
	t_mc_setup(&d);
	d_mode_default(&m, PW, PH, 32);
	for (y = 0; y < PH; y++)
		for (x = 0; x < PW; x++)
			vram_wr(&d, D_FB1_OFF + (y * m.pitch + x) * 4, hash(x, y));
	d_palette_identity(&d, 0);

	/* 1. as the BIOS left it */
	st = rr(&d, R5XX_LVTMA_R500_PWRSEQ_STATE);
	T_CHECK(PS_STATUS(st) == 4 && (st & PS_SIGNALS) == PS_SIGNALS,
		"PWRSEQ_STATE at reset is 0x%x, expected powered up", st);
	d_crtc_set(&d, 0, &m, D_FB1_OFF);
	check_picture(&native, "D1 at 1280x800");

	/* 2. power down and up; delays 20 ms each step, 100 ms off */
	wr(&d, R5XX_LVTMA_R500_PWRSEQ_DELAY1, 0x05050505);
	wr(&d, R5XX_LVTMA_R500_PWRSEQ_DELAY2, 25);
	cntl = rr(&d, R5XX_LVTMA_R500_PWRSEQ_CNTL);
	t = d_vtime(&d);
	wr(&d, R5XX_LVTMA_R500_PWRSEQ_CNTL,
	   cntl & ~R5XX_LVTMA_R500_PWRSEQ_CNTL_LVTMA_PWRSEQ_TARGET_STATE);
	t = sequence(&d, t, 9, seen, sizeof(seen));
	t_log("power-down: steps %s in %llu ms", seen, (unsigned long long)(t / MS));
	T_CHECK(in_order(seen, "5 6 8 9 "), "power-down steps: %s", seen);
	T_CHECK(t >= 140 * MS, "power-down took %llu ns, less than 140 ms",
		(unsigned long long)t);
	st = rr(&d, R5XX_LVTMA_R500_PWRSEQ_STATE);
	T_CHECK((st & PS_SIGNALS) == 0x10, "PWRSEQ_STATE when down: 0x%x", st);
	check_dark("powered down");
	t = d_vtime(&d);
	wr(&d, R5XX_LVTMA_R500_PWRSEQ_CNTL, cntl);
	t = sequence(&d, t, 4, seen, sizeof(seen));
	t_log("power-up: steps %s in %llu ms", seen, (unsigned long long)(t / MS));
	T_CHECK(in_order(seen, "1 2 4 ") && t >= 40 * MS,
		"power-up: steps %s in %llu ns", seen, (unsigned long long)t);
	check_picture(&native, "powered up again");

	/* 3. the scaler: full, then centred */
	wr(&d, R5XX_D1MODE_VIEWPORT_SIZE, 640u << 16 | 400);
	wr(&d, R5XX_D1SCL_SCALER_ENABLE, 1);
	check_picture(&full, "640x400 scaled to 1280x800");
	wr(&d, R5XX_D1SCL_SCALER_ENABLE, 0);
	wr(&d, R5XX_D1MODE_EXT_OVERSCAN_LEFT_RIGHT, 320u << 16 | 320);
	wr(&d, R5XX_D1MODE_EXT_OVERSCAN_TOP_BOTTOM, 200u << 16 | 200);
	check_picture(&centre, "640x400 centred on 1280x800");
	wr(&d, R5XX_D1MODE_EXT_OVERSCAN_LEFT_RIGHT, 0);
	wr(&d, R5XX_D1MODE_EXT_OVERSCAN_TOP_BOTTOM, 0);
	wr(&d, R5XX_D1MODE_VIEWPORT_SIZE, PW << 16 | PH);

	/* 4. the transmitter off, then on */
	wr(&d, R5XX_LVTMA_CNTL, 0);
	check_dark("LVTMA_CNTL off");
	wr(&d, R5XX_LVTMA_CNTL, R5XX_LVTMA_CNTL_LVTMA_ENABLE);
	check_picture(&native, "LVTMA_CNTL on");

	wr(&d, R5XX_LVTMA_R500_BL_MOD_CNTL,
	   (level & 0xff) << 8 | R5XX_LVTMA_R500_BL_MOD_CNTL_LVTMA_BL_MOD_EN);
	printf("ok: backlight level set to %u\n", level & 0xff);
	return 0;
}
