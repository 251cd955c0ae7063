#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Fetch and unpack Debian's kernel for the test VM (not installed on the host).
# Prints the unpacked directory: boot/vmlinuz-<abi>-amd64, boot/vmlinux-<abi>-amd64
# (uncompressed, boots through PVH without ~4 s of decompression under TCG) and
# lib/modules/<abi>-amd64 (depmod'ed, modules uncompressed). $cache/kernel links
# to it.
#
# Usage: scripts/guest-kernel.sh [ABI]   (default: what linux-headers-amd64 depends on)
# Env:   R5XX_CACHE (default ~/.cache/r5xx)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${R5XX_CACHE:-$HOME/.cache/r5xx}
abi=${1:-$("$here/deps.sh" --abi)}
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
	# The bzImage's payload is one xz stream (CONFIG_KERNEL_XZ); the ELF
	# inside carries the PVH entry note (CONFIG_PVH).
	z=$dir.tmp/boot/vmlinuz-$rel
	x=$dir.tmp/boot/vmlinux-$rel
	off=$(LC_ALL=C grep -obUaP -m1 '\xfd7zXZ\x00' "$z" | head -n1 | cut -d: -f1)
	if [ -n "$off" ]; then
		{ tail -c +$((off + 1)) "$z" || true; } | xz -dcq --single-stream >"$x" || true
	fi
	# tests/vm/run falls back to vmlinuz without it
	[ "$(head -c4 "$x" 2>/dev/null)" = $'\x7fELF' ] || rm -f "$x"
	touch "$dir.tmp/.done"
	mv "$dir.tmp" "$dir"
fi
ln -sfn "kernel-$abi" "$cache/kernel"
echo "$dir"
