#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/db_point_select.sh: the per-query client cost of a prepared point
# select, for the C floor (perf/db_floor.c: the client library called
# directly), bench and sysbench 1.0.20, on the same table in one run, for
# MariaDB and PostgreSQL. bench and sysbench run perf/db_point_select.lua:
# one `SELECT c FROM sbtest1 WHERE id=?` per event, result discarded.
#
#  1. user instructions per query under valgrind --tool=callgrind, as the
#     difference of two run lengths (CG_EVENTS1/CG_EVENTS2: 2000/12000)
#     so start-up, connecting and exit cancel; median of CG_REPS (3)
#     interleaved repetitions. Target: bench <= 1.05 x the floor on both
#     drivers, the project's settled target (issue 5 asked 1.03: met on
#     PostgreSQL, not on MariaDB, perf/README.md; sysbench 1.0.20: ~1.1);
#     measuring on (issue 15:
#     --extended-report=on --results=FILE, PERF_MEASURE_OPTS; lib.sh's
#     "measured" tool, PERF_MEASURED=0 skips it) <= 1.05 x the floor per
#     query. That target is judged on the per-query path: the run's
#     instructions without the end-of-run report's (reporter_final,
#     inclusive), which the difference of two run lengths does not cancel
#     because it grows with the distinct latencies a run's record holds,
#     not with its queries (2000 -> 12000 -> 42000 queries: +47 then +20
#     a query; docs/perf-history.md). The row with it is printed too, as info.
#  2. client CPU (user+sys) per query, native runs of CPU_EVENTS1/2
#     (2000/20000) queries, median of PERF_REPS (3): info, it includes the
#     kernel's share of the socket round trip.
#  3. where bench's and sysbench's instructions per query go (PERF_PROFILE=0
#     skips).
#
# Environment: BENCH, SYSBENCH (lib.sh); servers and database (db_lib.sh).
. "$(dirname "$0")/lib.sh"
. "$PERF_DIR/db_lib.sh"
need_tools valgrind callgrind_annotate

SCRIPT=$PERF_DIR/db_point_select.lua
E1=${CG_EVENTS1:-2000}
E2=${CG_EVENTS2:-12000}
C1=${CPU_EVENTS1:-2000}
C2=${CPU_EVENTS2:-20000}
REPS=${PERF_REPS:-3}
CG_REPS=${CG_REPS:-3}
TARGET=1.05
MEASURED_TARGET=1.05
MEASURED=${PERF_MEASURED:-1}
SUMMARY=

build_floor
build_reply_ready
for d in $DRIVERS; do db_prepare "$d"; done

measure_tools

db_table_head "prepared point select, 1 thread, table of $TABLE_SIZE rows"
for d in $DRIVERS; do
    f=${IPE[floor.$d]} b=${IPE[bench.$d]} s=${IPE[sysbench.$d]}
    rb=$(ratio "$b" "$f")
    db_row "$d: user instructions/query" "$f" "$b" "$s" "$rb" \
        "$(ratio "$s" "$f")" "bench/floor <= $TARGET" "$(verdict "$rb" "<=" $TARGET)"
    db_row "$d: bench/sysbench instructions" - - - - - "info: $(ratio "$b" "$s")" info
    if [ "$MEASURED" = 1 ]; then
        m=${IPE[measured.$d]} fin=${FIN[measured.$d]}
        rm=$(ratio "$m" "$f") mp=$(calc "$m - $fin")
        rp=$(ratio "$mp" "$f")
        db_row "$d: measuring on, instr/query" "$f" "$m" "$s" "$rm" \
            "$(ratio "$s" "$f")" "info: with report" info
        db_row "$d:   of it the end-of-run report" - "$fin" - - - "info: per run" info
        db_row "$d:   the per-query path alone" "$f" "$mp" "$s" "$rp" \
            "$(ratio "$s" "$f")" "m/floor <= $MEASURED_TARGET" "$(verdict "$rp" "<=" $MEASURED_TARGET)"
        SUMMARY+="$d $rp $(verdict "$rp" "<=" $MEASURED_TARGET), "
    fi
    cpu_rows "$d" query
done
note "instructions: callgrind, (I($E2) - I($E1)) / $((E2 - E1)) queries, user space"
note "only (libraries included); CPU: (user+sys)($C2) - ($C1) per query, median of $REPS;"
note "sys (the socket round trip) varies with how often a client sleeps in poll()."
note "TLS off for all three; one thread, one connection, one prepared statement."
[ "$MEASURED" = 1 ] && note "measuring on: bench $(opts_of measured)" &&
    note "(the end-of-run report: reporter_final's inclusive growth from $E1 to $E2 queries;" &&
    note "it grows with the distinct latencies in the record, not with the queries, so the" &&
    note "target is judged on the per-query path alone)"
reply_note

[ "$MEASURED" = 1 ] &&
    echo "issue 15 target, measuring on, per query <= $MEASURED_TARGET x the floor: ${SUMMARY%, }"

[ "${PERF_PROFILE:-1}" = 0 ] || profile_tools

exit $((FAILS > 0))
