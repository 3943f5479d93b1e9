The cpu test: run output shapes of sysbench 1.0.20 (sysbench-reference.md
3, 4.1, 6.2, 6.3, 15.4, 15.8). Timing numbers are matched by pattern;
counts that --events fixes are literal.

A run, every line. The regular expressions also check the field widths of
sysbench's formats (%8.2f, %39.2f, %27.2f).

  $ $BENCH cpu --events=100 --cpu-max-prime=1000 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  
  Prime numbers limit: 1000
  
  Initializing worker threads...
  
  Threads started!
  
  CPU speed:
  (?=.{31,}$)    events per second: *\d+\.\d\d (re)
  
  General statistics:
      total time: {26}\d+\.\d{4}s (re)
      total number of events:              100
  
  Latency (ms):
  (?=.{53}$)         min: +\d+\.\d\d (re)
  (?=.{53}$)         avg: +\d+\.\d\d (re)
  (?=.{53}$)         max: +\d+\.\d\d (re)
  (?=.{53}$)         95th percentile: +\d+\.\d\d (re)
  (?=.{53}$)         sum: +\d+\.\d\d (re)
  
  Threads fairness:
      events (avg/stddev):           100.0000/0.00
      execution time \(avg/stddev\):   \d+\.\d{4}/0\.00 (re)
  

Validation of --cpu-max-prime happens in init(), after the banner.

  $ $BENCH cpu --cpu-max-prime=0 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: Invalid value of cpu-max-prime: 0.
  [1]
  $ $BENCH cpu --cpu-max-prime=-5 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: Invalid value of cpu-max-prime: -5.
  [1]
  $ $BENCH cpu --cpu-max-prime=abc run 2>stderr.txt
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  [1]
  $ cat stderr.txt
  Invalid value for the 'cpu_max_prime' option: 'abc'

The cpu test has no prepare or cleanup.

  $ $BENCH cpu prepare 2>stderr.txt
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  [1]
  $ cat stderr.txt
  'cpu' test does not implement the 'prepare' command.
  $ $BENCH cpu cleanup 2>stderr.txt
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  [1]
  $ cat stderr.txt
  'cpu' test does not implement the 'cleanup' command.

Two threads with an intermediate report each second: the report falling due
at the time limit is never printed (RT-8), so a 2 s run has one. Total
times here are at least --time and under 30 s: a loaded machine may end a
run seconds late.

  $ $BENCH cpu --time=2 --threads=2 --report-interval=1 --cpu-max-prime=2000 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 2
  Report intermediate results every 1 second(s)
  Initializing random number generator from current time
  
  
  Prime numbers limit: 2000
  
  Initializing worker threads...
  
  Threads started!
  
  \[ 1s \] thds: 2 eps: \d+\.\d\d lat \(ms,95%\): \d+\.\d\d (re)
  CPU speed:
      events per second: * (glob)
  
  General statistics:
      total time:                          ([2-9]|[12]\d)\.\d{4}s (re)
      total number of events:              * (glob)
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
      events \(avg/stddev\):           \d+\.\d{4}/\d+\.\d\d (re)
      execution time \(avg/stddev\):   \d+\.\d{4}/\d+\.\d\d (re)
  

--percentile=0 disables the percentile line; the seed line follows
--rand-seed.

  $ $BENCH cpu --events=10 --cpu-max-prime=100 --percentile=0 --rand-seed=42 run | sed -n '5,6p;/^Latency/,/^$/p'
  Initializing random number generator from seed (42).
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           percentile stats:               disabled
           sum: * (glob)
  
  $ $BENCH cpu --events=10 --cpu-max-prime=100 --percentile=5 run | grep percentile
            5th percentile: * (glob)
  $ $BENCH cpu --events=10 --cpu-max-prime=100 --percentile=100 run | grep percentile
          100th percentile: * (glob)

Checkpoints: the header lists them sorted; each one prints a full report
and resets the statistics, then the final report covers the rest.

  $ $BENCH cpu --events=1 --report-checkpoints=2,1 run | grep checkpoint
  Report checkpoint(s) at 1, 2 seconds
  $ $BENCH cpu --time=2 --report-checkpoints=1 --cpu-max-prime=2000 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Report checkpoint(s) at 1 seconds
  Initializing random number generator from current time
  
  
  Prime numbers limit: 2000
  
  Initializing worker threads...
  
  Threads started!
  
  [ 1s ] Checkpoint report:
  CPU speed:
      events per second: * (glob)
  
  General statistics:
      total time:                          ([1-9]|[12]\d)\.\d{4}s (re)
      total number of events:              * (glob)
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
      events (avg/stddev):           * (glob)
      execution time (avg/stddev):   * (glob)
  
  CPU speed:
      events per second: * (glob)
  
  General statistics:
      total time:                          ([2-9]|[12]\d)\.\d{4}s (re)
      total number of events:              * (glob)
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
      events (avg/stddev):           * (glob)
      execution time (avg/stddev):   * (glob)
  

--histogram prints sysbench's table before the report: a header, one row per
non-empty bucket ("%12.3f |" + 40-column bar + count; bench adds explicit
underflow/overflow rows, PD-4), the longest bar exactly 40 stars, the
counts adding up to the events, then a line holding one space.

  $ $BENCH cpu --events=100 --cpu-max-prime=1000 --histogram --percentile=99 run > out.txt
  $ sed -n '/^Latency histogram/,/^ $/p' out.txt > hist.txt
  $ sed -n '1,2p' hist.txt
  Latency histogram (values are in milliseconds)
         value  ------------- distribution ------------- count
  $ sed '1,2d;$d' hist.txt | grep -Evc '^[ <>0-9.]{12} \|[* ]{40} [0-9]+$'
  0
  [1]
  $ grep -q '|\*\{40\} ' hist.txt && echo longest bar is 40 stars
  longest bar is 40 stars
  $ sed '1,2d;$d' hist.txt | awk '{ n += $NF } END { print n }'
  100
  $ grep -A1 '^ $' out.txt
   
  CPU speed:
  $ grep percentile out.txt
           99th percentile: * (glob)

--debug forces verbosity 5: the header says so, INFO and DEBUG lines appear,
and per-thread statistics follow the report.

  $ $BENCH cpu --events=10 --cpu-max-prime=1000 --debug run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Debug mode enabled.
  
  Initializing random number generator from current time
  
  
  Doing CPU performance benchmark
  
  Prime numbers limit: 1000
  
  Initializing worker threads...
  
  DEBUG: Worker thread (#0) started
  DEBUG: Worker thread (#0) initialized
  Threads started!
  
  Event limit exceeded, exiting...
  Done.
  
  CPU speed:
      events per second: * (glob)
  
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
  
  DEBUG: Verbose per-thread statistics:
  
  DEBUG:     thread #  0: min: \d+\.\d{4}s  avg: \d+\.\d{4}s  max: \d+\.\d{4}s  events: 10 (re)
  DEBUG:                  total time taken by event execution: \d+\.\d{4}s (re)
  

Verbosity: 4 adds the INFO lines; consecutive duplicates collapse. 0 and 1
print nothing for a successful run.

  $ $BENCH cpu --events=10 --cpu-max-prime=1000 --threads=2 --verbosity=4 run | sed -n '1,/^CPU speed:$/p'
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 2
  Initializing random number generator from current time
  
  
  Doing CPU performance benchmark
  
  Prime numbers limit: 1000
  
  Initializing worker threads...
  
  Threads started!
  
  Event limit exceeded, exiting...
  (last message repeated 1 times)
  Done.
  
  CPU speed:
  $ $BENCH cpu --events=10 --cpu-max-prime=1000 --verbosity=1 run
  $ $BENCH cpu --events=10 --cpu-max-prime=1000 --verbosity=0 run

--forced-shutdown: the header announces it; when it fires the report counts
the events still running, and the exit status is 2 (RT-7). One event of
this size runs for minutes, so the shutdown surely finds it running. Its
execution time is about 1 s: under it when its worker woke from the start
barrier later than the reporter, over it when the shutdown came late (a
busy machine), so it is checked between 0.5 and 10 s.

  $ $BENCH cpu --time=1 --events=10 --cpu-max-prime=1000 --forced-shutdown=1 run | sed -n '5,9p'
  Initializing random number generator from current time
  
  Forcing shutdown in 2 seconds
  
  Prime numbers limit: 1000

The announced time is --time plus the grace, without wrapping (a fuzzed
--forced-shutdown=2147483647 printed -2147483648):

  $ $BENCH cpu --time=1 --events=10 --cpu-max-prime=1000 --forced-shutdown=2147483647 run | grep Forcing
  Forcing shutdown in 2147483648 seconds

A percentage of a long --time is at most 2147483647 s of grace (the fuzzer
found 10 * 7662478147693168412 overflowing; values above INT_MAX are
refused, errors.t):

  $ $BENCH cpu --time=1000000 --events=10 --cpu-max-prime=1000 --forced-shutdown=2147483647% run | grep Forcing
  Forcing shutdown in 2148483647 seconds
  $ $BENCH cpu --time=1 --forced-shutdown=0 --cpu-max-prime=200000000 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  Forcing shutdown in 1 seconds
  
  Prime numbers limit: 200000000
  
  Initializing worker threads...
  
  Threads started!
  
  FATAL: The --max-time limit has expired, forcing shutdown...
  CPU speed:
      events per second: * (glob)
  
  Number of unfinished transactions on forced shutdown: 1
  
  General statistics:
      total time:                          ([1-9]|[12]\d)\.\d{4}s (re)
      total number of events:              1
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
      events (avg/stddev):           1.0000/0.00
      execution time \(avg/stddev\):   (0\.[5-9]\d{3}|[1-9]\.\d{4})/0\.00 (re)
  
  [2]

--rate: the header line, and a second intermediate line with the queue
length and the events in flight.

  $ $BENCH cpu --time=2 --rate=100 --report-interval=1 --cpu-max-prime=1000 run | sed -n '3,6p;/^\[/p'
  Running the test with following options:
  Number of threads: 1
  Target transaction rate: 100/sec
  Report intermediate results every 1 second(s)
  \[ 1s \] thds: 1 eps: \d+\.\d\d lat \(ms,95%\): \d+\.\d\d (re)
  \[ 1s \] queue length: \d+ concurrency: \d+ (re)

--rate with more threads than arrivals in flight: a worker whose next
arrival falls after --time stays in the run until the limit, as sysbench's
do, so every interval counts all 32 threads and the run lasts --time: at
least 3 s, and under 5 s (a loaded machine's last wake-up may come late),
where a worker that slept on to an arrival past --time would end it near
6 s (32 arrivals claimed ahead at 10/s).

  $ $BENCH cpu --threads=32 --time=3 --rate=10 --report-interval=1 --cpu-max-prime=100 run | grep -E '^\[ [0-9]s \] thds|total time'
  [ 1s ] thds: 32 eps: * (glob)
  [ 2s ] thds: 32 eps: * (glob)
      total time:                          [34]\.\d{4}s (re)
