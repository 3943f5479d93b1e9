#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/rate.sh: --rate, bench beside sysbench in one run.
#
#  1. accuracy: achieved events/s over RATE_TIME s (10) at --rate=1000 and
#     --rate=100000 on `cpu --cpu-max-prime=10` (an event of ~1 us).
#     Target: within 1% of the rate asked for.
#  2. client CPU per paced event: (user+sys of the run - user+sys of a
#     start-up-only run) / events. Target: bench <= 1/5 of sysbench's.
#     Beside it, what load cannot move: user instructions per paced event
#     at --rate=1000 from callgrind, the difference of two run lengths
#     (RATE_CG_TIME1/2 s, 2 and 4) over the difference of their events.
#  3. a stall: event() sleeps 200 ms once (the 500th event of thread 0) at
#     --rate=1000. Under an open-loop schedule latency is measured from the
#     intended start, so the stall shows: at 2 threads in the max latency of
#     the stalled event; at 1 thread also in the ~200 events scheduled
#     behind it (about 100 of them wait >= 100 ms, so p99 >= 100 ms).
#
# Environment: BENCH, SYSBENCH (lib.sh); RATE_TIME (10); RATE_THREADS (2);
# STALL_TIME seconds per stall run (3).
. "$(dirname "$0")/lib.sh"
need_tools /usr/bin/time valgrind

TIME=${RATE_TIME:-10}
THREADS=${RATE_THREADS:-2}
STALL_TIME=${STALL_TIME:-3}
CPU_ARGS=(cpu --cpu-max-prime=10 --threads="$THREADS")

# -- 1, 2. Accuracy and client CPU per event ----------------------------------

declare -A BASE
# CPU of start-up and exit alone, subtracted from each paced run.
for tool in bench sysbench; do
    read -r _ u s <<<"$(cpu_run "$PERF_TMP/rate.$tool.base" "$(bin_of $tool)" \
        "${CPU_ARGS[@]}" --events=1 run)"
    BASE[$tool]=$(calc "$u + $s")
done

for rate in 1000 100000; do
    declare -A ACH CPE USR SYS
    for tool in bench sysbench; do
        o=$PERF_TMP/rate.$tool.$rate
        read -r _ u s <<<"$(cpu_run "$o" "$(bin_of $tool)" "${CPU_ARGS[@]}" \
            --rate=$rate --time="$TIME" run)"
        ACH[$tool]=$(parse_eps <"$o.out")
        n=$(awk '/total number of events:/ { print $5 }' "$o.out")
        # microseconds of client CPU per event
        CPE[$tool]=$(calc "($u + $s - ${BASE[$tool]}) * 1e6 / ${n:-NA}")
        USR[$tool]=$(calc "$u * 1e6 / ${n:-NA}")
        SYS[$tool]=$(calc "$s * 1e6 / ${n:-NA}")
    done
    table_head "--rate=$rate, cpu --cpu-max-prime=10, $THREADS threads, ${TIME}s"
    b=${ACH[bench]}
    row "achieved events/s" "$b" "${ACH[sysbench]}" "$(ratio "$b" "$rate")" \
        "bench/rate 1+-1%" "$(verdict "$(ratio "$b" "$rate")" within 0.01)"
    row "sysbench achieved/rate" - "$(ratio "${ACH[sysbench]}" "$rate")" - - info
    r=$(ratio "${CPE[bench]}" "${CPE[sysbench]}")
    row "client CPU us/event (user+sys)" "${CPE[bench]}" "${CPE[sysbench]}" \
        "$r" "ratio <= 0.2" "$(verdict "$r" "<=" 0.2)"
    row "  of which user us/event" "${USR[bench]}" "${USR[sysbench]}" \
        "$(ratio "${USR[bench]}" "${USR[sysbench]}")" - info
    row "  of which sys us/event" "${SYS[bench]}" "${SYS[sysbench]}" \
        "$(ratio "${SYS[bench]}" "${SYS[sysbench]}")" - info
done
note "start-up CPU subtracted: bench ${BASE[bench]} s, sysbench ${BASE[sysbench]} s"

# User instructions per paced event: the wake-ups' kernel time drops out,
# so this is the pacer's and the run loop's own cost (plus the same cpu
# event in both tools). Valgrind runs the threads one at a time, so the
# events stay ~1 ms apart on the clock.
CG_T1=${RATE_CG_TIME1:-2}
CG_T2=${RATE_CG_TIME2:-4}
declare -A IPE
for tool in bench sysbench; do
    declare -A CGI CGN
    for t in "$CG_T1" "$CG_T2"; do
        o=$PERF_TMP/rate.cg.$tool.$t
        valgrind --tool=callgrind --callgrind-out-file="$o.cg" \
            "$(bin_of $tool)" "${CPU_ARGS[@]}" --rate=1000 --time="$t" run \
            >"$o.out" 2>"$o.err"
        CGN[$t]=$(awk '/total number of events:/ { print $5 }' "$o.out")
        CGI[$t]=$(awk '/^totals:/ { print $2 }' "$o.cg")
    done
    IPE[$tool]=$(calc "(${CGI[$CG_T2]:-NA} - ${CGI[$CG_T1]:-NA}) / (${CGN[$CG_T2]:-NA} - ${CGN[$CG_T1]:-NA})")
done
table_head "--rate=1000: user instructions per paced event (callgrind, ${CG_T2}s - ${CG_T1}s)"
row "user instructions/event" "${IPE[bench]}" "${IPE[sysbench]}" \
    "$(ratio "${IPE[bench]}" "${IPE[sysbench]}")" - info

# The floor: a plain C loop that sleeps once per event, 1 ms apart (as at
# --rate=1000). A pacer that wakes once per event cannot cost less.
if command -v cc >/dev/null 2>&1 &&
    cc -O2 -o "$PERF_TMP/sleep_floor" "$PERF_DIR/sleep_floor.c" 2>/dev/null; then
    read -r _ u s <<<"$(cpu_run "$PERF_TMP/floor" "$PERF_TMP/sleep_floor" 1000000 2000)"
    table_head "floor: one clock_nanosleep per event, 1 ms apart (perf/sleep_floor.c)"
    f=$(calc "($u + $s) * 1e6 / 2000")
    row "CPU us per sleep (user+sys)" "$f" - - - info
    note "at --rate=1000 events are 1 ms apart, so each needs its own wake-up:"
    note "no pacer's CPU/event goes below this floor (1/5 of sysbench's is"
    note "reachable only if sysbench's figure is at least 5 times the floor)."
fi
[ "$PERF_HAVE_PERF" = 1 ] || note "CPU from /usr/bin/time: 10 ms resolution"

# -- 3. A 200 ms stall -------------------------------------------------------

# The 500th event of thread 0 sleeps 200 ms. thread_init gets the thread id
# in both tools; usleep may already be declared, hence the pcall.
STALL_LUA=$PERF_TMP/stall.lua
cat >"$STALL_LUA" <<'EOF'
local ffi = require("ffi")
pcall(ffi.cdef, "int usleep(unsigned int usec);")
local n, me = 0, -1
function thread_init(tid) me = tid end
function event()
   n = n + 1
   if me == 0 and n == 500 then ffi.C.usleep(200000) end
end
EOF

# Events whose latency is >= 100 ms, from the --histogram rows
# ("  value |***   count").
slow_events()
{
    awk -F'|' 'NF == 2 && $1 ~ /^ *[0-9.]+ *$/ && $1 + 0 >= 100 {
                   k = split($2, f, " "); n += f[k] }
               END { print n + 0 }'
}

for t in 2 1; do
    declare -A MAX P99 SLOW
    for tool in bench sysbench; do
        o=$PERF_TMP/stall.$tool.$t
        "$(bin_of $tool)" "$STALL_LUA" --rate=1000 --threads=$t \
            --time="$STALL_TIME" --percentile=99 --histogram run \
            >"$o.out" 2>"$o.err"
        MAX[$tool]=$(parse_lat max <"$o.out")
        P99[$tool]=$(parse_lat 99th <"$o.out")
        SLOW[$tool]=$(slow_events <"$o.out")
    done
    table_head "200 ms stall in event(), --rate=1000, $t thread(s), ${STALL_TIME}s"
    row "max latency (ms)" "${MAX[bench]}" "${MAX[sysbench]}" \
        "$(ratio "${MAX[bench]}" "${MAX[sysbench]}")" "bench >= 190" \
        "$(verdict "${MAX[bench]}" ">=" 190)"
    if [ $t = 1 ]; then
        # ~200 events are scheduled during the stall; half wait >= 100 ms.
        row "99th percentile (ms)" "${P99[bench]}" "${P99[sysbench]}" \
            "$(ratio "${P99[bench]}" "${P99[sysbench]}")" "bench >= 100" \
            "$(verdict "${P99[bench]}" ">=" 100)"
        row "events with latency >= 100 ms" "${SLOW[bench]}" "${SLOW[sysbench]}" \
            "$(ratio "${SLOW[bench]}" "${SLOW[sysbench]}")" "bench >= 50" \
            "$(verdict "${SLOW[bench]}" ">=" 50)"
    else
        row "99th percentile (ms)" "${P99[bench]}" "${P99[sysbench]}" \
            "$(ratio "${P99[bench]}" "${P99[sysbench]}")" - info
        row "events with latency >= 100 ms" "${SLOW[bench]}" "${SLOW[sysbench]}" \
            - "bench >= 1" "$(verdict "${SLOW[bench]}" ">=" 1)"
    fi
done
note "at 2 threads thread 1 keeps the schedule while thread 0 sleeps, so"
note "only the stalled event itself is late; at 1 thread the events behind it"
note "wait too (latency measured from their intended start)."

exit $((FAILS > 0))
