-- bench-builtin: File I/O test
-- SPDX-License-Identifier: MIT
-- fileio: sysbench's file I/O test. This script owns the options, their
-- checks (with sysbench's texts), the mode lines and the reports; the
-- files, the shared request generator and the I/O itself (sync, libaio,
-- mmap) are kernels/fileio*.c. Each event is one read, write or fsync
-- request; only its execution is timed, as in sysbench.
local ffi = require("ffi")
local C = ffi.C
local builtin = require("bench.builtin")
local ARG = sysbench.cmdline

local has_aio = C.bench_fileio_has_aio()
local profile_m = sysbench.version ~= "1.0.20"

local options = {
   { "file-num", "how many test files to use", 128, ARG.ARG_INT },
   { "file-block-size", "bytes moved by each read or write request", 16384,
     ARG.ARG_SIZE, builtin.SHOW_N },
   { "file-total-size", "combined size of all test files", "2G",
     ARG.ARG_SIZE },
   { "file-test-mode",
     "workload to run {seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw}", nil,
     ARG.ARG_STRING },
   { "file-io-mode", "how requests are issued {sync,async,mmap}", "sync",
     ARG.ARG_STRING },
}
if has_aio then
   options[#options + 1] = { "file-async-backlog",
      "asynchronous requests each thread keeps in flight", 128, ARG.ARG_INT }
end
for _, o in ipairs({
   { "file-extra-flags",
     "additional flags used when opening the files {sync,dsync,direct}", {} },
   { "file-fsync-freq",
     "sync the files after this many requests (0 - never)", 100,
     ARG.ARG_INT },
   { "file-fsync-all", "sync the file after every write", false,
     ARG.ARG_BOOL },
   { "file-fsync-end", "sync the files when the test ends", true,
     ARG.ARG_BOOL },
   { "file-fsync-mode", "system call used to sync {fsync, fdatasync}",
     "fsync", ARG.ARG_STRING },
   { "file-merged-requests",
     "join up to this many sequential requests into one (0 - never)", 0,
     ARG.ARG_INT },
   { "file-rw-ratio", "reads per write in the combined random test", 1.5,
     ARG.ARG_DOUBLE },
}) do
   options[#options + 1] = o
end
sysbench.cmdline.options = options

local TEST_MODES = {
   seqwr = { C.BENCH_FIO_SEQWR, "sequential write (creation)" },
   seqrewr = { C.BENCH_FIO_SEQREWR, "sequential rewrite" },
   seqrd = { C.BENCH_FIO_SEQRD, "sequential read" },
   rndrd = { C.BENCH_FIO_RNDRD, "random read" },
   rndwr = { C.BENCH_FIO_RNDWR, "random write" },
   rndrw = { C.BENCH_FIO_RNDRW, "random r/w" },
}
local IO_MODES = {
   sync = { C.BENCH_FIO_SYNC, "synchronous" },
   async = { C.BENCH_FIO_ASYNC, "asynchronous" },
   mmap = { C.BENCH_FIO_MMAP, ffi.sizeof("void *") > 4 and "fast mmaped"
                                 or "slow mmaped" },
}
local EXTRA_FLAGS = { sync = C.BENCH_FIO_O_SYNC, dsync = C.BENCH_FIO_O_DSYNC,
                      direct = C.BENCH_FIO_O_DIRECT }
local MiB = 1024 * 1024

local function size_text(bytes)
   local buf = ffi.new("char[32]")
   C.bench_fileio_format_size(bytes, buf, 32)
   return ffi.string(buf)
end

-- sysbench keeps the block size in an int: a SIZE above 2^31 wraps.
local function as_int32(n)
   n = n % 4294967296
   return n >= 2147483648 and n - 4294967296 or n
end

local function read_test_mode(o)
   local mode = o.file_test_mode
   if mode == nil or mode == "" then
      builtin.fatal("Missing required argument: --file-test-mode\n")
      io.stdout:write("fileio options:\n")
      sysbench.cmdline.print_test_options()
      error(builtin.FAILED, 0)
   end
   if not TEST_MODES[mode] then
      builtin.fail("Invalid IO operations mode: %s.", mode)
   end
   return mode
end

local function read_io_mode(o)
   local mode = o.file_io_mode
   if mode == nil or mode == "" then
      mode = "sync"
   end
   if not IO_MODES[mode] then
      builtin.fail("unknown I/O mode: %s", mode)
   elseif mode == "async" and not has_aio then
      builtin.fail("asynchronous I/O mode is unsupported on this platform.")
   end
   return mode
end

local function read_extra_flags(o)
   local bits = 0
   for _, v in ipairs(o.file_extra_flags) do
      if not EXTRA_FLAGS[v] then
         -- sysbench names the option's first item, whichever was wrong.
         builtin.fail("Invalid value for file-extra-flags: %s",
                      o.file_extra_flags[1])
      end
      bits = bit.bor(bits, EXTRA_FLAGS[v])
   end
   return bits
end

local function read_sync_options(o, s)
   s.fsync_freq = o.file_fsync_freq
   if s.fsync_freq < 0 then
      builtin.fail("Invalid value for file-fsync-freq: %d.", s.fsync_freq)
   end
   s.fsync_end, s.fsync_all = o.file_fsync_end, o.file_fsync_all
   if s.fsync_all then -- it replaces the periodic and final syncs
      s.fsync_end, s.fsync_freq = false, 0
   end
   if o.file_fsync_mode ~= "fsync" and o.file_fsync_mode ~= "fdatasync" then
      builtin.fail("Invalid fsync mode: %s.", o.file_fsync_mode)
   end
   s.fdatasync = o.file_fsync_mode == "fdatasync"
end

-- Reads and checks the options in sysbench's order and with its texts.
local function read_options(command)
   local o, s = sysbench.opt, {}
   s.num_files = o.file_num
   if s.num_files <= 0 then
      builtin.fail("Invalid value for file-num: %d", s.num_files)
   end
   s.total_size = o.file_total_size
   if s.total_size <= 0 then
      builtin.fail("Invalid value for file-total-size: %.0f", s.total_size)
   end
   if command == "run" then
      s.mode = read_test_mode(o)
   end
   s.io = read_io_mode(o)
   s.merged = o.file_merged_requests
   if s.merged < 0 then
      builtin.fail("Invalid value for file-merged-requests: %d.", s.merged)
   end
   s.block_size = as_int32(o.file_block_size)
   if s.block_size <= 0 then
      builtin.fail("Invalid value for file-block-size: %d.", s.block_size)
   end
   s.request_size = s.block_size * (s.merged > 0 and s.merged or 1)
   s.extra_flags = read_extra_flags(o)
   read_sync_options(o, s)
   s.rw_ratio = o.file_rw_ratio
   if s.rw_ratio < 0 then
      builtin.fail("Invalid value for --file-rw-ratio: %f.", s.rw_ratio)
   end
   if not profile_m then -- 1.0.20 keeps the ratio in a float
      s.rw_ratio = tonumber(ffi.new("float", s.rw_ratio))
   end
   s.file_size = math.floor(s.total_size / s.num_files)
   return s
end

-- The async backlog and a non-empty file are checked when a run starts.
local function check_run_options(s)
   if s.io == "async" then
      s.backlog = sysbench.opt.file_async_backlog
      if s.backlog <= 0 then
         builtin.fail("Invalid value of file-async-backlog: %d", s.backlog)
      end
   end
   if s.file_size == 0 then
      builtin.fail("Invalid value for file-total-size: %.0f (less than "
                      .. "one byte per file with --file-num=%d)",
                   s.total_size, s.num_files)
   end
end

local function new_test(s)
   local cfg = ffi.new("struct bench_fileio_config", {
      num_files = s.num_files, total_size = s.total_size,
      block_size = s.block_size, request_size = s.request_size,
      test_mode = s.mode and TEST_MODES[s.mode][1] or 0,
      io_mode = IO_MODES[s.io][1], extra_flags = s.extra_flags,
      fsync_freq = s.fsync_freq, fsync_all = s.fsync_all,
      fsync_end = s.fsync_end, fdatasync = s.fdatasync,
      validate = sysbench.opt.validate, per_thread_ratio = profile_m,
      debug = sysbench.opt.debug,
      rw_ratio = s.rw_ratio, async_backlog = s.backlog or 0,
      threads = sysbench.opt.threads,
   })
   local f = C.bench_fileio_new(cfg)
   if f == nil then
      error(builtin.FAILED, 0)
   end
   return ffi.gc(f, C.bench_fileio_free)
end

local function release(f)
   C.bench_fileio_free(ffi.gc(f, nil))
end

-- Runs `fn`, prepare's or cleanup's C function, on the files of options
-- `s`; raises builtin.FAILED (the message is printed) when it fails.
local function on_files(s, fn)
   local f = new_test(s)
   local rc = fn(f)
   release(f)
   if rc ~= 0 then
      error(builtin.FAILED, 0)
   end
end

local function extra_flags_text(bits)
   if bits == 0 then
      return "(none)"
   end
   local function has(flag) return bit.band(bits, flag) ~= 0 end
   return (has(C.BENCH_FIO_O_SYNC) and "sync " or "")
      .. (has(C.BENCH_FIO_O_DSYNC) and "dsync " or "")
      .. (has(C.BENCH_FIO_O_DIRECT) and "directio" or "")
end

-- -- Commands --------------------------------------------------------------

function prepare()
   local s = read_options("prepare")
   builtin.notice("%d files, %dKb each, %dMb total", s.num_files,
                  math.floor(s.file_size / 1024),
                  math.floor(s.file_size * s.num_files / MiB))
   builtin.notice("Creating files for the test...")
   builtin.notice("Extra file open flags: %s",
                  extra_flags_text(s.extra_flags))
   on_files(s, C.bench_fileio_create_files)
end

function cleanup()
   local s = read_options("cleanup")
   builtin.notice("Removing test files...")
   on_files(s, C.bench_fileio_remove_files)
end

-- -- run -------------------------------------------------------------------

local settings -- main state: the checked options
local fio      -- main state: the test (owns files, buffers, queues)

function init()
   settings = read_options("run")
   check_run_options(settings)
   fio = new_test(settings)
   -- kernels/fileio_native.c: thread_run and thread_done below.
   builtin.native_worker("fileio")
end

-- --events as sysbench prints it: an unsigned 64-bit number.
local function events_text()
   local ev = sysbench.opt.events or 0
   return (tostring(ffi.cast("uint64_t", ffi.cast("int64_t", ev)))
              :gsub("ULL$", ""))
end

local function print_mode()
   local s, notice = settings, builtin.notice
   notice("Extra file open flags: %s", extra_flags_text(s.extra_flags))
   notice("%d files, %sB each", s.num_files, size_text(s.file_size))
   notice("%sB total file size", size_text(s.file_size * s.num_files))
   notice("Block size %sB", size_text(s.block_size))
   if s.merged > 0 then
      notice("Merging requests up to %sB for sequential IO.",
             size_text(s.request_size))
   end
   if s.mode:sub(1, 3) == "rnd" then
      notice("Number of IO requests: %s", events_text())
      notice("Read/Write ratio for combined random IO test: %2.2f",
             s.rw_ratio)
   end
   if s.fsync_freq > 0 then
      notice("Periodic FSYNC enabled, calling fsync() each %d requests.",
             s.fsync_freq)
   end
   if s.fsync_end then
      notice("Calling fsync() at the end of test, Enabled.")
   end
   if s.fsync_all then
      notice("Calling fsync() after each write operation.")
   end
   notice("Using %s I/O mode", IO_MODES[s.io][2])
   if sysbench.opt.validate then
      notice("Using checksums validation.")
   end
   notice("Doing %s test", TEST_MODES[s.mode][2])
end

-- Unused by the loop below; kept for scripts that call event().
function event(tid)
   local f = C.bench_fileio_current()
   local req = ffi.new("struct bench_fileio_req")
   C.bench_fileio_next(f, tid, req)
   if C.bench_fileio_execute(f, tid, req) ~= 0 then
      error(builtin.FAILED, 0)
   end
end

-- As sysbench's loop for built-in tests, the request is made before its
-- event starts, so the shared generator's lock is not in the latency.
-- bench_event_next checks the limits and starts the event (at its --rate
-- time); the request made when it says no is dropped.
function thread_run(tid)
   local f = C.bench_fileio_current()
   local req = ffi.new("struct bench_fileio_req")
   local begin, stop = C.bench_event_next, C.sb_event_stop
   local next_req, execute = C.bench_fileio_next, C.bench_fileio_execute
   while true do
      next_req(f, tid, req)
      if not begin(tid) then
         return
      end
      local rc = execute(f, tid, req)
      stop(tid)
      if rc ~= 0 then
         error(builtin.FAILED, 0)
      end
   end
end

function thread_done(tid)
   if C.bench_fileio_thread_done(C.bench_fileio_current(), tid) ~= 0 then
      error(builtin.FAILED, 0)
   end
end

function done()
   if fio ~= nil then
      release(fio)
      fio = nil
   end
end

-- -- Reports ---------------------------------------------------------------

local function per_s(n, stat)
   return n / stat.time_interval
end

local function report_1_0(stat)
   local notice = builtin.notice
   notice("")
   notice("File operations:")
   notice("    reads/s:                      %4.2f", per_s(stat.reads, stat))
   notice("    writes/s:                     %4.2f", per_s(stat.writes, stat))
   notice("    fsyncs/s:                     %4.2f", per_s(stat.other, stat))
   notice("")
   notice("Throughput:")
   notice("    read, MiB/s:                  %4.2f",
          per_s(stat.bytes_read, stat) / MiB)
   notice("    written, MiB/s:               %4.2f",
          per_s(stat.bytes_written, stat) / MiB)
end

-- 1.1 replaces the generic block with its own throughput and latency.
local function report_1_1(stat)
   local notice, pct = builtin.notice, sysbench.opt.percentile
   local function io_line(label, ops, bytes)
      notice("         %s IOPS=%4.2f %4.2f MiB/s (%4.2f MB/s)", label,
             per_s(ops, stat), per_s(bytes, stat) / MiB,
             per_s(bytes, stat) / 1e6)
   end
   notice("")
   notice("Throughput:")
   io_line("read: ", stat.reads, stat.bytes_read)
   io_line("write:", stat.writes, stat.bytes_written)
   notice("         fsync: IOPS=%4.2f", per_s(stat.other, stat))
   notice("")
   notice("Latency (ms):")
   notice("         min:                            %10.2f",
          stat.latency_min * 1000)
   notice("         avg:                            %10.2f",
          stat.latency_avg * 1000)
   notice("         max:                            %10.2f",
          stat.latency_max * 1000)
   if pct > 0 then
      notice("        %3dth percentile:                %10.2f", pct,
             stat.latency_pct * 1000)
   else
      notice("         percentile stats:               disabled")
   end
   notice("         sum:                            %10.2f",
          stat.latency_sum * 1000)
   notice("")
   return true
end

sysbench.builtin = {
   print_mode = function()
      print_mode()
      -- sysbench opens the files right after the mode lines.
      if C.bench_fileio_open(fio) ~= 0 then
         error(builtin.FAILED, 0)
      end
   end,
   report_intermediate = function(stat)
      builtin.notice("[ %.0fs ] reads: %4.2f MiB/s writes: %4.2f MiB/s "
                        .. "fsyncs: %4.2f/s latency (ms,%d%%): %4.3f",
                     stat.time_label, per_s(stat.bytes_read, stat) / MiB,
                     per_s(stat.bytes_written, stat) / MiB,
                     per_s(stat.other, stat), sysbench.opt.percentile,
                     stat.latency_pct * 1000)
   end,
   report_cumulative = function(stat)
      if profile_m then
         return report_1_1(stat)
      end
      report_1_0(stat)
   end,
   -- Beyond sysbench: latency per operation type, after its report, only
   -- when asked (PD-10: the default report is sysbench's).
   report_cumulative_end = function()
      local f = C.bench_fileio_current()
      if f ~= nil and sysbench.opt.extended_report then
         C.bench_fileio_report_latency(f, sysbench.opt.percentile)
      end
   end,
}
