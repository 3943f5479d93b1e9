#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_results.sh (make check-db): the machine output of a SQL run against
# the live servers (docs/results.md). For MariaDB and PostgreSQL, in a
# database of its own (bench_results_PID, dropped at the end), an
# oltp_read_write run with --results, --hdr-log and --format=csv:
#  - the document validates against the schema and its records decode with
#    PyPI's hdrhistogram to its counts and percentiles, its totals are the
#    text report's (tests/results/check_results.py);
#  - it names the driver and the server's and client's versions, and the
#    server's password appears nowhere;
#  - with the statement kinds measured (detail.h), the kinds' reads,
#    writes and other add up to the totals, and the interval log has a tag
#    per kind beside 'all';
#  - the CSV parses, a row per interval.
# TAP output. $BENCH: the bench under test; servers: tests/db/servers.sh env.
. "$(dirname "$0")/lib.sh"
need_servers
DB=bench_results_$$
CHECK="python3 $TESTS_DB_DIR/../results/check_results.py"
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-results.XXXXXX")
export BENCH_COMPAT=
$CHECK doc /dev/null >/dev/null 2>&1
if [ $? = 80 ]; then
    echo "1..0 # SKIP python3-jsonschema or PyPI hdrhistogram missing"
    exit 77
fi

cleanup_all() {
    # shellcheck disable=SC2086 # option words
    [ -n "${BENCH_TEST_MYSQL:-}" ] && BENCH_SQL="DROP DATABASE IF EXISTS $DB" \
        "$BENCH" $BENCH_TEST_MYSQL "$TESTS_DB_DIR/sql.lua" sql >/dev/null 2>&1
    # shellcheck disable=SC2086
    [ -n "${BENCH_TEST_PGSQL:-}" ] && BENCH_SQL="DROP DATABASE IF EXISTS $DB" \
        "$BENCH" --db-driver=pgsql $BENCH_TEST_PGSQL "$TESTS_DB_DIR/sql.lua" \
        sql >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup_all EXIT
createdb $DB

# py EXPR FILE: evaluates EXPR with d = the JSON document in FILE.
py() {
    python3 -c "import json,sys; d = json.load(open(sys.argv[1])); print($1)" "$2"
}

one_driver() { # one_driver NAME OPTIONS...
    local d=$1 out=$work/$1
    shift
    local O="$* --tables=2 --table_size=500"
    run oltp_read_write $O prepare
    status_is 0 "$d: prepare"
    "$BENCH" oltp_read_write $O --threads=2 --time=3 --report-interval=1 \
        --results="$out.json" --hdr-log="$out.hlog" run >"$out.txt" 2>&1
    ok $? "$d: run with --results and --hdr-log" "$(tail -5 "$out.txt")"
    OUT=$($CHECK doc "$out.json" "$out.txt" 2>&1)
    ok $? "$d: document valid, records decode, totals are the report's" "$OUT"
    OUT=$($CHECK hlog "$out.hlog" "$out.json" 2>&1)
    ok $? "$d: interval log read by hdrh" "$OUT"
    tags=$(printf '%s\n' "$OUT" | sed -n 's/.*tags //p')
    [ "$(py 'd["database"]["driver"]' "$out.json")" = "$d" ]
    ok $? "$d: the document names the driver"
    py 'd["database"]["server_version"] + " / " + d["database"]["client_version"]' \
        "$out.json" >"$out.ver" 2>&1
    ok $? "$d: and the server's and client's versions" "$(cat "$out.ver")"
    echo "# $d: $(cat "$out.ver")"
    ! grep -q sbtest-pw "$out.json"
    ok $? "$d: the password appears nowhere in the document"
    if [ "$(py 'len(d.get("kinds", []))' "$out.json")" = 0 ]; then
        skip "$d: kinds add up to the totals" "no statement kinds measured"
        skip "$d: a log tag per kind"
    else
        [ "$(py 'sum(k["reads"] + k["writes"] + k["other"] for k in d["kinds"]) == d["totals"]["queries"]["total"]' "$out.json")" = True ]
        ok $? "$d: kinds add up to the totals" "$(py 'd["kinds"]' "$out.json")"
        case ",$tags," in *,point_select,*) r=0 ;; *) r=1 ;; esac
        ok $r "$d: a log tag per kind" "tags: $tags"
    fi
    "$BENCH" oltp_read_write $O --time=2 --report-interval=1 --format=csv \
        --results="$out.c.json" run >"$out.csv" 2>"$out.err"
    ok $? "$d: run with --format=csv" "$(tail -5 "$out.err")"
    OUT=$($CHECK csv "$out.csv" "$out.c.json" 2>&1)
    ok $? "$d: CSV parsed, the document's figures" "$OUT"
    run oltp_read_write $O cleanup
}

[ -n "${BENCH_TEST_MYSQL:-}" ] && one_driver mysql $(my_opts $DB)
[ -n "${BENCH_TEST_PGSQL:-}" ] && one_driver pgsql $(pg_opts $DB)
finish
