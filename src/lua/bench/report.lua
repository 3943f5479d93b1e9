-- SPDX-License-Identifier: MIT
-- bench.report: sysbench.report_default, report_csv and report_json
-- (INV 6.4), for scripts that use them as report hooks. Rates are per
-- second of the interval; latency is converted to ms. The time printed is
-- stat.time_label, the slot the report stands for, as in bench's own
-- interval lines (RT-8), not sysbench's rounded elapsed time; a table a
-- script built itself without it gives time_total.
local report = {}

local function label(stat)
   return stat.time_label or stat.time_total
end

local function rates(stat)
   local t = stat.time_interval
   local function per(x) return t > 0 and x / t or 0 end
   return per(stat.events), per(stat.reads + stat.writes + stat.other),
      per(stat.reads), per(stat.writes), per(stat.other),
      per(stat.errors), per(stat.reconnects)
end

function report.default(stat)
   local tps, qps, r, w, o, e, c = rates(stat)
   -- "err/s" without a colon is sysbench's text; scripts parse it.
   print(string.format("[ %.0fs ] thds: %u tps: %4.2f qps: %4.2f " ..
                          "(r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%u%%): %4.2f " ..
                          "err/s %4.2f reconn/s: %4.2f",
                       label(stat), stat.threads_running, tps, qps,
                       r, w, o, sysbench.opt.percentile,
                       stat.latency_pct * 1000, e, c))
end

function report.csv(stat)
   local tps, qps, r, w, o, e, c = rates(stat)
   print(string.format("%.0f,%u,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f," ..
                          "%4.2f", label(stat), stat.threads_running,
                       tps, qps, r, w, o, stat.latency_pct * 1000, e, c))
end

-- One JSON array per Lua state: "[" before the first object, "," between
-- objects, and "]" when the state closes (a finaliser on a sentinel), so
-- the output parses as JSON (sysbench leaves a trailing comma).
local json_open = false
local json_closer

function report.json(stat)
   local tps, qps, r, w, o, e, c = rates(stat)
   if not json_open then
      json_open = true
      io.write("[\n")
      json_closer = newproxy(true)
      getmetatable(json_closer).__gc = function()
         io.write("\n]\n")
         io.stdout:flush()
      end
   else
      io.write(",\n")
   end
   io.write(string.format([[
  {
    "time": %4.0f,
    "threads": %u,
    "tps": %4.2f,
    "qps": {
      "total": %4.2f,
      "reads": %4.2f,
      "writes": %4.2f,
      "other": %4.2f
    },
    "latency": %4.2f,
    "errors": %4.2f,
    "reconnects": %4.2f
  }]], label(stat), stat.threads_running, tps, qps, r, w, o,
                          stat.latency_pct * 1000, e, c))
   io.stdout:flush()
end

return report
