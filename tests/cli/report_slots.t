The `[ Ns ]` label of an intermediate report is the interval slot it
reports (RT-8): the whole intervals since the start, floor(elapsed / iv) * iv,
however late the reporting thread wakes; a checkpoint report is labelled by
its own second. sysbench prints the rounded elapsed time, so a report woken
at 2.6 s says `[ 3s ]` and the next one `[ 3s ]` again. The runs below make
the reporting thread late on purpose; how late depends on the machine's
load, so the checks hold for any delay: the labels strictly increase (a
slot passed while the reporter could not run is skipped, never repeated)
and each one is the slot of the actual time of its report, which --results
records (`time_s`, the elapsed time, as before).

  $ cat > check.py <<'PY'
  > import json, math, re, sys
  > out, doc, iv = sys.argv[1], sys.argv[2], int(sys.argv[3])
  > labels, queue = [], []
  > for line in open(out):
  >     m = re.match(r"\[ (\d+)s \] (.*)", line)
  >     if not m or m.group(2).startswith("Checkpoint report"):
  >         continue
  >     if m.group(2).startswith("queue length"):
  >         queue.append(int(m.group(1)))
  >     else:
  >         labels.append(int(m.group(1)))
  > d = json.load(open(doc))
  > # The run's last interval, up to its end, is in the machine formats only
  > # (PD-15): the text prints sysbench's interval lines.
  > times = [i["time_s"] for i in d["intervals"] if i["time_s"] != d["run"]["time_s"]]
  > slots = [math.floor(t / iv) * iv for t in times]
  > print("reports:", "ok" if len(labels) >= 2 else labels)
  > inc = all(a < b for a, b in zip(labels, labels[1:])) and labels[0] > 0
  > print("labels strictly increase:", "ok" if inc else labels)
  > print("labels are the slots reached:",
  >       "ok" if labels == slots else (labels, times))
  > if queue:
  >     print("rate lines as their report:", "ok" if queue == labels else queue)
  > PY

The reporting thread itself kept busy: a checkpoint hook (run by that
thread) sleeps 2.6 s at the first checkpoint, so the report due at 2 s is
skipped and the one due at 3 s comes at least 0.6 s late (sysbench would
print `[ 4s ]` twice). The second checkpoint, reached late too, still says
3 s.

  $ cat > slow.lua <<'LUA'
  > local ffi = require("ffi")
  > ffi.cdef[[int usleep(unsigned int usec);]]
  > function event() end
  > sysbench.hooks.report_cumulative = function(stat)
  >    if stat.time_total < 2.5 then
  >       ffi.C.usleep(900000)
  >       ffi.C.usleep(900000)
  >       ffi.C.usleep(800000)
  >    end
  > end
  > LUA
  $ "$BENCH" slow.lua --time=7 --report-interval=1 --rate=200 \
  >   --report-checkpoints=1,3 --results=slow.json run > out
  $ grep 'Checkpoint report' out
  [ 1s ] Checkpoint report:
  [ 3s ] Checkpoint report:
  $ python3 check.py out slow.json 1
  reports: ok
  labels strictly increase: ok
  labels are the slots reached: ok
  rate lines as their report: ok

The whole process stopped (SIGSTOP) shortly after the 2 s report for about
1.6 s: the report and the checkpoint due at 3 s come when it continues.

  $ started() { for i in $(seq 400); do grep -q "$1" out 2>/dev/null && return 0; sleep 0.05; done; return 1; }
  $ rm -f out
  $ "$BENCH" cpu --time=6 --report-interval=1 --report-checkpoints=3 \
  >   --cpu-max-prime=2000 --results=stop.json run > out &
  $ pid=$!; started '^\[ 2s \]' && sleep 0.2 && kill -STOP $pid 2>/dev/null && sleep 1.6 && kill -CONT $pid 2>/dev/null; wait $pid
  $ grep 'Checkpoint report' out
  [ 3s ] Checkpoint report:
  $ python3 check.py out stop.json 1
  reports: ok
  labels strictly increase: ok
  labels are the slots reached: ok

A script's own interval hook gets the label too (stat.time_label), and
sysbench.report_default, the ready-made hook, prints it: stopped the same
way, its lines are labelled as bench's own.

  $ cat > hook.lua <<'LUA'
  > function event() end
  > sysbench.hooks.report_intermediate = sysbench.report_default
  > LUA
  $ rm -f out
  $ "$BENCH" hook.lua --time=6 --report-interval=1 --rate=200 \
  >   --results=hook.json run > out &
  $ pid=$!; started '^\[ 2s \]' && sleep 0.2 && kill -STOP $pid 2>/dev/null && sleep 1.6 && kill -CONT $pid 2>/dev/null; wait $pid
  $ grep -c '^\[ [0-9]*s \] thds: 1 tps: .* err/s ' out | awk '$1 >= 2 { print "report_default lines: ok" }'
  report_default lines: ok
  $ python3 check.py out hook.json 1
  reports: ok
  labels strictly increase: ok
  labels are the slots reached: ok

The same with a 2 s interval, and for a built-in test whose Lua prints its
own interval line (memory).

  $ rm -f out
  $ "$BENCH" memory --time=8 --report-interval=2 --memory-total-size=0 \
  >   --results=mem.json run > out &
  $ pid=$!; started '^\[ 2s \]' && sleep 0.2 && kill -STOP $pid 2>/dev/null && sleep 2.6 && kill -CONT $pid 2>/dev/null; wait $pid
  $ grep -c 'MiB/sec$' out | awk '$1 >= 2 { print "interval lines: ok" }'
  interval lines: ok
  $ python3 check.py out mem.json 2
  reports: ok
  labels strictly increase: ok
  labels are the slots reached: ok
