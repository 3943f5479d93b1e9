-- SPDX-License-Identifier: MIT
-- oltp_legacy/insert.lua: one row inserted per event. With --oltp-auto-inc
-- (the default) the server picks the id: MySQL for id 0, PostgreSQL when
-- the column is left out; otherwise ids come from sb_rand_uniq().
-- The shared code is the common.lua next to this script, as in sysbench.
dofile((test and test:match("(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
end

function event()
   local t = random_table()
   local id = oltp_auto_inc and 0 or sb_rand_uniq(1, oltp_table_size)
   local k = sb_rand(1, oltp_table_size)
   local c = sb_rand_str(C_PATTERN)
   local pad = sb_rand_str(PAD_PATTERN)
   if db_driver == "pgsql" and oltp_auto_inc then
      db_query(string.format("INSERT INTO %s (k, c, pad) VALUES " ..
                             "(%d, '%s', '%s')", t, k, c, pad))
   else
      db_query(string.format("INSERT INTO %s (id, k, c, pad) VALUES " ..
                             "(%d, %d, '%s', '%s')", t, id, k, c, pad))
   end
end
