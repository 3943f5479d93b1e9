A Lua workload through every callback (sysbench-reference.md 5, 6.4, 9.2,
15.11): order of calls, custom and parallel commands, report hooks, event
restarts, event() stopping a thread, and an error in each callback: a FATAL
line and exit status 1, never a hang (each run is under timeout).

  $ cat > cb.lua <<'LUA'
  > sysbench.cmdline.options = {
  >    fail = {"callback that raises an error", ""},
  >    stop = {"event number at which event() returns true", 0},
  >    restart = {"restart the first event this many times", 0},
  > }
  > local function step(name, tid)
  >    -- one write per line: threads' lines never mix
  >    io.stdout:write((tid and (name .. " " .. tid) or name) .. "\n")
  >    if sysbench.opt.fail == name then
  >       error("boom in " .. name)
  >    end
  > end
  > function init() step("init") end
  > function thread_init(tid) step("thread_init", tid) end
  > function thread_done(tid) step("thread_done", tid) end
  > function done() step("done") end
  > function prepare() step("prepare") end
  > function cleanup() step("cleanup") end
  > function help() step("help") end
  > local n, restarts = 0, 0
  > function event(tid)
  >    if restarts < sysbench.opt.restart then
  >       restarts = restarts + 1
  >       error({errcode = sysbench.error.RESTART_EVENT, msg = "again " .. restarts})
  >    end
  >    n = n + 1
  >    if sysbench.opt.threads == 1 then print("event " .. n) end
  >    if sysbench.opt.fail == "event" then error("boom in event") end
  >    if n == sysbench.opt.stop then return true end
  > end
  > function sysbench.hooks.before_restart_event(err)
  >    step("before_restart_event " .. err.msg)
  > end
  > function sysbench.hooks.report_cumulative(stat)
  >    step(string.format("report_cumulative events=%d threads=%d", stat.events,
  >                       stat.threads_running))
  > end
  > sysbench.cmdline.commands = {
  >    hello = {function() step("hello", sysbench.tid) end},
  >    par = {function() step("par", sysbench.tid) end,
  >           sysbench.cmdline.PARALLEL_COMMAND},
  >    no = {function() print("no") return false end},
  > }
  > LUA
  $ run() { timeout 60 "$BENCH" cb.lua "$@"; }

The order of the calls in a run: init before the header, thread_init while
the workers start, thread_done after the last event, the cumulative hook
(replacing the report), then done.

  $ run --events=3 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  init
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  thread_init 0
  Threads started!
  
  event 1
  event 2
  event 3
  thread_done 0
  report_cumulative events=3 threads=0
  done
  $ run --events=6 --threads=3 --verbosity=0 run | sort
  done
  init
  report_cumulative events=6 threads=0
  thread_done 0
  thread_done 1
  thread_done 2
  thread_init 0
  thread_init 1
  thread_init 2

A RESTART_EVENT error runs the hook and the event again; it is counted once.
event() returning a value ends the thread, and that event is not counted.

  $ run --events=2 --restart=2 --verbosity=0 run
  init
  thread_init 0
  before_restart_event again 1
  before_restart_event again 2
  event 1
  event 2
  thread_done 0
  report_cumulative events=2 threads=0
  done
  $ run --events=10 --stop=3 --verbosity=0 run
  init
  thread_init 0
  event 1
  event 2
  event 3
  thread_done 0
  report_cumulative events=2 threads=0
  done

Commands: prepare, cleanup and help call the script's functions; custom
commands run in the main state (tid 0), parallel ones in --threads states.

  $ run prepare
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  prepare
  $ run cleanup | tail -1
  cleanup
  $ run help | tail -1
  help
  $ run hello | tail -1
  hello 0
  $ run --threads=2 par | sort
  
  
  Initializing worker threads...
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  par 0
  par 1
  $ run --threads=2 hello | tail -1
  hello 0
  $ run no
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  no
  [1]
  $ run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  $ run bogus 2>&1 >/dev/null
  Unknown command: bogus
  [1]

A custom command wins over the built-in ones, even run.

  $ cat > override.lua <<'LUA'
  > sysbench.cmdline.commands = { run = {function() print("my run") end} }
  > function event() end
  > LUA
  $ timeout 60 "$BENCH" override.lua run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  my run

An error in each callback. The FATAL text is sysbench's; the Lua traceback
goes to stderr.

  $ run --fail=init --events=1 run 2>/dev/null
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  init
  FATAL: `init' function failed: cb.lua:10: boom in init
  [1]
  $ run --fail=thread_init --events=1 run 2>/dev/null | sed -n '/^Initializing worker/,$p'
  Initializing worker threads...
  
  thread_init 0
  FATAL: `thread_init' function failed: cb.lua:10: boom in thread_init
  FATAL: Thread initialization failed!
  $ run --fail=thread_init --threads=4 --events=1 run > /dev/null 2>&1
  [1]

After a worker failed there is no report, but done() still runs in the main
state, as in sysbench (sysbench-reference.md 5.1).

  $ run --fail=event --events=2 run 2>/dev/null > out.txt
  [1]
  $ sed -n '/^Threads started!$/,$p' out.txt
  Threads started!
  
  event 1
  FATAL: `thread_run' function failed: cb.lua:28: boom in event
  done
  $ run --fail=event --threads=4 --time=30 run > /dev/null 2>&1
  [1]
  $ run --fail="before_restart_event again 1" --restart=1 --events=2 run 2>/dev/null > out.txt
  [1]
  $ sed -n '/^Threads started!$/,$p' out.txt
  Threads started!
  
  before_restart_event again 1
  FATAL: `thread_run' function failed: cb.lua:10: boom in before_restart_event again 1
  done
  $ run --fail=thread_done --events=2 run 2>/dev/null > out.txt
  [1]
  $ sed -n '/^Threads started!$/,$p' out.txt
  Threads started!
  
  event 1
  event 2
  thread_done 0
  FATAL: `thread_done' function failed: cb.lua:10: boom in thread_done
  done
  $ run --fail="report_cumulative events=2 threads=0" --events=2 --verbosity=1 run 2>/dev/null
  init
  thread_init 0
  event 1
  event 2
  thread_done 0
  report_cumulative events=2 threads=0
  FATAL: `report_cumulative' function failed: cb.lua:10: boom in report_cumulative events=2 threads=0
  done
  [1]
  $ run --fail=done --events=1 --verbosity=1 run 2>/dev/null
  init
  thread_init 0
  event 1
  thread_done 0
  report_cumulative events=1 threads=0
  done
  FATAL: `done' function failed: cb.lua:10: boom in done
  [1]
  $ run --fail=prepare prepare 2>/dev/null | tail -2
  prepare
  FATAL: `prepare' function failed: cb.lua:10: boom in prepare
  $ run --fail=prepare prepare > /dev/null 2>&1
  [1]
  $ run --fail=cleanup cleanup 2>/dev/null | tail -1
  FATAL: `cleanup' function failed: cb.lua:10: boom in cleanup
  $ run --fail=help help 2>/dev/null | tail -1
  FATAL: `help' function failed: cb.lua:10: boom in help
  $ run --fail=hello hello 2>/dev/null | tail -1
  FATAL: `sysbench.cmdline.call_command' function failed: cb.lua:10: boom in hello
  $ run --fail=hello hello > /dev/null 2>&1
  [1]

A failing parallel command fails the process, unlike sysbench (PD-6); the
identical messages of the two threads collapse.

  $ run --fail=par --threads=2 par 2>/dev/null | grep FATAL
  FATAL: `sysbench.cmdline.call_command' function failed: cb.lua:10: boom in par
  $ run --fail=par --threads=2 par > /dev/null 2>&1
  [1]

An error prints sysbench's FATAL line and nothing more (PD-12); its
traceback goes to stderr only with --debug=on or --verbosity=5.

  $ run --fail=init --events=1 run 2>&1 >/dev/null | wc -l
  0
  $ run --fail=init --events=1 --verbosity=5 run 2>&1 >/dev/null | head -1
  stack traceback:
  $ run --fail=init --events=1 --debug=on run 2>&1 >/dev/null | head -1
  stack traceback:

An error in the intermediate report hook (run in the reporting thread's
state) stops the run.

  $ cat > ri.lua <<'LUA'
  > function event() end
  > function sysbench.hooks.report_intermediate(s) error("boom in ri") end
  > LUA
  $ timeout 60 "$BENCH" ri.lua --time=5 --report-interval=1 --verbosity=1 run 2>/dev/null
  FATAL: `report_intermediate' function failed: ri.lua:2: boom in ri
  [1]

An error in the cumulative hook fails the run too: sysbench 1.0.20 prints
it and exits 0 (docs/compatibility.md).

  $ cat > rc.lua <<'LUA'
  > function event() end
  > function sysbench.hooks.report_cumulative(s) error("boom in rc") end
  > LUA
  $ "$BENCH" rc.lua --events=10 --verbosity=1 run 2>/dev/null
  FATAL: `report_cumulative' function failed: rc.lua:2: boom in rc
  [1]

Report hooks receive sysbench's stat tables; the intermediate hook runs in
the reporting thread's state, whose sysbench.tid is --threads.

  $ cat > hooks.lua <<'LUA'
  > print("chunk tid=" .. sysbench.tid)
  > function event() end
  > local function keys(s)
  >    local t = {}
  >    for k in pairs(s) do t[#t + 1] = k end
  >    table.sort(t)
  >    return table.concat(t, ",")
  > end
  > function sysbench.hooks.report_intermediate(s)
  >    print("I tid=" .. sysbench.tid, keys(s))
  > end
  > function sysbench.hooks.report_cumulative(s)
  >    print("C tid=" .. sysbench.tid, keys(s))
  > end
  > LUA
  $ timeout 60 "$BENCH" hooks.lua --time=2 --threads=2 --report-interval=1 --verbosity=1 run | sort
  C tid=0\terrors,events,latency_avg,latency_max,latency_min,latency_pct,latency_sum,other,reads,reconnects,threads_running,time_interval,time_total,writes (esc)
  I tid=2\tconcurrency,errors,events,latency_pct,other,queue_length,reads,reconnects,threads_running,time_interval,time_total,writes (esc)
  chunk tid=0
  chunk tid=0
  chunk tid=1
  chunk tid=2

print() writes each line whole, so lines that threads print at the same
moment never run into each other (Lua's own print writes the pieces and
the newline apart: "chunk tid=1chunk tid=0" and an empty line).

  $ cat > lines.lua <<'LUA'
  > function thread_init()
  >    for i = 1, 3000 do print("line", i, "of thread", sysbench.tid) end
  > end
  > function event() end
  > LUA
  $ "$BENCH" lines.lua --threads=4 --events=4 --verbosity=1 run > lines.out
  $ grep -c '^line	[0-9]*	of thread	[0-3]$' lines.out
  12000
  $ grep -vc '^line	[0-9]*	of thread	[0-3]$' lines.out
  0
  [1]

A thread_init that never returns: the watchdog gives up after
--thread-init-timeout seconds (30 in sysbench 1.0.20) with exit status 2.

  $ cat > slowinit.lua <<'LUA'
  > function thread_init() local t = os.clock() + 60 while os.clock() < t do end end
  > function event() end
  > LUA
  $ timeout 30 "$BENCH" slowinit.lua --thread-init-timeout=1 --events=1 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  FATAL: Worker threads failed to initialize within 1 seconds!
  [2]
