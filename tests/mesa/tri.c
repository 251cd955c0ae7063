// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Guest program of tests/mesa/tri.sh: what Mesa draws on the GPU against
 * what llvmpipe draws.  `tri render FILE` renders with whatever Mesa
 * driver EGL's surfaceless platform picks (r300 on r5xx; llvmpipe with
 * LIBGL_ALWAYS_SOFTWARE=1) into a 64x64 RGBA8 texture of a framebuffer
 * object: a clear, a smooth-shaded triangle from a vertex
 * buffer, a second, flat triangle over it from client memory with a
 * uniform colour; glReadPixels writes the 64x64 RGBA bytes to FILE.
 * `tri render2 FILE` adds a 16-bit depth buffer, two triangles that cross
 * in depth drawn by glDrawElements from an index buffer with GL_LESS, and
 * a triangle blended SRC_ALPHA, ONE_MINUS_SRC_ALPHA over it all.
 * `tri render3 FILE` draws four textured quads over scene 1 (textured()),
 * `tri render4 FILE` four mipmapped ones (mipmapped()).
 * `tri compare A B` compares two such files as issue #23 states the
 * tolerance: a pixel differs when a channel differs by more than 3; a
 * differing pixel that matches a pixel of the other image within one
 * pixel (both ways) is an edge pixel and allowed; it fails if more than
 * 1 % of the pixels differ otherwise (a pixel centre on an edge over a
 * smooth gradient, a depth tie), or if the reference has almost nothing
 * drawn over the clear colour.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

#define W 64
#define H 64

static void die(const char *what)
{
	printf("FAIL: %s (EGL %#x, GL %#x)\n", what, eglGetError(), glGetError());
	exit(1);
}

static GLuint shader(GLenum type, const char *src)
{
	GLuint s = glCreateShader(type);
	GLint ok = 0;

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (!ok)
		die("shader compile");
	return s;
}

static GLuint program(const char *vs, const char *fs)
{
	GLuint p = glCreateProgram();
	GLint ok = 0;

	glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
	glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
	glBindAttribLocation(p, 0, "pos");
	glBindAttribLocation(p, 1, "col");
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	if (!ok)
		die("program link");
	return p;
}

/*
 * The textured quads of scenes 3 and 4: a program whose vertex shader
 * passes attribute 1 on as the texcoord and whose fragment shader is fs
 * (sampler s on unit 0), and a quad of one unit square from (x0, y0) with
 * texcoords t0..t1 in both directions, drawn from vbo.
 */
static GLuint tex_program(const char *fs)
{
	static const char *vs =
		"attribute vec4 pos;\n"
		"attribute vec2 col;\n"
		"varying vec2 t;\n"
		"void main() { gl_Position = pos; t = col; }\n";
	GLuint prog = program(vs, fs);

	glUseProgram(prog);
	glUniform1i(glGetUniformLocation(prog, "s"), 0);
	return prog;
}

static void tex_quad(GLuint vbo, GLfloat x0, GLfloat y0, GLfloat t0, GLfloat t1)
{
	GLfloat v[4][4];

	for (int c = 0; c < 4; c++) {
		v[c][0] = x0 + (c & 1 ? 1.0f : 0.0f);
		v[c][1] = y0 + (c & 2 ? 1.0f : 0.0f);
		v[c][2] = c & 1 ? t1 : t0;
		v[c][3] = c & 2 ? t1 : t0;
	}
	glBindBuffer(GL_ARRAY_BUFFER, vbo);
	glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 16, (void *)0);
	glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 16, (void *)8);
	glEnableVertexAttribArray(0);
	glEnableVertexAttribArray(1);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/*
 * Scene 3 over scene 1: four textured quads, one per quadrant of the
 * target.  Top left: a 16x16 RGBA8888 texture, nearest, GL_REPEAT over
 * texcoords -0.5..1.5 (a texel a pixel, centres on texel centres); top
 * right: the same, bilinear, GL_CLAMP_TO_EDGE over -0.25..1.25; bottom
 * left: 8x8 RGB565, nearest, GL_MIRRORED_REPEAT over -1..1; bottom right:
 * 8x8 LUMINANCE, bilinear, GL_REPEAT over 0..1, times the vertex colour.
 */
static void textured(GLuint vbo)
{
	static const char *fs =
		"precision mediump float;\n"
		"varying vec2 t;\n"
		"uniform sampler2D s;\n"
		"uniform vec4 k;\n"
		"void main() { gl_FragColor = texture2D(s, t) * k; }\n";
	static const struct {
		GLfloat x0, y0, t0, t1;
		GLenum fmt, type, filter, wrap;
		GLsizei size;
		GLfloat k[4];
	} q[4] = {
		{ -1, 0, -0.5f, 1.5f, GL_RGBA, GL_UNSIGNED_BYTE, GL_NEAREST,
		  GL_REPEAT, 16, { 1, 1, 1, 1 } },
		{ 0, 0, -0.25f, 1.25f, GL_RGBA, GL_UNSIGNED_BYTE, GL_LINEAR,
		  GL_CLAMP_TO_EDGE, 16, { 1, 1, 1, 1 } },
		{ -1, -1, -1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_NEAREST,
		  GL_MIRRORED_REPEAT, 8, { 1, 1, 1, 1 } },
		{ 0, -1, 0, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, GL_LINEAR,
		  GL_REPEAT, 8, { 1.0f, 0.5f, 0.25f, 1 } },
	};
	static uint8_t data[16 * 16 * 4];
	GLuint prog, tex[4];

	prog = tex_program(fs);
	glGenTextures(4, tex);
	for (int i = 0; i < 4; i++) {
		int n = q[i].size;

		for (int y = 0; y < n; y++)
			for (int x = 0; x < n; x++) {
				uint8_t *p = data + 4 * (y * n + x);
				uint16_t c565 = (uint16_t)((x * 4) << 11 |
							   (y * 8) << 5 |
							   (x ^ y) * 4);

				if (q[i].type == GL_UNSIGNED_SHORT_5_6_5) {
					memcpy(data + 2 * (y * n + x), &c565, 2);
				} else if (q[i].fmt == GL_LUMINANCE) {
					data[y * n + x] = (uint8_t)((x * 37 + y * 11) * 3);
				} else {
					p[0] = (uint8_t)(x * 16);
					p[1] = (uint8_t)(y * 16);
					p[2] = (x + y) & 1 ? 255 : 32;
					p[3] = 255;
				}
			}
		glBindTexture(GL_TEXTURE_2D, tex[i]);
		glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
		glTexImage2D(GL_TEXTURE_2D, 0, q[i].fmt, n, n, 0, q[i].fmt,
			     q[i].type, data);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, q[i].filter);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, q[i].filter);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, q[i].wrap);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, q[i].wrap);
		glUniform4fv(glGetUniformLocation(prog, "k"), 1, q[i].k);
		tex_quad(vbo, q[i].x0, q[i].y0, q[i].t0, q[i].t1);
	}
}

/*
 * Scene 4 over scene 1: mipmaps.  A 64x64 RGBA texture whose 7 levels
 * are each one colour (level l: red 255 - 36 l, green 36 l, blue 128),
 * drawn over each quadrant (32x32 pixels) at a scale that picks the LOD:
 * texcoords 0..1 (LOD 1), LINEAR_MIPMAP_LINEAR; 0..1.5 (LOD 1.58, a blend
 * of levels 1 and 2), LINEAR_MIPMAP_LINEAR; 0..3 (LOD 2.58: level 3),
 * NEAREST_MIPMAP_NEAREST; 0..12 (LOD 4.58: level 5),
 * LINEAR_MIPMAP_NEAREST; GL_REPEAT.  The quads are screen-aligned, so
 * GL's rho and llvmpipe's approximation of it agree.
 */
static void mipmapped(GLuint vbo)
{
	static const char *fs =
		"precision mediump float;\n"
		"varying vec2 t;\n"
		"uniform sampler2D s;\n"
		"void main() { gl_FragColor = texture2D(s, t); }\n";
	static const struct {
		GLfloat x0, y0, t1;
		GLenum filter;
	} q[4] = {
		{ -1, 0, 1.0f, GL_LINEAR_MIPMAP_LINEAR },
		{ 0, 0, 1.5f, GL_LINEAR_MIPMAP_LINEAR },
		{ -1, -1, 3.0f, GL_NEAREST_MIPMAP_NEAREST },
		{ 0, -1, 12.0f, GL_LINEAR_MIPMAP_NEAREST },
	};
	static uint8_t data[64 * 64 * 4];
	GLuint tex[4];

	tex_program(fs);
	glGenTextures(4, tex);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	for (int i = 0; i < 4; i++) {
		glBindTexture(GL_TEXTURE_2D, tex[i]);
		for (int l = 0; l < 7; l++) {
			int n = 64 >> l;

			for (int k = 0; k < n * n; k++) {
				data[4 * k] = (uint8_t)(255 - 36 * l);
				data[4 * k + 1] = (uint8_t)(36 * l);
				data[4 * k + 2] = 128;
				data[4 * k + 3] = 255;
			}
			glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, n, n, 0, GL_RGBA,
				     GL_UNSIGNED_BYTE, data);
		}
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, q[i].filter);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
		tex_quad(vbo, q[i].x0, q[i].y0, 0.0f, q[i].t1);
	}
}

static int render(const char *file, int scene)
{
	static const EGLint cfg_attrs[] = {
		EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
		EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
		EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
		EGL_NONE,
	};
	static const EGLint ctx_attrs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	static const EGLint pb_attrs[] = { EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE };
	static const GLfloat smooth[] = {
		/* x, y, r, g, b, a */
		-0.83f, -0.90f, 1.0f, 0.0f, 0.0f, 1.0f,
		0.85f, -0.37f, 0.0f, 1.0f, 0.0f, 1.0f,
		-0.35f, 0.91f, 0.0f, 0.0f, 1.0f, 1.0f,
	};
	static const GLfloat flat[] = {
		0.95f, 0.30f, -0.70f, 0.96f, 0.13f, -0.77f,
	};
	static const char *vs =
		"attribute vec4 pos;\n"
		"attribute vec4 col;\n"
		"varying vec4 v;\n"
		"void main() { gl_Position = pos; v = col; }\n";
	static const char *fs =
		"precision mediump float;\n"
		"varying vec4 v;\n"
		"uniform vec4 k;\n"
		"void main() { gl_FragColor = v * k; }\n";
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display;
	static uint8_t px[W * H * 4];
	EGLDisplay dpy;
	EGLConfig cfg;
	EGLContext ctx;
	EGLSurface surf;
	EGLint n, major, minor;
	GLuint fb, vbo, prog;
	GLint k;
	FILE *f;

	get_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)
		eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (!get_display)
		die("no eglGetPlatformDisplayEXT");
	dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor))
		die("eglInitialize");
	if (!eglBindAPI(EGL_OPENGL_ES_API) ||
	    !eglChooseConfig(dpy, cfg_attrs, &cfg, 1, &n) || n < 1)
		die("eglChooseConfig");
	ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attrs);
	surf = eglCreatePbufferSurface(dpy, cfg, pb_attrs);
	if (ctx == EGL_NO_CONTEXT || surf == EGL_NO_SURFACE ||
	    !eglMakeCurrent(dpy, surf, surf, ctx))
		die("eglMakeCurrent");
	printf("GL_RENDERER: %s\n", glGetString(GL_RENDERER));

	glGenFramebuffers(1, &fb);
	glBindFramebuffer(GL_FRAMEBUFFER, fb);
	/* GLES2 has no RGBA8 renderbuffer: a texture is the colour buffer */
	{
		GLuint tex;

		glGenTextures(1, &tex);
		glBindTexture(GL_TEXTURE_2D, tex);
		glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA,
			     GL_UNSIGNED_BYTE, NULL);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
		glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
				       GL_TEXTURE_2D, tex, 0);
	}
	if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
		die("framebuffer incomplete");
	glViewport(0, 0, W, H);
	glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);

	prog = program(vs, fs);
	glUseProgram(prog);
	k = glGetUniformLocation(prog, "k");
	glUniform4f(k, 1.0f, 1.0f, 1.0f, 1.0f);
	glGenBuffers(1, &vbo);
	glBindBuffer(GL_ARRAY_BUFFER, vbo);
	glBufferData(GL_ARRAY_BUFFER, sizeof(smooth), smooth, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
	glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
	glEnableVertexAttribArray(0);
	glEnableVertexAttribArray(1);
	glDrawArrays(GL_TRIANGLES, 0, 3);

	/* a flat triangle: colour from the uniform, vertices from memory */
	glBindBuffer(GL_ARRAY_BUFFER, 0);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, flat);
	glDisableVertexAttribArray(1);
	glVertexAttrib4f(1, 1.0f, 1.0f, 1.0f, 1.0f);
	glUniform4f(k, 0.9f, 0.6f, 0.1f, 1.0f);
	glDrawArrays(GL_TRIANGLES, 0, 3);

	if (scene == 2) {
		/*
		 * Scene 2 over scene 1: a depth buffer, two triangles that
		 * cross in depth by glDrawElements from an index buffer
		 * (16-bit), then a blended one.
		 */
		static const GLfloat deep[] = {
			/* x, y, z, r, g, b, a */
			-0.9f, 0.8f, -0.5f, 1.0f, 1.0f, 0.0f, 1.0f,
			0.9f, 0.7f, 0.5f, 1.0f, 1.0f, 0.0f, 1.0f,
			0.0f, -0.9f, 0.0f, 1.0f, 1.0f, 0.0f, 1.0f,
			-0.8f, -0.6f, 0.6f, 0.0f, 1.0f, 1.0f, 1.0f,
			0.85f, -0.75f, -0.6f, 0.0f, 1.0f, 1.0f, 1.0f,
			0.1f, 0.95f, 0.0f, 0.0f, 1.0f, 1.0f, 1.0f,
			-0.6f, -0.95f, 0.0f, 1.0f, 0.0f, 1.0f, 0.5f,
			0.95f, 0.1f, 0.0f, 1.0f, 0.0f, 1.0f, 0.5f,
			-0.5f, 0.9f, 0.0f, 1.0f, 0.0f, 1.0f, 0.5f,
		};
		static const GLushort idx[] = { 0, 1, 2, 3, 4, 5 };
		GLuint rb, ibo;

		glGenRenderbuffers(1, &rb);
		glBindRenderbuffer(GL_RENDERBUFFER, rb);
		glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, W, H);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
					  GL_RENDERBUFFER, rb);
		if (glCheckFramebufferStatus(GL_FRAMEBUFFER) !=
		    GL_FRAMEBUFFER_COMPLETE)
			die("framebuffer with depth incomplete");
		glClearDepthf(1.0f);
		glClear(GL_DEPTH_BUFFER_BIT);
		glEnable(GL_DEPTH_TEST);
		glDepthFunc(GL_LESS);
		glUniform4f(k, 1.0f, 1.0f, 1.0f, 1.0f);
		glBindBuffer(GL_ARRAY_BUFFER, vbo);
		glBufferData(GL_ARRAY_BUFFER, sizeof(deep), deep, GL_STATIC_DRAW);
		glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 28, (void *)0);
		glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 28, (void *)12);
		glEnableVertexAttribArray(1);
		glGenBuffers(1, &ibo);
		glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
		glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
		glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);
		glDisable(GL_DEPTH_TEST);
		glEnable(GL_BLEND);
		glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
		glDrawArrays(GL_TRIANGLES, 6, 3);
		glDisable(GL_BLEND);
	}
	if (scene == 3)
		textured(vbo);
	if (scene == 4)
		mipmapped(vbo);
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	if (glGetError() != GL_NO_ERROR)
		die("rendering");
	f = fopen(file, "wb");
	if (!f || fwrite(px, sizeof(px), 1, f) != 1 || fclose(f))
		die("writing the pixels");
	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroySurface(dpy, surf);
	eglDestroyContext(dpy, ctx);
	eglTerminate(dpy);
	printf("ok: rendered %s\n", file);
	return 0;
}

static bool load(const char *file, uint8_t *px)
{
	FILE *f = fopen(file, "rb");
	bool ok = f && fread(px, W * H * 4, 1, f) == 1;

	if (f)
		fclose(f);
	return ok;
}

static bool same(const uint8_t *a, const uint8_t *b)
{
	for (int c = 0; c < 4; c++)
		if (abs(a[c] - b[c]) > 3)
			return false;
	return true;
}

/* Does pixel (x, y) of a match some pixel of b within one pixel? */
static bool near_match(const uint8_t *a, const uint8_t *b, int x, int y)
{
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++) {
			int u = x + dx, v = y + dy;

			if (u >= 0 && v >= 0 && u < W && v < H &&
			    same(a + 4 * (y * W + x), b + 4 * (v * W + u)))
				return true;
		}
	return false;
}

static int compare(const char *fa, const char *fb)
{
	static uint8_t a[W * H * 4], b[W * H * 4];
	unsigned edge = 0, bad = 0, drawn = 0;

	if (!load(fa, a) || !load(fb, b)) {
		printf("FAIL: cannot read %s or %s\n", fa, fb);
		return 1;
	}
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			const uint8_t *pa = a + 4 * (y * W + x);
			const uint8_t *pb = b + 4 * (y * W + x);

			drawn += !(abs(pb[0] - 64) <= 1 && abs(pb[1] - 128) <= 1 &&
				   abs(pb[2] - 191) <= 1);
			if (same(pa, pb))
				continue;
			if (near_match(a, b, x, y) && near_match(b, a, x, y)) {
				edge++;
				continue;
			}
			if (bad < 8)
				printf("# (%d, %d): %02x%02x%02x%02x, want %02x%02x%02x%02x\n",
				       x, y, pa[0], pa[1], pa[2], pa[3],
				       pb[0], pb[1], pb[2], pb[3]);
			bad++;
		}
	printf("%u pixels differ, %u of them at edges; %u drawn over the clear\n",
	       bad + edge, edge, drawn);
	if (drawn < 500) {
		printf("FAIL: the reference drew almost nothing\n");
		return 1;
	}
	if (bad > W * H / 100) {
		printf("FAIL: %s differs from %s\n", fa, fb);
		return 1;
	}
	printf("ok: %s matches %s\n", fa, fb);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "render"))
		return render(argv[2], 1);
	if (argc == 3 && !strcmp(argv[1], "render2"))
		return render(argv[2], 2);
	if (argc == 3 && !strcmp(argv[1], "render3"))
		return render(argv[2], 3);
	if (argc == 3 && !strcmp(argv[1], "render4"))
		return render(argv[2], 4);
	if (argc == 4 && !strcmp(argv[1], "compare"))
		return compare(argv[2], argv[3]);
	fprintf(stderr, "usage: tri render|render2|render3|render4 FILE | tri compare FILE REFERENCE\n");
	return 2;
}
