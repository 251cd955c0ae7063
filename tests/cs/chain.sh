#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# CS test: build/cs/cs chain (see tests/cs/cs.c, t_chain).
. tests/cs/lib.sh
run_cs cs chain
