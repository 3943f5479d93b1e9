#!/bin/bash
# SPDX-License-Identifier: MIT
# ycsb.sh (make check; make check-db for the servers): the ycsb workload
# (docs/ycsb.md) on SQLite (no server) and on each live server
# (BENCH_TEST_MYSQL, BENCH_TEST_PGSQL of `tests/db/servers.sh env`; an
# unset one is skipped), in a database of its own (bench_ycsb):
#  - prepare on 3 threads: --recordcount rows, distinct keys, the keys of
#    0..9 YCSB's FNV-1a names, every field --fieldlength bytes;
#  - the six core workloads' mixes over 20000 operations within 1% of
#    YCSB's (reads and writes as counted), inserts adding rows and a later
#    run's inserts taking new keys;
#  - bad options: one line naming the option, exit 1;
#  - the generators (driver-independent): the zipfian's draws against its
#    formula, the latest and uniform choosers (chi-square, 0.001 level)
#    and the scrambled zipfian's two most popular keys (tests/db/ycsb_fit.py).
# TAP output. $BENCH: the bench under test (default ./bench).
. "$(dirname "$0")/lib.sh"
need_server_or_sqlite
DB=bench_ycsb
SQL_LUA=$TESTS_DB_DIR/sql.lua
DRAWS_LUA=$TESTS_DB_DIR/ycsb_draws.lua
FIT=$TESTS_DB_DIR/ycsb_fit.py
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-ycsb.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
RECORDS=5000
EVENTS=20000

# sql DRIVER_OPTS STATEMENTS: result rows, tab-separated.
sql() {
    # shellcheck disable=SC2086
    BENCH_SQL=$2 "$BENCH" $1 "$SQL_LUA" sql | tail -n +3
}

# count WHAT: the report's "read:"/"write:"/"transactions:" figure.
count() {
    printf '%s\n' "$OUT" | awk -v w="$1:" '$1 == w { print $2; exit }'
}

# within SHARE TARGET: |SHARE - TARGET| < 0.01.
within() {
    awk -v s="$1" -v t="$2" 'BEGIN { d = s - t; exit !(d < 0.01 && d > -0.01) }'
}

# The keys of 0..9 as ycsb names them (hashed).
run "$DRAWS_LUA" --gen=fnv draws
printf '%s\n' "$OUT" | python3 "$FIT" fnv >/dev/null
ok $? "the key hash is FNV-1a 64 (tests/db/ycsb_fit.py's own)" "$OUT"
fnv_keys=$(printf '%s\n' "$OUT" | awk 'NF == 2 && $1 ~ /^[0-9]$/ { printf "%s'\''user%s'\''", sep, $2; sep = ", " }')

check_driver() { # check_driver NAME OPTS
    local d=$1 o=$2 w got rows name r wr want
    run ycsb $o cleanup
    run ycsb $o --threads=3 --recordcount=$RECORDS prepare
    status_is 0 "$d: prepare $RECORDS records on 3 threads"
    got=$(sql "$o" "SELECT COUNT(*), COUNT(DISTINCT YCSB_KEY), MIN(LENGTH(FIELD0)), MAX(LENGTH(FIELD9)) FROM usertable")
    [ "$got" = "$(printf '%s\t%s\t100\t100' $RECORDS $RECORDS)" ]
    ok $? "$d: $RECORDS distinct keys, fields of 100 bytes" "$got"
    got=$(sql "$o" "SELECT COUNT(*) FROM usertable WHERE YCSB_KEY IN ($fnv_keys)")
    [ "$got" = 10 ]
    ok $? "$d: the keys of 0..9 are user + FNV-1a 64 of the number" "$got / $fnv_keys"

    # workload: read share, write share (of the operations)
    for w in a:0.5:0.5 b:0.95:0.05 c:1:0 d:0.95:0.05 e:0.95:0.05 f:1:0.5; do
        IFS=: read -r name r wr <<<"$w"
        run ycsb $o --workload=$name --recordcount=$RECORDS --threads=2 \
            --events=$EVENTS --time=0 run
        status_is 0 "$d: workload $name, $EVENTS operations"
        [ "$(count transactions)" = $EVENTS ] &&
            within "$(awk -v a="$(count read)" -v n=$EVENTS 'BEGIN { print a / n }')" "$r" &&
            within "$(awk -v a="$(count write)" -v n=$EVENTS 'BEGIN { print a / n }')" "$wr"
        ok $? "$d: workload $name: reads $r and writes $wr of the operations (within 1%)" \
            "read $(count read), write $(count write), events $(count transactions)"
        [ "$name" = d ] && inserts_d=$(count write)
        [ "$name" = e ] && inserts_e=$(count write)
    done
    rows=$(sql "$o" "SELECT COUNT(*), COUNT(DISTINCT YCSB_KEY) FROM usertable")
    want=$((RECORDS + inserts_d + inserts_e))
    [ "$rows" = "$(printf '%s\t%s' $want $want)" ]
    ok $? "$d: D's and E's inserts added distinct keys ($want rows)" "$rows"

    run ycsb $o --workload=g run
    status_is 1 "$d: an unknown workload"
    has_re "FATAL: .*--workload must be a, b, c, d, e or f, not 'g'"
    run ycsb $o --recordcount=0 --events=1 run
    status_is 1 "$d: --recordcount=0"
    has_re "FATAL: .*--recordcount must be an integer of at least 1, not 0"
    run ycsb $o --requestdistribution=hotspot --events=1 run
    has_re "FATAL: .*--requestdistribution must be uniform, zipfian or latest, not 'hotspot'"
    run ycsb $o cleanup
    status_is 0 "$d: cleanup"
}

# -- The generators ----------------------------------------------------------
run "$DRAWS_LUA" --gen=setkey --draws=100000 draws
has "mismatches 0" "the run's key writer gives key_name's keys (hashed, ordered, padded)"
OUT=$("$BENCH" "$DRAWS_LUA" --gen=zipfian100 --draws=200000 draws 2>&1 | python3 "$FIT" zipfian100 200000)
ok $? "zipfian over 100 items: the draws fit the generator's formula" "$OUT"
for g in latest uniform scrambled; do
    OUT=$("$BENCH" "$DRAWS_LUA" --gen=$g --recordcount=1000 --draws=200000 draws 2>&1 | python3 "$FIT" $g 1000 200000)
    ok $? "$g key chooser over 1000 records fits" "$OUT"
done

if [ -n "$HAS_SQLITE" ]; then
    check_driver sqlite "--db-driver=sqlite --sqlite-db=$work/ycsb.sqlite"
fi
if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    run "$SQL_API" $BENCH_TEST_MYSQL --newdb=$DB createdb
    status_is 0 "mysql: create database $DB"
    check_driver mysql "--db-driver=mysql $(my_opts $DB)"
else
    echo "# SKIP mysql: BENCH_TEST_MYSQL is not set (tests/db/servers.sh env)"
fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    run "$SQL_API" --db-driver=pgsql $BENCH_TEST_PGSQL --newdb=$DB createdb
    status_is 0 "pgsql: create database $DB"
    check_driver pgsql "$(pg_opts $DB)"
else
    echo "# SKIP pgsql: BENCH_TEST_PGSQL is not set (tests/db/servers.sh env)"
fi
finish
