#!/bin/bash
# SPDX-License-Identifier: MIT
# oltp_threads.sh (make check-db): `oltp_read_write --tables=4
# --threads=1024` runs against a MariaDB with the default
# max_prepared_stmt_count (16382), where sysbench 1.0.20 fails: it
# prepares 38 statements per connection, 38912 in all. bench prepares on
# the server until it refuses, then emulates prepared statements on the
# connections that remain, with one warning (issue 6, "Done when"). Kept
# cheap: 4 x 10000 rows, 1024 events (one per thread). The server must
# allow 1024 more connections (tests/db/servers.sh sets max_connections
# to 1500); if it does not, the test says so and skips. Database
# bench_oltp1024 of its own. sysbench, when installed, is run beside it
# and must fail as documented. TAP output. $BENCH: the bench under test.
. "$(dirname "$0")/lib.sh"
DB=bench_oltp1024
SQL_LUA=$TESTS_DB_DIR/sql.lua
export BENCH_COMPAT=

need_servers mysql
run "$SQL_API" $BENCH_TEST_MYSQL --newdb=$DB createdb
status_is 0 "mysql: create database $DB"
O="--db-driver=mysql $(my_opts $DB) --tables=4 --table_size=10000"

# shellcheck disable=SC2086
limits=$(BENCH_SQL="SELECT @@max_connections, @@max_prepared_stmt_count" \
    "$BENCH" $O "$SQL_LUA" sql | tail -n 1)
max_conn=$(echo "$limits" | cut -f1)
echo "# server: max_connections, max_prepared_stmt_count: $limits"
if [ "${max_conn:-0}" -lt 1100 ]; then
    skip "1024 threads" "the server allows only ${max_conn:-?} connections (tests/db/servers.sh sets 1500)"
    finish
    exit
fi
[ "$(echo "$limits" | cut -f2)" = 16382 ]
ok $? "the server has the default max_prepared_stmt_count (16382)" "$limits"

run oltp_read_write $O cleanup
run oltp_read_write $O --threads=4 prepare
status_is 0 "prepare 4 x 10000 rows"

run oltp_read_write $O --threads=1024 --events=1024 --time=0 run
status_is 0 "oltp_read_write --tables=4 --threads=1024 --events=1024 run"
has_re "    transactions: +1024 +\(.*" "all 1024 transactions done"
has "WARNING: mysql: the server refuses more prepared statements (1461: Can't create more than max_prepared_stmt_count statements (current value: 16382)); emulating them on such connections" \
    "one warning names the limit and the fallback"
n=$(printf '%s\n' "$OUT" | grep -c "refuses more prepared statements")
[ "$n" = 1 ]
ok $? "the warning is printed once, not per connection" "$n warnings"
lacks "FATAL" "no FATAL line"
echo "# bench: $SECS s wall"

if command -v sysbench >/dev/null 2>&1; then
    # From /: sysbench's package.path starts with ./src/lua/?.lua, and in a
    # source tree that would be bench's oltp_common.lua.
    # shellcheck disable=SC2086
    sb=$(cd / && timeout 120 sysbench oltp_read_write $O --threads=1024 --events=1024 --time=0 run 2>&1)
    printf '%s\n' "$sb" | grep -q "FATAL: MySQL error: 1461 \"Can't create more than max_prepared_stmt_count"
    ok $? "sysbench 1.0.20 fails there with error 1461 (reference)" "$(printf '%s\n' "$sb" | tail -5)"
else
    skip "sysbench beside it" "sysbench is not installed"
fi
run oltp_read_write $O cleanup
status_is 0 "cleanup"
finish
