/* SPDX-License-Identifier: MIT */
/* compare_figures: the figures of the compared runs and the noise test of
 * each (compare_internal.h). One run a side: the two-sided Mann-Whitney U
 * test on the runs' own samples, per-second throughput from the document's
 * series when both have one, per-interval values otherwise; several runs a
 * side: Welch's t-test on the runs' figures, so that the noise the change
 * is weighed against is the noise between runs (docs/ci.md). A test that
 * cannot reach p < alpha with the samples it has says so ("insufficient
 * data") instead of "no". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "compare_internal.h"
#include "mann_whitney.h"
#include "measure/hist.h"
#include "welch.h"

const struct metric_def compare_metrics[M_N] = {
    {"tps", "tps", 0},
    {"qps", "qps", 0},
    {"p50", "p50 latency (ms)", 50},
    {"p95", "p95 latency (ms)", 95},
    {"p99", "p99 latency (ms)", 99},
    {"max", "max latency (ms)", 100},
    {"errors", "errors/s", 0},
    {"cpu", "client CPU (CPUs)", 0},
};

/* -- One run ---------------------------------------------------------------
 */

static double latency_ms(const struct hist *h, double pct)
{
    if (hist_count(h) == 0) return NAN;
    return (pct >= 100 ? (double) hist_max_ns(h)
                       : (double) hist_percentile_ns(h, pct)) /
           1e6;
}

static void push(struct figures *f, int from, enum metric m, double v)
{
    if (!isnan(v)) f->v[from][m][f->n[from][m]++] = v;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;

    return (x > y) - (x < y);
}

/* How many intervals are samples: all but a last one shorter than half
 * the median (the run's partial end: a few ms of events says little). */
static size_t full_intervals(json_t *ivs)
{
    size_t n = json_array_size(ivs);
    double *len, last;

    if (n < 2 || !(len = calloc(n, sizeof(double)))) return n;
    for (size_t i = 0; i < n; i++)
        len[i] = result_num(json_array_get(ivs, i), "interval_s", 0);
    last = len[n - 1];
    qsort(len, n, sizeof(double), cmp_double);
    if (last < len[n / 2] / 2) n--;
    free(len);
    return n;
}

static int interval_samples(const struct result_doc *d, struct figures *f)
{
    json_t *ivs    = result_get(d->root, "intervals");
    size_t n       = full_intervals(ivs);
    struct hist *h = hist_new();
    int rc         = h ? 0 : -1;

    for (size_t i = 0; rc == 0 && i < n; i++) {
        json_t *iv = json_array_get(ivs, i);
        hist_reset(h);
        rc = result_hist_add(h, result_get(iv, "latency"), d,
                             "intervals[].latency", "compare");
        push(f, FROM_INTERVALS, M_TPS, result_num(iv, "tps", NAN));
        push(f, FROM_INTERVALS, M_QPS, result_num(iv, "qps.total", NAN));
        push(f, FROM_INTERVALS, M_ERRORS, result_num(iv, "errors_per_s", NAN));
        push(f, FROM_INTERVALS, M_CPU, result_num(iv, "client_cpus", NAN));
        for (int m = M_P50; rc == 0 && m <= M_MAX; m++)
            push(f, FROM_INTERVALS, (enum metric) m,
                 latency_ms(h, compare_metrics[m].pct));
    }
    hist_free(h);
    return rc;
}

/* The series' rates: each bucket's count over its width, the last over
 * its true duration, left out when under half a width. */
static void series_samples(json_t *root, struct figures *f)
{
    static const enum metric ms[]   = {M_TPS, M_QPS, M_ERRORS};
    static const char *const keys[] = {"events", "queries", "errors"};
    json_t *s                       = result_get(root, "series");
    double w = result_num(s, "bucket_s", 0), last = result_num(s, "last_s", 0);

    for (int k = 0; s && k < 3; k++) {
        json_t *a = json_object_get(s, keys[k]), *v;
        size_t n  = json_array_size(a), i;
        json_array_foreach(a, i, v)
        {
            double len = i + 1 < n ? w : last;
            if (len >= w / 2)
                push(f, FROM_SERIES, ms[k],
                     (double) json_integer_value(v) / len);
        }
    }
}

static int figures_of(const struct result_doc *d, struct figures *f)
{
    size_t cap = json_array_size(result_get(d->root, "intervals")) +
                 json_array_size(result_get(d->root, "series.events")) + 1;
    struct hist *h = hist_new();
    int rc;

    if (!h || result_hist_add(h, result_get(d->root, "totals.latency"), d,
                              "totals.latency", "compare") != 0) {
        hist_free(h);
        return -1;
    }
    f->total[M_TPS]    = result_num(d->root, "totals.tps", NAN);
    f->total[M_QPS]    = result_num(d->root, "totals.qps.total", NAN);
    f->total[M_ERRORS] = result_num(d->root, "totals.errors_per_s", NAN);
    f->total[M_CPU]    = result_num(d->root, "self_check.cpus", NAN);
    for (int m = M_P50; m <= M_MAX; m++)
        f->total[m] = latency_ms(h, compare_metrics[m].pct);
    hist_free(h);
    for (int from = 0; from < 2; from++)
        for (int m = 0; m < M_N; m++)
            if (!(f->v[from][m] = calloc(cap, sizeof(double)))) {
                fprintf(stderr, "compare: out of memory\n");
                return -1;
            }
    rc = interval_samples(d, f);
    series_samples(d->root, f);
    return rc;
}

int compare_side_load(struct side *s)
{
    if (!(s->f = calloc(s->nruns, sizeof(*s->f)))) {
        fprintf(stderr, "compare: out of memory\n");
        return -1;
    }
    for (size_t i = 0; i < s->nruns; i++)
        if (figures_of(&s->doc[i], &s->f[i]) != 0) return -1;
    return 0;
}

void compare_side_fini(struct side *s)
{
    for (size_t i = 0; s->f && i < s->nruns; i++)
        for (int from = 0; from < 2; from++)
            for (int m = 0; m < M_N; m++)
                free(s->f[i].v[from][m]);
    free(s->f);
    s->f = NULL;
}

/* -- Rows ------------------------------------------------------------------ */

/* The runs' mean of a figure; NAN when a run lacks it. */
static double mean_of(const struct side *s, enum metric m, double *runs)
{
    double sum = 0;

    for (size_t i = 0; i < s->nruns; i++) {
        runs[i] = s->f[i].total[m];
        sum += runs[i];
    }
    return sum / (double) s->nruns;
}

/* One run a side: the rank test on their samples, from the series when
 * both have one (tps, qps, errors), else from their intervals. */
static void test_samples(const struct side *b, const struct side *n,
                         enum metric m, struct row *r)
{
    const struct figures *fb = &b->f[0], *fn = &n->f[0];
    int from = fb->n[FROM_SERIES][m] && fn->n[FROM_SERIES][m] ? FROM_SERIES
                                                              : FROM_INTERVALS;

    r->src          = from == FROM_SERIES ? SRC_SERIES : SRC_INTERVALS;
    r->nb           = fb->n[from][m];
    r->nn           = fn->n[from][m];
    r->insufficient = r->nb < COMPARE_MIN_SAMPLES ||
                      r->nn < COMPARE_MIN_SAMPLES ||
                      !(mann_whitney_min_p(r->nb, r->nn) < COMPARE_ALPHA);
    if (!r->insufficient)
        r->p = mann_whitney_p(fb->v[from][m], r->nb, fn->v[from][m], r->nn);
}

static void make_row(const struct side *b, const struct side *n, enum metric m,
                     struct row *r, double *rb, double *rn)
{
    *r      = (struct row){.p = NAN, .change_pct = NAN, .src = SRC_NONE};
    r->base = mean_of(b, m, rb);
    r->new_ = mean_of(n, m, rn);
    if (isnan(r->base) || isnan(r->new_)) {
        r->insufficient = true; /* no figure to compare */
        return;
    }
    if (r->base == 0 && r->new_ == 0)
        r->change_pct = 0;
    else if (r->base != 0)
        r->change_pct = (r->new_ - r->base) / r->base * 100;
    /* A figure both runs have at 0 (no queries, no errors) says nothing. */
    r->shown = !((m == M_QPS || m == M_ERRORS) && r->base == 0 && r->new_ == 0);
    if (b->nruns == 1 && n->nruns == 1) {
        test_samples(b, n, m, r);
    } else {
        r->src          = SRC_RUNS;
        r->nb           = b->nruns;
        r->nn           = n->nruns;
        r->insufficient = b->nruns < 2 || n->nruns < 2;
        if (!r->insufficient) r->p = welch_p(rb, b->nruns, rn, n->nruns);
    }
    /* A test that gave no p (values past a double's range) judged
     * nothing: that is insufficient data too, never a pass. */
    if (!r->insufficient && isnan(r->p)) r->insufficient = true;
    r->beyond = !isnan(r->p) && r->p < COMPARE_ALPHA;
}

int compare_rows(const struct side *b, const struct side *n, struct row *rows)
{
    double *rb = calloc(b->nruns, sizeof(double)),
           *rn = calloc(n->nruns, sizeof(double));
    int rc     = rb && rn ? 0 : -1;

    for (int m = 0; rc == 0 && m < M_N; m++)
        make_row(b, n, (enum metric) m, &rows[m], rb, rn);
    free(rb);
    free(rn);
    return rc;
}
