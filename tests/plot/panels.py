#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""panels.py SCRIPT: checks, panel by panel, the gnuplot script of a chart
over time that `bench plot` wrote (issue 29), and prints what each panel
draws, for the transcripts (tests/cli/plot*.t) to compare.

The rules: each panel begins by undoing every axis setting of the one
before (labels, arrows, log scales, axis labels, the right axis's tics,
tic formats, ranges, offsets), then sets its own y and y2 ranges; a series
on the right axis has that axis shown, with a range of its own in numbers;
every panel has the same left and right margins, the same time range from
0, the same legend place, and the same stop lines; the panels are stacked
without overlap; the last interval of each document is inside the time
range. A broken rule is one line "panels.py: ..." and exit status 1."""
import re
import sys

RESET = ["unset label", "unset arrow", "unset logscale", "unset xlabel",
         "unset ylabel", "unset y2label", "unset y2tics",
         "set ytics mirror autofreq", 'set format y "%g"',
         'set format y2 "%g"',
         "set autoscale", "set offsets 0, 0, 0, 0"]
# What a panel sets for itself, only after the reset.
OWN = ("set yrange ", "set y2range ", "set logscale", "set ylabel ",
       "set y2label ", "set y2tics", "set ytics ", "set xrange ")
SERIES = re.compile(r"\$(\w+) using 1:(\d+) (.*?) lc (\d+) title "
                    r"'((?:[^']|'')*)'")


def fail(msg):
    print("panels.py: " + msg)
    sys.exit(1)


def parse(path):
    """The script's commands (data blocks left out), split at the panels'
    "# -- panel" lines, and each data block's rows."""
    head, panels, rows, block = [], [], {}, None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if block:
            if line == "EOD":
                block = None
            else:
                rows[block].append([float(v) for v in line.split()])
            continue
        m = re.match(r"^\$(\w+) << EOD$", line)
        if m:
            block = m.group(1)
            rows[block] = []
            continue
        if line.startswith("# -- panel "):
            panels.append([line])
        else:
            (panels[-1] if panels else head).append(line)
    return head, panels, rows


def value(lines, prefix):
    """The rest of the last line starting with prefix, else None."""
    found = [l[len(prefix):] for l in lines if l.startswith(prefix)]
    return found[-1] if found else None


def check_data(n, series, y, y2, rows):
    """Each series inside its axis's range where that range is numbers;
    on the right axis, not flat at its bottom: its largest value is at
    least a fifth of the axis (the client CPUs drawn on the errors/s
    range were not)."""
    for block, col, right, name in series:
        axis = y2 if right else y
        m = re.match(r"^\[([-0-9.e+]+):([-0-9.e+]+)\]$", axis)
        if not m:
            continue
        lo, hi = float(m.group(1)), float(m.group(2))
        vals = [row[int(col) - 1] for row in rows[block]
                if row[int(col) - 1] == row[int(col) - 1]]  # not NaN
        if any(v < lo or v > hi for v in vals):
            fail("panel %d: %s outside its axis %s" % (n, name, axis))
        if right and vals and 0 < max(vals) < lo + (hi - lo) / 5:
            fail("panel %d: %s flat at the bottom of its axis %s" %
                 (n, name, axis))


def check_panel(n, lines):
    where = {l: i for i, l in reversed(list(enumerate(lines)))}
    for r in RESET:
        if r not in where:
            fail("panel %d does not reset: %s" % (n, r))
    last_reset = max(where[r] for r in RESET)
    own = [i for i, l in enumerate(lines)
           if l.startswith(OWN) and l not in RESET]
    if own and min(own) < last_reset:
        fail("panel %d sets %r before its reset" % (n, lines[min(own)]))
    plot = [l for l in lines if l.startswith("plot ")]
    if len(plot) != 1:
        fail("panel %d has %d plot commands" % (n, len(plot)))
    series = [(m.group(1), m.group(2), "x1y2" in m.group(3),
               m.group(5).replace("''", "'"))
              for m in SERIES.finditer(plot[0])]
    y, y2 = value(lines, "set yrange "), value(lines, "set y2range ")
    if y is None or y2 is None:
        fail("panel %d leaves a range to the panel before: y %s, y2 %s"
             % (n, y, y2))
    right = any(s[2] for s in series)
    if right and ("set y2tics" not in where or
                  not re.match(r"^\[[-0-9.e+]+:[-0-9.e+]+\]$", y2)):
        fail("panel %d draws on the right axis without its own: y2 %s" %
             (n, y2))
    if not right and "set y2tics" in where:
        fail("panel %d shows a right axis it does not use" % n)
    return series, y, y2, right


def frame(lines):
    return tuple(value(lines, p) for p in
                 ("set lmargin at screen ", "set rmargin at screen ",
                  "set xrange ", "set key "))


def stops(lines):
    return [l for l in lines if l.startswith("set arrow ")]


def main(path):
    head, panels, rows = parse(path)
    title = value(head, "set multiplot title ")
    if title is None or not panels:
        fail("no panels: not a chart over time, or one from before issue 29")
    print("page:", title.strip("'").replace("''", "'"))
    tops = []
    for n, lines in enumerate(panels, 1):
        series, y, y2, right = check_panel(n, lines)
        check_data(n, series, y, y2, rows)
        ylabel = value(lines, "set ylabel ") or ""
        print("panel %d: %s" % (n, value(lines, "set title ").strip('"')))
        print("  reset; y %s %s%s" % (y, ylabel,
              "; y2 %s %s" % (y2, value(lines, "set y2label ")) if right
              else ""))
        print("  series: " + ", ".join(
            "%s (%s, $%s col %s)" % (s[3], "y2" if s[2] else "y", s[0], s[1])
            for s in series))
        for l in lines:
            m = re.match(r"^set label '((?:[^']|'')*)' at (screen)?", l)
            if m:
                print("  %s: %s" % ("status" if m.group(2) else "mark",
                                    m.group(1).replace("''", "'")))
        tops.append((float(value(lines, "set tmargin at screen ")),
                     float(value(lines, "set bmargin at screen "))))
    f = frame(panels[0])
    for n, lines in enumerate(panels[1:], 2):
        if frame(lines) != f:
            fail("panel %d's margins, time range or legend differ from "
                 "panel 1's: %s, not %s" % (n, frame(lines), f))
        if stops(lines) != stops(panels[0]):
            fail("panel %d's stop lines differ from panel 1's" % n)
    for (t, b), (t2, _) in zip(tops, tops[1:] + [(0, 0)]):
        if not t > b > t2:
            fail("panels overlap: %s" % tops)
    m = re.match(r"^\[0:([0-9.e+]+)\]$", f[2])
    if not m:
        fail("the time range does not start at 0: %s" % f[2])
    print("every panel: x %s, margins %s to %s, legend %s" %
          (f[2], f[0], f[1], f[3].split(" left")[0]))
    for s in stops(panels[0]):
        print("every panel: stop line %s" % s.split(" to ")[0][len("set arrow "):])
    for block in sorted(b for b in rows if b.startswith("t")):
        end = rows[block][-1][0]
        if end > float(m.group(1)):
            fail("$%s's last interval (to %s) is past the time range" %
                 (block, end))
        print("$%s: %d intervals, the last ending at %.9g, inside the time "
              "range" % (block, len(rows[block]), end))
    print("every series inside its axis's range")


if __name__ == "__main__":
    main(sys.argv[1])
