The status line of a long run (issue 21): on a terminal only, on stderr,
"<elapsed> elapsed, <left> left, <rate> events/s, <count> events", redrawn
a few times a second from the run's third second and erased at the end;
once a window of a second has passed, its ignored errors a second and its
95th percentile follow (", <e> err/s, p95 <ms> ms", issue 29).
pty_run.py puts stderr (and stdout with --stdout-too) on a pseudo-terminal
and saves what the terminal received. check.py reads it: every draw is
"\r<text>\033[K", the last one is the erase "\r\033[K" (empty text), and
what remains without the draws is the ordinary output.

  $ cat > check.py <<'PY'
  > import re, sys
  > data = open(sys.argv[1], "rb").read().decode()
  > draws = re.findall(r"\r([^\r\n\x1b]*)\x1b\[K", data)
  > texts = [t for t in draws if t]
  > print("draws:", "some" if texts else "none")
  > win = r"(, [\d.]+ err/s(, p95 [\d.]+ ms)?)?"
  > pat = r"[\dhms]+ elapsed, [\dhms]+ left, [\d.]+ events/s, \d+(/\d+)? events" + win + "$"
  > bad = [t for t in texts if not re.match(pat, t)]
  > print("malformed:", bad[:3])
  > if texts: print("ends erased:", draws[-1] == "")
  > rest = re.sub(r"\r[^\r\n\x1b]*\x1b\[K", "", data)
  > print("escapes left:", "\x1b" in rest)
  > open(sys.argv[1] + ".rest", "w").write(rest.replace("\r\n", "\n"))
  > dur = re.compile(r"\d+h\d+m|\d+m\d+s|\d+s")
  > num = re.compile(r"\d+(\.\d+)?")
  > if texts: print("last:", num.sub("N", dur.sub("T", re.sub(win + "$", "", texts[-1]))))
  > if sys.argv[2:] == ["window"]:
  >     print("window:", [re.search(win + "$", t).group(0) != "" for t in texts][-1])
  > PY
  $ cat > sleep.lua <<'LUA'
  > local ffi = require("ffi")
  > ffi.cdef("int usleep(unsigned int)")
  > function event() ffi.C.usleep(1000) end
  > LUA

A 3-second run with stderr on a terminal: the line, and nothing of it on
stdout, which is not the terminal.

  $ python3 "$BENCH_SRCDIR/tests/cli/pty_run.py" tty "$BENCH" cpu --time=3 run > out
  $ python3 check.py tty
  draws: some
  malformed: []
  ends erased: True
  escapes left: False
  last: T elapsed, T left, N events/s, N events
  $ grep -c "$(printf '\033')" out
  0
  [1]
  $ grep -c "total number of events" out
  1

--events: the count is shown against the limit, and the time left comes
from the rate.

  $ python3 "$BENCH_SRCDIR/tests/cli/pty_run.py" tty "$BENCH" sleep.lua --events=2500 --time=0 run > out
  $ python3 check.py tty
  draws: some
  malformed: []
  ends erased: True
  escapes left: False
  last: T elapsed, T left, N events/s, N/N events
  $ grep -o '/2500 events' tty | sort -u
  /2500 events

Report lines on the same terminal: the status line is erased before each
one and drawn again below it, so the report lines come out whole.

  $ python3 "$BENCH_SRCDIR/tests/cli/pty_run.py" --stdout-too tty "$BENCH" cpu --time=4 --report-interval=1 run
  $ python3 check.py tty window
  draws: some
  malformed: []
  ends erased: True
  escapes left: False
  last: T elapsed, T left, N events/s, N events
  window: True
  $ grep -c '^\[ [1-3]s \] thds: 1 eps: [0-9.]* lat (ms,95%): [0-9.]*$' tty.rest
  3
  $ grep -c "total number of events" tty.rest
  1

Never drawn: in a short run, with --progress=off, with --verbosity below
notices, and when stderr is not a terminal.

  $ python3 "$BENCH_SRCDIR/tests/cli/pty_run.py" tty "$BENCH" cpu --time=1 run > out
  $ python3 check.py tty
  draws: none
  malformed: []
  escapes left: False
  $ python3 "$BENCH_SRCDIR/tests/cli/pty_run.py" tty "$BENCH" cpu --time=3 --progress=off run > out
  $ python3 check.py tty
  draws: none
  malformed: []
  escapes left: False
  $ python3 "$BENCH_SRCDIR/tests/cli/pty_run.py" tty "$BENCH" cpu --time=3 --verbosity=2 run > out
  $ python3 check.py tty
  draws: none
  malformed: []
  escapes left: False
  $ "$BENCH" cpu --time=3 run > out 2> err
  $ wc -c < err
  0
