/* SPDX-License-Identifier: MIT */
/* welch: see welch.h. The incomplete beta function by its continued
 * fraction, evaluated with the modified Lentz method (Lentz 1976;
 * Thompson & Barnett 1986), on the side of x where it converges fast. */
#include <math.h>

#include "welch.h"

#define WELCH_TINY 1e-300
#define WELCH_EPS  1e-14
#define WELCH_ITER 500

/* The continued fraction of I_x(a, b) * B(a, b) / (x^a (1-x)^b) * a,
 * convergent for x < (a + 1) / (a + b + 2). */
static double beta_cf(double x, double a, double b)
{
    double c = 1, d = 1 - (a + b) * x / (a + 1), f;

    d = fabs(d) < WELCH_TINY ? WELCH_TINY : d;
    d = 1 / d;
    f = d;
    for (int m = 1; m <= WELCH_ITER; m++) {
        double k = m, num;
        for (int odd = 0; odd < 2; odd++) {
            num = odd ? -(a + k) * (a + b + k) * x /
                            ((a + 2 * k) * (a + 2 * k + 1))
                      : k * (b - k) * x / ((a + 2 * k - 1) * (a + 2 * k));
            d   = 1 + num * d;
            c   = 1 + num / c;
            d   = fabs(d) < WELCH_TINY ? WELCH_TINY : d;
            c   = fabs(c) < WELCH_TINY ? WELCH_TINY : c;
            d   = 1 / d;
            f *= d * c;
        }
        if (fabs(d * c - 1) < WELCH_EPS) break;
    }
    return f;
}

double welch_ibeta(double x, double a, double b)
{
    double front;

    if (x <= 0) return 0;
    if (x >= 1) return 1;
    front =
        exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2)) return front * beta_cf(x, a, b) / a;
    return 1 - front * beta_cf(1 - x, b, a) / b;
}

static void mean_var(const double *v, size_t n, double *mean, double *var)
{
    double s = 0, ss = 0;

    for (size_t i = 0; i < n; i++)
        s += v[i];
    *mean = s / (double) n;
    for (size_t i = 0; i < n; i++)
        ss += (v[i] - *mean) * (v[i] - *mean);
    *var = ss / (double) (n - 1);
}

double welch_p(const double *a, size_t na, const double *b, size_t nb)
{
    double ma, va, mb, vb, sa, sb, se2, t, df;

    if (na < 2 || nb < 2) return NAN;
    mean_var(a, na, &ma, &va);
    mean_var(b, nb, &mb, &vb);
    sa  = va / (double) na;
    sb  = vb / (double) nb;
    se2 = sa + sb;
    /* No spread: the means are equal or they are not. */
    if (!(se2 > 0)) return ma == mb ? 1 : 0;
    t = (mb - ma) / sqrt(se2);
    df =
        se2 * se2 / (sa * sa / (double) (na - 1) + sb * sb / (double) (nb - 1));
    return fmin(1.0, welch_ibeta(df / (df + t * t), df / 2, 0.5));
}
