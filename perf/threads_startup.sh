#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/threads_startup.sh: many threads with an empty event, bench beside
# sysbench in one run.
#
# For N = 1024 and 4096 threads (--events=N, so each thread runs about one
# event), and a 1-thread run as the baseline that cancels process start-up:
#   start-up per thread = (time to "Threads started!"(N) - same(1)) / (N-1)
#   peak RSS per thread = (max RSS(N) - max RSS(1)) / (N-1)
# The time to "Threads started!" covers creating the threads, one Lua state
# each with the script loaded and thread_init run, and the start barrier.
# Targets at 1024: bench <= half of sysbench for both. At 4096 bench must
# start, run and exit 0.
#
# Then, as a noise-free companion, user instructions per thread under
# callgrind at CG_THREADS threads (64; 0 skips).
#
# Environment: BENCH, SYSBENCH (lib.sh); THREADS_LIST ("1024 4096");
# THREADS_REPS repetitions, median (3); CG_THREADS (64).
. "$(dirname "$0")/lib.sh"
need_tools /usr/bin/time

LIST=${THREADS_LIST:-1024 4096}
REPS=${THREADS_REPS:-3}

# -- Limits ------------------------------------------------------------------

# Each thread is a task (pid) and at least two mappings (stack and guard
# page) besides what its Lua state maps.
limits_check()
{
    local max=0 n
    for n in $LIST; do [ "$n" -gt "$max" ] && max=$n; done
    local nproc maps tmax pmax cg pids
    nproc=$(ulimit -u)
    maps=$(cat /proc/sys/vm/max_map_count)
    tmax=$(cat /proc/sys/kernel/threads-max)
    pmax=$(cat /proc/sys/kernel/pid_max)
    cg=$(awk -F: '$1 == "0" { print $3 }' /proc/self/cgroup 2>/dev/null)
    pids=$(cat "/sys/fs/cgroup${cg}/pids.max" 2>/dev/null || echo n/a)
    note "limits: ulimit -u $nproc, vm.max_map_count $maps, threads-max $tmax," \
        "pid_max $pmax, cgroup pids.max $pids; ulimit -s $(ulimit -s) KB"
    [ "$nproc" != unlimited ] && [ "$(id -u)" != 0 ] && [ "$nproc" -lt $((max + 64)) ] &&
        note "LIMIT: ulimit -u $nproc < $max threads"
    [ "$maps" -lt $((max * 4)) ] && note "LIMIT: vm.max_map_count $maps may be short for $max threads"
    [ "$tmax" -lt $((max + 1024)) ] && note "LIMIT: kernel.threads-max $tmax"
    [ "$pmax" -lt $((max + 1024)) ] && note "LIMIT: kernel.pid_max $pmax"
    [ "$pids" != n/a ] && [ "$pids" != max ] && [ "$pids" -lt $((max + 64)) ] &&
        note "LIMIT: cgroup pids.max $pids"
    return 0
}

# -- Measure ------------------------------------------------------------------

# Each run through timed_run (lib.sh): time to "Threads started!", wall
# time, peak RSS and exit status.
declare -A ST WALL RSS RC
for rep in $(seq "$REPS"); do
    for n in 1 $LIST; do
        for tool in bench sysbench; do
            o=$PERF_TMP/thr.$tool.$n.$rep
            read -r st wall rss rc <<<"$(timed_run "$o" "$(bin_of $tool)" \
                "$EMPTY_LUA" --threads="$n" --events="$n" run)"
            ST[$tool.$n]+="$st "
            WALL[$tool.$n]+="$wall "
            RSS[$tool.$n]+="$rss "
            # The worst exit status over the repetitions.
            [ "${RC[$tool.$n]:-0}" = 0 ] && RC[$tool.$n]=$rc
            [ "$rc" = 0 ] || echo "perf: $tool --threads=$n exited $rc (see $o.err)" >&2
        done
    done
done

for n in $LIST; do
    table_head "$n threads, empty event, --events=$n (median of $REPS)"
    declare -A PT PW PR
    for tool in bench sysbench; do
        s1=$(median ${ST[$tool.1]})
        sn=$(median ${ST[$tool.$n]})
        # microseconds per thread
        PT[$tool]=$(calc "($sn - $s1) * 1e6 / ($n - 1)")
        PW[$tool]=$(calc "($(median ${WALL[$tool.$n]}) - $(median ${WALL[$tool.1]})) * 1e6 / ($n - 1)")
        # KB per thread
        PR[$tool]=$(calc "($(median ${RSS[$tool.$n]}) - $(median ${RSS[$tool.1]})) / ($n - 1)")
    done
    r=$(ratio "${PT[bench]}" "${PT[sysbench]}")
    if [ "$n" = 1024 ]; then res=$(verdict "$r" "<=" 0.5); tgt="ratio <= 0.5"; else res=info; tgt=-; fi
    row "start-up us/thread (to Threads started!)" "${PT[bench]}" "${PT[sysbench]}" "$r" "$tgt" "$res"
    row "whole run us/thread" "${PW[bench]}" "${PW[sysbench]}" \
        "$(ratio "${PW[bench]}" "${PW[sysbench]}")" - info
    r=$(ratio "${PR[bench]}" "${PR[sysbench]}")
    if [ "$n" = 1024 ]; then res=$(verdict "$r" "<=" 0.5); fi
    row "peak RSS KB/thread" "${PR[bench]}" "${PR[sysbench]}" "$r" "$tgt" "$res"
    row "time to Threads started! (s)" "$(median ${ST[bench.$n]})" \
        "$(median ${ST[sysbench.$n]})" "$(ratio "$(median ${ST[bench.$n]})" \
        "$(median ${ST[sysbench.$n]})")" - info
    row "peak RSS (MB)" "$(calc "$(median ${RSS[bench.$n]}) / 1024")" \
        "$(calc "$(median ${RSS[sysbench.$n]}) / 1024")" - - info
    ok=PASS
    [ "${RC[bench.$n]}" = 0 ] || ok=FAIL
    [ "$(median ${ST[bench.$n]})" = NA ] && ok=FAIL
    row "exit status (worst of $REPS)" "${RC[bench.$n]}" "${RC[sysbench.$n]}" - \
        "bench 0, started" "$ok"
done
note "baseline 1 thread: started bench $(median ${ST[bench.1]}) s," \
    "sysbench $(median ${ST[sysbench.1]}) s; RSS bench $(median ${RSS[bench.1]}) KB," \
    "sysbench $(median ${RSS[sysbench.1]}) KB"
limits_check

# -- Instructions per thread ----------------------------------------------------

# The wall-clock figures above move with the load of the shared machine;
# instructions do not. Same runs under callgrind at CG_THREADS threads
# (64; 0 skips) and 1: (I(N) - I(1)) / (N - 1) covers creating the thread,
# its Lua state, the start barrier, its event, and closing the state.
CGT=${CG_THREADS:-64}
if [ "$CGT" -gt 1 ] && command -v valgrind >/dev/null 2>&1; then
    declare -A IPT
    for tool in bench sysbench; do
        for n in 1 "$CGT"; do
            o=$PERF_TMP/thrcg.$tool.$n
            valgrind --tool=callgrind --callgrind-out-file="$o.cg" \
                "$(bin_of $tool)" "$EMPTY_LUA" --threads="$n" --events="$n" run \
                >"$o.out" 2>"$o.err"
            IPT[$tool.$n]=$(awk '/^totals:/ { print $2 }' "$o.cg" 2>/dev/null)
        done
        IPT[$tool]=$(calc "(${IPT[$tool.$CGT]:-NA} - ${IPT[$tool.1]:-NA}) / ($CGT - 1)")
    done
    table_head "$CGT threads under callgrind: user instructions per thread"
    row "instructions/thread (start, run, exit)" "${IPT[bench]}" \
        "${IPT[sysbench]}" "$(ratio "${IPT[bench]}" "${IPT[sysbench]}")" - info
    row "instructions, 1-thread run" "${IPT[bench.1]}" "${IPT[sysbench.1]}" \
        "$(ratio "${IPT[bench.1]}" "${IPT[sysbench.1]}")" - info
fi

exit $((FAILS > 0))
