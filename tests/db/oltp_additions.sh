#!/bin/bash
# SPDX-License-Identifier: MIT
# oltp_additions.sh (make check-db): bench's additions to the OLTP scripts
# (docs/oltp-additions.md) on each live server (BENCH_TEST_MYSQL,
# BENCH_TEST_PGSQL as exported by `tests/db/servers.sh env`; a driver whose
# variable is unset is skipped), in a database of its own (bench_oltpx):
#  - --use_file/--filename: c and pad from the lines of a file and of a
#    named pipe, from the start again at the end, quotes kept;
#  - --secondary_ranges: the query counts per event and the statement
#    texts as the server logs them (MariaDB general log; PostgreSQL
#    log_statement, set as superuser, so only when run as root);
#    select_random_ranges' three forms;
#  - --start_id: two processes fill one table at the same time.
# TAP output. $BENCH: the bench under test (default ./bench).
. "$(dirname "$0")/lib.sh"
need_servers
DB=bench_oltpx
SQL_LUA=$TESTS_DB_DIR/sql.lua
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-oltpx.XXXXXX")
export BENCH_COMPAT= # the 1.0 profile
my_prev=

# sql DRIVER_OPTS STATEMENTS: result rows, tab-separated.
sql() {
    # shellcheck disable=SC2086
    BENCH_SQL=$2 "$BENCH" $1 "$SQL_LUA" sql | tail -n +3
}

log_restore() {
    [ -n "$my_prev" ] || return 0
    local on out
    on=$(echo "$my_prev" | cut -f1) out=$(echo "$my_prev" | cut -f2)
    case $on in 1) ;; *) on=0 ;; esac
    case $out in *[!A-Z,]* | "") out=FILE ;; esac
    sql "$MY" "SET GLOBAL general_log = $on
SET GLOBAL log_output = '$out'" >/dev/null
    my_prev=
}
trap 'log_restore; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# counts: "read write other transactions" of the last run's report.
counts() {
    printf '%s\n' "$OUT" | awk '$1 == "read:" || $1 == "write:" ||
        $1 == "other:" || $1 == "transactions:" { printf "%s ", $2 }' |
        sed 's/ $//'
}

# rows OPTS: "id<TAB>k<TAB>c<TAB>pad" of sbtest1 by id, CHAR padding gone.
rows() {
    sql "$1" "SELECT id, k, c, pad FROM sbtest1 ORDER BY id" |
        sed -E 's/ +(\t|$)/\1/g'
}

# Statement logs: log_begin D, then log_end D prints what the server
# logged for the statements since (MariaDB: Prepare and Query texts;
# PostgreSQL: the log file's new lines). log_ok D tells whether D can.
pg_log=${BENCH_DB_DIR:-/tmp/bench-db}/pg.log
log_ok() {
    [ "$1" = mysql ] && return 0
    [ "$(id -u)" = 0 ] && [ -r "$pg_log" ] &&
        su postgres -c "psql -h '${BENCH_DB_DIR:-/tmp/bench-db}/pgsock' -p $PG_PORT -qAt -d $DB -c \"ALTER DATABASE $DB SET log_statement = 'all'\"" >/dev/null 2>&1
}
log_begin() {
    if [ "$1" = mysql ]; then
        my_prev=$(sql "$MY" "SELECT @@global.general_log, @@global.log_output, NOW(6)")
        my_t0=$(echo "$my_prev" | cut -f3)
        sql "$MY" "SET GLOBAL log_output = 'TABLE'
SET GLOBAL general_log = ON" >/dev/null
    else
        pg_off=$(stat -c %s "$pg_log")
    fi
}
log_end() {
    if [ "$1" = mysql ]; then
        local was_on
        was_on=$(echo "$my_prev" | cut -f1)
        log_restore
        sql "$MY" "SELECT argument FROM mysql.general_log WHERE event_time >= '$my_t0' AND command_type IN ('Prepare', 'Query') AND argument LIKE '%sbtest1%'"
        [ "$was_on" = 1 ] || sql "$MY" "TRUNCATE TABLE mysql.general_log" >/dev/null
    else
        tail -c +$((pg_off + 1)) "$pg_log"
    fi
}

check_driver() { # check_driver NAME OPTS
    local d=$1 o=$2 q f
    local oo="$o --tables=1 --table_size=1000 --threads=1"

    # -- --use_file ------------------------------------------------------
    printf '%s\n' "first line, with 'quotes' and a \\ backslash" \
        "second line" \
        "$(printf 'x%.0s' $(seq 1 130))" >"$work/lines"
    run oltp_read_write $o cleanup
    run oltp_read_write $o --table_size=4 --use_file=on --filename="$work/lines" prepare
    status_is 0 "$d: prepare --use_file=on"
    x120=$(printf 'x%.0s' $(seq 1 120))
    want=$(printf '%s\t%s\n' \
        "first line, with 'quotes' and a \\ backslash" "second line" \
        "$x120" "first line, with 'quotes' and a \\ backslash" \
        "second line" "$(printf 'x%.0s' $(seq 1 60))" \
        "first line, with 'quotes' and a \\ backslash" "second line")
    got=$(rows "$o" | cut -f3,4)
    [ "$got" = "$want" ]
    ok $? "$d: --use_file: c and pad are the file's lines in turn, cut to 120/60, from the start again" \
        "got:
$got"
    got=$(rows "$o" | cut -f1 | tr '\n' ' ')
    [ "$got" = "1 2 3 4 " ]
    ok $? "$d: --use_file: ids 1..4" "$got"

    run oltp_read_write $o cleanup
    rm -f "$work/fifo" && mkfifo "$work/fifo"
    printf '%s\n' "pipe one" "pipe two" "pipe three" >"$work/fifo" &
    run oltp_read_write $o --table_size=3 --use_file=on --filename="$work/fifo" prepare
    status_is 0 "$d: prepare --use_file=on from a named pipe"
    got=$(rows "$o" | cut -f3,4 | tr '\t\n' '|;')
    [ "$got" = "pipe one|pipe two;pipe three|pipe one;pipe two|pipe three;" ]
    ok $? "$d: --use_file: a pipe's lines, then the same again from memory" "$got"
    wait

    run oltp_read_write $o cleanup
    # A writer waits at the pipe; the threads look before they open it
    # (one would take the writer and leave the other's open blocked: the
    # run hung until run's timeout, status 124, when that one came second).
    printf '%s\n' "a" "b" >"$work/fifo" &
    writer=$!
    run oltp_read_write $o --tables=2 --threads=2 --table_size=3 --use_file=on --filename="$work/fifo" prepare
    status_is 1 "$d: a pipe with --threads=2 fails"
    has_re ".*--filename=.*fifo is not a regular file \(a pipe\?\): .* prepare with --threads=1"
    kill "$writer" 2>/dev/null
    wait "$writer"
    run oltp_read_write $o --table_size=3 --use_file=on prepare
    [ "$STATUS" != 0 ]
    ok $? "$d: --use_file without --filename fails" "$OUT"
    has_re ".*--use_file=on needs --filename=PATH"
    run oltp_read_write $o --table_size=3 --use_file=on --filename="$work/none" prepare
    has_re ".*--filename: cannot open .*none: No such file or directory"
    run oltp_read_write $o --tables=2 cleanup

    # -- --secondary_ranges ----------------------------------------------
    run oltp_read_write $oo prepare
    status_is 0 "$d: prepare 1000 rows"
    logged=0
    if log_ok "$d"; then logged=1 && log_begin "$d"; fi
    run oltp_read_write $oo --secondary_ranges=2 --events=100 --time=0 run
    [ "$(counts)" = "1600 400 200 100" ]
    ok $? "$d: oltp_read_write --secondary_ranges=2: 16 reads, 4 writes, 2 others per event" "$(counts)"
    run oltp_read_only $oo --secondary_ranges=3 --events=100 --time=0 run
    [ "$(counts)" = "1700 0 200 100" ]
    ok $? "$d: oltp_read_only --secondary_ranges=3: 17 reads, 2 others per event" "$(counts)"
    run oltp_read_write $oo --secondary_ranges=2 --range_selects=off --events=10 --time=0 run
    [ "$(counts)" = "100 40 20 10" ]
    ok $? "$d: --range_selects=off turns them off too" "$(counts)"
    for f in 1 2 3; do
        run select_random_ranges $oo --secondary_ranges=$f --events=10 --time=0 run
        [ "$(counts)" = "10 0 0 10" ]
        ok $? "$d: select_random_ranges --secondary_ranges=$f: one read per event" "$OUT"
    done
    if [ $logged = 1 ]; then
        log_end "$d" >"$work/log"
        if [ "$d" = mysql ]; then q='?'; else q='$1'; fi
        grep -qF "SELECT length(c) FROM sbtest1 WHERE k >= $q LIMIT 100" "$work/log"
        ok $? "$d: the server logs SELECT length(c) FROM sbtest1 WHERE k >= $q LIMIT 100" "$(head -20 "$work/log")"
        ! grep -q "SELECT count(k)" "$work/log"
        ok $? "$d: select_random_ranges: no count(k) with --secondary_ranges"
        for f in "SELECT sum(length(c))" \
            "id IN (SELECT id FROM sbtest1 WHERE k BETWEEN $q AND" \
            "SELECT length(c)" "LIMIT 100"; do
            grep -qF "$f" "$work/log"
            ok $? "$d: select_random_ranges: the server logs '$f'"
        done
    else
        skip "$d: statement texts" "PostgreSQL's log needs root (su postgres)"
    fi
    run select_random_ranges $oo --secondary_ranges=4 --events=1 --time=0 run
    [ "$STATUS" != 0 ]
    ok $? "$d: select_random_ranges --secondary_ranges=4 fails" "$OUT"
    has_re ".*select_random_ranges: --secondary_ranges must be 0, 1, 2 or 3, not 4"
    run oltp_read_write $oo cleanup

    # -- --start_id ------------------------------------------------------
    run oltp_read_write $o --table_size=0 prepare
    status_is 0 "$d: prepare --table_size=0: the table and its index, empty"
    # shellcheck disable=SC2086
    "$BENCH" oltp_read_write $oo --range_size=600 --start_id=1 prepare >"$work/p1" 2>&1 &
    # shellcheck disable=SC2086
    "$BENCH" oltp_read_write $oo --range_size=400 --start_id=601 prepare >"$work/p2" 2>&1
    s2=$?
    wait $!
    s1=$?
    [ $s1 = 0 ] && [ $s2 = 0 ]
    ok $? "$d: two prepare --start_id processes at once" "$(cat "$work/p1" "$work/p2")"
    grep -qx "Inserting 400 records into 'sbtest1' from id 601" "$work/p2"
    ok $? "$d: --start_id: progress line names the first id" "$(cat "$work/p2")"
    got=$(sql "$o" "SELECT count(*), count(DISTINCT id), min(id), max(id), CASE WHEN min(k) >= 1 AND max(k) <= 1000 THEN 1 ELSE 0 END FROM sbtest1")
    [ "$got" = "$(printf '1000\t1000\t1\t1000\t1')" ]
    ok $? "$d: --start_id: rows 1..1000 once each, k in 1..table_size" "$got"
    run oltp_insert $oo --events=20 --time=0 run
    [ "$(counts)" = "0 20 0 20" ]
    ok $? "$d: oltp_insert after split loading: new ids do not collide" "$OUT"
    run oltp_read_write $oo --start_id=-5 prepare
    has_re ".*--start_id must be a positive integer.*"
    run oltp_read_write $oo cleanup
}

if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    MY="--db-driver=mysql $(my_opts $DB)"
    run "$SQL_API" $BENCH_TEST_MYSQL --newdb=$DB createdb
    status_is 0 "mysql: create database $DB"
    check_driver mysql "$MY"
else
    echo "# SKIP mysql: BENCH_TEST_MYSQL is not set (tests/db/servers.sh env)"
fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    PG_PORT=$(echo "$BENCH_TEST_PGSQL" | sed -nE 's/.*--pgsql-port=([0-9]+).*/\1/p')
    run "$SQL_API" --db-driver=pgsql $BENCH_TEST_PGSQL --newdb=$DB createdb
    status_is 0 "pgsql: create database $DB"
    check_driver pgsql "$(pg_opts $DB)"
else
    echo "# SKIP pgsql: BENCH_TEST_PGSQL is not set (tests/db/servers.sh env)"
fi
finish
