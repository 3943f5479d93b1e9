#!/bin/bash
# SPDX-License-Identifier: MIT
# legacy.sh: the 0.5-era API and the oltp_legacy scripts against live
# MariaDB and PostgreSQL (LUA-11, LUA-12, issue 6 item 4), in a database of
# their own (bench_legacy_<pid>, dropped at the end). Each script runs prepare, run --events=N and
# cleanup with bench and, when installed, with sysbench 1.0.20 on the same
# script file; the read/write/other/transaction/error counts must be the
# expected ones for both. TAP output. Needs the `tests/db/servers.sh env`
# variables; without them it skips. BENCH: the bench binary (./bench).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$(dirname "$here")")
data=$here/legacy
oltp=$top/src/lua/oltp_legacy
BENCH=${BENCH:-./bench}
SYSBENCH=${SYSBENCH:-/usr/bin/sysbench}
DB=bench_legacy_$$

. "$here/lib.sh"
need_servers
engines=bench
if [ -x "$SYSBENCH" ]; then
    engines="bench sysbench"
else
    echo "# $SYSBENCH not installed: bench alone against the expected counts"
fi

same() { # same DESCRIPTION EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then
        ok 0 "$1"
    else
        ok 1 "$1"
        printf '#   expected: %s\n#   got:      %s\n' "$2" "$3"
    fi
}

engine_cmd() { # the executable of engine $1
    if [ "$1" = sysbench ]; then echo "$SYSBENCH"; else echo "$BENCH"; fi
}

# "read write other transactions ignored-errors" of a run's report.
counts() {
    awk '/ read:/ { r = $2 } / write:/ { w = $2 } / other:/ { o = $2 }
         /transactions:/ { t = $2 } /ignored errors:/ { e = $3 }
         END { print r, w, o, t, e }'
}

# The rows of a query, through bench's sysbench.sql.
dump() { # dump SQL
    "$BENCH" "$data/dump.lua" $opts --dump-sql="$1" dump | tail -n +3
}

check_driver() { # check_driver NAME OPTIONS...
    drv=$1
    shift
    base="$* --db-driver=$drv"
    opts="$base --$drv-db=$DB"
    out=$("$BENCH" "$data/database.lua" $base --db-name=$DB createdb 2>&1)
    ok $? "$drv: database $DB created"
    if [ "$drv" = mysql ]; then
        tables="SELECT COUNT(*) FROM information_schema.tables
                WHERE table_schema = DATABASE() AND table_name LIKE 'sbtest%'"
    else
        tables="SELECT COUNT(*) FROM information_schema.tables
                WHERE table_catalog = current_database()
                AND table_schema = 'public' AND table_name LIKE 'sbtest%'"
    fi
    for e in $engines; do
        cmd=$(engine_cmd "$e")
        check_api05 "$e" "$cmd"
        check_oltp "$e" "$cmd"
        check_bulk "$e" "$cmd"
        check_parallel "$e" "$cmd"
    done
    out=$("$BENCH" "$data/database.lua" $base --db-name=$DB dropdb 2>&1)
    ok $? "$drv: database $DB dropped"
}

# The 0.5-era script: every db_* call; the rows it wrote read back.
check_api05() {
    e=$1 cmd=$2
    out=$("$cmd" "$data/api05.lua" $opts prepare 2>&1)
    ok $? "$drv/$e: api05.lua prepare"
    if [ "$e" = bench ] || [ "$drv" = mysql ]; then
        # sysbench on PostgreSQL binds strings as "char": one character.
        same "$drv/$e: api05.lua rows" \
            "1 10 c|2 20 cc|3 30 ccc|4 40 cccc|5 50 ccccc|6 60 bulk6|7 70 bulk7|8 80 bulk8|9 90 bulk9|10 100 bulk10|11 111 literal" \
            "$(dump 'SELECT id, k, c FROM legacy05 ORDER BY id' | tr '\t\n' ' |' | sed 's/|$//')"
    fi
    got=$("$cmd" "$data/api05.lua" $opts --events=22 run 2>&1 | counts)
    same "$drv/$e: api05.lua run --events=22 counts" "44 22 44 22 0" "$got"
    same "$drv/$e: api05.lua run updated the rows" "11 683" \
        "$(dump 'SELECT COUNT(*), SUM(k) FROM legacy05' | tr '\t' ' ')"
    "$cmd" "$data/api05.lua" $opts cleanup >/dev/null 2>&1
    ok $? "$drv/$e: api05.lua cleanup"
}

# The oltp_legacy scripts on tables prepared by oltp.lua. delete.lua runs
# last (it removes rows) and only its write+other sum is fixed: a DELETE
# of a row already gone is "other". Each run has a seed of its own: runs
# started in the same second would otherwise draw the same values (both
# seed from the time in seconds), and an UPDATE repeating an earlier one
# changes no row, which counts as "other", not "write".
seed=0
check_oltp() {
    e=$1 cmd=$2
    o="$opts --oltp-table-size=500 --oltp-tables-count=2"
    out=$("$cmd" "$oltp/oltp.lua" $o prepare 2>&1)
    ok $? "$drv/$e: oltp.lua prepare"
    same "$drv/$e: oltp.lua prepare: sbtest2 rows, distinct ids, k range" \
        "500 500 1" \
        "$(dump 'SELECT COUNT(*), COUNT(DISTINCT id), MIN(k) >= 1 AND MAX(k) <= 500 FROM sbtest2' | tr '\t' ' ' | sed 's/ t$/ 1/')"
    seed=$((seed + 1))
    got=$("$cmd" "$oltp/oltp.lua" $o --oltp-read-only=on --oltp-skip-trx=on \
        --rand-seed=$seed --events=10 --threads=1 run 2>&1 | counts)
    same "$drv/$e: oltp.lua read-only, no transaction" "140 0 0 10 0" "$got"
    seed=$((seed + 1))
    got=$("$cmd" "$oltp/oltp.lua" $o --oltp-write-only=on --threads=1 \
        --rand-seed=$seed --events=10 run 2>&1 | counts)
    same "$drv/$e: oltp.lua write-only" "0 40 20 10 0" "$got"
    for s in "oltp 280 80 40" "oltp_simple 20 0 0" "select 20 0 0" \
        "update_index 0 20 0" "update_non_index 0 20 0" "insert 0 20 0" \
        "select_random_points 20 0 0" "select_random_ranges 20 0 0" \
        "delete 0 20"; do
        set -- $s
        seed=$((seed + 1))
        got=$("$cmd" "$oltp/$1.lua" $o --events=20 --threads=1 \
            --rand-seed=$seed run 2>&1 | counts)
        if [ "$1" = delete ]; then
            got=$(echo "$got" | awk '{ print $1, $2 + $3, $4, $5 }')
            want="$2 $3 20 0"
        else
            want="$2 $3 $4 20 0"
        fi
        same "$drv/$e: $1.lua run --events=20 counts" "$want" "$got"
    done
    if [ "$e" = bench ]; then
        # The path sysbench users type (docs/compatibility.md).
        got=$(LUA_PATH="$top/src/lua/?.lua;;" "$cmd" $o --events=20 \
            /usr/share/sysbench/tests/include/oltp_legacy/select.lua run 2>&1 | counts)
        same "$drv/$e: .../tests/include/oltp_legacy/select.lua path form" \
            "20 0 0 20 0" "$got"
    fi
    got=$("$cmd" "$oltp/select_random_points.lua" $o --db-ps-mode=disable \
        --events=20 run 2>&1 | counts)
    same "$drv/$e: select_random_points.lua, statements emulated" \
        "20 0 0 20 0" "$got"
    out=$("$cmd" "$oltp/oltp.lua" $o cleanup 2>&1)
    ok $? "$drv/$e: oltp.lua cleanup"
    same "$drv/$e: no sbtest table left" 0 "$(dump "$tables")"
    [ "$drv" = mysql ] || return 0
    # MyISAM: LOCK TABLES ... WRITE / UNLOCK TABLES instead of BEGIN/COMMIT.
    o="$o --mysql-table-engine=myisam"
    "$cmd" "$oltp/oltp.lua" $o prepare >/dev/null 2>&1
    same "$drv/$e: --mysql-table-engine=myisam tables" MyISAM \
        "$(dump "SELECT engine FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'sbtest2'")"
    seed=$((seed + 1))
    got=$("$cmd" "$oltp/oltp.lua" $o --events=20 --rand-seed=$seed run 2>&1 | counts)
    same "$drv/$e: oltp.lua on MyISAM counts" "280 80 40 20 0" "$got"
    "$cmd" "$oltp/oltp.lua" $o cleanup >/dev/null 2>&1
    same "$drv/$e: MyISAM tables dropped" 0 "$(dump "$tables")"
}

# bulk_insert.lua: one multi-row INSERT per thread.
check_bulk() {
    e=$1 cmd=$2
    out=$("$cmd" "$oltp/bulk_insert.lua" $opts prepare 2>&1)
    ok $? "$drv/$e: bulk_insert.lua prepare"
    got=$("$cmd" "$oltp/bulk_insert.lua" $opts --events=200 run 2>&1 | counts)
    same "$drv/$e: bulk_insert.lua run --events=200 counts" "0 1 0 200 0" "$got"
    same "$drv/$e: bulk_insert.lua rows" "200 20100" \
        "$(dump 'SELECT COUNT(*), SUM(k) FROM sbtest0' | tr '\t' ' ')"
    "$cmd" "$oltp/bulk_insert.lua" $opts cleanup >/dev/null 2>&1
    same "$drv/$e: bulk_insert.lua cleanup" 0 "$(dump "$tables")"
}

# parallel_prepare.lua: the worker threads create and fill the tables.
check_parallel() {
    e=$1 cmd=$2
    o="$opts --oltp-table-size=100 --oltp-tables-count=3 --num-threads=2"
    out=$("$cmd" "$oltp/parallel_prepare.lua" $o run 2>&1)
    ok $? "$drv/$e: parallel_prepare.lua run"
    same "$drv/$e: parallel_prepare.lua filled 3 tables" "300" \
        "$(dump 'SELECT (SELECT COUNT(*) FROM sbtest1) + (SELECT COUNT(*) FROM sbtest2) + (SELECT COUNT(*) FROM sbtest3)')"
    "$cmd" "$oltp/oltp.lua" $o cleanup >/dev/null 2>&1
    same "$drv/$e: parallel_prepare.lua tables dropped" 0 "$(dump "$tables")"
}

[ -n "${BENCH_TEST_MYSQL:-}" ] && check_driver mysql $BENCH_TEST_MYSQL
[ -n "${BENCH_TEST_PGSQL:-}" ] && check_driver pgsql $BENCH_TEST_PGSQL
finish
