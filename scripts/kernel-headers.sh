#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Print the kernel build directory (KDIR) of a supported kernel
# (scripts/deps.sh --kernels).
#
# Usage: scripts/kernel-headers.sh [KERNEL]   (default: the default kernel)
# Env:   R5XX_CACHE (default ~/.cache/r5xx)
#
# Installed headers (/usr/src/linux-headers-<abi>-amd64) win. Otherwise the
# headers packages of that ABI (-amd64, -common, linux-kbuild) are fetched
# with apt-get download and unpacked into $cache/headers-<abi>; installing
# them would pull in the kernel image too (the 6.12 headers depend on it),
# see scripts/deps.sh. Debian's 6.1 headers are installed by scripts/deps.sh.
#
# A kernel built in a build root (trixie's, scripts/buildroot.sh) has its
# headers fetched by the root's apt and unpacked into the root itself, at the
# paths their Makefiles name; the KDIR printed is then a path inside the root,
# for `scripts/buildroot.sh --run make -C KDIR ...`.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${R5XX_CACHE:-$HOME/.cache/r5xx}
k=$("$here/deps.sh" --canon "${1:-$("$here/deps.sh" --kernels | cut -d' ' -f1)}")
abi=$("$here/deps.sh" --abi "$k")
rel=$abi-amd64

if [ -n "$("$here/deps.sh" --buildroot "$k")" ]; then
	root=$("$here/buildroot.sh")
	if [ ! -e "$root/usr/src/linux-headers-$rel/.r5xx-unpacked" ]; then
		mkdir -p "$cache/dl"
		# shellcheck disable=SC2016 # expanded by the root's shell
		"$here/buildroot.sh" --run sh -euc '
			cd "$1"
			kb=$(apt-cache show "linux-headers-$2-amd64" |
				sed -n "s/^Depends:.*\(linux-kbuild-[^ ,]*\).*/\1/p" | head -n1)
			apt-get -q -o APT::Sandbox::User=root download \
				"linux-headers-$2-amd64" "linux-headers-$2-common" $kb >/dev/null
			for p in "linux-headers-$2-amd64" "linux-headers-$2-common" $kb; do
				dpkg-deb -x "$(ls "${p}"_*.deb | sort -V | tail -n1)" /
			done
			touch "/usr/src/linux-headers-$2-amd64/.r5xx-unpacked"
		' headers "$cache/dl" "$abi" >&2
	fi
	echo "/usr/src/linux-headers-$rel"
	exit
fi

if [ -f "/usr/src/linux-headers-$rel/Makefile" ]; then
	echo "/usr/src/linux-headers-$rel"
	exit
fi

dir=$cache/headers-$abi
if [ ! -e "$dir/.done" ]; then
	mkdir -p "$cache/dl"
	pkgs=("linux-headers-$rel" "linux-headers-$abi-common")
	# 6.12 names its kbuild package after the ABI, 6.1 after the series
	kb=$(apt-cache show "linux-headers-$rel" 2>/dev/null |
		sed -n 's/^Depends:.*\(linux-kbuild-[^ ,]*\).*/\1/p' | head -n1)
	[ -n "$kb" ] && pkgs+=("$kb")
	debs=()
	for p in "${pkgs[@]}"; do
		deb=$(find "$cache/dl" -maxdepth 1 -name "${p}_*.deb" | sort -V | tail -n1)
		if [ -z "$deb" ]; then
			(cd "$cache/dl" && apt-get -q -o APT::Sandbox::User=root download "$p" >/dev/null)
			deb=$(find "$cache/dl" -maxdepth 1 -name "${p}_*.deb" | sort -V | tail -n1)
		fi
		[ -n "$deb" ] || { echo "kernel-headers.sh: cannot fetch $p" >&2; exit 1; }
		debs+=("$deb")
	done
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp"
	for deb in "${debs[@]}"; do dpkg-deb -x "$deb" "$dir.tmp"; done
	# The -amd64 Makefile includes the -common one by absolute path; the
	# other links (scripts, tools) are relative already.
	echo "include ../linux-headers-$abi-common/Makefile" \
		>"$dir.tmp/usr/src/linux-headers-$rel/Makefile"
	touch "$dir.tmp/.done"
	mv "$dir.tmp" "$dir"
fi
echo "$dir/usr/src/linux-headers-$rel"
