#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Fetch and unpack Debian's kernel for the test VM (not installed on the host).
# Prints the unpacked directory: boot/vmlinuz-<abi>-amd64, boot/vmlinux-<abi>-amd64
# (uncompressed, boots through PVH without ~4 s of decompression under TCG) and
# lib/modules/<abi>-amd64 (depmod'ed, modules uncompressed). $cache/guest-<kernel>
# links to it (tests/vm/run --kernel), and $cache/kernel too for the default
# kernel.
#
# Usage: scripts/guest-kernel.sh [KERNEL]   a supported kernel (scripts/deps.sh
#        --kernels; default: the default one): the kernel that
#        linux-headers-amd64 of that suite depends on. Trixie's are fetched
#        through the trixie build root's apt (scripts/buildroot.sh).
# Env:   R5XX_CACHE (default ~/.cache/r5xx)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${R5XX_CACHE:-$HOME/.cache/r5xx}
kernels=$("$here/deps.sh" --kernels)
k=$("$here/deps.sh" --canon "${1:-${kernels%% *}}")
abi=$("$here/deps.sh" --abi "$k")
rel=$abi-amd64
dir=$cache/kernel-$abi

if [ ! -e "$dir/.done" ]; then
	apt=(apt-get -q -o APT::Sandbox::User=root download)
	show=(apt-cache show)
	if [ -n "$("$here/deps.sh" --buildroot "$k")" ]; then
		apt=("$here/buildroot.sh" --run "${apt[@]}")
		show=("$here/buildroot.sh" --run "${show[@]}")
	fi
	# The unsigned image holds the kernel and its modules; trixie-backports'
	# 7.x has none, but splits the signed one into the kernel (linux-binary),
	# its modules and their index (linux-base: modules.order, .builtin).
	pkgs=("linux-image-$rel-unsigned")
	"${show[@]}" "${pkgs[0]}" >/dev/null 2>&1 ||
		pkgs=("linux-binary-$rel" "linux-modules-$rel" "linux-base-$rel")
	mkdir -p "$cache/dl"
	debs=()
	for pkg in "${pkgs[@]}"; do
		deb=$(find "$cache/dl" -maxdepth 1 -name "${pkg}_*_amd64.deb" | sort -V | tail -n1)
		if [ -z "$deb" ]; then
			(cd "$cache/dl" && "${apt[@]}" "$pkg" >/dev/null)
			deb=$(find "$cache/dl" -maxdepth 1 -name "${pkg}_*_amd64.deb" | sort -V | tail -n1)
		fi
		[ -n "$deb" ] || { echo "guest-kernel.sh: cannot fetch $pkg" >&2; exit 1; }
		debs+=("$deb")
	done
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp"
	for deb in "${debs[@]}"; do dpkg-deb -x "$deb" "$dir.tmp"; done
	# 7.x's packages have merged /usr: the modules are in usr/lib/modules,
	# the kernel beside them.
	if [ ! -d "$dir.tmp/lib/modules/$rel" ] && [ -d "$dir.tmp/usr/lib/modules/$rel" ]; then
		mkdir -p "$dir.tmp/lib/modules" "$dir.tmp/boot"
		mv "$dir.tmp/usr/lib/modules/$rel" "$dir.tmp/lib/modules/"
		if [ -f "$dir.tmp/lib/modules/$rel/vmlinuz" ]; then
			mv "$dir.tmp/lib/modules/$rel/vmlinuz" "$dir.tmp/boot/vmlinuz-$rel"
		fi
	fi
	# Both busybox insmod (initramfs) and kmod cope with plain .ko files:
	# decompress if the package ships compressed modules (6.1 does not).
	find "$dir.tmp/lib/modules/$rel" -name '*.ko.xz' -exec xz -d {} +
	find "$dir.tmp/lib/modules/$rel" -name '*.ko.zst' -exec zstd -dq --rm {} +
	depmod -b "$dir.tmp" "$rel"
	# The bzImage's payload is one xz (6.1, CONFIG_KERNEL_XZ) or zstd (6.12,
	# CONFIG_KERNEL_ZSTD) stream; the ELF inside carries the PVH entry note
	# (CONFIG_PVH).
	z=$dir.tmp/boot/vmlinuz-$rel
	x=$dir.tmp/boot/vmlinux-$rel
	[ -f "$z" ] || { echo "guest-kernel.sh: no kernel in ${debs[*]}" >&2; exit 1; }
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
