-- SPDX-License-Identifier: MIT
-- bench.legacy_db: sysbench.db and the db_* globals of sysbench 1.0.20's
-- 0.5-era API (INV 10), over the C layer that bench.sql also drives. Each
-- Lua state has one implicit connection, opened by db_connect() or by the
-- first call that needs it and closed with the state. Errors follow 1.0.20:
-- an ignorable SQL error restarts the event ({errcode = RESTART_EVENT}),
-- anything else raises "<function>() failed" after the driver's FATAL line.
-- Deliberate differences (docs/compatibility.md): numbers are bound as
-- BIGINT (sysbench: a 32-bit INT that wraps), strings are never truncated
-- to their length at bind time (nor, on PostgreSQL, to one character: they
-- are VARCHAR, not the 1-byte "char" type), and nil binds NULL.
local ffi = require("ffi")
local C = ffi.C

local RESTART_EVENT = sysbench.error.RESTART_EVENT
local T = sysbench.sql.type

local db = { DB_ERROR_NONE = 0, DB_ERROR_RESTART_TRANSACTION = 1,
             DB_ERROR_FAILED = 2 }

-- The implicit driver and connection of this state.
local drv, con
-- Bumped by every call that replaces the connection's current result, so
-- a result handle knows whether it is still the current one.
local generation = 0

local function restart_event()
   error({ errcode = RESTART_EVENT }, 0)
end

-- After a failed call: restart the event if the error is ignorable, else
-- raise "<what> failed" at the script's line.
local function fail(what)
   if con ~= nil and con.error == C.DB_ERROR_IGNORABLE then
      restart_event()
   end
   error(what .. " failed", 3)
end

function db.connect()
   if drv == nil then
      local ok, d = pcall(sysbench.sql.driver)
      if not ok then
         error("DB initialization failed", 2)
      end
      drv = d
   end
   db_driver = ffi.string(drv.sname)
   if con == nil then
      con = C.db_connection_create(drv)
      if con == nil then
         error("Failed to connect to the database", 2)
      end
      con = ffi.gc(con, C.db_connection_free)
   end
end

local function connection()
   if con == nil then
      db.connect()
   end
   generation = generation + 1
   return con
end

-- Raises sysbench's error at the caller's caller unless argument #n of
-- `fname` is of type `kind`.
local function check_arg(v, n, kind, fname)
   if type(v) ~= kind then
      error(string.format("bad argument #%d to '%s' (%s expected, got %s)",
                          n, fname, kind, type(v)), 3)
   end
end

function db.disconnect()
   if con ~= nil then
      local c = con
      con = nil
      C.db_connection_free(ffi.gc(c, nil))
   end
end

function db.query(query)
   check_arg(query, 1, "string", "db_query")
   local c = connection()
   local rs = C.db_query(c, query, #query)
   if rs ~= nil then
      C.db_free_results(rs)
   elseif c.error ~= C.DB_ERROR_NONE then
      fail("db_query()")
   end
end

function db.bulk_insert_init(query)
   local c = connection()
   if C.db_bulk_insert_init(c, query, #query) ~= 0 then
      fail("db_bulk_insert_init()")
   end
end

function db.bulk_insert_next(row)
   local c = connection()
   if C.db_bulk_insert_next(c, row, #row) ~= 0 then
      fail("db_bulk_insert_next()")
   end
end

function db.bulk_insert_done()
   local c = connection()
   if C.db_bulk_insert_done(c) ~= 0 then
      fail("db_bulk_insert_done()")
   end
end

-- -- Prepared statements ------------------------------------------------------

local stmt_mt = { __tostring = function() return "<sql_statement>" end }
local result_mt = { __tostring = function() return "<sql_result>" end }

local function check_stmt(stmt, fname)
   if getmetatable(stmt) ~= stmt_mt then
      error(string.format("bad argument #1 to '%s' (statement expected, " ..
                          "got %s)", fname, type(stmt)), 3)
   end
   if stmt.ptr == nil then
      error(fname .. ": the statement is closed", 3)
   end
end

function db.prepare(query)
   check_arg(query, 1, "string", "db_prepare")
   local c = connection()
   local ptr = C.db_prepare(c, query, #query)
   if ptr == nil then
      fail("db_prepare()")
   end
   return setmetatable({ ptr = ffi.gc(ptr, C.db_stmt_free) }, stmt_mt)
end

-- A parameter slot: its sql_bind fields and the buffers they point to.
local function new_slot(value)
   local s = { is_null = ffi.new("char[1]", 0),
               data_len = ffi.new("unsigned long[1]") }
   if type(value) == "number" then
      s.type, s.buffer = T.BIGINT, ffi.new("int64_t[1]")
   elseif type(value) == "string" then
      s.type, s.cap = T.VARCHAR, math.max(#value, 16)
      s.buffer = ffi.new("char[?]", s.cap)
   else
      return nil
   end
   return s
end

-- Hands the slots to the C layer (again after a string buffer grew).
local function bind_slots(stmt)
   local n = #stmt.slots
   local binds = ffi.new("sql_bind[?]", n)
   for i, s in ipairs(stmt.slots) do
      local b = binds[i - 1]
      b.type, b.buffer, b.data_len = s.type, s.buffer, s.data_len
      b.max_len, b.is_null = s.cap or 0, s.is_null
   end
   stmt.binds = binds
   return C.db_bind_param(stmt.ptr, binds, n) == 0
end

-- db_bind_param(stmt, params): params[i] is the value of the i-th '?'. The
-- table is read again by every db_execute, so scripts change its values
-- between executions; the type of each value (number or string) is fixed
-- here.
function db.bind_param(stmt, params)
   check_stmt(stmt, "db_bind_param")
   check_arg(params, 2, "table", "db_bind_param")
   local n = 0
   for k in pairs(params) do
      if type(k) ~= "number" then
         error("db_bind_param: parameter keys must be numbers, got " ..
               type(k), 2)
      end
      n = n + 1
   end
   if n == 0 then
      error("table is empty", 2)
   end
   local slots = {}
   for i = 1, n do
      local v = params[i]
      if v == nil then
         error(string.format("db_bind_param: parameter keys must be 1..%d",
                             n), 2)
      end
      slots[i] = new_slot(v)
      if slots[i] == nil then
         error("Unsupported variable type: " .. type(v), 2)
      end
   end
   stmt.params, stmt.slots = params, slots
   if not bind_slots(stmt) then
      error("db_bind_param() failed", 2)
   end
end

-- sysbench 1.0.20 accepts result bindings but never fills them.
function db.bind_result(stmt, results)
   check_stmt(stmt, "db_bind_result")
   check_arg(results, 2, "table", "db_bind_result")
   if next(results) == nil then
      error("table is empty", 2)
   end
end

-- Copies the current values of the bound table into the slots; false when
-- a string buffer had to grow (the slots must be bound again).
local function load_params(stmt)
   local rebind = false
   local params = stmt.params
   for i, s in ipairs(stmt.slots) do
      local v = params[i]
      if v == nil then
         s.is_null[0] = 1
      elseif s.type == T.BIGINT then
         local x = tonumber(v)
         if x == nil then
            error(string.format("db_execute: parameter %d must be a " ..
                                "number, got %s", i, type(v)), 3)
         end
         s.buffer[0], s.is_null[0] = x, 0
      else
         local tv = type(v)
         if tv ~= "string" and tv ~= "number" then
            error(string.format("db_execute: parameter %d must be a " ..
                                "string, got %s", i, tv), 3)
         end
         v = tostring(v)
         if #v > s.cap then
            s.cap = #v * 2
            s.buffer = ffi.new("char[?]", s.cap)
            rebind = true
         end
         ffi.copy(s.buffer, v, #v)
         s.data_len[0], s.is_null[0] = #v, 0
      end
   end
   return not rebind
end

function db.execute(stmt)
   check_stmt(stmt, "db_execute")
   local c = connection()
   if stmt.slots ~= nil and not load_params(stmt) and
      not bind_slots(stmt) then
      fail("db_execute()")
   end
   -- NULL without an error: a statement returning no rows. A statement
   -- whose connection db_disconnect() freed has none (ALERT printed).
   local rs = C.db_execute(stmt.ptr)
   if rs == nil and (c.error ~= C.DB_ERROR_NONE or
                     stmt.ptr.connection == nil) then
      fail("db_execute()")
   end
   return setmetatable({ ptr = rs, generation = generation, con = c },
                       result_mt)
end

-- A result's rows can be stored or freed while it is the connection's
-- current one; otherwise they are gone already (SQL-5).
local function current_rows(rs, fname)
   if getmetatable(rs) ~= result_mt then
      error(string.format("bad argument #1 to '%s' (result set expected, " ..
                          "got %s)", fname, type(rs)), 3)
   end
   return rs.ptr ~= nil and rs.con == con and
      rs.generation == generation
end

function db.store_results(rs)
   if current_rows(rs, "db_store_results") then
      C.db_store_results(rs.ptr)
   end
end

function db.free_results(rs)
   if current_rows(rs, "db_free_results") then
      C.db_free_results(rs.ptr)
      rs.generation = -1
   end
end

function db.close(stmt)
   check_stmt(stmt, "db_close")
   local ptr = stmt.ptr
   stmt.ptr, stmt.binds, stmt.slots = nil, nil, nil
   C.db_close(ptr) -- its finalizer frees the memory
end

return db
