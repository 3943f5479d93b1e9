bench compare BASE.json NEW.json: the key figures of two runs, the change
in percent, and whether the change is beyond the run-to-run noise (a
two-sided Mann-Whitney U test on the two runs' per-interval values, p <
0.05); --fail-on makes it a CI gate (docs/ci.md). The documents here are
synthetic (tests/dist/mkdoc.py): ten 1-second intervals each, the same
workload drawn with other seeds, and one run at half the rate with 50%
more latency.

  $ mkdoc() { python3 "$BENCH_SRCDIR/tests/dist/mkdoc.py" "$@"; }
  $ mkdoc --seed=1 base.json
  $ mkdoc --seed=2 again.json
  $ mkdoc --seed=3 --rate=150 --lat-ms=3 slow.json

Two ordinary runs: small changes, none beyond the noise; exit 0.

  $ $BENCH compare --fail-on=tps:-5%,p99:+10% base.json again.json; echo "exit $?"
  base: base.json
  new:  again.json
  
  metric                     base          new    change  beyond noise
  tps                      305.70       298.50    -2.36%  no (p=0.0869)
  qps                     6114.00      5970.00    -2.36%  no (p=0.0869)
  p50 latency (ms)           1.98         2.00    +1.14%  no (p=0.3930)
  p95 latency (ms)           3.87         3.80    -2.01%  no (p=0.3527)
  p99 latency (ms)           4.95         5.16    +4.30%  no (p=0.7623)
  max latency (ms)           8.21         7.14   -13.11%  no (p=1.0000)
  errors/s                   1.00         1.10   +10.00%  no (p=0.8100)
  client CPU (CPUs)          0.60         0.60    +0.00%  n/a
  
  Beyond noise: two-sided Mann-Whitney U test on the per-interval values of the two runs, p < 0.05 (base 10 intervals, new 10; n/a under 3).
  exit 0

A slower run crosses both thresholds beyond the noise: one line per
violation on stderr, exit 1.

  $ $BENCH compare --fail-on=tps:-5%,p99:+10% base.json slow.json > table.txt; echo "exit $?"
  compare: tps changed -50.54% (base 305.70, new 151.20), crossing the -5% threshold; beyond noise: yes (p=0.0002)
  compare: p99 changed +38.73% (base 4.95, new 6.87), crossing the +10% threshold; beyond noise: yes (p<0.0001)
  exit 1
  $ grep -E '^(tps|p99)' table.txt
  tps                      305.70       151.20   -50.54%  yes (p=0.0002)
  p99 latency (ms)           4.95         6.87   +38.73%  yes (p<0.0001)

A threshold the change does not reach, or one in the other direction,
passes; without intervals (fewer than 3) there is no test, and the
threshold alone decides.

  $ $BENCH compare --fail-on=tps:-60%,p99:-10% base.json slow.json > /dev/null; echo "exit $?"
  exit 0
  $ mkdoc --seed=1 --intervals=2 short.json
  $ mkdoc --seed=3 --intervals=2 --rate=150 short-slow.json
  $ $BENCH compare --fail-on=tps:-5% short.json short-slow.json 2>&1 | grep -E '^(tps|compare)'
  tps                      312.00       152.50   -51.12%  n/a
  compare: tps changed -51.12% (base 312.00, new 152.50), crossing the -5% threshold; beyond noise: n/a

Markdown for a pull request comment: a table.

  $ $BENCH compare --format=markdown base.json slow.json > table.md
  $ python3 "$BENCH_SRCDIR/tests/dist/check_markdown.py" < table.md
  table: 5 columns (metric, base, new, change, beyond noise), 8 rows
  $ head -3 table.md
  | metric | base | new | change | beyond noise |
  |:--|--:|--:|--:|:--|
  | tps | 305.70 | 151.20 | -50.54% | yes (p=0.0002) |

JSON for programs: every figure, the test, and the violations.

  $ $BENCH compare --format=json --fail-on=tps:-5% base.json slow.json > cmp.json 2> /dev/null; echo "exit $?"
  exit 1
  $ python3 -c 'import json; d = json.load(open("cmp.json")); print(d["test"], d["alpha"], sorted(d["metrics"])); t = d["metrics"]["tps"]; print(t["base"], t["new"], round(t["change_pct"], 2), t["beyond_noise"]); print([v["metric"] for v in d["violations"]])'
  mann-whitney-u 0.05 ['cpu', 'errors', 'max', 'p50', 'p95', 'p99', 'qps', 'tps']
  305.7 151.2 -50.54 True
  ['tps']

Bad inputs: one clear error each, exit 1.

  $ head -c 3000 again.json > truncated.json
  $ mkdoc --schema=other/1 other.json
  $ for f in truncated.json other.json nosuch.json; do $BENCH compare base.json $f; echo "exit $?"; done
  compare: read truncated\.json: not valid JSON \(line 1, column 3000: .*\) (re)
  exit 1
  compare: read other.json: schema "other/1", not bench-result/1 (a document of another version or program)
  exit 1
  compare: read nosuch.json: No such file or directory
  exit 1
  $ echo '{"schema": "bench-result/1"}' > empty.json
  $ $BENCH compare base.json empty.json; echo "exit $?"
  compare: read empty.json: member start_epoch_s missing or of the wrong type (an incomplete document?)
  exit 1
  $ $BENCH compare --fail-on=tps:5 base.json again.json; echo "exit $?"
  compare: --fail-on: 'tps:5' is not METRIC:+N% or METRIC:-N% (metrics: tps, qps, p50, p95, p99, max, errors, cpu)
  exit 1
  $ $BENCH compare --format=xml base.json again.json; echo "exit $?"
  compare: --format: 'xml' is not text, markdown or json
  exit 1
  $ $BENCH compare base.json; echo "exit $?"
  Usage:
    bench compare [--fail-on=METRIC:+N%|-N%,...] [--format=text|markdown|json]
                  BASE.json NEW.json
  exit 1

A document's strings reach the terminal (workload names, hosts, versions):
their control characters, an escape sequence's ESC among them, are read
as '?' (issue 28: a result file is data).

  $ python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["test"] = "oltp\u001b[31m\u001b]0;pwned\u0007"; json.dump(d, open("esc.json", "w"))' "$BENCH_SRCDIR/tests/plot/point_select_1thread.json"
  $ "$BENCH" compare "$BENCH_SRCDIR/tests/plot/point_select_1thread.json" esc.json 2>&1 | grep -a 'different workloads'
  Note: the runs are of different workloads (oltp_point_select, oltp?[31m?]0;pwned?).
