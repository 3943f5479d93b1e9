#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_faults_oltp.sh: the OLTP scripts with --mysql-ignore-errors=all when
# the server dies (issue 12), on a disposable MariaDB made for this run in
# a fresh /tmp/bench-db-fault.XXXXXX on a free port (as test_faults.sh;
# the shared servers are never touched):
#  - killed during a run and back only after --time: the run used to end
#    with "FATAL: `thread_run' function failed: (error object is not a
#    string)", exit 1, no report (thread_run ran oltp_common's
#    before_restart_event unprotected and its re-prepare raised the
#    restart-event table); now it ends at --time with its report, exit 0;
#  - killed during prepare, back at once or never: prepare used to exit
#    with that message and a partly loaded table, or retry for ever; now
#    one FATAL line names the table left incomplete, exit 1, within
#    --db-reconnect-timeout (2 s here: checked within 15 s for a loaded
#    machine, well before the default 60 s or for ever).
# Needs root (servers.sh start).
set -u
. "$(dirname "$0")/lib.sh"

# As test_faults.sh: only where the test servers are set up, and as root.
fault_servers_env
trap fault_servers_stop EXIT
fault_servers_start mysql
O="$BENCH_TEST_MYSQL --mysql-ignore-errors=all"

wait_for() { # wait_for REGEX: a line of the background run's output
    local i
    for ((i = 0; i < 200; i++)); do
        grep -qE "$1" "$BG_OUT" 2>/dev/null && return 0
        sleep 0.05
    done
    return 1
}

# -- A run: killed, back only after --time ---------------------------------

run oltp_point_select $O --tables=2 --table_size=1000 prepare
status_is 0 "prepare 2 tables"
for ps in auto disable; do
    bg_run oltp_read_only $O --db-ps-mode=$ps --tables=2 --table_size=1000 \
        --threads=2 --time=3 --report-interval=1 run
    wait_for '^\[ [0-9]*s \]'
    ok $? "ps-mode=$ps: the run is under way"
    my_crash
    bg_wait
    restart
    status_is 0 "ps-mode=$ps: killed, back after --time: the run ends"
    lacks "error object is not a string" "ps-mode=$ps: no error object"
    has_re " *total number of events: +[1-9][0-9]*" "ps-mode=$ps: the report"
    lacks "FATAL" "ps-mode=$ps: no FATAL line"
done
run oltp_point_select $BENCH_TEST_MYSQL --tables=2 cleanup

# -- prepare: killed, back at once ------------------------------------------

bg_run oltp_read_only $O --tables=4 --table_size=200000 prepare
wait_for "^Inserting 200000 records into 'sbtest2'"
ok $? "prepare is under way"
my_crash
restart
bg_wait
status_is 1 "prepare killed, the server back: exit 1"
has_re "FATAL: \`sysbench.cmdline.call_command' function failed: table 'sbtest2' left incomplete \((rows|secondary index)\): error 2013 ignored: Lost connection.*; run cleanup, then prepare again"
lacks "error object is not a string" "prepare killed: no error object"
[ "$(printf '%s\n' "$OUT" | grep -c '^FATAL')" = 1 ]
ok $? "prepare killed: one FATAL line" "$OUT"
run oltp_read_only $BENCH_TEST_MYSQL --tables=4 cleanup
status_is 0 "cleanup removes what is left"

# -- prepare: killed for good ------------------------------------------------

bg_run oltp_read_only $O --db-reconnect-timeout=2 --tables=4 \
    --table_size=200000 prepare
wait_for "^Inserting 200000 records into 'sbtest2'"
ok $? "prepare is under way (server to stay down)"
t0=$(now_ms)
my_crash
bg_wait
restart
status_is 1 "prepare, server gone: exit 1"
[ $((END_MS - t0)) -le 15000 ]
ok $? "prepare, server gone: gives up at --db-reconnect-timeout ($((END_MS - t0)) ms)" "$OUT"
has_re "FATAL: \`sysbench.cmdline.call_command' function failed: table 'sbtest2' left incomplete \(rows\): error 2013 ignored: Lost connection.* .*; run cleanup, then prepare again"
run oltp_read_only $BENCH_TEST_MYSQL --tables=4 cleanup
status_is 0 "cleanup after the server came back"
finish
