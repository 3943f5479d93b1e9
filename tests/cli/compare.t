bench compare BASE.json NEW.json: the key figures of two runs, the change
in percent, and whether the change is beyond the run-to-run noise (a
two-sided Mann-Whitney U test on the two runs' per-second series and
per-interval values, p < 0.05); --fail-on makes it a CI gate (docs/ci.md),
with a line per threshold and the verdict last. The documents here are
synthetic (tests/dist/mkdoc.py): ten 1-second intervals each, the same
workload drawn with other seeds, and one run at half the rate with 50%
more latency. tests/cli/compare_gate.t has the gate's own cases.

  $ mkdoc() { python3 "$BENCH_SRCDIR/tests/dist/mkdoc.py" "$@"; }
  $ mkdoc --seed=1 base.json
  $ mkdoc --seed=2 again.json
  $ mkdoc --seed=3 --rate=150 --lat-ms=3 slow.json

Two ordinary runs: small changes, none beyond the noise; PASS, exit 0.

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
  client CPU (CPUs)          0.60         0.60    +0.00%  no (p=0.4710)
  
  Beyond noise: two-sided Mann-Whitney U test, p < 0.05, on the per-second series (tps, qps, errors; base 10 s, new 10) and the per-interval values (p50, p95, p99, max, cpu; base 10 intervals, new 10).
  compare: tps:-5%: PASS: -2.36% (base 305.70, new 298.50; p=0.0869)
  compare: p99:+10%: PASS: +4.30% (base 4.95 ms, new 5.16 ms; p=0.7623)
  compare: PASS
  exit 0

A slower run crosses both thresholds beyond the noise: a FAIL line each,
the verdict FAIL, exit 1; nothing on stderr.

  $ $BENCH compare --fail-on=tps:-5%,p99:+10% base.json slow.json > table.txt; echo "exit $?"
  exit 1
  $ grep -E '^(tps|p99|compare)' table.txt
  tps                      305.70       151.20   -50.54%  yes (p=0.0002)
  p99 latency (ms)           4.95         6.87   +38.73%  yes (p<0.0001)
  compare: tps:-5%: FAIL: -50.54% (base 305.70, new 151.20), beyond noise (p=0.0002)
  compare: p99:+10%: FAIL: +38.73% (base 4.95 ms, new 6.87 ms), beyond noise (p<0.0001)
  compare: FAIL

A threshold the change does not reach, or one in the other direction,
passes. Runs too short for the test to ever reach p < 0.05 (two
intervals, two seconds) cannot pass a threshold on that figure: the gate
fails closed, INSUFFICIENT DATA, exit 2 (before issue 29, 3 or 4
intervals made the test unable to say "yes", and the gate passed a 50%
drop).

  $ $BENCH compare --fail-on=tps:-60%,p99:-10% base.json slow.json | tail -3; echo "exit $?"
  compare: tps:-60%: PASS: -50.54% (base 305.70, new 151.20; p=0.0002)
  compare: p99:-10%: PASS: +38.73% (base 4.95 ms, new 6.87 ms; p<0.0001)
  compare: PASS
  exit 0
  $ mkdoc --seed=1 --intervals=2 short.json
  $ mkdoc --seed=3 --intervals=2 --rate=150 short-slow.json
  $ $BENCH compare --fail-on=tps:-5% short.json short-slow.json > out.txt; echo "exit $?"
  exit 2
  $ grep -E '^(tps|compare)' out.txt
  tps                      312.00       152.50   -51.12%  insufficient data
  compare: tps:-5%: INSUFFICIENT DATA: -51.12% (base 312.00, new 152.50); 2 and 2 per-second values cannot reach p < 0.05
  compare: INSUFFICIENT DATA

Markdown for a pull request comment: a table.

  $ $BENCH compare --format=markdown base.json slow.json > table.md
  $ python3 "$BENCH_SRCDIR/tests/dist/check_markdown.py" < table.md
  table: 5 columns (metric, base, new, change, beyond noise), 8 rows
  $ head -3 table.md
  | metric | base | new | change | beyond noise |
  |:--|--:|--:|--:|:--|
  | tps | 305.70 | 151.20 | -50.54% | yes (p=0.0002) |
  $ $BENCH compare --format=markdown --fail-on=tps:-5% base.json slow.json | tail -3
  - `tps:-5%` **FAIL**: -50.54% (base 305.70, new 151.20), beyond noise (p=0.0002)
  
  **FAIL**

JSON for programs: every figure, the test and its samples, each check and
the verdict; nothing else on stdout, nothing on stderr.

  $ $BENCH compare --format=json --fail-on='tps:-5%,p99>20ms' base.json slow.json > cmp.json; echo "exit $?"
  exit 1
  $ python3 -c 'import json; d = json.load(open("cmp.json")); print(d["test"], d["alpha"], sorted(d["metrics"])); t = d["metrics"]["tps"]; print(t["base"], t["new"], round(t["change_pct"], 2), t["beyond_noise"], t["samples"], t["base_samples"]); print([(c["threshold"], c["verdict"]) for c in d["checks"]], [v["metric"] for v in d["violations"]], d["verdict"])'
  mann-whitney-u 0.05 ['cpu', 'errors', 'max', 'p50', 'p95', 'p99', 'qps', 'tps']
  305.7 151.2 -50.54 True series 10
  [('tps:-5%', 'FAIL'), ('p99>20ms', 'PASS')] ['tps'] FAIL

Bad inputs: one clear error each, exit 3 (apart from a FAIL's 1 and
INSUFFICIENT DATA's 2), nothing on stdout.

  $ head -c 3000 again.json > truncated.json
  $ mkdoc --schema=other/1 other.json
  $ for f in truncated.json other.json nosuch.json; do $BENCH compare base.json $f; echo "exit $?"; done
  compare: read truncated\.json: not valid JSON \(line 1, column 3000: .*\) (re)
  exit 3
  compare: read other.json: schema "other/1", not bench-result/1 (a document of another version or program)
  exit 3
  compare: read nosuch.json: No such file or directory
  exit 3
  $ echo '{"schema": "bench-result/1"}' > empty.json
  $ $BENCH compare base.json empty.json; echo "exit $?"
  compare: read empty.json: member start_epoch_s missing or of the wrong type (an incomplete document?)
  exit 3
  $ $BENCH compare --fail-on=tps:5 base.json again.json; echo "exit $?"
  compare: --fail-on: 'tps:5' is not METRIC:+N%, METRIC:-N% (a change), METRIC>VALUE or METRIC<VALUE (a limit; metrics: tps, qps, p50, p95, p99, max, errors, cpu)
  exit 3
  $ $BENCH compare --format=xml base.json again.json; echo "exit $?"
  compare: --format: 'xml' is not text, markdown or json
  exit 3
  $ $BENCH compare base.json; echo "exit $?"
  Usage:
    bench compare [OPTIONS] BASE.json NEW.json
    bench compare [OPTIONS] BASE.json... -- NEW.json...
  exit 3

A document's strings reach the terminal (workload names, hosts, versions):
their control characters, an escape sequence's ESC among them, are read
as '?' (issue 28: a result file is data).

  $ cp "$BENCH_SRCDIR/tests/plot/point_select_1thread.json" ps.json
  $ python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["test"] = "oltp\u001b[31m\u001b]0;pwned\u0007"; json.dump(d, open("esc.json", "w"))' ps.json
  $ "$BENCH" compare ps.json esc.json; echo "exit $?"
  compare: esc.json: another workload (oltp?[31m?]0;pwned? run), not ps.json's (oltp_point_select run); runs compared must be of one workload and settings (--force compares them anyway)
  exit 3
  $ "$BENCH" compare --force ps.json esc.json 2>&1 | grep -a '^Note'
  Note: esc.json: another workload (oltp?[31m?]0;pwned? run), not ps.json's (oltp_point_select run) (--force)
