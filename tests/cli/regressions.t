Three compatibility regressions of issue 30, each against what sysbench
prints for the same command (stdout and stderr together, as sysbench's
own transcripts compare them; the banner is bench's, PD-1).

(a) The connection hint (PD-13). A script that catches a failed connect
itself sees sysbench's lines and nothing more: no server listens on
port 1, and sysbench 1.0.20 and 1.1 both print the driver's FATAL lines,
then what the script prints. The second pgsql failure repeats the first
line, which sysbench's log (and bench's) collapses.

  $ cat > catch.lua <<'LUA'
  > local drv = sysbench.sql.driver()
  > local ok, err = pcall(drv.connect, drv)
  > print("caught:", ok, err)
  > ok, err = pcall(function() return drv:connect() end)
  > print("caught:", ok, err)
  > LUA
  $ $BENCH --mysql-host=127.0.0.1 --mysql-port=1 catch.lua 2>&1
  bench * (glob)
  
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port 1, aborting...
  FATAL: error 2002: * (glob)
  caught:\tfalse\tconnection creation failed (esc)
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port 1, aborting...
  FATAL: error 2002: * (glob)
  caught:\tfalse\tconnection creation failed (esc)
  $ $BENCH --compat=1.1 --db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=1 catch.lua 2>&1
  bench * (glob)
  
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port 1 failed: Connection refused
  \tIs the server running on that host and accepting TCP/IP connections? (esc)
  
  caught:\tfalse\tconnection creation failed (esc)
  caught:\tfalse\tconnection creation failed (esc)

The same in a worker's thread_init, and in an event (which bench's own
event loop runs under a pcall of its own): the run goes on, no hint.

  $ cat > catch_init.lua <<'LUA'
  > function thread_init()
  >    local drv = sysbench.sql.driver()
  >    local ok, err = pcall(drv.connect, drv)
  >    print("thread_init caught:", ok, err)
  > end
  > function event()
  >    local drv = sysbench.sql.driver()
  >    print("event caught:", pcall(drv.connect, drv))
  > end
  > LUA
  $ $BENCH --db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=1 --events=1 catch_init.lua run 2>&1 | sed -n '/^Initializing worker/,/^Threads started/p'
  Initializing worker threads...
  
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port 1 failed: Connection refused
  \tIs the server running on that host and accepting TCP/IP connections? (esc)
  
  thread_init caught:\tfalse\tconnection creation failed (esc)
  Threads started!
  $ $BENCH --mysql-host=127.0.0.1 --mysql-port=1 --events=1 catch_init.lua run 2>&1 | grep -c 'is the server running and reachable'
  0
  [1]
  $ $BENCH --mysql-host=127.0.0.1 --mysql-port=1 --events=1 catch_init.lua run 2>&1 | grep -c '^event caught:'
  1

Where bench itself ends the command, the hint comes once, after
sysbench's lines: after "Thread initialization failed!" (the worker's
identical lines once for both workers, bench's way), and after the failed
prepare's line.

  $ cat > init.lua <<'LUA'
  > function thread_init()
  >    con = sysbench.sql.driver():connect()
  > end
  > function event() end
  > LUA
  $ $BENCH --mysql-host=127.0.0.1 --mysql-port=1 --threads=2 init.lua run 2>&1 | sed -n '/^Initializing worker/,$p'
  Initializing worker threads...
  
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port 1, aborting...
  FATAL: error 2002: * (glob)
  FATAL: `thread_init' function failed: init.lua:2: connection creation failed
  FATAL: Thread initialization failed!
  FATAL: mysql: connect to 127.0.0.1:1 as user 'sbtest': is the server running and reachable there, the password right (--mysql-password), and does the database 'sbtest' exist (--mysql-db)?
  $ cat > prep.lua <<'LUA'
  > function prepare()
  >    local con = sysbench.sql.driver():connect()
  > end
  > LUA
  $ $BENCH --db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=1 --pgsql-db=x prep.lua prepare 2>&1
  bench * (glob)
  
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port 1 failed: Connection refused
  \tIs the server running on that host and accepting TCP/IP connections? (esc)
  
  FATAL: `prepare' function failed: prep.lua:2: connection creation failed
  FATAL: pgsql: connect to 127.0.0.1:1 as user 'sbtest': is the server running and reachable there, the password right (--pgsql-password), and does the database 'x' exist (--pgsql-db)?
  [1]

A failure caught first, then one that ends the command: one hint.

  $ cat > both.lua <<'LUA'
  > function prepare()
  >    local drv = sysbench.sql.driver()
  >    pcall(drv.connect, drv)
  >    drv:connect()
  > end
  > LUA
  $ $BENCH --mysql-host=127.0.0.1 --mysql-port=1 both.lua prepare 2>&1 | grep -c 'is the server running and reachable'
  1

(b) con:query_row() on an empty result set returns nil without a word in
both profiles: sysbench 1.0.20 and 1.1 both return nil when the result
has no rows (their query_row tests nrows first), checked against MariaDB
and PostgreSQL. fetch_row() on such a result still ALERTs, as in both.
Here the null driver returns the empty result.

  $ cat > row.lua <<'LUA'
  > ffi.C.bench_null_result("SELECT 1", "1\n")
  > ffi.C.bench_null_result("SELECT 7", "1\n7\n")
  > local con = sysbench.sql.driver():connect()
  > print("row:", con:query_row("SELECT 1 FROM t WHERE 0"))
  > print("row2:", con:query_row("SELECT 7"))
  > local rs = con:query("SELECT 1 FROM t WHERE 0")
  > print("nrows", rs.nrows)
  > print("fetch:", rs:fetch_row())
  > LUA
  $ $BENCH --db-driver=null row.lua
  bench * (glob)
  
  row:\tnil (esc)
  row2:\t7 (esc)
  nrows\t0 (esc)
  ALERT: attempt to fetch row from an empty result set
  fetch:\tnil (esc)
  $ $BENCH --compat=1.1 --db-driver=null row.lua
  bench * (glob)
  
  row:\tnil (esc)
  row2:\t7 (esc)
  nrows\t0 (esc)
  ALERT: attempt to fetch row from an empty result set
  fetch:\tnil (esc)

(c) --warmup-time with --events, as sysbench 1.1 (built from its sources)
reports it: --events counts the events that start after the warm-up;
those running when it ends count too, beyond --events; the time runs from
the warm-up's end to the last event's. Two threads whose events sleep 2 s
and 3 s, one second of warm-up, --events=3: the events ending at 2, 3, 4,
6 and 6 s count, and 1.1 says "time elapsed: 5.0140s", "total number of
events: 5", "events (avg/stddev): 2.5000/0.50".

  $ cat > sleepy.lua <<'LUA'
  > local ffi = require("ffi")
  > ffi.cdef("int usleep(unsigned int);")
  > local us = { tonumber(os.getenv("US0")), tonumber(os.getenv("US1")) }
  > function event(tid)
  >    ffi.C.usleep(us[tid + 1])
  > end
  > LUA
  $ US0=2000000 US1=3000000 $BENCH --compat=1.1 sleepy.lua --threads=2 --warmup-time=1 --time=0 --events=3 run | grep -E 'time elapsed|total number|min:|max:|events \('
      time elapsed:                        5\.[0-3]\d{3}s (re)
      total number of events:              5
           min:\s+(19|20)\d\d\.\d\d (re)
           max:\s+(29|30)\d\d\.\d\d (re)
      events (avg/stddev):           2.5000/0.50

The same in the 1.0 profile (--warmup-time is 1.1's in both, P-2), with
events of 1.2 s and 1.5 s: they end at 1.2, 1.5, 2.4, 3.0 and 3.6 s, and
1.1 says "time elapsed: 2.6177s" and 5 events.

  $ US0=1200000 US1=1500000 $BENCH sleepy.lua --threads=2 --warmup-time=1 --time=0 --events=3 run | grep -E 'total (time|number)|events \('
      total time:                          2\.[6-9]\d{3}s (re)
      total number of events:              5
      events (avg/stddev):           2.5000/0.50
