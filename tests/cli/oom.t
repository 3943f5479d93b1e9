Out of memory is one FATAL line and exit status 1 (issue 12): under
`ulimit -v`, bench printed "PANIC: unprotected error in call to Lua API
(not enough memory)" from a worker's set-up, and died with SIGSEGV in
lua_newstate once "create worker thread" had failed at 10,000 threads
(LuaJIT crashes undoing a lua_newstate that ran out of memory half-way:
tests/unit/test_state_alloc.c). AddressSanitizer and ThreadSanitizer
cannot run under a virtual memory limit (their shadow memory is reserved
at start), so sanitizer builds skip this file.

  $ if ldd "$BENCH" | grep -qE 'lib(asan|tsan)'; then exit 80; fi

The reproduction: 10,000 threads in 400 MB, and 256 and 1000 in 200 MB:
exit status 1 and no PANIC, whichever fails first (a thread that cannot be
created, a worker's Lua state, an allocation of the SQL layer). "Out of
memory" from the Lua states is reported once for the process; the other
layers' failures are reported once per distinct text (log_hold): the null
driver's "out of memory" names each statement, so a run may print several
lines.

  $ for a in "400000 10000" "200000 256" "200000 1000"; do set -- $a; (ulimit -v $1; $BENCH oltp_read_write --db-driver=null --threads=$2 --time=1 run > out.txt 2>&1; echo "exit $? panic $(grep -c PANIC out.txt) fatal $(grep -c '^FATAL: ' out.txt | sed 's/^[1-9][0-9]*$/some/')"); done
  exit 1 panic 0 fatal some
  exit 1 panic 0 fatal some
  exit 1 panic 0 fatal some
  $ (ulimit -v 200000; $BENCH oltp_read_write --db-driver=null --threads=1000 --time=1 run > out.txt 2>&1); grep -c '^FATAL: .*create a Lua state: out of memory$' out.txt | sed 's/^[01]$/at most once/'
  at most once

A script that fills the memory in its main chunk or in thread_init: the
Lua error, once (and sysbench's closing line, unless a second worker ran
out of memory where only the panic handler could stop it: it exits at
once, adding no line).

  $ cat > big.lua <<'LUA'
  > local t = {}
  > for i = 1, 1e8 do t[i] = ("x"):rep(100) .. i end
  > function event() end
  > LUA
  $ (ulimit -v 400000; $BENCH big.lua --events=1 run)
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: not enough memory
  [1]
  $ cat > big2.lua <<'LUA'
  > function thread_init()
  >    local t = {}
  >    for i = 1, 1e8 do t[i] = ("x"):rep(100) .. i end
  > end
  > function event() end
  > LUA
  $ (ulimit -v 400000; $BENCH big2.lua --threads=4 --events=1 run > out.txt 2>&1; echo "exit $?")
  exit 1
  $ grep FATAL out.txt | grep -v '^FATAL: Thread initialization failed!$'
  FATAL: `thread_init' function failed: not enough memory
