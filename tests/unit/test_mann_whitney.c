/* SPDX-License-Identifier: MIT */
/* test_mann_whitney.c: the Mann-Whitney U p-values against the textbook
 * table value and against a brute-force permutation test written here
 * independently (every split of the pooled values into two groups). */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "cmd/mann_whitney.h"
#include "tap.h"

/* Two-sided permutation p-value of the rank-sum statistic: the share of
 * the C(n, na) splits whose rank sum of the first group is at least as
 * far from its mean as the observed one. Midranks for ties. */
static double brute_p(const double *a, size_t na, const double *b, size_t nb)
{
    size_t n = na + nb;
    double v[32], rank[32], obs = 0, mean, hits = 0, total = 0;

    for (size_t i = 0; i < n; i++)
        v[i] = i < na ? a[i] : b[i - na];
    for (size_t i = 0; i < n; i++) {
        double below = 0, equal = 0;
        for (size_t j = 0; j < n; j++) {
            below += v[j] < v[i];
            equal += v[j] == v[i];
        }
        rank[i] = below + (equal + 1) / 2;
    }
    for (size_t i = 0; i < na; i++)
        obs += rank[i];
    mean = (double) na * (double) (n + 1) / 2;
    for (unsigned long m = 0; m < (1UL << n); m++) {
        double r = 0;
        if ((size_t) __builtin_popcountl(m) != na) continue;
        for (size_t i = 0; i < n; i++)
            if (m >> i & 1) r += rank[i];
        total++;
        hits += fabs(r - mean) >= fabs(obs - mean) - 1e-9;
    }
    return hits / total;
}

static void near(double got, double want, double tol, const char *name)
{
    if (!ok(fabs(got - want) <= tol, name))
        printf("#   got %.6f, want %.6f (tolerance %g)\n", got, want, tol);
}

int main(void)
{
    double lo[] = {1, 2, 3, 4, 5}, hi[] = {6, 7, 8, 9, 10};
    near(mann_whitney_p(lo, 5, hi, 5), 2.0 / 252, 1e-12,
         "5 vs 5, fully separated: exact p = 2/252");
    near(mann_whitney_p(hi, 5, lo, 5), 2.0 / 252, 1e-12,
         "symmetric in the order of the samples");

    double a[] = {12.1, 14.5, 9.8, 13.3, 11.7, 15.2},
           b[] = {13.9, 16.4, 15.8, 17.1, 12.9, 18.3, 16.0};
    near(mann_whitney_p(a, 6, b, 7), brute_p(a, 6, b, 7), 1e-9,
         "6 vs 7, no ties: exact p equals the permutation test");
    double c[] = {3.1, 8.2, 5.5, 7.4}, d[] = {4.4, 6.1, 2.9, 9.0, 5.0};
    near(mann_whitney_p(c, 4, d, 5), brute_p(c, 4, d, 5), 1e-9,
         "4 vs 5, overlapping: exact p equals the permutation test");

    double t1[] = {100, 101, 101, 102, 103, 103, 104, 105},
           t2[] = {102, 103, 104, 104, 105, 106, 106, 107};
    near(mann_whitney_p(t1, 8, t2, 8), brute_p(t1, 8, t2, 8), 0.02,
         "8 vs 8 with ties: normal approximation near the permutation test");

    double same[] = {5, 5, 5};
    near(mann_whitney_p(same, 3, same, 3), 1.0, 0, "every value equal: p = 1");
    ok(isnan(mann_whitney_p(a, 6, b, 0)), "an empty sample: NAN");

    double x[40], y[40], z[40];
    for (int i = 0; i < 40; i++) {
        x[i] = 1000 + (i * 37 % 40); /* a run's tps, 1000..1039 */
        y[i] = x[i] * 0.5;           /* halved */
        z[i] = 1000 + (i * 13 % 40) + 0.5;
    }
    ok(mann_whitney_p(x, 40, y, 40) < 1e-9,
       "40 vs 40, halved: far beyond noise");
    ok(mann_whitney_p(x, 40, z, 40) > 0.5,
       "40 vs 40, same spread: within noise");

    /* The smallest p each size can give: 3 vs 3 never reaches 0.05. */
    near(mann_whitney_min_p(3, 3), 0.1, 1e-12, "3 vs 3: at best p = 2/20");
    near(mann_whitney_min_p(4, 4), 2.0 / 70, 1e-12, "4 vs 4: 2/70");
    near(mann_whitney_min_p(2, 20), 2.0 / 231, 1e-12, "2 vs 20: 2/231");
    double lo4[] = {1, 2, 3, 4}, hi5[] = {5, 6, 7, 8, 9};
    near(mann_whitney_p(lo4, 4, hi5, 5), mann_whitney_min_p(4, 5), 1e-12,
         "4 vs 5 apart: the test's p is that smallest one");
    ok(mann_whitney_min_p(40, 40) < 1e-9 && isnan(mann_whitney_min_p(0, 3)),
       "40 vs 40: tiny (normal approximation); an empty side: NAN");
    return done_testing();
}
