--metrics-addr (issue 21): Prometheus text at http://HOST:PORT/metrics
during a run. Port 0 picks a free port, printed on stderr; scrapes during
the run see the counters grow; done() runs after the final report with the
endpoint still up, so the last scrape can be compared with the report.
The scrapes are checked by a Prometheus text parser: promtool, else
python3's prometheus_client (Debian's python3-prometheus-client); without
either the test is skipped.

  $ command -v promtool >/dev/null || python3 -c 'import prometheus_client' 2>/dev/null || exit 80

  $ cat > q.lua <<'LUA'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >    con:query("SELECT 1")
  >    con:query("UPDATE t SET a = 1")
  >    con:query("BEGIN")
  > end
  > function done()
  >    io.open("in_done", "w"):close()
  >    for i = 1, 400 do
  >       local f = io.open("scraped")
  >       if f then f:close() return end
  >       local t = os.clock() + 0.05 while os.clock() < t do end
  >    end
  > end
  > LUA
  $ cat > scrape.py <<'PY'
  > import re, sys, time, urllib.request
  > def wait(path):
  >     for _ in range(400):
  >         try:
  >             return open(path).read()
  >         except OSError:
  >             time.sleep(0.05)
  > def url():
  >     for _ in range(200):
  >         m = re.search(r"metrics: serving (http://\S+)", open("err").read())
  >         if m: return m.group(1)
  >         time.sleep(0.05)
  > def scrape(u, name):
  >     text = urllib.request.urlopen(u, timeout=5).read().decode()
  >     open(name, "w").write(text)
  >     return {k: float(v) for k, v in re.findall(r"^(\S+) (\S+)$", text, re.M)}
  > u = url()
  > print("url:", re.sub(r":\d+/", ":PORT/", u))
  > keys = ["bench_events_total", 'bench_queries_total{kind="read"}',
  >         "bench_latency_seconds_count"]
  > def until(name, ok): # a busy machine may start the workers late
  >     for _ in range(100):
  >         s = scrape(u, name)
  >         if all(k in s for k in keys) and ok(s): return s
  >         time.sleep(0.2)
  >     return s
  > a = until("s1", lambda s: all(s[k] > 0 for k in keys))
  > time.sleep(0.5)
  > b = until("s2", lambda s: all(s[k] > a[k] for k in keys))
  > for k in keys:
  >     print(k, "grows:", 0 < a[k] < b[k])
  > print("cpu grows:", a['bench_client_cpu_seconds_total{mode="user"}'] <
  >       b['bench_client_cpu_seconds_total{mode="user"}'])
  > wait("in_done")
  > c = scrape(u, "s3")
  > open("scraped", "w").close()
  > out = wait("out")
  > rep = {k: float(v) for k, v in re.findall(r"^\s+([a-z ]+):\s+(\d+)", out, re.M)}
  > pairs = [("total number of events", "bench_events_total"),
  >          ("transactions", "bench_transactions_total"),
  >          ("read", 'bench_queries_total{kind="read"}'),
  >          ("write", 'bench_queries_total{kind="write"}'),
  >          ("other", 'bench_queries_total{kind="other"}'),
  >          ("ignored errors", "bench_errors_total"),
  >          ("reconnects", "bench_reconnects_total"),
  >          ("total number of events", "bench_latency_seconds_count")]
  > for r, m in pairs:
  >     nonzero = rep[r] > 0 or r in ("ignored errors", "reconnects")
  >     print("%s = report's %s:" % (m, r), c[m] == rep[r] and nonzero)
  > print("threads running at the end:", c["bench_threads_running"])
  > PY

  $ "$BENCH" q.lua --db-driver=null --time=5 --metrics-addr=127.0.0.1:0 run > out 2> err &
  $ python3 scrape.py
  url: http://127.0.0.1:PORT/metrics
  bench_events_total grows: True
  bench_queries_total{kind="read"} grows: True
  bench_latency_seconds_count grows: True
  cpu grows: True
  bench_events_total = report's total number of events: True
  bench_transactions_total = report's transactions: True
  bench_queries_total{kind="read"} = report's read: True
  bench_queries_total{kind="write"} = report's write: True
  bench_queries_total{kind="other"} = report's other: True
  bench_errors_total = report's ignored errors: True
  bench_reconnects_total = report's reconnects: True
  bench_latency_seconds_count = report's total number of events: True
  threads running at the end: 0.0
  $ wait $!
  $ cat err
  metrics: serving http://127.0.0.1:*/metrics (glob)

The run's labels, and the text passes Prometheus' own format check
(promtool, from Debian's prometheus package; else the Python client's
parser).

  $ grep '^bench_run_info' s3
  bench_run_info{workload="q.lua",driver="null",version="*",compat="1.0",threads="1"} 1 (glob)
  $ check() { if command -v promtool >/dev/null; then promtool check metrics < "$1"; else python3 -c 'import sys; from prometheus_client.parser import text_string_to_metric_families as p; list(p(open(sys.argv[1]).read()))' "$1"; fi; }
  $ check s1 && check s3 && echo valid
  valid
  $ grep -c '^# TYPE' s3
  13

Errors by native code and SQLSTATE: the endpoint turns bench's own
measuring on, so it counts errors as the extended report does. Every
other event on SQLite hits a missing table, ignored (--sqlite-ignore-errors):
the last scrape's count equals the report's ignored errors.

  $ cat > e.lua <<'LUA'
  > local n = 0
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >    n = n + 1
  >    if n % 2 == 0 then con:query("SELECT * FROM no_such_table") end
  >    con:query("SELECT 1")
  > end
  > function done()
  >    io.open("e_done", "w"):close()
  >    for i = 1, 400 do
  >       local f = io.open("e_scraped")
  >       if f then f:close() return end
  >       local t = os.clock() + 0.05 while os.clock() < t do end
  >    end
  > end
  > LUA
  $ cat > scrape_errors.py <<'PY'
  > import re, time, urllib.request
  > for _ in range(400):
  >     m = re.search(r"metrics: serving (http://\S+)", open("e_err").read())
  >     if m: break
  >     time.sleep(0.05)
  > for _ in range(400):
  >     try:
  >         open("e_done").close(); break
  >     except OSError:
  >         time.sleep(0.05)
  > text = urllib.request.urlopen(m.group(1), timeout=5).read().decode()
  > open("e_s", "w").write(text)
  > open("e_scraped", "w").close()
  > for _ in range(400):
  >     out = open("e_out").read()
  >     if "ignored errors" in out: break
  >     time.sleep(0.05)
  > ignored = int(re.search(r"ignored errors:\s+(\d+)", out).group(1))
  > codes = re.findall(r'^bench_errors_by_code_total\{code="(-?\d+)",sqlstate="([^"]*)",fatal="(\w+)"\} (\d+)$', text, re.M)
  > print("codes:", [(c, s, f) for c, s, f, _ in codes])
  > print("sum = report's ignored errors:", ignored > 0 and sum(int(n) for *_, n in codes) == ignored)
  > PY
  $ "$BENCH" e.lua --db-driver=sqlite --sqlite-db=e.db --sqlite-ignore-errors=all --time=2 --metrics-addr=127.0.0.1:0 run > e_out 2> e_err &
  $ python3 scrape_errors.py
  codes: [('1', 'HY000', 'false')]
  sum = report's ignored errors: True
  $ wait $!
  $ check e_s && echo valid
  valid

stdout is sysbench's report: nothing of the endpoint there.

  $ grep -c metrics out
  0
  [1]

A taken port, or an address that is none, stops bench with a clear error.

  $ python3 -c 'import socket,time; s=socket.socket(); s.bind(("127.0.0.1",0)); s.listen(); open("port","w").write(str(s.getsockname()[1])); time.sleep(10)' &
  $ for i in $(seq 100); do [ -s port ] && break; sleep 0.05; done
  $ "$BENCH" cpu --time=1 --metrics-addr=127.0.0.1:$(cat port) run | grep metrics | sed 's/:[0-9]*:/:PORT:/'
  FATAL: metrics: listen on 127.0.0.1:PORT: Address already in use
  $ "$BENCH" cpu --time=1 --metrics-addr=127.0.0.1:$(cat port) run > /dev/null
  [1]
  $ kill $! 2>/dev/null; wait 2>/dev/null
  $ "$BENCH" cpu --time=1 --metrics-addr=localhost run | grep metrics
  FATAL: metrics: bad --metrics-addr 'localhost': HOST:PORT expected (e.g. 127.0.0.1:9100, [::1]:0)

Slow and many clients (issue 28). A connection has 3 s from accept to the
last byte of its answer, however it trickles, and one address holds at
most 8 of the 32 connections: 20 clients sending a header line a second
cannot keep the scrapes out. From another address (127.0.0.2) the scrapes
are answered at once; from the scraper's own address, once the deadline
has freed a slot (the scraper retries).

  $ cat > slow.py <<'PY'
  > import re, socket, threading, time, urllib.request
  > for _ in range(400):
  >     m = re.search(r"metrics: serving (http://\S+)", open("c_err").read())
  >     if m: break
  >     time.sleep(0.05)
  > url = m.group(1)
  > port = int(re.search(r":(\d+)/", url).group(1))
  > def slow(src, lives):
  >     # A header line a second, for 15 s at most: each line would reset an
  >     # idle timeout. Lives: how long until the server closed it.
  >     s = socket.socket()
  >     s.bind((src, 0))
  >     s.connect(("127.0.0.1", port))
  >     t0 = time.time()
  >     s.settimeout(1)
  >     try:
  >         s.sendall(b"GET /metrics HTTP/1.1\r\n")
  >         for i in range(15):
  >             try:
  >                 if s.recv(100) == b"": break
  >             except socket.timeout:
  >                 s.sendall(b"X-Slow-%d: y\r\n" % i)
  >     except OSError:
  >         pass
  >     lives.append(time.time() - t0)
  >     s.close()
  > def scrape():
  >     return urllib.request.urlopen(url, timeout=10).read().decode()
  > def swarm(src):
  >     lives = []
  >     ts = [threading.Thread(target=slow, args=(src, lives)) for _ in range(20)]
  >     for t in ts: t.start()
  >     return ts, lives
  > # 20 slow clients on another address (127.0.0.2): 8 of them admitted,
  > # the others closed at once; the scrapes from 127.0.0.1 are all answered.
  > ts, lives = swarm("127.0.0.2")
  > time.sleep(0.5)
  > ok = sum("bench_run_info" in scrape() for _ in range(5))
  > print("scrapes answered while 20 slow clients trickled:", "%d/5" % ok)
  > for t in ts: t.join()
  > print("slow clients closed before 15 s:", "%d/20" % sum(l < 14 for l in lives))
  > print("slow clients held more than 1.5 s, at most 8:", 0 < sum(l > 1.5 for l in lives) <= 8)
  > # The same from the scraper's own address: the scrape waits for the
  > # 3 s deadline to free a slot, retrying; it is answered all the same.
  > ts, lives = swarm("127.0.0.1")
  > time.sleep(0.5)
  > t0 = time.time()
  > while True:
  >     try:
  >         ok = "bench_run_info" in scrape(); break
  >     except OSError:
  >         time.sleep(0.1)
  > print("scrape answered with slow clients on its address:", ok, time.time() - t0 < 14)
  > for t in ts: t.join()
  > print("slow clients closed before 15 s:", "%d/20" % sum(l < 14 for l in lives))
  > PY
  $ "$BENCH" cpu --time=120 --rate=100 --metrics-addr=127.0.0.1:0 run > c_out 2> c_err &
  $ python3 slow.py
  scrapes answered while 20 slow clients trickled: 5/5
  slow clients closed before 15 s: 20/20
  slow clients held more than 1.5 s, at most 8: True
  scrape answered with slow clients on its address: True True
  slow clients closed before 15 s: 20/20

Every request gets an answer: another method than GET or HEAD 405 with
an Allow header, its body read first (a body over 16 KiB: 413); another
path 404; headers over libmicrohttpd's 32 KiB 431 (or the connection
closed, bytes unread).

  $ cat > reqs.py <<'PY'
  > import re, socket
  > port = int(re.search(r"serving http://[^:]+:(\d+)/", open("c_err").read()).group(1))
  > def ask(req):
  >     s = socket.create_connection(("127.0.0.1", port), timeout=10)
  >     out = b""
  >     try:
  >         s.sendall(req)
  >         while True:
  >             b = s.recv(65536)
  >             if not b: break
  >             out += b
  >     except ConnectionResetError: # the server closed with bytes unread
  >         pass
  >     s.close()
  >     return out
  > def status(req):
  >     out = ask(req)
  >     head = out.split(b"\r\n\r\n")[0].decode().split("\r\n")
  >     print(head[0], *[h for h in head if h.startswith("Allow")])
  > status(b"POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello=world")
  > status(b"PUT /metrics HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
  > status(b"GET /nope HTTP/1.1\r\nHost: x\r\n\r\n")
  > status(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n")
  > status(b"HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
  > out = ask(b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Big: " + b"y" * 40000 + b"\r\n\r\n")
  > print("headers over 32 KiB: 431 or closed:", out == b"" or out.startswith(b"HTTP/1.1 431 "))
  > PY
  $ python3 reqs.py
  HTTP/1.1 405 Method Not Allowed Allow: GET, HEAD
  HTTP/1.1 405 Method Not Allowed Allow: GET, HEAD
  HTTP/1.1 404 Not Found
  HTTP/1.1 413 Content Too Large
  HTTP/1.1 200 OK
  headers over 32 KiB: 431 or closed: True
  $ kill $! 2>/dev/null; wait 2>/dev/null
