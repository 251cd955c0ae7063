# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# The guest test programs' build, included by tests/{cs,uapi,bench,mesa}/Makefile
# (run from anywhere), which set before including it:
#   suite  the directory under tests/, and under build/ where its programs go
#   progs  its programs: build/SUITE/PROG from tests/SUITE/PROG.c
#   pkgs   pkg-config packages to compile and link against (may be empty)
# Every program sees tests/lib/ (guest_lib.h) and its own directory on the
# include path and is rebuilt when a header in either changes.

top := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
out := $(top)/build/$(suite)
src := $(top)/tests/$(suite)

CC ?= gcc
CFLAGS := -O2 -g -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -std=gnu11 \
	-I$(top)/tests/lib -I$(src) $(if $(pkgs),$(shell pkg-config --cflags $(pkgs)))
LIBS := $(if $(pkgs),$(shell pkg-config --libs $(pkgs)))
HEADERS := $(wildcard $(top)/tests/lib/*.h $(src)/*.h)

all: $(addprefix $(out)/,$(progs))

$(out)/%: $(src)/%.c $(HEADERS) | $(out)
	$(CC) $(CFLAGS) -o $@ $< $(LIBS)

$(out):
	mkdir -p $@

clean:
	rm -rf $(out)

.PHONY: all clean
