#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_selfcheck.sh: bench's per statement kind figures and the client
# self-check against real servers (issue 15 items 2, 5, 6):
#  - with --extended-report=on, the kinds' counts by class equal sysbench's
#    read/write/other counts (a DELETE matching no row is other, a failed
#    INSERT an ignored error in no class), in the stat table and in the
#    text's kind table of oltp_read_write, with --virtual-users too;
#  - errors by native code and SQLSTATE, ignored or fatal;
#  - the client-bound WARNING fires when each event adds a CPU-heavy Lua
#    loop to a point select, and not on an ordinary point-select run.
# Needs the environment of `tests/db/servers.sh env`. Private database:
# bench_selfcheck.
set -u
. "$(dirname "$0")/lib.sh"
need_servers
DB=bench_selfcheck
SCRIPT=$TESTS_DB_DIR/selfcheck.lua
WARN="WARNING: the client limited this result"
createdb $DB

# kinds LABEL OPTS...: the hook's sums equal sysbench's counts.
kinds() {
    local label=$1 k s
    shift
    run "$SCRIPT" "$@" --mixed=1 --events=200 --threads=2 --extended-report=on run
    status_is 0 "$label: mixed statements"
    k=$(printf '%s\n' "$OUT" | sed -n 's/^kinds r\/w\/o: //p')
    s=$(printf '%s\n' "$OUT" | sed -n 's/^stats r\/w\/o: //p')
    [ -n "$k" ] && [ "$k" = "$s" ]
    ok $? "$label: kinds' reads/writes/other ($k) = sysbench's ($s)" "$OUT"
    has_re "kind point select: 200/0/0 errors 0" "$label: point selects are reads"
    has_re "kind delete: 0/0/200 errors 0" "$label: a DELETE of no row is other"
    has_re "kind insert: 0/0/0 errors 200" "$label: a failed INSERT is an error"
    has_re "kind count: 200/0/0 errors 0" "$label: a script's own label"
    has_re "kinds errors: 200, stats errors: 200" "$label: errors as sysbench counts them"
    has_re "    $ERRCODE +ignored +200" "$label: errors by code"
}

# oltp_kinds LABEL OPTS...: oltp_read_write's kind table adds up.
oltp_kinds() {
    local label=$1 sum total
    shift
    run oltp_read_write "$@" --tables=1 --table-size=200 prepare
    status_is 0 "$label: oltp prepare"
    run oltp_read_write "$@" --tables=1 --table-size=200 --events=50 \
        --extended-report=on run
    status_is 0 "$label: oltp_read_write"
    sum=$(printf '%s\n' "$OUT" | sed -n '/^Latency by statement kind/,/^$/p' |
        awk 'NR > 2 && NF { n += $(NF - 5) } END { print n + 0 }')
    total=$(printf '%s\n' "$OUT" | sed -n 's/^ *total: *//p')
    [ "$sum" = "$total" ] && [ "$total" -gt 0 ]
    ok $? "$label: the kinds' counts add up to the queries ($sum = $total)" "$OUT"
    has_re "    point select +500 +0 .*" "$label: ten point selects an event"
    has_re "    begin/commit +100 +0 .*" "$label: BEGIN and COMMIT"
    run oltp_read_write "$@" --tables=1 --table-size=200 --time=2 \
        --virtual-users=4 --threads=1 --extended-report=on run
    status_is 0 "$label: oltp_read_write, virtual users"
    sum=$(printf '%s\n' "$OUT" | sed -n '/^Latency by statement kind/,/^$/p' |
        awk 'NR > 2 && NF { n += $(NF - 5) } END { print n + 0 }')
    total=$(printf '%s\n' "$OUT" | sed -n 's/^ *total: *//p')
    [ "$sum" = "$total" ] && [ "$total" -gt 0 ]
    ok $? "$label: virtual users' non-blocking calls count alike ($sum = $total)" "$OUT"
    run oltp_read_write "$@" --tables=1 cleanup
}

# warning LABEL OPTS...: the WARNING of a client-bound run, and none on
# an ordinary one.
warning() {
    local label=$1
    shift
    run "$SCRIPT" "$@" --spin=20000000 --time=4 --extended-report=on run
    status_is 0 "$label: a CPU-heavy loop in each event"
    printf '%s\n' "$OUT" | grep -qxE "$WARN: its workers spent [0-9]+% of their time on a CPU rather than waiting for the server \([0-9.]+ CPUs\)"
    ok $? "$label: WARNING: the client was the bottleneck" \
        "$(printf '%s\n' "$OUT" | tail -15)"
    [ "$(printf '%s\n' "$OUT" | grep -c "^WARNING:")" = 1 ]
    ok $? "$label: one WARNING line" "$OUT"
    run "$SCRIPT" "$@" --time=3 --extended-report=on run
    status_is 0 "$label: an ordinary point-select run"
    lacks "$WARN" "$label: no WARNING on an ordinary run"
    has_re "    busy \(on a CPU when not waiting for one\): +[0-9.]+%, [0-9.]+ CPUs" \
        "$label: the self-check's figures"
}

if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    O="$(my_opts $DB) --mysql-ignore-errors=1062"
    ERRCODE="1062 \(23000\)"
    run "$SCRIPT" $O prepare
    status_is 0 "mysql: prepare"
    kinds mysql $O
    oltp_kinds mysql $(my_opts $DB)
    warning mysql $O
fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    O="$(pg_opts $DB) --pgsql-ignore-errors=23505"
    ERRCODE="0 \(23505\)"
    run "$SCRIPT" $O prepare
    status_is 0 "pgsql: prepare"
    kinds pgsql $O
    oltp_kinds pgsql $(pg_opts $DB)
    warning pgsql $O
fi
finish
