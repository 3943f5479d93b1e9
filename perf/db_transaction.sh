#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/db_transaction.sh: the client cost of a read-only transaction of 16
# prepared statements (perf/db_transaction.lua, oltp_read_only's shape:
# BEGIN, 10 point selects, simple/SUM/ORDER BY/DISTINCT ranges of 100
# rows, COMMIT), bench beside sysbench 1.0.20 on the same table in one
# run, for MariaDB and PostgreSQL. Results are discarded unread, so this
# is where a client that buffers rows it never hands out pays for them.
#
#  1. user instructions per transaction under callgrind, the difference of
#     two run lengths (CG_EVENTS1/CG_EVENTS2: 200/1200 transactions),
#     median of CG_REPS (3) interleaved repetitions.
#     Target: bench <= 0.7 x sysbench on both drivers. The C floor
#     (perf/db_floor.c trx: the same 16 statements straight on the client
#     library) shows how low any client of that library can go.
#  2. client CPU (user+sys) per transaction, native runs of CPU_EVENTS1/2
#     (200/2000), median of PERF_REPS (3): info.
#  3. where the instructions go (PERF_PROFILE=0 skips).
#
# Environment: BENCH, SYSBENCH (lib.sh); servers and database (db_lib.sh).
. "$(dirname "$0")/lib.sh"
. "$PERF_DIR/db_lib.sh"
need_tools valgrind callgrind_annotate

SCRIPT=$PERF_DIR/db_transaction.lua
E1=${CG_EVENTS1:-200}
E2=${CG_EVENTS2:-1200}
C1=${CPU_EVENTS1:-200}
C2=${CPU_EVENTS2:-2000}
REPS=${PERF_REPS:-3}
CG_REPS=${CG_REPS:-3}
TARGET=0.7

build_floor
build_reply_ready
for d in $DRIVERS; do db_prepare "$d"; done

measure_tools

db_table_head "read-only transaction of 16 queries, 1 thread, table of $TABLE_SIZE rows"
for d in $DRIVERS; do
    f=${IPE[floor.$d]} b=${IPE[bench.$d]} s=${IPE[sysbench.$d]}
    r=$(ratio "$b" "$s")
    db_row "$d: user instructions/trx" "$f" "$b" "$s" "$(ratio "$b" "$f")" \
        "$(ratio "$s" "$f")" "bench/sysb <= $TARGET" "$(verdict "$r" "<=" $TARGET)"
    db_row "$d: bench/sysbench instructions" - - - - - "$r (floor $(ratio "$f" "$s"))" info
    cpu_rows "$d" trx
done
note "instructions: callgrind, (I($E2) - I($E1)) / $((E2 - E1)) transactions, user"
note "space only (libraries included); CPU: (user+sys)($C2) - ($C1), median of $REPS;"
note "sys (the socket round trip) varies with how often a client sleeps in poll()."
note "TLS off for all three; one thread, one connection, prepared statements."
reply_note

[ "${PERF_PROFILE:-1}" = 0 ] || profile_tools

exit $((FAILS > 0))
