/* SPDX-License-Identifier: MIT */
/* report: see report.h. Every format string here is sysbench 1.0.20's
 * (sysbench-reference.md sections 6.2 and 6.3) unless marked 1.1. */
#include <math.h>
#include <stdio.h>

#include "clock.h"
#include "measure/hist.h"
#include "log.h"
#include "report.h"
#include "measure/stats.h"

double report_ms(uint64_t ns)
{
    return (double) ns / 1e6;
}

double report_s(uint64_t ns)
{
    return (double) ns / 1e9;
}

static double per_s(uint64_t n, const struct report_data *r)
{
    return r->time_interval_s > 0 ? (double) n / r->time_interval_s : 0;
}

uint64_t report_percentile_ns(const struct report_data *r)
{
    if (r->percentile_list && r->npercentiles > 0)
        return hist_percentile_ns(r->delta->lat, r->percentiles[0]);
    if (r->percentile <= 0) return 0;
    return hist_percentile_ns(r->delta->lat, r->percentile);
}

uint64_t report_late_events(const struct report_data *r)
{
    uint64_t le;

    if (!r->latency_limit_ns) return 0;
    hist_count_le(r->delta->lat, &r->latency_limit_ns, 1, &le);
    return hist_count(r->delta->lat) - le;
}

#define say(...) log_stamped(LOG_NOTICE, __VA_ARGS__)

bool report_percentile_list(const struct report_data *r, char *labels,
                            size_t lsize, char *values, size_t vsize)
{
    size_t l = 0, v = 0;

    if (!r->percentile_list || lsize == 0 || vsize == 0) return false;
    labels[0] = values[0] = '\0';
    for (unsigned i = 0; i < r->npercentiles; i++) {
        const char *sep = i ? "/" : "";
        double ms =
            report_ms(hist_percentile_ns(r->delta->lat, r->percentiles[i]));
        if (l < lsize)
            l += (size_t) snprintf(labels + l, lsize - l, "%s%g", sep,
                                   r->percentiles[i]);
        if (v < vsize)
            v += (size_t) snprintf(values + v, vsize - v, "%s%4.2f", sep, ms);
    }
    return true;
}

/* The interval line's "lat (ms,95%): 1.23", or with a percentile list
 * "lat (ms,50/99/99.9%): 0.12/1.23/4.56" (bench's form). */
static void lat_field(const struct report_data *r, char *buf, size_t size)
{
    char labels[REPORT_MAX_PERCENTILES * 12],
        values[REPORT_MAX_PERCENTILES * 24];

    if (report_percentile_list(r, labels, sizeof(labels), values,
                               sizeof(values)))
        snprintf(buf, size, "lat (ms,%s%%): %s", labels, values);
    else
        snprintf(buf, size, "lat (ms,%u%%): %4.2f", (unsigned) r->percentile,
                 report_ms(report_percentile_ns(r)));
}

void report_intermediate(const struct report_data *r)
{
    const uint64_t *c = r->delta->c;
    char lat[REPORT_MAX_PERCENTILES * 40];

    lat_field(r, lat, sizeof(lat));

    if (r->style == REPORT_SQL) {
        say("[ %.0fs ] thds: %u tps: %4.2f qps: %4.2f (r/w/o: "
            "%4.2f/%4.2f/%4.2f) %s err/s: %4.2f reconn/s: %4.2f",
            r->time_label_s, r->threads_running, per_s(c[STAT_EVENTS], r),
            per_s(c[STAT_READS] + c[STAT_WRITES] + c[STAT_OTHER], r),
            per_s(c[STAT_READS], r), per_s(c[STAT_WRITES], r),
            per_s(c[STAT_OTHER], r), lat, per_s(c[STAT_ERRORS], r),
            per_s(c[STAT_RECONNECTS], r));
        if (r->rate_mode)
            say("[ %.0fs ] queue length: %llu, concurrency: %llu",
                r->time_label_s, (unsigned long long) r->queue_length,
                (unsigned long long) r->concurrency);
        return;
    }
    say("[ %.0fs ] thds: %u eps: %4.2f %s", r->time_label_s, r->threads_running,
        per_s(c[STAT_EVENTS], r), lat);
    if (r->rate_mode)
        say("[ %.0fs ] queue length: %llu concurrency: %llu", r->time_label_s,
            (unsigned long long) r->queue_length,
            (unsigned long long) r->concurrency);
}

static void sql_line(const char *label, uint64_t n, const struct report_data *r)
{
    char count[32];
    snprintf(count, sizeof(count), "%-6llu", (unsigned long long) n);
    say("    %-37s%s (%.2f per sec.)", label, count, per_s(n, r));
}

static void report_sql_block(const struct report_data *r)
{
    const uint64_t *c = r->delta->c;
    uint64_t total    = c[STAT_READS] + c[STAT_WRITES] + c[STAT_OTHER];

    say("SQL statistics:");
    say("    queries performed:");
    say("        read:                            %llu",
        (unsigned long long) c[STAT_READS]);
    say("        write:                           %llu",
        (unsigned long long) c[STAT_WRITES]);
    say("        other:                           %llu",
        (unsigned long long) c[STAT_OTHER]);
    say("        total:                           %llu",
        (unsigned long long) total);
    sql_line("transactions:", c[STAT_EVENTS], r);
    sql_line("queries:", total, r);
    sql_line("ignored errors:", c[STAT_ERRORS], r);
    sql_line("reconnects:", c[STAT_RECONNECTS], r);
}

void report_cumulative(const struct report_data *r)
{
    if (r->style == REPORT_SQL) report_sql_block(r);
    report_generic(r);
}

static void report_latency(const struct report_data *r)
{
    const struct hist *h = r->delta->lat;
    uint64_t n = hist_count(h), sum = hist_sum_ns(h);
    double avg = n ? report_ms(sum) / (double) n : 0.0;
    /* min and max are bucket midpoints (within 0.05%) while avg is exact:
     * keep min <= avg <= max, which one event would otherwise break. */
    double min = fmin(report_ms(hist_min_ns(h)), avg);
    double max = fmax(report_ms(hist_max_ns(h)), avg);

    say("Latency (ms):");
    say("         min: %39.2f", min);
    say("         avg: %39.2f", avg);
    say("         max: %39.2f", max);
    if (r->percentile_list) /* PD-14: a line each, aligned as sysbench's */
        for (unsigned i = 0; i < r->npercentiles; i++) {
            char label[32];
            int len = snprintf(label, sizeof(label),
                               "%3gth percentile:", r->percentiles[i]);
            say("        %s %*.2f", label, 44 - len,
                report_ms(hist_percentile_ns(h, r->percentiles[i])));
        }
    else if (r->percentile > 0)
        say("        %3dth percentile: %27.2f", r->percentile,
            report_ms(report_percentile_ns(r)));
    else
        say("         percentile stats:               disabled");
    say("         sum: %39.2f", report_ms(sum));
    say("%s", "");
}

void report_generic(const struct report_data *r)
{
    const struct stats_snapshot *d = r->delta;
    double ev_mean, ev_sd, t_mean, t_sd;

    if (r->unfinished > 0) {
        say("%s", "");
        say("Number of unfinished transactions on forced shutdown: %llu",
            (unsigned long long) r->unfinished);
    }
    say("%s", "");
    if (r->profile_m) { /* 1.1 */
        say("Throughput:");
        say("    events/s (eps):                      %.4f",
            per_s(d->c[STAT_EVENTS], r));
        say("    time elapsed:                        %.4fs", r->time_total_s);
    } else {
        say("General statistics:");
        say("    total time:                          %.4fs", r->time_total_s);
    }
    say("    total number of events:              %llu",
        (unsigned long long) d->c[STAT_EVENTS]);
    say("%s", "");
    report_latency(r);
    if (r->fairness) {
        ev_mean = r->fairness[0];
        ev_sd   = r->fairness[1];
        t_mean  = r->fairness[2];
        t_sd    = r->fairness[3];
    } else { /* --virtual-users: over the users, as sysbench's threads */
        struct stats_fairness f;
        stats_fairness(d, true, &f);
        ev_mean = f.events_avg;
        ev_sd   = f.events_sd;
        t_mean  = f.time_avg_s;
        t_sd    = f.time_sd_s;
    }
    say("Threads fairness:");
    say("    events (avg/stddev):           %.4f/%3.2f", ev_mean, ev_sd);
    say("    execution time (avg/stddev):   %.4f/%3.2f", t_mean, t_sd);
    say("%s", "");
}

void report_debug_threads(const struct report_data *r,
                          struct hist *const *hists)
{
    log_debug("Verbose per-thread statistics:");
    say("%s", "");
    for (unsigned t = 0; t < r->delta->nthreads; t++) {
        const struct hist *h = hists[t];
        uint64_t n           = hist_count(h);
        log_stamped(LOG_DEBUG,
                    "    thread #%3u: min: %.4fs  avg: %.4fs  max: %.4fs  "
                    "events: %llu",
                    t, report_s(hist_min_ns(h)),
                    n ? report_s(hist_sum_ns(h)) / (double) n : 0.0,
                    report_s(hist_max_ns(h)), (unsigned long long) n);
        log_stamped(LOG_DEBUG,
                    "                 total time taken by event execution: "
                    "%.4fs",
                    report_s(hist_sum_ns(h)));
    }
    say("%s", "");
}
