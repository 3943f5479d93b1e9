The memory test (sysbench-reference.md 4.2, 15.5): options, validation,
mode lines, reports, and its own event budget.

A run, every line. --memory-total-size fixes the number of events:
total / block size, here 1M / 1K.

  $ $BENCH memory --memory-total-size=1M run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  
  Running memory speed test with the following options:
    block size: 1KiB
    total size: 1MiB
    operation: write
    scope: global
  
  Initializing worker threads...
  
  Threads started!
  
  Total operations: 1024 \((?=.{8})\s*\d+\.\d\d per second\) (re)
  
  1.00 MiB transferred \(\d+\.\d\d MiB/sec\) (re)
  
  
  General statistics:
      total time: {26}\d+\.\d{4}s (re)
      total number of events:              1024
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
      events (avg/stddev):           1024.0000/0.00
      execution time (avg/stddev):   * (glob)
  

The budget is per thread: total / block / threads events each (here
floor(1024 / 3) = 341), and --events is ignored.

  $ $BENCH memory --memory-total-size=1M --threads=3 run | grep -e 'Total operations' -e 'number of events' -e 'events (avg'
  Total operations: 1023 (* per second) (glob)
      total number of events:              1023
      events (avg/stddev):           341.0000/0.00
  $ $BENCH memory --memory-total-size=1M --events=5 --verbosity=4 run | sed -n '/^Threads started!$/,/^General/p'
  Threads started!
  
  Done.
  
  Total operations: 1024 (* per second) (glob)
  
  1.00 MiB transferred (* MiB/sec) (glob)
  
  
  General statistics:

A budget below one event per thread runs none.

  $ $BENCH memory --memory-total-size=1K --threads=2 run | sed -n '/^Total/,/number of events/p'
  Total operations: 0 (    0.00 per second)
  
  0.00 MiB transferred (0.00 MiB/sec)
  
  
  General statistics:
      total time:                          * (glob)
      total number of events:              0

--memory-total-size=0 means no budget: only --time stops the run (at
1 s or later: under 30 s, loose for a loaded machine).

  $ $BENCH memory --memory-total-size=0 --time=1 run | grep -e 'total size' -e 'total time'
    total size: 0MiB
      total time:                          ([1-9]|[12]\d)\.\d{4}s (re)

--memory-oper=none prints no "MiB transferred" line. Other modes and scopes
print the same block; the access mode is not shown.

  $ $BENCH memory --memory-total-size=1M --memory-oper=none run | sed -n '/^Threads started!$/,/^General/p'
  Threads started!
  
  Total operations: 1024 (* per second) (glob)
  
  
  General statistics:
  $ $BENCH memory --memory-total-size=16M --memory-block-size=4K --memory-scope=local --memory-oper=read --memory-access-mode=rnd --threads=2 run | sed -n '/^Running memory/,/^Threads fairness/p'
  Running memory speed test with the following options:
    block size: 4KiB
    total size: 16MiB
    operation: read
    scope: local
  
  Initializing worker threads...
  
  Threads started!
  
  Total operations: 4096 (* per second) (glob)
  
  16.00 MiB transferred (* MiB/sec) (glob)
  
  
  General statistics:
      total time:                          * (glob)
      total number of events:              4096
  
  Latency (ms):
           min: * (glob)
           avg: * (glob)
           max: * (glob)
           95th percentile: * (glob)
           sum: * (glob)
  
  Threads fairness:
  $ for op in none read write; do for mode in seq rnd; do
  >   $BENCH memory --memory-total-size=64K --memory-block-size=8 --memory-oper=$op --memory-access-mode=$mode run | grep 'number of events'
  > done; done
      total number of events:              8192
      total number of events:              8192
      total number of events:              8192
      total number of events:              8192
      total number of events:              8192
      total number of events:              8192

Block sizes print in whole KiB, total sizes in whole MiB.

  $ $BENCH memory --memory-total-size=1536K --memory-block-size=512 run | sed -n '/^  block size/,/^  total size/p'
    block size: 0KiB
    total size: 1MiB

Intermediate reports: MiB/s of the interval.

  $ $BENCH memory --time=2 --report-interval=1 run | sed -n '/^Threads started!$/,/^Total/p'
  Threads started!
  
  \[ 1s \] \d+\.\d\d MiB/sec (re)
  Total operations: * (glob)

A checkpoint prints the memory block too (the reporting thread has its own
Lua state).

  $ $BENCH memory --time=2 --report-checkpoints=1 run | grep -e Checkpoint -e '^Total operations' -e 'MiB transferred'
  [ 1s ] Checkpoint report:
  Total operations: * (glob)
  * MiB transferred (* MiB/sec) (glob)
  Total operations: * (glob)
  * MiB transferred (* MiB/sec) (glob)

Validation, in sysbench's order, after the banner; the block size is quoted
as typed.

  $ $BENCH memory --memory-block-size=1P --memory-total-size=1M run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: Invalid value for memory-block-size: 1P
  [1]
  $ $BENCH memory --memory-block-size=12 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: Invalid value for memory-block-size: 12
  [1]
  $ $BENCH memory --memory-block-size=4 run | tail -1
  FATAL: Invalid value for memory-block-size: 4
  $ $BENCH memory --memory_block_size=3K --memory-block-size=5K run | tail -1
  FATAL: Invalid value for memory-block-size: 5K
  $ $BENCH memory --memory-scope=x run | tail -1
  FATAL: Invalid value for memory-scope: x
  $ $BENCH memory --memory-oper=x --memory-scope=y run | tail -1
  FATAL: Invalid value for memory-scope: y
  $ $BENCH memory --memory-oper=x run | tail -1
  FATAL: Invalid value for memory-oper: x
  $ $BENCH memory --memory-access-mode=x run | tail -1
  FATAL: Invalid value for memory-access-mode: x
  $ $BENCH memory --memory-access-mode=x run > /dev/null
  [1]
  $ $BENCH memory --memory-hugetlb=maybe run 2>stderr.txt
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  [1]
  $ cat stderr.txt
  invalid option: --memory-hugetlb=maybe

No command, prepare, cleanup.

  $ $BENCH memory 2>stderr.txt
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  [1]
  $ cat stderr.txt
  The 'memory' test requires a command argument. See 'bench memory help'
  $ $BENCH memory prepare 2>&1 >/dev/null
  'memory' test does not implement the 'prepare' command.
  [1]
  $ $BENCH memory cleanup 2>&1 >/dev/null
  'memory' test does not implement the 'cleanup' command.
  [1]

The 1.1 profile: the same memory block, then 1.1's Throughput block; random
offsets follow --rand-type there.

  $ $BENCH --compat=1.1 memory --memory-total-size=1M --memory-access-mode=rnd --rand-type=pareto run | sed -n '/^Total operations/,/^Latency/p'
  Total operations: 1024 (* per second) (glob)
  
  1.00 MiB transferred (* MiB/sec) (glob)
  
  
  Throughput:
      events/s \(eps\): {22}\d+\.\d{4} (re)
      time elapsed: {24}\d+\.\d{4}s (re)
      total number of events:              1024
  
  Latency (ms):

--histogram: the memory events are shorter than the first row (1 us), so
bench shows them in an explicit underflow row (PD-4); all are counted.

  $ $BENCH memory --memory-total-size=1M --histogram run | sed -n '/^Latency histogram/,/^ $/p' > hist.txt
  $ sed -n 2p hist.txt
         value  ------------- distribution ------------- count
  $ sed '1,2d;$d' hist.txt | grep -Evc '^[ <>0-9.]{12} \|[* ]{40} [0-9]+$'
  0
  [1]
  $ sed '1,2d;$d' hist.txt | awk '{ n += $NF } END { print n }'
  1024
