#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""rand_compare.py: bench's random distributions against sysbench 1.0.20's.

For every --rand-type and every direct sysbench.rand call, both binaries
run tests/lua/rand_hist.lua with the same options and draw RAND_DRAWS
(10^6) values each; a two-sample chi-square test compares the two
histograms. What sysbench 1.0.20 lacks (zipfian, varstring) is compared with
its formula instead (one-sample chi-square). Each row prints the statistic,
its degrees of freedom and the p = 0.001 critical value; the test fails if
any statistic exceeds its critical value.

The seeds are fixed (RAND_SEED_BENCH, RAND_SEED_SYSBENCH; different, so
that the two samples are independent) and the result is reproducible; set
other seeds to draw other samples. Usage: rand_compare.py BENCH SYSBENCH
(exit 77, automake's SKIP, when SYSBENCH is not installed)."""

import math
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "lua", "rand_hist.lua")
DRAWS = int(os.environ.get("RAND_DRAWS", "1000000"))
SEEDS = {"bench": os.environ.get("RAND_SEED_BENCH", "1001"),
         "sysbench": os.environ.get("RAND_SEED_SYSBENCH", "2002")}

# The direct calls, with the default --rand-* options.
DIRECT = ["uniform", "gaussian", "special", "pareto", "uniform_wide",
          "uniform_uint64", "uniform_double", "unique", "string"]
# rand.default under each --rand-type, then non-default parameters.
DEFAULT_RUNS = [
    ["--rand-type=uniform"],
    ["--rand-type=gaussian"],
    ["--rand-type=special"],
    ["--rand-type=pareto"],
    ["--rand-type=gaussian", "--rand-spec-iter=2"],
    ["--rand-type=special", "--rand-spec-iter=3", "--rand-spec-pct=10",
     "--rand-spec-res=50"],
    ["--rand-type=pareto", "--rand-pareto-h=0.5"],
]
# What sysbench 1.0.20 does not have: (options, call, name) against a formula.
FORMULA_RUNS = [
    ([], "zipfian", "zipfian"),
    (["--rand-type=zipfian"], "default", "default --rand-type=zipfian"),
    (["--rand-type=zipfian", "--rand-zipfian-exp=1.5"], "default",
     "default --rand-type=zipfian --rand-zipfian-exp=1.5"),
    ([], "varstring", "varstring"),
]


def chi2_critical(df, z=3.090232306):
    """Upper p = 0.001 point of chi-square(df), Wilson-Hilferty."""
    v = 2.0 / (9.0 * df)
    return df * (1.0 - v + z * math.sqrt(v)) ** 3


def draw(binary, tool, what, options):
    """{name: {group: {bin: count}}} from one run of rand_hist.lua."""
    env = dict(os.environ, RAND_WHAT=" ".join(what), RAND_DRAWS=str(DRAWS))
    cmd = [binary, "--rand-seed=" + SEEDS[tool]] + options + [SCRIPT]
    run = subprocess.run(cmd, env=env, capture_output=True, text=True,
                         timeout=120)
    if run.returncode != 0:
        sys.exit("rand_compare: %s failed (%d): %s" %
                 (" ".join(cmd), run.returncode, run.stderr.strip()))
    hist = {}
    for line in run.stdout.splitlines():
        f = line.split()
        if len(f) == 4 and f[0] in what:
            g = hist.setdefault(f[0], {}).setdefault(f[1], {})
            g[int(f[2])] = int(f[3])
        elif len(f) == 2 and f[1] == "missing":
            sys.exit("rand_compare: %s has no sysbench.rand.%s" % (tool, f[0]))
    for name in what:
        if name not in hist:
            sys.exit("rand_compare: %s printed no %s histogram" % (tool, name))
    return hist


def pooled(pairs, min_total):
    """Adjacent bins (in bin order) pooled until each holds min_total."""
    out = []
    for pair in pairs:
        if not out or sum(out[-1]) >= min_total:
            out.append(list(pair))
        else:
            out[-1] = [a + b for a, b in zip(out[-1], pair)]
    if len(out) > 1 and sum(out[-1]) < min_total:  # short tail joins
        last = out.pop()
        out[-1] = [a + b for a, b in zip(out[-1], last)]
    return out


def two_sample(h1, h2):
    """Two-sample chi-square over the groups of one name: (stat, df)."""
    stat, df = 0.0, 0
    for g in sorted(set(h1) | set(h2)):
        a, b = h1.get(g, {}), h2.get(g, {})
        bins = sorted(set(a) | set(b))
        cells = pooled([(a.get(k, 0), b.get(k, 0)) for k in bins], 10)
        n1, n2 = sum(c[0] for c in cells), sum(c[1] for c in cells)
        if len(cells) < 2 or n1 == 0 or n2 == 0:
            continue
        k1, k2 = math.sqrt(n2 / n1), math.sqrt(n1 / n2)
        stat += sum((k1 * x - k2 * y) ** 2 / (x + y) for x, y in cells)
        df += len(cells) - 1
    return stat, df


def one_sample(h, expected):
    """Chi-square of groups against {group: {bin: probability}}."""
    stat, df = 0.0, 0
    for g, probs in expected.items():
        obs = h.get(g, {})
        if set(obs) - set(probs):
            return math.inf, 1  # a value the formula never gives
        n = sum(obs.values())
        cells = pooled([(obs.get(k, 0), n * p) for k, p in sorted(probs.items())],
                       10)
        stat += sum((o - e) ** 2 / e for o, e in cells)
        df += len(cells) - 1
    return stat, df


def zipf(theta, n=100):
    w = [k ** -theta for k in range(1, n + 1)]
    return {"v": {k + 1: x / sum(w) for k, x in enumerate(w)}}


def varstring_pmf():
    chars = {c: 1 / 75 for c in range(ord("0"), ord("z") + 1)}
    return {"len": {k: 1 / 8 for k in range(1, 9)}, "c1": chars, "c8": chars}


FORMULAS = {"zipfian": zipf(0.8), "default --rand-type=zipfian": zipf(0.8),
            "default --rand-type=zipfian --rand-zipfian-exp=1.5": zipf(1.5),
            "varstring": varstring_pmf()}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    bench, sysbench = sys.argv[1], sys.argv[2]
    if shutil.which(sysbench) is None:
        print("SKIP: %s not found: install the sysbench package (1.0.20) "
              "to compare bench's distributions with it" % sysbench)
        return 77
    ver = subprocess.run([sysbench, "--version"], capture_output=True,
                         text=True).stdout.strip()
    if ver != "sysbench 1.0.20":
        print("SKIP: %s is %r, not sysbench 1.0.20" % (sysbench, ver))
        return 77

    rows = []  # (name, statistic, df, against)
    b = draw(bench, "bench", DIRECT, [])
    s = draw(sysbench, "sysbench", DIRECT, [])
    for name in DIRECT:
        rows.append((name, *two_sample(b[name], s[name]), "sysbench"))
    if b["unique"]["duplicates"] != {0: 1}:
        rows.append(("unique: no value repeats", math.inf, 1, "distinct"))
    for opts in DEFAULT_RUNS:
        b = draw(bench, "bench", ["default"], opts)
        s = draw(sysbench, "sysbench", ["default"], opts)
        rows.append(("default " + " ".join(opts),
                     *two_sample(b["default"], s["default"]), "sysbench"))
    for opts, call, name in FORMULA_RUNS:
        b = draw(bench, "bench", [call], opts)
        rows.append((name, *one_sample(b[call], FORMULAS[name]), "formula"))

    print("%d draws per sample; bench --rand-seed=%s, sysbench --rand-seed=%s"
          % (DRAWS, SEEDS["bench"], SEEDS["sysbench"]))
    width = max(len(r[0]) for r in rows)
    print("%-*s %-8s %9s %4s %9s  %s" % (width, "call and options", "against",
                                         "chi2", "df", "crit.001", "result"))
    failed = 0
    for name, stat, df, against in rows:
        crit = chi2_critical(max(df, 1))
        good = df > 0 and stat <= crit
        failed += not good
        print("%-*s %-8s %9.1f %4d %9.1f  %s" %
              (width, name, against, stat, df, crit, "ok" if good else "FAIL"))
    print("%d of %d comparisons failed" % (failed, len(rows)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
