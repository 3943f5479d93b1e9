-- SPDX-License-Identifier: MIT
-- perf/db_point_select.lua: one prepared point select per event, the
-- per-query path of bench and sysbench 1.0.20 with nothing else around it.
-- Both tools run this same file (perf/db_point_select.sh); the C floor
-- perf/db_floor.c does the same work straight on the client library.
-- The table is sbtest1 with --table-size rows (sysbench's oltp layout).
sysbench.cmdline.options = {
   table_size = {"rows in sbtest1", 10000},
}

function thread_init()
   drv = sysbench.sql.driver()
   con = drv:connect()
   stmt = con:prepare("SELECT c FROM sbtest1 WHERE id=?")
   id = stmt:bind_create(sysbench.sql.type.INT)
   stmt:bind_param(id)
end

function event()
   id:set(sysbench.rand.uniform(1, sysbench.opt.table_size))
   stmt:execute() -- the result is discarded unread, as the OLTP scripts do
end

function thread_done()
   stmt:close()
   con:disconnect()
end
