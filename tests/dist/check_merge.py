#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_merge.py MERGED.json WHOLE.json EVENTS.txt: a merge of documents
that split one run's events (MERGED) is that run (WHOLE: the whole run's
document, as `bench merge` rewrites it alone): counts, sums, every interval's
record identical to the whole's, and min, max and percentiles those of
the events themselves within the record's precision (a bucket is at most
1/1024 of its lower bound wide; bench reports its midpoint). Prints one
line per check and exits 1 if any fails."""
import json
import sys

merged, whole = (json.load(open(p)) for p in sys.argv[1:3])
events = sorted(int(x) for x in open(sys.argv[3]))
failed = 0


def check(name, cond):
    global failed
    print(("ok " if cond else "FAILED ") + name)
    failed += not cond


def near(got, exact):
    return abs(got - exact) <= exact / 2048 + 1


m, w = merged["totals"], whole["totals"]
for k in ("events", "transactions", "errors", "reconnects"):
    check("totals.%s: %d = the whole's %d" % (k, m[k], w[k]), m[k] == w[k])
check("totals.queries equal", m["queries"] == w["queries"])
ml, wl = m["latency"], w["latency"]
check("latency count %d = %d events" % (ml["count"], len(events)),
      ml["count"] == wl["count"] == len(events))
check("latency sum_ns exact", ml["sum_ns"] == wl["sum_ns"] == sum(events))
check("latency record (hdr) the whole's, bucket for bucket",
      ml["hdr"] == wl["hdr"])
check("min within the record's precision of the least event",
      near(ml["min_ns"], events[0]))
check("max within the record's precision of the greatest event",
      near(ml["max_ns"], events[-1]))
for p in ml["percentiles"]:
    n = len(events)
    exact = events[max(0, int(n * p["p"] / 100 + 0.5) - 1)]
    check("p%g within the record's precision of the exact value" % p["p"],
          near(p["ns"], exact))
mk = {k["kind"]: k for k in merged.get("kinds", [])}
wk = {k["kind"]: k for k in whole.get("kinds", [])}
check("the same statement kinds: %s" % ", ".join(sorted(mk)),
      sorted(mk) == sorted(wk) and len(mk) > 0)
check("every kind: counts and record the whole's",
      all(mk[k][c] == wk[k][c] for k in wk for c in ("reads", "writes", "other", "failed")) and
      all(mk[k]["latency"]["hdr"] == wk[k]["latency"]["hdr"] and
          mk[k]["latency"]["sum_ns"] == wk[k]["latency"]["sum_ns"] for k in wk))
if "rate" in whole:
    check("--rate: target, service time and start lag records the whole's",
          merged["rate"]["target_per_s"] == whole["rate"]["target_per_s"] and all(merged["rate"][r]["hdr"] == whole["rate"][r]["hdr"] and
              merged["rate"][r]["count"] == whole["rate"][r]["count"]
              for r in ("service_time", "start_lag")))
check("as many intervals as the whole",
      len(merged["intervals"]) == len(whole["intervals"]))
same = all(a["events"] == b["events"] and a["time_s"] == b["time_s"] and
           a["latency"]["count"] == b["latency"]["count"] and
           a["latency"]["sum_ns"] == b["latency"]["sum_ns"] and
           a["latency"]["hdr"] == b["latency"]["hdr"]
           for a, b in zip(merged["intervals"], whole["intervals"]))
check("every interval: events, end time, count, sum, record the whole's",
      same)
if "series" in whole:
    ms, ws = merged.get("series", {}), whole["series"]
    check("series: %d buckets of %g s, the whole's" % (len(ws["events"]), ws["bucket_s"]),
          all(ms.get(k) == ws[k] for k in ("bucket_s", "last_s", "events", "queries", "errors")))
sys.exit(1 if failed else 0)
