-- bench-builtin: Mutex performance test
-- SPDX-License-Identifier: MIT
-- mutex: each thread runs one event (the --events budget still applies)
-- of --mutex-locks rounds: pick a random mutex, spin --mutex-loops empty
-- iterations, lock it, bump a shared counter, unlock (kernels/mutex.c), the
-- same work as sysbench's mutex test.
local ffi = require("ffi")
local C = ffi.C
local builtin = require("bench.builtin")

sysbench.cmdline.options = {
   { "mutex-num", "number of mutexes to choose from", 4096,
     sysbench.cmdline.ARG_INT },
   { "mutex-locks", "mutex acquisitions in each thread's one event", 50000,
     sysbench.cmdline.ARG_INT },
   { "mutex-loops", "empty spins before each acquisition", 10000,
     sysbench.cmdline.ARG_INT },
}

local num, locks, loops, state

-- sysbench takes any value and then crashes or loops for ever on these;
-- bench refuses them instead.
local function read_options()
   local o = sysbench.opt
   num, locks, loops = o.mutex_num, o.mutex_locks, o.mutex_loops
   if num <= 0 then
      builtin.fail("Invalid value for mutex-num: %d", num)
   end
   if locks <= 0 then
      builtin.fail("Invalid value for mutex-locks: %d", locks)
   end
   if loops < 0 then
      builtin.fail("Invalid value for mutex-loops: %d", loops)
   end
end

local owned -- main state: owns the mutexes until the workers are done

function init()
   read_options()
   local m = C.bench_mutex_new(num, locks, loops)
   if m == nil then
      builtin.fail("Memory allocation failure!")
   end
   owned = ffi.gc(m, C.bench_mutex_free)
   C.bench_event_limits(1, true)
   builtin.native_worker("mutex") -- kernels/mutex.c: thread_init, event
end

function thread_init()
   read_options()
   state = C.bench_mutex_current()
end

function event()
   C.bench_mutex_event(state, locks, loops)
end

sysbench.builtin = {
   print_mode = function()
      builtin.info("Doing mutex performance test")
   end,
}
