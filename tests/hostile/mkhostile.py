#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""mkhostile.py: writes tests/hostile/, result documents (bench-result/1,
docs/results.md) crafted to break a reader (issue 28): each is one small
valid document, good.json, with one member made hostile. `bench merge`,
`compare` and `plot` refuse each with one line naming the file and the
member (tests/cli/merge.t); good.json and good2.json (another host) are
read as before. Records are encoded by PyPI's hdrhistogram, independent of
bench's encoder; the out-of-range blobs are built by hand (blob()).

  mkhostile.py [DIR]      (default: the directory of this script)
  mkhostile.py --corpus   the seeds of tests/fuzz/corpus/{hdr,result,plot}

The documents are small (under 4 KB, the fuzzers' -max_len) so that they
also seed the libFuzzer harnesses (tests/fuzz/fuzz_result.c, fuzz_hdr.c,
fuzz_plot.c), with smaller ones, pairs of them (NUL-separated) and the
recorded documents of tests/plot cut down to fit.
"""
import base64
import json
import os
import struct
import sys
import zlib

from hdrh.histogram import HdrHistogram

INT64_MAX = 2**63 - 1
START = 1795654800.0


def record(values):
    h = HdrHistogram(1, INT64_MAX, 3)
    for v in values:
        h.record_value(v)
    return h.encode().decode()


def latency(values):
    s = sorted(values)
    return {"count": len(s), "min_ns": s[0], "avg_ns": sum(s) / len(s),
            "max_ns": s[-1], "sum_ns": sum(s),
            "percentiles": [{"p": 95.0, "ns": s[int(len(s) * 0.95 + 0.5) - 1]}],
            "hdr": record(s)}


def varint(n):
    """ZigZag LEB128-64b9B, as HdrHistogram's V2 encoding."""
    v, out = ((n << 1) ^ (n >> 63)) & (2**64 - 1), bytearray()
    for _ in range(8):
        if v < 0x80:
            return bytes(out + bytes([v]))
        out.append((v & 0x7f) | 0x80)
        v >>= 7
    return bytes(out + bytes([v & 0xff]))


def blob(counts, digits=3, lowest=1, highest=INT64_MAX):
    """A V2 compressed record of raw counts (negative: a run of zeros)."""
    payload = b"".join(varint(c) for c in counts)
    inner = struct.pack(">IIIIqqd", 0x1c849313, len(payload), 0, digits,
                        lowest, highest, 1.0) + payload
    z = zlib.compress(inner)
    return base64.b64encode(struct.pack(">II", 0x1c849314, len(z)) + z).decode()


def good(host="host-0"):
    ivs, allv = [], []
    for i in range(4):
        vals = [1000000 + 37000 * ((i * 7 + j * 13) % 29) for j in range(12 + i)]
        allv += vals
        ivs.append({"time_s": i + 1.0, "interval_s": 1.0, "threads": 2,
                    "events": len(vals), "events_per_s": float(len(vals)),
                    "tps": float(len(vals)),
                    "qps": {"read": 2.0 * len(vals), "write": 0.0, "other": 0.0,
                            "total": 2.0 * len(vals)},
                    "errors_per_s": 0.0, "reconnects_per_s": 0.0,
                    "latency": latency(vals)})
    n = len(allv)
    return {
        "schema": "bench-result/1",
        "bench": {"version": "0.1.0", "compat": "1.0"},
        "command_line": ["bench", "oltp_point_select", "--threads=2",
                         "--report-interval=1", "run"],
        "test": "oltp_point_select", "command": "run",
        "host": {"hostname": host, "cpus": 2, "kernel": "Linux"},
        "database": {"driver": "mysql", "server_version": "10.11"},
        "start_time": "2026-11-26T01:00:00.000000Z",
        "end_time": "2026-11-26T01:00:04.000000Z",
        "start_epoch_s": START, "end_epoch_s": START + 4,
        "options": {"threads": "2", "report-interval": "1"},
        "percentiles": [95.0],
        "totals": {"time_s": 4.0, "events": n, "events_per_s": n / 4,
                   "queries": {"read": 2 * n, "write": 0, "other": 0,
                               "total": 2 * n},
                   "transactions": n, "tps": n / 4, "errors": 0,
                   "errors_per_s": 0.0, "reconnects": 0,
                   "reconnects_per_s": 0.0, "latency": latency(allv),
                   "fairness": {"events_avg": n / 2, "events_stddev": 0.5,
                                "time_avg_s": 4.0, "time_stddev_s": 0.01}},
        "intervals": ivs,
        "kinds": [{"kind": "point select", "reads": 2 * n, "writes": 0,
                   "other": 0, "failed": 0,
                   "latency": latency([v // 2 for v in allv])}],
        "warnings": []}


def set_path(doc, path, value):
    *head, last = path
    for k in head:
        doc = doc[k]
    doc[last] = value


# name: (member path, hostile value) or a function of the document.
CASES = {
    "events_int64max": (["totals", "events"], INT64_MAX),
    "sum_ns_int64max": (["totals", "latency", "sum_ns"], INT64_MAX),
    "events_negative": (["intervals", 3, "events"], -5),
    "errors_negative": (["totals", "errors"], -1),
    "count_real": (["totals", "transactions"], 1.5),
    "count_mismatch": lambda d: set_path(
        d, ["totals", "latency", "count"], d["totals"]["latency"]["count"] + 100),
    "unrecorded_over_count": (["intervals", 0, "latency", "unrecorded"], 1000),
    "hdr_index_truncated": lambda d: d["totals"].update(latency={
        "count": 7, "sum_ns": 7, "hdr": blob([-((2**32 + 5) << 10), 7])}),
    "hdr_index_shift": lambda d: d["intervals"][1].update(latency={
        "count": 7, "sum_ns": 7, "hdr": blob([-(2**32 << 10), 7])}),
    "hdr_total_overflow": lambda d: d["kinds"][0].update(latency={
        "count": INT64_MAX, "hdr": blob([INT64_MAX, INT64_MAX])}),
    "hdr_not_base64": (["totals", "latency", "hdr"], "HISTF!!!"),
    "start_after_end": (["start_epoch_s"], START + 10),
    "start_huge": (["start_epoch_s"], 1e300),
    "time_backwards": (["intervals", 2, "time_s"], 1.5),
    "interval_longer": (["intervals", 0, "interval_s"], 2.5),
    "time_negative": (["totals", "time_s"], -1.0),
    "interval_negative": (["intervals", 1, "interval_s"], -1.0),
    "threads_huge": (["intervals", 0, "threads"], 2**40),
    "percentile_rank": (["percentiles"], [95.0, 150.0]),
    "totals_array": (["totals"], []),
    "interval_not_object": (["intervals", 1], 5),
    "kinds_object": (["kinds"], {}),
    "queries_string": (["totals", "queries"], "many"),
    "latency_number": (["intervals", 2, "latency"], 5),
    "codes_overflow": (["totals", "errors_by_code"], [
        {"code": "1062", "class": "ignored", "count": INT64_MAX},
        {"code": "1213", "class": "ignored", "count": 1}]),
    "interval_events_overflow": lambda d: [
        iv.update(events=INT64_MAX) for iv in d["intervals"][:2]],
    # issue 29's members: how the run ended, its per-second series
    "run_status_bogus": (["run"], {"status": "done", "planned_time_s": None,
                                   "planned_events": None, "time_s": 4.0}),
    "series_mismatch": (["series"], {"bucket_s": 1.0, "last_s": 1.0,
                                     "events": [30, 25, 28, 25],
                                     "queries": [0, 0], "errors": [0, 0, 0, 0]}),
}

# Not JSON at all (jansson refuses NaN, Infinity and overflowing reals).
RAW = {
    "start_nan": ("\"start_epoch_s\": %r" % START, "\"start_epoch_s\": NaN"),
    "end_infinity": ("\"end_epoch_s\": %r" % (START + 4),
                     "\"end_epoch_s\": 1e999"),
}


def dump(doc):
    return json.dumps(doc, separators=(",", ":")) + "\n"


# -- Fuzz seeds ---------------------------------------------------------------

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))


def small(host="host-0", intervals=2, start=START, length=1.0):
    """good() cut to fit two in a seed: fewer intervals, no kinds."""
    d = good(host)
    d["intervals"] = d["intervals"][:intervals]
    for i, iv in enumerate(d["intervals"]):
        iv["time_s"], iv["interval_s"] = (i + 1) * length, length
    del d["kinds"], d["totals"]["fairness"], d["command_line"]
    d["start_epoch_s"] = start
    d["end_epoch_s"] = start + intervals * length
    d["options"]["report-interval"] = str(length)
    return d


def recorded(name):
    """A document of tests/plot, cut to fit: two intervals, few options."""
    d = json.load(open(os.path.join(TOP, "tests", "plot", name)))
    d["options"] = {k: v for k, v in d["options"].items()
                    if k in ("threads", "report-interval")}
    d["intervals"] = d["intervals"][:2]
    for iv in d["intervals"]:
        iv.pop("kinds", None)
    d.pop("command_line")
    while len(dump(d)) > 4096 and d["intervals"]:
        d["intervals"].pop()
    return d


def inflated(b64):
    raw = base64.b64decode(b64)
    return zlib.decompress(raw[8:])


def corpus():
    base = os.path.join(TOP, "tests", "fuzz", "corpus")
    seeds = {"result": {}, "hdr": {}, "plot": {}}
    r = seeds["result"]
    for name in os.listdir(HERE):
        if name.endswith(".json"):
            r["hostile_" + name[:-5]] = open(os.path.join(HERE, name), "rb").read()
    for name in ("cpu_no_intervals.json", "point_select_1thread.json"):
        r["plot_" + name[:-5]] = dump(recorded(name)).encode()
    pair = lambda a, b: dump(a).encode() + b"\0" + dump(b).encode()
    r["pair_aligned"] = pair(small(), small("host-1"))
    r["pair_offset"] = pair(small(), small("host-1", start=START + 0.5))
    r["pair_lengths"] = pair(small(), small("host-1", 1, length=2.0))
    r["pair_later"] = pair(small(), small("host-1", start=START + 100))
    big = small("host-1")
    big["totals"]["events"] = INT64_MAX
    r["pair_overflow"] = pair(small(), big)
    h = seeds["hdr"]
    blobs = {"hdrh": record([1, 1, 2047, 2048, 10**6, 123456789]),
             "coarse": blob([0, 4, -5, 6], digits=2, lowest=1000,
                            highest=3600 * 10**9),
             "trunc": blob([-((2**32 + 5) << 10), 7]),
             "last": blob([-55295, 3]), "wrap": blob([-(2**62)] * 4 + [0, 5])}
    for name, b in blobs.items():
        h["text_" + name] = b"\x00" + b.encode()
        h["inner_" + name] = b"\x01" + inflated(b)
        h["counts_" + name] = b"\x02\x00\x00\x01" + inflated(b)[40:]
    p = seeds["plot"]
    bad = ("a`touch RAN1`b $(touch RAN2) system(\"touch RAN3\") ' \" \\ @x "
           "@GPVAL_PWD\nset output 'RAN4.svg'")
    fields = [bad, "pgsql", bad, "0.1.0'@x", "h`touch RAN5`$(x)'\"@x",
              "o'`touch RAN7`"]
    for flags in range(12):
        p["strings_%d" % flags] = bytes([flags]) + "\0".join(fields).encode()
    p["plain"] = b"\x08" + b"\0".join([b"t", b"d", b"v", b"1", b"f", b"o"])
    for kind, files in seeds.items():
        os.makedirs(os.path.join(base, kind), exist_ok=True)
        for name, data in files.items():
            assert len(data) <= 4096, (kind, name, len(data))
            with open(os.path.join(base, kind, name), "wb") as f:
                f.write(data)


def main():
    if sys.argv[1:] == ["--corpus"]:
        return corpus()
    out = sys.argv[1] if len(sys.argv) > 1 else HERE
    files = {"good": dump(good()), "good2": dump(good("host-1"))}
    for name, case in CASES.items():
        doc = good()
        if callable(case):
            case(doc)
        else:
            set_path(doc, *case)
        files[name] = dump(doc)
    for name, (old, new) in RAW.items():
        text = json.dumps(good(), separators=(",", ": "))
        assert old in text, old
        files[name] = text.replace(old, new) + "\n"
    for name, text in files.items():
        with open(os.path.join(out, name + ".json"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
