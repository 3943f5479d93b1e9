The Grafana dashboard (contrib/grafana/bench-dashboard.json, issue 29)
draws only what the endpoint serves: every metric name in its PromQL
(panel targets and template variables) is one that a real run's
endpoint has, scraped here from a run with the SQL counters, statement
kinds, errors by code and --latency-limit's counters all present, while
the endpoint lingers after the run (--metrics-linger).

  $ cat > q.lua <<'LUA'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >    con:query("SELECT 1")
  >    con:query("UPDATE t SET a = 1")
  > end
  > LUA
  $ "$BENCH" q.lua --db-driver=null --time=1 --latency-limit=1 --metrics-addr=127.0.0.1:0 --metrics-linger=60 run > out 2> err &
  $ pid=$!
  $ cat > check.py <<'PY'
  > import json, re, sys, time, urllib.request
  > for _ in range(400):
  >     err = open("err").read()
  >     if "serving the final figures" in err: break
  >     time.sleep(0.05)
  > url = re.search(r"metrics: serving (http://\S+)", err).group(1)
  > text = urllib.request.urlopen(url, timeout=5).read().decode()
  > served, samples = set(), set()
  > for line in text.splitlines():
  >     m = re.match(r"# TYPE (\S+) (\S+)", line)
  >     if m:
  >         served.add(m.group(1))
  >         if m.group(2) in ("histogram", "summary"):
  >             served.update(m.group(1) + s for s in ("_bucket", "_sum", "_count"))
  >     elif line and not line.startswith("#"):
  >         samples.add(re.match(r"[a-zA-Z_:][a-zA-Z0-9_:]*", line).group(0))
  > served |= samples
  > d = json.load(open(sys.argv[1]))
  > exprs = [t["expr"] for p in d["panels"] for t in p.get("targets", [])]
  > exprs += [v["definition"] for v in d["templating"]["list"] if v["type"] == "query"]
  > # PromQL words that are not metric names: aggregations and operators
  > # (functions are the words before "(").
  > words = {"sum", "min", "max", "avg", "count", "group", "stddev", "stdvar",
  >          "topk", "bottomk", "quantile", "count_values", "and", "or",
  >          "unless", "offset", "bool"}
  > names = set()
  > for e in exprs:
  >     e = re.sub(r'"(\\.|[^"\\])*"', '""', e)  # strings
  >     e = re.sub(r"\{[^}]*\}", "", e)          # label matchers
  >     e = re.sub(r"\[[^]]*\]", "", e)          # ranges
  >     e = re.sub(r"label_values\(([^,)]*),[^)]*\)", r"\1", e)  # its label
  >     e = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", "", e)
  >     for m in re.finditer(r"[a-zA-Z_:][a-zA-Z0-9_:]*", e):
  >         w = m.group(0)
  >         if w in words or e[m.end():].lstrip().startswith("("):
  >             continue
  >         names.add(w)
  > print("expressions:", len(exprs) >= 20)
  > print("metric names in them:", len(names) >= 12)
  > print("not served:", sorted(names - served))
  > print("served, not drawn:", sorted(samples - names))
  > PY
  $ python3 check.py "$BENCH_SRCDIR/contrib/grafana/bench-dashboard.json"
  expressions: True
  metric names in them: True
  not served: []
  served, not drawn: ['bench_latency_summary_seconds_count', 'bench_latency_summary_seconds_sum']

The linger ends at the first SIGINT, with the run's own exit status.

  $ kill -INT $pid; wait $pid
  $ cat err
  metrics: serving http://127.0.0.1:*/metrics (glob)
  metrics: serving the final figures for 60 s more (SIGINT or SIGTERM ends this)
  SIGINT received: the metrics endpoint stops lingering
