#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_result_lifetime.sh: a result used after whatever ended it, on
# MariaDB (both ps modes), PostgreSQL and SQLite (issue 12): its connection
# collected (`rs = con:query(...); con = nil; collectgarbage();
# rs:fetch_row()` read freed memory), a later query or execute, its
# statement closed or collected, disconnect(), and everything dropped at
# once. result_lifetime.lua prints each case; run in the ASan build (make
# check-db), any sanitizer report fails. The null driver's run is in
# tests/cli/closed_objects.t. SQLite needs no server; without servers and
# without SQLite the test skips (77).
set -u
. "$(dirname "$0")/lib.sh"
RL="$TESTS_DB_DIR/result_lifetime.lua"
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-rl.XXXXXX")
trap 'rm -rf "$work"' EXIT

need_server_or_sqlite

# check LABEL OPTS...: every case of result_lifetime.lua as expected.
check() {
    local name=$1 line
    shift
    run "$@"
    status_is 0 "$name: result_lifetime.lua"
    while IFS= read -r line; do
        has "$line" "$name: $line"
    done <<'LINES'
ALERT: attempt to use a result set whose connection was freed
fetch_row after connection collected: error RL:22: SQL API error
nrows after connection collected: error RL:32: SQL API error
nfields after connection collected: error RL:33: SQL API error
free after connection collected: error RL:34: SQL API error
old result, memory reused: error RL:22: SQL API error
new result: ok 2
ALERT: attempt to use a result set replaced by a later query
query result after execute: error RL:22: SQL API error
execute result after query: error RL:49: SQL API error
current result: ok 4
ALERT: attempt to fetch row from an invalid result set
result after a query without rows: ok nil
result after free: ok nil
execute result after close: ok nil
execute result after statement collected: ok nil
execute result after connection collected: error RL:22: SQL API error
statement after connection collected: error SQL API error
fetch_row after disconnect: ok nil
fetch_row after disconnect and collection: error RL:22: SQL API error
execute result after another statement's execute: error RL:22: SQL API error
the other statement's result: ok 15
the first statement's result again: ok 14
done
LINES
    ! printf '%s\n' "$OUT" | grep -qE 'Sanitizer|runtime error|corrupted|double free|FATAL'
    ok $? "$name: no sanitizer report, no FATAL" "$OUT"
}

# The script runs as $work/RL, so positions read "RL:<line>".
cp "$RL" "$work/RL"
run() {
    OUT=$(cd "$work" && timeout 60 "$BENCH" "$@" RL prepare 2>&1)
    STATUS=$?
}

if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    check "mysql" $BENCH_TEST_MYSQL
    check "mysql ps-mode=disable" $BENCH_TEST_MYSQL --db-ps-mode=disable
else
    skip mysql "BENCH_TEST_MYSQL unset"
fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    check "pgsql" --db-driver=pgsql $BENCH_TEST_PGSQL
else
    skip pgsql "BENCH_TEST_PGSQL unset"
fi
if [ -n "$HAS_SQLITE" ]; then
    check "sqlite" --db-driver=sqlite --sqlite-db="$work/rl.sqlite"
else
    skip sqlite "built without the sqlite driver"
fi
finish
