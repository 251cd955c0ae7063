#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# A Debian 13 (trixie) build root: the compiler trixie's kernels were built
# with (gcc-14, which bookworm does not have), kbuild's tools and DKMS, made
# once with mmdebstrap from Debian's mirror and cached outside the checkout.
# The kernels of the suites trixie (6.12, trixie-security) and
# trixie-backports (7.x) are built in it (scripts/kernel-headers.sh,
# Makefile), and their guest kernels are fetched through its apt.
#
# Usage: scripts/buildroot.sh             make the root if needed, print its path
#        scripts/buildroot.sh --print     print its path if it is made, else fail
#        scripts/buildroot.sh --run CMD...
#                                         run CMD in the root, as root, with this
#                                         checkout and the cache at the same paths
#                                         (a private mount namespace: nothing is
#                                         left mounted), cwd kept
# Env:   R5XX_CACHE (default ~/.cache/r5xx)
#
# The root's directory is keyed on its suite, package list and ROOT_FORMAT,
# so a change to them makes a new root; its apt lists are refreshed when they are
# a day old, so a new trixie-security kernel is seen by --abi the next day.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd -P)
repo=$(cd "$here/.." && pwd -P)
cache=${R5XX_CACHE:-$HOME/.cache/r5xx}
suite=trixie
mirror=http://deb.debian.org/debian
security=http://deb.debian.org/debian-security

PKGS=(
	# the kernels' compiler and kbuild's needs (objtool and modpost come
	# with linux-kbuild, unpacked with the headers)
	build-essential gcc-14 make bc flex bison libelf-dev dwarves kmod
	# tests/dkms against these kernels
	dkms
	# scripts/kernel-headers.sh, scripts/guest-kernel.sh
	apt-utils ca-certificates xz-utils zstd
)

# Bump when the way the root is made changes (not for edits elsewhere here).
ROOT_FORMAT=1
key=$(printf '%s\n' "$ROOT_FORMAT" "$suite" "${PKGS[@]}" | sha256sum | cut -c1-12)
root=$cache/buildroot-$suite-$key

# run_in ROOT CMD...: CMD chrooted into ROOT with /proc, /dev, the checkout
# and the cache bound in at their own paths.
run_in() {
	local r=$1
	shift
	# shellcheck disable=SC2016 # expanded by the inner shell
	unshare -m --propagation private sh -euc '
		r=$1 repo=$2 cache=$3 cwd=$4
		shift 4
		mount -t proc proc "$r/proc"
		mount --rbind /dev "$r/dev"
		for d in "$repo" "$cache"; do
			mkdir -p "$r$d"
			mount --bind "$d" "$r$d"
		done
		cd "$r$cwd" 2>/dev/null && cwd=$cwd || cwd=/
		exec chroot "$r" sh -c "cd \"\$0\" && exec \"\$@\"" "$cwd" "$@"
	' run_in "$r" "$repo" "$cache" "$PWD" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

case ${1:-} in
--print)
	[ -e "$root/.done" ] || { echo "buildroot.sh: the $suite build root is not made (run: scripts/buildroot.sh)" >&2; exit 1; }
	echo "$root"
	exit
	;;
--run) shift ;;
"") ;;
*) echo "usage: scripts/buildroot.sh [--print | --run CMD...]" >&2; exit 2 ;;
esac

[ "$(id -u)" = 0 ] || { echo "buildroot.sh: must run as root (mmdebstrap, chroot)" >&2; exit 1; }
mkdir -p "$cache"
exec 9>"$cache/buildroot-$suite.lock"
flock 9

if [ ! -e "$root/.done" ]; then
	command -v mmdebstrap >/dev/null ||
		{ echo "buildroot.sh: mmdebstrap is missing (scripts/deps.sh installs it)" >&2; exit 1; }
	echo "buildroot.sh: making the $suite build root in $root (~3 min)" >&2
	rm -rf "$root" "$root.tmp"
	list=$(printf '%s\n' \
		"deb $mirror $suite main" \
		"deb $mirror $suite-updates main" \
		"deb $security $suite-security main" \
		"deb $mirror $suite-backports main")
	mmdebstrap --quiet --variant=apt --include="$(IFS=,; echo "${PKGS[*]}")" \
		"$suite" "$root.tmp" - <<<"$list" >"$cache/buildroot-$suite.log" 2>&1 ||
		{ echo "buildroot.sh: mmdebstrap failed (log: $cache/buildroot-$suite.log)" >&2; exit 1; }
	touch "$root.tmp/.done"
	mv "$root.tmp" "$root"
	# older roots of this suite are superseded
	find "$cache" -maxdepth 1 -name "buildroot-$suite-*" ! -name "buildroot-$suite-$key" \
		-exec rm -rf {} +
fi

# a day-old package index is refreshed (a new kernel in trixie-security)
if [ -z "$(find "$root/var/lib/apt/lists" -maxdepth 0 -mmin -1440 2>/dev/null)" ] ||
   [ -z "$(find "$root/var/lib/apt/lists" -maxdepth 1 -name '*Packages*' -print -quit)" ]; then
	run_in "$root" apt-get -q -o DPkg::Lock::Timeout=600 update >/dev/null
	touch "$root/var/lib/apt/lists"
fi

if [ $# -gt 0 ]; then
	flock -u 9
	run_in "$root" "$@"
	exit
fi
echo "$root"
