-- SPDX-License-Identifier: MIT
-- vu_stall.lua: a workload for test_vu_stall.sh (--virtual-users). Every
-- event is one SELECT 1 on the user's connection. With --stall=prepare,
-- user 1 locks the table vu_stall for --hold seconds in its first event
-- while user 0 prepares (MariaDB) or first executes (PostgreSQL, whose
-- prepare waits for that) a statement reading it: user 0's call waits
-- for the lock, and prints how long it took, while the other users of
-- the same worker go on.
sysbench.cmdline.options = {
   stall = { "what to stall: none or prepare", "none" },
   hold = { "seconds user 1 holds the lock", 3 },
}

-- drv and con are globals: each user has its own (docs/virtual-users.md).
local locked = false -- shared by the users of a worker (upvalues)
local held, stalled = false, false

function prepare()
   local c = sysbench.sql.driver():connect()
   c:query("DROP TABLE IF EXISTS vu_stall")
   c:query("CREATE TABLE vu_stall (id INTEGER PRIMARY KEY)")
   c:query("INSERT INTO vu_stall VALUES (1)")
end

function cleanup()
   sysbench.sql.driver():connect():query("DROP TABLE IF EXISTS vu_stall")
end

function thread_init()
   drv = sysbench.sql.driver()
   con = drv:connect()
end

function thread_done()
   con:disconnect()
end

local function hold_lock()
   local pg = drv:name() == "pgsql"
   if pg then
      con:query("BEGIN")
      con:query("LOCK TABLE vu_stall IN ACCESS EXCLUSIVE MODE")
   else
      con:query("LOCK TABLES vu_stall WRITE")
   end
   locked = true
   con:query(string.format(pg and "SELECT pg_sleep(%d)" or "SELECT SLEEP(%d)",
                           sysbench.opt.hold))
   con:query(pg and "COMMIT" or "UNLOCK TABLES")
end

local ffi = require("ffi")

local function stalled_prepare()
   local start = ffi.C.bench_vu_now()
   local stmt = con:prepare("SELECT id FROM vu_stall WHERE id = 1")
   stmt:execute()
   stmt:close()
   local ms = tonumber(ffi.C.bench_vu_now() - start) / 1e6
   io.stderr:write(string.format("stalled call: %.0f ms\n", ms))
end

function event()
   local tid = sysbench.tid
   if sysbench.opt.stall == "prepare" and not done then
      if tid == 1 and not held then
         held = true
         hold_lock()
         return
      elseif tid == 0 and locked and not stalled then
         stalled = true
         stalled_prepare()
         return
      end
   end
   con:query("SELECT 1")
end
