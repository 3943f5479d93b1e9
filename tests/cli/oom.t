Out of memory is one FATAL line and exit status 1 (issue 12): under
`ulimit -v`, bench printed "PANIC: unprotected error in call to Lua API
(not enough memory)" from a worker's set-up, and died with SIGSEGV in
lua_newstate once "create worker thread" had failed at 10,000 threads
(LuaJIT crashes undoing a lua_newstate that ran out of memory half-way:
tests/unit/test_state_alloc.c). AddressSanitizer and ThreadSanitizer
cannot run under a virtual memory limit (their shadow memory is reserved
at start), so sanitizer builds skip this file.

  $ if ldd "$BENCH" | grep -qE 'lib(asan|tsan)'; then exit 80; fi

The reproduction: 10,000 threads in 400 MB, and 256, 1000 and 2000 in
200-250 MB: exit status 1, no PANIC and one FATAL line, whichever fails
first (a thread that cannot be created, a worker's Lua state, an
allocation of the SQL layer or the driver): the first cause in the process
is printed (log_oom_begin), and every failure it causes elsewhere
(thread_init failing, "Thread initialization failed!") adds nothing. Each
case runs three times, as which failure comes first varies:

  $ for a in "400000 10000" "200000 256" "200000 1000" "250000 2000"; do set -- $a; for i in 1 2 3; do (ulimit -v $1; $BENCH oltp_read_write --db-driver=null --threads=$2 --time=1 run > out.txt 2>&1; echo "exit $? panic $(grep -c PANIC out.txt) fatal $(grep -c '^FATAL: ' out.txt)"); done; done | uniq -c | sed 's/^ *//'
  12 exit 1 panic 0 fatal 1

A script that fills the memory in its main chunk or in thread_init: the
Lua error, once, and nothing else (not sysbench's closing line either).

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
  $ grep FATAL out.txt
  FATAL: `thread_init' function failed: not enough memory
