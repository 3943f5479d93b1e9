#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/sqlite_point_select.sh: the per-query cost of a prepared point
# select on the embedded SQLite driver, for the C floor (perf/db_floor.c
# calling libsqlite3 directly: bind, step, reset) and bench running
# perf/db_point_select.lua, on the same database file in one run (sysbench
# has no SQLite driver). No server needed.
#
#  1. user instructions per query under valgrind --tool=callgrind, as the
#     difference of two run lengths (CG_EVENTS1/CG_EVENTS2: 2000/12000)
#     so start-up, opening and exit cancel; median of CG_REPS (3)
#     interleaved repetitions. Target (issue 17): bench <= 1.05 x the floor.
#  2. CPU (user+sys) per query, native runs of CPU_EVENTS1/2 (2000/20000)
#     queries, median of PERF_REPS (3): info.
#  3. where bench's instructions per query go beyond the floor's
#     (PERF_PROFILE=0 skips).
#
# Environment: BENCH (lib.sh); PERF_SQLITE_DB, PERF_TABLE_SIZE (db_lib.sh).
. "$(dirname "$0")/lib.sh"
PERF_DRIVERS=sqlite
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

build_floor
db_prepare sqlite

measure_tools

db_table_head "prepared point select on SQLite, 1 thread, table of $TABLE_SIZE rows"
f=${IPE[floor.sqlite]} b=${IPE[bench.sqlite]}
rb=$(ratio "$b" "$f")
db_row "sqlite: user instructions/query" "$f" "$b" NA "$rb" NA \
    "bench/floor <= $TARGET" "$(verdict "$rb" "<=" $TARGET)"
cpu_rows sqlite query
note "instructions: callgrind, (I($E2) - I($E1)) / $((E2 - E1)) queries, user space"
note "only (libsqlite3 included); CPU: (user+sys)($C2) - ($C1) per query, median of $REPS."
note "both open the file in multi-thread mode, WAL, synchronous NORMAL; one"
note "connection, one prepared statement, the row left unread."

[ "${PERF_PROFILE:-1}" = 0 ] || profile_tools

exit $((FAILS > 0))
