#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/virtual_users.sh: --virtual-users at scale, side by side with thread
# mode and with sysbench 1.0.20 (issue 19). Three parts (PERF_PARTS):
#
#  pgbouncer  10,000 users (PERF_PG_USERS) of oltp_point_select through a
#             PgBouncer this script starts on loopback (transaction pooling,
#             max_client_conn 10000, 20 server connections; statements
#             emulated, --db-ps-mode=disable, as transaction pooling needs),
#             each thinking PERF_THINK_MS (exp:5000: exponential, mean 5 s)
#             between events.
#  mariadb    4,000 users (PERF_MY_USERS) against a disposable MariaDB with
#             thread_handling=pool-of-threads, same think time.
#  point      oltp_point_select, 64 connections, against the private
#             MariaDB: bench --threads=2 --virtual-users=64 beside
#             sysbench --threads=64 (and bench --threads=64).
#
# Each run is measured in its steady state, from the kernel's accounting
# of the client process: utime+stime (/proc/PID/stat) and the events of the
# report lines between two moments (after PERF_SKIP s, for PERF_WINDOW s),
# so that connecting thousands of users does not count; peak RSS is
# VmHWM at the end of the window, and the connections the server (or
# PgBouncer) holds are counted then. For the pgbouncer and mariadb parts,
# thread mode (bench --threads=PERF_THREADS, 32) and sysbench (with
# min(users, PERF_SB_MAX_THREADS=2000) threads: this machine is shared,
# and 10,000 sysbench threads need ~10 GB) run at the throughput the users
# reached (--rate), for the CPU per event at the same throughput.
#
# Targets (issue 19): every connection open; bench's peak RSS at most
# 64 KiB per user beyond the client libraries' own buffers (libpq: 16 KiB
# in + 16 KiB out per connection; MariaDB: 16 KiB net buffer plus the
# non-blocking context's stack, touched only in part); CPU per event
# within 1.2x of thread mode; point: at most half sysbench's CPU per query
# with a throughput not lower.
#
# Environment: as lib.sh and db_lib.sh (PERF_MYSQL_*, PERF_PGSQL_*; the
# private servers of tests/db/servers.sh env by default when exported);
# needs root (a disposable MariaDB, PgBouncer run as postgres).
. "$(dirname "$0")/lib.sh"
. "$PERF_DIR/db_lib.sh"
need_tools pgbouncer psql mariadb /usr/bin/time

PARTS=${PERF_PARTS:-pgbouncer mariadb point}
PG_USERS=${PERF_PG_USERS:-10000}
MY_USERS=${PERF_MY_USERS:-4000}
THINK=${PERF_THINK_MS:-exp:5000}
THREADS=${PERF_THREADS:-32}
SB_MAX=${PERF_SB_MAX_THREADS:-2000}
SKIP=${PERF_SKIP:-5}
WINDOW=${PERF_WINDOW:-10}
TICK=$(getconf CLK_TCK)
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

# -- Measuring a run ------------------------------------------------------

# measure NAME CONNS_CMD TOOL ARGS...: runs TOOL in the background with
# --report-interval=1 for SKIP+WINDOW+2 s, samples it, and prints one line
# "NAME eps cpu_us_per_event rss_kib conns". CONNS_CMD prints the
# connections the server side holds (run at the end of the window).
measure() {
    local name=$1 conns_cmd=$2 tool=$3 out pid c1 c2 rss ev conns secs
    shift 3
    out=$PERF_TMP/$name.out
    secs=$((SKIP + WINDOW + 2))
    "$(bin_of "$tool")" "$@" --report-interval=1 --time=$secs run \
        >"$out" 2>&1 &
    pid=$!
    # The first report line comes once every user has connected.
    until grep -q '^\[ 1s \]' "$out" 2>/dev/null; do
        kill -0 $pid 2>/dev/null || break
        sleep 0.2
    done
    until grep -q "^\[ ${SKIP}s \]" "$out" 2>/dev/null; do
        kill -0 $pid 2>/dev/null || break
        sleep 0.05
    done
    c1=$(awk '{ print $14 + $15 }' /proc/$pid/stat 2>/dev/null)
    until grep -q "^\[ $((SKIP + WINDOW))s \]" "$out" 2>/dev/null; do
        kill -0 $pid 2>/dev/null || break
        sleep 0.05
    done
    c2=$(awk '{ print $14 + $15 }' /proc/$pid/stat 2>/dev/null)
    rss=$(awk '/^VmHWM/ { print $2 }' /proc/$pid/status 2>/dev/null)
    conns=$($conns_cmd 2>/dev/null)
    wait $pid
    ev=$(awk -v a=$SKIP -v b=$((SKIP + WINDOW)) '
        /^\[ [0-9]+s \] thds/ { t = $2 + 0; if (t > a && t <= b) s += $7 }
        END { print s + 0 }' "$out")
    if [ -z "$c1" ] || [ -z "$c2" ] || [ "$ev" = 0 ]; then
        echo "$name NA NA NA NA  # $(first_error "$PERF_TMP/$name")"
        return
    fi
    echo "$name $(calc "$ev / $WINDOW") $(calc "($c2 - $c1) / $TICK / $ev * 1e6") ${rss:-NA} ${conns:-NA}"
}

# Results go to $PERF_TMP/results as lines of measure.
report() {
    printf '%-28s %10s %14s %12s %8s\n' run "events/s" "CPU us/event" "peak RSS KiB" conns
    awk '$2 == "NA" { print; next }
        { printf "%-28s %10.1f %14.1f %12s %8s\n", $1, $2, $3, $4, $5 }' "$1"
}

# -- pgbouncer ------------------------------------------------------------

PGB_PORT= PGB_DIR=
pgb_start() {
    # Its own directory: PgBouncer runs as postgres (never as root), which
    # cannot enter PERF_TMP.
    local dir
    dir=$(mktemp -d /tmp/bench-pgbouncer.XXXXXX)
    PGB_DIR=$dir
    at_exit pgb_stop
    PGB_PORT=$(free_port)
    chmod 755 "$dir"
    cat >"$dir/pgbouncer.ini" <<EOF
[databases]
$DB_NAME = host=$PG_HOST port=$PG_PORT dbname=$DB_NAME user=$DB_USER password=$DB_PASSWORD
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PGB_PORT
unix_socket_dir =
auth_type = any
admin_users = $DB_USER
pool_mode = transaction
max_client_conn = 10000
default_pool_size = 20
max_db_connections = 20
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
EOF
    chown -R postgres "$dir"
    runuser -u postgres -- sh -c "ulimit -n 20000; pgbouncer -d $dir/pgbouncer.ini"
    sleep 1
}
pgb_stop() {
    [ -n "$PGB_DIR" ] || return 0
    [ -f "$PGB_DIR/pgbouncer.pid" ] && kill "$(cat "$PGB_DIR/pgbouncer.pid")"
    sleep 0.5
    rm -rf "$PGB_DIR"
    PGB_DIR=
}
pgb_clients() {
    psql -X -At -h 127.0.0.1 -p "$PGB_PORT" -U "$DB_USER" pgbouncer \
        -c "SHOW LISTS" | awk -F'|' '$1 == "used_clients" { print $2 - 1 }'
}

part_pgbouncer() {
    local R=$PERF_TMP/pgbouncer.results eps sb_threads
    db_create pgsql
    db_prepare pgsql >/dev/null
    pgb_start
    local O="--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=$PGB_PORT
        --pgsql-user=$DB_USER --pgsql-password=$DB_PASSWORD --pgsql-db=$DB_NAME
        --db-ps-mode=disable --tables=1 --table-size=$TABLE_SIZE"
    : >"$R"
    # shellcheck disable=SC2086
    measure bench_vu_$PG_USERS pgb_clients bench oltp_point_select $O \
        --pgsql-sslmode=disable --threads=2 --virtual-users="$PG_USERS" \
        --think-time="$THINK" --thread-init-timeout=300 >>"$R"
    eps=$(awk 'NR == 1 { printf "%d", $2 }' "$R")
    [ "${eps:-0}" -gt 0 ] || eps=100
    # shellcheck disable=SC2086
    measure bench_threads_$THREADS pgb_clients bench oltp_point_select $O \
        --pgsql-sslmode=disable --threads="$THREADS" --rate="$eps" >>"$R"
    sb_threads=$((PG_USERS < SB_MAX ? PG_USERS : SB_MAX))
    # shellcheck disable=SC2086
    PGSSLMODE=disable measure sysbench_threads_$sb_threads pgb_clients sysbench \
        oltp_point_select $O --threads="$sb_threads" --rate="$eps" >>"$R"
    pgb_stop
    echo "== PostgreSQL through PgBouncer: $PG_USERS users thinking $THINK ms"
    report "$R"
    verdict "$R" "$PG_USERS" 32
}

# verdict RESULTS USERS LIB_KIB: the targets for the first two lines.
verdict() {
    awk -v n="$2" -v lib="$3" '
        NR == 1 { vu_cpu = $3; vu_rss = $4; conns = $5 }
        NR == 2 { th_cpu = $3; th_rss = $4 }
        NR == 3 { sb_rss = $4; sb_n = $1; sub(/.*_/, "", sb_n) }
        END {
            if (vu_rss == "NA" || th_cpu == "NA") { print "no figures: see the runs above"; exit }
            per = (vu_rss - th_rss) / n
            printf "connections open: %s of %d: %s\n", conns, n, conns == n ? "target met" : "TARGET MISSED"
            printf "bench RSS per user beyond thread mode: %.1f KiB (%.1f KiB beyond the client library buffers, ~%d KiB): %s\n", per, per - lib, lib, per - lib <= 64 ? "target met" : "TARGET MISSED"
            if (sb_n > 0 && sb_rss != "NA")
                printf "sysbench RSS per thread: %.1f KiB (%d threads)\n", sb_rss / sb_n, sb_n
            if (th_cpu > 0)
                printf "CPU per event, users / thread mode: %.2fx (target <= 1.2x): %s\n", vu_cpu / th_cpu, vu_cpu / th_cpu <= 1.2 ? "target met" : "TARGET MISSED"
        }' "$1"
}

# -- mariadb (thread pool) -------------------------------------------------

MYD_DIR=
myd_start() {
    MYD_DIR=$(mktemp -d /tmp/bench-db-vuperf.XXXXXX)
    at_exit myd_stop
    local port
    port=$(free_port)
    # The file limit is the server's own (inherited): open_files_limit
    # cannot pass it.
    (
        ulimit -n 20000
        BENCH_DB_DIR=$MYD_DIR BENCH_DB_MY_PORT=$port BENCH_DB_PG_PORT=$(free_port) \
            BENCH_DB_MY_SETTINGS="thread_handling=pool-of-threads max_connections=$((MY_USERS + 1000)) open_files_limit=20000" \
            "$REPO_DIR/tests/db/servers.sh" start mysql
    ) >"$MYD_DIR/start.log" 2>&1 || {
        cat "$MYD_DIR/start.log"
        return 1
    }
    MY_HOST=127.0.0.1 MY_PORT=$port
}
myd_stop() {
    [ -n "$MYD_DIR" ] || return 0
    mariadb-admin --no-defaults -uroot --socket="$MYD_DIR/mysql.sock" shutdown 2>/dev/null
    rm -rf "$MYD_DIR"
    MYD_DIR=
}
my_conns() {
    mariadb --no-defaults -uroot --socket="$MYD_DIR/mysql.sock" -N -e \
        "SELECT COUNT(*) FROM information_schema.processlist WHERE user = '$DB_USER'"
}

part_mariadb() {
    local R=$PERF_TMP/mariadb.results eps sb_threads
    myd_start || { echo "perf: could not start the disposable MariaDB" >&2; return 1; }
    echo "# thread_handling: $(mariadb --no-defaults -uroot --socket="$MYD_DIR/mysql.sock" -N -e 'SELECT @@thread_handling')"
    db_create mysql
    db_prepare mysql >/dev/null
    local O
    O="$(db_opts mysql) --tables=1 --table-size=$TABLE_SIZE"
    : >"$R"
    # shellcheck disable=SC2086
    measure bench_vu_$MY_USERS my_conns bench oltp_point_select $O --threads=2 \
        --virtual-users="$MY_USERS" --think-time="$THINK" \
        --thread-init-timeout=300 >>"$R"
    eps=$(awk 'NR == 1 { printf "%d", $2 }' "$R")
    [ "${eps:-0}" -gt 0 ] || eps=100
    # shellcheck disable=SC2086
    measure bench_threads_$THREADS my_conns bench oltp_point_select $O \
        --threads="$THREADS" --rate="$eps" >>"$R"
    sb_threads=$((MY_USERS < SB_MAX ? MY_USERS : SB_MAX))
    # shellcheck disable=SC2086
    measure sysbench_threads_$sb_threads my_conns sysbench oltp_point_select $O \
        --threads="$sb_threads" --rate="$eps" >>"$R"
    myd_stop
    echo "== MariaDB, thread pool: $MY_USERS users thinking $THINK ms"
    report "$R"
    verdict "$R" "$MY_USERS" 16
}

# -- point: 64 connections, no think time ----------------------------------

part_point() {
    local R=$PERF_TMP/point.results O
    db_create mysql
    db_prepare mysql >/dev/null
    O="$(db_opts mysql) --tables=1 --table-size=$TABLE_SIZE"
    : >"$R"
    # shellcheck disable=SC2086
    measure bench_vu_64 true bench oltp_point_select $O --threads=2 \
        --virtual-users=64 >>"$R"
    # shellcheck disable=SC2086
    measure sysbench_threads_64 true sysbench oltp_point_select $O \
        --threads=64 >>"$R"
    # shellcheck disable=SC2086
    measure bench_threads_64 true bench oltp_point_select $O --threads=64 >>"$R"
    echo "== oltp_point_select, 64 connections, private MariaDB"
    report "$R"
    awk 'NR == 1 { e = $2; c = $3 } NR == 2 { se = $2; sc = $3 }
        END {
            printf "CPU per query, bench users / sysbench threads: %.2f (target <= 0.5): %s\n", c / sc, c / sc <= 0.5 ? "target met" : "TARGET MISSED"
            printf "throughput, bench users / sysbench threads: %.2f (target >= 1): %s\n", e / se, e >= se ? "target met" : "TARGET MISSED"
        }' "$R"
}

for p in $PARTS; do
    "part_$p"
done
