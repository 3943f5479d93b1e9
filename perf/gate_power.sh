#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/gate_power.sh: how often `bench compare --fail-on` raises a false
# alarm, and how often it catches a regression of a known size, measured
# on real runs of this machine (docs/ci.md, "How good the gate is").
#
# Two workloads, each run PERF_GATE_RUNS times per pool, the pools
# interleaved (run i of every pool, then run i + 1) so that the machine's
# drift falls on all of them alike, one run at a time, --threads=1:
#
#  tps  the built-in cpu test; pool "0%" is the base settings again, pools
#       "5%", "10%", "20%" a --cpu-max-prime whose event does that much
#       more work (counted: prime_for), so that throughput drops by 5%,
#       10%, 20%.
#  p99  perf/gate_sleep.lua: most events sleep 1 ms, 2% of them 4 ms (the
#       99th percentile); pools "5%" ... sleep 4 ms longer by that much.
#
# Every base run is then compared with every run of each pool, one run a
# side, and 36 triples of base runs with triples of the pool's, three
# runs a side (the documented gate: --fail-on=tps:-5% for tps, p99:+10%
# for p99, and the stricter tps:-3%, p99:+5%); the table gives the share
# of comparisons that FAILed (exit 1): at 0% the false-alarm rate, above
# it the detection rate; INSUFFICIENT DATA (exit 2) is counted apart.
# The injected runs differ in an option, so compare runs with --force.
# Before each run the script waits (PERF_WAIT_IDLE, 20 s) for an idle CPU
# and reports the idle CPUs it saw: the machine is shared.
#
# Environment: BENCH (lib.sh); PERF_GATE_RUNS (6) runs per pool;
# PERF_GATE_TIME (10) --time and PERF_GATE_INTERVAL (1)
# --report-interval of each run; PERF_GATE_WARMUP (1) --warmup-time;
# PERF_GATE_SIZES ("5 10 20"); PERF_GATE_REUSE=DIR judges the runs an
# earlier PERF_KEEP=1 session left in DIR again, without running. Time: (1 + 1 + sizes) pools x 2 workloads x
# runs x (time + warmup + ~1 s): 8 x 6 x 12 s, about 10 minutes.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${PERF_GATE_RUNS:-6}
TIME=${PERF_GATE_TIME:-10}
IVL=${PERF_GATE_INTERVAL:-1}
WARM=${PERF_GATE_WARMUP:-1}
SIZES=${PERF_GATE_SIZES:-5 10 20}
BASE_PRIME=10000
SLOW_US=4000
RUN_OPTS="--threads=1 --time=$TIME --report-interval=$IVL --warmup-time=$WARM"

if [ ! -x "$BENCH" ]; then
    echo "perf: bench binary not found at $BENCH (set BENCH=...)" >&2
    exit 2
fi
cd "$PERF_TMP" || exit 2

# The --cpu-max-prime whose event takes 100 / (100 - $1) times the base
# prime's: the cpu test's work counted, not timed (a timed calibration on a
# shared machine is as noisy as what it calibrates). Its event divides
# every n below the prime by 2, 3, ... up to its least divisor or sqrt(n)
# (src/kernels/cpu.c): the divisions, plus one division's worth per n for
# the square root and the loop.
prime_for()
{
    python3 - "$BASE_PRIME" "$1" <<'PY'
import math, sys
base, pct = int(sys.argv[1]), float(sys.argv[2])
def work(limit):
    w = 0
    for n in range(3, limit):
        r, d = math.isqrt(n), 2
        while d <= r and n % d:
            d += 1
        w += d - 1 + 1
    return w
want, lo, hi = work(base) * 100 / (100 - pct), base, base * 2
while hi - lo > 1:
    mid = (lo + hi) // 2
    lo, hi = (mid, hi) if work(mid) < want else (lo, mid)
print(hi)
PY
}

# Waits up to PERF_WAIT_IDLE seconds (20) for a CPU to be idle (the
# runs use one); the idle CPUs seen last go to idle.txt, for the table.
wait_cpu()
{
    local end=$((SECONDS + ${PERF_WAIT_IDLE:-20})) x
    x=$(idle_cpus)
    while [ $SECONDS -lt $end ] && awk -v x="$x" 'BEGIN { exit !(x < 0.9) }'; do
        x=$(idle_cpus)
    done
    echo "$x" >>idle.txt
}

# run WORKLOAD POOL I: one run into WORKLOAD_POOL_I.json.
run()
{
    local opts
    wait_cpu
    case $1:$2 in
    tps:base | tps:0) opts="cpu --cpu-max-prime=$BASE_PRIME" ;;
    tps:*) opts="cpu --cpu-max-prime=${PRIME[$2]}" ;;
    p99:base | p99:0) opts="$PERF_DIR/gate_sleep.lua --slow-us=$SLOW_US" ;;
    p99:*) opts="$PERF_DIR/gate_sleep.lua --slow-us=$((SLOW_US * (100 + $2) / 100))" ;;
    esac
    # shellcheck disable=SC2086 # words on purpose
    "$BENCH" $opts $RUN_OPTS --results="$1_$2_$3.json" run >/dev/null 2>&1 ||
        echo "perf: run $1 $2 $3 failed" >&2
}

# judge WORKLOAD POOL GATE: "fail1 insufficient1 n1 fail3 insufficient3 n3":
# one run a side, every base run against every run of the pool; three runs
# a side (BASE... -- NEW...), 36 pairs of triples drawn (seeded) from the
# C(RUNS, 3)^2 there are.
judge()
{
    python3 - "$BENCH" "$1" "$2" "$3" "$RUNS" <<'PY'
import itertools, random, subprocess, sys
bench, w, pool, gate, n = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
def status(base, new):
    args = [bench, "compare", "--force", "--fail-on=" + gate]
    args += base + (["--"] if len(base) > 1 else []) + new
    rc = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    if rc > 2:
        print("perf: compare failed (%d) on %s %s" % (rc, w, pool), file=sys.stderr)
    return rc
def count(pairs):
    rcs = [status(b, m) for b, m in pairs]
    return "%d %d %d" % (rcs.count(1), rcs.count(2), len(rcs))
runs = lambda p: ["%s_%s_%d.json" % (w, p, i) for i in range(1, n + 1)]
one = [([b], [m]) for b in runs("base") for m in runs(pool)]
trip = list(itertools.product(itertools.combinations(runs("base"), 3),
                              itertools.combinations(runs(pool), 3)))
three = [(list(b), list(m)) for b, m in random.Random(29).sample(trip, min(36, len(trip)))]
print(count(one), count(three))
PY
}

# The median change of the pool's figure against the base pool's median.
change()
{
    python3 - "$1" "$2" "$RUNS" <<'PY'
import json, statistics, sys
from hdrh.histogram import HdrHistogram
w, pool, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
def fig(path):
    d = json.load(open(path))
    if w == "tps":
        return d["totals"]["tps"]
    h = HdrHistogram.decode(d["totals"]["latency"]["hdr"])
    return h.get_value_at_percentile(99)
base = statistics.median(fig("%s_base_%d.json" % (w, i)) for i in range(1, n + 1))
new = statistics.median(fig("%s_%s_%d.json" % (w, pool, i)) for i in range(1, n + 1))
print("%+.1f%%" % ((new - base) / base * 100))
PY
}

start=$(date +%s)
if [ -n "${PERF_GATE_REUSE:-}" ]; then
    # The runs of an earlier PERF_KEEP=1 session, judged again.
    cd "$PERF_GATE_REUSE" || exit 2
else
    declare -A PRIME
    for s in $SIZES; do PRIME[$s]=$(prime_for "$s"); done
    echo "# primes:$(for s in $SIZES; do printf ' %s%%=%s' "$s" "${PRIME[$s]}"; done)" >&2
    for i in $(seq "$RUNS"); do
        for w in tps p99; do
            for pool in base 0 $SIZES; do run $w "$pool" "$i"; done
        done
        echo "# round $i of $RUNS done, $(($(date +%s) - start)) s" >&2
    done
fi

echo "Gate power: $RUNS runs per pool, each base run against each run of a pool"
echo "($((RUNS * RUNS)) comparisons a cell); runs of $TIME s, --report-interval=$IVL, --warmup-time=$WARM, --threads=1"
echo
echo "workload | injected | measured change | gate | FAIL, 1 run a side | FAIL, 3 runs a side"
echo "---|---|---|---|---|---"
for w in tps p99; do
    if [ $w = tps ]; then gates="tps:-5% tps:-3%"; else gates="p99:+10% p99:+5%"; fi
    for pool in 0 $SIZES; do
        ch=$(change $w "$pool")
        for g in $gates; do
            read -r f1 s1 n1 f3 s3 n3 <<<"$(judge $w "$pool" "$g")"
            printf '%s | %s%% | %s | %s | %d/%d (%.0f%%)%s | %d/%d (%.0f%%)%s\n' \
                "$w" "$pool" "$ch" "$g" "$f1" "$n1" "$(calc "100 * $f1 / $n1")" \
                "$([ "$s1" = 0 ] || echo ", $s1 insufficient")" "$f3" "$n3" \
                "$(calc "100 * $f3 / $n3")" "$([ "$s3" = 0 ] || echo ", $s3 insufficient")"
        done
    done
done
echo
echo "Idle CPUs before the runs (of $(nproc)): median $(median $(cat idle.txt 2>/dev/null)), least $(sort -g idle.txt 2>/dev/null | head -1)"
echo "# $(($(date +%s) - start)) s; load average $(cut -d' ' -f1-3 /proc/loadavg)"
