-- SPDX-License-Identifier: MIT
-- perf/db_transaction.lua: a read-only transaction of 16 prepared
-- statements, the shape of oltp_read_only: BEGIN, 10 point selects, a
-- simple range, a SUM range, an ORDER BY range, a DISTINCT range (each of
-- --range-size rows), COMMIT. Results are discarded unread, as the OLTP
-- scripts do. Both bench and sysbench 1.0.20 run this same file
-- (perf/db_transaction.sh).
sysbench.cmdline.options = {
   table_size = {"rows in sbtest1", 10000},
   range_size = {"rows per range select", 100},
}

local queries = {
   point = "SELECT c FROM sbtest1 WHERE id=?",
   simple = "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?",
   sum = "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
   order = "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
   distinct = "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? " ..
      "ORDER BY c",
}
local ranges = {"simple", "sum", "order", "distinct"}

function thread_init()
   drv = sysbench.sql.driver()
   con = drv:connect()
   begin_stmt = con:prepare("BEGIN")
   commit_stmt = con:prepare("COMMIT")
   stmts, params = {}, {}
   for name, q in pairs(queries) do
      stmts[name] = con:prepare(q)
      local p = {stmts[name]:bind_create(sysbench.sql.type.INT)}
      if name ~= "point" then
         p[2] = stmts[name]:bind_create(sysbench.sql.type.INT)
      end
      stmts[name]:bind_param(unpack(p))
      params[name] = p
   end
end

function event()
   local size, range = sysbench.opt.table_size, sysbench.opt.range_size
   begin_stmt:execute()
   local p, s = params.point[1], stmts.point
   for _ = 1, 10 do
      p:set(sysbench.rand.uniform(1, size))
      s:execute()
   end
   for _, name in ipairs(ranges) do
      local lo = sysbench.rand.uniform(1, size - range + 1)
      params[name][1]:set(lo)
      params[name][2]:set(lo + range - 1)
      stmts[name]:execute()
   end
   commit_stmt:execute()
end

function thread_done()
   for _, s in pairs(stmts) do
      s:close()
   end
   begin_stmt:close()
   commit_stmt:close()
   con:disconnect()
end
