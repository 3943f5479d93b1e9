Lua errors, option declarations and the version string as sysbench prints
them (issue 14, PD-1, PD-12). Every expected line below was captured from
sysbench 1.0.20 with the same script and arguments (only the banner is
bench's); sysbench 1.1's sources print the same lines.

  $ banner() { sed '1s/^bench .* (sysbench .* compatible, using .*)$/BANNER/'; }

An error prints sysbench's FATAL line(s) on stdout and nothing more: no
traceback, nothing on stderr.

  $ cat > ev.lua <<'LUA'
  > function event() error("boom") end
  > LUA
  $ $BENCH ev.lua run --time=1 --rand-seed=1 2>stderr.txt | banner
  BANNER
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from seed (1).
  
  
  Initializing worker threads...
  
  Threads started!
  
  FATAL: `thread_run' function failed: ev.lua:1: boom
  $ cat stderr.txt
  $ cat > main.lua <<'LUA'
  > error("main chunk boom")
  > LUA
  $ $BENCH main.lua run 2>&1 | banner
  BANNER
  
  FATAL: main.lua:1: main chunk boom
  $ cat > ti.lua <<'LUA'
  > function thread_init() assert(false) end
  > function event() end
  > LUA
  $ $BENCH ti.lua run --rand-seed=1 2>&1 | tail -n 3
  
  FATAL: `thread_init' function failed: ti.lua:1: assertion failed!
  FATAL: Thread initialization failed!
  $ $BENCH ti.lua run > /dev/null 2>&1
  [1]
  $ cat > pr.lua <<'LUA'
  > function prepare() local x = nil; return x.y end
  > LUA
  $ $BENCH pr.lua prepare 2>&1 | banner
  BANNER
  
  FATAL: `prepare' function failed: pr.lua:1: attempt to index local 'x' (a nil value)

A failing sysbench.sql.driver() in a bundled script: the driver's FATAL
line, then the command's.

  $ $BENCH oltp_read_only --db-driver=foo prepare 2>&1 | banner
  BANNER
  
  FATAL: invalid database driver name: 'foo'
  FATAL: `sysbench.cmdline.call_command' function failed: oltp_common.lua:*: failed to initialize the DB driver (glob)

The traceback goes to stderr with --verbosity=5 or --debug=on only.

  $ $BENCH pr.lua prepare --verbosity=5 2>&1 >/dev/null
  stack traceback:
  \tpr.lua:1: in function <pr.lua:1> (esc)
  [1]
  $ $BENCH pr.lua prepare --debug=on 2>&1 >/dev/null
  stack traceback:
  \tpr.lua:1: in function <pr.lua:1> (esc)
  [1]
  $ $BENCH pr.lua prepare --verbosity=4 2>&1 >/dev/null
  [1]

print_test_options() prints the option lines and a blank line, no header;
a BOOL declared without a default lists none and reads true.

  $ cat > opts.lua <<'LUA'
  > sysbench.cmdline.options = {
  >   alpha = {"first option", 10},
  >   flag = {"a flag", nil, sysbench.cmdline.ARG_BOOL},
  >   beta = {"second option", "x"},
  > }
  > function help()
  >   print("my help:")
  >   sysbench.cmdline.print_test_options()
  >   print("end")
  > end
  > function event()
  >   print("flag=" .. tostring(sysbench.opt.flag))
  >   return true
  > end
  > LUA
  $ $BENCH opts.lua help | banner
  BANNER
  
  my help:
    --alpha=N       first option [10]
    --beta=STRING   second option [x]
    --flag[=on|off] a flag
  
  end
  $ $BENCH opts.lua run --verbosity=0
  flag=true
  $ $BENCH opts.lua run --verbosity=0 --flag=off
  flag=false
  $ $BENCH opts.lua run --verbosity=0 --flag
  flag=true
  $ $BENCH --compat=1.1 opts.lua run --verbosity=0
  flag=true

A malformed sysbench.cmdline.options: one FATAL line from
read_cmdline_options, exit 1. sysbench's messages name the line of its own
module that found the fault.

  $ bad() {
  >   printf 'sysbench.cmdline.options = %s\nfunction event() end\n' "$1" > bad.lua
  >   $BENCH bad.lua run 2>&1 | tail -n +3
  >   $BENCH bad.lua run > /dev/null 2>&1 || echo "exit $?"
  > }
  $ bad '{ foo = "bar" }'
  FATAL: `sysbench.cmdline.read_cmdline_options' function failed: [string "sysbench.cmdline.lua"]:132: wrong table structure in sysbench.cmdline.options
  exit 1
  $ bad '{ "foo" }'
  FATAL: `sysbench.cmdline.read_cmdline_options' function failed: [string "sysbench.cmdline.lua"]:132: wrong table structure in sysbench.cmdline.options
  exit 1
  $ bad '{ {"desc", 1} }'
  FATAL: `sysbench.cmdline.read_cmdline_options' function failed: [string "sysbench.cmdline.lua"]:132: wrong table structure in sysbench.cmdline.options
  exit 1
  $ bad '5'
  FATAL: `sysbench.cmdline.read_cmdline_options' function failed: [string "sysbench.cmdline.lua"]:120: wrong type for sysbench.cmdline.options: number
  exit 1
  $ bad '{ foo = {} }'
  FATAL: `sysbench.cmdline.read_cmdline_options' function failed: [string "sysbench.cmdline.lua"]:137: nil description for option foo
  exit 1
  $ bad '{ foo = {5, 1} }'
  FATAL: `sysbench.cmdline.read_cmdline_options' function failed: [string "sysbench.cmdline.lua"]:138: cannot convert 'number' to 'const char *'
  exit 1
  $ bad '{ foo = {"d", {1, 2}, sysbench.cmdline.ARG_STRING} }'
  FATAL: `sysbench.cmdline.read_cmdline_options' function failed: [string "sysbench.cmdline.lua"]:141: wrong type for list option foo
  exit 1
  $ bad '{ foo = {"d", function() end} }'
  FATAL: `sysbench.cmdline.read_cmdline_options' function failed: [string "sysbench.cmdline.lua"]:151: cannot convert 'function' to 'const char *'
  exit 1

sysbench.version_string is what --version prints (sysbench: both are
"sysbench 1.0.20"); sysbench.version is the API level of the profile.

  $ cat > v.lua <<'LUA'
  > print(sysbench.version_string, sysbench.version)
  > LUA
  $ test "$($BENCH v.lua | tail -n 1)" = "$($BENCH --version)	1.0.20" && echo same
  same
  $ test "$($BENCH --compat=1.1 v.lua | tail -n 1)" = "$($BENCH --version)	1.1.0" && echo same
  same
  $ $BENCH --version
  bench * (glob)

sysbench.rand: 1.1 removed `special` (the 1.0 profile keeps it; zipfian and
varstring, 1.1's, are there in both, P-2).

  $ cat > r.lua <<'LUA'
  > local t = {}
  > for k in pairs(sysbench.rand) do t[#t + 1] = k end
  > table.sort(t)
  > print(table.concat(t, " "))
  > LUA
  $ $BENCH r.lua | tail -n 1
  default gaussian pareto special string uniform uniform_double uniform_uint64 unique varstring zipfian
  $ $BENCH --compat=1.1 r.lua | tail -n 1
  default gaussian pareto string uniform uniform_double uniform_uint64 unique varstring zipfian
