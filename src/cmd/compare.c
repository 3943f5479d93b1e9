/* SPDX-License-Identifier: MIT */
/* compare: see compare.h. A change counts as beyond the noise when the
 * two-sided Mann-Whitney U test on the two runs' per-interval values of
 * the figure gives p < alpha (0.05): the intervals of one run show how
 * much the figure moves by itself, without assuming a distribution. */
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "measure/hist.h"
#include "result_read.h"
#include "mann_whitney.h"

#define COMPARE_ALPHA      0.05
#define COMPARE_MIN_SERIES 3 /* fewer intervals: no test, threshold alone */

enum metric { M_TPS, M_QPS, M_P50, M_P95, M_P99, M_MAX, M_ERRORS, M_CPU, M_N };

static const struct metric_def {
    const char *name;  /* in --fail-on and JSON */
    const char *label; /* in the tables */
    double pct;        /* latency percentile; 0: not a latency */
} metric_defs[M_N] = {
    {"tps", "tps", 0},
    {"qps", "qps", 0},
    {"p50", "p50 latency (ms)", 50},
    {"p95", "p95 latency (ms)", 95},
    {"p99", "p99 latency (ms)", 99},
    {"max", "max latency (ms)", 100},
    {"errors", "errors/s", 0},
    {"cpu", "client CPU (CPUs)", 0},
};

/* One document's figures: the run's value and the per-interval series. */
struct figures {
    double total[M_N]; /* NAN: not in the document */
    double *series[M_N];
    size_t n[M_N];
};

struct threshold {
    enum metric m;
    double pct; /* signed: -5 fails on a drop of 5% or more */
};

struct row {
    double base, new_, change_pct, p; /* change NAN: base 0; p NAN: no test */
    bool beyond;
};

enum format { FMT_TEXT, FMT_MARKDOWN, FMT_JSON };

/* -- Figures of a document ---------------------------------------------- */

static double latency_ms(const struct hist *h, double pct)
{
    if (hist_count(h) == 0) return NAN;
    return (pct >= 100 ? (double) hist_max_ns(h)
                       : (double) hist_percentile_ns(h, pct)) /
           1e6;
}

static void push(struct figures *f, enum metric m, double v)
{
    if (!isnan(v)) f->series[m][f->n[m]++] = v;
}

static int interval_figures(const struct result_doc *d, json_t *iv,
                            struct figures *f)
{
    struct hist *h = hist_new();

    if (!h || result_hist_add(h, result_get(iv, "latency"), d,
                              "intervals[].latency", "compare") != 0) {
        hist_free(h);
        return -1;
    }
    push(f, M_TPS, result_num(iv, "tps", NAN));
    push(f, M_QPS, result_num(iv, "qps.total", NAN));
    push(f, M_ERRORS, result_num(iv, "errors_per_s", NAN));
    for (int m = M_P50; m <= M_MAX; m++)
        push(f, m, latency_ms(h, metric_defs[m].pct));
    hist_free(h);
    return 0;
}

static int figures_of(const struct result_doc *d, struct figures *f)
{
    json_t *ivs = result_get(d->root, "intervals"), *iv;
    size_t i, n = json_array_size(ivs);
    struct hist *h = hist_new();

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
        f->total[m] = latency_ms(h, metric_defs[m].pct);
    hist_free(h);
    for (int m = 0; m < M_N; m++)
        if (!(f->series[m] = calloc(n + 1, sizeof(double)))) return -1;
    json_array_foreach(ivs, i, iv)
    {
        if (interval_figures(d, iv, f) != 0) return -1;
    }
    return 0;
}

static void figures_fini(struct figures *f)
{
    for (int m = 0; m < M_N; m++)
        free(f->series[m]);
}

/* -- Rows and thresholds --------------------------------------------------- */

static void make_row(const struct figures *b, const struct figures *n,
                     enum metric m, struct row *r)
{
    r->base = b->total[m];
    r->new_ = n->total[m];
    if (r->base == 0 && r->new_ == 0)
        r->change_pct = 0;
    else if (r->base == 0 || isnan(r->base) || isnan(r->new_))
        r->change_pct = NAN;
    else
        r->change_pct = (r->new_ - r->base) / r->base * 100;
    r->p = NAN;
    if (b->n[m] >= COMPARE_MIN_SERIES && n->n[m] >= COMPARE_MIN_SERIES)
        r->p = mann_whitney_p(b->series[m], b->n[m], n->series[m], n->n[m]);
    r->beyond = !isnan(r->p) && r->p < COMPARE_ALPHA;
}

/* A threshold is crossed when the change reaches it in its direction
 * and the test does not call it noise (without a test: the change alone;
 * from a base of 0, any rise crosses a '+' threshold). */
static bool crossed(const struct threshold *t, const struct row *r)
{
    double c = r->change_pct;

    if (isnan(c)) {
        if (!(r->base == 0 && r->new_ > 0 && t->pct > 0)) return false;
    } else if (t->pct < 0 ? c > t->pct : c < t->pct)
        return false;
    return isnan(r->p) || r->beyond;
}

/* "tps:-5%,p99:+10%". Returns the count, or -1 after an error line. */
static int parse_fail_on(const char *spec, struct threshold *out, int max)
{
    int n      = 0;
    char *copy = strdup(spec), *save = NULL, *item;

    for (item = strtok_r(copy, ",", &save); item && copy;
         item = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(item, ':'), *end;
        int m       = 0;
        if (colon) *colon = '\0';
        while (m < M_N && strcmp(metric_defs[m].name, item) != 0)
            m++;
        double v = colon && (colon[1] == '+' || colon[1] == '-')
                       ? strtod(colon + 1, &end)
                       : NAN;
        if (m == M_N || isnan(v) || strcmp(end, "%") != 0 || v == 0 ||
            n == max) {
            if (colon) *colon = ':';
            fprintf(stderr,
                    "compare: --fail-on: '%s' is not METRIC:+N%% or "
                    "METRIC:-N%% (metrics: tps, qps, p50, p95, p99, max, "
                    "errors, cpu)\n",
                    item);
            free(copy);
            return -1;
        }
        out[n++] = (struct threshold){(enum metric) m, v};
    }
    free(copy);
    return n;
}

/* -- Output ------------------------------------------------------------- */

static void fmt_num(char *buf, size_t size, double v)
{
    if (isnan(v))
        snprintf(buf, size, "n/a");
    else
        snprintf(buf, size, "%.2f", v);
}

static void fmt_change(char *buf, size_t size, const struct row *r)
{
    if (isnan(r->change_pct))
        snprintf(buf, size, "n/a");
    else
        snprintf(buf, size, "%+.2f%%", r->change_pct);
}

static void fmt_noise(char *buf, size_t size, const struct row *r)
{
    if (isnan(r->p))
        snprintf(buf, size, "n/a");
    else
        snprintf(buf, size, r->p < 0.0001 ? "%s (p<0.0001)" : "%s (p=%.4f)",
                 r->beyond ? "yes" : "no", r->p);
}

static void print_row(enum format fmt, const char *a, const char *b,
                      const char *c, const char *d, const char *e)
{
    if (fmt == FMT_MARKDOWN)
        printf("| %s | %s | %s | %s | %s |\n", a, b, c, d, e);
    else
        printf("%-18s %12s %12s %9s  %s\n", a, b, c, d, e);
}

static void print_table(const struct row *rows, enum format fmt)
{
    print_row(fmt, "metric", "base", "new", "change", "beyond noise");
    if (fmt == FMT_MARKDOWN) printf("|:--|--:|--:|--:|:--|\n");
    for (int m = 0; m < M_N; m++) {
        char b[32], n[32], c[32], p[32];
        fmt_num(b, sizeof(b), rows[m].base);
        fmt_num(n, sizeof(n), rows[m].new_);
        fmt_change(c, sizeof(c), &rows[m]);
        fmt_noise(p, sizeof(p), &rows[m]);
        print_row(fmt, metric_defs[m].label, b, n, c, p);
    }
}

static json_t *num_or_null(double v)
{
    return isnan(v) || isinf(v) ? json_null() : json_real(v);
}

static void print_json(const struct row *rows, const char *const *paths,
                       const size_t *nints, json_t *violations)
{
    json_t *o = json_object(), *ms = json_object();

    json_object_set_new(o, "base", json_string(paths[0]));
    json_object_set_new(o, "new", json_string(paths[1]));
    json_object_set_new(o, "test", json_string("mann-whitney-u"));
    json_object_set_new(o, "alpha", json_real(COMPARE_ALPHA));
    json_object_set_new(o, "base_intervals",
                        json_integer((json_int_t) nints[0]));
    json_object_set_new(o, "new_intervals",
                        json_integer((json_int_t) nints[1]));
    for (int m = 0; m < M_N; m++)
        json_object_set_new(ms, metric_defs[m].name,
                            json_pack("{s:o,s:o,s:o,s:o,s:b}", "base",
                                      num_or_null(rows[m].base), "new",
                                      num_or_null(rows[m].new_), "change_pct",
                                      num_or_null(rows[m].change_pct), "p",
                                      num_or_null(rows[m].p), "beyond_noise",
                                      rows[m].beyond));
    json_object_set_new(o, "metrics", ms);
    json_object_set(o, "violations", violations);
    json_dumpf(o, stdout,
               JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    printf("\n");
    json_decref(o);
}

static void print_report(const struct row *rows, enum format fmt,
                         const struct result_doc *d, const size_t *nints)
{
    const char *test = result_str(d[1].root, "test");

    if (fmt == FMT_TEXT) printf("base: %s\nnew:  %s\n\n", d[0].path, d[1].path);
    print_table(rows, fmt);
    printf("%s%s", fmt == FMT_MARKDOWN ? "\n" : "\n",
           "Beyond noise: two-sided Mann-Whitney U test on the per-interval "
           "values of the two runs, ");
    printf("p < %.2f (base %zu intervals, new %zu; n/a under %d).\n",
           COMPARE_ALPHA, nints[0], nints[1], COMPARE_MIN_SERIES);
    if (test && result_str(d[0].root, "test") &&
        strcmp(test, result_str(d[0].root, "test")) != 0)
        printf("Note: the runs are of different workloads (%s, %s).\n",
               result_str(d[0].root, "test"), test);
}

/* -- The command ---------------------------------------------------------- */

static int usage(bool help)
{
    fprintf(help ? stdout : stderr,
            "Usage:\n  bench compare [--fail-on=METRIC:+N%%|-N%%,...] "
            "[--format=text|markdown|json]\n                BASE.json "
            "NEW.json\n");
    if (!help) return 1;
    printf("\nCompares two result documents (--results): tps, qps, p50, "
           "p95, p99 and max\nlatency, errors/s and client CPU, with the "
           "change in percent and whether it\nis beyond the run-to-run "
           "noise (two-sided Mann-Whitney U test on the\nper-interval "
           "values, p < %.2f). docs/ci.md.\n\n"
           "  --fail-on=LIST  exit 1 when a change crosses a threshold beyond "
           "the noise,\n"
           "                  e.g. tps:-5%%,p99:+10%% (metrics: tps, qps, "
           "p50, p95, p99,\n"
           "                  max, errors, cpu)\n"
           "  --format=FMT    text (default), markdown or json\n",
           COMPARE_ALPHA);
    return 0;
}

static int parse_args(int argc, char **argv, enum format *fmt,
                      const char **fail_on, bool *help)
{
    static const struct option longopts[] = {
        {"fail-on", required_argument, NULL, 'f'},
        {"format", required_argument, NULL, 'F'},
        {"help", no_argument, NULL, 'h'},
        {0, 0, 0, 0},
    };
    int c;

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == 'f') {
            *fail_on = optarg;
        } else if (c == 'F' && strcmp(optarg, "text") == 0) {
            *fmt = FMT_TEXT;
        } else if (c == 'F' && strcmp(optarg, "markdown") == 0) {
            *fmt = FMT_MARKDOWN;
        } else if (c == 'F' && strcmp(optarg, "json") == 0) {
            *fmt = FMT_JSON;
        } else if (c == 'h') {
            *help = true;
            return -1;
        } else {
            if (c == 'F')
                fprintf(stderr,
                        "compare: --format: '%s' is not text, markdown or "
                        "json\n",
                        optarg);
            else
                fprintf(stderr,
                        "compare: unknown option %s (see bench "
                        "compare --help)\n",
                        argv[optind - 1]);
            return -2;
        }
    }
    return argc - optind == 2 ? 0 : -1;
}

/* Appends one object per crossed threshold to violations, its line for
 * stderr in "message". Returns how many. */
static int gate(const struct threshold *t, int nt, const struct row *rows,
                json_t *violations)
{
    int crossed_n = 0;

    for (int i = 0; i < nt; i++) {
        const struct row *r = &rows[t[i].m];
        char c[32], b[32], n[32], p[32], msg[256];
        if (!crossed(&t[i], r)) continue;
        fmt_change(c, sizeof(c), r);
        fmt_num(b, sizeof(b), r->base);
        fmt_num(n, sizeof(n), r->new_);
        fmt_noise(p, sizeof(p), r);
        snprintf(msg, sizeof(msg),
                 "compare: %s changed %s (base %s, new %s), crossing the "
                 "%+g%% threshold; beyond noise: %s",
                 metric_defs[t[i].m].name, c, b, n, t[i].pct, p);
        json_array_append_new(
            violations,
            json_pack("{s:s,s:f,s:o,s:s}", "metric", metric_defs[t[i].m].name,
                      "threshold_pct", t[i].pct, "change_pct",
                      num_or_null(r->change_pct), "message", msg));
        crossed_n++;
    }
    return crossed_n;
}

int compare_main(int argc, char **argv)
{
    enum format fmt     = FMT_TEXT;
    const char *fail_on = NULL, *paths[2];
    struct threshold t[M_N * 2];
    struct result_doc d[2] = {{0}};
    struct figures f[2];
    struct row rows[M_N];
    size_t nints[2];
    int nt = 0, status = 1;
    bool help          = false;
    json_t *violations = NULL;

    memset(f, 0, sizeof(f));
    switch (parse_args(argc, argv, &fmt, &fail_on, &help)) {
    case 0:
        break;
    case -1:
        return usage(help);
    default:
        return 1;
    }
    if (fail_on && (nt = parse_fail_on(fail_on, t, M_N * 2)) < 0) return 1;
    if (!(violations = json_array())) return 1;
    paths[0] = argv[optind];
    paths[1] = argv[optind + 1];
    if (result_doc_load(&d[0], paths[0], "compare", false) != 0 ||
        result_doc_load(&d[1], paths[1], "compare", false) != 0 ||
        figures_of(&d[0], &f[0]) != 0 || figures_of(&d[1], &f[1]) != 0)
        goto out;
    for (int m = 0; m < M_N; m++)
        make_row(&f[0], &f[1], (enum metric) m, &rows[m]);
    for (int i = 0; i < 2; i++)
        nints[i] = json_array_size(result_get(d[i].root, "intervals"));
    status = gate(t, nt, rows, violations) > 0;
    if (fmt == FMT_JSON)
        print_json(rows, paths, nints, violations);
    else
        print_report(rows, fmt, d, nints);
    fflush(stdout);
    for (size_t i = 0; i < json_array_size(violations); i++)
        fprintf(stderr, "%s\n",
                result_str(json_array_get(violations, i), "message"));
out:
    json_decref(violations);
    for (int i = 0; i < 2; i++) {
        figures_fini(&f[i]);
        result_doc_fini(&d[i]);
    }
    return status;
}
