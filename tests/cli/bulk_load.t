bench's bulk-load API (con:bulk_load_start/row/rand/end, docs/bulk-load.md)
on the null driver, which records what a load sends: the rows in the load
text format (tab-separated, backslash escapes, \N for NULL), a generated
row from a bulk_insert_next_rand pattern with the id put first, the
fallback to multi-row INSERTs with one notice when the server refuses (a
failure injected as MySQL's 1148), --bulk_load=insert's INSERTs and the
refusal of copy, which has no fallback.

  $ cat > bl.lua <<'LUA'
  > ffi.cdef[[
  > void bench_null_record(bool on);
  > const char *bench_null_log(void);
  > int bench_null_fail(const char *prefix, int code, const char *sqlstate,
  >                     bool conn_lost, unsigned times);
  > ]]
  > function prepare()
  >    ffi.C.bench_null_record(true)
  >    local con = sysbench.sql.driver():connect()
  >    print(con:bulk_load_start("t1", { "id", "k", "c" }))
  >    con:bulk_load_row(1, 2.5, "tab\there")
  >    con:bulk_load_row(2, nil, "back\\slash, new\nline, it's")
  >    con:bulk_load_rand(3, "(%d, '##-@@', 'x''y')", 42)
  >    con:bulk_load_rand(nil, "(%d, %d, NULL)", 4, 5)
  >    print(con:bulk_load_end())
  >    ffi.C.bench_null_fail("<load>", 1148, "42000", false, 1)
  >    print(con:bulk_load_start("t2", "id, k, c", "auto"))
  >    con:bulk_load_row(1, 2, "it's \\")
  >    con:bulk_load_rand(3, "(%d, '##', 'x''y')", 42)
  >    print(con:bulk_load_end())
  >    print(con:bulk_load_start("t3", "id", "insert"))
  >    con:bulk_load_row(7)
  >    print(con:bulk_load_end())
  >    ffi.C.bench_null_fail("<load>", 1148, "42000", false, 1)
  >    print(pcall(con.bulk_load_start, con, "t4", "id", "copy"))
  >    io.write(ffi.string(ffi.C.bench_null_log()))
  > end
  > LUA
  $ $BENCH bl.lua --db-driver=null --rand-seed=1 prepare 2>&1 | tail -n +3
  native
  4
  null: bulk load refused (error 1148: injected error 1148): loading with multi-row INSERTs instead
  insert
  2
  insert
  1
  FATAL: db: bulk load into t4: refused: error 1148: injected error 1148 (--bulk_load=insert or auto loads with INSERTs)
  false\tSQL API error (esc)
  <load> t1 (id, k, c)
  1\t2.5\ttab\\there (esc)
  2\t\\N\tback\\\\slash, new\\nline, it's (esc)
  3\t42\t10-qd\tx'y (esc)
  4\t5\t\\N (esc)
  <load end>
  INSERT INTO t2 (id, k, c) VALUES ('1','2','it''s \'),(3, 42, '49', 'x''y')
  INSERT INTO t3 (id) VALUES ('7')

An unknown --bulk_load is refused before prepare touches the database:

  $ $BENCH oltp_read_write --db-driver=sqlite --sqlite-db=x.sqlite --bulk_load=fast prepare | tail -n +3
  FATAL: `sysbench.cmdline.call_command' function failed: --bulk_load=fast: auto, copy or insert
  $ ls x.sqlite
  ls: cannot access 'x.sqlite': No such file or directory
  [2]

A connection lost at the start of a load, its error ignored, whose
reconnect gives up: every later load on it fails as its queries do (an
ignorable error, the loss again), and nothing crashes:

  $ cat > broken.lua <<'LUA'
  > ffi.cdef[[
  > int bench_null_fail(const char *prefix, int code, const char *sqlstate,
  >                     bool conn_lost, unsigned times);
  > ]]
  > local function try(f, ...)
  >    local ok, e = pcall(f, ...)
  >    print(ok, type(e) == "table" and e.sql_errno or e)
  > end
  > function prepare()
  >    local con = sysbench.sql.driver():connect()
  >    ffi.C.bench_null_fail("<load>", 2013, "HY000", true, 1)
  >    ffi.C.bench_null_fail("<connect>", 2003, "HY000", true, 1000000)
  >    try(con.bulk_load_start, con, "t1", "a")
  >    try(con.bulk_load_start, con, "t1", "a")
  >    try(con.bulk_load_start, con, "t1", "a", "insert")
  >    try(con.bulk_load_row, con, 1)
  >    try(con.bulk_load_end, con)
  > end
  > LUA
  $ $BENCH broken.lua --db-driver=null --db-ignore-errors=2013 --db-reconnect-timeout=1 prepare 2>&1 | tail -n +3
  false\t2013 (esc)
  false\t2013 (esc)
  true\tinsert (esc)
  true\tnil (esc)
  false\t2013 (esc)
