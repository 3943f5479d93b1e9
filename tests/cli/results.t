Machine output (docs/results.md): --results, --format=json|csv, --hdr-log.
Each is checked with independent tools by tests/results/check_results.py:
the JSON Schema with python3-jsonschema, every latency record and the
interval log with PyPI's hdrhistogram (module hdrh), the CSV with Python's
csv module. Runs on the built-in cpu test.

  $ check() { python3 "$BENCH_SRCDIR/tests/results/check_results.py" "$@"; }
  $ args="cpu --cpu-max-prime=2000 --time=3 --report-interval=1"

The document beside the text report, which stays sysbench's; its totals
are the report's, its records hdrh's counts and percentiles:

  $ "$BENCH" $args --percentile=99 --results=r.json --hdr-log=r.hlog run > report.txt
  $ grep -c '^\[ [12]s \] thds: 1 eps: .* lat (ms,99%): ' report.txt
  [12] (re)
  $ grep -A5 '^Latency (ms):' report.txt | sed 's/ *[0-9.]*$//'
  Latency (ms):
           min:
           avg:
           max:
           99th percentile:
           sum:
  $ check doc r.json report.txt
  ok: valid against bench-result-1.schema.json
  ok: every record decodes with hdrh to its counts and percentiles \([123] intervals\) (re)
  ok: the document's totals are the text report's
  $ check hlog r.hlog r.json
  ok: interval log read by hdrh: [123] 'all' lines match the intervals; tags all (re)
  $ head -4 r.hlog | sed 's/[0-9][0-9.]*/N/g; s/, [A-Z][a-z][a-z] .*\]/, DATE]/'
  #[bench N cpu run: latency in ns]
  #[Histogram log format version N]
  #[StartTime: N (seconds since epoch), DATE]
  #[BaseTime: N (seconds since epoch)]

--format=json: NDJSON on stdout, one line per interval as it happens, then
the document; everything else on stderr:

  $ "$BENCH" $args --format=json run > out.json 2> err.txt
  $ check ndjson out.json
  ok: NDJSON: [123] interval lines, then the document (re)
  ok: valid against bench-result-1.schema.json
  ok: every record decodes with hdrh to its counts and percentiles \([123] intervals\) (re)
  $ head -1 err.txt
  bench * (sysbench 1.0.20 compatible, *) (glob)
  $ grep -c 'Latency\|thds:' err.txt
  0
  [1]

--format=csv: a header and a row per interval; with --results the document
has the same figures (a loaded machine may miss a report slot: 1 or 2
intervals, and 3 where the machine formats also carry the run's last
interval, cut short at its end: PD-15):

  $ "$BENCH" $args --format=csv --results=c.json run > out.csv 2> /dev/null
  $ head -1 out.csv
  time_s,threads,events_per_s,tps,qps_read,qps_write,qps_other,qps_total,errors_per_s,reconnects_per_s,lat_min_ms,lat_avg_ms,lat_max_ms,lat_p95_ms,queue_length,concurrency,lag_avg_ms,lag_max_ms
  $ check csv out.csv c.json
  ok: CSV parsed: [123] rows of 18 columns match the intervals (re)

Without --report-interval the run is one interval: one CSV row, one log
line per tag:

  $ "$BENCH" cpu --cpu-max-prime=2000 --time=1 --format=csv --hdr-log=one.hlog --results=one.json run > one.csv 2> /dev/null
  $ check csv one.csv one.json
  ok: CSV parsed: 1 rows of 18 columns match the intervals
  $ check hlog one.hlog one.json
  ok: interval log read by hdrh: 1 'all' lines match the intervals; tags all

--report-checkpoints: each checkpoint report is in the machine formats
too, over the period its text report shows (from the start or the
previous checkpoint; the final totals then start at the last one): in the
document's "checkpoints", as NDJSON lines of type "checkpoint", and as
CSV rows whose "row" column (there only with checkpoints) says so. The
checker compares each with its text block:

  $ cpargs="cpu --cpu-max-prime=2000 --time=3 --report-checkpoints=1,2"
  $ "$BENCH" $cpargs --percentile=99 --results=cp.json run > cp.txt
  $ grep -c "Checkpoint report:" cp.txt
  2
  $ check doc cp.json cp.txt
  ok: valid against bench-result-1.schema.json
  ok: every record decodes with hdrh to its counts and percentiles (0 intervals, 2 checkpoints)
  ok: the document's totals are the text report's and so are its 2 checkpoints'
  $ python3 -c 'import json; c = json.load(open("cp.json"))["checkpoints"]; print(sorted(c[0]), sorted(c[0]["totals"]["latency"]), c[0]["time_s"] < c[1]["time_s"])'
  ['self_check', 'time_s', 'totals'] ['avg_ns', 'count', 'hdr', 'max_ns', 'min_ns', 'percentiles', 'sum_ns'] True
  $ "$BENCH" $cpargs --report-interval=1 --format=json run > cp.ndjson 2> cperr.txt
  $ check ndjson cp.ndjson
  ok: NDJSON: [123] interval lines and 2 checkpoint lines, then the document (re)
  ok: valid against bench-result-1.schema.json
  ok: every record decodes with hdrh to its counts and percentiles \([123] intervals, 2 checkpoints\) (re)
  $ grep -c "Checkpoint report" cperr.txt
  0
  [1]
  $ "$BENCH" $cpargs --report-interval=1 --format=csv --results=cpc.json run > cp.csv 2> /dev/null
  $ head -1 cp.csv
  time_s,threads,events_per_s,tps,qps_read,qps_write,qps_other,qps_total,errors_per_s,reconnects_per_s,lat_min_ms,lat_avg_ms,lat_max_ms,lat_p95_ms,queue_length,concurrency,lag_avg_ms,lag_max_ms,row
  $ check csv cp.csv cpc.json
  ok: CSV parsed: [123] rows of 19 columns match the intervals, 2 rows the checkpoints (re)

Every section a run can feed (per statement kind, --rate's service time
and lag, the self-check), from the fixed figures of the unit test
tests/unit/test_results.c, validates and decodes too:

  $ "$(dirname "$BENCH")/tests/unit/test_results" synth.json | tail -1
  1..29
  $ check doc synth.json
  ok: valid against bench-result-1.schema.json
  ok: every record decodes with hdrh to its counts and percentiles \(2 intervals\) (re)
  $ python3 -c 'import json; d = json.load(open("synth.json")); print(d["command_line"], [k["kind"] for k in d["kinds"]], sorted(d["rate"]), d["warnings"])'
  ['bench', '--mysql-password=***', 'run'] ['point select', 'index update'] ['service_time', 'start_lag', 'target_per_s'] ['the client limited this result']

Passwords never reach the document, typed or from a config file:

  $ printf 'pgsql-password=hunter3\n' > secret.cfg
  $ "$BENCH" cpu --time=1 --mysql-password=hunter2 --config-file=secret.cfg --results=s.json run > /dev/null
  $ grep -c hunter s.json
  0
  [1]
  $ python3 -c 'import json; d = json.load(open("s.json")); print([a for a in d["command_line"] if "password" in a], d["options"]["mysql-password"], d["options"]["pgsql-password"])'
  ['--mysql-password=***'] *** ***

The document is written beside its path and renamed over it once whole,
so a reader sees the earlier document or the new one, never a part. A run
that fails writes no document and leaves what was at the path as it was:
nothing, or an earlier document (which a failed run used to delete), and
no file beside it:

  $ mkdir keep && cd keep
  $ printf 'function event() error("boom") end\n' > fail.lua
  $ "$BENCH" fail.lua --time=1 --results=f.json run > /dev/null 2>&1
  [1]
  $ ls
  fail.lua
  $ "$BENCH" cpu --time=1 --report-interval=1 --results=f.json run > /dev/null
  $ chmod 640 f.json && cp f.json earlier.json
  $ "$BENCH" fail.lua --time=1 --report-interval=1 --results=f.json run > /dev/null 2>&1
  [1]
  $ cmp f.json earlier.json && ls -a
  .
  ..
  earlier.json
  f.json
  fail.lua

Nor does one that fails in thread_init, or one killed mid-run (before,
the file was truncated when the run started):

  $ printf 'function thread_init() error("no") end\nfunction event() end\n' > init.lua
  $ "$BENCH" init.lua --time=1 --results=f.json run > /dev/null 2>&1
  [1]
  $ "$BENCH" cpu --time=30 --report-interval=1 --results=f.json run > /dev/null &
  $ sleep 2; kill -KILL $!; wait $! 2> /dev/null
  [137]
  $ cmp f.json earlier.json && ls
  earlier.json
  f.json
  fail.lua
  init.lua

A run stopped by SIGINT still writes its document, as before (its report
covers the events finished before it); the file keeps its mode:

  $ "$BENCH" cpu --time=30 --report-interval=1 --results=f.json run > /dev/null 2> int.err &
  $ sleep 2.5; kill -INT $!; wait $!
  [130]
  $ python3 -c 'import json; d = json.load(open("f.json")); print(d["command_line"][2], len(d["intervals"]) >= 1)'
  --time=30 True
  $ stat -c %a f.json && ls
  640
  earlier.json
  f.json
  fail.lua
  init.lua
  int.err
  $ cd ..

A document that cannot be written is one FATAL line naming the file and
exit status 1, with the earlier document intact and no file beside it:
here a file size limit (tests/cli/results_enospc.t fills a disk), at the
end and in the middle of a run (each interval goes to a spool beside the
path as it happens):

  $ mkdir big && cp keep/earlier.json big/b.json && cd big
  $ write_limited() {
  >   (trap '' XFSZ; ulimit -f 2; "$BENCH" cpu --time=2 "$@" --results=b.json run; echo "exit $?") 2>&1 | grep 'FATAL\|exit'
  > }
  $ write_limited
  FATAL: results: write b.json: File too large
  exit 1
  $ write_limited --report-interval=1
  FATAL: results: write b.json: File too large
  exit 1
  $ cmp b.json ../keep/earlier.json && ls
  b.json
  $ cd ..

What is not a regular file is written in place, as before: a device
(here a full one, through a symlink: the link stays) or standard output:

  $ ln -s /dev/full full.json
  $ "$BENCH" cpu --time=1 --results=full.json run | grep FATAL
  FATAL: results: write full.json: No space left on device
  $ test -L full.json && echo link
  link
  $ "$BENCH" cpu --time=1 --results=/dev/stdout run | grep -c '"schema":"bench-result/1"'
  1

A symlink to a document: the document it names is replaced, the link
stays:

  $ ln -s keep/f.json link.json
  $ "$BENCH" cpu --time=1 --results=link.json run > /dev/null
  $ test -L link.json && python3 -c 'import json; print(json.load(open("keep/f.json"))["command_line"][3])'
  --results=link.json

--hdr-log's errors are labelled as its own:

  $ "$BENCH" cpu --time=1 --hdr-log=no/such/dir/r.hlog run 2>&1 | grep FATAL
  FATAL: hdr-log: create no/such/dir/r.hlog: No such file or directory
  $ ln -s /dev/full full.hlog
  $ "$BENCH" cpu --time=1 --hdr-log=full.hlog run | grep FATAL
  FATAL: hdr-log: write full.hlog: No space left on device

Every interval is kept (PD-15): the run's last one, from the last report
to its end, is in the document, the CSV and the NDJSON, though the text
report prints only sysbench's interval lines: a 2 s run at
--report-interval=1 has one text line and two intervals.

  $ "$BENCH" cpu --time=2 --report-interval=1 --results=two.json run | grep -c '^\[ '
  1
  $ python3 -c 'import json; d = json.load(open("two.json")); iv = d["intervals"]; print(len(iv), iv[-1]["time_s"] == d["run"]["time_s"], all(i["events"] > 0 for i in iv))'
  2 True True
  $ "$BENCH" cpu --time=2 --report-interval=1 --format=csv run 2>/dev/null | tail -n +2 | wc -l
  2

Memory stays flat however long the run: the intervals go to the spool as
they happen, none is kept (tests/unit/test_results.c: the heap after 100
and after 1,200 intervals, within 256 KB; before, each interval's object
stayed until the end, ~80 KB on a SQL run).

Bad values fail before the run:

  $ "$BENCH" cpu --format=xml run
  FATAL: Invalid value for --format: 'xml' (text, json or csv)
  [1]
  $ "$BENCH" cpu --time=1 --results=no/such/dir/r.json run 2>&1 | grep FATAL
  FATAL: results: create no/such/dir/r.json: No such file or directory
  $ "$BENCH" cpu --time=1 --results=keep run 2>&1 | grep FATAL
  FATAL: results: create keep: Is a directory
