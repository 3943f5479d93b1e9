Lua scripts as sysbench 1.0.20 loads them (sysbench-reference.md 1.2, 1.3,
15.11, 15.13): load errors, missing event(), scripts without a command,
the standard input, a script's own thread_run, legacy option handling.

  $ printf 'function event(\n' > syntax.lua
  $ $BENCH syntax.lua run 2>/dev/null
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: syntax.lua:2: <name> or '...' expected near '<eof>'
  [1]
  $ echo 'error("boom in chunk")' > chunk.lua
  $ $BENCH chunk.lua run 2>/dev/null
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: chunk.lua:1: boom in chunk
  [1]
  $ echo 'x = 1' > noevent.lua
  $ $BENCH noevent.lua run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: cannot find the event() function in noevent.lua
  [1]
  $ $BENCH ./noevent.lua run | tail -1
  FATAL: cannot find the event() function in noevent.lua
  $ $BENCH noevent.lua prepare 2>&1 >/dev/null
  'noevent.lua' test does not implement the 'prepare' command.
  [1]
  $ $BENCH noevent.lua help 2>&1 >/dev/null
  'noevent.lua' test does not implement the 'help' command.
  [1]

Without a command a script is loaded, its main chunk run, and that is all.

  $ echo 'print("loaded")' > hello.lua
  $ $BENCH hello.lua
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  loaded

A "#!" first line is skipped, so scripts can be executables.

  $ printf '#!/usr/bin/env bench\nprint("shebang ok")\n' > sb.lua
  $ $BENCH sb.lua | tail -1
  shebang ok

The standard input: no test name, or "-" (then a command is ignored).

  $ echo 'print("from stdin")' | $BENCH
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  from stdin
  $ echo 'print("from stdin")' | $BENCH - prepare | tail -1
  from stdin
  $ echo 'error("bad")' | $BENCH 2>/dev/null
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: stdin:1: bad
  [1]

A script's own global thread_run replaces the event loop.

  $ cat > tr.lua <<'LUA'
  > function event() end
  > function thread_run(tid)
  >    for i = 1, 5 do
  >       ffi.C.sb_event_start(tid)
  >       ffi.C.sb_event_stop(tid)
  >    end
  >    print("thread_run " .. tid)
  > end
  > LUA
  $ $BENCH tr.lua --threads=1 run | sed -n '/^Threads started!$/,/number of events/p'
  Threads started!
  
  thread_run 0
  
  General statistics:
      total time:                          * (glob)
      total number of events:              5

event() returning any value but nil or false stops its thread; the event is
not counted.

  $ echo 'function event() return 0 end' > ret.lua
  $ $BENCH ret.lua --events=5 run | grep 'number of events'
      total number of events:              0

Declared options are typed; without declarations 1.0 accepts any option
(and exports it as a global), 1.1 refuses it.

  $ cat > opts.lua <<'LUA'
  > sysbench.cmdline.options = { size = {"rows", 10}, name = {"a name", "x"} }
  > function event() end
  > function init() print(type(sysbench.opt.size), sysbench.opt.size, sysbench.opt.name) end
  > LUA
  $ $BENCH opts.lua --size=12 --events=1 --verbosity=0 run
  number	12	x
  $ $BENCH opts.lua --nosuch=1 run 2>&1 >/dev/null
  invalid option: --nosuch=1
  [1]
  $ $BENCH opts.lua help
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  opts.lua options:
    --name=STRING a name [x]
    --size=N      rows [10]
  
  $ cat > legacy.lua <<'LUA'
  > function event() print(my_custom, sysbench.opt.my_custom) end
  > LUA
  $ $BENCH legacy.lua --my-custom=foo --events=1 --verbosity=0 run
  foo	foo
  $ $BENCH --compat=1.1 legacy.lua --my-custom=foo --events=1 run 2>&1 >/dev/null
  invalid option: --my-custom=foo
  [1]
