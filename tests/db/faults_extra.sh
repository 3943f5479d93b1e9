# SPDX-License-Identifier: MIT
# faults_extra.sh: the fault cases of issue 12 item 5, sourced by
# test_faults.sh (which starts the disposable servers and defines my_root,
# pg_root, restart and the TAP helpers). Each case states the expected
# message and exit status (docs/reliability.md has the matrix):
#  - a table dropped mid-run: FATAL naming the table, status 1, at once
#    (within 5 s: loose for a loaded machine; the run would last 30 s);
#  - a server that accepts connections and never answers: the connect
#    gives up after 10 s naming host and port, status 1 (prepare and run;
#    the command within 25 s on a loaded machine, before the 30 s of
#    --thread-init-timeout);
#  - the connection limit reached at start: the server's error, status 1;
#  - a disk full during prepare (PostgreSQL: a 4 MB tmpfs tablespace;
#    MariaDB: a capped MEMORY table, see disk_full): the server's error,
#    status 1, and cleanup removes what is left;
#  - SIGINT/SIGTERM during prepare, run and cleanup: one line, status
#    130/143 at once (about 0.1 s idle; checked within 3 s for prepare,
#    which would otherwise load its other tables, and 5 s for the run of
#    30 s and the cleanup blocked for 60 s: a loaded machine is slow to
#    reap); a run stops with its report; cleanup then removes what is left;
#  - --threads=4096: ends by itself with status 0, 1 or 2 and a FATAL
#    line when not 0, never a crash.

POINT=oltp_point_select
MOUNTS=()
LOCKER=

# sig_start ARGS...: bench in the background (SIG_PID is bench itself, so
# signals reach it); sig_wait collects STATUS, OUT and END_MS.
sig_start() {
    SIG_OUT=$(mktemp)
    "$BENCH" "$@" >"$SIG_OUT" 2>&1 &
    SIG_PID=$!
}
sig_wait() {
    local i
    for ((i = 0; i < 600; i++)); do
        kill -0 "$SIG_PID" 2>/dev/null || break
        sleep 0.05
    done
    END_MS=$(now_ms)
    kill -KILL "$SIG_PID" 2>/dev/null
    wait "$SIG_PID"
    STATUS=$?
    OUT=$(cat "$SIG_OUT")
    rm -f "$SIG_OUT"
}
# wait_line REGEX: until bench's output has a line matching REGEX (10 s).
wait_line() {
    local i
    for ((i = 0; i < 200; i++)); do
        grep -qE -- "$1" "$SIG_OUT" 2>/dev/null && return 0
        sleep 0.05
    done
    return 1
}

extra_cleanup() {
    [ -n "$LOCKER" ] && kill "$LOCKER" 2>/dev/null
    for m in "${MOUNTS[@]}"; do umount -l "$m" 2>/dev/null; done
}

tables_left() { # tables_left DRIVER DB: how many sbtest tables remain
    if [ "$1" = mysql ]; then
        my_root "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '$2'"
    else
        pg_db "$2" "SELECT COUNT(*) FROM pg_tables WHERE tablename LIKE 'sbtest%'"
    fi
}
pg_db() { # pg_db DB SQL
    runuser -u postgres -- "$PG_BIN/psql" -X -q -At -h "$BENCH_DB_DIR/pgsock" \
        -p "$BENCH_DB_PG_PORT" -d "$1" -c "$2"
}
drop_table() { # drop_table DRIVER TABLE
    if [ "$1" = mysql ]; then my_root "DROP TABLE sbtest.$2"; else pg_db sbtest "DROP TABLE $2"; fi
}

# table_dropped DRIVER OPTS...: sbtest1 disappears under a running run.
table_dropped() {
    local drv=$1 t0
    shift
    run $POINT "$@" --tables=1 --table-size=1000 prepare
    status_is 0 "$drv: prepare sbtest1 for the table-dropped case"
    bg_run $POINT "$@" --tables=1 --table-size=1000 --threads=2 --time=30 \
        --report-interval=1 run
    wait_running
    ok $? "$drv: table dropped mid-run: the run is under way"
    drop_table "$drv" sbtest1
    t0=$(now_ms)
    bg_wait
    status_is 1 "$drv: table dropped mid-run"
    [ $((END_MS - t0)) -le 5000 ]
    ok $? "$drv: table dropped mid-run: exits $((END_MS - t0)) ms after the DROP (<= 5000)"
    has_re "FATAL: .*sbtest1.*" "$drv: table dropped mid-run: FATAL names sbtest1"
}

# mute_server DRIVER: a listener that accepts and never says a word.
mute_server() {
    local drv=$1 port pid f
    f=$(mktemp)
    python3 -c '
import socket, sys
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(64)
print(s.getsockname()[1], flush=True)
held = []
while True: held.append(s.accept()[0])' >"$f" &
    pid=$!
    for ((i = 0; i < 100; i++)); do [ -s "$f" ] && break; sleep 0.1; done
    port=$(cat "$f")
    local O="--db-driver=$drv --$drv-host=127.0.0.1 --$drv-port=$port --$drv-user=sbtest"
    run oltp_read_write $O prepare
    status_is 1 "$drv: mute server: prepare fails"
    [ "$SECS" -le 25 ]
    ok $? "$drv: mute server: prepare gives up in ${SECS}s (connect timeout 10 s)"
    has_re "FATAL: .*127\.0\.0\.1.*$port.*" "$drv: mute server: the FATAL line names host and port"
    run $POINT $O --threads=2 --time=5 run
    status_is 1 "$drv: mute server: run fails"
    [ "$SECS" -le 25 ]
    ok $? "$drv: mute server: run gives up in ${SECS}s, before --thread-init-timeout"
    has_re "FATAL: .*127\.0\.0\.1.*$port.*" "$drv: mute server: run names host and port"
    kill "$pid"
    wait "$pid" 2>/dev/null
    rm -f "$f"
}

# conn_limit DRIVER SET RESET REGEX OPTS...: the server takes few
# connections (MariaDB: max_connections at its minimum, 10; PostgreSQL:
# 5, of which 3 are reserved for superusers); 16 threads want theirs at
# start.
conn_limit() {
    local drv=$1 set=$2 reset=$3 re=$4
    shift 4
    $set
    run $POINT "$@" --tables=1 --table-size=100 prepare
    run $POINT "$@" --tables=1 --table-size=100 --threads=16 --time=2 run
    status_is 1 "$drv: connection limit reached at start"
    has_re "FATAL: .*($re).*" "$drv: connection limit: the server's error"
    lacks "Segmentation" "$drv: connection limit: no crash"
    run $POINT "$@" --tables=1 cleanup
    $reset
}
# sbtest has every privilege, and MariaDB lets CONNECTION ADMIN holders
# past max_connections: the case connects as a plain user.
my_limit_low() {
    my_root "CREATE USER IF NOT EXISTS sblimit IDENTIFIED BY 'sbtest-pw';
             GRANT ALL ON sbtest.* TO sblimit; SET GLOBAL max_connections = 10"
}
my_limit_reset() { my_root "SET GLOBAL max_connections = 1500"; }
pg_restart() {
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$BENCH_DB_DIR/pgdata" -m fast -w \
        stop >/dev/null 2>&1
    restart pgsql
}
# superuser_reserved_connections is 3: 5 leaves two for sbtest.
pg_limit_low() { pg_root "ALTER SYSTEM SET max_connections = 5" && pg_restart; }
pg_limit_reset() { pg_root "ALTER SYSTEM RESET max_connections" && pg_restart; }

# small_fs DIR: a 4 MB tmpfs at DIR.
small_fs() {
    mkdir -p "$1" && mount -t tmpfs -o size=4m tmpfs "$1" && MOUNTS+=("$1")
}

# disk_full DRIVER OPTS...: prepare into a database with no room left.
# PostgreSQL: the database's default tablespace is on a 4 MB tmpfs, so the
# inserts meet ENOSPC ("could not extend file ... No space left on
# device"). MariaDB: with its database directory on such a tmpfs, 10.11
# answers "table is full", then aborts in the rollback ("Error (Out of
# disk space) in rollback", signal 6) and its crash recovery fails on the
# half-written .ibd, so the server is lost (bench reports the lost
# connection, 2013, exit 1). As close as a disposable server survives:
# MEMORY tables capped by max_heap_table_size, which return the same
# error as a full InnoDB tablespace (1114, "The table 'sbtest1' is full").
disk_full() {
    local drv=$1 db=$2 re="No space left|is full|could not extend|disk full"
    shift 2
    run $POINT "$@" --tables=1 --table-size=200000 prepare
    status_is 1 "$drv: disk full during prepare"
    has_re "FATAL: .*($re).*" "$drv: disk full: the server's error"
    lacks "Segmentation" "$drv: disk full: no crash"
    run $POINT "$@" --tables=1 cleanup
    status_is 0 "$drv: disk full: cleanup after it"
    [ "$(tables_left "$drv" "$db")" = 0 ]
    ok $? "$drv: disk full: cleanup leaves no table"
}
my_disk_full() {
    my_root "SET GLOBAL max_heap_table_size = 1048576"
    disk_full mysql sbtest $BENCH_TEST_MYSQL --mysql_storage_engine=MEMORY
    my_root "SET GLOBAL max_heap_table_size = DEFAULT"
}
pg_disk_full() {
    if ! small_fs "$BENCH_DB_DIR/pgfull"; then
        skip "pgsql: disk full during prepare" "cannot mount a tmpfs"
        return
    fi
    chown postgres: "$BENCH_DB_DIR/pgfull"
    pg_root "CREATE TABLESPACE small LOCATION '$BENCH_DB_DIR/pgfull'"
    pg_root "CREATE DATABASE sbfull OWNER sbtest TABLESPACE small"
    disk_full pgsql sbfull $(pg_opts sbfull)
    pg_root "DROP DATABASE sbfull"
    pg_root "DROP TABLESPACE small"
}

# signals DRIVER LOCK OPTS...: SIGINT in prepare, SIGTERM in run, SIGINT
# in a cleanup blocked on a lock (LOCK: starts a session holding one on
# sbtest2 in LOCKER), then cleanup removes what is left.
signals() {
    local drv=$1 lock=$2 t0
    shift 2
    sig_start oltp_read_write "$@" --tables=4 --table-size=20000 prepare
    wait_line "Inserting 20000 records into 'sbtest2'"
    ok $? "$drv: SIGINT during prepare: prepare under way"
    kill -INT "$SIG_PID"
    t0=$(now_ms)
    sig_wait
    status_is 130 "$drv: SIGINT during prepare"
    has "SIGINT received: exiting" "$drv: SIGINT during prepare: says so"
    [ $((END_MS - t0)) -le 3000 ]
    ok $? "$drv: SIGINT during prepare: exits $((END_MS - t0)) ms after it (<= 3000)"
    run oltp_read_write "$@" --tables=4 cleanup
    status_is 0 "$drv: cleanup after an interrupted prepare"
    [ "$(tables_left "$drv" sbtest)" = 0 ]
    ok $? "$drv: cleanup after an interrupted prepare leaves no table"

    run $POINT "$@" --tables=2 --table-size=1000 prepare
    sig_start $POINT "$@" --tables=2 --threads=2 --time=30 --report-interval=1 run
    wait_line '^\[ [0-9]*s \]'
    ok $? "$drv: SIGTERM during run: the run is under way"
    kill -TERM "$SIG_PID"
    t0=$(now_ms)
    sig_wait
    status_is 143 "$drv: SIGTERM during run"
    has "SIGTERM received: stopping the run (send it again to exit at once)"
    has_re " *total number of events: +[1-9][0-9]*" "$drv: SIGTERM during run: the report of what ran"
    [ $((END_MS - t0)) -le 5000 ]
    ok $? "$drv: SIGTERM during run: exits $((END_MS - t0)) ms after it (<= 5000)"

    $lock
    sig_start $POINT "$@" --tables=2 cleanup
    wait_line "Dropping table 'sbtest2'"
    ok $? "$drv: SIGINT during cleanup: cleanup under way (blocked on a lock)"
    sleep 0.3
    kill -INT "$SIG_PID"
    t0=$(now_ms)
    sig_wait
    kill "$LOCKER" 2>/dev/null
    wait "$LOCKER" 2>/dev/null
    LOCKER=
    status_is 130 "$drv: SIGINT during cleanup"
    has "SIGINT received: exiting" "$drv: SIGINT during cleanup: says so"
    [ $((END_MS - t0)) -le 5000 ]
    ok $? "$drv: SIGINT during cleanup: exits $((END_MS - t0)) ms after it (<= 5000)"
    [ "$drv" = pgsql ] && pg_root "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'locker'" >/dev/null
    run $POINT "$@" --tables=2 cleanup
    status_is 0 "$drv: cleanup after an interrupted cleanup"
    [ "$(tables_left "$drv" sbtest)" = 0 ]
    ok $? "$drv: cleanup after an interrupted cleanup leaves no table"
}
# The lockers hold the lock once their sleep runs (the statements run in
# order); a fixed pause was too short on a loaded machine, and cleanup then
# finished before the signal came.
# held QUERY: waits up to 10 s until QUERY (run as root) prints 1.
held() {
    local i
    for ((i = 0; i < 100; i++)); do
        [ "$($1 "$2" 2>/dev/null)" = 1 ] && return 0
        sleep 0.1
    done
    echo "# faults_extra.sh: the locker did not get its lock" >&2
}
my_lock() {
    mariadb --no-defaults -uroot --socket="$BENCH_DB_DIR/mysql.sock" \
        -e "LOCK TABLES sbtest.sbtest2 WRITE; SELECT SLEEP(60)" >/dev/null 2>&1 &
    LOCKER=$!
    held my_root "SELECT COUNT(*) FROM information_schema.processlist WHERE info = 'SELECT SLEEP(60)'"
}
pg_lock() {
    PGAPPNAME=locker runuser -u postgres -- "$PG_BIN/psql" -X -q -h "$BENCH_DB_DIR/pgsock" \
        -p "$BENCH_DB_PG_PORT" -d sbtest \
        -c "BEGIN; LOCK TABLE sbtest2; SELECT pg_sleep(60); COMMIT" >/dev/null 2>&1 &
    LOCKER=$!
    held pg_root "SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = 'locker' AND wait_event = 'PgSleep'"
}

# many_threads DRIVER OPTS...: --threads=4096 (more than either server
# takes): ends by itself, with a FATAL line when it fails: status 1 (the
# server refused connections) or 2 (a server swamped by 4096 connects did
# not let every worker initialise within --thread-init-timeout).
many_threads() {
    local drv=$1
    shift
    run $POINT "$@" --tables=1 --table-size=100 prepare
    OUT=$(timeout 120 "$BENCH" $POINT "$@" --tables=1 --threads=4096 --time=2 run 2>&1)
    STATUS=$?
    [ "$STATUS" = 0 ] || [ "$STATUS" = 1 ] || [ "$STATUS" = 2 ]
    ok $? "$drv: --threads=4096 ends by itself with status 0, 1 or 2 (got $STATUS)" \
        "$(printf '%s\n' "$OUT" | tail -20)"
    if [ "$STATUS" != 0 ]; then
        has_re "FATAL: .*" "$drv: --threads=4096: a FATAL line says why"
    else
        has_re " *total number of events: +[1-9][0-9]*" "$drv: --threads=4096: the report"
    fi
    lacks "Segmentation" "$drv: --threads=4096: no crash"
    run $POINT "$@" --tables=1 cleanup
}

# only_extra DRIVER: BENCH_FAULT_ONLY does not rule out DRIVER's cases.
only_extra() {
    case ${BENCH_FAULT_ONLY:-} in extra-mysql | extra-pgsql) [ "$BENCH_FAULT_ONLY" = "extra-$1" ] ;; esac
}

# The cases that use the disposable server, each driver's in one half of
# test_faults.sh (the halves run side by side); the mute server needs no
# server (its halves run alongside), and --threads=4096 swamps the whole
# machine (run after the others, both drivers at once).
mysql_faults_extra() {
    only_extra mysql || return 0
    local O="$BENCH_TEST_MYSQL"
    table_dropped mysql $O
    conn_limit mysql my_limit_low my_limit_reset "1040|Too many connections" \
        ${O/--mysql-user=sbtest/--mysql-user=sblimit}
    my_disk_full
    signals mysql my_lock $O
}

pgsql_faults_extra() {
    only_extra pgsql || return 0
    local O="--db-driver=pgsql $BENCH_TEST_PGSQL"
    table_dropped pgsql $O
    conn_limit pgsql pg_limit_low pg_limit_reset \
        "too many clients|connection slots are reserved" $O
    pg_disk_full
    signals pgsql pg_lock $O
}

mute_extra() { # mute_extra DRIVER
    only_extra "$1" && mute_server "$1"
}

many_threads_extra() { # many_threads_extra DRIVER
    only_extra "$1" || return 0
    if [ "$1" = mysql ]; then
        many_threads mysql $BENCH_TEST_MYSQL
    else
        many_threads pgsql --db-driver=pgsql $BENCH_TEST_PGSQL
    fi
}
