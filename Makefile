# SPDX-License-Identifier: GPL-2.0-only OR MIT
# r5xx: out-of-tree DRM driver for ATI Radeon R3xx-R5xx, plus its QEMU model.
# The module's kbuild lists are in Kbuild; this file is the human entry point.

# Debian's linux-headers-amd64 decides the target kernel (never `uname -r`).
# KERNEL names the Debian suite it comes from: bookworm (6.1, the default),
# bookworm-backports (6.12.95), trixie (6.12, with trixie-security's
# updates), trixie-backports (7.x); 6.1 and 6.12 are aliases of the first two
# (scripts/deps.sh --kernels lists them, the default first).
# Deferred (=, not :=): recipes read it after `deps` has updated the apt
# lists, so a machine with stale lists does not pick an older kernel.
DEFAULT_KERNEL = $(firstword $(shell $(CURDIR)/scripts/deps.sh --kernels))
KERNEL ?= $(DEFAULT_KERNEL)
override KERNEL := $(or $(if $(filter debug,$(KERNEL)),debug),$\
	$(shell $(CURDIR)/scripts/deps.sh --canon $(KERNEL)),$\
	$(error unsupported KERNEL=$(KERNEL) (supported: $(shell $(CURDIR)/scripts/deps.sh --kernels) debug)))
ifeq ($(origin ABI),undefined)
ABI = $(shell $(CURDIR)/scripts/deps.sh --abi $(KERNEL) 2>/dev/null)
endif
CHIP ?= rv380
DESKTOP_SECONDS ?= 0

# The default kernel's module is built in the tree (r5xx.ko here, as DKMS
# expects); another kernel's in build/kmod-$(KERNEL)/, a directory of links
# to the sources, so that one tree builds for all without mixing objects.
# Trixie's kernels are built with their own compiler (gcc-14) inside the
# trixie build root (scripts/buildroot.sh), where this checkout has its own
# path; KDIR is then a path inside that root.
# KERNEL=debug: the debug guest kernel's build tree (scripts/debug-kernel.sh,
# make debug-kernel), for tests/vm/run --kernel debug.
BUILDROOT_RUN :=
ifeq ($(KERNEL),$(DEFAULT_KERNEL))
KDIR ?= /usr/src/linux-headers-$(ABI)-amd64
MDIR := $(CURDIR)
else ifeq ($(KERNEL),debug)
KDIR ?= $(or $(shell $(CURDIR)/scripts/debug-kernel.sh --print 2>/dev/null),$\
	$(error the debug kernel is not built (run: make debug-kernel)))/build
MDIR := $(CURDIR)/build/kmod-debug
else
KDIR ?= $(shell $(CURDIR)/scripts/kernel-headers.sh $(KERNEL))
MDIR := $(CURDIR)/build/kmod-$(KERNEL)
ifneq ($(shell $(CURDIR)/scripts/deps.sh --buildroot $(KERNEL)),)
BUILDROOT_RUN := $(CURDIR)/scripts/buildroot.sh --run
endif
endif

all: modules

# In a build root, make runs afresh there (neither the host make's
# jobserver nor its environment reach into the chroot: W= and C= are passed
# on by name).
ROOT_MAKE = $(BUILDROOT_RUN) make -j$(shell nproc) $(if $(W),W=$(W)) $(if $(C),C=$(C))
modules: $(if $(filter-out $(CURDIR),$(MDIR)),kmod-links)
	$(if $(BUILDROOT_RUN),$(ROOT_MAKE),$(MAKE)) -C $(KDIR) M=$(MDIR) modules

clean:
	$(if $(BUILDROOT_RUN),$(ROOT_MAKE),$(MAKE)) -C $(KDIR) M=$(MDIR) clean

# (Re)link Kbuild and the driver sources into $(MDIR), dropping stale links.
kmod-links:
	@mkdir -p $(MDIR)
	@find $(MDIR) -maxdepth 1 -type l -delete
	@ln -s $(CURDIR)/Kbuild $(wildcard $(CURDIR)/r5xx_*.[ch]) $(MDIR)/

# Print the answers of Kbuild's feature tests (the R5XX_HAVE_* macros) for
# KERNEL, one "R5XX_HAVE_NAME y|n" line each, asking kbuild itself (in the
# build root for trixie's kernels) in a directory of its own that builds
# nothing (tests/kernels/features.test compares them with a table).
FDIR := $(CURDIR)/build/features-$(KERNEL)
features:
	@mkdir -p $(FDIR)
	@ln -sf $(CURDIR)/Kbuild $(FDIR)/Kbuild
	@$(if $(BUILDROOT_RUN),$(BUILDROOT_RUN) make,$(MAKE) --no-print-directory) -s -C $(KDIR) \
		M=$(FDIR) R5XX_PRINT_FEATURES=1 modules 2>&1 | \
		{ grep -E '^R5XX_HAVE_' | awk '!seen[$$0]++' | grep . || { echo "make features: kbuild printed no answers" >&2; exit 1; }; }

# Also the test build output (firmware test images, test programs).
distclean: clean
	rm -rf build

# Regenerate the register headers and checker tables from regs/r5xx.regs.
regs:
	@python3 scripts/gen-regs.py

# --- test infrastructure (see tests/README.md)

deps:
	@scripts/deps.sh

qemu: deps
	@scripts/qemu.sh

kernel: deps
	@scripts/guest-kernel.sh $(KERNEL)

firmware:
	@python3 firmware/gen-test-fw.py build/firmware

# IGT from ../shared/third_party (tests/igt/README.md); tests/igt/build.test
# also runs it, so that `make check` builds it.
igt: deps
	@scripts/igt.sh

# tests/check builds the module itself (a result like any test), for every
# kernel its VM tests boot: without a Kbuild, or if the build fails, the tests
# that load r5xx.ko are skipped. The guest kernels: all supported ones (the
# trixie build root first, whose apt fetches trixie's); the trixie guest
# root is made by tests/check (a result of its own).
check: deps firmware
	@scripts/qemu.sh >/dev/null
	@scripts/buildroot.sh >/dev/null
	@for k in $$(scripts/deps.sh --kernels); do \
		scripts/guest-kernel.sh $$k >/dev/null || exit; done
	@tests/check

# The long forms of make check's loops (not part of it), on the model
# (Documentation/reliability.rst): 1000 load/unload cycles of
# tests/driver/reload.sh, the hang campaign with 100 hangs
# (tests/driver/hangs.sh), the concurrency soak with 4 workers x 1000
# steps (soak.sh) and 100000 fuzzed ioctls (fuzz.sh), on both kernels,
# and 20 suspend and resume cycles with X running
# (tests/desktop/suspend-x.sh, rv380 and rv515, bookworm);
# then the fuzzer again on the debug kernel (KASAN, lockdep, kmemleak, ...)
# if it is built: building it takes about 45 min on 2 cores, too long to
# start unasked, so without it that run is skipped with a message (build it
# with `make debug-kernel`). SOAK_DEBUG_FUZZ_STEPS: its number of calls.
# SEED=N repeats a soak and fuzz run (default: the time, printed).
SEED ?= $(shell date +%s)
SOAK_TESTS ?= tests/driver/reload.sh tests/driver/hangs.sh \
	tests/driver/soak.sh tests/driver/fuzz.sh tests/desktop/suspend-x.sh
SOAK_DEBUG_FUZZ_STEPS ?= 100000
soak: deps firmware
	@scripts/qemu.sh >/dev/null
	@for k in $$(scripts/deps.sh --kernels); do \
		scripts/guest-kernel.sh $$k >/dev/null || exit; done
	@echo "make soak: SEED=$(SEED)"
	@R5XX_RELOAD_CYCLES=1000 R5XX_HANG_COUNT=100 \
	R5XX_SOAK_STEPS=1000 R5XX_SOAK_WORKERS=4 R5XX_SOAK_SEED=$(SEED) \
	R5XX_FUZZ_STEPS=100000 R5XX_FUZZ_SEED=$(SEED) R5XX_SUSPEND_X_CYCLES=20 \
	R5XX_TEST_TIMEOUT=7200 tests/check tests/driver/build.test \
	tests/desktop/build.test tests/mesa/build.test $(SOAK_TESTS); \
	rc=$$?; \
	if ! scripts/debug-kernel.sh --print >/dev/null 2>&1; then \
		echo "SKIP tests/driver/fuzz.sh [linux-debug]: the debug kernel is not built (make debug-kernel, about 45 min)"; \
	else \
		echo "make soak: the ioctl fuzzer on the debug kernel"; \
		R5XX_CHECK_KERNEL=debug R5XX_FUZZ_STEPS=$(SOAK_DEBUG_FUZZ_STEPS) \
		R5XX_FUZZ_SEED=$(SEED) R5XX_TEST_TIMEOUT=14400 \
		tests/check tests/driver/fuzz.sh || rc=1; \
	fi; \
	exit $$rc

# The debug guest kernel (KASAN, lockdep, debugobjects, kmemleak, UBSAN), built
# once from Debian's linux-source-6.1 into ~/.cache/r5xx (Documentation/kernels.rst).
debug-kernel: deps
	@scripts/debug-kernel.sh

# The VM tests on the debug kernel with r5xx.ko built against it: each boot
# also fails on any kernel report in its dmesg and on kmemleak's findings
# (tests/vm/group.sh). CHECK_DEBUG_TESTS: the test paths; by default the VM
# test directories whose tests go through a kernel driver (r5xx.ko, or
# radeon.ko as the referee). Left out: tests/model and tests/display (they
# drive the model from userspace, no driver), tests/dkms (builds for
# Debian's kernels) and tests/igt (hours under KASAN). The per-test timeout
# is scaled for a kernel several times slower under TCG.
CHECK_DEBUG_TESTS ?= tests/harness/ tests/driver/ tests/cs/ tests/uapi/ \
	tests/kms/ tests/mesa/
check-debug: deps firmware
	@scripts/qemu.sh >/dev/null
	@scripts/guest-kernel.sh >/dev/null
	@scripts/debug-kernel.sh >/dev/null
	@R5XX_CHECK_KERNEL=debug R5XX_TEST_TIMEOUT=$${R5XX_TEST_TIMEOUT:-600} \
		tests/check $(CHECK_DEBUG_TESTS)

# Boot the model (CHIP=rv380|rv515|r580) with r5xx.ko (radeon.ko until r5xx.ko
# exists), report what the driver found, and leave a screendump of the
# model's screen (the console) in build/run/screen-$(CHIP).ppm.
run: deps firmware
	@scripts/qemu.sh >/dev/null
	@scripts/guest-kernel.sh $(KERNEL) >/dev/null
	@if [ -f Kbuild ]; then $(MAKE) --no-print-directory -s modules; fi
	@if [ -f r5xx.ko ]; then d=r5xx; else d=radeon; \
	echo "make run: r5xx.ko is not built, using Debian's radeon.ko instead"; fi; \
	mkdir -p build/run; \
	R5XX_SCREENDUMP=$(CURDIR)/build/run/screen-$(CHIP).ppm \
	tests/vm/run --chip $(CHIP) --driver $$d -- tests/vm/info.sh

# Boot the model (CHIP=rv380|rv515) with r5xx.ko and an X desktop
# (xf86-video-ati, xclock, xlogo, xeyes: tests/vm/desktop.sh) and write
# QEMU's picture of it to build/run/desktop-$(CHIP).ppm. DESKTOP_SECONDS
# keeps it up longer, e.g. for R5XX_QEMU_ARGS="-display gtk".
desktop: deps firmware
	@scripts/qemu.sh >/dev/null
	@scripts/guest-kernel.sh $(KERNEL) >/dev/null
	@$(MAKE) --no-print-directory -s modules
	@$(MAKE) --no-print-directory -s -C tests/desktop
	@mkdir -p build/run
	@R5XX_DESKTOP_SHOT=$(CURDIR)/build/run/desktop-$(CHIP).ppm \
	R5XX_DESKTOP_SECONDS=$(DESKTOP_SECONDS) \
	tests/vm/run --chip $(CHIP) --driver r5xx -- tests/vm/desktop.sh

# Benchmark r5xx.ko against Debian's radeon.ko on the same model (CHIP=rv380):
# both drivers in each boot, taking turns metric by metric (CS round trips,
# CS ioctl throughput, GEM create/map/close, driver load, allocations per
# submission); prints the figures and the ratios with their spread;
# ROUNDS=3 boots 3 times (SECS: seconds per metric run).  Then the host-native
# checker benchmark and the model's 3D core benchmark (tests/bench/host/run3d),
# which `make bench-host` runs alone.
# Not part of `make check` (tests/bench/run, tests/bench/host/run).
bench: deps firmware
	@scripts/qemu.sh >/dev/null
	@scripts/guest-kernel.sh $(KERNEL) >/dev/null
	@$(MAKE) --no-print-directory -s modules
	@tests/bench/run --chip $(CHIP) $(if $(ROUNDS),--rounds $(ROUNDS)) $(if $(SECS),--secs $(SECS))

bench-host:
	@tests/bench/host/run
	@tests/bench/host/run3d

# The whole piglit set of issue 23 (tests/piglit/whole.list: GLSL 1.10/1.20
# execution tests and a GL 2.1 / GLES 2.0 set) on the rv380 and rv515
# models with r5xx.ko on Debian 13's kernel and root, and with llvmpipe on
# the host; writes tests/piglit/results-CHIP.txt (tests/piglit/whole).
# Hours of VM time; resumes where the last run stopped (build/piglit/).
# Not part of `make check` (its sample is tests/piglit/sample.sh).
piglit: deps firmware
	@scripts/qemu.sh >/dev/null
	@scripts/guest-kernel.sh trixie >/dev/null
	@scripts/guest-root.sh >/dev/null
	@$(MAKE) --no-print-directory -s modules KERNEL=trixie
	@tests/piglit/whole all

# make check's VM tests on every chip for every kernel (make check narrows
# some: tests/model and tests/display, and radeon.ko's IGT referee, boot
# trixie only here; bookworm-backports runs rv380 only there), for the
# CI budget (tests/README.md).
check-all:
	@R5XX_CHECK_ALL=1 $(MAKE) --no-print-directory check

# A long libFuzzer run of the command-stream checker with its access-model
# oracle (FUZZ_RUNS executions, default 100M; FUZZ_SECONDS to stop sooner).
# Not part of `make check` (tests/fuzz/run.sh).
fuzz:
	@tests/fuzz/run.sh

help:
	@echo "make [modules]  build r5xx.ko (KERNEL=bookworm|bookworm-backports|trixie|trixie-backports,"
	@echo "                default bookworm; 6.1 and 6.12 are aliases; or KDIR=<build dir>)"
	@echo "make check      build QEMU, guest kernel, firmware, module; run all tests"
	@echo "make check-all  the same on every chip for every kernel (longer than CI's budget)"
	@echo "make run        boot the model (CHIP=$(CHIP)) with the driver, print what it found"
	@echo "make desktop    boot the model with an X desktop, write build/run/desktop-$(CHIP).ppm"
	@echo "make soak       the long forms of make check's loops: 1000 driver reloads,"
	@echo "                100 hangs under load, concurrency soak, ioctl fuzzer (SEED=N)"
	@echo "make check-debug  the VM tests on the debug kernel (KASAN, lockdep, kmemleak, ...)"
	@echo "make bench      benchmark r5xx.ko against radeon.ko on the model (CHIP=$(CHIP), ROUNDS=N)"
	@echo "make piglit     the whole piglit set on rv380 and rv515 and llvmpipe: tests/piglit/results-*.txt"
	@echo "make bench-host the host-native checker and 3D core benchmarks alone"
	@echo "make fuzz       fuzz the CS checker for FUZZ_RUNS executions (default 100M)"
	@echo "make features   print Kbuild's feature-test answers (R5XX_HAVE_*) for KERNEL"
	@echo "make regs       regenerate headers and checker tables from regs/r5xx.regs"
	@echo "make deps|qemu|kernel|debug-kernel|firmware|igt   the individual steps"
	@echo "make clean|distclean"

.PHONY: all modules kmod-links features clean distclean regs deps qemu kernel debug-kernel firmware igt check check-debug soak run desktop bench bench-host piglit fuzz help
