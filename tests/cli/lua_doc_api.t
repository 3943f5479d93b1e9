A script written the way sysbench's documentation shows (sysbench-reference.md
5.2, 6.4, 7.1, 9.8): its own thread_run calling ffi.C.sb_more_events,
sb_event_start and sb_event_stop, a sysbench.histogram of its own, and
sysbench.report_json as the intermediate and cumulative hooks. It runs
unchanged, and both JSON arrays parse (sysbench's own output can carry a
trailing comma; bench's is valid JSON, REP-9).

  $ cat > doc.lua <<'LUA'
  > local ffi = require("ffi")
  > ffi.cdef[[int usleep(unsigned int usec);]]
  > 
  > sysbench.hooks.report_intermediate = sysbench.report_json
  > sysbench.hooks.report_cumulative = sysbench.report_json
  > 
  > function init()
  >    local h = sysbench.histogram.new(1000, 1, 10)
  >    for _, v in ipairs({1, 2, 0, 10, 100, 5.001}) do h:update(v) end
  >    h:print()
  > end
  > 
  > -- sysbench wants event() even when thread_run replaces the loop
  > function event() end
  > 
  > function thread_run(thread_id)
  >    while ffi.C.sb_more_events(thread_id) do
  >       ffi.C.sb_event_start(thread_id)
  >       ffi.C.usleep(1000)
  >       ffi.C.sb_event_stop(thread_id)
  >    end
  > end
  > LUA
  $ timeout 60 $BENCH doc.lua --threads=2 --time=3 --report-interval=1 run > out.txt
  $ echo $?
  0

The histogram: sysbench's rows for these values (values <= min go to the
first bucket, values >= max to the last), as :print() shows them in 1.0.20.

  $ sed -n '/distribution/,/^  *10.000 /p' out.txt
         value  ------------- distribution ------------- count
         1.000 |**************************************** 2
         2.001 |********************                     1
         4.997 |********************                     1
        10.000 |**************************************** 2

Two arrays follow "Threads started!": the intermediate reports (the
reporting thread's state, closed when that thread ends) and the cumulative
one. Both parse with a real JSON parser. Every report counts events of at
least the 1 ms they sleep; how many (about 1800/s idle) is left to how
soon a loaded machine wakes the sleepers (under 50/s at load 40). The run
lasts 3 s so that a reporting thread woken late still reports a slot
before the end (the 1 s one, else the 2 s one: RT-8), and the final
report's time is at least those 3 s.

  $ sed -n '/^Threads started!/,$p' out.txt | sed 1,2d > json.txt
  $ sed -n '1,/^]$/p' json.txt > intermediate.json
  $ sed '1,/^]$/d' json.txt > cumulative.json
  $ python3 -m json.tool intermediate.json > /dev/null && echo parsed
  parsed
  $ python3 -m json.tool cumulative.json > /dev/null && echo parsed
  parsed
  $ python3 - <<'PY'
  > import json
  > i = json.load(open("intermediate.json"))
  > c = json.load(open("cumulative.json"))
  > print(len(i) >= 1, i[0]["time"] in (1, 2), i[0]["threads"], sorted(i[0]))
  > print(len(c), c[0]["time"] >= 3, c[0]["threads"], sorted(c[0]["qps"]))
  > print(all(r["tps"] > 0 and r["latency"] >= 1.0 for r in i + c))
  > PY
  True True 2 ['errors', 'latency', 'qps', 'reconnects', 'threads', 'time', 'tps']
  1 True 0 ['other', 'reads', 'total', 'writes']
  True
