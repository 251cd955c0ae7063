#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test: build/uapi/uapi vramclear (see tests/uapi/uapi.c, t_vramclear):
# new buffers in VRAM the CPU cannot reach read as zeros. The driver is
# loaded again with vis_vramlimit=32 (32 MiB of the model's 128 MiB
# visible, as on boards whose VRAM is larger than the aperture), and with
# the defaults again afterwards.
# vm-chips: rv380 rv515
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs690 rs600 r580 rv380m
# vm-driver: r5xx
. tests/driver/lib.sh
. tests/uapi/lib.sh
trap 'reload >/dev/null' EXIT
reload vis_vramlimit=32
run_uapi vramclear
