The mutex test (sysbench-reference.md 4.4, 15.6): each thread runs exactly
one event, whatever --time says; --events can still lower the count.

  $ $BENCH mutex --threads=2 --mutex-locks=1000 --mutex-loops=100 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 2
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  Threads started!
  
  
  General statistics:
      total time:                          * (glob)
      total number of events:              2
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
      events (avg/stddev):           1.0000/0.00
      execution time (avg/stddev):   * (glob)
  

The end of a thread's one event is silent; the --events budget prints its
INFO line once per thread that hits it.

  $ $BENCH mutex --threads=3 --mutex-locks=100 --debug run | sed -n '/^Running/,/^Threads started!$/p;/^Done/,$p' | grep -v '^DEBUG: Worker'
  Running the test with following options:
  Number of threads: 3
  Debug mode enabled.
  
  Initializing random number generator from current time
  
  
  Doing mutex performance test
  Initializing worker threads...
  
  Threads started!
  Done.
  
  
  General statistics:
      total time:                          * (glob)
      total number of events:              3
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
      events (avg/stddev):           1.0000/0.00
      execution time (avg/stddev):   * (glob)
  
  DEBUG: Verbose per-thread statistics:
  
  DEBUG:     thread #  0: min: *s  avg: *s  max: *s  events: 1 (glob)
  DEBUG:                  total time taken by event execution: *s (glob)
  DEBUG:     thread #  1: min: *s  avg: *s  max: *s  events: 1 (glob)
  DEBUG:                  total time taken by event execution: *s (glob)
  DEBUG:     thread #  2: min: *s  avg: *s  max: *s  events: 1 (glob)
  DEBUG:                  total time taken by event execution: *s (glob)
  
  $ $BENCH mutex --threads=2 --events=1 --mutex-locks=100 --verbosity=4 run | grep -e Event -e repeated -e 'number of events'
  Event limit exceeded, exiting...
  (last message repeated 1 times)
      total number of events:              1
  $ $BENCH mutex --time=1 --mutex-locks=100 run | grep 'number of events'
      total number of events:              1

A forced shutdown while the one event runs: it is reported as unfinished,
exit status 2, at --time (1 s or a loaded machine's few seconds later;
the event alone would run for minutes).

  $ $BENCH mutex --time=1 --forced-shutdown=0 --mutex-locks=2000000000 run | sed -n '/^FATAL/,/number of events/p'
  FATAL: The --max-time limit has expired, forcing shutdown...
  
  Number of unfinished transactions on forced shutdown: 1
  
  General statistics:
      total time:                          ([1-9]|[12]\d)\.\d{4}s (re)
      total number of events:              1

Values sysbench would crash or loop on for ever with are refused.

  $ $BENCH mutex --mutex-num=0 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: Invalid value for mutex-num: 0
  [1]
  $ $BENCH mutex --mutex-locks=0 run | tail -1
  FATAL: Invalid value for mutex-locks: 0
  $ $BENCH mutex --mutex-loops=-1 run | tail -1
  FATAL: Invalid value for mutex-loops: -1
  $ $BENCH mutex --mutex-num=abc run 2>&1
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Invalid value for the 'mutex_num' option: 'abc'
  [1]

No command, prepare, cleanup.

  $ $BENCH mutex 2>&1 >/dev/null
  The 'mutex' test requires a command argument. See 'bench mutex help'
  [1]
  $ $BENCH mutex prepare 2>&1 >/dev/null
  'mutex' test does not implement the 'prepare' command.
  [1]
  $ $BENCH mutex cleanup 2>&1 >/dev/null
  'mutex' test does not implement the 'cleanup' command.
  [1]
