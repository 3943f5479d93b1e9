/* SPDX-License-Identifier: MIT */
/* report_extended: bench's sections after sysbench's final report
 * (--extended-report=on, PD-10), each only where it applies: the
 * percentile list, --rate's latency from the intended start beside the
 * service time and the start lag, latency per statement kind, and the
 * client self-check; and the client-bound WARNING line. Formats are
 * bench's own (docs/results.md). */
#include <inttypes.h>
#include <stdio.h>

#include "measure/detail.h"
#include "measure/hist.h"
#include "log.h"
#include "report.h"
#include "measure/stats.h"

#define say(...) log_stamped(LOG_NOTICE, __VA_ARGS__)

/* "99.9th" for a percentile; whole ones without a fraction. */
static void pct_label(char *buf, size_t size, double pct)
{
    snprintf(buf, size, "%gth", pct);
}

static double avg_ms(const struct hist *h)
{
    uint64_t n = hist_count(h);
    return n ? report_ms(hist_sum_ns(h)) / (double) n : 0.0;
}

/* Decimals for a latency of `ms` in these sections (PD-14): three, or
 * below 0.1 ms as many as three significant digits need (a 50 ns event
 * is 0.0000500, not 0.000), at most nine (a thousandth of a ns, for an
 * average). sysbench's own lines keep its %.2f (report.c). */
static int ms_decimals(double ms)
{
    int decimals     = 3;
    double threshold = 0.1;

    while (ms > 0 && ms < threshold && decimals < 9) {
        threshold /= 10;
        decimals++;
    }
    return decimals;
}

static void percentile_list(const struct report_data *r)
{
    const struct hist *h = r->delta->lat;

    if (!r->percentile_list) return;
    say("Latency percentiles (ms):");
    for (unsigned i = 0; i < r->npercentiles; i++) {
        char label[32];
        double ms = report_ms(hist_percentile_ns(h, r->percentiles[i]));
        pct_label(label, sizeof(label), r->percentiles[i]);
        say("         %-10s %33.*f", label, ms_decimals(ms), ms);
    }
    say("%s", "");
}

/* One row of the --rate table: `what` of the three records. */
static void rate_row(const char *label, const struct hist *const h[3],
                     double pct, int what)
{
    double v[3];

    for (int i = 0; i < 3; i++)
        v[i] = what == 0   ? report_ms(hist_min_ns(h[i]))
               : what == 1 ? avg_ms(h[i])
               : what == 2 ? report_ms(hist_max_ns(h[i]))
                           : report_ms(hist_percentile_ns(h[i], pct));
    say("    %-22s %14.*f %14.*f %14.*f", label, ms_decimals(v[0]), v[0],
        ms_decimals(v[1]), v[1], ms_decimals(v[2]), v[2]);
}

static void rate_section(const struct report_data *r)
{
    const struct detail_snapshot *d   = r->delta->detail;
    const struct hist *h[3]           = {r->delta->lat, d->service, d->lag};
    static const char *const names[3] = {"min:", "avg:", "max:"};

    if (!d->rate_mode) return;
    say("Latency under --rate (ms):");
    say("    %-22s %14s %14s %14s", "", "from intended", "service time",
        "start lag");
    for (int i = 0; i < 3; i++)
        rate_row(names[i], h, 0, i);
    for (unsigned i = 0; i < r->npercentiles; i++) {
        char label[40];
        snprintf(label, sizeof(label), "%g%%:", r->percentiles[i]);
        rate_row(label, h, r->percentiles[i], 3);
    }
    say("%s", "");
}

/* --latency-limit, as pgbench reports it: events over the limit among
 * those run, and under --rate the arrivals skipped among all. */
static void limit_section(const struct report_data *r)
{
    uint64_t n = hist_count(r->delta->lat), late = report_late_events(r);
    uint64_t skipped = r->delta->c[STAT_SKIPPED];

    if (!r->latency_limit_ns) return;
    say("Latency limit (%g ms):", (double) r->latency_limit_ns / 1e6);
    say("    events over it:                      %" PRIu64 " (%.2f%%)", late,
        n ? 100.0 * (double) late / (double) n : 0.0);
    if (r->rate_mode)
        say("    skipped, already late to start:      %" PRIu64 " (%.2f%%)",
            skipped,
            n + skipped ? 100.0 * (double) skipped / (double) (n + skipped)
                        : 0.0);
    say("%s", "");
}

static void kind_section(const struct report_data *r)
{
    const struct detail_snapshot *d = r->delta->detail;
    uint64_t total                  = 0;

    for (unsigned k = 0; k < d->nkinds; k++)
        total += hist_count(d->kinds[k].lat);
    if (total == 0) return;
    say("Latency by statement kind (ms):");
    say("    %-20s %10s %8s %10s %10s %10s %10s", "kind", "count", "errors",
        "avg", "95%", "99%", "max");
    for (unsigned k = 0; k < d->nkinds; k++) {
        const struct detail_kind_stats *s = &d->kinds[k];
        const struct hist *h              = s->lat;
        double v[4];
        if (hist_count(h) == 0) continue;
        v[0] = avg_ms(h);
        v[1] = report_ms(hist_percentile_ns(h, 95));
        v[2] = report_ms(hist_percentile_ns(h, 99));
        v[3] = report_ms(hist_max_ns(h));
        say("    %-20s %10llu %8llu %10.*f %10.*f %10.*f %10.*f",
            detail_kind_name(k),
            (unsigned long long) (s->n[DETAIL_READ] + s->n[DETAIL_WRITE] +
                                  s->n[DETAIL_OTHER]),
            (unsigned long long) s->n[DETAIL_FAILED], ms_decimals(v[0]), v[0],
            ms_decimals(v[1]), v[1], ms_decimals(v[2]), v[2], ms_decimals(v[3]),
            v[3]);
    }
    say("%s", "");
}

static void error_section(const struct report_data *r)
{
    const struct detail_snapshot *d = r->delta->detail;

    if (d->nerrors == 0) return;
    say("Errors by code:");
    for (unsigned i = 0; i < d->nerrors; i++) {
        const struct detail_error_count *e = &d->errors[i];
        char code[32];
        if (e->code < 0)
            snprintf(code, sizeof(code), "others");
        else if (e->sqlstate[0])
            snprintf(code, sizeof(code), "%d (%s)", e->code, e->sqlstate);
        else
            snprintf(code, sizeof(code), "%d", e->code);
        say("    %-24s %-8s %10llu", code, e->fatal ? "fatal" : "ignored",
            (unsigned long long) e->n);
    }
    say("%s", "");
}

static void check_line(const char *label, uint64_t ns, unsigned n,
                       uint64_t wall_ns)
{
    double s = n ? report_s(ns) / n : 0;

    if (wall_ns)
        say("    %-34s %10.4fs (%5.1f%%)", label, s,
            100.0 * (double) ns / (double) wall_ns);
    else
        say("    %-34s %10.4fs", label, s);
}

static void selfcheck_section(const struct report_data *r)
{
    const struct detail_snapshot *d  = r->delta->detail;
    const struct detail_selfcheck *c = &d->total;
    unsigned n                       = d->nthreads;
    struct detail_verdict v          = detail_verdict(c, n);

    say("Client self-check (per worker, average):");
    check_line("run time:", c->wall_ns, n, 0);
    check_line("on a CPU:", c->cpu_ns, n, c->wall_ns);
    check_line("waiting for a CPU:", c->runq_ns, n, c->wall_ns);
    check_line("waiting for the --rate schedule:", c->schedule_ns, n,
               c->wall_ns);
    check_line("waiting for the server or I/O:", c->server_ns, n, c->wall_ns);
    check_line("in events:", c->event_ns, n, c->wall_ns);
    check_line("    in the driver:", c->driver_ns, n, c->wall_ns);
    check_line("    in the script or kernel:", c->script_ns, n, c->wall_ns);
    say("    busy (on a CPU when not waiting for one): %5.1f%%, %.2f CPUs",
        100.0 * v.busy, v.cpus);
    say("%s", "");
}

static void record_flags(const struct report_data *r)
{
    uint64_t lost = hist_unrecorded(r->delta->lat);

    /* PD-4: a value is never clamped; one the record could not hold (no
     * memory for its bucket) is still counted, and said here. */
    if (lost > 0)
        say("Latency record: %llu values counted in avg but in no bucket "
            "(out of memory): min, max and percentiles leave them out",
            (unsigned long long) lost);
}

static void fairness_rows(const char *unit, const struct stats_fairness *f)
{
    char label[40];

    snprintf(label, sizeof(label), "events per %s:", unit);
    say("    %-24s %12.4f %12.4f %12llu %12llu", label, f->events_avg,
        f->events_sd, (unsigned long long) f->events_min,
        (unsigned long long) f->events_max);
    snprintf(label, sizeof(label), "time per %s (s):", unit);
    say("    %-24s %12.4f %12.4f %12.4f %12.4f", label, f->time_avg_s,
        f->time_sd_s, report_s(f->time_min_ns), report_s(f->time_max_ns));
}

/* --virtual-users: sysbench's Threads fairness shows the users; this adds
 * their extremes and the same figures per worker thread. */
static void users_section(const struct report_data *r)
{
    struct stats_fairness u, t;

    if (r->delta->nusers == 0 || r->fairness) return;
    stats_fairness(r->delta, true, &u);
    stats_fairness(r->delta, false, &t);
    say("Fairness (%u virtual users on %u threads):", u.n, t.n);
    say("    %-24s %12s %12s %12s %12s", "", "avg", "stddev", "min", "max");
    fairness_rows("user", &u);
    fairness_rows("thread", &t);
    say("%s", "");
}

void report_extended(const struct report_data *r)
{
    percentile_list(r);
    limit_section(r);
    users_section(r);
    record_flags(r);
    if (!r->delta->detail) return;
    rate_section(r);
    if (r->style == REPORT_SQL) kind_section(r);
    error_section(r);
    selfcheck_section(r);
}

void report_client_warning_text(const struct detail_verdict *v, char *buf,
                                size_t size)
{
    snprintf(buf, size,
             "the client limited this result: its workers spent %.0f%% of "
             "their time on a CPU rather than waiting for the server (%.2f "
             "CPUs)",
             100.0 * v->busy, v->cpus);
}

void report_client_warning(const struct detail_verdict *v)
{
    char text[256];

    report_client_warning_text(v, text, sizeof(text));
    log_warn("%s", text);
}
