#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/pgbench.sh: the client cost of a pgbench transaction, bench's `sql`
# workload running pgbench's built-in scripts through the script path
# (parsed, compiled into Lua, prepared statements) beside PostgreSQL's own
# pgbench on the same server and tables in one run (issue 32):
#  - select-only: `pgbench -S -M prepared` vs `bench sql
#    --builtin=select-only`; target bench <= 0.8 x pgbench;
#  - tpcb-like: `pgbench -M prepared` vs `bench sql --builtin=tpcb-like`;
#    target bench <= 1.0 x pgbench;
#  - select-only in extended query mode (an unnamed statement per query),
#    `-M extended` vs `--query-mode=extended`: printed, no target.
# User instructions per transaction under callgrind, one client, as the
# difference of two run lengths (CG_EVENTS1/CG_EVENTS2: 2000/12000) so
# start-up, connecting and exit cancel; median of CG_REPS (3)
# interleaved repetitions. Both tools count their client library (libpq)
# and everything else in the process.
#
# Environment: BENCH (lib.sh); PGBENCH (/usr/lib/postgresql/*/bin/pgbench,
# else pgbench on PATH); servers and database (db_lib.sh;
# PostgreSQL only); PERF_PGBENCH_SCALE (1).
. "$(dirname "$0")/lib.sh"
. "$PERF_DIR/db_lib.sh"
need_tools valgrind

E1=${CG_EVENTS1:-2000}
E2=${CG_EVENTS2:-12000}
CG_REPS=${CG_REPS:-3}
SCALE=${PERF_PGBENCH_SCALE:-1}
# The binary itself: Debian's /usr/bin/pgbench is a Perl wrapper that
# execs it, which callgrind would measure instead.
PGBENCH=${PGBENCH:-$(ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | tail -n 1)}
PGBENCH=${PGBENCH:-$(command -v pgbench)}
if [ -z "$PGBENCH" ] || [ ! -x "$PGBENCH" ]; then
    echo "perf: pgbench not found (PostgreSQL's client tools; set PGBENCH)" >&2
    exit 2
fi

# cmd TOOL SCRIPT EVENTS MODE: the command line of one run.
cmd()
{
    if [ "$1" = pgbench ]; then
        local s=
        [ "$2" = select-only ] && s=-S
        echo "$PGBENCH -h $PG_HOST -p $PG_PORT -U $DB_USER -n $s -M $4 -c 1 -j 1 -t $3 $DB_NAME"
    else
        echo "$BENCH sql $(db_opts pgsql) --pgsql-sslmode=disable --builtin=$2 --query-mode=$4 --vacuum=off --threads=1 --events=$3 --time=0 run"
    fi
}

# instr TOOL SCRIPT EVENTS MODE: total user instructions of one run, or NA.
instr()
{
    local o=$PERF_TMP/cg.$1.$2.$3.$4
    # shellcheck disable=SC2046
    PGPASSWORD=$DB_PASSWORD valgrind --tool=callgrind --callgrind-out-file="$o.cg" \
        $(cmd "$1" "$2" "$3" "$4") >"$o.out" 2>"$o.err"
    if ! grep -Eq "(transactions: *$3 |actually processed: $3/$3)" "$o.out"; then
        echo "perf: $1 $2 did not run $3 transactions (see $o.out, $o.err)" >&2
        echo NA
        return
    fi
    awk '/^totals:/ { print $2 }' "$o.cg"
}

per_tx() # TOOL SCRIPT MODE
{
    calc "($(instr "$1" "$2" "$E2" "$3") - $(instr "$1" "$2" "$E1" "$3")) / ($E2 - $E1)"
}

if ! db_create pgsql >"$PERF_TMP/pgbench.create" 2>&1; then
    echo "perf: cannot create database $DB_NAME (see $PERF_TMP/pgbench.create)" >&2
    exit 2
fi
# shellcheck disable=SC2046
if ! "$BENCH" sql $(db_opts pgsql) --builtin=tpcb-like --scale="$SCALE" \
    prepare >"$PERF_TMP/pgbench.prepare" 2>&1; then
    echo "perf: bench sql prepare failed:" >&2
    tail -n 3 "$PERF_TMP/pgbench.prepare" >&2
    exit 2
fi

table_head "pgbench built-in scripts: bench sql vs pgbench, same query mode, 1 client"
# SCRIPT:MODE:TARGET (- : printed only)
for script in select-only:prepared:0.8 tpcb-like:prepared:1.0 select-only:extended:-; do
    IFS=: read -r name mode target <<<"$script"
    b=() p=()
    for _ in $(seq "$CG_REPS"); do
        p+=("$(per_tx pgbench "$name" "$mode")")
        b+=("$(per_tx bench "$name" "$mode")")
    done
    bi=$(median "${b[@]}") pi=$(median "${p[@]}")
    r=$(ratio "$bi" "$pi")
    row "$name/$mode: instr/txn, bench" "$bi" - - - info
    row "$name/$mode: instr/txn, pgbench" "$pi" - - - info
    if [ "$target" = - ]; then
        row "$name/$mode: bench / pgbench" "$r" - "$r" - info
    else
        row "$name/$mode: bench / pgbench" "$r" - "$r" "<= $target" "$(verdict "$r" "<=" "$target")"
    fi
done
# shellcheck disable=SC2046
"$BENCH" sql $(db_opts pgsql) --builtin=tpcb-like cleanup >/dev/null 2>&1
note "callgrind, (I($E2) - I($E1)) / $((E2 - E1)) transactions, user space, median of $CG_REPS;"
note "scale $SCALE, pgbench tables made by bench sql prepare; TLS off for both (PGSSLMODE)."
exit $((FAILS > 0))
