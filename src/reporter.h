/* SPDX-License-Identifier: MIT */
/* reporter: the reporting side of a run. A thread that wakes at interval
 * and checkpoint times (aligned to the start, skipping missed slots),
 * merges the workers' counters and latency records, and prints through
 * report.c or the script's hooks; plus the final report in the main
 * thread. Part of run.c's domain: only run.c uses it. */
#ifndef BENCH_REPORTER_H
#define BENCH_REPORTER_H

#include <stdbool.h>
#include <stdint.h>

#include "report/metrics.h"
#include "report/report.h"

struct results;
struct script;

struct reporter_config {
    unsigned threads;
    unsigned users; /* --virtual-users (fairness per user); 0: none */
    int interval_s; /* <= 0: no intermediate reports */
    const unsigned *checkpoints; /* sorted seconds since start */
    unsigned ncheckpoints;
    int percentile;
    const double *percentiles; /* report_data's: --percentile's list */
    unsigned npercentiles;
    bool percentile_list;
    bool extended; /* --extended-report=on: bench's sections after the
                      final report */
    bool rate_mode, profile_m, histogram, debug;
    bool progress;             /* the status line on a terminal (progress.h) */
    uint64_t latency_limit_ns; /* --latency-limit, for the reports; 0: none */
    uint64_t events_limit;     /* --events, 0: none; for the time left */
    const char *metrics_addr;  /* --metrics-addr, or NULL */
    const char *metrics_push;  /* --metrics-push, or NULL */
    const char *metrics_job;   /* --metrics-job, or NULL ("bench") */
    struct metrics_labels labels; /* for them */
    struct script *script;        /* the reporter thread's state, or NULL */
    /* What the reporter needs of the rest of the run, handed by run.c (the
     * reporter knows nothing of the db layer). Either may be NULL. */
    enum report_style (*style)(void); /* at each report; NULL: generic */
    void (*thread_init)(int id);      /* the reporter thread's first act,
                                         with id = threads */
    struct results *results;  /* machine output (results.h), or NULL; the
                                 run keeps ownership */
    bool (*server_run)(void); /* whether the client-bound WARNING applies
                                 (a database server was used); NULL: no */
};

struct reporter;

/* NULL on ENOMEM, or when --metrics-addr cannot listen or
 * --metrics-push's host does not resolve (a FATAL line said why). The
 * metrics endpoint lives until reporter_free. */
struct reporter *reporter_new(const struct reporter_config *cfg);
/* Starts the thread; call after the pool started. 0 ok, -1 error. */
int reporter_start(struct reporter *r);
/* Stops and joins the thread: no report is printed after this returns. */
void reporter_stop(struct reporter *r);
/* The final report (histogram, cumulative block or hook, --debug block),
 * in the main thread with the main state. `unfinished` > 0 adds the
 * forced-shutdown line and the partial latencies of those events. */
int reporter_final(struct reporter *r, struct script *main, bool forced);
/* --metrics-linger: after the final report, the endpoint serves its
 * final figures for `ns` more, or until a byte arrives on `wake_fd` (see
 * metrics_linger). Nothing without --metrics-addr. */
void reporter_linger(struct reporter *r, uint64_t ns, int wake_fd);
void reporter_free(struct reporter *r);

#endif
