#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/overhead.sh (`make bench-overhead`): bench's own cost per event and
# per query with nothing outside it, on the null driver (design.md 2): the
# OLTP scripts against a driver that answers every query at once, and the
# empty event. bench alone: sysbench has no null driver. Run it before
# and after a change to the C core, the SQL layer or the Lua modules and
# paste both tables into the review.
#
#  1. events/s per thread at 1 and 2 threads (--time, median of
#     repetitions): moves with the machine's load; compare runs of one
#     session only.
#  2. user instructions per event and per query (callgrind, the
#     difference of two run lengths so that start-up cancels): steady from
#     run to run, the figure to compare across commits.
#
# Environment: BENCH (see lib.sh); OVERHEAD_TIME seconds per run (2);
# OVERHEAD_REPS repetitions (3); OVERHEAD_WORKLOADS (empty
# oltp_point_select oltp_read_only oltp_read_write); OVERHEAD_CG=0 skips
# part 2 (which needs valgrind); CG_EVENTS1/2 run lengths (20000/40000).
. "$(dirname "$0")/lib.sh"

if [ ! -x "$BENCH" ]; then
    echo "perf: bench binary not found at $BENCH (set BENCH=...)" >&2
    exit 2
fi
TIME=${OVERHEAD_TIME:-2}
REPS=${OVERHEAD_REPS:-3}
WORKLOADS=${OVERHEAD_WORKLOADS:-empty oltp_point_select oltp_read_only oltp_read_write}
E1=${CG_EVENTS1:-20000}
E2=${CG_EVENTS2:-40000}

# The command line of a workload, without threads, limits and command.
workload_args()
{
    if [ "$1" = empty ]; then
        echo "$EMPTY_LUA"
    else
        echo "$1 --db-driver=null --tables=1 --table-size=10000"
    fi
}

# queries per event of a run's report ("queries: N" over "total number of
# events"), 0 for a workload that makes none.
parse_qpe()
{
    awk '/ queries: / { q = $2 } /total number of events:/ { n = $5 }
         END { if (n > 0) printf "%.2f\n", q / n; else print 0 }'
}

printf '\n== null driver: events/s per thread (--time=%s, median of %s; %s CPUs, idle before: %s)\n' \
    "$TIME" "$REPS" "$(nproc)" "$(idle_cpus)"
printf '%-20s | %7s | %14s | %14s | %9s\n' workload threads "events/s" "events/s/thr" "q/event"
printf '%s\n' "---------------------+---------+----------------+----------------+----------"
declare -A EPS QPE
for rep in $(seq "$REPS"); do
    for w in $WORKLOADS; do
        for t in 1 2; do
            o=$PERF_TMP/oh.$w.$t.$rep
            # shellcheck disable=SC2046 # workload_args is meant to split
            if ! "$BENCH" $(workload_args "$w") --threads=$t --time="$TIME" \
                run >"$o.out" 2>"$o.err"; then
                echo "perf: $w failed: $(first_error "$o")" >&2
                exit 1
            fi
            EPS[$w.$t]+="$(parse_eps <"$o.out") "
            QPE[$w]=$(parse_qpe <"$o.out")
        done
    done
done
for w in $WORKLOADS; do
    for t in 1 2; do
        e=$(median ${EPS[$w.$t]})
        awk -v w="$w" -v t="$t" -v e="$e" -v q="${QPE[$w]}" \
            'BEGIN { printf "%-20s | %7s | %14.0f | %14.0f | %9s\n", w, t, e, e / t, q }'
    done
done

[ "${OVERHEAD_CG:-1}" = 0 ] && exit 0
if ! command -v valgrind >/dev/null 2>&1; then
    echo "perf: valgrind not found: instructions per event skipped" >&2
    exit 0
fi

# cg_total WORKLOAD EVENTS: total user instructions (Ir) of a 1-thread run.
cg_total()
{
    local o=$PERF_TMP/cg.$1.$2
    # shellcheck disable=SC2046
    valgrind --tool=callgrind --callgrind-out-file="$o.cg" \
        "$BENCH" $(workload_args "$1") --threads=1 --events="$2" run \
        >"$o.out" 2>"$o.err"
    if ! ran_events "$o" "$2"; then echo NA; return; fi
    awk '/^totals:/ { print $2 }' "$o.cg"
}

printf '\n== null driver: user instructions (callgrind, 1 thread, (I(%s) - I(%s)) / %s events)\n' \
    "$E2" "$E1" "$((E2 - E1))"
printf '%-20s | %14s | %14s\n' workload "instr/event" "instr/query"
printf '%s\n' "---------------------+----------------+---------------"
for w in $WORKLOADS; do
    i1=$(cg_total "$w" "$E1")
    i2=$(cg_total "$w" "$E2")
    awk -v w="$w" -v i1="$i1" -v i2="$i2" -v n="$((E2 - E1))" -v q="${QPE[$w]}" 'BEGIN {
        if (i1 == "NA" || i2 == "NA") { printf "%-20s | %14s | %14s\n", w, "NA", "NA"; exit }
        e = (i2 - i1) / n
        printf "%-20s | %14.1f | %14s\n", w, e, (q > 0 ? sprintf("%.1f", e / q) : "-") }'
done
