#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""mkdoc.py: writes synthetic bench-result/1 documents from known events,
for the tests of `bench merge` and `bench compare` (tests/cli/merge.t,
compare.t). The latency records are encoded by PyPI's hdrhistogram, an
implementation independent of bench's.

  mkdoc.py [options] WHOLE.json [PART.json...]

Every event of every interval is drawn from a seeded generator: WHOLE.json
holds them all; with PART files, event j of an interval goes to part
j % len(PARTS), so the parts split the whole run exactly. --exact prints
the whole run's latencies (ns) to stdout, one a line, for an exact check.

Each document has its "series" (events, queries and errors per second;
--no-series leaves it out, as bench before it) and its "run" (--run:
complete, interrupted or failed after --ran-s seconds; none leaves it out).
--seconds=T draws the run second by second instead (T seconds, their
events grouped into --intervals intervals of T / --intervals seconds, none
with --intervals=0): the documents of tests/cli/compare_gate.t.
"""
import argparse
import datetime
import json
import math
import random
import sys

from hdrh.histogram import HdrHistogram

READS, WRITES, OTHER = 14, 4, 2  # queries per transaction, as oltp_read_write


def rfc3339(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime(
        "%Y-%m-%dT%H:%M:%S.%fZ")


def latency(events, pcts):
    h = HdrHistogram(1, 2**63 - 1, 3)
    for v in events:
        h.record_value(v)
    n = len(events)
    srt = sorted(events)
    out = {"count": n, "min_ns": srt[0] if n else 0,
           "avg_ns": sum(events) / n if n else 0,
           "max_ns": srt[-1] if n else 0, "sum_ns": sum(events),
           "percentiles": [{"p": p, "ns": srt[max(0, min(n - 1, int(n * p / 100 + 0.5) - 1))] if n else 0}
                           for p in pcts],
           "hdr": h.encode().decode()}
    return out


def counts(ev, errors, secs):
    q = {"read": READS * ev, "write": WRITES * ev, "other": OTHER * ev}
    q["total"] = sum(q.values())
    return q, {k: v / secs for k, v in q.items()}


def selfcheck(threads, secs):
    wall = int(threads * secs * 1e9)
    return {"wall_ns": wall, "cpu_ns": int(wall * 0.3), "runq_ns": 0,
            "event_ns": wall, "driver_ns": int(wall * 0.9),
            "script_ns": int(wall * 0.1), "schedule_ns": 0,
            "server_ns": int(wall * 0.7)}


def series(a, intervals, errors, seconds):
    """Events, queries and errors per second: seconds's [(events, errors)],
    or each interval's spread evenly over its whole seconds."""
    if seconds is None:
        per = int(a.interval_s)
        if per != a.interval_s or per < 1:
            return None
        seconds = []
        for iv, e in zip(intervals, errors):
            seconds += [(len(iv) // per + (j < len(iv) % per), e if j == 0 else 0)
                        for j in range(per)]
    if not seconds:
        return None
    ev = [n for n, _ in seconds]
    return {"bucket_s": 1.0, "last_s": a.last_s, "events": ev,
            "queries": [(READS + WRITES + OTHER) * n for n in ev],
            "errors": [e for _, e in seconds]}


def run_member(a, secs):
    run = {"status": a.run, "planned_time_s": round(a.planned_s or secs),
           "planned_events": None, "time_s": a.ran_s or secs}
    if a.run == "interrupted":
        run["signal"] = "SIGINT"
    elif a.run == "failed":
        run["reason"] = "forced shutdown: workers still running after the time limit (--forced-shutdown)"
    return run


def document(a, name, intervals, threads, errors, secs=None, seconds=None):
    """intervals: list of lists of latencies (ns), one list per interval;
    secs: the run's length (default: the intervals'); seconds: its
    per-second (events, errors) for the series (default: the intervals')."""
    pcts = [50, 95, 99]
    secs = secs or a.interval_s * len(intervals)
    allev = [v for iv in intervals for v in iv]
    if seconds is not None and not intervals:
        allev = a.all_events
    q, qps = counts(len(allev), errors, secs)
    errs_total = [e for _, e in seconds] if seconds is not None else errors
    doc = {
        "schema": a.schema,
        "bench": {"version": "0.1.0", "compat": a.compat},
        "command_line": ["bench", a.test, "--threads=%d" % threads,
                         "--report-interval=%g" % a.interval_s, "run"],
        "test": a.test, "command": "run",
        "host": {"hostname": "host-" + (name if name != "whole" else "s%d" % a.seed),
                 "cpu_model": "synthetic",
                 "cpus": 2, "kernel": "Linux"},
        "database": {"driver": "mysql", "server_version": "10.11"},
        "start_time": rfc3339(a.start), "end_time": rfc3339(a.start + secs),
        "start_epoch_s": a.start, "end_epoch_s": a.start + secs,
        "options": {"threads": str(threads), "report-interval": str(a.interval_s)},
        "percentiles": pcts,
        "totals": {
            "time_s": secs, "events": len(allev), "events_per_s": len(allev) / secs,
            "queries": q, "qps": qps, "transactions": len(allev),
            "tps": len(allev) / secs, "errors": sum(errs_total),
            "errors_per_s": sum(errs_total) / secs, "reconnects": 0,
            "reconnects_per_s": 0, "latency": latency(allev, pcts),
            "fairness": {"events_avg": len(allev) / threads, "events_stddev": 1.5,
                         "time_avg_s": secs, "time_stddev_s": 0.01}},
        "intervals": [],
        "self_check": {"busy": 0.3, "cpus": 0.6 * threads / 2, "client_bound": False,
                       "applies": True, "total": selfcheck(threads, secs),
                       "threads": [selfcheck(1, secs)] * threads},
        "warnings": [],
    }
    # Per statement kind: each event's point selects take 30% of its time
    # and its BEGIN/COMMIT 5% (known values, derived from the event's).
    doc["kinds"] = [
        {"kind": "point select", "reads": READS * len(allev), "writes": 0,
         "other": 0, "failed": 0,
         "latency": latency([max(1, v * 3 // 10) for v in allev], pcts)},
        {"kind": "begin/commit", "reads": 0, "writes": 0,
         "other": OTHER * len(allev), "failed": 0,
         "latency": latency([max(1, v // 20) for v in allev], pcts)}]
    if a.paced:
        # --rate: a start lag of a tenth of each event's latency.
        parts = 1 if name == "whole" else max(1, len(a.out) - 1)
        doc["rate"] = {"target_per_s": int(a.rate / parts),
                       "service_time": latency([v - v // 10 for v in allev], pcts),
                       "start_lag": latency([max(1, v // 10) for v in allev], pcts)}
    ser = series(a, intervals, errors, seconds) if a.series else None
    if ser:
        doc["series"] = ser
    if a.run != "none":
        doc["run"] = run_member(a, secs)
    for i, iv in enumerate(intervals):
        q, qps = counts(len(iv), errors[i], a.interval_s)
        doc["intervals"].append({
            "time_s": a.measured_s * (i + 1), "interval_s": a.measured_s,
            "threads": threads, "events": len(iv),
            "events_per_s": len(iv) / a.interval_s, "tps": len(iv) / a.interval_s,
            "qps": qps, "errors_per_s": errors[i] / a.interval_s,
            "reconnects_per_s": 0, "latency": latency(iv, pcts),
            # the client's CPUs, a little apart from interval to interval
            "client_cpus": 0.3 * threads * (1 + 0.01 * ((i * 7) % 5 - 2) + 0.001 * a.seed)})
    return doc


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--start", type=float, default=1795654800.0)
    p.add_argument("--intervals", type=int, default=10)
    p.add_argument("--interval-s", type=float, default=1.0)
    p.add_argument("--measured-s", type=float,
                   help="interval_s as measured (default: --interval-s)")
    p.add_argument("--rate", type=float, default=300, help="events/s")
    p.add_argument("--lat-ms", type=float, default=2.0, help="median latency")
    p.add_argument("--threads", type=int, default=2, help="per document")
    p.add_argument("--test", default="oltp_read_write")
    p.add_argument("--schema", default="bench-result/1")
    p.add_argument("--compat", default="1.0")
    p.add_argument("--paced", action="store_true", help="a --rate run")
    p.add_argument("--exact", action="store_true")
    p.add_argument("--no-series", dest="series", action="store_false")
    p.add_argument("--run", default="complete",
                   choices=["complete", "interrupted", "failed", "none"])
    p.add_argument("--ran-s", type=float, help="run.time_s (default: the run's)")
    p.add_argument("--planned-s", type=float, help="run.planned_time_s")
    p.add_argument("--seconds", type=float, help="draw the run second by second")
    p.add_argument("--last-s", type=float, default=1.0,
                   help="the series' last bucket (--seconds: the fraction)")
    p.add_argument("out", nargs="+")
    a = p.parse_args()
    a.measured_s = a.measured_s or a.interval_s
    rng = random.Random(a.seed)
    if a.seconds:
        return by_seconds(a, rng)
    intervals, errors = [], []
    for _ in range(a.intervals):
        n = max(1, int(rng.gauss(a.rate * a.interval_s, a.rate * a.interval_s * 0.03)))
        intervals.append([max(1, int(rng.lognormvariate(math.log(a.lat_ms * 1e6), 0.4)))
                          for _ in range(n)])
        errors.append(rng.randrange(3))
    parts = a.out[1:]
    k = max(1, len(parts))
    with open(a.out[0], "w") as f:
        json.dump(document(a, "whole", intervals, a.threads * k, errors), f)
    for j, path in enumerate(parts):
        sub = [iv[j::k] for iv in intervals]
        errs = [e if j == 0 else 0 for e in errors]
        with open(path, "w") as f:
            json.dump(document(a, str(j), sub, a.threads, errs), f)
    if a.exact:
        sys.stdout.write("".join("%d\n" % v for iv in intervals for v in iv))


def by_seconds(a, rng):
    """--seconds: T seconds (the last one partial when T is not whole),
    each drawn, grouped into --intervals intervals."""
    whole = int(math.ceil(a.seconds - 1e-9))
    a.last_s = a.seconds - (whole - 1)
    secs_ev, seconds = [], []
    for s in range(whole):
        dur = a.last_s if s == whole - 1 else 1.0
        mean = a.rate * dur
        n = max(1, int(rng.gauss(mean, mean * 0.03)))
        secs_ev.append([max(1, int(rng.lognormvariate(math.log(a.lat_ms * 1e6), 0.4)))
                        for _ in range(n)])
        seconds.append((n, rng.randrange(3)))
    a.all_events = [v for ev in secs_ev for v in ev]
    k = a.intervals
    a.interval_s = a.measured_s = a.seconds / k if k else 1.0
    intervals = [[] for _ in range(k)]
    errors = [0] * k
    for s, ev in enumerate(secs_ev):  # a second goes where its middle is
        if k:
            i = min(k - 1, int((s + 0.5) / a.interval_s))
            intervals[i] += ev
            errors[i] += seconds[s][1]
    with open(a.out[0], "w") as f:
        json.dump(document(a, "whole", intervals, a.threads, errors,
                           a.seconds, seconds), f)


if __name__ == "__main__":
    main()
