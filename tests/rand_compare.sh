#!/bin/sh
# SPDX-License-Identifier: MIT
# rand_compare.sh: make check's entry for rand_compare.py, bench's random
# distributions against sysbench 1.0.20's (10^6 draws each, chi-square).
# $BENCH is the bench under test, $SYSBENCH the reference (default:
# sysbench on PATH). Skips (77) without python3 or sysbench.
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v python3 >/dev/null 2>&1; then
    echo "SKIP: python3 not found; it computes the chi-square statistics"
    exit 77
fi
exec python3 "$here/rand_compare.py" "${BENCH:-./bench}" "${SYSBENCH:-sysbench}"
