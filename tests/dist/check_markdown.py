#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_markdown.py < TEXT: the first block of lines starting with '|' is
a GitHub-flavoured markdown table: a header row, a delimiter row of as
many cells (each :?-+:?), and body rows of as many cells. Prints the
table's shape; exit 1 if it is not one."""
import re
import sys

rows = []
for line in sys.stdin:
    line = line.rstrip("\n")
    if line.startswith("|"):
        rows.append(line)
    elif rows:
        break


def cells(row):
    if not (row.startswith("|") and row.endswith("|")):
        sys.exit("row not closed by '|': " + row)
    return [c.strip() for c in row[1:-1].split("|")]


if len(rows) < 3:
    sys.exit("no table: %d rows" % len(rows))
head, delim, body = cells(rows[0]), cells(rows[1]), [cells(r) for r in rows[2:]]
if len(delim) != len(head) or not all(re.fullmatch(r":?-+:?", c) for c in delim):
    sys.exit("bad delimiter row: " + rows[1])
for r in body:
    if len(r) != len(head):
        sys.exit("row of %d cells under a header of %d" % (len(r), len(head)))
print("table: %d columns (%s), %d rows" % (len(head), ", ".join(head), len(body)))
