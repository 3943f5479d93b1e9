#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_faults_vu.sh: --virtual-users when the server restarts mid-run
# (issue 19), on a disposable pair of servers made for this run in a fresh
# /tmp/bench-db-fault.XXXXXX on free ports (as test_faults.sh; the shared
# servers are never touched). oltp_point_select with 50 users on 2
# threads, the server killed for a second:
#  - with the errors ignored the run goes on: it completes, every user
#    reconnected once (reconnects: 50, ignored errors: 0, as in thread
#    mode), and the last second has events again (the users' statements
#    were prepared again on their new connections);
#  - without, it fails with a FATAL line, as in thread mode, at once
#    (within 8 s: loose for a loaded machine; the run would last 20 s).
# Needs root (servers.sh start).
set -u
. "$(dirname "$0")/lib.sh"

fault_servers_env
trap fault_servers_stop EXIT
fault_servers_start

VU="--threads=2 --virtual-users=50 --tables=1 --table-size=1000"

# restart_vu DRIVER CRASH OPTS...: the server dies for a second mid-run;
# once the users run events again the run is stopped with SIGTERM (its
# report, status 143), as test_faults.sh does.
restart_vu() {
    local drv=$1 crash=$2 n since
    shift 2
    run oltp_point_select "$@" $VU prepare
    status_is 0 "$drv: prepare"
    bg_run oltp_point_select "$@" $VU --time=60 --report-interval=1 run
    wait_running
    ok $? "$drv: 50 users: the run is under way"
    $crash
    sleep 1
    restart "$drv"
    since=$(wc -l <"$BG_OUT")
    recovered "$since"
    ok $? "$drv: the users run events again after the restart" "$(cat "$BG_OUT")"
    settled "$since"
    bg_stop
    bg_wait
    status_is 143 "$drv: server restarted, errors ignored: the run goes on until stopped"
    n=$(reconnects)
    [ "${n:-0}" -eq 50 ]
    ok $? "$drv: every user reconnected (reconnects: ${n:-none}, want 50)" "$OUT"
    n=$(ignored_errors)
    [ "${n:-1}" -eq 0 ]
    ok $? "$drv: no reconnect given up (ignored errors: ${n:-none}, want 0)" "$OUT"
}

# fatal_vu DRIVER CRASH OPTS...: the same without ignored errors.
fatal_vu() {
    local drv=$1 crash=$2 t0
    shift 2
    bg_run oltp_point_select "$@" $VU --time=20 --report-interval=1 run
    wait_running
    ok $? "$drv: 50 users, errors not ignored: under way"
    $crash
    t0=$(now_ms)
    bg_wait
    restart "$drv"
    status_is 1 "$drv: server killed, errors not ignored: the run fails"
    has_re "FATAL: .*" "$drv: a FATAL line"
    [ $((END_MS - t0)) -le 8000 ]
    ok $? "$drv: exits $((END_MS - t0)) ms after the fault (<= 8000)"
}

# Each driver's cases use (and restart) only its own server: the two run
# side by side.
mysql_half() {
    local O="--db-driver=mysql $BENCH_TEST_MYSQL"
    restart_vu mysql my_crash $O --mysql-ignore-errors=all
    fatal_vu mysql my_crash $O
}
pgsql_half() {
    local O="--db-driver=pgsql $BENCH_TEST_PGSQL"
    restart_vu pgsql pg_crash $O --pgsql-ignore-errors=all
    fatal_vu pgsql pg_crash $O
}
in_parallel mysql_half pgsql_half
finish
