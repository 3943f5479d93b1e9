-- SPDX-License-Identifier: MIT
-- bench: run by script.c in every new Lua state before the workload. Builds
-- the sysbench table (also reachable as the global `bench`, PD-1) and the
-- default event loop. The argument is a table of settings from C.
local cfg = ...
local ffi = require("ffi")
_G.ffi = ffi
local decls = require("bench.decls")
ffi.cdef(decls("api_decls"))
-- What only bench's own modules call: a worker declares it when bench.builtin
-- or an option function of bench.cmdline first needs it.
if not cfg.lazy then
   ffi.cdef(decls("api_builtin_decls"))
end

sysbench = {
   tid = cfg.tid,
   version = cfg.version,
   version_string = cfg.version_string,
   error = { NONE = 0, RESTART_EVENT = 1 },
   hooks = {},
}
bench = sysbench

-- provide(name, build) sets sysbench[name] = build(). In worker states
-- (cfg.lazy) it waits for the first read of the field instead: most of a
-- thousand workers of a cpu or memory run never touch the SQL layer, whose
-- FFI declarations and modules were a third of a worker's start-up.
-- Reading the field behaves the same; only pairs() and rawget() on
-- sysbench see it after its first use. The main state builds everything.
local builders = {}
local function provide(name, build)
   if cfg.lazy then
      builders[name] = build
   else
      sysbench[name] = build()
   end
end
if cfg.lazy then
   setmetatable(sysbench, { __index = function(t, k)
      local build = builders[k]
      if build == nil then
         return nil
      end
      builders[k] = nil
      local v = build()
      rawset(t, k, v)
      return v
   end })
end

sysbench.cmdline = require("bench.cmdline")(cfg)
sysbench.rand = require("bench.rand")
if cfg.profile_m then
   sysbench.rand.special = nil -- 1.1 removed the special distribution
end
provide("histogram", function() return require("bench.histogram") end)
for name, field in pairs({ report_default = "default", report_csv = "csv",
                           report_json = "json" }) do
   provide(name, function() return require("bench.report")[field] end)
end
if cfg.db then
   provide("sql", function()
      -- Lua sees sql_result.nrows as nrows_read: bench.sql makes `nrows` a
      -- property that reads the rest of a streamed result first, since a
      -- streamed result knows its row count only at its end.
      local text, n = decls("db_api_decls"):gsub("uint32_t nrows;",
                                                 "uint32_t nrows_read;")
      assert(n == 1, "db_api_decls.h: sql_result.nrows not found")
      ffi.cdef(text)
      return require("bench.sql")
   end)
end
if not cfg.profile_m then
   require("bench.compat")(cfg, provide)
end

local C = ffi.C
local RESTART_EVENT = sysbench.error.RESTART_EVENT

-- Runs events until a limit is reached (next_event(state) is false) or
-- event() returns a value (true: the worker stops and that event is not
-- counted). The caller has already started the first event. `id` is the
-- thread's (or the virtual user's) number.
local function event_loop(id, state, next_event)
   while true do
      if event(id) then
         return
      end
      if not next_event(state) then
         return
      end
   end
end

local function is_restart(err)
   return type(err) == "table" and err.errcode == RESTART_EVENT
end

-- Runs sysbench.hooks.before_restart_event before an event is restarted.
-- The hook may itself fail with an ignorable error (oltp_common prepares
-- its statements again, and the server is still down): it is run again
-- until it completes, as its work (statements prepared) must be done
-- before events run. Returns false when the run ended meanwhile; any
-- other error of the hook is raised.
local function before_restart(err)
   local hook = sysbench.hooks.before_restart_event
   if not hook then
      return true
   end
   while true do
      local ok, herr = pcall(hook, err)
      if ok then
         return true
      end
      if not is_restart(herr) then
         error(herr, 0)
      end
      if C.bench_run_stopping() then
         return false
      end
      err = herr
   end
end

-- The events of a thread or a virtual user (bench.vu): one pcall covers a
-- whole run of events rather than one each, so the JIT compiles the loop;
-- a RESTART_EVENT error re-enters it with the same event still open, so
-- its latency includes the failed attempts and it is counted once.
local function run_events(id, state, next_event)
   while true do
      local ok, err = pcall(event_loop, id, state, next_event)
      if ok then
         return
      end
      if not is_restart(err) then
         error(err, 0)
      end
      -- A server that stays down must not keep the worker spinning past
      -- the end of the run.
      if not before_restart(err) or C.bench_run_stopping() then
         return
      end
   end
end

-- A Lua function, not the C one as a value: the JIT inlines it into the
-- loop (perf/empty_event.sh).
local function worker_next(w)
   return C.bench_worker_next(w)
end

-- The default loop (replaced by a script-defined global thread_run).
function thread_run(tid)
   if not C.sb_more_events(tid) then
      return
   end
   C.sb_event_start(tid)
   run_events(tid, C.bench_worker(tid), worker_next)
end

-- --virtual-users: this worker's users run as coroutines (bench.vu), and
-- the workload, loaded next, gets their environments.
if cfg.virtual_users then
   sysbench.vu = require("bench.vu")
   sysbench.vu.setup(cfg, thread_run, run_events)
end
