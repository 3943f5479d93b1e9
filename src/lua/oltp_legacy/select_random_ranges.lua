-- SPDX-License-Identifier: MIT
-- oltp_legacy/select_random_ranges.lua: one prepared SELECT count(k) over
-- --number-of-ranges (10) ranges of k, each --random-ranges-delta (5)
-- wide, per event, each thread in its own slice of the key space.
-- The shared code is the common.lua next to this script, as in sysbench.
dofile((test and test:match("(.*/)") or "") .. "common.lua")

-- Only sbtest1 is read.
oltp_tables_count = 1

local params

function thread_init(tid)
   set_vars()
   number_of_ranges = tonumber(number_of_ranges) or 10
   delta = tonumber(random_ranges_delta) or 5
   local ranges = string.rep("k BETWEEN ? AND ? OR ", number_of_ranges - 1)
      .. "k BETWEEN ? AND ?"
   stmt = db_prepare([[
        SELECT count(k)
          FROM sbtest1
          WHERE ]] .. ranges .. [[
        ]])
   params = {}
   for i = 1, number_of_ranges * 2 do
      params[i] = 1
   end
   db_bind_param(stmt, params)
   local nthreads = tonumber(threads) or tonumber(num_threads) or 1
   slice = oltp_table_size / nthreads
   slice_start = slice * tid
end

function event()
   for i = 1, number_of_ranges * 2, 2 do
      params[i] = sb_rand(slice_start, slice_start + slice)
      params[i + 1] = params[i] + delta
   end
   local rs = db_execute(stmt)
   db_store_results(rs)
   db_free_results(rs)
end
