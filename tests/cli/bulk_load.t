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

con:bulk_load_rand_rows(first_id, count, pattern, k_max, draw_with_id),
the rows of a whole table made in C, sends the rows and draws of a loop of
bulk_load_rand, with k = sysbench.rand.default(1, k_max) drawn first: for
oltp's pattern with and without the id in it, and for patterns it cannot
compile (letters, a digit outside a literal), which go row by row:

  $ cat > rr.lua <<'LUA'
  > ffi.cdef[[
  > void bench_null_record(bool on);
  > const char *bench_null_log(void);
  > ]]
  > local pats = { "(%d, %d, '###-##', '#')", "(%d, '##-#', '###')",
  >                "(%d, '##@', 'x')", "(%d, 7, '##')" }
  > function prepare()
  >    ffi.C.bench_null_record(true)
  >    local con = sysbench.sql.driver():connect()
  >    for _, p in ipairs(pats) do
  >       local two = select(2, p:gsub("%%d", "")) == 2
  >       for pass = 1, 2 do
  >          ffi.C.bench_db_load_reseed(0)
  >          con:bulk_load_start("t", "id, k, c, pad")
  >          if pass == 2 then
  >             con:bulk_load_rand_rows(1, 4, p, 9, two)
  >          elseif two then
  >             for id = 1, 4 do
  >                con:bulk_load_rand(nil, p, id, sysbench.rand.default(1, 9))
  >             end
  >          else
  >             for id = 1, 4 do
  >                con:bulk_load_rand(id, p, sysbench.rand.default(1, 9))
  >             end
  >          end
  >          con:bulk_load_end()
  >       end
  >    end
  >    local loads = {}
  >    for l in ffi.string(ffi.C.bench_null_log()):gmatch("<load> t[^\n]*\n(.-)<load end>") do
  >       loads[#loads + 1] = l
  >    end
  >    for i = 1, #loads, 2 do
  >       print(pats[(i + 1) / 2], loads[i] == loads[i + 1] and "same rows" or "DIFFERENT")
  >    end
  >    io.write(loads[1], loads[3])
  > end
  > LUA
  $ $BENCH rr.lua --db-driver=null --rand-seed=1 prepare 2>&1 | tail -n +3
  (%d, %d, '###-##', '#')\tsame rows (esc)
  (%d, '##-#', '###')\tsame rows (esc)
  (%d, '##@', 'x')\tsame rows (esc)
  (%d, 7, '##')\tsame rows (esc)
  1\t5\t569-08\t3 (esc)
  2\t5\t592-71\t3 (esc)
  3\t5\t910-72\t7 (esc)
  4\t5\t490-24\t1 (esc)
  1\t5\t29-5\t563 (esc)
  2\t5\t09-4\t970 (esc)
  3\t5\t27-9\t867 (esc)
  4\t5\t30-3\t117 (esc)
