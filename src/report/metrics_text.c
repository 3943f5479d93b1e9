/* SPDX-License-Identifier: MIT */
/* metrics_text: the Prometheus text of metrics.h, from one reading of the
 * workers (metrics_render), for the endpoint and the pushes alike. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "clock.h"
#include "measure/detail.h"
#include "measure/hist.h"
#include "metrics_internal.h"
#include "pool.h"

/* Latency buckets in seconds: 50 us (a local point select) to 30 s (a
 * stall), about three per decade, as Prometheus' defaults are spaced. */
static const double bucket_s[] = {
    0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
    0.05,    0.1,    0.25,    0.5,    1,     2.5,    5,     10,   30};
#define NBUCKETS (sizeof(bucket_s) / sizeof(bucket_s[0]))

/* The summary's quantiles (in percent), beside --percentile's list: the
 * ones a dashboard draws whatever the run's options. */
static const double quantile_pct[] = {50, 90, 95, 99, 99.9};
#define NQUANTILES (sizeof(quantile_pct) / sizeof(quantile_pct[0]))

/* -- Labels and counters --------------------------------------------- */

static void head(FILE *f, const char *name, const char *type, const char *help)
{
    fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* A label value with \, " and newlines escaped. */
static void label(FILE *f, const char *name, const char *v, bool more)
{
    fprintf(f, "%s=\"", name);
    for (; v && *v; v++) {
        if (*v == '\\' || *v == '"')
            fprintf(f, "\\%c", *v);
        else if (*v == '\n')
            fputs("\\n", f);
        else
            fputc(*v, f);
    }
    fprintf(f, "\"%s", more ? "," : "");
}

static void write_info(FILE *f, const struct metrics_labels *l, bool sql)
{
    char threads[16];

    snprintf(threads, sizeof(threads), "%u", l->threads);
    head(f, "bench_run_info", "gauge",
         "The run: workload, database driver, bench version, sysbench "
         "profile, threads.");
    fputs("bench_run_info{", f);
    label(f, "workload", l->workload, true);
    label(f, "driver", sql ? l->driver : "", true);
    label(f, "version", l->version, true);
    label(f, "compat", l->compat, true);
    label(f, "threads", threads, false);
    fputs("} 1\n", f);
}

static void write_counter(FILE *f, const char *name, const char *help,
                          uint64_t v)
{
    head(f, name, "counter", help);
    fprintf(f, "%s %llu\n", name, (unsigned long long) v);
}

static void write_counters(FILE *f, const uint64_t *c, bool sql)
{
    static const char *const kinds[] = {"read", "write", "other"};
    const uint64_t q[] = {c[STAT_READS], c[STAT_WRITES], c[STAT_OTHER]};

    write_counter(f, "bench_events_total",
                  "Events finished (the report's total number of events).",
                  c[STAT_EVENTS]);
    if (sql) {
        write_counter(f, "bench_transactions_total",
                      "Transactions (the report's transactions).",
                      c[STAT_EVENTS]);
        head(f, "bench_queries_total", "counter",
             "Queries by sysbench's class: read, write, other.");
        for (int i = 0; i < 3; i++)
            fprintf(f, "bench_queries_total{kind=\"%s\"} %llu\n", kinds[i],
                    (unsigned long long) q[i]);
    }
    write_counter(f, "bench_errors_total",
                  "Errors: ignored ones and failed reconnects.",
                  c[STAT_ERRORS]);
    write_counter(f, "bench_reconnects_total", "Reconnects.",
                  c[STAT_RECONNECTS]);
}

/* Errors by native code and SQLSTATE, when bench measures them (detail.h):
 * the ignored ones and the one that stopped the run, as the report's
 * "errors by code" section counts them. */
static void write_errors(FILE *f, const struct detail_snapshot *d)
{
    if (!d) return;
    head(f, "bench_errors_by_code_total", "counter",
         "Errors by native code (-1: codes beyond the first 16) and SQLSTATE.");
    for (unsigned i = 0; i < d->nerrors; i++) {
        const struct detail_error_count *e = &d->errors[i];
        char code[16];

        snprintf(code, sizeof(code), "%d", e->code);
        fputs("bench_errors_by_code_total{", f);
        label(f, "code", code, true);
        label(f, "sqlstate", e->sqlstate, true);
        label(f, "fatal", e->fatal ? "true" : "false", false);
        fprintf(f, "} %llu\n", (unsigned long long) e->n);
    }
}

/* Per statement kind, when bench measures them (detail.h). */
static void write_kinds(FILE *f, const struct detail_snapshot *d)
{
    static const char *const cls[] = {"other", "read", "write", "failed"};

    if (!d) return;
    head(f, "bench_statements_total", "counter",
         "Queries by statement kind and class (failed: an error).");
    for (unsigned k = 0; k < d->nkinds; k++)
        for (int c = 0; c < DETAIL_NCLASS; c++) {
            if (d->kinds[k].n[c] == 0) continue;
            fputs("bench_statements_total{", f);
            label(f, "kind", detail_kind_name(k), true);
            label(f, "class", cls[c], false);
            fprintf(f, "} %llu\n", (unsigned long long) d->kinds[k].n[c]);
        }
}

/* -- Latency ----------------------------------------------------------- */

static void write_latency(FILE *f, const struct hist *lat)
{
    uint64_t bounds[NBUCKETS], le[NBUCKETS], n = hist_count(lat);

    for (size_t i = 0; i < NBUCKETS; i++)
        bounds[i] = (uint64_t) (bucket_s[i] * 1e9 + 0.5);
    hist_count_le(lat, bounds, NBUCKETS, le);
    if (le[NBUCKETS - 1] > n) n = le[NBUCKETS - 1];
    head(f, "bench_latency_seconds", "histogram",
         "Event latency (from the intended start under --rate).");
    for (size_t i = 0; i < NBUCKETS; i++)
        fprintf(f, "bench_latency_seconds_bucket{le=\"%g\"} %llu\n",
                bucket_s[i], (unsigned long long) le[i]);
    fprintf(f, "bench_latency_seconds_bucket{le=\"+Inf\"} %llu\n",
            (unsigned long long) n);
    fprintf(f, "bench_latency_seconds_sum %.9f\n",
            (double) hist_sum_ns(lat) / 1e9);
    fprintf(f, "bench_latency_seconds_count %llu\n", (unsigned long long) n);
}

static void write_quantile(FILE *f, const struct hist *lat, double pct)
{
    uint64_t ns = hist_count(lat) ? hist_percentile_ns(lat, pct) : 0;

    /* %.10g of pct/100: 99.9 reads 0.999, not 0.9990000000000001. */
    fprintf(f, "bench_latency_summary_seconds{quantile=\"%.10g\"} %.9f\n",
            pct / 100, (double) ns / 1e9);
}

/* The quantiles of the whole run so far, from the merged latency record
 * by the report's own rule (hist_percentile_ns), so the final push's p95
 * is the report's "95th percentile:"; the buckets above only bound them.
 * Its own name: a family is a histogram or a summary, never both. */
static void write_summary(FILE *f, const struct metrics_config *c,
                          const struct hist *lat)
{
    head(f, "bench_latency_summary_seconds", "summary",
         "Event latency quantiles of the run so far, exact to 0.1% (the "
         "report's percentiles).");
    for (size_t i = 0; i < NQUANTILES; i++)
        write_quantile(f, lat, quantile_pct[i]);
    for (unsigned i = 0; i < c->npercentiles; i++) {
        bool dup = false;
        for (size_t j = 0; j < NQUANTILES; j++)
            dup = dup || c->percentiles[i] == quantile_pct[j];
        for (unsigned j = 0; j < i; j++)
            dup = dup || c->percentiles[i] == c->percentiles[j];
        if (!dup) write_quantile(f, lat, c->percentiles[i]);
    }
    fprintf(f, "bench_latency_summary_seconds_sum %.9f\n",
            (double) hist_sum_ns(lat) / 1e9);
    fprintf(f, "bench_latency_summary_seconds_count %llu\n",
            (unsigned long long) hist_count(lat));
}

/* --latency-limit's figures, as the extended report counts them: events
 * whose latency is over the limit (report_late_events' rule), and under
 * --rate the arrivals skipped, already that late when their turn came. */
static void write_late(FILE *f, const struct metrics_config *c,
                       const struct stats_snapshot *s)
{
    uint64_t le = 0, n = hist_count(s->lat);

    if (!c->latency_limit_ns) return;
    hist_count_le(s->lat, &c->latency_limit_ns, 1, &le);
    write_counter(f, "bench_events_late_total",
                  "Events slower than --latency-limit.", n > le ? n - le : 0);
    write_counter(f, "bench_events_skipped_total",
                  "Events skipped under --rate: already later than "
                  "--latency-limit when their turn came.",
                  s->c[STAT_SKIPPED]);
    head(f, "bench_latency_limit_seconds", "gauge", "--latency-limit.");
    fprintf(f, "bench_latency_limit_seconds %.9f\n",
            (double) c->latency_limit_ns / 1e9);
}

/* -- The process and the whole text ----------------------------------- */

static double elapsed_s(const struct metrics *m)
{
    uint64_t t0, now;

    if (m->detached) return m->final_elapsed_s;
    t0  = pool_warmup_end_ns();
    now = clock_now_ns();
    return t0 && now > t0 ? (double) (now - t0) / 1e9 : 0.0;
}

static void write_process(FILE *f, const struct metrics *m)
{
    struct rusage ru;

    if (getrusage(RUSAGE_SELF, &ru) == 0) {
        head(f, "bench_client_cpu_seconds_total", "counter",
             "CPU time of the bench process, by mode.");
        fprintf(f,
                "bench_client_cpu_seconds_total{mode=\"user\"} %ld.%06ld\n"
                "bench_client_cpu_seconds_total{mode=\"system\"} %ld.%06ld\n",
                (long) ru.ru_utime.tv_sec, (long) ru.ru_utime.tv_usec,
                (long) ru.ru_stime.tv_sec, (long) ru.ru_stime.tv_usec);
    }
    head(f, "bench_threads_running", "gauge", "Workers not yet finished.");
    fprintf(f, "bench_threads_running %u\n", m->detached ? 0 : pool_running());
    head(f, "bench_elapsed_seconds", "gauge",
         "Time since the measured run began (after --warmup-time).");
    fprintf(f, "bench_elapsed_seconds %.3f\n", elapsed_s(m));
}

char *metrics_render(struct metrics *m, size_t *len)
{
    char *buf = NULL;
    bool sql  = m->cfg.labels.sql && m->cfg.labels.sql();
    FILE *f   = open_memstream(&buf, len);

    if (!f) return NULL;
    write_info(f, &m->cfg.labels, sql);
    if (m->attached && !m->detached && stats_collect(&m->snap, m->hists) != 0) {
        fclose(f);
        free(buf);
        return NULL;
    }
    if (m->attached) {
        write_counters(f, m->snap.c, sql);
        write_late(f, &m->cfg, &m->snap);
        if (sql) write_kinds(f, m->snap.detail);
        if (sql) write_errors(f, m->snap.detail);
        write_latency(f, m->snap.lat);
        write_summary(f, &m->cfg, m->snap.lat);
        write_process(f, m);
    }
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}
