#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# A Debian guest root for the test VM (tests/vm/run --root SUITE): the
# userland of a Debian SUITE install (Mesa, X with xf86-video-ati and
# modesetting, weston, kmscube, libdrm's tests, piglit, and the run-time
# libraries of IGT and of the test programs that the host tests compile into
# build/), made once with mmdebstrap from Debian's mirror and cached outside
# the checkout. The VM mounts it read-only as its root; tests/vm/run binds the
# checkout, the cache and the scratch dir in at their host paths.
#
# Usage: scripts/guest-root.sh [SUITE]          make the root if needed, print its path
#        scripts/guest-root.sh --print [SUITE]  print its path if it is made, else fail
#        SUITE: trixie (the default; the only one so far)
# Env:   R5XX_CACHE (default ~/.cache/r5xx)
#
# The root's directory is keyed on its suite, package list and ROOT_FORMAT,
# so a change to them makes a new root.
set -euo pipefail

me=guest-root.sh
cache=${R5XX_CACHE:-$HOME/.cache/r5xx}
mirror=http://deb.debian.org/debian
security=http://deb.debian.org/debian-security

print=
if [ "${1:-}" = --print ]; then
	print=1
	shift
fi
suite=${1:-trixie}
[ $# -le 1 ] || { echo "usage: scripts/$me [--print] [SUITE]" >&2; exit 2; }

case $suite in
trixie)
	PKGS=(
		# tests/vm/guest.sh, tests/vm/group.sh and the shell of every test
		bash coreutils util-linux util-linux-extra kmod procps busybox
		findutils diffutils grep sed gawk file xz-utils python3
		# Mesa: GL, GLX, EGL, GLES, GBM, and glxinfo/eglinfo/glxgears
		libgl1 libglx-mesa0 libgl1-mesa-dri libegl1 libegl-mesa0 libgbm1
		libgles2 mesa-utils
		# X: the server with modesetting, xf86-video-ati (radeon), Xvfb
		# and the clients the desktop tests start
		xserver-xorg-core xserver-xorg-video-ati xserver-xorg-video-radeon
		xvfb x11-xserver-utils x11-utils x11-apps x11-xkb-utils
		xfonts-base xauth
		# weston (its DRM backend needs a libseat backend; root uses
		# libseat's built-in noop one) and kmscube
		weston libseat1 kmscube
		# modetest and friends, piglit
		libdrm-tests piglit
		# IGT's run-time libraries (scripts/igt.sh builds it on the host)
		libdrm2 libdrm-radeon1 libproc2-0 libkmod2 libdw1t64 libelf1t64
		libunwind8 libcairo2 libudev1 libpciaccess0 libglib2.0-0t64
		libpixman-1-0 zlib1g
		# the test programs in build/ (tests/*/Makefile pkgs)
		libx11-6 libxrender1 libwayland-client0
	)
	;;
*) echo "$me: unsupported suite $suite (supported: trixie)" >&2; exit 2 ;;
esac

# Bump when the way the root is made changes (not for edits elsewhere here).
ROOT_FORMAT=1
key=$(printf '%s\n' "$ROOT_FORMAT" "$suite" "${PKGS[@]}" | sha256sum | cut -c1-12)
root=$cache/guestroot-$suite-$key

if [ -n "$print" ]; then
	[ -e "$root/.done" ] || { echo "$me: the $suite guest root is not made (run: scripts/$me $suite)" >&2; exit 1; }
	echo "$root"
	exit
fi

[ "$(id -u)" = 0 ] || { echo "$me: must run as root (mmdebstrap)" >&2; exit 1; }
mkdir -p "$cache"
exec 9>"$cache/guestroot-$suite.lock"
flock 9

if [ ! -e "$root/.done" ]; then
	command -v mmdebstrap >/dev/null ||
		{ echo "$me: mmdebstrap is missing (scripts/deps.sh installs it)" >&2; exit 1; }
	echo "$me: making the $suite guest root in $root (~3 min)" >&2
	rm -rf "$root" "$root.tmp"
	list=$(printf '%s\n' \
		"deb $mirror $suite main" \
		"deb $mirror $suite-updates main" \
		"deb $security $suite-security main")
	# No recommends: what the tests need is listed. The guest binds its
	# kernel's modules on /lib/modules, which must exist in a read-only root.
	# shellcheck disable=SC2016 # $1 is the hook's argument, expanded by mmdebstrap's sh
	mmdebstrap --quiet --variant=apt --aptopt='APT::Install-Recommends "false"' \
		--include="$(IFS=,; echo "${PKGS[*]}")" \
		--customize-hook='mkdir -p "$1/usr/lib/modules"' \
		"$suite" "$root.tmp" - <<<"$list" >"$cache/guestroot-$suite.log" 2>&1 ||
		{ echo "$me: mmdebstrap failed (log: $cache/guestroot-$suite.log)" >&2; exit 1; }
	touch "$root.tmp/.done"
	mv "$root.tmp" "$root"
	# older roots of this suite are superseded
	find "$cache" -maxdepth 1 -name "guestroot-$suite-*" ! -name "guestroot-$suite-$key" \
		-exec rm -rf {} +
fi
echo "$root"
