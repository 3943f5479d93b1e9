#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_lifecycle.sh: teardown after thread_init failed on some workers and
# not others, on both live servers (issue 12). The reproduction: with only
# sbtest1 prepared, `bench oltp_point_select <opts> --tables=4 --threads=4
# --time=1 run` printed "FATAL: Thread initialization failed!" then
# "corrupted size vs. prev_size" (release, exit 134) or an ASan
# heap-use-after-free in stmt_close from lua_close <- script_free <-
# free_states: a failed prepare had emptied the connection's statement
# list, so the connection was freed before the statements that referenced
# it. Run in the ASan build (make check-db): any sanitizer report fails.
# The null driver's cases are tests/cli/lifecycle.t. Private database:
# bench_lifecycle.
set -u
. "$(dirname "$0")/lib.sh"
need_servers
DB=bench_lifecycle
LC="$TESTS_DB_DIR/lifecycle.lua"

clean() { # clean LABEL: no sanitizer report, no crash
    ! printf '%s\n' "$OUT" | grep -qE 'Sanitizer|runtime error|corrupted|double free'
    ok $? "$1: no sanitizer report" "$OUT"
}

# once LINE LABEL: LINE printed exactly once
once() {
    local n
    n=$(printf '%s\n' "$OUT" | grep -cxF -- "$1")
    [ "$n" = 1 ]
    ok $? "$2: printed once: $1" "$OUT"
}

# repro NAME CAUSE OPTS...: oltp_point_select with more --tables than
# prepared; CAUSE is a line of the server's error, printed once.
repro() {
    local name=$1 cause=$2 t
    shift 2
    run oltp_point_select "$@" --tables=4 cleanup
    run oltp_point_select "$@" --tables=1 --table_size=100 prepare
    status_is 0 "$name: prepare sbtest1 only"
    for t in 1 2 4 16; do
        run oltp_point_select "$@" --tables=4 --threads=$t --time=1 run
        status_is 1 "$name: --tables=4 --threads=$t"
        once "FATAL: Thread initialization failed!" "$name --threads=$t"
        once "$cause" "$name --threads=$t"
        clean "$name --threads=$t"
    done
    run oltp_point_select "$@" --tables=1 cleanup
}

# partial NAME OPTS...: lifecycle.lua, some workers failing.
partial() {
    local name=$1 t f how
    shift
    run "$LC" "$@" prepare
    status_is 0 "$name: lifecycle.lua prepare"
    for how in prepare error; do
        for f in first last odd all; do
            for t in 1 2 16; do
                [ $t = 1 ] && [ $f = odd ] && continue
                run "$LC" "$@" --how=$how --fail=$f --threads=$t --events=20 run
                status_is 1 "$name: --how=$how --fail=$f --threads=$t"
                once "FATAL: Thread initialization failed!" "$name $how $f $t"
                clean "$name $how $f $t"
            done
        done
    done
    run "$LC" "$@" --threads=16 --events=100 run
    status_is 0 "$name: no worker failing"
    has_re " +total number of events: +100" "$name: all events ran"
    clean "$name: no worker failing"
}

if [ -n "${BENCH_TEST_MYSQL:-}" ] || [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    createdb $DB
fi
if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    O=$(my_opts $DB)
    repro mysql "FATAL: MySQL error: 1146 \"Table '$DB.sbtest2' doesn't exist\"" $O
    partial mysql $O
    run "$LC" $O --how=prepare --fail=all --threads=16 --events=20 run
    once "FATAL: mysql_stmt_prepare() failed" "mysql: 16 workers, one cause"
    run "$LC" $O cleanup
else
    skip mysql "BENCH_TEST_MYSQL unset"
fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    O=$(pg_opts $DB)
    repro pgsql 'FATAL: PQprepare() failed: ERROR:  relation "sbtest2" does not exist' $O
    partial pgsql $O
    run "$LC" $O --how=prepare --fail=all --threads=16 --events=20 run
    once 'FATAL: PQprepare() failed: ERROR:  relation "lc_missing" does not exist' \
        "pgsql: 16 workers, one cause"
    run "$LC" $O cleanup
else
    skip pgsql "BENCH_TEST_PGSQL unset"
fi
finish
