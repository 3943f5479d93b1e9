--config-file (PD-5: parsed properly, unlike sysbench 1.0.20's quirks of
sysbench-reference.md 1.6): name=value lines, white space around names and
values trimmed, '#' comments, quotes and comma lists; test options work too;
an unknown name, a bad value or a missing file is an error naming the file
(and line) with a non-zero exit.

  $ cat > good.conf <<'CONF'
  > # a comment line
  > 
  >   threads = 2  
  > events=6 # a trailing comment
  > cpu-max-prime = 100
  > debug = off
  > report-checkpoints = '7', "9"
  > CONF
  $ $BENCH --config-file=good.conf cpu run | sed -n '3,8p;/number of events/p'
  Running the test with following options:
  Number of threads: 2
  Report checkpoint(s) at 7, 9 seconds
  Initializing random number generator from current time
  
  
      total number of events:              6
  $ $BENCH --config-file=good.conf cpu run | grep 'Prime numbers limit'
  Prime numbers limit: 100

Options are applied where --config-file appears: later arguments win over
the file, the file wins over earlier ones.

  $ $BENCH --threads=3 --config-file=good.conf --events=4 cpu run | sed -n '4p;/number of events/p'
  Number of threads: 2
      total number of events:              4

A boolean "off" in a file is off (sysbench reads any value as on).

  $ printf 'histogram=off\npercentile=0\n' > bool.conf
  $ $BENCH --config-file=bool.conf cpu --events=1 --cpu-max-prime=10 run | grep -c -e 'percentile stats: *disabled'
  1

Errors name the file and line, on stderr, and stop the run.

  $ printf '# ok\nnosuch=1\n' > unknown.conf
  $ $BENCH --config-file=unknown.conf cpu run 2>stderr.txt
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  [1]
  $ cat stderr.txt
  unknown.conf:2: invalid option: nosuch
  $ printf 'debug=maybe\n' > badbool.conf
  $ $BENCH --config-file=badbool.conf cpu run 2>&1 >/dev/null
  badbool.conf:1: invalid option: debug=maybe
  [1]
  $ printf 'just some words\n' > noeq.conf
  $ $BENCH --config-file=noeq.conf cpu run 2>&1
  noeq.conf:1: expected name=value
  [1]
  $ printf "time='1\n" > quote.conf
  $ $BENCH --config-file=quote.conf cpu run 2>&1
  quote.conf:1: unterminated quote
  [1]
  $ printf '\nthreads=abc\n' > badint.conf
  $ $BENCH --config-file=badint.conf cpu run 2>&1
  badint.conf:2: Invalid value for the 'threads' option: 'abc'
  [1]
  $ printf 'cpu-max-prime=abc\n' > badtestint.conf
  $ $BENCH --config-file=badtestint.conf cpu run 2>&1 >/dev/null
  badtestint.conf:1: Invalid value for the 'cpu_max_prime' option: 'abc'
  [1]
  $ $BENCH --config-file=missing.conf cpu run
  missing.conf: No such file or directory
  [1]
  $ $BENCH --config-file=missing.conf cpu run 2>/dev/null
  [1]
