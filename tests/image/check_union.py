#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_union.py MERGED.json PART.json...: `bench merge`'s document is the
union of the parts: counts summed, and its latency record, count, min, max
and every percentile those of the parts' records added together, decoded
and added by PyPI's hdrhistogram (tests/results/check_results.py's
decoder and bench's percentile rule, reused). One "ok:"/"FAIL:" line per
check; exit 1 on a failure, 80 when hdrh is missing (1 under CI=true)."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "results"))
import check_results as cr  # noqa: E402  (exits 80 without hdrh)

failed = 0


def check(name, cond):
    global failed
    print(("ok: " if cond else "FAIL: ") + name)
    failed += not cond


def main(merged_path, parts_paths):
    merged = json.load(open(merged_path))
    parts = [json.load(open(p)) for p in parts_paths]
    m = merged["totals"]
    for k in ("events", "transactions", "errors", "reconnects"):
        want = sum(p["totals"][k] for p in parts)
        check("totals.%s: %d = the parts' sum %d" % (k, m[k], want), m[k] == want)
    for k in ("read", "write", "other", "total"):
        want = sum(p["totals"]["queries"][k] for p in parts)
        check("totals.queries.%s: %d = the parts' sum %d" % (k, m["queries"][k], want),
              m["queries"][k] == want)
    check("some events ran in every part",
          all(p["totals"]["events"] > 0 for p in parts))
    union = None
    for p in parts:
        h = cr.decode(p["totals"]["latency"]["hdr"])
        if union is None:
            union = h
        else:
            union.add(h)
    lat = m["latency"]
    got = cr.decode(lat["hdr"])
    check("the merged record is the parts' records added, bucket for bucket",
          cr.buckets(got) == cr.buckets(union))
    check("latency count %d = the union's %d" % (lat["count"], union.get_total_count()),
          lat["count"] == union.get_total_count() ==
          sum(p["totals"]["latency"]["count"] for p in parts))
    check("sum_ns the parts' sum",
          lat["sum_ns"] == sum(p["totals"]["latency"]["sum_ns"] for p in parts))
    check("min and max those of the union",
          lat["min_ns"] == min(p["totals"]["latency"]["min_ns"] for p in parts) and
          lat["max_ns"] == max(p["totals"]["latency"]["max_ns"] for p in parts))
    for q in lat["percentiles"]:
        want = cr.rank_value(union, q["p"])
        check("p%g %d ns: in the union's bucket starting at %d" % (q["p"], q["ns"], want),
              want is not None and cr.same_bucket(union, want, q["ns"]))
    # Each merged interval: the parts' k-th intervals added (they line up:
    # the members started together on a 1 s grid).
    n = min(len(p["intervals"]) for p in parts)
    bad = []
    for k in range(n):
        u = None
        for p in parts:
            h = cr.decode(p["intervals"][k]["latency"]["hdr"])
            if u is None:
                u = h
            else:
                u.add(h)
        mi = merged["intervals"][k]
        got = cr.decode(mi["latency"]["hdr"])
        if (cr.buckets(got) != cr.buckets(u) or
                mi["events"] != sum(p["intervals"][k]["events"] for p in parts) or
                not all(u.get_total_count() == 0 or
                        cr.same_bucket(u, cr.rank_value(u, q["p"]), q["ns"])
                        for q in mi["latency"]["percentiles"])):
            bad.append(k)
    check("%d intervals: each the parts' intervals added (events, record, percentiles)%s"
          % (n, " -- not intervals %s" % bad if bad else ""), n > 0 and not bad)
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
