-- bench-builtin: Memory functions speed test
-- SPDX-License-Identifier: MIT
-- memory: each event makes one pass over one block of memory, reading,
-- writing or only walking it (kernels/memory.c), the same work as
-- sysbench's memory test. Each worker runs --memory-total-size / block /
-- threads events of its own and --events is ignored, as in sysbench.
local ffi = require("ffi")
local C = ffi.C
local builtin = require("bench.builtin")
local cmdline = sysbench.cmdline

cmdline.options = {
   { "memory-block-size", "bytes touched by each event", "1K",
     cmdline.ARG_SIZE },
   { "memory-total-size", "bytes to touch in the whole run, 0 for no limit",
     "100G", cmdline.ARG_SIZE },
   { "memory-scope",
     "one block shared by all threads, or one per thread {global,local}",
     "global", cmdline.ARG_STRING },
   { "memory-hugetlb", "take the blocks from the HugeTLB page pool", false,
     cmdline.ARG_BOOL },
   { "memory-oper", "what each event does to its block {read, write, none}",
     "write", cmdline.ARG_STRING },
   { "memory-access-mode", "order of accesses in a block {seq,rnd}", "seq",
     cmdline.ARG_STRING },
}

local OPERS = { none = C.BENCH_MEMORY_NONE, read = C.BENCH_MEMORY_READ,
                write = C.BENCH_MEMORY_WRITE }
local profile_m = sysbench.version ~= "1.0.20"

local block, words, oper, access, buf

-- The value of an option as the user typed it (the last occurrence on the
-- command line), for sysbench's error text; nil if it was not typed there.
local function typed_value(name)
   local found
   for _, arg in ipairs(cmdline.argv) do
      local n, v = arg:match("^%-%-([^=]+)=(.*)$")
      if n and n:gsub("_", "-") == name then
         found = v
      end
   end
   return found
end

local function is_power_of_two(n)
   return n >= 1 and select(1, math.frexp(n)) == 0.5
end

-- Reads and checks the options in sysbench's order; fails with its texts.
local function read_options()
   local o = sysbench.opt
   block = o.memory_block_size
   if block < 8 or not is_power_of_two(block) then
      builtin.fail("Invalid value for memory-block-size: %s",
                   typed_value("memory-block-size")
                      or string.format("%.0f", block))
   end
   if o.memory_scope ~= "global" and o.memory_scope ~= "local" then
      builtin.fail("Invalid value for memory-scope: %s", o.memory_scope)
   end
   oper = OPERS[o.memory_oper]
   if not oper then
      builtin.fail("Invalid value for memory-oper: %s", o.memory_oper)
   end
   if o.memory_access_mode == "seq" then
      access = C.BENCH_MEMORY_SEQ
   elseif o.memory_access_mode == "rnd" then
      access = profile_m and C.BENCH_MEMORY_RND_DEFAULT
         or C.BENCH_MEMORY_RND_UNIFORM
   else
      builtin.fail("Invalid value for memory-access-mode: %s",
                   o.memory_access_mode)
   end
   words = block / 8
end

local buffers -- main state: owns the blocks until the workers are done

function init()
   read_options()
   local o = sysbench.opt
   local nbuf = o.memory_scope == "local" and o.threads or 1
   local m = C.bench_memory_new(block, nbuf, o.memory_hugetlb, oper, access)
   if m == nil then
      error(builtin.FAILED, 0) -- the kernel printed sysbench's lines
   end
   buffers = ffi.gc(m, C.bench_memory_free)
   local total, per_thread = o.memory_total_size, -1
   if total > 0 then
      per_thread = math.floor(math.floor(total / block) / o.threads)
   end
   C.bench_event_limits(per_thread, false)
   builtin.native_worker("memory") -- kernels/memory.c: thread_init, event
end

function thread_init(tid)
   read_options()
   buf = C.bench_memory_buffer(sysbench.opt.memory_scope == "local" and tid
                               or 0)
end

function event()
   C.bench_memory_event(buf, words, oper, access)
end

local MiB = 1024 * 1024

local function rate(n, stat)
   return stat.time_interval > 0 and n / stat.time_interval or 0
end

-- Reports also run in the reporting thread's state, where init() did not.
local function ensure_options()
   if not block then
      read_options()
   end
end

sysbench.builtin = {
   print_mode = function()
      local o = sysbench.opt
      builtin.notice("Running memory speed test with the following options:")
      builtin.notice("  block size: %dKiB", math.floor(block / 1024))
      builtin.notice("  total size: %dMiB",
                     math.floor(o.memory_total_size / MiB))
      builtin.notice("  operation: %s", o.memory_oper)
      builtin.notice("  scope: %s", o.memory_scope)
      builtin.notice("")
   end,
   report_intermediate = function(stat)
      ensure_options()
      builtin.notice("[ %.0fs ] %4.2f MiB/sec", stat.time_label,
                     rate(stat.events * block / MiB, stat))
   end,
   report_cumulative = function(stat)
      ensure_options()
      builtin.notice("Total operations: %d (%8.2f per second)\n",
                     stat.events, rate(stat.events, stat))
      if oper ~= C.BENCH_MEMORY_NONE then
         local mib = stat.events * block / MiB
         builtin.notice("%4.2f MiB transferred (%4.2f MiB/sec)\n", mib,
                        rate(mib, stat))
      end
   end,
}
