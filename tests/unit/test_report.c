/* SPDX-License-Identifier: MIT */
/* test_report.c: --percentile lists on fixed inputs with known latencies:
 * every percentile of the record within its 0.1% of the exactly computed
 * one (sysbench's nearest-rank rule over the sorted values), and the
 * interval line's "50/99/99.9" and "a/b/c" fields. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdlib.h>

#include "measure/hist.h"
#include "report/report.h"
#include "measure/stats.h"
#include "tap.h"

#define N 100000

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
    return x < y ? -1 : x > y;
}

/* sysbench's rule on the exact values: the n-th smallest, n =
 * floor(N * pct / 100 + 0.5), at least the first. */
static uint64_t exact(const uint64_t *sorted, size_t n, double pct)
{
    size_t k = (size_t) floor((double) n * pct / 100 + 0.5);
    return sorted[k ? k - 1 : 0];
}

int main(void)
{
    static uint64_t v[N];
    static const double pcts[] = {50, 90, 99, 99.9, 99.99, 0.5, 100};
    struct stats_snapshot snap = {0};
    struct report_data r       = {0};
    uint64_t x                 = 88172645463325252ULL;
    char labels[256], values[256];

    snap.lat = hist_new();
    for (size_t i = 0; i < N; i++) { /* log-uniform over 1 us .. 1 s */
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        v[i] = (uint64_t) (1000.0 * pow(1e6, (double) (x >> 11) / 0x1p53));
        hist_record(snap.lat, v[i]);
    }
    qsort(v, N, sizeof(v[0]), cmp_u64);
    for (size_t i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++) {
        uint64_t want = exact(v, N, pcts[i]);
        uint64_t got  = hist_percentile_ns(snap.lat, pcts[i]);
        double err    = fabs((double) got - (double) want) / (double) want;
        char name[64];
        snprintf(name, sizeof(name), "p%g within 0.1%% of the exact value",
                 pcts[i]);
        if (!ok(err <= 0.001, name))
            printf("#   got %llu, want %llu\n", (unsigned long long) got,
                   (unsigned long long) want);
    }

    r.delta        = &snap;
    r.percentiles  = pcts;
    r.npercentiles = 3;
    ok(!report_percentile_list(&r, labels, sizeof(labels), values,
                               sizeof(values)),
       "no list: sysbench's single field");
    r.percentile_list = true;
    ok(report_percentile_list(&r, labels, sizeof(labels), values,
                              sizeof(values)),
       "a list");
    is_str(labels, "50/90/99", "its labels");
    {
        char want[128];
        snprintf(want, sizeof(want), "%4.2f/%4.2f/%4.2f",
                 report_ms(hist_percentile_ns(snap.lat, 50)),
                 report_ms(hist_percentile_ns(snap.lat, 90)),
                 report_ms(hist_percentile_ns(snap.lat, 99)));
        is_str(values, want, "its values, in ms");
    }
    r.percentiles  = (const double[]){99.9};
    r.npercentiles = 1;
    r.percentile   = 99;
    ok(report_percentile_ns(&r) == hist_percentile_ns(snap.lat, 99.9),
       "a list's first percentile is the report's percentile");
    hist_free(snap.lat);
    return done_testing();
}
