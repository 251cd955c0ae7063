#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Install the Debian packages needed to build r5xx.ko, QEMU and the test VM.
# Idempotent and quiet when everything is already present.
#
# Usage: scripts/deps.sh [--abi]
#   --abi  only print the target kernel ABI (e.g. 6.1.0-56) and exit
set -euo pipefail

APT=(apt-get -q -y -o DPkg::Lock::Timeout=600)
SRC_LIST=/etc/apt/sources.list.d/r5xx-deb-src.sources

PKGS=(
	# kernel module build and checks
	build-essential linux-headers-amd64 linux-source-6.1 sparse
	# QEMU build (from Debian's source package)
	dpkg-dev meson ninja-build flex bison pkg-config libglib2.0-dev
	libpixman-1-dev libfdt-dev zlib1g-dev libcap-ng-dev libattr1-dev rsync
	# QEMU run-time blobs, test VM
	seabios qemu-system-data busybox-static cpio kmod xz-utils
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
)

# Print the ABI of the kernel that linux-headers-amd64 points at (6.1.0-56),
# falling back to the newest installed headers.
abi() {
	local a
	a=$(apt-cache depends linux-headers-amd64 2>/dev/null |
		sed -n 's/^ *Depends: linux-headers-\(.*\)-amd64$/\1/p' | head -n1)
	if [ -z "$a" ]; then
		a=$(find /usr/src -maxdepth 1 -name 'linux-headers-*-amd64' -printf '%f\n' |
			sed 's/^linux-headers-\(.*\)-amd64$/\1/' | sort -V | tail -n1)
	fi
	[ -n "$a" ] || { echo "deps.sh: cannot determine the kernel ABI" >&2; return 1; }
	echo "$a"
}

if [ "${1:-}" = --abi ]; then
	abi
	exit
fi

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
