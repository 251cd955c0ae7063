#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""Compare the checker's register tables with upstream radeon's.

Upstream's checker accepts a type-0 write if the register is in its
reg_srcs/<family> list or handled by r300_packet0_check().  For each of the
four tables, this checks that the registers our tables accept (cs=safe or a
special role, regs/r5xx.regs) are exactly those, apart from a few documented
differences, so the checker is neither stricter nor looser on registers.
The lists come from Debian's linux-source-6.1 tarball (skipped without it).
Prints TAP.
"""
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
TABLES = {"r300": "r300", "r420": "r420", "rs600": "rs600", "r500": "rv515"}

# Registers r300_packet0_check() handles (some only on some families).
UPSTREAM_SPECIAL = (
    {0x0218, 0x6538, 0x1428, 0x142c, 0x2084, 0x20b4, 0x2134, 0x2088, 0x43a4, 0x43e4,
     0x4e00, 0x4e04, 0x4e0c, 0x4e80, 0x4e84, 0x4e88, 0x4f00, 0x4f10, 0x4f1c,
     0x4f20, 0x4f24, 0x4f30, 0x4f34, 0x4f44, 0x4f54, 0x4f5c, 0x4104, 0x4028,
     0x4be8}
    | set(range(0x4e28, 0x4e48, 4))                     # COLOROFFSET, COLORPITCH
    | set(range(0x4400, 0x4440, 4))                     # TX_FILTER0
    | set(range(0x4480, 0x4580, 4)))                    # TX_FORMAT0/1/2, TX_OFFSET

# What upstream accepts and we refuse, on purpose (cs-checker.rst):
STRICTER = {
    # families where upstream's code refuses them anyway
    "r300": {0x2088, 0x4be8}, "r420": {0x2088, 0x4be8},
    "rs600": {0x2088, 0x4be8, 0x0218},  # legacy VLINE register on AVIVO
    "r500": {0x0218},
}


def upstream_lists():
    """reg_srcs/* of Debian's linux-source, unpacked once into the cache."""
    tars = sorted(Path("/usr/src").glob("linux-source-*.tar.xz"))
    if not tars:
        return None
    cache = Path(os.environ.get("R5XX_CACHE", Path.home() / ".cache/r5xx"))
    top = cache / tars[-1].name.replace(".tar.xz", "")
    srcs = top / "drivers/gpu/drm/radeon/reg_srcs"
    if not all((srcs / name).exists() for name in TABLES.values()):
        top.mkdir(parents=True, exist_ok=True)
        subprocess.run(["tar", "-xf", str(tars[-1]), "-C", str(top), "--strip-components=1",
                        "--wildcards", "*/drivers/gpu/drm/radeon/reg_srcs/*"], check=True)
    out = {}
    for name in TABLES.values():
        text = (srcs / name).read_text().split("\n")
        hi = int(text[0].split()[1], 16)
        out[name] = (hi, {int(line.split()[0], 16) for line in text[1:] if line.strip()})
    return out


def main():
    spec = importlib.util.spec_from_file_location("gen_regs", ROOT / "scripts/gen-regs.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    up = upstream_lists()
    if up is None:
        print("1..0 # SKIP linux-source-6.1 (upstream reg_srcs) not installed")
        return 77
    safe, rows = gen.cs_collect(gen.parse(ROOT / "regs/r5xx.regs")[0])
    n = failed = 0
    for ours, theirs in TABLES.items():
        hi, listed = up[theirs]
        accepted_up = listed | {r for r in UPSTREAM_SPECIAL if r <= hi}
        accepted_us = safe[ours] | {off for off, _, _, _, tabs in rows if ours in tabs}
        for what, regs in (("upstream accepts, we refuse",
                            accepted_up - accepted_us - STRICTER[ours]),
                           ("we accept, upstream refuses", accepted_us - accepted_up)):
            n += 1
            if regs:
                failed += 1
                print(f"not ok {n} - {ours}: {what}: "
                      + " ".join(f"{r:#06x}" for r in sorted(regs)))
            else:
                print(f"ok {n} - {ours}: nothing {what}")
        n += 1
        freed = sorted(listed & {off for off, *_ in rows})
        print(f"ok {n} - {ours}: {len(freed)} upstream-free registers are tracked here")
    print(f"1..{n}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
