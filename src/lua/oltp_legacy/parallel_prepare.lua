-- SPDX-License-Identifier: MIT
-- oltp_legacy/parallel_prepare.lua: creates and fills the oltp tables from
-- the worker threads of `run` (thread t takes tables t+1, t+1+threads,
-- ...), then stops: the first event ends the thread. sysbench 1.0.20 ends
-- the whole process there with os.exit() and so prints no report; it also
-- steps by --num-threads, which stays 1 unless given.
-- The shared code is the common.lua next to this script, as in sysbench.
dofile((test and test:match("(.*/)") or "") .. "common.lua")

function thread_init(tid)
   set_vars()
   print("thread prepare" .. tid)
   local step = tonumber(threads) or tonumber(num_threads) or 1
   for n = tid + 1, oltp_tables_count, step do
      create_insert(n)
   end
end

function event()
   return true
end
