// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Guest program of the Mesa tests: unmodified Mesa (the r300 driver and
 * the radeon winsys of Debian's libgl1-mesa-dri) renders through EGL on
 * the surfaceless platform, as an off-screen client would: clears, a
 * shaded triangle from a vertex buffer, a textured quad, indexed draws,
 * depth testing and glReadPixels, for a few frames; then render to a
 * texture with a depth/stencil buffer, mipmaps, a cube map, blending,
 * stencil, scissor, lines and points, a large mesh, NPOT textures and
 * glCopyTexImage2D.  Mesa prints "The
 * kernel rejected CS" when the CS ioctl refuses a stream; tests/mesa/gl.sh
 * fails on that.  The model has no 3D engine, so the pixels are not
 * checked: what is tested is that every stream Mesa builds is accepted,
 * runs and retires.
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

static void die(const char *what)
{
	printf("FAIL: %s (EGL %#x, GL %#x)\n", what, eglGetError(), glGetError());
	exit(1);
}

/* A GL error so far is a bug of this program: name the step. */
static void gl_ok(const char *step)
{
	GLenum e = glGetError();

	if (e != GL_NO_ERROR) {
		printf("FAIL: GL error %#x at %s\n", e, step);
		exit(1);
	}
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
	glBindAttribLocation(p, 1, "attr");
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	if (!ok)
		die("program link");
	return p;
}

/* A new 2D texture, bound, of @w x @h bytes of @format at @pixels. */
static GLuint texture_2d(GLenum format, GLsizei w, GLsizei h,
			 const void *pixels, GLint min_filter)
{
	GLuint t;

	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, format, w, h, 0, format,
		     GL_UNSIGNED_BYTE, pixels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, min_filter);
	return t;
}

#define MESH	4000	/* triangles */

/* Everything else Mesa's r300 driver emits commonly, once each. */
static void more(GLuint colour, GLuint tex, GLuint quad_vbo, GLuint ibo)
{
	static GLfloat mesh[MESH * 3 * 6];
	static unsigned char big[256 * 256 * 4];
	GLuint fbo, rt, ds, cube, mip, copy;
	unsigned char pixels[128 * 128 * 4];

	for (unsigned int i = 0; i < sizeof(big); i++)
		big[i] = (unsigned char)(i ^ i >> 8);

	/* render to a texture, with a packed depth/stencil renderbuffer */
	rt = texture_2d(GL_RGBA, 128, 128, NULL, GL_NEAREST);
	glGenRenderbuffers(1, &ds);
	glBindRenderbuffer(GL_RENDERBUFFER, ds);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 128, 128);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
			       GL_TEXTURE_2D, rt, 0);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
				  GL_RENDERBUFFER, ds);
	if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
		die("FBO incomplete");
	glViewport(0, 0, 128, 128);
	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);

	/* a large mesh, blended, scissored */
	for (unsigned int i = 0; i < MESH * 3; i++) {
		GLfloat *v = &mesh[i * 6];

		v[0] = (GLfloat)((i * 37) % 200) / 100 - 1;
		v[1] = (GLfloat)((i * 91) % 200) / 100 - 1;
		v[2] = (GLfloat)(i % 7) / 7;
		v[3] = v[0];
		v[4] = v[1];
		v[5] = 0.5f;
	}
	glUseProgram(colour);
	glBindBuffer(GL_ARRAY_BUFFER, 0);
	glEnableVertexAttribArray(0);
	glEnableVertexAttribArray(1);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 24, mesh);
	glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 24, mesh + 3);
	glEnable(GL_BLEND);
	glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
	glEnable(GL_SCISSOR_TEST);
	glScissor(8, 8, 100, 90);
	glDrawArrays(GL_TRIANGLES, 0, MESH * 3);
	glDisable(GL_SCISSOR_TEST);
	glDisable(GL_BLEND);

	/* stencil */
	glEnable(GL_STENCIL_TEST);
	glStencilFunc(GL_ALWAYS, 1, 0xff);
	glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
	glDrawArrays(GL_TRIANGLES, 0, 300);
	glStencilFunc(GL_EQUAL, 1, 0xff);
	glDrawArrays(GL_TRIANGLES, 300, 300);
	glDisable(GL_STENCIL_TEST);
	gl_ok("FBO, mesh and stencil");

	/* lines and points */
	glDrawArrays(GL_LINES, 0, 200);
	glDrawArrays(GL_LINE_STRIP, 0, 100);
	glDrawArrays(GL_POINTS, 0, 100);
	glReadPixels(0, 0, 128, 128, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glViewport(0, 0, 64, 64);

	/* sample the rendered texture, a mipmapped one, a NPOT one */
	glUseProgram(tex);
	glBindBuffer(GL_ARRAY_BUFFER, quad_vbo);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 20, (void *)0);
	glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 20, (void *)12);
	glBindTexture(GL_TEXTURE_2D, rt);
	glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);
	gl_ok("lines, points, sampling the FBO");

	glGenTextures(1, &mip);
	glBindTexture(GL_TEXTURE_2D, mip);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 256, 256, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, big);
	glGenerateMipmap(GL_TEXTURE_2D);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
			GL_LINEAR_MIPMAP_LINEAR);
	glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);

	texture_2d(GL_RGB, 100, 60, big, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);

	/* copy the window into a texture and draw with it */
	glGenTextures(1, &copy);
	glBindTexture(GL_TEXTURE_2D, copy);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 0, 0, 64, 64, 0);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);

	gl_ok("mipmaps, NPOT, copy");

	/* a cube map */
	glGenTextures(1, &cube);
	glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
	for (int f = 0; f < 6; f++)
		glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 32,
			     32, 0, GL_RGBA, GL_UNSIGNED_BYTE, big + f * 4096);
	glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	GLuint cubeprog = program(
		"attribute vec3 pos; attribute vec2 attr; varying vec3 d;\n"
		"void main() { d = vec3(attr, 1.0); gl_Position = vec4(pos, 1.0); }\n",
		"precision mediump float; varying vec3 d; uniform samplerCube s;\n"
		"void main() { gl_FragColor = textureCube(s, d); }\n");
	glUseProgram(cubeprog);
	glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);
	glReadPixels(0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	gl_ok("cube map");
	printf("ok: FBO, mesh of %u triangles, stencil, lines, points, mipmaps, NPOT, copy, cube map\n",
	       MESH);
}

int main(void)
{
	static const EGLint cfg_attrs[] = {
		EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
		EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
		EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
		EGL_DEPTH_SIZE, 16,
		EGL_NONE,
	};
	static const EGLint ctx_attrs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	static const EGLint pb_attrs[] = { EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE };
	static const GLfloat tri[] = {
		-1, -1, 0, 1, 0, 0,  1, -1, 0, 0, 1, 0,  0, 1, 0, 0, 0, 1,
	};
	static const GLfloat quad[] = {
		-1, -1, 0.5f, 0, 0,  1, -1, 0.5f, 1, 0,
		1, 1, 0.5f, 1, 1,  -1, 1, 0.5f, 0, 1,
	};
	static const GLushort idx[] = { 0, 1, 2, 0, 2, 3 };
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display;
	EGLDisplay dpy;
	EGLConfig cfg;
	EGLContext ctx;
	EGLSurface surf;
	EGLint n, major, minor;
	GLuint colour, tex, vbo[2], ibo;
	unsigned char texels[16 * 16 * 4], pixels[64 * 64 * 4];
	const char *renderer;

	get_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)
		eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (!get_display)
		die("no eglGetPlatformDisplayEXT");
	dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor))
		die("eglInitialize");
	if (!eglBindAPI(EGL_OPENGL_ES_API) ||
	    !eglChooseConfig(dpy, cfg_attrs, &cfg, 1, &n) || n < 1)
		die("no config");
	ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attrs);
	surf = eglCreatePbufferSurface(dpy, cfg, pb_attrs);
	if (ctx == EGL_NO_CONTEXT || surf == EGL_NO_SURFACE ||
	    !eglMakeCurrent(dpy, surf, surf, ctx))
		die("context");
	renderer = (const char *)glGetString(GL_RENDERER);
	printf("GL_RENDERER: %s\n", renderer);
	printf("GL_VERSION: %s\n", (const char *)glGetString(GL_VERSION));

	colour = program(
		"attribute vec3 pos; attribute vec3 attr; varying vec3 c;\n"
		"void main() { c = attr; gl_Position = vec4(pos, 1.0); }\n",
		"precision mediump float; varying vec3 c;\n"
		"void main() { gl_FragColor = vec4(c, 1.0); }\n");
	tex = program(
		"attribute vec3 pos; attribute vec2 attr; varying vec2 t;\n"
		"void main() { t = attr; gl_Position = vec4(pos, 1.0); }\n",
		"precision mediump float; varying vec2 t; uniform sampler2D s;\n"
		"void main() { gl_FragColor = texture2D(s, t); }\n");

	for (unsigned int i = 0; i < sizeof(texels); i++)
		texels[i] = (unsigned char)(i * 7);
	texture_2d(GL_RGBA, 16, 16, texels, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);

	glGenBuffers(2, vbo);
	glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
	glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
	glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
	glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
	glGenBuffers(1, &ibo);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);

	for (int frame = 0; frame < 5; frame++) {
		glViewport(0, 0, 64, 64);
		glClearColor(0.25f * frame, 0.5f, 0.75f, 1.0f);
		glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
		glEnable(GL_DEPTH_TEST);

		glUseProgram(colour);
		glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
		glEnableVertexAttribArray(0);
		glEnableVertexAttribArray(1);
		glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 24, (void *)0);
		glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 24, (void *)12);
		glDrawArrays(GL_TRIANGLES, 0, 3);

		glUseProgram(tex);
		glUniform1i(glGetUniformLocation(tex, "s"), 0);
		glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
		glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 20, (void *)0);
		glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 20, (void *)12);
		glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);

		/* client-side arrays: the winsys uploads them */
		glBindBuffer(GL_ARRAY_BUFFER, 0);
		glUseProgram(colour);
		glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 24, tri);
		glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 24, tri + 3);
		glDrawArrays(GL_TRIANGLE_STRIP, 0, 3);

		glReadPixels(0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
		eglSwapBuffers(dpy, surf);
	}
	gl_ok("the frames");
	more(colour, tex, vbo[1], ibo);
	glFinish();
	gl_ok("glFinish");
	printf("ok: 5 frames rendered by %s\n", renderer);
	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroySurface(dpy, surf);
	eglDestroyContext(dpy, ctx);
	eglTerminate(dpy);
	return 0;
}
