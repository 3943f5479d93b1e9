--warmup-time and an undeliverable --rate (issue 14, PD-3, PD-11).

--warmup-time (sysbench 1.1's; 1.0.20 has no such option and ignores it
in a script without option declarations): an event that starts during the
warm-up and ends after it counts, with its whole latency, as in 1.1, whose
warm-up resets the statistics while events run on; the run lasts until the
last worker finished its event, and the total time excludes the warm-up.
Two threads whose events sleep 2 s and 3 s, one second of warm-up and one
of measurement: both events count, the run ends at 3 s, 2 s after the
warm-up. A loaded machine may wake the sleepers late: the latencies are
checked to within half a second over the sleeps (truncated at the warm-up
they would be 1 s and 2 s), the total time to under 3 s (with the warm-up
it would be 3 s).

  $ cat > sleepy.lua <<'LUA'
  > local ffi = require("ffi")
  > ffi.cdef("int usleep(unsigned int);")
  > local us = { tonumber(os.getenv("US0")), tonumber(os.getenv("US1")) }
  > function event(tid)
  >    ffi.C.usleep(us[tid + 1])
  > end
  > LUA
  $ US0=2000000 US1=3000000 $BENCH sleepy.lua --threads=2 --warmup-time=1 --time=1 run > warm.txt
  $ grep -E 'Warm|total (time|number)|min:|max:|sum:|events \(|execution' warm.txt
  Warmup time: 1s
  Warming up for 1 seconds...
      total time:                          2.\d{4}s (re)
      total number of events:              2
           min:\s+(19|2[0-4])\d\d\.\d\d (re)
           max:\s+(29|3[0-4])\d\d\.\d\d (re)
           sum:\s+(49|5[0-9])\d\d\.\d\d (re)
      events (avg/stddev):           1.0000/0.00
      execution time \(avg/stddev\):   2\.[5-9]\d{3}/0.\d\d (re)

An event that ends during the warm-up does not count. Events of 1.5 s and
2.5 s, two seconds of warm-up, one of measurement: the first thread's
first event (0 to 1.5 s) is dropped, its second (1.5 to 3 s) counts and it
stops at 3 s; the second thread's events (0 to 2.5 s, 2.5 to 5 s) count.

  $ US0=1500000 US1=2500000 $BENCH sleepy.lua --threads=2 --warmup-time=2 --time=1 run |
  >   grep -E 'total (time|number)'
      total time:                          3.\d{4}s (re)
      total number of events:              3

A --rate that cannot be delivered: sysbench's event queue holds 131071
events (a ring of 131072 slots, one kept free); when the backlog of due
events passes that, sysbench aborts with its FATAL line. bench keeps the
open-loop schedule and finishes the run (PD-3), prints the report at the
verbosity asked, then sysbench's line, and exits 1 (PD-11).

  $ $BENCH --rate=2000000000 cpu run --verbosity=1 --time=1
  FATAL: The event queue is full. This means the worker threads are unable to keep up with the specified event generation rate
  [1]
  $ $BENCH --rate=2000000000 cpu run --time=1 > rate.txt
  [1]
  $ sed -n '/^General statistics/p;/^Threads fairness/,$p' rate.txt
  General statistics:
  Threads fairness:
      events (avg/stddev):           *.0000/0.00 (glob)
      execution time (avg/stddev):   *.*/0.00 (glob)
  
  FATAL: The event queue is full. This means the worker threads are unable to keep up with the specified event generation rate

Where the limit lies, as sysbench 1.0.20 places it: at 50000 events/s a
first event that stalls the only worker for 2 s leaves 100000 events
waiting (no error), one of 2.9 s 145000 (the error); sysbench gives the
same answers for the same runs. (The short stall leaves 0.6 s, 31000
events, of room for a loaded machine to wake the worker late and catch
up slowly; the long one only gets surer.)

  $ cat > stall.lua <<'LUA'
  > local ffi = require("ffi")
  > ffi.cdef("int usleep(unsigned int);")
  > local first = true
  > function event()
  >    if first then
  >       first = false
  >       ffi.C.usleep(tonumber(os.getenv("STALL_US")))
  >    end
  > end
  > LUA
  $ STALL_US=2000000 $BENCH stall.lua --rate=50000 --time=3 --verbosity=1 run
  $ STALL_US=2900000 $BENCH stall.lua --rate=50000 --time=3 --verbosity=1 run
  FATAL: The event queue is full. This means the worker threads are unable to keep up with the specified event generation rate
  [1]
