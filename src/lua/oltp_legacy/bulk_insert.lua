-- SPDX-License-Identifier: MIT
-- oltp_legacy/bulk_insert.lua: each thread fills its own table sbtest<tid>
-- (0-based) with one multi-row INSERT stream, one row (id, k) per event.
-- The thread count is --threads (sysbench 1.0.20 reads --num-threads, which
-- stays 1 unless given, so its extra threads insert into missing tables).

local function thread_count()
   return tonumber(threads) or tonumber(num_threads) or 1
end

function prepare()
   db_connect()
   for n = 0, thread_count() - 1 do
      if db_driver == "pgsql" then
         db_query([[
CREATE TABLE IF NOT EXISTS sbtest]] .. n .. [[ (
id INTEGER NOT NULL,
k INTEGER DEFAULT '0' NOT NULL,
PRIMARY KEY (id))]])
      else
         db_query([[
CREATE TABLE IF NOT EXISTS sbtest]] .. n .. [[ (
id INTEGER UNSIGNED NOT NULL,
k INTEGER UNSIGNED DEFAULT '0' NOT NULL,
PRIMARY KEY (id)
) ENGINE = InnoDB
]])
      end
   end
end

local rows = 0

function event(tid)
   if rows == 0 then
      db_bulk_insert_init("INSERT INTO sbtest" .. tid .. " VALUES")
   end
   rows = rows + 1
   db_bulk_insert_next("(" .. rows .. "," .. rows .. ")")
end

function thread_done()
   db_bulk_insert_done()
end

function cleanup()
   for n = 0, thread_count() - 1 do
      print("Dropping table 'sbtest" .. n .. "'...")
      db_query("DROP TABLE IF EXISTS sbtest" .. n)
   end
end
