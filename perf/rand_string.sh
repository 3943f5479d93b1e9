#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/rand_string.sh: the cost of sysbench.rand.string() for oltp's `c`
# column (issue 3, "Done when": at most half of sysbench's user
# instructions; sysbench spends 61% of its oltp prepare there). Both tools
# run the same script, which generates N strings of the pattern of c (ten
# groups of 11 digits joined by '-', for a CHAR(120) column); the figure
# is (I(N2) - I(N1)) / (N2 - N1) user instructions per string from
# valgrind --tool=callgrind, so start-up and exit cancel.
#
# Environment: BENCH, SYSBENCH, PERF_KEEP, PERF_TMP (lib.sh);
#   STR_N1, STR_N2   the two run lengths (20000, 40000)
. "$(dirname "$0")/lib.sh"
need_tools valgrind

N1=${STR_N1:-20000}
N2=${STR_N2:-40000}
SCRIPT=$PERF_TMP/rand_string.lua
cat >"$SCRIPT" <<'LUA'
local c = string.rep("###########", 10, "-")
local n, len = tonumber(os.getenv("STR_N")), 0
for _ = 1, n do len = len + #sysbench.rand.string(c) end
print("generated " .. len)
LUA

# cg_total TOOL N: instructions (Ir) of one run generating N strings, or NA.
cg_total()
{
    local o=$PERF_TMP/str.$1.$2
    STR_N=$2 valgrind --tool=callgrind --callgrind-out-file="$o.cg" \
        "$(bin_of "$1")" "$SCRIPT" >"$o.out" 2>"$o.err"
    if ! grep -qx "generated $(($2 * 119))" "$o.out"; then
        echo "perf: $1 did not generate $2 strings (see $o.out, $o.err)" >&2
        echo NA
        return
    fi
    awk '/^totals:/ { print $2 }' "$o.cg"
}

declare -A IPS
for tool in bench sysbench; do
    i1=$(cg_total $tool "$N1")
    i2=$(cg_total $tool "$N2")
    IPS[$tool]=$(calc "($i2 - $i1) / ($N2 - $N1)")
done
table_head "rand.string of oltp's c (119 chars): user instructions/string (callgrind, $N2 - $N1 strings)"
r=$(ratio "${IPS[bench]}" "${IPS[sysbench]}")
row "instructions per c string" "${IPS[bench]}" "${IPS[sysbench]}" "$r" \
    "<= 0.5" "$(verdict "$r" "<=" 0.5)"
b=$(calc "${IPS[bench]} / 119")
s=$(calc "${IPS[sysbench]} / 119")
row "instructions per character" "$b" "$s" "$r" - info
note "the difference of two run lengths removes start-up, exit and JIT warm-up"
[ "$FAILS" -eq 0 ]
