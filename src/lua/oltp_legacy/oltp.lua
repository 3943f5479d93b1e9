-- SPDX-License-Identifier: MIT
-- oltp_legacy/oltp.lua: the 0.5-era OLTP transaction on the legacy API:
-- point selects, four kinds of range selects, index and non-index updates
-- and a delete+insert pair, as literal SQL in BEGIN/COMMIT (LOCK TABLES on
-- MyISAM). --oltp-read-only / --oltp-write-only / --oltp-skip-trx and the
-- per-kind counts (--oltp-point-selects, ...) shape it.
-- The shared code is the common.lua next to this script, as in sysbench.
dofile((test and test:match("(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
   if db_driver == "mysql" and mysql_table_engine == "myisam" then
      local locks = {}
      for n = 1, oltp_tables_count do
         locks[n] = string.format("sbtest%d WRITE", n)
      end
      begin_query = "LOCK TABLES " .. table.concat(locks, " ,")
      commit_query = "UNLOCK TABLES"
   else
      begin_query = "BEGIN"
      commit_query = "COMMIT"
   end
end

-- " WHERE id BETWEEN <start> AND <start>+<range_size - 1>", the arithmetic
-- left to the server as sysbench 1.0.20 leaves it.
local function id_range()
   local start = sb_rand(1, oltp_table_size)
   return " WHERE id BETWEEN " .. start .. " AND " .. start .. "+" ..
      (oltp_range_size - 1)
end

local function reads(t)
   for _ = 1, oltp_point_selects do
      db_query("SELECT c FROM " .. t .. " WHERE id=" ..
               sb_rand(1, oltp_table_size))
   end
   if not oltp_range_selects then
      return
   end
   for _ = 1, oltp_simple_ranges do
      db_query("SELECT c FROM " .. t .. id_range())
   end
   for _ = 1, oltp_sum_ranges do
      db_query("SELECT SUM(K) FROM " .. t .. id_range())
   end
   for _ = 1, oltp_order_ranges do
      db_query("SELECT c FROM " .. t .. id_range() .. " ORDER BY c")
   end
   for _ = 1, oltp_distinct_ranges do
      db_query("SELECT DISTINCT c FROM " .. t .. id_range() .. " ORDER BY c")
   end
end

local function writes(t)
   for _ = 1, oltp_index_updates do
      db_query("UPDATE " .. t .. " SET k=k+1 WHERE id=" ..
               sb_rand(1, oltp_table_size))
   end
   for _ = 1, oltp_non_index_updates do
      local c = sb_rand_str(C_PATTERN)
      db_query("UPDATE " .. t .. " SET c='" .. c .. "' WHERE id=" ..
               sb_rand(1, oltp_table_size))
   end
   for _ = 1, oltp_delete_inserts do
      local id = sb_rand(1, oltp_table_size)
      db_query("DELETE FROM " .. t .. " WHERE id=" .. id)
      local c = sb_rand_str(C_PATTERN)
      local pad = sb_rand_str(PAD_PATTERN)
      db_query(string.format("INSERT INTO %s (id, k, c, pad) VALUES " ..
                             "(%d, %d, '%s', '%s')", t, id,
                             sb_rand(1, oltp_table_size), c, pad))
   end
end

function event()
   local t = random_table()
   if not oltp_skip_trx then
      db_query(begin_query)
   end
   if not oltp_write_only then
      reads(t)
   end
   if not oltp_read_only then
      writes(t)
   end
   if not oltp_skip_trx then
      db_query(commit_query)
   end
end
