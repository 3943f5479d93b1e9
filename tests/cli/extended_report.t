bench's additions to the report (issue 15; docs/results.md "The text
report"): --percentile lists, and --extended-report=on's sections after
sysbench's report. Timings are matched by pattern; counts that --events
fixes are literal.

A list of percentiles, or fractions: the interval line shows each, the
final report a percentile line for each, in sysbench's format (PD-14;
sysbench's single whole number keeps sysbench's lines, as every other
transcript shows; tests/cli/percentiles.t has more).

  $ $BENCH cpu --cpu-max-prime=2000 --time=2 --report-interval=1 --percentile=50,99,99.9 run | grep -E '^\[|percentile'
  \[ 1s \] thds: 1 eps: [0-9.]+ lat \(ms,50/99/99.9%\): [0-9.]+/[0-9.]+/[0-9.]+ (re)
           50th percentile: +[0-9.]+ (re)
           99th percentile: +[0-9.]+ (re)
          99.9th percentile: +[0-9.]+ (re)
  $ $BENCH cpu --events=10 --cpu-max-prime=100 --percentile=99.9 run | grep percentile
          99.9th percentile: +[0-9.]+ (re)
  $ $BENCH cpu --events=10 --cpu-max-prime=100 --percentile=95.0 run | grep percentile
           95th percentile:  +[0-9.]+ (re)

Each must be above 0 and at most 100, at most 16 of them; what is no
number at all keeps sysbench's message.

  $ $BENCH cpu --events=10 --percentile=0,50 run
  FATAL: Invalid value for --percentile: 0,50 (a list of at most 16 percentiles, each above 0 and at most 100)
  [1]
  $ $BENCH cpu --events=10 --percentile=50,100.5 run
  FATAL: Invalid value for --percentile: 50,100.5 (a list of at most 16 percentiles, each above 0 and at most 100)
  [1]
  $ $BENCH cpu --events=10 --percentile=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 run 2>&1 | cut -c1-40
  FATAL: Invalid value for --percentile: 1
  $ $BENCH cpu --events=10 --percentile=abc run
  Invalid value for the 'percentile' option: 'abc'
  [1]

Scripts read the first of a list as sysbench.opt.percentile, and the
stat table of report hooks gains `percentiles` (with a list or while
bench measures: never in sysbench's own table).

  $ cat > pct.lua <<'LUA'
  > function event() end
  > function sysbench.hooks.report_cumulative(stat)
  >    print(sysbench.opt.percentile, stat.percentiles and #stat.percentiles)
  >    for _, p in ipairs(stat.percentiles or {}) do
  >       print(p.percentile, p.latency >= 0)
  >    end
  > end
  > LUA
  $ $BENCH pct.lua --events=10 --percentile=99.9,50 run | tail -3
  99.9\t2 (esc)
  99.9\ttrue (esc)
  50\ttrue (esc)
  $ $BENCH pct.lua --events=10 run | tail -1
  95\tnil (esc)

--extended-report=on on an SQL workload: the percentile list, the latency
of each statement kind (the bundled scripts label theirs), then the client
self-check. The kinds' counts add up to sysbench's queries.

  $ $BENCH oltp_read_write --db-driver=null --events=100 --percentile=50,99.9 --extended-report=on run > rw.txt
  $ sed -n '/^SQL/,/total:/p' rw.txt
  SQL statistics:
      queries performed:
          read:                            1400
          write:                           400
          other:                           200
          total:                           2000
  $ sed -n '/^Latency percentiles/,$p' rw.txt
  Latency percentiles (ms):
           50th +[0-9.]+ (re)
           99.9th +[0-9.]+ (re)
  
  Latency by statement kind (ms):
      kind                      count   errors        avg        95%        99%        max
      point select               1000        0( +[0-9.]+){4} (re)
      range                       100        0( +[0-9.]+){4} (re)
      sum range                   100        0( +[0-9.]+){4} (re)
      order range                 100        0( +[0-9.]+){4} (re)
      distinct range              100        0( +[0-9.]+){4} (re)
      index update                100        0( +[0-9.]+){4} (re)
      non-index update            100        0( +[0-9.]+){4} (re)
      delete                      100        0( +[0-9.]+){4} (re)
      insert                      100        0( +[0-9.]+){4} (re)
      begin/commit                200        0( +[0-9.]+){4} (re)
  
  Client self-check (per worker, average):
      run time: +[0-9.]+s (re)
      on a CPU: +[0-9.]+s \( *[0-9.]+%\) (re)
      waiting for a CPU: +[0-9.]+s \( *[0-9.]+%\) (re)
      waiting for the --rate schedule: +0.0000s \(  0.0%\) (re)
      waiting for the server or I/O: +[0-9.]+s \( *[0-9.]+%\) (re)
      in events: +[0-9.]+s \( *[0-9.]+%\) (re)
          in the driver: +[0-9.]+s \( *[0-9.]+%\) (re)
          in the script or kernel: +[0-9.]+s \( *[0-9.]+%\) (re)
      busy \(on a CPU when not waiting for one\): +[0-9.]+%, [0-9.]+ CPUs (re)
  

The self-check covers what the report covers: the run after --warmup-time.
Here events spin on the CPU during the warm-up only (for up to a second
of it), then sleep: the run time is --time's, and the CPU share small.
The run time is about 1 s: from 0.5 s (it counts from the worker's first
event after the warm-up, which a loaded machine may start late: 0.82 s
seen at load 19) to 2.5 s (with the 2 s of warm-up it would be 3 s).

  $ cat > warm.lua <<'LUA'
  > local ffi = require("ffi")
  > ffi.cdef("int usleep(unsigned int usec);")
  > function thread_init() spin_until = os.time() + 1 end
  > function event()
  >    if os.time() < spin_until then
  >       local t = os.clock()
  >       while os.clock() - t < 0.01 do end
  >    else
  >       ffi.C.usleep(10000)
  >    end
  > end
  > LUA
  $ $BENCH warm.lua --warmup-time=2 --time=1 --extended-report=on run | sed -n '/self-check/,/on a CPU/p'
  Client self-check (per worker, average):
      run time: +(0\.[5-9]|1\.|2\.[0-4])[0-9]*s (re)
      on a CPU: +[0-9.]+s \( *[0-9]\.[0-9]%\) (re)

A script labels its own statements: con:query(sql, {kind = ...}),
con:prepare(sql, {kind = ...}) or stmt:set_kind(...); unlabelled ones get
a kind from their text. In the stat table, per kind and class, the counts
equal sysbench's read/write/other counts.

  $ cat > kinds.lua <<'LUA'
  > function thread_init()
  >    con = sysbench.sql.driver():connect()
  >    get = con:prepare("SELECT c FROM t WHERE id=?", {kind = "lookup"})
  >    upd = con:prepare("UPDATE t SET c=1 WHERE id=1")
  >    del = con:prepare("DELETE FROM t WHERE id=3")
  >    del:set_kind("purge")
  > end
  > function event()
  >    con:query("BEGIN")
  >    get:execute()
  >    upd:execute()
  >    del:execute()
  >    con:query("SELECT 1", {kind = "lookup"})
  >    con:query("SELECT c FROM t WHERE id BETWEEN 1 AND 5")
  >    con:query("COMMIT")
  > end
  > function sysbench.hooks.report_cumulative(stat)
  >    local r, w, o = 0, 0, 0
  >    for _, k in ipairs(stat.kinds) do
  >       print(k.name, k.reads, k.writes, k.other, k.errors, k.count)
  >       r, w, o = r + k.reads, w + k.writes, o + k.other
  >    end
  >    print(r == stat.reads, w == stat.writes, o == stat.other)
  >    print(stat.kinds.lookup.count, stat.selfcheck.cpu > 0,
  >          #stat.selfcheck.threads, type(stat.selfcheck.client_bound))
  > end
  > LUA
  $ $BENCH kinds.lua --db-driver=null --events=50 --threads=2 --extended-report=on run | grep "$(printf '\t')" | sort
  100\ttrue\t2\tboolean (esc)
  begin/commit\t0\t0\t100\t0\t100 (esc)
  lookup\t100\t0\t0\t0\t100 (esc)
  purge\t0\t50\t0\t0\t50 (esc)
  range\t50\t0\t0\t0\t50 (esc)
  true\ttrue\ttrue (esc)
  update\t0\t50\t0\t0\t50 (esc)

A kind must be a string, options a table.

  $ cat > badkind.lua <<'LUA'
  > function event()
  >    local con = sysbench.sql.driver():connect()
  >    con:query("SELECT 1", "lookup")
  > end
  > LUA
  $ $BENCH badkind.lua --db-driver=null --events=1 run 2>&1 | grep -o 'SQL API error: .*'
  SQL API error: options must be a table, e.g. {kind = "..."}

The client-bound WARNING is for runs against a database server: never
for the built-in tests, whose client is meant to be busy, nor for the
in-process drivers (null, sqlite), however busy (tests/db/test_selfcheck.sh
checks that it fires against a server).

  $ cat > spin.lua <<'LUA'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >    con:query("SELECT 1")
  >    local x = 0
  >    for i = 1, 2000000 do x = x + i % 7 end
  > end
  > LUA
  $ $BENCH spin.lua --db-driver=null --events=20 --extended-report=on run | grep -c WARNING
  0
  [1]
  $ for t in cpu memory threads mutex; do $BENCH $t --events=20 --extended-report=on run; done | grep -c WARNING
  0
  [1]
