# SPDX-License-Identifier: MIT
# lib.sh: TAP helpers for the shell tests of tests/db (sourced). Needs
# BENCH (the bench binary). Each check prints "ok N - name" or
# "not ok N - name" with the output that failed; finish() prints the plan
# and a summary and exits non-zero when a check failed.

TESTS_DB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SQL_API="$TESTS_DB_DIR/sql_api.lua"
# free_port, shared with perf/lib.sh: a port for a disposable server.
. "$TESTS_DB_DIR/free_port.sh"
: "${BENCH:=./bench}"
tap_n=0
tap_failed=0
OUT=    # output of the last run()
STATUS= # its exit status
SECS=   # its wall time in seconds (integer, rounded up)

ok() { # ok COND_STATUS NAME [DIAGNOSTIC]
    tap_n=$((tap_n + 1))
    if [ "$1" = 0 ]; then
        echo "ok $tap_n - $2"
    else
        tap_failed=$((tap_failed + 1))
        echo "not ok $tap_n - $2"
        [ -n "${3:-}" ] && printf '%s\n' "$3" | sed 's/^/# /' | head -40
    fi
}

skip() { # skip NAME [REASON]
    tap_n=$((tap_n + 1))
    echo "ok $tap_n - $1 # SKIP ${2:-}"
}

# need_servers [mysql|pgsql]: exits 77, automake's SKIP, unless the
# variables of `tests/db/servers.sh env` name that server (or either).
# `make check` runs the database tests and skips them this way without
# servers; `make check-db` requires both.
need_servers() {
    case ${1:-either} in
    mysql) [ -n "${BENCH_TEST_MYSQL:-}" ] ;;
    pgsql) [ -n "${BENCH_TEST_PGSQL:-}" ] ;;
    *) [ -n "${BENCH_TEST_MYSQL:-}${BENCH_TEST_PGSQL:-}" ] ;;
    esac && return 0
    echo "1..0 # SKIP no ${1:-database} server: eval \"\$(tests/db/servers.sh env)\" first"
    exit 77
}

# has_sqlite: bench was built with the sqlite driver.
has_sqlite() {
    "$BENCH" --db-driver=sqlite --help 2>/dev/null | grep -q '^  sqlite - '
}

# need_server_or_sqlite: exits 77 (SKIP) unless the variables of a server
# are set or bench has the sqlite driver (which needs none); sets
# HAS_SQLITE to 1 or empty.
need_server_or_sqlite() {
    HAS_SQLITE=
    has_sqlite && HAS_SQLITE=1
    [ -n "${BENCH_TEST_MYSQL:-}${BENCH_TEST_PGSQL:-}$HAS_SQLITE" ] && return 0
    echo "1..0 # SKIP neither a server nor the sqlite driver"
    exit 77
}

# run ARGS...: runs bench under a timeout, keeps stdout+stderr in OUT.
run() {
    local t0 t1
    t0=$(date +%s%N)
    OUT=$(timeout 60 "$BENCH" "$@" 2>&1)
    STATUS=$?
    t1=$(date +%s%N)
    SECS=$(((t1 - t0 + 999999999) / 1000000000))
}

# has LINE [NAME]: the last run printed LINE as a whole line.
has() {
    printf '%s\n' "$OUT" | grep -qxF -- "$1"
    ok $? "${2:-prints: $1}" "$OUT"
}

# lacks TEXT [NAME]: the last run's output does not contain TEXT.
lacks() {
    ! printf '%s\n' "$OUT" | grep -qF -- "$1"
    ok $? "${2:-does not print: $1}" "$OUT"
}

# has_re REGEX [NAME]: a whole line of the last run matches REGEX (ERE).
has_re() {
    printf '%s\n' "$OUT" | grep -qxE -- "$1"
    ok $? "${2:-prints a line matching: $1}" "$OUT"
}

status_is() { # status_is N NAME
    [ "$STATUS" = "$1" ]
    ok $? "$2 (exit status $1)" "exit status $STATUS; output:
$OUT"
}

# Runs the in-process checks of sql_api.lua and turns its lines into TAP:
# "ok - x" / "not ok - x" lines, and each "# expect: MSG" must be followed
# by the line "ALERT: MSG" or "FATAL: MSG" (the message the call printed).
api_checks() { # api_checks LABEL ARGS...
    local label=$1 prev= want= line
    shift
    run "$SQL_API" "$@" prepare
    status_is 0 "$label: sql_api.lua prepare"
    while IFS= read -r line; do
        if [ -n "$want" ]; then
            case $line in "(last message repeated "*) continue ;; esac
            [ "$line" = "ALERT: $want" ] || [ "$line" = "FATAL: $want" ]
            ok $? "$label: prints '$want'" "next line: $line"
            want=
        fi
        case $line in
        "ok - "*) ok 0 "$label: ${line#ok - }" ;;
        "not ok - "*) ok 1 "$label: ${line#not ok - }" ;;
        "# expect: "*) want=${line#\# expect: } ;;
        "(last message repeated "*) continue ;; # the log's, of an earlier line
        "# "*) [ -n "$prev" ] && echo "$line" ;;
        esac
        case $line in "not ok"*) prev=1 ;; "# "*) ;; *) prev= ;; esac
    done <<<"$OUT"
    printf '%s\n' "$OUT" | grep -qx '# checks done'
    ok $? "$label: ran to the end" "$(printf '%s\n' "$OUT" | tail -20)"
}

# counters DRIVER OPTS...: the report's read/write/other of the counters
# scenario: per event 3 reads, 3 writes, 4 others (BEGIN, COMMIT, an UPDATE
# and a prepared DELETE matching no row), plus thread_init's DROP and
# CREATE (SQL-8, REP-2).
counters() {
    local label=$1
    shift
    run "$SQL_API" "$@" --scenario=counters --events=10 run
    status_is 0 "$label: counters scenario"
    has_re " +read: +30" "$label: reads counted (query, statement, query_row)"
    has_re " +write: +30" "$label: writes counted (INSERT, UPDATE of a row, bulk insert)"
    has_re " +other: +42" "$label: others counted (BEGIN, COMMIT, no rows changed, DDL)"
}

# Option strings for a private database of a test file (the servers'
# sbtest database is shared by everyone).
my_opts() { # my_opts DB
    echo "${BENCH_TEST_MYSQL/--mysql-db=sbtest/--mysql-db=$1}"
}
pg_opts() {
    echo "--db-driver=pgsql ${BENCH_TEST_PGSQL/--pgsql-db=sbtest/--pgsql-db=$1}"
}

# createdb DB: makes the private database on both servers.
createdb() {
    if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
        run "$SQL_API" $BENCH_TEST_MYSQL --newdb="$1" createdb
        status_is 0 "mysql: create database $1"
    fi
    if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
        run "$SQL_API" --db-driver=pgsql $BENCH_TEST_PGSQL --newdb="$1" createdb
        status_is 0 "pgsql: create database $1"
    fi
}

finish() {
    echo "1..$tap_n"
    echo "$((tap_n - tap_failed)) passed, $tap_failed failed"
    [ "$tap_failed" = 0 ]
}

# fault_servers_env: for the fault tests, which start a disposable pair of
# servers: skips (77) unless the test servers are set up and we are root,
# then exports BENCH_DB_DIR (a new directory) and two free ports for
# servers.sh ($SERVERS). The caller stops the servers and removes the
# directory (fault_servers_stop, from its EXIT trap).
fault_servers_env() {
    need_servers
    if [ "$(id -u)" != 0 ]; then
        echo "1..0 # SKIP fault tests start their own servers and need root"
        exit 77
    fi
    SERVERS="$TESTS_DB_DIR/servers.sh"
    BENCH_DB_DIR=$(mktemp -d /tmp/bench-db-fault.XXXXXX)
    BENCH_DB_MY_PORT=$(free_port)
    BENCH_DB_PG_PORT=$(free_port)
    export BENCH_DB_DIR BENCH_DB_MY_PORT BENCH_DB_PG_PORT
}

# fault_servers_start [mysql]: starts the disposable servers (both, or
# MariaDB only) and takes their environment (BENCH_TEST_*, PG_BIN); when
# they do not start, prints why and a failed test, and exits 1.
fault_servers_start() {
    FAULT_SERVERS_ONLY=$*
    if ! "$SERVERS" start "$@" >"$BENCH_DB_DIR/start.log" 2>&1; then
        cat "$BENCH_DB_DIR/start.log"
        echo "not ok 1 - start the disposable servers${1:+ ($*)}"
        echo "1..1"
        exit 1
    fi
    eval "$("$SERVERS" env)"
    PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
}

fault_servers_stop() {
    "$SERVERS" stop >/dev/null 2>&1
    rm -rf "$BENCH_DB_DIR"
}

# The disposable server dies at once (no shutdown: connections just drop).
my_crash() { kill -KILL "$(cat "$BENCH_DB_DIR/mysql.pid")"; }
pg_crash() {
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$BENCH_DB_DIR/pgdata" -m immediate \
        -w stop >/dev/null 2>&1
}
# Starts the disposable servers again (those that are down). Right after
# a kill that can fail on a loaded machine (the old server's processes and
# files still in the way): tries for about half a minute, then says so
# with what the last attempt and the servers' logs said, for whoever
# reads the test's log.
# restart [mysql|pgsql]: only that server (halves of a test that run side
# by side with in_parallel each restart their own, never the other's).
restart() {
    local i out only=${1:-$FAULT_SERVERS_ONLY}
    for i in $(seq 1 15); do
        # shellcheck disable=SC2086
        out=$("$SERVERS" start $only 2>&1) && return 0
        sleep 2
    done
    {
        echo "# ${0##*/}: could not restart the servers: $out"
        tail -n 5 "$BENCH_DB_DIR/pg.log" "$BENCH_DB_DIR/mysql.err" 2>/dev/null |
            sed 's/^/# /'
    } >&2
    return 1
}

# -- A run in the background, for the fault tests ------------------------
now_ms() { echo $(($(date +%s%N) / 1000000)); }

# bg_run ARGS...: starts bench in the background (under a 90 s timeout,
# so a hang fails the test instead of the CI job); bg_wait collects it into
# OUT/STATUS and sets END_MS to when it exited.
bg_run() {
    BG_OUT=$(mktemp)
    (
        timeout 90 "$BENCH" "$@" >"$BG_OUT" 2>&1 &
        echo $! >"$BG_OUT.pid" # timeout's; bench is its child
        wait $!
        echo "$? $(now_ms)" >"$BG_OUT.rc"
    ) &
    BG_PID=$!
}
bg_wait() {
    wait "$BG_PID"
    OUT=$(cat "$BG_OUT")
    read -r STATUS END_MS <"$BG_OUT.rc"
    rm -f "$BG_OUT" "$BG_OUT.rc" "$BG_OUT.pid"
}
# bg_stop: SIGTERM to the background bench: the run stops with its report
# (status 143). To bench itself: timeout would pass a signal on twice (to
# its child and to its process group), and a second SIGTERM exits at once,
# without the report.
bg_stop() {
    pkill -TERM -P "$(cat "$BG_OUT.pid")"
}

# wait_running: waits up to 60 s until the run has done events (a first
# report line).
wait_running() {
    local end=$((SECONDS + 60))
    while ((SECONDS < end)); do
        grep -q '^\[ [0-9]*s \]' "$BG_OUT" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

# recovered SINCE: an interval wholly after the first SINCE lines of the
# output (not the first interval line after them, which may hold events
# from before a fault) has transactions; waits for one up to 30 s. Tests
# that restart a server wait for this rather than give the run a fixed
# time the restart might outlast on a loaded machine.
recovered() {
    local i
    for ((i = 0; i < 300; i++)); do
        tail -n +$(($1 + 1)) "$BG_OUT" | grep '^\[ [0-9]*s \]' | tail -n +2 |
            grep -qv 'tps: 0.00' && return 0
        sleep 0.1
    done
    return 1
}

# settled SINCE: after recovered SINCE, waits up to 30 s for an interval
# after the first SINCE lines with transactions and no reconnect: the users
# that were going to reconnect have (a user stuck in its reconnect stays
# so, and is missing from the final report's reconnects).
settled() {
    local i
    for ((i = 0; i < 300; i++)); do
        tail -n +$(($1 + 1)) "$BG_OUT" | grep '^\[ [0-9]*s \]' | tail -n +2 |
            grep -v 'tps: 0.00' | grep -q 'reconn/s: 0.00' && return 0
        sleep 0.1
    done
    return 1
}

# reconnects: the reconnects of the final report in OUT.
reconnects() {
    printf '%s\n' "$OUT" | sed -n 's/^ *reconnects: *\([0-9]*\) .*/\1/p'
}
# ignored_errors: the ignored errors of the final report in OUT.
ignored_errors() {
    printf '%s\n' "$OUT" | sed -n 's/^ *ignored errors: *\([0-9]*\) .*/\1/p'
}

# -- Halves side by side ---------------------------------------------------
# in_parallel FUNC...: runs the FUNCs at the same time, each in a subshell
# with its output in a file of its own, then prints their TAP lines one
# FUNC after the other, numbered on from the checks before, and counts
# their failures, and a check per FUNC that it ran to its end. For the
# independent halves of a long test: they must not share a server they
# stop or reconfigure, a database or a file (a half
# restarts its own server: restart mysql|pgsql). A FUNC's subshell runs
# HALF_CLEANUP (if set: a command) when it exits, for what its EXIT trap
# in the parent would not know about (the parent's variables stay as
# they were).
in_parallel() {
    local f i line status pids=() outs=()
    for f in "$@"; do
        outs+=("$(mktemp)")
        (
            [ -n "${HALF_CLEANUP:-}" ] && trap "$HALF_CLEANUP" EXIT
            "$f"
            exit 0
        ) >"${outs[-1]}" 2>&1 &
        pids+=($!)
    done
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}"
        status=$?
        while IFS= read -r line; do
            if [[ $line =~ ^(not\ )?ok\ [0-9]+(.*)$ ]]; then
                tap_n=$((tap_n + 1))
                [ -n "${BASH_REMATCH[1]}" ] && tap_failed=$((tap_failed + 1))
                line="${BASH_REMATCH[1]}ok $tap_n${BASH_REMATCH[2]}"
            fi
            printf '%s\n' "$line"
        done <"${outs[$i]}"
        rm -f "${outs[$i]}"
        [ "$status" = 0 ]
        ok $? "${*:i+1:1}: ran to its end" "exit status $status"
    done
}
