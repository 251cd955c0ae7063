#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Build IGT GPU Tools (the DRM subsystem's test suite) from the tarball in
# ../shared/third_party/ (see its README.md) and print the build directory;
# the test binaries are its tests/NAME and run from there (they find
# lib/libigt.so by themselves), also in the test VM, which sees the host's
# root at the same paths.
#
# Only the library, the test programs named in tests/igt/list (first word
# of a line; ninja targets tests/NAME) and the tool tools/gputop (for
# tests/uapi/gputop.sh) are built. The tree lives in $cache/igt-<sha256 prefix of
# the tarball>/ (src/, build/); the stamp build/.r5xx-key holds the meson
# options and the targets built, so a second call with the same list is a
# no-op and a longer list builds only what is new.
#
# Usage: scripts/igt.sh [--print | --tarball]
#   --print  only print the build directory if it is built for the current
#            list (no lock, no build; the VM tests use it), else exit 77
#   --tarball  only print the tarball's path (tests/vm/run hands it to a
#            guest root that does not see it), else exit 77
# Env:   R5XX_CACHE (default ~/.cache/r5xx), R5XX_IGT_TARBALL (another tarball),
#        R5XX_IGT_JOBS (ninja -j, default 2)
# Exit:  0 built (prints the build dir), 77 no tarball (prints why), else failure
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${R5XX_CACHE:-$HOME/.cache/r5xx}
name=igt-gpu-tools-1.29.tar.xz
OPTS=(-Dtests=enabled -Drunner=disabled -Doverlay=disabled -Dman=disabled
	-Ddocs=disabled -Dtestplan=disabled -Dsphinx=disabled
	-Dchamelium=disabled -Dvalgrind=disabled -Dxe_driver=disabled
	-Dlibdrm_drivers= -Doping=disabled -Dversion_hash=gfc3113c8)

# ../shared beside the checkout; a git worktree elsewhere finds it beside
# the main checkout (the parent of the common .git directory), a clone
# elsewhere (CI's, under /tmp) beside the checkout it was cloned from; and
# any checkout finds the copy that an earlier build left in the cache.
tarball=${R5XX_IGT_TARBALL:-}
if [ -z "$tarball" ]; then
	dirs=("$repo/.." "$(git -C "$repo" rev-parse --path-format=absolute \
		--git-common-dir 2>/dev/null)/../.." "$cache")
	origin=$(git -C "$repo" remote get-url origin 2>/dev/null || true)
	origin=${origin#file://}
	[ ! -d "$origin" ] || dirs+=("$origin/.." "$origin/../..")
	for d in "${dirs[@]}"; do
		if [ -f "$d/shared/third_party/$name" ]; then
			tarball=$(cd "$d/shared/third_party" && pwd)/$name
			break
		fi
	done
fi
# The test VM sees neither ../shared nor the origin when the checkout is
# under /tmp: --print then finds the build the host made last, recorded in
# the cache.
last=$cache/igt.last
[ -z "$tarball" ] || [ -f "$tarball" ] || tarball=
if [ -z "$tarball" ] && { [ "${1:-}" != --print ] || [ ! -f "$last" ]; }; then
	echo "igt.sh: no IGT tarball (../shared/third_party/$name beside the checkout or its origin; or R5XX_IGT_TARBALL)"
	exit 77
fi
if [ "${1:-}" = --tarball ]; then
	echo "$tarball"
	exit 0
fi

# (No process substitution: the test VM has no /dev/fd.)
mapfile -t targets <<<"$(sed -e 's/#.*//' -e '/^\[/d' "$repo/tests/igt/list" |
	awk 'NF { print "tests/" $1 }' | sort -u)"
[ ${#targets[@]} -gt 0 ] || { echo "igt.sh: tests/igt/list names no test" >&2; exit 1; }

if [ -n "$tarball" ]; then
	dir=$cache/igt-$(sha256sum "$tarball" | cut -c1-16)
else
	dir=$(cat "$last")
fi
src=$dir/src
build=$dir/build
log=$dir/build.log
key="meson ${OPTS[*]}; targets ${targets[*]}"
# Not in the key, which --print checks for the tests of tests/igt: a tree
# built before gputop was added still serves them, and gets it on the next
# build.
tools=(tools/gputop)

built() { [ "$(cat "$build/.r5xx-key" 2>/dev/null)" = "$key" ]; }
tools_built() {
	local t
	for t in "${tools[@]}"; do
		[ -x "$build/$t" ] || return 1
	done
}
if [ "${1:-}" = --print ]; then
	built || { echo "IGT is not built for tests/igt/list (scripts/igt.sh, tests/igt/build.test)"; exit 77; }
	echo "$build"
	exit 0
fi

mkdir -p "$cache"
exec 9>"$cache/igt.lock"
flock 9
built && tools_built && { echo "$dir" >"$last"; echo "$build"; exit 0; }

fail() { # WHAT
	echo "igt.sh: $1 failed; last lines of $log:" >&2
	tail -n 30 "$log" >&2
	exit 1
}

# A configured tree with other options (or none): start again.
if [ "$(sed -n 1p "$build/.r5xx-meson" 2>/dev/null)" != "${OPTS[*]}" ]; then
	echo "igt.sh: building IGT from $tarball, a few minutes (log: $log)" >&2
	rm -rf "$dir"
	mkdir -p "$src"
	: >"$log"
	tar -xf "$tarball" -C "$src" --strip-components=1 >>"$log" 2>&1 || fail "unpacking"
	meson setup "${OPTS[@]}" "$build" "$src" >>"$log" 2>&1 </dev/null || fail "meson setup"
	echo "${OPTS[*]}" >"$build/.r5xx-meson"
fi
nice -n 10 ninja -C "$build" -j "${R5XX_IGT_JOBS:-2}" "${targets[@]}" "${tools[@]}" \
	>>"$log" 2>&1 </dev/null ||
	fail ninja
echo "$key" >"$build/.r5xx-key"
echo "$dir" >"$last"
if [ ! -f "$cache/shared/third_party/$name" ]; then
	mkdir -p "$cache/shared/third_party"
	cp "$tarball" "$cache/shared/third_party/$name"
fi
echo "$build"
