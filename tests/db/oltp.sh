#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# oltp.sh: the bundled OLTP scripts against the live servers of servers.sh
# (TAP). For MariaDB and PostgreSQL, in a database of its own (bench_oltp_PID,
# dropped at the end):
#  - every script's prepare, run --events=100 and cleanup, with the
#    read/write/other/transaction counts of sysbench 1.0.20;
#  - the tables prepare creates (SHOW CREATE TABLE; PostgreSQL catalog);
#  - the progress lines of prepare, prewarm and cleanup;
#  - the statements as the server logs them (MariaDB general log,
#    PostgreSQL log_statement=all) in order, with random values and the
#    randomly chosen table numbers of run-time statements masked;
#  - a parallel prepare; --reconnect=10; a run whose connections are
#    killed (OLTP-3, 9, 10);
#  - the two command lines of issue 6, verbatim but for the server options.
# OLTP_QUICK=1 runs only the last two groups.
# Expected results are in tests/db/oltp/, produced by sysbench 1.0.20 with
# the same commands:
#    OLTP_REGEN=1 BENCH=./bench OLTP_TOOL=/usr/bin/sysbench tests/db/oltp.sh
# Environment: BENCH (default ./bench), BENCH_TEST_MYSQL / BENCH_TEST_PGSQL
# and BENCH_DB_DIR (eval "$(tests/db/servers.sh env)"). The PostgreSQL log
# needs root (ALTER DATABASE ... SET log_statement): skipped otherwise.
# The MariaDB general log is global: it is on only while one case runs.
set -u
here=$(cd "$(dirname "$0")" && pwd)
BENCH=${BENCH:-./bench}
TOOL=${OLTP_TOOL:-$BENCH}
REGEN=${OLTP_REGEN:-}
expected=$here/oltp
# A database per run: copies of this file in several trees may run at once.
DB=bench_oltp_$$
drivers=
SQL_LUA=$here/sql.lua
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-oltp.XXXXXX")
export BENCH_COMPAT= # the 1.0 profile, whatever the caller's setting

# shellcheck source=tests/db/lib.sh
. "$here/lib.sh"
need_servers

# Compares text file $1 with expected file $2 (or writes it when
# regenerating); a failure shows the difference as TAP comments.
same() { # same ACTUAL EXPECTED DESCRIPTION
    if [ -n "$REGEN" ]; then
        cp "$1" "$2"
        ok 0 "$3 (regenerated)"
        return
    fi
    if diff -u "$2" "$1" >"$work/diff"; then
        ok 0 "$3"
    else
        ok 1 "$3"
        head -40 "$work/diff" | sed 's/^/# /'
    fi
}

# -- Server access -------------------------------------------------------

# Options of driver $1: the test servers' (database sbtest), or with $2 the
# database of this test.
opts() { # opts mysql|pgsql [DB]
    local o
    if [ "$1" = mysql ]; then
        o="--db-driver=mysql $BENCH_TEST_MYSQL"
    else
        o="--db-driver=pgsql $BENCH_TEST_PGSQL"
    fi
    if [ $# -gt 1 ]; then
        o=$(echo "$o" | sed -E "s/--(mysql|pgsql)-db=[^ ]*/--\1-db=$2/")
    fi
    echo "$o"
}

# Runs the statements (lines of $2) with driver $1 in database sbtest, or
# in $3; prints the result rows.
sql() { # sql DRIVER STATEMENTS [DB]
    # shellcheck disable=SC2046 # option words
    BENCH_SQL=$2 "$BENCH" $(opts "$1" ${3:+"$3"}) "$SQL_LUA" sql | tail -n +3
}

ensure_db() {
    if [ "$1" = mysql ]; then
        sql mysql "CREATE DATABASE IF NOT EXISTS $DB" >/dev/null
    elif [ "$(sql pgsql "SELECT count(*) FROM pg_database WHERE datname = '$DB'")" = 0 ]; then
        sql pgsql "CREATE DATABASE $DB" >/dev/null
    fi
}

# The workload tool with the test database: tool DRIVER ARGS...
tool() {
    local d=$1
    shift
    # shellcheck disable=SC2046
    "$TOOL" $(opts "$d" $DB) "$@"
}

# -- Statement logs --------------------------------------------------------

# shellcheck source=tests/db/statement_log.sh
. "$here/statement_log.sh"
stmt_log_mysql() { sql mysql "$1"; }
STMT_LOG_PG_PORT=$(echo "${BENCH_TEST_PGSQL:-}" | sed -nE 's/.*--pgsql-port=([0-9]+).*/\1/p')

cleanup_all() {
    [ -n "${stmt_log_driver:-}" ] && stmt_log_end "$stmt_log_driver" "$DB" >/dev/null
    for d in $drivers; do
        sql "$d" "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1
    done
    [ -n "${BENCH_TEST_MYSQL:-}" ] && sql mysql "DROP DATABASE IF EXISTS ${DB}_6" >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup_all EXIT
trap 'exit 130' INT TERM

log_begin() { # log_begin DRIVER
    stmt_log_begin "$1" "$DB" && stmt_log_driver=$1
}

# Prints what the server logged since log_begin for sessions in $DB, one
# statement per entry, values masked.
log_end() { # log_end DRIVER
    stmt_log_end "$1" "$DB" | if [ "$1" = mysql ]; then mask_mysql; else mask_pgsql; fi
    stmt_log_driver=
}

# Random values vary between runs and tools: quoted strings become 'S' and
# numbers N in statements carrying data (executed prepared statements,
# INSERTs); DDL and prepared texts stay exact. Connect lines name the
# transport (TLS or not), which is the driver's business, not the script's.
mask_mysql() {
    awk '
        /^(Connect|Query|Prepare|Execute|Close stmt|Quit|Init DB|Field List)\t/ {
            data = $0 ~ /^(Execute\t|Query\tINSERT)/
            if ($0 ~ /^Connect\t/) { data = -1; next }
        }
        data == -1 { next }
        data { gsub(/\047[^\047]*\047/, "\047S\047"); gsub(/-?[0-9]+/, "N") }
        { print }'
}

# PostgreSQL: without timestamp, pid and the statement name. bench
# DEALLOCATEs a statement it closes, sysbench never does
# (docs/compatibility.md): those lines are dropped.
mask_pgsql() {
    sed -E 's/^[0-9-]+ [0-9:.]+ [A-Z]+ \[[0-9]+\] //' |
        grep -v '^LOG:  statement: DEALLOCATE ' |
        sed -E "s/^LOG:  execute [^:]*:/LOG:  execute:/
/^(LOG:  execute|DETAIL|LOG:  statement: INSERT)/{s/'[^']*'/'S'/g; s/-?[0-9]+/N/g}"
}

# One case: the commands run one after the other in $DB, logged. The case
# name names the expected file.
log_case() { # log_case DRIVER NAME SCRIPT "OPTIONS" COMMAND...
    local d=$1 name=$2 script=$3 o=$4 rc=0
    shift 4
    if ! log_begin "$d"; then
        skip "$d $name: no statement log (PostgreSQL's needs root)"
        return
    fi
    : >"$work/progress"
    # bench's prepare loads by COPY / LOAD DATA unless asked for
    # sysbench's INSERTs (tests/db/bulk_load.sh checks the rows agree).
    [ "$TOOL" = "$BENCH" ] && o="$o --bulk_load=insert"
    for cmd in "$@"; do
        # shellcheck disable=SC2086
        tool "$d" "$script" $o --threads=1 "$cmd" >"$work/out" 2>&1 || rc=1
        # The progress lines of the commands, without the product line.
        [ "$cmd" = run ] || tail -n +2 "$work/out" >>"$work/progress"
    done
    log_end "$d" >"$work/log"
    ok $rc "$d $name: ${*} succeed"
    [ $rc -eq 0 ] || sed 's/^/# /' "$work/out" | tail -5
    same "$work/log" "$expected/$d.$name.log" "$d $name: the server logs sysbench's statements"
    same "$work/progress" "$expected/$d.$name.out" "$d $name: sysbench's progress lines"
}

# -- Checks ----------------------------------------------------------------

# read/write/other/transactions of a run report.
counts() {
    awk '$1 == "read:" || $1 == "write:" || $1 == "other:" ||
         $1 == "transactions:" { printf "%s %s ", $1, $2 } END { print "" }'
}

SCRIPTS="oltp_read_write oltp_read_only oltp_write_only oltp_point_select
oltp_update_index oltp_update_non_index oltp_delete oltp_insert
select_random_points select_random_ranges bulk_insert"

check_counts() { # check_counts DRIVER
    local d=$1 s rc
    : >"$work/counts"
    for s in $SCRIPTS; do
        rc=0
        tool "$d" "$s" --table_size=1000 prepare >"$work/out" 2>&1 || rc=1
        tool "$d" "$s" --table_size=1000 --events=100 run >"$work/run" 2>&1 || rc=1
        tool "$d" "$s" cleanup >>"$work/out" 2>&1 || rc=1
        ok $rc "$d $s: prepare, run --events=100 and cleanup succeed"
        [ $rc -eq 0 ] || tail -n 5 "$work/out" "$work/run" | sed 's/^/# /'
        if [ "$s" = oltp_delete ]; then
            # Deleting a missing row counts as "other": only the sum is fixed.
            counts <"$work/run" |
                awk '{ print "write+other:", $4 + $6, $7, $8 }' >>"$work/counts"
        else
            echo "$s $(counts <"$work/run")" >>"$work/counts"
        fi
    done
    same "$work/counts" "$expected/$d.counts" "$d: each script's counts for --events=100 are sysbench's"
}

check_schema() { # check_schema DRIVER
    local d=$1 variant q variants=
    # PostgreSQL rejects --secondary's DDL, as with sysbench (OLTP-11).
    [ "$d" = mysql ] && variants="--secondary=on --mysql_storage_engine=MyISAM"
    : >"$work/schema"
    for variant in "" "--auto_inc=off --create_secondary=off" ${variants:+"$variants"}; do
        # shellcheck disable=SC2086
        tool "$d" oltp_common --table_size=10 $variant prepare >/dev/null 2>&1
        echo "== options: ${variant:-defaults}" >>"$work/schema"
        if [ "$d" = mysql ]; then
            q="SHOW CREATE TABLE sbtest1"
        else
            q="SELECT column_name, data_type, character_maximum_length, column_default, is_nullable FROM information_schema.columns WHERE table_name = 'sbtest1' ORDER BY ordinal_position
SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'sbtest1' ORDER BY indexname"
        fi
        sql "$d" "$q" $DB >>"$work/schema"
        tool "$d" oltp_common cleanup >/dev/null 2>&1
    done
    same "$work/schema" "$expected/$d.schema" "$d: prepare creates sysbench's tables"
}

check_logs() { # check_logs DRIVER
    local d=$1 s cmds="prepare run cleanup"
    [ "$d" = mysql ] && cmds="prepare prewarm run cleanup"
    # shellcheck disable=SC2086
    log_case "$d" read_write oltp_read_write "--tables=2 --table_size=10 --events=2" $cmds
    log_case "$d" read_write_options oltp_read_write \
        "--table_size=10 --events=2 --auto_inc=off --create_secondary=off --skip_trx=on --range_selects=off --point_selects=2 --delete_inserts=2" \
        prepare run cleanup
    for s in $SCRIPTS; do
        [ "$s" = oltp_read_write ] && continue
        log_case "$d" "${s#oltp_}" "$s" "--table_size=10 --events=3" prepare run cleanup
    done
    log_case "$d" insert_no_auto_inc oltp_insert "--table_size=10 --events=3 --auto_inc=off" \
        prepare run cleanup
}

# The command lines quoted in issue 6, as written but for the server
# options. The MEMORY tables need more than MariaDB's default 16 MiB heap
# table size, as on the servers the command line was written for.
check_issue_commands() {
    local rc=0 heap
    heap=$(sql mysql "SELECT @@global.max_heap_table_size")
    sql mysql "SET GLOBAL max_heap_table_size = 64 * 1024 * 1024" >/dev/null
    # shellcheck disable=SC2046
    "$BENCH" $(opts mysql $DB) oltp_common --mysql_storage_engine=MEMORY --tables=10 --table_size=100000 prepare >"$work/out" 2>&1 || rc=1
    sql mysql "SET GLOBAL max_heap_table_size = $heap" >/dev/null
    ok $rc "issue 6 command 1: oltp_common MEMORY prepare of 10 x 100000 rows"
    [ $rc -eq 0 ] || tail -n 3 "$work/out" | cut -c1-300 | sed 's/^/# /'
    sql mysql "SELECT ENGINE, TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$DB' AND TABLE_NAME = 'sbtest10'" >"$work/t"
    [ "$(cat "$work/t")" = "$(printf 'MEMORY\t100000')" ]
    ok $? "issue 6 command 1: sbtest10 is a MEMORY table of 100000 rows"
    tool mysql oltp_common --tables=10 cleanup >/dev/null 2>&1

    rc=0
    tool mysql oltp_read_write prepare >"$work/prep" 2>&1 || rc=1
    # shellcheck disable=SC2046
    "$BENCH" $(opts mysql $DB) oltp_read_write --db-driver=mysql --threads=64 --max-requests=0 --time=5 --skip-trx=on --db-ps-mode=disable --mysql-ignore-errors=all --delete_inserts=100 --range_size=100 --rate=20 --report-interval=1 run >"$work/out" 2>&1 || rc=$((rc + 2))
    tool mysql oltp_read_write cleanup >>"$work/prep" 2>&1 || rc=$((rc + 4))
    ok $rc "issue 6 command 2: oltp_read_write with 64 threads, --rate=20, no PS"
    [ $rc -eq 0 ] || { echo "# status $rc (1 prepare, 2 run, 4 cleanup)"; grep -v '^ ' "$work/prep" "$work/out" | tail -n 12 | sed 's/^/# /'; }
    grep -q '^\[ [0-9]*s \] thds: 64 tps: ' "$work/out" &&
        grep -Eq '^    transactions: +[0-9]' "$work/out"
    ok $? "issue 6 command 2: intermediate and final reports"
}

# --reconnect=N: every N events a new connection, counted (OLTP-10).
check_reconnect() { # check_reconnect DRIVER
    local d=$1
    tool "$d" oltp_point_select --table_size=100 prepare >/dev/null 2>&1
    tool "$d" oltp_point_select --table_size=100 --events=100 --reconnect=10 run >"$work/out" 2>&1
    ok $? "$d --reconnect=10: the run succeeds"
    grep -Eq '^    reconnects: +10 ' "$work/out"
    ok $? "$d --reconnect=10: 100 events make 10 reconnects"
    tool "$d" oltp_point_select cleanup >/dev/null 2>&1
}

# prepare with --threads=2: worker t creates tables t+1, t+3, ... (OLTP-3),
# each complete.
check_parallel_prepare() { # check_parallel_prepare DRIVER
    local d=$1 rc=0
    tool "$d" oltp_read_write --tables=3 --table_size=50 --threads=2 prepare >"$work/out" 2>&1 || rc=1
    ok $rc "$d: prepare --tables=3 --threads=2 succeeds"
    grep -E "^(Creating|Inserting)" "$work/out" | sort >"$work/progress"
    printf '%s\n' "Creating a secondary index on 'sbtest1'..." \
        "Creating a secondary index on 'sbtest2'..." "Creating a secondary index on 'sbtest3'..." \
        "Creating table 'sbtest1'..." "Creating table 'sbtest2'..." "Creating table 'sbtest3'..." \
        "Inserting 50 records into 'sbtest1'" "Inserting 50 records into 'sbtest2'" \
        "Inserting 50 records into 'sbtest3'" >"$work/want"
    cmp -s "$work/want" "$work/progress"
    ok $? "$d: parallel prepare: each table's progress lines once"
    [ "$(sql "$d" "SELECT (SELECT count(*) FROM sbtest1), (SELECT count(*) FROM sbtest2), (SELECT count(*) FROM sbtest3)" $DB)" = "$(printf '50\t50\t50')" ]
    ok $? "$d: parallel prepare: 50 rows in each table"
    if [ "$d" = mysql ]; then
        # warmup: sysbench 1.1's name and progress word (P-2), in parallel.
        tool mysql oltp_read_write --tables=3 --threads=2 warmup >"$work/out" 2>&1
        ok $? "mysql: warmup --tables=3 --threads=2 succeeds"
        [ "$(grep '^Preloading' "$work/out" | sort | paste -sd, -)" = \
            "Preloading table sbtest1,Preloading table sbtest2,Preloading table sbtest3" ]
        ok $? "mysql: warmup preloads each table once"
    fi
    tool "$d" oltp_read_write --tables=3 cleanup >/dev/null 2>&1
}

# A lost connection during a run, the error being ignored: the driver
# reconnects, oltp_common's hook prepares the statements again (OLTP-9)
# and the run goes on.
kill_sessions() { # kill_sessions DRIVER
    local id
    if [ "$1" = mysql ]; then
        for id in $(sql mysql "SELECT id FROM information_schema.processlist WHERE db = '$DB'"); do
            sql mysql "KILL $id" >/dev/null 2>&1
        done
    else
        sql pgsql "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '$DB'" >/dev/null
    fi
}

check_lost_connection() { # check_lost_connection DRIVER
    local d=$1 since ignore=--mysql-ignore-errors=2013,2006,1927,4031
    [ "$d" = pgsql ] && ignore=--pgsql-ignore-errors=all
    tool "$d" oltp_point_select --table_size=100 prepare >/dev/null 2>&1
    # A long run, its sessions killed once it reports, stopped (SIGTERM:
    # its report, status 143) once an interval after the kill has events:
    # no fixed time that a loaded machine's start-up could outlast.
    # shellcheck disable=SC2046
    bg_run $(opts "$d" $DB) oltp_point_select --table_size=100 --threads=2 \
        --time=60 --report-interval=1 $ignore run
    wait_running
    ok $? "$d: connections killed: the run is under way"
    kill_sessions "$d"
    since=$(wc -l <"$BG_OUT")
    recovered "$since"
    ok $? "$d: connections killed: events run after the reconnect" \
        "$(grep '^\[' "$BG_OUT")"
    bg_stop
    bg_wait
    status_is 143 "$d: a run whose connections are killed goes on (errors ignored) until stopped"
    printf '%s\n' "$OUT" | grep -Eq '^    reconnects: +[1-9]'
    ok $? "$d: connections killed: reconnects counted" "$OUT"
    tool "$d" oltp_point_select cleanup >/dev/null 2>&1
}

# -- Main ---------------------------------------------------------------------

drivers=
[ -n "${BENCH_TEST_MYSQL:-}" ] && drivers="$drivers mysql"
[ -n "${BENCH_TEST_PGSQL:-}" ] && drivers="$drivers pgsql"
# one_driver DRIVER: its cases, with files of its own in $work/DRIVER.
one_driver() {
    local d=$1
    work=$work/$d
    mkdir -p "$work"
    if ! ensure_db "$d"; then
        ok 1 "$d: create database $DB"
        return
    fi
    [ -n "${OLTP_QUICK:-}" ] || check_counts "$d"
    [ -n "${OLTP_QUICK:-}" ] || check_schema "$d"
    [ -n "${OLTP_QUICK:-}" ] || check_logs "$d"
    [ -n "$REGEN" ] && return
    check_parallel_prepare "$d"
    check_reconnect "$d"
    check_lost_connection "$d"
}
one_mysql() { one_driver mysql; }
one_pgsql() { one_driver pgsql; }
# Issue 6's commands in a database of their own ($DB_6), beside the rest.
issue_6() {
    DB=${DB}_6
    work=$work/6
    mkdir -p "$work"
    if ! ensure_db mysql; then
        ok 1 "mysql: create database $DB"
        return
    fi
    check_issue_commands
    sql mysql "DROP DATABASE IF EXISTS $DB" >/dev/null
}
# The drivers' cases side by side (in_parallel; the statement logs take
# turns under statement_log.sh's lock), and issue 6's long MEMORY
# prepare beside them.
parts=()
for d in $drivers; do parts+=("one_$d"); done
[ -n "$REGEN" ] || [ -z "${BENCH_TEST_MYSQL:-}" ] || parts+=(issue_6)
HALF_CLEANUP='[ -n "${stmt_log_driver:-}" ] && stmt_log_end "$stmt_log_driver" "$DB" >/dev/null'
in_parallel "${parts[@]}"
finish
