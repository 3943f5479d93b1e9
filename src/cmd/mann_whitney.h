/* SPDX-License-Identifier: MIT */
/* mann_whitney: the Mann-Whitney U test (Wilcoxon rank-sum), which `bench
 * compare` uses to tell a change from run-to-run noise: are two runs'
 * per-interval values (tps, p99, ...) drawn from one distribution? It
 * assumes only independent samples, not normality, and is robust to the
 * outliers interval series have (a stall, a checkpoint).
 * Pure functions, any thread. */
#ifndef BENCH_MANN_WHITNEY_H
#define BENCH_MANN_WHITNEY_H

#include <stddef.h>

/* Two-sided p-value of the hypothesis that a[0..na) and b[0..nb) come
 * from the same distribution. Exact (the U distribution by counting, as
 * Mann and Whitney tabulated it) when there are no ties and na, nb <= 30;
 * otherwise the normal approximation with the tie correction and a
 * continuity correction. NAN when either sample is empty; 1 when every
 * value is equal. Allocates; NAN on ENOMEM. */
double mann_whitney_p(const double *a, size_t na, const double *b, size_t nb);

/* The smallest two-sided p-value samples of na and nb values can give
 * (every value of one below every value of the other): 2 / C(na+nb, na)
 * where mann_whitney_p is exact, else the normal approximation's at
 * U = 0. A test whose smallest p is not below alpha cannot find any
 * change: `bench compare` says "insufficient data" then. NAN when either
 * is 0. */
double mann_whitney_min_p(size_t na, size_t nb);

#endif
