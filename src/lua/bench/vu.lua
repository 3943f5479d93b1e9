-- SPDX-License-Identifier: MIT
-- bench.vu: virtual users (--virtual-users, docs/virtual-users.md). A worker
-- runs its users (numbers tid, tid + threads, ...) as coroutines of its one
-- Lua state; sysbench.tid is the running user's number. Each user has its
-- own global environment: the workload is loaded with a proxy as its
-- environment (install, before the workload loads), whose reads and writes
-- go to the running user's table first, then to the worker's globals, where
-- the main chunk put its functions. A user that would block (a driver call
-- on a socket, a sleep) registers its wait in C (vu.c) and yields; the
-- scheduler waits for all of its users with one bench_vu_poll and resumes
-- whichever is ready. The phases thread_init, thread_run and thread_done
-- are called by C (script_call_vu) and each returns once every user of the
-- worker has finished that phase.
local ffi = require("ffi")
local C = ffi.C
local text = require("bench.decls")("api_builtin_decls")
if text then
   ffi.cdef(text)
end
pcall(ffi.cdef, "char *strerror(int errnum);")

local function errno_text()
   return ffi.string(C.strerror(ffi.errno()))
end

local vu = {}
local base = _G
local yield, resume, status = coroutine.yield, coroutine.resume,
   coroutine.status
-- Set by vu.setup: bench.lua's settings (virtual_users, threads, tid,
-- think_ms, think_exp, reconnect_every, rate) and what follows from them.
local cfg, WORKER_TID
local traceback, log, run_events
local think_ms, think_exp, reconnect_every, paced

-- The environment reads and writes of the workload go to: a user's table
-- while it runs, the worker's globals otherwise.
local cur_env = base

-- Tokens a user yields to its scheduler, told from a script's own
-- yields: it waits (vu.c knows for what), or it finished the phase.
local WAIT, PARK = {}, {}

-- -- The workload's environment --------------------------------------------

-- Called by bench.lua, last, before the workload is loaded: code loaded
-- from now on (the workload, the modules it requires) sees the proxy as
-- _G. `default_loop` is bench.lua's thread_run (a script may replace it);
-- `events` its run_events(id, state, next_event), a user's events.
function vu.setup(c, default_loop, events)
   cfg, WORKER_TID = c, c.tid
   think_ms, think_exp = c.think_ms or 0, c.think_exp
   reconnect_every = c.reconnect_every or 0
   paced = c.rate or think_ms > 0 or reconnect_every > 0
   vu.default_thread_run = default_loop
   run_events = events
   local proxy = setmetatable({}, {
      __index = function(_, k)
         local v = cur_env[k]
         if v == nil then
            v = base[k]
         end
         return v
      end,
      __newindex = function(_, k, v) cur_env[k] = v end,
   })
   if cfg.db then
      local _ = sysbench.sql -- built now, in the worker's own environment
   end
   -- The libraries lua_libs.c opens on first use are opened now: their
   -- openers register them in the running thread's globals, which in a
   -- user would be the proxy.
   for _, name in ipairs({ "math", "io", "os", "debug", "bit" }) do
      local _ = base[name].foo
   end
   traceback, log = base.debug.traceback, base.math.log
   -- An os.exit() in a user would end the process under the others' feet.
   base.os.exit = function()
      error("os.exit() cannot be called by a virtual user (--virtual-users)",
            2)
   end
   setfenv(0, proxy)
end

-- -- Scheduler ----------------------------------------------------------------

local sched        -- bench_vu_t of this worker
local users = {}   -- local number + 1 -> user
local running      -- the user being resumed
local nready = 256
local ready = ffi.new("int[?]", nready)
local STOP_CHECK_NS = 50000000 -- see pool.c: a stop is noticed this fast

-- Waits (yields) until `when_ns` (monotonic). Called by a user only.
function vu.sleep_until(when_ns)
   if C.bench_vu_sleep(sched, running.idx, when_ns) ~= 0 then
      error("vu: sleep: out of memory", 2)
   end
   yield(WAIT)
end

-- Waits (yields) until socket `fd` (its id from bench_db_wait) is ready
-- for `events` (BENCH_VU_READ, BENCH_VU_WRITE). Called by a user only,
-- e.g. by bench.sql.
function vu.wait_fd(fd, events, sock_id)
   if C.bench_vu_wait_fd(sched, running.idx, fd, events, sock_id) ~= 0 then
      error(string.format("vu: wait for socket %d: %s", fd, errno_text()),
            2)
   end
   yield(WAIT)
end

-- Waits (yields) until the socket of connection `con`, whose call is
-- pending, is ready for what the call waits for, or its deadline passed
-- (bench_db_wait). Called by a user only (bench.sql): one C call per wait.
function vu.wait_conn(con)
   if C.bench_vu_wait_conn(sched, running.idx, con) ~= 0 then
      error("vu: wait for a connection's socket: " .. errno_text(), 2)
   end
   yield(WAIT)
end

-- Whether the caller runs as a virtual user (bench.sql yields only then).
function vu.in_user()
   return running ~= nil
end

-- The running user waits `ms` after its current event ends, before its
-- next one starts: outside the event's latency, as --think-time is
-- (tpcc's keying and think times, a length per transaction). Its worker's
-- users take next_event's slow path from then on.
function vu.pause(ms)
   running.pause_ms = ms
   paced = true
end

-- Where a user stopped after the last resume.
local PARKED, DEAD, WAITING = 1, 2, 3

local function fail(u, err)
   if type(err) == "string" then
      if err:find("attempt to yield across C%-call boundary") then
         err = string.format("virtual user %d: the script cannot run as a " ..
            "coroutine: it waited for the database inside a C function " ..
            "(a metamethod, an iterator or a callback called from C): %s",
            u.uid, err)
      end
      -- The traceback of the user's coroutine, at --verbosity=5.
      C.bench_log(5, traceback(u.co, "virtual user " .. u.uid))
   end
   error(err, 0)
end

-- A user that keeps its worker this long without waiting blocked in a
-- call: said once per worker, since every other user of it waited.
local HOLD_WARN_NS = 2e9
local hold_warned = false

local function held(u, ns)
   hold_warned = true
   C.bench_log(2, string.format("virtual user %d kept its worker for %.1f " ..
      "s without waiting: a call blocked it (one outside the drivers such " ..
      "as os.execute or an FFI sleep, or a driver call " ..
      "docs/virtual-users.md lists as blocking) and the worker's other " ..
      "users waited", u.uid, ns / 1e9))
end

-- When the last resume (or wait) ended: a user's hold is the time from
-- then, so that each resume reads the clock once.
local last_ns = 0

local function resume_user(u)
   running, cur_env = u, u.env
   sysbench.tid = u.uid
   local ok, what = resume(u.co)
   local now = C.bench_vu_now()
   local ns = now - last_ns
   last_ns = now
   running, cur_env = nil, base
   sysbench.tid = WORKER_TID
   if ns > HOLD_WARN_NS and not hold_warned then
      held(u, ns)
   end
   if not ok then
      fail(u, what)
   end
   if status(u.co) == "dead" then
      u.state = DEAD
   elseif what == WAIT then
      u.state = WAITING
   elseif what ~= PARK then
      fail(u, string.format("virtual user %d: the script yielded from " ..
                            "its own code (coroutine.yield outside a " ..
                            "coroutine of its own)", u.uid))
   else
      u.state = PARKED
   end
   return u.state ~= WAITING
end

-- Resumes every user until each has parked (finished the phase) or ended.
local function run_phase()
   local left = 0
   last_ns = C.bench_vu_now()
   for _, u in ipairs(users) do
      if u.state ~= DEAD and not resume_user(u) then
         left = left + 1
      end
   end
   local woke = false
   while left > 0 do
      local n = C.bench_vu_poll(sched, ready, nready, STOP_CHECK_NS)
      last_ns = C.bench_vu_now()
      if n < 0 then
         error("vu: wait for the users: " .. errno_text(), 0)
      end
      if n == 0 and not woke and
         (C.bench_run_stopping() or C.bench_vu_exhausted(nil)) then
         -- Sleepers (think time, arrivals) find the run over at once.
         n, woke = C.bench_vu_wake_sleepers(sched, ready, nready), true
      end
      for i = 0, n - 1 do
         if resume_user(users[ready[i] + 1]) then
            left = left - 1
         end
      end
   end
end

-- -- A user's life ------------------------------------------------------------

-- The pause before a user's next event.
local function think()
   local ms = think_ms
   if think_exp then
      ms = -ms * log(1 - C.sb_rand_uniform_double())
   end
   vu.sleep_until(C.bench_vu_now() + ms * 1e6)
end

-- --reconnect-every: the user's connection is its script's, so a new one
-- is made the script's way: thread_done, then thread_init. Counted as a
-- reconnect; its time goes to the connect record, not to latency.
local function reconnect(u)
   local t0 = C.bench_vu_now()
   if base.thread_done then
      base.thread_done(u.uid)
   end
   if base.thread_init then
      base.thread_init(u.uid)
   end
   C.bench_vu_connected(u.uid, C.bench_vu_now() - t0)
end

-- A user whose queries never wait (null, SQLite) gives the others a turn
-- every this many events, between two events.
local TURN_EVENTS = 64

-- Starts the user's next event (the first one too); false at the end.
local function next_event(u)
   local w = u.w
   if not paced and (u.events + 1) % TURN_EVENTS ~= 0 then
      u.events = u.events + 1
      return C.bench_vu_next(w)
   end
   C.bench_vu_finish(w)
   if not paced and u.events > 0 then
      vu.sleep_until(1) -- at once, after the users already ready
   end
   if reconnect_every > 0 and u.events > 0 and
      u.events % reconnect_every == 0 then
      reconnect(u)
   end
   if think_ms > 0 and u.events > 0 then
      if C.bench_vu_exhausted(w) then
         return false
      end
      think()
   end
   local pause = u.pause_ms
   if pause then
      u.pause_ms = nil
      if C.bench_vu_exhausted(w) then
         return false
      end
      vu.sleep_until(C.bench_vu_now() + pause * 1e6)
   end
   local r = C.bench_vu_step(w)
   if r == 0 then
      return false
   end
   if r ~= 1 then
      vu.sleep_until(r)
      if C.bench_run_stopping() then
         return false
      end
      C.bench_vu_begin(w)
   end
   u.events = u.events + 1
   return true
end

-- The user's events, as a thread's (bench.lua's run_events: a restart
-- re-enters the loop with the same event open).
local function user_events(u)
   if base.thread_run ~= vu.default_thread_run then
      return base.thread_run(u.uid) -- the script's own loop
   end
   if not next_event(u) then
      return
   end
   run_events(u.uid, u, next_event)
end

local function user_body(u)
   if base.thread_init then
      base.thread_init(u.uid)
   end
   yield(PARK)
   user_events(u)
   yield(PARK)
   if base.thread_done then
      base.thread_done(u.uid)
   end
end

-- -- Phases, called by C ---------------------------------------------------

function vu.thread_init()
   local threads, n = cfg.threads, 0
   for uid = WORKER_TID, cfg.virtual_users - 1, threads do
      n = n + 1
      local u = { uid = uid, idx = n - 1, env = {}, events = 0,
                  w = C.bench_worker(uid) }
      u.co = coroutine.create(function() user_body(u) end)
      users[n] = u
   end
   sched = ffi.gc(C.bench_vu_new(n), C.bench_vu_free)
   if sched == nil then
      error("vu: create the scheduler: " .. errno_text(), 0)
   end
   run_phase()
end

-- Paced users may end before --time: the worker stays until then.
function vu.thread_run()
   run_phase()
   C.bench_vu_linger()
end

function vu.thread_done()
   run_phase()
end

return vu
