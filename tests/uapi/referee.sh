#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
# UAPI test, referee: the driver-independent subtests of build/uapi/uapi,
# and the 32-bit program, against Debian's radeon.ko on the rv380 model.
# What they expect of r5xx is what upstream answers.  Left out: surface,
# which reads r5xx's debugfs, and userptr: radeon.ko 6.1 binds user pages
# into the GART without the write bit and ignores a failed pin
# (radeon_ttm_backend_bind), so on the model the GPU's writes to a user
# pointer buffer are dropped, and a file mapping or an unmapped range is
# accepted; r5xx binds them writable and refuses those with -EPERM.
# vm-chips: rv380
# vm-all-chips: rv380 rv515 rv350 r420 rs480 rs600 r580 rv380m
# (not rs690: there radeon.ko's evict subtest reads other bytes back after
# eviction (FAIL: child: same bytes after eviction), a referee or model
# problem not yet understood; r5xx passes the same subtest on rs690)
# vm-driver: radeon
set -uo pipefail
. tests/uapi/lib.sh
# radeon.ko of 7.x says 2.51 (its evergreen/cayman GL 4.6 change); r5xx
# keeps 2.50, which is all Mesa r300 needs (Documentation/kernels.rst)
case $(uname -r) in
7.*) export R5XX_EXPECT_MINOR=51 ;;
esac
rc=0
for t in version info gem libdrm share prime pressure evict; do
	echo "== uapi $t"
	run_uapi "$t" || rc=1
done
echo "== compat32"
build/uapi/compat32 || rc=1
exit $rc
