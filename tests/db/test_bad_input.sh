#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_bad_input.sh: the server side of issue 12's bad input, on both
# servers:
#  - a connection failure at start is printed once for the run, not once
#    per thread: sysbench's FATAL lines for the first failing worker, then,
#    last, where bench ends the command (PD-13), one line naming the
#    host/port or socket and the user tried, with the usual causes (server
#    down, wrong password, database missing);
#  - a failed connect that the script catches (pcall) gets no such line:
#    sysbench prints nothing more for it (issue 30);
#  - `prepare` over existing tables adds a hint to run `cleanup` first;
#  - a `prepare` interrupted by SIGINT leaves tables (without their
#    secondary index) that `cleanup` removes, after which `prepare`
#    succeeds (on PostgreSQL with slices: a table loaded by one worker is
#    rolled back).
# Needs the environment of `tests/db/servers.sh env`. Private database:
# bench_badinput.
set -u
. "$(dirname "$0")/lib.sh"
DB=bench_badinput

need_servers

# count TEXT: how many lines of the last output contain TEXT.
count() {
    printf '%s\n' "$OUT" | grep -cF -- "$1"
}

count_is() { # count_is TEXT N NAME
    local n
    n=$(count "$1")
    [ "$n" = "$2" ]
    ok $? "$3 ($n lines with: $1)" "$OUT"
}

# connect_once LABEL EXPECTED_FIRST_LINE ARGS...: 4 threads that all fail
# to connect print the driver's lines once, the hint once, one traceback.
connect_once() {
    local label=$1 first=$2
    shift 2
    run oltp_point_select "$@" --threads=4 --time=1 run
    status_is 1 "$label"
    count_is "$first" 1 "$label: the server's error once for 4 threads"
    count_is "is the server running and reachable there" 1 \
        "$label: one hint"
    count_is "thread_init' function failed" 1 "$label: one thread_init line"
    [ "$(count "stack traceback:")" -le 1 ]
    ok $? "$label: at most one traceback" "$OUT"
    has "FATAL: Thread initialization failed!" "$label: sysbench's last line"
    printf '%s\n' "$OUT" | tail -n 2 | head -n 1 |
        grep -qxF "FATAL: Thread initialization failed!" &&
        printf '%s\n' "$OUT" | tail -n 1 |
        grep -qF "is the server running and reachable there"
    ok $? "$label: the hint comes last, after sysbench's lines" "$OUT"
}

# caught LABEL ARGS...: a script that catches its failed connect (pcall)
# sees the driver's lines as sysbench prints them, and no hint.
CAUGHT=$(mktemp)
trap 'rm -f "$CAUGHT"' EXIT
cat >"$CAUGHT" <<'LUA'
local drv = sysbench.sql.driver()
local ok, err = pcall(drv.connect, drv)
print("caught:", ok, err)
LUA
caught() {
    local label=$1
    shift
    run "$CAUGHT" "$@"
    status_is 0 "$label: caught"
    has "$(printf 'caught:\tfalse\tconnection creation failed')" \
        "$label: the script sees connect's error"
    lacks "is the server running and reachable there" "$label: caught: no hint"
}

# without OPT ARGS: the option string without --OPT=...
without() {
    printf '%s\n' "$2" | sed "s/--$1=[^ ]*//"
}

mysql_cases() {
    local O
    O=$(my_opts $DB)
    connect_once "mysql: server down" \
        "FATAL: unable to connect to MySQL server on host '127.0.0.1', port 1, aborting..." \
        $(without mysql-port "$O") --mysql-port=1
    has "FATAL: mysql: connect to 127.0.0.1:1 as user 'sbtest': is the server running and reachable there, the password right (--mysql-password), and does the database 'bench_badinput' exist (--mysql-db)?" \
        "mysql: the hint names host, port, user and database"
    connect_once "mysql: wrong password" "FATAL: error 1045: " \
        $(without mysql-password "$O") --mysql-password=wrong-pw
    caught "mysql: wrong password" $(without mysql-password "$O") \
        --mysql-password=wrong-pw
    has_re "FATAL: error 1045: Access denied for user 'sbtest'@.*" \
        "mysql: caught: the server's error, as sysbench prints it"
    connect_once "mysql: no such database" "FATAL: error 1049: " \
        $(without mysql-db "$O") --mysql-db=bench_nosuchdb
    connect_once "mysql: no socket" \
        "FATAL: unable to connect to MySQL server on socket '/nonexistent/mysql.sock', aborting..." \
        $O --mysql-socket=/nonexistent/mysql.sock
    has_re "FATAL: mysql: connect to socket '/nonexistent/mysql.sock' as user 'sbtest': .*" \
        "mysql: the hint names the socket"
    prepare_cases mysql "$O" "Table 'sbtest1' already exists"
}

pgsql_cases() {
    local O
    O=$(pg_opts $DB)
    connect_once "pgsql: server down" \
        'FATAL: Connection to database failed: connection to server at "127.0.0.1", port 1 failed: Connection refused' \
        $(without pgsql-port "$O") --pgsql-port=1
    has "FATAL: pgsql: connect to 127.0.0.1:1 as user 'sbtest': is the server running and reachable there, the password right (--pgsql-password), and does the database 'bench_badinput' exist (--pgsql-db)?" \
        "pgsql: the hint names host, port, user and database"
    # libpq's text may hold one line per attempt (sslmode=prefer).
    connect_once "pgsql: wrong password" \
        "FATAL: Connection to database failed: " \
        $(without pgsql-password "$O") --pgsql-password=wrong-pw
    caught "pgsql: wrong password" $(without pgsql-password "$O") \
        --pgsql-password=wrong-pw
    has_re '.*password authentication failed for user "sbtest"' \
        "pgsql: wrong password: the server's error"
    connect_once "pgsql: no such database" \
        "FATAL: Connection to database failed: " \
        $(without pgsql-db "$O") --pgsql-db=bench_nosuchdb
    has_re '.*database "bench_nosuchdb" does not exist' \
        "pgsql: no such database: the server's error"
    prepare_cases pgsql "$O" 'relation "sbtest1" already exists'
}

# sigint_after SECONDS ARGS...: bench ARGS with SIGINT SECONDS after its
# first "Inserting" line, i.e. while it loads rows (a fixed delay from the
# start let a fast server finish the whole prepare first); a background
# job of a script starts with SIGINT ignored: reset it. True when bench
# exited 130 as it does for SIGINT outside a run's events.
sigint_after() {
    local delay=$1
    shift
    python3 - "$delay" "$BENCH" "$@" <<'PY'
import signal, subprocess, sys, time
p = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL,
                     preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                      signal.SIG_DFL))
for line in p.stdout:
    if b"Inserting" in line:
        break
else:
    print("# bench ended before loading any row: status", p.wait())
    sys.exit(1)
time.sleep(float(sys.argv[1]))
p.send_signal(signal.SIGINT)
p.stdout.read()
# bench leaves a prepare at once on SIGINT with status 130 (src/main.c).
rc = p.wait()
if rc != 128 + signal.SIGINT:
    print("# status", rc, "(130 wanted)")
sys.exit(0 if rc == 128 + signal.SIGINT else 1)
PY
}

prepare_cases() {
    local drv=$1 O=$2 exists=$3
    run oltp_read_write $O --tables=2 cleanup
    run oltp_read_write $O --tables=2 --table-size=100 prepare
    status_is 0 "$drv: prepare"
    run oltp_read_write $O --tables=2 --table-size=100 prepare
    status_is 1 "$drv: prepare over existing tables"
    has_re ".*$exists.*" "$drv: the server's error"
    has "FATAL: table 'sbtest1' is left from an earlier prepare: run 'cleanup' first, with the same --tables" \
        "$drv: prepare over existing tables: the hint to run cleanup"
    run oltp_read_write $O --tables=2 cleanup
    status_is 0 "$drv: cleanup"
    # Reproduction: prepare killed with SIGINT while loading rows, then
    # prepare again failed on "already exists". PostgreSQL's table loaded
    # by one worker is created in the load's transaction, which SIGINT
    # rolls back (docs/bulk-load.md): there, slices (committed tables).
    local threads=2
    [ "$drv" = pgsql ] && threads=6
    sigint_after 0.3 oltp_read_write $O --tables=3 --table-size=2000000 \
        --threads=$threads prepare
    ok $? "$drv: prepare interrupted by SIGINT while loading"
    run oltp_read_write $O --tables=3 --table-size=1000 prepare
    status_is 1 "$drv: prepare after an interrupted one"
    has_re "FATAL: table 'sbtest[0-9]' is left from an earlier prepare: run 'cleanup' first, with the same --tables" \
        "$drv: after an interrupted prepare: the hint to run cleanup"
    run oltp_read_write $O --tables=3 cleanup
    status_is 0 "$drv: cleanup after an interrupted prepare"
    run oltp_read_write $O --tables=3 --table-size=1000 prepare
    status_is 0 "$drv: prepare after cleanup"
    run oltp_read_write $O --tables=3 --time=1 run
    status_is 0 "$drv: run on what it prepared"
    run oltp_read_write $O --tables=3 cleanup
    status_is 0 "$drv: final cleanup"
}

createdb $DB
[ -n "${BENCH_TEST_MYSQL:-}" ] && mysql_cases
[ -n "${BENCH_TEST_PGSQL:-}" ] && pgsql_cases
finish
