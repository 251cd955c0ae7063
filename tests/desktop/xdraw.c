// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * X client of the desktop tests (tests/desktop/): draws a fixed 2D session
 * on the root window of $DISPLAY, or reads the screen back, so that the
 * session's result on Xorg with the ati DDX on r5xx can be compared pixel
 * for pixel with the same session on Xvfb (software).
 *
 *   xdraw session          draw the session (core protocol, then RENDER)
 *   xdraw core [SECTION]...  only the core protocol part, or some of its
 *                          sections (fills copies images text pixmaps
 *                          shapes readback) on a clear screen
 *   xdraw render           only the RENDER part (on what is there)
 *   xdraw dump FILE        the root window as a P6 PPM (XGetImage)
 *   xdraw warp X Y         move the pointer (the cursor shows where it is)
 *   xdraw nocursor         an empty cursor on the root window
 *   xdraw cursor           a 16x16 square cursor on the root window
 *   xdraw fill RRGGBB      fill the root window with one colour
 *   xdraw tiles            64x64 squares of different colours over the root window
 *
 * Every request of the session has a result the protocol defines exactly
 * at depth 24 (fills, copies, PutImage, the glyphs of a bitmap font, and
 * RENDER's fills and composites of 8-bit channels, which both servers do
 * with pixman), except zero-width lines and arcs, whose pixels are left to
 * the server: both servers draw those with the same mi/fb code.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xrender.h>

static Display *dpy;
static Window root;
static int scr_w, scr_h;
static uint32_t seed = 0x5eed1234;

static uint32_t rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 17;
	seed ^= seed << 5;
	return seed;
}

static int rnd_in(int n)
{
	return (int)(rnd() % (uint32_t)n);
}

static void die(const char *msg)
{
	fprintf(stderr, "xdraw: %s\n", msg);
	exit(1);
}

static GC new_gc(unsigned long fg)
{
	GC gc = XCreateGC(dpy, root, 0, NULL);

	XSetForeground(dpy, gc, fg);
	XSetSubwindowMode(dpy, gc, IncludeInferiors);
	return gc;
}

/* Solid fills: random rectangles, then all 16 functions, with and without a plane mask. */
static void solid_fills(GC gc)
{
	XSetForeground(dpy, gc, 0x203040);
	XFillRectangle(dpy, root, gc, 0, 0, scr_w, scr_h);
	for (int i = 0; i < 300; i++) {
		XSetForeground(dpy, gc, rnd() & 0xffffff);
		XFillRectangle(dpy, root, gc, rnd_in(480), rnd_in(360),
			       1 + rnd_in(120), 1 + rnd_in(90));
	}
	for (int mask = 0; mask < 2; mask++) {
		for (int f = 0; f < 16; f++) {
			XSetFunction(dpy, gc, f);
			XSetPlaneMask(dpy, gc, mask ? 0x00ff0ff0 : AllPlanes);
			XSetForeground(dpy, gc, 0x5a3cc3 + f * 0x010203);
			XFillRectangle(dpy, root, gc, 8 + f * 30, 20 + mask * 160, 26, 140);
		}
	}
	XSetFunction(dpy, gc, GXcopy);
	XSetPlaneMask(dpy, gc, AllPlanes);
	/* many small rectangles in one request */
	XRectangle r[200];

	for (int i = 0; i < 200; i++) {
		r[i].x = 520 + (i % 20) * 12;
		r[i].y = 8 + (i / 20) * 12;
		r[i].width = 1 + i % 11;
		r[i].height = 1 + (i / 7) % 11;
	}
	XSetForeground(dpy, gc, 0xf0e020);
	XFillRectangles(dpy, root, gc, r, 200);
}

/* Copies on the screen: plain, overlapping in every direction (scrolls), with a function. */
static void copies(GC gc)
{
	static const int d[][2] = {
		{ 0, -9 }, { 0, 9 }, { -11, 0 }, { 11, 0 },
		{ -5, -3 }, { 5, 3 }, { 7, -13 }, { -13, 7 }, { 1, 0 }, { 0, 1 },
	};

	XCopyArea(dpy, root, root, gc, 0, 0, 240, 180, 780, 20);
	for (unsigned int i = 0; i < sizeof(d) / sizeof(d[0]); i++)
		for (int k = 0; k < 4; k++)
			XCopyArea(dpy, root, root, gc, 60, 40, 400, 300,
				  60 + d[i][0], 40 + d[i][1]);
	/* a scroll of the whole right part, as a terminal does */
	for (int k = 0; k < 6; k++)
		XCopyArea(dpy, root, root, gc, 520, 16, 480, 300, 520, 0);
	XSetFunction(dpy, gc, GXxor);
	XCopyArea(dpy, root, root, gc, 100, 100, 200, 120, 150, 130);
	XSetFunction(dpy, gc, GXcopy);
}

/* PutImage: a 32-bit ZPixmap gradient, an XYBitmap, and a ZPixmap with a function. */
static void put_images(GC gc)
{
	Visual *vis = DefaultVisual(dpy, DefaultScreen(dpy));
	int w = 256, h = 160;
	char *zdata = malloc((size_t)w * h * 4);
	XImage *zi;

	if (!zdata)
		die("out of memory");
	zi = XCreateImage(dpy, vis, 24, ZPixmap, 0, zdata, w, h, 32, 0);
	if (!zi)
		die("XCreateImage");
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			XPutPixel(zi, x, y, (x << 16) | ((y * 255 / (h - 1)) << 8) |
					    ((x ^ y) & 0xff));
	XPutImage(dpy, root, gc, zi, 0, 0, 10, 400, w, h);
	/* a sub-rectangle at an odd place, and once more with xor */
	XPutImage(dpy, root, gc, zi, 13, 7, 283, 401, 101, 77);
	XSetFunction(dpy, gc, GXxor);
	XPutImage(dpy, root, gc, zi, 0, 0, 300, 480, 120, 70);
	XSetFunction(dpy, gc, GXcopy);
	XDestroyImage(zi);

	int bw = 72, bh = 40, stride = (bw + 7) / 8;
	char *bits = calloc((size_t)stride * bh, 1);
	XImage *bi;

	if (!bits)
		die("out of memory");
	for (int y = 0; y < bh; y++)
		for (int x = 0; x < bw; x++)
			if ((x * x + y * 3) % 7 < 3)
				bits[y * stride + x / 8] |= 1 << (x % 8);
	bi = XCreateImage(dpy, vis, 1, XYBitmap, 0, bits, bw, bh, 8, stride);
	if (!bi)
		die("XCreateImage bitmap");
	bi->bitmap_bit_order = LSBFirst;
	bi->byte_order = LSBFirst;
	XSetForeground(dpy, gc, 0xff8000);
	XSetBackground(dpy, gc, 0x0000a0);
	XPutImage(dpy, root, gc, bi, 0, 0, 440, 400, bw, bh);
	XDestroyImage(bi);
}

/* Core text with the bitmap font "fixed": PolyText8 and ImageText8. */
static void text(GC gc)
{
	static const char *const lines[] = {
		"The quick brown fox jumps over the lazy dog 0123456789",
		"r5xx: EXA on the 2D engine, compared with Xvfb pixel for pixel",
		"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
	};
	XFontStruct *f = XLoadQueryFont(dpy, "fixed");

	if (!f)
		die("no font \"fixed\" (xfonts-base)");
	XSetFont(dpy, gc, f->fid);
	for (unsigned int i = 0; i < 3; i++) {
		XSetForeground(dpy, gc, 0xffffff - i * 0x304010);
		XDrawString(dpy, root, gc, 520, 340 + i * 16, lines[i], (int)strlen(lines[i]));
		XSetBackground(dpy, gc, 0x102080 + i * 0x200000);
		XDrawImageString(dpy, root, gc, 523, 400 + i * 15, lines[i], (int)strlen(lines[i]));
	}
	XFreeFont(dpy, f);
}

/* Offscreen pixmaps: drawn into, copied to the screen, used as a tile and a stipple. */
static void pixmaps(GC gc)
{
	Pixmap p = XCreatePixmap(dpy, root, 96, 64, 24);
	Pixmap tile = XCreatePixmap(dpy, root, 8, 8, 24);
	Pixmap st = XCreatePixmap(dpy, root, 16, 16, 1);
	GC gc1 = XCreateGC(dpy, st, 0, NULL);

	XSetForeground(dpy, gc, 0x00c0c0);
	XFillRectangle(dpy, p, gc, 0, 0, 96, 64);
	XSetForeground(dpy, gc, 0xc00040);
	XFillRectangle(dpy, p, gc, 10, 10, 50, 30);
	XCopyArea(dpy, p, p, gc, 0, 0, 60, 40, 30, 20);
	for (int i = 0; i < 5; i++)
		XCopyArea(dpy, p, root, gc, 0, 0, 96, 64, 600 + i * 70, 470 + i * 9);

	for (int y = 0; y < 8; y++) {
		XSetForeground(dpy, gc, 0x101010 * y + 0x800000);
		XFillRectangle(dpy, tile, gc, 0, y, 8, 1);
	}
	XSetForeground(dpy, gc, 0x40ff40);
	XFillRectangle(dpy, tile, gc, 3, 0, 2, 8);
	XSetTile(dpy, gc, tile);
	XSetFillStyle(dpy, gc, FillTiled);
	XSetTSOrigin(dpy, gc, 3, 5);
	XFillRectangle(dpy, root, gc, 10, 580, 300, 80);

	XSetForeground(dpy, gc1, 0);
	XFillRectangle(dpy, st, gc1, 0, 0, 16, 16);
	XSetForeground(dpy, gc1, 1);
	for (int i = 0; i < 16; i++)
		XDrawPoint(dpy, st, gc1, i, (i * 5) % 16);
	XFillRectangle(dpy, st, gc1, 4, 4, 5, 3);
	XSetStipple(dpy, gc, st);
	XSetFillStyle(dpy, gc, FillOpaqueStippled);
	XSetForeground(dpy, gc, 0xe0e0e0);
	XSetBackground(dpy, gc, 0x301030);
	XFillRectangle(dpy, root, gc, 320, 580, 200, 80);
	XSetFillStyle(dpy, gc, FillStippled);
	XSetForeground(dpy, gc, 0xff2020);
	XFillRectangle(dpy, root, gc, 420, 620, 200, 80);
	XSetFillStyle(dpy, gc, FillSolid);

	XFreeGC(dpy, gc1);
	XFreePixmap(dpy, st);
	XFreePixmap(dpy, tile);
	XFreePixmap(dpy, p);
}

/* Lines, arcs and polygons (mi/fb in both servers; spans may be filled by EXA). */
static void shapes(GC gc)
{
	XPoint pts[] = { { 700, 600 }, { 820, 560 }, { 900, 700 }, { 760, 740 }, { 720, 650 } };

	XSetForeground(dpy, gc, 0xffff00);
	for (int i = 0; i < 20; i++)
		XDrawLine(dpy, root, gc, 640, 560, 640 + i * 19, 760 - i * 7);
	XSetForeground(dpy, gc, 0x00a0ff);
	XFillPolygon(dpy, root, gc, pts, 5, Complex, CoordModeOrigin);
	XSetForeground(dpy, gc, 0xff00ff);
	XFillArc(dpy, root, gc, 900, 560, 110, 90, 0, 300 * 64);
	XDrawArc(dpy, root, gc, 880, 660, 120, 90, 30 * 64, 200 * 64);
	XSetLineAttributes(dpy, gc, 5, LineSolid, CapRound, JoinRound);
	XDrawRectangle(dpy, root, gc, 530, 700, 90, 50);
	XSetLineAttributes(dpy, gc, 0, LineSolid, CapButt, JoinMiter);
}

/* GetImage of a part of the screen and PutImage of it elsewhere. */
static void readback(GC gc)
{
	XImage *im = XGetImage(dpy, root, 40, 30, 150, 100, AllPlanes, ZPixmap);

	if (!im)
		die("XGetImage");
	XPutImage(dpy, root, gc, im, 0, 0, 860, 240, 150, 100);
	XDestroyImage(im);
}

/* RENDER: translucent fills, an ARGB image composited with Over, an a8 mask. */
static void render(void)
{
	XRenderPictFormat *rootfmt = XRenderFindVisualFormat(dpy, DefaultVisual(dpy, DefaultScreen(dpy)));
	XRenderPictFormat *argb = XRenderFindStandardFormat(dpy, PictStandardARGB32);
	XRenderPictFormat *a8 = XRenderFindStandardFormat(dpy, PictStandardA8);
	XRenderPictureAttributes pa = { .subwindow_mode = IncludeInferiors };
	Picture dst, src, mask;
	Pixmap sp, mp;
	GC gc;
	XImage *im;

	if (!rootfmt || !argb || !a8)
		die("RENDER formats missing");
	dst = XRenderCreatePicture(dpy, root, rootfmt, CPSubwindowMode, &pa);
	for (int i = 0; i < 8; i++) {
		XRenderColor c = {
			.red = (unsigned short)(i * 0x2000), .green = 0x8000,
			.blue = (unsigned short)(0xffff - i * 0x2000), .alpha = 0x8080,
		};
		/* premultiplied: no channel above alpha */
		c.red = (unsigned short)(c.red / 2);
		c.green = (unsigned short)(c.green / 2);
		c.blue = (unsigned short)(c.blue / 2);
		XRenderFillRectangle(dpy, PictOpOver, dst, &c, 40 + i * 50, 60 + i * 20, 90, 60);
	}
	XRenderColor opaque = { 0x1234, 0x5678, 0x9abc, 0xffff };

	XRenderFillRectangle(dpy, PictOpSrc, dst, &opaque, 700, 400, 40, 40);

	sp = XCreatePixmap(dpy, root, 64, 64, 32);
	gc = XCreateGC(dpy, sp, 0, NULL);
	im = XCreateImage(dpy, NULL, 32, ZPixmap, 0,
			  malloc(64 * 64 * 4), 64, 64, 32, 0);
	if (!im || !im->data)
		die("XCreateImage argb");
	for (int y = 0; y < 64; y++)
		for (int x = 0; x < 64; x++) {
			unsigned int a = (unsigned int)(x * 4);

			XPutPixel(im, x, y, (a << 24) | ((a * y / 64) << 16) | ((a * (63 - y) / 64) << 8) | (a / 3));
		}
	XPutImage(dpy, sp, gc, im, 0, 0, 0, 0, 64, 64);
	XDestroyImage(im);
	src = XRenderCreatePicture(dpy, sp, argb, 0, NULL);
	for (int i = 0; i < 6; i++)
		XRenderComposite(dpy, PictOpOver, src, None, dst, 0, 0, 0, 0,
				 760 + i * 37, 380 + i * 11, 64, 64);

	mp = XCreatePixmap(dpy, root, 64, 32, 8);
	XFreeGC(dpy, gc);
	gc = XCreateGC(dpy, mp, 0, NULL);
	for (int x = 0; x < 64; x++) {
		XSetForeground(dpy, gc, (unsigned long)(x * 4 + 3));
		XFillRectangle(dpy, mp, gc, x, 0, 1, 32);
	}
	mask = XRenderCreatePicture(dpy, mp, a8, 0, NULL);
	XRenderComposite(dpy, PictOpOver, src, mask, dst, 0, 0, 0, 0, 900, 470, 64, 32);

	XRenderFreePicture(dpy, mask);
	XRenderFreePicture(dpy, src);
	XRenderFreePicture(dpy, dst);
	XFreeGC(dpy, gc);
	XFreePixmap(dpy, mp);
	XFreePixmap(dpy, sp);
}

static const struct {
	const char *name;
	void (*draw)(GC gc);
} sections[] = {
	{ "fills", solid_fills }, { "copies", copies }, { "images", put_images },
	{ "text", text }, { "pixmaps", pixmaps }, { "shapes", shapes },
	{ "readback", readback },
};

/*
 * XDRAW_SYNC's separation of the sections: a round trip alone (XSync) does
 * not make Xorg submit its batch before the next section's requests
 * arrive, as the reply may leave before the server's block handler runs
 * (seen in CI: the PutImage after the copies lost all but one pixel, the
 * failure Documentation/desktop.rst describes). A GetImage does: the
 * DDX must run its batch to read back the pixel, so the reply comes after
 * the submission and the next section starts a command stream of its own.
 */
static void submit_batch(void)
{
	XImage *img = XGetImage(dpy, root, 0, 0, 1, 1, AllPlanes, ZPixmap);

	if (!img)
		die("XGetImage of one pixel");
	XDestroyImage(img);
}

/* The core protocol part: all sections, or only the named ones on a clear screen. */
static void core_session(char **names, int n)
{
	GC gc = new_gc(0x203040);

	if (n)
		XFillRectangle(dpy, root, gc, 0, 0, scr_w, scr_h);
	for (unsigned int i = 0; i < sizeof(sections) / sizeof(sections[0]); i++) {
		int want = !n;

		for (int k = 0; k < n; k++)
			want |= !strcmp(names[k], sections[i].name);
		if (want)
			sections[i].draw(gc);
		if (getenv("XDRAW_SYNC"))
			submit_batch();
	}
	XFreeGC(dpy, gc);
}

/*
 * The root window's cursor: none shows by default. An empty one, or a
 * 16x16 square (white, a black 2-pixel border) with its hot spot at (0, 0).
 */
static void define_cursor(int visible)
{
	Pixmap src = XCreatePixmap(dpy, root, 16, 16, 1);
	Pixmap mask = XCreatePixmap(dpy, root, 16, 16, 1);
	GC gc = XCreateGC(dpy, src, 0, NULL);
	XColor fg = { .red = 0xffff, .green = 0xffff, .blue = 0xffff };
	XColor bg = { 0 };
	Cursor cur;

	XSetForeground(dpy, gc, 0);
	XFillRectangle(dpy, src, gc, 0, 0, 16, 16);
	XFillRectangle(dpy, mask, gc, 0, 0, 16, 16);
	if (visible) {
		XSetForeground(dpy, gc, 1);
		XFillRectangle(dpy, mask, gc, 0, 0, 16, 16);
		XFillRectangle(dpy, src, gc, 2, 2, 12, 12);
	}
	cur = XCreatePixmapCursor(dpy, src, mask, &fg, &bg, 0, 0);
	XDefineCursor(dpy, root, cur);
	XFreeCursor(dpy, cur);
	XFreeGC(dpy, gc);
	XFreePixmap(dpy, mask);
	XFreePixmap(dpy, src);
}

static void dump(const char *path)
{
	XImage *im = XGetImage(dpy, root, 0, 0, scr_w, scr_h, AllPlanes, ZPixmap);
	FILE *f;

	if (!im)
		die("XGetImage of the root window");
	f = fopen(path, "wb");
	if (!f)
		die("cannot write the dump");
	fprintf(f, "P6\n%d %d\n255\n", scr_w, scr_h);
	for (int y = 0; y < scr_h; y++)
		for (int x = 0; x < scr_w; x++) {
			unsigned long p = XGetPixel(im, x, y);

			fputc((int)(p >> 16) & 0xff, f);
			fputc((int)(p >> 8) & 0xff, f);
			fputc((int)p & 0xff, f);
		}
	if (fclose(f))
		die("cannot write the dump");
	XDestroyImage(im);
}

int main(int argc, char **argv)
{
	int ev, err;

	if (argc < 2)
		die("usage: xdraw session|core|render|dump FILE|warp X Y|nocursor|cursor|fill RRGGBB|tiles");
	dpy = XOpenDisplay(NULL);
	if (!dpy)
		die("cannot open the display");
	root = DefaultRootWindow(dpy);
	scr_w = DisplayWidth(dpy, DefaultScreen(dpy));
	scr_h = DisplayHeight(dpy, DefaultScreen(dpy));
	if (DefaultDepth(dpy, DefaultScreen(dpy)) != 24)
		die("the tests need depth 24");

	if (!strcmp(argv[1], "session") || !strcmp(argv[1], "core"))
		core_session(argv + 2, argc - 2);
	if (!strcmp(argv[1], "session") || !strcmp(argv[1], "render")) {
		if (!XRenderQueryExtension(dpy, &ev, &err))
			die("no RENDER");
		render();
	} else if (!strcmp(argv[1], "dump") && argc == 3) {
		dump(argv[2]);
	} else if (!strcmp(argv[1], "warp") && argc == 4) {
		XWarpPointer(dpy, None, root, 0, 0, 0, 0, atoi(argv[2]), atoi(argv[3]));
	} else if (!strcmp(argv[1], "nocursor") || !strcmp(argv[1], "cursor")) {
		define_cursor(!strcmp(argv[1], "cursor"));
	} else if (!strcmp(argv[1], "tiles")) {
		GC gc = new_gc(0);

		for (int y = 0; y < scr_h; y += 64)
			for (int x = 0; x < scr_w; x += 64) {
				XSetForeground(dpy, gc, ((x * 4) & 0xff) << 16 | ((y * 4) & 0xff) << 8 |
							((x + y) / 64 * 29 & 0xff));
				XFillRectangle(dpy, root, gc, x, y, 64, 64);
			}
		XFreeGC(dpy, gc);
	} else if (!strcmp(argv[1], "fill") && argc == 3) {
		GC gc = new_gc(strtoul(argv[2], NULL, 16));

		XFillRectangle(dpy, root, gc, 0, 0, scr_w, scr_h);
		XFreeGC(dpy, gc);
	} else if (strcmp(argv[1], "session") && strcmp(argv[1], "core")) {
		die("unknown command");
	}
	XSync(dpy, False);
	XCloseDisplay(dpy);
	return 0;
}
