-- SPDX-License-Identifier: MIT
-- result_lifetime.lua: a result used after whatever ended it, in every
-- order (issue 12): its connection collected (and its memory reused by
-- the next connection), a later query or execute, its statement closed or
-- collected, disconnect(). Each case prints "<case>: ok <value>" or
-- "<case>: error <message>"; ALERTs go to stderr. Used by
-- tests/cli/closed_objects.t (null driver) and tests/db/
-- test_result_lifetime.sh (MariaDB, PostgreSQL, SQLite) under ASan.
local drv = sysbench.sql.driver()

local function try(name, f)
   local ok, v = pcall(f)
   print(name .. ": " .. (ok and "ok " or "error ") .. tostring(v))
end

local function collect()
   collectgarbage()
   collectgarbage()
end

local function fetch(rs)
   local row = rs:fetch_row()
   return row and row[1]
end

local function dropped_connection()
   local con = drv:connect()
   local rs = con:query("SELECT 1")
   con = nil
   collect()
   try("fetch_row after connection collected", function() return fetch(rs) end)
   try("nrows after connection collected", function() return rs.nrows end)
   try("nfields after connection collected", function() return rs.nfields end)
   try("free after connection collected", function() rs:free() end)
   local con2 = drv:connect()
   local rs2 = con2:query("SELECT 2")
   try("old result, memory reused", function() return fetch(rs) end)
   try("new result", function() return fetch(rs2) end)
end

local function replaced()
   local con = drv:connect()
   con:query("CREATE TABLE rl_t (a INT)")
   local st = con:prepare("SELECT 3")
   local rs = con:query("SELECT 2")
   local rs2 = st:execute()
   try("query result after execute", function() return fetch(rs) end)
   rs = con:query("SELECT 4")
   try("execute result after query", function() return rs2.nrows end)
   try("current result", function() return fetch(rs) end)
   con:query("UPDATE rl_t SET a = 1")
   try("result after a query without rows", function() return fetch(rs) end)
   rs = con:query("SELECT 5")
   rs:free()
   try("result after free", function() return fetch(rs) end)
   con:query("DROP TABLE rl_t")
   st:close()
end

local function statements()
   local con = drv:connect()
   local st = con:prepare("SELECT 6")
   local rs = st:execute()
   st:close()
   try("execute result after close", function() return fetch(rs) end)
   st = con:prepare("SELECT 7")
   rs = st:execute()
   st = nil
   collect()
   try("execute result after statement collected", function() return fetch(rs) end)
   st = con:prepare("SELECT 8")
   rs = st:execute()
   con = nil
   collect()
   try("execute result after connection collected", function() return fetch(rs) end)
   try("statement after connection collected", function() return st:execute() end)
end

local function disconnected()
   local con = drv:connect()
   local rs = con:query("SELECT 9")
   con:disconnect()
   try("fetch_row after disconnect", function() return fetch(rs) end)
   con = nil
   collect()
   try("fetch_row after disconnect and collection", function() return fetch(rs) end)
end

-- Connection, statement and results unreferenced at once: the collector
-- frees them in whatever order it likes; then lua_close does the same.
local function all_at_once()
   for _ = 1, 3 do
      local c = drv:connect()
      local s = c:prepare("SELECT 10")
      local r1 = c:query("SELECT 11")
      local r2 = s:execute()
      c, s, r1, r2 = nil, nil, nil, nil
      collect()
   end
   local c = drv:connect()
   local s = c:prepare("SELECT 12")
   local r = s:execute()
   rawset(_G, "kept", { c, s, r, c:query("SELECT 13") })
end

-- Two statements of one connection: executing the second ends the
-- first's result (a driver may release it inside its execute, as
-- MariaDB's does: driver.h's execute_releases).
local function two_statements()
   local con = drv:connect()
   local a = con:prepare("SELECT 14")
   local b = con:prepare("SELECT 15")
   local ra = a:execute()
   local rb = b:execute()
   try("execute result after another statement's execute",
       function() return fetch(ra) end)
   try("the other statement's result", function() return fetch(rb) end)
   ra = a:execute()
   try("the first statement's result again", function() return fetch(ra) end)
   a:close()
   b:close()
end

function prepare()
   dropped_connection()
   replaced()
   statements()
   disconnected()
   all_at_once()
   two_statements()
   print("done")
end
