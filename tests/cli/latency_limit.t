--latency-limit=MS (issue 29, pgbench's option): the events slower than
the limit are counted, and under --rate an arrival that is already later
than the limit when its worker gets to it is skipped, not run. Both are in
the extended report; the default report stays sysbench's.

  $ cat > sleep.lua <<'LUA'
  > local ffi = require("ffi")
  > ffi.cdef("int usleep(unsigned int)")
  > function event() ffi.C.usleep(tonumber(os.getenv("SLEEP_US"))) end
  > LUA

Events of 10 ms against a limit of 2 ms: every one is over it; against a
limit of a minute, none.

  $ SLEEP_US=10000 "$BENCH" sleep.lua --events=20 --time=0 --latency-limit=2 --extended-report=on run | sed -n '/^Latency limit/,/^$/p'
  Latency limit (2 ms):
      events over it:                      20 (100.00%)
  
  $ SLEEP_US=10000 "$BENCH" sleep.lua --events=20 --time=0 --latency-limit=60000 --extended-report=on run | grep 'events over it'
      events over it:                      0 (0.00%)

Under --rate, events of 20 ms at 200 a second on one thread (it can run
50): the schedule falls behind, and arrivals more than 50 ms late are
skipped instead of run, so no event waits for long: the slowest is about
the limit plus one event, not the whole backlog.

  $ SLEEP_US=20000 "$BENCH" sleep.lua --rate=200 --time=3 --latency-limit=50 --extended-report=on run > rate.out
  $ grep -E 'skipped, already late to start: +[1-9][0-9]* \([0-9.]+%\)' rate.out | wc -l
  1
  $ awk '/^ +max:/ { print ($2 < 1000) ? "max below a second" : "max " $2; exit }' rate.out
  max below a second

The result document has both figures in its totals.

  $ SLEEP_US=10000 "$BENCH" sleep.lua --events=20 --time=0 --latency-limit=2 --results=ll.json run > /dev/null
  $ python3 -c 'import json; print(json.load(open("ll.json"))["totals"]["latency_limit"])'
  {'limit_ms': 2.0, 'late': 20, 'skipped': 0}

The default report has none of it, and a bad value is one line.

  $ SLEEP_US=1000 "$BENCH" sleep.lua --events=5 --time=0 --latency-limit=2 run | grep -c 'Latency limit'
  0
  [1]
  $ "$BENCH" cpu --latency-limit=-1 run 2>&1 | grep -v '^$'
  FATAL: Invalid value for --latency-limit: '-1' (milliseconds, 0 for none).
  $ "$BENCH" cpu --latency-limit=5ms run > /dev/null 2>&1
  [1]
