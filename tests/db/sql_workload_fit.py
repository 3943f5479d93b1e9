#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# sql_workload_fit.py DIST LB UB [PARAM] < draws: a chi-square test of
# integer draws (one a line, "debug(...): int N" lines accepted) against
# the distribution pgbench's documentation gives for random(),
# random_exponential(), random_gaussian() and random_zipfian(). Exit 0
# when the fit passes at the 0.001 level, 1 otherwise (the statistic is
# printed either way). Bins with an expected count under 5 are merged.
import math
import sys


def phi(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def pmf(dist, lb, ub, p):
    n = ub - lb + 1
    if dist == "uniform":
        return [1 / n] * n
    if dist == "exponential":
        f = lambda x: math.exp(-p * (x - lb) / n) / (1 - math.exp(-p))
        return [f(i) - f(i + 1) for i in range(lb, ub + 1)]
    if dist == "gaussian":
        mu = (lb + ub) / 2
        f = lambda x: phi(2 * p * (x - mu) / n) / (2 * phi(p) - 1)
        return [f(i + 0.5) - f(i - 0.5) for i in range(lb, ub + 1)]
    if dist == "zipfian":
        w = [1 / (k ** p) for k in range(1, n + 1)]
        s = sum(w)
        return [x / s for x in w]
    raise SystemExit("unknown distribution " + dist)


def chi2_critical(df, z=3.090232):  # z of the 0.999 quantile
    # Wilson-Hilferty: chi2 quantile from the normal one.
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def main():
    dist, lb, ub = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    p = float(sys.argv[4]) if len(sys.argv) > 4 else 0
    counts = {}
    total = 0
    for line in sys.stdin:
        f = line.split()
        if not f:
            continue
        v = int(f[-1])
        if v < lb or v > ub:
            print("draw %d outside [%d, %d]" % (v, lb, ub))
            return 1
        counts[v] = counts.get(v, 0) + 1
        total += 1
    probs = pmf(dist, lb, ub, p)
    obs, exp, acc_o, acc_e = [], [], 0, 0.0
    for i, pr in enumerate(probs):
        acc_o += counts.get(lb + i, 0)
        acc_e += pr * total
        if acc_e >= 5:
            obs.append(acc_o)
            exp.append(acc_e)
            acc_o, acc_e = 0, 0.0
    if acc_e > 0:
        obs[-1] += acc_o
        exp[-1] += acc_e
    stat = sum((o - e) ** 2 / e for o, e in zip(obs, exp))
    df = len(obs) - 1
    crit = chi2_critical(df)
    print("%s: %d draws, %d bins, chi2 %.2f, critical (0.001) %.2f"
          % (dist, total, len(obs), stat, crit))
    return 0 if total > 0 and stat <= crit else 1


sys.exit(main())
