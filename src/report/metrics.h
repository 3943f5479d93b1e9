/* SPDX-License-Identifier: MIT */
/* metrics: the run's figures as Prometheus text (exposition format
 * 0.0.4), served at --metrics-addr=HOST:PORT (http://HOST:PORT/metrics,
 * libmicrohttpd on bench's own thread) and pushed to a Pushgateway with
 * --metrics-push=URL (bench's own bounded HTTP/1.1 client on a thread of
 * its own). A scrape or a push reads the workers' counters and latency
 * records exactly as the reporter does (relaxed loads into the metrics'
 * own snapshot), so the workers never wait for it and nothing changes on
 * the per-event path; without either option none of this exists.
 * Counters are totals since the measured run began (warm-up excluded, as
 * in the report): they never reset at checkpoints. Part of the reporter's
 * domain: only reporter.c and run.c use it (docs/metrics.md).
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
 * Pushing (issue 29): PUT of the same text to
 * URL/metrics/job/JOB/instance/HOST every push interval and once more
 * with the final figures; each exchange has METRICS_PUSH_TIMEOUT_S from
 * connect to the reply's status line, and a failure is one WARNING line
 * on stderr (the first of a streak, and the final push's): the run goes
 * on and its exit status stays its own.
 *
 * Conventions: metrics_start and metrics_check_push log a FATAL line and
 * fail; the others cannot fail. Main thread only, but for
 * metrics_reply_status (any thread, pure). */
#ifndef BENCH_METRICS_H
#define BENCH_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* What to serve and push. Strings and arrays are borrowed for the life of
 * the struct metrics. */
struct metrics_config {
    const char *addr;          /* --metrics-addr, or NULL: no endpoint */
    const char *push_url;      /* --metrics-push, or NULL: no pushes */
    const char *job;           /* --metrics-job; NULL: "bench" */
    unsigned push_interval_s;  /* between pushes; 0: the final one only */
    uint64_t latency_limit_ns; /* --latency-limit: late/skipped counters */
    const double *percentiles; /* --percentile's list (0-100), exported */
    unsigned npercentiles;     /* beside the fixed quantiles */
    struct metrics_labels labels;
};

/* Seconds one push may take, connect to the reply's status line. */
#define METRICS_PUSH_TIMEOUT_S 5

struct metrics;

/* Starts what `c` asks for, before the workers exist (only bench_run_info
 * until metrics_attach): the endpoint listening on c->addr ("HOST:PORT",
 * "[v6]:PORT"; port 0 picks a free port), the pushing thread for
 * c->push_url (its host resolved now). A taken port, a bad address, a
 * host that does not resolve: FATAL line, NULL. */
struct metrics *metrics_start(const struct metrics_config *c);
/* The port the endpoint listens on (the one chosen for port 0); 0 when
 * there is none. */
unsigned metrics_port(const struct metrics *m);
/* The workers were started: scrapes and pushes read pool_hist() and the
 * stats slots of `nthreads` workers from now on. */
void metrics_attach(struct metrics *m, unsigned nthreads);
/* The workers finished: takes a last reading, which later scrapes serve
 * and the final push sends, so the counters end equal to the final
 * report's. Call before the pool is freed. */
void metrics_detach(struct metrics *m);
/* --metrics-linger: keeps serving the final reading for `ns`, or until a
 * byte can be read from `wake_fd` (a signal handler's pipe; -1: none).
 * Returns at once without an endpoint. */
void metrics_linger(struct metrics *m, uint64_t ns, int wake_fd);
/* Sends the final push if it was not sent (bounded by the push timeout),
 * stops serving and frees; NULL is fine. */
void metrics_stop(struct metrics *m);

/* --metrics-push's URL and --metrics-job's name, checked before the run:
 * 0, or -1 after a FATAL line naming the culprit (https, credentials, a
 * query, a path holding /metrics/job/, characters a request line cannot
 * carry, a job name beyond [A-Za-z0-9_.:-]{1,128}). */
int metrics_check_push(const char *url, const char *job);

/* A Pushgateway's reply, `len` bytes as received (any bytes, possibly
 * cut short): its HTTP status code (100-999), or -1 when it does not
 * start with a whole "HTTP/1.x NNN" status line. `detail` (dlen > 0)
 * gets the first line of its body, printable ASCII only, cut to fit
 * (empty when none): the gateway's own explanation of a 400. */
int metrics_reply_status(const char *buf, size_t len, char *detail,
                         size_t dlen);

#endif
