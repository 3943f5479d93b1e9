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
 * Serving under slow or many clients (issue 28): each connection carries
 * one request (every answer says Connection: close) and has 3 s from
 * accept to the last byte of its answer, however it trickles: then it is
 * closed (a scrape's request is one packet; MHD's own timeout, idle time,
 * restarts with every byte). At most 32 connections at once, 8 of them
 * from one address (a scraper needs one, a browser six): more from that
 * address are closed at once, more in total wait in the listen backlog
 * until a slot frees, within the 3 s. GET and HEAD of /metrics (or /)
 * get the text; another method 405 with Allow: GET, HEAD, its body up to
 * 16 KiB read and dropped first (a longer one: 413, or closed when
 * chunked); another path 404; headers over libmicrohttpd's 32 KiB 431.
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
