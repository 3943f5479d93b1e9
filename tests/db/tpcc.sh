#!/bin/bash
# SPDX-License-Identifier: MIT
# tpcc.sh (make check; make check-db): `bench tpcc` (docs/tpcc.md) on
# SQLite (always, no server) and on each live server (BENCH_TEST_MYSQL,
# BENCH_TEST_PGSQL as exported by `tests/db/servers.sh env`; a driver
# whose variable is unset is skipped), in a database of its own
# (bench_tpcc):
#  - the population of one warehouse (clause 4.3.3.1): exact rows per
#    table, ORDER-LINE 5..15 lines an order and sum(O_OL_CNT) rows, the
#    last names, 10% bad credit and "ORIGINAL" items;
#  - consistency conditions 1-4 (clause 3.3.2) after the load and after a
#    run of TPCC_TIME (15) seconds on 4 threads, and `check` naming the
#    first warehouse/district when a condition is broken (exit status 1);
#  - the mix (45/43/4/4/4, clause 5.2.3) within 1% from the run's result
#    document (the transaction kinds), tpmC printed;
#  - the stock rows New-Order updates (one statement for the order's rows,
#    an item ordered twice counted twice): S_YTD, S_ORDER_CNT and
#    S_REMOTE_CNT grow by the new order lines' quantities, count and
#    remote count, and each line's amount is its quantity times I_PRICE;
#  - Delivery (the ten districts' orders in one statement each): orders
#    without a carrier are those in NEW-ORDER, their lines the ones
#    without a delivery date (clause 3.3.2.5 and 3.3.2.7 in sum), and
#    C_DELIVERY_CNT counts the orders delivered since the load;
#  - two warehouses (TPCC_W2=0 skips them): remote order lines and
#    payments, the same conditions and stock counters after a run;
#  - NURand's three inputs against the exact distribution (chi-square at
#    0.001, and rejected under another C), C_DELTA within clause 2.1.6.1;
#  - bad options: one FATAL line each, exit status 1.
# TAP output. $BENCH: the bench under test (default ./bench).
set -u
. "$(dirname "$0")/lib.sh"
need_server_or_sqlite
DB=bench_tpcc
TPCC_TIME=${TPCC_TIME:-15}
TPCC_W2=${TPCC_W2:-1}
TPCC_W2_TIME=${TPCC_W2_TIME:-10}
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-tpcc.XXXXXX")
trap 'rm -rf "$work"' EXIT
case $BENCH in /*) ;; *) BENCH=$PWD/$BENCH ;; esac

# sql DRIVER_OPTS STATEMENTS: result rows, tab-separated.
sql() {
    # shellcheck disable=SC2086
    BENCH_SQL=$2 "$BENCH" $1 "$TESTS_DB_DIR/sql.lua" sql 2>&1 | tail -n +3
}

same() { # same GOT WANT NAME
    [ "$1" = "$2" ]
    ok $? "$3" "got: $1
want: $2"
}

# between VALUE LO HI NAME
between() {
    [ "$1" -ge "$2" ] && [ "$1" -le "$3" ]
    ok $? "$4 ($1 in $2..$3)" "$1 is not in $2..$3"
}

# -- NURand (no database) ------------------------------------------------

run "$TESTS_DB_DIR/tpcc_nurand.lua" fit
status_is 0 "NURand draws"
for f in "C_LAST NURand(255,0,999)" "C_ID NURand(1023,1,3000)" \
    "OL_I_ID NURand(8191,1,100000)"; do
    has_re "fit ${f//[()]/.}: chi2 = .*: pass" "$f fits its distribution"
    has_re "other C ${f//[()]/.}: chi2 = .*: fail" "$f: another C is rejected"
done
delta=$(printf '%s\n' "$OUT" | sed -n 's/^C_DELTA //p')
[ -n "$delta" ] && [ "$delta" -ge 65 ] && [ "$delta" -le 119 ] &&
    [ "$delta" != 96 ] && [ "$delta" != 112 ]
ok $? "C_DELTA ($delta) within 65..119, not 96 or 112 (clause 2.1.6.1)"

# -- One driver -------------------------------------------------------------

# population LABEL OPTS: the rows of one warehouse (clause 4.3.3.1).
population() {
    local label=$1 o=$2 got
    got=$(sql "$o" "SELECT COUNT(*) FROM warehouse1
SELECT COUNT(*) FROM district1
SELECT COUNT(*) FROM customer1
SELECT COUNT(*) FROM history1
SELECT COUNT(*) FROM orders1
SELECT COUNT(*) FROM new_orders1
SELECT COUNT(*) FROM stock1
SELECT COUNT(*) FROM item1" | tr '\n' ' ')
    same "$got" "1 10 30000 30000 30000 9000 100000 100000 " \
        "$label: rows of warehouse, district, customer, history, orders, new_orders, stock, item"
    got=$(sql "$o" "SELECT COUNT(*), MIN(n), MAX(n) FROM (SELECT COUNT(*) AS n FROM order_line1 GROUP BY ol_w_id, ol_d_id, ol_o_id) l
SELECT SUM(o_ol_cnt), MIN(o_ol_cnt), MAX(o_ol_cnt) FROM orders1
SELECT COUNT(*) FROM order_line1" | tr '\n' '\t')
    IFS=$'\t' read -r orders lo hi sum olo ohi lines <<<"$got"
    same "$orders $lo $hi" "30000 5 15" "$label: every order has 5..15 lines"
    same "$lines" "$sum" "$label: ORDER-LINE rows = sum(O_OL_CNT)"
    same "$olo $ohi" "5 15" "$label: O_OL_CNT in 5..15"
    between "$lines" 290000 310000 "$label: ORDER-LINE about 300,000 rows"
    got=$(sql "$o" "SELECT c_last FROM customer1 WHERE c_w_id = 1 AND c_d_id = 4 AND c_id = 372
SELECT COUNT(DISTINCT c_last) FROM customer1 WHERE c_d_id = 2 AND c_id <= 1000
SELECT COUNT(*) FROM orders1 WHERE o_carrier_id IS NULL
SELECT MIN(no_o_id), MAX(no_o_id) FROM new_orders1
SELECT COUNT(DISTINCT o_c_id) FROM orders1 WHERE o_d_id = 9
SELECT COUNT(*) FROM stock1 WHERE s_quantity < 10 OR s_quantity > 100" |
        tr '\n' ' ')
    same "$got" "PRICALLYOUGHT 1000 9000 2101	3000 3000 0 " \
        "$label: last names 0..999 in turn, 900 undelivered orders a district, customers a permutation"
    between "$(sql "$o" "SELECT COUNT(*) FROM customer1 WHERE c_credit = 'BC'")" \
        2700 3300 "$label: 10% of customers with bad credit"
    between "$(sql "$o" "SELECT COUNT(*) FROM item1 WHERE i_data LIKE '%ORIGINAL%'")" \
        9400 10600 "$label: 10% of items ORIGINAL"
}

# check_ok LABEL OPTS WHEN: `bench tpcc check` passes.
check_ok() {
    # shellcheck disable=SC2086
    run tpcc $2 check
    status_is 0 "$1: check $3"
    [ "$(printf '%s\n' "$OUT" | grep -c '^Consistency condition [1-4] (.*): OK$')" = 4 ]
    ok $? "$1: conditions 1-4 hold $3" "$OUT"
}

# stock_sums LABEL OPTS WHEN: the stock counters against the order lines
# New-Order added (O_ID above the 3,000 loaded a district; the load
# leaves the counters at 0).
stock_sums() {
    local got
    got=$(sql "$2" "SELECT SUM(s_ytd), SUM(s_order_cnt), SUM(s_remote_cnt) FROM stock1
SELECT SUM(ol_quantity), COUNT(*), SUM(CASE WHEN ol_supply_w_id <> ol_w_id THEN 1 ELSE 0 END) FROM order_line1 WHERE ol_o_id > 3000" |
        tr '\n' ' ')
    set -- "$1" "$2" "$3" $got
    [ $# = 9 ] && [ "$4 $5 $6" = "$7 $8 $9" ] && [ "$5" -gt 0 ]
    ok $? "$1: stock S_YTD, S_ORDER_CNT, S_REMOTE_CNT match the new order lines $3" "$got"
    got=$(sql "$2" "SELECT COUNT(*) FROM order_line1 JOIN item1 ON i_id = ol_i_id WHERE ol_o_id > 3000 AND ABS(ol_amount - ol_quantity * i_price) > 0.005")
    # (within half a cent: SQLite keeps both in floating point)
    same "$got" 0 "$1: every new order line's amount is its quantity times its item's price $3"
}

# delivery_sums LABEL OPTS WHEN: undelivered orders = NEW-ORDER rows, their
# lines = the undated lines, and sum(C_DELIVERY_CNT) = the orders
# delivered since the load (which delivers 2,100 a district and leaves
# the counts at 0).
delivery_sums() {
    local got
    got=$(sql "$2" "SELECT COUNT(*), SUM(o_ol_cnt) FROM orders1 WHERE o_carrier_id IS NULL
SELECT COUNT(*) FROM new_orders1
SELECT COUNT(*) FROM order_line1 WHERE ol_delivery_d IS NULL
SELECT SUM(c_delivery_cnt) FROM customer1
SELECT COUNT(*) - 2100 * COUNT(DISTINCT o_w_id * 100 + o_d_id) FROM orders1 WHERE o_carrier_id IS NOT NULL" |
        tr '\n' ' ')
    set -- "$1" "$2" "$3" $got
    [ $# = 9 ] && [ "$4" = "$6" ] && [ "$5" = "$7" ] && [ "$8" = "$9" ] && [ "$8" -gt 0 ]
    ok $? "$1: delivered orders, lines and C_DELIVERY_CNT agree $3" "$got"
}

# mix LABEL FILE: the transaction kinds of a result document within 1% of
# 45/43/4/4/4.
mix() {
    local got
    got=$(python3 - "$2" <<'PY'
import json, sys
k = {x["kind"]: x["reads"] + x["writes"] + x["other"]
     for x in json.load(open(sys.argv[1]))["kinds"]}
k["new-order"] = k.get("new-order", 0) + k.get("new-order rollback", 0)
want = {"new-order": 45, "payment": 43, "order-status": 4, "delivery": 4,
        "stock-level": 4}
total = sum(k.get(t, 0) for t in want)
out = ["%s %.2f%%" % (t, 100.0 * k.get(t, 0) / total) for t in want]
bad = [t for t in want if abs(100.0 * k.get(t, 0) / total - want[t]) > 1]
print("%d transactions: %s%s" % (total, ", ".join(out),
                                 "; off: " + ",".join(bad) if bad else ""))
PY
)
    printf '%s\n' "$got" | grep -qv 'off:' && [ "${got%% *}" -ge 1000 ]
    ok $? "$1: mix within 1% of 45/43/4/4/4 ($got)" "$got"
}

one_driver() { # one_driver LABEL OPTS
    local label=$1 o=$2
    # shellcheck disable=SC2086
    run tpcc $o cleanup
    # shellcheck disable=SC2086
    run tpcc $o --threads=2 prepare
    status_is 0 "$label: prepare"
    has "Loading warehouse 1 of set 1" "$label: prepare names the warehouse it loads"
    population "$label" "$o"
    check_ok "$label" "$o" "after the load"

    # shellcheck disable=SC2086
    run tpcc $o --threads=4 --time="$TPCC_TIME" --results="$work/$label.json" \
        --extended-report=on run
    status_is 0 "$label: run ${TPCC_TIME}s on 4 threads"
    has_re " +tpmC \(New-Order per minute\): +[0-9]+\.[0-9]{2}" "$label: tpmC printed"
    has_re " +new-order rollback +[0-9]+ .*" "$label: rollbacks are a kind of their own"
    lacks "ALERT" "$label: no ALERT (no row fetched from an empty result)"
    mix "$label" "$work/$label.json"
    check_ok "$label" "$o" "after the run"
    stock_sums "$label" "$o" "after the run"
    delivery_sums "$label" "$o" "after the run"

    sql "$o" "UPDATE district1 SET d_ytd = d_ytd + 1 WHERE d_w_id = 1 AND d_id = 3
UPDATE district1 SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = 1 AND d_id = 7" >/dev/null
    # shellcheck disable=SC2086
    run tpcc $o check
    status_is 1 "$label: check of broken tables"
    has "Consistency condition 1 (W_YTD = sum(D_YTD)): FAILED at warehouse 1"
    has "Consistency condition 2 (D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)): FAILED at warehouse 1, district 7"

    # shellcheck disable=SC2086
    run tpcc $o cleanup
    status_is 0 "$label: cleanup"
}

# two_warehouses LABEL OPTS: remote order lines and payments (1% and 15%,
# only with more than one warehouse) keep the conditions.
two_warehouses() {
    local label="$1, 2 warehouses" o="$2 --warehouses=2" remote
    # shellcheck disable=SC2086
    run tpcc $o cleanup
    # shellcheck disable=SC2086
    run tpcc $o --threads=2 prepare
    status_is 0 "$label: prepare"
    # shellcheck disable=SC2086
    run tpcc $o --threads=4 --time="$TPCC_W2_TIME" run
    status_is 0 "$label: run ${TPCC_W2_TIME}s on 4 threads"
    check_ok "$label" "$o" "after the run"
    stock_sums "$label" "$o" "after the run"
    delivery_sums "$label" "$o" "after the run"
    remote=$(sql "$o" "SELECT COUNT(*) FROM order_line1 WHERE ol_o_id > 3000 AND ol_supply_w_id <> ol_w_id")
    [ "${remote:-0}" -gt 0 ]
    ok $? "$label: some order lines supplied by the other warehouse ($remote)"
    remote=$(sql "$o" "SELECT COUNT(*) FROM history1 WHERE h_w_id <> h_c_w_id")
    [ "${remote:-0}" -gt 0 ]
    ok $? "$label: some payments of the other warehouse's customers ($remote)"
    # shellcheck disable=SC2086
    run tpcc $o cleanup
    status_is 0 "$label: cleanup"
}

# -- Bad input -----------------------------------------------------------

S="--db-driver=sqlite --sqlite-db=$work/tpcc.sqlite"
if [ -n "$HAS_SQLITE" ]; then
    for bad in "--warehouses=0 prepare|--warehouses=0: must be an integer in 1..100000" \
        "--tables=1.5 run|--tables=1.5: must be an integer in 1..1000" \
        "--bulk-load=fast prepare|--bulk_load=fast: auto, copy or insert" \
        "--think-times=on run|--keying-times and --think-times need --virtual-users (a terminal each, e.g. 10 per warehouse)"; do
        # shellcheck disable=SC2086
        run tpcc $S ${bad%%|*}
        status_is 1 "tpcc ${bad%%|*}"
        [ "$(printf '%s\n' "$OUT" | grep -c FATAL)" = 1 ] &&
            printf '%s\n' "$OUT" | grep -q "FATAL: .*${bad#*|}"
        ok $? "tpcc ${bad%%|*}: one FATAL line: ${bad#*|}" "$OUT"
    done
    one_driver sqlite "$S"
    [ "$TPCC_W2" = 1 ] && two_warehouses sqlite "$S"
fi

if [ -n "${BENCH_TEST_MYSQL:-}${BENCH_TEST_PGSQL:-}" ]; then
    createdb "$DB"
fi
[ -n "${BENCH_TEST_MYSQL:-}" ] && one_driver mysql "$(my_opts $DB)"
[ -n "${BENCH_TEST_PGSQL:-}" ] && one_driver pgsql "$(pg_opts $DB)"
if [ "$TPCC_W2" = 1 ]; then
    [ -n "${BENCH_TEST_MYSQL:-}" ] && two_warehouses mysql "$(my_opts $DB)"
    [ -n "${BENCH_TEST_PGSQL:-}" ] && two_warehouses pgsql "$(pg_opts $DB)"
fi

finish
