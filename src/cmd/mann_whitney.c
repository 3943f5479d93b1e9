/* SPDX-License-Identifier: MIT */
/* mann_whitney: see mann_whitney.h. Formulas: Mann & Whitney (1947); the tie
 * correction of the variance as in Lehmann, "Nonparametrics" (1975), 1.4. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "mann_whitney.h"

#define STAT_EXACT_MAX 30
#define STAT_SQRT2     1.41421356237309504880

struct ranked {
    double v;
    bool from_a;
};

static int cmp_ranked(const void *x, const void *y)
{
    double a = ((const struct ranked *) x)->v,
           b = ((const struct ranked *) y)->v;

    return a < b ? -1 : a > b;
}

/* Sum of the ranks of a's values (ties get their average rank) and the
 * tie term sum(t^3 - t) over groups of t equal values. */
static void rank_sum(struct ranked *all, size_t n, double *ra, double *ties)
{
    *ra = *ties = 0;
    qsort(all, n, sizeof(*all), cmp_ranked);
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && all[j].v == all[i].v)
            j++;
        double rank = (double) (i + 1 + j) / 2, t = (double) (j - i);
        for (size_t k = i; k < j; k++)
            if (all[k].from_a) *ra += rank;
        *ties += t * t * t - t;
        i = j;
    }
}

/* P(U <= u) under the null hypothesis, no ties: the number of
 * arrangements with U = k is the coefficient of q^k in the Gaussian
 * binomial [na+nb choose na]_q = prod_{k=1..na} (1 - q^(nb+k)) / (1 - q^k),
 * over C(na+nb, na) arrangements. */
static double exact_cdf(size_t na, size_t nb, double u)
{
    size_t deg = na * nb;
    double *c = calloc(deg + 1, sizeof(double)), total = 0, below = 0;

    if (!c) return NAN;
    c[0] = 1;
    for (size_t k = 1; k <= na; k++) {
        for (size_t i = deg + 1; i-- > nb + k;) /* times (1 - q^(nb+k)) */
            c[i] -= c[i - nb - k];
        for (size_t i = k; i <= deg; i++) /* / (1 - q^k): running sums */
            c[i] += c[i - k];
    }
    for (size_t i = 0; i <= deg; i++) {
        total += c[i];
        if ((double) i <= u + 1e-9) below += c[i];
    }
    free(c);
    return below / total;
}

double mann_whitney_p(const double *a, size_t na, const double *b, size_t nb)
{
    size_t n = na + nb;
    struct ranked *all;
    double ra, ties, u1, u, mu, var, p;

    if (na == 0 || nb == 0) return NAN;
    if (!(all = malloc(n * sizeof(*all)))) return NAN;
    for (size_t i = 0; i < na; i++)
        all[i] = (struct ranked){a[i], true};
    for (size_t i = 0; i < nb; i++)
        all[na + i] = (struct ranked){b[i], false};
    rank_sum(all, n, &ra, &ties);
    free(all);
    u1 = ra - (double) na * (double) (na + 1) / 2;
    u  = fmin(u1, (double) na * (double) nb - u1);
    if (ties == 0 && na <= STAT_EXACT_MAX && nb <= STAT_EXACT_MAX)
        return fmin(1.0, 2 * exact_cdf(na, nb, u));
    mu  = (double) na * (double) nb / 2;
    var = (double) na * (double) nb / 12 *
          ((double) (n + 1) - ties / ((double) n * (double) (n - 1)));
    if (var <= 0) return 1.0;
    p = erfc(fmax(0, fabs(u1 - mu) - 0.5) / sqrt(var) / STAT_SQRT2);
    return fmin(1.0, p);
}

double mann_whitney_min_p(size_t na, size_t nb)
{
    double n = (double) (na + nb), ways = 1, mu, var;

    if (na == 0 || nb == 0) return NAN;
    if (na <= STAT_EXACT_MAX && nb <= STAT_EXACT_MAX) {
        for (size_t k = 1; k <= na; k++) /* C(na+nb, na), exact in a double */
            ways = ways * (double) (nb + k) / (double) k;
        return fmin(1.0, 2 / ways);
    }
    mu  = (double) na * (double) nb / 2;
    var = (double) na * (double) nb * (n + 1) / 12;
    return fmin(1.0, erfc(fmax(0, mu - 0.5) / sqrt(var) / STAT_SQRT2));
}
