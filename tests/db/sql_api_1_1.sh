#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# sql_api_1_1.sh: sysbench 1.1's SQL API behaviour under --compat=1.1
# (issue 14 item 9), as a transcript: the probe below prints what each call
# gives, and the whole output must equal the expected text, which follows
# sysbench 1.1's own transcripts (tests/t/api_sql_mysql.t and
# api_sql_pgsql.t of its master) and its sysbench.sql.lua: a failed
# prepare prints the server's FATAL lines, then "SQL API error"; execute()
# of an UPDATE returns a result object, whose free() ALERTs and raises
# "db_free_results() failed" (no position); free() of a real result
# returns true; bind_create() of an unsupported type raises the bare
# message under pcall; a query on a closed connection ALERTs and raises
# "SQL API error" naming the pcall's line; closing it again ALERTs and
# returns true. The 1.0 profile's lines are checked by test_sql_api.sh.
# Private database: bench_sqlapi11.
set -u
. "$(dirname "$0")/lib.sh"
need_servers
DB=bench_sqlapi11
WORK=$(mktemp -d "${TMPDIR:-/tmp}/bench-sql11.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

cat > "$WORK/probe.lua" <<'LUA'
function thread_init()
   drv = sysbench.sql.driver()
   con = drv:connect()
end
function event()
   local e, m
   con:query("DROP TABLE IF EXISTS t")
   con:query("CREATE TABLE t(a INT, b CHAR(10))")
   con:query("INSERT INTO t VALUES (1, 'x')")
   e, m = pcall(con.prepare, con, "SELECT * FROM nonexisting")
   print(m)
   local stmt = con:prepare("UPDATE t SET a = a + ?")
   local a = stmt:bind_create(sysbench.sql.type.INT)
   print(a)
   e, m = pcall(stmt.bind_create, stmt, sysbench.sql.type.DATE)
   print(m)
   stmt:bind_param(a)
   a:set(100)
   local rs = stmt:execute()
   print(rs, rs == nil, rs.nfields)
   print(pcall(rs.free, rs))
   stmt:close()
   rs = con:query("SELECT a FROM t")
   print(rs.nrows, unpack(rs:fetch_row()))
   print(rs:free())
   con:query("DROP TABLE t")
   con:disconnect()
   e, m = pcall(con.query, con, "SELECT 1")
   print(m)
   print(con:disconnect())
end
LUA

# probe LABEL OPTS EXPECTED: runs the probe with --compat=1.1 and compares.
probe() {
    local label=$1 opts=$2 expected=$3
    # shellcheck disable=SC2086 # option lists
    run --compat=1.1 --verbosity=1 --events=1 $opts "$WORK/probe.lua" run
    status_is 0 "$label: probe runs"
    [ "$OUT" = "$expected" ]
    ok $? "$label: sysbench 1.1's lines" "$(diff <(printf '%s\n' "$expected") \
        <(printf '%s\n' "$OUT"))"
}

# The line numbers are the probe's: the pcall of the query on the closed
# connection is on line 28.
TAIL="<sql_param>
Unsupported argument type: 8
<sql_result>	false	0
ALERT: attempt to free an invalid result set
false	db_free_results() failed
1	101
true	db_free_results() failed
ALERT: attempt to use an already closed connection
$WORK/probe.lua:28: SQL API error
ALERT: attempt to close an already closed connection
true"

if [ -n "${BENCH_TEST_MYSQL:-}" ] || [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    createdb $DB
fi
if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    O="--db-driver=mysql $(my_opts $DB)"
    probe "mysql ps-mode=auto" "$O" "FATAL: mysql_stmt_prepare() failed
FATAL: MySQL error: 1146 \"Table '$DB.nonexisting' doesn't exist\"
SQL API error
$TAIL"
    # Emulated statements are prepared by the client: no error yet.
    probe "mysql ps-mode=disable" "$O --db-ps-mode=disable" "<sql_statement>
$TAIL"
else
    skip mysql "BENCH_TEST_MYSQL unset"
fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    probe "pgsql" "$(pg_opts $DB)" "FATAL: PQprepare() failed: ERROR:  relation \"nonexisting\" does not exist
LINE 1: SELECT * FROM nonexisting
                      ^

SQL API error
$TAIL"
else
    skip pgsql "BENCH_TEST_PGSQL unset"
fi
finish
