bench merge RESULT.json...: result documents of runs that overlapped in
time become one (docs/distributed.md). Here the documents are synthetic
(tests/dist/mkdoc.py, latency records encoded by PyPI's hdrhistogram): one
run's events, drawn from a seeded generator, and the same events split
across three documents, as three hosts would have measured them.

  $ mkdoc() { python3 "$BENCH_SRCDIR/tests/dist/mkdoc.py" "$@"; }
  $ mkdoc --exact whole.json p0.json p1.json p2.json > events.txt
  $ wc -l < events.txt
  3057

Exact: the merge of the parts is the whole run, to the record's precision.

  $ $BENCH merge p0.json p1.json p2.json --results=merged.json > merged.txt
  $ $BENCH merge whole.json --results=whole-m.json > whole.txt
  $ python3 "$BENCH_SRCDIR/tests/dist/check_merge.py" merged.json whole-m.json events.txt
  ok totals.events: 3057 = the whole's 3057
  ok totals.transactions: 3057 = the whole's 3057
  ok totals.errors: 10 = the whole's 10
  ok totals.reconnects: 0 = the whole's 0
  ok totals.queries equal
  ok latency count 3057 = 3057 events
  ok latency sum_ns exact
  ok latency record (hdr) the whole's, bucket for bucket
  ok min within the record's precision of the least event
  ok max within the record's precision of the greatest event
  ok p50 within the record's precision of the exact value
  ok p95 within the record's precision of the exact value
  ok p99 within the record's precision of the exact value
  ok the same statement kinds: begin/commit, point select
  ok every kind: counts and record the whole's
  ok as many intervals as the whole
  ok every interval: events, end time, count, sum, record the whole's
  ok series: 10 buckets of 1 s, the whole's
  $ python3 -W ignore -m jsonschema -i merged.json "$BENCH_SRCDIR/docs/bench-result-1.schema.json" && echo valid
  valid

The same for runs under --rate: the service time and start lag records
add up too.

  $ mkdoc --paced --exact pw.json pp0.json pp1.json > pevents.txt
  $ $BENCH merge pp0.json pp1.json --results=pmerged.json > /dev/null
  $ $BENCH merge pw.json --results=pw-m.json > /dev/null
  $ python3 "$BENCH_SRCDIR/tests/dist/check_merge.py" pmerged.json pw-m.json pevents.txt | grep -v '^ok p[0-9]'
  ok totals.events: 3057 = the whole's 3057
  ok totals.transactions: 3057 = the whole's 3057
  ok totals.errors: 10 = the whole's 10
  ok totals.reconnects: 0 = the whole's 0
  ok totals.queries equal
  ok latency count 3057 = 3057 events
  ok latency sum_ns exact
  ok latency record (hdr) the whole's, bucket for bucket
  ok min within the record's precision of the least event
  ok max within the record's precision of the greatest event
  ok the same statement kinds: begin/commit, point select
  ok every kind: counts and record the whole's
  ok --rate: target, service time and start lag records the whole's
  ok as many intervals as the whole
  ok every interval: events, end time, count, sum, record the whole's
  ok series: 10 buckets of 1 s, the whole's

The report is sysbench's, of the combined run: one line per interval on
the common grid, then the totals; the inputs, their hosts and command
lines are listed first.

  $ sed -n '3,10p' merged.txt
  Merging 3 result documents of oltp_read_write run:
    p0.json: host-0, 2 threads, 2026-11-26T01:00:00.000Z to 2026-11-26T01:00:10.000Z
      bench oltp_read_write --threads=2 --report-interval=1 run
    p1.json: host-1, 2 threads, 2026-11-26T01:00:00.000Z to 2026-11-26T01:00:10.000Z
      bench oltp_read_write --threads=2 --report-interval=1 run
    p2.json: host-2, 2 threads, 2026-11-26T01:00:00.000Z to 2026-11-26T01:00:10.000Z
      bench oltp_read_write --threads=2 --report-interval=1 run
  Intervals of 1 s, aligned on the wall clock.
  $ sed -n '/^\[ 1s \]/,$p' merged.txt
  [ 1s ] thds: 6 tps: 311.00 qps: 6220.00 (r/w/o: 4354.00/1244.00/622.00) lat (ms,50/95/99%): 2.04/3.92/4.85 err/s: 1.00 reconn/s: 0.00
  [ 2s ] thds: 6 tps: 313.00 qps: 6260.00 (r/w/o: 4382.00/1252.00/626.00) lat (ms,50/95/99%): 2.01/4.03/4.86 err/s: 0.00 reconn/s: 0.00
  [ 3s ] thds: 6 tps: 302.00 qps: 6040.00 (r/w/o: 4228.00/1208.00/604.00) lat (ms,50/95/99%): 1.96/3.90/4.52 err/s: 2.00 reconn/s: 0.00
  [ 4s ] thds: 6 tps: 313.00 qps: 6260.00 (r/w/o: 4382.00/1252.00/626.00) lat (ms,50/95/99%): 1.95/3.93/4.95 err/s: 1.00 reconn/s: 0.00
  [ 5s ] thds: 6 tps: 294.00 qps: 5880.00 (r/w/o: 4116.00/1176.00/588.00) lat (ms,50/95/99%): 2.04/3.63/4.74 err/s: 0.00 reconn/s: 0.00
  [ 6s ] thds: 6 tps: 310.00 qps: 6200.00 (r/w/o: 4340.00/1240.00/620.00) lat (ms,50/95/99%): 1.94/3.77/4.93 err/s: 1.00 reconn/s: 0.00
  [ 7s ] thds: 6 tps: 299.00 qps: 5980.00 (r/w/o: 4186.00/1196.00/598.00) lat (ms,50/95/99%): 1.98/3.58/5.04 err/s: 0.00 reconn/s: 0.00
  [ 8s ] thds: 6 tps: 301.00 qps: 6020.00 (r/w/o: 4214.00/1204.00/602.00) lat (ms,50/95/99%): 2.05/3.93/4.52 err/s: 1.00 reconn/s: 0.00
  [ 9s ] thds: 6 tps: 322.00 qps: 6440.00 (r/w/o: 4508.00/1288.00/644.00) lat (ms,50/95/99%): 1.96/4.00/5.45 err/s: 2.00 reconn/s: 0.00
  [ 10s ] thds: 6 tps: 292.00 qps: 5840.00 (r/w/o: 4088.00/1168.00/584.00) lat (ms,50/95/99%): 1.84/3.49/5.55 err/s: 2.00 reconn/s: 0.00
  
  SQL statistics:
      queries performed:
          read:                            42798
          write:                           12228
          other:                           6114
          total:                           61140
      transactions:                        3057   (305.70 per sec.)
      queries:                             61140  (6114.00 per sec.)
      ignored errors:                      10     (1.00 per sec.)
      reconnects:                          0      (0.00 per sec.)
  
  General statistics:
      total time:                          10.0000s
      total number of events:              3057
  
  Latency (ms):
           min:                                    0.36
           avg:                                    2.15
           max:                                    8.21
           50th percentile:                        1.98
           95th percentile:                        3.87
           99th percentile:                        4.95
           sum:                                 6566.47
  
  Threads fairness:
      events (avg/stddev):           509.5000/2.40
      execution time (avg/stddev):   10.0000/0.01
  

Everything up to the fairness lines is the whole run's report (the parts'
fairness pools three runs' threads, the whole's is its own).

  $ sed -n '/^\[ 1s/,/^Threads fairness/p' merged.txt > a.txt
  $ sed -n '/^\[ 1s/,/^Threads fairness/p' whole.txt > b.txt
  $ wc -l < a.txt
  36
  $ cmp a.txt b.txt && echo same
  same

The merged document lists the inputs, their hosts and command lines, and
the threads summed; its own command line is the merge's.

  $ python3 -c 'import json; d = json.load(open("merged.json")); print(d["command_line"], d["options"]["threads"], d["merged"]["grid_s"], d["merged"]["aligned"]); [print(i["file"], i["hostname"], i["threads"], " ".join(i["command_line"])) for i in d["merged"]["inputs"]]'
  ['bench', 'merge', 'p0.json', 'p1.json', 'p2.json', '--results=merged.json'] 6 1.0 True
  p0.json host-0 2 bench oltp_read_write --threads=2 --report-interval=1 run
  p1.json host-1 2 bench oltp_read_write --threads=2 --report-interval=1 run
  p2.json host-2 2 bench oltp_read_write --threads=2 --report-interval=1 run

The 1.1 profile's report, when the runs followed it.

  $ mkdoc --compat=1.1 w11.json a11.json b11.json
  $ $BENCH merge a11.json b11.json | grep -A3 '^Throughput:'
  Throughput:
      events/s (eps):                      305.7000
      time elapsed:                        10.0000s
      total number of events:              3057

Measured intervals are a little off their --report-interval (1.0006 s,
0.9994 s): they still line up.

  $ mkdoc --seed=7 --measured-s=1.0006 long.json
  $ mkdoc --seed=8 --measured-s=0.9994 short.json
  $ $BENCH merge p0.json long.json short.json | grep -E '^(Intervals|Note)'
  Intervals of 1 s, aligned on the wall clock.

Intervals that do not line up (a start half an interval off, or another
report interval) are merged on a coarser grid, each interval counted in
the grid cell where it ends, and the report and document say so.

  $ mkdoc --seed=5 --start=1795654800.5 off.json
  $ mkdoc --seed=6 --interval-s=2 --intervals=5 two.json
  $ $BENCH merge p0.json off.json --results=off-m.json | grep -E '^(Note|\[ )'
  Note: intervals do not line up (starts up to 0.500 s apart): merged on a 2 s grid, each interval in the cell where it ends.
  [ 2s ] thds: 4 tps: 249.00 qps: 4980.00 (r/w/o: 3486.00/996.00/498.00) lat (ms,50/95/99%): 2.07/3.94/5.00 err/s: 1.50 reconn/s: 0.00
  [ 4s ] thds: 4 tps: 398.50 qps: 7970.00 (r/w/o: 5579.00/1594.00/797.00) lat (ms,50/95/99%): 1.98/3.85/5.15 err/s: 2.50 reconn/s: 0.00
  [ 6s ] thds: 4 tps: 393.00 qps: 7860.00 (r/w/o: 5502.00/1572.00/786.00) lat (ms,50/95/99%): 2.00/3.90/5.13 err/s: 1.00 reconn/s: 0.00
  [ 8s ] thds: 4 tps: 396.00 qps: 7920.00 (r/w/o: 5544.00/1584.00/792.00) lat (ms,50/95/99%): 2.03/3.88/5.09 err/s: 2.50 reconn/s: 0.00
  [ 10s ] thds: 4 tps: 404.50 qps: 8090.00 (r/w/o: 5663.00/1618.00/809.00) lat (ms,50/95/99%): 2.01/3.76/4.64 err/s: 2.00 reconn/s: 0.00
  [ 12s ] thds: 2 tps: 150.50 qps: 3010.00 (r/w/o: 2107.00/602.00/301.00) lat (ms,50/95/99%): 1.98/4.08/5.45 err/s: 0.00 reconn/s: 0.00
  $ python3 -c 'import json; d = json.load(open("off-m.json")); print(d["merged"]["aligned"], d["warnings"]); print(sum(i["events"] for i in d["intervals"]) == d["totals"]["events"])'
  False ['merge: intervals do not line up (starts up to 0.500 s apart): merged on a 2 s grid, each interval in the cell where it ends']
  True
  $ $BENCH merge p0.json two.json | grep '^Note'
  Note: intervals do not line up (report intervals of different lengths): merged on a 2 s grid, each interval in the cell where it ends.

Runs that overlap but did not start together (starts more than one
report interval apart, the inputs' longest: a process that started late,
or runs made separately) are refused with one line naming the latest and
the earliest, their starts and how far apart, exit 1; --allow-unaligned
(or --force) merges them, and the report and the document's warnings say
so. Without intervals the bound is the series' bucket (1 s here).
tests/cli/start_late.t merges real runs started from one --start-at.

  $ mkdoc --seed=12 --start=1795654803 late3.json
  $ $BENCH merge p0.json late3.json > out.txt; echo "exit $?"; test -s out.txt || echo "stdout empty"
  merge: late3.json: started at 2026-11-26T01:00:03.000Z, 3.000 s after p0.json (2026-11-26T01:00:00.000Z), more than one report interval (1 s): the runs did not start together (--allow-unaligned merges them anyway)
  exit 1
  stdout empty
  $ $BENCH merge --allow-unaligned p0.json late3.json --results=late3-m.json | grep -E '^(Note|Intervals)'
  Note: late3.json: started at 2026-11-26T01:00:03.000Z, 3.000 s after p0.json (2026-11-26T01:00:00.000Z), more than one report interval (1 s): the runs did not start together, merged anyway.
  Intervals of 1 s, aligned on the wall clock.
  $ python3 -c 'import json; print(json.load(open("late3-m.json"))["warnings"])'
  ['merge: late3.json: started at 2026-11-26T01:00:03.000Z, 3.000 s after p0.json (2026-11-26T01:00:00.000Z), more than one report interval (1 s): the runs did not start together, merged anyway']
  $ $BENCH merge --force p0.json late3.json | grep -c '^Note: late3.json'
  1
  $ mkdoc --seed=13 --start=1795654801.5 --interval-s=2 --intervals=5 late2.json
  $ $BENCH merge p0.json late2.json | grep -c '^\['
  3
  $ mkdoc --seed=14 --seconds=10 --intervals=0 n0.json
  $ mkdoc --seed=15 --seconds=10 --intervals=0 --start=1795654801.5 n15.json
  $ mkdoc --seed=16 --seconds=10 --intervals=0 --start=1795654800.8 n08.json
  $ $BENCH merge n0.json n15.json; echo "exit $?"
  merge: n15.json: started at 2026-11-26T01:00:01.500Z, 1.500 s after n0.json (2026-11-26T01:00:00.000Z), more than one series bucket (1 s): the runs did not start together (--allow-unaligned merges them anyway)
  exit 1
  $ $BENCH merge n0.json n08.json > /dev/null; echo "exit $?"
  exit 0

Refused, with one line naming the file, exit 1: another workload, runs
that do not overlap, another schema, a truncated or missing file, one run
twice, no file; --force merges workloads, periods and schema versions
anyway.

  $ mkdoc --test=oltp_insert insert.json
  $ mkdoc --start=1795660000 later.json
  $ mkdoc --schema=bench-result/2 v2.json
  $ mkdoc --schema=other/1 other.json
  $ head -c 2000 p1.json > truncated.json
  $ for f in insert.json later.json v2.json other.json truncated.json nosuch.json; do
  >   $BENCH merge p0.json $f > out.txt; echo "exit $?"; test -s out.txt && echo "stdout not empty"; true; done
  merge: insert.json: another workload (oltp_insert run), not p0.json's (oltp_read_write run); runs to merge must be of one workload and overlap in time (--force merges them anyway)
  exit 1
  merge: later.json: does not overlap the other runs (it starts at 2026-11-26T02:26:40.000Z, p0.json ended at 2026-11-26T01:00:10.000Z); runs to merge must be of one workload and overlap in time (--force merges them anyway)
  exit 1
  merge: read v2.json: schema "bench-result/2", not bench-result/1 (a document of another version or program)
  exit 1
  merge: read other.json: schema "other/1", not bench-result/1 (a document of another version or program)
  exit 1
  merge: read truncated\.json: not valid JSON \(line 1, column 2000: .*\) (re)
  exit 1
  merge: read nosuch.json: No such file or directory
  exit 1
  $ cp p1.json copy.json
  $ $BENCH merge p0.json p1.json copy.json; echo "exit $?"
  merge: copy.json: the same run as p1.json (same host, command line and start): its events would count twice (--force merges them anyway)
  exit 1
  $ $BENCH merge --force p0.json insert.json later.json v2.json | grep -c '^\['
  20
  $ $BENCH merge --force p0.json other.json; echo "exit $?"
  merge: read other.json: schema "other/1", not bench-result/1 (a document of another version or program)
  exit 1
  $ $BENCH merge; echo "exit $?"
  Usage:
    bench merge [--results=FILE] [--force] [--allow-partial] [--allow-unaligned] RESULT.json...
  exit 1
  $ $BENCH merge --nosuch p0.json; echo "exit $?"
  merge: unknown option --nosuch (see bench merge --help)
  exit 1

A run that did not complete (interrupted, failed: the document's "run")
is refused, with one line naming the file and how it ended; with
--allow-partial it is merged, and the merged document says partial: its
run is the worst of the inputs' (failed over interrupted over complete,
with the first such input's signal, or its reason behind its name), each
input's status listed. Documents from bench before the "run" member count
as complete.

  $ mkdoc --seed=9 --run=interrupted --ran-s=3.49 --planned-s=20 cut.json
  $ mkdoc --seed=10 --run=failed --ran-s=8 --planned-s=10 dead.json
  $ mkdoc --seed=11 --run=none old.json
  $ $BENCH merge p0.json cut.json > out.txt; echo "exit $?"; test -s out.txt || echo "stdout empty"
  merge: cut.json: the run was interrupted by SIGINT after 3.49 s of 20 s; --allow-partial to use it
  exit 1
  stdout empty
  $ $BENCH merge --allow-partial p0.json cut.json old.json --results=cut-m.json | grep '^Note'
  Note: cut.json: the run was interrupted by SIGINT after 3.49 s of 20 s (--allow-partial): the merged run is partial.
  $ python3 -c 'import json; d = json.load(open("cut-m.json")); print(d["run"]); print([i["status"] for i in d["merged"]["inputs"]])'
  {'status': 'interrupted', 'planned_time_s': 20, 'planned_events': None, 'time_s': 10.0, 'signal': 'SIGINT'}
  ['complete', 'interrupted', 'complete']
  $ $BENCH merge --allow-partial p0.json cut.json dead.json --results=dead-m.json > /dev/null
  $ python3 -c 'import json; d = json.load(open("dead-m.json")); print(d["run"]["status"], "|", d["run"]["reason"])'
  failed | dead.json: forced shutdown: workers still running after the time limit (--forced-shutdown)
  $ python3 -W ignore -m jsonschema -i dead-m.json "$BENCH_SRCDIR/docs/bench-result-1.schema.json" && echo valid
  valid

The merged document's series (events, queries and errors per second) is
the sum of the inputs', on one grid from the earliest start: each bucket
spread over the merged ones it overlaps, so inputs that started apart add
up by time, and the total is the inputs' exactly. (Parts of one run add
up to its series exactly: check_merge.py above.)

  $ python3 -c 'import json; d = json.load(open("off-m.json")); s = d["series"]; print(s["bucket_s"], len(s["events"]), s["last_s"], sum(s["events"]) == d["totals"]["events"])'
  1.0 11 0.5 True
  $ python3 -c 'import json; [print(json.load(open(f))["series"]["events"][:3]) for f in ("p0.json", "off.json", "off-m.json")]'
  [104, 105, 101]
  [289, 289, 302]
  [249, 394, 396]

Hostile documents (issue 28): tests/hostile/ holds small documents, each
good.json with one member made hostile (mkhostile.py writes them). Every
member merge, compare and plot read is checked when a document is loaded
(docs/reliability.md), so each command refuses each of them with one line
naming the file and the member, exit 1 (compare: 3, its status for bad
input), nothing on standard output, before any figure is computed. A stand-in for gnuplot keeps its script.

  $ mkdir hostile && cp "$BENCH_SRCDIR"/tests/hostile/*.json hostile/ && cd hostile
  $ printf '#!/bin/sh\ncp "$1" script.gp && echo image > x.png\n' > gp && chmod +x gp
  $ export BENCH_GNUPLOT="$PWD/gp"
  $ check() { "$BENCH" "$@" > out.txt 2> err.txt; s=$?; echo "$(cat err.txt) (exit $s)"; [ -s out.txt ] && [ $s != 0 ] && echo "stdout not empty"; [ "$(wc -l < err.txt)" -le 1 ] || echo "more than one line"; true; }
  $ for f in $(ls *.json | grep -v -e '^good' -e 'int64max'); do
  >   check merge good.json $f; check compare good.json $f; check plot $f -o x.png; done
  merge: read codes_overflow.json: totals.errors_by_code[1].count: the codes' counts add up past 2^63 - 1 (exit 1)
  compare: read codes_overflow.json: totals.errors_by_code[1].count: the codes' counts add up past 2^63 - 1 (exit 3)
  plot: read codes_overflow.json: totals.errors_by_code[1].count: the codes' counts add up past 2^63 - 1 (exit 1)
  merge: read count_mismatch.json: totals.latency.hdr: the record holds 54 values, count says 154 (exit 1)
  compare: read count_mismatch.json: totals.latency.hdr: the record holds 54 values, count says 154 (exit 3)
  plot: read count_mismatch.json: totals.latency.hdr: the record holds 54 values, count says 154 (exit 1)
  merge: read count_real.json: totals.transactions: a real number, not a count (a whole number >= 0) (exit 1)
  compare: read count_real.json: totals.transactions: a real number, not a count (a whole number >= 0) (exit 3)
  plot: read count_real.json: totals.transactions: a real number, not a count (a whole number >= 0) (exit 1)
  merge: read end_infinity.json: not valid JSON (line 1, column 460: real number overflow near '1e999') (exit 1)
  compare: read end_infinity.json: not valid JSON (line 1, column 460: real number overflow near '1e999') (exit 3)
  plot: read end_infinity.json: not valid JSON (line 1, column 460: real number overflow near '1e999') (exit 1)
  merge: read errors_negative.json: totals.errors: negative (-1) (exit 1)
  compare: read errors_negative.json: totals.errors: negative (-1) (exit 3)
  plot: read errors_negative.json: totals.errors: negative (-1) (exit 1)
  merge: read events_negative.json: intervals[3].events: negative (-5) (exit 1)
  compare: read events_negative.json: intervals[3].events: negative (-5) (exit 3)
  plot: read events_negative.json: intervals[3].events: negative (-5) (exit 1)
  merge: read hdr_index_shift.json: intervals[1].latency.hdr: not a valid HdrHistogram V2 record (a bucket index or count out of range) (exit 1)
  compare: read hdr_index_shift.json: intervals[1].latency.hdr: not a valid HdrHistogram V2 record (a bucket index or count out of range) (exit 3)
  plot: read hdr_index_shift.json: intervals[1].latency.hdr: not a valid HdrHistogram V2 record (a bucket index or count out of range) (exit 1)
  merge: read hdr_index_truncated.json: totals.latency.hdr: not a valid HdrHistogram V2 record (a bucket index or count out of range) (exit 1)
  compare: read hdr_index_truncated.json: totals.latency.hdr: not a valid HdrHistogram V2 record (a bucket index or count out of range) (exit 3)
  plot: read hdr_index_truncated.json: totals.latency.hdr: not a valid HdrHistogram V2 record (a bucket index or count out of range) (exit 1)
  merge: read hdr_not_base64.json: totals.latency.hdr: not a valid HdrHistogram V2 record (exit 1)
  compare: read hdr_not_base64.json: totals.latency.hdr: not a valid HdrHistogram V2 record (exit 3)
  plot: read hdr_not_base64.json: totals.latency.hdr: not a valid HdrHistogram V2 record (exit 1)
  merge: read hdr_total_overflow.json: kinds[0].latency.hdr: not a valid HdrHistogram V2 record (a bucket index or count out of range) (exit 1)
  compare: read hdr_total_overflow.json: kinds[0].latency.hdr: not a valid HdrHistogram V2 record (a bucket index or count out of range) (exit 3)
  plot: read hdr_total_overflow.json: kinds[0].latency.hdr: not a valid HdrHistogram V2 record (a bucket index or count out of range) (exit 1)
  merge: read interval_events_overflow.json: intervals[1].events: the intervals' events add up past 2^63 - 1 (exit 1)
  compare: read interval_events_overflow.json: intervals[1].events: the intervals' events add up past 2^63 - 1 (exit 3)
  plot: read interval_events_overflow.json: intervals[1].events: the intervals' events add up past 2^63 - 1 (exit 1)
  merge: read interval_longer.json: intervals[0].interval_s: 2.5, longer than the run up to its end (1) (exit 1)
  compare: read interval_longer.json: intervals[0].interval_s: 2.5, longer than the run up to its end (1) (exit 3)
  plot: read interval_longer.json: intervals[0].interval_s: 2.5, longer than the run up to its end (1) (exit 1)
  merge: read interval_negative.json: intervals[1].interval_s: negative (-1) (exit 1)
  compare: read interval_negative.json: intervals[1].interval_s: negative (-1) (exit 3)
  plot: read interval_negative.json: intervals[1].interval_s: negative (-1) (exit 1)
  merge: read interval_not_object.json: intervals[1]: an integer, not an object (exit 1)
  compare: read interval_not_object.json: intervals[1]: an integer, not an object (exit 3)
  plot: read interval_not_object.json: intervals[1]: an integer, not an object (exit 1)
  merge: read kinds_object.json: kinds: an object, not an array (exit 1)
  compare: read kinds_object.json: kinds: an object, not an array (exit 3)
  plot: read kinds_object.json: kinds: an object, not an array (exit 1)
  merge: read latency_number.json: intervals[2].latency: an integer, not an object (exit 1)
  compare: read latency_number.json: intervals[2].latency: an integer, not an object (exit 3)
  plot: read latency_number.json: intervals[2].latency: an integer, not an object (exit 1)
  merge: read percentile_rank.json: percentiles[1]: 150, not a rank from 0 to 100 (exit 1)
  compare: read percentile_rank.json: percentiles[1]: 150, not a rank from 0 to 100 (exit 3)
  plot: read percentile_rank.json: percentiles[1]: 150, not a rank from 0 to 100 (exit 1)
  merge: read queries_string.json: totals.queries: a string, not an object (exit 1)
  compare: read queries_string.json: totals.queries: a string, not an object (exit 3)
  plot: read queries_string.json: totals.queries: a string, not an object (exit 1)
  merge: read run_status_bogus.json: run.status: "done", not complete, interrupted or failed (exit 1)
  compare: read run_status_bogus.json: run.status: "done", not complete, interrupted or failed (exit 3)
  plot: read run_status_bogus.json: run.status: "done", not complete, interrupted or failed (exit 1)
  merge: read series_mismatch.json: series.queries: 2 buckets, events has 4 (exit 1)
  compare: read series_mismatch.json: series.queries: 2 buckets, events has 4 (exit 3)
  plot: read series_mismatch.json: series.queries: 2 buckets, events has 4 (exit 1)
  merge: read start_after_end.json: start_epoch_s: 1795654810, after end_epoch_s (1795654804) (exit 1)
  compare: read start_after_end.json: start_epoch_s: 1795654810, after end_epoch_s (1795654804) (exit 3)
  plot: read start_after_end.json: start_epoch_s: 1795654810, after end_epoch_s (1795654804) (exit 1)
  merge: read start_huge.json: start_epoch_s: out of range (1e+300) (exit 1)
  compare: read start_huge.json: start_epoch_s: out of range (1e+300) (exit 3)
  plot: read start_huge.json: start_epoch_s: out of range (1e+300) (exit 1)
  merge: read start_nan.json: not valid JSON (line 1, column 430: invalid token near 'NaN') (exit 1)
  compare: read start_nan.json: not valid JSON (line 1, column 430: invalid token near 'NaN') (exit 3)
  plot: read start_nan.json: not valid JSON (line 1, column 430: invalid token near 'NaN') (exit 1)
  merge: read threads_huge.json: intervals[0].threads: out of range (1099511627776, more than 4294967295) (exit 1)
  compare: read threads_huge.json: intervals[0].threads: out of range (1099511627776, more than 4294967295) (exit 3)
  plot: read threads_huge.json: intervals[0].threads: out of range (1099511627776, more than 4294967295) (exit 1)
  merge: read time_backwards.json: intervals[2].time_s: 1.5, before the previous interval's end (2) (exit 1)
  compare: read time_backwards.json: intervals[2].time_s: 1.5, before the previous interval's end (2) (exit 3)
  plot: read time_backwards.json: intervals[2].time_s: 1.5, before the previous interval's end (2) (exit 1)
  merge: read time_negative.json: totals.time_s: negative (-1) (exit 1)
  compare: read time_negative.json: totals.time_s: negative (-1) (exit 3)
  plot: read time_negative.json: totals.time_s: negative (-1) (exit 1)
  merge: read totals_array.json: member totals missing or of the wrong type (an incomplete document?) (exit 1)
  compare: read totals_array.json: member totals missing or of the wrong type (an incomplete document?) (exit 3)
  plot: read totals_array.json: member totals missing or of the wrong type (an incomplete document?) (exit 1)
  merge: read unrecorded_over_count.json: intervals[0].latency.unrecorded: 1000, more than count (12) (exit 1)
  compare: read unrecorded_over_count.json: intervals[0].latency.unrecorded: 1000, more than count (12) (exit 3)
  plot: read unrecorded_over_count.json: intervals[0].latency.unrecorded: 1000, more than count (12) (exit 1)

The issue's first case was hdr_index_truncated.json: a zero run in the
record to a bucket index above 2^32, which the decoder truncated to 32
bits; compare exited 0 with a p95 of 4613937818241.07 ms.

Counts a document may hold alone can still overflow when added up: merge
checks every sum before it makes it and refuses with one line naming the
input that would pass 2^63 - 1 and the member. compare and plot read
these documents as they are.

  $ for f in events_int64max.json sum_ns_int64max.json; do
  >   check merge good2.json $f; check merge --force $f $f; check compare good.json $f; check plot $f -o x.png; done
  merge: events_int64max.json: totals.events: the inputs' sum would pass 2^63 - 1, more than a count holds (exit 1)
  merge: events_int64max.json: totals.events: the inputs' sum would pass 2^63 - 1, more than a count holds (exit 1)
   (exit 0)
   (exit 0)
  merge: sum_ns_int64max.json: totals.latency.sum_ns: the inputs' sum would pass 2^63 - 1, more than a count holds (exit 1)
  merge: sum_ns_int64max.json: totals.latency.sum_ns: the inputs' sum would pass 2^63 - 1, more than a count holds (exit 1)
   (exit 0)
   (exit 0)

The good documents merge, compare and plot as before.

  $ check merge good.json good2.json --results=gm.json; check compare good.json good2.json; check plot good.json good2.json -o x.png
   (exit 0)
   (exit 0)
   (exit 0)
  $ python3 -c 'import json; d = json.load(open("gm.json")); print(d["totals"]["events"], d["totals"]["latency"]["count"], len(d["intervals"]))'
  108 108 4

Huge arrays are read in time and memory linear in their size (before,
merge's interval grid took memory by cells times intervals): two
documents of 5000 intervals (1 ms apart), 5000 error codes and 1250
statement kinds each.

  $ cat > huge.py <<'PY'
  > import json, sys
  > n, d = int(sys.argv[2]), json.load(open("good.json"))
  > d["host"]["hostname"] = sys.argv[1]
  > d["intervals"] = [dict(d["intervals"][0], time_s=(i + 1) / 1000, interval_s=0.001) for i in range(n)]
  > d["end_epoch_s"] = d["start_epoch_s"] + n / 1000
  > d["options"]["report-interval"] = "0.001"
  > d["totals"]["errors_by_code"] = [{"code": str(i), "class": "ignored", "count": 1} for i in range(n)]
  > d["kinds"] = [dict(d["kinds"][0], kind="kind %d" % i) for i in range(n // 4)]
  > json.dump(d, open(sys.argv[1], "w"))
  > PY
  $ python3 huge.py huge1.json 5000 && python3 huge.py huge2.json 5000
  $ "$BENCH" merge huge1.json huge2.json --results=hm.json | grep -c '^\['
  5000
  $ python3 -c 'import json; d = json.load(open("hm.json")); t = d["totals"]; print(len(d["intervals"]), len(d["kinds"]), len(t["errors_by_code"]), t["errors_by_code"][9]["count"])'
  5000 1250 5000 2
  $ check compare huge1.json huge2.json; check plot huge1.json huge2.json -o x.png; grep -c '^[0-9]' script.gp
   (exit 0)
   (exit 0)
  30000
