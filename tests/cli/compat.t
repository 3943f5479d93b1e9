The 1.1 profile (PD-9, sysbench-reference.md 13): --compat=1.1 or
BENCH_COMPAT=1.1. Its banner, its Throughput block instead of "General
statistics", --warmup-time, its messages and Lua API level.

  $ $BENCH --compat=1.1 cpu --events=100 --cpu-max-prime=1000 run
  bench * (sysbench 1.1.0 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  
  Prime numbers limit: 1000
  
  Initializing worker threads...
  
  Threads started!
  
  CPU speed:
      events per second: * (glob)
  
  Throughput:
      events/s \(eps\): {22}\d+\.\d{4} (re)
      time elapsed: {24}\d+\.\d{4}s (re)
      total number of events:              100
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
      events (avg/stddev):           100.0000/0.00
      execution time (avg/stddev):   * (glob)
  
  $ BENCH_COMPAT=1.1 $BENCH threads --events=2 --thread-yields=1 run | sed -n '1p;/^Throughput/,/number of events/p'
  bench * (sysbench 1.1.0 compatible, using * LuaJIT *) (glob)
  Throughput:
      events/s (eps):                      * (glob)
      time elapsed:                        * (glob)
      total number of events:              2
  $ BENCH_COMPAT=1.1 $BENCH --compat=1.0 cpu --events=1 --cpu-max-prime=10 run | sed -n '1p;/^General/p'
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  General statistics:
  $ $BENCH --compat=2 cpu run
  bench: --compat and BENCH_COMPAT take 1.0 or 1.1
  [1]

Warmup: the header line, "Warming up" after "Threads started!", and nothing
of the warmup in the statistics: --events counts from its end, and the
event each thread is running when it ends counts too, as in sysbench 1.1:
101 events for --events=100 on one thread (RT-11; issue 30).

  $ $BENCH --compat=1.1 cpu --events=100 --warmup-time=1 --cpu-max-prime=1000 run
  bench * (sysbench 1.1.0 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Warmup time: 1s
  Initializing random number generator from current time
  
  
  Prime numbers limit: 1000
  
  Initializing worker threads...
  
  Threads started!
  
  Warming up for 1 seconds...
  
  CPU speed:
      events per second: * (glob)
  
  Throughput:
      events/s (eps):                      * (glob)
      time elapsed: {24}0\.\d{4}s (re)
      total number of events:              101
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
      events (avg/stddev):           101.0000/0.00
      execution time (avg/stddev):   * (glob)
  

Report times leave the warmup out; the run lasts --warmup-time + --time
(the time elapsed at least --time's 2 s, under 30 s: a loaded machine may
end it late).

  $ $BENCH --compat=1.1 cpu --time=2 --warmup-time=1 --report-interval=1 --cpu-max-prime=1000 run | sed -n '/^Threads started!$/,/time elapsed/p'
  Threads started!
  
  Warming up for 1 seconds...
  
  \[ [12]s \] thds: 1 eps: \d+\.\d\d lat \(ms,95%\): \d+\.\d\d (re)
  CPU speed:
      events per second: * (glob)
  
  Throughput:
      events/s (eps):                      * (glob)
      time elapsed: {24}([2-9]|[12]\d)\.\d{4}s (re)

Lua sees the 1.1 API level and 1.1's rand-type default; a failing
thread_init gets 1.1's wording.

  $ cat > api.lua <<'LUA'
  > print(sysbench.version, bench == sysbench)
  > function event() end
  > function init() print(sysbench.opt.rand_type) end
  > LUA
  $ $BENCH --compat=1.1 api.lua --events=1 --verbosity=0 run
  1.1.0	true
  uniform
  1.1.0	true
  $ $BENCH api.lua --events=1 --verbosity=0 run
  1.0.20	true
  special
  1.0.20	true
  $ cat > tinit.lua <<'LUA'
  > function thread_init() error("boom in thread_init") end
  > function event() end
  > LUA
  $ $BENCH --compat=1.1 tinit.lua --events=1 run 2>/dev/null | tail -2
  FATAL: `thread_init' function failed: tinit.lua:1: boom in thread_init
  FATAL: Threads initialization failed!

--mysql-ssl was a BOOL in 1.0 and is a STRING of TLS modes in 1.1: scripts
see a boolean in the 1.0 profile (only off and DISABLED are false) and the
text in the 1.1 profile.

  $ cat > ssl.lua <<'LUA'
  > function thread_init() print(type(sysbench.opt.mysql_ssl), tostring(sysbench.opt.mysql_ssl)) end
  > function event() end
  > LUA
  $ for a in --mysql-ssl=off --mysql-ssl=on --mysql-ssl=REQUIRED --mysql-ssl=DISABLED; do $BENCH --db-driver=mysql $a ssl.lua --events=1 run | grep '^boolean'; done
  boolean	false
  boolean	true
  boolean	true
  boolean	false
  $ $BENCH --compat=1.1 --db-driver=mysql --mysql-ssl=REQUIRED ssl.lua --events=1 run | grep '^string'
  string	REQUIRED
