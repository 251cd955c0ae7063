# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# The guest test programs' build, included by tests/{cs,uapi,bench,mesa}/Makefile
# and tests/{model,display}/Makefile (run from anywhere), which set before
# including it:
#   suite  the directory under tests/, and under build/ where its programs go
#   progs  its programs: build/SUITE/PROG from SRC/PROG.c
#   pkgs   pkg-config packages to compile and link against (may be empty)
# and may set:
#   src    where the programs' sources are (default tests/SUITE)
#   libs   C files linked into every program (e.g. a register-access library)
#   incs   more include directories
# Every program sees tests/lib/ (guest_lib.h), its source directory and
# incs on the include path and is rebuilt when libs or a header there changes.

top := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
out := $(top)/build/$(suite)
src ?= $(top)/tests/$(suite)

CC ?= gcc
CFLAGS := -O2 -g -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -std=gnu11 \
	-I$(top)/tests/lib -I$(src) $(addprefix -I,$(incs)) $(if $(pkgs),$(shell pkg-config --cflags $(pkgs)))
LIBS := $(if $(pkgs),$(shell pkg-config --libs $(pkgs)))
HEADERS := $(wildcard $(top)/tests/lib/*.h $(src)/*.h $(addsuffix /*.h,$(incs)))

all: $(addprefix $(out)/,$(progs))

$(out)/%: $(src)/%.c $(libs) $(HEADERS) | $(out)
	$(CC) $(CFLAGS) -o $@ $< $(libs) $(LIBS)

$(out):
	mkdir -p $@

clean:
	rm -rf $(out)

.PHONY: all clean
