A closed statement, result or connection is an object that says so when
used: an ALERT and/or an error, never a use after free (issue 12). sysbench
1.0.20 segfaults on `stmt:execute(); stmt:close(); stmt:execute()`
(docs/compatibility.md). On the null driver, in the 1.0 and 1.1
profiles and the 0.5-era API. Run under ASan by CI.

  $ cat > closed.lua <<'LUA'
  > local drv = sysbench.sql.driver()
  > local function try(name, f)
  >    local ok, err = pcall(f)
  >    print(name .. ": " .. (ok and "ok" or ("error: " .. tostring(err))))
  > end
  > function prepare()
  >    local con = drv:connect()
  >    local st = con:prepare("SELECT 1")
  >    try("execute", function() st:execute() end)
  >    try("close", function() st:close() end)
  >    try("execute after close", function() st:execute() end)
  >    try("close twice", function() st:close() end)
  >    try("bind after close", function()
  >           st:bind_param(st:bind_create(sysbench.sql.type.INT)) end)
  >    try("next_result after close", function() st:next_result() end)
  >    local rs = con:query("SELECT 1")
  >    try("free", function() rs:free() end)
  >    try("free twice", function() rs:free() end)
  >    try("fetch after free", function() return rs:fetch_row() end)
  >    local st2 = con:prepare("SELECT 2")
  >    rs = con:query("SELECT 1")
  >    try("disconnect", function() con:disconnect() end)
  >    try("disconnect twice", function() con:disconnect() end)
  >    try("fetch after disconnect", function() assert(rs:fetch_row() == nil) end)
  >    try("query after disconnect", function() con:query("SELECT 1") end)
  >    try("prepare after disconnect", function() con:prepare("SELECT 1") end)
  >    try("execute after disconnect", function() st2:execute() end)
  >    try("close after disconnect", function() st2:close() end)
  >    try("reconnect after disconnect", function() con:reconnect() end)
  >    try("bulk after disconnect", function() con:bulk_insert_init("INSERT INTO t VALUES") end)
  >    local con2 = drv:connect()
  >    local st3 = con2:prepare("SELECT 3")
  >    con2 = nil
  >    collectgarbage()
  >    collectgarbage()
  >    try("execute after connection collected", function() st3:execute() end)
  >    try("connection of it", function() assert(st3.connection == nil) end)
  >    try("close after connection collected", function() st3:close() end)
  > end
  > LUA
  $ "$BENCH" --db-driver=null closed.lua prepare 2>err | sed 1d; cat err
  
  execute: ok
  close: ok
  ALERT: attempt to use an already closed statement
  execute after close: error: closed.lua:11: SQL API error
  ALERT: attempt to close an already closed statement
  close twice: ok
  ALERT: attempt to use an already closed statement
  bind after close: error: closed.lua:14: SQL API error
  next_result after close: error: closed.lua:15: SQL API error
  free: ok
  (last message repeated 1 times)
  ALERT: attempt to free an invalid result set
  free twice: error: bench.sql:105: db_free_results() failed
  ALERT: attempt to fetch row from an invalid result set
  fetch after free: ok
  disconnect: ok
  ALERT: attempt to close an already closed connection
  disconnect twice: ok
  ALERT: attempt to use an already closed connection
  fetch after disconnect: ok
  query after disconnect: error: closed.lua:25: SQL API error
  prepare after disconnect: error: closed.lua:26: SQL API error
  execute after disconnect: error: closed.lua:27: SQL API error
  close after disconnect: ok
  (last message repeated 4 times)
  ALERT: attempt to close an already closed connection
  reconnect after disconnect: ok
  ALERT: attempt to use an already closed connection
  bulk after disconnect: ok
  execute after connection collected: error: closed.lua:36: SQL API error
  connection of it: ok
  close after connection collected: ok

The 1.1 profile gives the same answers; only two messages carry 1.1's
positions (its result:free() asserts without one, its check_error is a
tail call, so a pcall'd query names no line):

  $ "$BENCH" --compat=1.1 --db-driver=null closed.lua prepare 2>&1 | sed 1d > compat.out
  $ "$BENCH" --db-driver=null closed.lua prepare 2>&1 | sed 1d |
  >   diff - compat.out | sed 's/^/| /'
  | 14c14
  | < free twice: error: bench.sql:105: db_free_results() failed
  | ---
  | > free twice: error: db_free_results() failed
  | 22c22
  | < query after disconnect: error: closed.lua:25: SQL API error
  | ---
  | > query after disconnect: error: SQL API error

A result object is a handle on its connection's current result: it keeps
nothing alive, and the connection's memory is recycled rather than freed
(db.h). A result used after its connection was collected (was a use after
free: `rs = con:query(...); con = nil; collectgarbage(); rs:fetch_row()`),
also when a new connection reuses that memory, or after a later query
made another result current, says so and raises an error; after free(), a
query without rows or disconnect() it is sysbench's ALERT and nil. The same
script runs on the servers in tests/db/test_result_lifetime.sh. The null
driver answers a SELECT with no rows:

  $ cp "$BENCH_SRCDIR/tests/db/result_lifetime.lua" .
  $ "$BENCH" --db-driver=null result_lifetime.lua prepare 2>err | sed 1d; cat err
  
  ALERT: attempt to use a result set whose connection was freed
  fetch_row after connection collected: error result_lifetime.lua:22: SQL API error
  nrows after connection collected: error result_lifetime.lua:32: SQL API error
  nfields after connection collected: error result_lifetime.lua:33: SQL API error
  free after connection collected: error result_lifetime.lua:34: SQL API error
  old result, memory reused: error result_lifetime.lua:22: SQL API error
  (last message repeated 4 times)
  ALERT: attempt to fetch row from an empty result set
  new result: ok nil
  ALERT: attempt to use a result set replaced by a later query
  query result after execute: error result_lifetime.lua:22: SQL API error
  execute result after query: error result_lifetime.lua:49: SQL API error
  (last message repeated 1 times)
  ALERT: attempt to fetch row from an empty result set
  current result: ok nil
  ALERT: attempt to fetch row from an invalid result set
  result after a query without rows: ok nil
  result after free: ok nil
  execute result after close: ok nil
  execute result after statement collected: ok nil
  (last message repeated 3 times)
  ALERT: attempt to use a result set whose connection was freed
  execute result after connection collected: error result_lifetime.lua:22: SQL API error
  ALERT: attempt to use an already closed connection
  statement after connection collected: error SQL API error
  fetch_row after disconnect: ok nil
  (last message repeated 1 times)
  ALERT: attempt to use a result set whose connection was freed
  fetch_row after disconnect and collection: error result_lifetime.lua:22: SQL API error
  ALERT: attempt to use a result set replaced by a later query
  execute result after another statement's execute: error result_lifetime.lua:22: SQL API error
  ALERT: attempt to fetch row from an empty result set
  the other statement's result: ok nil
  the first statement's result again: ok nil
  done

The 1.1 profile gives the same answers:

  $ "$BENCH" --compat=1.1 --db-driver=null result_lifetime.lua prepare 2>&1 |
  >   sed 1d > compat.out
  $ "$BENCH" --db-driver=null result_lifetime.lua prepare 2>&1 | sed 1d |
  >   diff - compat.out

The 0.5-era API: a closed statement is refused by name; db_disconnect()
frees the connection, and a statement prepared on it fails:

  $ cat > legacy.lua <<'LUA'
  > local function try(name, f, ...)
  >    local ok, err = pcall(f, ...)
  >    print(name .. ": " .. (ok and "ok" or ("error: " .. tostring(err))))
  > end
  > function prepare()
  >    db_connect()
  >    local st = db_prepare("SELECT 1")
  >    try("execute", function() db_free_results(db_execute(st)) end)
  >    local rs = db_execute(st)
  >    try("free", function() db_free_results(rs) end)
  >    try("free twice", function() db_free_results(rs) end)
  >    try("store after free", function() db_store_results(rs) end)
  >    try("close", function() db_close(st) end)
  >    try("close twice", function() db_close(st) end)
  >    try("execute after close", function() db_execute(st) end)
  >    try("bind after close", function() db_bind_param(st, {1}) end)
  >    local st2 = db_prepare("SELECT 2")
  >    rs = db_execute(st2)
  >    try("disconnect", function() db_disconnect() end)
  >    try("disconnect twice", function() db_disconnect() end)
  >    try("free after disconnect", function() db_free_results(rs) end)
  >    try("execute after disconnect", function() db_execute(st2) end)
  >    try("close after disconnect", function() db_close(st2) end)
  >    try("query after disconnect (reconnects)", function() db_query("SELECT 1") end)
  > end
  > LUA
  $ "$BENCH" --db-driver=null legacy.lua prepare 2>err | sed 1d; cat err
  
  execute: ok
  free: ok
  free twice: ok
  store after free: ok
  close: ok
  close twice: error: legacy.lua:14: db_close: the statement is closed
  execute after close: error: legacy.lua:15: db_execute: the statement is closed
  bind after close: error: legacy.lua:16: db_bind_param: the statement is closed
  disconnect: ok
  disconnect twice: ok
  free after disconnect: ok
  ALERT: attempt to use an already closed connection
  execute after disconnect: error: legacy.lua:22: db_execute() failed
  close after disconnect: ok
  query after disconnect (reconnects): ok

Sizes of bind_create are checked before they reach C: a VARCHAR parameter
of length -1 was a 0-byte buffer that set() overflowed by (size_t) -1:

  $ cat > bind.lua <<'LUA'
  > function prepare()
  >    local con = sysbench.sql.driver():connect()
  >    local st = con:prepare("SELECT ?")
  >    for _, n in ipairs({-1, -5, 0.5, 0/0, 1/0, 2^40, "abc", "7", 0}) do
  >       local ok, p = pcall(st.bind_create, st, sysbench.sql.type.VARCHAR, n)
  >       if ok then p:set(("x"):rep(300)); st:bind_param(p); st:execute() end
  >       print(tostring(n) .. ": " .. (ok and ("ok " .. p.max_len) or p))
  >    end
  >    print(pcall(st.bind_create, st, "VARCHAR", 4))
  > end
  > LUA
  $ "$BENCH" --db-driver=null bind.lua prepare 2>err | sed 1d; cat err
  
  -1: bind_create: invalid buffer length -1 (an integer from 0 to 1073741824 expected)
  -5: bind_create: invalid buffer length -5 (an integer from 0 to 1073741824 expected)
  0.5: bind_create: invalid buffer length 0.5 (an integer from 0 to 1073741824 expected)
  nan: bind_create: invalid buffer length nan (an integer from 0 to 1073741824 expected)
  inf: bind_create: invalid buffer length inf (an integer from 0 to 1073741824 expected)
  1099511627776: bind_create: invalid buffer length 1099511627776 (an integer from 0 to 1073741824 expected)
  abc: bind_create: invalid buffer length abc (an integer from 0 to 1073741824 expected)
  7: ok 7
  0: ok 0
  false\tUnsupported argument type: VARCHAR (esc)

The other calls of a connection after disconnect() (1.0 API): an ALERT,
an error or an empty answer, never a crash:

  $ cat > closed2.lua <<'LUA'
  > local drv = sysbench.sql.driver()
  > local function try(name, f)
  >    local ok, err = pcall(f)
  >    print(name .. ": " .. (ok and "ok " .. tostring(err) or ("error: " .. tostring(err))))
  > end
  > function prepare()
  >    local con = drv:connect()
  >    local rs = con:query("SELECT 1")
  >    con:disconnect()
  >    try("nrows after disconnect", function() return rs.nrows end)
  >    try("query_row", function() return con:query_row("SELECT 1") end)
  >    try("more_results", function() return con:more_results() end)
  >    try("next_result", function() return con:next_result() end)
  >    try("bulk_insert_next", function() con:bulk_insert_next("(1)") end)
  >    try("bulk_insert_next_rand", function() con:bulk_insert_next_rand("(%d)", 1) end)
  >    try("bulk_insert_done", function() con:bulk_insert_done() end)
  >    try("driver name", function() return drv:name() end)
  > end
  > LUA
  $ "$BENCH" --db-driver=null closed2.lua prepare 2>err | sed 1d; cat err
  
  nrows after disconnect: ok 0
  ALERT: attempt to use an already closed connection
  query_row: error: bench.sql:325: SQL API error
  more_results: ok false
  next_result: error: SQL API error
  bulk_insert_next: ok nil
  bulk_insert_next_rand: ok nil
  bulk_insert_done: ok nil
  driver name: ok null
