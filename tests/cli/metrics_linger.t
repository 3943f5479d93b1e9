--metrics-linger=DURATION (issue 29): after the final report the endpoint
keeps serving the final figures for that long, then bench exits; a
signal ends the wait at once with the run's own exit status. The final
figures are the report's: the totals, the exact quantiles
(bench_latency_summary_seconds, from the whole latency record) to the
report's printed precision, and --latency-limit's late and skipped
counters as the extended report counts them.

  $ cat > sleep.lua <<'LUA'
  > local ffi = require("ffi")
  > ffi.cdef("int usleep(unsigned int)")
  > function event() ffi.C.usleep(tonumber(os.getenv("SLEEP_US"))) end
  > LUA
  $ cat > final.py <<'PY'
  > import re, time, urllib.request
  > for _ in range(600):
  >     err = open("err").read()
  >     if "serving the final figures" in err: break
  >     time.sleep(0.05)
  > url = re.search(r"metrics: serving (http://\S+)", err).group(1)
  > text = urllib.request.urlopen(url, timeout=5).read().decode()
  > m = {k: float(v) for k, v in re.findall(r"^([^#\s]+) (\S+)$", text, re.M)}
  > out = open("out").read()
  > def rep(label):
  >     return re.search(r"^\s*" + label + r"\s+([\d.]+)", out, re.M).group(1)
  > def ms(seconds): # the report's rounding of the same nanoseconds
  >     return "%.2f" % (round(seconds * 1e9) / 1e6)
  > print("events = report's:", m["bench_events_total"] == int(rep("total number of events:")))
  > print("p95 = report's 95th percentile:", ms(m['bench_latency_summary_seconds{quantile="0.95"}']) == rep("95th percentile:"))
  > print("late = report's events over it:", m["bench_events_late_total"] == int(rep("events over it:")) > 0)
  > print("skipped = report's:", m["bench_events_skipped_total"] == int(rep("skipped, already late to start:")) > 0)
  > print("limit:", m["bench_latency_limit_seconds"])
  > print("summary count = events:", m["bench_latency_summary_seconds_count"] == m["bench_events_total"])
  > PY

Events of 20 ms at 200 a second on one thread, a limit of 50 ms: some
events are late and some arrivals skipped.

  $ SLEEP_US=20000 "$BENCH" sleep.lua --rate=200 --time=2 --latency-limit=50 --extended-report=on --metrics-addr=127.0.0.1:0 --metrics-linger=60 run > out 2> err &
  $ pid=$!
  $ python3 final.py
  events = report's: True
  p95 = report's 95th percentile: True
  late = report's events over it: True
  skipped = report's: True
  limit: 0.05
  summary count = events: True
  $ kill -TERM $pid; wait $pid
  $ tail -2 err
  metrics: serving the final figures for 60 s more (SIGINT or SIGTERM ends this)
  SIGTERM received: the metrics endpoint stops lingering

Without a signal the endpoint serves for the time given, then bench
exits: still up half a second after the report, gone a little after
1.5 s (2m, 1h or plain seconds are the other forms).

  $ "$BENCH" cpu --time=1 --metrics-addr=127.0.0.1:0 --metrics-linger=1.5s run > out 2> err &
  $ pid=$!
  $ cat > alive.py <<'PY'
  > import os, re, sys, time, urllib.request
  > pid = int(sys.argv[1])
  > for _ in range(600):
  >     if "serving the final figures" in open("err").read(): break
  >     time.sleep(0.05)
  > t0 = time.time()
  > url = re.search(r"metrics: serving (http://\S+)", open("err").read()).group(1)
  > time.sleep(0.5)
  > print("scraped at 0.5 s:", "bench_events_total" in urllib.request.urlopen(url, timeout=5).read().decode())
  > while os.path.exists("/proc/%d" % pid) and open("/proc/%d/stat" % pid).read().split()[2] != "Z":
  >     time.sleep(0.05)
  > print("gone after 1.5 s, within 3 s:", 1.4 < time.time() - t0 < 3)
  > PY
  $ python3 alive.py $pid
  scraped at 0.5 s: True
  gone after 1.5 s, within 3 s: True
  $ wait $pid

A run stopped by a signal does not linger: the signal asked bench to stop.

  $ "$BENCH" cpu --time=60 --metrics-addr=127.0.0.1:0 --metrics-linger=60 run > out 2> err &
  $ pid=$!; for i in $(seq 200); do grep -q "Threads started" out && break; sleep 0.05; done; sleep 0.3; kill -INT $pid; wait $pid
  [130]
  $ grep -c "final figures" err
  0
  [1]

It only serves an endpoint, and takes a duration up to a day.

  $ "$BENCH" cpu --time=1 --metrics-linger=30 run
  FATAL: --metrics-linger needs --metrics-addr: it keeps that endpoint serving after the run
  [1]
  $ for v in 5x -1 2d 25h 90000 nan; do "$BENCH" cpu --metrics-addr=127.0.0.1:0 --metrics-linger="$v" run 2>&1 | grep FATAL; done
  FATAL: Invalid value for --metrics-linger: '5x' (30s, 2m, 1h or seconds, at most a day; 0 for none)
  FATAL: Invalid value for --metrics-linger: '-1' (30s, 2m, 1h or seconds, at most a day; 0 for none)
  FATAL: Invalid value for --metrics-linger: '2d' (30s, 2m, 1h or seconds, at most a day; 0 for none)
  FATAL: Invalid value for --metrics-linger: '25h' (30s, 2m, 1h or seconds, at most a day; 0 for none)
  FATAL: Invalid value for --metrics-linger: '90000' (30s, 2m, 1h or seconds, at most a day; 0 for none)
  FATAL: Invalid value for --metrics-linger: 'nan' (30s, 2m, 1h or seconds, at most a day; 0 for none)
