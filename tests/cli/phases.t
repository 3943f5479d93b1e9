Every phase of the lifecycle failing on purpose (issue 12, item 2): an
error() in each callback after it opened a connection, prepared and ran a
statement and kept a result, so the teardown of each error path frees
objects that reference each other (run under ASan in CI: any sanitizer
report shows in err). Each prints one FATAL line for the cause (once, with
4 workers), sysbench's summary line where it has one, and exits 1.

  $ cat > phases.lua <<'LUA'
  > -- Fails the callback named by FAIL after it opened a connection and
  > -- prepared a statement (the objects whose teardown is checked).
  > local FAIL = os.getenv("FAIL")
  > local keep = {}
  > local function work(name)
  >    local con = sysbench.sql.driver():connect()
  >    local st = con:prepare("SELECT 1")
  >    st:execute()
  >    keep[#keep + 1] = { con, st, con:query("SELECT 2") }
  >    if FAIL == name then
  >       error(name .. " failed on purpose")
  >    end
  > end
  > function init() work("init") end
  > function thread_init() work("thread_init") end
  > function event() work("event") end
  > function thread_done() work("thread_done") end
  > function done() work("done") end
  > function prepare() work("prepare") end
  > function cleanup() work("cleanup") end
  > function custom() work("custom") end
  > sysbench.cmdline.commands = {
  >    custom = { custom },
  >    pcustom = { function() work("pcustom") end, sysbench.cmdline.PARALLEL_COMMAND },
  > }
  > LUA
  $ ph() {
  >   p=$1
  >   shift
  >   FAIL=$p "$BENCH" --db-driver=null phases.lua --events=8 "$@" >out 2>err
  >   echo "$p $1 exit $?"
  >   grep -E '^(FATAL|ALERT)' out
  >   grep -E 'Sanitizer|runtime error|SUMMARY' err
  >   return 0
  > }
  $ for t in 1 4; do for p in init thread_init event thread_done done; do
  >   ph $p --threads=$t run; done; done
  init --threads=1 exit 1
  FATAL: `init' function failed: phases.lua:11: init failed on purpose
  thread_init --threads=1 exit 1
  FATAL: `thread_init' function failed: phases.lua:11: thread_init failed on purpose
  FATAL: Thread initialization failed!
  event --threads=1 exit 1
  FATAL: `thread_run' function failed: phases.lua:11: event failed on purpose
  thread_done --threads=1 exit 1
  FATAL: `thread_done' function failed: phases.lua:11: thread_done failed on purpose
  done --threads=1 exit 1
  FATAL: `done' function failed: phases.lua:11: done failed on purpose
  init --threads=4 exit 1
  FATAL: `init' function failed: phases.lua:11: init failed on purpose
  thread_init --threads=4 exit 1
  FATAL: `thread_init' function failed: phases.lua:11: thread_init failed on purpose
  FATAL: Thread initialization failed!
  event --threads=4 exit 1
  FATAL: `thread_run' function failed: phases.lua:11: event failed on purpose
  thread_done --threads=4 exit 1
  FATAL: `thread_done' function failed: phases.lua:11: thread_done failed on purpose
  done --threads=4 exit 1
  FATAL: `done' function failed: phases.lua:11: done failed on purpose

With an intermediate report (the reporting thread has its own state):

  $ for p in thread_init event thread_done; do
  >   ph $p --threads=4 --report-interval=1 run; done
  thread_init --threads=4 exit 1
  FATAL: `thread_init' function failed: phases.lua:11: thread_init failed on purpose
  FATAL: Thread initialization failed!
  event --threads=4 exit 1
  FATAL: `thread_run' function failed: phases.lua:11: event failed on purpose
  thread_done --threads=4 exit 1
  FATAL: `thread_done' function failed: phases.lua:11: thread_done failed on purpose

Commands: prepare, cleanup, a custom command, a parallel one (4 states):

  $ for t in 1 4; do for c in prepare cleanup custom pcustom; do
  >   ph $c --threads=$t $c; done; done
  prepare --threads=1 exit 1
  FATAL: `prepare' function failed: phases.lua:11: prepare failed on purpose
  cleanup --threads=1 exit 1
  FATAL: `cleanup' function failed: phases.lua:11: cleanup failed on purpose
  custom --threads=1 exit 1
  FATAL: `sysbench.cmdline.call_command' function failed: phases.lua:11: custom failed on purpose
  pcustom --threads=1 exit 1
  FATAL: `sysbench.cmdline.call_command' function failed: phases.lua:11: pcustom failed on purpose
  prepare --threads=4 exit 1
  FATAL: `prepare' function failed: phases.lua:11: prepare failed on purpose
  cleanup --threads=4 exit 1
  FATAL: `cleanup' function failed: phases.lua:11: cleanup failed on purpose
  custom --threads=4 exit 1
  FATAL: `sysbench.cmdline.call_command' function failed: phases.lua:11: custom failed on purpose
  pcustom --threads=4 exit 1
  FATAL: `sysbench.cmdline.call_command' function failed: phases.lua:11: pcustom failed on purpose

Running out of memory is one line for the process (issue 12, and
tests/cli/oom.t under a real limit): workers meeting it at once print the
first one's cause and nothing else, not sysbench's "Thread initialization
failed!" either. Here every odd worker's thread_init raises LuaJIT's
out-of-memory message:

  $ cat > nomem.lua <<'LUA'
  > function thread_init(tid)
  >    if tid % 2 == 1 then error("not enough memory", 0) end
  > end
  > function event() end
  > LUA
  $ for t in 2 8 16; do "$BENCH" nomem.lua --threads=$t --events=10 run > out.txt 2>&1; echo "exit $?"; grep FATAL out.txt; done
  exit 1
  FATAL: `thread_init' function failed: not enough memory
  exit 1
  FATAL: `thread_init' function failed: not enough memory
  exit 1
  FATAL: `thread_init' function failed: not enough memory
