#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- bulk_insert: each thread appends rows (n, n), n = 1, 2, ... to its own
-- table sbtest<tid+1> through the bulk-insert API, which sends a
-- multi-row INSERT whenever its buffer fills and at the end of the run.

local drv, con
local rows = 0

local function each_table(action)
   local d = sysbench.sql.driver()
   local c = d:connect()
   for i = 1, sysbench.opt.threads do
      action(c, i)
   end
end

function prepare()
   each_table(function(c, i)
      print("Creating table 'sbtest" .. i .. "'...")
      c:query(string.format("        CREATE TABLE IF NOT EXISTS sbtest%d (\n" ..
                            "          id INTEGER NOT NULL,\n" ..
                            "          k INTEGER DEFAULT '0' NOT NULL,\n" ..
                            "          PRIMARY KEY (id))", i))
   end)
end

function cleanup()
   each_table(function(c, i)
      print("Dropping table 'sbtest" .. i .. "'...")
      c:query("DROP TABLE IF EXISTS sbtest" .. i)
   end)
end

function thread_init()
   drv = sysbench.sql.driver()
   con = drv:connect()
end

function event()
   if rows == 0 then
      con:bulk_insert_init("INSERT INTO sbtest" .. sysbench.tid + 1 ..
                              " VALUES")
   end
   rows = rows + 1
   con:bulk_insert_next("(" .. rows .. "," .. rows .. ")")
end

function thread_done()
   con:bulk_insert_done()
   con:disconnect()
end
