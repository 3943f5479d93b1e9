-- SPDX-License-Identifier: MIT
-- oltp_legacy/select_random_points.lua: one prepared SELECT of
-- --random-points (10) random k values of sbtest1 per event, each thread in
-- its own slice of the key space. Written for MariaDB's segmented key cache
-- and fine for other engines.
-- The shared code is the common.lua next to this script, as in sysbench.
dofile((test and test:match("(.*/)") or "") .. "common.lua")

-- Only sbtest1 is read.
oltp_tables_count = 1

local params

function thread_init(tid)
   set_vars()
   random_points = tonumber(random_points) or 10
   local marks = string.rep("?, ", random_points - 1) .. "?"
   stmt = db_prepare([[
        SELECT id, k, c, pad
          FROM sbtest1
          WHERE k IN (]] .. marks .. [[)
        ]])
   params = {}
   for i = 1, random_points do
      params[i] = 1
   end
   db_bind_param(stmt, params)
   local nthreads = tonumber(threads) or tonumber(num_threads) or 1
   slice = oltp_table_size / nthreads
   slice_start = slice * tid
end

function event()
   for i = 1, random_points do
      params[i] = sb_rand(slice_start, slice_start + slice)
   end
   local rs = db_execute(stmt)
   db_store_results(rs)
   db_free_results(rs)
end
