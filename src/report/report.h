/* SPDX-License-Identifier: MIT */
/* report: THE formatter of sysbench's report text (intermediate lines and
 * the cumulative block), in both the 1.0 and 1.1 profiles. Formatting only:
 * the numbers come from a stats delta prepared by the caller. Lines go to
 * stdout through log.c at NOTICE level. */
#ifndef BENCH_REPORT_H
#define BENCH_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct stats_snapshot;

enum report_style {
    REPORT_GENERIC, /* thds/eps/lat */
    REPORT_SQL,     /* tps/qps (r/w/o); once a DB driver was initialised */
};

/* Most percentiles --percentile may list. */
#define REPORT_MAX_PERCENTILES 16

struct report_data {
    double time_total_s;    /* since start, warmup excluded */
    double time_interval_s; /* since the previous report of the same kind */
    /* The text lines' `[ Ns ]` label (RT-8): the interval slot reached,
     * floor(time_total_s / interval) * interval, or the checkpoint's own
     * second, so a late report neither repeats nor skips a label. Rates,
     * machine formats and hooks use the times above. */
    double time_label_s;
    unsigned threads_running;
    const struct stats_snapshot *delta; /* counts and latencies of the period */
    int percentile;                     /* 0: disabled */
    uint64_t queue_length;              /* --rate backlog */
    uint64_t concurrency;               /* events in flight */
    uint64_t unfinished;                /* forced shutdown: events cut short */
    bool rate_mode;
    bool profile_m; /* --compat=1.1 */
    enum report_style style;
    /* --percentile as given: one whole number (sysbench's form, then
     * percentiles[0] == percentile and percentile_list false) or a list
     * or fractions (percentile_list true; `percentile` is then the first,
     * rounded, for what needs sysbench's int). Values in (0, 100]. The
     * period's other figures (per statement kind, --rate service time and
     * lag, self-check) are delta->detail (detail.h; NULL when off). */
    const double *percentiles;
    unsigned npercentiles; /* 0 with --percentile=0 */
    bool percentile_list;
    /* --latency-limit (0: none): the events of the period slower than it
     * are counted from delta->lat (report_late_events); those skipped
     * under --rate are delta->c[STAT_SKIPPED]. */
    uint64_t latency_limit_ns;
    /* Threads fairness given rather than computed from the delta's
     * per-thread figures: events avg, stddev, time avg (s), stddev
     * (bench merge, whose inputs keep only these). NULL: computed. */
    const double *fairness;
};

/* The one-line interval report, plus the rate line under --rate. */
void report_intermediate(const struct report_data *r);
/* The SQL statistics block (REPORT_SQL only), then the generic block. */
void report_cumulative(const struct report_data *r);
/* Only the generic block (General statistics/Throughput, Latency,
 * Threads fairness), for workloads that print their own block first. */
void report_generic(const struct report_data *r);
/* --debug: per-thread min/avg/max/events after the cumulative report, from
 * each worker's whole-run record `hists[i]`. */
struct hist;
void report_debug_threads(const struct report_data *r,
                          struct hist *const *hists);

/* bench's sections after the final report (--extended-report=on; in
 * report_extended.c): the percentile list, and with r->delta->detail the
 * --rate, statement kind and self-check sections. */
void report_extended(const struct report_data *r);
/* The one WARNING line of a client-bound run (detail.h's verdict). */
struct detail_verdict;
void report_client_warning(const struct detail_verdict *v);
/* Its text, without the "WARNING: " prefix (the result document's). */
void report_client_warning_text(const struct detail_verdict *v, char *buf,
                                size_t size);
/* "50/99/99.9" and "a/b/c" (ms, %4.2f each) of the period's percentile
 * list, for interval lines; returns false without a list. */
bool report_percentile_list(const struct report_data *r, char *labels,
                            size_t lsize, char *values, size_t vsize);

/* Conversion helpers shared with the Lua stat tables. */
double report_ms(uint64_t ns);
double report_s(uint64_t ns);
/* Latency percentile of the period in ns (0 when disabled or empty). */
uint64_t report_percentile_ns(const struct report_data *r);
/* --latency-limit: the period's events slower than the limit, from its
 * latency record (to the record's 0.05%); 0 without a limit. */
uint64_t report_late_events(const struct report_data *r);

#endif
