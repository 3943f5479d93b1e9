#!/bin/bash
# SPDX-License-Identifier: MIT
# rand_seed_oltp.sh (make check-db): --rand-seed=N makes oltp_read_write's
# data reproducible (PD-6). On each live server (BENCH_TEST_MYSQL,
# BENCH_TEST_PGSQL as exported by `tests/db/servers.sh env`; a driver
# whose variable is unset is skipped), in a database of its own
# (bench_randseed, created if missing): prepare 2 tables with 2 threads,
# then a 200-event run with 1 thread, twice with seed 7 and once with
# seed 8. The tables' contents (every row, by id) must be identical for
# the two seed-7 runs after prepare and after run, and differ for seed 8.
# TAP output. $BENCH: the bench under test (default ./bench).
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${BENCH:-./bench}
digest_lua=$here/lua/table_digest.lua
db=bench_randseed
# shellcheck source=tests/db/lib.sh
. "$here/db/lib.sh"
need_servers

# digest DRIVER_OPTS: md5 of every row of sbtest1 and sbtest2.
digest()
{
    # shellcheck disable=SC2086 # option strings
    "$BENCH" "$digest_lua" $1 --tables=2 dump | sed 1,2d | md5sum | cut -c1-32
}

# one_seed DRIVER_OPTS SEED: "<prepare digest> <run digest> <rows>"
one_seed()
{
    opts="$1 --tables=2 --table-size=500 --rand-seed=$2"
    # shellcheck disable=SC2086
    "$BENCH" oltp_read_write $opts cleanup >/dev/null 2>&1
    # shellcheck disable=SC2086
    "$BENCH" oltp_read_write $opts --threads=2 prepare >/dev/null ||
        { echo "# prepare failed" >&2; return 1; }
    p=$(digest "$1")
    rows=$("$BENCH" "$digest_lua" $1 --tables=2 dump | sed 1,2d | wc -l)
    # shellcheck disable=SC2086
    "$BENCH" oltp_read_write $opts --threads=1 --events=200 --time=0 run \
        >/dev/null || { echo "# run failed" >&2; return 1; }
    r=$(digest "$1")
    # shellcheck disable=SC2086
    "$BENCH" oltp_read_write $opts cleanup >/dev/null
    echo "$p $r $rows"
}

check_driver()
{
    name=$1 base=$2 dbopt=$3
    # shellcheck disable=SC2086
    if ! "$BENCH" "$digest_lua" $base --dbname=$db createdb >/dev/null; then
        ok 1 "$name: create database $db"
        return
    fi
    opts="$base $dbopt=$db"
    a=$(one_seed "$opts" 7) b=$(one_seed "$opts" 7) c=$(one_seed "$opts" 8)
    echo "# $name seed 7: $a"
    echo "# $name seed 7: $b"
    echo "# $name seed 8: $c"
    set -- $a
    [ -n "$a" ] && [ "${3:-0}" = 1000 ]
    ok $? "$name: prepare made 2 x 500 rows"
    [ -n "$a" ] && [ "$(echo "$a" | cut -d' ' -f1)" = "$(echo "$b" | cut -d' ' -f1)" ]
    ok $? "$name: prepare --rand-seed=7 twice, identical tables"
    [ -n "$a" ] && [ "$(echo "$a" | cut -d' ' -f2)" = "$(echo "$b" | cut -d' ' -f2)" ]
    ok $? "$name: then run --rand-seed=7 --events=200, identical tables"
    [ -n "$c" ] && [ "$(echo "$a" | cut -d' ' -f1)" != "$(echo "$c" | cut -d' ' -f1)" ]
    ok $? "$name: --rand-seed=8 gives other contents"
}

if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    check_driver mysql "$BENCH_TEST_MYSQL" --mysql-db
else
    echo "# SKIP mysql: BENCH_TEST_MYSQL is not set (tests/db/servers.sh env)"
fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    check_driver pgsql "$BENCH_TEST_PGSQL --db-driver=pgsql" --pgsql-db
else
    echo "# SKIP pgsql: BENCH_TEST_PGSQL is not set (tests/db/servers.sh env)"
fi
finish
