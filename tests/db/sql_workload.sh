#!/bin/bash
# SPDX-License-Identifier: MIT
# sql_workload.sh (make check; make check-db for the servers): the `sql`
# workload (docs/sql-workloads.md), pgbench scripts and mysqlslap-style
# queries, issue 32:
#  - without a server (null driver): the random functions' draws fit the
#    distributions pgbench documents (chi-square, 0.001 level,
#    sql_workload_fit.py); bad scripts give one line naming file:line and
#    what was expected, exit 1;
#  - PostgreSQL with pgbench: every expression of sql_workload/exprs.txt
#    gives pgbench's value (debug() through both); the built-in scripts
#    prepared (pgbench -i's tables) and run in both query modes leave
#    pgbench's invariants, and send pgbench's statements (the server's
#    log_statement output, when run as root); the documentation's example
#    script runs unmodified;
#  - MariaDB and SQLite: the built-in scripts and mysqlslap-style
#    --query/--create/--auto-generate-sql runs.
# Each server in a private database (bench_sqlw). TAP output. $BENCH: the
# bench under test (default ./bench).
. "$(dirname "$0")/lib.sh"
DB=bench_sqlw
DIR=$TESTS_DB_DIR/sql_workload
FIT=$TESTS_DB_DIR/sql_workload_fit.py
SQL_LUA=$TESTS_DB_DIR/sql.lua
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-sqlw.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
NULL="--db-driver=null"

sql() { # sql DRIVER_OPTS STATEMENTS: result rows, tab-separated
    # shellcheck disable=SC2086
    BENCH_SQL=$2 "$BENCH" $1 "$SQL_LUA" sql | tail -n +3
}

# -- Distributions (no server) -------------------------------------------------
for spec in "uniform 1 10|random(1, 10)" \
    "uniform -5 1000|random(-5, 1000)" \
    "exponential 1 20 3.0|random_exponential(1, 20, 3.0)" \
    "gaussian 1 10 2.5|random_gaussian(1, 10, 2.5)" \
    "gaussian 0 99 4.0|random_gaussian(0, 99, 4.0)" \
    "zipfian 1 50 1.5|random_zipfian(1, 50, 1.5)" \
    "zipfian 5 100 1.07|random_zipfian(5, 100, 1.07)"; do
    d=${spec%%|*} e=${spec#*|}
    printf '\\set g debug(%s)\n' "$e" >"$work/g.sql"
    # shellcheck disable=SC2086
    OUT=$("$BENCH" sql $NULL --file="$work/g.sql" --events=40000 --time=0 run 2>&1 >/dev/null |
        python3 "$FIT" $d)
    ok $? "$e fits pgbench's documented distribution" "$OUT"
done

# -- Bad scripts: one line, file:line, what was expected -------------------------
bad() { # bad NAME TEXT EXPECTED_LINE_RE
    printf '%b' "$2" >"$work/$1"
    run sql $NULL --file="$work/$1" --events=1 --time=0 run
    status_is 1 "$1: refused"
    has_re "FATAL: .*$3" "$1: names the file, the line and what was expected"
}
bad syntax.sql 'SELECT 1;\n\\set a 1 +\n' "syntax.sql:2: \\\\set: expected an operand, found the end of the expression.*"
bad paren.sql '\\set a (1 + 2\n' "paren.sql:1: \\\\set: expected '\\)', found the end of the expression.*"
bad func.sql '\n\n\\set a nosuch(1)\n' "func.sql:3: \\\\set: unknown function \"nosuch\".*"
bad args.sql '\\set a random(1)\n' "args.sql:1: \\\\set: wrong number of arguments for random\\(\\): 1.*"
bad endif.sql '\\if true\nSELECT 1;\n' "endif.sql:1: \\\\if without a matching \\\\endif"
bad else.sql '\\if true\n\\else\n\\elif false\n\\endif\n' "else.sql:3: \\\\elif after \\\\else \\(expected \\\\endif\\)"
bad meta.sql 'SELECT 1;\n\\sett x 1\n' "meta.sql:2: unknown meta-command \\\\sett .*"
bad gset.sql '\\gset\n' "gset.sql:1: \\\\gset must follow an SQL command"
bad pipe.sql '\\startpipeline\n' "pipe.sql:1: \\\\startpipeline: pipeline mode is not supported by bench"
bad sleep.sql '\\sleep 1 hours\n' "sleep.sql:1: \\\\sleep: expected a unit us, ms or s, not \"hours\""
run sql $NULL --file="$work/nosuch.sql" run
status_is 1 "a missing script file"
has_re "FATAL: .*--file: cannot read '$work/nosuch.sql': .*"
run sql $NULL --builtin=nosuch run
has_re "FATAL: .*--builtin: no built-in script 'nosuch' \\(expected tpcb-like, simple-update or select-only\\)"
run sql $NULL --file="$work/g.sql@x" run
has_re "FATAL: .*--file: weight 'x' of '.*g.sql' must be an integer from 0 to 2\\^31"
printf 'SELECT 1;\n' >"$work/one.sql"
run sql $NULL --file="$work/one.sql" --query-mode=fancy --events=1 run
status_is 1 "an unknown --query-mode"
has_re "FATAL: .*--query-mode must be simple, extended or prepared, not 'fancy'"
# (the null driver has no unnamed statements: one line naming it)
run sql $NULL --file="$work/one.sql" --query-mode=extended --events=1 run
status_is 1 "extended on a driver without unnamed statements"
has_re "FATAL: null driver: its client library cannot send a statement and its values as one request \\(an unnamed statement\\)"
# What a script file holds never reaches a shell.
bad shell.sql "SELECT 1;\n\\\\shell touch $work/ran\n" "shell.sql:2: \\\\shell is not supported: bench does not run commands from script files"
bad setshell.sql "\\\\setshell x touch $work/ran\n" "setshell.sql:1: \\\\setshell is not supported: bench does not run commands from script files"
[ ! -e "$work/ran" ]
ok $? "\\shell and \\setshell run nothing"
# Limits and hostile bytes: one line each, naming file:line.
printf '\\if true\n%.0s' $(seq 33) >"$work/deep_if.sql"
printf '\\endif\n%.0s' $(seq 33) >>"$work/deep_if.sql"
run sql $NULL --file="$work/deep_if.sql" --events=1 --time=0 run
has_re "FATAL: .*deep_if.sql:33: \\\\if nested too deeply \\(more than 32 open \\\\if blocks\\)" "\\if nesting is bounded"
printf '\\if true\n%.0s' $(seq 32) >"$work/if32.sql"
printf 'SELECT 1;\n' >>"$work/if32.sql"
printf '\\elif false\n\\else\n\\endif\n%.0s' $(seq 32) >>"$work/if32.sql"
run sql $NULL --file="$work/if32.sql" --events=2 --time=0 run
status_is 0 "32 nested \\if blocks, each with \\elif and \\else, run"
bad deep_expr.sql "\\\\set a $(printf '(%.0s' $(seq 40))1$(printf ')%.0s' $(seq 40))\n" "deep_expr.sql:1: \\\\set: expression nested too deeply \\(more than 32 levels\\) \\(at column 33 of \"\\(+\\.\\.\\.\"\\)"
bad long_expr.sql "\\\\set a $(printf '1+%.0s' $(seq 3000))1\n" "long_expr.sql:1: \\\\set: expression too complex .* \\(at column 1 of \"(1\\+)+1?\\.\\.\\.\"\\)"
bad fargs.sql '\\set a greatest(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17)\n' "fargs.sql:1: \\\\set: too many function arguments, maximum is 16 .*"
bad bigint.sql '\\set a 25000000000000000000\n' "bigint.sql:1: \\\\set: bigint constant overflow .*"
bad bigdouble.sql '\\set a 1e400\n' "bigdouble.sql:1: \\\\set: expected a double constant in range .*"
bad bigexp.sql '\\set a random(1, 92116860184e7187903)\n' "bigexp.sql:1: \\\\set: expected a double constant in range .*"
bad nul.sql 'SELECT 1;\n\\set a 1\0 + 1\n' "nul.sql:2: a NUL byte \\(a script is text\\)"
bad utf8.sql '\\set a \xff\xfe(1)\n' "utf8.sql:1: \\\\set: unknown function \"\\\\xFF\\\\xFE\" .*"
bad quote.sql "SELECT 1;\nSELECT 'it''s;\n" "quote.sql:2: unterminated quoted string \\(expected ' before the end of the file\\)"
bad comment.sql 'SELECT 1 /* a\n;\n' "comment.sql:1: unterminated /\\* comment \\(expected \\*/ before the end of the file\\)"
bad dollar.sql 'SELECT $f$ 1;\n' "dollar.sql:1: unterminated dollar-quoted string \\(expected \\\$f\\\$ before the end of the file\\)"
for e in "1 / 0|division by zero" "5 % 0|division by zero" "mod(5, 0)|division by zero" \
    "-9223372036854775808 / -1|bigint div out of range" "-9223372036854775808 * -1|bigint mul out of range" \
    "abs(-9223372036854775808)|bigint abs out of range" "-9223372036854775807 - 2|bigint sub out of range"; do
    printf '\\set a %s\n' "${e%%|*}" >"$work/rt.sql"
    run sql $NULL --file="$work/rt.sql" --events=1 --time=0 run
    has_re "FATAL: .*rt.sql:1: ${e#*|}" "${e%%|*}: ${e#*|}, naming file:line"
done
printf '\\set a debug(-9223372036854775808 %% -1)\n\\set b debug(-9223372036854775808)\n\\set c debug(permute(5, 9223372036854775807, 1))\n' >"$work/edge.sql"
OUT=$(timeout 20 "$BENCH" sql $NULL --file="$work/edge.sql" --events=1 --time=0 run 2>&1 | sed -n 's/^debug([^)]*): //p' | head -2 | tr '\n' ' ')
[ "$OUT" = "int 0 int -9223372036854775808 " ]
ok $? "INT64_MIN % -1 is 0, INT64_MIN is a literal, permute() over 2^63 - 1 returns" "$OUT"
printf 'SELECT :x;\n\\set x 1\n' >"$work/unset.sql"
run sql $NULL --file="$work/unset.sql" --events=1 --time=0 run
has_re "FATAL: .*unset.sql:1: undefined variable \"x\"" "a variable read before its \\set"
printf '\\set a 9223372036854775807 + 1\n' >"$work/ovf.sql"
run sql $NULL --file="$work/ovf.sql" --events=1 --time=0 run
has_re "FATAL: .*ovf.sql:1: bigint add out of range" "a run-time error names file:line"

# -- Weights (no server): a@3,b@1 -------------------------------------------------
printf '\\set w debug(1)\n' >"$work/a.sql"
printf '\\set w debug(2)\n' >"$work/b.sql"
OUT=$("$BENCH" sql $NULL --file="$work/a.sql@3,$work/b.sql@1" --events=20000 --time=0 run 2>&1 >/dev/null |
    awk '{ n[$3]++ } END { r = n[1] / (n[1] + n[2]); print r; exit !(r > 0.74 && r < 0.76) }')
ok $? "--file=a.sql@3,b.sql@1 runs a.sql 3 times in 4" "share of a.sql: $OUT"

# -- PostgreSQL ---------------------------------------------------------------------
PGBENCH=$(ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | tail -n 1)
PGBENCH=${PGBENCH:-$(command -v pgbench)}

# pgbench_cmd ARGS...: pgbench on the test server's private database.
pgbench_cmd() {
    local host port user pw
    host=$(sed -n 's/.*--pgsql-host=\([^ ]*\).*/\1/p' <<<"$BENCH_TEST_PGSQL")
    port=$(sed -n 's/.*--pgsql-port=\([^ ]*\).*/\1/p' <<<"$BENCH_TEST_PGSQL")
    user=$(sed -n 's/.*--pgsql-user=\([^ ]*\).*/\1/p' <<<"$BENCH_TEST_PGSQL")
    pw=$(sed -n 's/.*--pgsql-password=\([^ ]*\).*/\1/p' <<<"$BENCH_TEST_PGSQL")
    PGPASSWORD=$pw PGSSLMODE=disable "$PGBENCH" -h "$host" -p "$port" -U "$user" "$@" "$DB"
}

# invariants DRIVER_OPTS NAME: pgbench's after tpcb-like (the balances'
# sums equal the history's).
invariants() {
    local got
    got=$(sql "$1" "SELECT (SELECT SUM(bbalance) FROM pgbench_branches), (SELECT SUM(tbalance) FROM pgbench_tellers), (SELECT SUM(abalance) FROM pgbench_accounts), (SELECT SUM(delta) FROM pgbench_history), (SELECT COUNT(*) FROM pgbench_history)")
    awk -F'\t' -v n="$3" '{ exit !($1 == $2 && $2 == $3 && $3 == $4 && $5 == n) }' <<<"$got"
    ok $? "$2: sum(bbalance) = sum(tbalance) = sum(abalance) = sum(delta), $3 history rows" "$got"
}

# builtins NAME DRIVER_OPTS: prepare, runs of the three scripts, cleanup.
builtins() {
    local d=$1 o=$2 m
    run sql $o --builtin=tpcb-like cleanup
    run sql $o --builtin=tpcb-like --scale=2 --threads=3 prepare
    status_is 0 "$d: prepare --scale=2 on 3 threads"
    got=$(sql "$o" "SELECT (SELECT COUNT(*) FROM pgbench_branches), (SELECT COUNT(*) FROM pgbench_tellers), (SELECT COUNT(*) FROM pgbench_accounts), (SELECT COUNT(DISTINCT aid) FROM pgbench_accounts), (SELECT MAX(bid) FROM pgbench_accounts), (SELECT COUNT(*) FROM pgbench_history)")
    [ "$got" = "$(printf '2\t20\t200000\t200000\t2\t0')" ]
    ok $? "$d: pgbench -i's rows at scale 2" "$got"
    # (--vacuum=off: the second run keeps the first one's history)
    for m in prepared simple extended; do
        run sql $o --builtin=tpcb-like --query-mode=$m --threads=2 --events=600 --time=0 \
            $([ $m != prepared ] && echo --vacuum=off) run
        status_is 0 "$d: tpcb-like, $m, 600 transactions"
        has_re " +transactions: +600 .*"
    done
    invariants "$o" "$d: tpcb-like" 1800
    # extended on virtual users: libpq and SQLite have it; MariaDB's client
    # library sends the unnamed statement by a blocking call only
    run sql $o --builtin=tpcb-like --query-mode=extended --virtual-users=4 --events=200 --time=0 --vacuum=off run
    if [ "$d" = mysql ]; then
        status_is 1 "$d: extended on virtual users is refused"
        has_re "FATAL: mysql driver: its client library sends unnamed statements \\(--query-mode=extended\\) only by a blocking call, which virtual users cannot make: use --threads, or prepared statements"
        invariants "$o" "$d: tpcb-like (nothing run on virtual users)" 1800
    else
        status_is 0 "$d: extended on 4 virtual users, 200 transactions"
        has_re " +transactions: +200 .*"
        invariants "$o" "$d: tpcb-like" 2000
    fi
    run sql $o --builtin=simple-update@1,select-only@1 --threads=2 --events=400 --time=0 --extended-report=on run
    status_is 0 "$d: simple-update@1,select-only@1"
    has_re " +simple-update:7 .*" "$d: simple-update's INSERT is a statement kind"
    # several scripts: each one's last statement counts as the script, timed
    # from its start (pgbench -r's per-script statistics)
    awk '$1 == "select-only" { s = $2 } $1 == "simple-update" { u = $2 }
        END { exit !(s > 100 && u > 100 && s + u == 400) }' <<<"$OUT"
    ok $? "$d: each script a kind, its count its transactions" "$OUT"
    awk '$1 == "simple-update:7" { i = $4 } $1 == "simple-update" { t = $4 }
        END { exit !(t > i) }' <<<"$OUT"
    ok $? "$d: a script's latency covers its statements" "$OUT"
    run sql $o --builtin=tpcb-like cleanup
    status_is 0 "$d: cleanup"
}

# slap NAME DRIVER_OPTS: mysqlslap's --create/--query and the generated table.
slap() {
    local d=$1 o=$2
    run sql $o --create="CREATE TABLE slap1 (a INT, b VARCHAR(20)); INSERT INTO slap1 VALUES (1, 'x'), (2, 'y')" prepare
    status_is 0 "$d: --create"
    run sql $o --query="SELECT * FROM slap1 WHERE a = 1; INSERT INTO slap1 VALUES (3, 'z'); SELECT COUNT(*) FROM slap1" --threads=2 --events=100 --time=0 --extended-report=on run
    status_is 0 "$d: --query with three statements, 100 events"
    has_re " +read: +200" "$d: two reads per event"
    has_re " +write: +100" "$d: one write per event"
    has_re " +query:3 .*" "$d: each statement is a statement kind"
    printf 'SELECT a FROM slap1 WHERE a = 2|\nSELECT b FROM slap1|' >"$work/q.sql"
    run sql $o --query-file="$work/q.sql" --delimiter='|' --events=50 --time=0 run
    has_re " +read: +100" "$d: --query-file with --delimiter"
    run sql $o --create="CREATE TABLE slap1 (a INT)" cleanup
    status_is 0 "$d: cleanup drops what --create made"
    for t in mixed read write key update; do
        run sql $o --auto-generate-sql --auto-generate-sql-load-type=$t --number-int-cols=2 --number-char-cols=2 prepare
        run sql $o --auto-generate-sql --auto-generate-sql-load-type=$t --number-int-cols=2 --number-char-cols=2 --threads=2 --events=100 --time=0 run
        status_is 0 "$d: --auto-generate-sql-load-type=$t"
    done
    run sql $o --auto-generate-sql cleanup
}

if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    run "$TESTS_DB_DIR/sql_api.lua" --db-driver=pgsql $BENCH_TEST_PGSQL --newdb=$DB createdb
    status_is 0 "pgsql: create database $DB"
    PG=$(pg_opts $DB)
    builtins pgsql "$PG"
    run sql $PG --builtin=tpcb-like --scale=1 prepare
    if [ -n "$PGBENCH" ]; then
        # every expression through pgbench and bench: debug()'s lines
        i=0
        while IFS= read -r e; do
            i=$((i + 1))
            printf '\\set v%d debug(%s)\n' $i "$e"
        done <"$DIR/exprs.txt" >"$work/exprs.sql"
        want=$(pgbench_cmd -n -t 1 -f "$work/exprs.sql" 2>&1 | sed -n 's/^debug([^)]*): //p')
        got=$("$BENCH" sql $PG --file="$work/exprs.sql" --events=1 --time=0 run 2>&1 | sed -n 's/^debug([^)]*): //p')
        [ -n "$want" ] && [ "$want" = "$got" ]
        ok $? "$(wc -l <"$DIR/exprs.txt") expressions give pgbench's values" \
            "$(diff <(paste -d'|' "$DIR/exprs.txt" <(echo "$want")) <(paste -d'|' "$DIR/exprs.txt" <(echo "$got")))"
        # :default_seed, and so hash() and permute() without a seed, as
        # pgbench's for the same seed and number of clients
        printf '\\set a debug(:default_seed)\n\\set b debug(hash(:client_id))\n\\set c debug(permute(:client_id, 1000))\n\\sleep 5 ms\n' >"$work/seed.sql"
        for c in 1 3; do
            # (the values each client gives, once. bench shares --events
            # among its threads as they come: a thread that starts first
            # could run them all, and another client's values would be
            # missing; so every thread runs for a second, each event 5 ms)
            want=$(pgbench_cmd -n -t 20 -c $c -j 1 --random-seed=42 -f "$work/seed.sql" 2>&1 | sed -n 's/^debug([^)]*): //p' | sort -u)
            got=$("$BENCH" sql $PG --threads=$c --rand-seed=42 --file="$work/seed.sql" --events=0 --time=1 run 2>&1 | sed -n 's/^debug([^)]*): //p' | sort -u)
            [ -n "$want" ] && [ "$want" = "$got" ]
            ok $? "--rand-seed=42, $c clients: pgbench's :default_seed, hash() and permute()" "pgbench: $want; bench: $got"
        done
        want=$(pgbench_cmd -n -t 1 -f "$DIR/docs.sql" 2>&1 | sed -n 's/^debug([^)]*): //p')
        for m in prepared simple extended; do
            got=$("$BENCH" sql $PG --file="$DIR/docs.sql" --query-mode=$m --events=1 --time=0 run 2>&1 | sed -n 's/^debug([^)]*): //p')
            [ -n "$want" ] && [ "$want" = "$got" ]
            ok $? "the documentation's script runs unmodified ($m), with pgbench's values" "pgbench: $want; bench: $got"
        done
    else
        skip "expressions against pgbench" "no pgbench binary"
    fi
    pg_log=${BENCH_DB_DIR:-/tmp/bench-db}/pg.log
    if [ -n "$PGBENCH" ] && [ "$(id -u)" = 0 ] && [ -r "$pg_log" ] &&
        su postgres -c "psql -h '${BENCH_DB_DIR:-/tmp/bench-db}/pgsock' -p ${BENCH_DB_PG_PORT:-15432} -qAt -d $DB -c \"ALTER DATABASE $DB SET log_statement = 'all'\"" >/dev/null 2>&1; then
        # statements of one client's 3 transactions, values out, and how
        # each was sent: as text, by a named or by the unnamed statement
        norm() { sed -n 's/^.*LOG:  \(statement\|execute [^:]*\): /\1: /p' |
            sed -E 's/^execute <unnamed>:/unnamed:/; s/^execute [^:]*:/named:/; s/-?[0-9]+/N/g'; }
        for s in tpcb-like simple-update select-only; do
            for m in prepared simple extended; do
                off=$(stat -c %s "$pg_log")
                pgbench_cmd -n -b $s -M $m -t 3 >/dev/null 2>&1
                sleep 0.3
                want=$(tail -c +$((off + 1)) "$pg_log" | norm | grep -iv 'count(\*)\|pg_catalog')
                off=$(stat -c %s "$pg_log")
                "$BENCH" sql $PG --builtin=$s --query-mode=$m --vacuum=off --events=3 --time=0 run >/dev/null 2>&1
                sleep 0.3
                got=$(tail -c +$((off + 1)) "$pg_log" | norm | grep -iv 'count(\*)\|pg_catalog')
                [ -n "$want" ] && [ "$want" = "$got" ]
                ok $? "$s ($m): pgbench's statements, in its order" "$(diff <(echo "$want") <(echo "$got"))"
            done
        done
        su postgres -c "psql -h '${BENCH_DB_DIR:-/tmp/bench-db}/pgsock' -p ${BENCH_DB_PG_PORT:-15432} -qAt -d $DB -c \"ALTER DATABASE $DB RESET log_statement\"" >/dev/null 2>&1
    else
        skip "statement logs against pgbench" "needs root, the server's log and pgbench"
    fi
    run sql $PG --builtin=tpcb-like cleanup
    slap pgsql "$PG"
else
    echo "# SKIP pgsql: BENCH_TEST_PGSQL is not set (tests/db/servers.sh env)"
fi

if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    run "$TESTS_DB_DIR/sql_api.lua" $BENCH_TEST_MYSQL --newdb=$DB createdb
    status_is 0 "mysql: create database $DB"
    MY="--db-driver=mysql $(my_opts $DB)"
    builtins mysql "$MY"
    slap mysql "$MY"
else
    echo "# SKIP mysql: BENCH_TEST_MYSQL is not set (tests/db/servers.sh env)"
fi

# features NAME DRIVER_OPTS: what bench has beyond the run itself works on
# the sql workload as on any (--rate, warm-up, --results, merge, compare,
# plot, virtual users, metrics), with two scripts' kinds.
features() {
    local d=$1 o=$2 f=$work/feat i port
    local two="--builtin=select-only@1,simple-update@1 --vacuum=off"
    local pids=() at=$(($(date +%s) + 2))
    run sql $o --builtin=tpcb-like --scale=1 prepare
    # two members of one distributed run (merge wants them overlapping)
    for i in 1 2; do
        "$BENCH" sql $o $two --rate=300 --time=3 --report-interval=1 \
            --extended-report=on --start-at=$at --results="${f}$i.json" run >"${f}$i.txt" 2>&1 &
        pids+=($!)
    done
    for i in 1 2; do
        wait "${pids[$((i - 1))]}"
        ok $? "$d: run $i with --rate, --start-at and --results" "$(tail -3 "${f}$i.txt")"
    done
    # (not in the runs above: an event running across the warm-up's end
    # counts while its queries stay in the warm-up, as 1.1's reset drops
    # them (docs/compatibility.md, --warmup-time), so the script kinds can
    # count one transaction a thread fewer than the report)
    run sql $o $two --time=1 --warmup-time=1 --rate=300 run
    status_is 0 "$d: --warmup-time"
    has_re "^Warming up for 1 seconds\\.\\.\\.$"
    grep -q '^Latency under --rate (ms):' "${f}1.txt"
    ok $? "$d: the report's open-loop latency section"
    got=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
k = {x["kind"]: x for x in d["kinds"]}
n = d["totals"]["events"]
print(d["test"], d["rate"]["target_per_s"], "select-only" in k and "simple-update" in k,
      k["select-only"]["latency"]["count"] + k["simple-update"]["latency"]["count"] == n)' "${f}1.json" 2>&1)
    [ "$got" = "sql 300 True True" ]
    ok $? "$d: the document: workload sql, the rate, a kind per script adding up to the events" "$got"
    "$BENCH" merge "${f}1.json" "${f}2.json" --results="$f.m.json" >"$f.m.txt" 2>&1
    ok $? "$d: merge of two runs" "$(tail -3 "$f.m.txt")"
    got=$(python3 -c 'import json, sys
e = [json.load(open(p))["totals"]["events"] for p in sys.argv[1:]]
print(e[0] == e[1] + e[2])' "$f.m.json" "${f}1.json" "${f}2.json" 2>&1)
    [ "$got" = True ]
    ok $? "$d: the merged events are the runs' sum" "$got"
    "$BENCH" compare "${f}1.json" "${f}2.json" >"$f.c.txt" 2>&1
    i=$?
    [ $i -le 2 ] && grep -q '^compare: \(PASS\|FAIL\|INSUFFICIENT DATA\)' "$f.c.txt"
    ok $? "$d: compare of two runs gives a verdict (exit $i)" "$(cat "$f.c.txt")"
    "$BENCH" plot "${f}1.json" "${f}2.json" -o "$f.svg" >"$f.p.txt" 2>&1 && grep -q '<svg' "$f.svg"
    ok $? "$d: plot of two runs" "$(cat "$f.p.txt")"
    run sql $o $two --virtual-users=8 --rate=200 --time=2 run
    status_is 0 "$d: 8 virtual users"
    has_re " +transactions: +[1-9][0-9]* .*"
    # metrics: the run's events, scraped while it runs
    # (--time=5 and up to 10 s for the address: a busy machine is slow to
    # start a run)
    "$BENCH" sql $o $two --time=5 --metrics-addr=127.0.0.1:0 run >"$f.mt.txt" 2>"$f.mt.err" &
    i=$!
    port=
    for _ in $(seq 100); do
        port=$(sed -n 's|^metrics: serving http://127.0.0.1:\([0-9]*\)/metrics.*|\1|p' "$f.mt.err")
        [ -n "$port" ] && break
        sleep 0.1
    done
    sleep 1
    got=$(python3 -c 'import sys, urllib.request
t = urllib.request.urlopen("http://127.0.0.1:%s/metrics" % sys.argv[1], timeout=5).read().decode()
print(any(l.startswith("bench_events_total ") and float(l.split()[1]) > 0 for l in t.splitlines()))' "$port" 2>&1)
    wait $i
    ok $? "$d: run with --metrics-addr" "$(cat "$f.mt.err")"
    [ "$got" = True ]
    ok $? "$d: bench_events_total scraped, above 0" "$got"
    run sql $o --builtin=tpcb-like cleanup
    # pgbench -r reports every statement: 40 of them, each its own kind
    for i in $(seq 40); do echo "SELECT $i;"; done >"$work/forty.sql"
    run sql $o --file="$work/forty.sql" --events=3 --time=0 --extended-report=on run
    status_is 0 "$d: a script of 40 statements"
    [ "$(grep -c '^ *forty.sql:[0-9]* ' <<<"$OUT")" = 40 ] && has_re "^ +forty.sql:40 +3 .*"
    ok $? "$d: 40 statement kinds, the 40th counted" "$OUT"
}

if has_sqlite; then
    SQ="--db-driver=sqlite --sqlite-db=$work/sqlw.sqlite"
    builtins sqlite "$SQ"
    slap sqlite "$SQ"
    features sqlite "$SQ"
else
    echo "# SKIP sqlite: bench was built without the sqlite driver"
fi
finish
