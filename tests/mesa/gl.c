// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Guest program of the Mesa tests: unmodified Mesa (the r300 driver and
 * the radeon winsys of Debian's libgl1-mesa-dri) renders through EGL on
 * the surfaceless platform, as an off-screen client would: clears, a
 * shaded triangle from a vertex buffer, a textured quad, indexed draws,
 * depth testing and glReadPixels, for a few frames.  Mesa prints "The
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
	GLuint colour, tex, vbo[2], ibo, texid;
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
	glGenTextures(1, &texid);
	glBindTexture(GL_TEXTURE_2D, texid);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
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
	glFinish();
	if (glGetError() != GL_NO_ERROR)
		die("GL error");
	printf("ok: 5 frames rendered by %s\n", renderer);
	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroySurface(dpy, surf);
	eglDestroyContext(dpy, ctx);
	eglTerminate(dpy);
	return 0;
}
