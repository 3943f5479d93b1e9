/* SPDX-License-Identifier: MIT */
/* test_welch.c: Welch's t-test p-values against Student's t in closed
 * form (1 and 2 degrees of freedom) and the tables' 5% critical values. */
#include <math.h>

#include "cmd/welch.h"
#include "tap.h"

static void near(double got, double want, double tol, const char *name)
{
    if (!ok(fabs(got - want) <= tol, name))
        printf("#   got %.12g, want %.12g\n", got, want);
}

/* Two-sided p of Student's t with df degrees of freedom. */
static double t_p(double t, double df)
{
    return welch_ibeta(df / (df + t * t), df / 2, 0.5);
}

int main(void)
{
    const double pi = 3.14159265358979323846;

    near(t_p(1.0, 1), 1 - 2 / pi * atan(1.0), 1e-12, "df 1, t 1: 0.5");
    near(t_p(7.5, 1), 1 - 2 / pi * atan(7.5), 1e-12, "df 1, t 7.5");
    near(t_p(2.5, 2), 1 - 2.5 / sqrt(2 + 2.5 * 2.5), 1e-12, "df 2, t 2.5");
    near(t_p(12.7062047, 1), 0.05, 1e-7, "df 1: 5% at t = 12.706");
    near(t_p(2.7764451, 4), 0.05, 1e-7, "df 4: 5% at t = 2.776");
    near(t_p(2.2281389, 10), 0.05, 1e-7, "df 10: 5% at t = 2.228");
    near(t_p(2.0422725, 30), 0.05, 1e-7, "df 30: 5% at t = 2.042");
    near(t_p(3.2905267, 1e6), 0.001, 1e-6, "df large: the normal's 0.1%");
    near(welch_ibeta(0.3, 2, 3), 0.3483, 1e-12, "I_0.3(2, 3) = 0.3483");

    /* Two runs a side with one spread: 2 degrees of freedom exactly. */
    double a[] = {0, 2}, b[] = {4, 6};
    near(welch_p(a, 2, b, 2), 1 - 2.828427125 / sqrt(10), 1e-9,
         "2 vs 2, means 4 apart: t 2.83 on 2 df");
    double c[] = {100.2, 99.1, 101.3, 100.0}, d[] = {90.5, 91.2, 89.8};
    ok(welch_p(c, 4, d, 3) < 1e-4, "runs 10% apart, 1% spread: beyond noise");
    ok(welch_p(c, 4, c, 4) > 0.99, "the same runs: p = 1");
    double e[] = {5, 5, 5}, f[] = {6, 6};
    ok(welch_p(e, 3, e, 3) == 1 && welch_p(e, 3, f, 2) == 0,
       "no spread: 1 for equal means, 0 otherwise");
    ok(isnan(welch_p(a, 1, b, 2)), "one run a side: NAN");
    return done_testing();
}
