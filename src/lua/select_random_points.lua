#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- select_random_points: per event one SELECT of the rows whose k is in a
-- list of --random_points random values, on sbtest1 only. Each thread
-- draws from its own slice of the key range.
require("oltp_common")

sysbench.cmdline.options.random_points =
   { "Number of random points in the IN() clause in generated SELECTs", 10 }

local oltp_cleanup = cleanup

-- Only the table-wise commands of oltp_common apply; prepare still honours
-- --tables, as sysbench's does (its own check there is never reached).
function cleanup()
   assert(sysbench.opt.tables == 1,
          "this benchmark does not support --tables > 1")
   oltp_cleanup()
end

local stmt1, params, slice_min, slice_len

function thread_init()
   drv = sysbench.sql.driver()
   con = drv:connect()
   local n = sysbench.opt.random_points
   -- The statement text keeps sysbench's layout: servers log it verbatim.
   stmt1 = con:prepare("        SELECT id, k, c, pad\n" ..
                       "          FROM sbtest1\n" ..
                       "          WHERE k IN (" ..
                       string.rep("?", n, ", ") .. ")\n" ..
                       "        ")
   params = {}
   for i = 1, n do
      params[i] = stmt1:bind_create(sysbench.sql.type.INT)
   end
   stmt1:bind_param(unpack(params))
   -- Fractional, as in sysbench; the generator truncates its bounds.
   slice_len = sysbench.opt.table_size / sysbench.opt.threads
   slice_min = slice_len * (sysbench.tid % sysbench.opt.threads)
end

function thread_done()
   stmt1:close()
   con:disconnect()
end

function event()
   local rand = sysbench.rand.default
   for i = 1, sysbench.opt.random_points do
      params[i]:set(rand(slice_min, slice_min + slice_len))
   end
   stmt1:execute()
end
