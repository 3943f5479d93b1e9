#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/empty_event.sh: the cost of the run loop itself, with an empty Lua
# event (function event() end), bench beside sysbench in one run.
#
#  1. events/s at 1 and 2 threads (--time, repeated, median) and the 2t/1t
#     scaling. Target: bench scales >= 1.8 (sysbench: ~0.9).
#  2. user instructions per event from valgrind --tool=callgrind, as the
#     difference of two run lengths so start-up and exit cancel:
#     (I(E2) - I(E1)) / (E2 - E1). Target: bench <= 1/3 of sysbench.
#  3. where bench's per-event instructions go: the same difference taken
#     per function (callgrind_annotate of both runs).
#
# Environment: BENCH, SYSBENCH (see lib.sh); PERF_TIME seconds per
# throughput run (3); PERF_REPS repetitions (3); CG_EVENTS1/CG_EVENTS2 run
# lengths for callgrind (200000/400000); PERF_PROFILE=0 skips part 3;
# PERF_WAIT_IDLE seconds to wait for idle cores before each repetition (20).
. "$(dirname "$0")/lib.sh"
need_tools valgrind callgrind_annotate /usr/bin/time

TIME=${PERF_TIME:-3}
REPS=${PERF_REPS:-3}
E1=${CG_EVENTS1:-200000}
E2=${CG_EVENTS2:-400000}

# -- 1. Throughput and scaling --------------------------------------------

# Runs are interleaved (rep, threads, tool) so that a burst of load from
# another process hits both tools alike.
declare -A EPS CORES SCALE IPE
idle0=$(idle_cpus)
for rep in $(seq "$REPS"); do
    wait_idle
    for t in 1 2; do
        for tool in bench sysbench; do
            o=$PERF_TMP/ee.$tool.$t.$rep
            # shellcheck disable=SC2046 # option words
            read -r wall user sys _ <<<"$(run_time "$o" "$(bin_of $tool)" $(opts_of $tool) \
                "$EMPTY_LUA" --threads=$t --time="$TIME" run)"
            eps=$(parse_eps <"$o.out")
            EPS[$tool.$t]+="$eps "
            CORES[$tool.$t]+="$(calc "($user + $sys) / $wall") "
        done
    done
    for tool in bench sysbench; do
        e1=$(echo ${EPS[$tool.1]} | awk '{ print $NF }')
        e2=$(echo ${EPS[$tool.2]} | awk '{ print $NF }')
        SCALE[$tool]+="$(ratio "$e2" "$e1") "
    done
done

idle1=$(idle_cpus)
table_head "empty event: throughput (--time=$TIME, median of $REPS)"
machine_note "$idle0" "$idle1"
for t in 1 2; do
    b=$(median ${EPS[bench.$t]})
    s=$(median ${EPS[sysbench.$t]})
    row "events/s, $t thread(s)" "$b" "$s" "$(ratio "$b" "$s")" - info
done
b=$(median ${SCALE[bench]})
s=$(median ${SCALE[sysbench]})
row "scaling events/s 2t/1t" "$b" "$s" "$(ratio "$b" "$s")" "bench >= 1.8" \
    "$(verdict "$b" ">=" 1.8)"
b=$(ratio "$(maximum ${EPS[bench.2]})" "$(maximum ${EPS[bench.1]})")
s=$(ratio "$(maximum ${EPS[sysbench.2]})" "$(maximum ${EPS[sysbench.1]})")
row "scaling, best of $REPS: max(2t)/max(1t)" "$b" "$s" "$(ratio "$b" "$s")" \
    "bench >= 1.8" info
b=$(median ${CORES[bench.2]})
row "CPUs busy at 2 threads" "$b" "$(median ${CORES[sysbench.2]})" - "~2" info
cores_note "$b"

# -- 2. Instructions per event ----------------------------------------------

# cg_total TOOL THREADS EVENTS: total instructions (Ir) of one run.
cg_total()
{
    local o=$PERF_TMP/cg.$1.$2.$3
    # shellcheck disable=SC2046 # option words
    valgrind --tool=callgrind --callgrind-out-file="$o.cg" \
        "$(bin_of "$1")" $(opts_of "$1") "$EMPTY_LUA" --threads="$2" --events="$3" run \
        >"$o.out" 2>"$o.err"
    if ! ran_events "$o" "$3"; then echo NA; return; fi
    awk '/^totals:/ { print $2 }' "$o.cg"
}

table_head "empty event: user instructions/event (callgrind, events $E2 - $E1)"
for t in 1 2; do
    for tool in bench sysbench; do
        i1=$(cg_total $tool $t "$E1")
        i2=$(cg_total $tool $t "$E2")
        IPE[$tool]=$(calc "($i2 - $i1) / ($E2 - $E1)")
    done
    r=$(ratio "${IPE[bench]}" "${IPE[sysbench]}")
    if [ $t = 1 ]; then res=$(verdict "$r" "<=" 0.3334); else res=info; fi
    row "instructions/event, $t thread(s)" "${IPE[bench]}" "${IPE[sysbench]}" \
        "$r" "ratio <= 0.333" "$res"
done
note "valgrind has no vDSO: clock_gettime counts ~10 user instructions"
note "(the syscall wrapper); natively it is a vDSO call of a few dozen."
note "sysbench reads the clock 3 times per event, bench once."

# -- 3. Where the instructions go ------------------------------------------

# profile TOOL: per-event instructions by function (self cost, inlined code
# under its own source file), from the difference of the two 1-thread runs.
# JIT-compiled Lua traces have no symbol; they are summed as one line.
profile()
{
    local a=$PERF_TMP/cg.$1.1.$E1.cg b=$PERF_TMP/cg.$1.1.$E2.cg
    [ -s "$a" ] && [ -s "$b" ] || return 0
    echo
    echo "-- $1: instructions/event by function (self, top 14)"
    {
        callgrind_annotate --auto=no --threshold=100 "$a" | sed 's/^/A /'
        callgrind_annotate --auto=no --threshold=100 "$b" | sed 's/^/B /'
    } | awk -v de="$E2 - $E1" '
        BEGIN { split(de, d, " - "); de = d[1] - d[2] }
        $2 ~ /^[0-9,]+$/ && $3 ~ /^\(/ && $4 != "PROGRAM" {
            v = $2; gsub(",", "", v)
            k = $0; sub(/^[AB] +[0-9,]+ +\([^)]*\) +/, "", k)
            if (k ~ /^\?\?\?:0x[0-9a-f]+ \[\?\?\?\]$/) k = "(LuaJIT trace code)"
            sub(/ \[.*\]$/, "", k)
            sub(/^.*\/(src|include|sysdeps)\//, "", k)
            c[k] += ($1 == "B") ? v : -v
        }
        END { for (k in c) if (c[k] / de >= 0.2)
                  printf "%8.1f  %s\n", c[k] / de, k }' |
        sort -rn | head -14
}
if [ "${PERF_PROFILE:-1}" != 0 ]; then
    profile bench
    profile sysbench
fi

exit $((FAILS > 0))
