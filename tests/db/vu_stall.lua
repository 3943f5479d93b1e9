-- SPDX-License-Identifier: MIT
-- vu_stall.lua: a workload for test_vu_stall.sh (--virtual-users). Every
-- event is one SELECT 1 on the user's connection. With --stall=loop,
-- user 1's events prepare and close a statement instead, and its
-- thread_done prints the longest prepare ("longest prepare: N ms"):
-- test_vu_stall.sh stalls its connection, made through a proxy it stops.
sysbench.cmdline.options = {
   stall = { "what user 1 does: none or loop", "none" },
}

-- drv and con are globals: each user has its own (docs/virtual-users.md).

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

local longest = 0

function thread_done()
   if sysbench.tid == 1 and sysbench.opt.stall == "loop" then
      io.stderr:write(string.format("longest prepare: %.0f ms\n", longest))
   end
   con:disconnect()
end

local ffi = require("ffi")

function event()
   local tid = sysbench.tid
   if sysbench.opt.stall == "loop" and tid == 1 then
      local start = ffi.C.bench_vu_now()
      local stmt = con:prepare("SELECT id FROM vu_stall WHERE id = ?")
      local ms = tonumber(ffi.C.bench_vu_now() - start) / 1e6
      if ms > longest then
         longest = ms
      end
      stmt:close()
      return
   end
   con:query("SELECT 1")
end
