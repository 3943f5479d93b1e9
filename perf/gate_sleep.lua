-- SPDX-License-Identifier: MIT
-- perf/gate_sleep.lua: a workload whose 99th percentile is set by its
-- options, for perf/gate_power.sh: most events sleep fast_us, slow_pct
-- percent of them (drawn) sleep slow_us. With slow_pct above 1 the p99 is
-- the slow events' sleep, so a longer slow_us is a p99 regression that
-- leaves the throughput nearly as it was.
local ffi = require("ffi")
ffi.cdef [[int usleep(unsigned int usec);]]

sysbench.cmdline.options = {
   fast_us = {"sleep of most events (us)", 1000},
   slow_us = {"sleep of the slow events (us)", 4000},
   slow_pct = {"share of the slow events (%)", 2},
}

function event()
   if sysbench.rand.uniform(1, 10000) <= sysbench.opt.slow_pct * 100 then
      ffi.C.usleep(sysbench.opt.slow_us)
   else
      ffi.C.usleep(sysbench.opt.fast_us)
   end
end
