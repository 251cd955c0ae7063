#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# Build qemu-system-x86_64 from Debian's qemu source package with the repo's
# r5xx model (qemu/hw/display/r5xx/, plus the shared r5xx_pm4.h and the
# generated r5xx_facts.h) overlaid, and print the binary's path.
#
# The configured tree is keyed on the Debian source version and the configure
# flags (stamp: $build/.r5xx-key); a new key rebuilds from scratch. Otherwise
# the model is synced by checksum (unchanged files keep their mtimes) and ninja
# rebuilds incrementally. The cache is a build artefact: the model's source
# lives in the repo only.
#
# Env: R5XX_CACHE (default ~/.cache/r5xx)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${R5XX_CACHE:-$HOME/.cache/r5xx}
src=$cache/qemu-src
build=$cache/qemu-build
log=$cache/qemu-setup.log
nlog=$cache/qemu-build.log
CONF=(--target-list=x86_64-softmmu --without-default-features --enable-kvm
	--enable-virtfs --enable-attr --enable-cap-ng --disable-docs
	--disable-werror --disable-install-blobs)

mkdir -p "$cache/dl"
exec 9>"$cache/qemu.lock"
flock 9

fail() { # WHAT LOG
	echo "qemu.sh: $1 failed; last lines of $2:" >&2
	tail -n 30 "$2" >&2
	exit 1
}

# The .dsc apt would fetch now, e.g. qemu_7.2+dfsg-7+deb12u18.dsc.
dsc=$(apt-get source --print-uris qemu 2>/dev/null | sed -n "s/^'[^']*' \(qemu_[^ ]*\.dsc\) .*/\1/p")
[ -n "$dsc" ] || { echo "qemu.sh: no qemu source package known to apt (run scripts/deps.sh)" >&2; exit 1; }
ver=${dsc#qemu_}
ver=${ver%.dsc}
key="qemu $ver; configure ${CONF[*]}"

if [ "$(cat "$build/.r5xx-key" 2>/dev/null)" != "$key" ]; then
	echo "qemu.sh: building QEMU $ver from scratch, ~5 min (logs: $log, $nlog)" >&2
	rm -rf "$src" "$build"
	: >"$log"
	if [ ! -e "$cache/dl/$dsc" ]; then
		(cd "$cache/dl" && apt-get -q -o APT::Sandbox::User=root \
			source --download-only qemu) >>"$log" 2>&1 || fail "apt-get source" "$log"
	fi
	dpkg-source -x --no-copy "$cache/dl/$dsc" "$src" >>"$log" 2>&1 || fail "dpkg-source -x" "$log"
	mkdir -p "$build"
	(cd "$build" && "$src/configure" "${CONF[@]}") >>"$log" 2>&1 || fail configure "$log"
	echo "$key" >"$build/.r5xx-key"
fi

# Overlay the model.
model=$repo/qemu/hw/display/r5xx
dst=$src/hw/display/r5xx
if [ -d "$model" ]; then
	mkdir -p "$dst"
	shared=(r5xx_pm4.h r5xx_facts.h)	# top-level headers the model includes
	rsync -rc --delete "${shared[@]/#/--exclude=/}" "$model/" "$dst/"
	for h in "${shared[@]}"; do
		if [ -f "$repo/$h" ]; then
			rsync -c "$repo/$h" "$dst/"
		else
			rm -f "$dst/$h"
		fi
	done
else
	rm -rf "$dst"
fi
mb=$src/hw/display/meson.build
line="subdir('r5xx')"
if [ -f "$model/meson.build" ]; then
	grep -qxF "$line" "$mb" || echo "$line" >>"$mb"
elif grep -qxF "$line" "$mb"; then
	sed -i "/^subdir('r5xx')\$/d" "$mb"
fi

# The model's trace events join hw/display's (QEMU generates one trace
# header per directory it lists): a block between marker lines, rewritten
# only when it changes, so that hw/display is not rebuilt every time.
te=$src/hw/display/trace-events
awk '/^# r5xx begin$/ { skip = 1 } !skip { print } /^# r5xx end$/ { skip = 0 }' "$te" >"$te.new"
if [ -f "$model/trace-events" ]; then
	{ echo "# r5xx begin"; cat "$model/trace-events"; echo "# r5xx end"; } >>"$te.new"
fi
if cmp -s "$te" "$te.new"; then
	rm -f "$te.new"
else
	mv "$te.new" "$te"
fi

ninja -C "$build" qemu-system-x86_64 >"$nlog" 2>&1 </dev/null || fail ninja "$nlog"
echo "$build/qemu-system-x86_64"
