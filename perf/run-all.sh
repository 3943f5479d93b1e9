#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/run-all.sh: every perf/ benchmark in turn (about 12 minutes on two
# cores without the database scripts, which add ~15; each script's time is
# in perf/README.md). Exit status 0 when every target row passed.
# Environment: see perf/README.md.
set -u
dir=$(cd "$(dirname "$0")" && pwd)
failed=()
for s in empty_event rate threads_startup cpu_memory builtin_threads \
    rand_string fileio db_point_select db_transaction sqlite_point_select \
    oltp_prepare; do
    echo
    echo "######## perf/$s.sh"
    "$dir/$s.sh" || failed+=("$s")
done
echo
if [ ${#failed[@]} -eq 0 ]; then
    echo "perf: all targets PASS"
else
    echo "perf: targets FAIL in: ${failed[*]}"
    exit 1
fi
