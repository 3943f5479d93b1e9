Teardown after a failed thread_init (issue 12). A worker's failed prepare
used to empty its connection's list of statements, so lua_close could free
the connection before the statements that pointed at it: with only sbtest1
prepared, `oltp_point_select --tables=4 --threads=4 run` printed
"FATAL: Thread initialization failed!" then "corrupted size vs.
prev_size" (ASan: heap-use-after-free in stmt_close from lua_close <-
script_free <- free_states). tests/db/lifecycle.lua fails thread_init on
some workers after each prepared statements; the null driver fails the
prepare of the missing table (the servers' case is tests/db/
test_lifecycle.sh). Each run: the cause once, sysbench's summary line,
exit 1, nothing on stderr but the Lua traceback (no sanitizer report).

  $ cp "$BENCH_SRCDIR/tests/db/lifecycle.lua" .
  $ lc() {
  >   "$BENCH" --db-driver=null lifecycle.lua --events=10 "$@" run >out 2>err
  >   echo "exit $?"
  >   grep -E '^(FATAL|ALERT)|total number of events' out
  >   grep -E 'Sanitizer|runtime error|LeakSan|SUMMARY' err
  >   return 0
  > }

A failed prepare, in the first, the last, every other and every worker:

  $ for t in 1 2 16; do lc --threads=$t --fail=first; done
  exit 1
  FATAL: null_query() returned error 1146 (injected error 1146) for query 'SELECT id FROM lc_missing'
  FATAL: `thread_init' function failed: lifecycle.lua:66: SQL API error
  FATAL: Thread initialization failed!
  FATAL: a table the workload uses does not exist (run `prepare` first)
  exit 1
  FATAL: null_query() returned error 1146 (injected error 1146) for query 'SELECT id FROM lc_missing'
  FATAL: `thread_init' function failed: lifecycle.lua:66: SQL API error
  FATAL: Thread initialization failed!
  FATAL: a table the workload uses does not exist (run `prepare` first)
  exit 1
  FATAL: null_query() returned error 1146 (injected error 1146) for query 'SELECT id FROM lc_missing'
  FATAL: `thread_init' function failed: lifecycle.lua:66: SQL API error
  FATAL: Thread initialization failed!
  FATAL: a table the workload uses does not exist (run `prepare` first)
  $ for t in 2 16; do lc --threads=$t --fail=last; lc --threads=$t --fail=odd; done 2>&1 | sort | uniq -c
        4 FATAL: Thread initialization failed!
        4 FATAL: `thread_init' function failed: lifecycle.lua:66: SQL API error
        4 FATAL: a table the workload uses does not exist (run `prepare` first)
        4 FATAL: null_query() returned error 1146 (injected error 1146) for query 'SELECT id FROM lc_missing'
        4 exit 1
  $ for t in 1 16; do lc --threads=$t --fail=all; done | sort | uniq -c
        2 FATAL: Thread initialization failed!
        2 FATAL: `thread_init' function failed: lifecycle.lua:66: SQL API error
        2 FATAL: a table the workload uses does not exist (run `prepare` first)
        2 FATAL: null_query() returned error 1146 (injected error 1146) for query 'SELECT id FROM lc_missing'
        2 exit 1

error() after the statements were prepared:

  $ for t in 1 2 16; do lc --threads=$t --fail=last --how=error; done | sort | uniq -c
        3 FATAL: Thread initialization failed!
        3 FATAL: `thread_init' function failed: lifecycle.lua:64: thread_init failed on purpose
        3 exit 1
  $ lc --threads=16 --fail=odd --how=error
  exit 1
  FATAL: `thread_init' function failed: lifecycle.lua:64: thread_init failed on purpose
  FATAL: Thread initialization failed!

No worker failing (thread_done closes the statements, then the
connection; lua_close frees them in any order), and a single worker that
is not odd:

  $ for t in 1 2 16; do lc --threads=$t; done
  exit 0
      total number of events:              10
  exit 0
      total number of events:              10
  exit 0
      total number of events:              10
  $ lc --threads=1 --fail=odd
  exit 0
      total number of events:              10

The 1.1 profile says it in master's words:

  $ lc --compat=1.1 --threads=4 --fail=last
  exit 1
  FATAL: null_query() returned error 1146 (injected error 1146) for query 'SELECT id FROM lc_missing'
  FATAL: `thread_init' function failed: lifecycle.lua:66: SQL API error
  FATAL: Threads initialization failed!
  FATAL: a table the workload uses does not exist (run `prepare` first)
