--virtual-users (issue 19): N script instances run as coroutines over the
--threads workers, each with its own global environment and sysbench.tid,
on the null driver, which never waits, so users take turns between events.

Each user keeps its globals apart: thread_init stores the user's number in
a global, every event checks it, thread_done prints it with the user's
event count.

  $ cat > users.lua <<'LUA'
  > function thread_init(tid)
  >    me, n = tid, 0
  >    assert(sysbench.tid == tid)
  > end
  > function event(tid)
  >    assert(me == tid and sysbench.tid == tid, "globals of another user")
  >    n = n + 1
  > end
  > function thread_done(tid)
  >    io.stderr:write(string.format("user %d %s\n", me, n > 0 and "ran" or "idle"))
  > end
  > LUA
  $ "$BENCH" users.lua --threads=2 --virtual-users=6 --time=1 run >out 2>err; echo $?
  0
  $ sort err
  user 0 ran
  user 1 ran
  user 2 ran
  user 3 ran
  user 4 ran
  user 5 ran
  $ grep -E "virtual users" out
  Number of virtual users: 6

The bundled OLTP scripts issue the same statements per event as in thread
mode: the query counts of 1000 events are the same.

  $ for m in "" "--virtual-users=200"; do
  >   "$BENCH" oltp_read_write --db-driver=null --threads=2 --events=1000 $m run |
  >     grep -E "^ +(read|write|other|total):"
  > done
          read:                            14000
          write:                           4000
          other:                           2000
          total:                           20000
          read:                            14000
          write:                           4000
          other:                           2000
          total:                           20000

--rate is met by 500 users on 2 threads: arrivals go to idle users. The
schedule holds 4000 arrivals in 2 s, so more than 4040 events is rate
control ignored (an unpaced run does hundreds of thousands); fewer is
only a starved machine's backlog left at the limit (3771 at load 20), so
the lower bound is loose: half the schedule.

  $ "$BENCH" oltp_point_select --db-driver=null --threads=2 --virtual-users=500 \
  >   --rate=2000 --time=2 run | awk '/total number of events/ {
  >   print ($NF >= 2000 && $NF <= 4040) ? "rate held" : "rate missed: " $NF }'
  rate held

--think-time pauses each user between its events without counting as
latency: 10 users thinking 50 ms for one second run about 200 events
(at most 210; fewer on a loaded machine, where sleeps overrun, but far
from the thousands an unpaced run gives, and more than the 40 of workers
that would think in their users' stead). The think time is not in the
latency: with it, every event would take 50 ms; the 95th percentile, not
the maximum, which a loaded machine's preemption can push that far.
Exponential think times of the same mean: the same lower bound, a little
more room above.

  $ "$BENCH" oltp_point_select --db-driver=null --threads=2 --virtual-users=10 \
  >   --think-time=50 --time=1 run >out; awk '
  >   /total number of events/ { print ($NF >= 60 && $NF <= 210) ? "paced" : "not paced: " $NF }
  >   /95th percentile:/ { print ($NF < 40) ? "think time not in latency" : "latency " $NF }' out
  paced
  think time not in latency
  $ "$BENCH" oltp_point_select --db-driver=null --threads=2 --virtual-users=10 \
  >   --think-time=exp:50 --time=1 run | awk '/total number of events/ {
  >   print ($NF >= 60 && $NF <= 280) ? "paced" : "not paced: " $NF }'
  paced

--reconnect-every: each user runs thread_done and thread_init again every
N of its events, counted as reconnects.

  $ "$BENCH" oltp_point_select --db-driver=null --threads=2 --virtual-users=10 \
  >   --reconnect-every=10 --events=1000 run | awk '/reconnects:/ {
  >   print ($2 >= 90 && $2 <= 100) ? "reconnected" : "reconnects: " $2 }'
  reconnected

Their time is printed apart, after the report.

  $ "$BENCH" oltp_point_select --db-driver=null --threads=2 --virtual-users=10 \
  >   --reconnect-every=10 --events=1000 run | grep "new connections" |
  >   sed -E 's/[0-9]+\.[0-9]+/X/g'
  Virtual users' new connections (--reconnect-every): *, avg: X ms, max: X ms (glob)

Once --events are all taken, thinking users end at once instead of
thinking first (under 9 s, loose for a loaded machine: thinking first
takes 10 s).

  $ "$BENCH" oltp_point_select --db-driver=null --threads=2 --virtual-users=100 \
  >   --think-time=10000 --events=50 run | awk '/total time/ {
  >   print ($NF + 0 < 9) ? "ends at once" : "waited " $NF }'
  ends at once

Warm-up and --report-interval work as in thread mode.

  $ "$BENCH" oltp_point_select --db-driver=null --threads=2 --virtual-users=20 \
  >   --think-time=10 --warmup-time=1 --time=2 --report-interval=1 run >out; echo $?
  0
  $ grep -c "^\[ 1s \] thds: 2 tps" out
  1

Threads fairness is over the users (what a sysbench thread was): user u
does 10 (u + 1) events of 2 ms each, then ends. The events per user are
10..60: mean 35, population stddev 17.08, as sysbench --threads=6 prints;
per worker thread (users 0, 2, 4 and 1, 3, 5) 90 and 120.

  $ cat > uneven.lua <<'LUA'
  > local ffi = require("ffi")
  > pcall(ffi.cdef, "double bench_vu_now(void);")
  > function thread_init(tid) n = 0 end
  > function event(tid)
  >    n = n + 1
  >    if n > (tid + 1) * 10 then return true end
  >    local t = ffi.C.bench_vu_now() + 2e6
  >    while ffi.C.bench_vu_now() < t do end
  > end
  > LUA
  $ "$BENCH" uneven.lua --threads=6 run | grep "events (avg/stddev)"
      events (avg/stddev):           35.0000/17.08
  $ "$BENCH" uneven.lua --threads=2 --virtual-users=6 --extended-report=on \
  >   --results=uneven.json run >out; echo $?
  0
  $ grep -A2 "^Threads fairness" out
  Threads fairness:
      events (avg/stddev):           35.0000/17.08
      execution time \(avg/stddev\):   \d+\.\d{4}/\d+\.\d\d (re)
  $ grep -A5 "^Fairness (" out | sed -E 's/ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+$/ (times)/'
  Fairness (6 virtual users on 2 threads):
                                        avg       stddev          min          max
      events per user:              35.0000      17.0783           10           60
      time per user (s): (times)
      events per thread:           105.0000      15.0000           90          120
      time per thread (s): (times)

The document has the same figures, per user and per thread, with their
extremes (the times at least 2 ms per event), checked with jsonschema:

  $ python3 - uneven.json out <<'PY'
  > import json, math, re, sys
  > t = json.load(open(sys.argv[1]))["totals"]
  > f, w = t["fairness"], t["worker_fairness"]
  > ev = [10 * (u + 1) for u in range(6)]
  > sd = math.sqrt(sum((e - 35) ** 2 for e in ev) / 6)
  > print(f["over"], f["count"], f["events_min"], f["events_max"],
  >       abs(f["events_stddev"] - sd) < 1e-9, w["over"], w["count"],
  >       w["events_avg"], w["events_stddev"])
  > print(f["time_min_s"] >= 0.020, f["time_max_s"] >= 0.120,
  >       w["time_min_s"] >= 0.180, w["time_max_s"] >= 0.240)
  > text = re.search(r"execution time \(avg/stddev\): +(\S+)", open(sys.argv[2]).read())
  > print(text.group(1) == "%.4f/%3.2f" % (f["time_avg_s"], f["time_stddev_s"]))
  > PY
  users 6 10 60 True threads 2 105.0 15.0
  True True True True
  True
  $ python3 "$BENCH_SRCDIR/tests/results/check_results.py" doc uneven.json out
  ok: valid against bench-result-1.schema.json
  ok: every record decodes with hdrh to its counts and percentiles (0 intervals)
  ok: fairness over 6 users and 2 threads adds up to the run's events
  ok: the document's totals are the text report's

bench merge pools the fairness over every input's users (or threads):
these 6 users and a thread-mode run's 2 threads (10 and 20 events) are 8
units, mean 30, stddev 17.32.

  $ "$BENCH" uneven.lua --threads=2 --results=two.json run >/dev/null
  $ "$BENCH" merge --force --results=merged.json uneven.json two.json 2>/dev/null |
  >   grep "events (avg/stddev)"
      events (avg/stddev):           30.0000/17.32

A statement kind given to a query or a prepared statement ({kind = ...})
counts as in thread mode, in --extended-report's table of kinds.

  $ cat > kinds.lua <<'LUA'
  > function thread_init()
  >    con = sysbench.sql.driver():connect()
  >    get = con:prepare("SELECT c FROM t WHERE id=1", {kind = "fetch"})
  > end
  > function event()
  >    con:query("SELECT 1", {kind = "lookup"})
  >    con:query("SELECT 2")
  >    get:execute()
  > end
  > LUA
  $ "$BENCH" kinds.lua --db-driver=null --threads=2 --virtual-users=4 \
  >   --events=100 --extended-report=on run |
  >   awk '/by statement kind/ { t = 1 } /^$/ { t = 0 }
  >        t && $2 ~ /^[0-9]+$/ { print $1, $2 }' | sort
  fetch 100
  lookup 100
  select 100

Scripts that cannot run as coroutines are named, not run: a script's own
yield, os.exit in an event, a built-in test that runs in C.

  $ cat > yields.lua <<'LUA'
  > function event()
  >    if os.getenv("EXIT") then os.exit(3) end
  >    coroutine.yield()
  > end
  > LUA
  $ "$BENCH" yields.lua --virtual-users=2 run | grep FATAL; echo $?
  FATAL: `thread_run' function failed: virtual user 0: the script yielded from its own code (coroutine.yield outside a coroutine of its own)
  0
  $ EXIT=1 "$BENCH" yields.lua --virtual-users=2 run | grep FATAL
  FATAL: `thread_run' function failed: yields.lua:2: os.exit() cannot be called by a virtual user (--virtual-users)
  $ "$BENCH" cpu --virtual-users=2 run | grep FATAL
  FATAL: --virtual-users needs a Lua workload: the 'cpu' test runs in C

A call that blocks outside the drivers cannot be told from work, but a
user that kept its worker for seconds is named once, after the fact.

  $ cat > blocks.lua <<'LUA'
  > function event()
  >    if sysbench.tid == 1 and not done then
  >       done = true
  >       os.execute("sleep 2.5")
  >    end
  > end
  > LUA
  $ "$BENCH" blocks.lua --threads=1 --virtual-users=3 --time=3 run | grep WARNING |
  >   sed -E 's/[0-9]+\.[0-9]/X/'
  WARNING: virtual user 1 kept its worker for X s without waiting: a call blocked it (one outside the drivers such as os.execute or an FFI sleep, or a driver call docs/virtual-users.md lists as blocking) and the worker's other users waited

Option errors.

  $ "$BENCH" cpu --threads=4 --virtual-users=2 run
  FATAL: Invalid value for --virtual-users: 2 (0, or from --threads to 100000)
  [1]
  $ "$BENCH" cpu --think-time=5 run
  FATAL: --think-time and --reconnect-every need --virtual-users
  [1]
  $ "$BENCH" cpu --virtual-users=2 --think-time=5x run
  FATAL: Invalid value for --think-time: '5x' (MS or exp:MS expected)
  [1]
