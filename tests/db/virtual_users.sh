#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# virtual_users.sh (make check-db): --virtual-users against the live
# servers (issue 19). For each driver, in a database of its own:
#  - oltp_point_select, oltp_read_only and oltp_read_write with
#    --threads=2 --virtual-users=200 issue the statements per event that
#    thread mode issues (14 reads, 4 writes, 2 others per read_write
#    event; an UPDATE that matches no row counts as other, and an attempt
#    restarted by an ignored error, e.g. a deadlock between two of the 200
#    users, adds at most one event's statements);
#  - every user holds its own connection (the server sees 200);
#  - a query's kind label ({kind = ...}) counts in its kind;
#  - --rate=2000 with 500 users delivers 2,000 events/s, never more than
#    1% over (250 users on PostgreSQL, whose test server allows 300
#    connections); under it is a loaded machine's backlog, not a defect,
#    so the lower bound is only half the schedule.
# 100000 rows keep the 200 users' deadlocks rare (PostgreSQL detects
# each after deadlock_timeout, 1 s, in either mode).
# TAP output. $BENCH: the bench under test.
set -u
. "$(dirname "$0")/lib.sh"
DB=bench_vu
SQL_LUA=$TESTS_DB_DIR/sql.lua
export BENCH_COMPAT=

need_servers
createdb $DB

# field NAME: the number after "NAME:" in the last run's report.
field() {
    printf '%s\n' "$OUT" | sed -n "s/^ *$1: *\([0-9]*\).*/\1/p" | head -n 1
}

# counts LABEL EVENTS READS WRITES+OTHER: the last run's statements are
# EVENTS events' worth, plus at most one event's per ignored error.
counts() {
    local label=$1 e=$2 rd=$3 wo=$4 r w o ign
    r=$(field read) w=$(field write) o=$(field other)
    ign=$(field "ignored errors")
    [ "$(field transactions)" = "$e" ] && [ "$r" -ge $((rd * e)) ] &&
        [ "$r" -le $((rd * (e + ign))) ] &&
        [ $((w + o)) -ge $((wo * e)) ] && [ $((w + o)) -le $((wo * (e + ign))) ]
    ok $? "$label: $rd reads and $wo writes+others per event ($ign restarts)" \
        "$OUT"
}

one_driver() {
    local drv=$1 C O users=500
    if [ "$drv" = mysql ]; then
        C="--db-driver=mysql $(my_opts $DB)"
    else
        C=$(pg_opts $DB)
        users=250
    fi
    O="$C --tables=1 --table-size=100000"
    run oltp_read_write $O cleanup
    run oltp_read_write $O prepare
    status_is 0 "$drv: prepare 100000 rows"
    for mode in "--threads=2" "--threads=2 --virtual-users=200"; do
        # shellcheck disable=SC2086
        run oltp_point_select $O $mode --events=4000 --time=0 run
        status_is 0 "$drv: oltp_point_select $mode"
        counts "$drv: oltp_point_select $mode" 4000 1 0
        # shellcheck disable=SC2086
        run oltp_read_only $O $mode --events=1000 --time=0 run
        status_is 0 "$drv: oltp_read_only $mode"
        counts "$drv: oltp_read_only $mode" 1000 14 2
        # shellcheck disable=SC2086
        run oltp_read_write $O $mode --events=500 --time=0 run
        status_is 0 "$drv: oltp_read_write $mode"
        counts "$drv: oltp_read_write $mode" 500 14 6
    done

    # Each user's connection is its own: the server counts them.
    cat >"$TMP/conns.lua" <<'LUA'
function thread_init()
   con = sysbench.sql.driver():connect()
end
function event()
   local n = sysbench.opt.count_sql
   if sysbench.tid == 0 and not done then
      done = true
      print("connections: " .. con:query_row(n))
   end
end
sysbench.cmdline.options = { count_sql = { "", "" } }
LUA
    local q
    if [ "$drv" = mysql ]; then
        q="SELECT COUNT(*) FROM information_schema.processlist WHERE db = '$DB'"
    else
        # client backends only: an autovacuum worker has a datname too
        q="SELECT COUNT(*) FROM pg_stat_activity WHERE datname = '$DB' AND backend_type = 'client backend'"
    fi
    # shellcheck disable=SC2086
    run "$TMP/conns.lua" $C --count_sql="$q" --threads=2 --virtual-users=200 \
        --think-time=200 --time=2 run
    has "connections: 200" "$drv: 200 users hold 200 connections"

    # A query's kind label counts on the non-blocking path too.
    cat >"$TMP/kinds.lua" <<'LUA'
function thread_init() con = sysbench.sql.driver():connect() end
function event()
   con:query("SELECT 1", {kind = "lookup"})
   con:query("SELECT 2")
end
LUA
    # shellcheck disable=SC2086
    run "$TMP/kinds.lua" $C --threads=2 --virtual-users=20 --events=400 \
        --time=0 --extended-report=on run
    printf '%s\n' "$OUT" | grep -qE '^ +lookup +400 +0 ' &&
        printf '%s\n' "$OUT" | grep -qE '^ +select +400 +0 '
    ok $? "$drv: a kind label counts under --virtual-users" "$OUT"

    # shellcheck disable=SC2086
    run oltp_point_select $O --threads=2 --virtual-users=$users --rate=2000 \
        --time=5 run
    local e
    e=$(field "total number of events")
    [ "${e:-0}" -ge 5000 ] && [ "${e:-0}" -le 10100 ]
    ok $? "$drv: --rate=2000 with $users users: $e events in 5 s (10000, at most 1% over)" \
        "$OUT"
}

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
[ -n "${BENCH_TEST_PGSQL:-}" ] && one_driver pgsql
[ -n "${BENCH_TEST_MYSQL:-}" ] && one_driver mysql
finish
