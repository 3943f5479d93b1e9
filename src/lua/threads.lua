-- bench-builtin: Threads subsystem performance test
-- SPDX-License-Identifier: MIT
-- threads: each event takes one of --thread-locks mutexes in turn and then
-- --thread-yields times locks it, yields the CPU and unlocks it
-- (kernels/threads.c), the same work as sysbench's threads test.
local ffi = require("ffi")
local C = ffi.C
local builtin = require("bench.builtin")

sysbench.cmdline.options = {
   { "thread-yields", "times each event yields the CPU while holding a lock",
     1000, sysbench.cmdline.ARG_INT },
   { "thread-locks", "number of mutexes the threads share", 8,
     sysbench.cmdline.ARG_INT },
}

local yields, locks, state

-- sysbench takes any value and then divides by zero or loops for ever on
-- these; bench refuses them instead.
local function read_options()
   yields, locks = sysbench.opt.thread_yields, sysbench.opt.thread_locks
   if yields < 0 then
      builtin.fail("Invalid value for thread-yields: %d", yields)
   end
   if locks <= 0 then
      builtin.fail("Invalid value for thread-locks: %d", locks)
   end
end

local owned -- main state: owns the mutexes until the workers are done

function init()
   read_options()
   local t = C.bench_threads_new(locks, yields)
   if t == nil then
      builtin.fail("Memory allocation failure!")
   end
   owned = ffi.gc(t, C.bench_threads_free)
   builtin.native_worker("threads") -- kernels/threads.c: thread_init, event
end

function thread_init()
   read_options()
   state = C.bench_threads_current()
end

function event()
   C.bench_threads_event(state, yields)
end

sysbench.builtin = {
   print_mode = function()
      builtin.info("Doing thread subsystem performance test")
      builtin.info("Thread yields per test: %d Locks used: %d", yields, locks)
   end,
}
