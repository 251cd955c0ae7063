#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# CS test: build/cs/cs dialects (see tests/cs/cs.c, t_dialects).
. tests/cs/lib.sh
run_cs cs dialects
