Command-line errors and global validation (sysbench-reference.md 1.8,
15.10): the stream of each message, the exit status, and whether the banner
came first. Global validation errors come before the banner.

Positional arguments: a third one is refused before anything is printed.

  $ $BENCH foo bar baz
  Unrecognized command line argument: baz
  [1]
  $ $BENCH foo bar baz 2>/dev/null
  [1]
  $ $BENCH --threads 2 cpu --time=1 run 2>&1
  Unrecognized command line argument: run
  [1]

Unknown tests (stdout, after the banner) and commands (stderr).

  $ $BENCH foo
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: Cannot find benchmark 'foo': no such built-in test, file or module
  [1]
  $ $BENCH cpu bar 2>stderr.txt
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  [1]
  $ cat stderr.txt
  Unknown command: bar
  $ $BENCH cpu 2>stderr.txt
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  [1]
  $ cat stderr.txt
  The 'cpu' test requires a command argument. See 'bench cpu help'
  $ $BENCH run 2>&1
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: Cannot find benchmark 'run': no such built-in test, file or module
  [1]

Unknown options and malformed booleans: after the banner, on stderr.

  $ $BENCH --nosuch cpu run 2>stderr.txt
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  [1]
  $ cat stderr.txt
  invalid option: --nosuch
  $ $BENCH --debug=yes cpu --time=1 run 2>&1 >/dev/null
  invalid option: --debug=yes
  [1]
  $ $BENCH --debug=ON cpu run 2>&1 >/dev/null
  invalid option: --debug=ON
  [1]
  $ $BENCH --histogram= cpu run 2>&1 >/dev/null
  invalid option: --histogram=
  [1]
  $ $BENCH -- cpu run 2>&1 >/dev/null
  invalid option: --
  [1]

Bad integers: stderr only, no banner, for general options.

  $ $BENCH --threads=abc cpu run
  Invalid value for the 'threads' option: 'abc'
  [1]
  $ $BENCH --threads=abc cpu run 2>/dev/null
  [1]
  $ $BENCH --threads=99999999999 cpu run 2>&1
  Invalid value for the 'threads' option: '99999999999'
  [1]
  $ $BENCH --report_interval=1x cpu run 2>&1
  Invalid value for the 'report_interval' option: '1x'
  [1]

Range checks of general options: stdout, before the banner.

  $ $BENCH --threads=0 cpu run
  FATAL: Invalid value for --threads: 0.
  
  [1]
  $ $BENCH --threads=-3 cpu run
  FATAL: Invalid value for --threads: -3.
  
  [1]
  $ $BENCH --thread-stack-size=1X cpu --time=1 run
  FATAL: Invalid value for thread-stack-size: 0.
  
  [1]
  $ $BENCH --thread-stack-size=0 cpu run
  FATAL: Invalid value for thread-stack-size: 0.
  
  [1]
  $ $BENCH --histogram=1 --percentile=0 cpu --time=1 run
  FATAL: --histogram cannot be used with --percentile=0
  [1]
  $ $BENCH --percentile=101 cpu --time=1 run
  FATAL: Invalid value for --percentile: 101
  [1]
  $ $BENCH --percentile=-1 cpu run
  FATAL: Invalid value for --percentile: -1
  [1]
  $ $BENCH --verbosity=6 cpu --time=1 run
  Invalid value for verbosity: 6
  [1]
  $ $BENCH --verbosity=-1 cpu --time=1 run
  Invalid value for verbosity: 255
  [1]
  $ $BENCH --rand-type=foo cpu --time=1 run
  FATAL: Invalid random numbers distribution: foo.
  [1]
  $ $BENCH --report-checkpoints=2,1,abc cpu --time=1 run
  FATAL: Invalid value for --report-checkpoints: 'abc'
  [1]
  $ $BENCH --report-checkpoints=1,-2 cpu run
  FATAL: Invalid value for --report-checkpoints: '-2'
  [1]
  $ $BENCH --report-checkpoints=$(seq -s, 1 257) cpu run
  FATAL: Too many checkpoints in --report-checkpoints (up to 256 can be defined)
  [1]
  $ $BENCH --report-checkpoints=$(seq -s, 1 256) cpu --events=1 --cpu-max-prime=10 run | grep -c '^Report checkpoint(s) at 1, 2, 3, .*, 256 seconds$'
  1
  $ $BENCH cpu --time=1 --forced-shutdown=abc run
  FATAL: Invalid value for --forced-shutdown: 'abc'
  [1]
  $ $BENCH cpu --time=1 --forced-shutdown=5x run
  FATAL: Invalid value for --forced-shutdown: '5x'
  [1]
  $ $BENCH cpu --time=1 --forced-shutdown=7662478147693168412% run
  FATAL: Invalid value for --forced-shutdown: '7662478147693168412%'
  [1]
  $ $BENCH --db-ps-mode=foo cpu run
  FATAL: Invalid value for db-ps-mode: foo
  [1]

Options that only 1.1 has are accepted in both profiles (P-2), and checked.

  $ $BENCH --warmup-time=-1 cpu run
  FATAL: Invalid value for --warmup-time: -1.
  
  [1]
  $ $BENCH --rate=-5 cpu run
  FATAL: Invalid value for --rate: -5.
  
  [1]
  $ $BENCH --rand-zipfian-exp=-1 cpu run
  FATAL: --rand-zipfian-exp must be >= 0
  [1]
  $ $BENCH --luajit-cmd=bogus cpu --events=1 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: unknown luaJIT command or jit.* modules not installed
  [1]
  $ $BENCH --luajit-cmd=off --rand-type=zipfian cpu --events=1 --cpu-max-prime=10 run | grep 'number of events'
      total number of events:              1

Both limits disabled: a warning before the banner (the run itself would not
end, so it is shown with help).

  $ $BENCH --events=0 --time=0 cpu help | head -2
  WARNING: Both event and time limits are disabled, running an endless test
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)

--forced-shutdown: N seconds, N% of --time, off in any case.

  $ $BENCH --forced-shutdown=50% --time=10 cpu --events=1 run | grep Forcing
  Forcing shutdown in 15 seconds
  $ $BENCH --forced-shutdown=OFF --time=10 cpu --events=1 run | grep -c Forcing
  0
  [1]
  $ $BENCH --forced-shutdown=5 --time=0 cpu --events=1 run | grep -c Forcing
  0
  [1]
