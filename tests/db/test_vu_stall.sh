#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_vu_stall.sh: under --virtual-users a call that waits for the server
# yields its user and never blocks the worker's other users (issue 19),
# on a disposable pair of servers (fault_servers_env: a fresh
# /tmp/bench-db-fault.XXXXXX on free ports; the shared servers are never
# touched). One worker, four users (vu_stall.lua):
#  - MariaDB: user 1 prepares and closes a statement in a loop on a
#    connection made through a TCP proxy (stall_proxy.py) that the test
#    stops (SIGSTOP) for 3 s: its prepare waits those 3 s while the users
#    connected directly go on in every interval line;
#  - PostgreSQL: one user's session is killed while the postmaster is
#    stopped (SIGSTOP): its reconnect hangs for 3 s while the others go
#    on, then it reconnects (counted) and the run completes;
#  - a server stopped from the start (SIGSTOP: the kernel completes the
#    TCP handshake, nothing answers): the users' connect fails after the
#    drivers' connect timeout (10 s) with thread mode's FATAL lines, and
#    so does thread mode's, never a hang;
#  - a PostgreSQL server that answers each step slowly (2 s, through the
#    proxy) but takes over 10 s in all: the users connect.
# Needs root (servers.sh start).
set -u
. "$(dirname "$0")/lib.sh"

STALL_LUA=$TESTS_DB_DIR/vu_stall.lua
fault_servers_env
STALLED=
PROXY=
# What a half has stopped or started (each half runs in a subshell:
# in_parallel runs this when it exits, the EXIT trap at the end).
cleanup() {
    [ -n "$STALLED" ] && kill -CONT $STALLED 2>/dev/null
    [ -n "$PROXY" ] && kill $PROXY 2>/dev/null
}
trap 'cleanup; fault_servers_stop' EXIT
HALF_CLEANUP=cleanup
fault_servers_start
pg_root() {
    runuser -u postgres -- "$PG_BIN/psql" -X -q -At -h "$BENCH_DB_DIR/pgsock" \
        -p "$BENCH_DB_PG_PORT" -d postgres -c "$1"
}
postmaster() { head -n 1 "$BENCH_DB_DIR/pgdata/postmaster.pid"; }
# no_idle_interval FIRST LAST: every interval line labelled FIRST s to
# LAST s counts events, and one line at most is missing: a reporter that
# wakes more than an interval late under load skips a slot (RT-8).
no_idle_interval() {
    printf '%s\n' "$OUT" | awk -v a="$1" -v b="$2" '
        /^\[ [0-9]+s \]/ { s = substr($2, 1, length($2) - 1) + 0
            if (s < a || s > b) next
            n++
            if ($0 ~ /tps: 0\.00 /) idle++ }
        END { exit !(idle == 0 && n >= b - a) }'
}
# start_proxy NAME TARGET_PORT [DELAY]: stall_proxy.py on PROXY_PORT (PID
# in PROXY), once it listens.
start_proxy() {
    local i log=$BENCH_DB_DIR/proxy-$1.log
    PROXY_PORT=$(free_port)
    python3 "$TESTS_DB_DIR/stall_proxy.py" "$PROXY_PORT" "$2" ${3:-} >"$log" 2>&1 &
    PROXY=$!
    for ((i = 0; i < 50; i++)); do
        grep -qs listening "$log" && break
        sleep 0.1
    done
}
VU="--threads=1 --virtual-users=4 --report-interval=1"

O_MY="--db-driver=mysql $BENCH_TEST_MYSQL"
O_PG="--db-driver=pgsql $BENCH_TEST_PGSQL"

# MariaDB: user 1's prepare stalls (its connection through the proxy).
mysql_stalled_prepare() {
    start_proxy mysql "$BENCH_DB_MY_PORT"
    run "$STALL_LUA" $O_MY prepare
    status_is 0 "mysql: prepare"
    # Users 0, 2 connect to the server, 1 and 3 through the proxy (MY-3).
    bg_run "$STALL_LUA" $O_MY --mysql-port="$BENCH_DB_MY_PORT,$PROXY_PORT" \
        --stall=loop $VU --time=7 run
    wait_running
    ok $? "mysql: stalled prepare: the run is under way"
    STALLED=$PROXY
    kill -STOP $PROXY
    sleep 3
    kill -CONT $PROXY
    STALLED=
    bg_wait
    kill $PROXY
    PROXY=
    status_is 0 "mysql: a prepare stalls for 3 s: the run completes"
    ms=$(printf '%s\n' "$OUT" | sed -n 's/^longest prepare: \([0-9]*\) ms/\1/p')
    [ "${ms:-0}" -ge 2500 ]
    ok $? "mysql: the prepare waited (${ms:-?} ms)" "$OUT"
    no_idle_interval 2 4
    ok $? "mysql: the worker's other users ran meanwhile" "$OUT"
}

# PostgreSQL: one user's reconnect hangs on the stopped postmaster.
pgsql_reconnect() {
    local victim n
    bg_run "$STALL_LUA" $O_PG --pgsql-ignore-errors=all $VU --time=8 run
    wait_running
    ok $? "pgsql: reconnect: the run is under way"
    victim=$(pg_root "SELECT pid FROM pg_stat_activity WHERE usename = 'sbtest' LIMIT 1")
    STALLED=$(postmaster)
    kill -STOP $STALLED
    kill -TERM $victim
    sleep 3
    kill -CONT $STALLED
    STALLED=
    bg_wait
    status_is 0 "pgsql: a user's session killed, its reconnect hangs: the run completes"
    n=$(reconnects)
    [ "${n:-0}" -ge 1 ]
    ok $? "pgsql: the reconnect is counted (${n:-none})" "$OUT"
    no_idle_interval 2 7
    ok $? "pgsql: the other users ran while it hung" "$OUT"
}

# connect_timeout DRIVER PID OPTS...: the server stopped, bench's
# connects, in thread mode and with virtual users side by side, end with
# the timeout's FATAL lines, the same in both modes.
connect_timeout() {
    local drv=$1 pid=$2 t0 out_threads pid_threads fatal_threads
    shift 2
    STALLED=$pid
    kill -STOP $STALLED
    t0=$(now_ms)
    bg_run "$STALL_LUA" "$@" --threads=2 --time=5 run
    out_threads=$BG_OUT pid_threads=$BG_PID
    bg_run "$STALL_LUA" "$@" --threads=2 --virtual-users=6 --time=5 run
    local out_vu=$BG_OUT pid_vu=$BG_PID
    BG_OUT=$out_threads BG_PID=$pid_threads
    bg_wait
    timed_out "$drv" threads "$t0"
    fatal_threads=$(printf '%s\n' "$OUT" | grep FATAL | sort -u)
    BG_OUT=$out_vu BG_PID=$pid_vu
    bg_wait
    timed_out "$drv" vu "$t0"
    kill -CONT $STALLED
    STALLED=
    has_re "FATAL: .*(timeout expired|system error: 110)" \
        "$drv: the timeout's error"
    [ "$fatal_threads" = "$(printf '%s\n' "$OUT" | grep FATAL | sort -u)" ]
    ok $? "$drv: the same FATAL lines as thread mode" \
        "$(printf 'threads:\n%s\nvirtual users:\n%s' "$fatal_threads" \
            "$(printf '%s\n' "$OUT" | grep FATAL | sort -u)")"
}
# After the 10 s connect timeout: from 9 s, and under 25 s (a loaded
# machine ends late; --thread-init-timeout's FATAL would come at 30 s).
timed_out() { # timed_out DRIVER MODE T0: checks the run bg_wait collected
    status_is 1 "$1: $2: the server stopped: the connect fails"
    [ $((END_MS - $3)) -ge 9000 ] && [ $((END_MS - $3)) -le 25000 ]
    ok $? "$1: $2: after the connect timeout ($((END_MS - $3)) ms, 10 s)" "$OUT"
}

# PostgreSQL behind a proxy that holds each answer 2 s: the connect's
# exchanges (about seven, 14 s; a loaded machine only adds to that) take
# longer than 10 s in all, but the server never stays silent for 10 s, so
# the users connect (the timeout counts from the last answer; thread
# mode's libpq counts from the start and fails).
pgsql_slow_server() {
    local t0 t1
    start_proxy pgsql "$BENCH_DB_PG_PORT" 2
    t0=$(now_ms)
    run "$STALL_LUA" ${O_PG/--pgsql-port=$BENCH_DB_PG_PORT/--pgsql-port=$PROXY_PORT} \
        --threads=1 --virtual-users=2 --events=2 run
    t1=$(now_ms)
    kill $PROXY
    PROXY=
    status_is 0 "pgsql: a slow server that answers: the users connect"
    [ $((t1 - t0)) -ge 10000 ]
    ok $? "pgsql: slow server: the connect took over 10 s in all ($((t1 - t0)) ms)" "$OUT"
}

# Each driver's cases stop and stall only its own server: the two halves
# run side by side.
mysql_half() {
    mysql_stalled_prepare
    connect_timeout mysql "$(cat "$BENCH_DB_DIR/mysql.pid")" $O_MY
}
pgsql_half() {
    pgsql_reconnect
    connect_timeout pgsql "$(postmaster)" $O_PG
    pgsql_slow_server
}
in_parallel mysql_half pgsql_half
finish
