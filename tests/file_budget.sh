#!/bin/sh
# SPDX-License-Identifier: MIT
# file_budget.sh: the house rule that a source file stays under 600 lines
# unless its second line says why ("Over 600 lines: ..."), checked so that a
# file growing past the budget is a decision, not an accident.
set -u
top=${BENCH_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
status=0
for f in "$top"/src/*.[ch] "$top"/src/*/*.[ch] "$top"/src/lua/*.lua \
    "$top"/src/lua/*/*.lua; do
    [ -f "$f" ] || continue
    n=$(wc -l <"$f")
    [ "$n" -le 600 ] && continue
    if ! sed -n 2p "$f" | grep -q 'Over 600 lines: '; then
        echo "file_budget: ${f#"$top"/} has $n lines and line 2 does not say why (\"Over 600 lines: ...\"): split it or say why" >&2
        status=1
    fi
done
exit $status
