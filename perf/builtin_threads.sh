#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/builtin_threads.sh: the built-in tests (cpu, memory, threads, mutex,
# fileio) at 4,096 and 10,000 threads, bench beside sysbench in one run
# (issue 12: a worker of a built-in test needs no Lua state).
#
# For each test and N, both tools run the same short workload of about one
# event per thread (options below), interleaved, BUILTIN_REPS times:
#   peak RSS    max RSS of the process (/usr/bin/time %M), median
#   start-up    seconds from launch to the "Threads started!" line: thread
#               creation, each worker's initialisation, the start barrier
#   wall        the whole run, for context
# Targets: bench's peak RSS and start-up <= sysbench's (ratio <= 1), both
# ratios taken from the same run. Then long runs (BUILTIN_LONG seconds,
# 10; 0 skips) of cpu and memory with events of about a microsecond, so
# that each of the thousands of workers records thousands of events (a
# worker's latency list holds 256 before its values spill to the run's
# shared record, hist.h): peak RSS and events per thread, both tools,
# one run each. RSS barely moves with the machine's load;
# seconds do (see docs/perf-history.md), so a start-up FAIL on a busy machine
# wants a rerun, and the callgrind table below is the noise-free companion:
# user instructions per thread, (I(N) - I(1)) / (N - 1) at CG_THREADS (64;
# 0 skips), the same workloads.
#
# Environment: BENCH, SYSBENCH (lib.sh); BUILTIN_TESTS ("cpu memory threads
# mutex fileio"); BUILTIN_THREADS ("4096 10000"); BUILTIN_REPS (3);
# CG_THREADS (64).
. "$(dirname "$0")/lib.sh"
need_tools /usr/bin/time

TESTS=${BUILTIN_TESTS:-cpu memory threads mutex fileio}
LIST=${BUILTIN_THREADS:-4096 10000}
REPS=${BUILTIN_REPS:-3}
FILEIO_OPTS="--file-num=16 --file-total-size=16M --file-block-size=4K"

# args TEST N: the test's options for N threads, about one event each.
args()
{
    case $1 in
    cpu) echo "--cpu-max-prime=1000 --events=$2" ;;
    memory) echo "--memory-block-size=1K --memory-total-size=$2K" ;;
    threads) echo "--thread-yields=10 --events=$2" ;;
    mutex) echo "--mutex-locks=10 --mutex-loops=10" ;;
    fileio) echo "$FILEIO_OPTS --file-test-mode=rndrd --events=$2" ;;
    esac
}

case " $TESTS " in *" fileio "*)
    "$BENCH" fileio $FILEIO_OPTS prepare >"$PERF_TMP/prepare.out" 2>&1 ||
        { echo "perf: fileio prepare failed: $(first_error "$PERF_TMP/prepare")" >&2; exit 1; }
    ;;
esac

# -- Measure ------------------------------------------------------------------

declare -A ST WALL RSS RC
for rep in $(seq "$REPS"); do
    for n in $LIST; do
        for t in $TESTS; do
            for tool in bench sysbench; do
                o=$PERF_TMP/$t.$tool.$n.$rep
                # shellcheck disable=SC2046
                read -r st wall rss rc <<<"$(timed_run "$o" "$(bin_of $tool)" \
                    $t $(args $t "$n") --threads="$n" run)"
                ST[$t.$tool.$n]+="$st "
                WALL[$t.$tool.$n]+="$wall "
                RSS[$t.$tool.$n]+="$rss "
                [ "${RC[$t.$tool.$n]:-0}" = 0 ] && RC[$t.$tool.$n]=$rc
                [ "$rc" = 0 ] ||
                    echo "perf: $tool $t --threads=$n exited $rc: $(first_error "$o")" >&2
            done
        done
    done
done

for n in $LIST; do
    table_head "$n threads, about one event each (median of $REPS)"
    for t in $TESTS; do
        rb=$(median ${RSS[$t.bench.$n]})
        rs=$(median ${RSS[$t.sysbench.$n]})
        r=$(ratio "$rb" "$rs")
        row "$t: peak RSS (MB)" "$(calc "$rb / 1024")" "$(calc "$rs / 1024")" \
            "$r" "ratio <= 1" "$(verdict "$r" "<=" 1)"
        sb=$(median ${ST[$t.bench.$n]})
        ss=$(median ${ST[$t.sysbench.$n]})
        r=$(ratio "$sb" "$ss")
        row "$t: start-up to Threads started! (s)" "$sb" "$ss" "$r" \
            "ratio <= 1" "$(verdict "$r" "<=" 1)"
        wb=$(median ${WALL[$t.bench.$n]})
        ws=$(median ${WALL[$t.sysbench.$n]})
        row "$t: whole run (s)" "$wb" "$ws" "$(ratio "$wb" "$ws")" - info
        ok=PASS
        [ "${RC[$t.bench.$n]}" = 0 ] || ok=FAIL
        row "$t: exit status (worst of $REPS)" "${RC[$t.bench.$n]}" \
            "${RC[$t.sysbench.$n]}" - "bench 0" "$ok"
    done
done
note "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs;" \
    "ulimit -u $(ulimit -u), vm.max_map_count $(cat /proc/sys/vm/max_map_count)"

# -- Long runs: thousands of events per worker ----------------------------------

LONG=${BUILTIN_LONG:-10}
# long_args TEST: a --time run of about a microsecond per event.
long_args()
{
    case $1 in
    cpu) echo "--cpu-max-prime=100 --time=$LONG" ;;
    memory) echo "--memory-block-size=1K --memory-total-size=1000G --time=$LONG" ;;
    esac
}
if [ "$LONG" -gt 0 ]; then
    for n in $LIST; do
        table_head "$n threads, --time=$LONG: thousands of events per worker (one run)"
        for t in cpu memory; do
            declare -A LR=() LE=()
            for tool in bench sysbench; do
                o=$PERF_TMP/long.$t.$tool.$n
                # shellcheck disable=SC2046
                read -r _ _ LR[$tool] _ <<<"$(timed_run "$o" "$(bin_of $tool)" \
                    $t $(long_args $t) --threads="$n" run)"
                LE[$tool]=$(awk -v n="$n" '/total number of events:/ {
                    printf "%d\n", $5 / n }' "$o.out")
            done
            r=$(ratio "${LR[bench]}" "${LR[sysbench]}")
            row "$t: peak RSS (MB)" "$(calc "${LR[bench]} / 1024")" \
                "$(calc "${LR[sysbench]} / 1024")" "$r" "ratio <= 1" \
                "$(verdict "$r" "<=" 1)"
            row "$t: events per thread" "${LE[bench]:-NA}" "${LE[sysbench]:-NA}" \
                - "> 256" info
        done
    done
fi

# -- Instructions per thread ----------------------------------------------------

CGT=${CG_THREADS:-64}
if [ "$CGT" -gt 1 ] && command -v valgrind >/dev/null 2>&1; then
    table_head "$CGT threads under callgrind: user instructions per thread"
    for t in $TESTS; do
        declare -A IPT=()
        for tool in bench sysbench; do
            for n in 1 "$CGT"; do
                o=$PERF_TMP/cg.$t.$tool.$n
                # shellcheck disable=SC2046
                valgrind --tool=callgrind --callgrind-out-file="$o.cg" \
                    "$(bin_of $tool)" $t $(args $t "$n") --threads="$n" run \
                    >"$o.out" 2>"$o.err"
                IPT[$tool.$n]=$(awk '/^totals:/ { print $2 }' "$o.cg" 2>/dev/null)
            done
            IPT[$tool]=$(calc "(${IPT[$tool.$CGT]:-NA} - ${IPT[$tool.1]:-NA}) / ($CGT - 1)")
        done
        row "$t: instructions/thread" "${IPT[bench]}" "${IPT[sysbench]}" \
            "$(ratio "${IPT[bench]}" "${IPT[sysbench]}")" - info
    done
fi

case " $TESTS " in *" fileio "*)
    "$BENCH" fileio $FILEIO_OPTS cleanup >/dev/null 2>&1 ;;
esac
exit $((FAILS > 0))
