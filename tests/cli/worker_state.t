Worker states build sysbench.sql, sysbench.db, the db_* globals,
sysbench.histogram and the report functions on first use (start-up of a
thousand workers, perf/threads_startup.sh). Reading them behaves as in the
main state; only rawget() and pairs() show the difference before first use.

  $ cat > lazy.lua <<'LUA'
  > function thread_init()
  >    print("before", rawget(sysbench, "sql"), rawget(sysbench, "db"),
  >          rawget(_G, "db_connect"), rawget(sysbench, "histogram"))
  >    print("sql", type(sysbench.sql.driver), sysbench.sql.type.INT)
  >    print("globals", type(db_query), DB_ERROR_FAILED, db_query == sysbench.db.query)
  >    print("report", type(sysbench.report_default), type(sysbench.histogram.new))
  >    print("after", rawget(sysbench, "sql") ~= nil, rawget(_G, "db_connect") ~= nil)
  >    print("unknown", sysbench.nothing, nothing_here, db_nothing)
  > end
  > function event() end
  > LUA
  $ $BENCH lazy.lua --events=1 run | grep -E '^(before|sql|globals|report|after|unknown)'
  before\tnil\tnil\tnil\tnil (esc)
  sql\tfunction\t3 (esc)
  globals\tfunction\t2\ttrue (esc)
  report\tfunction\tfunction (esc)
  after\ttrue\ttrue (esc)
  unknown\tnil\tnil\tnil (esc)

The functions of sysbench.cmdline (option declarations, custom commands)
come the same way, on the first read of a field a worker's
sysbench.cmdline lacks; its data fields are there from the start, and the
options the script declared work as ever.

  $ cat > cmdline.lua <<'LUA'
  > sysbench.cmdline.options = { foo = {"a foo", 3} }
  > function thread_init()
  >    local c = sysbench.cmdline
  >    print("before", rawget(c, "call_command"), c.argv[1], c.command, c.ARG_LIST)
  >    print("read", type(c.command_defined), c.command_defined("run"), sysbench.opt.foo)
  >    print("after", type(rawget(c, "call_command")), c.options.foo[1])
  > end
  > function event() end
  > LUA
  $ $BENCH cmdline.lua --foo=5 --events=1 run | grep -E '^(before|read|after)'
  before\tnil\tcmdline.lua\trun\t6 (esc)
  read\tfunction\tfalse\t5 (esc)
  after\tfunction\ta foo (esc)

So do the entries of sysbench.opt and, in the 1.0 profile, the options'
globals: each on its first read, as the same value the main state sees. A
global the script itself set before the options were exported is replaced
then, as in the main state; a global function of an option's name stays.

  $ cat > opts.lua <<'LUA'
  > threads = "mine"
  > function rate() return "fn" end
  > function thread_init()
  >    print("before", rawget(sysbench.opt, "events"), rawget(_G, "events"), threads)
  >    print("read", sysbench.opt.events, events, mysql_host[1], sysbench.opt.mysql_host[1])
  >    print("after", rawget(sysbench.opt, "events"), rawget(_G, "events"), rate())
  >    print("unknown", sysbench.opt.nothing, nothing, type(db_query), DB_ERROR_FAILED)
  > end
  > function event() end
  > LUA
  $ $BENCH opts.lua --events=1 --mysql-host=h1 run | grep -E '^(before|read|after|unknown)'
  before\tnil\tnil\t1 (esc)
  read\t1\t1\th1\th1 (esc)
  after\t1\t1\tfn (esc)
  unknown\tnil\tnil\tfunction\t2 (esc)
A name that is no option is looked up once and then remembered as such
(an undefined global read in event() costs a table read, not a scan of
the options); the script can still define it, and db_* globals still come
when first read after such a miss.

  $ cat > misses.lua <<'LUA'
  > function event()
  >    for i = 1, 200 do
  >       if later ~= nil or sysbench.opt.later ~= nil then error("early") end
  >    end
  >    later = "set"
  >    sysbench.opt.later = "set too"
  >    print("misses", later, sysbench.opt.later, rawget(_G, "db_query"), type(db_query), events)
  > end
  > LUA
  $ $BENCH misses.lua --events=1 run | grep '^misses'
  misses	set	set too	nil	function	1 (esc)
  $ cat > opts11.lua <<'LUA'
  > function thread_init()
  >    print("opt", rawget(sysbench.opt, "events"), sysbench.opt.events,
  >          sysbench.opt.mysql_host[1], events, threads)
  > end
  > function event() end
  > LUA
  $ $BENCH opts11.lua --compat=1.1 --events=1 run | grep '^opt'
  opt\tnil\t1\tlocalhost\tnil\tnil (esc)

The main state (prepare, custom commands, the main chunk's first run) has
them all at once, as sysbench; so do --compat=1.1 workers, without the
legacy globals.

  $ cat > eager.lua <<'LUA'
  > function prepare()
  >    print("main", rawget(sysbench, "sql") ~= nil, rawget(sysbench, "db") ~= nil,
  >          rawget(_G, "db_connect") ~= nil)
  > end
  > LUA
  $ $BENCH eager.lua prepare | grep '^main'
  main\ttrue\ttrue\ttrue (esc)
  $ cat > m.lua <<'LUA'
  > function thread_init()
  >    print("m", rawget(sysbench, "sql"), type(sysbench.sql.driver),
  >          sysbench.db, db_query, DB_ERROR_FAILED)
  > end
  > function event() end
  > LUA
  $ $BENCH --compat=1.1 m.lua --events=1 run | grep '^m'
  m\tnil\tfunction\tnil\tnil\tnil (esc)

A script's own db_* function wins over the legacy one, whenever the legacy
globals are built.

  $ cat > own.lua <<'LUA'
  > function db_query() return "mine" end
  > function thread_init()
  >    print("own", db_query(), type(db_connect))
  > end
  > function event() end
  > LUA
  $ $BENCH own.lua --events=1 run | grep '^own'
  own\tmine\tfunction (esc)
