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
# PERF_REPS (3); PERF_WAIT_IDLE (20, see lib.sh).
. "$(dirname "$0")/lib.sh"
need_tools /usr/bin/time

TIME=${PERF_TIME:-3}
REPS=${PERF_REPS:-3}

# measure NAME ARGS...: fills EPS[name.tool.threads], BUSY[...] (CPUs used)
# and PCPU[...] (events per CPU-second) with one figure per repetition, for
# 1 and 2 threads.
declare -A EPS BUSY PCPU
measure()
{
    local name=$1 rep t tool o wall user sys eps
    shift
    for rep in $(seq "$REPS"); do
        wait_idle
        for t in 1 2; do
            for tool in bench sysbench; do
                o=$PERF_TMP/$name.$tool.$t.$rep
                read -r wall user sys _ <<<"$(run_time "$o" "$(bin_of $tool)" \
                    "$@" --threads=$t --time="$TIME" run)"
                eps=$(parse_eps <"$o.out")
                EPS[$name.$tool.$t]+="$eps "
                PCPU[$name.$tool.$t]+="$(calc "$eps * $wall / ($user + $sys + 0.005)") "
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

idle0=$(idle_cpus)
measure cpu cpu
idle1=$(idle_cpus)
table_head "cpu --cpu-max-prime=10000, --time=$TIME (median of $REPS)"
machine_note "$idle0" "$idle1"
for t in 1 2; do
    b=$(median ${EPS[cpu.bench.$t]})
    s=$(median ${EPS[cpu.sysbench.$t]})
    r=$(ratio "$b" "$s")
    row "events/s, $t thread(s)" "$b" "$s" "$r" "ratio 1+-5%" "$(verdict "$r" within 0.05)"
done
# cpu events are pure computation: per CPU-second they do not depend on
# how much of the machine the run got, so this row survives a busy host.
for t in 1 2; do
    b=$(median ${PCPU[cpu.bench.$t]})
    s=$(median ${PCPU[cpu.sysbench.$t]})
    row "events per CPU-second, $t thread(s)" "$b" "$s" "$(ratio "$b" "$s")" \
        "ratio 1+-5%" info
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
    idle0=$(idle_cpus)
    measure mem "${MEM[@]}"
    idle1=$(idle_cpus)
    table_head "memory --memory-block-size=1K, --time=$TIME (median of $REPS)"
    machine_note "$idle0" "$idle1"
    for t in 1 2; do
        b=$(median ${EPS[mem.bench.$t]})
        s=$(median ${EPS[mem.sysbench.$t]})
        row "events/s, $t thread(s)" "$b" "$s" "$(ratio "$b" "$s")" - info
    done
    b=$(scaling mem bench)
    s=$(scaling mem sysbench)
    row "scaling events/s 2t/1t" "$b" "$s" "$(ratio "$b" "$s")" "bench >= 1.8" \
        "$(verdict "$b" ">=" 1.8)"
    b=$(ratio "$(maximum ${EPS[mem.bench.2]})" "$(maximum ${EPS[mem.bench.1]})")
    s=$(ratio "$(maximum ${EPS[mem.sysbench.2]})" "$(maximum ${EPS[mem.sysbench.1]})")
    row "scaling, best of $REPS: max(2t)/max(1t)" "$b" "$s" "$(ratio "$b" "$s")" \
        "bench >= 1.8" info
    b=$(median ${BUSY[mem.bench.2]})
    row "CPUs busy at 2 threads" "$b" "$(median ${BUSY[mem.sysbench.2]})" - "~2" info
    cores_note "$b"
    # The default --memory-scope=global makes every thread write the same
    # 1 KiB block (as sysbench does), so its 16 cache lines bounce between
    # the cores. With one block per thread the figure shows what the run
    # loop itself allows.
    measure meml "${MEM[@]}" --memory-scope=local
    for t in 1 2; do
        b=$(median ${EPS[meml.bench.$t]})
        s=$(median ${EPS[meml.sysbench.$t]})
        row "--memory-scope=local events/s, ${t}t" "$b" "$s" "$(ratio "$b" "$s")" - info
    done
    b=$(scaling meml bench)
    s=$(scaling meml sysbench)
    row "--memory-scope=local scaling 2t/1t" "$b" "$s" "$(ratio "$b" "$s")" \
        "bench >= 1.8" info
fi

exit $((FAILS > 0))
