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

Config-file lines of any length are one option (a 4,096-byte fgets buffer
split them in two, and the next lines were then reported one line off).

  $ python3 -c "print('cpu-max-prime=' + '0' * 5000 + '10'); print('threads=2   # ' + 'x' * 5000); print('events=3')" > long.conf
  $ $BENCH --config-file=long.conf cpu run | grep -E 'Number of threads|Prime numbers limit|total number of events'
  Number of threads: 2
  Prime numbers limit: 10
      total number of events:              3
  $ python3 -c "print('# ' + 'x' * 5000); print('time=1'); print('threads=abc')" > longbad.conf
  $ $BENCH --config-file=longbad.conf cpu run
  longbad.conf:3: Invalid value for the 'threads' option: 'abc'
  [1]

A config file that is not one: a bound on the line, no NUL bytes.

  $ python3 -c "print('mysql-host=' + 'h' * (1 << 21))" > huge.conf
  $ $BENCH --config-file=huge.conf cpu run
  huge.conf:1: line longer than 1 MiB
  [1]
  $ $BENCH --config-file=/dev/zero cpu run
  /dev/zero:1: NUL byte: not a text file
  [1]

An unknown config-file option is named without its value, and so is any
option whose name contains "password" (mysql-pasword=Secret printed the
secret).

  $ printf 'mysql-pasword=Secret\n' > typo.conf
  $ $BENCH --config-file=typo.conf cpu run 2>&1 >/dev/null
  typo.conf:1: invalid option: mysql-pasword
  did you mean mysql-password?
  [1]
  $ printf 'mysql-password=Secret\nnosuch\n' > noeq.conf
  $ $BENCH --config-file=noeq.conf cpu run 2>&1 | grep -c Secret
  0
  [1]

On the command line an unknown option keeps sysbench's message, but one
whose name could hold a secret (a typo of password, a token) is named
without its value: --mysql-pasword=Secret printed the secret.

  $ $BENCH --mysql-pasword=Secret cpu run 2>&1 >/dev/null
  invalid option: --mysql-pasword=(value not shown)
  did you mean --mysql-password?
  [1]
  $ $BENCH cpu --api-token=Secret run 2>&1 >/dev/null
  invalid option: --api-token=(value not shown)
  [1]
  $ $BENCH --nosuch=1 cpu run 2>&1 >/dev/null
  invalid option: --nosuch=1
  [1]

The script reader has a bound, the same for a file and the standard input
(`bench /dev/zero run` grew its buffer to gigabytes in seconds).

  $ $BENCH /dev/zero run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: script: read /dev/zero: larger than 64 MiB, not a script
  [1]
  $ $BENCH - run < /dev/zero
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: script: read the standard input: larger than 64 MiB, not a script
  [1]

Script options declared as numbers, booleans or lists of numbers are checked
as general options are, before anything runs, naming the option and the
value (sysbench ran with --table_size=abc read as 0 and exited 0).

  $ $BENCH oltp_read_write --db-driver=null --table_size=abc --time=1 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Invalid value for the 'table_size' option: 'abc'
  [1]
  $ $BENCH oltp_read_write --db-driver=null --tables=2x --time=1 run 2>&1 | tail -1
  Invalid value for the 'tables' option: '2x'
  $ $BENCH oltp_read_write --db-driver=null --auto_inc=maybe --time=1 run 2>&1 | tail -1
  invalid option: --auto_inc=maybe
  $ cat > opts.lua <<'LUA'
  > sysbench.cmdline.options = {
  >    ratio = {"a number", 0.5},
  >    ids = {"numbers", {1, 2}},
  >    names = {"words", {"a", "b"}},
  > }
  > function event() end
  > LUA
  $ $BENCH opts.lua --ratio=0.25x --events=1 run 2>&1 | tail -1
  Invalid value for the 'ratio' option: '0.25x'
  $ $BENCH opts.lua --ids=3,four --events=1 run 2>&1 | tail -1
  Invalid value for the 'ids' option: '3,four'
  $ $BENCH opts.lua --ratio=1e-2 --ids=3,4 --names=5,x --events=1 run | grep 'total number of events'
      total number of events:              1
  $ printf 'ratio=nan\n' > ratio.conf
  $ $BENCH --config-file=ratio.conf opts.lua --events=1 run 2>&1 | tail -1
  ratio.conf:1: Invalid value for the 'ratio' option: 'nan'

sysbench.rand checks its ranges before they reach C, where -5 became
4294967291: `sysbench.rand.varstring(-5, 10)` in an event overflowed the
heap (str_put_pair, src/rand.c). Each bad range is a Lua error naming the
function and its arguments; the run stops with sysbench's FATAL line.

  $ cat > varstring.lua <<'LUA'
  > function event() local s = sysbench.rand.varstring(-5, 10) end
  > LUA
  $ $BENCH varstring.lua --events=1 run 2>/dev/null | tail -1
  FATAL: `thread_run' function failed: varstring.lua:1: sysbench.rand.varstring(-5, 10): lengths must be 0 <= min <= max, 0 < max <= 16777216
  $ for call in 'varstring(5, 3)' 'varstring(0, 0)' 'varstring(1, 2^40)' \
  >     'uniform(-1, 5)' 'uniform(5, 1)' 'default(1, 2^32)' 'gaussian(0/0, 1)' \
  >     'special(-3, -1)' 'pareto(2, 1)' 'zipfian(1, 1e10)' 'string(42)'; do
  >   echo "function event() sysbench.rand.$call end" > call.lua
  >   $BENCH call.lua --events=1 --verbosity=0 run 2>/dev/null; echo "[$?]"
  > done
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.varstring(5, 3): lengths must be 0 <= min <= max, 0 < max <= 16777216
  [1]
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.varstring(0, 0): lengths must be 0 <= min <= max, 0 < max <= 16777216
  [1]
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.varstring(1, 1099511627776): lengths must be 0 <= min <= max, 0 < max <= 16777216
  [1]
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.uniform(-1, 5): bounds must be in 0..4294967295 with min <= max
  [1]
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.uniform(5, 1): bounds must be in 0..4294967295 with min <= max
  [1]
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.default(1, 4294967296): bounds must be in 0..4294967295 with min <= max
  [1]
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.gaussian(nan, 1): bounds must be in 0..4294967295 with min <= max
  [1]
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.special(-3, -1): bounds must be in 0..4294967295 with min <= max
  [1]
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.pareto(2, 1): bounds must be in 0..4294967295 with min <= max
  [1]
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.zipfian(1, 10000000000): bounds must be in 0..4294967295 with min <= max
  [1]
  FATAL: `thread_run' function failed: call.lua:1: sysbench.rand.string(fmt): fmt must be a string, got number
  [1]

Good ranges still work, the edges included.

  $ cat > edges.lua <<'LUA'
  > function event()
  >    assert(sysbench.rand.uniform(0, 0) == 0)
  >    assert(sysbench.rand.default(4294967295, 4294967295) == 4294967295)
  >    assert(#sysbench.rand.varstring(0, 1) <= 1)
  >    assert(#sysbench.rand.varstring(7, 7) == 7)
  > end
  > LUA
  $ $BENCH edges.lua --events=10 run | grep 'total number of events'
      total number of events:              10
