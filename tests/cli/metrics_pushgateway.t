--metrics-push against a real Prometheus Pushgateway (Debian's
prometheus-pushgateway, which build-aux/install-deps.sh installs): the
test starts its own on a free loopback port, in memory only, runs a
benchmark pushing to it every second, then reads the gateway's /metrics:
the pushed totals and the 95th percentile are the report's, the gateway
took every push. Skipped without the gateway, except under CI=true,
where its absence fails the test.

  $ if ! command -v prometheus-pushgateway >/dev/null; then if [ "${CI:-}" = true ]; then echo "prometheus-pushgateway not installed: CI installs it (build-aux/install-deps.sh)"; else exit 80; fi; fi
  $ ready() { python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)' "http://127.0.0.1:$port/-/ready" 2>/dev/null; }
  $ start_gw() {
  >   for try in 1 2 3 4 5; do
  >     port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  >     prometheus-pushgateway --web.listen-address=127.0.0.1:$port --persistence.file= --log.level=error > gw.log 2>&1 &
  >     gwpid=$!
  >     for i in $(seq 100); do ready && return 0; kill -0 $gwpid 2>/dev/null || break; sleep 0.1; done
  >     kill $gwpid 2>/dev/null; wait $gwpid 2>/dev/null
  >   done
  >   return 1
  > }
  $ start_gw && echo started
  started

  $ cat > q.lua <<'LUA'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >    con:query("SELECT 1")
  >    con:query("UPDATE t SET a = 1")
  >    con:query("BEGIN")
  > end
  > LUA
  $ "$BENCH" q.lua --db-driver=null --threads=2 --time=3 --report-interval=1 --latency-limit=1 --metrics-push=http://127.0.0.1:$port --metrics-job=bench_ci run > out 2> err
  $ cat err
  $ cat > pulled.py <<'PY'
  > import json, re, sys, urllib.request
  > base = "http://127.0.0.1:%s" % sys.argv[1]
  > text = urllib.request.urlopen(base + "/metrics", timeout=5).read().decode()
  > got = {}
  > for name, labels, v in re.findall(r'^(bench_\w+|push_\w+)\{([^}]*)\} (\S+)$', text, re.M):
  >     l = dict(re.findall(r'(\w+)="([^"]*)"', labels))
  >     if l.pop("job") != "bench_ci": continue
  >     l.pop("instance")
  >     got[name + ("{%s}" % ",".join('%s="%s"' % kv for kv in sorted(l.items())) if l else "")] = float(v)
  > out = open("out").read()
  > def rep(label):
  >     return re.search(r"^\s*" + label + r"\s+([\d.]+)", out, re.M).group(1)
  > pairs = [("total number of events:", "bench_events_total"),
  >          ("transactions:", "bench_transactions_total"),
  >          ("read:", 'bench_queries_total{kind="read"}'),
  >          ("write:", 'bench_queries_total{kind="write"}'),
  >          ("other:", 'bench_queries_total{kind="other"}'),
  >          ("total:", None)]
  > for label, name in pairs:
  >     if name:
  >         print("pulled %s = report's %s" % (name, label), got[name] == int(rep(label)) > 0)
  > print("queries total = report's total:", sum(v for k, v in got.items() if k.startswith("bench_queries_total")) == int(rep("total:")))
  > p95 = got['bench_latency_summary_seconds{quantile="0.95"}']
  > print("p95 = report's:", "%.2f" % (round(p95 * 1e9) / 1e6) == rep("95th percentile:"))
  > print("late counter there:", "bench_events_late_total" in got)
  > print("run info:", [k for k in got if k.startswith("bench_run_info")])
  > print("last push succeeded:", got["push_time_seconds"] > 0 and got["push_failure_time_seconds"] == 0)
  > api = json.load(urllib.request.urlopen(base + "/api/v1/metrics", timeout=5))
  > print("groups:", [g["labels"] for g in api["data"] if g["labels"]["job"] == "bench_ci"][0]["job"], [g["last_push_successful"] for g in api["data"]])
  > PY
  $ python3 pulled.py $port
  pulled bench_events_total = report's total number of events: True
  pulled bench_transactions_total = report's transactions: True
  pulled bench_queries_total{kind="read"} = report's read: True
  pulled bench_queries_total{kind="write"} = report's write: True
  pulled bench_queries_total{kind="other"} = report's other: True
  queries total = report's total: True
  p95 = report's: True
  late counter there: True
  run info: ['bench_run_info{compat="1.0",driver="null",threads="2",version="*",workload="q.lua"}'] (glob)
  last push succeeded: True
  groups: bench_ci [True]

The gateway took every push, none refused (its own request counter).

  $ python3 -c 'import re, sys, urllib.request; t = urllib.request.urlopen("http://127.0.0.1:%s/metrics" % sys.argv[1], timeout=5).read().decode(); print(sorted(set(re.findall(r"pushgateway_http_requests_total\{code=\"(\d+)\",handler=\"push\",method=\"(\w+)\"\}", t))))' $port
  [('200', 'put')]
  $ kill $gwpid; wait $gwpid 2>/dev/null; true
