#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/soak.sh: a long oltp_read_write run against each private server
# (tests/db/servers.sh), watched from outside, with every output a long run
# keeps writing: --report-interval=1, --results=FILE (one interval object
# a second) and --extended-report=on. Passes when, for each driver:
#   - resident memory and open file descriptors stay flat after warm-up
#     (RSS grows by at most SOAK_RSS_BOUND_KB, descriptors by at most
#     SOAK_FD_BOUND over the first sample after warm-up): a --results
#     writer that kept each interval until the end grew 30-80 KB a second,
#     past the bound within a minute (docs/reliability.md);
#   - no stall: no 10 s window of intervals at zero tps, none after
#     warm-up below SOAK_STALL_PCT % of the median window (1 %: on a
#     shared two-core machine, neighbours' load alone moved 10 s intervals
#     to 2 % of the median, on both servers at once);
#   - the totals add up: the final report's transactions and queries are
#     at least the sum of the intervals' and at most that plus the
#     unreported tail (the time after the last interval line, at the fastest
#     interval's rate, x1.5), with SOAK_SUM_PCT % for the rounded rates;
#   - the result document parses and holds one interval per interval line
#     (and the run's last, cut short, where the machine formats carry it:
#     PD-15) and the report's transactions (python3; skipped without it);
#   - the run exits 0 with a report and no error line.
#
#   perf/soak.sh [--duration=SECONDS] [--drivers="mysql pgsql"]
#   perf/soak.sh --judge      only judges the outputs already in SOAK_OUT
#
# Environment:
#   SOAK_DURATION     seconds of run per driver (1800; CI uses 120)
#   SOAK_DRIVERS      drivers to soak ("mysql pgsql"), run in parallel
#   SOAK_THREADS      client threads (2), SOAK_TABLES (4), SOAK_TABLE_SIZE (10000)
#   SOAK_WARMUP       seconds not judged for RSS/fds (60, at most duration/4)
#   SOAK_INTERVAL     --report-interval (1)
#   SOAK_RSS_BOUND_KB (2048), SOAK_FD_BOUND (0), SOAK_STALL_PCT (1),
#   SOAK_SUM_PCT      (1)
#   SOAK_OUT          where the samples and outputs stay (default: scratch,
#                     removed unless PERF_KEEP=1)
#   BENCH_DB_MY_PORT / BENCH_DB_PG_PORT (servers.sh) or PERF_MYSQL_PORT /
#   PERF_PGSQL_PORT select the servers; the tables live in the private
#   database sbtest_soak (PERF_DB), created when missing and dropped after.
# Exit status: 0 all PASS, 1 a check failed, 2 set-up failed.

for arg in "$@"; do
    case $arg in
    --duration=*) SOAK_DURATION=${arg#*=} ;;
    --drivers=*) SOAK_DRIVERS=${arg#*=} ;;
    --judge) JUDGE_ONLY=1 ;;
    -h | --help)
        sed -n '3,41p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    *)
        echo "soak: unknown argument '$arg' (see --help)" >&2
        exit 2
        ;;
    esac
done

PERF_MYSQL_PORT=${PERF_MYSQL_PORT:-${BENCH_DB_MY_PORT:-13306}}
PERF_PGSQL_PORT=${PERF_PGSQL_PORT:-${BENCH_DB_PG_PORT:-15432}}
PERF_DB=${PERF_DB:-sbtest_soak}
# shellcheck source=perf/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=perf/db_lib.sh
. "$PERF_DIR/db_lib.sh"

DURATION=${SOAK_DURATION:-1800}
THREADS=${SOAK_THREADS:-2}
TABLES=${SOAK_TABLES:-4}
ROWS=${SOAK_TABLE_SIZE:-10000}
WARMUP=${SOAK_WARMUP:-60}
[ "$WARMUP" -gt $((DURATION / 4)) ] && WARMUP=$((DURATION / 4))
INTERVAL=${SOAK_INTERVAL:-1}
RSS_BOUND=${SOAK_RSS_BOUND_KB:-2048}
FD_BOUND=${SOAK_FD_BOUND:-0}
STALL_PCT=${SOAK_STALL_PCT:-1}
SUM_PCT=${SOAK_SUM_PCT:-1}
OUT=${SOAK_OUT:-$PERF_TMP}
mkdir -p "$OUT"
case $DURATION$INTERVAL in '' | *[!0-9]*)
    echo "soak: --duration and SOAK_INTERVAL must be numbers of seconds" >&2
    exit 2
    ;;
esac
[ "$INTERVAL" -ge 1 ] && [ "$INTERVAL" -le 10 ] ||
    { echo "soak: SOAK_INTERVAL must be 1 to 10" >&2; exit 2; }
[ -x "$BENCH" ] || { echo "soak: bench binary not found at $BENCH" >&2; exit 2; }

# sample PID FILE: every 5 s while PID lives, "seconds rss_kb fds".
sample()
{
    local pid=$1 t0=$SECONDS rss fds
    while kill -0 "$pid" 2>/dev/null; do
        rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
        fds=$(find "/proc/$pid/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
        [ -n "$rss" ] && echo "$((SECONDS - t0)) $rss $fds"
        sleep 5
    done >"$2"
}

# judge DRIVER: the checks on $OUT/soak.DRIVER.{out,err,samples}; prints
# the figures and PASS/FAIL lines, returns 1 on a failure.
judge()
{
    local d=$1 o=$OUT/soak.$1 rc=0
    awk -v d="$d" -v warm="$WARMUP" -v rssb="$RSS_BOUND" -v fdb="$FD_BOUND" \
        -v stall="$STALL_PCT" -v sump="$SUM_PCT" -v dur="$DURATION" \
        -v iv="$INTERVAL" '
    FILENAME ~ /samples$/ {
        if ($1 < warm) next
        if (!n++) { rss0 = $2; fd0 = $3; rssmax = $2; fdmax = $3 }
        if ($2 > rssmax) rssmax = $2
        if ($3 > fdmax) fdmax = $3
        rsslast = $2; next
    }
    /^\[ *[0-9]+s \] thds:/ {
        t = $2; sub(/s/, "", t)
        match($0, /tps: [0-9.]+/); tps = substr($0, RSTART + 5, RLENGTH - 5) + 0
        match($0, /qps: [0-9.]+/); qps = substr($0, RSTART + 5, RLENGTH - 5) + 0
        k++; last = t + 0
        if (tps > tpsmax) tpsmax = tps
        if (qps > qpsmax) qpsmax = qps
        strx += tps * iv; sq += qps * iv
        # Stalls are judged on 10 s windows, as the 10 s intervals were:
        # a 1 s interval of a loaded two-core machine may be empty.
        wsum += tps; wn++
        if (wn * iv >= 10) { w++; tp[w] = wsum / wn; at[w] = last; wsum = 0; wn = 0 }
        next
    }
    /^    transactions:/ { trx = $2 } /^    queries:/ { q = $2 }
    /total time:/ { tt = $3 + 0 }
    END {
        fail = 0
        if (!trx || !w) { printf "soak %s: FAIL no report or no 10 s of interval lines\n", d; exit 1 }
        for (i = 1; i <= w; i++) s[i] = tp[i]
        for (i = 2; i <= w; i++) { v = s[i]; for (j = i - 1; j >= 1 && s[j] > v; j--) s[j + 1] = s[j]; s[j + 1] = v }
        med = s[int((w + 1) / 2)]
        printf "soak %s: %d intervals of %d s; %d windows of 10 s, tps min/median/max %.2f/%.2f/%.2f\n", d, k, iv, w, s[1], med, s[w]
        if (k < int(dur / iv) - 1) { printf "soak %s: FAIL %d interval lines, expected %d\n", d, k, int(dur / iv) - 1; fail = 1 }
        for (i = 1; i <= w; i++) {
            if (tp[i] == 0 || (at[i] > warm && tp[i] * 100 < med * stall)) {
                printf "soak %s: FAIL interval at %d s stalled (tps %.2f, median %.2f)\n", d, at[i], tp[i], med; fail = 1
            }
        }
        # The intervals cover [0, last]; the report adds the tail after it.
        # Nothing lost: total >= sum of intervals; nothing counted twice:
        # total <= sum + tail at the fastest interval rate (x1.5).
        tail = tt - last
        lo = strx * (1 - sump / 100); hi = (strx + tail * tpsmax * 1.5) * (1 + sump / 100)
        qlo = sq * (1 - sump / 100); qhi = (sq + tail * qpsmax * 1.5) * (1 + sump / 100)
        printf "soak %s: transactions %d reported, %.0f in the intervals + %.1f s unreported tail; queries %d, %.0f\n", d, trx, strx, tail, q, sq
        if (trx < lo || trx > hi || q < qlo || q > qhi) {
            printf "soak %s: FAIL totals do not add up (transactions within [%.0f, %.0f], queries [%.0f, %.0f] expected)\n", d, lo, hi, qlo, qhi; fail = 1
        }
        if (!n) { printf "soak %s: FAIL no RSS sample after warm-up\n", d; exit 1 }
        printf "soak %s: after %d s warm-up: RSS %d -> max %d kB (last %d, +%d kB), fds %d -> max %d\n", d, warm, rss0, rssmax, rsslast, rssmax - rss0, fd0, fdmax
        if (rssmax - rss0 > rssb) { printf "soak %s: FAIL RSS grew by %d kB (bound %d)\n", d, rssmax - rss0, rssb; fail = 1 }
        if (fdmax - fd0 > fdb) { printf "soak %s: FAIL open descriptors grew by %d (bound %d)\n", d, fdmax - fd0, fdb; fail = 1 }
        exit fail
    }' "$o.samples" "$o.out" || rc=1
    judge_doc "$d" || rc=1
    return $rc
}

# judge_doc DRIVER: the --results document of the run parses, with one
# interval per interval line of the report and its transactions.
judge_doc()
{
    local o=$OUT/soak.$1
    command -v python3 >/dev/null 2>&1 || { echo "soak $1: document not checked (no python3)"; return 0; }
    python3 - "$1" "$o.json" "$o.out" <<'PY'
import json, os, re, sys
d, doc, out = sys.argv[1:]
try:
    r = json.load(open(doc))
except (OSError, ValueError) as e:
    print("soak %s: FAIL result document: %s" % (d, e)); sys.exit(1)
text = open(out).read()
lines = len(re.findall(r"^\[ *\d+s \] thds:", text, re.M))
trx = int(re.search(r"^    transactions:\s+(\d+)", text, re.M).group(1))
n, t = len(r["intervals"]), r["totals"]["transactions"]
print("soak %s: result document %d bytes, %d intervals, %d transactions"
      % (d, os.path.getsize(doc), n, t))
if n not in (lines, lines + 1) or t != trx:
    print("soak %s: FAIL the document has %d intervals and %d transactions, "
          "the report %d and %d" % (d, n, t, lines, trx)); sys.exit(1)
PY
}

# soak DRIVER: prepare, the watched run, cleanup; the verdict as status.
soak()
{
    local d=$1 o=$OUT/soak.$1 pid rc
    local opts=(oltp_read_write $(tool_opts bench "$d") --tables="$TABLES" --table-size="$ROWS")
    if ! db_create "$d" >"$o.create" 2>&1; then
        echo "soak $d: SETUP cannot create database $DB_NAME (see $o.create)"
        return 2
    fi
    "$BENCH" "${opts[@]}" cleanup >"$o.prepare" 2>&1
    if ! "$BENCH" "${opts[@]}" --threads="$THREADS" prepare >>"$o.prepare" 2>&1; then
        echo "soak $d: SETUP prepare failed:"
        tail -n 3 "$o.prepare"
        return 2
    fi
    "$BENCH" "${opts[@]}" --threads="$THREADS" --time="$DURATION" \
        --report-interval="$INTERVAL" --results="$o.json" \
        --extended-report=on run >"$o.out" 2>"$o.err" &
    pid=$!
    sample "$pid" "$o.samples"
    wait "$pid"
    rc=$?
    "$BENCH" "${opts[@]}" cleanup >>"$o.prepare" 2>&1
    judge "$d" || rc=1
    if [ -s "$o.err" ]; then
        echo "soak $d: FAIL standard error not empty:"
        head -n 5 "$o.err"
        rc=1
    fi
    if [ "$rc" -eq 0 ]; then echo "soak $d: PASS"; else echo "soak $d: FAIL (exit status $rc, outputs in $o.*)"; fi
    [ "$rc" -eq 0 ]
}

if [ "${JUDGE_ONLY:-0}" = 1 ]; then
    status=0
    for d in ${SOAK_DRIVERS:-$DRIVERS}; do judge "$d" || status=1; done
    exit $status
fi
echo "soak: oltp_read_write, $DURATION s per driver, $THREADS threads, $TABLES x $ROWS rows, warm-up $WARMUP s," \
    "--report-interval=$INTERVAL --results --extended-report=on"
pids=()
for d in ${SOAK_DRIVERS:-$DRIVERS}; do
    soak "$d" >"$OUT/verdict.$d" 2>&1 &
    pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
for d in ${SOAK_DRIVERS:-$DRIVERS}; do cat "$OUT/verdict.$d"; done
exit $status
