#!/bin/sh
# SPDX-License-Identifier: MIT
# examples.sh [DIR]: runs every script of examples/ (or DIR, e.g. the
# installed /usr/share/doc/bench/examples) on the SQLite driver or with no
# database, in a fresh directory, and checks what each prints. TAP output;
# fails naming the example and the check. Skips (77) without the SQLite
# driver. $BENCH: the bench to run (default: bench on PATH).
here=$(cd "$(dirname "$0")" && pwd)
dir=$(cd "${1:-$here/../examples}" && pwd) || exit 99
bench=${BENCH:-$(command -v bench)}
[ -x "$bench" ] || { echo "examples.sh: no bench (set BENCH)" >&2; exit 99; }
if ! "$bench" --help | grep -q '^  sqlite - '; then
    echo "1..0 # SKIP bench built without the SQLite driver"
    exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99
n=0
failed=0
ok() { # ok CONDITION-STATUS NAME
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else
        echo "not ok $n - $2"
        failed=$((failed + 1))
    fi
}
# same NAME EXPECTED-FILE ACTUAL-FILE
same() {
    if cmp -s "$2" "$3"; then ok 0 "$1"; else
        ok 1 "$1"
        diff "$2" "$3" | sed 's/^/# /'
    fi
}
# The value of a report line such as "    write:    123".
field() { sed -n "s/^ *$1: *\([0-9][0-9]*\).*/\1/p" "$2" | head -1; }
sq="--db-driver=sqlite --sqlite-db=$tmp/examples.sqlite"

# -- kv.lua: a key-value workload ------------------------------------------
kv="$bench $dir/kv.lua $sq --keys=500"
$kv --verbosity=1 prepare >out 2>&1
printf 'kv: 500 keys loaded\n' >want
same "kv.lua prepare loads the keys" want out
$kv --threads=2 --events=2000 --time=0 --write_pct=25 run >out 2>&1
ok $? "kv.lua run exits 0"
r=$(field read out) w=$(field write out) e=$(field "total number of events" out)
[ "$e" = 2000 ] && [ $((r + w)) = 2000 ]
ok $? "kv.lua: 2000 events, one query each (read $r + write $w)"
[ "$w" -gt 300 ] && [ "$w" -lt 700 ]
ok $? "kv.lua: --write_pct=25 writes about a quarter ($w of 2000)"
$kv --events=300 --time=0 --write_pct=0 run >out 2>&1
[ "$(field write out)" = 0 ] && [ "$(field read out)" = 300 ]
ok $? "kv.lua: --write_pct=0 only reads"
$kv cleanup >out 2>&1 && $kv --verbosity=1 prepare >out 2>&1 && $kv cleanup >/dev/null 2>&1
ok $? "kv.lua cleanup drops the table (prepare works again)"

# -- parallel_load.lua: a parallel custom command --------------------------
pl="$bench $dir/parallel_load.lua $sq --tables=5 --rows=200"
$pl --threads=3 --verbosity=1 load >out 2>&1
ok $? "parallel_load.lua load exits 0"
sort out >sorted
printf 'thread %s loaded load%s\n' 0 1 0 4 1 2 1 5 2 3 >want
same "parallel_load.lua: thread t loads tables t+1, t+1+threads, ..." want sorted
$pl --verbosity=1 verify >out 2>&1
for t in 1 2 3 4 5; do
    echo "load$t: 200 rows, sum $((200 * 201 / 2 * t))"
done >want
same "parallel_load.lua verify: every row in every table" want out
$pl cleanup >/dev/null 2>&1 && ! $pl --verbosity=1 verify >/dev/null 2>&1
ok $? "parallel_load.lua cleanup drops the tables (verify then fails)"

# -- csv_report.lua: report hooks writing CSV --------------------------------
$bench "$dir/csv_report.lua" --threads=2 --time=3 --report-interval=1 \
    --csv_file="$tmp/r.csv" --work=1000 --verbosity=1 run >out 2>&1
ok $? "csv_report.lua run exits 0"
rows=$(($(wc -l <r.csv) - 1))
printf 'csv_report: %s rows and a header in %s\n' "$rows" "$tmp/r.csv" >want
same "csv_report.lua: its own last line instead of the text report" want out
head -1 r.csv >got
echo "time,threads,events_per_s,queries_per_s,latency_pct_us,errors_per_s" >want
same "csv_report.lua: the CSV header" want got
awk -F, 'NR > 1 { print $1 }' r.csv | tr '\n' ' ' >got
printf '1 2 total ' >want
same "csv_report.lua: a row per second (--time=3: at 1 s and 2 s), then total" want got
awk -F, 'NR > 1 && !(NF == 6 && $3 > 0 && $5 > 0) { bad = 1 } END { exit bad }' r.csv
ok $? "csv_report.lua: every row has 6 fields, events/s and latency above 0"
awk -F, '$1 ~ /^[0-9]/ && $2 != 2 { bad = 1 } END { exit bad }' r.csv
ok $? "csv_report.lua: the interval rows count 2 running threads"

# -- options.lua: a script's own options -----------------------------------
opt="$bench $dir/options.lua"
$opt help | tail -n +3 >out
cat >want <<'EOF'
options.lua options:
  --buffer=SIZE       a size: 16K, 4M, 1G ... [16K]
  --colors=[LIST,...] a comma-separated list [red,green]
  --greeting=STRING   word to print [hello]
  --ratio=N           a fraction between 0 and 1 [0.5]
  --repeat=N          how many times to print it [1]
  --shout[=on|off]    print in capitals [off]

EOF
same "options.lua help lists the six options" want out
$opt --verbosity=1 show >out
printf 'hello\nratio=0.5 shout=false colors=red+green (2) buffer=16384 bytes\n' >want
same "options.lua show: the defaults" want out
$opt --greeting=hi --repeat=2 --shout --colors=a,b,c --buffer=4M --ratio=0.25 \
    --verbosity=1 show >out
printf 'HI\nHI\nratio=0.25 shout=true colors=a+b+c (3) buffer=4194304 bytes\n' >want
same "options.lua show: values from the command line" want out
$opt --ratio=2 --events=1 --time=0 run >out 2>&1
st=$?
[ $st = 1 ] && grep -q -- '--ratio must be between 0 and 1, not 2' out
ok $? "options.lua: a bad --ratio stops run with status 1 ($st) and says why"
$opt --nosuch=1 --verbosity=1 show >out 2>&1
ok $((! $?)) "options.lua: an unknown option is an error"

echo "1..$n"
[ "$failed" -eq 0 ]
