#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# Static checks of the driver sources, one line per check:
#   regs        the generated register headers match regs/r5xx.regs
#   overview    the file list of DOC: overview in r5xx_drv.h names every
#               r5xx_*.c file (tracked, or untracked and not ignored), and
#               only files that exist
#   checkpatch  checkpatch.pl --strict: no errors, warnings or checks
#   kernel-doc  kernel-doc -none: no warnings
#   build-W1    the module builds at W=1 without a warning
#   sparse      make C=2 reports nothing
# Prints "ok NAME" or "not ok NAME" plus the findings; exits non-zero if any
# check failed.  Kernel scripts come from Debian's linux-source-6.1, unpacked
# into the cache on first use.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${R5XX_CACHE:-$HOME/.cache/r5xx}
cd "$top"

kscripts() {
	local tarball dir
	tarball=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | tail -n 1)
	[ -n "$tarball" ] || { echo "linux-source-6.1 is not installed" >&2; return 1; }
	dir="$cache/$(basename "$tarball" .tar.xz)"
	if [ ! -e "$dir/.unpacked" ]; then
		mkdir -p "$dir"
		tar -xf "$tarball" -C "$dir" --strip-components=1 \
			--wildcards '*/scripts/*' >/dev/null
		touch "$dir/.unpacked"
	fi
	echo "$dir/scripts"
}

failed=0
report() { # NAME FILE-WITH-FINDINGS
	if [ -s "$2" ]; then
		echo "not ok $1"
		sed 's/^/    /' "$2" | head -n 60
		failed=1
	else
		echo "ok $1"
	fi
}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

python3 scripts/gen-regs.py --check >"$out/regs" 2>&1 || true
report regs "$out/regs"

mapfile -t srcs < <(git ls-files -co --exclude-standard 'r5xx_*.c' 'r5xx_*.h' |
		    grep -v '^r5xx_regs\.h$' | sort -u)
if [ "${#srcs[@]}" -eq 0 ]; then
	echo "ok overview # SKIP no driver sources"
	echo "ok checkpatch # SKIP no driver sources"
	echo "ok kernel-doc # SKIP no driver sources"
	echo "ok build-W1 # SKIP no driver sources"
	echo "ok sparse # SKIP no driver sources"
	exit $failed
fi

# The list items of DOC: overview, " * - r5xx_foo.c: what it holds", and
# the r5xx_*.c files in the tree.
overview_files() {
	sed -n '/^ \* DOC: overview$/,/^ \*\//p' r5xx_drv.h |
		sed -n 's/^ \* - \(r5xx_[a-z0-9_]*\.c\):.*/\1/p' | sort -u
}
tree_c_files() {
	local f
	for f in "${srcs[@]}"; do
		[[ $f == *.c && -e $f ]] && echo "$f"
	done | sort -u
}
if [ -e r5xx_drv.h ]; then
	comm -23 <(tree_c_files) <(overview_files) |
		sed 's/$/ is not in the DOC: overview list of r5xx_drv.h/' >"$out/ov"
	comm -13 <(tree_c_files) <(overview_files) |
		sed 's/$/ is in the DOC: overview list of r5xx_drv.h but does not exist/' >>"$out/ov"
else
	echo "r5xx_drv.h is missing" >"$out/ov"
fi
report overview "$out/ov"

ks=$(kscripts)
perl "$ks/checkpatch.pl" --no-tree --strict --terse --show-types \
	--ignore FILE_PATH_CHANGES,SPDX_LICENSE_TAG -f "${srcs[@]}" r5xx_pm4.h \
	2>&1 | grep -E ': (ERROR|WARNING|CHECK):' >"$out/cp" || true
report checkpatch "$out/cp"

perl "$ks/kernel-doc" -none "${srcs[@]}" >"$out/kd" 2>&1 || true
report kernel-doc "$out/kd"

make -s clean >/dev/null 2>&1 || true
make -s modules W=1 >"$out/w1.log" 2>&1 || echo "build failed" >>"$out/w1.log"
grep -E 'warning:|error:|build failed' "$out/w1.log" >"$out/w1" || true
report build-W1 "$out/w1"

make -s modules C=2 >"$out/sp.log" 2>&1 || echo "build failed" >>"$out/sp.log"
grep -E '^[^ ]+\.[ch]:[0-9]+:[0-9]+: (warning|error)' "$out/sp.log" >"$out/sp" || true
report sparse "$out/sp"

exit $failed
