#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_results.py: checks bench's machine output with independent tools.

  check_results.py doc RESULT.json [REPORT.txt]   the document: JSON Schema
      (python3-jsonschema), its records decoded by PyPI's hdrhistogram
      (module hdrh) to its counts and percentiles, and, given the text
      report of the same run, the same figures as the report
  check_results.py hlog LOG RESULT.json     the interval log, read by hdrh's
      HistogramLogReader: one 'all' line per interval, same records
  check_results.py csv OUT.csv RESULT.json  CSV parsed by the csv module:
      a row per interval, the document's figures
  check_results.py ndjson OUT.json          NDJSON: interval and checkpoint
      lines, then the document (checked as 'doc' does)

Prints one "ok: ..." line per check; exits 1 at the first failure, 80
(cram's skip) when jsonschema or hdrh is missing, unless CI=true."""
import csv
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = os.path.join(HERE, "..", "..", "docs", "bench-result-1.schema.json")

try:
    import jsonschema
    from hdrh.histogram import HdrHistogram
    from hdrh.log import HistogramLogReader
except ImportError as e:  # pragma: no cover
    print("SKIP: %s (pip3 install hdrhistogram; apt python3-jsonschema)" % e)
    sys.exit(1 if os.environ.get("CI") == "true" else 80)


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def ok(msg):
    print("ok: " + msg)


# -- Records ---------------------------------------------------------------

def decode(text):
    return HdrHistogram.decode(text)


def buckets(h):
    """[(lowest value, count)] of the nonzero buckets of a decoded record."""
    it = h.get_recorded_iterator()
    return [(h.get_lowest_equivalent_value(v.value_iterated_to),
             v.count_at_value_iterated_to) for v in it]


def rank_value(h, p):
    """The lowest value of the bucket bench's rule picks for percentile p:
    the first whose cumulative count reaches floor(N * p / 100 + 0.5)."""
    bs = buckets(h)
    n = sum(c for _, c in bs)
    want = max(1, math.floor(n * p / 100 + 0.5))
    seen = 0
    for low, c in bs:
        seen += c
        if seen >= want:
            return low
    return None


def same_bucket(h, a, b):
    return h.get_lowest_equivalent_value(a) == h.get_lowest_equivalent_value(b)


def check_latency(lat, where, live=False):
    """The latency object's figures against its own record, decoded. A
    live record (an interval's, copied while workers ran) may differ from
    its sum by a value in flight per worker."""
    if "hdr" not in lat:
        fail("%s: no record (%s)" % (where, lat.get("hdr_omitted")))
    h = decode(lat["hdr"])
    recorded = lat["count"] - lat.get("unrecorded", 0)
    if h.get_total_count() != recorded:
        fail("%s: record holds %d values, count says %d"
             % (where, h.get_total_count(), recorded))
    for p in lat["percentiles"]:
        if recorded == 0:
            continue
        want = rank_value(h, p["p"])
        if not same_bucket(h, want, p["ns"]):
            fail("%s: p%g is %d ns, its record's bucket starts at %d"
                 % (where, p["p"], p["ns"], want))
        # hdrh's own rule picks the same bucket (its highest value)
        if not same_bucket(h, h.get_value_at_percentile(p["p"]), p["ns"]):
            fail("%s: hdrh's p%g %d is not in the bucket of %d"
                 % (where, p["p"], h.get_value_at_percentile(p["p"]), p["ns"]))
    if recorded:
        lo, hi = h.get_min_value(), h.get_max_value()
        avg = lat["avg_ns"]
        if not (same_bucket(h, lo, lat["min_ns"]) or lat["min_ns"] <= avg):
            fail("%s: min %d vs record %d" % (where, lat["min_ns"], lo))
        if not (same_bucket(h, hi, lat["max_ns"]) or lat["max_ns"] >= avg):
            fail("%s: max %d vs record %d" % (where, lat["max_ns"], hi))
        slack = 64 * hi / recorded if live else 0
        if abs(h.get_mean_value() - avg) > avg * 0.001 + 1 + slack:
            fail("%s: mean %f vs record %f" % (where, avg, h.get_mean_value()))
        if not live and abs(lat["sum_ns"] / lat["count"] - avg) > 1e-6 * avg + 1e-9:
            fail("%s: avg is not sum/count" % where)
    return h


# -- The document ------------------------------------------------------------

def validate(doc):
    with open(SCHEMA) as f:
        schema = json.load(f)
    cls = jsonschema.Draft202012Validator
    errors = list(cls(schema, format_checker=cls.FORMAT_CHECKER).iter_errors(doc))
    if errors:
        fail("schema: %s at %s" % (errors[0].message, list(errors[0].path)))


def report_figures(text):
    """The final block of sysbench's text report: events and latency (ms)."""
    fig = {}
    pats = {"events": r"total number of events:\s+(\d+)",
            "min": r"^\s+min:\s+([\d.]+)", "avg": r"^\s+avg:\s+([\d.]+)",
            "max": r"^\s+max:\s+([\d.]+)", "sum": r"^\s+sum:\s+([\d.]+)",
            "pct": r"^\s+(\d+)th percentile:\s+([\d.]+)"}
    for k, pat in pats.items():
        m = re.search(pat, text, re.M)
        if m:
            fig[k] = m.groups() if k == "pct" else m.group(1)
    return fig


def check_block(tot, text, what):
    fig = report_figures(text)
    lat = tot["latency"]
    if int(fig["events"]) != tot["events"]:
        fail("%s: report says %s events, document %d" % (what, fig["events"], tot["events"]))
    for k in ("min", "avg", "max", "sum"):
        mine = "%.2f" % (lat[k + "_ns"] / 1e6)
        if mine != fig[k]:
            fail("%s: report %s %s ms, document %s" % (what, k, fig[k], mine))
    if "pct" in fig:
        p = [x for x in lat["percentiles"] if x["p"] == float(fig["pct"][0])]
        if not p or "%.2f" % (p[0]["ns"] / 1e6) != fig["pct"][1]:
            fail("%s: report p%s %s ms, document %s" % ((what,) + fig["pct"] + (p,)))


def check_report(doc, text):
    """The final block, and before it one per checkpoint report, in order
    (each block starts where its "total number of events" line does)."""
    starts = [m.start() for m in re.finditer(r"^\s+total number of events:", text, re.M)]
    cps = doc.get("checkpoints", [])
    if len(starts) != len(cps) + 1:
        fail("the report has %d blocks, the document %d checkpoints" % (len(starts), len(cps)))
    ends = starts[1:] + [len(text)]
    for i, cp in enumerate(cps):
        check_block(cp["totals"], text[starts[i]:ends[i]], "checkpoint %d" % i)
    check_block(doc["totals"], text[starts[-1]:], "totals")
    ok("the document's totals are the text report's" +
       (" and so are its %d checkpoints'" % len(cps) if cps else ""))


def check_fairness(doc):
    """Threads fairness: its extremes around its mean; with --virtual-users
    over the users, whose events add up to the run's, as the threads' do."""
    tot = doc["totals"]
    fs = [("fairness", tot.get("fairness")),
          ("worker_fairness", tot.get("worker_fairness"))]
    for name, f in fs:
        if f is None or "over" not in f:
            continue
        if not (f["events_min"] <= f["events_avg"] + 1e-9 and
                f["events_avg"] <= f["events_max"] + 1e-9 and
                f["time_min_s"] <= f["time_avg_s"] + 1e-9 and
                f["time_avg_s"] <= f["time_max_s"] + 1e-9):
            fail("%s: min/avg/max out of order: %r" % (name, f))
    f = tot.get("fairness") or {}
    if f.get("over") == "users":
        w = tot.get("worker_fairness")
        users = int(doc["options"]["virtual-users"])
        threads = int(doc["options"]["threads"])
        if f["count"] != users or w is None or w["count"] != threads:
            fail("fairness over %r users, %r threads; options say %d, %d" % (
                f["count"], w and w["count"], users, threads))
        for name, x in (("users", f), ("threads", w)):
            if round(x["events_avg"] * x["count"]) != tot["events"]:
                fail("the %s' events add up to %r, the run's to %d" % (
                    name, x["events_avg"] * x["count"], tot["events"]))
        ok("fairness over %d users and %d threads adds up to the run's "
           "events" % (users, threads))


def check_series(doc):
    """The series covers the run: its events are the run's (less those a
    forced shutdown counted unfinished), its buckets span totals.time_s
    (measured from the start: none after a checkpoint)."""
    s = doc.get("series")
    if s is None or "checkpoints" in doc:
        return
    t = doc["totals"]
    want = t["events"] - t.get("unfinished", 0)
    if sum(s["events"]) != want:
        fail("series: %d events, the run %d" % (sum(s["events"]), want))
    span = (len(s["events"]) - 1) * s["bucket_s"] + s["last_s"]
    if abs(span - t["time_s"]) > 0.01:
        fail("series: spans %.4f s, the run %.4f s" % (span, t["time_s"]))


def check_doc(doc, report=None):
    validate(doc)
    ok("valid against bench-result-1.schema.json")
    if "***" not in json.dumps(doc) and any(
            "password" in a for a in doc["command_line"]):
        fail("a password on the command line is not masked")
    # After a checkpoint the final period's baseline is a live copy too.
    total = check_latency(doc["totals"]["latency"], "totals",
                          live="checkpoints" in doc)
    n = 0
    for i, iv in enumerate(doc["intervals"]):
        h = check_latency(iv["latency"], "interval %d" % i, live=True)
        n += h.get_total_count()
    # totals start at the last checkpoint: the run is they and the checkpoints
    run = total.get_total_count() + sum(
        cp["totals"]["latency"]["count"] for cp in doc.get("checkpoints", []))
    if n > run:
        fail("intervals hold %d values, the run %d" % (n, run))
    cpus = [iv["client_cpus"] for iv in doc["intervals"]]
    if cpus and not (max(cpus) > 0 and
                     max(cpus) <= doc["host"]["cpus"] * 1.05 + 0.05):
        fail("intervals' client_cpus %s: none busy, or more than the host's %d"
             " CPUs" % (cpus, doc["host"]["cpus"]))
    for k in doc.get("kinds", []):
        check_latency(k["latency"], "kind " + k["kind"])
    check_series(doc)
    for i, cp in enumerate(doc.get("checkpoints", [])):
        check_latency(cp["totals"]["latency"], "checkpoint %d" % i, live=True)
        for k in cp.get("kinds", []):
            check_latency(k["latency"], "checkpoint %d kind %s" % (i, k["kind"]),
                          live=True)
    ok("every record decodes with hdrh to its counts and percentiles "
       "(%d intervals%s)" % (len(doc["intervals"]),
                             ", %d checkpoints" % len(doc["checkpoints"])
                             if "checkpoints" in doc else ""))
    check_fairness(doc)
    if report is not None:
        check_report(doc, report)


# -- The other formats ---------------------------------------------------------

def check_hlog(path, doc):
    with open(path) as f:
        head = [next(f) for _ in range(5)]
    if head[1] != "#[Histogram log format version 1.3]\n" or \
            not head[4].startswith('"StartTimestamp"'):
        fail("log header: %r" % head)
    start = float(re.match(r"#\[StartTime: ([\d.]+) ", head[2]).group(1))
    if abs(start - doc["start_epoch_s"]) > 0.001:
        fail("StartTime %f, document %f" % (start, doc["start_epoch_s"]))
    reader = HistogramLogReader(path, HdrHistogram(1, 2**63 - 1, 3))
    tags = {}
    while True:
        h = reader.get_next_interval_histogram()
        if h is None:
            break
        tags.setdefault(h.get_tag(), []).append(h)
    ivs = doc["intervals"] or [dict(doc["totals"], time_s=doc["totals"]["time_s"])]
    alls = tags.get("all", [])
    if len(alls) != len(ivs):
        fail("%d 'all' lines for %d intervals" % (len(alls), len(ivs)))
    for h, iv in zip(alls, ivs):
        lat = iv["latency"]
        if h.get_total_count() != lat["count"] - lat.get("unrecorded", 0):
            fail("log line counts %d, interval %d" % (h.get_total_count(), lat["count"]))
        for p in lat["percentiles"]:
            if lat["count"] and not same_bucket(h, rank_value(h, p["p"]), p["ns"]):
                fail("log line p%g differs from the interval's" % p["p"])
    ok("interval log read by hdrh: %d 'all' lines match the intervals; tags %s"
       % (len(alls), ",".join(sorted(tags))))
    return tags


def check_csv(path, doc):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if "checkpoints" in doc:
        cps = [r for r in rows if r["row"] == "checkpoint"]
        rows = [r for r in rows if r["row"] == "interval"]
        if len(cps) != len(doc["checkpoints"]):
            fail("%d CSV checkpoint rows for %d checkpoints" % (len(cps), len(doc["checkpoints"])))
        for row, cp in zip(cps, doc["checkpoints"]):
            t = cp["totals"]
            if abs(float(row["time_s"]) - cp["time_s"]) > 0.0001 or \
                    "%.2f" % t["events_per_s"] != row["events_per_s"] or \
                    "%.6f" % (t["latency"]["max_ns"] / 1e6) != row["lat_max_ms"]:
                fail("CSV checkpoint row %r vs checkpoint %r" % (row, cp["time_s"]))
    elif rows and "row" in rows[0]:
        fail("a 'row' column without --report-checkpoints")
    ivs = doc["intervals"] or [dict(doc["totals"], time_s=doc["totals"]["time_s"])]
    if len(rows) != len(ivs):
        fail("%d CSV rows for %d intervals" % (len(rows), len(ivs)))
    for row, iv in zip(rows, ivs):
        if abs(float(row["time_s"]) - iv["time_s"]) > 0.0001 or \
                "%.2f" % iv["events_per_s"] != row["events_per_s"]:
            fail("CSV row %r vs interval %r" % (row, iv["time_s"]))
        for p in iv["latency"]["percentiles"]:
            col = "lat_p%g_ms" % p["p"]
            if "%.6f" % (p["ns"] / 1e6) != row[col]:
                fail("CSV %s %s vs %d ns" % (col, row[col], p["ns"]))
    ok("CSV parsed: %d rows of %d columns match the intervals%s"
       % (len(rows), len(rows[0]) if rows else 0,
          ", %d rows the checkpoints" % len(doc["checkpoints"])
          if "checkpoints" in doc else ""))


def check_ndjson(path):
    with open(path) as f:
        lines = [json.loads(line) for line in f]
    if not lines or lines[-1].get("type") != "result":
        fail("the last NDJSON line is not the result document")
    ivs = [x for x in lines[:-1] if x.get("type") == "interval"]
    cps = [x for x in lines[:-1] if x.get("type") == "checkpoint"]
    if len(ivs) + len(cps) != len(lines) - 1:
        fail("an NDJSON line before the last is neither an interval nor a checkpoint")
    doc = lines[-1]
    for a, b in zip(cps, doc.get("checkpoints", [])):
        a = dict(a)
        del a["type"]
        if a != b:
            fail("a checkpoint line differs from the document's checkpoint")
    if len(cps) != len(doc.get("checkpoints", [])):
        fail("%d checkpoint lines, %d in the document" % (len(cps), len(doc.get("checkpoints", []))))
    for a, b in zip(ivs, doc["intervals"]):
        a = dict(a)
        del a["type"]
        if a != b:
            fail("an interval line differs from the document's interval")
    if len(ivs) != len(doc["intervals"]):
        fail("%d interval lines, %d in the document" % (len(ivs), len(doc["intervals"])))
    ok("NDJSON: %d interval lines%s, then the document" % (
        len(ivs), " and %d checkpoint lines" % len(cps) if cps else ""))
    return doc


def main(argv):
    if len(argv) < 3:
        fail(__doc__)
    what, path = argv[1], argv[2]
    if what == "ndjson":
        check_doc(check_ndjson(path))
        return 0
    with open(argv[3] if what != "doc" else path) as f:
        doc = json.load(f)
    if what == "doc":
        report = open(argv[3]).read() if len(argv) > 3 else None
        check_doc(doc, report)
    elif what == "hlog":
        check_hlog(path, doc)
    elif what == "csv":
        check_csv(path, doc)
    else:
        fail("unknown check " + what)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
