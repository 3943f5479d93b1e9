/* SPDX-License-Identifier: MIT */
/* metrics: --metrics-addr=HOST:PORT, the run's figures as Prometheus text
 * (exposition format 0.0.4) at http://HOST:PORT/metrics, served by
 * libmicrohttpd from its own thread. A scrape reads the workers' counters
 * and latency records exactly as the reporter does (relaxed loads into
 * the scrape's own snapshot), so the workers never wait for it and
 * nothing changes on the per-event path; without --metrics-addr none of
 * this exists. Counters are totals since the measured run began (warm-up
 * excluded, as in the report): they never reset at checkpoints. Part of
 * the reporter's domain: only reporter.c and run.c use it.
 *
 * Conventions: metrics_start logs a FATAL line and returns NULL on
 * failure; the others cannot fail. Main thread only. */
#ifndef BENCH_METRICS_H
#define BENCH_METRICS_H

#include <stdbool.h>

/* The run's labels (bench_run_info). Strings are borrowed for the life of
 * the struct metrics. */
struct metrics_labels {
    const char *workload; /* test or script name */
    const char *driver;   /* --db-driver, shown once sql() is true */
    const char *version;  /* bench's */
    const char *compat;   /* "1.0" or "1.1" */
    unsigned threads;
    bool (*sql)(void); /* a database is used: transactions are counted */
};

struct metrics;

/* Listens on `addr` ("HOST:PORT", "[v6]:PORT"; port 0 picks a free port)
 * and starts serving, before the workers exist (only bench_run_info until
 * metrics_attach). A taken port, a bad address: FATAL line, NULL. */
struct metrics *metrics_start(const char *addr, const struct metrics_labels *l);
/* The port it listens on (the one chosen for port 0). */
unsigned metrics_port(const struct metrics *m);
/* The workers were started: scrapes read pool_hist() and the stats slots
 * of `nthreads` workers from now on. */
void metrics_attach(struct metrics *m, unsigned nthreads);
/* The workers finished: takes a last reading, which later scrapes serve,
 * so the counters end equal to the final report's. Call before the pool
 * is freed. */
void metrics_detach(struct metrics *m);
/* Stops serving and frees; NULL is fine. */
void metrics_stop(struct metrics *m);

#endif
