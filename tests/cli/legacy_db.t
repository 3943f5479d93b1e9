The 0.5-era database API of sysbench 1.0.20 (LUA-11, INV 10), run against
the in-process null driver, which records the SQL it receives (the same
scripts run against MariaDB and PostgreSQL, side by side with sysbench, in
tests/db/legacy.sh).

One implicit connection per thread; a prepared statement bound to a table
that the script changes between executions: nil binds NULL, a string longer
than the first one is sent whole, numbers are integers.

  $ cat > legacy05.lua <<'LUA'
  > ffi.cdef[[
  > void bench_null_record(bool on);
  > const char *bench_null_log(void);
  > ]]
  > function thread_init()
  >    ffi.C.bench_null_record(true)
  >    db_connect()
  >    stmt = db_prepare("UPDATE t SET c=? WHERE id=?")
  >    params = { "short", 1 }
  >    db_bind_param(stmt, params)
  > end
  > local n = 0
  > function event()
  >    n = n + 1
  >    db_query("BEGIN")
  >    db_query("SELECT c FROM t WHERE id=" .. n)
  >    params[1] = n == 2 and string.rep("x", 40) or nil
  >    params[2] = n + 0.75
  >    local rs = db_execute(stmt)
  >    db_store_results(rs)
  >    db_free_results(rs)
  >    db_query("COMMIT")
  > end
  > function thread_done()
  >    db_close(stmt)
  >    db_disconnect()
  >    io.write(ffi.string(ffi.C.bench_null_log()))
  > end
  > LUA
  $ $BENCH legacy05.lua --db-driver=null --events=2 run | sed -n '/^Threads started/,/^SQL/p'
  Threads started!
  
  BEGIN
  SELECT c FROM t WHERE id=1
  UPDATE t SET c=NULL WHERE id=1
  COMMIT
  BEGIN
  SELECT c FROM t WHERE id=2
  UPDATE t SET c='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' WHERE id=2
  COMMIT
  SQL statistics:

Misuse is one clear error at the script's line, as in 1.0.20 where it has
a message there.

  $ cat > misuse.lua <<'LUA'
  > function prepare()
  >    local st = db_prepare("SELECT ?")
  >    for _, args in ipairs({ { st, {} }, { st, { true } }, { st, { x = 1 } },
  >                            { 1, { 1 } }, { st, { [2] = 1 } } }) do
  >       print(select(2, pcall(db_bind_param, args[1], args[2])))
  >    end
  >    db_bind_param(st, { 1 })
  >    print(select(2, pcall(db_bind_result, st, {})))
  >    db_close(st)
  >    print(select(2, pcall(db_execute, st)))
  >    print(select(2, pcall(db_query)))
  >    print(select(2, pcall(db_free_results, 5)))
  > end
  > LUA
  $ $BENCH misuse.lua --db-driver=null prepare | tail -n +3
  table is empty
  Unsupported variable type: boolean
  db_bind_param: parameter keys must be numbers, got string
  bad argument #1 to 'db_bind_param' (statement expected, got number)
  db_bind_param: parameter keys must be 1..1
  table is empty
  db_execute: the statement is closed
  bad argument #1 to 'db_query' (string expected, got nil)
  bad argument #1 to 'db_free_results' (result set expected, got number)

An ignorable error restarts the event (counted once, the error counted as
ignored); any other fails the call with "<function>() failed" after the
driver's FATAL line.

  $ cat > restart.lua <<'LUA'
  > ffi.cdef[[
  > int bench_null_fail(const char *prefix, int code, const char *sqlstate,
  >                     bool conn_lost, unsigned times);
  > ]]
  > function thread_init()
  >    ffi.C.bench_null_fail("UPDATE", 1213, "40001", false, 1)
  > end
  > function event()
  >    db_query("BEGIN")
  >    db_query("UPDATE t SET k=k+1 WHERE id=1")
  >    db_query("COMMIT")
  > end
  > LUA
  $ $BENCH restart.lua --db-driver=null --db-ignore-errors=1213 --events=2 run | grep -E 'write:|other:|transactions:|ignored'
          write:                           2
          other:                           5
      transactions:                        2      (* per sec.) (glob)
      ignored errors:                      1      (* per sec.) (glob)
  $ cat > fatal.lua <<'LUA'
  > ffi.cdef[[
  > int bench_null_fail(const char *prefix, int code, const char *sqlstate,
  >                     bool conn_lost, unsigned times);
  > ]]
  > function prepare()
  >    ffi.C.bench_null_fail("DELETE", 1146, "42S02", false, 1)
  >    db_query("DELETE FROM t")
  > end
  > LUA
  $ $BENCH fatal.lua --db-driver=null prepare 2>/dev/null
  bench * (glob)
  
  FATAL: null_query() returned error 1146 (injected error 1146) for query 'DELETE FROM t'
  FATAL: `prepare' function failed: fatal.lua:7: db_query() failed
  [1]

db_connect() names what failed: the driver, or the connection (after the
driver's FATAL lines), exactly as 1.0.20; bench adds one line on what was
tried and the usual causes (docs/compatibility.md).

  $ printf 'function prepare()\n   db_connect()\nend\n' > connect.lua
  $ $BENCH connect.lua --db-driver=foo prepare 2>/dev/null
  bench * (glob)
  
  FATAL: invalid database driver name: 'foo'
  FATAL: `prepare' function failed: connect.lua:2: DB initialization failed
  [1]
  $ $BENCH connect.lua --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=1 prepare 2>/dev/null
  bench * (glob)
  
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port 1, aborting...
  FATAL: error 2002: * (glob)
  FATAL: `prepare' function failed: connect.lua:2: Failed to connect to the database
  FATAL: mysql: connect to 127.0.0.1:1 as user 'sbtest': is the server running and reachable there, the password right (--mysql-password), and does the database 'sbtest' exist (--mysql-db)?
  [1]

The legacy OLTP scripts are found from the paths sysbench users type: a
path ending in oltp_legacy/<name>.lua that names no file runs bench's copy
(module oltp_legacy.<name> on package.path: LUA_PATH here, the installed
copy otherwise). One oltp.lua transaction is 14 reads, 4 writes, 2 others.

  $ export LUA_PATH="$BENCH_SRCDIR/src/lua/?.lua;;"
  $ $BENCH /usr/share/sysbench/tests/include/oltp_legacy/oltp.lua --db-driver=null --events=10 run | grep -E 'read:|write:|other:|transactions:'
          read:                            140
          write:                           40
          other:                           20
      transactions:                        10     (* per sec.) (glob)
  $ $BENCH tests/include/oltp_legacy/oltp.lua --db-driver=null --events=10 --oltp-read-only=on --oltp-skip-trx=on --oltp-point-selects=3 run | grep -E 'read:|write:|other:'
          read:                            70
          write:                           0
          other:                           0
  $ $BENCH /nowhere/oltp_legacy/no_such_script.lua --db-driver=null run
  bench * (glob)
  
  FATAL: Cannot find benchmark '/nowhere/oltp_legacy/no_such_script.lua': no such built-in test, file or module
  [1]

The statements of one transaction, as sysbench 1.0.20's legacy oltp.lua
sends them (literal SQL; the range end is left to the server to add).

  $ cat > record.lua <<'LUA'
  > ffi.cdef[[
  > void bench_null_record(bool on);
  > const char *bench_null_log(void);
  > ]]
  > local run_event = event
  > function event()
  >    ffi.C.bench_null_record(true)
  >    run_event()
  >    io.write(ffi.string(ffi.C.bench_null_log()))
  > end
  > LUA
  $ cp "$BENCH_SRCDIR"/src/lua/oltp_legacy/oltp.lua "$BENCH_SRCDIR"/src/lua/oltp_legacy/common.lua .
  $ cat record.lua >> oltp.lua
  $ $BENCH oltp.lua --db-driver=null --events=1 --oltp-point-selects=1 --oltp-range-size=5 run | sed -n '/^BEGIN/,/^COMMIT/p' | sed -E 's/[0-9]+/N/g'
  BEGIN
  SELECT c FROM sbtestN WHERE id=N
  SELECT c FROM sbtestN WHERE id BETWEEN N AND N+N
  SELECT SUM(K) FROM sbtestN WHERE id BETWEEN N AND N+N
  SELECT c FROM sbtestN WHERE id BETWEEN N AND N+N ORDER BY c
  SELECT DISTINCT c FROM sbtestN WHERE id BETWEEN N AND N+N ORDER BY c
  UPDATE sbtestN SET k=k+N WHERE id=N
  UPDATE sbtestN SET c='N-N-N-N-N-N-N-N-N-N' WHERE id=N
  DELETE FROM sbtestN WHERE id=N
  INSERT INTO sbtestN (id, k, c, pad) VALUES (N, N, 'N-N-N-N-N-N-N-N-N-N', 'N-N-N-N-N')
  COMMIT

An argument of the wrong type is the script's error, at its line
(sysbench 1.0.20 says only "table was expected" for the bindings):

  $ cat > bind_args.lua <<'LUA'
  > function event()
  >    local stmt = db_prepare("SELECT ?")
  >    print(select(2, pcall(function() db_bind_param(stmt, 5) end)))
  >    print(select(2, pcall(function() db_bind_result(stmt, "x") end)))
  >    print(select(2, pcall(function() db_prepare({}) end)))
  > end
  > LUA
  $ $BENCH bind_args.lua --db-driver=null --events=1 run | grep ' expected'
  bind_args.lua:3: bad argument #2 to 'db_bind_param' (table expected, got number)
  bind_args.lua:4: bad argument #2 to 'db_bind_result' (table expected, got string)
  bind_args.lua:5: bad argument #1 to 'db_prepare' (string expected, got table)
