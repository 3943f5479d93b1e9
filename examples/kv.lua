#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- kv.lua: a key-value workload. `prepare` fills a table kv(k, v) with
-- --keys keys; each event of `run` reads one random key (a GET) or, in
-- --write_pct percent of the events, overwrites its value (a PUT), through
-- prepared statements; `cleanup` drops the table. Any SQL driver:
--   bench kv.lua --db-driver=sqlite --keys=1000 prepare
--   bench kv.lua --db-driver=sqlite --keys=1000 --threads=2 --time=5 run
--   bench kv.lua --db-driver=sqlite cleanup

sysbench.cmdline.options = {
   keys = {"number of keys in the table", 10000},
   value_size = {"length of each value, in characters", 100},
   write_pct = {"percentage of events that write (PUT) instead of read", 10},
}

local function value()
   return sysbench.rand.string(string.rep("@", sysbench.opt.value_size))
end

-- prepare runs once, in the main thread: create the table and load it
-- with multi-row INSERTs (the bulk-insert API batches the rows).
function prepare()
   local con = sysbench.sql.driver():connect()
   con:query("CREATE TABLE kv (k INTEGER PRIMARY KEY, v VARCHAR(255) NOT NULL)")
   con:bulk_insert_init("INSERT INTO kv (k, v) VALUES")
   for k = 1, sysbench.opt.keys do
      con:bulk_insert_next(string.format("(%d, '%s')", k, value()))
   end
   con:bulk_insert_done()
   print(string.format("kv: %d keys loaded", sysbench.opt.keys))
end

function cleanup()
   local con = sysbench.sql.driver():connect()
   con:query("DROP TABLE IF EXISTS kv")
end

-- Each worker thread has its own Lua state: these file-level locals are
-- its own connection and statements.
local con, get, get_k, put, put_v, put_k

function thread_init()
   con = sysbench.sql.driver():connect()
   get = con:prepare("SELECT v FROM kv WHERE k = ?")
   get_k = get:bind_create(sysbench.sql.type.INT)
   get:bind_param(get_k)
   put = con:prepare("UPDATE kv SET v = ? WHERE k = ?")
   put_v = put:bind_create(sysbench.sql.type.VARCHAR, 255)
   put_k = put:bind_create(sysbench.sql.type.INT)
   put:bind_param(put_v, put_k)
end

function event()
   local k = sysbench.rand.default(1, sysbench.opt.keys)
   if sysbench.rand.uniform(1, 100) <= sysbench.opt.write_pct then
      put_v:set(value())
      put_k:set(k)
      put:execute()
   else
      get_k:set(k)
      get:execute()
   end
end

function thread_done()
   get:close()
   put:close()
   con:disconnect()
end
