#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Install the Debian packages needed to build r5xx.ko, QEMU and the test VM.
# Idempotent and quiet when everything is already present.
#
# Usage: scripts/deps.sh [--abi [KERNEL] | --kernels | --canon KERNEL |
#                         --buildroot KERNEL]
#   --abi [KERNEL]      only print the ABI of KERNEL (default: the default
#                       kernel), e.g. 6.1.0-56 or 6.12.118+deb13, and exit
#   --kernels           only print the supported kernels, the default first
#   --canon KERNEL      print KERNEL's name (the aliases 6.1 and 6.12 are
#                       bookworm and bookworm-backports), or fail
#   --buildroot KERNEL  print the build root KERNEL is built in (trixie), or
#                       nothing for the host's compiler
#
# The kernels r5xx is built and tested against (Documentation/kernels.rst) are
# named by the Debian suite whose linux-headers-amd64 metapackage points at
# them:
#   bookworm            6.1, Debian 12 (the default; the last i386 kernel)
#   bookworm-backports  6.12.95, for Debian 12 (older DRM API than trixie's)
#   trixie              6.12 of Debian 13 with trixie-security's updates
#   trixie-backports    7.x, for Debian 13
# The bookworm ones are built with the host's gcc-12; trixie's with gcc-14 in
# a trixie build root (scripts/buildroot.sh), whose apt also answers --abi.
# bookworm's headers are installed; the others are unpacked into the cache or
# the build root (scripts/kernel-headers.sh), as their packages would pull in
# the kernel image.
set -euo pipefail

APT=(apt-get -q -y -o DPkg::Lock::Timeout=600)
SRC_LIST=/etc/apt/sources.list.d/r5xx-deb-src.sources
BPO_LIST=/etc/apt/sources.list.d/r5xx-backports.sources
BPO_PIN=/etc/apt/preferences.d/r5xx-backports
KERNELS="bookworm bookworm-backports trixie trixie-backports"

PKGS=(
	# kernel module build and checks (linux-source-6.1: lint's checkpatch,
	# and the source of the debug guest kernel, scripts/debug-kernel.sh)
	build-essential linux-headers-amd64 linux-source-6.1 sparse
	# the debug guest kernel's build (flex and bison: below)
	bc libelf-dev libssl-dev
	# the 6.12 headers' kbuild (BTF of modules), DKMS test
	pahole dkms
	# the trixie build root (scripts/buildroot.sh) and guest root
	mmdebstrap
	# QEMU build (from Debian's source package)
	dpkg-dev meson ninja-build flex bison pkg-config libglib2.0-dev
	libpixman-1-dev libfdt-dev zlib1g-dev libcap-ng-dev libattr1-dev rsync
	# QEMU run-time blobs, test VM
	seabios qemu-system-data busybox-static cpio kmod xz-utils zstd
	# userspace tests and generators
	libdrm-dev libdrm-radeon1 python3
	# modetest (tests/kms/modetest.sh)
	libdrm-tests
	# 32-bit ioctl test (tests/uapi/compat32.c, static i386)
	gcc-multilib
	# Mesa r300 in the guest (tests/mesa)
	libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri
	# CS checker fuzzing (tests/fuzz)
	clang libclang-rt-14-dev
	# IGT GPU Tools build (scripts/igt.sh; meson, ninja, libdrm-dev above)
	libproc2-dev libkmod-dev libdw-dev libunwind-dev libcairo2-dev
	libudev-dev python3-docutils libpciaccess-dev
	# the desktop in the guest (tests/desktop, make desktop): Xorg with the
	# ati (radeon) and modesetting DDXs, Xvfb as the software referee, the
	# X clients the tests drive, GL and GBM demos, weston; the Wayland
	# client's build (tests/desktop/wlpic.c: wayland-scanner and xdg-shell)
	xserver-xorg-core xserver-xorg-video-ati xserver-xorg-video-radeon xvfb
	x11-xserver-utils x11-utils x11-apps x11-xkb-utils xfonts-base xauth
	mesa-utils kmscube weston libgbm1 libwayland-dev wayland-protocols
)

# canon KERNEL: the suite name of KERNEL (aliases: 6.1, 6.12).
canon() {
	case ${1:-} in
	6.1) echo bookworm ;;
	6.12) echo bookworm-backports ;;
	*)
		case " $KERNELS " in
		*" ${1:-} "*) echo "$1" ;;
		*) echo "deps.sh: unsupported kernel ${1:-} (supported: $KERNELS)" >&2; return 1 ;;
		esac ;;
	esac
}

# buildroot KERNEL: the build root a kernel's modules are built in, if any.
buildroot() {
	case $(canon "$1") in
	trixie*) echo trixie ;;
	esac
}

# abi [KERNEL]: print the ABI of the kernel that linux-headers-amd64 of
# KERNEL's suite points at (6.1.0-56, 6.12.95+deb12, 6.12.118+deb13),
# falling back to the newest headers of that series installed or unpacked.
abi() {
	local k pkg=linux-headers-amd64 a cache=${R5XX_CACHE:-$HOME/.cache/r5xx} show series
	k=$(canon "${1:-${KERNELS%% *}}") || return 1
	show=(apt-cache show)
	case $k in
	bookworm) series=6.1 ;;
	bookworm-backports) pkg+=/bookworm-backports series=6.12 ;;
	trixie) series=6.12 ;;
	trixie-backports) pkg+=/trixie-backports series=7 ;;
	esac
	if [ -n "$(buildroot "$k")" ]; then
		# trixie's own index, in its build root (made if missing)
		show=("$here/buildroot.sh" --run apt-cache show)
		a=$("$here/buildroot.sh" --run apt-cache policy linux-headers-amd64 2>/dev/null |
			sed -n 's/^  Candidate: \(.*\)$/\1/p')
		# trixie: the candidate (trixie-security's newest), not backports'
		[ "$k" != trixie ] || pkg+="=$a"
	fi
	a=$("${show[@]}" "$pkg" 2>/dev/null |
		sed -n 's/^Depends:.*linux-headers-\([^ ,]*\)-amd64\( .*\)\{0,1\}$/\1/p' |
		sort -V | grep "^${series}[.]" | tail -n1)
	if [ -z "$a" ]; then
		a=$(find /usr/src "$cache" -maxdepth 4 -name "linux-headers-$series.*-amd64" \
			-printf '%f\n' 2>/dev/null |
			sed 's/^linux-headers-\(.*\)-amd64$/\1/' | sort -V | tail -n1)
	fi
	[ -n "$a" ] || { echo "deps.sh: cannot determine the ABI of kernel $k" >&2; return 1; }
	echo "$a"
}

here=$(cd "$(dirname "$0")" && pwd -P)
case ${1:-} in
--abi) abi "${2:-}"; exit ;;
--kernels) echo "$KERNELS"; exit ;;
--canon) canon "${2:-}"; exit ;;
--buildroot) buildroot "${2:-}"; exit ;;
esac

[ "$(id -u)" = 0 ] || { echo "deps.sh: must run as root (apt-get)" >&2; exit 1; }

# Print those of the named packages that are not installed.
missing() {
	local have
	# dpkg-query fails if it has never heard of one of them: not fatal here.
	have=$({ dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null || true; } |
		sed -n 's/^\([^ ]*\) .* installed$/\1/p')
	printf '%s\n' "$@" | grep -vxF -f <(printf '%s\n' "$have") || true
}

updated=
apt_update() {
	[ -n "$updated" ] && return
	"${APT[@]}" update >/dev/null
	updated=1
}

install() {
	[ $# -gt 0 ] || return 0
	echo "deps.sh: installing $*" >&2
	DEBIAN_FRONTEND=noninteractive "${APT[@]}" install --no-install-recommends "$@" >/dev/null
}

# deb-src entries, needed by scripts/qemu.sh (apt-get source qemu).
if [ ! -e "$SRC_LIST" ]; then
	cat >"$SRC_LIST" <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
	apt_update
fi
# bookworm-backports, for the 6.12 kernel; pinned at backports' usual 100 so
# that nothing is upgraded from it unless asked for by name or suite.
if [ ! -e "$BPO_LIST" ]; then
	cat >"$BPO_LIST" <<'SRC'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
	updated=
	apt_update
fi
if [ ! -e "$BPO_PIN" ]; then
	cat >"$BPO_PIN" <<'PIN'
# r5xx (scripts/deps.sh): bookworm's packages stay the default
Package: *
Pin: release n=bookworm-backports
Pin-Priority: 100
PIN
fi
apt-cache show linux-headers-amd64/bookworm-backports >/dev/null 2>&1 || apt_update
# No source index yet (lists never fetched since the entry appeared).
apt-cache showsrc qemu 2>/dev/null | grep '^Package: qemu$' >/dev/null || apt_update

mapfile -t need < <(missing "${PKGS[@]}")
if [ ${#need[@]} -gt 0 ]; then
	apt_update
	install "${need[@]}"
fi

# The metapackage may be installed but older than the index: make sure the
# headers of the kernel it points at now are there too.
mapfile -t need < <(missing "linux-headers-$(abi)-amd64")
if [ ${#need[@]} -gt 0 ]; then
	apt_update
	install "${need[@]}"
fi
