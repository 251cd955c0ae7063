#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Build the debug guest kernel (KASAN, lockdep, debugobjects, kmemleak, UBSAN,
# atomic-sleep checks) from Debian's linux-source-6.1, once, cached outside
# the repo. Prints the directory: boot/vmlinuz-<rel> (a bzImage: this
# kernel dies before its first message when QEMU enters vmlinux through PVH),
# boot/config-<rel>, lib/modules/<rel> (depmod'ed) and build, a link to the
# object tree r5xx.ko is built against (make KERNEL=debug). $cache/guest-debug
# links to it (tests/vm/run --kernel debug).
#
# The config: Debian's for the guest kernel (scripts/guest-kernel.sh 6.1,
# boot/config-*), trimmed by `make localmodconfig` to the modules listed in
# scripts/debug-kernel.modules, then scripts/debug-kernel.config applied with
# scripts/config and completed by olddefconfig. The cache key is the source
# package's version, Debian's config and those two files. The object tree,
# $cache/debug-kernel-build-<version>, is kept across keys: kbuild rebuilds
# what a config change touches, and an interrupted build resumes. It serves
# the last key built (its .r5xx-key).
#
# Usage: scripts/debug-kernel.sh [--print | --key]
#   --print   print the directory if the kernel is built, else fail; no build
#   --key     print the cache key and exit
# Env:   R5XX_CACHE (default ~/.cache/r5xx), R5XX_DEBUG_KERNEL_JOBS (make -j,
#        default 2; the build runs under nice -n 19)
set -euo pipefail

me=scripts/debug-kernel.sh
here=$(cd "$(dirname "$0")" && pwd)
cache=${R5XX_CACHE:-$HOME/.cache/r5xx}
jobs=${R5XX_DEBUG_KERNEL_JOBS:-2}
pkg=linux-source-6.1
tarball=/usr/src/$pkg.tar.xz
fragment=$here/debug-kernel.config
modlist=$here/debug-kernel.modules

die() {
	echo "$me: $*" >&2
	exit 1
}

srcver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) ||
	die "$pkg is not installed (run: make deps)"
[ -f "$tarball" ] || die "no $tarball (run: make deps)"
abi=$("$here/deps.sh" --abi 6.1)
dconfig=$cache/kernel-$abi/boot/config-$abi-amd64
key=$({ echo "$pkg $srcver"; cat "$dconfig" "$fragment" "$modlist"; } 2>/dev/null |
	sha256sum | cut -c1-16)
dir=$cache/debug-kernel-$key
b=$cache/debug-kernel-build-$srcver

built() { [ -e "$dir/.done" ] && [ "$(cat "$b/.r5xx-key" 2>/dev/null)" = "$key" ]; }

case ${1:-} in
--key) echo "$key"; exit ;;
--print)
	built || die "the debug kernel is not built (run: make debug-kernel)"
	echo "$dir"; exit ;;
'') ;;
*) die "unknown option $1" ;;
esac

mkdir -p "$cache"
exec 9>"$cache/debug-kernel.lock"
flock 9
if ! built; then
	# Debian's config of the kernel the VM boots, and the check that the
	# source is that kernel's: same upstream version.
	"$here/guest-kernel.sh" 6.1 >/dev/null
	[ -f "$dconfig" ] || die "no $dconfig"
	src=$cache/debug-kernel-src-$srcver
	if [ ! -e "$src/.done" ]; then
		rm -rf "$src" "$src.tmp"
		mkdir -p "$src.tmp"
		tar -xJf "$tarball" -C "$src.tmp" --strip-components=1
		touch "$src.tmp/.done"
		mv "$src.tmp" "$src"
	fi
	# DRM_SCHED has no prompt: only drivers that select it turn it on, on
	# x86 amdgpu alone (hundreds of files). A prompt lets the fragment ask
	# for the scheduler r5xx.ko needs without amdgpu: a Kconfig change only,
	# no code changes.
	sed -i '/^config DRM_SCHED$/{n;s/^\ttristate$/\ttristate "GPU scheduler"/}' \
		"$src/drivers/gpu/drm/Kconfig"
	v=$(make -s -C "$src" kernelversion)
	dv=$(sed -n 's/^# Linux\/x86 \([^ ]*\) Kernel Configuration$/\1/p' "$dconfig")
	[ "$v" = "$dv" ] || die "$pkg $srcver is Linux $v, the guest kernel's config is $dv"

	rm -rf "$dir" "$b/.r5xx-key"
	mkdir -p "$dir" "$b"
	log=$dir/build.log
	echo "$me: building Linux $v ($pkg $srcver) with debug options in $dir; log: $log" >&2
	start=$(date +%s)
	# Everything into the log, and still under set -e (which a `{ } || die`
	# would switch off).
	exec 3>&1 4>&2 >"$log" 2>&1
	trap 'echo "$me: build failed; see $log" >&4' ERR
	cp "$dconfig" "$b/.config"
	grep -v '^[[:space:]]*\(#\|$\)' "$modlist" >"$b/lsmod"
	# localmodconfig asks about nothing new: the config is the kernel's own
	make -C "$src" O="$b" LSMOD="$b/lsmod" localmodconfig </dev/null
	args=()
	while IFS= read -r line; do
		case $line in '' | '#'*) continue ;; esac
		opt=${line%%=*}
		val=${line#*=}
		case $val in
		y) args+=(--enable "$opt") ;;
		n) args+=(--disable "$opt") ;;
		m) args+=(--module "$opt") ;;
		\"*) val=${val#\"}; args+=(--set-str "$opt" "${val%\"}") ;;
		*) args+=(--set-val "$opt" "$val") ;;
		esac
	done <"$fragment"
	"$src/scripts/config" --file "$b/.config" "${args[@]}"
	make -C "$src" O="$b" olddefconfig
	# every option of the fragment must have survived olddefconfig
	bad=0
	while IFS= read -r line; do
		case $line in '' | '#'*) continue ;; esac
		opt=${line%%=*}
		val=${line#*=}
		if [ "$val" = n ]; then
			grep -qx "$opt=[ym]" "$b/.config" || continue
		else
			grep -qxF "$line" "$b/.config" && continue
		fi
		echo "$me: $line did not survive olddefconfig: $(grep "^$opt=\|# $opt is not set" "$b/.config" || echo absent)"
		bad=1
	done <"$fragment"
	[ "$bad" = 0 ]
	nice -n 19 make -C "$src" O="$b" -j"$jobs" bzImage modules
	rel=$(make -s -C "$src" O="$b" kernelrelease)
	rm -rf "${dir:?}/boot" "${dir:?}/lib"
	mkdir -p "$dir/boot"
	nice -n 19 make -C "$src" O="$b" INSTALL_MOD_PATH="$dir" DEPMOD=/sbin/depmod \
		modules_install
	cp "$b/arch/x86/boot/bzImage" "$dir/boot/vmlinuz-$rel"
	cp "$b/.config" "$dir/boot/config-$rel"
	cp "$b/System.map" "$dir/boot/System.map-$rel"
	depmod -b "$dir" "$rel"
	ln -sfn "$b" "$dir/build"
	echo "$key" >"$b/.r5xx-key"
	trap - ERR
	exec 1>&3 2>&4 3>&- 4>&-
	end=$(date +%s)
	printf 'Linux %s (%s %s) built in %d s with make -j%s\n' \
		"$v" "$pkg" "$srcver" $((end - start)) "$jobs" >"$dir/build-time"
	touch "$dir/.done"
fi
ln -sfn "debug-kernel-$key" "$cache/guest-debug"
echo "$dir"
