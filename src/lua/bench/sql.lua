-- SPDX-License-Identifier: MIT
-- Over 600 lines: its objects share the handle checks and error protocol.
-- bench.sql: sysbench.sql (INV 9.7): driver, connection, statement, parameter
-- and result objects over db.c's C layer through the FFI (db_api_decls.h).
-- Errors as sysbench (SQL-4): API misuse raises "SQL API error"; an error
-- ignorable (or accepted by sysbench.hooks.sql_error_ignorable) raises its
-- descriptor, errcode = RESTART_EVENT; else "SQL error, errno = ...".
local ffi = require("ffi")
local C = ffi.C

local sql = {}

-- sysbench 1.1's behaviour where it differs from 1.0.20's (PD-9): see the
-- `M` branches below (issue 14).
local M = sysbench.version == "1.1.0"

sql.type = { NONE = 0, TINYINT = 1, SMALLINT = 2, INT = 3, BIGINT = 4,
             FLOAT = 5, DOUBLE = 6, TIME = 7, DATE = 8, DATETIME = 9,
             TIMESTAMP = 10, CHAR = 11, VARCHAR = 12 }
sql.error = { NONE = 0, IGNORABLE = 1, FATAL = 2 }

local T = sql.type

local function cstring(p)
   return p ~= nil and ffi.string(p) or nil
end

-- Raises the error of the last call on `con` (level: the caller's caller;
-- `api_level`, when given, that of "SQL API error").
local function raise_error(con, query, api_level)
   if con.error == C.DB_ERROR_NONE then
      return
   end
   if con.sql_state == nil and con.sql_errmsg == nil then
      error("SQL API error", api_level or 3)
   end
   local desc = { connection = con, query = query, sql_errno = con.sql_errno,
                  sql_state = cstring(con.sql_state),
                  sql_errmsg = cstring(con.sql_errmsg) }
   local hook = sysbench.hooks.sql_error_ignorable
   if con.error == C.DB_ERROR_IGNORABLE or
      (type(hook) == "function" and hook(desc)) then
      desc.errcode = sysbench.error.RESTART_EVENT
      error(desc, 3)
   end
   error(string.format("SQL error, errno = %d, state = '%s': %s",
                       desc.sql_errno, desc.sql_state or "",
                       desc.sql_errmsg or ""), 3)
end

-- -- Results ---------------------------------------------------------------

-- What a script holds for a result: the connection's result and the gen it
-- had (db.h, "Result handles"). A plain sql_result pointer would keep
-- nothing alive; the memory it points to is never freed, and a handle
-- whose gen is no longer the result's is checked before any use, so a
-- result used after its connection was freed, or after a later query
-- replaced it, raises an error instead of reading freed memory. A handle
-- that is dropped at once (an OLTP event's execute()) is never allocated:
-- the JIT removes it.
ffi.cdef("typedef struct { sql_result *rs; uint32_t gen; } bench_result;")
local Result = ffi.typeof("bench_result")

-- The result of handle h, or the error at `level` when it must fail.
local function live(h, level)
   local rs = h.rs
   if h.gen ~= rs.gen and C.bench_db_result_stale(rs, h.gen) then
      error("SQL API error", level)
   end
   return rs
end

-- A result object for rows, else nil (api_level: raise_error's).
local function rows_or_nil(rs, con, query, api_level)
   if rs == nil then
      raise_error(con, query, api_level)
      return nil
   end
   if rs.nfields == 0 then
      return nil
   end
   return Result(rs, rs.gen)
end

local result = {}

function result:fetch_row()
   local rs = live(self, 3)
   local row = C.db_fetch_row(rs)
   if row == nil then
      return nil
   end
   local t = {}
   local values = row.values
   for i = 0, rs.nfields - 1 do
      local v = values[i]
      if v.ptr ~= nil then
         t[i + 1] = ffi.string(v.ptr, v.len)
      end
   end
   return t
end

function result:free()
   assert(C.db_free_results(live(self, 3)) == 0, "db_free_results() failed")
end

-- 1.1 returns what its assert returns, and its message has no position.
if M then
   function result:free()
      if C.db_free_results(live(self, 3)) ~= 0 then
         error("db_free_results() failed", 0)
      end
      return true, "db_free_results() failed"
   end
end

-- Methods, then the result's fields. `nrows` is exact at once, as in
-- sysbench (see bench.lua): only reading it makes a streamed result
-- buffer its remaining rows.
ffi.metatype(Result, {
   __index = function(h, key)
      local m = result[key]
      if m ~= nil then
         return m
      end
      local rs = live(h, 3)
      if key == "nrows" then
         return C.db_result_nrows(rs)
      end
      return rs[key]
   end,
   __tostring = function() return "<sql_result>" end,
})

-- -- Parameters of prepared statements --------------------------------------

local param = {}
local param_mt = { __index = param,
                   __tostring = function() return "<sql_param>" end }

-- The largest buffer of a CHAR/VARCHAR parameter (1 GiB, MySQL's
-- max_allowed_packet ceiling).
local MAX_PARAM_LEN = 1073741824

-- max_len of bind_create: nil is 0 (sysbench's default), anything else an
-- integer from 0 to MAX_PARAM_LEN, checked here: in C a negative length
-- became a 0-byte buffer that set() overflowed by (size_t) -1.
local function check_max_len(max_len)
   if max_len == nil then
      return 0
   end
   local n = tonumber(max_len)
   if n == nil or n ~= n or n < 0 or n > MAX_PARAM_LEN or n % 1 ~= 0 then
      error(string.format("bind_create: invalid buffer length %s (an " ..
                          "integer from 0 to %d expected)",
                          tostring(max_len), MAX_PARAM_LEN), 4)
   end
   return n
end

local function new_param(btype, max_len)
   local p = { is_null = ffi.new("char[1]", 1),
               data_len = ffi.new("unsigned long[1]") }
   if type(btype) ~= "number" then
      error("Unsupported argument type: " .. tostring(btype), 3)
   elseif btype >= T.TINYINT and btype <= T.BIGINT then
      p.type, p.buffer = T.BIGINT, ffi.new("int64_t[1]")
   elseif btype == T.FLOAT or btype == T.DOUBLE then
      p.type, p.buffer = T.DOUBLE, ffi.new("double[1]")
   elseif btype == T.CHAR or btype == T.VARCHAR then
      max_len = check_max_len(max_len)
      p.type, p.max_len = T.VARCHAR, max_len
      p.buffer = ffi.new("char[?]", max_len + 1)
   else
      error("Unsupported argument type: " .. tostring(btype), 3)
   end
   return setmetatable(p, param_mt)
end

function param:set(v)
   if v == nil then
      self.is_null[0] = 1
      return
   end
   self.is_null[0] = 0
   if self.type == T.VARCHAR then
      local s = tostring(v)
      local n = math.min(#s, self.max_len)
      ffi.copy(self.buffer, s, n)
      self.data_len[0] = n
   else
      self.buffer[0] = v
   end
end

-- Fills a VARCHAR parameter like sysbench.rand.string without making a
-- Lua string.
function param:set_rand_str(fmt)
   local n = math.min(#fmt, self.max_len)
   if #fmt > self.max_len then
      fmt = fmt:sub(1, n)
   end
   C.sb_rand_str(fmt, self.buffer)
   self.data_len[0] = n
   self.is_null[0] = 0
end

-- -- Statements --------------------------------------------------------------

local statement = {}
-- The bind arrays and parameters of each statement, kept alive while it is.
local bound = setmetatable({}, { __mode = "k" })

function statement:bind_create(btype, max_len)
   -- Not a tail call: new_param's error level counts this frame, so an
   -- error names the caller's line, or none under pcall, as sysbench.
   local p = new_param(btype, max_len)
   return p
end

function statement:bind_param(...)
   local n = select("#", ...)
   if n == 0 then
      return nil
   end
   local binds = ffi.new("sql_bind[?]", n)
   local params = { ... }
   for i = 1, n do
      local p, b = params[i], binds[i - 1]
      b.type, b.buffer, b.data_len = p.type, p.buffer, p.data_len
      b.max_len, b.is_null = p.max_len or 0, p.is_null
   end
   bound[self] = { binds, params }
   if C.db_bind_param(self, binds, n) ~= 0 then
      if self.connection ~= nil then
         raise_error(self.connection, "<prepared statement>")
      end
      error("SQL API error", 2)
   end
   return 0
end

-- What execute returns once the statement's call returned rs (nil: it
-- failed). Tail-called by both execute methods (threads, virtual users),
-- so that its error levels are execute's: "SQL API error" and raise_error
-- name the script's line. It loads the connection only on an error: this
-- runs once per query of every OLTP event (docs/perf-history.md,
-- db_point_select). 1.1 returns a result object for a statement that
-- returns no rows too (there a NULL pointer, which crashes free(); here
-- the connection's result, which fetch_row() and free() reject with 1.1's
-- ALERTs).
local function executed(self, rs)
   if rs == nil then
      local con = self.connection
      if con == nil then -- its connection was freed (ALERT printed)
         error("SQL API error", 2)
      end
      raise_error(con, "<prepared statement>")
      if not M then
         return nil
      end
      rs = C.bench_db_conn_result(con)
   end
   if rs.nfields == 0 and not M then
      return nil
   end
   return Result(rs, rs.gen)
end
if C.bench_db_timed_tsc() then
   -- Timed inline, measuring with the TSC; a result it returns has
   -- columns, NULL is executed's case (db_api_decls.h).
   local execute_tsc = C.bench_db_execute_tsc
   function statement:execute()
      local rs = execute_tsc(self)
      if rs ~= nil then
         return Result(rs, rs.gen)
      end
      return executed(self, rs)
   end
else
   function statement:execute()
      return executed(self, C.db_execute(self))
   end
end

function statement:next_result()
   local rs = C.db_stmt_next_result(self)
   if rs == nil and self.connection == nil then
      error("SQL API error", 2)
   end
   return rows_or_nil(rs, self.connection, "")
end

-- The statement's memory stays until its finalizer runs, so a call on a
-- closed statement prints an ALERT and raises "SQL API error".
function statement:close()
   bound[self] = nil
   return C.db_close(self)
end

ffi.metatype("sql_statement", {
   __index = statement,
   __tostring = function() return "<sql_statement>" end,
})

-- -- Connections -------------------------------------------------------------

local connection = {}

-- The level 1.1 names in "SQL API error" (its check_error tail-called):
-- the caller's caller, e.g. the pcall of a query on a closed connection.
local QUERY_API_LEVEL = M and 4 or nil

-- opts: bench's {kind = ...} (sql.opts_kind, below).
function connection:query(query, opts)
   return rows_or_nil(opts == nil and C.db_query(self, query, #query) or
                         C.bench_db_query_kind(self, query, #query,
                                               sql.opts_kind(opts)),
                      self, query, QUERY_API_LEVEL)
end

-- The first row's values as multiple results (nil for NULL), or nothing.
function connection:query_row(query)
   local rs = self:query(query)
   if rs == nil then
      return nil
   end
   local n = rs.nfields -- no rows: nil, no ALERT (sysbench tests nrows)
   local row = rs.nrows > 0 and rs:fetch_row() or nil
   rs:free()
   if row == nil then
      return nil
   end
   return unpack(row, 1, n)
end

function connection:bulk_insert_init(query)
   if C.db_bulk_insert_init(self, query, #query) ~= 0 then
      raise_error(self, query)
      error("db_bulk_insert_init() failed", 2)
   end
end

function connection:bulk_insert_next(row)
   if C.db_bulk_insert_next(self, row, #row) ~= 0 then
      raise_error(self, row)
      error("db_bulk_insert_next() failed", 2)
   end
end

-- bench's addition: bulk_insert_next of `pattern` with its "%d"s replaced
-- by the integers a and b and its '#'/'@' by random digits/letters (as
-- sysbench.rand.string), built in C with no Lua string per row.
local rand_ints = ffi.new("int64_t[2]")

function connection:bulk_insert_next_rand(pattern, a, b)
   rand_ints[0], rand_ints[1] = a or 0, b or 0
   if C.db_bulk_insert_next_rand(self, pattern, #pattern, rand_ints,
                                 b and 2 or (a and 1 or 0)) ~= 0 then
      raise_error(self, pattern)
      error("db_bulk_insert_next_rand() failed", 2)
   end
end

function connection:bulk_insert_done()
   if C.db_bulk_insert_done(self) ~= 0 then
      raise_error(self, "")
      error("db_bulk_insert_done() failed", 2)
   end
end

-- -- Bulk loading (bench's addition, docs/bulk-load.md) -----------------------

local load_methods = { auto = C.BENCH_LOAD_AUTO, copy = C.BENCH_LOAD_NATIVE,
                       native = C.BENCH_LOAD_NATIVE,
                       insert = C.BENCH_LOAD_INSERT }

-- Starts loading rows into `tbl` (columns: a list or a comma-separated
-- string). method: "auto" (default: the native path when the server
-- allows it, else INSERTs), "copy" (native only) or "insert". fresh:
-- this connection created `tbl`, empty, in the transaction it has open
-- (PostgreSQL then loads it frozen). Returns "native" or "insert", the
-- path taken.
function connection:bulk_load_start(tbl, columns, method, fresh)
   if type(columns) == "table" then
      columns = table.concat(columns, ", ")
   end
   local m = load_methods[method or "auto"]
   if m == nil then
      error("bulk_load_start: unknown method '" .. tostring(method) ..
               "' (auto, copy or insert)", 2)
   end
   if fresh then
      m = m + C.BENCH_LOAD_FRESH -- a flag bit above the methods
   end
   local rc = C.bench_db_load_start(self, tbl, columns, m)
   if rc < 0 then
      raise_error(self, "bulk load into " .. tbl)
      error("bulk_load_start() failed", 2)
   end
   return rc == C.BENCH_LOAD_NATIVE and "native" or "insert"
end

local load_vals, load_cap = nil, 0

-- One row: its values in column order (nil for NULL; numbers as decimal
-- text, integers without a fraction).
function connection:bulk_load_row(...)
   local n = select("#", ...)
   if n > load_cap then
      load_cap = math.max(n, 16)
      load_vals = ffi.new("sql_value[?]", load_cap)
   end
   local keep = { ... }
   for i = 1, n do
      local v = keep[i]
      if v == nil then
         load_vals[i - 1].ptr, load_vals[i - 1].len = nil, 0
      else
         if type(v) == "number" then
            v = (v == math.floor(v) and math.abs(v) < 2^53)
               and string.format("%d", v) or string.format("%.17g", v)
         else
            v = tostring(v)
         end
         keep[i] = v
         load_vals[i - 1].ptr, load_vals[i - 1].len = v, #v
      end
   end
   if C.bench_db_load_values(self, load_vals, n) ~= 0 then
      raise_error(self, "bulk load row")
      error("bulk_load_row() failed", 2)
   end
end

-- One generated row, as bulk_insert_next_rand makes it from `pattern`
-- and the integers a and b (the same draws), preceded by `id` unless nil.
function connection:bulk_load_rand(id, pattern, a, b)
   rand_ints[0], rand_ints[1] = a or 0, b or 0
   if C.bench_db_load_rand(self, id or -1, pattern, #pattern, rand_ints,
                           b and 2 or (a and 1 or 0)) ~= 0 then
      raise_error(self, "bulk load row")
      error("bulk_load_rand() failed", 2)
   end
end

-- `count` generated rows of ids first_id..: each draws k =
-- sysbench.rand.default(1, k_max), then is bulk_load_rand(nil, pattern,
-- id, k) when draw_with_id, else bulk_load_rand(id, pattern, k): the same
-- draws and rows, all made in C (no call from Lua per row).
function connection:bulk_load_rand_rows(first_id, count, pattern, k_max,
                                        draw_with_id)
   if C.bench_db_load_rand_rows(self, first_id, count, pattern, #pattern,
                                k_max, draw_with_id and true or false) ~= 0
   then
      raise_error(self, "bulk load row")
      error("bulk_load_rand_rows() failed", 2)
   end
end

local load_rows_out = ffi.new("uint64_t[1]")

-- Sends the rest and commits; returns the number of rows loaded.
function connection:bulk_load_end()
   if C.bench_db_load_end(self, load_rows_out) ~= 0 then
      raise_error(self, "bulk load end")
      error("bulk_load_end() failed", 2)
   end
   return tonumber(load_rows_out[0])
end

-- The end of connection:prepare, threads and virtual users alike. sysbench
-- keeps no server error from a failed prepare: its FATAL lines are
-- printed, then "SQL API error"; an ignorable error still restarts the
-- event (PD-7). The errors' level is prepare's caller; the kind was
-- checked before the statement existed.
local function prepared(con, stmt, query, kind)
   if stmt == nil then
      if con.error == C.DB_ERROR_IGNORABLE then
         raise_error(con, query, 4)
      end
      error("SQL API error", 3)
   end
   if kind >= 0 then
      C.bench_db_stmt_set_kind(stmt, kind)
   end
   return ffi.gc(stmt, C.db_stmt_free)
end

-- opts.unnamed: an unnamed statement (bench_db_prepare_unnamed: the text
-- and the values sent together by every execute, pgbench's -M extended).
function connection:prepare(query, opts)
   local kind = opts ~= nil and sql.opts_kind(opts) or -1
   local prep = opts ~= nil and opts.unnamed and C.bench_db_prepare_unnamed
      or C.db_prepare
   -- Not a tail call: prepared()'s error levels count this frame.
   local stmt = prepared(self, prep(self, query, #query), query, kind)
   return stmt
end

function connection:disconnect()
   return C.db_connection_close(self)
end

if M then -- 1.1 asserts the close, which an already closed one passes
   function connection:disconnect()
      return assert(C.db_connection_close(self) == 0)
   end
end

function connection:reconnect()
   assert(C.db_connection_reconnect(self) == 0, "reconnect failed")
end

function connection:more_results()
   return C.db_more_results(self)
end

function connection:next_result()
   return rows_or_nil(C.db_next_result(self), self, "")
end

ffi.metatype("sql_connection", {
   __index = connection,
   __tostring = function() return "<sql_connection>" end,
})

-- -- Drivers -----------------------------------------------------------------

local driver = {}

local function is_bench(source)
   return source == "=bench" or source:sub(1, 7) == "=bench."
end

-- Whether the script catches the error a failed connect raises (`level`:
-- connect's, counted from here): a pcall or xpcall of its own on the way
-- to bench. bench's modules ("=bench...") pass such an error on, and
-- bench.vu a virtual user's; another coroutine's resume may catch it. Only
-- an error no script catches gets bench's hint when the command ends:
-- sysbench prints nothing more for one a script handles (PD-13).
local function caught_by_script(level)
   local getinfo = require("debug").getinfo
   local info, bottom = getinfo(level + 1, "fS"), nil
   while info ~= nil do
      level = level + 1
      if info.func == pcall or info.func == xpcall then
         local caller = getinfo(level + 1, "S")
         if caller == nil or not is_bench(caller.source) then
            return true
         end
      end
      bottom, info = info, getinfo(level + 1, "fS")
   end
   local co, main = coroutine.running()
   return co ~= nil and not main and not (bottom and is_bench(bottom.source))
end

-- Raises connect's error at its caller (level 3 from here).
local function connect_failed()
   if caught_by_script(3) then
      C.bench_db_connect_caught()
   end
   error("connection creation failed", 3)
end

function driver:connect()
   local con = C.db_connection_create(self)
   if con == nil then
      connect_failed()
   end
   return ffi.gc(con, C.db_connection_free)
end

function driver:name()
   return ffi.string(self.sname)
end

ffi.metatype("sql_driver", {
   __index = driver,
   __tostring = function() return "<sql_driver>" end,
})

ffi.metatype("sql_bind", {
   __tostring = function() return "<sql_bind>" end,
})

-- -- Virtual users -----------------------------------------------------------

-- Under --virtual-users (bench.vu) a query, an execute or a connect that
-- would wait for the server yields the user instead (db_async.c), and
-- continues once its socket is ready; what the script sees is the same.
local vu = rawget(sysbench, "vu")
if vu then
   local PENDING = C.DB_ERROR_PENDING

   -- Also the steps after an ignored error (a reconnect, its pauses, a
   -- ROLLBACK): pending too, in the same call.
   local function await(con, rs)
      while rs == nil and con.error == PENDING do
         vu.wait_conn(con)
         rs = C.bench_db_resume(con)
      end
      return rs
   end

   function connection:prepare(query, opts)
      local kind = opts ~= nil and sql.opts_kind(opts) or -1
      if opts ~= nil and opts.unnamed then -- never waits (db_api_decls.h)
         local stmt = prepared(self, C.bench_db_prepare_unnamed(self, query,
                                                                #query),
                               query, kind) -- not a tail call, below
         return stmt
      end
      local stmt = C.bench_db_prepare_nb(self, query, #query)
      if stmt == nil and self.error == PENDING then
         await(self, nil)
         stmt = C.bench_db_prepared(self)
      end
      stmt = prepared(self, stmt, query, kind) -- not a tail call, above
      return stmt
   end

   function connection:reconnect()
      local rc = C.bench_db_reconnect_nb(self)
      if self.error == PENDING then
         await(self, nil)
         rc = self.error == C.DB_ERROR_NONE and 0 or 1
      end
      assert(rc == 0, "reconnect failed")
   end

   function statement:close()
      bound[self] = nil
      local rc = C.bench_db_close_nb(self)
      local con = self.connection
      if con ~= nil and con.error == PENDING then
         await(con, nil)
      end
      return rc
   end

   function connection:query(query, opts)
      local kind = opts == nil and -1 or sql.opts_kind(opts)
      return rows_or_nil(await(self, C.bench_db_query_nb(self, query, #query,
                                                         kind)),
                         self, query, QUERY_API_LEVEL)
   end

   function statement:execute()
      local rs = C.bench_db_execute_nb(self)
      if rs == nil and self.connection ~= nil then
         rs = await(self.connection, rs)
      end
      return executed(self, rs)
   end

   function driver:connect()
      local con = C.bench_db_connect_nb(self)
      if con == nil then
         connect_failed()
      end
      con = ffi.gc(con, C.db_connection_free)
      await(con, nil)
      if con.error ~= C.DB_ERROR_NONE then
         connect_failed()
      end
      return con
   end
end

-- -- Statement kinds (bench's; docs/results.md "Statement kinds") ----------
-- Placed last so that the line numbers above, which error messages name,
-- stay as they were.

-- Kind ids by name, so C registers a label once per state, not per query.
local kind_ids = {}

local function kind_id(name)
   if name == nil then
      return -1
   end
   local id = kind_ids[name]
   if id == nil then
      if type(name) ~= "string" then
         error("SQL API error: a statement kind must be a string", 3)
      end
      id = tonumber(C.bench_db_kind_id(name))
      kind_ids[name] = id
   end
   return id
end

function sql.opts_kind(opts)
   if type(opts) ~= "table" then
      error("SQL API error: options must be a table, e.g. {kind = \"...\"}",
            3)
   end
   return kind_id(opts.kind)
end

-- The kind this statement's executions count in.
function statement:set_kind(name)
   local id = kind_id(name)
   if id >= 0 then
      C.bench_db_stmt_set_kind(self, id)
   end
end

function sql.driver(name)
   local drv = C.db_create(name)
   if drv == nil then
      error("failed to initialize the DB driver", 2)
   end
   return drv
end

return sql
