/* SPDX-License-Identifier: MIT */
/* merge_report: what `bench merge` prints (merge_internal.h): the inputs
 * it combined and sysbench's report of the combined run, through
 * report.c's formatter, from the merged document. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "measure/hist.h"
#include "measure/stats.h"
#include "merge_internal.h"
#include "report/report.h"
#include "version.h"
#include "wallclock.h"

static const char *or_none(const char *s)
{
    return s ? s : "(standard input)";
}

/* -- The report ------------------------------------------------------------ */

/* The percentile settings of report.c from the document's list: one whole
 * number is sysbench's form, anything else a list. */
static void report_percentiles(struct report_data *r, json_t *pcts, double *buf)
{
    size_t n = json_array_size(pcts);

    r->npercentiles = 0;
    for (size_t i = 0; i < n && i < REPORT_MAX_PERCENTILES; i++)
        buf[r->npercentiles++] = json_number_value(json_array_get(pcts, i));
    r->percentiles     = buf;
    r->percentile      = n ? (int) lround(buf[0]) : 0;
    r->percentile_list = n > 1 || (n == 1 && buf[0] != floor(buf[0]));
}

static void counts_of(json_t *period, double secs, uint64_t *c)
{
    c[STAT_EVENTS] = (uint64_t) llround(result_num(period, "events", 0));
    if (result_get(period, "queries")) {
        c[STAT_READS]      = (uint64_t) result_num(period, "queries.read", 0);
        c[STAT_WRITES]     = (uint64_t) result_num(period, "queries.write", 0);
        c[STAT_OTHER]      = (uint64_t) result_num(period, "queries.other", 0);
        c[STAT_ERRORS]     = (uint64_t) result_num(period, "errors", 0);
        c[STAT_RECONNECTS] = (uint64_t) result_num(period, "reconnects", 0);
        return;
    }
    /* An interval has rates only: back to counts over its length. */
    c[STAT_EVENTS] = (uint64_t) llround(result_num(period, "tps", 0) * secs);
    c[STAT_READS] =
        (uint64_t) llround(result_num(period, "qps.read", 0) * secs);
    c[STAT_WRITES] =
        (uint64_t) llround(result_num(period, "qps.write", 0) * secs);
    c[STAT_OTHER] =
        (uint64_t) llround(result_num(period, "qps.other", 0) * secs);
    c[STAT_ERRORS] =
        (uint64_t) llround(result_num(period, "errors_per_s", 0) * secs);
    c[STAT_RECONNECTS] =
        (uint64_t) llround(result_num(period, "reconnects_per_s", 0) * secs);
}

static void print_intervals(const struct merge *m, struct report_data *r)
{
    json_t *ivs = json_object_get(m->out, "intervals"), *iv;
    struct stats_snapshot s;
    size_t i;

    memset(&s, 0, sizeof(s));
    json_array_foreach(ivs, i, iv) /* one per cell, in order */
    {
        size_t k = m->cells[i].k + 1;
        memset(s.c, 0, sizeof(s.c));
        counts_of(iv, m->grid_s, s.c);
        s.lat              = m->cell_hists[i];
        r->delta           = &s;
        r->time_total_s    = (double) k * m->grid_s;
        r->time_label_s    = r->time_total_s;
        r->time_interval_s = m->grid_s;
        r->threads_running = (unsigned) result_num(iv, "threads", 0);
        r->queue_length    = (uint64_t) result_num(iv, "queue_length", 0);
        r->concurrency     = (uint64_t) result_num(iv, "concurrency", 0);
        report_intermediate(r);
    }
}

void merge_print_report(const struct merge *m)
{
    json_t *out = m->out, *tot = json_object_get(out, "totals");
    struct stats_snapshot s;
    struct report_data r = {0};
    double pbuf[REPORT_MAX_PERCENTILES], fairness[4];
    unsigned threads = m->threads;

    memset(&s, 0, sizeof(s));
    r.profile_m =
        strcmp(result_str(out, "bench.compat") ? result_str(out, "bench.compat")
                                               : "",
               "1.1") == 0;
    r.style     = json_is_null(json_object_get(out, "database")) ||
                      !json_object_get(out, "database")
                      ? REPORT_GENERIC
                      : REPORT_SQL;
    r.rate_mode = result_get(out, "rate") != NULL;
    report_percentiles(&r, json_object_get(out, "percentiles"), pbuf);
    print_intervals(m, &r);
    if (json_array_size(json_object_get(out, "intervals"))) printf("\n");
    fairness[0] = result_num(tot, "fairness.events_avg", 0);
    fairness[1] = result_num(tot, "fairness.events_stddev", 0);
    fairness[2] = result_num(tot, "fairness.time_avg_s", 0);
    fairness[3] = result_num(tot, "fairness.time_stddev_s", 0);
    r.fairness  = fairness;
    s.nthreads  = threads;
    counts_of(tot, 0, s.c);
    s.lat             = m->total;
    r.delta           = &s;
    r.time_total_s    = result_num(tot, "time_s", 0);
    r.time_interval_s = r.time_total_s;
    r.threads_running = threads;
    r.unfinished      = (uint64_t) result_num(tot, "unfinished", 0);
    report_cumulative(&r);
}

/* An input's command line (secrets already masked in the document). */
static void print_command_line(json_t *argv)
{
    json_t *a;
    size_t i;

    printf("   ");
    json_array_foreach(argv, i, a)
    {
        printf(" %s", json_string_value(a) ? json_string_value(a) : "?");
    }
    printf("\n");
}

/* Inputs whose run did not complete (--allow-partial took them). */
static void print_partial(const struct merge *m)
{
    char why[400];

    for (size_t i = 0; i < m->n; i++)
        if (!result_run_complete(m->in[i].doc.root, why, sizeof(why)))
            printf("Note: %s: the run %s (--allow-partial): the merged run "
                   "is partial.\n",
                   m->in[i].doc.path, why);
}

void merge_print_inputs(const struct merge *m)
{
    char banner[256], a[40], b[40];
    json_t *r0 = m->in[0].doc.root;

    version_banner(banner, sizeof(banner), false);
    printf("%s\n\n", banner);
    printf("Merging %zu result documents of %s %s:\n", m->n,
           or_none(result_str(r0, "test")), or_none(result_str(r0, "command")));
    for (size_t i = 0; i < m->n; i++) {
        json_t *r = m->in[i].doc.root;
        wallclock_format((int64_t) llround(m->in[i].doc.start_s * 1e9), a,
                         sizeof(a));
        wallclock_format((int64_t) llround(m->in[i].doc.end_s * 1e9), b,
                         sizeof(b));
        printf("  %s: %s, %u threads, %s to %s\n", m->in[i].doc.path,
               result_str(r, "host.hostname") ? result_str(r, "host.hostname")
                                              : "?",
               m->in[i].threads, a, b);
        print_command_line(result_get(r, "command_line"));
    }
    print_partial(m);
    if (m->unaligned[0])
        printf("Note: %s: the runs did not start together, merged "
               "anyway.\n",
               m->unaligned);
    if (m->grid_s <= 0)
        printf("No interval records (run without --report-interval).\n\n");
    else if (m->aligned)
        printf("Intervals of %g s, aligned on the wall clock.\n\n", m->grid_s);
    else {
        char buf[256];
        merge_grid_note(m, buf, sizeof(buf));
        printf("Note: %s.\n\n", buf);
    }
}
