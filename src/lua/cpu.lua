-- bench-builtin: CPU performance test
-- SPDX-License-Identifier: MIT
-- cpu: each event tests every integer below --cpu-max-prime for primality
-- by trial division (kernels/cpu.c), the same work as sysbench's cpu test.
local ffi = require("ffi")
local C = ffi.C
local builtin = require("bench.builtin")

sysbench.cmdline.options = {
   { "cpu-max-prime", "count primes below this number in each event", 10000,
     sysbench.cmdline.ARG_INT },
}

local max_prime

function init()
   max_prime = sysbench.opt.cpu_max_prime
   if max_prime <= 0 then
      builtin.fail("Invalid value of cpu-max-prime: %d.", max_prime)
   end
   C.bench_cpu_setup(max_prime)
   builtin.native_worker("cpu") -- kernels/cpu.c: thread_init and event
end

function thread_init()
   max_prime = sysbench.opt.cpu_max_prime
end

function event()
   C.bench_cpu_event(max_prime)
end

sysbench.builtin = {
   print_mode = function()
      builtin.info("Doing CPU performance benchmark\n")
      builtin.notice("Prime numbers limit: %d\n", sysbench.opt.cpu_max_prime)
   end,
   report_cumulative = function(stat)
      builtin.notice("CPU speed:")
      builtin.notice("    events per second: %8.2f",
                     stat.time_interval > 0
                        and stat.events / stat.time_interval or 0)
   end,
}
