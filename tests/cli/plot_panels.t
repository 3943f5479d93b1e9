bench plot's gnuplot script, panel by panel (issue 29: charts that show
every series), without gnuplot: --script-only writes the script and
draws nothing. tests/plot/panels.py reads a chart over time and fails on
a broken rule: each panel undoes every axis setting of the one before and
sets its own y and y2 ranges, a series on the right axis has that axis
with a range of its own and is not flat at its bottom, the panels share
margins, a time range from 0 and the legend's place, do not overlap, and
each document's last interval is inside the time range. plot.t draws the
same charts with gnuplot. The documents are in tests/plot (plot.t says
what each is).

  $ d="$BENCH_SRCDIR/tests/plot"

--script-only: the script on standard output, or in --script's file; no
gnuplot is looked for and no image is written.

  $ PATH=/nonexistent "$BENCH" plot "$d/cpu_complete.json" -o c.png --script-only > c.gp
  $ grep -c '^plot ' c.gp
  3
  $ PATH=/nonexistent "$BENCH" plot "$d/cpu_complete.json" -o c.png --script-only --script=c2.gp
  $ cmp c.gp c2.gp && ls c.png 2>/dev/null | wc -l
  0

A whole run: events/s on the left and errors/s on the right of panel 1,
the latency percentiles on a log axis, threads as steps from 0 to the
run's end and the client CPUs on panel 3's own right axis.

  $ python3 "$d/panels.py" c.gp
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

Each panel's reset, whole, and the place of its plot area: the same left
and right margins, one band of the page each.

  $ sed -n '/^# -- panel 2/,/^set title/p' c.gp
  # -- panel 2: Latency per interval
  unset label
  unset arrow
  unset logscale
  unset xlabel
  unset ylabel
  unset y2label
  unset y2tics
  set ytics mirror autofreq
  set format y "%g"
  set format y2 "%g"
  set autoscale
  set offsets 0, 0, 0, 0
  set lmargin at screen 0.0820
  set rmargin at screen 0.7660
  set tmargin at screen 0.6200
  set bmargin at screen 0.3673
  set key at screen 0.8460, graph 1 left top Left reverse box samplen 2 spacing 1.2 width 1
  set xrange [0:4.00050508]
  set title "Latency per interval"
  $ grep -e '^set [tb]margin' -e '^set xlabel' c.gp
  set tmargin at screen 0.9400
  set bmargin at screen 0.6873
  set tmargin at screen 0.6200
  set bmargin at screen 0.3673
  set tmargin at screen 0.3000
  set bmargin at screen 0.0473
  set xlabel "time (s)"

Threads are steps over each interval's true span, from 0 to the run's
end; each interval's figures are at its end.

  $ sed -n '/^\$w0 << EOD$/,/^EOD$/p' c.gp
  $w0 << EOD
  0 2 nan
  1.00007648 2 nan
  1.00007648 2 nan
  2.00007475 2 nan
  2.00007475 2 nan
  3.00007279 2 nan
  3.00007279 2 nan
  4.00050508 2 nan
  EOD

The checker catches what issue 29 found: the client CPUs on a right axis
left at another panel's range (here errors/s up to 200), a panel that
does not reset its axes, panels whose time axes do not line up.

  $ sed 's/^set y2range \[0:2.5\]$/set y2range [0:200]/' c.gp > leak.gp
  $ python3 "$d/panels.py" leak.gp
  page: Over time: cpu, bench 0.1.0
  panel 1: Throughput and errors
    reset; y [0:15000] "events/s"; y2 [0:1] "errors/s"
    series: events/s (y, $t0 col 2), errors/s (y2, $t0 col 3)
  panel 2: Latency per interval
    reset; y [*:*] "latency (ms)"
    series: p50 (y, $t0 col 4), p95 (y, $t0 col 5), p99 (y, $t0 col 6), max (y, $t0 col 7)
  panels.py: panel 3: client CPUs flat at the bottom of its axis [0:200]
  [1]
  $ awk '/^# -- panel 3/ { p = 1 } !(p && /^set y2range/)' c.gp > kept.gp
  $ python3 "$d/panels.py" kept.gp | tail -1
  panels.py: panel 3 leaves a range to the panel before: y [0:2.5], y2 None
  $ awk '/^# -- panel 2/ { p = 1 } !(p && /^unset logscale$/)' c.gp > log.gp
  $ python3 "$d/panels.py" log.gp | tail -1
  panels.py: panel 2 does not reset: unset logscale
  $ awk '/^# -- panel 3/ { p = 1 } { if (p && /^set lmargin/) print "set lmargin 10"; else print }' c.gp > margin.gp
  $ python3 "$d/panels.py" margin.gp | tail -1
  panels.py: panel 3's margins, time range or legend differ from panel 1's: (None, '0.7660', '[0:4.00050508]', 'at screen 0.8460, graph 1 left top Left reverse box samplen 2 spacing 1.2 width 1'), not ('0.0820', '0.7660', '[0:4.00050508]', 'at screen 0.8460, graph 1 left top Left reverse box samplen 2 spacing 1.2 width 1')

A run stopped by SIGINT after 3.5 s of --time=20: its status in red under
the page title (a label of panel 1, at the top of the page), a mark in
panel 1 beside the dashed line where it stopped, the line in every panel;
the last interval, 0.496 s long, ends where the run did.

  $ "$BENCH" plot "$d/cpu_interrupted.json" -o i.png --script-only > i.gp
  $ python3 "$d/panels.py" i.gp
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
  $ grep -e '^set arrow' -e '^set label' i.gp | sort | uniq -c
        3 set arrow from 3.49581016, graph 0 to 3.49581016, graph 1 nohead dt 2 lw 2 lc rgb "#d62728" front
        1 set label 'interrupted (SIGINT)' at 3.49581016, graph 0.92 right offset -0.8, 0 tc rgb "#d62728" front boxed
        1 set label 'interrupted by SIGINT at 3.5 s of 20 s' at screen 0.5, screen 0.9691 center tc rgb "#d62728" front

A failed run (a forced shutdown) says why.

  $ python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["run"] = {"status": "failed", "planned_time_s": 4, "planned_events": None, "reason": "forced shutdown: workers still running after the time limit (--forced-shutdown)", "time_s": 4.000505076}; json.dump(d, open("failed.json", "w"))' "$d/cpu_complete.json"
  $ "$BENCH" plot failed.json -o f.png --script-only | python3 "$d/panels.py" /dev/stdin | grep -e mark -e status -e stop
    mark: failed
    status: failed at 4.0 s of 4 s: forced shutdown: workers still running after the time limit (--forced-shutdown)
  every panel: stop line from 4.00050508, graph 0

Three documents overlaid: one from a bench that wrote no run member and
left the last interval out (its time axis ends where its run did, 5.01 s,
so the missing second shows as such), the interrupted run and the whole
one. One time range for all, the longest run's; each document in its
colour, named in the legend; the interrupted one's status and stop line.

  $ "$BENCH" plot "$d/point_select_1thread.json" "$d/cpu_interrupted.json" "$d/cpu_complete.json" -o ab.png --script-only > ab.gp
  $ python3 "$d/panels.py" ab.gp
  page: Over time: oltp_point_select on sqlite 3.40.1, bench 0.1.0 vs cpu, bench 0.1.0
  panel 1: Throughput and errors
    reset; y [0:150000] "events/s"; y2 [0:1] "errors/s"
    series: point_select_1thread: events/s (y, $t0 col 2), point_select_1thread: errors/s (y2, $t0 col 3), cpu_interrupted: events/s (y, $t1 col 2), cpu_interrupted: errors/s (y2, $t1 col 3), cpu_complete: events/s (y, $t2 col 2), cpu_complete: errors/s (y2, $t2 col 3)
    mark: cpu_interrupted: interrupted (SIGINT)
    status: cpu_interrupted: interrupted by SIGINT at 3.5 s of 20 s
  panel 2: Latency per interval
    reset; y [*:*] "latency (ms)"
    series: point_select_1thread: p50 (y, $t0 col 4), point_select_1thread: p95 (y, $t0 col 5), point_select_1thread: p99 (y, $t0 col 6), point_select_1thread: max (y, $t0 col 7), cpu_interrupted: p50 (y, $t1 col 4), cpu_interrupted: p95 (y, $t1 col 5), cpu_interrupted: p99 (y, $t1 col 6), cpu_interrupted: max (y, $t1 col 7), cpu_complete: p50 (y, $t2 col 4), cpu_complete: p95 (y, $t2 col 5), cpu_complete: p99 (y, $t2 col 6), cpu_complete: max (y, $t2 col 7)
  panel 3: Threads and client CPU
    reset; y [0:2.5] "threads"; y2 [0:2.5] "client CPUs"
    series: point_select_1thread: threads (y, $w0 col 2), cpu_interrupted: threads (y, $w1 col 2), cpu_interrupted: client CPUs (y2, $t1 col 9), cpu_complete: threads (y, $w2 col 2), cpu_complete: client CPUs (y2, $t2 col 9)
  every panel: x [0:5.00978017], margins 0.0820 to 0.5900, legend at screen 0.6700, graph 1
  every panel: stop line from 3.49581016, graph 0
  $t0: 4 intervals, the last ending at 4.0078177, inside the time range
  $t1: 4 intervals, the last ending at 3.49581016, inside the time range
  $t2: 4 intervals, the last ending at 4.00050508, inside the time range
  every series inside its axis's range

A file name too long for the legend (40% of the image's width) is cut,
the series' name kept.

  $ cp "$d/cpu_complete.json" a_rather_long_result_file_name_from_a_nightly_job_2026-11-28.json
  $ "$BENCH" plot a_rather_*.json "$d/cpu_interrupted.json" -o l.png --script-only | grep -o "title '[^']*: events/s'"
  title 'a_rather_long_result_file_name...: events/s'
  title 'cpu_interrupted: events/s'

--virtual-users: the users as steps beside the threads, the axis named
for both.

  $ echo 'function event() end' > vu.lua
  $ "$BENCH" vu.lua --threads=2 --virtual-users=4 --time=2 --report-interval=1 --results=vu.json run > /dev/null
  $ "$BENCH" plot vu.json -o vu.png --script-only | python3 "$d/panels.py" /dev/stdin | sed -n '/panel 3/,/series/p'
  panel 3: Threads and client CPU
    reset; y [0:5] "threads, users"; y2 [0:*] "client CPUs" (glob)
    series: threads (y, $w0 col 2), virtual users (y, $w0 col 3), client CPUs (y2, $t0 col 9)

The whole run's charts (spectrum, histogram) are one plot area under the
same page title (centred on the page however long) and status, with the
legend outside it.

  $ "$BENCH" plot --kind=spectrum "$d/cpu_interrupted.json" "$d/cpu_complete.json" -o s.svg --script-only | grep -e '^set multiplot' -e '^set label' -e '^set key' -e '^plot'
  set multiplot title 'Latency by percentile: cpu, bench 0.1.0'
  set key at screen 0.7513, graph 1 left top Left reverse box samplen 2 spacing 1.2 width 1
  set label 'cpu_interrupted: interrupted by SIGINT at 3.5 s of 20 s' at screen 0.5, screen 0.9433 center tc rgb "#d62728" front
  plot $s0 using 1:2 with lines lw 2 lc 1 title 'cpu_interrupted: latency', $s1 using 1:2 with lines lw 2 lc 2 title 'cpu_complete: latency'
  $ "$BENCH" plot --kind=histogram "$d/cpu_complete.json" -o h.png --script-only | tail -2
  plot $h0 using 1:2 with histeps lw 2 lc 1 title 'events'
  unset multiplot
