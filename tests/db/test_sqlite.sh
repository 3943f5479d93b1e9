#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_sqlite.sh: the embedded SQLite driver, with no server, so `make
# check` always runs it (TAP; exit 77, automake's SKIP, when bench was
# built --without-sqlite):
#  - the whole sysbench.sql walk of sql_api.lua in both --db-ps-mode
#    values, the counters scenario (MariaDB's counts), the error protocol
#    and the ignore lists (codes and names), the driver's options;
#  - every bundled workload: prepare, run --events=100, cleanup, with the
#    counts MariaDB gives (tests/db/oltp/mysql.counts, sysbench 1.0.20's);
#  - oltp_read_write on 8 threads for SQLITE_TIME (10) seconds, begun
#    deferred (ignored errors counted) and as bench begins them (at most 1%
#    ignored): no FATAL, PRAGMA integrity_check ok, rows as prepared;
#  - the files it cannot use, one FATAL line each: not a database, corrupt,
#    read-only, full (the last two mount a tmpfs: need root, else skipped).
set -u
. "$(dirname "$0")/lib.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-sqlite.XXXXXX")
finish_all() {
    for m in "$work/ro" "$work/full"; do
        mountpoint -q "$m" 2>/dev/null && umount "$m"
    done
    rm -rf "$work"
}
trap finish_all EXIT
cd "$work" || exit 1
case $BENCH in /*) ;; *) BENCH=$OLDPWD/$BENCH ;; esac

if ! has_sqlite; then
    echo "1..0 # SKIP bench was built without the SQLite driver"
    exit 77
fi

S="--db-driver=sqlite --sqlite-db=$work/api.sqlite"

# sq FILE STATEMENTS: result rows of the statements (one per line) on FILE.
sq() {
    BENCH_SQL=$2 "$BENCH" --db-driver=sqlite --sqlite-db="$1" \
        "$TESTS_DB_DIR/sql.lua" sql 2>&1 | tail -n +3
}

has_out() { # has_out GOT WANT NAME
    [ "$1" = "$2" ]
    ok $? "$3" "got: $1
want: $2"
}

# -- The sysbench.sql API --------------------------------------------------

api_tests() {
    for mode in auto disable; do
        api_checks "sqlite ps-mode=$mode" $S --db-ps-mode=$mode
        counters "sqlite ps-mode=$mode" $S --db-ps-mode=$mode
    done
    api_checks "sqlite duplicate keys ignored" $S \
        --sqlite-ignore-errors=SQLITE_BUSY,constraint --mysql-dup-ignored=on

    run "$SQL_API" $S --scenario=bad_query --events=1 run
    status_is 1 "sqlite: unhandled SQL error"
    has "FATAL: sqlite: query 'SELEC 1': near \"SELEC\": syntax error (SQLITE_ERROR 1)"
    has_re "FATAL: \`thread_run' function failed: .*sql_api\.lua:[0-9]+: SQL error, errno = 1, state = 'HY000': near \"SELEC\": syntax error"
    run "$SQL_API" $S --scenario=bad_prepare --events=1 run
    status_is 1 "sqlite: prepare of a missing table"
    has "FATAL: sqlite: prepare 'SELECT * FROM api_nosuch WHERE id = ?': no such table: api_nosuch (SQLITE_ERROR 1)"

    # ignore lists: codes, names (any case, with or without SQLITE_), a
    # primary code covering its extended ones, --db-ignore-errors
    run "$SQL_API" $S --scenario=dup_key --events=10 run
    status_is 1 "sqlite: duplicate key not in the default list"
    has "FATAL: sqlite: query 'INSERT INTO api_dupev VALUES (1)': UNIQUE constraint failed: api_dupev.id (SQLITE_CONSTRAINT_PRIMARYKEY 1555)"
    for list in SQLITE_CONSTRAINT constraint 19 1555 Sqlite_Constraint_PrimaryKey busy,19 all; do
        run "$SQL_API" $S --scenario=dup_key --events=10 --sqlite-ignore-errors=$list run
        status_is 0 "sqlite: --sqlite-ignore-errors=$list"
        has_re " +ignored errors: +[1-9][0-9]* .*" "sqlite: --sqlite-ignore-errors=$list counts ignored errors"
        has_re " +total number of events: +10" "sqlite: --sqlite-ignore-errors=$list: all events done"
    done
    for list in 23000 SQLITE_CONSTRAINT 1555; do
        run "$SQL_API" $S --scenario=dup_key --events=10 --db-ignore-errors=$list run
        status_is 0 "sqlite: --db-ignore-errors=$list"
    done
    run "$SQL_API" $S --scenario=dup_key --events=10 --sqlite-ignore-errors=CONSTRAINT_UNIQUE run
    status_is 1 "sqlite: another extended code does not match"
    run "$SQL_API" $S --scenario=dup_key --events=10 --sqlite-ignore-errors=BUSY,nosuch run
    status_is 1 "sqlite: unknown name in --sqlite-ignore-errors"
    has "FATAL: Invalid value for --sqlite-ignore-errors: 'nosuch'"
}

option_tests() {
    local f=$work/opts.sqlite
    has_out "$(sq "$f" "PRAGMA journal_mode
PRAGMA synchronous
PRAGMA busy_timeout")" "$(printf 'wal\n1\n5000')" \
        "sqlite: defaults WAL, NORMAL, 5000 ms"
    has_out "$(BENCH_SQL="PRAGMA journal_mode
PRAGMA synchronous
PRAGMA busy_timeout" "$BENCH" --db-driver=sqlite --sqlite-db="$f" \
        --sqlite-journal-mode=delete --sqlite-synchronous=FULL \
        --sqlite-busy-timeout=250 "$TESTS_DB_DIR/sql.lua" sql | tail -n +3)" \
        "$(printf 'delete\n2\n250')" "sqlite: --sqlite-journal-mode, -synchronous, -busy-timeout"
    run oltp_point_select --db-driver=sqlite --sqlite-db="$f" --sqlite-journal-mode=bogus --events=1 run
    status_is 1 "sqlite: bad --sqlite-journal-mode"
    has "FATAL: Invalid value for --sqlite-journal-mode: 'bogus'"
    run oltp_point_select --db-driver=sqlite --sqlite-db="$f" --sqlite-synchronous=sometimes --events=1 run
    status_is 1 "sqlite: bad --sqlite-synchronous"
    has "FATAL: Invalid value for --sqlite-synchronous: 'sometimes'"
    run "$SQL_API" --db-driver=sqlite --sqlite-db=:memory: --scenario=counters --events=10 run
    status_is 0 "sqlite: :memory: works for a script that makes its tables per connection"
    has_re "WARNING: sqlite: --sqlite-db=:memory: gives every connection its own empty database.*"
    run --db-driver=sqlite --help
    has "  sqlite - SQLite driver (embedded, no server)" "sqlite: --db-driver=sqlite --help lists the driver"
    has_re "  --sqlite-db=STRING +.* \[sbtest.sqlite\]" "sqlite: --help lists --sqlite-db"
    run --help
    # sysbench's part ends with its "See '... help'" line; sqlite only after.
    local whole=$OUT
    OUT=$(printf '%s\n' "$whole" | sed '/^See /q')
    lacks "sqlite" "sqlite: the 1.0 profile's --help keeps sysbench 1.0.20's part"
    OUT=$whole
    has "  sqlite - SQLite driver (embedded, no server)" \
        "sqlite: the 1.0 profile's --help lists it after sysbench's part"
    run --compat=1.1 --help
    has "  sqlite - SQLite driver (embedded, no server)" "sqlite: the 1.1 profile's --help lists it"
}

# -- Bundled workloads -----------------------------------------------------

SCRIPTS="oltp_read_write oltp_read_only oltp_write_only oltp_point_select
oltp_update_index oltp_update_non_index oltp_delete oltp_insert
select_random_points select_random_ranges bulk_insert"

counts() {
    awk '$1 == "read:" || $1 == "write:" || $1 == "other:" ||
         $1 == "transactions:" { printf "%s %s ", $1, $2 } END { print "" }'
}

workload_tests() {
    local s rc W="--db-driver=sqlite --sqlite-db=$work/oltp.sqlite"
    : >"$work/counts"
    for s in $SCRIPTS; do
        rc=0
        "$BENCH" $W $s --table_size=1000 prepare >"$work/out" 2>&1 || rc=1
        "$BENCH" $W $s --table_size=1000 --events=100 run >"$work/run" 2>&1 || rc=1
        "$BENCH" $W $s cleanup >>"$work/out" 2>&1 || rc=1
        ok $rc "sqlite $s: prepare, run --events=100 and cleanup succeed" \
            "$(tail -n 5 "$work/out" "$work/run")"
        if [ "$s" = oltp_delete ]; then
            counts <"$work/run" |
                awk '{ print "write+other:", $4 + $6, $7, $8 }' >>"$work/counts"
        else
            echo "$s $(counts <"$work/run")" >>"$work/counts"
        fi
    done
    diff -u "$TESTS_DB_DIR/oltp/mysql.counts" "$work/counts" >"$work/diff"
    ok $? "sqlite: each script's counts for --events=100 are MariaDB's" "$(cat "$work/diff")"
    has_out "$(sq "$work/oltp.sqlite" "SELECT count(*) FROM sqlite_schema")" 0 \
        "sqlite: cleanup dropped every table"

    # a parallel prepare: two threads write at once (busy timeout)
    run oltp_read_write $W --tables=4 --table_size=5000 --threads=2 prepare
    status_is 0 "sqlite: parallel prepare of 4 tables on 2 threads"
    has_out "$(sq "$work/oltp.sqlite" "SELECT (SELECT count(*) FROM sbtest1) + (SELECT count(*) FROM sbtest2) + (SELECT count(*) FROM sbtest3) + (SELECT count(*) FROM sbtest4)")" \
        20000 "sqlite: parallel prepare loaded every row"
    run oltp_read_write $W --tables=4 cleanup
}

concurrency_tests() {
    local W="--db-driver=sqlite --sqlite-db=$work/conc.sqlite" secs=${SQLITE_TIME:-10}
    "$BENCH" $W oltp_read_write prepare >/dev/null 2>&1
    # Transactions begun deferred: a writer that finds another's lock
    # fails with SQLITE_BUSY, counted as an ignored error and retried.
    OUT=$(timeout $((secs + 60)) "$BENCH" $W oltp_read_write --threads=8 \
        --time="$secs" --sqlite_begin=deferred run 2>&1)
    STATUS=$?
    status_is 0 "sqlite: oltp_read_write --threads=8 --time=$secs"
    lacks "FATAL" "sqlite: 8 threads: no FATAL"
    has_re " +ignored errors: +[1-9][0-9]* .*" "sqlite: 8 threads, deferred: lock conflicts counted as ignored errors"
    # As bench begins them by default (--sqlite_begin=auto: IMMEDIATE for a
    # workload that writes), writers wait for the lock in the busy handler:
    # at most 1% ignored errors (issue 30: the README's first command).
    OUT=$(timeout $((secs + 60)) "$BENCH" $W oltp_read_write --threads=8 \
        --time="$secs" run 2>&1)
    STATUS=$?
    status_is 0 "sqlite: oltp_read_write --threads=8 --time=$secs, auto"
    echo "$OUT" | awk '/transactions:/ { n = $2 } /ignored errors:/ { e = $3 }
        END { exit !(n > 0 && e <= n / 100) }'
    ok $? "sqlite: 8 threads, auto: ignored errors at most 1% of transactions" "$OUT"
    has_out "$(sq "$work/conc.sqlite" "PRAGMA integrity_check
SELECT count(*), count(DISTINCT id), min(id), max(id) FROM sbtest1")" \
        "$(printf 'ok\n10000\t10000\t1\t10000')" \
        "sqlite: 8 threads: integrity_check ok, the 10000 rows ids 1..10000"
}

# -- Files it cannot use ---------------------------------------------------

# fatal_once PATTERN NAME: the last run failed with exactly one driver
# FATAL line, matching PATTERN (ERE).
fatal_once() {
    status_is 1 "$2"
    has_re "$1" "$2: the cause"
    [ "$(printf '%s\n' "$OUT" | grep -c '^FATAL: sqlite:')" = 1 ]
    ok $? "$2: one line" "$OUT"
}

file_tests() {
    local i
    for i in $(seq 40); do echo "plain text, not an SQLite database"; done >notdb.sqlite
    run oltp_point_select --db-driver=sqlite --sqlite-db=notdb.sqlite --events=1 run
    fatal_once "FATAL: sqlite: open 'notdb.sqlite': file is not a database \(SQLITE_NOTADB 26\)" \
        "sqlite: not a database"

    # pages after the first (sqlite_schema) overwritten
    "$BENCH" --db-driver=sqlite --sqlite-db=corrupt.sqlite oltp_read_only \
        --table_size=2000 prepare >/dev/null 2>&1
    dd if=/dev/urandom of=corrupt.sqlite bs=4096 seek=1 count=200 conv=notrunc 2>/dev/null
    run oltp_read_only --db-driver=sqlite --sqlite-db=corrupt.sqlite --table_size=2000 --events=10 run
    fatal_once "FATAL: sqlite: (execute|query|prepare) '.*': .*malformed.* \(SQLITE_CORRUPT[A-Z_]* [0-9]+\)" \
        "sqlite: corrupt database"

    mkdir ro full
    if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=4m tmpfs ro 2>/dev/null; then
        "$BENCH" --db-driver=sqlite --sqlite-db=ro/db.sqlite oltp_read_only \
            --table_size=10 prepare >/dev/null 2>&1
        mount -o remount,ro ro
        run oltp_read_only --db-driver=sqlite --sqlite-db=ro/db.sqlite --table_size=10 --events=1 run
        fatal_once "FATAL: sqlite: open 'ro/db.sqlite': the file or its directory is read-only \(SQLITE_READONLY 8\)" \
            "sqlite: database on a read-only file system"
        run oltp_read_only --db-driver=sqlite --sqlite-db=ro/new.sqlite --table_size=10 prepare
        fatal_once "FATAL: sqlite: open 'ro/new.sqlite': unable to open database file \(SQLITE_CANTOPEN 14; Read-only file system\)" \
            "sqlite: new database in a read-only directory"
    elif [ "$(id -u)" != 0 ]; then
        chmod 555 ro
        run oltp_read_only --db-driver=sqlite --sqlite-db=ro/new.sqlite --table_size=10 prepare
        fatal_once "FATAL: sqlite: open 'ro/new.sqlite': unable to open database file \(SQLITE_CANTOPEN 14; Permission denied\)" \
            "sqlite: new database in a read-only directory"
    else
        skip "sqlite: read-only directory" "tmpfs mount refused"
    fi
    if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=1m tmpfs full 2>/dev/null; then
        run oltp_read_only --db-driver=sqlite --sqlite-db=full/db.sqlite --table_size=100000 prepare
        fatal_once "FATAL: sqlite: query 'bulk load into sbtest1 \(id, k, c, pad\)': database or disk is full \(SQLITE_FULL 13\)" \
            "sqlite: full disk"
    else
        skip "sqlite: full disk" "needs root to mount a 1 MiB tmpfs"
    fi
}

# The WAL's checkpoint at the last close comes after the report (the
# driver's done), not in the workers' disconnects that a run's total time
# counts: the WAL is still there when the script's done() runs, gone when
# the command ends, and the rows are in the database.
checkpoint_tests() {
    local f=$work/ckpt.sqlite
    cat >"$work/ckpt.lua" <<'LUA'
function thread_init()
   con = sysbench.sql.driver():connect()
   con:query("CREATE TABLE IF NOT EXISTS ckpt (id INTEGER PRIMARY KEY, v TEXT)")
end
function event()
   con:query("INSERT INTO ckpt (v) VALUES ('" .. string.rep("x", 500) .. "')")
end
function thread_done() con:disconnect() end
function done()
   local f = io.open(os.getenv("CKPT_DB") .. "-wal")
   print("WAL at done(): " .. (f and "kept" or "gone"))
   if f then f:close() end
end
LUA
    OUT=$(CKPT_DB=$f "$BENCH" "$work/ckpt.lua" --db-driver=sqlite --sqlite-db="$f" \
        --threads=2 --events=2000 run 2>&1)
    STATUS=$?
    status_is 0 "sqlite: a write run"
    has "WAL at done(): kept" "sqlite: the workers' disconnects leave the WAL's checkpoint"
    [ ! -e "$f-wal" ]
    ok $? "sqlite: the command's end checkpoints the WAL and removes it" "$(ls -l "$work")"
    has_out "$(sq "$f" "SELECT count(*) FROM ckpt")" 2000 "sqlite: the rows are in the database"
}

api_tests
option_tests
checkpoint_tests
workload_tests
concurrency_tests
file_tests
finish
