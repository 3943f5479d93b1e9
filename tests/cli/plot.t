bench plot (issue 21): charts of result documents through gnuplot. The
documents in tests/plot were recorded with --results: oltp_point_select on
SQLite at 1 and 2 threads, 5 s with --report-interval=1 (by a bench that
left the run's last interval out), a cpu run without intervals, and cpu
runs at 2 threads with the last interval and client CPU figures, one of
4 s and one of --time=20 stopped by SIGINT at 3.5 s. sane.py checks an
image: PNG signature and size from its IHDR, or SVG's viewBox and text.
Without gnuplot this transcript is skipped, except under CI=true
(build-aux/install-deps.sh installs gnuplot-nox); plot_panels.t checks
the scripts without it.

  $ command -v gnuplot > /dev/null || [ "${CI:-}" = true ] || exit 80
  $ d="$BENCH_SRCDIR/tests/plot"
  $ cat > sane.py <<'PY'
  > import os, re, struct, sys
  > path = sys.argv[1]
  > data = open(path, "rb").read()
  > if path.endswith(".png"):
  >     assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
  >     w, h = struct.unpack(">II", data[16:24])
  > else:
  >     text = data.decode()
  >     w, h = map(int, re.search(r'viewBox="0 0 (\d+) (\d+)"', text).groups())
  > print("%dx%d" % (w, h), "big enough" if len(data) > 10000 else "too small")
  > PY

The default chart: three panels over time, titled with the workload, the
server and bench's version.

  $ "$BENCH" plot "$d/point_select_1thread.json" -o one.png
  $ python3 sane.py one.png
  1000x1100 big enough
  $ "$BENCH" plot "$d/point_select_1thread.json" -o one.svg
  $ python3 sane.py one.svg
  1000x1100 big enough
  $ grep -o 'Over time: [^<]*' one.svg
  Over time: oltp_point_select on sqlite 3.40.1, bench 0.1.0
  $ grep -o '>[a-z0-9/ ]*<' one.svg | grep -E 'events/s|errors/s|p50|p95|p99|max|threads' | sort -u
  >errors/s<
  >events/s<
  >max<
  >p50<
  >p95<
  >p99<
  >threads<

Two documents overlay, each series named by its file.

  $ "$BENCH" plot "$d/point_select_1thread.json" "$d/point_select_2threads.json" -o ab.svg --size=1200x1300
  $ python3 sane.py ab.svg
  1200x1300 big enough
  $ grep -o '>point_select_[12]threads\{0,1\}: [a-z0-9/ ]*<' ab.svg | sort -u
  >point_select_1thread: errors/s<
  >point_select_1thread: events/s<
  >point_select_1thread: max<
  >point_select_1thread: p50<
  >point_select_1thread: p95<
  >point_select_1thread: p99<
  >point_select_1thread: threads<
  >point_select_2threads: errors/s<
  >point_select_2threads: events/s<
  >point_select_2threads: max<
  >point_select_2threads: p50<
  >point_select_2threads: p95<
  >point_select_2threads: p99<
  >point_select_2threads: threads<

The percentile spectrum (1/(1-p) axis) and the histogram, of both runs; a
document without intervals works for them.

  $ "$BENCH" plot --kind=spectrum "$d/point_select_1thread.json" "$d/point_select_2threads.json" "$d/cpu_no_intervals.json" -o spectrum.svg
  $ python3 sane.py spectrum.svg
  1000x600 big enough
  $ grep -o '>[^<]*: latency<\|>99.9%<\|Latency by percentile: [^<]*' spectrum.svg | sort
  >99.9%<
  >cpu_no_intervals: latency<
  >point_select_1thread: latency<
  >point_select_2threads: latency<
  Latency by percentile: oltp_point_select on sqlite 3.40.1, bench 0.1.0 vs cpu, bench 0.1.0
  $ "$BENCH" plot --kind=histogram "$d/point_select_2threads.json" -o histogram.png
  $ python3 sane.py histogram.png
  1000x600 big enough

A run with --virtual-users shows its users beside its threads (the data
block of the script: column 8 threads, 10 users).

  $ echo 'function event() end' > vu.lua
  $ "$BENCH" vu.lua --threads=2 --virtual-users=4 --time=2 --report-interval=1 --results=vu.json run > /dev/null
  $ "$BENCH" plot vu.json -o vu.svg
  $ grep -o '>virtual users<\|>threads<' vu.svg
  >threads<
  >virtual users<
  $ "$BENCH" plot vu.json -o vu.png --script=vu.gp && sed -n 2p vu.gp | awk '{ print $8, $10 }'
  2 4

--script keeps what gnuplot ran, with the data inline.

  $ "$BENCH" plot --kind=spectrum "$d/point_select_2threads.json" -o s.png --script=s.gp
  $ grep -c '^\$s0 << EOD$' s.gp
  1

A result file is data, never code (issue 28): gnuplot runs `command`
substitutions inside double-quoted strings and expands @macros outside
them, so every string from a document or a file name reaches the script
single-quoted. Each string field and the file name below carry a
backquote, $(...), system(...), both quotes, a backslash, @ and a
newline, and so does the signal that interrupted the run (drawn in the
status under the title and beside the stop line); nothing runs, and the
text is drawn as it is (the newline, a control character, as '?': every
document read is cleaned of them), the page title cut with "..." where
it would run off the page.

  $ cat > hostile.py <<'PY'
  > import json, sys
  > d = json.load(open(sys.argv[1]))
  > bad = "a`touch RAN1`b $(touch RAN2) system(\"touch RAN3\") ' \" \\ @x @GPVAL_PWD\nset output 'RAN4.svg'"
  > d["test"] = d["database"]["driver"] = d["database"]["server_version"] = bad
  > d["bench"]["version"] = bad
  > d["run"] = {"status": "interrupted", "signal": bad, "planned_time_s": 5, "time_s": 5.0}
  > json.dump(d, open("h`touch RAN5`$(touch RAN6)'\"@x.json", "w"))
  > PY
  $ python3 hostile.py "$d/point_select_1thread.json"
  $ for k in time spectrum histogram; do "$BENCH" plot h*.json "$d/point_select_2threads.json" --kind=$k -o "o'\`touch RAN7\`$k.svg" || echo "$k failed"; done
  $ ls RAN* 2>/dev/null | wc -l
  0
  $ python3 sane.py o*time.svg
  1000x1100 big enough
  $ cat > drawn.py <<'PY'
  > import sys
  > bad = "a`touch RAN1`b $(touch RAN2) system(\"touch RAN3\") ' \" \\ @x @GPVAL_PWD?set output 'RAN4.svg'"
  > for path in sys.argv[1:]:
  >     text = open(path).read()
  >     print(path.split("`")[-1], (": " + bad + " on ") in text, ("interrupted by " + bad[:40] + " at 5.0 s of 5 s") in text)
  > PY
  $ python3 drawn.py o\'*.svg
  histogram.svg True True
  spectrum.svg True True
  time.svg True True

The file name, drawn as it is in the legend and in its run's status:

  $ grep -c 'h`touch RAN5`$(touch RAN6)' o*spectrum.svg
  2

gnuplot's own messages are not passed through (they can quote the script,
whose strings come from the result files): a failure is one line of
bench's with gnuplot's error line, every byte that is not printable text
as '?'. A stand-in gnuplot prints what a failing one would, escapes
included.

  $ printf '#!/bin/sh\nprintf "\\n   plot foo(x)\\n        ^\\n   \\"s.gp\\" line 3: undefined function: foo \\033[31mred\\033]0;t\\007\\n" >&2\nexit 1\n' > failing-gnuplot
  $ chmod +x failing-gnuplot
  $ BENCH_GNUPLOT=./failing-gnuplot "$BENCH" plot "$d/point_select_1thread.json" -o f.svg
  plot: ./failing-gnuplot failed (status 1) drawing f.svg: "s.gp" line 3: undefined function: foo ?[31mred?]0;t?
  [1]
  $ ls f.svg 2>/dev/null | wc -l
  0

Errors: no gnuplot, a bad file name, a document that is none, a bad kind.

  $ PATH=/nonexistent "$BENCH" plot "$d/point_select_1thread.json" -o x.png
  plot: gnuplot not found on PATH: install it (Debian: apt install gnuplot-nox) or set BENCH_GNUPLOT to its path
  [1]
  $ BENCH_GNUPLOT=/nonexistent/gnuplot "$BENCH" plot "$d/point_select_1thread.json" -o x.png
  plot: BENCH_GNUPLOT=/nonexistent/gnuplot: No such file or directory
  [1]
  $ "$BENCH" plot "$d/point_select_1thread.json" -o x.jpg
  plot: -o x.jpg: the file name must end in .png or .svg
  [1]
  $ echo '{"a": 1}' > bad.json
  $ "$BENCH" plot bad.json -o x.png 2>&1 | sed 's/: [^:]*$/: .../'
  plot: read bad.json: ...
  $ "$BENCH" plot --kind=pie "$d/point_select_1thread.json" -o x.png
  plot: invalid --kind 'pie' (time, spectrum or histogram)
  [1]
  $ "$BENCH" plot "$d/cpu_no_intervals.json" -o x.png
  plot: */cpu_no_intervals.json has no intervals: run with --report-interval for a chart over time (glob)
  plot: nothing to draw over time; --kind=spectrum and --kind=histogram need no intervals
  [1]
  $ "$BENCH" plot "$d/cpu_no_intervals.json" "$d/point_select_1thread.json" -o x.png
  plot: */cpu_no_intervals.json has no intervals: run with --report-interval for a chart over time (glob)
  $ python3 sane.py x.png
  1000x1100 big enough
  $ "$BENCH" plot -o x.png
  Usage:
    bench plot RESULT.json... -o FILE.png|FILE.svg [--kind=time|spectrum|histogram] [--size=WxH]
  
  Charts of result documents (--results=FILE.json), drawn by gnuplot.
    --kind=time       throughput and errors, latency percentiles, threads and
                      client CPU over time (default; needs --report-interval)
    --kind=spectrum   latency by percentile, on a 1/(1-p) axis
    --kind=histogram  the latency distribution
    --size=WxH        image size in pixels (default 1000x1100 over time, else
                      1000x600)
    --script=FILE     keep the gnuplot script (data inline) in FILE
    --script-only     write the script (to --script's FILE, else standard
                      output) and do not run gnuplot
  Several documents are overlaid, with a legend. A run that was interrupted or
  failed says so under the title, with a dashed line where it stopped.
  [1]

A live run's document carries each interval's client CPU use
(`client_cpus`), drawn in the third panel beside the threads, on a right
axis of its own (its legend entry and its axis label).

  $ "$BENCH" cpu --threads=2 --time=3 --report-interval=1 --results=live.json run > /dev/null
  $ "$BENCH" plot live.json -o live.svg
  $ grep -c '>client CPUs<' live.svg
  2

Charts that show every series (issue 29). tests/plot/panels.py reads the
script panel by panel and fails on a broken rule: every panel undoes the
axis settings of the one before and sets its own y and y2 ranges (the
client CPUs were drawn flat on panel 1's errors/s range), a series on the
right axis has that axis shown with its own range and is not flat at its
bottom, all panels have the same margins, time range from 0 and legend
place (outside the plot areas), they do not overlap, and each document's
last interval is inside the time range. The script gnuplot ran draws a
PNG of the expected size, without a warning from gnuplot (an axis left
without a range warns).

  $ "$BENCH" plot "$d/cpu_complete.json" -o chart-cpu.png --script=chart-cpu.gp
  $ python3 "$d/panels.py" chart-cpu.gp
  page: Over time: cpu, bench 0.1.0
  panel 1: Throughput and errors
    reset; y [0:15000] "events/s"; y2 [0:1] "errors/s"
    series: events/s (y, $t0 col 2), errors/s (y2, $t0 col 3)
  panel 2: Latency per interval
    reset; y [*:*] "latency (ms)"
    series: p50 (y, $t0 col 4), p95 (y, $t0 col 5), p99 (y, $t0 col 6), max (y, $t0 col 7)
  panel 3: Threads and client CPU
    reset; y [0:2.5] "threads"; y2 [0:2.5] "client CPUs"
    series: threads (y, $w0 col 2), client CPUs (y2, $t0 col 9)
  every panel: x [0:4.00050508], margins 0.0820 to 0.7660, legend at screen 0.8460, graph 1
  $t0: 4 intervals, the last ending at 4.00050508, inside the time range
  every series inside its axis's range
  $ file -b chart-cpu.png | cut -d, -f1,2
  PNG image data, 1000 x 1100
  $ python3 sane.py chart-cpu.png
  1000x1100 big enough
  $ gnuplot chart-cpu.gp 2>&1 | wc -c
  0

A run stopped by SIGINT says so in red under the page title, and beside a
dashed line where it stopped, drawn in every panel; its last interval,
half a second long, is drawn at its true end, with its rate over that
half second.

  $ "$BENCH" plot "$d/cpu_interrupted.json" -o chart-int.png --script=chart-int.gp
  $ python3 "$d/panels.py" chart-int.gp
  page: Over time: cpu, bench 0.1.0
  panel 1: Throughput and errors
    reset; y [0:15000] "events/s"; y2 [0:1] "errors/s"
    series: events/s (y, $t0 col 2), errors/s (y2, $t0 col 3)
    mark: interrupted (SIGINT)
    status: interrupted by SIGINT at 3.5 s of 20 s
  panel 2: Latency per interval
    reset; y [*:*] "latency (ms)"
    series: p50 (y, $t0 col 4), p95 (y, $t0 col 5), p99 (y, $t0 col 6), max (y, $t0 col 7)
  panel 3: Threads and client CPU
    reset; y [0:2.5] "threads"; y2 [0:2.5] "client CPUs"
    series: threads (y, $w0 col 2), client CPUs (y2, $t0 col 9)
  every panel: x [0:3.49581016], margins 0.0820 to 0.7660, legend at screen 0.8460, graph 1
  every panel: stop line from 3.49581016, graph 0
  $t0: 4 intervals, the last ending at 3.49581016, inside the time range
  every series inside its axis's range
  $ python3 -c 'import json, sys; iv = json.load(open(sys.argv[1]))["intervals"][-1]; print(iv["interval_s"], round(iv["events"] / iv["interval_s"]))' "$d/cpu_interrupted.json"
  0.495737667 10445
  $ sed -n 5p chart-int.gp | cut -d' ' -f1,2
  3.49581016 10445
  $ file -b chart-int.png | cut -d, -f1,2
  PNG image data, 1000 x 1100
  $ gnuplot chart-int.gp 2>&1 | wc -c
  0

And live: a run interrupted after about 2.5 s of --time=20, drawn over
its own time, every panel's series inside its axis.

  $ "$BENCH" cpu --threads=2 --time=20 --report-interval=1 --results=cut.json run > /dev/null 2>&1 &
  $ sleep 2.5; kill -INT $!; wait $!
  [130]
  $ "$BENCH" plot cut.json -o cut.png --script=cut.gp
  $ python3 "$d/panels.py" cut.gp | grep -e status -e 'client CPUs (y2' -e 'every series'
    status: interrupted by SIGINT at * s of 20 s (glob)
    series: threads (y, $w0 col 2), client CPUs (y2, $t0 col 9)
  every series inside its axis's range
  $ python3 sane.py cut.png
  1000x1100 big enough
