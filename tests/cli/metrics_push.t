--metrics-push=URL (issue 29): the metrics pushed to a Pushgateway with
PUT at every report interval and once more with the final figures.
Here against a fake gateway (tests/cli/metrics_pushgateway.t runs the
real one): what bench sends, and what it does with hostile replies: a
400 and its explanation, bytes that are not HTTP, a reply that never
ends, a server that never answers, nobody listening. Each is one
WARNING line on stderr naming the URL and the cause; the run goes on,
its reports keep their time, its exit status stays 0, and a push never
holds the end of the run for more than its 5 s.

  $ cat > gw.py <<'PY'
  > import json, socket, sys, threading, time
  > mode, log = sys.argv[1], open(sys.argv[2], "a")
  > s = socket.socket()
  > s.bind(("127.0.0.1", 0))
  > s.listen(16)
  > open(sys.argv[3], "w").write(str(s.getsockname()[1]))
  > def request(c):
  >     data = b""
  >     while b"\r\n\r\n" not in data:
  >         b = c.recv(65536)
  >         if not b: return None
  >         data += b
  >     head, body = data.split(b"\r\n\r\n", 1)
  >     lines = head.decode().split("\r\n")
  >     hdrs = dict(l.split(": ", 1) for l in lines[1:])
  >     while len(body) < int(hdrs.get("Content-Length", 0)):
  >         body += c.recv(65536)
  >     return lines[0], hdrs, body.decode()
  > def serve(c):
  >     if mode == "silent":
  >         time.sleep(30); return
  >     r = request(c)
  >     if r:
  >         log.write(json.dumps(r) + "\n"); log.flush()
  >     if mode == "ok":
  >         c.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
  >     elif mode == "bad":
  >         body = b"pushed metrics are invalid \x1b[31mred\x1b[0m\nsecond line\n"
  >         c.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
  >     elif mode == "junk":
  >         c.sendall(b"SSH-2.0-OpenSSH_9.2\r\n")
  >     elif mode == "endless":
  >         c.sendall(b"HTTP/1.1 500 Oops\r\n")
  >         try:
  >             for _ in range(3000): c.sendall(b"X-Flood: " + b"y" * 1000 + b"\r\n"); time.sleep(0.001)
  >         except OSError: pass
  >     c.close()
  > while True:
  >     c, _ = s.accept()
  >     threading.Thread(target=serve, args=(c,), daemon=True).start()
  > PY
  $ gw() { rm -f port.$1; python3 gw.py $1 req.$1 port.$1 & echo $! >> gw.pids; for i in $(seq 200); do [ -s port.$1 ] && break; sleep 0.05; done; }
  $ cat > q.lua <<'LUA'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event() con:query("SELECT 1") con:query("UPDATE t SET a = 1") end
  > LUA

What bench sends: PUT to the URL's path + /metrics/job/JOB/instance/HOST,
the exposition format's content type, the body's length, one request
per connection; a push each second (--report-interval=1; the one at the
3 s time limit may or may not come before the final one) and the final
figures last, equal to the report's.

  $ gw ok
  $ "$BENCH" q.lua --db-driver=null --time=3 --report-interval=1 --metrics-push=http://127.0.0.1:$(cat port.ok)/pg/ --metrics-job=nightly.oltp run > out 2> err
  $ cat err
  $ cat > sent.py <<'PY'
  > import json, re, socket
  > reqs = [json.loads(l) for l in open("req.ok")]
  > host = re.sub(r"[^A-Za-z0-9_.-]", "_", socket.gethostname())
  > print("pushes:", len(reqs) in (3, 4))
  > print("request lines:", {r[0].replace(host, "HOST") for r in reqs})
  > h = reqs[-1][1]
  > print(h["Content-Type"], "|", h["Connection"], "|", h["Host"].split(":")[0])
  > print("lengths right:", all(int(r[1]["Content-Length"]) == len(r[2].encode()) for r in reqs))
  > final = dict(re.findall(r"^([^#\s]+) (\S+)$", reqs[-1][2], re.M))
  > out = open("out").read()
  > for label, name in [("total number of events:", "bench_events_total"),
  >                     ("transactions:", "bench_transactions_total"),
  >                     ("read:", 'bench_queries_total{kind="read"}'),
  >                     ("write:", 'bench_queries_total{kind="write"}')]:
  >     n = re.search(r"^\s*" + label + r"\s+(\d+)", out, re.M).group(1)
  >     print(name, "= report's:", float(final[name]) == int(n) > 0)
  > print("interval pushes grow:", [float(dict(re.findall(r"^([^#\s]+) (\S+)$", r[2], re.M))["bench_events_total"]) for r in reqs] == sorted(float(dict(re.findall(r"^([^#\s]+) (\S+)$", r[2], re.M))["bench_events_total"]) for r in reqs))
  > PY
  $ python3 sent.py
  pushes: True
  request lines: {'PUT /pg/metrics/job/nightly.oltp/instance/HOST HTTP/1.1'}
  text/plain; version=0.0.4; charset=utf-8 | close | 127.0.0.1
  lengths right: True
  bench_events_total = report's: True
  bench_transactions_total = report's: True
  bench_queries_total{kind="read"} = report's: True
  bench_queries_total{kind="write"} = report's: True
  interval pushes grow: True

The text pushed is the endpoint's: Prometheus' own parser reads it
(promtool, else python3's prometheus_client; neither: not checked).

  $ python3 -c 'import json; open("body", "w").write([json.loads(l) for l in open("req.ok")][-1][2])'
  $ if command -v promtool >/dev/null; then promtool check metrics < body; elif python3 -c 'import prometheus_client' 2>/dev/null; then python3 -c 'import sys; from prometheus_client.parser import text_string_to_metric_families as p; list(p(open("body").read()))'; fi

Without --report-interval, a push every 10 s, and the final one: a 2 s
run pushes once.

  $ : > req.ok
  $ "$BENCH" cpu --time=2 --metrics-push=http://127.0.0.1:$(cat port.ok) run > out 2> err
  $ wc -l < req.ok; cat err
  1

A 400 and the gateway's explanation (its first line, control characters
shown as '?'): the first failure of a streak is one line, the final
push's another, with the count.

  $ gw bad
  $ "$BENCH" cpu --time=3 --report-interval=2 --metrics-push=http://127.0.0.1:$(cat port.bad) run > out 2> err; echo "exit $?"
  exit 0
  $ sed 's/instance\/[^:]*:/instance\/HOST:/; s/:[0-9]*\/metrics/:PORT\/metrics/' err
  WARNING: metrics: push to http://127.0.0.1:PORT/metrics/job/bench/instance/HOST: HTTP status 400 (pushed metrics are invalid ?[31mred?[0m)
  WARNING: metrics: final push to http://127.0.0.1:PORT/metrics/job/bench/instance/HOST: HTTP status 400 (pushed metrics are invalid ?[31mred?[0m) [2 of the run's 2 pushes failed]
  $ grep -c "total number of events" out
  1

Bytes that are not HTTP; a reply that goes on for megabytes (bench
reads its first 4 KiB: the status is all it needs).

  $ gw junk
  $ "$BENCH" cpu --time=1 --metrics-push=http://127.0.0.1:$(cat port.junk) run > out 2> err; echo "exit $?"
  exit 0
  $ sed 's/instance\/[^:]*:/instance\/HOST:/; s/:[0-9]*\/metrics/:PORT\/metrics/' err
  WARNING: metrics: final push to http://127.0.0.1:PORT/metrics/job/bench/instance/HOST: not an HTTP reply
  $ gw endless
  $ "$BENCH" cpu --time=1 --metrics-push=http://127.0.0.1:$(cat port.endless) run > out 2> err; echo "exit $?"
  exit 0
  $ sed 's/instance\/[^:]*:/instance\/HOST:/; s/:[0-9]*\/metrics/:PORT\/metrics/' err
  WARNING: metrics: final push to http://127.0.0.1:PORT/metrics/job/bench/instance/HOST: HTTP status 500

A server that accepts and never answers: the interval reports come on
time, the interval push in flight is dropped when the run ends, and the
final push gives up after 5 s.

  $ gw silent
  $ python3 -c 'import subprocess, sys, time; t = time.time(); rc = subprocess.call(sys.argv[1:], stdout=open("out", "w"), stderr=open("err", "w")); print("exit", rc, "after 3 s + at most 6 s:", 3 < time.time() - t < 9.5)' "$BENCH" cpu --time=3 --report-interval=1 --metrics-push=http://127.0.0.1:$(cat port.silent) run
  exit 0 after 3 s + at most 6 s: True
  $ grep -c '^\[ [12]s \]' out
  2
  $ sed 's/instance\/[^:]*:/instance\/HOST:/; s/:[0-9]*\/metrics/:PORT\/metrics/' err
  WARNING: metrics: final push to http://127.0.0.1:PORT/metrics/job/bench/instance/HOST: no reply: timed out

Nobody listening.

  $ "$BENCH" cpu --time=1 --metrics-push=http://127.0.0.1:1 run > out 2> err; echo "exit $?"
  exit 0
  $ sed 's/instance\/[^:]*:/instance\/HOST:/' err
  WARNING: metrics: final push to http://127.0.0.1:1/metrics/job/bench/instance/HOST: connect: Connection refused
  $ kill $(cat gw.pids) 2>/dev/null; wait 2>/dev/null; true

A URL or a job name bench cannot use is refused before the run, naming
the culprit.

  $ for u in https://gw:9091 gw:9091 http://user:pw@gw:9091 'http://gw:9091/x?a=b' http://gw:99999 http://gw:9091/metrics/job/x 'http://gw:9091/a b' http://:9091 'http://[::1'; do "$BENCH" cpu --metrics-push="$u" run; done
  FATAL: metrics: bad --metrics-push 'https://gw:9091': https is not supported (bench has no TLS client): push to an http:// address
  FATAL: metrics: bad --metrics-push 'gw:9091': http://HOST[:PORT][/PATH] expected
  FATAL: metrics: bad --metrics-push 'http://user:pw@gw:9091': credentials in the URL are not supported
  FATAL: metrics: bad --metrics-push 'http://gw:9091/x?a=b': a query or fragment is not supported
  FATAL: metrics: bad --metrics-push 'http://gw:99999': the port must be 1 to 65535
  FATAL: metrics: bad --metrics-push 'http://gw:9091/metrics/job/x': give the Pushgateway's address without /metrics/job/...: bench adds it (--metrics-job names the job)
  FATAL: metrics: bad --metrics-push 'http://gw:9091/a b': the path holds a character a URL cannot
  FATAL: metrics: bad --metrics-push 'http://:9091': no host
  FATAL: metrics: bad --metrics-push 'http://[::1': an IPv6 address needs its ']'
  [1]
  $ "$BENCH" cpu --metrics-push=http://gw:9091 --metrics-job=a/b run
  FATAL: metrics: bad --metrics-job 'a/b': 1 to 128 of A-Z a-z 0-9 _ . : - expected
  [1]
  $ "$BENCH" cpu --metrics-job=nightly run
  FATAL: --metrics-job needs --metrics-push: it names the group pushed to the Pushgateway
  [1]
