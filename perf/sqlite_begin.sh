#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/sqlite_begin.sh: the README's first command (oltp_read_write on the
# embedded SQLite driver, 4 tables of 100,000 rows, 2 threads) with its
# transactions begun deferred, as before issue 30, and as bench now begins
# them (--sqlite_begin=auto: BEGIN IMMEDIATE, since the workload writes),
# in alternation on the same database, so both see the same machine.
# Targets (issue 30): auto's ignored errors at most 1% of its
# transactions, and its transactions per second not lower than
# deferred's (median of SQLITE_REPS runs of SQLITE_TIME s each: 3 x 10).
# No server and no sysbench needed (sysbench has no SQLite driver).
#
# Environment: BENCH (lib.sh), SQLITE_REPS, SQLITE_TIME.
. "$(dirname "$0")/lib.sh"

REPS=${SQLITE_REPS:-3}
TIME=${SQLITE_TIME:-10}
db=$PERF_TMP/begin.sqlite
args=(oltp_read_write --db-driver=sqlite "--sqlite-db=$db" --tables=4
    --table_size=100000 --threads=2)

"$BENCH" "${args[@]}" prepare >/dev/null || { echo "prepare failed" >&2; exit 1; }

# one MODE: "TPS ERRORS TRANSACTIONS" of one run.
one() {
    "$BENCH" "${args[@]}" --time="$TIME" --sqlite_begin="$1" run |
        awk '/transactions:/ { n = $2; tps = substr($3, 2) }
             /ignored errors:/ { e = $3 }
             END { print tps, e, n }'
}

declare -A tps errs
for ((i = 0; i < REPS; i++)); do
    for mode in deferred auto; do
        read -r t e n < <(one "$mode")
        [ -n "${n:-}" ] || { echo "perf: the $mode run failed" >&2; exit 1; }
        tps[$mode]="${tps[$mode]:-} $t"
        errs[$mode]="${errs[$mode]:-} $(calc "100 * $e / $n")"
    done
done
# shellcheck disable=SC2086 # word lists of numbers
{
    d_tps=$(median ${tps[deferred]})
    a_tps=$(median ${tps[auto]})
    d_err=$(median ${errs[deferred]})
    a_err=$(median ${errs[auto]})
}

table_head "SQLite oltp_read_write, 2 threads: how transactions begin (median of $REPS x ${TIME} s)"
row "transactions/s (auto vs deferred)" "$a_tps" "$d_tps" "$(ratio "$a_tps" "$d_tps")" ">= 1.0" \
    "$(verdict "$(ratio "$a_tps" "$d_tps")" '>=' 1.0)"
row "ignored errors, % of transactions" "$a_err" "$d_err" - "<= 1 (auto)" \
    "$(verdict "$a_err" '<=' 1)"
note "the 'sysbench' column is bench with --sqlite_begin=deferred (sysbench has no SQLite driver)"
exit $((FAILS > 0))
