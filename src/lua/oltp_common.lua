-- SPDX-License-Identifier: MIT
-- Over 600 lines: users' scripts require this one file for all of it.
-- oltp_common: the table layout, options, prepare/prewarm/cleanup commands
-- and statement helpers shared by the bundled OLTP scripts (INV 11). The
-- global names below (create_table, prepare_point_selects, execute_*,
-- stmt, param, con, ...) are sysbench's: users' own scripts require this
-- file and call them, so they stay global and keep their meaning.

-- sysbench 1.0 lists `prewarm`, 1.1 `warmup` (both are accepted by both).
local profile_m = sysbench.version:sub(1, 3) ~= "1.0"
local ffi = require("ffi")

if sysbench.cmdline.command == nil then
   error("Command is required. Supported commands: prepare, " ..
            (profile_m and "warmup" or "prewarm") .. ", run, cleanup, help")
end

-- --tables and --table_size, checked by every command before anything is
-- made per table (issue 28: --tables=2147483648 took 5.7 GB in
-- thread_init's per-table statements before timing out). A million tables
-- is the most any benchmark of many tables uses (each costs every thread
-- its statements); ids and k are INTEGER columns.
local size_bounds = { { "tables", 1, 1000000 },
                      { "table_size", 0, 2147483647 } }

local function check_sizes()
   for _, b in ipairs(size_bounds) do
      local v = sysbench.opt[b[1]]
      if type(v) == "number" and
         not (v >= b[2] and v <= b[3] and v == math.floor(v)) then
         error(string.format("--%s=%s: must be an integer in %d..%d", b[1],
                             tostring(v), b[2], b[3]), 0)
      end
   end
end

function init()
   assert(event ~= nil, "this script is meant to be included by other " ..
             "OLTP scripts and should not be called directly.")
   check_sizes()
end

-- options.h OPT_HIDDEN_R: accepted but not listed by `help` in the 1.0
-- profile, whose listing must stay byte-identical to sysbench 1.0.20's
-- (P-2). OPT_BENCH: bench's own, listed by `help` after sysbench's options.
local HIDDEN_R = 1
local BENCH = 128

-- Listed sorted by name, as sysbench does; all numbers are DOUBLE.
sysbench.cmdline.options = {
   table_size = { "Number of rows per table", 10000 },
   range_size = { "Range size for range SELECT queries", 100 },
   tables = { "Number of tables", 1 },
   point_selects = { "Number of point SELECT queries per transaction", 10 },
   simple_ranges =
      { "Number of simple range SELECT queries per transaction", 1 },
   sum_ranges = { "Number of SELECT SUM() queries per transaction", 1 },
   order_ranges = { "Number of SELECT ORDER BY queries per transaction", 1 },
   distinct_ranges =
      { "Number of SELECT DISTINCT queries per transaction", 1 },
   index_updates = { "Number of UPDATE index queries per transaction", 1 },
   non_index_updates =
      { "Number of UPDATE non-index queries per transaction", 1 },
   delete_inserts =
      { "Number of DELETE/INSERT combinations per transaction", 1 },
   range_selects = { "Enable/disable all range SELECT queries", true },
   auto_inc = { "Use AUTO_INCREMENT column as Primary Key (for MySQL), " ..
                   "or its alternatives in other DBMS. When disabled, use " ..
                   "client-generated IDs", true },
   create_table_options = { "Extra CREATE TABLE options", "",
                            flags = HIDDEN_R },
   skip_trx = { "Don't start explicit transactions and execute all " ..
                   "queries in the AUTOCOMMIT mode", false },
   sqlite_begin = { "How SQLite transactions begin: immediate (take the " ..
                       "write lock at BEGIN), deferred, or auto (immediate " ..
                       "when the workload writes)", "auto",
                    flags = HIDDEN_R },
   secondary = { "Use a secondary index in place of the PRIMARY KEY",
                 false },
   create_secondary =
      { "Create a secondary index in addition to the PRIMARY KEY", true },
   reconnect = { "Reconnect after every N events. The default (0) is to " ..
                    "not reconnect", 0, flags = HIDDEN_R },
   mysql_storage_engine = { "Storage engine, if MySQL is used", "innodb" },
   -- bench's additions (as the MyTopling fork of sysbench has them;
   -- docs/oltp-additions.md). Their defaults keep sysbench's behaviour.
   use_file = { "Fill the c and pad columns on prepare from the lines of " ..
                   "--filename instead of random digits", false,
                flags = BENCH },
   filename = { "File or named pipe read by --use_file (from the start " ..
                   "again at its end)", "", flags = BENCH },
   secondary_ranges = { "Number of range SELECT queries per transaction " ..
                           "through the secondary index on k that read the " ..
                           "rows (select_random_ranges: 1 sum(length(c)), " ..
                           "2 id subquery, 3 LIMIT form)", 0,
                        flags = BENCH },
   bulk_load = { "How prepare loads rows: auto (COPY or LOAD DATA " ..
                    "LOCAL where the server allows it, else multi-row " ..
                    "INSERTs), copy (only those) or insert (INSERTs)",
                 "auto", flags = BENCH },
   start_id = { "prepare only loads rows start_id .. start_id + " ..
                   "range_size - 1 into existing tables, so several " ..
                   "processes can fill one table (0: create and fill them)",
                0, flags = BENCH },
   -- Declared without a default, as in sysbench, where its code path tests
   -- an undefined global and so never takes effect (OLTP-11): same here.
   pgsql_variant = {
      "Use this PostgreSQL variant when running with the PostgreSQL " ..
         "driver. The only currently supported variant is 'redshift'. " ..
         "When enabled, create_secondary is automatically disabled, and " ..
         "delete_inserts is set to 0", nil, sysbench.cmdline.ARG_STRING },
}

-- -- Row values ---------------------------------------------------------------

-- c: ten groups of 11 digits joined by '-' (119 chars); pad: five (59).
local function groups(n)
   return string.rep("###########", n, "-")
end
c_value_template = groups(10)
pad_value_template = groups(5)

-- The only source of the string columns, so that other value sources can
-- replace these two functions.
function get_c_value()
   return sysbench.rand.string(c_value_template)
end

function get_pad_value()
   return sysbench.rand.string(pad_value_template)
end

-- While these two are still the functions above, load_rows takes its fast
-- path.
local rand_c_value, rand_pad_value = get_c_value, get_pad_value

-- -- Tables ---------------------------------------------------------------------

-- `id` column type, PRIMARY KEY clause and the text after ")" for one
-- driver; sysbench supports only mysql and pgsql here, bench sqlite too.
local function table_defs(drv)
   local opt = sysbench.opt
   local name = drv:name()
   local id_def, tail
   local extra = opt.create_table_options or ""
   if name == "mysql" then
      id_def = opt.auto_inc and "INTEGER NOT NULL AUTO_INCREMENT"
         or "INTEGER NOT NULL"
      tail = "/*! ENGINE = " .. opt.mysql_storage_engine .. " */"
      -- 1.0.20 read a legacy global here; honour it when set.
      if extra == "" and type(mysql_table_options) == "string" then
         extra = mysql_table_options
      end
   elseif name == "pgsql" then
      id_def = opt.auto_inc and "SERIAL" or "INTEGER NOT NULL"
      tail = ""
   elseif name == "sqlite" then
      -- An INTEGER PRIMARY KEY is the rowid: an INSERT without id takes
      -- the next one, as AUTO_INCREMENT does.
      id_def = "INTEGER NOT NULL"
      tail = ""
   else
      error("Unsupported database driver:" .. name)
   end
   -- With --secondary PostgreSQL (and SQLite) reject "KEY xid (id)", as
   -- PostgreSQL does with sysbench.
   local key_def = opt.secondary and "KEY xid" or "PRIMARY KEY"
   return id_def, key_def, tail .. " " .. extra
end

-- A function that makes a string safe between the quotes of an SQL
-- literal for driver `drv` (values from --filename may hold quotes and
-- backslashes; MySQL reads backslash escapes, PostgreSQL and SQLite do
-- not).
local function literal_quoter(drv)
   local mysql = drv:name() == "mysql"
   return function(v)
      if not v:find("['\\]") then
         return v
      end
      if mysql then
         return (v:gsub("['\\]", "\\%0"))
      end
      return (v:gsub("'", "''"))
   end
end

-- The bulk_insert_next_rand pattern of a generated row: the one from
-- which today's rows are drawn, with or without the id.
local function rand_pattern(with_id)
   local strings = "'" .. c_value_template .. "', '" ..
      pad_value_template .. "')"
   return with_id and "(%d, %d, " .. strings or "(%d, " .. strings
end

-- Whether get_c_value and get_pad_value are still the random ones, so
-- rows can be built in C from a pattern, which costs a third of
-- formatting them in Lua (perf/oltp_prepare.sh).
local function rand_values()
   return get_c_value == rand_c_value and get_pad_value == rand_pad_value
end

-- The common case of load_rows, the default string columns, through the
-- bulk-insert API.
local function load_rand_rows(con, first_id, count, with_id)
   local rand_k = sysbench.rand.default
   local size = sysbench.opt.table_size
   local pattern = rand_pattern(with_id)
   if not with_id then
      for _ = first_id, first_id + count - 1 do
         con:bulk_insert_next_rand(pattern, rand_k(1, size))
      end
   else
      for id = first_id, first_id + count - 1 do
         con:bulk_insert_next_rand(pattern, id, rand_k(1, size))
      end
   end
end

-- Rows first_id .. first_id + count - 1 through sysbench's bulk-insert
-- API (--bulk_load=insert: statements up to its buffer size).
local function insert_rows(drv, con, n, first_id, count, with_id)
   local rand_k = sysbench.rand.default
   local size = sysbench.opt.table_size
   con:bulk_insert_init("INSERT INTO sbtest" .. n ..
                           (with_id and "(id, k, c, pad) VALUES"
                               or "(k, c, pad) VALUES"))
   if rand_values() then
      load_rand_rows(con, first_id, count, with_id)
   else
      local fmt = with_id and "(%d, %d, '%s', '%s')" or "(%d, '%s', '%s')"
      local format, quote = string.format, literal_quoter(drv)
      for id = first_id, first_id + count - 1 do
         local c = quote(get_c_value())
         local pad = quote(get_pad_value())
         if with_id then
            con:bulk_insert_next(format(fmt, id, rand_k(1, size), c, pad))
         else
            con:bulk_insert_next(format(fmt, rand_k(1, size), c, pad))
         end
      end
   end
   con:bulk_insert_done()
end

-- The same rows through the bulk-load API (--bulk_load=auto|copy, or
-- insert for ids drawn without them): the same draws in the same order,
-- so the same values. draw_with_id: the values are those of the pattern
-- with the id (else the id, if given, is only prefixed).
local function bulk_rows(con, n, first_id, count, with_id, draw_with_id,
                         fresh)
   local rand_k = sysbench.rand.default
   local size = sysbench.opt.table_size
   con:bulk_load_start("sbtest" .. n, with_id and "id, k, c, pad"
                          or "k, c, pad", sysbench.opt.bulk_load, fresh)
   if rand_values() and (with_id or draw_with_id) and size < 2^32 then
      con:bulk_load_rand_rows(first_id, count, rand_pattern(draw_with_id),
                              size, draw_with_id)
   elseif rand_values() then
      local pattern = rand_pattern(draw_with_id)
      for id = first_id, first_id + count - 1 do
         if draw_with_id then
            con:bulk_load_rand(nil, pattern, id, rand_k(1, size))
         else
            con:bulk_load_rand(with_id and id or nil, pattern,
                               rand_k(1, size))
         end
      end
   else
      for id = first_id, first_id + count - 1 do
         local c = get_c_value()
         local pad = get_pad_value()
         if with_id then
            con:bulk_load_row(id, rand_k(1, size), c, pad)
         else
            con:bulk_load_row(rand_k(1, size), c, pad)
         end
      end
   end
   con:bulk_load_end()
end

-- Loads rows first_id .. first_id + count - 1 of table `n`. `with_id`:
-- give the ids even with --auto_inc (--start_id, slices); draw_with_id
-- (default: with_id): draw the values as a row given its id is. fresh:
-- `con` created the table in the transaction it has open.
local function load_rows(drv, con, n, first_id, count, with_id, draw_with_id,
                         fresh)
   ffi.C.bench_db_load_table(con, n)
   with_id = with_id or not sysbench.opt.auto_inc
   if draw_with_id == nil then
      draw_with_id = with_id
   end
   if sysbench.opt.bulk_load == "insert" and with_id == draw_with_id then
      insert_rows(drv, con, n, first_id, count, with_id)
   else
      -- The ids are given even with --auto_inc: MySQL's counter is then
      -- theirs + 1 (a LOAD DATA would reserve ids in growing batches),
      -- PostgreSQL's sequence is moved past them (finish_table).
      bulk_rows(con, n, first_id, count, true, draw_with_id, fresh)
   end
end

-- What a worker loading a slice of a table skips: the draws of the rows
-- before its first (first_id - 1 of them), as load_rows would make them.
local function skip_rows(count, draw_with_id)
   local size = sysbench.opt.table_size
   if rand_values() then
      local pattern = rand_pattern(draw_with_id)
      if ffi.C.bench_db_load_skip(pattern, #pattern, size, count) ~= 0 then
         error("out of memory", 0)
      end
      return
   end
   local rand_k = sysbench.rand.default
   for _ = 1, count do
      get_c_value()
      get_pad_value()
      rand_k(1, size)
   end
end

-- One line in one write (bench's print: the workers of a parallel command
-- print at the same time), above the progress line on a terminal.
local function say(fmt, ...)
   print(string.format(fmt, ...))
end

-- Runs f(); an ignored error (--mysql-ignore-errors=all and the
-- connection lost, say) has no event to restart in prepare: the rows or
-- the index of that statement are missing, so prepare ends with an error
-- naming the table, not with the restart-event table (issue 12).
local function or_incomplete(table_num, what, f)
   local ok, err = pcall(f)
   if ok then
      return
   end
   if type(err) == "table" and err.errcode == sysbench.error.RESTART_EVENT
   then
      error(string.format("table 'sbtest%d' left incomplete (%s): error " ..
                             "%s ignored: %s; run cleanup, then prepare " ..
                             "again", table_num, what,
                          tostring(err.sql_errno or err.sql_state),
                          tostring(err.sql_errmsg)), 0)
   end
   -- A table left by an earlier prepare, finished or interrupted (MySQL
   -- 42S01, PostgreSQL 42P07): sysbench prints only the server's error.
   if what == "CREATE TABLE" and type(err) == "string" and
      (err:find("state = '42S01'", 1, true) or
       err:find("state = '42P07'", 1, true)) then
      require("bench.builtin").fatal(
         "table 'sbtest%d' is left from an earlier prepare: run 'cleanup' " ..
            "first, with the same --tables", table_num)
   end
   -- Anything else (the server gone, a full disk): say which table, then
   -- the error as it is.
   if what ~= "CREATE TABLE" then
      require("bench.builtin").fatal("table 'sbtest%d' left incomplete " ..
                                        "(%s): run 'cleanup', then " ..
                                        "prepare again", table_num, what)
   end
   error(err, 0)
end

-- Whether table sbtest<N>'s primary key is added after its rows, not
-- declared by CREATE TABLE: PostgreSQL builds it from the loaded rows in
-- one sort, where COPY would insert each row into it as it arrives (a
-- fifth of the server's work and of its WAL), as pgbench -i does. Only
-- with the bulk-load API (--bulk_load=insert stays sysbench's way) and
-- the PRIMARY KEY (not --secondary's KEY). The key gets the name CREATE
-- TABLE gives it (sbtest<N>_pkey): the same schema either way.
local function key_after(drv)
   local opt = sysbench.opt
   return drv:name() == "pgsql" and opt.bulk_load ~= "insert" and
      not opt.secondary and opt.table_size > 0
end

-- The primary key when key_after; then the sequence of an id column given
-- its ids (--start_id, slices) is moved past them on PostgreSQL, so that
-- oltp_insert's id-less INSERTs do not collide; then the secondary index,
-- after the rows as sysbench builds it.
function finish_table(drv, con, table_num, ids_given)
   if key_after(drv) then
      or_incomplete(table_num, "primary key", function()
         con:query(string.format("ALTER TABLE sbtest%d ADD PRIMARY KEY (id)",
                                 table_num))
      end)
   end
   if ids_given and drv:name() == "pgsql" and sysbench.opt.auto_inc then
      con:query(string.format("SELECT setval(pg_get_serial_sequence(" ..
                                 "'sbtest%d', 'id'), (SELECT max(id) " ..
                                 "FROM sbtest%d))", table_num, table_num))
   end
   if sysbench.opt.create_secondary then
      say("Creating a secondary index on 'sbtest%d'...", table_num)
      or_incomplete(table_num, "secondary index", function()
         con:query(string.format("CREATE INDEX k_%d ON sbtest%d(k)",
                                 table_num, table_num))
      end)
   end
   ffi.C.bench_db_load_mark("sbtest" .. table_num, false)
end

-- Creates table sbtest<table_num> and loads its rows; `sliced`: only
-- creates it (prepare_slice loads it). A table whose key comes after its
-- rows, created and loaded here, is so in one transaction, which lets
-- PostgreSQL load it frozen (bulk_load_start's `fresh`).
function create_table(drv, con, table_num, sliced)
   local opt = sysbench.opt
   local id_def, key_def, tail = table_defs(drv)
   local later = key_after(drv)
   local fresh = later and not sliced

   say("Creating table 'sbtest%d'...", table_num)
   local create = string.format("CREATE TABLE sbtest%d(\n" ..
                                   "  id %s,\n" ..
                                   "  k INTEGER DEFAULT '0' NOT NULL,\n" ..
                                   "  c CHAR(120) DEFAULT '' NOT NULL,\n" ..
                                   "  pad CHAR(60) DEFAULT '' NOT NULL%s\n" ..
                                   ") %s",
                                table_num, id_def,
                                later and "" or ",\n  " .. key_def .. " (id)",
                                tail)
   -- Marked first: a prepare interrupted while the server creates it
   -- names it too (cleanup drops what exists).
   ffi.C.bench_db_load_mark("sbtest" .. table_num, true)
   if fresh then
      con:query("BEGIN")
   end
   or_incomplete(table_num, "CREATE TABLE", function()
      con:query(create)
   end)

   if opt.table_size > 0 then
      say("Inserting %d records into 'sbtest%d'", opt.table_size, table_num)
   end
   if sliced then
      return
   end
   or_incomplete(table_num, "rows", function()
      load_rows(drv, con, table_num, 1, opt.table_size, nil, nil, fresh)
      if fresh then
         con:query("COMMIT")
      end
   end)
   finish_table(drv, con, table_num, opt.bulk_load ~= "insert")
end

-- -- Real data and split loading (bench's additions) -----------------------

-- The lines of `path`, one per call, from the start again after the last,
-- read by db_rows_file.c within its bounds (NULs dropped, then a CR at the
-- end; cut to BENCH_ROWS_LINE_MAX bytes, well past the widest column; only
-- a regular file or a named pipe). A pipe cannot be read again, so its
-- lines are kept as they come and then replayed from memory.
-- Several threads cannot share a pipe: each reads the file from its start,
-- and the first one's open would take the pipe's writer, leaving the
-- others blocked in theirs for ever, so they look before they open.
local function line_source(path)
   local C = ffi.C
   if sysbench.opt.threads > 1 and C.bench_db_load_is_pipe(path) == 1 then
      error("--filename=" .. path .. " is not a regular file (a pipe?): " ..
               "every prepare thread reads the file from its start, so " ..
               "prepare with --threads=1", 0)
   end
   local err = ffi.new("char[?]", 1024)
   local f = C.bench_db_rows_file_open(path, "--filename", err, 1024)
   if f == nil then
      error(ffi.string(err), 0)
   end
   f = ffi.gc(f, C.bench_db_rows_file_free)
   local line = ffi.new("const char *[1]")
   return function()
      local n = C.bench_db_rows_file_next(f, line)
      if n < 0 then
         error(ffi.string(C.bench_db_rows_file_error(f)), 0)
      end
      return ffi.string(line[0], n)
   end
end

-- The first `width` bytes of s, cut before a UTF-8 sequence rather than
-- inside one (the server would reject the broken character).
local function fit(s, width)
   if #s <= width then
      return s
   end
   local cut = width
   while cut > 0 do
      local b = s:byte(cut + 1)
      if b < 0x80 or b >= 0xC0 then
         break
      end
      cut = cut - 1
   end
   return s:sub(1, cut)
end

-- --use_file: c and pad of each loaded row are the next two lines of
-- --filename, cut to the column widths (120 and 60 characters).
local function use_file_values()
   local path = sysbench.opt.filename
   if path == nil or path == "" then
      error("--use_file=on needs --filename=PATH", 0)
   end
   local next_line = line_source(path)
   get_c_value = function() return fit(next_line(), 120) end
   get_pad_value = function() return fit(next_line(), 60) end
end

-- --start_id=N: rows N .. N + range_size - 1 of table n, ids given, into
-- a table that exists (made by a prepare without --start_id, with
-- --table_size=0 for an empty one). k stays in 1..table_size.
local function load_table_range(drv, con, n)
   local opt = sysbench.opt
   local first, count = opt.start_id, opt.range_size
   if first < 1 or first ~= math.floor(first) or count < 0 then
      error("--start_id must be a positive integer (and --range_size >= 0)",
            0)
   end
   say("Inserting %d records into 'sbtest%d' from id %d", count, n, first)
   ffi.C.bench_db_load_mark("sbtest" .. n, true)
   or_incomplete(n, "rows", function()
      load_rows(drv, con, n, first, count, true)
   end)
   -- Given ids do not move PostgreSQL's SERIAL sequence: move it past them
   -- so that oltp_insert's id-less INSERTs do not collide.
   if drv:name() == "pgsql" and opt.auto_inc then
      con:query(string.format("SELECT setval(pg_get_serial_sequence(" ..
                                 "'sbtest%d', 'id'), (SELECT max(id) " ..
                                 "FROM sbtest%d))", n, n))
   end
   ffi.C.bench_db_load_mark("sbtest" .. n, false)
end

-- Tables of this worker in a parallel command: t+1, t+1+T, ... for
-- worker t of T (the main state alone has tid 0 and takes them all).
local function own_tables()
   local threads = sysbench.opt.threads
   return sysbench.tid % threads + 1, sysbench.opt.tables, threads
end

-- With more threads than tables (and no --start_id), the slice of one
-- table this worker loads: table, slice number, slices of that table.
-- Worker t takes table t % tables + 1, as it would with --threads equal
-- to --tables, and its ids are cut in contiguous slices. nil otherwise.
local function own_slice()
   local opt = sysbench.opt
   local threads, tables = opt.threads, opt.tables
   if threads <= tables or opt.start_id ~= 0 or tables < 1 then
      return nil
   end
   local tid = sysbench.tid % threads
   local n = tid % tables + 1
   return n, math.floor(tid / tables),
      math.floor((threads - n) / tables) + 1
end

-- Slice s of `slices` of table n (its ids in the same order): the worker
-- of slice 0 creates the table, the others wait for it; each draws the
-- values the worker that loads the whole table would (its generator,
-- past the rows before the slice); the last to finish builds the index.
local function prepare_slice(drv, con, n, s, slices)
   local opt = sysbench.opt
   local size = opt.table_size
   local key = "sbtest" .. n
   if s == 0 then
      create_table(drv, con, n, true)
      ffi.C.bench_db_load_tally(key .. ".created")
   elseif ffi.C.bench_db_load_await(key .. ".created", 1) ~= 0 then
      return -- the run stops: the worker of slice 0 failed
   end
   local first = math.floor(size * s / slices) + 1
   local last = math.floor(size * (s + 1) / slices)
   if s > 0 then
      ffi.C.bench_db_load_reseed(n - 1)
      skip_rows(first - 1, not opt.auto_inc)
   end
   or_incomplete(n, "rows", function()
      load_rows(drv, con, n, first, last - first + 1, true,
                not opt.auto_inc)
   end)
   if ffi.C.bench_db_load_tally(key .. ".loaded") == slices then
      finish_table(drv, con, n, true)
   end
end

function cmd_prepare()
   check_sizes()
   local mode = sysbench.opt.bulk_load
   if mode ~= "auto" and mode ~= "copy" and mode ~= "insert" then
      error("--bulk_load=" .. tostring(mode) .. ": auto, copy or insert", 0)
   end
   local drv = sysbench.sql.driver()
   local con = drv:connect()
   local first, last, step = own_tables()
   local n, s, slices = own_slice()
   if (first <= last or n ~= nil) and sysbench.opt.use_file then
      use_file_values()
   end
   local opt = sysbench.opt
   -- Groups of tables loaded together: min(threads, tables) tables, each
   -- in slices when there are more threads than tables.
   ffi.C.bench_db_load_progress("sbtest", opt.tables,
                                opt.start_id ~= 0 and opt.range_size
                                   or opt.table_size,
                                math.min(opt.threads, opt.tables),
                                n ~= nil and opt.threads or 0)
   if n ~= nil then
      prepare_slice(drv, con, n, s, slices)
      return
   end
   for i = first, last, step do
      if sysbench.opt.start_id ~= 0 then
         load_table_range(drv, con, i)
      else
         create_table(drv, con, i)
      end
   end
end

-- Reads every table once so that the run starts with warm buffers. `verb`
-- is the command's own name, `progress` its progress word.
local function preload(verb, progress)
   check_sizes()
   local drv = sysbench.sql.driver()
   local con = drv:connect()
   assert(drv:name() == "mysql", verb .. " is currently MySQL only")
   -- Keep the derived tables below in memory.
   con:query("SET tmp_table_size=2*1024*1024*1024")
   con:query("SET max_heap_table_size=2*1024*1024*1024")
   local size = sysbench.opt.table_size
   local first, last, step = own_tables()
   for i = first, last, step do
      local t = "sbtest" .. i
      say("%s table %s", progress, t)
      con:query("ANALYZE TABLE " .. t)
      con:query(string.format("SELECT AVG(id) FROM (SELECT * FROM %s " ..
                                 "FORCE KEY (PRIMARY) LIMIT %u) t", t, size))
      con:query(string.format("SELECT COUNT(*) FROM (SELECT * FROM %s " ..
                                 "WHERE k LIKE '%%0%%' LIMIT %u) t", t, size))
   end
end

-- 1.0.20 names the command prewarm and prints "Prewarming"; 1.1 renamed
-- it warmup ("Preloading") and kept prewarm as an alias.
function cmd_prewarm()
   if profile_m then
      preload("warmup", "Preloading")
   else
      preload("prewarm", "Prewarming")
   end
end

function cmd_warmup()
   preload("warmup", "Preloading")
end

sysbench.cmdline.commands = {
   prepare = { cmd_prepare, sysbench.cmdline.PARALLEL_COMMAND },
   prewarm = { cmd_prewarm, sysbench.cmdline.PARALLEL_COMMAND },
   warmup = { cmd_warmup, sysbench.cmdline.PARALLEL_COMMAND },
}

function cleanup()
   check_sizes()
   local drv = sysbench.sql.driver()
   local con = drv:connect()
   for i = 1, sysbench.opt.tables do
      say("Dropping table 'sbtest%d'...", i)
      con:query("DROP TABLE IF EXISTS sbtest" .. i)
   end
end

-- -- Prepared statements ----------------------------------------------------------

local T = sysbench.sql.type

-- Text (with %d for the table number) and parameter types of each kind;
-- {CHAR, n} is a string parameter of at most n bytes.
stmt_defs = {
   point_selects = { "SELECT c FROM sbtest%d WHERE id=?", T.INT },
   simple_ranges = { "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ?",
                     T.INT, T.INT },
   sum_ranges = { "SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN ? AND ?",
                  T.INT, T.INT },
   order_ranges = {
      "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c",
      T.INT, T.INT },
   distinct_ranges = {
      "SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c",
      T.INT, T.INT },
   index_updates = { "UPDATE sbtest%d SET k=k+1 WHERE id=?", T.INT },
   non_index_updates = { "UPDATE sbtest%d SET c=? WHERE id=?",
                         { T.CHAR, 120 }, T.INT },
   deletes = { "DELETE FROM sbtest%d WHERE id=?", T.INT },
   inserts = { "INSERT INTO sbtest%d (id, k, c, pad) VALUES (?, ?, ?, ?)",
               T.INT, T.INT, { T.CHAR, 120 }, { T.CHAR, 60 } },
}

-- bench's statement kinds (docs/results.md) of each of them.
local stmt_kinds = {
   point_selects = "point select", simple_ranges = "range",
   sum_ranges = "sum range", order_ranges = "order range",
   distinct_ranges = "distinct range", index_updates = "index update",
   non_index_updates = "non-index update", deletes = "delete",
   inserts = "insert", secondary_ranges = "range",
}

local begin_chosen -- SQLite: whether BEGIN's form is chosen (see below)

function prepare_begin()
   stmt.begin = con:prepare("BEGIN", { kind = "begin/commit" })
   begin_chosen = false
end

-- SQLite takes a deferred transaction's write lock at its first write, and
-- a writer that finds another one's lock then fails (SQLITE_BUSY: an
-- ignored error, the event restarted). A transaction that will write
-- takes the lock when it begins instead (BEGIN IMMEDIATE), so that writers
-- wait in the busy handler. --sqlite_begin=auto decides at the first
-- begin(), when the workload's statements are prepared: IMMEDIATE if any
-- of them writes, else deferred (readers never wait for the lock).
local WRITE_KINDS = { "index_updates", "non_index_updates", "deletes",
                      "inserts" }

local function transactions_write()
   for _, key in ipairs(WRITE_KINDS) do
      if stmt[1] ~= nil and stmt[1][key] ~= nil then
         return true
      end
   end
   return false
end

local function choose_begin()
   local mode = sysbench.opt.sqlite_begin
   begin_chosen = true
   if drv:name() ~= "sqlite" then
      return
   end
   if mode == "auto" then
      mode = transactions_write() and "immediate" or "deferred"
   end
   if mode == "immediate" then
      stmt.begin:close()
      stmt.begin = con:prepare("BEGIN IMMEDIATE", { kind = "begin/commit" })
   elseif mode ~= "deferred" then
      error("--sqlite_begin must be auto, deferred or immediate", 0)
   end
end

function prepare_commit()
   stmt.commit = con:prepare("COMMIT", { kind = "begin/commit" })
end

-- Prepares statement kind `key` on every table (stmt[t][key]) and binds
-- its parameters (param[t][key][i]).
function prepare_for_each_table(key)
   local def = stmt_defs[key]
   for t = 1, sysbench.opt.tables do
      local s = con:prepare(string.format(def[1], t),
                            { kind = stmt_kinds[key] })
      stmt[t][key] = s
      if #def > 1 then
         local params = {}
         for p = 2, #def do
            local ptype = def[p]
            if type(ptype) == "table" then
               params[p - 1] = s:bind_create(ptype[1], ptype[2])
            else
               params[p - 1] = s:bind_create(ptype)
            end
         end
         param[t][key] = params
         s:bind_param(unpack(params))
      end
   end
end

-- --secondary_ranges: a read through the index on k that must visit the
-- rows for c (no covering index helps). The LIMIT is part of the text.
function prepare_secondary_ranges()
   if sysbench.opt.secondary_ranges > 0 then
      stmt_defs.secondary_ranges = {
         string.format("SELECT length(c) FROM sbtest%%d WHERE k >= ? " ..
                          "LIMIT %d", sysbench.opt.range_size), T.INT }
      prepare_for_each_table("secondary_ranges")
   end
end

function prepare_point_selects() prepare_for_each_table("point_selects") end
function prepare_simple_ranges() prepare_for_each_table("simple_ranges") end
function prepare_sum_ranges() prepare_for_each_table("sum_ranges") end
function prepare_order_ranges() prepare_for_each_table("order_ranges") end
function prepare_distinct_ranges()
   prepare_for_each_table("distinct_ranges")
end
function prepare_index_updates() prepare_for_each_table("index_updates") end
function prepare_non_index_updates()
   prepare_for_each_table("non_index_updates")
end
function prepare_delete_inserts()
   prepare_for_each_table("deletes")
   prepare_for_each_table("inserts")
end

function thread_init()
   check_sizes()
   drv = sysbench.sql.driver()
   con = drv:connect()
   stmt, param = {}, {}
   for t = 1, sysbench.opt.tables do
      stmt[t], param[t] = {}, {}
   end
   -- Defined by each script: the statement kinds it executes.
   prepare_statements()
end

function close_statements()
   for t = 1, sysbench.opt.tables do
      for _, s in pairs(stmt[t]) do
         s:close()
      end
      stmt[t], param[t] = {}, {}
   end
   if stmt.begin ~= nil then
      stmt.begin:close()
      stmt.begin = nil
   end
   if stmt.commit ~= nil then
      stmt.commit:close()
      stmt.commit = nil
   end
end

function thread_done()
   close_statements()
   con:disconnect()
end

-- -- Events ----------------------------------------------------------------

-- Each query group draws its own table; ids come from --rand-type.
local function get_table_num()
   return sysbench.rand.uniform(1, sysbench.opt.tables)
end

local function get_id()
   return sysbench.rand.default(1, sysbench.opt.table_size)
end

function begin()
   if not begin_chosen then
      choose_begin()
   end
   stmt.begin:execute()
end

function commit()
   stmt.commit:execute()
end

function execute_point_selects()
   local t = get_table_num()
   local s, id = stmt[t].point_selects, param[t].point_selects[1]
   for _ = 1, sysbench.opt.point_selects do
      id:set(get_id())
      s:execute()
   end
end

-- A range group: [id, id + range_size - 1] for --<key> statements.
local function execute_range(key)
   local t = get_table_num()
   local s, p = stmt[t][key], param[t][key]
   for _ = 1, sysbench.opt[key] do
      local id = get_id()
      p[1]:set(id)
      p[2]:set(id + sysbench.opt.range_size - 1)
      s:execute()
   end
end

function execute_simple_ranges() execute_range("simple_ranges") end
function execute_sum_ranges() execute_range("sum_ranges") end
function execute_order_ranges() execute_range("order_ranges") end
function execute_distinct_ranges() execute_range("distinct_ranges") end

-- Nothing, not even the table draw, when --secondary_ranges=0, so the
-- default run draws what sysbench draws.
function execute_secondary_ranges()
   local n = sysbench.opt.secondary_ranges
   if n > 0 then
      local t = get_table_num()
      local s, k = stmt[t].secondary_ranges, param[t].secondary_ranges[1]
      for _ = 1, n do
         k:set(get_id())
         s:execute()
      end
   end
end

function execute_index_updates()
   local t = get_table_num()
   local s, id = stmt[t].index_updates, param[t].index_updates[1]
   for _ = 1, sysbench.opt.index_updates do
      id:set(get_id())
      s:execute()
   end
end

function execute_non_index_updates()
   local t = get_table_num()
   local s, p = stmt[t].non_index_updates, param[t].non_index_updates
   for _ = 1, sysbench.opt.non_index_updates do
      p[1]:set_rand_str(c_value_template)
      p[2]:set(get_id())
      s:execute()
   end
end

-- DELETE a random row and INSERT it back with a new k, c and pad.
function execute_delete_inserts()
   local t = get_table_num()
   local del, ins = stmt[t].deletes, stmt[t].inserts
   local dp, ip = param[t].deletes, param[t].inserts
   for _ = 1, sysbench.opt.delete_inserts do
      local id = get_id()
      local k = get_id()
      dp[1]:set(id)
      ip[1]:set(id)
      ip[2]:set(k)
      ip[3]:set_rand_str(c_value_template)
      ip[4]:set_rand_str(pad_value_template)
      del:execute()
      ins:execute()
   end
end

-- --reconnect=N: after every N-th event of this thread, drop the
-- connection and prepare everything again on a new one (OLTP-10; the
-- reconnect is counted by db.c).
local events_done = 0

function check_reconnect()
   local every = sysbench.opt.reconnect
   if every > 0 then
      events_done = events_done + 1
      if events_done % every == 0 then
         close_statements()
         con:reconnect()
         prepare_statements()
      end
   end
end

-- After the driver reconnected on a lost connection, the statements of
-- the old one are gone: prepare them again (OLTP-9). MySQL client codes:
-- CR_SERVER_GONE_ERROR, CR_TCP_CONNECTION, CR_SERVER_LOST,
-- CR_SERVER_LOST_EXTENDED.
local connection_lost = { [2006] = true, [2011] = true, [2013] = true,
                          [2055] = true }

function sysbench.hooks.before_restart_event(errdesc)
   if connection_lost[errdesc.sql_errno] then
      close_statements()
      prepare_statements()
   end
end
