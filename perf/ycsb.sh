#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/ycsb.sh: the client cost of a YCSB operation (bench ycsb, workload
# C: one read of a record by its string key, zipfian) beside bench's own
# prepared point select, on the same server in one run, for MariaDB and
# PostgreSQL. User instructions per event under callgrind, as the
# difference of two run lengths (CG_EVENTS1/CG_EVENTS2: 2000/12000) so
# start-up, connecting and exit cancel; median of CG_REPS (3) interleaved
# repetitions. Two point selects:
#  - perf/ycsb_point_select.lua: the same statement on the same table (a
#    whole 1 KB record of 11 columns), keys from a list: the target,
#    ycsb C <= 1.1 x it (issue 31): YCSB's generators and key names cost
#    at most a tenth of the query;
#  - perf/db_point_select.lua (`SELECT c FROM sbtest1 WHERE id=?`, one
#    column of 120 bytes): info. The client library reads the column
#    definitions of every result again (libmariadb: six strings a
#    column), so a record of 11 columns costs about 3x one of 1 column
#    whatever the tool.
#
# Environment: BENCH (lib.sh); servers and database (db_lib.sh).
. "$(dirname "$0")/lib.sh"
. "$PERF_DIR/db_lib.sh"
need_tools valgrind

E1=${CG_EVENTS1:-2000}
E2=${CG_EVENTS2:-12000}
CG_REPS=${CG_REPS:-3}
RECORDS=${PERF_YCSB_RECORDS:-10000}
TARGET=1.1

# cmd DRIVER WHAT EVENTS: bench's command line for WHAT (point or ycsb).
cmd()
{
    local o
    o="$(db_opts "$1") $([ "$1" = pgsql ] && echo --pgsql-sslmode=disable)"
    if [ "$2" = point ]; then
        echo "$BENCH $PERF_DIR/db_point_select.lua $o --table-size=$TABLE_SIZE --threads=1 --events=$3 --time=0 run"
    elif [ "$2" = same ]; then
        echo "$BENCH $PERF_DIR/ycsb_point_select.lua $o --recordcount=$RECORDS --threads=1 --events=$3 --time=0 run"
    else
        echo "$BENCH ycsb $o --workload=c --recordcount=$RECORDS --threads=1 --events=$3 --time=0 run"
    fi
}

# instr DRIVER WHAT EVENTS: total user instructions of one run, or NA.
instr()
{
    local o=$PERF_TMP/cg.$1.$2.$3
    # shellcheck disable=SC2046
    valgrind --tool=callgrind --callgrind-out-file="$o.cg" \
        $(cmd "$1" "$2" "$3") >"$o.out" 2>"$o.err"
    if ! grep -q "transactions: *$3 " "$o.out"; then
        echo "perf: $2 on $1 did not run $3 events (see $o.err)" >&2
        echo NA
        return
    fi
    awk '/^totals:/ { print $2 }' "$o.cg"
}

table_head "YCSB workload C read vs prepared point select, 1 thread"
for d in $DRIVERS; do
    db_prepare "$d"
    # shellcheck disable=SC2046
    "$BENCH" ycsb $(db_opts "$d") cleanup >/dev/null 2>&1
    # shellcheck disable=SC2046
    if ! "$BENCH" ycsb $(db_opts "$d") --recordcount="$RECORDS" prepare \
        >"$PERF_TMP/ycsb.prepare.$d" 2>&1; then
        echo "perf: ycsb prepare on $d failed:" >&2
        tail -n 3 "$PERF_TMP/ycsb.prepare.$d" >&2
        exit 2
    fi
    p=() q=() y=()
    for _ in $(seq "$CG_REPS"); do
        p+=("$(calc "($(instr "$d" point "$E2") - $(instr "$d" point "$E1")) / ($E2 - $E1)")")
        q+=("$(calc "($(instr "$d" same "$E2") - $(instr "$d" same "$E1")) / ($E2 - $E1)")")
        y+=("$(calc "($(instr "$d" ycsb "$E2") - $(instr "$d" ycsb "$E1")) / ($E2 - $E1)")")
    done
    pi=$(median "${p[@]}") qi=$(median "${q[@]}") yi=$(median "${y[@]}")
    r=$(ratio "$yi" "$qi")
    row "$d: instr/op, ycsb C" "$yi" - - - info
    row "$d: instr/query, usertable select" "$qi" - - - info
    row "$d: ycsb C / usertable select" "$r" - "$r" "<= $TARGET" "$(verdict "$r" "<=" $TARGET)"
    row "$d: instr/query, sbtest1 select c" "$pi" - - - info
    row "$d: ycsb C / sbtest1 select c" "$(ratio "$yi" "$pi")" - - - info
    # shellcheck disable=SC2046
    "$BENCH" ycsb $(db_opts "$d") cleanup >/dev/null 2>&1
done
note "callgrind, (I($E2) - I($E1)) / $((E2 - E1)) events, user space, median of $CG_REPS;"
note "ycsb: $RECORDS records of 10 fields x 100 bytes, zipfian keys; point select: $TABLE_SIZE rows."
exit $((FAILS > 0))
