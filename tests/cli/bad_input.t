Bad input (issue 12, item 3): one clear line each, exit 1, before anything
runs. Where sysbench has a message for the case its form is kept
(sysbench-reference.md 1.8); the cases sysbench accepted are listed in
docs/compatibility.md.

Negative limits: sysbench runs for ever on --time=-5 and ignores a negative
--events or --report-interval. bench names the option, before the banner.

  $ $BENCH cpu --time=-5 run
  FATAL: Invalid value for --time: -5.
  
  [1]
  $ $BENCH cpu --events=-5 run
  FATAL: Invalid value for --events: -5.
  
  [1]
  $ $BENCH cpu --report-interval=-1 run
  FATAL: Invalid value for --report-interval: -1.
  
  [1]
  $ $BENCH cpu --thread-init-timeout=-1 run
  FATAL: Invalid value for --thread-init-timeout: -1.
  
  [1]
  $ $BENCH --max-time=-5 cpu --events=1 --cpu-max-prime=10 run | grep 'total number of events'
      total number of events:              1

Absurd values: more threads than any machine starts, and integers past int.

  $ $BENCH cpu --threads=100001 run
  FATAL: Invalid value for --threads: 100001.
  
  [1]
  $ $BENCH cpu --time=99999999999 run
  Invalid value for the 'time' option: '99999999999'
  [1]

--thread-stack-size below what a worker needs: the OLTP scripts died with
SIGSEGV while workers started (sysbench dies the same way, even for cpu).

  $ $BENCH oltp_read_write --db-driver=null --thread-stack-size=16K --threads=2 --time=1 run
  FATAL: Invalid value for thread-stack-size: 16384 (a worker thread needs at least 32K).
  
  [1]
  $ $BENCH cpu --thread-stack-size=32K --threads=2 --events=4 --cpu-max-prime=10 run | grep 'total number of events'
      total number of events:              4
