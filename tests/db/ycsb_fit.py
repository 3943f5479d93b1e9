# SPDX-License-Identifier: MIT
"""ycsb_fit.py (tests/db/ycsb.sh): goodness of fit of ycsb.lua's draws.

  ycsb_fit.py zipfian100 DRAWS < counts   chi-square against the pmf of
      Gray et al.'s generator as YCSB writes it (the formula, not Zipf's
      law: the generator approximates it), n = 100, theta = 0.99;
  ycsb_fit.py scrambled RECORDS DRAWS < counts   the two most popular
      keys are FNV(0) and FNV(1) mod RECORDS, at 1/zeta and 2^-0.99/zeta of
      the draws (zeta of YCSB's 10^10 + 1 items);
  ycsb_fit.py latest RECORDS DRAWS < counts   chi-square of the distance
      from the last key against the zipfian over RECORDS - 1 items;
  ycsb_fit.py uniform RECORDS DRAWS < counts   chi-square against uniform;
  ycsb_fit.py fnv < "N HASH" lines   each HASH is FNV-1a 64 of N, positive.
Prints one line with the statistic and exits 1 when the fit fails.
"""
import math
import sys

THETA = 0.99


def fnv64(v):
    h = 0xCBF29CE484222325
    for _ in range(8):
        h ^= v & 0xFF
        h = (h * 1099511628211) % 2**64
        v >>= 8
    return 2**64 - h if h >= 2**63 else h


def zipf_pmf(n, zetan=None):
    """P(value = k), k = 0..n-1, of YCSB's nextLong(n) with items = n."""
    if zetan is None:
        zetan = sum(1 / (i + 1) ** THETA for i in range(n))
    zeta2 = 1 + 0.5 ** THETA
    eta = (1 - (2 / n) ** (1 - THETA)) / (1 - zeta2 / zetan)
    p = [0.0] * (n + 1)
    p[0] = 1 / zetan
    p[1] = (zeta2 - 1) / zetan
    lo_u = zeta2 / zetan
    for k in range(n + 1):
        a = ((k / n) ** (1 - THETA) - 1 + eta) / eta
        b = (((k + 1) / n) ** (1 - THETA) - 1 + eta) / eta
        a, b = max(a, lo_u), min(b, 1.0)
        if b > a:
            p[k] += b - a
    p[n - 1] += p[n]  # u = 1 exactly: measure 0
    return p[:n]


def chi2_ok(counts, probs, draws):
    """Chi-square over bins expecting >= 5 (the rest pooled), at the
    0.001 level (Wilson-Hilferty), so a correct generator fails 1 run in
    1000."""
    stat, df, rest_o, rest_e = 0.0, -1, 0, 0.0
    for k, p in enumerate(probs):
        e, o = p * draws, counts.get(k, 0)
        if e < 5:
            rest_o, rest_e = rest_o + o, rest_e + e
            continue
        stat += (o - e) ** 2 / e
        df += 1
    if rest_e > 0:
        stat += (rest_o - rest_e) ** 2 / max(rest_e, 1e-9)
        df += 1
    z = 3.09  # upper 0.001 of the normal
    crit = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    print(f"chi-square {stat:.1f} on {df} degrees of freedom "
          f"(0.001 critical value {crit:.1f})")
    return stat < crit


def main():
    kind = sys.argv[1]
    counts = {}
    for line in sys.stdin:
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            counts[int(parts[0])] = int(parts[1])
    if kind == "fnv":
        want = {n: fnv64(n) for n in counts}
        print(f"fnv: {len(counts)} hashes, {sum(want[n] != h for n, h in counts.items())} wrong")
        return len(counts) == 10 and all(want[n] == h for n, h in counts.items())
    if kind == "zipfian100":
        draws = int(sys.argv[2])
        return chi2_ok(counts, zipf_pmf(100), draws)
    records, draws = int(sys.argv[2]), int(sys.argv[3])
    if sum(counts.values()) != draws or max(counts) >= records:
        print(f"draws {sum(counts.values())}, largest key {max(counts)}")
        return False
    if kind == "uniform":
        return chi2_ok(counts, [1 / records] * records, draws)
    if kind == "latest":
        last = records - 1
        dist = {last - k: c for k, c in counts.items()}
        return chi2_ok(dist, zipf_pmf(records - 1), draws)
    zetan = 26.46902820178302
    top = sorted(counts.items(), key=lambda kc: -kc[1])[:2]
    want = [(fnv64(0) % records, draws / zetan),
            (fnv64(1) % records, draws * 0.5 ** THETA / zetan)]
    print(f"top keys {top}, expected about {want}")
    for (k, c), (wk, we) in zip(top, want):
        # The key also gets the draws of other items hashed onto it:
        # about draws / records more on average.
        extra = draws / records
        if k != wk or abs(c - we - extra) > 5 * math.sqrt(we) + extra:
            return False
    return True


sys.exit(0 if main() else 1)
