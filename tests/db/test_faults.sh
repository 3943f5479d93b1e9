#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_faults.sh: what bench does when a real server misbehaves during a
# run (issue point 4). On a second, disposable pair of servers, made for
# this run in a fresh /tmp/bench-db-fault.XXXXXX on free ports, stopped and
# removed at the end (the shared servers are never touched, and runs of
# this test side by side never meet):
#  - the server dies: without ignore-errors FATAL and status 1 at once
#    (within 5 s: a loaded machine is slow to reap a process; the run would
#    last 30 s); with them every worker reconnects once (counted, none given
#    up), the run goes on once the server is back, and prepared
#    statements work again;
#  - the session is killed (KILL / pg_terminate_backend): the same two ways;
#  - the server stalls (SIGSTOP): connecting ends with the init-timeout
#    FATAL (status 2) in --thread-init-timeout; a stalled run ends at
#    --time plus --forced-shutdown (status 2), never hangs;
#  - MariaDB refuses more prepared statements (max_prepared_stmt_count):
#    those connections emulate them, with one warning, and the run passes;
#  - and the cases of faults_extra.sh: a table dropped mid-run, a mute
#    server, the connection limit, a full disk, SIGINT/SIGTERM in prepare,
#    run and cleanup, --threads=4096.
# Needs root (servers.sh start). Set BENCH_FAULT_KEEP=1 to leave the
# servers running afterwards; BENCH_FAULT_ONLY=extra runs only the cases
# of faults_extra.sh (extra-mysql, extra-pgsql: one server's).
set -u
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/faults_extra.sh"

# Its own servers, but only where the test servers are set up: `make
# check` without them stays quick.
fault_servers_env
STALLED=
cleanup() {
    [ -n "$STALLED" ] && kill -CONT $STALLED 2>/dev/null
    extra_cleanup
    fault_servers_stop
}
[ "${BENCH_FAULT_KEEP:-}" = 1 ] || trap cleanup EXIT
fault_servers_start

my_root() {
    mariadb --no-defaults -uroot --socket="$BENCH_DB_DIR/mysql.sock" -N -e "$1"
}
pg_root() {
    runuser -u postgres -- "$PG_BIN/psql" -X -q -At -h "$BENCH_DB_DIR/pgsock" \
        -p "$BENCH_DB_PG_PORT" -d postgres -c "$1"
}

my_kill_sessions() {
    local id
    for id in $(my_root "SELECT id FROM information_schema.processlist WHERE user = 'sbtest'"); do
        my_root "KILL $id" 2>/dev/null
    done
}
pg_kill_sessions() {
    pg_root "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'sbtest'" \
        >/dev/null
}

# Stalls: the server's processes stop answering (SIGSTOP) until resume.
my_stall() {
    STALLED=$(cat "$BENCH_DB_DIR/mysql.pid")
    kill -STOP $STALLED
}
pg_stall_postmaster() { # new connections hang
    STALLED=$(head -n 1 "$BENCH_DB_DIR/pgdata/postmaster.pid")
    kill -STOP $STALLED
}
pg_stall_sessions() { # the backends of the run hang
    STALLED=$(pg_root "SELECT pid FROM pg_stat_activity WHERE usename = 'sbtest'")
    kill -STOP $STALLED
}
resume() {
    kill -CONT $STALLED
    STALLED=
}


# fault DRIVER ACTION LABEL OPTS...: a run that ACTION interrupts and that
# nothing ignores: FATAL, status 1, at once: within 5 s of the fault (about
# 0.1 s idle; loose for a loaded machine, and far from the run's 30 s).
fatal_fault() {
    local drv=$1 action=$2 label=$3 t0
    shift 3
    bg_run "$SQL_API" "$@" --scenario=select --threads=2 --time=30 \
        --report-interval=1 run
    wait_running
    ok $? "$drv: $label: the run is under way"
    $action
    t0=$(now_ms) # the fault is complete (KILL and pg_ctl take a while)
    bg_wait
    status_is 1 "$drv: $label without ignore-errors"
    [ $((END_MS - t0)) -le 5000 ]
    ok $? "$drv: $label: exits $((END_MS - t0)) ms after the fault (<= 5000)"
    has_re "FATAL: .*" "$drv: $label: FATAL line"
}


# ignored_fault DRIVER ACTION LABEL DOWN OPTS...: the same with the errors
# ignored: the run reconnects and goes on; DOWN seconds without server.
# A restart takes seconds on a loaded machine, so the run is long and is
# stopped with SIGTERM (its report, status 143) once it has recovered,
# rather than given a fixed time the restart might outlast.
ignored_fault() {
    local drv=$1 action=$2 label=$3 down=$4 n since
    shift 4
    bg_run "$SQL_API" "$@" --scenario=select --threads=2 --time=50 \
        --report-interval=1 run
    wait_running
    ok $? "$drv: $label: the run is under way"
    $action
    if [ "$down" != 0 ]; then
        sleep "$down"
        restart "$drv"
    fi
    since=$(wc -l <"$BG_OUT")
    recovered "$since"
    ok $? "$drv: $label: statements work again after the reconnect" "$(cat "$BG_OUT")"
    settled "$since"
    bg_stop
    bg_wait
    status_is 143 "$drv: $label with ignore-errors: the run goes on until stopped"
    n=$(reconnects)
    [ "${n:-0}" -eq 2 ]
    ok $? "$drv: $label: each thread reconnected once (${n:-none}, want 2)" "$OUT"
    n=$(ignored_errors)
    [ "${n:-1}" -eq 0 ]
    ok $? "$drv: $label: no reconnect given up (ignored errors: ${n:-none})" "$OUT"
    lacks "wrong answer" "$drv: $label: answers right after the reconnect"
    restart "$drv"
}

# rate_fault DRIVER ACTION OPTS...: a --rate run whose server dies for a
# second: the schedule is kept (every scheduled event runs, the backlog
# after the reconnect included) and latency counts from the intended start.
rate_fault() {
    local drv=$1 action=$2 n max
    shift 2
    bg_run "$SQL_API" "$@" --scenario=select --threads=2 --rate=100 --time=8 \
        --report-interval=1 run
    wait_running
    ok $? "$drv: --rate run: under way"
    $action
    sleep 1
    restart "$drv"
    bg_wait
    status_is 0 "$drv: --rate run with the server killed for a second"
    n=$(printf '%s\n' "$OUT" | sed -n 's/^ *total number of events: *//p')
    [ "${n:-0}" -ge 790 ] && [ "${n:-0}" -le 808 ]
    ok $? "$drv: --rate=100 for 8 s keeps its schedule through the outage ($n events)" "$OUT"
    max=$(printf '%s\n' "$OUT" | sed -n 's/^ *max: *\([0-9]*\).*/\1/p')
    [ "${max:-0}" -ge 500 ]
    ok $? "$drv: --rate: latency counts from the intended start (max ${max} ms)" "$OUT"
    [ "$(reconnects)" -ge 1 ] 2>/dev/null
    ok $? "$drv: --rate: reconnects counted" "$OUT"
}

# gone_fault DRIVER ACTION OPTS...: the server dies and stays down; the
# errors are ignored, so every worker waits in its reconnect loop: the run
# still ends at --time with its report (it used to wait there for ever:
# nothing looked at --time outside the event loop). At --time is about 2 s
# after the fault; within 10 s allows for a loaded machine.
gone_fault() {
    local drv=$1 action=$2 t0
    shift 2
    bg_run "$SQL_API" "$@" --scenario=select --threads=2 --time=3 \
        --report-interval=1 run
    wait_running
    ok $? "$drv: server gone for good: the run is under way"
    t0=$(now_ms)
    $action
    bg_wait
    restart "$drv"
    status_is 0 "$drv: server gone for good, ignore-errors: the run ends"
    [ $((END_MS - t0)) -le 10000 ]
    ok $? "$drv: server gone for good: ends at --time ($((END_MS - t0)) ms after the fault)" "$OUT"
    has_re " *total number of events: +[1-9][0-9]*"
}

# stall_connect DRIVER ACTION OPTS...: connecting to a stalled server
# gives up at --thread-init-timeout (2 s), before the drivers' 10 s connect
# timeout: the whole command within 8 s on a loaded machine.
stall_connect() {
    local drv=$1 action=$2
    shift 2
    $action
    run "$SQL_API" "$@" --scenario=connect --events=1 --thread-init-timeout=2 run
    resume
    status_is 2 "$drv: connect to a stalled server"
    has "FATAL: Worker threads failed to initialize within 2 seconds!"
    [ "$SECS" -le 8 ]
    ok $? "$drv: stalled connect gives up in --thread-init-timeout (${SECS}s)"
}

# stall_run DRIVER ACTION OPTS...: the server stalls during a run, which
# ends at --time + --forced-shutdown, about 2 s after the stall (within
# 10 s on a loaded machine; a stalled server would hold it for ever).
stall_run() {
    local drv=$1 action=$2 t0
    shift 2
    bg_run "$SQL_API" "$@" --scenario=select --threads=1 --time=2 \
        --forced-shutdown=1 --report-interval=1 run
    wait_running
    ok $? "$drv: stalled server: the run is under way"
    t0=$(now_ms)
    $action
    bg_wait
    resume
    status_is 2 "$drv: stalled server: --forced-shutdown ends the run"
    has "FATAL: The --max-time limit has expired, forcing shutdown..."
    has_re " *Number of unfinished transactions on forced shutdown: +1"
    [ $((END_MS - t0)) -le 10000 ]
    ok $? "$drv: stalled server: exits at --time + --forced-shutdown ($((END_MS - t0)) ms after the stall)"
}

mysql_faults() {
    local O="$BENCH_TEST_MYSQL"
    fatal_fault mysql my_crash "server killed" $O
    restart mysql
    ignored_fault mysql my_crash "server killed" 1 $O --mysql-ignore-errors=all
    ignored_fault mysql my_crash "server killed (--db-ignore-errors)" 1 $O \
        --db-ignore-errors=2013,2006
    rate_fault mysql my_crash $O --mysql-ignore-errors=all
    gone_fault mysql my_crash $O --mysql-ignore-errors=all
    fatal_fault mysql my_kill_sessions "session killed with KILL" $O
    ignored_fault mysql my_kill_sessions "session killed with KILL" 0 $O \
        --mysql-ignore-errors=2013,2006,1927,4031

    stall_connect mysql my_stall $O
    stall_run mysql my_stall $O

    # max_prepared_stmt_count: 4 threads want 8 statements at once
    my_root "SET GLOBAL max_prepared_stmt_count = 4"
    run "$SQL_API" $O --scenario=select --prepare-each=on --threads=4 --time=2 run
    my_root "SET GLOBAL max_prepared_stmt_count = DEFAULT"
    status_is 0 "mysql: max_prepared_stmt_count reached: the run passes"
    [ "$(printf '%s\n' "$OUT" | grep -c '^WARNING: ')" = 1 ]
    ok $? "mysql: max_prepared_stmt_count: one warning" "$OUT"
    has_re "WARNING: mysql: the server refuses more prepared statements \(1461: .*\); emulating them on such connections"
    lacks "wrong answer" "mysql: emulated statements answer right"
}

pgsql_faults() {
    local O="--db-driver=pgsql $BENCH_TEST_PGSQL"
    stall_connect pgsql pg_stall_postmaster $O
    stall_run pgsql pg_stall_sessions $O
    fatal_fault pgsql pg_crash "server killed" $O
    restart pgsql
    ignored_fault pgsql pg_crash "server killed" 1 $O --pgsql-ignore-errors=all
    ignored_fault pgsql pg_crash "server killed (SQLSTATE class 08, 57)" 1 $O \
        --pgsql-ignore-errors=08,57
    rate_fault pgsql pg_crash $O --pgsql-ignore-errors=all
    gone_fault pgsql pg_crash $O --pgsql-ignore-errors=all
    fatal_fault pgsql pg_kill_sessions "session killed with pg_terminate_backend" $O
    ignored_fault pgsql pg_kill_sessions "session killed with pg_terminate_backend" 0 \
        $O --pgsql-ignore-errors=08,57P01
}

# The MariaDB and the PostgreSQL cases run side by side (each restarts,
# stalls and reconfigures only its own server), and so do the mute
# servers' (no server: they wait out connect timeouts); --threads=4096
# loads the machine too much to run beside cases that time an exit, so
# both drivers' come after them.
mysql_half() {
    [ -n "${BENCH_FAULT_ONLY:-}" ] || mysql_faults
    mysql_faults_extra
}
pgsql_half() {
    [ -n "${BENCH_FAULT_ONLY:-}" ] || pgsql_faults
    pgsql_faults_extra
}
mute_mysql() { mute_extra mysql; }
mute_pgsql() { mute_extra pgsql; }
many_mysql() { many_threads_extra mysql; }
many_pgsql() { many_threads_extra pgsql; }
half_cleanup() {
    [ -n "$STALLED" ] && kill -CONT $STALLED 2>/dev/null
    extra_cleanup
}
HALF_CLEANUP=half_cleanup
in_parallel mysql_half pgsql_half mute_mysql mute_pgsql
in_parallel many_mysql many_pgsql
finish
