#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/cpu_memory.sh: the cpu and memory built-in tests, bench beside
# sysbench in one run (interleaved, median of PERF_REPS).
#
#  cpu (default --cpu-max-prime=10000) events/s at 1 and 2 threads.
#    Target: within 5% of sysbench (the work per event is the same).
#  memory --memory-block-size=1K events/s at 1 and 2 threads.
#    Target: bench scales >= 1.8 from 1 to 2 threads. Skipped, with a
#    message, while `bench memory help` fails (not written yet).
#
# Environment: BENCH, SYSBENCH (lib.sh); PERF_TIME seconds per run (3);
# PERF_REPS (3).
. "$(dirname "$0")/lib.sh"
need_tools /usr/bin/time

TIME=${PERF_TIME:-3}
REPS=${PERF_REPS:-3}

# measure NAME ARGS...: fills EPS[tool.threads] and BUSY[tool.threads] with
# one figure per repetition for 1 and 2 threads.
declare -A EPS BUSY
measure()
{
    local name=$1 rep t tool o wall user sys
    shift
    for rep in $(seq "$REPS"); do
        for t in 1 2; do
            for tool in bench sysbench; do
                o=$PERF_TMP/$name.$tool.$t.$rep
                read -r wall user sys _ <<<"$(run_time "$o" "$(bin_of $tool)" \
                    "$@" --threads=$t --time="$TIME" run)"
                EPS[$name.$tool.$t]+="$(parse_eps <"$o.out") "
                BUSY[$name.$tool.$t]+="$(calc "($user + $sys) / $wall") "
            done
        done
    done
}

# scaling NAME TOOL: median over repetitions of events/s(2t) / events/s(1t).
scaling()
{
    local a=(${EPS[$1.$2.1]}) b=(${EPS[$1.$2.2]}) i out=()
    for i in "${!a[@]}"; do out+=("$(ratio "${b[$i]}" "${a[$i]}")"); done
    median "${out[@]}"
}

# -- cpu ------------------------------------------------------------------------

measure cpu cpu
table_head "cpu --cpu-max-prime=10000, --time=$TIME (median of $REPS)"
machine_note
for t in 1 2; do
    b=$(median ${EPS[cpu.bench.$t]})
    s=$(median ${EPS[cpu.sysbench.$t]})
    r=$(ratio "$b" "$s")
    row "events/s, $t thread(s)" "$b" "$s" "$r" "ratio 1+-5%" "$(verdict "$r" within 0.05)"
done
b=$(scaling cpu bench)
s=$(scaling cpu sysbench)
row "scaling events/s 2t/1t" "$b" "$s" "$(ratio "$b" "$s")" - info
b=$(median ${BUSY[cpu.bench.2]})
row "CPUs busy at 2 threads" "$b" "$(median ${BUSY[cpu.sysbench.2]})" - "~2" info
cores_note "$b"

# -- memory ---------------------------------------------------------------------

if ! "$BENCH" memory help >/dev/null 2>&1; then
    echo
    echo "== memory: skipped: \`$BENCH memory help\` fails (the memory test is not in bench yet)"
else
    MEM=(memory --memory-block-size=1K)
    measure mem "${MEM[@]}"
    table_head "memory --memory-block-size=1K, --time=$TIME (median of $REPS)"
    machine_note
    for t in 1 2; do
        b=$(median ${EPS[mem.bench.$t]})
        s=$(median ${EPS[mem.sysbench.$t]})
        row "events/s, $t thread(s)" "$b" "$s" "$(ratio "$b" "$s")" - info
    done
    b=$(scaling mem bench)
    s=$(scaling mem sysbench)
    row "scaling events/s 2t/1t" "$b" "$s" "$(ratio "$b" "$s")" "bench >= 1.8" \
        "$(verdict "$b" ">=" 1.8)"
    b=$(median ${BUSY[mem.bench.2]})
    row "CPUs busy at 2 threads" "$b" "$(median ${BUSY[mem.sysbench.2]})" - "~2" info
    cores_note "$b"
fi

exit $((FAILS > 0))
