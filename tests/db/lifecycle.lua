-- SPDX-License-Identifier: MIT
-- lifecycle.lua: thread_init failing on some workers and not others, after
-- each worker prepared statements (issue 12: a failed prepare emptied the
-- connection's statement list, so lua_close freed the connection before
-- statements that still pointed at it). Used by tests/db/test_lifecycle.sh
-- on both servers and by tests/cli/lifecycle.t on the null driver, whose
-- injected failure stands for the server's "table doesn't exist".
--   --fail=none|first|last|all|odd   which workers fail
--   --how=prepare|error              a failed prepare, or error() after the
--                                    statements were prepared
local ffi = require("ffi")

sysbench.cmdline.options = {
   fail = { "workers whose thread_init fails: none, first, last, all, odd",
            "none" },
   how = { "prepare: prepare on a missing table; error: error()",
           "prepare" },
}

local GOOD = "SELECT id FROM lc_ok WHERE id = ?"
-- No parameter: PostgreSQL prepares it at once (with parameters at the
-- first bind), so the prepare fails on every driver.
local MISSING = "SELECT id FROM lc_missing"

function prepare()
   local con = sysbench.sql.driver():connect()
   con:query("DROP TABLE IF EXISTS lc_missing")
   con:query("DROP TABLE IF EXISTS lc_ok")
   con:query("CREATE TABLE lc_ok (id INTEGER PRIMARY KEY)")
   con:query("INSERT INTO lc_ok VALUES (1)")
end

function cleanup()
   sysbench.sql.driver():connect():query("DROP TABLE IF EXISTS lc_ok")
end

local function failing(tid)
   local f, n = sysbench.opt.fail, sysbench.opt.threads
   return f == "all" or (f == "first" and tid == 0) or
      (f == "last" and tid == n - 1) or (f == "odd" and tid % 2 == 1)
end

function init()
   if sysbench.opt.db_driver == "null" then
      ffi.C.bench_null_fail("<prepare> " .. MISSING, 1146, "42S02", false,
                            100000)
   end
end

local con, stmts, param

function thread_init(tid)
   con = sysbench.sql.driver():connect()
   stmts = {}
   for i = 1, 3 do
      stmts[i] = con:prepare(GOOD)
   end
   param = stmts[1]:bind_create(sysbench.sql.type.INT)
   param:set(1)
   stmts[1]:bind_param(param)
   stmts[1]:execute()
   if failing(tid) then
      if sysbench.opt.how == "error" then
         error("thread_init failed on purpose")
      end
      con:prepare(MISSING)
   end
   stmts[4] = con:prepare(GOOD)
end

function event()
   local rs = stmts[1]:execute()
   if rs ~= nil then
      rs:free()
   end
end

function thread_done()
   for _, s in ipairs(stmts) do
      s:close()
   end
   con:disconnect()
end
