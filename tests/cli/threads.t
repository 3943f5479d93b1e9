The threads test (sysbench-reference.md 4.3, 15.6): no test-specific mode
line at the default verbosity, so the report follows two empty lines.

  $ $BENCH threads --events=10 --thread-yields=10 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  Threads started!
  
  
  General statistics:
      total time:                          * (glob)
      total number of events:              10
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
      events (avg/stddev):           10.0000/0.00
      execution time (avg/stddev):   * (glob)
  

The INFO mode lines at verbosity 4, with the option values.

  $ $BENCH threads --events=4 --threads=2 --thread-yields=5 --thread-locks=3 --verbosity=4 run | sed -n '/^Doing/,/^General/p'
  Doing thread subsystem performance test
  Thread yields per test: 5 Locks used: 3
  Initializing worker threads...
  
  Threads started!
  
  Event limit exceeded, exiting...
  (last message repeated 1 times)
  Done.
  
  
  General statistics:

Time-limited, two threads, intermediate reports in the generic format.
The total time is at least the 2 s asked, and under 30 s: on a loaded
machine each yield gives the CPU to the other runnable processes, so an
event may end seconds after the limit, hence events of one yield (100
yields made runs of 2 s last 5 to 36 s at load 20 to 33).

  $ $BENCH threads --time=2 --threads=2 --report-interval=1 --thread-yields=1 run | sed -n '/^Threads started!$/,/number of events/p'
  Threads started!
  
  \[ 1s \] thds: 2 eps: \d+\.\d\d lat \(ms,95%\): \d+\.\d\d (re)
  
  General statistics:
      total time:                          ([2-9]|[12]\d)\.\d{4}s (re)
      total number of events:              * (glob)

--thread-yields=0 makes empty events. Values sysbench would divide by zero
or loop on for ever are refused.

  $ $BENCH threads --events=3 --thread-yields=0 run | grep 'number of events'
      total number of events:              3
  $ $BENCH threads --thread-locks=0 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: Invalid value for thread-locks: 0
  [1]
  $ $BENCH threads --thread-yields=-1 run | tail -1
  FATAL: Invalid value for thread-yields: -1
  $ $BENCH threads --thread-yields=abc run 2>&1
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Invalid value for the 'thread_yields' option: 'abc'
  [1]

No command, prepare, cleanup.

  $ $BENCH threads 2>&1 >/dev/null
  The 'threads' test requires a command argument. See 'bench threads help'
  [1]
  $ $BENCH threads prepare 2>&1 >/dev/null
  'threads' test does not implement the 'prepare' command.
  [1]
  $ $BENCH threads cleanup 2>&1 >/dev/null
  'threads' test does not implement the 'cleanup' command.
  [1]
