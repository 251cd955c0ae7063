/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Tiny TAP producer for the host unit tests: "ok N - what" or
 * "not ok N - what" per check, "1..N" at the end, exit status 1 if any
 * check failed.
 */
#ifndef TAP_H
#define TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int tap_n, tap_failed;

static inline __attribute__((format(printf, 2, 3)))
int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	tap_n++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return cond;
}

#define tap_is(got, want, ...) ({					\
	long long _g = (long long)(got), _w = (long long)(want);	\
	int _r = tap_ok(_g == _w, __VA_ARGS__);				\
	if (!_r)							\
		printf("#   got %lld (%#llx), want %lld (%#llx)\n",	\
		       _g, (unsigned long long)_g, _w,			\
		       (unsigned long long)_w);				\
	_r; })

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	if (tap_failed)
		printf("# %d of %d checks failed\n", tap_failed, tap_n);
	return tap_failed ? 1 : 0;
}

#endif
