# SPDX-License-Identifier: MIT
# perf/db_lib.sh: what the database perf scripts share (sourced after
# lib.sh): where the servers are, a private database with sbtest1 prepared
# by the script itself, the C floor (perf/db_floor.c), and the two ways of
# measuring a query: user instructions under callgrind and client CPU
# natively, both as the difference of two run lengths so start-up, connect
# and exit cancel.
#
# Environment (defaults are tests/db/servers.sh's servers):
#   PERF_DRIVERS      drivers to measure ("mysql pgsql")
#   PERF_MYSQL_HOST/PORT, PERF_PGSQL_HOST/PORT  (127.0.0.1, 13306 / 15432)
#   PERF_DB_USER, PERF_DB_PASSWORD              (sbtest, sbtest-pw)
#   PERF_DB           private database, created if missing (sbtest_dbperf)
#   PERF_TABLE_SIZE   rows in sbtest1 (10000)
#   PERF_SQLITE_DB    database file of the sqlite driver (in PERF_TMP)
#   PERF_NO_PREPARE=1 reuse the table as it is
# The instruction count of a query is not quite fixed: when the reply is
# not there yet at the first recv(), the library polls and reads again (a
# few hundred instructions), which happens more on a loaded machine. So the
# scripts interleave the clients and take medians of repetitions.
# TLS is off for all three clients (PGSSLMODE=disable, --pgsql-sslmode=
# disable; MySQL clients default to plain): the floor and the tools then
# spend the same nothing on encryption, and the ratios show client code.

DRIVERS=${PERF_DRIVERS:-mysql pgsql}
MY_HOST=${PERF_MYSQL_HOST:-127.0.0.1}
MY_PORT=${PERF_MYSQL_PORT:-13306}
PG_HOST=${PERF_PGSQL_HOST:-127.0.0.1}
PG_PORT=${PERF_PGSQL_PORT:-15432}
DB_USER=${PERF_DB_USER:-sbtest}
DB_PASSWORD=${PERF_DB_PASSWORD:-sbtest-pw}
DB_NAME=${PERF_DB:-sbtest_dbperf}
TABLE_SIZE=${PERF_TABLE_SIZE:-10000}
SQLITE_DB=${PERF_SQLITE_DB:-$PERF_TMP/perf.sqlite}
export PGSSLMODE=disable

# db_opts DRIVER: the connection options both tools take.
db_opts()
{
    if [ "$1" = sqlite ]; then
        echo "--db-driver=sqlite --sqlite-db=$SQLITE_DB"
    elif [ "$1" = mysql ]; then
        echo "--db-driver=mysql --mysql-host=$MY_HOST --mysql-port=$MY_PORT" \
            "--mysql-user=$DB_USER --mysql-password=$DB_PASSWORD" \
            "--mysql-db=$DB_NAME"
    else
        echo "--db-driver=pgsql --pgsql-host=$PG_HOST --pgsql-port=$PG_PORT" \
            "--pgsql-user=$DB_USER --pgsql-password=$DB_PASSWORD" \
            "--pgsql-db=$DB_NAME"
    fi
}

# tool_opts TOOL DRIVER: db_opts plus what only bench accepts.
tool_opts()
{
    db_opts "$2"
    if [ "$1" != sysbench ] && [ "$2" = pgsql ]; then echo "--pgsql-sslmode=disable"; fi
    opts_of "$1"
}

# tools_of DRIVER: the clients measured on it (sysbench has no sqlite),
# and bench measuring (lib.sh's "measured") when MEASURED=1.
tools_of()
{
    local m=
    [ "${MEASURED:-0}" = 1 ] && m=" measured"
    if [ "$1" = sqlite ]; then echo "floor bench$m"; else echo "floor bench sysbench$m"; fi
}

# db_create DRIVER: creates the private database when missing (with the
# servers' own clients; skipped when they are not installed).
db_create()
{
    if [ "$1" = sqlite ]; then
        return 0
    elif [ "$1" = mysql ]; then
        command -v mariadb >/dev/null 2>&1 || return 0
        MYSQL_PWD=$DB_PASSWORD mariadb -h"$MY_HOST" -P"$MY_PORT" -u"$DB_USER" \
            -e "CREATE DATABASE IF NOT EXISTS $DB_NAME"
    else
        command -v psql >/dev/null 2>&1 || return 0
        local url="host=$PG_HOST port=$PG_PORT user=$DB_USER password=$DB_PASSWORD"
        psql -qtA "$url dbname=postgres" \
            -c "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'" |
            grep -q 1 ||
            psql -q "$url dbname=postgres" -c "CREATE DATABASE $DB_NAME"
    fi
}

# db_prepare DRIVER: sbtest1 with TABLE_SIZE rows, made by sysbench's own
# oltp_common so every client reads the same table (bench's on SQLite,
# which sysbench lacks). Exit 2 on failure.
db_prepare()
{
    [ "${PERF_NO_PREPARE:-0}" = 1 ] && return 0
    local o=$PERF_TMP/prepare.$1 SYSBENCH=$SYSBENCH
    [ "$1" = sqlite ] && SYSBENCH=$(bin_of bench)
    if ! db_create "$1" >"$o.create" 2>&1; then
        echo "perf: cannot create database $DB_NAME on $1 (see $o.create)" >&2
        exit 2
    fi
    # shellcheck disable=SC2046
    "$SYSBENCH" oltp_read_only $(db_opts "$1") --tables=1 cleanup >"$o.out" 2>&1
    # shellcheck disable=SC2046
    if ! "$SYSBENCH" oltp_read_only $(db_opts "$1") --tables=1 \
        --table-size="$TABLE_SIZE" prepare >>"$o.out" 2>&1; then
        echo "perf: preparing sbtest1 on $1 failed:" >&2
        tail -n 3 "$o.out" >&2
        exit 2
    fi
}

# build_floor: compiles perf/db_floor.c against the client libraries found
# (mariadb_config or mysql_config, pg_config) into $FLOOR; FLOOR_DRIVERS
# lists what it can drive ("" when nothing could be built).
FLOOR=$PERF_TMP/db_floor
FLOOR_DRIVERS=
build_floor()
{
    local cflags=() libs=() cfg
    for cfg in mariadb_config mysql_config; do
        if command -v $cfg >/dev/null 2>&1; then
            # shellcheck disable=SC2207
            cflags+=(-DFLOOR_MYSQL $($cfg --cflags))
            # shellcheck disable=SC2207
            libs+=($($cfg --libs))
            FLOOR_DRIVERS+="mysql "
            break
        fi
    done
    if command -v pg_config >/dev/null 2>&1; then
        cflags+=(-DFLOOR_PGSQL "-I$(pg_config --includedir)")
        libs+=("-L$(pg_config --libdir)" -lpq)
        FLOOR_DRIVERS+="pgsql "
    fi
    if pkg-config --exists sqlite3 2>/dev/null; then
        # shellcheck disable=SC2207
        cflags+=(-DFLOOR_SQLITE $(pkg-config --cflags sqlite3))
        # shellcheck disable=SC2207
        libs+=($(pkg-config --libs sqlite3))
        FLOOR_DRIVERS+="sqlite "
    fi
    if [ -z "$FLOOR_DRIVERS" ] || ! command -v cc >/dev/null 2>&1 ||
        ! cc -O2 "${cflags[@]}" -o "$FLOOR" "$PERF_DIR/db_floor.c" \
            "${libs[@]}" -lpthread 2>"$PERF_TMP/floor.build"; then
        echo "perf: cannot build perf/db_floor.c (see $PERF_TMP/floor.build);" \
            "floor columns will be NA" >&2
        FLOOR_DRIVERS=
    fi
}

# build_reply_ready: compiles perf/reply_ready.c, the LD_PRELOAD shim of
# the callgrind runs (every reply found ready at the first recv), into
# $REPLY_READY; empty when it cannot be built or PERF_REPLY_READY=0.
REPLY_READY=
build_reply_ready()
{
    [ "${PERF_REPLY_READY:-1}" = 0 ] && return 0
    if command -v cc >/dev/null 2>&1 &&
        cc -O2 -shared -fPIC -o "$PERF_TMP/reply_ready.so" \
            "$PERF_DIR/reply_ready.c" -ldl 2>"$PERF_TMP/reply_ready.build"; then
        REPLY_READY=$PERF_TMP/reply_ready.so
    else
        echo "perf: cannot build perf/reply_ready.c (see $PERF_TMP/reply_ready.build);" \
            "instruction counts will vary with the server's timing" >&2
    fi
}

# reply_note: says how the callgrind runs met the server's replies.
reply_note()
{
    if [ -n "$REPLY_READY" ]; then
        note "callgrind runs under perf/reply_ready.c: every reply is read once it has"
        note "arrived, so the counts do not depend on the server's timing (PERF_REPLY_READY=0: off)."
    else
        note "without perf/reply_ready.c: a client that reads before the reply arrives"
        note "pays a few hundred instructions more, so the counts move with the load."
    fi
}

# has_floor DRIVER
has_floor()
{
    case " $FLOOR_DRIVERS " in *" $1 "*) return 0 ;; esac
    return 1
}

# client_cmd TOOL DRIVER SCRIPT EVENTS: the command line of one run
# (TOOL: floor, bench or sysbench), one thread. The floor's workload is the
# one of the script: db_transaction.lua -> trx, else a point select.
client_cmd()
{
    local port host work=point
    if [ "$1" = floor ]; then
        if [ "$2" = mysql ]; then host=$MY_HOST port=$MY_PORT; else host=$PG_HOST port=$PG_PORT; fi
        case "$3" in *db_transaction.lua) work=trx ;; esac
        if [ "$2" = sqlite ]; then
            echo "$FLOOR sqlite - 0 - - $SQLITE_DB $TABLE_SIZE 1 $4 $work"
            return
        fi
        echo "$FLOOR $2 $host $port $DB_USER $DB_PASSWORD $DB_NAME $TABLE_SIZE 1 $4 $work"
    else
        echo "$(bin_of "$1") $3 $(tool_opts "$1" "$2") --table-size=$TABLE_SIZE" \
            "--threads=1 --events=$4 --time=0 run"
    fi
}

# check_run OUT TOOL EVENTS: 0 when the run at OUT did all its events.
check_run()
{
    local n
    if [ "$2" = floor ]; then
        n=$(awk '/^events:/ { print $2 }' "$1.out")
    else
        n=$(awk '/transactions:/ { print $2 }' "$1.out")
    fi
    [ "$n" = "$3" ] && return 0
    echo "perf: $2 ran ${n:-no} events instead of $3 (see $1.err)" >&2
    return 1
}

# cg_events TOOL DRIVER SCRIPT EVENTS: total user instructions (Ir) of one
# run under callgrind, or NA. The file stays for cg_profile.
cg_events()
{
    local o=$PERF_TMP/cg.$1.$2.$(basename "$3" .lua).$4
    # shellcheck disable=SC2046
    ${REPLY_READY:+env LD_PRELOAD=$REPLY_READY} \
        valgrind --tool=callgrind --callgrind-out-file="$o.cg" \
        $(client_cmd "$1" "$2" "$3" "$4") >"$o.out" 2>"$o.err"
    if ! check_run "$o" "$1" "$4"; then echo NA; return; fi
    awk '/^totals:/ { print $2 }' "$o.cg"
}

# cg_per_event TOOL DRIVER SCRIPT E1 E2: instructions per event,
# (I(E2) - I(E1)) / (E2 - E1).
cg_per_event()
{
    local i1 i2
    i1=$(cg_events "$1" "$2" "$3" "$4")
    i2=$(cg_events "$1" "$2" "$3" "$5")
    calc "($i2 - $i1) / ($5 - $4)"
}

# cg_final_per_event TOOL DRIVER SCRIPT E1 E2: of cg_per_event's figure,
# what bench's end-of-run report (reporter_final, inclusive: the text
# report and a result document) adds, from the files cg_per_event left.
# It is no per-query cost: a longer run's latency records hold more
# distinct values, whose encoding grows with them, not with the queries.
cg_final_per_event()
{
    local base=$PERF_TMP/cg.$1.$2.$(basename "$3" .lua) e f=()
    for e in "$4" "$5"; do
        f+=("$(callgrind_annotate --inclusive=yes --auto=no --threshold=100 \
            "$base.$e.cg" 2>/dev/null |
            awk '/:reporter_final / { v = $1; gsub(",", "", v); print v; exit }')")
    done
    calc "(${f[1]:-NA} - ${f[0]:-NA}) / ($5 - $4)"
}

# cpu_per_event TOOL DRIVER SCRIPT E1 E2: client CPU in microseconds per
# event, "user+sys user", as (CPU(E2) - CPU(E1)) / (E2 - E1) of native
# runs. sys is mostly the socket round trip and varies with how often the
# client sleeps waiting for the server; user is the client's code.
cpu_per_event()
{
    local o=$PERF_TMP/cpu.$1.$2.$(basename "$3" .lua) w u1 s1 u2 s2
    # shellcheck disable=SC2046
    read -r w u1 s1 <<<"$(cpu_run "$o.$4" $(client_cmd "$1" "$2" "$3" "$4"))"
    check_run "$o.$4" "$1" "$4" || { echo NA NA; return; }
    # shellcheck disable=SC2046
    read -r w u2 s2 <<<"$(cpu_run "$o.$5" $(client_cmd "$1" "$2" "$3" "$5"))"
    check_run "$o.$5" "$1" "$5" || { echo NA NA; return; }
    echo "$(calc "($u2 + $s2 - $u1 - $s1) * 1000000 / ($5 - $4)")" \
        "$(calc "($u2 - $u1) * 1000000 / ($5 - $4)")"
}

# The table of these scripts has a floor column:
# metric | floor | bench | sysbench | bench/floor | sysbench/floor | target | result
db_table_head()
{
    echo
    echo "== $1"
    printf '%-34s | %9s | %9s | %9s | %7s | %7s | %-18s | %s\n' \
        metric floor bench sysbench b/floor s/floor target result
    printf '%s\n' "-----------------------------------+-----------+-----------+-----------+---------+---------+--------------------+-------"
}

db_row()
{
    printf '%-34s | %9s | %9s | %9s | %7s | %7s | %-18s | %s\n' "$@"
    [ "$8" = FAIL ] && FAILS=$((FAILS + 1))
    return 0
}

# cg_profile TOOL DRIVER SCRIPT E1 E2 [TOP]: instructions per event by
# function (self cost), the two-run difference taken function by function
# from callgrind_annotate. JIT-compiled Lua has no symbol: summed as one
# line.
cg_profile()
{
    local base=$PERF_TMP/cg.$1.$2.$(basename "$3" .lua)
    local a=$base.$4.cg b=$base.$5.cg
    [ -s "$a" ] && [ -s "$b" ] || return 0
    echo
    echo "-- $1 on $2: instructions/event by function (self, top ${6:-16})"
    cg_self_per_event "$a" "$b" "$(($5 - $4))" "${6:-16}" 1
}

# cg_self_per_event A.cg B.cg EVENTS TOP MIN: each function's self cost in
# B minus that in A, over EVENTS (the runs' difference in events), the TOP
# largest of at least MIN instructions an event. perf/tpcc.sh uses it too.
cg_self_per_event()
{
    {
        callgrind_annotate --auto=no --threshold=100 "$1" | sed 's/^/A /'
        callgrind_annotate --auto=no --threshold=100 "$2" | sed 's/^/B /'
    } | awk -v de="$3" -v min="$5" '
        $2 ~ /^[0-9,]+$/ && $3 ~ /^\(/ && $4 != "PROGRAM" {
            v = $2; gsub(",", "", v)
            k = $0; sub(/^[AB] +[0-9,]+ +\([^)]*\) +/, "", k)
            if (k ~ /^\?\?\?:0x[0-9a-f]+ \[\?\?\?\]$/) k = "(LuaJIT trace code)"
            # a library without symbols: its address and file name
            if (k ~ /^\?\?\?:0x/) sub(/ \[.*\//, " [", k)
            else sub(/ \[.*\]$/, "", k)
            sub(/^.*\/(src|include|sysdeps|libmariadb|interfaces)\//, "", k)
            c[k] += ($1 == "B") ? v : -v
        }
        END { for (k in c) if (c[k] / de >= min)
                  printf "%8.0f  %s\n", c[k] / de, k }' |
        sort -rn | head -"$4"
}

# cg_profile_diff TOOL BASE DRIVER SCRIPT E1 E2 [TOP]: what TOOL spends per
# event beyond BASE (the floor), function by function: the per-event
# self cost of each function in TOOL minus the same in BASE, both from the
# two-run difference. Lines that cancel (the client library's own work)
# drop out, leaving the tool's own code and what it makes the library do
# differently.
cg_profile_diff()
{
    local t=$PERF_TMP/cg.$1.$3.$(basename "$4" .lua)
    local f=$PERF_TMP/cg.$2.$3.$(basename "$4" .lua)
    [ -s "$t.$5.cg" ] && [ -s "$t.$6.cg" ] && [ -s "$f.$5.cg" ] && [ -s "$f.$6.cg" ] ||
        return 0
    echo
    echo "-- $1 minus $2 on $3: instructions/event by function (self, |x| >= 3)"
    {
        callgrind_annotate --auto=no --threshold=100 "$t.$5.cg" | sed 's/^/- /'
        callgrind_annotate --auto=no --threshold=100 "$t.$6.cg" | sed 's/^/+ /'
        callgrind_annotate --auto=no --threshold=100 "$f.$5.cg" | sed 's/^/+ /'
        callgrind_annotate --auto=no --threshold=100 "$f.$6.cg" | sed 's/^/- /'
    } | awk -v de="$(($6 - $5))" '
        $2 ~ /^[0-9,]+$/ && $3 ~ /^\(/ && $4 != "PROGRAM" {
            v = $2; gsub(",", "", v)
            k = $0; sub(/^[-+] +[0-9,]+ +\([^)]*\) +/, "", k)
            if (k ~ /^\?\?\?:0x[0-9a-f]+ \[\?\?\?\]/) k = "(LuaJIT trace code)"
            if (k ~ /^\?\?\?:0x/) sub(/ \[.*\//, " [", k)
            else sub(/ \[.*\]$/, "", k)
            sub(/^.*\/(src|include|sysdeps)\//, "", k)
            c[k] += ($1 == "+") ? v : -v
        }
        END { for (k in c) if (c[k] / de >= 3 || c[k] / de <= -3)
                  printf "%8.0f  %s\n", c[k] / de, k }' |
        sort -rn | head -"${7:-30}"
}

# measure_tools: for each driver and each of floor, bench and sysbench, runs
# $SCRIPT and fills IPE[tool.driver] (median user instructions per event over
# $CG_REPS callgrind runs of $E1 and $E2 events), FIN[measured.driver] (the
# median end-of-run report's share of measured's, cg_final_per_event), CPU
# and USR (client CPU and user CPU us per event over $REPS runs of $C1 and
# $C2 events, unreduced: take their median). The floor is skipped where it
# was not built.
declare -A IPE FIN CPU USR
measure_tools()
{
    local d tool rep tot usr
    for d in $DRIVERS; do
        for rep in $(seq "$CG_REPS"); do
            for tool in $(tools_of "$d"); do
                if [ $tool = floor ] && ! has_floor "$d"; then continue; fi
                IPE[$tool.$d]+="$(cg_per_event $tool "$d" "$SCRIPT" "$E1" "$E2") "
                [ $tool = measured ] && FIN[$tool.$d]+="$(cg_final_per_event \
                    $tool "$d" "$SCRIPT" "$E1" "$E2") "
            done
        done
        for tool in floor bench sysbench measured; do
            IPE[$tool.$d]=$(median ${IPE[$tool.$d]:-NA})
            FIN[$tool.$d]=$(median ${FIN[$tool.$d]:-NA})
        done
        for rep in $(seq "$REPS"); do
            for tool in $(tools_of "$d"); do
                if [ $tool = floor ] && ! has_floor "$d"; then continue; fi
                [ $tool = measured ] && continue # instructions only
                read -r tot usr <<<"$(cpu_per_event $tool "$d" "$SCRIPT" "$C1" "$C2")"
                CPU[$tool.$d]+="$tot "
                USR[$tool.$d]+="$usr "
            done
        done
    done
}

# cpu_rows DRIVER UNIT: the client CPU and user CPU rows of the table, from
# what measure_tools gathered (medians), floor / bench / sysbench.
cpu_rows()
{
    local d=$1 unit=$2 kind f b s
    for kind in CPU USR; do
        local -n per=$kind
        f=$(median ${per[floor.$d]:-NA}) b=$(median ${per[bench.$d]:-NA})
        s=$(median ${per[sysbench.$d]:-NA})
        db_row "$d: client $([ $kind = USR ] && echo "user ")CPU us/$unit" \
            "$f" "$b" "$s" "$(ratio "$b" "$f")" "$(ratio "$s" "$f")" "-" info
    done
}

# profile_tools: where each tool's instructions go per event for $SCRIPT,
# and what bench and sysbench spend beyond the floor, function by function.
profile_tools()
{
    local d tool
    for d in $DRIVERS; do
        for tool in $(tools_of "$d"); do
            cg_profile $tool "$d" "$SCRIPT" "$E1" "$E2" 8
        done
        for tool in $(tools_of "$d"); do
            [ "$tool" = floor ] && continue
            has_floor "$d" && cg_profile_diff $tool floor "$d" "$SCRIPT" "$E1" "$E2"
        done
    done
}
