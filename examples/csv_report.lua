#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- csv_report.lua: report hooks that write the statistics as CSV. Every
-- --report-interval seconds a row goes to --csv_file, and a last row
-- "total" when the run ends, instead of the text report. The workload
-- itself is a small computation per event (no database), so it runs
-- anywhere:
--   bench csv_report.lua --time=5 --report-interval=1 --csv_file=out.csv run

sysbench.cmdline.options = {
   csv_file = {"file the CSV rows are written to", "bench.csv"},
   work = {"loop iterations per event", 1000, sysbench.cmdline.ARG_INT},
}

local COLUMNS = "time,threads,events_per_s,queries_per_s,latency_pct_us,errors_per_s"

-- init() runs once, in the main thread, before the workers start: start
-- the file with its header.
function init()
   local f = assert(io.open(sysbench.opt.csv_file, "w"))
   f:write(COLUMNS, "\n")
   f:close()
end

local sink = 0

-- event() must not return a value: a true result stops the thread.
function event()
   local x = 0
   for i = 1, sysbench.opt.work do
      x = x + i % 7
   end
   sink = x
end

-- One row of the CSV. `stat` holds the counters of the interval (or of
-- the whole run); latency_pct is the --percentile latency in seconds,
-- written here in microseconds.
local function row(label, stat)
   local t = stat.time_interval
   local queries = stat.reads + stat.writes + stat.other
   local f = assert(io.open(sysbench.opt.csv_file, "a"))
   f:write(string.format("%s,%d,%.2f,%.2f,%.3f,%.2f\n", label,
                         stat.threads_running, stat.events / t, queries / t,
                         stat.latency_pct * 1e6, stat.errors / t))
   f:close()
end

-- The hooks run in the reporting thread (intermediate) and in the main
-- thread (cumulative), each with its own Lua state: the file is opened
-- and closed for every row rather than kept open in a global.
sysbench.hooks.report_intermediate = function(stat)
   row(string.format("%.0f", stat.time_total), stat)
end

-- Replacing report_cumulative replaces the text report of the run's end.
sysbench.hooks.report_cumulative = function(stat)
   row("total", stat)
   local n = 0
   for _ in io.lines(sysbench.opt.csv_file) do
      n = n + 1
   end
   print(string.format("csv_report: %d rows and a header in %s", n - 1,
                       sysbench.opt.csv_file))
end
