/* SPDX-License-Identifier: MIT */
/* metrics_internal: what the metrics files share (metrics.c the reading
 * and the lifecycle, metrics_text.c the text, metrics_serve.c the
 * endpoint, metrics_push.c the pushing thread, metrics_http.c the push's
 * URL, request and reply). Private to src/report/. */
#ifndef BENCH_METRICS_INTERNAL_H
#define BENCH_METRICS_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/stats.h"
#include "metrics.h"

struct metrics_server;
struct metrics_push;

struct metrics {
    struct metrics_config cfg;
    struct metrics_server *server; /* --metrics-addr, or NULL */
    struct metrics_push *push;     /* --metrics-push, or NULL */
    pthread_mutex_t mutex;
    pthread_cond_t cond; /* the pushing thread waits on it (monotonic) */
    /* guarded by mutex: */
    bool attached, detached; /* reading the workers / a final reading */
    bool stopping;           /* metrics_stop: the pushing thread ends */
    double final_elapsed_s;  /* at detach: the pool may be gone after */
    struct stats_snapshot snap;
    struct hist **hists;
};

/* The whole text (malloc'ed, *len bytes) from a fresh reading (the final
 * one once detached), or NULL on ENOMEM. m->mutex held. */
char *metrics_render(struct metrics *m, size_t *len);

/* The endpoint on `addr`, serving metrics_render's text; NULL after a
 * FATAL line. Stop frees; NULL is fine. */
struct metrics_server *metrics_server_start(struct metrics *m,
                                            const char *addr);
unsigned metrics_server_port(const struct metrics_server *s);
void metrics_server_stop(struct metrics_server *s);

/* The pushing thread for m->cfg.push_url; NULL after a FATAL line. It
 * waits for metrics_attach, pushes every m->cfg.push_interval_s, and
 * pushes the final reading once detached or stopping (m->cond wakes
 * it); stop joins it and frees. NULL is fine. */
struct metrics_push *metrics_push_start(struct metrics *m);
/* Cuts short an interval push in flight: the final reading is there, or
 * the run is stopping (async to the pushing thread; NULL is fine). */
void metrics_push_wake(struct metrics_push *p);
void metrics_push_stop(struct metrics_push *p);

/* -- metrics_http.c -------------------------------------------------- */

#define METRICS_HOST_MAX 256 /* a DNS name's 253, or [v6] */
#define METRICS_PATH_MAX 512 /* the URL's path prefix */
#define METRICS_URL_MAX  1024

/* --metrics-push's URL, split. */
struct metrics_url {
    char host[METRICS_HOST_MAX];          /* without the brackets of [v6] */
    char port[8];                         /* "80" when none */
    char authority[METRICS_HOST_MAX + 8]; /* the Host header's value */
    char path[METRICS_PATH_MAX];          /* prefix, no trailing '/' */
};

/* Splits `url`: 0, or -1 with *why the cause (a static string). */
int metrics_url_parse(const char *url, struct metrics_url *u, const char **why);
/* Whether `job` is a job name bench puts in a path unencoded. */
bool metrics_job_ok(const char *job);
/* The PUT request of `body` to u's path + `group` (malloc'ed, *len
 * bytes), or NULL on ENOMEM. */
char *metrics_http_request(const struct metrics_url *u, const char *group,
                           const char *body, size_t blen, size_t *len);
/* Sends `req` over a new connection to one of `ai`'s addresses and reads
 * the reply into buf (at most size - 1 bytes, NUL-terminated), all
 * before `deadline_ns` (clock_now_ns) and until a byte can be read from
 * `cancel_fd` (-1: none): the bytes read (the server's close or a full
 * buffer end the reading), or -1 with `err` the cause ("connect:
 * Connection refused", "no reply: timed out"...). */
struct addrinfo;
long metrics_http_exchange(const struct addrinfo *ai, const char *req,
                           size_t len, uint64_t deadline_ns, int cancel_fd,
                           char *buf, size_t size, char *err, size_t esize);

#endif
