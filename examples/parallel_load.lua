#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- parallel_load.lua: a custom command that loads tables on every thread
-- at once. `load` creates --tables tables load1, load2, ... and fills each
-- with --rows rows; thread t (sysbench.tid, from 0) takes tables t+1,
-- t+1+threads, ... `verify` (one thread) prints each table's row count
-- and checksum; `cleanup` drops them.
--   bench parallel_load.lua --db-driver=sqlite --tables=4 --threads=2 load
--   bench parallel_load.lua --db-driver=sqlite --tables=4 verify
--   bench parallel_load.lua --db-driver=sqlite --tables=4 cleanup

sysbench.cmdline.options = {
   tables = {"number of tables", 4, sysbench.cmdline.ARG_INT},
   rows = {"rows per table", 1000, sysbench.cmdline.ARG_INT},
}

local function cmd_load()
   local con = sysbench.sql.driver():connect()
   for t = sysbench.tid + 1, sysbench.opt.tables, sysbench.opt.threads do
      con:query(string.format("CREATE TABLE load%d (id INTEGER PRIMARY KEY, " ..
                              "val INTEGER NOT NULL)", t))
      con:bulk_insert_init(string.format("INSERT INTO load%d (id, val) VALUES", t))
      for id = 1, sysbench.opt.rows do
         con:bulk_insert_next(string.format("(%d, %d)", id, id * t))
      end
      con:bulk_insert_done()
      print(string.format("thread %d loaded load%d", sysbench.tid, t))
   end
   con:disconnect()
end

local function cmd_verify()
   local con = sysbench.sql.driver():connect()
   for t = 1, sysbench.opt.tables do
      local n, sum = con:query_row(
         string.format("SELECT count(*), sum(val) FROM load%d", t))
      print(string.format("load%d: %s rows, sum %s", t, n, sum))
   end
   con:disconnect()
end

sysbench.cmdline.commands = {
   -- PARALLEL_COMMAND: the function runs on each of --threads threads.
   load = {cmd_load, sysbench.cmdline.PARALLEL_COMMAND},
   verify = {cmd_verify},
}

function cleanup()
   local con = sysbench.sql.driver():connect()
   for t = 1, sysbench.opt.tables do
      con:query(string.format("DROP TABLE IF EXISTS load%d", t))
   end
end
