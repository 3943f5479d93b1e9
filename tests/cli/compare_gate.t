bench compare as a CI gate that is never blind (issue 29): a threshold
the data cannot judge fails closed (INSUFFICIENT DATA, exit 2) instead of
passing; the throughput is tested on the document's per-second series,
whatever --report-interval was; several runs a side are tested across
runs; limits (p99>20ms) sit beside relative thresholds; runs that did not
complete, or ran another workload or settings, are refused (exit 3).
The documents are synthetic (tests/dist/mkdoc.py --seconds: a run drawn
second by second, its events grouped into N intervals); exit statuses:
0 PASS, 1 FAIL, 2 INSUFFICIENT DATA, 3 bad input (docs/ci.md).

  $ mkdoc() { python3 "$BENCH_SRCDIR/tests/dist/mkdoc.py" "$@"; }

The issue's "done when": a 50% drop in tps fails --fail-on=tps:-5% at
every interval count from 0 to 30, in runs of 30 s (one digit per count,
its exit status)...

  $ for k in $(seq 0 30); do
  >   mkdoc --seconds=30 --intervals=$k --seed=1 b.json
  >   mkdoc --seconds=30 --intervals=$k --seed=2 --rate=150 n.json
  >   $BENCH compare --fail-on=tps:-5% b.json n.json > /dev/null; printf %s $?; done; echo
  1111111111111111111111111111111

...and in runs of 1 to 30 s with 1-second intervals: a FAIL once the
series has 4 seconds a side, INSUFFICIENT DATA below (3 against 3 values
cannot reach p < 0.05 whatever they are), never a pass.

  $ for t in $(seq 1 30); do
  >   mkdoc --seconds=$t --intervals=$t --seed=1 b.json
  >   mkdoc --seconds=$t --intervals=$t --seed=2 --rate=150 n.json
  >   $BENCH compare --fail-on=tps:-5% b.json n.json > /dev/null; printf %s $?; done; echo
  222111111111111111111111111111

Identical runs pass, with a PASS line, at every interval count; so do two
runs of the same workload.

  $ for k in $(seq 0 30); do
  >   mkdoc --seconds=30 --intervals=$k --seed=1 b.json
  >   $BENCH compare --fail-on=tps:-5% b.json b.json | tail -1 | tr -d '\n'; echo " $?"; done | sort | uniq -c
       31 compare: PASS 0
  $ mkdoc --seconds=30 --intervals=0 --seed=1 b.json
  $ mkdoc --seconds=30 --intervals=0 --seed=2 a.json
  $ $BENCH compare --fail-on=tps:-5% b.json a.json; echo "exit $?"
  base: b.json
  new:  a.json
  
  metric                     base          new    change  beyond noise
  tps                      303.37       301.50    -0.62%  no (p=0.3283)
  qps                     6067.33      6030.00    -0.62%  no (p=0.3283)
  p50 latency (ms)           2.01         2.01    +0.00%  insufficient data
  p95 latency (ms)           3.87         3.86    -0.21%  insufficient data
  p99 latency (ms)           5.04         5.11    +1.30%  insufficient data
  max latency (ms)          10.58         9.74    -7.90%  insufficient data
  errors/s                   0.97         1.20   +24.14%  no (p=0.2646)
  client CPU (CPUs)          0.60         0.60    +0.00%  insufficient data
  
  Beyond noise: two-sided Mann-Whitney U test, p < 0.05, on the per-second series (tps, qps, errors; base 30 s, new 30). Insufficient data: too few samples to reach p < 0.05 whatever the change.
  compare: tps:-5%: PASS: -0.62% (base 303.37, new 301.50; p=0.3283)
  compare: PASS
  exit 0

Without intervals there is nothing to test a latency threshold on: it
fails closed. With intervals it is judged.

  $ $BENCH compare --fail-on=tps:-5%,p99:+10% b.json a.json > out.txt; echo "exit $?"; tail -n 2 out.txt
  exit 2
  compare: p99:+10%: INSUFFICIENT DATA: +1.30% (base 5.04 ms, new 5.11 ms); 0 and 0 intervals cannot reach p < 0.05
  compare: INSUFFICIENT DATA
  $ mkdoc --seconds=30 --intervals=30 --seed=1 b.json
  $ mkdoc --seconds=30 --intervals=30 --seed=2 a.json
  $ $BENCH compare --fail-on=tps:-5%,p99:+10% b.json a.json > out.txt; echo "exit $?"; tail -3 out.txt
  exit 0
  compare: tps:-5%: PASS: -0.62% (base 303.37, new 301.50; p=0.3283)
  compare: p99:+10%: PASS: +1.30% (base 5.04 ms, new 5.11 ms; p=0.8650)
  compare: PASS

The last second of a run that ended mid-second (30.4 s) is in the series
with its true length, and in the test when it is half a second or more.

  $ mkdoc --seconds=30.4 --intervals=0 --seed=3 c.json
  $ python3 -c 'import json; s = json.load(open("c.json"))["series"]; print(len(s["events"]), s["bucket_s"], round(s["last_s"], 2))'
  31 1.0 0.4
  $ $BENCH compare --format=json b.json c.json | python3 -c 'import json, sys; m = json.load(sys.stdin)["metrics"]["tps"]; print(m["samples"], m["base_samples"], m["new_samples"])'
  series 30 30

Several runs a side: BASE... -- NEW...; each run is one sample of Welch's
t-test, so the noise between runs is what a change is weighed against;
base and new are the runs' means. Two runs a side are the least it takes.

  $ for s in 1 2 3; do mkdoc --seconds=10 --intervals=10 --seed=$s b$s.json; done
  $ for s in 4 5 6; do mkdoc --seconds=10 --intervals=10 --seed=$s --rate=270 n$s.json; done
  $ for s in 7 8 9; do mkdoc --seconds=10 --intervals=10 --seed=$s s$s.json; done
  $ $BENCH compare --fail-on=tps:-5% b1.json b2.json b3.json -- n4.json n5.json n6.json > out.txt; echo "exit $?"
  exit 1
  $ sed -n '1,2p;/^tps/p;/^Beyond/,$p' out.txt
  base: 3 runs (means): b1.json b2.json b3.json
  new:  3 runs (means): n4.json n5.json n6.json
  tps                      301.23       269.67   -10.48%  yes (p=0.0014)
  Beyond noise: Welch's t-test, two-sided, p < 0.05, on the runs' figures (base 3 runs, new 3); base and new are the runs' means.
  compare: tps:-5%: FAIL: -10.48% (base 301.23, new 269.67), beyond noise (p=0.0014)
  compare: FAIL
  $ $BENCH compare --fail-on=tps:-5% b1.json b2.json b3.json -- s7.json s8.json s9.json > out.txt; echo "exit $?"; tail -n 2 out.txt
  exit 0
  compare: tps:-5%: PASS: -0.30% (base 301.23, new 300.33; p=0.7886)
  compare: PASS
  $ $BENCH compare --fail-on=tps:-5% b1.json -- n4.json n5.json > out.txt; echo "exit $?"; tail -n 2 out.txt
  exit 2
  compare: tps:-5%: INSUFFICIENT DATA: -11.92% (base 305.70, new 269.25); a test across runs needs 2 runs a side (1 and 2)
  compare: INSUFFICIENT DATA

Limits judge the new run's figure alone, beside relative thresholds:
latency in us, ms or s, the others plain numbers (errors per second).

  $ $BENCH compare --fail-on='tps:-5%,p99>20ms,tps<1000,errors>0,max>0.5s' b.json a.json > out.txt; echo "exit $?"; tail -n 6 out.txt
  exit 1
  compare: tps:-5%: PASS: -0.62% (base 303.37, new 301.50; p=0.3283)
  compare: p99>20ms: PASS: 5.11 ms, not above 20 ms
  compare: tps<1000: FAIL: 301.50, below 1000
  compare: errors>0: FAIL: 1.20, above 0
  compare: max>0.5s: PASS: 9.74 ms, not above 500 ms
  compare: FAIL
  $ for f in 'p99>20' 'tps<1000ms' 'p99>fast' 'lag:-5%' 'tps:-5' 'tps:+0%'; do $BENCH compare --fail-on="$f" b.json a.json; echo "exit $?"; done
  compare: --fail-on: 'p99>20': a latency limit needs its unit, us, ms or s (p99>20ms)
  exit 3
  compare: --fail-on: 'tps<1000ms': tps is a plain number (tps<1000)
  exit 3
  compare: --fail-on: 'p99>fast' is not METRIC:+N%, METRIC:-N% (a change), METRIC>VALUE or METRIC<VALUE (a limit; metrics: tps, qps, p50, p95, p99, max, errors, cpu)
  exit 3
  compare: --fail-on: 'lag:-5%' is not METRIC:+N%, METRIC:-N% (a change), METRIC>VALUE or METRIC<VALUE (a limit; metrics: tps, qps, p50, p95, p99, max, errors, cpu)
  exit 3
  compare: --fail-on: 'tps:-5' is not METRIC:+N%, METRIC:-N% (a change), METRIC>VALUE or METRIC<VALUE (a limit; metrics: tps, qps, p50, p95, p99, max, errors, cpu)
  exit 3
  compare: --fail-on: 'tps:+0%' is not METRIC:+N%, METRIC:-N% (a change), METRIC>VALUE or METRIC<VALUE (a limit; metrics: tps, qps, p50, p95, p99, max, errors, cpu)
  exit 3

A run that did not complete is refused, naming the file and how it
ended, unless --allow-partial (then a note says so).

  $ mkdoc --seconds=30 --intervals=30 --seed=4 --run=interrupted --ran-s=3.49 --planned-s=20 cut.json
  $ mkdoc --seconds=30 --intervals=30 --seed=5 --run=failed --ran-s=12 --planned-s=30 dead.json
  $ $BENCH compare --fail-on=tps:-5% b.json cut.json; echo "exit $?"
  compare: cut.json: the run was interrupted by SIGINT after 3.49 s of 20 s; --allow-partial to use it
  exit 3
  $ $BENCH compare dead.json b.json; echo "exit $?"
  compare: dead.json: the run failed after 12.00 s of 30 s: forced shutdown: workers still running after the time limit (--forced-shutdown); --allow-partial to use it
  exit 3
  $ $BENCH compare --allow-partial --fail-on=tps:-5% b.json cut.json | grep -E '^(Note|compare: PASS)'
  Note: cut.json: the run was interrupted by SIGINT after 3.49 s of 20 s (--allow-partial)
  compare: PASS

A document from bench before the "run" and "series" members is read as
before: complete, its tps tested on its intervals.

  $ mkdoc --seed=1 --run=none --no-series old.json
  $ mkdoc --seed=2 --run=none --no-series old2.json
  $ $BENCH compare --format=json --fail-on=tps:-5% old.json old2.json | python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["metrics"]["tps"]["samples"], d["verdict"])'
  intervals PASS

Runs of another workload or other settings (an option that shapes the
load: threads, rate, table sizes, a script's options; not --time,
--report-interval, hosts or passwords) are refused unless --force.

  $ mkdoc --seconds=30 --intervals=30 --seed=6 --threads=4 t4.json
  $ mkdoc --seconds=30 --intervals=30 --seed=6 --test=oltp_insert ins.json
  $ $BENCH compare b.json t4.json; echo "exit $?"
  compare: t4.json: --threads=4, not b.json's --threads=2; runs compared must be of one workload and settings (--force compares them anyway)
  exit 3
  $ $BENCH compare b1.json b2.json -- n4.json ins.json; echo "exit $?"
  compare: ins.json: another workload (oltp_insert run), not b1.json's (oltp_read_write run); runs compared must be of one workload and settings (--force compares them anyway)
  exit 3
  $ $BENCH compare --force b.json t4.json | grep '^Note'
  Note: t4.json: --threads=4, not b.json's --threads=2 (--force)
  $ $BENCH compare b1.json --; echo "exit $?"
  Usage:
    bench compare [OPTIONS] BASE.json NEW.json
    bench compare [OPTIONS] BASE.json... -- NEW.json...
  exit 3

Real runs: the built-in cpu test without --report-interval, its work per
event raised about four-fold (--cpu-max-prime, an option: --force). The series
has a bucket per second, so the gate fails on the slower run (a FAIL, or
on a machine too loaded to tell, INSUFFICIENT DATA: never a pass).

  $ $BENCH cpu --threads=1 --time=5 --cpu-max-prime=10000 --results=fast.json run > /dev/null
  $ $BENCH cpu --threads=1 --time=5 --cpu-max-prime=25000 --results=slow.json run > /dev/null
  $ python3 -c 'import json; d = json.load(open("slow.json")); s = d["series"]; print(d["intervals"], len(s["events"]), s["bucket_s"], sum(s["events"]) == d["totals"]["events"], d["run"]["status"])'
  [] 5 1.0 True complete
  $ $BENCH compare --force --fail-on=tps:-5% fast.json slow.json > out.txt; s=$?; [ $s = 1 ] || [ $s = 2 ] && echo "not passed"; grep -c '^compare: tps:-5%: \(FAIL\|INSUFFICIENT DATA\)' out.txt
  not passed
  1
