SIGINT and SIGTERM (issue 12): the first one during the event loop of `run`
stops the workers at their next event, and the run ends as at --time with
its report; elsewhere, and at a second signal, bench leaves at once. One
line on stderr says which; the status is 128 + the signal.

  $ started() { for i in $(seq 200); do grep -q "$1" out 2>/dev/null && return 0; sleep 0.05; done; return 1; }
  $ marked() { for i in $(seq 200); do [ -e "$1" ] && return 0; sleep 0.05; done; return 1; }
  $ cat > loop.lua <<'LUA'
  > function event() end
  > function done() print("done() ran") end
  > LUA

SIGTERM during a run: the report of what ran, done(), status 143.

  $ "$BENCH" loop.lua --threads=2 --time=60 run > out 2> err &
  $ pid=$!; started "Threads started" && sleep 0.3 && kill -TERM $pid; wait $pid
  [143]
  $ cat err
  SIGTERM received: stopping the run (send it again to exit at once)
  bench: the run was interrupted by SIGTERM: the report covers the events finished before it
  $ grep -c "total number of events" out
  1
  $ grep "done() ran" out
  done() ran

SIGINT while the workers are stuck outside the event loop (here in
thread_init): nothing to wait for, bench leaves at once, status 130. (The
scripts spin: os.execute would have the C library ignore SIGINT while
its child runs.)

  $ cat > stuck.lua <<'LUA'
  > function spin() local t = os.clock() + 60 while os.clock() < t do end end
  > function thread_init() io.open("in_init", "w"):close() spin() end
  > function event() end
  > LUA
  $ "$BENCH" stuck.lua --threads=1 --time=60 run > out 2> err &
  $ pid=$!; marked in_init && kill -INT $pid; wait $pid
  [130]
  $ cat err
  SIGINT received: exiting

A second signal while a run stops (an event that does not end) exits at
once.

  $ cat > slow.lua <<'LUA'
  > function spin() local t = os.clock() + 60 while os.clock() < t do end end
  > function event() io.open("in_event", "w"):close() spin() end
  > LUA
  $ "$BENCH" slow.lua --threads=1 --time=60 run > out 2> err &
  $ pid=$!; marked in_event && kill -INT $pid && sleep 0.3 && kill -INT $pid; wait $pid
  [130]
  $ cat err
  SIGINT received: stopping the run (send it again to exit at once)
  SIGINT received again: exiting at once

SIGINT during a run: the report covers exactly the events the workers
ran (each counts its own in Lua and writes the count in thread_done), and
stderr says the run was interrupted; stdout is a report as any other.

  $ cat > count.lua <<'LUA'
  > local n = 0
  > function event() n = n + 1 end
  > function thread_done(tid)
  >    local f = io.open("count." .. tid, "w") f:write(n) f:close()
  > end
  > LUA
  $ "$BENCH" count.lua --threads=2 --time=60 run > out 2> err &
  $ pid=$!; started "Threads started" && sleep 0.5 && kill -INT $pid; wait $pid
  [130]
  $ cat err
  SIGINT received: stopping the run (send it again to exit at once)
  bench: the run was interrupted by SIGINT: the report covers the events finished before it
  $ total=$(sed -n 's/^ *total number of events: *//p' out)
  $ sum=$(( $(cat count.0) + $(cat count.1) ))
  $ [ "$total" -eq "$sum" ] && [ "$sum" -gt 0 ] && echo "report = workers' count"
  report = workers' count
  $ sed -n 's/^ *events (avg\/stddev): *//p' out | grep -c /
  1

SIGTERM alike, with its own status.

  $ "$BENCH" count.lua --threads=1 --time=60 run > out 2> err &
  $ pid=$!; started "Threads started" && sleep 0.3 && kill -TERM $pid; wait $pid
  [143]
  $ tail -1 err
  bench: the run was interrupted by SIGTERM: the report covers the events finished before it
  $ [ "$(sed -n 's/^ *total number of events: *//p' out)" -eq "$(cat count.0)" ] && echo equal
  equal

The result document says how the run ended (PD-15): interrupted, by
which signal, with the planned and the measured time; a run that went to
its end says complete.

  $ "$BENCH" count.lua --threads=1 --time=60 --results=int.json run > out 2> err &
  $ pid=$!; started "Threads started" && sleep 0.3 && kill -INT $pid; wait $pid
  [130]
  $ python3 -c 'import json, sys; r = json.load(open("int.json"))["run"]; print(r["status"], r["signal"], r["planned_time_s"], r["planned_events"], 0 < r["time_s"] < 60)'
  interrupted SIGINT 60 None True
  $ "$BENCH" count.lua --events=100 --time=0 --results=done.json run > out
  $ python3 -c 'import json, sys; r = json.load(open("done.json"))["run"]; print(r["status"], r["planned_time_s"], r["planned_events"], "signal" in r)'
  complete None 100 False
