1.0.20's deprecated aliases (sysbench-reference.md 1.5, 15.9): copied to the
new option when above its default, with a warning on stdout before the
banner; --test=NAME warns on stderr. The 1.1 profile refuses them.

  $ $BENCH --num-threads=2 --max-requests=10 --test=cpu --cpu-max-prime=100 run 2>stderr.txt | sed -n '1,6p;/number of events/p'
  WARNING: --num-threads is deprecated, use --threads instead
  WARNING: --max-requests is deprecated, use --events instead
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 2
      total number of events:              10
  $ cat stderr.txt
  WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.

--max-time=1 is --time=1: the total time is at least 1 s (and under 30 s,
as loose as a loaded machine needs).

  $ $BENCH --max-time=1 cpu --cpu-max-prime=100 run | sed -n '1p;/total time/p'
  WARNING: --max-time is deprecated, use --time instead
      total time:                          ([1-9]|[12]\d)\.\d{4}s (re)
  $ $BENCH --tx-rate=50 --events=5 cpu --cpu-max-prime=100 run | sed -n '1,6p'
  WARNING: --tx-rate is deprecated, use --rate instead
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Target transaction rate: 50/sec

At their defaults they change nothing and say nothing.

  $ $BENCH --num-threads=1 --max-requests=0 --max-time=0 --tx-rate=0 cpu --events=1 --cpu-max-prime=10 run | sed -n '1p;4p'
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  Number of threads: 1

In the 1.1 profile they are unknown options.

  $ $BENCH --compat=1.1 --num-threads=2 cpu run 2>&1 >/dev/null
  invalid option: --num-threads=2
  [1]
  $ BENCH_COMPAT=1.1 $BENCH --max-time=1 cpu run 2>&1 >/dev/null
  invalid option: --max-time=1
  [1]
  $ $BENCH --compat=1.1 --test=cpu run 2>&1
  bench * (sysbench 1.1.0 compatible, using * LuaJIT *) (glob)
  
  FATAL: Cannot find benchmark 'run': no such built-in test, file or module
  [1]
