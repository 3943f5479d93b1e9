--start-late-max=DURATION (with --start-at, default 5s): a process that
reaches --start-at later than this runs nothing, so that a run of several
processes started together (docs/distributed.md) never holds one that
covered another window. bench merge then refuses documents whose starts
are more than a report interval apart, unless --allow-unaligned.

  $ mask() { sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}\.[0-9]{3}Z/TIME/g; s/[0-9]+\.[0-9]{3} s (ago|after)/N s \1/g'; }

Already later than the bound when the options are read: one line, exit 1,
before the banner; nothing runs, no document is written. It names the
lateness (here about 60 s) and the bound.

  $ past=$(( $(date +%s) - 60 ))
  $ $BENCH cpu --time=1 --start-at=$past --results=late.json run > out.txt 2>&1; echo "exit $?"
  exit 1
  $ mask < out.txt
  FATAL: --start-at TIME passed N s ago, more than --start-late-max=5s: not starting out of step with the other processes (--start-late-max=off starts anyway)
  $ grep -cE 'passed 6[0-9]\.[0-9]{3} s ago' out.txt
  1
  $ test -e late.json || echo "no document"
  no document

The same once every worker has connected and run thread_init (which can
take long: here 3 s, past a start 1 s ahead with a bound of 1 s): the
line, exit 1, no event run.

  $ cat > slow.lua <<'LUA'
  > function thread_init() os.execute("sleep 3") end
  > function event() print("event ran") end
  > LUA
  $ $BENCH slow.lua --events=1 --start-at=$(( $(date +%s) + 1 )) --start-late-max=1 --results=slow.json run > out.txt 2>&1; echo "exit $?"
  exit 1
  $ sed -n '/^Initializing worker threads/,$p' out.txt | mask
  Initializing worker threads...
  
  FATAL: --start-at TIME passed N s ago, more than --start-late-max=1: not starting out of step with the other processes (--start-late-max=off starts anyway)
  $ test -e slow.json || echo "no document"
  no document

Late within the bound: the warning, then the run, at once.

  $ $BENCH cpu --cpu-max-prime=100 --events=1 --start-at=$(( $(date +%s) - 2 )) run | grep -E '^(WARNING|Threads started|    total number of events)' | mask
  WARNING: --start-at TIME passed N s ago: starting at once
  Threads started!
      total number of events:              1
  $ $BENCH cpu --cpu-max-prime=100 --events=1 --start-at=$past --start-late-max=2m run | grep -c '^Threads started'
  1

0 or off: no bound, the process runs however late (as before the option).

  $ for v in 0 off OFF; do
  >   $BENCH cpu --cpu-max-prime=100 --events=1 --start-at=$past --start-late-max=$v run | grep -E '^(WARNING|Threads started)' | mask; done
  WARNING: --start-at TIME passed N s ago: starting at once
  Threads started!
  WARNING: --start-at TIME passed N s ago: starting at once
  Threads started!
  WARNING: --start-at TIME passed N s ago: starting at once
  Threads started!

Only `run` waits for --start-at: another command is not held by it, nor
refused for it.

  $ printf 'function prepare() print("prepared") end\nfunction event() end\n' > prep.lua
  $ $BENCH prep.lua --start-at=$past prepare | tail -1
  prepared

A value that is not a duration (30s, 2m, 1h or seconds, at most a day),
and the option without --start-at, are one clear error, exit 1.

  $ for v in soon -1 5ms 2d 1e999 ''; do
  >   $BENCH cpu --start-at=$past --start-late-max="$v" run; echo "exit $?"; done
  FATAL: Invalid value for --start-late-max: 'soon' (5s, 2m, 1h or seconds, at most a day; 0 or off for no bound)
  exit 1
  FATAL: Invalid value for --start-late-max: '-1' (5s, 2m, 1h or seconds, at most a day; 0 or off for no bound)
  exit 1
  FATAL: Invalid value for --start-late-max: '5ms' (5s, 2m, 1h or seconds, at most a day; 0 or off for no bound)
  exit 1
  FATAL: Invalid value for --start-late-max: '2d' (5s, 2m, 1h or seconds, at most a day; 0 or off for no bound)
  exit 1
  FATAL: Invalid value for --start-late-max: '1e999' (5s, 2m, 1h or seconds, at most a day; 0 or off for no bound)
  exit 1
  FATAL: Invalid value for --start-late-max: '' (5s, 2m, 1h or seconds, at most a day; 0 or off for no bound)
  exit 1
  $ $BENCH cpu --start-late-max=10s run; echo "exit $?"
  FATAL: --start-late-max needs --start-at: it bounds how long after that time the run may still start
  exit 1

bench merge: two processes started from one --start-at merge as they are;
a third that started 2 s later (more than the 1 s report interval), with
which they overlap, is refused with one line naming both files (the
earlier of the two first ones, whichever it is), their starts and how far
apart, exit 1. --allow-unaligned merges it, and the report and the merged
document say so.

  $ at=$(( $(date +%s) + 2 ))
  $ run() { $BENCH cpu --cpu-max-prime=1000 --time=3 --report-interval=1 "$@" run > /dev/null; }
  $ run --start-at=$at --results=a.json & run --start-at=$at --results=b.json & run --start-at=$((at + 2)) --results=c.json & wait
  $ $BENCH merge a.json b.json --results=ab.json | grep -E '^(Note|Intervals)'
  Intervals of 1 s, aligned on the wall clock.
  $ $BENCH merge a.json b.json c.json > out.txt 2> err.txt; echo "exit $?"; test -s out.txt || echo "stdout empty"
  exit 1
  stdout empty
  $ mask < err.txt | sed 's/after [ab]\.json/after a.json or b.json/'
  merge: c.json: started at TIME, N s after a.json or b.json (TIME), more than one report interval (1 s): the runs did not start together (--allow-unaligned merges them anyway)
  $ $BENCH merge --allow-unaligned a.json b.json c.json --results=abc.json | grep '^Note' | mask | sed 's/after [ab]\.json/after a.json or b.json/'
  Note: c.json: started at TIME, N s after a.json or b.json (TIME), more than one report interval (1 s): the runs did not start together, merged anyway.
  $ python3 -c 'import json; print([w for w in json.load(open("abc.json"))["warnings"] if "start together" in w] != [], [w for w in json.load(open("ab.json"))["warnings"] if "start together" in w])'
  True []
