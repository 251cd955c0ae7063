#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Fetch and unpack Debian's kernel for the test VM (not installed on the host).
# Prints the unpacked directory: boot/vmlinuz-<abi>-amd64, boot/vmlinux-<abi>-amd64
# (uncompressed, boots through PVH without ~4 s of decompression under TCG) and
# lib/modules/<abi>-amd64 (depmod'ed, modules uncompressed). $cache/guest-<kernel>
# links to it (tests/vm/run --kernel), and $cache/kernel too for the default
# kernel.
#
# Usage: scripts/guest-kernel.sh [KERNEL]   6.1 (default) or 6.12: the kernel
#        that linux-headers-amd64 of that suite depends on (scripts/deps.sh)
# Env:   R5XX_CACHE (default ~/.cache/r5xx)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${R5XX_CACHE:-$HOME/.cache/r5xx}
kernels=$("$here/deps.sh" --kernels)
k=${1:-${kernels%% *}}
abi=$("$here/deps.sh" --abi "$k")
rel=$abi-amd64
dir=$cache/kernel-$abi

if [ ! -e "$dir/.done" ]; then
	pkg=linux-image-$rel-unsigned
	mkdir -p "$cache/dl"
	deb=$(find "$cache/dl" -maxdepth 1 -name "${pkg}_*_amd64.deb" | sort -V | tail -n1)
	if [ -z "$deb" ]; then
		(cd "$cache/dl" && apt-get -q -o APT::Sandbox::User=root download "$pkg" >/dev/null)
		deb=$(find "$cache/dl" -maxdepth 1 -name "${pkg}_*_amd64.deb" | sort -V | tail -n1)
	fi
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp"
	dpkg-deb -x "$deb" "$dir.tmp"
	# Both busybox insmod (initramfs) and kmod cope with plain .ko files:
	# decompress if the package ships compressed modules (6.1 does not).
	find "$dir.tmp/lib/modules/$rel" -name '*.ko.xz' -exec xz -d {} +
	depmod -b "$dir.tmp" "$rel"
	# The bzImage's payload is one xz (6.1, CONFIG_KERNEL_XZ) or zstd (6.12,
	# CONFIG_KERNEL_ZSTD) stream; the ELF inside carries the PVH entry note
	# (CONFIG_PVH).
	z=$dir.tmp/boot/vmlinuz-$rel
	x=$dir.tmp/boot/vmlinux-$rel
	off() { { LC_ALL=C grep -obUaP -m1 "$1" "$z" || true; } | head -n1 | cut -d: -f1; }
	off=$(off '\xfd7zXZ\x00')
	if [ -n "$off" ]; then
		{ tail -c +$((off + 1)) "$z" || true; } | xz -dcq --single-stream >"$x" || true
	else
		off=$(off '\x28\xb5\x2f\xfd')
		# the frame is followed by the bzImage's trailer: zstd complains
		[ -z "$off" ] || { tail -c +$((off + 1)) "$z" || true; } | zstd -dcq >"$x" 2>/dev/null || true
	fi
	# tests/vm/run falls back to vmlinuz without it
	[ "$(head -c4 "$x" 2>/dev/null)" = $'\x7fELF' ] || rm -f "$x"
	touch "$dir.tmp/.done"
	mv "$dir.tmp" "$dir"
fi
ln -sfn "kernel-$abi" "$cache/guest-$k"
[ "$k" != "${kernels%% *}" ] || ln -sfn "kernel-$abi" "$cache/kernel"
echo "$dir"
