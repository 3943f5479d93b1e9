/* SPDX-License-Identifier: MIT */
/* welch: Welch's t-test, which `bench compare` uses when each side has
 * several runs: are two sets of run figures (one tps per run, ...) from
 * distributions with one mean? Each run is one sample, so the run-to-run
 * noise is what the change is weighed against. It assumes each figure
 * roughly normal across runs (a run's figure is a mean over many events)
 * but not equal variances; unlike the rank test it can reach p < 0.05 with
 * two or three runs a side. Pure functions, any thread. */
#ifndef BENCH_WELCH_H
#define BENCH_WELCH_H

#include <stddef.h>

/* Two-sided p-value of equal means for a[0..na) and b[0..nb), with
 * Welch-Satterthwaite degrees of freedom. NAN when either has fewer than
 * 2 values; with no spread at all, 1 for equal means and 0 otherwise. */
double welch_p(const double *a, size_t na, const double *b, size_t nb);

/* The regularized incomplete beta function I_x(a, b), 0 <= x <= 1
 * (Student's t tail: I_{df/(df+t^2)}(df/2, 1/2)). */
double welch_ibeta(double x, double a, double b);

#endif
