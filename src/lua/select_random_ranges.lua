#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- select_random_ranges: per event one SELECT count(k) over --number_of_ranges
-- random ranges of k of width --delta, on sbtest1 only. Each thread draws
-- from its own slice of the key range.
require("oltp_common")

sysbench.cmdline.options.number_of_ranges =
   { "Number of random BETWEEN ranges per SELECT", 10 }
sysbench.cmdline.options.delta = { "Size of BETWEEN ranges", 5 }

local oltp_cleanup = cleanup

-- As select_random_points: prepare honours --tables, cleanup refuses it.
function cleanup()
   assert(sysbench.opt.tables == 1,
          "this benchmark does not support --tables > 1")
   oltp_cleanup()
end

local stmt1, params, slice_min, slice_len

-- The query for --secondary_ranges (bench's addition, 0 = sysbench's):
-- forms that must read the rows, not only the index on k.
local function query_text(ranges)
   local form = sysbench.opt.secondary_ranges
   local head = "        SELECT %s\n          FROM sbtest1\n          WHERE "
   if form == 0 then
      return string.format(head, "count(k)") .. ranges
   elseif form == 1 then
      return string.format(head, "sum(length(c))") .. ranges
   elseif form == 2 then
      return string.format(head, "sum(length(c))") ..
         "id IN (SELECT id FROM sbtest1 WHERE " .. ranges .. ")"
   elseif form == 3 then
      return string.format(head, "length(c)") .. ranges ..
         string.format("\n          LIMIT %d", sysbench.opt.range_size)
   end
   error("select_random_ranges: --secondary_ranges must be 0, 1, 2 or 3, " ..
            "not " .. tostring(form), 0)
end

function thread_init()
   drv = sysbench.sql.driver()
   con = drv:connect()
   local n = sysbench.opt.number_of_ranges
   stmt1 = con:prepare(query_text(string.rep("k BETWEEN ? AND ?", n,
                                             " OR ")))
   params = {}
   for i = 1, 2 * n do
      params[i] = stmt1:bind_create(sysbench.sql.type.INT)
   end
   stmt1:bind_param(unpack(params))
   slice_len = sysbench.opt.table_size / sysbench.opt.threads
   slice_min = slice_len * (sysbench.tid % sysbench.opt.threads)
end

function thread_done()
   stmt1:close()
   con:disconnect()
end

function event()
   local rand = sysbench.rand.default
   local delta = sysbench.opt.delta
   for i = 1, 2 * sysbench.opt.number_of_ranges, 2 do
      local v = rand(slice_min, slice_min + slice_len)
      params[i]:set(v)
      params[i + 1]:set(v + delta)
   end
   stmt1:execute()
end
