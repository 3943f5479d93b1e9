Percentile lists and small latencies in the text report (PD-14).

Given a list (which sysbench rejects), the final report prints one
percentile line per value, each in sysbench's format and aligned as its
one line; the interval line shows them all.

  $ $BENCH cpu --cpu-max-prime=2000 --time=2 --report-interval=1 --percentile=50,99,99.9 run > list.txt
  $ grep -E '^\[' list.txt | head -1
  \[ 1s \] thds: 1 eps: [0-9.]+ lat \(ms,50/99/99.9%\): [0-9.]+/[0-9.]+/[0-9.]+ (re)
  $ sed -n '/^Latency (ms):/,/sum:/p' list.txt
  Latency (ms):
           min: +\d+\.\d\d (re)
           avg: +\d+\.\d\d (re)
           max: +\d+\.\d\d (re)
           50th percentile: +\d+\.\d\d (re)
           99th percentile: +\d+\.\d\d (re)
          99.9th percentile: +\d+\.\d\d (re)
           sum: +\d+\.\d\d (re)

Each line is as long as sysbench's (value right-aligned at column 53),
and the values rise with the rank.

  $ grep 'percentile:' list.txt | awk '{ print length($0) }' | sort -u
  53
  $ grep 'percentile:' list.txt | awk '{ print $3 }' | sort -c -n && echo rising
  rising

The order given is kept; a repeated rank prints again.

  $ $BENCH cpu --events=50 --cpu-max-prime=100 --percentile=99,50,99 run | grep 'percentile:' | awk '{ print $1 }'
  99th
  50th
  99th

One value keeps sysbench's single line: a whole number as sysbench prints
it (the same columns as sysbench 1.0.20's `99th percentile:` line),
a fraction aligned alike, and --percentile=0 sysbench's "disabled" line.

  $ $BENCH cpu --events=50 --cpu-max-prime=100 --percentile=99 run | grep -E 'percentile'
           99th percentile: +\d+\.\d\d (re)
  $ $BENCH cpu --events=50 --cpu-max-prime=100 --percentile=5 run | grep -E 'percentile'
            5th percentile: +\d+\.\d\d (re)
  $ $BENCH cpu --events=50 --cpu-max-prime=100 --percentile=99.9 run | grep -E 'percentile'
          99.9th percentile: +\d+\.\d\d (re)
  $ for p in 99 5 99.9; do $BENCH cpu --events=50 --cpu-max-prime=100 --percentile=$p run | grep -E 'percentile' | awk '{ print length($0) }'; done
  53
  53
  53
  $ $BENCH cpu --events=50 --cpu-max-prime=100 --percentile=0 run | grep -E 'percentile'
           percentile stats:               disabled

Latencies under 10 us: sysbench's lines keep its two decimals (0.00, as
sysbench prints them), the extended report gives them at full precision:
at least three significant digits (three decimals from 1 ms up), never a
bare 0.000. An empty event takes well under a microsecond.

  $ echo 'function event() end' > empty.lua
  $ $BENCH empty.lua --events=2000 --percentile=50,99 --extended-report=on run > small.txt
  $ grep -E '^ +(min|avg|50th percentile):' small.txt
           min:                                    0.00
           avg:                                    0.00
           50th percentile:                        0.00
  $ sed -n '/^Latency percentiles/,/^$/p' small.txt
  Latency percentiles (ms):
           50th +([1-9]\d*\.\d{3}|0\.0*[1-9]\d\d+) (re)
           99th +([1-9]\d*\.\d{3}|0\.0*[1-9]\d\d+) (re)
  

The same for the other latencies of the extended report: --rate's table
and the latency per statement kind.

  $ $BENCH empty.lua --rate=2000 --time=1 --percentile=99 --extended-report=on run > rate.txt
  $ sed -n '/^Latency under --rate/,/^$/p' rate.txt | grep -E '^    (avg|99%):'
      avg:( +([1-9]\d*\.\d{3}|0\.0*[1-9]\d\d+)){3} (re)
      99%:( +([1-9]\d*\.\d{3}|0\.0*[1-9]\d\d+)){3} (re)
  $ cat > q.lua <<'LUA'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event() con:query("SELECT 1", {kind = "tiny"}) end
  > LUA
  $ $BENCH q.lua --db-driver=null --events=2000 --extended-report=on run | grep -E '^    tiny '
      tiny +2000 +0( +([1-9]\d*\.\d{3}|0\.0*[1-9]\d\d+)){4} (re)
  $ $BENCH cpu --events=20 --cpu-max-prime=20000 --percentile=50,99 --extended-report=on run | sed -n '/^Latency percentiles/,/^$/p'
  Latency percentiles (ms):
           50th +\d+\.\d{3} (re)
           99th +\d+\.\d{3} (re)
  
